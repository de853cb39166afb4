"""Small positions for rulings, written compactly.

``pos(units, ...)`` builds a validated Scenario on a clear rectangular map
(columns and rows 01-08 by default, even columns shifted down as in the
contract). Units are given as ``unit("A", "axis", "0404", ...)`` with the
defaults of the contract; terrain, hexsides and entry areas as plain dicts in
the scenario-file format. Everything goes through the real loader, so a ruling
tests exactly what a user's file would.
"""

from __future__ import annotations

import json
from typing import Any

from adjudicator.hexgrid import format_hex_id
from adjudicator.scenario import Scenario, parse_scenario


def unit(uid: str, side: str, hex_: str, type_: str = "infantry", attack: int = 4,
         defense: int = 4, ma: int = 4, **kw: Any) -> dict[str, Any]:
    return {"id": uid, "side": side, "hex": hex_, "type": type_, "attack": attack,
            "defense": defense, "ma": ma, **kw}


def grid(cols: range = range(1, 9), rows: range = range(1, 9)) -> dict[str, Any]:
    return {format_hex_id(c, r): "clear" for c in cols for r in rows}


def pos(units: list[dict[str, Any]], hexes: dict[str, Any] | None = None,
        hexsides: dict[str, Any] | None = None, entry_areas: dict[str, Any] | None = None,
        cols: range = range(1, 9), rows: range = range(1, 9), shifted: str = "even",
        **top: Any) -> Scenario:
    """A validated position; ``hexes`` overrides or adds to the clear grid."""
    all_hexes = grid(cols, rows)
    all_hexes.update(hexes or {})
    data = {
        "game": "s42",
        **top,
        "map": {"shifted": shifted, "hexes": all_hexes, "hexsides": hexsides or {},
                "entry_areas": entry_areas or {}},
        "units": units,
    }
    return parse_scenario(json.dumps(data), "<ruling>.json", ".json")
