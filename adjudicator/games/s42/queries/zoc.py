"""Zones of control (Stalingrad '42 chapter 6)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from adjudicator.scenario import Scenario
from adjudicator.solver import Solver

RULE_ZOC = "6.1"


@dataclass
class ZocSource:
    hex: str
    side: str
    units: list[str]
    rules: list[str] = field(default_factory=lambda: [RULE_ZOC])


@dataclass
class NoZoc:
    unit: str
    rules: list[str]


@dataclass
class Blocked:
    unit: str
    hex: str
    rules: list[str]


@dataclass
class ZocAnswer:
    #: every map hex -> the sides exerting a ZOC into it (sorted; maybe empty)
    zoc: dict[str, list[str]]
    sources: list[ZocSource]
    no_zoc: list[NoZoc]
    blocked: list[Blocked]

    def to_json(self) -> dict:
        return {
            "zoc": self.zoc,
            "sources": [vars(s) for s in self.sources],
            "no_zoc": [vars(n) for n in self.no_zoc],
            "blocked": [vars(b) for b in self.blocked],
            "rules": [RULE_ZOC],
        }


def zoc(sc: Scenario, solver: Solver | None = None) -> ZocAnswer:
    solver = solver or Solver(sc.game)
    ans = solver.solve(sc, "zoc")
    by_hex: dict[str, set[str]] = {h: set() for h in sc.map.hexes}
    units: dict[tuple[str, str], list[str]] = defaultdict(list)
    for h, side, u in ans.rows_unsorted("zoc_source", 3):
        by_hex[h].add(side)
        units[(h, side)].append(u)
    no: dict[str, list[str]] = defaultdict(list)
    for u, rule in ans.rows_unsorted("no_zoc", 2):
        no[u].append(rule)
    blocked: dict[tuple[str, str], list[str]] = defaultdict(list)
    for u, h, rule in ans.rows_unsorted("zoc_blocked", 3):
        blocked[(u, h)].append(rule)
    return ZocAnswer(
        zoc={h: sorted(v) for h, v in sorted(by_hex.items())},
        sources=[ZocSource(h, side, sorted(us)) for (h, side), us in sorted(units.items())],
        no_zoc=[NoZoc(u, _rule_sort(r)) for u, r in sorted(no.items())],
        blocked=[Blocked(u, h, _rule_sort(r)) for (u, h), r in sorted(blocked.items())],
    )


def rule_key(rule: str) -> tuple:
    """Sort key for rule ids: numerically by part ("6.1" < "13.3.2")."""
    return tuple(int(p) if p.isdigit() else 10_000 for p in rule.split("."))


def _rule_sort(rules: list[str]) -> list[str]:
    return sorted(set(rules), key=rule_key)
