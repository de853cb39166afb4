"""Small Kharkov Battles positions for the rulings: a strip of KB hexes and units."""

from __future__ import annotations

from adjudicator.scenario import parse_scenario


def position(units, hexes=None, hexsides=None, sources=None, **top) -> object:
    """A kb42 position on rows 35-37, columns 15-19 (unless ``hexes`` is given)."""
    hexes = hexes or {f"KB{r}{c}": "clear" for r in (35, 36, 37) for c in range(15, 20)}
    import json

    data = {"game": "kb42", "phasing": "axis", "map": {"hexes": hexes,
                                                        "hexsides": hexsides or {}},
            "units": units, "supply_sources": sources or [], **top}
    return parse_scenario(json.dumps(data), "<test>", ".json")


def unit(uid, side, hex_, type_="infantry", **kw):
    return {"id": uid, "side": side, "hex": hex_, "type": type_, **kw}
