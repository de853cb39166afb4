"""A plain-Python reading of the movement rules, written apart from the encodings.

It answers the same questions as ``asp/p2p/movement.lp`` for the operational, breakthrough
and strategic land moves and for retreats in the Combat Phase (not sea movement), with
networkx for the graph, so that the differential tests can compare the two on random
graphs. It is not used by the commands.
"""

from __future__ import annotations

from collections import Counter, defaultdict

import networkx as nx

from adjudicator.games.p2p.position import Move, Position, Unit

#: 12.A: side -> class -> (units, of which armour), with the rule id.
CAPACITY = {
    "axis": {"major": (6, 4, "12.A.1.a"), "minor": (4, 2, "12.A.1.b"),
             "inferior": (2, 1, "12.A.1.c")},
    "soviet": {"major": (4, 3, "12.A.2.a"), "minor": (3, 2, "12.A.2.b"),
               "inferior": (2, 1, "12.A.2.c")},
}
#: 9.A: the most strategic moves a side may make in a turn.
STRATEGIC_CAP = {"axis": 7, "soviet": 16}


def halves(u: Unit) -> int:
    """A unit's line value in half-units (12.B, 12.C)."""
    if u.side == "axis" and u.nation == "german" and (u.type == "hq"
                                                       or (u.type == "armor" and u.ss)):
        return 1
    if u.side == "soviet" and ((u.type == "hq" and u.stavka) or u.type == "rocket"
                               or u.moscow_motorized):
        return 1
    if u.side == "axis" and u.nation in ("hungarian", "rumanian") and u.two:
        return 4
    return 2


def retreat_halves(u: Unit, as_movement: bool = False) -> int:
    """A unit's line value in half-units when it retreats (12.C): two-unit allied armies
    count two, the SS Panzer and 1st Moscow Motorized divisions one half, every other unit
    one (or, ``as_movement``, every unit 12.B halves)."""
    if u.side == "axis" and u.nation in ("hungarian", "rumanian") and u.two and halves(u) != 1:
        return 4
    if as_movement and halves(u) == 1:
        return 1
    if u.side == "axis" and u.nation == "german" and u.type == "armor" and u.ss:
        return 1
    if u.side == "soviet" and u.moscow_motorized:
        return 1
    return 2


def graph(pos: Position) -> nx.Graph:
    g = nx.Graph()
    g.add_nodes_from(pos.map.points)
    g.add_nodes_from(pos.map.transit)
    for i, line in enumerate(pos.map.lines):
        g.add_edge(*line.ends, index=i, cls=line.class_, highway=line.highway,
                   special=line.special)
    return g


def strategic_limit(pos: Position, side: str) -> int:
    vp = sum(p.vp for p in pos.map.points.values()
             if p.control == side and p.border_side == side and p.supplied)
    return min(vp, STRATEGIC_CAP[side])


def findings(pos: Position, moves: list[Move],
             readings: dict[str, str] | None = None) -> set[tuple[int, str]]:
    """(move number, finding code) for every rule a move breaks; moves are numbered over
    the position's ``moved`` and then ``moves``, from 1."""
    readings = {**pos.readings, **(readings or {})}
    per_direction = readings.get("12.A#counted") == "per-direction"
    armor_floor = readings.get("12.B#armor") != "whole-units"
    retreat_as_movement = readings.get("12.C#retreat-halves") == "as-movement"
    g = graph(pos)
    every = [*pos.moved, *moves]
    out: set[tuple[int, str]] = set()
    seen: dict[str, int] = {}
    load: Counter = Counter()
    aload: Counter = Counter()
    strat_count: Counter = Counter()
    finish: Counter = Counter()
    phase = pos.phase
    for i, m in enumerate(every, start=1):
        u = pos.units_by_id[m.unit]
        path = [u.at, *m.path]
        steps = list(zip(path, path[1:], strict=False))
        enemies_at = {p for p in path[1:] for v in pos.units_at(p)
                      if v.side != u.side and v.type not in ("partisan", "factory")}
        if m.by == "sea":
            continue  # not modelled here
        retreat = m.by == "retreat"
        if retreat and phase != "combat":
            out.add((i, "retreat-phase"))
        if phase == "combat" and not retreat:
            out.add((i, "no-move-phase"))
        if not retreat:
            if u.side != pos.phasing:
                out.add((i, "not-phasing"))
            if m.unit in seen:
                out.add((i, "twice"))
            seen.setdefault(m.unit, i)
            if u.dispersed:
                out.add((i, "dispersed"))
        for a, b in steps:
            if not g.has_edge(a, b):
                out.add((i, "not-joined"))
        if path[-1] in enemies_at:
            out.add((i, "enemy-there"))
        if retreat:
            if phase == "combat":
                _carry(g, steps, u, retreat_halves(u, retreat_as_movement), per_direction,
                       armor_floor, load, aload, out, i)
            continue
        if phase in ("operational", "breakthrough"):
            n = len(m.path)
            if n > 2:
                out.add((i, "too-far"))
            if n == 2:
                if u.type != "armor":
                    out.add((i, "not-armor"))
                if pos.weather == "snow":
                    out.add((i, "snow"))
                for a, b in steps:
                    if g.has_edge(a, b) and not g.edges[a, b]["highway"]:
                        out.add((i, "off-highway"))
                if path[1] in enemies_at:
                    out.add((i, "enemy-first"))
            if phase == "breakthrough":
                if not (u.breakthrough and u.nation == "german"):
                    out.add((i, "no-breakthrough"))
                if any(v.id != u.id for p in path[1:] for v in pos.units_at(p)):
                    out.add((i, "occupied"))
                if u.type == "armor" and any(g.has_edge(a, b) and g.edges[a, b]["special"]
                                             == "kerch" for a, b in steps):
                    out.add((i, "straits-line"))
            _carry(g, steps, u, halves(u), per_direction, armor_floor, load, aload, out, i)
        elif phase == "strategic":
            if "elista" in _tags(pos, u.at):
                out.add((i, "on-elista"))
            for p in path[1:]:
                if "elista" in _tags(pos, p):
                    out.add((i, "elista"))
                elif not _friendly(pos, p, u.side):
                    out.add((i, "unfriendly"))
            for a, b in steps:
                if g.has_edge(a, b) and g.edges[a, b]["special"]:
                    out.add((i, "special-line"))
            strat_count[u.side] += 1
            if strat_count[u.side] > strategic_limit(pos, u.side):
                out.add((i, "over-limit"))
            finish[path[-1]] += 1
            if finish[path[-1]] > 3:
                out.add((i, "crowded"))
    return out


def _carry(g: nx.Graph, steps, u: Unit, value: int, per_direction: bool, armor_floor: bool,
           load: Counter, aload: Counter, out: set, i: int) -> None:
    """Add one move's unit to the loads of the lines it uses (per side), and note the
    capacities it breaks (12.A, with the 12.B floor)."""
    for a, b in steps:
        if not g.has_edge(a, b):
            continue
        e = g.edges[a, b]
        key = (e["index"], a if per_direction else None, u.side)
        load[key] += value
        if u.type == "armor":
            aload[key] += value
        cap, acap, _ = CAPACITY[u.side][e["cls"]]
        if load[key] > 2 * cap + 1:
            out.add((i, "over"))
        if u.type == "armor" and aload[key] > 2 * acap + (1 if armor_floor else 0):
            out.add((i, "armor-over"))


def _tags(pos: Position, place: str) -> list[str]:
    p = pos.map.points.get(place)
    return p.tags if p else []


def _friendly(pos: Position, place: str, side: str) -> bool:
    if place in pos.map.transit:
        return side in pos.map.transit[place].sides
    p = pos.map.points.get(place)
    return p is not None and p.control == side


def used_halves(pos: Position, moves: list[Move] = (), side: str | None = None,
                readings: dict[str, str] | None = None) -> dict[int, int]:
    """Line index -> half-units one side (the phasing side unless given) carries this phase,
    both ways together: its land moves in the movement phases, its retreats in the Combat
    Phase at their retreat values (12.C)."""
    side = side or pos.phasing
    readings = {**pos.readings, **(readings or {})}
    as_movement = readings.get("12.C#retreat-halves") == "as-movement"
    kind = {"operational": "land", "breakthrough": "land", "combat": "retreat"}.get(pos.phase)
    if kind is None:
        return {}
    g = graph(pos)
    out: dict[int, int] = defaultdict(int)
    for m in [*pos.moved, *moves]:
        u = pos.units_by_id[m.unit]
        if m.by != kind or u.side != side:
            continue
        value = retreat_halves(u, as_movement) if kind == "retreat" else halves(u)
        path = [u.at, *m.path]
        for a, b in zip(path, path[1:], strict=False):
            if g.has_edge(a, b):
                out[g.edges[a, b]["index"]] += value
    return dict(out)


def strategic_reach(pos: Position, unit: str) -> set[str]:
    """The places a unit's strategic land move may end on, limits of the turn aside:
    friendly points and own transit nodes, no Elista, no special line (9.A, 9.A.1)."""
    u = pos.units_by_id[unit]
    g = graph(pos)
    ok = {n for n in g.nodes if _friendly(pos, n, u.side) and "elista" not in _tags(pos, n)}
    sub = nx.Graph()
    sub.add_node(u.at)
    sub.add_edges_from((a, b) for a, b, d in g.edges(data=True)
                       if not d["special"] and {a, b} <= ok | {u.at})
    return set(nx.node_connected_component(sub, u.at)) - {u.at}
