"""Small Enemy Action: Kharkov positions for the rulings: a block of hexes and units.

Hex ids: the first pair grows southward, the second westward; rows 10-14 and columns
01-12 unless ``hexes`` is given."""

from __future__ import annotations

import json

from adjudicator.scenario import parse_scenario

ROWS = range(10, 15)
COLS = range(1, 13)


def block(rows=ROWS, cols=COLS) -> dict[str, object]:
    return {f"{r:02d}{c:02d}": "clear" for r in rows for c in cols}


def position(units, hexes=None, hexsides=None, **top) -> object:
    data = {"game": "eak", "turn": top.pop("turn", 6), "phasing": "german",
            "map": {"hexes": hexes or block(), "hexsides": hexsides or {}},
            "units": units, **top}
    return parse_scenario(json.dumps(data), "<test>", ".json")


_n = iter(range(1, 10**6))


def ger(h, uid=None, **kw):
    return {"id": uid or f"g{next(_n)}", "side": "german", "hex": h, "type": "infantry",
            "strength": 4, "ma": 4, **kw}


def sov(h, uid=None, sel="05", **kw):
    return {"id": uid or f"s{next(_n)}", "side": "soviet", "hex": h, "type": "infantry",
            "strength": 4, "ma": 4, "selector": sel, **kw}
