"""Advance After Combat (Stalingrad '42 chapter 14): where each unit may end its advance.

``advances`` asks ``asp/s42/advance.lp`` which of the named units may advance,
how far, and which hexes each may end in; it reads a witness path for each
hex back from the layer-by-layer steps the encoding derives. ``check_advance``
walks a proposed advance step by step and names the first rule it breaks.

The query's own facts (which units attacked, which ASUs gave a shift, the
vacated hex, the CRT's Adv number ...) are declared here as clorm predicates;
``asp/s42/doc.lp`` documents them for readers of the encodings.
"""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

import clingo
from clorm import ConstantField, IntegerField, Predicate, StringField

from adjudicator.errors import did_you_mean, unknown, usage_error
from adjudicator.games.s42.facts import place_links as map_links
from adjudicator.games.s42.queries.zoc import rule_key
from adjudicator.scenario import Scenario
from adjudicator.solver import Answer, Solver

Mode = Literal["normal", "limited", "delay", "auto-ds"]
MODES = ("normal", "limited", "delay", "auto-ds")


# -- the query's facts --------------------------------------------------------


class AdvUnit(Predicate):
    """adv_unit(U): U is asked about (it wants to advance)."""

    unit = StringField

    class Meta:
        name = "adv_unit"


class AdvAttacker(Predicate):
    unit = StringField

    class Meta:
        name = "adv_attacker"


class AdvShifted(Predicate):
    unit = StringField

    class Meta:
        name = "adv_shifted"


class AdvSpent(Predicate):
    unit = StringField

    class Meta:
        name = "adv_spent"


class AdvReserve(Predicate):
    unit = StringField

    class Meta:
        name = "adv_reserve"


class AdvVacated(Predicate):
    hex = StringField

    class Meta:
        name = "adv_vacated"


class AdvMode(Predicate):
    mode = ConstantField

    class Meta:
        name = "adv_mode"


class AdvResult(Predicate):
    n = IntegerField

    class Meta:
        name = "adv_result"


class AdvZone(Predicate):
    """adv_zone(M,P): hex or entry area P is within reach of mover M."""

    mover = StringField
    place = StringField

    class Meta:
        name = "adv_zone"


# -- explanations of refusals ---------------------------------------------------

#: Cause constant of adv_bar/5 -> (extra rule ids, what it means).
CAUSES: dict[str, tuple[tuple[str, ...], str]] = {
    "enemy_unit": (("14.5",), "the hex holds enemy combat units"),
    "impassable": (("14.5",), "the hexside is impassable"),
    "volga": (("14.5", "9.5.3"), "the Volga may be crossed only at a crossing site"),
    "major_river": (("14.5",), "an unbridged major river may be crossed only on the first "
                    "hex of the advance, into the defender's vacated hex"),
    "reserve_river": (("14.5",), "activated Reserves may not cross an unbridged major river"),
    "alpine": (("14.5",), "only mountain units cross an alpine hexside off a road"),
    "alpine_hex": (("14.5",), "an alpine hex is closed to this unit"),
    "mech_mountain": ((), "mechanized units enter mountain hexes only along a road"),
    "bond_hex": (("7.2",), "the hex is inside an enemy Hex Bond"),
    "bond_hexside": (("7.2",), "the hexside is closed by an enemy Hexside Bond"),
    "foreign_area": ((), "the entry area is not friendly"),
    "limited": ((), "a Limited Advance may only enter the defender's vacated hex"),
}

CANNOT: dict[str, str] = {
    "shifted": "an ASU that gave a shift to the attack may not advance",
    "not_stacked": "did not attack and is not stacked with a unit that attacked",
    "not_good_order": "did not attack and is not in Good Order",
    "spent": "already attacked or advanced in this Combat Phase",
    "attacked": "a unit activated from Reserve may not attack",
    "off_map": "a Reserve in an entry area has no advance onto the map",
}

STOP_TEXT = {"halt": "must stop here", "ezoc": "must stop here (enemy ZOC)", "go": ""}


# -- answers ----------------------------------------------------------------------


@dataclass
class AdvanceOption:
    hex: str
    path: list[str]
    left: int
    stop: str  # go | ezoc | halt
    rules: list[str]

    def to_json(self) -> dict:
        return {"hex": self.hex, "path": self.path, "left": self.left,
                "must_stop": self.stop != "go", "rules": self.rules}


@dataclass
class Refusal:
    hex: str
    rules: list[str]
    why: list[str]
    from_hex: str | None = None

    def to_json(self) -> dict:
        return {"hex": self.hex, "from": self.from_hex, "why": self.why, "rules": self.rules}


@dataclass
class UnitAdvance:
    id: str
    may_advance: bool
    rules: list[str]
    why_not: list[str] = field(default_factory=list)
    allowance: int = 0
    allowance_rules: list[str] = field(default_factory=list)
    options: list[AdvanceOption] = field(default_factory=list)
    refused: list[Refusal] = field(default_factory=list)
    becomes: str | None = None
    becomes_rules: list[str] = field(default_factory=list)
    start: str = ""

    @property
    def hexes(self) -> list[str]:
        return [o.hex for o in self.options]

    def option(self, hex_id: str) -> AdvanceOption | None:
        return next((o for o in self.options if o.hex == hex_id), None)

    def to_json(self) -> dict:
        out = {
            "id": self.id,
            "hexes": self.hexes,
            "may_advance": self.may_advance,
            "from": self.start,
            "allowance": self.allowance,
            "allowance_rules": self.allowance_rules,
            "options": [o.to_json() for o in self.options],
            "refused": [r.to_json() for r in self.refused],
            "rules": self.rules,
        }
        if self.why_not:
            out["why_not"] = self.why_not
        if self.becomes:
            out["becomes"] = {"status": self.becomes, "rules": self.becomes_rules}
        return out


@dataclass
class AdvanceAnswer:
    vacated: str | None
    mode: str
    result: int | None
    units: list[UnitAdvance]
    answer: Answer | None = None

    def unit(self, uid: str) -> UnitAdvance:
        return next(u for u in self.units if u.id == uid)

    def hexes(self, uid: str) -> set[str]:
        return set(self.unit(uid).hexes)

    def to_json(self) -> dict:
        return {
            "vacated": self.vacated,
            "mode": self.mode,
            "allowance": self.result,
            "units": [u.to_json() for u in self.units],
            "rules": ["14.1", "14.2.1", "14.3"],
        }


@dataclass
class Verdict:
    """The outcome of checking a proposed advance: ``ok``, or the first rule it breaks."""

    ok: bool
    unit: str
    path: list[str]
    step: int | None = None  # index into path of the offending hex (None: the advance as a whole)
    hex: str | None = None
    rules: list[str] = field(default_factory=list)
    why: str = ""

    def to_json(self) -> dict:
        return {"ok": self.ok, "unit": self.unit, "path": self.path, "step": self.step,
                "hex": self.hex, "why": self.why, "rules": self.rules}


# -- helpers -----------------------------------------------------------------------


def rules_sorted(rules: Iterable[str]) -> list[str]:
    return sorted(set(rules), key=rule_key)


def _s(sym: clingo.Symbol) -> str:
    return sym.string if sym.type == clingo.SymbolType.String else str(sym)


def _ids(items: Iterable[str] | None) -> list[str]:
    return [i for i in (items or []) if i]


def place_links(sc: Scenario, place: str) -> tuple[str, ...]:
    """Places one step from ``place``: neighbouring hexes and bordering entry areas."""
    return map_links(sc.map).get(place, ())


def zone(sc: Scenario, starts: Iterable[str], radius: int) -> set[str]:
    """Every hex or entry area within ``radius`` steps of ``starts`` (entry areas are
    entered but not passed through)."""
    links = map_links(sc.map)
    areas = sc.map.entry_areas
    seen = {s: 0 for s in starts}
    todo = deque(seen)
    while todo:
        p = todo.popleft()
        d = seen[p]
        if d >= radius or (p in areas and d > 0):
            continue
        for n in links.get(p, ()):
            if n not in seen:
                seen[n] = d + 1
                todo.append(n)
    return set(seen)


def _validate(sc: Scenario, units: Sequence[str], vacated: str | None, mode: str,
              result: int | None, reserves: Sequence[str], option: str = "--units") -> None:
    for uid in units:
        if uid not in sc.units_by_id:
            raise unknown("unit", uid, sc.units_by_id, option)
    if not units:
        raise usage_error("name at least one unit", option)
    sides = {sc.units_by_id[u].side for u in units}
    if len(sides) > 1:
        raise usage_error("the advancing units must all be on one side", option)
    if mode not in MODES:
        raise usage_error(f"mode must be one of {', '.join(MODES)}", "--mode")
    only_reserves = all(u in reserves for u in units)
    if vacated is None and not only_reserves:
        raise usage_error("give the defender's vacated hex", "--vacated")
    if vacated is not None:
        if vacated not in sc.map.hexes:
            raise usage_error(f"'{vacated}' is not a hex on the map"
                              f"{did_you_mean(vacated, sc.map.hexes)}", "--vacated")
        side = sides.pop()
        if any(u.side != side for u in sc.units_at(vacated)):
            raise usage_error(f"{vacated} still holds enemy units, so it was not vacated "
                              "and nobody advances into it (14.1, 11.4.2)", "--vacated")
    if mode == "normal" and not only_reserves:
        if result is None:
            raise usage_error("give the CRT's Adv number", "--allowance")
        if result < 1:
            raise usage_error("the Adv number is at least 1", "--allowance")


def _facts(sc: Scenario, units: Sequence[str], attackers: Sequence[str],
           shifted: Sequence[str], spent: Sequence[str], reserves: Sequence[str],
           vacated: str | None, mode: str, result: int | None,
           zones: dict[str, set[str]]) -> list:
    out: list = [AdvMode(mode.replace("-", "_"))]
    if vacated:
        out.append(AdvVacated(vacated))
    if result is not None:
        out.append(AdvResult(result))
    out += [AdvUnit(u) for u in units]
    out += [AdvAttacker(u) for u in attackers]
    out += [AdvShifted(u) for u in shifted]
    out += [AdvSpent(u) for u in spent]
    out += [AdvReserve(u) for u in reserves]
    for u in units:
        out += [(AdvZone, (u, p)) for p in sorted(zones[u])]
    return out


def zones_of(sc: Scenario, units: Sequence[str], radius: dict[str, int]) -> dict[str, set[str]]:
    """Each mover's zone: the places within its allowance of where it stands."""
    return {u: zone(sc, [sc.units_by_id[u].hex], radius.get(u, 0)) for u in units}


def window(sc: Scenario, zones: Iterable[set[str]]) -> frozenset[str]:
    """The places whose units an advance can be affected by: the movers' zones and
    one step beyond. Every unit the rules read for a step between two zone places
    stands in one of them: in the step's hexes (stacking, enemy units, negation of a
    bond, Contested City), next to the hex entered (its ZOC, 6.1), or at an anchor of
    a bond through that hex or across that hexside (7.1: both anchors touch it)."""
    links = map_links(sc.map)
    out: set[str] = set()
    for z in zones:
        out |= z
        for p in z:
            out.update(links.get(p, ()))
    return frozenset(out)


def bound(mode: str, result: int | None, reserve: bool) -> int:
    """An upper bound of a unit's allowance, for the zone it is ground in."""
    if reserve:
        return 2
    if mode in ("limited", "delay"):
        return 1
    if mode == "auto-ds":
        return 4
    return max(1, min(result or 1, 4))


def rate_cap(sc: Scenario, uid: str) -> int:
    """The most hexes a unit's Advance Rate (14.2.2, 20.1.3) and an Out of Supply or
    Isolated marker (16.4) let it advance. Weather only lowers an allowance further
    (23.2.3, 23.2.4, 23.3.3), under either reading of 14.2.1, so this bounds the zone
    the unit's advance is ground in; advance.lp decides the allowance itself."""
    u = sc.units_by_id[uid]
    if u.type == "soviet-army-hq":
        cap = 2 if u.ma == 3 else 4
    elif u.is_mechanized:
        cap = 4
    elif u.type == "cavalry":
        cap = 3
    else:
        cap = 2
    if u.supply in ("out-of-supply", "isolated"):
        cap = min(cap, 2)
    return cap


class Reach:
    """The layer-by-layer reachability of one mover, read from the shown atoms."""

    def __init__(self, mover: str, ans: Answer):
        self.mover = mover
        self.states: set[tuple[str, int, str]] = set()
        self.pred: dict[tuple[str, int, str], tuple[str, int, str]] = {}
        self.steps: dict[tuple[str, int, str], str] = {}  # (H,K,N) -> mode
        idx = by_mover(ans)
        for h, k, mo in idx("adv_state", 4, mover):
            self.states.add((h, k, mo))
        for h, k, n, mo in idx("adv_step", 5, mover):
            self.steps[(h, k, n)] = mo
            self.pred.setdefault((n, k - 1, mo), (h, k, "go"))
        self.no: dict[tuple[str, int, str], list[tuple[str, str]]] = defaultdict(list)
        for h, k, n, r, c in idx("adv_no", 6, mover):
            self.no[(h, k, n)].append((r, c))
        self.via: dict[tuple[str, str], set[str]] = defaultdict(set)
        for h, n, r in idx("adv_via", 4, mover):
            self.via[(h, n)].add(r)
        self.halt: dict[tuple[str, str], set[str]] = defaultdict(set)
        for h, n, r in idx("adv_halt", 4, mover):
            self.halt[(h, n)].add(r)

    def best_state(self, place: str) -> tuple[str, int, str] | None:
        order = {"go": 0, "ezoc": 1, "halt": 2}
        cands = [s for s in self.states if s[0] == place]
        if not cands:
            return None
        return min(cands, key=lambda s: (-s[1], order[s[2]]))

    def walk(self, state: tuple[str, int, str]) -> tuple[tuple[str, int, str],
                                                          list[tuple[str, str]]]:
        """The state a witness path to ``state`` starts from, and its steps (from, to)."""
        steps = []
        while state in self.pred:
            prev = self.pred[state]
            steps.append((prev[0], state[0]))
            state = prev
        return state, list(reversed(steps))

    def path_to(self, state: tuple[str, int, str]) -> list[tuple[str, str]]:
        """The steps (from, to) of a witness path that reaches ``state``."""
        return self.walk(state)[1]

    def step_rules(self, a: str, b: str, mode: str) -> set[str]:
        rules = set(self.via.get((a, b), ()))
        if mode == "halt":
            rules |= self.halt.get((a, b), set())
        if mode == "ezoc":
            rules.add("14.4.2")
        return rules


# -- the queries ----------------------------------------------------------------------


@dataclass
class AdvanceRequest:
    """One attack's Advance After Combat question (the arguments of ``advances``)."""

    sc: Scenario
    vacated: str | None
    allowance: int | None
    units: Sequence[str]
    attackers: Sequence[str] | None = None
    shifted: Sequence[str] = ()
    spent: Sequence[str] = ()
    reserves: Sequence[str] = ()
    mode: Mode = "normal"


def _question(req: AdvanceRequest) -> tuple[list[str], list, frozenset[str]]:
    """The units asked about (reserves included), the query's facts and the window."""
    sc = req.sc
    reserves = _ids(req.reserves)
    units = _ids(req.units)
    units = units + [r for r in reserves if r not in units]
    attackers = ([u for u in units if u not in reserves] if req.attackers is None
                 else _ids(req.attackers))
    _validate(sc, units, req.vacated, req.mode, req.allowance, reserves)
    radius = {u: min(bound(req.mode, req.allowance, u in reserves), rate_cap(sc, u))
              for u in units}
    zones = zones_of(sc, units, radius)
    facts = _facts(sc, units, attackers, _ids(req.shifted), _ids(req.spent), reserves,
                   req.vacated, req.mode, req.allowance, zones)
    return units, facts, window(sc, zones.values())


def _answer(req: AdvanceRequest, units: list[str], ans: Answer) -> AdvanceAnswer:
    return AdvanceAnswer(req.vacated, req.mode, req.allowance,
                         [_unit_answer(req.sc, u, ans, req.vacated) for u in units], ans)


def advances(
    sc: Scenario,
    vacated: str | None,
    allowance: int | None,
    units: Sequence[str],
    attackers: Sequence[str] | None = None,
    shifted: Sequence[str] = (),
    spent: Sequence[str] = (),
    reserves: Sequence[str] = (),
    mode: Mode = "normal",
    solver: Solver | None = None,
    readings: dict[str, str] | None = None,
) -> AdvanceAnswer:
    """Where each of ``units`` may end its Advance After Combat.

    ``allowance`` is the CRT's Adv number; ``attackers`` the units that took
    part in the attack (default: all of ``units``); ``shifted`` ASUs that gave
    the attack a shift; ``spent`` units that already attacked or advanced this
    Combat Phase; ``reserves`` Reserve stacks activated now (25.2.3). ``mode``
    is ``limited`` (14.2.3), ``delay`` (14.2.4) or ``auto-ds`` (8.6.2).
    """
    req = AdvanceRequest(sc, vacated, allowance, units, attackers, shifted, spent, reserves,
                         mode)
    ids, facts, seen = _question(req)
    solver = solver or Solver(sc.game)
    ans = solver.solve(sc, "advance", extra=facts, readings=readings, window=seen)
    return _answer(req, ids, ans)


def advances_many(requests: Sequence[AdvanceRequest], solver: Solver | None = None,
                  readings: dict[str, str] | None = None) -> list[AdvanceAnswer]:
    """The answers of ``advances`` for several attacks (each on its own position,
    e.g. the attacks of one Combat Phase), ground together in one solver call:
    the same answers, in order, for a fraction of the time."""
    if not requests:
        return []
    asked = [_question(req) for req in requests]
    solver = solver or Solver(requests[0].sc.game)
    answers = solver.solve_many(
        "advance", [(req.sc, facts, seen) for req, (_, facts, seen) in zip(requests, asked,
                                                                              strict=True)],
        readings=readings)
    return [_answer(req, ids, ans)
            for req, (ids, _, _), ans in zip(requests, asked, answers, strict=True)]


def by_mover(ans: Answer):
    """``idx(name, arity, mover)``: the arguments after the first of the shown atoms
    ``name/arity`` whose first argument is ``mover``, sorted as ``Answer.by_name``
    sorts them (numbers as numbers).

    Grouped once per answer and name, so that reading many movers does not go through
    every atom for each of them.
    """
    groups = ans.__dict__.setdefault("_by_mover", {})

    def idx(name: str, arity: int, mover: str) -> list[tuple]:
        g = groups.get((name, arity))
        if g is None:
            g = defaultdict(list)
            for row in ans.rows(name, arity):
                g[row[0]].append(row[1:])
            for rows in g.values():
                rows.sort()
            groups[(name, arity)] = g
        return g.get(mover, [])

    return idx


def _unit_answer(sc: Scenario, uid: str, ans: Answer, vacated: str | None) -> UnitAdvance:
    idx = by_mover(ans)
    may = [r for (r,) in idx("adv_may", 2, uid)]
    start = sc.units_by_id[uid].hex
    if not may:
        cannot = idx("adv_cannot", 3, uid)
        return UnitAdvance(uid, False, rules_sorted(r for r, _ in cannot) or ["14.1"],
                           why_not=sorted({CANNOT.get(c, c) for _, c in cannot}), start=start)
    allow = next((a for (a,) in idx("adv_allow", 2, uid)), 0)
    arules = rules_sorted(r for (r,) in idx("adv_allow_rule", 2, uid))
    out = UnitAdvance(uid, True, rules_sorted(may), allowance=allow, allowance_rules=arules,
                      start=start)
    for (r,) in idx("adv_disrupted", 2, uid):
        out.becomes, out.becomes_rules = "disrupted", [r]
    reach = Reach(uid, ans)
    ends = {h for (h,) in idx("adv_hex", 2, uid)}
    over: dict[str, set[str]] = defaultdict(set)
    for h, r in idx("adv_over", 3, uid):
        over[h].add(r)
    base = set(may) | {"14.3"} | set(a for a in arules if a in ("14.2.3", "14.2.4"))
    for place in sorted(ends):
        state = reach.best_state(place)
        if state is None:
            continue
        steps = reach.path_to(state)
        rules = set(base)
        for i, (a, b) in enumerate(steps):
            mode = state[2] if i == len(steps) - 1 else "go"
            rules |= reach.step_rules(a, b, mode)
        out.options.append(AdvanceOption(place, [b for _, b in steps], state[1], state[2],
                                         rules_sorted(rules)))
    # refusals: places next to the reachable area that no route enters, and ends
    # that would break the stacking limit
    reached = {s[0] for s in reach.states}
    seen: dict[str, Refusal] = {}
    for (h, _k, n), bars in sorted(reach.no.items()):
        if n in reached or n in seen:
            continue
        rules: set[str] = set()
        why: list[str] = []
        for r, c in bars:
            extra, text = CAUSES.get(c, ((), c))
            rules |= {r, *extra}
            if text not in why:
                why.append(text)
        seen[n] = Refusal(n, rules_sorted(rules), why, h)
    for place, rs in sorted(over.items()):
        seen[place] = Refusal(place, rules_sorted(rs), ["the stacking limit would be exceeded "
                                                        "at the end of the advance"])
    out.refused = [seen[k] for k in sorted(seen)]
    return out


def check_advance(
    sc: Scenario,
    unit: str,
    path: Sequence[str],
    vacated: str | None,
    allowance: int | None,
    attackers: Sequence[str] | None = None,
    shifted: Sequence[str] = (),
    spent: Sequence[str] = (),
    reserves: Sequence[str] = (),
    mode: Mode = "normal",
    others: Sequence[str] = (),
    solver: Solver | None = None,
    readings: dict[str, str] | None = None,
) -> Verdict:
    """Walk ``unit``'s proposed advance (the hexes it enters, in order) and name the
    first rule it breaks; ``others`` are further units of the same attack."""
    path = list(path)
    units = [unit] + [o for o in others if o != unit]
    if attackers is None:
        attackers = [u for u in units if u not in reserves]
    answer = advances(sc, vacated, allowance, units, attackers, shifted, spent, reserves, mode,
                      solver, readings)
    ua = answer.unit(unit)
    if not ua.may_advance:
        return Verdict(False, unit, path, None, None, ua.rules, "; ".join(ua.why_not))
    if not path:
        return Verdict(True, unit, path, rules=["14.1"], why="not advancing is always allowed")
    assert answer.answer is not None
    reach = Reach(unit, answer.answer)
    here, left, mode_now = ua.start, ua.allowance, "go"
    for i, nxt in enumerate(path):
        if mode_now != "go":
            prev = path[i - 2] if i >= 2 else ua.start
            rules = sorted(reach.step_rules(prev, here, mode_now) & {"14.4.2", "14.5", "22.3.1"})
            return Verdict(False, unit, path, i, nxt, rules_sorted(rules or ["14.4.2"]),
                           f"the advance had to end in {here}")
        if left <= 0:
            rule = [r for r in ua.allowance_rules if r in ("14.2.3", "14.2.4")] or ["14.2.1"]
            return Verdict(False, unit, path, i, nxt, rules_sorted([*rule, *ua.allowance_rules]),
                           f"the advance allowance of {ua.allowance} is used up")
        if nxt not in place_links(sc, here):
            return Verdict(False, unit, path, i, nxt, ["14.3"],
                           f"{nxt} is not next to {here}")
        bars = reach.no.get((here, left, nxt))
        if bars:
            rules: set[str] = set()
            why = []
            for r, c in bars:
                extra, text = CAUSES.get(c, ((), c))
                rules |= {r, *extra}
                why.append(text)
            return Verdict(False, unit, path, i, nxt, rules_sorted(rules), "; ".join(why))
        step_mode = reach.steps.get((here, left, nxt))
        if step_mode is None:
            return Verdict(False, unit, path, i, nxt, ["14.5"],
                           f"{nxt} cannot be entered from {here}")
        here, left, mode_now = nxt, left - 1, step_mode
    if here == ua.start:
        return Verdict(True, unit, path, rules=["14.3"], why="back where it started")
    end_refusal = next((r for r in ua.refused if r.hex == here and r.from_hex is None), None)
    if end_refusal is not None:
        return Verdict(False, unit, path, len(path) - 1, here, end_refusal.rules,
                       end_refusal.why[0])
    opt = ua.option(here)
    return Verdict(True, unit, path, rules=opt.rules if opt else ["14.1"],
                   why=f"may end its advance in {here}")


# -- ``check --advance`` --------------------------------------------------------------


def parse_advance_spec(spec: str) -> tuple[str, list[str], dict[str, str]]:
    """``UNIT:H1,H2,...[;vacated=H][;adv=N][;mode=M][;with=ID+ID]`` -> parts."""
    head, *extras = spec.split(";")
    uid, sep, hexes = head.rpartition(":")
    path = [h.strip() for h in hexes.split(",") if h.strip()]
    if not sep or not uid or not path:
        raise usage_error(f"expected UNIT:H1,H2,... (e.g. 11Pz:0405,0406), got '{spec}'",
                          "--advance")
    opts: dict[str, str] = {}
    for e in extras:
        key, eq, value = e.partition("=")
        if not eq or key.strip() not in ("vacated", "adv", "mode", "with"):
            raise usage_error(f"unknown part '{e}' (vacated=H, adv=N, mode=M, with=ID+ID)",
                              "--advance")
        opts[key.strip()] = value.strip()
    return uid, path, opts


def check_advance_kind(sc: Scenario, spec: str, solver: Solver | None = None,
                       readings: dict[str, str] | None = None):
    """``check --advance``: the defender's vacated hex defaults to the first hex of the
    advance and the Adv number to 4 (the unit's own rate still caps it)."""
    from adjudicator.games.s42.queries.check import CheckAnswer, Finding

    uid, path, opts = parse_advance_spec(spec)
    if uid not in sc.units_by_id:
        raise unknown("unit", uid, sc.units_by_id, "--advance")
    vacated = opts.get("vacated", path[0])
    try:
        adv = int(opts.get("adv", "4"))
    except ValueError:
        raise usage_error(f"adv must be a number, got '{opts['adv']}'", "--advance") from None
    if not 1 <= adv <= 4:
        raise usage_error(f"adv is the CRT's Adv number, 1 to 4 (14.2.2), got {adv}",
                          "--advance")
    mode = opts.get("mode", "normal")
    others = [o for o in opts.get("with", "").split("+") if o]
    v = check_advance(sc, uid, path, vacated, adv, mode=mode, others=others,  # type: ignore[arg-type]
                      solver=solver, readings=readings)
    findings = [Finding("advance" if v.ok else "refused", v.why, v.rules, not v.ok)]
    assumed = []
    if "vacated" not in opts:
        assumed.append(f"the defender's vacated hex is {vacated}")
    if "adv" not in opts:
        assumed.append("the combat result was Adv 4")
    if assumed:
        findings.append(Finding("assumed", "assumed: " + "; ".join(assumed), ["14.2.1"]))
    start = sc.units_by_id[uid].hex
    stops = bool(v.ok and path and path[-1] != start)
    return CheckAnswer("advance", uid, start, path[-1], v.ok, stops, findings)


def _register_check_kind() -> None:
    from adjudicator.games.s42.queries.check import Kind, register_kind

    register_kind(Kind(
        "advance", "UNIT:H1,H2,...",
        "may the unit Advance After Combat along these hexes (14.1-14.5)? Add "
        ";vacated=H ;adv=N (1 to 4) ;mode=limited|delay|auto-ds ;with=ID+ID as needed "
        "(default: vacated = the first hex, Adv 4).",
        check_advance_kind,
    ))


_register_check_kind()
