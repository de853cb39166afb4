"""Retreats: before combat (9.41-9.48), with its movement budget and costs from the
terrain chart, and after a P result (9.81, 9.84, 9.87-9.884)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from adjudicator.games.sos import engine
from adjudicator.games.sos.facts import q
from adjudicator.games.sos.queries.zoc import rules_of
from adjudicator.games.sos.tec import PRACTICE_NOTE, Tec, tec_chart
from adjudicator.scenario import Scenario


def half(n: int) -> float | int:
    return n // 2 if n % 2 == 0 else n / 2


@dataclass
class UnitRetreat:
    unit: str
    #: may it retreat before combat at all
    may: bool
    #: reasons it may not: (reason, rule)
    refused: list[tuple[str, str]] = field(default_factory=list)
    budget: float | int | None = None
    #: hex -> MPs spent reaching it
    hexes: dict[str, float | int] = field(default_factory=dict)
    #: hexes it may enter but not leave (9.48)
    stops: list[str] = field(default_factory=list)
    #: the rule that sets the budget: 9.48, or 19.5 for an isolated Soviet unit
    budget_rule: str = "9.48"
    #: transports that may carry it instead (16.42, 16.45): it ends where they may
    carried_by: list[str] = field(default_factory=list)
    #: a vehicle's retreat stops short of crossing these: (hex, feature, rule), 8.12
    no_crossing: list[tuple[str, str, str]] = field(default_factory=list)
    #: balka hexes a Soviet vehicle's retreat crosses by their river-landing arrow (8.67)
    landings: list[str] = field(default_factory=list)


@dataclass
class BeforeCombat:
    hex: str
    units: list[UnitRetreat]
    #: nobody may retreat: (reason, rule)
    blocked: list[tuple[str, str]]
    #: one of the eligible combat units must stay (9.43)
    one_must_stay: bool
    #: every defender may go (9.45)
    all_may_go: bool
    rules: list[str]
    chart: dict

    def reach(self) -> dict[str, set[str]]:
        return {u.unit: set(u.hexes) for u in self.units}

    def to_json(self) -> dict:
        return {"kind": "before-combat", "hex": self.hex,
                "blocked": [{"reason": r, "rule": x} for r, x in self.blocked],
                "one_must_stay": self.one_must_stay, "all_may_go": self.all_may_go,
                "units": [{"unit": u.unit, "may": u.may,
                           "refused": [{"reason": r, "rule": x} for r, x in u.refused],
                           "budget_mp": u.budget, "budget_rule": u.budget_rule,
                           "hexes": u.hexes, "stops": u.stops,
                           "carried_by": u.carried_by,
                           "no_crossing": [{"hex": h, "feature": f, "rule": x}
                                           for h, f, x in u.no_crossing],
                           "river_landings": u.landings}
                          for u in self.units],
                "rules": self.rules, "chart": self.chart}


@dataclass
class UnitPResult:
    unit: str
    #: unaffected, eliminated, spent, pinned, retreats-pinned, retreat-or-stay-pinned,
    #: eliminated-no-retreat; for a fortification eliminated-if-all-retreat (9.881: it goes
    #: if every defending combat unit takes the retreat the defender may choose); for a
    #: leader (never pinned, 9.113) retreats or retreat-or-stay
    outcome: str
    rules: list[str]
    hexes: list[str] = field(default_factory=list)
    #: hex -> (reason, rule) why it may not retreat there
    refused: dict[str, list[tuple[str, str]]] = field(default_factory=dict)


@dataclass
class AfterP:
    hex: str
    units: list[UnitPResult]
    #: the defender's choices: (option, rule)
    options: list[tuple[str, str]]
    chart: dict
    #: kind -> how many of the retreating units of that kind find no room in any hex
    #: together with the others, however they are placed (9.87, 5.0): the defender
    #: eliminates that many of them
    short: dict[str, int] = field(default_factory=dict)
    #: one placing of the retreating units that saves the most: unit -> hex
    placing: dict[str, str] = field(default_factory=dict)

    def reach(self) -> dict[str, set[str]]:
        return {u.unit: set(u.hexes) for u in self.units}

    def to_json(self) -> dict:
        return {"kind": "p-result", "hex": self.hex,
                "options": [{"option": o, "rule": r} for o, r in self.options],
                "units": [{"unit": u.unit, "outcome": u.outcome, "rules": u.rules,
                           "hexes": u.hexes,
                           "refused": {h: [{"reason": r, "rule": x} for r, x in why]
                                       for h, why in sorted(u.refused.items())}}
                          for u in self.units],
                "stack": {"short": self.short, "placing": self.placing,
                          "rules": ["9.87", "5.0"]},
                "rules": ["9.87", "9.88", "9.883"], "chart": self.chart}


def _chart_info(chart: Tec) -> dict:
    info = chart.describe()
    if chart.practice:
        info["note"] = PRACTICE_NOTE
    return info


def _question(hex_id: str, attackers: list[str], pred: str) -> list[str]:
    return [f"{pred}({q(hex_id)})."] + [f"attacker({q(u)})." for u in attackers]


def before_combat(sc: Scenario, hex_id: str, attackers: list[str],
                  breakthrough: bool = False, chart: Tec | None = None) -> BeforeCombat:
    chart = chart or tec_chart()
    extra = _question(hex_id, attackers, "rbc_hex")
    if breakthrough:
        extra.append("breakthrough_attack.")
    a = engine.solve(sc, "retreats", extra, chart)
    blocked = [(r, x) for u, r, x in a.rows("rbc_no") if u == "all"]
    refused: dict[str, list[tuple[str, str]]] = {}
    for u, r, x in a.rows("rbc_no"):
        if u != "all":
            refused.setdefault(u, []).append((r, x))
    budget = {u: b for u, b, _ in a.rows("rbc_budget")}
    carry: dict[str, list[str]] = {}
    for u, t, _ in a.rows("rbc_carry"):
        carry.setdefault(u, []).append(t)
    budget_rule = {u: x for u, _, x in a.rows("rbc_budget")}
    budget_rules = (list(budget_rule.values()) + [x for _, _, x in a.rows("rbc_zoc_exit")]
                    + [x for _, _, x in a.rows("rbc_carry")])
    hexes: dict[str, dict[str, float | int]] = {}
    for u, h, c in a.rows("rbc_reach"):
        hexes.setdefault(u, {})[h] = half(c)
    stops: dict[str, list[str]] = {}
    for u, h, _ in a.rows("rbc_stop"):
        stops.setdefault(u, []).append(h)
    crossing: dict[str, set[tuple[str, str, str]]] = {}
    for u, h, f, x in a.rows("rbc_no_cross"):
        crossing.setdefault(u, set()).add((h, str(f).replace("_", "-"), x))
    landings: dict[str, list[str]] = {}
    for u, h, _ in a.rows("rbc_landing"):
        landings.setdefault(u, []).append(h)
    units = []
    for u in sc.units_at(hex_id):
        may = not blocked and u.id not in refused
        units.append(UnitRetreat(u.id, may, refused.get(u.id, []),
                                 half(budget[u.id]) if u.id in budget else None,
                                 dict(sorted(hexes.get(u.id, {}).items())),
                                 sorted(stops.get(u.id, [])),
                                 budget_rule.get(u.id, "9.48"),
                                 sorted(carry.get(u.id, [])),
                                 sorted(crossing.get(u.id, set())),
                                 sorted(landings.get(u.id, []))))
    stay = bool(a.rows("rbc_stay"))
    all_go = bool(a.rows("rbc_all"))
    rules = rules_of(["9.41", "9.43", "9.47", "9.48"] + [x for _, x in blocked]
                     + [x for why in refused.values() for _, x in why]
                     + (["9.45"] if all_go else []) + budget_rules
                     + sorted({r for rows in crossing.values() for _, _, r in rows})
                     + (["8.67"] if landings else []))
    return BeforeCombat(hex_id, units, blocked, stay, all_go, rules, _chart_info(chart))


def after_p(sc: Scenario, hex_id: str, attackers: list[str], fire: str = "attack",
            chart: Tec | None = None) -> AfterP:
    chart = chart or tec_chart()
    extra = _question(hex_id, attackers, "p_hex") + [f"fire({fire})."]
    a = engine.solve(sc, "retreats", extra, chart)
    outcomes: dict[str, list[tuple[str, str]]] = {}
    for u, o, r in a.rows("p_outcome"):
        outcomes.setdefault(u, []).append((o, r))
    dests: dict[str, list[str]] = {}
    for u, h, _ in a.rows("p_dest"):
        dests.setdefault(u, []).append(h)
    refused: dict[str, dict[str, list[tuple[str, str]]]] = {}
    for u, h, why, r in a.rows("p_refused"):
        refused.setdefault(u, {}).setdefault(h, []).append((why, r))
    units = []
    for u in sc.units_at(hex_id):
        got = outcomes.get(u.id, [])
        # the last word: eliminated for want of a hex beats the order to retreat
        order = ["eliminated-no-retreat", "eliminated", "eliminated-if-all-retreat",
                 "unaffected", "spent",
                 "retreats-pinned", "retreat-or-stay-pinned", "retreats", "retreat-or-stay",
                 "pinned"]
        outcome = next((o for o in order if any(g[0] == o for g in got)), "pinned")
        rules = rules_of(r for _, r in got) or ["9.81"]
        units.append(UnitPResult(u.id, outcome, rules, sorted(dests.get(u.id, [])),
                                 refused.get(u.id, {})))
    options = sorted({(o, r) for o, r in a.rows("p_option")})
    armored = {u.id for u in sc.units if u.moves_as == "armored"}
    # a unit with no hex to go to stays (or is eliminated): it is not placed, nor short
    movers = [u for u in units if u.outcome in RETREATING and u.hexes]
    short, placing = place_stack(movers, dict(a.rows("p_kind")), a.rows("p_room"),
                                 a.rows("p_room_lift"), armored)
    return AfterP(hex_id, units, options, _chart_info(chart), short, placing)


#: the outcomes of units that go (or may go) one hex after a P result
RETREATING = ("retreats-pinned", "retreat-or-stay-pinned", "retreats", "retreat-or-stay")


def _match(units: list[tuple[str, list[str]]], cap: dict[str, int],
           fixed: dict[str, str]) -> dict[str, str]:
    """A largest placing of ``units`` (id, hexes it may enter) into hexes of capacity
    ``cap``, on top of the ``fixed`` ones (augmenting paths: a b-matching)."""
    held: dict[str, list[str]] = {}
    for u, h in fixed.items():
        held.setdefault(h, []).append(u)
    options = dict(units)
    got = dict(fixed)

    def place(u: str, seen: set[str]) -> bool:
        for h in options[u]:
            if h in seen:
                continue
            seen.add(h)
            there = held.setdefault(h, [])
            if len(there) < cap.get(h, 0):
                there.append(u)
                got[u] = h
                return True
            for v in list(there):
                if v in fixed:
                    continue
                if place(v, seen):
                    there.remove(v)
                    there.append(u)
                    got[u] = h
                    return True
        return False

    for u, _ in units:
        place(u, set())
    return got


def place_stack(movers: list[UnitPResult], kinds: dict[str, str], rooms: list[tuple],
                lifts: list[tuple], armored: set[str]) -> tuple[dict[str, int], dict[str, str]]:
    """The placing of the retreating units into their hexes that saves the most, with the
    room the rules give (``p_room``, ``p_room_lift``): how many of each kind find no
    room, and one best placing. A search over the defender's choices (procedure); the
    limits themselves come from asp/sos/stacking.lp and retreat.lp."""
    room = {(h, k): max(f, 0) for h, k, f, _ in rooms}
    lift = {h: max(f, 0) for h, f, _ in lifts}
    short: dict[str, int] = {}
    placing: dict[str, str] = {}
    for kind in sorted({kinds[u.unit] for u in movers if u.unit in kinds}):
        group = [(u.unit, u.hexes) for u in movers if kinds.get(u.unit) == kind]
        cap = {h: f for (h, k), f in room.items() if k == kind}
        tanks = [(u, hs) for u, hs in group
                 if u in armored and any(h in lift for h in hs)][:6]
        best = _match(group, cap, {})
        if kind == "combat" and tanks:
            # 5.3: a tank placed in a hex raises its limit for the units going with it;
            # try every way of placing the tanks (few: at most four fit in a hex), the
            # others by augmenting paths
            rest = [(u, hs) for u, hs in group if (u, hs) not in tanks]
            for choice in itertools.product(*[[None, *hs] for _, hs in tanks]):
                fixed = {u: h for (u, _), h in zip(tanks, choice, strict=False) if h}
                lifted = dict(cap)
                for h in set(fixed.values()):
                    lifted[h] = max(cap.get(h, 0), lift.get(h, 0))
                if any(list(fixed.values()).count(h) > lifted.get(h, 0)
                       for h in set(fixed.values())):
                    continue
                got = _match(rest, lifted, fixed)
                if len(got) > len(best):
                    best = got
        if len(best) < len(group):
            short[kind] = len(group) - len(best)
        placing.update(best)
    return short, dict(sorted(placing.items()))
