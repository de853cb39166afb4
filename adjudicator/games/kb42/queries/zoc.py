"""Zones of control (Kharkov Battles 2.4, 7.1-7.4, 15.11, 18.12, 18.21)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from adjudicator.scenario import Scenario
from adjudicator.solver import Solver

PURPOSES = ("movement", "combat", "retreat", "supply")


def rule_key(rule: str) -> tuple:
    return tuple(int(p) if p.isdigit() else 10_000 for p in rule.split("."))


def _rules(rules) -> list[str]:
    return sorted(set(rules), key=rule_key)


@dataclass
class ZocAnswer:
    #: purpose -> hex -> sides whose ZOC is in force there
    controls: dict[str, dict[str, list[str]]]
    #: hex -> side -> rules by which it exerts a ZOC
    exerts: dict[str, dict[str, list[str]]]
    #: unit -> rules by which it has no ZOC of its own
    no_zoc: dict[str, list[str]]
    #: (from hex, into hex, side, purpose) -> rules
    blocked: dict[tuple[str, str, str, str], list[str]]
    #: (hex, side, purpose) -> rules negating that side's ZOC there
    negated: dict[tuple[str, str, str], list[str]]
    #: unit -> rules by which it may ignore EZOC for a one-hex move (Mobile Infiltration)
    infiltrators: dict[str, list[str]] = None  # type: ignore[assignment]
    #: (unit, hex) -> rules barring that one-hex infiltration
    infiltration_barred: dict[tuple[str, str], list[str]] = None  # type: ignore[assignment]

    def to_json(self) -> dict:
        return {
            "controls": self.controls,
            "exerts": [{"hex": h, "side": s, "rules": r}
                       for h, by in sorted(self.exerts.items()) for s, r in sorted(by.items())],
            "no_zoc": [{"unit": u, "rules": r} for u, r in sorted(self.no_zoc.items())],
            "blocked": [{"from": a, "into": b, "side": s, "purpose": p, "rules": r}
                        for (a, b, s, p), r in sorted(self.blocked.items())],
            "negated": [{"hex": h, "side": s, "purpose": p, "rules": r}
                        for (h, s, p), r in sorted(self.negated.items())],
            "infiltrators": [{"unit": u, "rules": r}
                             for u, r in sorted((self.infiltrators or {}).items())],
            "infiltration_barred": [{"unit": u, "hex": h, "rules": r} for (u, h), r
                                    in sorted((self.infiltration_barred or {}).items())],
            "rules": ["2.4"],
        }


def zoc(sc: Scenario, solver: Solver | None = None) -> ZocAnswer:
    ans = (solver or Solver(sc.game)).solve(sc, "zoc")
    controls: dict[str, dict[str, list[str]]] = {p: {} for p in PURPOSES}
    for h, s, p in ans.rows_unsorted("controls", 3):
        controls[p].setdefault(h, []).append(s)
    exerts: dict[str, dict[str, list[str]]] = defaultdict(dict)
    for h, s, r in ans.rows_unsorted("exerts", 3):
        exerts[h].setdefault(s, []).append(r)
    no: dict[str, list[str]] = defaultdict(list)
    for u, r in ans.rows_unsorted("no_zoc", 2):
        no[u].append(r)
    blocked: dict[tuple, list[str]] = defaultdict(list)
    for a, b, s, p, r in ans.rows_unsorted("zoc_blocked", 5):
        blocked[(a, b, s, p)].append(r)
    negated: dict[tuple, list[str]] = defaultdict(list)
    for h, s, p, r in ans.rows_unsorted("zoc_negated", 4):
        negated[(h, s, p)].append(r)
    infil: dict[str, list[str]] = defaultdict(list)
    for u, r in ans.rows_unsorted("infiltrator", 2):
        infil[u].append(r)
    barred: dict[tuple, list[str]] = defaultdict(list)
    for u, h, r in ans.rows_unsorted("infiltration_barred", 3):
        barred[(u, h)].append(r)
    return ZocAnswer(
        controls={p: {h: sorted(v) for h, v in sorted(by.items())} for p, by in controls.items()},
        exerts={h: {s: _rules(r) for s, r in by.items()} for h, by in exerts.items()},
        no_zoc={u: _rules(r) for u, r in no.items()},
        blocked={k: _rules(r) for k, r in blocked.items()},
        negated={k: _rules(r) for k, r in negated.items()},
        infiltrators={u: _rules(r) for u, r in infil.items()},
        infiltration_barred={k: _rules(r) for k, r in barred.items()},
    )
