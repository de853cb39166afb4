"""Supply (Kharkov Battles 7.4, 8.1-8.3): every unit's supply state with its supply line,
or the reasons no line can be traced."""

from __future__ import annotations

from collections import defaultdict, deque
from dataclasses import dataclass, field

from adjudicator.games.kb42.queries.zoc import _rules
from adjudicator.scenario import Scenario
from adjudicator.solver import Solver

WHY = {
    "7.41": "enemy-occupied or enemy-controlled hex",
    "8.11": "river, impassable hexside or prohibited hex",
}


@dataclass
class Stop:
    """Where the supply line of a unit can go no further: from ``at`` into ``into``."""

    at: str
    into: str
    rules: list[str]
    why: str


@dataclass
class UnitSupply:
    unit: str
    side: str
    hex: str
    state: str
    rules: list[str]
    #: the shortest supply line, unit hex first, source last (empty when none)
    line: list[str] = field(default_factory=list)
    #: why no line can be traced: the hexes and hexsides where every line stops
    stops: list[Stop] = field(default_factory=list)
    #: the state 8.34 gives it when it ends the movement phase with its division mates
    division_state: str | None = None


@dataclass
class SupplyAnswer:
    units: list[UnitSupply]
    sources: dict[str, list[str]]
    no_source: list[str]

    def to_json(self) -> dict:
        return {
            "units": [{**vars(u), "stops": [vars(s) for s in u.stops]} for u in self.units],
            "sources": self.sources,
            "no_source": self.no_source,
            "rules": ["8.0"],
        }


def _why(sc: Scenario, side: str, a: str, b: str, rule: str) -> str:
    if rule == "7.41":
        occupied = any(u.hex == b and u.side != side for u in sc.units)
        return "enemy-occupied hex" if occupied else "enemy-controlled hex, no friendly unit there"
    hs = sc.hexside(a, b)
    if hs is not None and hs.impassable:
        return "impassable hexside"
    if hs is not None and hs.river == "dnepr":
        return "the Dnepr without a bridge"
    if hs is not None and hs.river == "major" and not hs.bridge:
        return "a major river without a bridge, not the first hexside crossed"
    return "prohibited hex"


def supply(sc: Scenario, solver: Solver | None = None, side: str | None = None,
           readings: dict[str, str] | None = None) -> SupplyAnswer:
    ans = (solver or Solver(sc.game)).solve(sc, "supply", readings=readings)
    sources: dict[str, list[str]] = defaultdict(list)
    for s, h, _ in ans.rows_unsorted("sup_source", 3):
        sources[s].append(h)
    steps: dict[tuple[str, str], dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for s, h0, a, b in ans.rows_unsorted("sup_step", 4):
        steps[(s, h0)][a].append(b)
    stops: dict[tuple[str, str], dict[tuple[str, str], list[str]]] = \
        defaultdict(lambda: defaultdict(list))
    for s, h0, a, b, r in ans.rows_unsorted("sup_stop", 5):
        stops[(s, h0)][(a, b)].append(r)
    state: dict[str, tuple[str, list[str]]] = {}
    for u, st, r in ans.rows_unsorted("supply_state", 3):
        state[u] = (st, [r])
    div = {u: st for u, st, _ in ans.rows_unsorted("division_state", 3)}
    out = []
    for u in sorted(sc.units, key=lambda u: u.id):
        if u.id not in state or (side and u.side != side):
            continue
        st, rules = state[u.id]
        key = (u.side, u.hex)
        line = _shortest(u.hex, steps[key], set(sources.get(u.side, ())))
        stop_list = [] if line else [
            Stop(a, b, _rules(r), _why(sc, u.side, a, b, r[0]))
            for (a, b), r in sorted(stops[key].items())]
        if div.get(u.id):
            rules = rules + ["8.34"]
        out.append(UnitSupply(u.id, u.side, u.hex, st, rules, line, stop_list, div.get(u.id)))
    return SupplyAnswer(out, {s: sorted(h) for s, h in sorted(sources.items())},
                        sorted(s for s, _ in ans.rows_unsorted("no_source", 2)))


def _shortest(start: str, steps: dict[str, list[str]], goals: set[str]) -> list[str]:
    """The shortest path along the steps the encoding allows (fewest hexes, then ids)."""
    prev: dict[str, str | None] = {start: None}
    queue = deque([start])
    while queue:
        h = queue.popleft()
        if h in goals:
            path = []
            node: str | None = h
            while node is not None:
                path.append(node)
                node = prev[node]
            return path[::-1]
        for n in sorted(steps.get(h, ())):
            if n not in prev:
                prev[n] = h
                queue.append(n)
    return []
