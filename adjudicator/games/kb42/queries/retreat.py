"""Retreats (Kharkov Battles 12.6-12.7, with 6.24, 7.32, 12.36): every legal retreat of a
stack for a result of ``r N``, with its path and the steps it costs.

The rules of each step (where a stack may go, what costs a step, which hex is closer to
supply) and of the choice among retreats (free of EZOC first, then as far as possible from
the attackers) are asp/kb42/retreat.lp's. Here: the distances the chosen readings measure
(geometry), the walk along the allowed steps (procedure) and the answer.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

import clingo

from adjudicator.errors import usage_error
from adjudicator.games.kb42.queries.zoc import _rules
from adjudicator.scenario import Scenario
from adjudicator.solver import Solver

#: at most this many candidate retreats are weighed (a result is at most a few hexes)
MAX_CANDIDATES = 5000


@dataclass
class Retreat:
    path: list[str]
    #: hexes of the result the player chose to retreat (the rest taken as steps, 12.62)
    chosen: int
    #: steps lost: hexes converted (12.62), hexes that could not be made (12.71), enemy-
    #: controlled hexes entered (12.73)
    steps: int
    converted: int
    unfulfilled: int
    ezoc: list[str]
    allowed: bool
    rules: list[str] = field(default_factory=list)
    #: hexes past the chosen ones to reach a free hex (12.74): no part of the Path of
    #: Retreat the enemy advances along
    extra: int = 0

    @property
    def advance_path(self) -> list[str]:
        """The Path of Retreat handed to the advance (12.72, 12.74)."""
        return self.path[:len(self.path) - self.extra]

    @property
    def end(self) -> str:
        return self.path[-1]


@dataclass
class RetreatAnswer:
    stack: list[str]
    hex: str
    length: int
    steps_in_stack: int
    readings: dict[str, str]
    retreats: list[Retreat]
    #: units of the stack that may make a Breakout Attempt instead of paying for EZOC
    #: (12.73); the Breakout Table is not in the text
    breakout: list[str] = field(default_factory=list)
    #: hexes of enemy stacks still marked for a Prepared Assault (12.74)
    marked: list[str] = field(default_factory=list)

    def eliminated(self, r: Retreat) -> bool:
        return r.steps >= self.steps_in_stack

    def advance_allowance(self, r: Retreat) -> int:
        """How far the victors may advance (12.8): the hexes retreated, not those past the
        chosen ones (12.74); when the stack is eliminated, what remains of its retreat
        obligation, the hexes it did not convert to steps, along a path the victor
        chooses (12.81)."""
        if self.eliminated(r):
            return r.chosen
        return len(r.advance_path) - 1

    def to_json(self) -> dict:
        return {
            "stack": self.stack, "hex": self.hex, "length": self.length,
            "steps_in_stack": self.steps_in_stack, "readings": self.readings,
            "retreats": [{**vars(r), "end": r.end, "advance_path": r.advance_path,
                          "eliminated": self.eliminated(r),
                          "advance_allowance": self.advance_allowance(r),
                          "advance_rules": ["12.81"] if self.eliminated(r) else ["12.8"]}
                         for r in self.retreats],
            "breakout": self.breakout, "marked": self.marked,
            "rules": ["12.62", "12.71", "12.72", "12.73", "12.74"],
        }


def _fn(name: str, *args) -> clingo.Symbol:
    return clingo.Function(name, [clingo.String(a) if isinstance(a, str) else clingo.Number(a)
                                  for a in args])


def _bfs(sc: Scenario, goals: set[str]) -> dict[str, int]:
    """Hexes counted straight across the map to the nearest goal (terrain and units
    ignored): the hex-count measure."""
    dist = {g: 0 for g in goals if g in sc.grid}
    queue = deque(dist)
    while queue:
        h = queue.popleft()
        for n in sc.grid.neighbours(h):
            if n not in dist:
                dist[n] = dist[h] + 1
                queue.append(n)
    return dist


def _supply_path(sc: Scenario, side: str, sources: set[str], solver: Solver,
                 readings: dict[str, str]) -> dict[str, int]:
    """The length of the shortest supply line from each hex (the supply-path measure)."""
    probes = [clingo.Function("sup_probe", [clingo.Function(side), clingo.String(h)])
              for h in sorted(sc.map.hexes)]
    ans = solver.solve(sc, "supply", extra=probes, readings=readings)
    steps: dict[str, dict[str, set[str]]] = {}
    for s, h0, a, b in ans.rows_unsorted("sup_step", 4):
        if s == side:
            steps.setdefault(h0, {}).setdefault(a, set()).add(b)
    out = {}
    for h0 in sc.map.hexes:
        seen = {h0: 0}
        queue = deque([h0])
        while queue:
            h = queue.popleft()
            if h in sources:
                out[h0] = seen[h]
                break
            for n in sorted(steps.get(h0, {}).get(h, ())):
                if n not in seen:
                    seen[n] = seen[h] + 1
                    queue.append(n)
    return out


#: at most this many hexes past the chosen ones to reach a free hex (12.74)
MAX_EXTRA = 6


def retreat(sc: Scenario, hex_: str, length: int, attackers: list[str],  # hexes
            solver: Solver | None = None, readings: dict[str, str] | None = None,
            marked: list[str] | None = None) -> RetreatAnswer:
    solver = solver or Solver(sc.game)
    chosen = {**solver.readings_for(sc), **(readings or {})}
    stack = [u for u in sc.units if u.hex == hex_]
    if not stack:
        raise usage_error(f"no unit in hex {hex_}", "--hex")
    if not 0 <= length <= 9:
        raise usage_error(f"a retreat result is 0 to 9 hexes, not {length}", "--length")
    side = stack[0].side
    for a in attackers:
        if not any(u.hex == a and u.side != side for u in sc.units):
            raise usage_error(f"no unit of the attacking side in hex '{a}'", "--attackers")
    marked = sorted(set(marked or []))
    for m in marked:
        if not any(u.hex == m and u.side != side for u in sc.units):
            raise usage_error(f"no enemy unit in hex '{m}'", "--marked")
    sources = {h for h, s in sc.map.hexes.items() if s.supply_source == side} | \
              {s.hex for s in sc.supply_sources if s.side == side}
    hqs = {u.hex for u in sc.units if u.side == side and u.type == "hq"
           and u.hex in sc.map.hexes and u.hex != hex_}
    if chosen.get("12.72#closer") == "supply-path":
        dist = _supply_path(sc, side, sources, solver, chosen)
    else:
        dist = _bfs(sc, sources)
    hq_dist = _bfs(sc, hqs)
    base = [_fn("ret_unit", u.id) for u in stack]
    base += [_fn("ret_dist", h, d) for h, d in dist.items()]
    base += [_fn("ret_hq_dist", h, d) for h, d in hq_dist.items()]
    base += [_fn("ret_marked", m) for m in marked]
    first = solver.solve(sc, "retreat", extra=base, readings=chosen)
    toward: dict[str, list[str]] = {}
    for a, b, _ in first.rows_unsorted("ret_toward", 3):
        toward.setdefault(a, []).append(b)
    ezoc = {h for h, _ in first.rows_unsorted("ret_ezoc", 2)}
    unfree = {h for h, _ in first.rows_unsorted("ret_unfree", 2)}
    breakout = sorted(u for u, _ in first.rows_unsorted("ret_breakout", 2))
    walks = _walks(hex_, toward, length)
    cands: list[tuple[int, list[str], int]] = []
    for k in range(length + 1):
        for path in walks:
            made = len(path) - 1
            stuck = not [n for n in toward.get(path[-1], ()) if n not in path]
            if made == k or (made < k and stuck):
                cands.append((k, path, 0))
                if made == k and k > 0 and path[-1] in unfree:
                    cands += [(k, p, len(p) - len(path))
                              for p in _to_free(path, toward, unfree)]
    if len(cands) > MAX_CANDIDATES:
        raise usage_error(f"more than {MAX_CANDIDATES} retreats to weigh", "--length")
    att_hexes = list(attackers)
    total = chosen.get("12.72#farthest") == "total-distance"
    facts = list(base)
    for i, (k, path, extra) in enumerate(cands):
        z = sum(1 for h in path[1:] if h in ezoc)
        far = [sc.grid.distance(path[-1], a) for a in att_hexes if a in sc.grid] or [0]
        facts.append(_fn("cand", i, k, len(path) - 1, path[-1], z))
        facts.append(_fn("cand_far", i, sum(far) if total else min(far)))
        if extra:
            facts.append(_fn("cand_ext", i))
    second = solver.solve(sc, "retreat", extra=facts, readings=chosen)
    allowed = {int(i): r for i, r in second.rows_unsorted("ret_allowed", 2)}
    refused: dict[int, list[str]] = {}
    for i, r in second.rows_unsorted("ret_refused", 2):
        refused.setdefault(int(i), []).append(r)
    out = []
    for i, (k, path, extra) in enumerate(cands):
        ez = [h for h in path[1:] if h in ezoc]
        made = len(path) - 1
        short = max(0, k - made)
        rules = ["12.62"] if k < length else []
        rules += ["12.71"] if short else []
        rules += ["12.73"] if ez else []
        rules += ["12.74"] if extra else []
        ok = i in allowed
        rules += [allowed[i]] if ok else refused.get(i, [])
        out.append(Retreat(path, k, (length - k) + short + len(ez), length - k, short,
                           ez, ok, _rules(rules), extra))
    out.sort(key=lambda r: (not r.allowed, -r.chosen, r.steps, r.path))
    return RetreatAnswer([u.id for u in stack], hex_, length,
                         sum(u.steps_left for u in stack),
                         {k: v for k, v in chosen.items() if k.startswith("12.7")}, out,
                         breakout, marked)


def _to_free(path: list[str], toward: dict[str, list[str]], unfree: set[str]
             ) -> list[list[str]]:
    """Every way on from the end of ``path`` along the allowed steps, no hex twice, to the
    first free hex (12.74), at most ``MAX_EXTRA`` hexes further."""
    out, stack = [], [path]
    while stack:
        p = stack.pop()
        for n in sorted(toward.get(p[-1], ())):
            if n in p:
                continue
            if n not in unfree:
                out.append(p + [n])
            elif len(p) - len(path) + 1 < MAX_EXTRA:
                stack.append(p + [n])
    return out


def _walks(start: str, toward: dict[str, list[str]], length: int) -> list[list[str]]:
    """Every walk of at most ``length`` hexes along the allowed steps, no hex twice."""
    out, stack = [], [[start]]
    while stack:
        path = stack.pop()
        out.append(path)
        if len(path) - 1 < length:
            for n in sorted(toward.get(path[-1], ())):
                if n not in path:
                    stack.append(path + [n])
    return out
