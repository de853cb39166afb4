"""Mobile Assault (Kharkov Battles 11.2, 11.21-11.27, 5.2): whether a mechanized unit may
make one against a hex, the strengths and ratio "as in a normal combat", and the result
read on the Mobile Assault Table with its die roll modifiers.

Who may, from where, against what, and the ratio are asp/kb42/mobile.lp's (with odds.lp's
strengths); here: the table the player chose, the modifiers it lists, the die (one d10
read 0-9, 1.2) and the answer, which names the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import clingo

from adjudicator.errors import usage_error
from adjudicator.games.kb42.charts import MobileAssaultTable, Result, ratio_of
from adjudicator.games.kb42.queries.zoc import _rules
from adjudicator.scenario import Scenario
from adjudicator.solver import Solver

REFUSALS = {
    "11.2": "a fully supported Axis or Operational Soviet mechanized multi-step unit, in an "
            "EZOC of the target hex only or in a hex no enemy controls",
    "12.21": "the target must be adjacent", "12.35": "not across an impassable hexside",
    "11.22": "not into a town or city, from or into Marsh, across a Major River or the Dnepr",
    "11.23": "no Mobile Assault in Mud", "5.2": "at most one Air Point a side",
}


@dataclass
class MobileAnswer:
    unit: str
    target: str
    attacker: int
    defender: int
    level: int
    #: (what, rule) that forbid it
    refused: list[tuple[str, str]]
    #: the ratio is below 1-1: no attack, the unit is Disorganized (11.21)
    disorganized: bool
    #: (modifier, drm, rules)
    modifiers: list[tuple[str, int, list[str]]]
    table: dict[str, Any]
    notes: list[str] = field(default_factory=list)
    roll: int | None = None
    modified: int | None = None
    column: str | None = None
    result: Result | None = None

    @property
    def legal(self) -> bool:
        return not self.refused

    def to_json(self) -> dict[str, Any]:
        return {"unit": self.unit, "target": self.target, "attacker_total": self.attacker,
                "defender_total": self.defender, "ratio": ratio_of(self.level),
                "refused": [{"what": w, "rule": r, "why": REFUSALS.get(r, "")}
                            for w, r in self.refused],
                "legal": self.legal, "disorganized": self.disorganized,
                "modifiers": [{"name": n, "drm": d, "rules": r} for n, d, r in self.modifiers],
                "roll": self.roll, "modified": self.modified, "column": self.column,
                "result": self.result.to_json() if self.result else None,
                "table": self.table, "notes": self.notes,
                "rules": _rules(["11.2", *(r for _, r in self.refused),
                                 *(["11.21"] if self.disorganized else [])])}


def mobile(sc: Scenario, unit: str, target: str, table: MobileAssaultTable,
           air: int = 0, defender_air: int = 0, drms: list[str] | None = None,
           dice: Any = None, solver: Solver | None = None) -> MobileAnswer:
    u = sc.units_by_id.get(unit)
    if u is None or u.hex not in sc.grid:
        raise usage_error(f"no unit '{unit}' on the map", "--unit")
    if u.side != sc.phasing:
        raise usage_error(f"{unit} is not a unit of the phasing side ({sc.phasing})", "--unit")
    if target not in sc.grid or not any(v.hex == target and v.side != u.side
                                        for v in sc.units):
        raise usage_error(f"no enemy unit in hex '{target}'", "--target")
    for name in drms or []:
        if name not in table.modifiers or name in ("attacker-air", "defender-air"):
            raise usage_error(f"'{name}' is not a condition of the table "
                              f"({', '.join(n for n in table.modifiers if 'air' not in n)}"
                              "; Air Points are --air and --defender-air)", "--drm")
    facts = [clingo.Function("o_mobile", [clingo.Number(0)]),
             clingo.Function("oa", [clingo.Number(0), clingo.String(unit)]),
             clingo.Function("od", [clingo.Number(0), clingo.String(target)])]
    for who, n in (("attacker", air), ("defender", defender_air)):
        if n:
            facts.append(clingo.Function("o_air", [clingo.Number(0), clingo.Function(who),
                                                   clingo.Number(n)]))
    ans = (solver or Solver(sc.game)).solve(sc, "mobile", extra=facts)
    totals = {str(role): n for _, role, n in ans.rows_unsorted("odds_total", 3)}
    level = dict(ans.rows_unsorted("odds_level", 2)).get(0, 0)
    refused = sorted({(x, r) for _, x, r in ans.rows_unsorted("ma_no", 3)},
                     key=lambda x: (x[1], x[0]))
    disorganized = bool(ans.rows_unsorted("ma_disorganized", 2))
    mods = []
    if air:
        mods.append(("attacker-air", *table.modifiers["attacker-air"]))
    if defender_air:
        mods.append(("defender-air", *table.modifiers["defender-air"]))
    mods += [(n, *table.modifiers[n]) for n in drms or []]
    out = MobileAnswer(unit, target, totals.get("attacker", 0), totals.get("defender", 0),
                       level, refused, disorganized, mods, table.describe(),
                       [n for n in (table.note(),) if n])
    if dice is not None and out.legal and not disorganized:
        out.roll = dice.roll(f"Mobile Assault on {target}", count=1).total
        col, out.modified, out.result = table.lookup(level, out.roll + sum(d for _, d, _ in mods))
        out.column = col
    return out
