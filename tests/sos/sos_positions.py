"""Small Streets of Stalingrad positions for the rulings: a clear map of columns 01-06 and
rows 01-06 whose column 01 is the Volga (unless told otherwise), with units given as
dicts."""

from __future__ import annotations

import json

from adjudicator.scenario import parse_scenario

VOLGA = ("0101", "0102", "0103", "0104", "0105", "0106")


def unit(uid: str, side: str, hex_: str, cls: str = "infantry", **kw) -> dict:
    base = {"id": uid, "side": side, "hex": hex_, "class": cls, "attack": 4, "defense": 4,
            "range": 1, "movement": 8}
    base.update(kw)
    return base


def position(units: list[dict], hexes: dict[str, dict] | None = None,
             hexsides: dict[str, dict] | None = None, volga: bool = True,
             boxes: dict[str, dict] | None = None, readings: dict[str, str] | None = None,
             cols: int = 6, rows: int = 6, **top):
    """A position as a scenario (loaded through the ordinary loader)."""
    hexes = dict(hexes or {})
    spec = {}
    for c in range(1, cols + 1):
        for r in range(1, rows + 1):
            h = f"{c:02d}{r:02d}"
            if h in hexes:
                spec[h] = hexes[h]
            elif volga and c == 1:
                spec[h] = {"terrain": "volga", "features": ["volga"]}
            else:
                spec[h] = "clear"
    doc = {"game": "sos", "phasing": "german", "phase": 5, "date": "1942-09-15",
           "map": {"hexes": spec, "hexsides": hexsides or {},
                   "entry_areas": boxes or {}},
           "units": units, **top}
    if readings:
        doc["readings"] = readings
    return parse_scenario(json.dumps(doc), "pos.json")
