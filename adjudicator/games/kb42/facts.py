"""Kharkov Battles' facts bridge: a position becomes the clingo facts its encodings read.

Every input predicate is declared once here (``asp/kb42/doc.lp`` documents them for readers
of the encodings). Enumerations become ASP constants with ``-`` written as ``_``; ids (hexes,
units, divisions, rule sections) stay strings. The map part (hexes, adjacency, hexside
features) depends only on ``scenario.map`` and is ground once per map; the position part
(turn, weather, units, sources, readings) changes with every position. This module offers
the functions the solver harness (``adjudicator.solver``) calls.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import clingo

from adjudicator.games.kb42.scenario import MapSpec, Scenario

Fact = tuple[str, tuple]


def const(value: str) -> str:
    return value.replace("-", "_")


def unconst(value: str) -> str:
    return value.replace("_", "-")


#: name -> (arity, which arguments are strings)
MAP_PREDICATES: dict[str, tuple[bool, ...]] = {
    "hex": (True,),
    "terrain": (True, False),
    "city": (True, False),
    "town": (True,),
    "fz": (True, False),
    "map_source": (False, True),
    "adj": (True, True),
    "river": (True, True, False),
    "bridge": (True, True, False),
    "impassable": (True, True),
    "rubble": (True,),
    "road_side": (True, True),
}
POSITION_PREDICATES: dict[str, tuple[bool, ...]] = {
    "turn": (False,),
    "weather": (False,),
    "phasing": (False,),
    "reading": (True, True),
    "control": (True, False),
    "unit": (True,),
    "side": (True, False),
    "at": (True, True),
    "utype": (True, False),
    "mech": (True,),
    "strength": (True, False),
    "steps": (True, False),
    "white_band": (True,),
    "cadre": (True,),
    "hq": (True,),
    "division": (True, True),
    "marker": (True, False),
    "source": (False, True),
    "silhouette": (True,),
    "armor": (True, False),
    "white_size": (True,),
    "guards": (True,),
    "disorganized": (True,),
    "support": (True, False),
    "attached_armor": (True,),
}
#: the facts a question adds (its own, not the position's)
QUESTION_PREDICATES: dict[str, tuple[bool, ...]] = {
    "sup_probe": (False, True),
    "ret_unit": (True,),
    "ret_dist": (True, False),
    "ret_hq_dist": (True, False),
    "cand": (False, False, False, True, False),
    "cand_far": (False, False),
    "cand_ext": (False,),
    "ret_marked": (True,),
    "adv_unit": (True,),
    "adv_path": (False, True),
    "adv_length": (False,),
    "pa_unit": (True,),
    "oa": (False, True),
    "od": (False, True),
    "o_air": (False, False, False),
    "o_line": (True, False, False),
    "o_mobile": (False,),
}
WORLD = ("turn", "weather", "phasing", "reading")


def _both(a: str, b: str):
    yield a, b
    yield b, a


def map_facts(m: MapSpec) -> list[Fact]:
    grid = m.grid()
    out: list[Fact] = []
    for h, spec in sorted(m.hexes.items()):
        out.append(("hex", (h,)))
        out.append(("terrain", (h, const(spec.terrain))))
        if spec.city:
            out.append(("city", (h, spec.city)))
        if spec.town:
            out.append(("town", (h,)))
        if spec.fz:
            out.append(("fz", (h, spec.fz)))
        if spec.supply_source:
            out.append(("map_source", (spec.supply_source, h)))
        if spec.rubble:
            out.append(("rubble", (h,)))
    for a, b in grid.edges():
        out += [("adj", p) for p in _both(a, b)]
    for key, side in m.hexsides.items():
        a, b = key.split("-")
        for x, y in _both(a, b):
            if side.river:
                out.append(("river", (x, y, side.river)))
            if side.bridge:
                out.append(("bridge", (x, y, side.bridge)))
            if side.impassable:
                out.append(("impassable", (x, y)))
            if side.road:
                out.append(("road_side", (x, y)))
    return out


def position_facts(sc: Scenario, readings: dict[str, str] | None = None,
                   names: frozenset[str] | None = None,
                   places: frozenset[str] | None = None) -> list[Fact]:
    out: list[Fact] = [("turn", (sc.turn,)), ("weather", (const(sc.weather),)),
                       ("phasing", (sc.phasing,))]
    for rule, name in sorted((readings or {}).items()):
        out.append(("reading", (rule, name)))
    for h, spec in sorted(sc.map.hexes.items()):
        if spec.control and (places is None or h in places):
            out.append(("control", (h, spec.control)))
    for u in sc.units:
        if places is not None and u.hex not in places:
            continue
        out += [("unit", (u.id,)), ("side", (u.id, u.side)), ("at", (u.id, u.hex)),
                ("utype", (u.id, const(u.type))), ("strength", (u.id, u.strength)),
                ("steps", (u.id, u.steps_left)), ("marker", (u.id, u.supply))]
        if u.mechanized:
            out.append(("mech", (u.id,)))
        if u.white_band:
            out.append(("white_band", (u.id,)))
        if u.cadre:
            out.append(("cadre", (u.id,)))
        if u.type == "hq":
            out.append(("hq", (u.id,)))
        if u.division:
            out.append(("division", (u.id, u.division)))
        if u.silhouette:
            out.append(("silhouette", (u.id,)))
        if u.armor_band:
            out.append(("armor", (u.id, u.armor_band)))
        if u.white_size:
            out.append(("white_size", (u.id,)))
        if u.guards:
            out.append(("guards", (u.id,)))
        if u.disorganized:
            out.append(("disorganized", (u.id,)))
        out.append(("support", (u.id, u.support)))
        if u.attached_armor:
            out.append(("attached_armor", (u.id,)))
    for src in sc.supply_sources:
        out.append(("source", (src.side, src.hex)))
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
        return clingo.Function(str(value))


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


def facts_text(facts: Iterable[Fact], key: int | str | None = None) -> str:
    lines = []
    prefix = f"{key}," if key is not None else ""
    for item in facts:
        name, values = _pair(item)
        strs = (POSITION_PREDICATES.get(name) or MAP_PREDICATES.get(name)
                or QUESTION_PREDICATES.get(name) or ())
        if not values:
            lines.append(f"{name}({key})." if key is not None else f"{name}.")
            continue
        args = ",".join(json.dumps(v) if (i < len(strs) and strs[i]) else str(v)
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
    return (sc.turn, sc.weather, sc.phasing, tuple(sorted(readings.items())))


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
