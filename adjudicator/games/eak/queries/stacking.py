"""Stacking (Enemy Action: Kharkov 10.4): the hexes over three units or six steps of a side."""

from __future__ import annotations

from typing import Any

from adjudicator.scenario import Scenario
from adjudicator.solver import Solver


def stacking_answer(sc: Scenario, solver: Solver | None = None) -> dict[str, Any]:
    ans = (solver or Solver(sc.game)).solve(sc, "stacking")
    over = [{"hex": h, "side": s, "units": n, "steps": k, "rules": [r],
             "remedy": ("remove steps or units until the hex is within the limit (10.4)"
                        if s == "german" else
                        "allowed only while active units in the hex that have not moved "
                        "yet will leave it this activation (10.4)")}
            for h, s, n, k, r in sorted(ans.rows_unsorted("overstacked", 5))]
    within = sorted((h, s) for h, s, _r in ans.rows_unsorted("within_stacking", 3))
    return {"game": sc.game, "limit": {"units": 3, "steps": 6}, "overstacked": over,
            "stacks_within": [{"hex": h, "side": s} for h, s in within], "rules": ["10.4"]}
