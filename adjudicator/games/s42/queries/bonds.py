"""ZOC bonds (Stalingrad '42 chapter 7): which bonds stand, which are negated, and why.

The decisions are made by ``asp/s42/bonds.lp``; this module turns its shown
atoms into typed findings. Every bond lists the rules that form it and, when
it does not bind the enemy now, the rules that negate (7.3) or break (7.6) it.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import clingo

from adjudicator.games.s42.queries.zoc import rule_key
from adjudicator.hexgrid import hexside_id
from adjudicator.scenario import Scenario
from adjudicator.solver import Answer, Solver

#: The disputed rules whose reading changes which bonds exist.
READING_RULES = ("7.1", "7.5", "7.6.1")


def _rules(rules: set[str] | list[str]) -> list[str]:
    return list(_sorted_rules(frozenset(rules)))


@functools.lru_cache(maxsize=1024)
def _sorted_rules(rules: frozenset[str]) -> tuple[str, ...]:
    return tuple(sorted(rules, key=rule_key))


def _s(sym: clingo.Symbol) -> str:
    """A string or constant argument as text; an edge bond's far end e(X,M1,M2) as
    ``X@M1-M2`` (the entry area and the hexside the bond closes)."""
    if sym.type == clingo.SymbolType.String:
        return sym.string
    if sym.name == "e" and len(sym.arguments) == 3:
        area, m1, m2 = (a.string for a in sym.arguments)
        return f"{area}@{m1}-{m2}"
    return sym.name


def _sv(value: Any) -> str:
    """A decoded argument (``Answer.rows``) as text: strings and constants as they
    are, an edge bond's far end as ``_s`` writes it."""
    return value if isinstance(value, str) else _s(value)


@dataclass
class Bond:
    side: str
    kind: str  # hex | hexside | edge
    #: two hex ids (sorted), or for an edge bond the hex and the entry-area id
    ends: list[str]
    #: the hex a hex bond runs through, and the hexside a hexside or edge bond runs along
    through_hexes: list[str]
    through_hexsides: list[str]
    formed_by: list[str]
    negated_by: list[str] = field(default_factory=list)
    broken_by: list[str] = field(default_factory=list)
    #: ids of standing enemy bonds this one intersects (7.4)
    crosses: list[str] = field(default_factory=list)

    #: set when one hex bonds with one entry area across two hexsides: which one
    id_hexside: str | None = None

    @property
    def id(self) -> str:
        base = f"{self.side}:{self.kind}:{'-'.join(self.ends)}"
        return f"{base}@{self.id_hexside}" if self.id_hexside else base

    @property
    def negated(self) -> bool:
        return bool(self.negated_by)

    @property
    def broken(self) -> bool:
        return bool(self.broken_by)

    @property
    def standing(self) -> bool:
        return not self.negated and not self.broken

    @property
    def closes_hexes(self) -> list[str]:
        return self.through_hexes if self.standing else []

    @property
    def closes_hexsides(self) -> list[str]:
        return self.through_hexsides if self.standing else []

    @property
    def rules(self) -> list[str]:
        """Every rule that decides this finding."""
        rules = set(self.formed_by) | set(self.negated_by) | set(self.broken_by)
        if self.standing:
            rules.add("7.2")
        return _rules(rules)

    def why(self) -> str:
        what = {"hex": "Hex Bond", "hexside": "Hexside Bond",
                "edge": "Hexside Bond with the map edge"}
        text = f"{self.side} {what[self.kind]} {self.ends[0]}-{self.ends[1]}"
        if self.broken:
            return f"{text}: broken by terrain"
        if self.negated:
            return f"{text}: negated by enemy units"
        closed = self.through_hexes + self.through_hexsides
        return f"{text}: closes {', '.join(closed)} to the enemy"

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "side": self.side,
            "kind": self.kind,
            "ends": self.ends,
            "negated": self.negated,
            "broken": self.broken,
            "standing": self.standing,
            "through": {"hexes": self.through_hexes, "hexsides": self.through_hexsides},
            "closes": {"hexes": self.closes_hexes, "hexsides": self.closes_hexsides},
            "formed_by": self.formed_by,
            "negated_by": self.negated_by,
            "broken_by": self.broken_by,
            "crosses": self.crosses,
            "why": self.why(),
            "rules": self.rules,
        }


@dataclass
class NoBond:
    """A unit that cannot take part in any bond."""

    unit: str
    rules: list[str]


@dataclass
class LoneLight:
    """A hex whose only bond-capable unit is one Free Stacking unit or ASU."""

    side: str
    hex: str
    rules: list[str] = field(default_factory=lambda: ["4.2", "7.1", "18.2.3"])


@dataclass
class BondsAnswer:
    bonds: list[Bond]
    no_bond: list[NoBond]
    lone: list[LoneLight]
    readings: dict[str, str]

    def standing(self, side: str | None = None) -> list[Bond]:
        return [b for b in self.bonds if b.standing and (side is None or b.side == side)]

    def closed_hexes(self, side: str) -> list[str]:
        """Hexes the enemies of ``side`` may not enter because of its bonds (7.2)."""
        return sorted({h for b in self.standing(side) for h in b.closes_hexes})

    def closed_hexsides(self, side: str) -> list[str]:
        """Hexsides the enemies of ``side`` may not cross because of its bonds (7.2)."""
        return sorted({s for b in self.standing(side) for s in b.closes_hexsides})

    def find(self, side: str, kind: str, a: str, b: str) -> Bond | None:
        for bond in self.bonds:
            if (bond.side, bond.kind) == (side, kind) and set(bond.ends) == {a, b}:
                return bond
        return None

    def to_json(self) -> dict[str, Any]:
        sides = ("axis", "soviet")
        return {
            "bonds": [b.to_json() for b in self.bonds],
            "closed": {
                s: {"hexes": self.closed_hexes(s), "hexsides": self.closed_hexsides(s),
                    "rules": ["7.2"]}
                for s in sides
            },
            "no_bond": [vars(n) for n in self.no_bond],
            "lone_free_stacking": [vars(x) for x in self.lone],
            "readings": self.readings,
            "rules": _rules({r for b in self.bonds for r in b.rules} | {"7.1"}),
        }


def bonds_from_answer(ans: Answer) -> list[Bond]:
    """Typed bonds from the answer of the ``bonds`` query."""
    keyed: dict[tuple[str, str, str, str], dict[str, Any]] = {}

    def key(row: tuple) -> tuple[str, str, str, str]:
        return (row[0], row[1], _sv(row[2]), _sv(row[3]))

    for row in ans.rows_unsorted("bond", 4):
        keyed[key(row)] = defaultdict(set)
    for name, arity, slot in (
        ("bond_rule", 5, "formed"), ("bond_negated", 5, "negated"), ("bond_broken", 5, "broken"),
    ):
        for row in ans.rows_unsorted(name, arity):
            keyed[key(row)][slot].add(row[4])
    for row in ans.rows_unsorted("bond_middle", 5):
        keyed[key(row)]["hexes"].add(row[4])
    for row in ans.rows_unsorted("bond_side", 6):
        keyed[key(row)]["hexsides"].add(hexside_id(row[4], row[5]))
    crosses: dict[tuple[str, str, str, str], set[tuple[str, str, str, str]]] = defaultdict(set)
    for row in ans.rows_unsorted("bond_crosses", 8):
        crosses[key(row)].add((row[4], row[5], _sv(row[6]), _sv(row[7])))
    made: dict[tuple[str, str, str, str], Bond] = {}
    for k in sorted(keyed, key=lambda k: (k[0], ["hex", "hexside", "edge"].index(k[1]), k[2:])):
        d = keyed[k]
        side, kind, a, b = k
        made[k] = Bond(
            side=side, kind=kind, ends=[a, b.partition("@")[0]],
            through_hexes=sorted(d["hexes"]), through_hexsides=sorted(d["hexsides"]),
            formed_by=_rules(d["formed"]), negated_by=_rules(d["negated"]),
            broken_by=_rules(d["broken"]),
        )
    # Edge bonds from one hex into one entry area across two hexsides share their
    # ends; only then does the id name the hexside, so every id stays unique.
    seen: dict[str, int] = defaultdict(int)
    for bond in made.values():
        seen[bond.id] += 1
    for bond in made.values():
        if seen[bond.id] > 1:
            bond.id_hexside = bond.through_hexsides[0]
    for k, bond in made.items():
        bond.crosses = sorted(made[o].id for o in crosses[k] if o in made)
    out = list(made.values())
    return out


def bonds(sc: Scenario, solver: Solver | None = None,
          readings: dict[str, str] | None = None) -> BondsAnswer:
    """Every bond of both sides in the position, standing, negated or broken."""
    solver = solver or Solver(sc.game)
    ans = solver.solve(sc, "bonds", readings=readings)
    no: dict[str, set[str]] = defaultdict(set)
    for u, rule in ans.rows_unsorted("no_bond", 2):
        no[u].add(rule)
    lone = [LoneLight(side, h) for side, h in ans.rows_unsorted("bond_lone_light", 2)]
    chosen = {**solver.readings_for(sc), **(readings or {})}
    return BondsAnswer(
        bonds=bonds_from_answer(ans),
        no_bond=[NoBond(u, _rules(r)) for u, r in sorted(no.items())],
        lone=sorted(lone, key=lambda x: (x.side, x.hex)),
        readings={r: chosen[r] for r in READING_RULES if r in chosen},
    )
