"""Prepared Assault odds and their resolution (Kharkov Battles 12.0-12.6, 5.2, 5.44, 6.21,
8.32-8.33, 11.28, 14.1-14.2, 15.11-15.15, 18.11).

What may be attacked, every strength, its halving, the ratio rounded in the defender's
favour, the column shifts, the terrain line and the automatic results are
asp/kb42/odds.lp's (with attack.lp's obligations, 12.1). Here: the plan given by the player,
the CRT terrain line of each hex from the chosen Terrain Effects Chart, the column on the
chosen CRT, the die (one d10 read 0-9, 1.2) and the answer, which names the charts it used.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import clingo

from adjudicator.errors import usage_error
from adjudicator.games.kb42.charts import Crt, Result, Tec, check_pair, ratio_of
from adjudicator.games.kb42.queries.zoc import _rules
from adjudicator.scenario import Scenario
from adjudicator.solver import Solver

#: what each rule does to a unit's strength, for the answer's text
MODS = {
    "2.7": "at least one after every modifier", "2.71": "a cadre has one",
    "8.32": "halved: Out of Supply, attacking", "8.33": "Isolated: halved defending, at "
    "most one attacking", "11.28": "halved: Disorganized", "12.31": "halved: attacking "
    "across a Major River", "12.33": "halved: mechanized, attacking into Marsh",
    "14.1": "doubled: NKVD defending a town or city", "14.2": "doubled: Soviet tank or "
    "mechanized unit attacking in Freeze", "15.11": "an HQ alone defends with one",
    "15.12": "an HQ adds one to its stack",
}
REFUSALS = {
    "12.0": "a unit attacks, and a hex is attacked, at most once a Combat Phase",
    "12.21": "every attacking unit must be adjacent to every defending hex",
    "12.33": "a silhouette unit attacks into Marsh only across a road or railroad hexside",
    "12.35": "no attack across an impassable hexside", "12.36": "no attack across the Dnepr",
    "15.11": "HQs never attack by themselves", "15.15": "an Axis unit attacks only with full "
    "support", "9.41": "a mechanized unit without full support is in the attacking hex",
    "6.21": "only one multi-step unit takes part in combat out of a hex",
    "5.2": "at most two Air Points support an attack and one a defence",
}
SHIFTS = {
    "12.32": "every attacker across a Minor (or Minor and Major) River",
    "12.34": "a town in the defender's hex", "5.44": "Rubble in the defender's hex",
    "18.11": "the defender is in its Fortified Zone", "5.2": "Air Points",
    "12.43": "Combined Arms Bonus", "12.5": "Encirclement Bonus",
    "12.44": "Combined Arms Defense", "12.45": "no Combined Arms Bonus against a Fortified "
    "Zone, a city or across a Major River",
}


@dataclass
class Plan:
    """One attack of the plan: its attackers, the hexes attacked, Air Points (5.2)."""

    attackers: list[str]
    hexes: list[str]
    air: int = 0
    defender_air: int = 0


@dataclass
class Strength:
    unit: str
    role: str
    base: int
    final: int
    rules: list[str]


@dataclass
class AttackOdds:
    index: int
    plan: Plan
    defenders: list[str]
    strengths: list[Strength]
    attacker_total: int
    defender_total: int
    level: int
    #: (kind, columns, rule)
    shifts: list[tuple[str, int, str]]
    #: (kind, rule): a bonus the attack would have but a rule denies
    denied: list[tuple[str, str]]
    final: int
    automatic: tuple[str, str] | None
    line: str
    line_rules: list[str]
    #: the CRT column the final ratio reads on that line (None for an automatic result)
    column: str | None
    #: (unit, hex or "-", rule)
    refused: list[tuple[str, str]]

    @property
    def ratio(self) -> str:
        return f"{self.attacker_total}:{self.defender_total}"

    @property
    def legal(self) -> bool:
        return not self.refused

    def to_json(self) -> dict[str, Any]:
        return {
            "attack": self.index + 1, "attackers": self.plan.attackers,
            "hexes": self.plan.hexes, "air": self.plan.air,
            "defender_air": self.plan.defender_air, "defenders": self.defenders,
            "strengths": [vars(s) for s in self.strengths],
            "attacker_total": self.attacker_total, "defender_total": self.defender_total,
            "ratio": ratio_of(self.level), "raw": self.ratio,
            "shifts": [{"kind": k, "columns": v, "rule": r} for k, v, r in self.shifts],
            "denied": [{"kind": k, "rule": r} for k, r in self.denied],
            "final_ratio": ratio_of(self.final), "final_level": self.final,
            "automatic": ({"result": self.automatic[0], "rule": self.automatic[1]}
                          if self.automatic else None),
            "line": self.line, "line_rules": self.line_rules, "column": self.column,
            "refused": [{"what": w, "rule": r, "why": REFUSALS.get(r, "")}
                        for w, r in self.refused],
            "legal": self.legal,
            "rules": _rules(["12.0", *(r for _, _, r in self.shifts),
                             *(r for s in self.strengths for r in s.rules),
                             *([self.automatic[1]] if self.automatic else [])]),
        }


@dataclass
class OddsAnswer:
    attacks: list[AttackOdds]
    #: hexes that must be attacked (12.1) but no attack of the plan does
    unmet: list[str]
    crt: dict[str, Any]
    tec: dict[str, Any]
    notes: list[str] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return not self.unmet and all(a.legal for a in self.attacks)

    def to_json(self) -> dict[str, Any]:
        return {"attacks": [a.to_json() for a in self.attacks], "unmet": self.unmet,
                "legal": self.legal, "crt": self.crt, "tec": self.tec, "notes": self.notes,
                "rules": ["12.0", "12.1"]}


def parse_plan(text: str) -> Plan:
    """``A,B@H[,H][/air=N][/dair=N]``: the attackers, the hexes attacked, Air Points."""
    head, *opts = text.split("/")
    if "@" not in head:
        raise usage_error(f"'{text}' is not UNITS@HEXES (e.g. 'u1,u2@KB3617')", "--attack")
    units, _, hexes = head.partition("@")
    plan = Plan([u.strip() for u in units.split(",") if u.strip()],
                [h.strip() for h in hexes.split(",") if h.strip()])
    for opt in opts:
        key, _, val = opt.partition("=")
        if key.strip() not in ("air", "dair") or not val.strip().isdigit():
            raise usage_error(f"'{opt}' is not air=N or dair=N (Air Points, 5.2)", "--attack")
        setattr(plan, "air" if key.strip() == "air" else "defender_air", int(val))
    if not plan.attackers or not plan.hexes:
        raise usage_error(f"'{text}' names no attacker or no hex", "--attack")
    return plan


def _check(sc: Scenario, plans: list[Plan]) -> None:
    by_id = sc.units_by_id
    for p in plans:
        for u in p.attackers:
            if u not in by_id or by_id[u].hex not in sc.grid:
                raise usage_error(f"no unit '{u}' on the map", "--attack")
            if by_id[u].side != sc.phasing:
                raise usage_error(f"{u} is not a unit of the phasing side ({sc.phasing})",
                                  "--attack")
        for h in p.hexes:
            if h not in sc.grid:
                raise usage_error(f"'{h}' is not a hex of the map", "--attack")
            if not any(v.hex == h and v.side != sc.phasing for v in sc.units):
                raise usage_error(f"no unit of the non-phasing side in {h}", "--attack")


def _fn(name: str, *args: Any) -> clingo.Symbol:
    return clingo.Function(name, [
        clingo.String(a) if isinstance(a, str) else
        clingo.Number(a) if isinstance(a, int) else clingo.Function(a[0])
        for a in args])


def hex_line(sc: Scenario, h: str, crt: Crt, tec: Tec) -> tuple[str, str]:
    spec = sc.map.hexes[h]
    return tec.combat_line(spec.terrain, spec.city)


def odds(sc: Scenario, plans: list[Plan], crt: Crt, tec: Tec,
         solver: Solver | None = None) -> OddsAnswer:
    if not plans:
        raise usage_error("give at least one attack (--attack UNITS@HEX)", "--attack")
    _check(sc, plans)
    check_pair(crt, tec)
    facts: list[clingo.Symbol] = []
    lines: dict[str, tuple[str, str]] = {}
    for i, p in enumerate(plans):
        facts += [_fn("oa", i, u) for u in p.attackers]
        facts += [_fn("pa_unit", u) for u in p.attackers]
        facts += [_fn("od", i, h) for h in p.hexes]
        if p.air:
            facts.append(_fn("o_air", i, ("attacker",), p.air))
        if p.defender_air:
            facts.append(_fn("o_air", i, ("defender",), p.defender_air))
        for h in p.hexes:
            if h not in lines:
                lines[h] = hex_line(sc, h, crt, tec)
                if lines[h][0] in crt.lines:
                    facts.append(_fn("o_line", h, (lines[h][0],), crt.rank(lines[h][0])))
    ans = (solver or Solver(sc.game)).solve(sc, "odds", extra=list(dict.fromkeys(facts)))
    refused: dict[int, list[tuple[str, str]]] = defaultdict(list)
    for i, x, r in ans.rows_unsorted("odds_no", 3):
        refused[i].append((x, r))
    mods: dict[tuple[int, str], list[str]] = defaultdict(list)
    for i, u, r in ans.rows_unsorted("odds_mod", 3):
        mods[(i, u)].append(r)
    units: dict[int, list[Strength]] = defaultdict(list)
    for i, u, role, b, f in ans.rows_unsorted("odds_unit", 5):
        units[i].append(Strength(u, str(role), b, f, _rules(mods[(i, u)])))
    totals = {(i, str(role)): n for i, role, n in ans.rows_unsorted("odds_total", 3)}
    level = dict(ans.rows_unsorted("odds_level", 2))
    final = dict(ans.rows_unsorted("odds_final", 2))
    shifts: dict[int, list] = defaultdict(list)
    for i, kind, v, r in ans.rows_unsorted("odds_shift", 4):
        shifts[i].append((str(kind).replace("_", "-"), v, r))
    denied: dict[int, list] = defaultdict(list)
    for i, kind, r in ans.rows_unsorted("odds_denied", 3):
        denied[i].append((str(kind).replace("_", "-"), r))
    auto = {i: (res, r) for i, res, r in ans.rows_unsorted("odds_auto", 3)}
    line = {i: (str(ln), r) for i, ln, r in ans.rows_unsorted("odds_line", 3)}
    out = []
    for i, p in enumerate(plans):
        ln, lrule = line.get(i, (lines[p.hexes[0]][0], "12.24"))
        fin = final.get(i, 0)
        a = auto.get(i)
        out.append(AttackOdds(
            i, p, sorted(s.unit for s in units[i] if s.role == "defender"),
            sorted(units[i], key=lambda s: (s.role != "attacker", s.unit)),
            totals.get((i, "attacker"), 0), totals.get((i, "defender"), 0),
            level.get(i, 0), sorted(shifts[i], key=lambda s: (s[2], s[0])),
            sorted(set(denied[i])), fin, a, ln,
            _rules([lrule, "12.0"]) if len(p.hexes) > 1 else ["12.0"],
            None if a else crt.columns[crt.column(ln, fin)],
            sorted(set(refused[i]), key=lambda x: (x[1], x[0]))))
    notes = [n for n in (crt.note(), tec.note()) if n]
    return OddsAnswer(out, sorted(h for h, _ in ans.rows_unsorted("plan_unmet", 2)),
                      crt.describe(), tec.describe(), notes)


@dataclass
class Resolution:
    """One attack resolved: the roll (None for an automatic result) and what it reads."""

    odds: AttackOdds
    roll: int | None
    column: str | None
    result: Result
    rules: list[str]

    @property
    def loser(self) -> str | None:
        """The side whose result has a retreat is the loser (12.65)."""
        if self.result.defender_retreat:
            return "defender"
        if self.result.attacker_retreat:
            return "attacker"
        return None

    def to_json(self) -> dict[str, Any]:
        return {"attack": self.odds.index + 1, "odds": self.odds.to_json(),
                "roll": self.roll, "column": self.column, "result": self.result.to_json(),
                "loser": self.loser, "rules": self.rules}


def resolve(answer: OddsAnswer, crt: Crt, dice: Any) -> list[Resolution]:
    """Roll for each attack of a legal plan, in order (12.0): one d10 read 0-9 (1.2)."""
    from adjudicator.games.kb42.charts import parse_result

    out = []
    for a in answer.attacks:
        if a.automatic:
            res = parse_result(a.automatic[0])
            assert not isinstance(res, str)
            out.append(Resolution(a, None, None, res, ["12.64", "12.65"]))
            continue
        roll = dice.roll(f"Prepared Assault on {','.join(a.plan.hexes)}", count=1).total
        col, res = crt.lookup(a.line, a.final, roll)
        out.append(Resolution(a, roll, col, res,
                              _rules(["1.2", "12.0", "12.61", "12.62", "12.65"])))
    return out
