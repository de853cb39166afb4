"""Retreats (Stalingrad '42 chapter 12, with 5.5.5, 7.2, 11.5.1, 13.1-13.3, 19.3, 22.5 ...).

``retreats(sc, hex, length)`` answers: for the stack in ``hex`` retreating ``length``
hexes, every hex (or friendly entry area) the retreat can end in, one witness path
to it, whether the stack survives there and which rules decide it, the 12.1.3
guideline ranking of the options, what happens to each unit (status afterwards,
detraining, units left behind) and whether a Desperate Defense (11.5.1) is open.

The encoding (``asp/s42/retreat.lp``) derives the retreat layer by layer
(``retreat_move(H0, Profile, K, A, B)``: alive in B after K hexes, coming from A);
Python only passes the battle hex, the length and the hexes within reach, and
picks one witness path per end from those layers: the smallest hex id at each
step, so answers are stable.

``check_retreat`` judges one proposed path for one unit and names the first rule
it breaks; it is the ``--retreat`` option of ``adjudicator check``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import clingo

from adjudicator.errors import did_you_mean, unknown, usage_error
from adjudicator.games.s42.queries.check import CheckAnswer, Finding, Kind, register_kind
from adjudicator.games.s42.queries.zoc import rule_key
from adjudicator.hexgrid import Cube, is_hex_id
from adjudicator.scenario import Scenario
from adjudicator.solver import Answer, Solver

PHASES = ("combat", "breakthrough", "movement")
#: the disputed rules this query honours (kb/s42/readings/retreat.yaml)
READING_RULES = ("12.1.3", "12.2")
OFF_MAP = "off-map"

#: Why a step or an end destroys the unit, in words.
WHY_TEXT = {
    "enemy_unit": "enters a hex holding enemy units",
    "bond_hex": "enters an enemy Hex Bond",
    "bond_hexside": "crosses an enemy Hexside Bond",
    "two_ezoc": "enters a second vacant EZOC hex in a row",
    "ezoc_end": "ends its retreat in a vacant EZOC hex",
    "major_river": "crosses an unbridged, unfrozen Major River",
    "volga": "crosses the Volga",
    "impassable": "crosses an impassable hexside",
    "sea": "would retreat out to sea",
    "alpine": "crosses a non-road alpine hexside (mountain units only)",
    "enemy_area": "leaves the map into an entry area that is not friendly",
    "off_map": "leaves the map where no friendly entry area lies",
}
#: How a surviving option ends, in words.
KIND_TEXT = {
    "full": "ends the full distance from the battle hex",
    "extra": "ends in a vacant EZOC and takes the one extra hex that saves it",
    "entry": "leaves the map into a friendly entry area, which completes the retreat",
    "pay": "stops short beside friendly units that did not retreat, paying steps",
    "city": "stops short in a friendly controlled City or Fort hex free of EZOCs",
}
#: Preference among several ways to end in the same hex (cheapest first).
KIND_ORDER = {"full": 0, "entry": 1, "city": 2, "extra": 3, "pay": 4}


@dataclass
class RetreatOption:
    end: str  # hex id, entry-area id, or "off-map"
    path: list[str]
    eliminated: bool
    rules: list[str]
    kind: str | None = None  # full | extra | entry | pay | city (None when eliminated)
    why: list[str] = field(default_factory=list)  # elimination reasons (codes)
    steps_paid: int = 0
    los: bool = False
    los_rules: list[str] = field(default_factory=list)
    rank: int = 1
    #: the 12.1.3 guideline that rules this option out (1: it eliminates the
    #: stack though another way survives; 2: no Line of Supply though another
    #: end has one), or None
    ruled_out_by: int | None = None
    units: list[str] = field(default_factory=list)  # combat units that survive ending here
    overstacked: bool = False
    notes: list[dict[str, Any]] = field(default_factory=list)  # {"text", "rules"}

    def to_json(self) -> dict[str, Any]:
        return {
            "end": self.end, "path": self.path, "eliminated": self.eliminated,
            "rules": self.rules, "kind": self.kind, "why": self.why,
            "steps_paid": self.steps_paid, "los": self.los, "los_rules": self.los_rules,
            "rank": self.rank, "ruled_out_by": self.ruled_out_by,
            "guideline": f"12.1.3 #{self.ruled_out_by}" if self.ruled_out_by else None,
            "units": self.units, "overstacked": self.overstacked, "notes": self.notes,
        }

    def describe(self) -> str:
        if self.eliminated:
            return "eliminated: " + "; ".join(WHY_TEXT.get(w, w) for w in self.why)
        text = KIND_TEXT[self.kind or "full"]
        if self.steps_paid:
            text += f" ({self.steps_paid} step{'s' if self.steps_paid > 1 else ''})"
        return text


@dataclass
class UnitFate:
    id: str
    fate: str  # retreats | eliminated | stays
    rules: list[str]
    status: str | None = None  # status after the retreat
    status_rules: list[str] = field(default_factory=list)
    detrains: bool = False
    notes: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class RetreatAnswer:
    hex: str
    side: str
    length: int
    phase: str
    eliminated: bool
    rules: list[str]
    options: list[RetreatOption]
    units: list[UnitFate]
    desperate_defense: bool
    desperate_rules: list[str]
    attackers: list[str] = field(default_factory=list)
    #: Movement Phase only: does the Full Retreat automatic retreat apply (13.3.2)?
    automatic: bool | None = None
    readings: dict[str, str] = field(default_factory=dict)
    #: False when asked without the Line of Supply (guideline 2 not applied)
    los_checked: bool = True

    def option(self, end: str) -> RetreatOption | None:
        return next((o for o in self.options if o.end == end), None)

    @property
    def surviving(self) -> list[RetreatOption]:
        return [o for o in self.options if not o.eliminated]

    @property
    def best(self) -> list[RetreatOption]:
        return [o for o in self.options if o.rank == 1 and not o.eliminated]

    def to_json(self) -> dict[str, Any]:
        return {
            "hex": self.hex, "side": self.side, "length": self.length, "phase": self.phase,
            "eliminated": self.eliminated, "rules": self.rules,
            "options": [o.to_json() for o in self.options],
            "units": [vars(u) for u in self.units],
            "desperate_defense": {"eligible": self.desperate_defense,
                                  "rules": self.desperate_rules},
            "attackers": self.attackers, "automatic": self.automatic,
            "readings": self.readings, "los_checked": self.los_checked,
        }


@dataclass
class AutoRetreat:
    """A stack of Full Retreat units that must retreat 2 hexes now (13.3.2)."""

    hex: str
    side: str
    units: list[str]
    rules: list[str]


@dataclass(frozen=True)
class RetreatRequest:
    hex: str
    length: int
    side: str | None = None
    attackers: tuple[str, ...] = ()


# -- facts ---------------------------------------------------------------------


def _s(x: str) -> clingo.Symbol:
    return clingo.String(x)


def _request_facts(sc: Scenario, req: RetreatRequest, side: str) -> list[clingo.Symbol]:
    """The query facts for one stack: where, who, how far, and the hexes in reach."""
    h0, n = req.hex, req.length
    out = [
        clingo.Function("retreat_from", [_s(h0)]),
        clingo.Function("retreat_side", [_s(h0), clingo.Function(side)]),
        clingo.Function("retreat_length", [_s(h0), clingo.Number(n)]),
    ]
    grid = sc.grid
    c0 = grid.cube(h0)
    reach = n + 1
    for dq in range(-reach, reach + 1):
        for dr in range(max(-reach, -dq - reach), min(reach, -dq + reach) + 1):
            c = Cube(c0.q + dq, c0.r + dr, c0.s - dq - dr)
            h = grid.hex_at(c)
            if h is not None:
                out.append(clingo.Function(
                    "retreat_dist", [_s(h0), _s(h), clingo.Number(c0.distance(c))]))
    return out


def _side_of_stack(sc: Scenario, req: RetreatRequest) -> str:
    sides = sorted({u.side for u in sc.units_at(req.hex)})
    if req.side:
        if req.side not in sides:
            raise usage_error(f"no {req.side} units in {req.hex}", "--side")
        return req.side
    if not sides:
        raise usage_error(f"no units in {req.hex} to retreat", "--hex")
    if len(sides) == 2:  # a Contested City: the side not moving is the defender
        return "soviet" if sc.phasing == "axis" else "axis"
    return sides[0]


def _check_request(sc: Scenario, req: RetreatRequest, phase: str) -> None:
    if req.hex not in sc.map.hexes:
        raise usage_error(f"'{req.hex}' is not a hex on the map"
                          f"{did_you_mean(req.hex, sc.map.hexes)}", "--hex")
    if phase not in PHASES:
        raise usage_error(f"phase must be one of {', '.join(PHASES)}, got '{phase}'", "--phase")
    if not 1 <= req.length <= 4:
        raise usage_error(
            f"a retreat is 1 to 4 hexes long (12.1.1, 11.6.1, 27.2.3), got {req.length}",
            "--length")
    if phase == "movement" and req.length != 2:
        raise usage_error("the Full Retreat automatic retreat is 2 hexes (13.3.2)", "--length")


def _check_attackers(sc: Scenario, req: RetreatRequest, side: str) -> None:
    grid = sc.grid
    for a in req.attackers:
        if a not in sc.map.hexes:
            raise usage_error(f"attacker hex '{a}' is not on the map", "--attackers")
        if not grid.are_adjacent(a, req.hex):
            raise usage_error(f"attacker hex {a} is not adjacent to the battle hex {req.hex}",
                              "--attackers")
        if not any(u.side != side and u.is_combat for u in sc.units_at(a)):
            raise usage_error(f"attacker hex {a} holds no enemy combat unit", "--attackers")


# -- reading the answer --------------------------------------------------------


def _str(sym: clingo.Symbol) -> str:
    return sym.string if sym.type == clingo.SymbolType.String else str(sym)


def _num(sym: clingo.Symbol) -> int:
    return sym.number


class _Layers:
    """The retreat layers of one stack and profile, and witness paths through them."""

    def __init__(self, start: str):
        self.start = start
        self.pred: dict[tuple[int, str], set[str]] = defaultdict(set)

    def add_move(self, k: int, a: str, b: str) -> None:
        self.pred[(k, b)].add(a)

    def path_to(self, k: int, h: str) -> list[str]:
        """A witness path of k hexes ending in h (hexes after the battle hex)."""
        path: list[str] = []
        while k > 0:
            path.append(h)
            h = min(self.pred[(k, h)])
            k -= 1
        return list(reversed(path))


def _rules(rules: Iterable[str]) -> list[str]:
    return sorted(set(rules), key=rule_key)


def _new_data() -> dict[str, Any]:
    return {
        "layers": {}, "deaths": defaultdict(lambda: defaultdict(set)),
        "end_deaths": defaultdict(set), "ends": [], "allow": defaultdict(set),
        "los": defaultdict(set), "out": defaultdict(set),
        "fate": defaultdict(lambda: defaultdict(set)),
        "status": {}, "status_rules": defaultdict(set), "detrain": set(), "again": {},
        "no_auto": set(), "desperate": set(), "kind_rules": defaultdict(set),
    }


#: The shown atoms a retreat answer reads, by name and arity.
_READ = (("retreat_move", 5), ("retreat_death", 7), ("retreat_end_death", 6),
         ("retreat_end", 6), ("retreat_allow", 6), ("retreat_los", 3),
         ("retreat_ruled_out", 6), ("retreat_fate", 4), ("retreat_status", 4),
         ("retreat_detrain", 3), ("retreat_again", 3), ("retreat_no_auto", 2),
         ("desperate_defense", 2))


def _collect_all(ans: Answer, requests: Sequence[RetreatRequest]) -> dict[str, dict[str, Any]]:
    """Sort the shown atoms by stack (their battle hex, the first argument) and kind,
    reading each atom once for all the stacks of the question."""
    datas = {req.hex: _new_data() for req in requests}
    kind_rules: defaultdict[str, set[str]] = defaultdict(set)
    for kind, rule in ans.rows_unsorted("retreat_kind_rule", 2):
        kind_rules[kind].add(rule)
    for data in datas.values():
        data["kind_rules"] = kind_rules
    for name, arity in _READ:
        for args in ans.rows_unsorted(name, arity):
            data = datas.get(args[0])
            if data is None:
                continue
            if name == "retreat_move":
                prof = args[1]
                layers = data["layers"].get(prof)
                if layers is None:
                    layers = data["layers"][prof] = _Layers(args[0])
                layers.add_move(args[2], args[3], args[4])
            elif name == "retreat_death":
                data["deaths"][(args[1], args[2], args[3], args[4])][args[6]].add(args[5])
            elif name == "retreat_end_death":
                data["end_deaths"][(args[1], args[2], args[3])].add(args[4])
            elif name == "retreat_end":
                data["ends"].append((args[1], args[2], args[3], args[4], args[5]))
            elif name == "retreat_allow":
                data["allow"][(args[1], args[2], args[3], args[4])].add(args[5])
            elif name == "retreat_los":
                data["los"][args[1]].add(args[2])
            elif name == "retreat_ruled_out":
                data["out"][(args[1], args[2], args[3])].add(args[4])
            elif name == "retreat_fate":
                data["fate"][args[1]][args[2]].add(args[3])
            elif name == "retreat_status":
                data["status"][args[1]] = args[2].replace("_", "-")
                data["status_rules"][args[1]].add(args[3])
            elif name == "retreat_detrain":
                data["detrain"].add(args[1])
            elif name == "retreat_again":
                data["again"][args[1]] = args[2]
            elif name == "retreat_no_auto":
                data["no_auto"].add(args[1])
            elif name == "desperate_defense":
                data["desperate"].add(args[1])
    return datas


def _stacking_over(sc: Scenario, end: str, side: str, movers: Sequence[str]) -> bool:
    """Would the end hex hold more than the stacking limit (4.1, 4.2)?"""
    if end not in sc.map.hexes:
        return False  # entry areas have no stacking limit (22.4)
    units = [u for u in sc.units_at(end) if u.side == side]
    units += [sc.units_by_id[m] for m in movers]
    count, free_used = 0, False
    for u in units:
        if not u.is_combat or u.is_asu:
            continue
        if u.free_stacking and not free_used:
            free_used = True
            continue
        count += 1
    limit = 3 if side == "axis" else 2
    if side == "soviet" and any(u.type == "soviet-army-hq" for u in units + sc.units_at(end)):
        limit = 3
    return count > limit


def _options_for(sc: Scenario, req: RetreatRequest, side: str, data: dict[str, Any],
                 movers_by_prof: dict[str, list[str]]) -> list[RetreatOption]:
    """One option per end: the best way to end there, with a witness path."""
    per_end: dict[str, dict[str, RetreatOption]] = defaultdict(dict)
    for prof in movers_by_prof:
        layers = data["layers"].get(prof) or _Layers(req.hex)
        # surviving ends, the cheapest way first
        ends = [e for e in data["ends"] if e[0] == prof]
        for _, k, end, kind, cost in sorted(ends, key=lambda e: (e[4], KIND_ORDER[e[3]], e[1])):
            if prof in per_end[end]:
                continue
            path = layers.path_to(k, end)
            rules = set(data["kind_rules"][kind]) | _allowed_along(data, prof, req.hex, path)
            out = data["out"].get((prof, end, kind), set())
            per_end[end][prof] = RetreatOption(
                end=end, path=path, eliminated=False, rules=_rules(rules), kind=kind,
                steps_paid=cost, ruled_out_by=2 if out else None,
                los=end in data["los"], los_rules=_rules(data["los"].get(end, ())),
            )
        # a step that kills (into a hex no surviving path of that length reaches),
        # or an end in a vacant EZOC hex; the earliest first
        deaths = [(k, a, b, whys) for (p, k, a, b), whys in data["deaths"].items()
                  if p == prof and (k, b) not in layers.pred]
        deaths += [(k, None, h, {"ezoc_end": rules})
                   for (p, k, h), rules in data["end_deaths"].items() if p == prof]
        for k, a, b, whys in sorted(deaths, key=lambda d: (d[0], d[2], d[1] or "")):
            if prof in per_end[b]:
                continue
            rules = {r for rs in whys.values() for r in rs}
            path = layers.path_to(k, b) if a is None else layers.path_to(k - 1, a) + [b]
            option = RetreatOption(end=b, path=path, eliminated=True, rules=_rules(rules),
                                   why=sorted(whys))
            if a is None:
                saves = sorted(e[2] for e in ends if e[3] == "extra"
                               and b in layers.pred.get((e[1], e[2]), set()))
                if saves:
                    option.notes.append({"text": "one extra hex saves it: " + ", ".join(saves),
                                         "rules": ["12.2"]})
            per_end[b][prof] = option
    options: list[RetreatOption] = []
    order = sorted(movers_by_prof, key=lambda p: (p != "plain", p))
    for end, by_prof in per_end.items():
        if not by_prof:
            continue
        alive = [p for p in order if p in by_prof and not by_prof[p].eliminated]
        chosen = by_prof[alive[0]] if alive else by_prof[next(p for p in order if p in by_prof)]
        chosen.units = sorted(u for p in alive for u in movers_by_prof[p])
        if not chosen.eliminated:
            chosen.overstacked = _stacking_over(sc, end, side, chosen.units)
            if chosen.overstacked:
                chosen.notes.append({"text": "ends over the stacking limit; allowed, but it "
                                     "must be fixed by the end of the next friendly Movement "
                                     "Phase", "rules": ["4.1", "12.1.4"]})
        options.append(chosen)
    any_alive = any(not o.eliminated for o in options)
    for o in options:
        if o.eliminated:
            o.ruled_out_by = 1 if any_alive else None
        o.rank = 3 if o.ruled_out_by == 1 else 2 if o.ruled_out_by == 2 else 1
    options.sort(key=lambda o: (o.rank, o.eliminated, o.steps_paid, o.end == OFF_MAP, o.end))
    return options


def _allowed_along(data: dict[str, Any], prof: str, start: str, path: list[str]) -> set[str]:
    """The rules that let each step of the path through (bridges, negated EZOCs ...)."""
    out: set[str] = set()
    prev = start
    for i, h in enumerate(path, 1):
        out |= data["allow"].get((prof, i, prev, h), set())
        prev = h
    return out


def _answer(sc: Scenario, req: RetreatRequest, side: str, phase: str, data: dict[str, Any],
            readings: dict[str, str]) -> RetreatAnswer:
    stack = [u for u in sc.units_at(req.hex) if u.side == side]
    fates: list[UnitFate] = []
    movers_by_prof: dict[str, list[str]] = defaultdict(list)
    for u in stack:
        by_fate = data["fate"].get(u.id, {})
        fate = ("eliminated" if "eliminated" in by_fate else
                "stays" if "stays" in by_fate else "retreats")
        uf = UnitFate(u.id, fate, _rules(by_fate.get(fate, ())),
                      status=data["status"].get(u.id),
                      status_rules=_rules(data["status_rules"].get(u.id, ())),
                      detrains=u.id in data["detrain"] and fate != "stays")
        if uf.detrains:
            uf.notes.append({"text": "detrains: the Train marker comes off", "rules": ["5.6.5"]})
        if u.id in data["again"]:
            uf.notes.append({"text": "already retreated this phase, but Breakthrough Combat "
                             "lets it retreat again", "rules": [data["again"][u.id]]})
        if fate == "stays":
            uf.notes.append({"text": "Supply Points never retreat: it stays and is lost if an "
                             "enemy combat unit enters the hex", "rules": ["18.6.6", "19.3"]})
        fates.append(uf)
        if u.is_combat and not (fate == "eliminated" and "12.4" in uf.rules):
            movers_by_prof["mountain" if u.type == "mountain" else "plain"].append(u.id)
    options = _options_for(sc, req, side, data, movers_by_prof)
    survivors = [f for f in fates if f.fate == "retreats"]
    eliminated = not any(sc.units_by_id[f.id].is_combat for f in survivors)
    if eliminated:
        rules = _rules(r for f in fates if f.fate == "eliminated" for r in f.rules) or ["12.2"]
    else:
        rules = _rules(["12.1"] + [r for o in options if o.rank == 1 for r in o.rules])
    automatic = None
    if phase == "movement":
        automatic = not data["no_auto"]
    return RetreatAnswer(
        hex=req.hex, side=side, length=req.length, phase=phase, eliminated=eliminated,
        rules=rules, options=options, units=fates,
        desperate_defense=bool(data["desperate"]),
        desperate_rules=_rules(data["desperate"] or ["11.5.1"]),
        attackers=list(req.attackers), automatic=automatic, readings=readings,
    )


# -- the API -----------------------------------------------------------------------


def _run(sc: Scenario, requests: Sequence[RetreatRequest], phase: str, solver: Solver | None,
         readings: dict[str, str] | None, facts: Sequence[clingo.Symbol] = (),
         with_los: bool = True) -> list[tuple[RetreatAnswer, dict[str, Any]]]:
    solver = solver or Solver(sc.game)
    extra: list[clingo.Symbol] = [clingo.Function("retreat_phase", [clingo.Function(phase)]),
                                  *facts]
    sides = []
    seen: set[str] = set()
    for req in requests:
        _check_request(sc, req, phase)
        if req.hex in seen:
            raise usage_error(f"{req.hex} asked twice", "--hex")
        seen.add(req.hex)
        side = _side_of_stack(sc, req)
        _check_attackers(sc, req, side)
        sides.append(side)
        extra += _request_facts(sc, req, side)
    # Only the retreating sides' Lines of Supply are traced (the question's scope).
    scope = [clingo.Function("sup_trace", [clingo.Function(s)]) for s in sorted(set(sides))]
    if with_los:
        ans = solver.solve(sc, "retreat", extra=extra, readings=readings, scope=scope)
    else:
        ans = solver.solve(sc, "retreat-nolos", extra=extra, readings=readings)
    chosen = {**solver.readings_for(sc), **(readings or {})}
    used = {k: v for k, v in chosen.items() if k in READING_RULES}
    out = []
    datas = _collect_all(ans, requests)
    for req, side in zip(requests, sides, strict=True):
        data = datas[req.hex]
        answer = _answer(sc, req, side, phase, data, used)
        answer.los_checked = with_los
        out.append((answer, data))
    return out


def retreats_many(sc: Scenario, requests: Sequence[RetreatRequest], phase: str = "combat",
                  solver: Solver | None = None, readings: dict[str, str] | None = None,
                  facts: Sequence[clingo.Symbol] = (),
                  with_los: bool = True) -> list[RetreatAnswer]:
    """Answer several stacks' retreats with one solver call (each a distinct hex).

    ``facts`` are added as they are (for tests that pin a derived relation such
    as ``los/2``). ``with_los=False`` leaves the Line of Supply out (no guideline
    2 of 12.1.3; friendly entry areas still count as supplied): much faster on
    a full-size map, where tracing supply costs far more than the retreat.
    """
    return [a for a, _ in _run(sc, requests, phase, solver, readings, facts, with_los)]


def retreats(sc: Scenario, hex_id: str, length: int, phase: str = "combat",
             attackers: Sequence[str] = (), side: str | None = None,
             solver: Solver | None = None, readings: dict[str, str] | None = None,
             facts: Sequence[clingo.Symbol] = (), with_los: bool = True) -> RetreatAnswer:
    """Every way the stack in ``hex_id`` can retreat ``length`` hexes, ranked (12.1.3)."""
    req = RetreatRequest(hex_id, length, side, tuple(attackers))
    return retreats_many(sc, [req], phase, solver, readings, facts, with_los)[0]


def auto_retreats(sc: Scenario, solver: Solver | None = None) -> list[AutoRetreat]:
    """Full Retreat stacks next to an enemy combat unit: they retreat 2 hexes now (13.3.2)."""
    solver = solver or Solver(sc.game)
    ans = solver.solve(sc, "retreat-nolos")
    out = []
    for s in ans.by_name("auto_retreat_due", 3):
        h, side = s.arguments[0].string, s.arguments[1].name
        units = sorted(u.id for u in sc.units_at(h) if u.side == side)
        out.append(AutoRetreat(h, side, units, [s.arguments[2].string]))
    return sorted(out, key=lambda a: a.hex)


# -- check --retreat UNIT:H1,H2,...[:N[:PHASE]] -------------------------------------

@dataclass
class RetreatCheck(CheckAnswer):
    path: list[str] = field(default_factory=list)
    length: int = 0
    phase: str = "combat"

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "path": self.path, "length": self.length,
                "phase": self.phase}

    def summary(self) -> str:
        route = "-".join([self.start, *self.path])
        if not self.allowed:
            return f"{self.unit} may not retreat {route}."
        return f"{self.unit} may retreat {route}."


def parse_retreat_spec(spec: str, option: str = "--retreat") -> tuple[str, list[str], int | None,
                                                                       str]:
    """``UNIT:H1,H2,...[:N[:PHASE]]`` -> (unit, path, length or None, phase)."""
    parts = spec.split(":")
    phase = "combat"
    length: int | None = None
    if len(parts) >= 2 and parts[-1] in PHASES:
        phase = parts.pop()
    elif len(parts) >= 3 and not parts[-1].isdigit() and (parts[-2].isdigit() or all(
            is_hex_id(h) for h in parts[-2].split(","))):
        raise usage_error(f"'{parts[-1]}' is not a retreat phase (the PHASE of "
                          f"UNIT:H1,H2,...:N:PHASE is one of {', '.join(PHASES)})"
                          f"{did_you_mean(parts[-1], PHASES)}", option)
    if len(parts) >= 3 and parts[-1].isdigit():
        length = int(parts.pop())
    if len(parts) < 2 or not parts[-1]:
        raise usage_error(f"expected UNIT:H1,H2,...[:N[:PHASE]] (e.g. 11Pz:0405,0406), "
                          f"got '{spec}'", option)
    path = parts.pop().split(",")
    unit_id = ":".join(parts)
    if not unit_id or not path:
        raise usage_error(f"expected UNIT:H1,H2,... got '{spec}'", option)
    return unit_id, path, length, phase


def check_retreat(sc: Scenario, spec: str, solver: Solver | None = None,
                  readings: dict[str, str] | None = None) -> RetreatCheck:
    """Judge one proposed retreat path, step by step, naming the first rule it breaks.

    The retreat length defaults to the number of hexes in the path (a path that
    ends in an entry area or takes the one extra hex of 12.2 must give it).
    """
    unit_id, path, length, phase = parse_retreat_spec(spec)
    unit = sc.units_by_id.get(unit_id)
    if unit is None:
        raise unknown("unit", unit_id, sc.units_by_id, "--retreat")
    if unit.hex not in sc.map.hexes:
        raise usage_error(f"{unit_id} is in entry area {unit.hex}; it cannot be attacked "
                          "there (22.4)", "--retreat")
    for h in path:
        if not is_hex_id(h) and h not in sc.map.entry_areas:
            raise usage_error(f"'{h}' is neither a hex id nor an entry area", "--retreat")
    n = length or len(path)
    if not 1 <= n <= 4:
        raise usage_error(f"a retreat is 1 to 4 hexes long, got {n}; give :N", "--retreat")
    (answer, data), = _run(sc, [RetreatRequest(unit.hex, n, unit.side)], phase, solver,
                           readings)
    prof = "mountain" if unit.type == "mountain" else "plain"
    verdict = RetreatCheck("retreat", unit_id, unit.hex, path[-1], False, False, [],
                           path=path, length=n, phase=phase)
    fate = next(f for f in answer.units if f.id == unit_id)
    if fate.fate == "stays":
        verdict.findings.append(Finding("never_retreats", "Supply Points never retreat",
                                        fate.rules, True))
        return verdict
    if fate.fate == "eliminated" and "12.4" in fate.rules:
        verdict.findings.append(Finding("retreated_before", "it already retreated in this "
                                        "Combat Phase, so a second retreat eliminates it",
                                        ["12.4"], True))
        return verdict
    if not unit.is_combat:
        verdict.findings.append(Finding("non_combat", "a non-combat unit retreats only along "
                                        "with a surviving combat unit of its stack",
                                        ["19.3"], fate.fate != "retreats"))
        prof = "plain"
    moves = data["layers"].get(prof, _Layers(unit.hex)).pred
    grid = sc.grid
    prev = unit.hex
    for k, h in enumerate(path, 1):
        deaths = data["deaths"].get((prof, k, prev, h))
        if deaths:
            rules = _rules(r for rs in deaths.values() for r in rs)
            words = "; ".join(WHY_TEXT.get(w, w) for w in sorted(deaths))
            verdict.findings.append(Finding(
                sorted(deaths)[0], f"hex {k} ({h}) eliminates it: {words}", rules, True))
            return verdict
        if prev not in moves.get((k, h), set()):
            verdict.findings.append(Finding("not_a_retreat_step", _why_not_step(
                sc, grid, unit.hex, prev, h, k, n), ["12.1.1", "12.1.3"], True))
            return verdict
        prev = h
    k = len(path)
    end = path[-1]
    ends = {(e[1], e[2]): (e[3], e[4]) for e in data["ends"] if e[0] == prof}
    if (k, end) not in ends:
        if (prof, k, end) in data["end_deaths"]:
            verdict.findings.append(Finding("ezoc_end", f"it ends in {end}, a vacant EZOC "
                                            "hex; one extra hex may save it", ["12.2"], True))
        else:
            verdict.findings.append(Finding(
                "too_short", f"it stops after {k} of {n} hexes in {end}, which is neither "
                "beside friendly units that did not retreat nor a friendly City or Fort "
                "free of EZOCs", ["12.1.3"], True))
        return verdict
    kind, cost = ends[(k, end)]
    verdict.allowed = True
    rules = set(data["kind_rules"][kind]) | _allowed_along(data, prof, unit.hex, path)
    text = KIND_TEXT[kind] + (f" ({cost} step{'s' if cost > 1 else ''})" if cost else "")
    verdict.findings.append(Finding(kind, f"it survives: {text}", _rules(rules)))
    option = answer.option(end)
    if option is not None and option.eliminated is False and option.ruled_out_by == 2:
        verdict.allowed = False
        verdict.findings.append(Finding(
            "no_los", f"{end} has no Line of Supply but another end has one, which the "
            "guidelines prefer", ["12.1.3", "16.3"], True))
    return verdict


def _why_not_step(sc: Scenario, grid, h0: str, prev: str, h: str, k: int, n: int) -> str:
    if h in sc.map.entry_areas:
        if prev not in sc.map.entry_areas[h].hexes:
            return f"entry area {h} does not border {prev}"
        return f"hex {k} leaves the map after the retreat is complete"
    if h not in sc.map.hexes:
        return f"{h} is not on the map"
    if not grid.are_adjacent(prev, h):
        return f"{h} is not adjacent to {prev}"
    if k > n + 1:
        return f"the retreat is {n} hexes long; at most one extra hex may follow (12.2)"
    d = grid.distance(h0, h)
    if k == n + 1:
        return (f"hex {k} is the one extra hex of 12.2: it may only follow an end in a "
                f"vacant EZOC hex, and may not come closer to the battle hex (or, read "
                f"strictly, must go farther); {h} lies {d} hexes from {h0}")
    return (f"hex {k} of the retreat must lie {k} hexes from the battle hex {h0}; "
            f"{h} lies {d} away")


register_kind(Kind(
    "retreat", "UNIT:H1,H2,...[:N[:PHASE]]",
    "may the unit retreat along this path (N hexes ordered, default the path's length; "
    "PHASE combat, breakthrough or movement)? Names the first rule the path breaks "
    "(12.1-12.4).",
    check_retreat,
))
