"""The map as the page draws it: the geometry of :mod:`adjudicator.render` as JSON.

Hex centres and corners, hexside features with their edge and centre-to-centre segments,
entry areas, units, and an answer's drawing with coordinates added.
"""

from __future__ import annotations

from typing import Any

from adjudicator.hexgrid import parse_hexside_id
from adjudicator.render import SIDE_FILL, SIDE_ZOC, SIZE, TERRAIN_FILL, Geometry
from adjudicator.scenario import Scenario
from adjudicator.web.asks import Drawing


def _r(p: tuple[float, float]) -> list[float]:
    return [round(p[0], 1), round(p[1], 1)]


def unit_json(u) -> dict[str, Any]:
    data = u.model_dump(mode="json", exclude_defaults=True)
    data.update(id=u.id, side=u.side, hex=u.hex, type=u.type, attack=u.attack,
                defense=u.defense, ma=u.ma, steps=u.steps_left, max_steps=u.max_steps,
                status=u.status)
    return data


def board_json(sc: Scenario) -> dict[str, Any]:
    g = Geometry(sc)
    first = next(iter(sc.map.hexes), None)
    offsets = []
    if first is not None:
        cx, cy = g.centre(first)
        offsets = [[round(x - cx, 2), round(y - cy, 2)] for x, y in g.corners(first)]
    hexes = []
    for hid, spec in sorted(sc.map.hexes.items()):
        item = {"id": hid, "c": _r(g.centre(hid)), "terrain": spec.terrain}
        for key in ("city", "town", "vp", "fortification", "control", "port"):
            value = getattr(spec, key)
            if value:
                item[key] = value
        hexes.append(item)
    sides = []
    for key, hs in sorted(sc.map.hexsides.items()):
        a, b = parse_hexside_id(key)
        if a not in sc.map.hexes or b not in sc.map.hexes:
            continue
        e1, e2 = g.shared_edge(a, b)
        item = {"id": key, "edge": _r(e1) + _r(e2), "link": _r(g.centre(a)) + _r(g.centre(b))}
        item.update(hs.model_dump(mode="json", exclude_defaults=True))
        sides.append(item)
    areas = [{"id": aid, "c": _r(g.area_point(aid)), "side": a.side, "hexes": a.hexes}
             for aid, a in sorted(sc.map.entry_areas.items())]
    return {
        "game": sc.game, "turn": sc.turn, "weather": sc.weather, "phasing": sc.phasing,
        "size": SIZE, "width": round(g.width, 1), "height": round(g.height, 1),
        "corners": offsets, "hexes": hexes, "hexsides": sides, "areas": areas,
        "units": [unit_json(u) for u in sc.units],
        "colours": {"terrain": TERRAIN_FILL, "side": SIDE_FILL, "zoc": SIDE_ZOC},
        "readings": dict(sc.readings),
    }


def drawing_json(sc: Scenario, d: Drawing) -> dict[str, Any]:
    """The drawing with coordinates: a hex's centre, a path's points, a hexside's edge.
    Places not on this map (off-map ends) keep their ids and get no point."""
    g = Geometry(sc)

    def point(place: str) -> list[float] | None:
        if place in sc.map.hexes or place in sc.map.entry_areas:
            return _r(g.point(place))
        return None

    out: dict[str, Any] = {"hexes": [], "paths": [], "hexsides": [], "labels": []}
    for h in d.hexes:
        out["hexes"].append({**h, "c": point(h["hex"]), "area": h["hex"] in sc.map.entry_areas})
    for p in d.paths:
        pts = [pt for pt in (point(x) for x in p["hexes"]) if pt is not None]
        out["paths"].append({**p, "points": pts})
    for s in d.hexsides:
        a, b = parse_hexside_id(s["hexside"])
        if a in sc.map.hexes and b in sc.map.hexes:
            e1, e2 = g.shared_edge(a, b)
            out["hexsides"].append({**s, "edge": _r(e1) + _r(e2)})
    for lb in d.labels:
        out["labels"].append({**lb, "c": point(lb["hex"])})
    return out
