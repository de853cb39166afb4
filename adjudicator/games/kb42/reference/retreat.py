"""Kharkov Battles' retreats in plain Python (12.36, 12.62, 12.71-12.74, 7.32), written from
the rulebook apart from asp/kb42/retreat.lp, for the differential tests. Hex-count measure of
12.72#closer; either reading of 12.73 and of 12.72#farthest."""

from __future__ import annotations

from collections import deque

from adjudicator.games.kb42.reference.zoc import controls
from adjudicator.games.kb42.scenario import Scenario


def _dist(sc: Scenario, goals: set[str]) -> dict[str, int]:
    out = {g: 0 for g in goals}
    queue = deque(sorted(goals))
    while queue:
        h = queue.popleft()
        for n in sc.grid.neighbours(h):
            if n not in out:
                out[n] = out[h] + 1
                queue.append(n)
    return out


def _may_enter(sc: Scenario, side: str, a: str, b: str) -> bool:
    hs = sc.hexside(a, b)
    if hs is not None and (hs.impassable or (hs.river == "dnepr" and not hs.bridge)):
        return False
    if any(u.hex == b and u.side != side for u in sc.units):
        return False
    return sc.map.hexes[b].terrain != "prohibited"


def allowed(sc: Scenario, hex_: str, length: int, attackers: list[str],
            pay_at_will: bool = False, total: bool = False, marked: list[str] = ()
            ) -> set[tuple[int, tuple[str, ...]]]:
    """(hexes chosen, path) of every allowed retreat."""
    side = next(u.side for u in sc.units if u.hex == hex_)
    src = {h for h, s in sc.map.hexes.items() if s.supply_source == side} | \
          {s.hex for s in sc.supply_sources if s.side == side}
    hq = {u.hex for u in sc.units if u.side == side and u.type == "hq" and u.hex != hex_}
    ds, dh = _dist(sc, src), _dist(sc, hq)

    def nexts(a: str) -> list[str]:
        ok = [b for b in sc.grid.neighbours(a) if _may_enter(sc, side, a, b)]
        closer = [b for b in ok if b in ds and (a not in ds or ds[b] < ds[a])]
        if closer:
            return closer
        return [b for b in ok if a in dh and b in dh and dh[b] < dh[a]]

    ezoc = {h for h, s in controls(sc)["retreat"] if s != side}
    # 12.74: no retreat ends enemy-controlled or next to a stack still marked to attack
    unfree = ezoc | {n for m in marked for n in sc.grid.neighbours(m)}

    def onward(p: tuple[str, ...]) -> list[tuple[str, ...]]:
        """Ways on from an unfree end to the first free hex, at most 6 hexes further."""
        out, todo = [], [p]
        while todo:
            q = todo.pop()
            for n in nexts(q[-1]):
                if n in q:
                    continue
                if n not in unfree:
                    out.append(q + (n,))
                elif len(q) - len(p) + 1 < 6:
                    todo.append(q + (n,))
        return out

    walks, todo = [], [(hex_,)]
    while todo:
        p = todo.pop()
        walks.append(p)
        if len(p) - 1 < length:
            todo += [p + (n,) for n in nexts(p[-1]) if n not in p]
    out = set()
    for k in range(length + 1):
        cands = [p for p in walks if len(p) - 1 == k or
                 (len(p) - 1 < k and not [n for n in nexts(p[-1]) if n not in p])]
        longer = {q for p in cands if len(p) - 1 == k > 0 and p[-1] in unfree
                  for q in onward(p)}
        cands += sorted(longer)

        def free_end(p: tuple[str, ...]) -> bool:
            return len(p) == 1 or p[-1] not in unfree

        cost = {p: sum(h in ezoc for h in p[1:]) for p in cands}
        if not pay_at_will and any(c == 0 and free_end(p) for p, c in cost.items()):
            cands = [p for p in cands if cost[p] == 0]
        if any(free_end(p) and p not in longer for p in cands):
            cands = [p for p in cands if free_end(p) and p not in longer]
        elif any(free_end(p) for p in cands):
            cands = [p for p in cands if free_end(p)]
        far = {p: (sum if total else min)(
            [sc.grid.distance(p[-1], a) for a in attackers] or [0]) for p in cands}
        if cands:
            best = max(far.values())
            out |= {(k, p) for p in cands if far[p] == best}
    return out
