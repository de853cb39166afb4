"""Pocket Attrition (Kharkov Battles 8.4, 19.22): which stacks roll on the Attrition Table,
and, rolled, what each loses.

Which stacks roll and the modifier are asp/kb42/attrition.lp's (on the supply states of
supply.lp); here: the die (one d10 read 0-9, 1.2) and the table the player chose, named in
the answer.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from adjudicator.games.kb42.charts import AttritionTable
from adjudicator.scenario import Scenario
from adjudicator.solver import Solver


@dataclass
class AttritionRoll:
    hex: str
    units: list[str]
    roll: int | None = None
    modified: int | None = None
    #: steps the stack loses, or "all"
    loss: int | str | None = None


@dataclass
class AttritionAnswer:
    stacks: list[AttritionRoll]
    drm: int
    drm_rules: list[str]
    table: dict[str, Any]
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"stacks": [vars(s) for s in self.stacks], "drm": self.drm,
                "drm_rules": self.drm_rules, "table": self.table, "notes": self.notes,
                "rules": ["8.4", *self.drm_rules]}


def attrition(sc: Scenario, table: AttritionTable, dice: Any = None,
              solver: Solver | None = None) -> AttritionAnswer:
    """The stacks that roll; with ``dice``, their rolls and losses, in hex order."""
    ans = (solver or Solver(sc.game)).solve(sc, "attrition")
    units: dict[str, list[str]] = defaultdict(list)
    for u, h, _ in ans.rows_unsorted("attr_unit", 3):
        units[h].append(u)
    drms = ans.rows_unsorted("attr_drm", 2)
    drm = sum(n for n, _ in drms)
    out = []
    for h in sorted(units):
        r = AttritionRoll(h, sorted(units[h]))
        if dice is not None:
            r.roll = dice.roll(f"Pocket Attrition in {h}", count=1).total
            r.modified = min(9, r.roll + drm)
            r.loss = table.rows[r.modified]
        out.append(r)
    return AttritionAnswer(out, drm, sorted(r for _, r in drms), table.describe(),
                           [n for n in (table.note(),) if n])
