"""Stacking (5.1-5.8, 8.08, 16.53, 17.21): every hex over a limit, and why."""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudicator.games.sos import engine
from adjudicator.games.sos.queries.zoc import rules_of
from adjudicator.scenario import Scenario


@dataclass
class Over:
    hex: str
    side: str
    kind: str
    count: int
    limit: int
    rules: list[str]
    #: 5.8: it may stand if moving units were pinned in a full hex
    may_stand_if_pinned: bool = False


@dataclass
class StackingAnswer:
    over: list[Over]
    #: hexes holding combat units of both sides (8.08)
    mixed: dict[str, list[str]] = field(default_factory=dict)
    #: (hex, side) -> combat units counted and the limit in force, with its rule
    limits: dict[tuple[str, str], tuple[int, int, str]] = field(default_factory=dict)

    @property
    def legal(self) -> bool:
        return not self.over and not self.mixed

    def to_json(self) -> dict:
        return {"legal": self.legal,
                "over": [o.__dict__ for o in self.over],
                "mixed": [{"hex": h, "rules": r} for h, r in sorted(self.mixed.items())],
                "combat_units": [{"hex": h, "side": s, "count": n, "limit": m, "rule": r}
                                 for (h, s), (n, m, r) in sorted(self.limits.items())],
                "rules": ["5.1", "5.3", "5.4", "5.5", "5.6"]}


def stacking(sc: Scenario) -> StackingAnswer:
    a = engine.solve(sc, "stacking")
    notes = {(h, s) for h, s, n, _ in a.rows("stack_note") if n == "may-stand-if-pinned-moving"}
    over: dict[tuple, Over] = {}
    for h, s, k, n, m, r in a.rows("over"):
        o = over.setdefault((h, s, k), Over(h, s, k, n, m, [], (h, s) in notes))
        o.rules = rules_of([*o.rules, r])
    mixed: dict[str, list[str]] = {}
    for h, r in a.rows("mixed"):
        mixed.setdefault(h, []).append(r)
    counts = {(h, s): n for h, s, k, n in a.rows("count") if k == "combat"}
    limits: dict[tuple, tuple[int, int, str]] = {}
    for h, s, k, m, r in a.rows("stack_limit"):
        if k == "combat" and counts.get((h, s)):
            old = limits.get((h, s))
            if old is None or m < old[1]:
                limits[(h, s)] = (counts[(h, s)], m, r)
    return StackingAnswer(sorted(over.values(), key=lambda o: (o.hex, o.side, o.kind)),
                          {h: rules_of(r) for h, r in mixed.items()}, limits)
