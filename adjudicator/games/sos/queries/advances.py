"""Advance after combat (9.85, 9.86, 6.7)."""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudicator.games.sos import engine
from adjudicator.games.sos.facts import q
from adjudicator.games.sos.queries.zoc import rules_of
from adjudicator.games.sos.tec import Tec, tec_chart
from adjudicator.scenario import Scenario


@dataclass
class AdvanceAnswer:
    hex: str
    #: unit -> rules allowing it to advance
    may: dict[str, list[str]]
    #: unit -> (reason, rule) why not
    refused: dict[str, list[tuple[str, str]]]
    #: nobody may advance: (reason, rule)
    none: list[tuple[str, str]]
    #: the stacking limit of combat units in the hex, with its rule
    cap: tuple[int, str] | None = None
    rules: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"hex": self.hex, "may": [{"unit": u, "rules": r}
                                         for u, r in sorted(self.may.items())],
                "refused": [{"unit": u, "reason": w, "rule": r}
                            for u, why in sorted(self.refused.items()) for w, r in why],
                "none": [{"reason": w, "rule": r} for w, r in self.none],
                "stacking_limit": ({"combat_units": self.cap[0], "rule": self.cap[1]}
                                   if self.cap else None),
                "rules": self.rules}


def advances(sc: Scenario, hex_id: str, attackers: list[str], emptied: str = "eliminated",
             chart: Tec | None = None) -> AdvanceAnswer:
    chart = chart or tec_chart()
    extra = [f"adv_hex({q(hex_id)}).", f"emptied({emptied})."]
    extra += [f"attacker({q(u)})." for u in attackers]
    a = engine.solve(sc, "advances", extra, chart)
    may: dict[str, list[str]] = {}
    for u, _, r in a.rows("adv_may"):
        may.setdefault(u, []).append(r)
    refused: dict[str, list[tuple[str, str]]] = {}
    for u, w, r in a.rows("adv_no"):
        refused.setdefault(u, []).append((w, r))
    none = [(w, r) for w, r in a.rows("adv_none")]
    caps = a.rows("adv_cap")
    cap = (caps[0][1], caps[0][2]) if caps else None
    rules = rules_of(["9.85", "9.86"] + [r for rs in may.values() for r in rs]
                     + [r for why in refused.values() for _, r in why] + [r for _, r in none]
                     + ([cap[1]] if cap else []))
    return AdvanceAnswer(hex_id, {u: rules_of(r) for u, r in may.items()}, refused, none,
                         cap, rules)
