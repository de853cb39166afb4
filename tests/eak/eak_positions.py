"""Small Enemy Action: Kharkov positions for the rulings: a block of hexes and units.

Hex ids: the first pair grows southward, the second westward; rows 10-14 and columns
01-12 unless ``hexes`` is given."""

from __future__ import annotations

import json

from hypothesis import strategies as st

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


def draw_units(draw, hexes: dict[str, dict], most: int) -> list[dict]:
    """Up to ``most`` random infantry units for the differential tests, one side per hex
    and no German unit in a garrisoned hex, each with a random supply marker."""
    units, side_of = [], {}
    for i in range(draw(st.integers(0, most))):
        h = draw(st.sampled_from(sorted(hexes)))
        side = side_of.setdefault(h, draw(st.sampled_from(["german", "soviet"])))
        if side == "german" and hexes[h].get("garrison"):
            continue
        units.append({"id": f"u{i}", "side": side, "hex": h, "type": "infantry",
                      "strength": 3, "ma": 4, "selector": f"{draw(st.integers(1, 36)):02d}",
                      "supply": draw(st.sampled_from(["in-supply", "out-of-supply",
                                                      "isolated"]))})
    return units
