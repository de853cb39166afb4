"""The facts bridge: a scenario becomes clingo facts through one typed layer.

Every input predicate the encodings may read is declared here once as a clorm
``Predicate``; ``asp/<game>/doc.lp`` documents the same predicates for readers
of the encodings. Enumerations (sides, terrain, status ...) become ASP
constants with ``-`` written as ``_`` (``full-retreat`` -> ``full_retreat``);
ids (hexes, units, entry areas, rule sections) stay strings.

The facts come in two parts:

* the **map part** (``map_facts``): hexes, their printed terrain and features,
  adjacency, hexside features and the distance-2 relations ZOC bonds use. It
  depends only on ``scenario.map`` and is computed once per map;
* the **position part** (``position_facts``): turn, weather, units, control and
  the chosen readings of disputed rules; it changes with every position.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import clingo
from clorm import ConstantField, IntegerField, Predicate, StringField

from adjudicator.scenario import MapSpec, Scenario


def const(value: str) -> str:
    """An enumeration value as an ASP constant."""
    return value.replace("-", "_")


def unconst(value: str) -> str:
    return value.replace("_", "-")


# -- map part ---------------------------------------------------------------


class Hex(Predicate):
    """hex(H): H is on the map."""

    hex = StringField

    class Meta:
        name = "hex"


class TerrainF(Predicate):
    """terrain(H,T): the printed terrain of hex H."""

    hex = StringField
    terrain = ConstantField

    class Meta:
        name = "terrain"


class City(Predicate):
    hex = StringField
    kind = ConstantField

    class Meta:
        name = "city"


class Town(Predicate):
    hex = StringField

    class Meta:
        name = "town"


class Vp(Predicate):
    hex = StringField
    value = IntegerField

    class Meta:
        name = "vp"


class Port(Predicate):
    hex = StringField

    class Meta:
        name = "port"


class Fortification(Predicate):
    hex = StringField
    kind = ConstantField

    class Meta:
        name = "fortification"


class Sea(Predicate):
    """sea(H,Sea): the port in H lies on Sea (black, azov or kerch; 16.2.3-16.2.5)."""

    hex = StringField
    sea = ConstantField

    class Meta:
        name = "sea"


class NavalBase(Predicate):
    """naval_base(H): holding H (and supplying it) commands its sea (Temryuk, 16.2.4)."""

    hex = StringField

    class Meta:
        name = "naval_base"


class Landmark(Predicate):
    hex = StringField

    class Meta:
        name = "landmark"


class RailUnrepaired(Predicate):
    """rail_unrepaired(H): the rail in H is not yet repaired for the Axis (17.2)."""

    hex = StringField

    class Meta:
        name = "rail_unrepaired"


class Adj(Predicate):
    """adj(A,B): A and B share a hexside (given in both orders)."""

    a = StringField
    b = StringField

    class Meta:
        name = "adj"


class River(Predicate):
    a = StringField
    b = StringField
    kind = ConstantField

    class Meta:
        name = "river"


class Bridge(Predicate):
    a = StringField
    b = StringField
    kind = ConstantField

    class Meta:
        name = "bridge"


class Road(Predicate):
    a = StringField
    b = StringField
    kind = ConstantField

    class Meta:
        name = "road"


class Rail(Predicate):
    a = StringField
    b = StringField

    class Meta:
        name = "rail"


class Impassable(Predicate):
    a = StringField
    b = StringField

    class Meta:
        name = "impassable"


class Lake(Predicate):
    a = StringField
    b = StringField

    class Meta:
        name = "lake"


class Alpine(Predicate):
    a = StringField
    b = StringField

    class Meta:
        name = "alpine"


class FrozenSet(Predicate):
    """frozen_set(A,B,V): the scenario forces the hexside frozen (true) or not (false)."""

    a = StringField
    b = StringField
    value = ConstantField

    class Meta:
        name = "frozen_set"


class Straight(Predicate):
    """straight(A,M,B): A and B are two apart in a line through M (hex-bond shape)."""

    a = StringField
    m = StringField
    b = StringField

    class Meta:
        name = "straight"


class Bent(Predicate):
    """bent(A,B,M1,M2): A and B two apart, off line; the hexside M1-M2 lies between."""

    a = StringField
    b = StringField
    m1 = StringField
    m2 = StringField

    class Meta:
        name = "bent"


class EdgeBent(Predicate):
    """edge_bent(A,M1,M2): bent shape from A whose far end is off the map."""

    a = StringField
    m1 = StringField
    m2 = StringField

    class Meta:
        name = "edge_bent"


class Edge(Predicate):
    """edge(H): H has fewer than six on-map neighbours."""

    hex = StringField

    class Meta:
        name = "edge"


class Entry(Predicate):
    """entry(A,S): entry area A belongs to side S (axis, soviet or neutral)."""

    area = StringField
    side = ConstantField

    class Meta:
        name = "entry"


class EntryHex(Predicate):
    """entry_hex(A,H): on-map edge hex H borders entry area A."""

    area = StringField
    hex = StringField

    class Meta:
        name = "entry_hex"


# -- position part ----------------------------------------------------------


class Turn(Predicate):
    n = IntegerField

    class Meta:
        name = "turn"


class WeatherF(Predicate):
    w = ConstantField

    class Meta:
        name = "weather"


class Phasing(Predicate):
    side = ConstantField

    class Meta:
        name = "phasing"


class Winter(Predicate):
    class Meta:
        name = "winter"


class Control(Predicate):
    hex = StringField
    side = ConstantField

    class Meta:
        name = "control"


class UnitF(Predicate):
    unit = StringField

    class Meta:
        name = "unit"


class SideF(Predicate):
    unit = StringField
    side = ConstantField

    class Meta:
        name = "side"


class At(Predicate):
    """at(U,P): unit U is in hex P, or in entry area P."""

    unit = StringField
    place = StringField

    class Meta:
        name = "at"


class UType(Predicate):
    unit = StringField
    type = ConstantField

    class Meta:
        name = "utype"


class Combat(Predicate):
    """combat(U): U is a combat unit (defense above 0, 2.3.1)."""

    unit = StringField

    class Meta:
        name = "combat"


class Mech(Predicate):
    unit = StringField

    class Meta:
        name = "mech"


class Asu(Predicate):
    unit = StringField

    class Meta:
        name = "asu"


class FreeStacking(Predicate):
    unit = StringField

    class Meta:
        name = "free_stacking"


class Strength(Predicate):
    """strength(U,Attack,Defense,MA) as printed on the counter's current side."""

    unit = StringField
    attack = IntegerField
    defense = IntegerField
    ma = IntegerField

    class Meta:
        name = "strength"


class Steps(Predicate):
    unit = StringField
    left = IntegerField
    max = IntegerField

    class Meta:
        name = "steps"


class TankF(Predicate):
    unit = StringField
    colour = ConstantField

    class Meta:
        name = "tank"


class Tq(Predicate):
    unit = StringField
    quality = ConstantField

    class Meta:
        name = "tq"


class Status(Predicate):
    unit = StringField
    status = ConstantField

    class Meta:
        name = "status"


class Train(Predicate):
    unit = StringField

    class Meta:
        name = "train"


class Retreated(Predicate):
    unit = StringField

    class Meta:
        name = "retreated"


class SupplyMarker(Predicate):
    unit = StringField
    marker = ConstantField

    class Meta:
        name = "supply_marker"


class SupplySourceF(Predicate):
    """supply_source(S,P): the scenario makes hex or entry area P a Supply Source for S."""

    side = ConstantField
    place = StringField

    class Meta:
        name = "supply_source"


class Reading(Predicate):
    """reading(R,Name): disputed rule R is read the way named Name."""

    rule = StringField
    name = StringField

    class Meta:
        name = "reading"


# -- output predicates that every query may produce ----------------------------


class Error(Predicate):
    """error(Kind,Id,Message): a position the rules cannot accept.

    Kind is ``unit``, ``hex``, ``hexside`` or ``scenario``; Id names the unit,
    hex or hexside ("0404-0405"), or "" for the scenario as a whole.
    """

    kind = ConstantField
    id = StringField
    message = StringField

    class Meta:
        name = "error"


MAP_PREDICATES = (
    Hex, TerrainF, City, Town, Vp, Port, Fortification, Adj, River, Bridge, Road, Rail,
    Impassable, Lake, Alpine, FrozenSet, Straight, Bent, EdgeBent, Edge, Entry, EntryHex,
    Sea, NavalBase, Landmark, RailUnrepaired,
)
POSITION_PREDICATES = (
    Turn, WeatherF, Phasing, Winter, Control, UnitF, SideF, At, UType, Combat, Mech, Asu,
    FreeStacking, Strength, Steps, TankF, Tq, Status, Train, Retreated, SupplyMarker, Reading,
    SupplySourceF,
)


def _both(a: str, b: str) -> Iterator[tuple[str, str]]:
    yield a, b
    yield b, a


def _map_rows(m: MapSpec, grid_relations: bool = True) -> list[tuple[type[Predicate], tuple]]:
    """``map_facts`` as (predicate class, values) pairs."""
    from adjudicator.hexgrid import HexGrid, parse_hexside_id

    grid = HexGrid.of(m.hexes, m.shifted)
    out: list[tuple[type[Predicate], tuple]] = []
    for hid, spec in sorted(m.hexes.items()):
        if grid_relations:
            out.append((Hex, (hid,)))
        out.append((TerrainF, (hid, const(spec.terrain))))
        if spec.city:
            out.append((City, (hid, spec.city)))
        if spec.town:
            out.append((Town, (hid,)))
        if spec.vp:
            out.append((Vp, (hid, spec.vp)))
        if spec.port:
            out.append((Port, (hid,)))
        if spec.fortification:
            out.append((Fortification, (hid, const(spec.fortification))))
        if spec.sea:
            out.append((Sea, (hid, spec.sea)))
        if spec.naval_base:
            out.append((NavalBase, (hid,)))
        if spec.landmark:
            out.append((Landmark, (hid,)))
        if spec.rail_unrepaired:
            out.append((RailUnrepaired, (hid,)))
        if grid_relations and grid.on_edge(hid):
            out.append((Edge, (hid,)))
    if grid_relations:
        for a, b in grid.edges():
            out.extend((Adj, (x, y)) for x, y in _both(a, b))
    for key, side in sorted(m.hexsides.items()):
        a, b = parse_hexside_id(key)
        for x, y in _both(a, b):
            if side.river:
                out.append((River, (x, y, side.river)))
            if side.bridge:
                out.append((Bridge, (x, y, side.bridge)))
            if side.road:
                out.append((Road, (x, y, side.road)))
            if side.rail:
                out.append((Rail, (x, y)))
            if side.impassable:
                out.append((Impassable, (x, y)))
            if side.lake:
                out.append((Lake, (x, y)))
            if side.alpine:
                out.append((Alpine, (x, y)))
            if side.frozen is not None:
                out.append((FrozenSet, (x, y, "true" if side.frozen else "false")))
    if grid_relations:
        for a, mid, b in grid.straight_pairs():
            out.append((Straight, (a, mid, b)))
            out.append((Straight, (b, mid, a)))
        for a, b, m1, m2 in grid.bent_pairs():
            out.append((Bent, (a, b, m1, m2)))
            out.append((Bent, (b, a, m1, m2)))
        for a, m1, m2 in grid.bent_offmap():
            out.append((EdgeBent, (a, m1, m2)))
    for aid, area in sorted(m.entry_areas.items()):
        out.append((Entry, (aid, area.side)))
        out.extend((EntryHex, (aid, h)) for h in area.hexes)
    return out


def map_facts(m: MapSpec, grid_relations: bool = True) -> list[Predicate]:
    """The map part of the facts; without ``grid_relations``, none of those the grid
    alone decides (``hex``, ``edge``, ``adj``, ``straight``, ``bent``, ``edge_bent``:
    ``grid_symbol_groups`` makes them)."""
    return [cls(*values) for cls, values in _map_rows(m, grid_relations)]


#: This module's own ``map_facts`` (a bridge that runs this module and declares its
#: own ``map_facts`` has its facts converted one by one in ``map_symbol_groups``).
_OWN_MAP_FACTS = map_facts


Fact = tuple[type[Predicate], tuple]

#: The position predicates with one fact per unit, and the fact's values.
UNIT_VALUES: tuple[tuple[type[Predicate], Callable[[Any], tuple]], ...] = (
    (UnitF, lambda u: (u.id,)),
    (SideF, lambda u: (u.id, u.side)),
    (At, lambda u: (u.id, u.hex)),
    (UType, lambda u: (u.id, const(u.type))),
    (Strength, lambda u: (u.id, u.attack, u.defense, u.ma)),
    (Steps, lambda u: (u.id, u.steps_left, u.max_steps)),
    (TankF, lambda u: (u.id, u.tank)),
    (Tq, lambda u: (u.id, u.tq)),
    (Status, lambda u: (u.id, const(u.status))),
    (SupplyMarker, lambda u: (u.id, const(u.supply))),
)
#: The position predicates that hold of some units: a fact for each unit passing the test.
UNIT_FLAGS: tuple[tuple[type[Predicate], Callable[[Any], bool]], ...] = (
    (Combat, lambda u: u.is_combat),
    (Mech, lambda u: u.is_mechanized),
    (Asu, lambda u: u.is_asu),
    (FreeStacking, lambda u: u.free_stacking),
    (Train, lambda u: u.train),
    (Retreated, lambda u: u.retreated),
)


def position_facts(sc: Scenario, readings: dict[str, str] | None = None,
                   names: frozenset[str] | None = None,
                   places: frozenset[str] | None = None) -> list[Fact]:
    """The position part of the facts; ``readings`` maps rule id to reading name;
    ``names``, if given, the only predicates wanted (a query that reads few of them
    is given only those); ``places``, if given, the only hexes and entry areas
    whose units and control are wanted (a question about one corner of the map).

    Each fact is a (predicate class, values) pair: the classes above declare
    the vocabulary once, and ``facts_text`` writes the pairs out as ASP text
    without building a clingo symbol per fact (many thousands per query).
    """

    def want(cls: type[Predicate]) -> bool:
        return names is None or cls.meta.name in names

    out: list[Fact] = [(c, v) for c, v in ((Turn, (sc.turn,)),
                                           (WeatherF, (const(sc.weather),)),
                                           (Phasing, (sc.phasing,))) if want(c)]
    if sc.winter and want(Winter):
        out.append((Winter, ()))
    if want(Control):
        for hid, spec in sorted(sc.map.hexes.items()):
            if spec.control and (places is None or hid in places):
                out.append((Control, (hid, spec.control)))
    plain = [(cls, get) for cls, get in UNIT_VALUES if want(cls)]
    flags = [(cls, test) for cls, test in UNIT_FLAGS if want(cls)]
    units = sc.units if places is None else [u for u in sc.units if u.hex in places]
    for u in units:
        out += [(cls, get(u)) for cls, get in plain]
        out += [(cls, (u.id,)) for cls, test in flags if test(u)]
    if want(SupplySourceF):
        for src in sc.supply_sources:
            out.append((SupplySourceF, (src.side, src.hex)))
    if want(Reading):
        for rule, name in sorted((readings or {}).items()):
            out.append((Reading, (rule, name)))
    return out


@dataclass
class PositionData:
    """The position facts of some predicates as clingo symbols, for the grounder
    to fetch (``position_rules``): one tuple per unit holding the values of every
    per-unit predicate wanted (``UNIT_VALUES``, in order, the unit id first), the
    unit ids each flag holds of (``UNIT_FLAGS``), and the argument tuples of the
    other predicates (control, supply sources)."""

    units: list[clingo.Symbol] = field(default_factory=list)
    flags: dict[str, list[clingo.Symbol]] = field(default_factory=dict)
    other: dict[str, list[clingo.Symbol]] = field(default_factory=dict)


class Symbols:
    """Interned clingo symbols for ids, constants and unit tuples, each made once
    (a position's facts are mostly the same units, hexes and sides again; a unit
    that has not moved or changed since an earlier question keeps its tuple)."""

    LIMIT = 200_000

    def __init__(self) -> None:
        self.strings: dict[str, clingo.Symbol] = {}
        self.consts: dict[str, clingo.Symbol] = {}
        #: a unit's tuple (``position_data``) by the values it is made of
        self.records: dict[tuple, clingo.Symbol] = {}

    def record(self, key: tuple, fields: list[clingo.Symbol]) -> clingo.Symbol:
        if len(self.records) > self.LIMIT:
            self.records.clear()
        sym = self.records[key] = clingo.Tuple_(fields)
        return sym

    def string(self, text: str) -> clingo.Symbol:
        sym = self.strings.get(text)
        if sym is None:
            if len(self.strings) > self.LIMIT:
                self.strings.clear()
            sym = self.strings[text] = clingo.String(text)
        return sym

    def value(self, value: Any, is_str: bool) -> clingo.Symbol:
        """A fact argument as facts_text would write it: strings quoted, numbers as
        numbers, anything else as a constant."""
        if is_str:
            return self.string(value)
        if isinstance(value, bool):
            value = str(value).lower()
        if isinstance(value, int):
            return clingo.Number(value)
        text = str(value)
        sym = self.consts.get(text)
        if sym is None:
            sym = self.consts[text] = clingo.Function(text)
        return sym


#: The position predicates fetched as argument tuples (not one per unit).
OTHER_POSITION = (Control, SupplySourceF)


def position_data(sc: Scenario, names: Iterable[str], places: frozenset[str] | None,
                  syms: Symbols) -> PositionData:
    """The facts ``position_facts`` gives for the predicates ``names`` (no world
    facts), as symbols for ``position_rules``."""
    names = frozenset(names)
    makers, flags = _unit_makers(names)
    units = sc.units if places is None else [u for u in sc.units if u.hex in places]
    data = PositionData()
    string, value = syms.string, syms.value
    if makers:
        records = syms.records
        for u in units:
            key = (names, u.id, *[get(u) for get, _ in makers])
            rec = records.get(key)
            if rec is None:
                rec = syms.record(key, [string(u.id), *[value(v, s) for v, (_, s)
                                                        in zip(key[2:], makers, strict=True)]])
            data.units.append(rec)
    elif any(cls.meta.name in names for cls, _ in UNIT_VALUES):  # unit/1 alone
        data.units = [string(u.id) for u in units]
    for name, test in flags:
        data.flags[name] = [string(u.id) for u in units if test(u)]
    wanted = [cls.meta.name for cls in OTHER_POSITION if cls.meta.name in names]
    if wanted:
        for cls, values in position_facts(sc, None, frozenset(wanted), places):
            strs = _kinds(cls)[1]
            data.other.setdefault(cls.meta.name, []).append(clingo.Tuple_(
                [value(v, s) for v, s in zip(values, strs, strict=True)]))
    return data


@functools.cache
def _unit_makers(names: frozenset[str]) -> tuple[tuple, tuple]:
    """For the predicates ``names``: a (value getter, is-string) pair per field of
    the unit tuple after the id (``UNIT_VALUES`` order), and the (name, test)
    pairs of the flags."""
    makers = []
    for cls, get in UNIT_VALUES:
        if cls.meta.name in names:
            strs = _kinds(cls)[1]
            for i in range(1, cls.meta.arity):
                makers.append((lambda u, get=get, i=i: get(u)[i], strs[i]))
    flags = tuple((cls.meta.name, test) for cls, test in UNIT_FLAGS if cls.meta.name in names)
    return tuple(makers), flags


def position_rules(names: Iterable[str]) -> str:
    """The rules of a program part ``(p)`` that make the position facts of the
    predicates ``names`` (no world facts) from a ``PositionData`` the grounder
    fetches through the context functions ``units``, ``flag`` and ``other``."""
    names = set(names)
    plain = [cls for cls, _ in UNIT_VALUES if cls.meta.name in names]
    width = 1 + sum(cls.meta.arity - 1 for cls in plain)
    lines = []
    at = 1
    for cls in plain:
        n = cls.meta.arity - 1
        args = [f"X{i}" for i in range(n)]
        pattern = ["U"] + ["_"] * (width - 1)
        pattern[at:at + n] = args
        at += n
        lhs = "U" if width == 1 else f"({','.join(pattern)})"
        lines.append(f"{cls.meta.name}(p,{','.join(['U', *args])}) :- {lhs} = @units(p).")
    for cls, _ in UNIT_FLAGS:
        if cls.meta.name in names:
            lines.append(f'{cls.meta.name}(p,U) :- U = @flag(p,"{cls.meta.name}").')
    for cls in OTHER_POSITION:
        if cls.meta.name in names:
            args = [f"X{i}" for i in range(cls.meta.arity)]
            lhs = args[0] if len(args) == 1 else f"({','.join(args)})"
            lines.append(f'{cls.meta.name}(p,{",".join(args)}) :- {lhs} = @other(p,'
                         f'"{cls.meta.name}").')
    return "\n".join(lines)


_KINDS: dict[type[Predicate], tuple[str, tuple[bool, ...]]] = {}


def _kinds(cls: type[Predicate]) -> tuple[str, tuple[bool, ...]]:
    """The predicate's name and, per argument, whether it is a string."""
    hit = _KINDS.get(cls)
    if hit is None:
        hit = (cls.meta.name, tuple(isinstance(fa.defn, StringField) for fa in cls.meta))
        _KINDS[cls] = hit
    return hit


def facts_text(facts: Iterable[Fact], key: int | str | None = None) -> str:
    """ASP text for (class, values) facts, each with ``key`` as first argument if given
    (a number, or the name of a program parameter)."""
    lines = []
    prefix = f"{key}," if key is not None else ""
    for cls, values in facts:
        name, strings = _kinds(cls)
        if not values:
            lines.append(f"{name}({key})." if key is not None else f"{name}.")
            continue
        args = ",".join([_quote(v) if is_str else str(v)
                         for v, is_str in zip(values, strings, strict=True)])
        lines.append(f"{name}({prefix}{args}).")
    return "\n".join(lines)


def _quote(text: str) -> str:
    if '"' in text or "\\" in text or "\n" in text:
        text = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return '"' + text + '"'


@functools.cache
def position_signatures() -> frozenset[tuple[str, int]]:
    """Name and arity of every position fact."""
    return frozenset((p.meta.name, p.meta.arity) for p in POSITION_PREDICATES)


#: Position facts that say nothing of the units or hexes: the turn, its weather,
#: the phasing side and the chosen readings. Many positions share them.
WORLD_PREDICATES = (Turn, WeatherF, Phasing, Winter, Reading)


@functools.cache
def world_signatures() -> frozenset[tuple[str, int]]:
    """Name and arity of every world fact (a subset of the position facts)."""
    return frozenset((p.meta.name, p.meta.arity) for p in WORLD_PREDICATES)


def world_key(sc: Scenario, readings: dict[str, str]) -> tuple:
    """What the world facts of a position are made of: equal keys, equal facts."""
    return (sc.turn, sc.weather, sc.phasing, bool(sc.winter), tuple(sorted(readings.items())))


def instances(facts: Iterable[Fact]) -> list[Predicate]:
    """The typed clorm instances of (class, values) facts."""
    return [cls(*values) for cls, values in facts]


def symbols(facts: Iterable[Predicate]) -> list[clingo.Symbol]:
    return [f.raw for f in facts]


_DIGESTS: dict[int, tuple[MapSpec, str]] = {}


def map_digest(m: MapSpec) -> str:
    """A stable digest of a map, computed once per map object."""
    hit = _DIGESTS.get(id(m))
    if hit is not None and hit[0] is m:
        return hit[1]
    # (pydantic's own JSON writer: equal maps written in the same order, as a file
    # read twice is, have equal digests)
    digest = hashlib.sha256(m.model_dump_json().encode()).hexdigest()
    if len(_DIGESTS) > 32:
        _DIGESTS.clear()
    _DIGESTS[id(m)] = (m, digest)
    return digest


_SYMBOLS: dict[str, dict[tuple[str, int], list[clingo.Symbol]]] = {}


def map_symbols(m: MapSpec) -> tuple[clingo.Symbol, ...]:
    """Map facts as symbols, computed once per distinct map."""
    return tuple(sym for syms in map_symbol_groups(m).values() for sym in syms)


def map_symbol_groups(m: MapSpec) -> dict[tuple[str, int], list[clingo.Symbol]]:
    """Map facts as symbols, by predicate (name, arity); computed once per distinct map
    (and, for this module's own facts, their text kept in the on-disk cache: see
    ``map_fact_texts``)."""
    digest = map_digest(m)
    if digest not in _SYMBOLS:
        if len(_SYMBOLS) > 8:
            _SYMBOLS.clear()
        if map_facts is _OWN_MAP_FACTS:
            texts = map_fact_texts(m, digest)
            try:
                groups = {key: _terms(text, count) for key, (count, text) in texts.items()}
            except ValueError:  # (an entry whose checksum was forged)
                groups = {key: _terms(text, count)
                          for key, (count, text) in _map_texts(m).items()}
        else:
            groups = grid_symbol_groups(m)
            for fact in map_facts(m, grid_relations=False):
                meta = type(fact).meta
                groups.setdefault((meta.name, meta.arity), []).append(fact.raw)
        _SYMBOLS[digest] = groups
    return _SYMBOLS[digest]


#: The kind of the on-disk cache entries holding a map's fact text.
MAP_TEXT_KIND = "s42-map-facts"


def _map_text_key(digest: str) -> str:
    """The cache key of a map's fact text: the map's digest, the code that writes the
    text (this module and the hex grid, by name, size and time) and clingo's version."""
    from adjudicator import cache, hexgrid

    code = cache.digest_of_files([__file__, hexgrid.__file__])
    return hashlib.sha256(f"{digest}\0{code}\0{clingo.__version__}".encode()).hexdigest()[:32]


def _texts_checksum(rows: list[list[Any]]) -> str:
    h = hashlib.sha256()
    for name, arity, count, text in rows:
        h.update(f"{name}/{arity}/{count}\0{text}\0".encode())
    return h.hexdigest()


def map_fact_texts(m: MapSpec, digest: str | None = None
                   ) -> dict[tuple[str, int], tuple[int, str]]:
    """Each map predicate (name, arity) -> the number of its facts and their text,
    comma-separated. Kept in the on-disk cache (``adjudicator.cache``) under a key
    made of the map's digest, the code that writes the text and clingo's version, so
    a changed map or a changed writer never reads an old entry. An entry is used only
    if it is whole: its checksum (over every predicate, count and text) must match
    and its layout must be the one written here; a corrupt, truncated or edited entry
    is ignored and written again, and a cache that cannot be read or written only
    costs the time of making the text."""
    from adjudicator import cache

    key = _map_text_key(digest or map_digest(m))
    entry = cache.read_json(MAP_TEXT_KIND, key)
    hit = _valid_texts(entry)
    if hit is not None:
        return hit
    texts = _map_texts(m)
    rows = [[name, arity, count, text] for (name, arity), (count, text) in texts.items()]
    cache.write_json(MAP_TEXT_KIND, key, {"rows": rows, "sha256": _texts_checksum(rows)})
    return texts


def _valid_texts(entry: Any) -> dict[tuple[str, int], tuple[int, str]] | None:
    """The texts of a cache entry, or None if it is not exactly as written."""
    if not isinstance(entry, dict) or not isinstance(entry.get("rows"), list):
        return None
    rows = entry["rows"]
    out: dict[tuple[str, int], tuple[int, str]] = {}
    for row in rows:
        if not (isinstance(row, list) and len(row) == 4 and isinstance(row[0], str)
                and isinstance(row[1], int) and isinstance(row[2], int)
                and isinstance(row[3], str) and (row[0], row[1]) in _MAP_TEXT_SIGS):
            return None
        out[(row[0], row[1])] = (row[2], row[3])
    if entry.get("sha256") != _texts_checksum(rows):
        return None
    return out


def _map_texts(m: MapSpec) -> dict[tuple[str, int], tuple[int, str]]:
    """Each map predicate -> the number of its facts and their text (made from the map)."""
    texts = grid_fact_texts(m)
    for cls, values in _map_rows(m, grid_relations=False):
        name, strings = _kinds(cls)
        args = ",".join([_quote(v) if is_str else str(v)
                         for v, is_str in zip(values, strings, strict=True)])
        texts.setdefault((name, len(values)), []).append(f"{name}({args})")
    return {k: (len(v), ",".join(v)) for k, v in texts.items() if v}


def _terms(text: str | list[str], count: int | None = None) -> list[clingo.Symbol]:
    """The symbols of terms written as text (a list, or one comma-separated string of
    ``count`` terms), parsed by clingo in one call (several times faster than making
    them one by one from Python)."""
    if isinstance(text, list):
        text, count = ",".join(text), len(text)
    if not count:
        return []
    try:
        out = clingo.parse_term(f"f({text})").arguments
    except RuntimeError as exc:
        raise ValueError("the map facts did not parse") from exc
    if len(out) != count:
        raise ValueError("a map fact did not parse as one term")
    return out


def grid_symbol_groups(m: MapSpec) -> dict[tuple[str, int], list[clingo.Symbol]]:
    """The map facts the grid alone decides (``hex``, ``edge``, ``adj``, ``straight``,
    ``bent``, ``edge_bent``; the middle three in one direction only), as symbols made
    straight from the grid's neighbour table: the text of each fact, parsed by clingo
    one predicate at a time, no fact object per atom."""
    return {k: _terms(v) for k, v in grid_fact_texts(m).items() if v}


def grid_fact_texts(m: MapSpec) -> dict[tuple[str, int], list[str]]:
    """The text of the facts ``grid_symbol_groups`` makes, by predicate."""
    from adjudicator.hexgrid import HexGrid

    grid = HexGrid.of(m.hexes, m.shifted)
    table = grid.table()
    q = {h: _quote(h) for h in m.hexes}
    order = sorted(m.hexes)
    hexes = [f"hex({q[h]})" for h in order]
    edge = [f"edge({q[h]})" for h in order if None in table[h]]
    # Each adjacency, straight line and bent shape in one direction only (``adj_half``,
    # ``straight_half``, ``bent_half``), its lower end first (as clingo orders strings,
    # by code point); ``static.lp`` derives both directions, which is cheaper in the
    # grounder than making twice the symbols here, and ``bonds.lp`` reads the halves
    # where it wants the lower end first.
    adj = [f"adj_half({q[a]},{q[b]})" for a, b in grid.edges()]
    straight = [f"straight_half({q[a]},{q[mid]},{q[b]})" if a < b else
                f"straight_half({q[b]},{q[mid]},{q[a]})"
                for a, mid, b in grid.straight_pairs()]
    bent = [f"bent_half({q[a]},{q[b]},{q[m1]},{q[m2]})" if a < b else
            f"bent_half({q[b]},{q[a]},{q[m1]},{q[m2]})"
            for a, b, m1, m2 in grid.bent_pairs()]
    edge_bent = [f"edge_bent({q[a]},{q[m1]},{q[m2]})" for a, m1, m2 in grid.bent_offmap()]
    return {("hex", 1): hexes, ("edge", 1): edge, ("adj_half", 2): adj,
            ("straight_half", 3): straight, ("bent_half", 4): bent,
            ("edge_bent", 3): edge_bent}


_LINKS: dict[str, dict[str, tuple[str, ...]]] = {}


def place_links(m: MapSpec) -> dict[str, tuple[str, ...]]:
    """Each hex and entry area of the map -> the places one step from it:
    neighbouring hexes and bordering entry areas (computed once per map)."""
    digest = map_digest(m)
    hit = _LINKS.get(digest)
    if hit is None:
        from adjudicator.hexgrid import HexGrid

        grid = HexGrid.of(m.hexes, m.shifted)
        links: dict[str, list[str]] = {h: list(grid.neighbours(h)) for h in m.hexes}
        for aid, area in m.entry_areas.items():
            links[aid] = [h for h in area.hexes if h in m.hexes]
            for h in links[aid]:
                links[h].append(aid)
        if len(_LINKS) > 8:
            _LINKS.clear()
        hit = _LINKS[digest] = {p: tuple(n) for p, n in links.items()}
    return hit


def map_signatures() -> frozenset[tuple[str, int]]:
    """Name and arity of every map-part predicate (with the one-direction halves of
    ``adj``, ``straight`` and ``bent`` that ``grid_symbol_groups`` gives)."""
    return frozenset((p.meta.name, p.meta.arity) for p in MAP_PREDICATES) | _HALVES


_HALVES = frozenset({("adj_half", 2), ("straight_half", 3), ("bent_half", 4)})
#: The predicates a cached map text may hold.
_MAP_TEXT_SIGS = frozenset((p.meta.name, p.meta.arity) for p in MAP_PREDICATES) | _HALVES
