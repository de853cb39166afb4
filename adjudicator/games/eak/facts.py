"""Enemy Action: Kharkov's facts bridge: its scenario as clingo facts.

The harness side of a facts bridge (symbols, digests, the position rules the grounder
fetches, ``facts_text``) is the same for every game that keeps its facts in typed clorm
predicates, so this module runs Stalingrad '42's bridge module in its own namespace and
then declares its own vocabulary: the predicate tables (``MAP_PREDICATES``,
``POSITION_PREDICATES``, ``UNIT_VALUES``, ``UNIT_FLAGS``, ``OTHER_POSITION``,
``WORLD_PREDICATES``), ``map_facts``, ``position_facts`` and ``world_key``. The shared
functions read those names from this module, so nothing of S'42's vocabulary reaches an
eak encoding. ``asp/eak/doc.lp`` documents the predicates for readers of the encodings.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from typing import Any

from clorm import ConstantField, IntegerField, Predicate, StringField

# The shared predicates kept (the run below binds the same names again, to its own copies).
from adjudicator.games.s42.facts import (
    Adj,
    At,
    Edge,
    Entry,
    EntryHex,
    Fact,
    Hex,
    Phasing,
    Reading,
    Retreated,
    SideF,
    Steps,
    SupplyMarker,
    TerrainF,
    Turn,
    UnitF,
    UType,
    Vp,
    WeatherF,
    const,
)

_spec = importlib.util.find_spec("adjudicator.games.s42.facts")
assert _spec is not None and _spec.origin is not None
with open(_spec.origin, encoding="utf-8") as _f:
    exec(compile(_f.read(), _spec.origin, "exec"), globals())  # noqa: S102


class Village(Predicate):
    """village(H): a village in hex H."""

    hex = StringField

    class Meta:
        name = "village"


class FriendlyEdge(Predicate):
    """friendly_edge(H,S): H is a map-edge hex friendly to side S (10.7, 13.1)."""

    hex = StringField
    side = ConstantField

    class Meta:
        name = "friendly_edge"


class EakRiver(Predicate):
    """river(A,B,Kind): a river on the hexside A-B: minor, donets, dniepr, blocked_dniepr."""

    a = StringField
    b = StringField
    kind = ConstantField

    class Meta:
        name = "river"


class EakRoad(Predicate):
    """road(A,B): a road crosses the hexside A-B."""

    a = StringField
    b = StringField

    class Meta:
        name = "road"


class EakBridge(Predicate):
    """bridge(A,B): a road bridge over the river on hexside A-B."""

    a = StringField
    b = StringField

    class Meta:
        name = "bridge"


class Owner(Predicate):
    """owner(H,S): the town or city in H belongs to side S."""

    hex = StringField
    side = ConstantField

    class Meta:
        name = "owner"


class Garrison(Predicate):
    """garrison(H): a Soviet Garrison marker in H (15.x)."""

    hex = StringField

    class Meta:
        name = "garrison"


class ForwardSupport(Predicate):
    """forward_support(H): a German Forward Support marker in H (13.x)."""

    hex = StringField

    class Meta:
        name = "forward_support"


class EakStrength(Predicate):
    """strength(U,Strength,MA): the combat strength and movement allowance of U."""

    unit = StringField
    strength = IntegerField
    ma = IntegerField

    class Meta:
        name = "strength"


class Dispersed(Predicate):
    unit = StringField

    class Meta:
        name = "dispersed"


class Active(Predicate):
    unit = StringField

    class Meta:
        name = "active"


class Reserve(Predicate):
    unit = StringField

    class Meta:
        name = "reserve"


class Attacked(Predicate):
    unit = StringField

    class Meta:
        name = "attacked"


class Army(Predicate):
    unit = StringField
    army = StringField

    class Meta:
        name = "army"


MAP_PREDICATES = (Hex, TerrainF, Village, Vp, FriendlyEdge, Adj, EakRiver, EakRoad,
                  EakBridge, Edge, Entry, EntryHex)
UNIT_VALUES = (
    (UnitF, lambda u: (u.id,)),
    (SideF, lambda u: (u.id, u.side)),
    (At, lambda u: (u.id, u.hex)),
    (UType, lambda u: (u.id, const(u.type))),
    (EakStrength, lambda u: (u.id, u.strength, u.ma)),
    (Steps, lambda u: (u.id, u.steps_left, u.max_steps)),
    (SupplyMarker, lambda u: (u.id, const(u.supply))),
)
UNIT_FLAGS = (
    (Dispersed, lambda u: u.dispersed),
    (Active, lambda u: u.active),
    (Reserve, lambda u: u.reserve),
    (Retreated, lambda u: u.retreated),
    (Attacked, lambda u: u.attacked),
)
OTHER_POSITION = (Owner, Garrison, ForwardSupport)
WORLD_PREDICATES = (Turn, WeatherF, Phasing, Reading)
POSITION_PREDICATES = (*WORLD_PREDICATES, *(c for c, _ in UNIT_VALUES),
                       *(c for c, _ in UNIT_FLAGS), *OTHER_POSITION)


def _both(a: str, b: str) -> Iterator[tuple[str, str]]:
    yield a, b
    yield b, a


def map_facts(m: Any, grid_relations: bool = True) -> list[Predicate]:
    """The map part of the facts: hexes, their features, adjacency, hexsides; without
    ``grid_relations``, none of those the grid alone decides (``hex``, ``edge``, ``adj``:
    the shared grid symbols make them)."""
    from adjudicator.hexgrid import HexGrid, parse_hexside_id

    grid = HexGrid.of(m.hexes, m.shifted)
    out: list[Predicate] = []
    for hid, spec in sorted(m.hexes.items()):
        if grid_relations:
            out.append(Hex(hid))
        out.append(TerrainF(hid, const(spec.terrain)))
        if spec.village:
            out.append(Village(hid))
        if spec.vp:
            out.append(Vp(hid, spec.vp))
        if spec.edge:
            out.append(FriendlyEdge(hid, spec.edge))
        if grid_relations and grid.on_edge(hid):
            out.append(Edge(hid))
    if grid_relations:
        for a, b in grid.edges():
            out.extend(Adj(x, y) for x, y in _both(a, b))
    for key, side in sorted(m.hexsides.items()):
        a, b = parse_hexside_id(key)
        for x, y in _both(a, b):
            if side.river:
                out.append(EakRiver(x, y, const(side.river)))
            if side.road:
                out.append(EakRoad(x, y))
            if side.bridge:
                out.append(EakBridge(x, y))
    for aid, area in sorted(m.entry_areas.items()):
        out.append(Entry(aid, area.side))
        out.extend(EntryHex(aid, h) for h in area.hexes)
    return out


def position_facts(sc: Any, readings: dict[str, str] | None = None,
                   names: frozenset[str] | None = None,
                   places: frozenset[str] | None = None) -> list[Fact]:
    """The position part of the facts (see the S'42 bridge for the arguments)."""

    def want(cls: type[Predicate]) -> bool:
        return names is None or cls.meta.name in names

    out: list[Fact] = [(c, v) for c, v in ((Turn, (sc.turn,)),
                                           (WeatherF, (const(sc.weather),)),
                                           (Phasing, (sc.phasing,))) if want(c)]
    for hid, spec in sorted(sc.map.hexes.items()):
        if places is not None and hid not in places:
            continue
        if spec.owner and want(Owner):
            out.append((Owner, (hid, spec.owner)))
        if spec.garrison and want(Garrison):
            out.append((Garrison, (hid,)))
        if spec.forward_support and want(ForwardSupport):
            out.append((ForwardSupport, (hid,)))
    plain = [(cls, get) for cls, get in UNIT_VALUES if want(cls)]
    flags = [(cls, test) for cls, test in UNIT_FLAGS if want(cls)]
    units = sc.units if places is None else [u for u in sc.units if u.hex in places]
    for u in units:
        out += [(cls, get(u)) for cls, get in plain]
        out += [(cls, (u.id,)) for cls, test in flags if test(u)]
    if want(Reading):
        for rule, name in sorted((readings or {}).items()):
            out.append((Reading, (rule, name)))
    return out


def world_key(sc: Any, readings: dict[str, str]) -> tuple:
    """What the world facts of a position are made of: equal keys, equal facts."""
    return (sc.turn, sc.weather, sc.phasing, tuple(sorted(readings.items())))


_shared_position_rules = position_rules  # noqa: F821 (bound by the shared bridge above)


def position_rules(names: Any) -> str:
    """The shared bridge's position rules; a one-argument predicate of ``OTHER_POSITION``
    (garrison/1, forward_support/1) arrives as a one-element tuple, matched as such."""
    return _shared_position_rules(names).replace(" X0 = @other(p,", " (X0,) = @other(p,")
