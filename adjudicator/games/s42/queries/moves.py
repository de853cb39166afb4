"""Movement Phase reach (chapter 5 with 4.x, 6.2, 7.2, 13.x, 20.x, 22.3, 23.x).

``moves(sc, units)`` answers "where may this unit (or this stack) go?": every place
it may end its move in, with a cheapest path, the MPs spent and left, the kind of
movement, whether it must stop there and why; and the places next to its reach it
may not enter, each with the first rule that forbids it. ``check_move`` judges a
proposed path step by step. The rulings are made by ``asp/s42/move.lp``; Python
builds the question (the zone searched, the chart's costs as facts), walks the
answer's state graph for a witness path and words it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import clingo

from adjudicator.errors import usage_error
from adjudicator.games.s42.facts import const
from adjudicator.games.s42.movement.tec import (
    CLASSES,
    HEXSIDES,
    PRACTICE_NOTE,
    ROADS,
    TERRAINS,
    Tec,
    tec_chart,
)
from adjudicator.games.s42.queries.advance import place_links, window, zone
from adjudicator.games.s42.queries.check import CheckAnswer, Finding, Kind, register_kind
from adjudicator.games.s42.queries.zoc import rule_key
from adjudicator.scenario import Scenario
from adjudicator.solver import Solver

#: Modes, best first (the kind reported for a place is the first that reaches it).
MODES = ("normal", "extended", "tactical", "rail", "sea", "kerch")
_CLASS = {"mechanized": "mech", "non-mechanized": "nonmech"}

#: Cause constant -> plain words.
CAUSES = {
    "enemy_unit": "an enemy combat unit holds it",
    "impassable": "the hexside is impassable",
    "tec_prohibited": "the terrain effects chart prohibits it for this class of unit",
    "rail_ferry": "this Volga ferry carries a railroad and serves rail movement only",
    "volga": "the Volga is crossed only at a ferry site (or a Soviet rail bridge)",
    "major_river": "an unbridged major river is crossed only from the hex the move "
    "started in, or over a pontoon",
    "alpine": "only mountain units cross an alpine hexside off the road",
    "alpine_hex": "only mountain units enter an alpine hex off the road",
    "bond_hex": "it lies inside a standing enemy Hex Bond",
    "bond_hexside": "the hexside is closed by a standing enemy Hexside Bond",
    "foreign_area": "the entry area is not the mover's own",
    "full_retreat_ezoc": "a Full Retreat unit enters an EZOC only where a friendly unit "
    "not in Full Retreat is",
    "enemy_city": "a Full Retreat unit may not enter an enemy-controlled city",
    "next_to_enemy": "Extended Movement never goes next to an enemy unit",
    "ezoc": "it lies in an enemy ZOC",
    "start_ezoc": "rail movement never starts in an enemy ZOC",
    "unrepaired": "the railroad there is not yet repaired",
    "ferry_axis": "the Vladimirovka ferry serves Soviet units only",
    "ferry_used": "the Vladimirovka ferry has carried its one unit this turn",
    "ferry_one": "the Vladimirovka ferry carries one unit a turn",
    "stacking": "the stacking limit would be exceeded at the end of the move",
    "rail_stacking": "combat units moved by rail may not end stacked together",
    "no_mps": "not enough MPs left",
    "two_hexes": "Tactical Movement goes one or two hexes",
    "not_adjacent": "the next place is not next to the last",
    "no_way": "the step is not open to this kind of movement",
    "entry_area": "entering an entry area ends the move",
    "train": "it came by rail this phase (Train marker)",
    "disrupted": "a Disrupted unit moves only tactically and never out of an entry area",
    "not_good_order": "only Good Order units may do this",
    "boxed": "its MA is printed in a black box",
    "asu": "an ASU extends only on its Used side",
    "axis": "only the Soviet player uses the Shipping Paths",
    "mechanized": "only non-mechanized units and Supply Points go by sea",
    "one_unit": "only one unit at a time",
    "not_port": "sea movement starts in a port",
    "sea_used": "a unit has already used this sea's Shipping Paths this turn",
    "limit": "four units a turn move by rail",
    "map_limit": "only one unit a turn moves by rail from a map hex",
    "not_rail": "rail movement starts on a rail hex or in an entry area",
    "soviet": "only Axis units cross the Kerch Strait",
    "not_area_w": "the Kerch Strait is crossed from entry area W",
    "kerch_used": "a unit has already crossed the Kerch Strait this turn",
    "soviet_unit": "a Soviet unit is in Taman",
    "axis_port": "only Naval Infantry lands at an Axis-controlled port",
    "disrupted_landing": "it lands Disrupted",
    "voyage_ends": "the voyage costs all of its MA and ends the move",
    "flotilla_south": "the Volga Flotilla marker opens a crossing only in or north of "
    "hex 5622",
    "railhead": "Soviet units never rail into or past an Axis Railhead marker",
    "garrison": "a Garrison unit stays put until an Axis combat unit comes within five "
    "hexes of it",
    "north_caucasus": "a North Caucasus unit stays put until the Soviet units there are "
    "released",
    "blucher": "a Plan Blucher unit leaves entry area W only across the Kerch Strait",
    "arriving": "a North Caucasian Volunteer unit moves one hex on its turn of arrival",
}


def _s(sym: clingo.Symbol) -> str:
    return sym.string if sym.type == clingo.SymbolType.String else str(sym)


def _mp(half: int) -> float | int:
    return half // 2 if half % 2 == 0 else half / 2


@dataclass
class MoveEnd:
    place: str
    mode: str
    kind: str
    path: list[str]
    spent: float | int | None
    left: float | int | None
    must_stop: bool
    stop_rules: list[str]
    why_stop: str
    rules: list[str]
    also: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"hex": self.place, "kind": self.kind, "mode": self.mode, "path": self.path,
                "mp_spent": self.spent, "mp_left": self.left, "must_stop": self.must_stop,
                "why_stop": self.why_stop, "stop_rules": self.stop_rules,
                "rules": self.rules, "also_by": self.also, "notes": self.notes}


@dataclass
class MoveRefusal:
    place: str
    rule: str
    cause: str
    text: str
    mode: str
    rules: list[str]

    def to_json(self) -> dict[str, Any]:
        return {"hex": self.place, "rule": self.rule, "cause": self.cause, "why": self.text,
                "mode": self.mode, "rules": self.rules}


@dataclass
class MovesAnswer:
    units: list[str]
    start: str
    side: str
    chart: dict[str, Any]
    allowances: dict[str, float | int]
    no_modes: list[dict[str, str]]
    ends: list[MoveEnd]
    refused: list[MoveRefusal]

    def end(self, place: str) -> MoveEnd | None:
        return next((e for e in self.ends if e.place == place), None)

    @property
    def places(self) -> set[str]:
        return {e.place for e in self.ends}

    def to_json(self) -> dict[str, Any]:
        out = {"units": self.units, "from": self.start, "side": self.side,
               "chart": self.chart, "allowances": self.allowances,
               "modes_refused": self.no_modes,
               "reach": [e.to_json() for e in self.ends],
               "refused": [r.to_json() for r in self.refused]}
        if self.chart.get("practice"):
            out["chart_note"] = PRACTICE_NOTE
        return out


# -- the question ------------------------------------------------------------

def mover_name(units: Sequence[str]) -> str:
    return "+".join(units)


def validate(sc: Scenario, units: Sequence[str], option: str = "--unit") -> str:
    """The units exist, stand together and are on one side; returns where they stand."""
    if not units:
        raise usage_error("name a unit", option)
    for uid in units:
        if uid not in sc.units_by_id:
            raise usage_error(f"no unit '{uid}' in the position", option)
    places = {sc.units_by_id[u].hex for u in units}
    if len(places) > 1:
        raise usage_error("a stack moves together: the units must stand in one place "
                          f"(they are in {', '.join(sorted(places))}) (5.1)", option)
    if len({sc.units_by_id[u].side for u in units}) > 1:
        raise usage_error("the units of a stack are all on one side", option)
    if len(set(units)) != len(units):
        raise usage_error("a unit is named twice", option)
    return places.pop()


def chart_facts(sc: Scenario, chart: Tec) -> list[clingo.Symbol]:
    """The chart's costs for this turn's weather as facts: ``move_tec/3``,
    ``move_tec_road/3`` and ``move_tec_side/3`` (half MPs), ``move_tec_p/2`` and
    ``move_tec_side_p/2`` where it prohibits."""
    F, N = clingo.Function, clingo.Number
    out = []
    for name, keys, pred, prohibited in (
            ("terrain", TERRAINS, "move_tec", "move_tec_p"),
            ("roads", ROADS, "move_tec_road", None),
            ("hexsides", HEXSIDES, "move_tec_side", "move_tec_side_p")):
        block = chart.block(sc.weather, name)
        for key in keys:
            for cls in CLASSES:
                cost = block[key][cls]
                args = [F(const(key)), F(_CLASS[cls])]
                if cost is not None:
                    out.append(F(pred, [*args, N(cost)]))
                elif prohibited:
                    out.append(F(prohibited, args))
    return out


def cheapest_half(sc: Scenario, chart: Tec) -> int:
    costs = [c for name in ("terrain", "roads") for row in chart.block(sc.weather, name).values()
             for c in row.values() if c is not None]
    return max(1, min(costs, default=2))


def search_zone(sc: Scenario, units: Sequence[str], start: str, chart: Tec,
                extra: Iterable[str] = ()) -> set[str]:
    """The places the search may touch: every place within the longest allowance at
    the cheapest chart rate, the rail net joined to the start, the ports of the
    start's sea and (from entry area W) Taman."""
    us = [sc.units_by_id[u] for u in units]
    ma = min(u.ma for u in us) + 3
    radius = max(2, (2 * ma) // cheapest_half(sc, chart))
    out = zone(sc, [start], radius)
    # the rail net: hexes joined by railroad hexsides, and entry areas they touch
    rails: dict[str, set[str]] = {}
    for key, side in sc.map.hexsides.items():
        if side.rail:
            a, b = _pair(key)
            rails.setdefault(a, set()).add(b)
            rails.setdefault(b, set()).add(a)
    areas = sc.map.entry_areas
    todo = deque([start])
    seen = {start}
    while todo:
        p = todo.popleft()
        nxt = set(rails.get(p, ()))
        if p in areas:
            nxt |= {h for h in areas[p].hexes if h in rails}
        else:
            nxt |= {a for a, area in areas.items() if p in area.hexes and p in rails}
        if p in areas and p != start:
            continue
        for n in nxt - seen:
            seen.add(n)
            todo.append(n)
    out |= seen
    # the ports of the seas of the start and (Naval Infantry, 5.7.1) the places next to it
    seas = {spec.sea for p in (start, *place_links(sc, start))
            if (spec := sc.map.hexes.get(p)) is not None and spec.port and spec.sea}
    if seas:
        ports = {h for h, s in sc.map.hexes.items() if s.port and s.sea in seas}
        out |= ports
        if any(u.type == "naval-infantry" for u in us):   # a hex on land after landing
            out |= {n for p in ports for n in place_links(sc, p)}
    if start in areas:
        out |= {h for h, s in sc.map.hexes.items() if s.sea == "kerch"}
    out |= set(extra)
    return out


def _pair(key: str) -> tuple[str, str]:
    from adjudicator.hexgrid import parse_hexside_id
    a, b = parse_hexside_id(key)
    return a, b


def path_zone(sc: Scenario, start: str, path: Sequence[str]) -> set[str]:
    """The places a check of one proposed path searches: the path's places and every
    place next to one of them.

    A path is judged by following it state by state from the start (``mo_pk`` in
    move.lp): each step reads only the two places it joins (the edge, its costs and
    bars, where the mover must stop) and the state it leaves from, so the states of
    the rest of the reach never enter the answer. The one place a state can be
    reached again by another way is the start, and the way back matters only for
    Tactical Movement (two hexes: out to a neighbour and back) and Naval
    Infantry's voyage (back from a port next to the start): both run through the
    start's neighbours, which are in this zone. Any other lower allowance left at
    the start can only fail where the best one fails, for the same reasons. So the
    answer is the one the whole reach gives (``test_differential_move_path``
    compares the two), for a fraction of the grounding."""
    places = [start, *path]
    out = set(places)
    for p in places:
        out.update(place_links(sc, p))
    return out


def near_places(sc: Scenario, units: Sequence[str]) -> set[str]:
    """Where the units stand that ``move_near`` names (20.4: Axis combat units within
    five hexes of a Garrison unit), so that their facts are in a question's window."""
    out: set[str] = set()
    for uid in units:
        u = sc.units_by_id[uid]
        if u.garrison and not u.released and u.hex in sc.map.hexes:
            out |= {v.hex for v in sc.units if v.side == "axis" and v.is_combat
                    and v.hex in sc.map.hexes and sc.grid.distance(u.hex, v.hex) <= 5}
    return out


def question(sc: Scenario, units: Sequence[str], chart: Tec,
             path: Sequence[str] = (), whole_reach: bool = False
             ) -> tuple[str, list[clingo.Symbol], frozenset[str]]:
    """The mover's name, its facts and the window of the question. With a ``path``
    only the places along it are searched (``path_zone``), unless ``whole_reach``."""
    start = validate(sc, units)
    F, S, N = clingo.Function, clingo.String, clingo.Number
    m = mover_name(units)
    if path and not whole_reach:
        z = path_zone(sc, start, path)
        seen = window(sc, [z]) | near_places(sc, units)
    else:
        z = search_zone(sc, units, start, chart, path)
        seen = window(sc, [z])
    facts: list[clingo.Symbol] = [F("move_member", [S(m), S(u)]) for u in units]
    facts += [F("move_zone", [S(m), S(p)]) for p in sorted(z)]
    facts += chart_facts(sc, chart)
    for u in units:
        unit = sc.units_by_id[u]
        if unit.ma_boxed:
            facts.append(F("move_boxed", [S(u)]))
        if unit.used:
            facts.append(F("move_used_side", [S(u)]))
    used = sc.moves_used
    for what, n in (("rail", used.rail), ("rail_map", used.rail_map), ("kerch", used.kerch),
                    ("ferry", used.ferry)):
        if n:
            facts.append(F("move_used", [F(what), N(n)]))
    for sea in used.sea:
        facts.append(F("move_used", [F("sea", [F(sea)]), N(1)]))
    facts += special_facts(sc, units)
    if path:
        facts += [F("move_path", [S(m), N(i), S(p)]) for i, p in enumerate([start, *path])]
    return m, facts, frozenset(seen)


#: The army constant of ``move_army/2`` (4.3) for each ``army`` of a Soviet Army HQ.
ARMIES = {"1st-guards": "guards", "5th-shock": "shock", "tank": "tank"}


def special_facts(sc: Scenario, units: Sequence[str]) -> list[clingo.Symbol]:
    """The markers and unit flags the Movement Phase reads (5.5.3, 5.6.3, 20.4-20.8,
    22.3.1, 4.3), and the geometry they need (rows, distances), as ``move_*`` facts."""
    from adjudicator.hexgrid import parse_hex_id
    F, S = clingo.Function, clingo.String
    out: list[clingo.Symbol] = []
    for key, side in sc.map.hexsides.items():
        if side.flotilla:
            a, b = _pair(key)
            out += [F("move_flotilla", [S(a), S(b)]), F("move_flotilla", [S(b), S(a)])]
            out += [F("move_hex_row", [S(h), clingo.Number(parse_hex_id(h)[1])])
                    for h in (a, b)]
    out += [F("move_railhead", [S(h)]) for h, spec in sc.map.hexes.items() if spec.railhead]
    for aid, area in sc.map.entry_areas.items():
        out += [F("move_area_road", [S(aid), S(h), F(k)]) for h, k in area.roads.items()]
    axis_combat = [v for v in sc.units if v.side == "axis" and v.is_combat
                   and v.hex in sc.map.hexes]
    for u in sc.units:
        if u.army:
            out.append(F("move_army", [S(u.id), F(ARMIES[u.army])]))
    for uid in units:
        u = sc.units_by_id[uid]
        for flag, pred in (("garrison", "move_garrison"), ("north_caucasus",
                           "move_north_caucasus"), ("released", "move_released"),
                           ("blucher", "move_blucher"), ("arriving", "move_arriving")):
            if getattr(u, flag):
                out.append(F(pred, [S(uid)]))
        if u.garrison and not u.released and u.hex in sc.map.hexes:
            out += [F("move_near", [S(uid), S(v.id)]) for v in axis_combat
                    if sc.grid.distance(u.hex, v.hex) <= 5]
    return out


# -- the answer --------------------------------------------------------------

class _Graph:
    """The answer's states and steps for one mover, walked for witness paths."""

    def __init__(self, ans, m: str):
        self.steps: dict[str, dict[tuple, list[tuple]]] = {}
        self.states: dict[str, list[tuple]] = {}
        for s in ans.by_name("move_step", 7):
            a = s.arguments
            if _s(a[0]) != m:
                continue
            x = a[1].name
            src = (_s(a[2]), a[3].number)
            self.steps.setdefault(x, {}).setdefault(src, []).append(
                (_s(a[4]), a[5].number, a[6].name))
        for s in ans.by_name("move_state", 5):
            a = s.arguments
            if _s(a[0]) == m:
                self.states.setdefault(a[1].name, []).append((_s(a[2]), a[3].number,
                                                              a[4].name))

    def walk(self, mode: str, start: str, allow: int) -> dict[tuple, tuple | None]:
        """Breadth-first over the states of ``mode``: each state's parent."""
        root = (start, allow)
        parent: dict[tuple, tuple | None] = {root: None}
        todo = deque([root])
        steps = self.steps.get(mode, {})
        while todo:
            st = todo.popleft()
            for n, k, _g in steps.get(st, ()):
                if (n, k) not in parent:
                    parent[(n, k)] = st
                    todo.append((n, k))
        return parent


def _path(parent: dict[tuple, tuple | None], state: tuple) -> list[str]:
    out = []
    while state is not None:
        out.append(state[0])
        state = parent[state]
    return list(reversed(out))[1:]


def moves(sc: Scenario, units: Sequence[str], solver: Solver | None = None,
          chart: Tec | None = None, readings: dict[str, str] | None = None) -> MovesAnswer:
    """Every place the unit or stack may end its Movement Phase move in, and why not
    the places next to its reach."""
    chart = chart or tec_chart()
    solver = solver or Solver(sc.game)
    m, facts, seen = question(sc, units, chart)
    ans = solver.solve(sc, "moves", extra=facts, readings=readings, window=seen)
    return answer(sc, list(units), m, ans, chart)


def answer(sc: Scenario, units: list[str], m: str, ans, chart: Tec) -> MovesAnswer:
    start = sc.units_by_id[units[0]].hex
    side = sc.units_by_id[units[0]].side

    def mine(name: str, arity: int) -> list[tuple]:
        return [s.arguments for s in ans.by_name(name, arity) if _s(s.arguments[0]) == m]

    allow: dict[str, int] = {}
    allow_rules: dict[str, set[str]] = {}
    for a in mine("move_allow", 4):
        allow[a[1].name] = a[2].number
        allow_rules.setdefault(a[1].name, set()).add(_s(a[3]))
    no_modes = sorted(({"mode": a[1].name, "rule": _s(a[2]), "cause": a[3].name,
                        "why": CAUSES.get(a[3].name, a[3].name)}
                       for a in mine("move_no_mode", 4)),
                      key=lambda d: (MODES.index(d["mode"]), rule_key(d["rule"])))
    graph = _Graph(ans, m)
    ends_by: dict[str, dict[str, tuple]] = {}
    for a in mine("move_end", 3):
        ends_by.setdefault(_s(a[2]), {})[a[1].name] = ()
    stops: dict[str, list[tuple[str, str]]] = {}
    for a in mine("move_stop", 4):
        stops.setdefault(_s(a[1]), []).append((_s(a[2]), a[3].name))
    road_edges = {(_s(a[1]), _s(a[2])) for a in mine("move_part", 6) if a[5].name == "road"}
    part_rules: dict[tuple[str, str], set[str]] = {}
    for a in mine("move_part", 6):
        part_rules.setdefault((_s(a[1]), _s(a[2])), set()).add(_s(a[4]))
    landing = {(_s(a[1])): (_s(a[2])) for a in mine("move_landing", 4)}
    disrupts = {(a[1].name, _s(a[2])): _s(a[3]) for a in mine("move_disrupts", 4)}
    naval = allow.get("sea", 0) > 0
    parents = {x: graph.walk(x, start, allow.get(x, 0)) for x in MODES if x in allow}
    ends: list[MoveEnd] = []
    for place in sorted(ends_by, key=lambda p: (p not in sc.map.hexes, p)):
        modes = [x for x in MODES if x in ends_by[place]]
        x = modes[0]
        best = max((st for st in parents[x] if st[0] == place and st[1] >= 0),
                   key=lambda st: st[1])
        path = _path(parents[x], best)
        rules = set(allow_rules.get(x, ()))
        prev = start
        for p in path:
            rules |= part_rules.get((prev, p), set()) if x in ("normal", "extended") else set()
            prev = p
        if x in ("normal", "extended"):
            spent, left = _mp(allow[x] - best[1]), _mp(best[1])
            kind = x
            if x == "normal" and any((a, b) in road_edges
                                     for a, b in zip([start, *path], path, strict=False)):
                kind = "road"
        else:
            spent, left, kind = None, None, x
        why = stops.get(place, [])
        must_stop = bool(why) or x in ("rail", "kerch") or (x == "sea" and not naval)
        stop_rules = sorted({r for r, _ in why}, key=rule_key)
        texts = [CAUSES[c] for _, c in why]
        notes = []
        if x == "rail":
            stop_rules = sorted({*stop_rules, "5.6.3"}, key=rule_key)
            texts.append("a unit that moves by rail uses no other movement that turn")
            notes.append("place a Train marker on it (5.6.1)")
        if x in ("sea", "kerch"):
            r = "5.7.1" if x == "sea" else "5.7.2"
            if x == "sea" and naval:
                notes.append("Naval Infantry: the voyage is one of its two Tactical "
                             "Movement hexes (5.7.1)")
            else:
                stop_rules = sorted({*stop_rules, r}, key=rule_key)
                texts.append("the crossing costs all of its MA")
            if place in landing:
                notes.append(f"it lands Disrupted ({landing[place]})")
        if x == "tactical":
            notes.append("Tactical Movement: the unit may still attack (5.4)")
        if (x, place) in disrupts:
            notes.append(f"it ends Disrupted: an ASU that moves more than two hexes "
                         f"({disrupts[(x, place)]})")
            rules.add(disrupts[(x, place)])
        rules |= set(stop_rules)
        ends.append(MoveEnd(place, x, kind, path, spent, left, must_stop, stop_rules,
                            "; ".join(texts), sorted(rules, key=rule_key), modes[1:], notes))
    refused = _refusals(sc, m, start, ans, ends_by, parents, mine)
    return MovesAnswer(units, start, side, chart.describe(),
                       {x: _mp(k) for x, k in allow.items() if x in ("normal", "extended")}
                       | ({"tactical_hexes": allow["tactical"]} if "tactical" in allow
                          else {}),
                       no_modes, ends, refused)


def _refusals(sc, m, start, ans, ends_by, parents, mine) -> list[MoveRefusal]:
    """Places next to where the mover may still go on from, that it may not end in."""
    go_places = {start}
    for a in mine("move_state", 5):
        if a[4].name == "go" and a[1].name in ("normal", "extended", "tactical"):
            go_places.add(_s(a[2]))
    cands = {n for p in go_places for n in place_links(sc, p)} - set(ends_by) - {start}
    bars: dict[str, list[tuple]] = {}
    for a in mine("move_no", 6):
        bars.setdefault(_s(a[3]), []).append((a[1].name, _s(a[4]), a[5].name))
    dear: dict[str, list[tuple]] = {}
    for a in mine("move_dear", 6):
        dear.setdefault(_s(a[3]), []).append((a[1].name, a[4].number, a[5].number))
    over = {}
    for a in mine("move_over", 3):
        over.setdefault(_s(a[1]), set()).add(_s(a[2]))
    out = []
    for n in sorted(cands, key=lambda p: (p not in sc.map.hexes, p)):
        if n in bars:
            x, r, c = min(bars[n], key=lambda t: (MODES.index(t[0]), rule_key(t[1])))
            rules = sorted({r for _, r, _ in bars[n]}, key=rule_key)
            out.append(MoveRefusal(n, r, c, CAUSES.get(c, c), x, rules))
        elif n in over:
            rules = sorted(over[n], key=rule_key)
            out.append(MoveRefusal(n, "4.4", "stacking", CAUSES["stacking"], "normal", rules))
        elif n in dear:
            x, cost, left = min(dear[n], key=lambda t: (-t[2], MODES.index(t[0])))
            out.append(MoveRefusal(
                n, "5.1", "no_mps",
                f"entering costs {_mp(cost)} MP, at most {_mp(left)} MP are left", x, ["5.1"]))
        else:
            # only a tactical or a stopped state touches it: nothing is left to go on
            out.append(MoveRefusal(n, "5.1", "no_mps", "no movement is left to enter it",
                                   "normal", ["5.1"]))
    return out


# -- check --move ------------------------------------------------------------

def parse_move(spec: str) -> tuple[str, list[str]]:
    """``UNIT:H1,H2,...`` -> (unit id, hexes); the unit id may itself contain ':'."""
    unit_id, sep, rest = spec.rpartition(":")
    hexes = [h.strip() for h in rest.split(",") if h.strip()]
    if not sep or not unit_id or not hexes:
        raise usage_error(f"expected UNIT:HEX,HEX,... (e.g. 11Pz:0405,0406), got '{spec}'",
                          "--move")
    return unit_id, hexes


def check_move(sc: Scenario, spec: str, solver: Solver | None = None,
               readings: dict[str, str] | None = None, chart: Tec | None = None,
               whole_reach: bool = False, windowed: bool = True) -> CheckAnswer:
    """May the unit move along this whole path this Movement Phase? The first illegal
    step and its rule if not. Only the places along the path are searched
    (``path_zone``; ``whole_reach`` searches the unit's whole reach, as ``moves``
    does: the same answer, more slowly). ``windowed``: only the units near the path
    are added to the solver; without, the whole position is (once for every question
    about it: what a caller asking many questions of one kept position wants)."""
    unit_id, hexes = parse_move(spec)
    if unit_id not in sc.units_by_id:
        raise usage_error(f"no unit '{unit_id}' in the position", "--move")
    for h in hexes:
        if h not in sc.map.hexes and h not in sc.map.entry_areas:
            raise usage_error(f"'{h}' is not a hex or entry area of the map", "--move")
    chart = chart or tec_chart()
    solver = solver or Solver(sc.game)
    m, facts, seen = question(sc, [unit_id], chart, hexes, whole_reach)
    ans = solver.solve(sc, "moves", extra=facts, readings=readings,
                       window=seen if windowed else None)
    start = sc.units_by_id[unit_id].hex
    places = [start, *hexes]
    ok = [a[1].name for a in (s.arguments for s in ans.by_name("move_path_ok", 2))
          if _s(a[0]) == m]
    fails: dict[str, list[tuple[int, str, str]]] = {}
    for s in ans.by_name("move_path_fail", 5):
        a = s.arguments
        if _s(a[0]) == m:
            fails.setdefault(a[1].name, []).append((a[2].number, _s(a[3]), a[4].name))
    target = hexes[-1]
    if ok:
        mode = min(ok, key=MODES.index)
        rules = set(_mode_rules(mode))
        if mode in ("normal", "extended"):
            steps = set(zip(places, places[1:], strict=False))
            for s in ans.by_name("move_part", 6):
                a = s.arguments
                if _s(a[0]) == m and (_s(a[1]), _s(a[2])) in steps:
                    rules.add(_s(a[4]))
        note = Finding("path_ok", f"{unit_id} may move {' '.join(places)} by {mode} movement",
                       sorted(rules, key=rule_key))
        stops = [_s(s.arguments[2]) for s in ans.by_name("move_stop", 4)
                 if _s(s.arguments[1]) == target and _s(s.arguments[0]) == m]
        stop = bool(stops)
        if stops:
            note.rules = sorted(set(note.rules) | set(stops), key=rule_key)
        found = [note]
        for s in ans.by_name("move_path_disrupts", 2):
            if _s(s.arguments[0]) == m and mode != "tactical":
                found.append(Finding("asu_disrupted", f"{unit_id} moves more than two hexes "
                                     "and ends Disrupted", [_s(s.arguments[1])]))
        return CheckAnswer("move", unit_id, start, target, True, stop,
                           [*found, _chart_finding(chart)])
    # the mode that follows the path furthest, normal first on ties
    best = None
    for x in MODES:
        for i, r, c in sorted(fails.get(x, []), key=lambda t: (t[0], rule_key(t[1]))):
            key = (i, -MODES.index(x))
            if best is None or key > best[0]:
                best = (key, x, i, r, c)
            break
    findings = []
    if best is not None:
        _, x, i, r, c = best
        step = (f"step {i}, {places[i - 1]} to {places[i]}" if i > 0
                else f"{unit_id} may not use {x} movement")
        words = CAUSES.get(c, c)
        if i > 1 and r in ("6.2", "22.3.1") and c in ("ezoc", "entry_area"):
            words = f"the move had to stop in {places[i - 1]}: {words}"
        findings.append(Finding(c, f"{step} ({x} movement): {words}", [r], True))
        for y in MODES:
            if y != x and fails.get(y):
                j, ry, cy = min(fails[y], key=lambda t: (t[0], rule_key(t[1])))
                if j == 0 and y in ("rail", "sea", "kerch"):
                    continue
                findings.append(Finding(cy, f"by {y} movement it fails at step {j}: "
                                        f"{CAUSES.get(cy, cy)}", [ry], False))
    findings.append(_chart_finding(chart))
    return CheckAnswer("move", unit_id, start, target, False, False, findings)


def _chart_finding(chart: Tec) -> Finding:
    text = f"MP costs from {chart.label()}"
    if chart.practice:
        text += f" ({PRACTICE_NOTE})"
    return Finding("chart", text, [])


def _mode_rules(mode: str) -> list[str]:
    return {"normal": ["5.1"], "extended": ["5.3"], "tactical": ["5.4"], "rail": ["5.6.1"],
            "sea": ["5.7.1"], "kerch": ["5.7.2"]}[mode]


def check_move_kind(sc: Scenario, spec: str, solver: Solver | None = None,
                    readings: dict[str, str] | None = None) -> CheckAnswer:
    return check_move(sc, spec, solver, readings)


register_kind(Kind(
    "move", "UNIT:HEX,HEX,...",
    "may the unit move along this whole path in the Movement Phase? The first illegal "
    "step and its rule if not (4.x, 5.1-5.7, 6.2, 7.2)",
    check_move_kind,
))


def moves_many(sc: Scenario, movers: Sequence[Sequence[str]], solver: Solver | None = None,
               chart: Tec | None = None, readings: dict[str, str] | None = None
               ) -> list[MovesAnswer]:
    """The reach of several units or stacks of one position in one solver call (every
    unit of a side, say); the same answers as ``moves`` one by one. Each mover's facts
    are keyed by its name, so the movers do not see each other's questions."""
    chart = chart or tec_chart()
    solver = solver or Solver(sc.game)
    facts: list[clingo.Symbol] = []
    seen: set[str] = set()
    names = []
    for units in movers:
        m, f, w = question(sc, units, chart)
        names.append(m)
        facts += f
        seen |= w
    ans = solver.solve(sc, "moves", extra=list(dict.fromkeys(facts)), readings=readings,
                       window=seen)
    parts = _by_mover(ans)
    return [answer(sc, list(units), m, parts.get(m, _Part({})), chart)
            for units, m in zip(movers, names, strict=True)]


#: The mover-keyed predicates ``answer`` reads.
_READ = (("move_allow", 4), ("move_no_mode", 4), ("move_step", 7), ("move_state", 5),
         ("move_end", 3), ("move_stop", 4), ("move_part", 6), ("move_landing", 4),
         ("move_disrupts", 4), ("move_no", 6), ("move_dear", 6), ("move_over", 3))


class _Part:
    """One mover's atoms of a shared answer, read like the answer itself."""

    def __init__(self, atoms: dict[tuple[str, int], list[clingo.Symbol]]):
        self.atoms = atoms

    def by_name(self, name: str, arity: int) -> list[clingo.Symbol]:
        return self.atoms.get((name, arity), [])


def _by_mover(ans) -> dict[str, _Part]:
    """Split an answer about several movers by mover, once (each mover's answer would
    otherwise scan every mover's atoms)."""
    out: dict[str, dict[tuple[str, int], list[clingo.Symbol]]] = {}
    for key in _READ:
        for sym in ans.by_name(*key):
            out.setdefault(_s(sym.arguments[0]), {}).setdefault(key, []).append(sym)
    return {m: _Part(atoms) for m, atoms in out.items()}
