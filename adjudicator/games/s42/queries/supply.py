"""Supply and isolation (Stalingrad '42 chapter 16, with 5.5.6, 7.2, 17.4, 22.2,
23.2.3, 23.3.3, 24.1.1).

``supply(sc)`` answers, for every unit (or every unit of one side), whether it is
in supply, out of supply or isolated, with the rules that decide it:

* a unit in supply gets a witness Line of Supply, split into the hexes its
  overland portion enters and the hexes its road portion enters, and the
  source it reaches;
* a unit out of supply (a line exists only with an unlimited overland
  portion) gets the length rule that refuses it;
* an isolated unit gets the rule that cut the nearest attempt: of the steps
  out of its pocket toward a source, the one closest to the unit.

The encoding (``asp/s42/supply.lp``) decides everything; this module only
collects the atoms, follows the road net to finish a witness (a shortest walk
along road links the encoding has already approved) and measures distances.
"""

from __future__ import annotations

from collections import defaultdict, deque
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Any

import clingo

from adjudicator.games.s42.queries.zoc import rule_key
from adjudicator.hexgrid import offset_to_cube, parse_hex_id
from adjudicator.scenario import Scenario
from adjudicator.solver import Answer, Solver

STATUSES = ("in-supply", "out-of-supply", "isolated")

#: Reasons a step out of a pocket is refused, in words (supply_refused/5 Why).
CUT_WHY = {
    "impassable": "impassable hexside",
    "alpine": "alpine hexside not crossed by a road",
    "volga": "the Volga away from a bridge or ferry",
    "bond_hexside": "enemy ZOC Hexside Bond",
    "bond_hex": "enemy ZOC Hex Bond",
    "enemy_unit": "enemy units in the hex",
    "enemy_city": "vacant enemy-controlled city hex",
    "enemy_vp": "vacant enemy-controlled VP hex",
    "ezoc_twice": "second enemy-ZOC hex in a row",
}

SOURCE_KIND = {"16.2.1": "scenario", "16.2.2": "entry-area", "16.2.3": "port",
               "16.2.4": "port", "16.2.5": "port"}


def sorted_rules(rules) -> list[str]:
    return sorted(set(rules), key=rule_key)


def _s(sym: clingo.Symbol) -> str:
    """A symbol's text: strings unquoted, constants with '-' for '_'."""
    if sym.type == clingo.SymbolType.String:
        return sym.string
    if sym.type == clingo.SymbolType.Number:
        return str(sym.number)
    return str(sym).replace("_", "-")


@dataclass
class Source:
    side: str
    kind: str  # entry-area | port | scenario
    where: str  # entry-area id or hex id
    rules: list[str]


@dataclass
class Cut:
    """The step that cut the nearest attempt to reach supply."""

    from_hex: str
    into: str
    why: str
    rules: list[str]
    distance: int


@dataclass
class UnitSupply:
    id: str
    side: str
    hex: str
    status: str
    #: the witness line: the unit's hex, every hex entered, and the entry-area id
    #: when it ends in one; empty when there is none
    path: list[str]
    overland: list[str]
    road: list[str]
    source: Source | None
    overland_cost: int | None
    rules: list[str]
    reason: str
    cut: Cut | None = None
    #: for an isolated unit: every refused step out of its pocket, nearest first
    cuts: list[Cut] = field(default_factory=list)
    marker: str = "in-supply"  # the marker the unit bears in the file

    @property
    def changed(self) -> bool:
        return self.marker != self.status

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["source"] = asdict(self.source) if self.source else None
        out["cut"] = asdict(self.cut) if self.cut else None
        out["cuts"] = [asdict(c) for c in self.cuts]
        out["marker_changes"] = self.changed
        return out


@dataclass
class VpSupply:
    hex: str
    controller: str | None
    axis: str
    soviet: str
    counts: bool | None  # for an Axis-held VP hex: does it count (24.1.1)
    rules: list[str] = field(default_factory=lambda: ["24.1.1"])


@dataclass
class SupplyAnswer:
    units: list[UnitSupply]
    limit: int
    limit_rules: list[str]
    sources: list[Source]
    sea_control: dict[str, str]
    connecting_rail: dict[str, list[str]]
    vp_hexes: list[VpSupply]
    readings: dict[str, str]

    def unit(self, uid: str) -> UnitSupply:
        return next(u for u in self.units if u.id == uid)

    def to_json(self) -> dict[str, Any]:
        return {
            "units": [u.to_json() for u in self.units],
            "overland_limit": {"hexes": self.limit, "rules": self.limit_rules},
            "sources": [asdict(s) for s in self.sources],
            "sea_control": self.sea_control,
            "connecting_rail_hexes": self.connecting_rail,
            "vp_hexes": [asdict(v) for v in self.vp_hexes],
            "readings": self.readings,
            "rules": ["16.1", "16.2", "16.3", "16.5.1"],
        }


def solve_supply(sc: Scenario, solver: Solver | None = None,
                 readings: dict[str, str] | None = None, query: str = "supply") -> Answer:
    solver = solver or Solver(sc.game)
    return solver.solve(sc, query, readings=readings)


def supply(sc: Scenario, solver: Solver | None = None, side: str | None = None,
           readings: dict[str, str] | None = None, answer: Answer | None = None) -> SupplyAnswer:
    """Supply status, witness line and reasons for every unit (of ``side``)."""
    solver = solver or Solver(sc.game)
    ans = answer or solve_supply(sc, solver, readings)
    return interpret(sc, ans, side, {**solver.readings_for(sc), **(readings or {})})


def interpret(sc: Scenario, ans: Answer, side: str | None = None,
              readings: dict[str, str] | None = None) -> SupplyAnswer:
    limit, limit_rules = 5, ["16.3.2"]
    for n, r in ans.rows("los_limit", 2):
        limit, limit_rules = n, [r]
    if limit != 5:
        limit_rules = sorted_rules(["16.3.2", *limit_rules])
    sources: list[Source] = []
    area_rules: dict[tuple[str, str], list[str]] = defaultdict(list)
    hex_rules: dict[tuple[str, str], list[str]] = defaultdict(list)
    for s, a, r in ans.rows("area_source", 3):
        area_rules[(s, a)].append(r)
    for s, h, r in ans.rows("hex_source", 3):
        hex_rules[(s, h)].append(r)
    for (s, a), rules in sorted(area_rules.items()):
        kind = "entry-area" if "16.2.2" in rules else "scenario"
        sources.append(Source(s, kind, a, sorted_rules(rules + (["22.2"] if kind == "entry-area"
                                                                  else []))))
    for (s, h), rules in sorted(hex_rules.items()):
        kinds = {SOURCE_KIND[r] for r in rules}
        kind = "port" if "port" in kinds else "scenario"
        sources.append(Source(s, kind, h, sorted_rules(rules)))
    sea_control = {_const(sea): s for s, sea, _ in ans.rows("sea_control", 3)}

    status: dict[str, tuple[str, list[str]]] = {}
    for u, st, r in ans.rows("supply_status", 3):
        name = _const(st)
        prev = status.get(u, (name, []))
        status[u] = (name, prev[1] + [r])

    steps: dict[tuple[str, str], dict[int, tuple[str, int]]] = defaultdict(dict)
    for s, h0, i, h, d in ans.rows("supply_step", 5):
        steps[(s, h0)][i] = (h, d)
    ends = {(s, h0): (h, k, w) for s, h0, h, k, w in ans.rows("supply_end", 5)}
    best = {(s, h0): d for s, h0, d in ans.rows("supply_best", 3)}
    road_next: dict[str, dict[str, list[tuple[str, str]]]] = defaultdict(lambda: defaultdict(list))
    for s, a, b, r in ans.rows("road_next", 4):
        road_next[s][a].append((b, r))
    road_end: dict[str, dict[str, tuple[str, str]]] = defaultdict(dict)
    for s, h, k, w in sorted(ans.rows("road_end", 4), key=lambda t: (t[0], t[1], t[2])):
        road_end[s].setdefault(h, (k, w))
    nets = {s: _RoadNet(road_next[s], road_end[s]) for s in ("axis", "soviet")}
    pockets = _Pockets(ans)
    no_source = {(s, h0) for s, h0, _ in ans.rows("supply_no_source", 3)}
    area_exit: dict[str, list[str]] = defaultdict(list)
    for u, h in ans.rows("supply_area_exit", 2):
        area_exit[u].append(h)

    src_by = {(s.side, s.where): s for s in sources}
    units: list[UnitSupply] = []
    for u in sc.units:
        if side and u.side != side:
            continue
        st, rules = status.get(u.id, ("isolated", ["16.5.1"]))
        st = st.replace("_", "-")
        rec = UnitSupply(u.id, u.side, u.hex, st, [], [], [], None, None,
                         sorted_rules(rules), "", marker=u.supply)
        if u.hex in sc.map.entry_areas:
            _area_unit(sc, rec, src_by, nets[u.side], area_exit[u.id], limit)
        elif st == "in-supply":
            _witness(rec, steps[(u.side, u.hex)], ends.get((u.side, u.hex)),
                     nets[u.side], src_by, best.get((u.side, u.hex)))
            if rec.overland and limit != 5:
                rec.rules = sorted_rules(rec.rules + limit_rules)
            rec.reason = _in_supply_reason(rec, limit)
        elif st == "out-of-supply":
            rec.reason = (f"no Line of Supply with an overland portion of at most {limit} hexes; "
                          "one exists with an unlimited overland portion, so not isolated")
        else:
            rec.cuts = ([] if (u.side, u.hex) in no_source
                        else pockets.unit_cuts(sc, u.side, u.hex))
            rec.cut = rec.cuts[0] if rec.cuts else None
            if rec.cut:
                nearest = [c for c in rec.cuts if c.distance == rec.cut.distance]
                rec.rules = sorted_rules(rec.rules + [r for c in nearest for r in c.rules])
                rec.reason = (f"no Line of Supply even with unlimited overland length; nearest "
                              f"attempt cut at {rec.cut.from_hex}->{rec.cut.into}: {rec.cut.why}")
            elif (u.side, u.hex) in no_source:
                rec.rules = sorted_rules(rec.rules + ["16.2.1"])
                rec.reason = "no friendly Supply Source is connected to this hex at all"
            else:
                rec.reason = "no Line of Supply even with unlimited overland length"
        units.append(rec)

    rail: dict[str, list[str]] = {"axis": [], "soviet": []}
    for s, h, _ in ans.rows("connecting_rail_hex", 3):
        rail[s].append(h)
    rail = {k: sorted(v) for k, v in rail.items()}
    vp_states: dict[str, dict[str, str]] = defaultdict(dict)
    for h, s, st, _ in ans.rows("vp_supply", 4):
        vp_states[h][s] = _const(st)
    counts = {h: True for h, _ in ans.rows("vp_counts", 2)}
    counts.update({h: False for h, _ in ans.rows("vp_not_counted", 2)})
    vps = []
    for h, st in sorted(vp_states.items()):
        vps.append(VpSupply(h, _controller(sc, h), st.get("axis", "isolated"),
                            st.get("soviet", "isolated"), counts.get(h)))
    return SupplyAnswer(units, limit, limit_rules, sources, sea_control, rail, vps,
                        dict(sorted((readings or {}).items())))


def _controller(sc: Scenario, h: str) -> str | None:
    sides = {u.side for u in sc.units_at(h)}
    if len(sides) == 1:
        return sides.pop()
    return sc.map.hexes[h].control


def _const(value: str) -> str:
    """A constant argument as text, with '-' for '_'."""
    return value.replace("_", "-")


class _RoadNet:
    """The approved road links of one side and the road ends, for witness walks.

    ``walk(start)`` is the breadth-first walk from ``start`` that tries the links of
    each hex in sorted order and stops at the first road end it finds. Only hexes on
    some shortest way to an end can lie on that walk, so the search is confined to
    them: the distance of every hex to its nearest end is found once, backwards from
    all the ends, and each walk only follows links that bring it one step nearer.
    """

    def __init__(self, nxt: dict[str, list[tuple[str, str]]], ends: dict[str, tuple[str, str]]):
        self.nxt = {h: sorted(links) for h, links in nxt.items()}
        self.ends = ends
        back: dict[str, list[str]] = defaultdict(list)
        for a, links in nxt.items():
            for b, _ in links:
                back[b].append(a)
        dist = {h: 0 for h in ends}
        queue = deque(ends)
        while queue:
            h = queue.popleft()
            for a in back.get(h, ()):
                if a not in dist:
                    dist[a] = dist[h] + 1
                    queue.append(a)
        self.dist = dist
        self.done: dict[str, tuple[list[str], list[str], tuple[str, str]]] = {}

    def walk(self, start: str) -> tuple[list[str], list[str], tuple[str, str]]:
        """The hexes the walk enters (not ``start``), the rules of its links, its end."""
        if start in self.done:
            found = self.done[start]
            return list(found[0]), list(found[1]), found[2]
        found = self._walk(start)
        self.done[start] = found
        return list(found[0]), list(found[1]), found[2]

    def _walk(self, start: str) -> tuple[list[str], list[str], tuple[str, str]]:
        ends = self.ends
        if start in ends:
            return [], [], ends[start]
        dist = self.dist
        if start not in dist:
            raise RuntimeError(f"road witness from {start} found no end: encoding and walker "
                               "disagree")
        total = dist[start]
        prev: dict[str, tuple[str, str]] = {start: ("", "")}
        queue = deque([(start, 0)])
        while queue:
            h, depth = queue.popleft()
            for b, rule in self.nxt.get(h, ()):
                if b in prev or dist.get(b, -1) != total - depth - 1:
                    continue
                prev[b] = (h, rule)
                if b in ends:
                    walk, rules, x = [], [], b
                    while x != start:
                        p, r = prev[x]
                        walk.append(x)
                        rules.append(r)
                        x = p
                    return walk[::-1], rules[::-1], ends[b]
                queue.append((b, depth + 1))
        raise RuntimeError(f"road witness from {start} found no end: encoding and walker disagree")


def _witness(rec: UnitSupply, steps: dict[int, tuple[str, int]], end, net: _RoadNet,
             src_by, best) -> None:
    overland = [steps[i][0] for i in sorted(steps) if i > 0]
    rec.overland_cost = best
    path = [rec.hex, *overland]
    rules = list(rec.rules)
    if overland:
        rules.append("16.3.2")
    if end is None:  # cannot happen for a unit in supply; keep the answer honest
        rec.path, rec.overland = path, overland
        return
    at, kind, where = end
    road: list[str] = []
    if kind in ("road", "switch"):
        start = at if kind == "road" else where
        walk, link_rules, (ekind, ewhere) = net.walk(start)
        road = ([where] if kind == "switch" else []) + walk
        rules += ["16.3.3", *link_rules]
        if kind == "switch":
            rules.append("16.3.1")
        path += road
        if ekind == "area":
            path.append(ewhere)
            src = src_by.get((rec.side, ewhere))
        else:
            src = src_by.get((rec.side, ewhere))
    elif kind == "area":
        path.append(where)
        src = src_by.get((rec.side, where))
    else:  # hex source
        src = src_by.get((rec.side, where))
    if src:
        rules += src.rules
    rec.path, rec.overland, rec.road, rec.source = path, overland, road, src
    rec.rules = sorted_rules(rules)


def _in_supply_reason(rec: UnitSupply, limit: int) -> str:
    src = rec.source
    to = f"{src.kind} {src.where}" if src else "a Supply Source"
    bits = []
    if rec.overland:
        bits.append(f"{len(rec.overland)} hex(es) overland (cost {rec.overland_cost} of {limit})")
    if rec.road:
        bits.append(f"{len(rec.road)} hex(es) by road")
    how = ", then ".join(bits) if bits else "directly"
    return f"traces a Line of Supply to {to}: {how}"


def _area_unit(sc: Scenario, rec: UnitSupply, src_by, net: _RoadNet, exits,
               limit: int) -> None:
    area = rec.hex
    if rec.status == "in-supply" and (rec.side, area) in src_by:
        rec.path = [area]
        rec.source = src_by[(rec.side, area)]
        rec.reason = f"in friendly entry area {area}, itself a Supply Source"
        return
    if rec.status == "in-supply" and exits:
        h = sorted(exits)[0]
        walk, link_rules, (ekind, ewhere) = net.walk(h)
        rec.road = [h, *walk]
        rec.path = [area, *rec.road] + ([ewhere] if ekind == "area" else [])
        rec.source = src_by.get((rec.side, ewhere))
        rec.rules = sorted_rules(rec.rules + ["16.3.3", *link_rules]
                                 + (rec.source.rules if rec.source else []))
        rec.reason = f"beyond entry area {area}: a road-bound line leaves it through {h}"
        return
    if rec.status == "out-of-supply":
        rec.reason = f"beyond entry area {area}: no road-bound Line of Supply leaves it"
    else:
        rec.reason = f"beyond entry area {area}: no Line of Supply of any length leaves it"


class _Pockets:
    """The pockets of the isolated units, from the steps the encoding approved.

    ``supply_pocket_first`` (out of a unit's own hex), ``supply_pocket_pair`` and
    ``supply_pocket_oneway`` (out of a hex a line has entered: the steps that go both
    ways once, and those that go one way) and ``supply_refused`` come once per side for all its
    pockets; a unit's pocket is its hex and what the approved steps reach from it.
    When every approved step between two hexes can be taken both ways (the usual
    case), the reach of a hex is its connected piece, found once for all units.
    """

    def __init__(self, ans: Answer):
        self.first: dict[tuple[str, str], list[str]] = defaultdict(list)
        for s, h0, b in ans.rows_unsorted("supply_pocket_first", 3):
            self.first[(s, h0)].append(b)
        links: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
        for s, a, b in ans.rows_unsorted("supply_pocket_pair", 3):
            links[s][a].append(b)
            links[s][b].append(a)
        for s, a, b in ans.rows_unsorted("supply_pocket_oneway", 3):
            links[s][a].append(b)
        # A reach from the first steps only passes through hexes some step enters:
        # the steps out of the others are dropped (a unit's own hex may be one no
        # line enters, closed to lines that pass by).
        self.links: dict[str, dict[str, list[str]]] = {}
        for s, by in links.items():
            entered = {b for bs in by.values() for b in bs}
            self.links[s] = {a: bs for a, bs in by.items() if a in entered}
        self.refused: dict[str, dict[str, list[tuple[str, str, str]]]] = defaultdict(
            lambda: defaultdict(list))
        for s, a, b, r, w in ans.rows_unsorted("supply_refused", 5):
            self.refused[s][a].append((b, r, w))
        self.piece: dict[str, dict[str, int]] = {}
        #: (side, the pieces a pocket is made of) -> its refused steps out, each step
        #: (from, into) once with its (rule, why) pairs, its words and the cube
        #: coordinates of both hexes (named once per pocket, whichever unit asks)
        self.base: dict[tuple[str, frozenset], tuple[set[str], list[_Step]]] = {}
        self.pieces: dict[str, list[set[str]]] = {}

    def _symmetric(self, side: str) -> bool:
        links = self.links.get(side, {})
        return all(a in links.get(b, ()) for a, bs in links.items() for b in bs)

    def _reach(self, side: str, starts: list[str]) -> set[str]:
        links = self.links.get(side, {})
        if side not in self.piece and self._symmetric(side):
            piece: dict[str, int] = {}
            pieces: list[set[str]] = []
            for h in links:
                if h in piece:
                    continue
                seen = {h}
                stack = [h]
                while stack:
                    for b in links.get(stack.pop(), ()):
                        if b not in seen:
                            seen.add(b)
                            stack.append(b)
                for x in seen:
                    piece[x] = len(pieces)
                pieces.append(seen)
            self.piece[side], self.pieces[side] = piece, pieces
        if side in self.piece:
            piece, pieces = self.piece[side], self.pieces[side]
            out: set[str] = set()
            for b in starts:
                out |= pieces[piece[b]] if b in piece else {b}
            return out
        seen = set(starts)
        stack = list(starts)
        while stack:
            for b in links.get(stack.pop(), ()):
                if b not in seen:
                    seen.add(b)
                    stack.append(b)
        return seen

    def unit_cuts(self, sc: Scenario, side: str, h0: str) -> list[Cut]:
        """Every refused step out of the pocket of an isolated unit of ``side`` in
        ``h0``, nearest to the unit first. The steps out of a pocket are gathered and
        worded once for all its units; each unit only leaves out the steps into its
        own hex and, from its own hex, the second EZOC hex in a row (allowed on a
        line's first step), and measures the distances."""
        starts = self.first.get((side, h0), [])
        refused = self.refused[side]
        if side not in self.piece:
            reach = self._reach(side, starts)  # (finds the pieces, if it can)
            if side not in self.piece:
                return _cuts(sc, h0, self._cuts_general(side, h0, reach))
        piece = self.piece[side]
        key = (side, frozenset(piece.get(b, b) for b in starts))
        shifted = sc.grid.shifted
        found = self.base.get(key)
        if found is None:
            reach = self._reach(side, starts)
            found = self.base[key] = (reach, _steps(
                [(a, b, r, w) for a in reach for b, r, w in refused.get(a, ())
                 if b not in reach], shifted))
        reach, base = found
        q0, r0 = _cube(h0, shifted)
        s0 = q0 + r0
        rows = []
        for step in base:
            a, b = step.a, step.b
            if b == h0:
                continue
            if a == h0:
                kept = [(r, w) for r, w in step.pairs if w != "ezoc_twice"]
                if not kept:
                    continue
                if len(kept) != len(step.pairs):
                    step = _steps([(a, b, r, w) for r, w in kept], shifted)[0]
            rows.append(step)
        if h0 not in reach:
            rows += _steps([(h0, b, r, w) for b, r, w in refused.get(h0, ())
                            if b not in reach and w != "ezoc_twice"], shifted)
        keyed = []
        for st in rows:
            db = max(abs(q0 - st.qb), abs(r0 - st.rb), abs(s0 - st.qb - st.rb))
            da = max(abs(q0 - st.qa), abs(r0 - st.ra), abs(s0 - st.qa - st.ra))
            keyed.append(((db, da, st.a, st.b), st))
        keyed.sort(key=lambda x: x[0])
        return [Cut(st.a, st.b, st.why, list(st.rules), k[0]) for k, st in keyed]

    def _cuts_general(self, side: str, h0: str, reach: set[str]
                      ) -> list[tuple[str, str, str, str]]:
        """The refused steps out of the pocket of a unit in ``h0`` (from, into, rule,
        why), when the approved steps are not all two-way."""
        refused = self.refused[side]
        pocket = reach | {h0}
        out = []
        for a in pocket:
            for b, r, w in refused.get(a, ()):
                if b in pocket or (a == h0 and w == "ezoc_twice"):
                    continue
                out.append((a, b, r, w))
        return out


@dataclass(frozen=True)
class _Step:
    """A refused step out of a pocket, with all its reasons, worded."""

    a: str
    b: str
    pairs: tuple[tuple[str, str], ...]
    why: str
    rules: tuple[str, ...]
    qa: int
    ra: int
    qb: int
    rb: int


def _steps(cuts: list[tuple[str, str, str, str]], shifted: str) -> list[_Step]:
    """The refused steps (from, into, rule, why), one per (from, into), worded."""
    by_step: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for a, b, r, w in cuts:
        by_step.setdefault((a, b), []).append((r, w))
    out = []
    for (a, b), pairs in by_step.items():
        why, named = _cut_words(frozenset(r for r, _ in pairs), frozenset(w for _, w in pairs))
        qa, ra = _cube(a, shifted)
        qb, rb = _cube(b, shifted)
        out.append(_Step(a, b, tuple(pairs), why, named, qa, ra, qb, rb))
    return out


def _cuts(sc: Scenario, h0: str, cuts: list[tuple[str, str, str, str]]) -> list[Cut]:
    """Every refused step out of the pocket, nearest to the unit first."""
    shifted = sc.grid.shifted
    q0, r0 = _cube(h0, shifted)

    def dist(b: str) -> int:
        qb, rb = _cube(b, shifted)
        return max(abs(q0 - qb), abs(r0 - rb), abs(q0 + r0 - qb - rb))

    by_step: dict[tuple[str, str], tuple[set[str], set[str]]] = {}
    for a, b, r, w in cuts:
        rules, whys = by_step.setdefault((a, b), (set(), set()))
        rules.add(r)
        whys.add(w)
    out = []
    for (a, b), (rules, whys) in by_step.items():
        why, named = _cut_words(frozenset(rules), frozenset(whys))
        out.append(Cut(a, b, why, list(named), dist(b)))
    out.sort(key=lambda c: (c.distance, dist(c.from_hex), c.from_hex, c.into))
    return out


@lru_cache(maxsize=4096)
def _cut_words(rules: frozenset[str], whys: frozenset[str]) -> tuple[str, tuple[str, ...]]:
    """A refused step's reasons in words and its rules in order (the same few
    combinations recur along every pocket, so each is worded once)."""
    if "ezoc_twice" in whys:
        rules = rules | {"16.3.2"}
    return "; ".join(CUT_WHY.get(w, w) for w in sorted(whys)), tuple(sorted_rules(rules))


@lru_cache(maxsize=65536)
def _cube(h: str, shifted: str) -> tuple[int, int]:
    """The cube coordinates (q, r) of a hex, as the hex grid has them."""
    c = offset_to_cube(*parse_hex_id(h), shifted)
    return c.q, c.r
