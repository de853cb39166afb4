"""Small p2p positions built in Python, for the rulings."""

from __future__ import annotations

import copy
import json

from adjudicator.games.p2p.position import Move, Position
from adjudicator.scenario import parse_scenario

#: A line of five points A-B-C-D-E (major lines, B-C-D highway), a side branch C-F (minor)
#: and F-G (inferior), Axis controls A-C, Soviet D-G.
BASE = {
    "game": "p2p",
    "phasing": "axis",
    "phase": "operational",
    "map": {
        "points": {
            "A": {"control": "axis", "border_side": "axis", "vp": 1},
            "B": {"control": "axis", "border_side": "soviet"},
            "C": {"control": "axis", "border_side": "soviet"},
            "D": {"control": "soviet", "border_side": "soviet", "vp": 1},
            "E": {"control": "soviet", "border_side": "soviet", "vp": 2},
            "F": {"control": "axis", "border_side": "soviet"},
            "G": {"control": "soviet", "border_side": "soviet"},
        },
        "lines": [
            {"ends": ["A", "B"], "class": "major"},
            {"ends": ["B", "C"], "class": "major", "highway": True},
            {"ends": ["C", "D"], "class": "major", "highway": True},
            {"ends": ["D", "E"], "class": "major"},
            {"ends": ["C", "F"], "class": "minor"},
            {"ends": ["F", "G"], "class": "inferior"},
        ],
    },
    "units": [],
}


def position(units=(), *, points=None, lines=None, transit=None, seas=None, moved=(),
             battles=(), **top) -> Position:
    data = copy.deepcopy(BASE)
    data.update(top)
    for pid, spec in (points or {}).items():
        data["map"]["points"].setdefault(pid, {}).update(spec)
    if lines is not None:
        data["map"]["lines"] = data["map"]["lines"] + list(lines)
    if transit:
        data["map"]["transit"] = transit
    if seas:
        data["map"]["seas"] = seas
    data["units"] = [dict(u) for u in units]
    data["moved"] = [dict(m) for m in moved]
    data["battles"] = [dict(b) for b in battles]
    return parse_scenario(json.dumps(data), "test.json", ".json")


def unit(uid, at, side="axis", **kw):
    return {"id": uid, "side": side, "at": at, **kw}


def mv(uid, *path, by="land"):
    return Move(unit=uid, path=list(path), by=by)


def armor(uid, at, side="axis", **kw):
    return unit(uid, at, side, type="armor", **kw)
