"""Kharkov Battles' supply states in plain Python (7.41, 7.42, 8.11, 8.2, 8.3), written from
the rulebook apart from asp/kb42/supply.lp, for the differential tests."""

from __future__ import annotations

from collections import deque

from adjudicator.games.kb42.reference.zoc import controls
from adjudicator.games.kb42.scenario import Scenario


def sources(sc: Scenario, side: str) -> set[str]:
    out = {h for h, spec in sc.map.hexes.items() if spec.supply_source == side}
    return out | {s.hex for s in sc.supply_sources if s.side == side and s.hex in sc.map.hexes}


def _enterable(sc: Scenario, side: str, ezoc: set[tuple[str, str]], h: str) -> bool:
    if any(u.hex == h and u.side != side for u in sc.units):
        return False
    if any(hh == h and s != side for hh, s in ezoc):
        return False
    return sc.map.hexes[h].terrain != "prohibited"


def _crossable(sc: Scenario, a: str, b: str, first: bool) -> bool:
    hs = sc.hexside(a, b)
    if hs is None:
        return True
    if hs.impassable:
        return False
    if hs.river in ("major", "dnepr") and not hs.bridge:
        return hs.river == "major" and first
    return True


def has_line(sc: Scenario, side: str, start: str) -> bool:
    ezoc = controls(sc)["supply"]
    goals = sources(sc, side)
    seen, queue = {start}, deque([start])
    while queue:
        h = queue.popleft()
        if h in goals:
            return True
        for n in sc.grid.neighbours(h):
            if n not in seen and _crossable(sc, h, n, h == start) \
                    and _enterable(sc, side, ezoc, n):
                seen.add(n)
                queue.append(n)
    return False


def states(sc: Scenario) -> dict[str, str]:
    out = {}
    for u in sc.units:
        if has_line(sc, u.side, u.hex):
            out[u.id] = "operational"
        else:
            out[u.id] = "oos" if u.supply == "operational" else "isolated"
    return out
