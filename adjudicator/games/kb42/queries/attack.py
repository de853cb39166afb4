"""Attack determination (Kharkov Battles 12.1, 12.35, 12.36, 15.11): which enemy hexes the
designated attackers oblige the phasing player to attack, and which each may attack."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

import clingo

from adjudicator.errors import usage_error
from adjudicator.games.kb42.queries.zoc import _rules
from adjudicator.scenario import Scenario
from adjudicator.solver import Solver


@dataclass
class AttackAnswer:
    designated: list[str]
    #: enemy hex -> the attacking hexes whose units it exerts a ZOC on (12.1)
    must_attack: dict[str, list[str]]
    #: designated unit -> enemy hexes it may attack
    may_attack: dict[str, list[str]]
    #: (unit, enemy hex) -> rules forbidding that attack
    refused: dict[tuple[str, str], list[str]]
    #: enemy hexes that must be attacked but no designated unit may attack
    unmet: list[str]
    #: HQs designated with no other unit (15.11)
    alone_hqs: list[str]

    @property
    def legal(self) -> bool:
        return not self.unmet and not self.alone_hqs

    def to_json(self) -> dict:
        return {"designated": self.designated, "must_attack": self.must_attack,
                "may_attack": self.may_attack,
                "refused": [{"unit": u, "hex": h, "rules": r}
                            for (u, h), r in sorted(self.refused.items())],
                "unmet": self.unmet, "alone_hqs": self.alone_hqs, "legal": self.legal,
                "rules": ["12.1"]}


def attacks(sc: Scenario, designated: list[str], solver: Solver | None = None) -> AttackAnswer:
    if not designated:
        raise usage_error("name the units designated to attack (--units ID,ID)", "--units")
    by_id = sc.units_by_id
    for u in designated:
        if u not in by_id or by_id[u].hex not in sc.grid:
            raise usage_error(f"no unit '{u}' on the map", "--units")
        if by_id[u].side != sc.phasing:
            raise usage_error(f"{u} is not a unit of the phasing side ({sc.phasing})",
                              "--units")
    extra = [clingo.Function("pa_unit", [clingo.String(u)]) for u in designated]
    ans = (solver or Solver(sc.game)).solve(sc, "attack", extra=extra)
    must: dict[str, set[str]] = defaultdict(set)
    for eh, ah, _ in ans.rows_unsorted("must_attack", 3):
        must[eh].add(ah)
    may: dict[str, list[str]] = {u: [] for u in designated}
    for u, eh in ans.rows_unsorted("may_attack", 2):
        may[u].append(eh)
    refused: dict[tuple[str, str], list[str]] = defaultdict(list)
    for u, eh, r in ans.rows_unsorted("no_attack", 3):
        refused[(u, eh)].append(r)
    return AttackAnswer(
        sorted(designated), {h: sorted(a) for h, a in sorted(must.items())},
        {u: sorted(h) for u, h in sorted(may.items())},
        {k: _rules(r) for k, r in refused.items()},
        sorted(h for h, _ in ans.rows_unsorted("unmet", 2)),
        sorted(u for u, _ in ans.rows_unsorted("alone_hq", 2)))
