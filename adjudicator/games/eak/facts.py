"""Enemy Action: Kharkov's facts bridge: a position becomes the clingo facts its encodings
read.

Every input predicate is declared once here, with which of its arguments are strings
(``asp/eak/doc.lp`` documents them for readers of the encodings). Enumerations become ASP
constants with ``-`` written as ``_``; ids (hexes, units, armies, rule sections) stay
strings. The map part (hexes, adjacency, hexside features, the printed overlays) depends
only on ``scenario.map`` and is ground once per map; the position part (turn, ground,
units, markers, readings) changes with every position. Geometry comes from the core's grid
(``adjudicator.hexgrid``) only. This module offers the functions the solver harness
(``adjudicator.solver``) calls.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import clingo

from adjudicator.games.eak.scenario import MapSpec, Scenario, toward
from adjudicator.hexgrid import HexGrid, parse_hexside_id

Fact = tuple[str, tuple]


def const(value: str) -> str:
    return value.replace("-", "_")


def unconst(value: str) -> str:
    return value.replace("_", "-")


#: name -> which arguments are strings (the others are numbers or constants)
MAP_PREDICATES: dict[str, tuple[bool, ...]] = {
    "hex": (True,),
    "edge": (True,),
    "adj": (True, True),
    "terrain": (True, False),
    "village": (True,),
    "vp": (True, False),
    "friendly_edge": (True, False),
    "road_off_map": (True,),
    "target": (True, False),
    "logistics": (True, False),
    "arrow": (True, True, False, False),
    "east_of": (True, False),
    "river": (True, True, False),
    "road": (True, True),
    "bridge": (True, True),
    "hex_order": (True, False, False),
    "entry": (True, False),
    "entry_hex": (True, True),
}
POSITION_PREDICATES: dict[str, tuple[bool, ...]] = {
    "turn": (False,),
    "weather": (False,),
    "phasing": (False,),
    "soviet_vp": (False,),
    "reading": (True, True),
    "unit": (True,),
    "side": (True, False),
    "at": (True, True),
    "utype": (True, False),
    "mech": (True,),
    "armor": (True,),
    "strength": (True, False, False),
    "steps": (True, False, False),
    "selector": (True, False),
    "army": (True, True),
    "corps": (True, True),
    "front": (True, False),
    "supply_marker": (True, False),
    "dispersed": (True,),
    "active": (True,),
    "reserve": (True,),
    "retreated": (True,),
    "attacked": (True,),
    "owner": (True, False),
    "garrison": (True,),
    "forward_support": (True,),
    "ip": (True,),
    "objective": (True, False, True),
}
#: the facts a question adds (its own, not the position's)
QUESTION_PREDICATES: dict[str, tuple[bool, ...]] = {
    "probe": (True,),
    "moment": (False,),
    "ret_unit": (True,),
    "ret_hexes": (False,),
    "adv_unit": (True,),
    "adv_into": (True,),
    "adv_mode": (False,),
    "adv_path": (True,),
    "adv_closer": (True, True),
    "adv_enables": (True,),
    "adv_cuts": (True,),
    "adv_surround": (True,),
    "adv_german_reach": (True,),
}
WORLD = ("turn", "weather", "phasing", "soviet_vp", "reading")


def _both(a: str, b: str) -> Iterator[tuple[str, str]]:
    yield a, b
    yield b, a


def map_facts(m: MapSpec) -> list[Fact]:
    """The map part of the facts: hexes, their features, adjacency, hexsides, overlays."""
    grid = HexGrid.of(m.hexes, m.shifted)
    out: list[Fact] = []
    for h, spec in sorted(m.hexes.items()):
        out.append(("hex", (h,)))
        if grid.on_edge(h):
            out.append(("edge", (h,)))
        out.append(("terrain", (h, const(spec.terrain))))
        if h.isdigit():
            # its number, and how far west it lies (the second pair), for the tie-breaks
            out.append(("hex_order", (h, int(h), int(h[2:]))))
        if spec.village:
            out.append(("village", (h,)))
        if spec.vp:
            out.append(("vp", (h, spec.vp)))
        if spec.edge:
            out.append(("friendly_edge", (h, spec.edge)))
        if spec.road_off_map:
            out.append(("road_off_map", (h,)))
        out += [("target", (h, f)) for f in sorted(set(spec.target))]
        if spec.logistics:
            out.append(("logistics", (h, spec.logistics)))
        for a in spec.arrows:
            to = toward(grid, h, a.to)
            if to is not None:
                out.append(("arrow", (h, to, a.kind, a.front or "any")))
        out += [("east_of", (h, line)) for line in sorted(set(spec.east_of))]
    for a, b in grid.edges():
        out += [("adj", p) for p in _both(a, b)]
    for key, side in sorted(m.hexsides.items()):
        a, b = parse_hexside_id(key)
        for x, y in _both(a, b):
            if side.river:
                out.append(("river", (x, y, const(side.river))))
            if side.road:
                out.append(("road", (x, y)))
            if side.bridged:
                out.append(("bridge", (x, y)))
    for aid, area in sorted(m.entry_areas.items()):
        out.append(("entry", (aid, area.side)))
        out += [("entry_hex", (aid, h)) for h in area.hexes]
    return out


def unit_facts(u: Any) -> list[Fact]:
    out: list[Fact] = [
        ("unit", (u.id,)), ("side", (u.id, u.side)), ("at", (u.id, u.hex)),
        ("utype", (u.id, const(u.kind))),
        ("strength", (u.id, u.strength, u.ma)),
        ("steps", (u.id, u.steps_left, u.max_steps)),
        ("supply_marker", (u.id, const(u.supply))),
    ]
    if u.mechanized:
        out.append(("mech", (u.id,)))
    if u.armored:
        out.append(("armor", (u.id,)))
    if u.selector_number is not None:
        out.append(("selector", (u.id, u.selector_number)))
    if u.army:
        out.append(("army", (u.id, u.army)))
    if u.corps:
        out.append(("corps", (u.id, u.corps)))
    if u.front:
        out.append(("front", (u.id, u.front)))
    for flag in ("dispersed", "active", "reserve", "retreated", "attacked"):
        if getattr(u, flag):
            out.append((flag, (u.id,)))
    return out


def position_facts(sc: Scenario, readings: dict[str, str] | None = None,
                   names: frozenset[str] | None = None,
                   places: frozenset[str] | None = None) -> list[Fact]:
    """The position part of the facts; only ``names`` if given, only the units and
    markers in ``places`` if given."""
    out: list[Fact] = [("turn", (sc.turn,)), ("weather", (const(sc.weather),)),
                       ("phasing", (sc.phasing,))]
    if sc.soviet_vp is not None:
        out.append(("soviet_vp", (sc.soviet_vp,)))
    for rule, name in sorted((readings or {}).items()):
        out.append(("reading", (rule, name)))
    for h, spec in sorted(sc.map.hexes.items()):
        if places is not None and h not in places:
            continue
        if spec.owner:
            out.append(("owner", (h, spec.owner)))
        for flag in ("garrison", "forward_support", "ip"):
            if getattr(spec, flag):
                out.append((flag, (h,)))
    for u in sc.units:
        if places is None or u.hex in places:
            out += unit_facts(u)
    for obj in sc.objectives:
        if obj.placed:
            out.append(("objective", (obj.hex, obj.front, obj.army or "")))
    if names is not None:
        out = [f for f in out if f[0] in names]
    return out


# -- what the solver harness calls ---------------------------------------------


@dataclass
class PositionData:
    units: list[clingo.Symbol] = field(default_factory=list)
    flags: dict[str, list[clingo.Symbol]] = field(default_factory=dict)
    other: dict[str, list[clingo.Symbol]] = field(default_factory=dict)


class Symbols:
    """Symbols made for the grounder (nothing is interned: positions here are small)."""

    def value(self, value: Any, is_str: bool) -> clingo.Symbol:
        if is_str:
            return clingo.String(value)
        if isinstance(value, int) and not isinstance(value, bool):
            return clingo.Number(value)
        return clingo.Function(const(str(value)))


def position_data(sc: Scenario, names: Iterable[str], places: frozenset[str] | None,
                  syms: Symbols) -> PositionData:
    names = frozenset(n for n in names if n not in WORLD)
    data = PositionData()
    for name, values in position_facts(sc, None, names, places):
        strs = POSITION_PREDICATES[name]
        args = [syms.value(v, s) for v, s in zip(values, strs, strict=True)]
        data.other.setdefault(name, []).append(args[0] if len(args) == 1
                                               else clingo.Tuple_(args))
    return data


def position_rules(names: Iterable[str]) -> str:
    lines = []
    for name in sorted(set(names) - set(WORLD)):
        if name not in POSITION_PREDICATES:
            continue
        args = [f"X{i}" for i in range(len(POSITION_PREDICATES[name]))]
        lhs = args[0] if len(args) == 1 else f"({','.join(args)})"
        lines.append(f'{name}(p,{",".join(args)}) :- {lhs} = @other(p,"{name}").')
    return "\n".join(lines)


def facts_text(facts: Iterable[Any], key: int | str | None = None) -> str:
    lines = []
    prefix = f"{key}," if key is not None else ""
    for item in facts:
        name, values = _pair(item)
        strs = (POSITION_PREDICATES.get(name) or MAP_PREDICATES.get(name)
                or QUESTION_PREDICATES.get(name) or ())
        if not values:
            lines.append(f"{name}({key})." if key is not None else f"{name}.")
            continue
        args = ",".join(json.dumps(v) if (i < len(strs) and strs[i])
                        else (str(v) if isinstance(v, int) else const(str(v)))
                        for i, v in enumerate(values))
        lines.append(f"{name}({prefix}{args}).")
    return "\n".join(lines)


def _pair(item: Any) -> Fact:
    name, values = item
    return (name if isinstance(name, str) else name.meta.name), tuple(values)


@functools.cache
def position_signatures() -> frozenset[tuple[str, int]]:
    return frozenset((n, len(a)) for n, a in POSITION_PREDICATES.items())


@functools.cache
def world_signatures() -> frozenset[tuple[str, int]]:
    return frozenset((n, len(POSITION_PREDICATES[n])) for n in WORLD)


def map_signatures() -> frozenset[tuple[str, int]]:
    return frozenset((n, len(a)) for n, a in MAP_PREDICATES.items())


def world_key(sc: Scenario, readings: dict[str, str]) -> tuple:
    """What the world facts of a position are made of: equal keys, equal facts."""
    return (sc.turn, sc.weather, sc.phasing, sc.soviet_vp, tuple(sorted(readings.items())))


def map_digest(m: MapSpec) -> str:
    blob = json.dumps(m.model_dump(mode="json"), sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()


def map_symbol_groups(m: MapSpec) -> dict[tuple[str, int], list[clingo.Symbol]]:
    syms = Symbols()
    groups: dict[tuple[str, int], list[clingo.Symbol]] = {}
    for name, values in map_facts(m):
        strs = MAP_PREDICATES[name]
        groups.setdefault((name, len(values)), []).append(clingo.Function(
            name, [syms.value(v, s) for v, s in zip(values, strs, strict=True)]))
    return groups
