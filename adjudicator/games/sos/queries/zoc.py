"""Zones of control (6.1-6.8, 8.09, 10.7, 16.46, 16.62, 19.2)."""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudicator.games.sos import engine
from adjudicator.scenario import Scenario

PURPOSES = ("movement", "retreat", "isolation")
#: how a unit moves in enemy ZOC, in words
MOVES = {
    "stops": "stops on entering an enemy ZOC hex",
    "no-zoc-to-zoc": "may not move from one enemy ZOC hex into another (but through a "
                     "breakthru marker, or advancing after combat)",
    "breakthrough-movement": "may move from one enemy ZOC hex into another as breakthrough "
                             "movement, +2 MP to leave",
    "unload-and-leave": "may move into an enemy ZOC, unload and move away",
    "enter-not-through": "may enter a German ZOC hex but never move through one",
    "no-extra-mp": "pays no extra MP to enter or leave an enemy ZOC hex but in "
                   "breakthrough movement (a retreat pays none)",
    "plus-2-mp-leaving-in-breakthrough": "in breakthrough movement pays 2 MP more for each "
                                         "enemy ZOC hex it leaves (overlapping ZOCs once)",
}


def rule_key(rule: str) -> tuple:
    return tuple(int(p) if p.isdigit() else 10_000 for p in rule.split("."))


def rules_of(rules) -> list[str]:
    return sorted(set(rules), key=rule_key)


@dataclass
class ZocAnswer:
    #: purpose -> hex -> sides whose ZOC is in force there
    controls: dict[str, dict[str, list[str]]]
    #: unit -> rules by which it has a ZOC
    exerts: dict[str, list[str]]
    no_zoc: dict[str, list[str]]
    #: (hex, side) -> rules keeping that side's ZOC out
    barred: dict[tuple[str, str], list[str]]
    #: (hex, side, purpose) -> rules negating it
    negated: dict[tuple[str, str, str], list[str]]
    #: (from, into, hexside feature) -> rules: a ZOC across a hexside feature
    across: dict[tuple[str, str, str], list[str]]
    #: unit -> how it moves in enemy ZOC -> rules
    moves: dict[str, dict[str, list[str]]] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {
            "controls": self.controls,
            "exerts": [{"unit": u, "rules": r} for u, r in sorted(self.exerts.items())],
            "no_zoc": [{"unit": u, "rules": r} for u, r in sorted(self.no_zoc.items())],
            "barred": [{"hex": h, "side": s, "rules": r}
                       for (h, s), r in sorted(self.barred.items())],
            "negated": [{"hex": h, "side": s, "purpose": p, "rules": r}
                        for (h, s, p), r in sorted(self.negated.items())],
            "across": [{"from": a, "into": b, "hexside": f, "rules": r}
                       for (a, b, f), r in sorted(self.across.items())],
            "moves": [{"unit": u, "kind": k, "text": MOVES.get(k, k), "rules": r}
                      for u, by in sorted(self.moves.items()) for k, r in sorted(by.items())],
            "rules": ["6.1"],
        }


def zoc(sc: Scenario) -> ZocAnswer:
    a = engine.solve(sc, "zoc")
    controls: dict[str, dict[str, list[str]]] = {p: {} for p in PURPOSES}
    for h, s, p in a.rows("controls"):
        controls[p].setdefault(h, []).append(s)
    exerts: dict[str, list[str]] = {}
    for u, r in a.rows("exerts"):
        exerts.setdefault(u, []).append(r)
    no: dict[str, list[str]] = {}
    for u, r in a.rows("no_zoc"):
        no.setdefault(u, []).append(r)
    barred: dict[tuple, list[str]] = {}
    for h, s, r in a.rows("zoc_barred"):
        barred.setdefault((h, s), []).append(r)
    negated: dict[tuple, list[str]] = {}
    for h, s, p, r in a.rows("zoc_negated"):
        negated.setdefault((h, s, p), []).append(r)
    across: dict[tuple, list[str]] = {}
    for x, y, f, r in a.rows("zoc_across"):
        across.setdefault((x, y, f), []).append(r)
    moves: dict[str, dict[str, list[str]]] = {}
    for u, k, r in a.rows("ezoc_move"):
        moves.setdefault(u, {}).setdefault(k, []).append(r)
    return ZocAnswer(
        controls={p: {h: sorted(v) for h, v in sorted(by.items())} for p, by in controls.items()},
        exerts={u: rules_of(r) for u, r in exerts.items()},
        no_zoc={u: rules_of(r) for u, r in no.items()},
        barred={k: rules_of(r) for k, r in barred.items()},
        negated={k: rules_of(r) for k, r in negated.items()},
        across={k: rules_of(r) for k, r in across.items()},
        moves={u: {k: rules_of(r) for k, r in by.items()} for u, by in moves.items()},
    )
