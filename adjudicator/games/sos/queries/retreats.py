"""Retreats: before combat (9.41-9.48), with its movement budget and costs from the
terrain chart, and after a P result (9.81, 9.84, 9.87-9.884)."""

from __future__ import annotations

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
                           "budget_mp": u.budget, "hexes": u.hexes, "stops": u.stops}
                          for u in self.units],
                "rules": self.rules, "chart": self.chart}


@dataclass
class UnitPResult:
    unit: str
    #: unaffected, eliminated, spent, pinned, retreats-pinned, retreat-or-stay-pinned,
    #: eliminated-no-retreat; for a leader (never pinned, 9.113) retreats or
    #: retreat-or-stay
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
    hexes: dict[str, dict[str, float | int]] = {}
    for u, h, c in a.rows("rbc_reach"):
        hexes.setdefault(u, {})[h] = half(c)
    stops: dict[str, list[str]] = {}
    for u, h, _ in a.rows("rbc_stop"):
        stops.setdefault(u, []).append(h)
    units = []
    for u in sc.units_at(hex_id):
        may = not blocked and u.id not in refused
        units.append(UnitRetreat(u.id, may, refused.get(u.id, []),
                                 half(budget[u.id]) if u.id in budget else None,
                                 dict(sorted(hexes.get(u.id, {}).items())),
                                 sorted(stops.get(u.id, []))))
    stay = bool(a.rows("rbc_stay"))
    all_go = bool(a.rows("rbc_all"))
    rules = rules_of(["9.41", "9.43", "9.47", "9.48"] + [x for _, x in blocked]
                     + [x for why in refused.values() for _, x in why]
                     + (["9.45"] if all_go else []))
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
        order = ["eliminated-no-retreat", "eliminated", "unaffected", "spent",
                 "retreats-pinned", "retreat-or-stay-pinned", "retreats", "retreat-or-stay",
                 "pinned"]
        outcome = next((o for o in order if any(g[0] == o for g in got)), "pinned")
        rules = rules_of(r for _, r in got) or ["9.81"]
        units.append(UnitPResult(u.id, outcome, rules, sorted(dests.get(u.id, [])),
                                 refused.get(u.id, {})))
    options = sorted({(o, r) for o, r in a.rows("p_option")})
    return AfterP(hex_id, units, options, _chart_info(chart))
