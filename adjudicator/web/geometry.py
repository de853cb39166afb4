"""The map as the page draws it, as JSON: a hex map (the geometry of
:mod:`adjudicator.render`, features and counters drawn in the game's own ``Style``) or a
graph of points and lines (a game's board module builds it with :func:`graph_view`), and
an answer's drawing with coordinates added.

Every view names its *places* (hexes and entry areas, or points and transit nodes), each
with a point; an answer lights places, draws paths through them, marks hexsides (hex maps)
and writes labels at a place or beside a line.
"""

from __future__ import annotations

from typing import Any

from adjudicator.hexgrid import parse_hexside_id
from adjudicator.render import SIDE_FILL, SIDE_ZOC, SIZE, Geometry, style_for
from adjudicator.web.asks import Drawing

#: counter colours for sides the renderer has none for, in the order a game lists its sides
PALETTE = ("#8c9aa8", "#c8644b", "#8aa86b", "#c9a94b")
ZOC_PALETTE = ("#38546e", "#9a2e1c", "#3f6a2a", "#7a5f12")


def _r(p: tuple[float, float]) -> list[float]:
    return [round(p[0], 1), round(p[1], 1)]


def side_colours(sides: list[str]) -> dict[str, dict[str, str]]:
    fill = {s: SIDE_FILL.get(s, PALETTE[i % len(PALETTE)]) for i, s in enumerate(sides)}
    zoc = {s: SIDE_ZOC.get(s, ZOC_PALETTE[i % len(ZOC_PALETTE)]) for i, s in enumerate(sides)}
    return {"side": fill, "zoc": zoc}


def _sides(sc: Any) -> list[str]:
    from adjudicator.games import get_game

    declared = list(get_game(sc.game).sides)
    return declared + sorted({u.side for u in sc.units} - set(declared))


def unit_json(u: Any, place: str, style: Any = None) -> dict[str, Any]:
    """A counter: the unit's fields, its place, and how its game prints it."""
    data = u.model_dump(mode="json")
    data.update(id=u.id, side=u.side, hex=place)
    steps = getattr(u, "steps_left", None)
    if isinstance(steps, int) and isinstance(getattr(u, "max_steps", None), int):
        data.update(steps=steps, max_steps=u.max_steps)
    if style is not None:
        data["label"] = style.unit_label(u)
        data["tip"] = style.unit_tip(u)
        data["outline"] = list(style.unit_outline(u))
    else:
        data.setdefault("label", "")
        data.setdefault("tip", f"{u.id} ({u.side})")
    return data


def hex_view(sc: Any) -> dict[str, Any]:
    """A hex map: hexes with their terrain colour and the game's own features (SVG from
    its picture ``Style``), hexsides likewise, entry areas, counters."""
    g = Geometry(sc)
    style = style_for(sc)
    first = next(iter(sc.map.hexes), None)
    offsets = []
    if first is not None:
        cx, cy = g.centre(first)
        offsets = [[round(x - cx, 2), round(y - cy, 2)] for x, y in g.corners(first)]
    hexes = []
    for hid, spec in sorted(sc.map.hexes.items()):
        x, y = g.centre(hid)
        extra = {k: v for k, v in spec.model_dump(mode="json", exclude_defaults=True).items()
                 if k != "terrain"}
        title = f"{hid}: {spec.terrain}" + "".join(
            f", {k}" if v is True else f", {k} {v}" for k, v in extra.items())
        hexes.append({"id": hid, "c": _r((x, y)), "terrain": spec.terrain,
                      "fill": style.terrain_fill.get(spec.terrain, "#ffffff"),
                      "title": title, "svg": "".join(style.hex_features(spec, x, y)), **extra})
    sides = []
    for key, hs in sorted(sc.map.hexsides.items()):
        a, b = parse_hexside_id(key, sc.hex_format)
        if a not in sc.map.hexes or b not in sc.map.hexes:
            continue
        (x1, y1), (x2, y2) = g.shared_edge(a, b)
        ca, cb = g.centre(a), g.centre(b)
        seg = f'x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"'
        cseg = f'x1="{ca[0]:.1f}" y1="{ca[1]:.1f}" x2="{cb[0]:.1f}" y2="{cb[1]:.1f}"'
        item = {"id": key, "edge": _r((x1, y1)) + _r((x2, y2)), "link": _r(ca) + _r(cb),
                "svg": "".join(style.hexside_features(key, hs, seg, cseg,
                                                      ((x1 + x2) / 2, (y1 + y2) / 2)))}
        item.update(hs.model_dump(mode="json", exclude_defaults=True))
        sides.append(item)
    areas = [{"id": aid, "c": _r(g.area_point(aid)), "side": a.side, "hexes": a.hexes}
             for aid, a in sorted(sc.map.entry_areas.items())]
    return {
        "kind": "hex", "size": SIZE, "width": round(g.width, 1), "height": round(g.height, 1),
        "corners": offsets, "hexes": hexes, "hexsides": sides, "areas": areas, "points": [],
        "lines": [], "units": [unit_json(u, u.hex, style) for u in sc.units],
        "colours": side_colours(_sides(sc)), "legend": [list(x) for x in style.legend],
    }


def graph_view(places: dict[str, dict[str, Any]], lines: list[dict[str, Any]],
               units: list[dict[str, Any]], sides: list[str], width: float = 1200,
               height: float = 820, margin: float = 70,
               legend: list[tuple[str, str]] = ()) -> dict[str, Any]:
    """A map of points joined by lines. ``places``: id -> {"xy": (x, y) with y growing
    north, "r", "fill", "stroke", "title", "name", "transit"?, "svg"?}; ``lines``: dicts
    with "id", "ends" (two place ids), "width", "dash"?, "colour"?, "title"; ``units``:
    counters (:func:`unit_json`). The places are scaled into the frame."""
    xs = [p["xy"][0] for p in places.values()] or [0.0]
    ys = [p["xy"][1] for p in places.values()] or [0.0]
    scale = min((width - 2 * margin) / ((max(xs) - min(xs)) or 1),
                (height - 2 * margin) / ((max(ys) - min(ys)) or 1))
    ox = (width - 2 * margin - (max(xs) - min(xs)) * scale) / 2
    oy = (height - 2 * margin - (max(ys) - min(ys)) * scale) / 2

    def at(xy) -> list[float]:
        return _r((margin + ox + (xy[0] - min(xs)) * scale,
                   height - margin - oy - (xy[1] - min(ys)) * scale))

    points = []
    for pid, p in sorted(places.items()):
        item = {k: v for k, v in p.items() if k != "xy"}
        points.append({"id": pid, "c": at(p["xy"]), **item})
    where = {p["id"]: p["c"] for p in points}
    drawn = []
    for ln in lines:
        a, b = ln["ends"]
        if a in where and b in where:
            drawn.append({**ln, "points": [where[a], where[b]]})
    return {
        "kind": "graph", "size": 24, "width": width, "height": height, "corners": [],
        "hexes": [], "hexsides": [], "areas": [], "points": points, "lines": drawn,
        "units": units, "colours": side_colours(sides), "legend": [list(x) for x in legend],
    }


def places_of(view: dict[str, Any]) -> dict[str, list[float]]:
    """Every place of a view with its point."""
    return {p["id"]: p["c"] for key in ("hexes", "areas", "points") for p in view[key]}


def drawing_json(view: dict[str, Any], d: Drawing, sc: Any = None,
                 where: dict[str, list[float]] | None = None,
                 geometry: Geometry | None = None) -> dict[str, Any]:
    """The drawing with coordinates: a place's point, a path's points, a hexside's edge (hex
    maps), a label at a place or at the middle of a line. Places not in the view (off-map
    ends) keep their ids and get no point. ``where`` (``places_of(view)``) and ``geometry``
    (the map's :class:`Geometry`) may be given, kept from an earlier drawing of the
    same view."""
    where = places_of(view) if where is None else where
    hexes = {h["id"] for h in view["hexes"]}
    out: dict[str, Any] = {"hexes": [], "paths": [], "hexsides": [], "labels": []}
    for h in d.hexes:
        out["hexes"].append({**h, "c": where.get(h["hex"]),
                             "area": h["hex"] in where and h["hex"] not in hexes})
    for p in d.paths:
        pts = [where[x] for x in p["hexes"] if x in where]
        out["paths"].append({**p, "points": pts})
    if view["kind"] == "hex" and sc is not None and d.hexsides:
        g = geometry or Geometry(sc)
        for s in d.hexsides:
            a, b = parse_hexside_id(s["hexside"], sc.hex_format)
            if a in sc.map.hexes and b in sc.map.hexes:
                e1, e2 = g.shared_edge(a, b)
                out["hexsides"].append({**s, "edge": _r(e1) + _r(e2)})
    for lb in d.labels:
        c = where.get(lb["hex"])
        if lb.get("between"):
            a, b = lb["between"]
            if a in where and b in where:
                c = [round((where[a][0] + where[b][0]) / 2, 1),
                     round((where[a][1] + where[b][1]) / 2, 1)]
        out["labels"].append({**lb, "c": c})
    return out
