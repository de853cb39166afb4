"""Enemy Action: Kharkov's supply in plain Python (11, 11.1, 13, 13.1, 13.21-13.23, 13.3,
13.5, 13.51, 13.53, 15.21), written from the rulebook apart from asp/eak/supply.lp, for the
differential tests. Readings: those of the position (defaults otherwise)."""

from __future__ import annotations

from collections import deque

from adjudicator.games import get_game
from adjudicator.games.eak.scenario import Scenario

ENEMY = {"german": "soviet", "soviet": "german"}


def _readings(sc: Scenario) -> dict[str, str]:
    return {**get_game("eak").default_readings(), **sc.readings}


def _adjacent(sc: Scenario, a: str, b: str) -> bool:
    """Adjacency outside the Soviet procedure under the reading of 9.3."""
    if _readings(sc).get("9.3") == "every-rule":
        hs = sc.hexside(a, b)
        if hs is not None and hs.river == "blocked-dniepr":
            return False
    return True


def controlled(sc: Scenario, side: str, away: frozenset[str] = frozenset()) -> set[str]:
    """Hexes in the zone of control of ``side``'s units (11; not isolated ones, 13.22),
    leaving out the units in ``away``."""
    out: set[str] = set()
    for u in sc.units:
        if u.side == side and u.supply != "isolated" and u.hex in sc.map.hexes \
                and u.id not in away:
            out.update(sc.grid.neighbours(u.hex))
    return out


def garrison_zoc(sc: Scenario, own: str | None = None) -> set[str]:
    """15.21: the hexes next to a garrison no German unit is next to (but for the garrison
    in ``own``, the hex a path is traced to)."""
    out: set[str] = set()
    german = {u.hex for u in sc.units if u.side == "german"}
    for g, spec in sc.map.hexes.items():
        if spec.garrison and g != own and not any(n in german and _adjacent(sc, g, n)
                                     for n in sc.grid.neighbours(g)):
            out.update(sc.grid.neighbours(g))
    return out


def _bad(sc: Scenario, side: str, start: str, garrison_moment: bool,
         reserve: bool) -> tuple[set[str], set[str]]:
    """(hexes a path of ``side`` traced from ``start`` may not enter, hexes its road path
    may not enter)."""
    enemy = ENEMY[side]
    imagined = _readings(sc).get("13.0") != "keep-zoc"
    away = frozenset(u.id for u in sc.units if u.hex == start and u.side == enemy) \
        if imagined else frozenset()
    zoc = controlled(sc, enemy, away)
    if side == "german" and garrison_moment:
        zoc |= garrison_zoc(sc, start)
    friendly = {u.hex for u in sc.units if u.side == side}
    bad = {u.hex for u in sc.units if u.side == enemy and u.id not in away}
    bad |= {h for h, s in sc.map.hexes.items() if s.owner == enemy}
    if side == "german":
        bad |= {h for h, s in sc.map.hexes.items() if s.garrison}
    bad |= {h for h in zoc if h not in friendly}
    road_bad = set(bad)
    if reserve:
        bad |= zoc
        if _readings(sc).get("13.3") != "hex-path-only":
            road_bad |= zoc
    return bad, road_bad


def heads(sc: Scenario, side: str, road_bad: set[str]) -> set[str]:
    """13.1: friendly map-edge hexes, and road hexes joined by road to a friendly map-edge
    hex with a road leading off the map."""
    out = {h for h, s in sc.map.hexes.items() if s.edge == side}
    roads: dict[str, set[str]] = {}
    for key, hs in sc.map.hexsides.items():
        if hs.road:
            a, b = key.split("-")
            roads.setdefault(a, set()).add(b)
            roads.setdefault(b, set()).add(a)
    queue = deque(h for h, s in sc.map.hexes.items()
                  if s.edge == side and s.road_off_map and h not in road_bad)
    seen = set(queue)
    while queue:
        h = queue.popleft()
        for n in roads.get(h, ()):
            if n in sc.map.hexes and n not in seen and n not in road_bad:
                seen.add(n)
                queue.append(n)
    return out | seen


def path_length(sc: Scenario, side: str, start: str, garrison_moment: bool = False,
                reserve: bool = False) -> int | None:
    """The fewest hexes of a supply path from ``start`` to a head, or None (13.1)."""
    if sc.map.hexes[start].edge == side:
        return 0
    bad, road_bad = _bad(sc, side, start, garrison_moment, reserve)
    goal = heads(sc, side, road_bad)
    # states: (hex, crossed an unbridged Dniepr)
    dist = {(start, False): 0}
    queue = deque([(start, False)])
    best: int | None = None
    while queue:
        h, x = queue.popleft()
        d = dist[(h, x)]
        if h in goal:
            best = d if best is None else min(best, d)
        for n in sc.grid.neighbours(h):
            hs = sc.hexside(h, n)
            river = hs.river if hs else None
            if river == "blocked-dniepr" or n in bad:
                continue
            nx = x or (river == "dniepr" and not hs.bridged)
            if d + 1 > (2 if nx else 7):
                continue
            if (n, nx) not in dist:
                dist[(n, nx)] = d + 1
                queue.append((n, nx))
    return best


def hex_in_supply(sc: Scenario, side: str, h: str, **kw) -> bool:
    return path_length(sc, side, h, **kw) is not None


def reserve_supply(sc: Scenario, h: str) -> bool:
    return path_length(sc, "soviet", h, reserve=True) is not None


def unit_states(sc: Scenario) -> dict[str, str]:
    """The Supply Phase (13, 13.21, 13.22)."""
    out = {}
    for u in sc.units:
        if sc.turn == 1 or (u.side == "soviet" and sc.turn <= 3):
            out[u.id] = "in-supply"
        elif hex_in_supply(sc, u.side, u.hex):
            out[u.id] = "in-supply"
        else:
            out[u.id] = "out-of-supply" if u.supply == "in-supply" else "isolated"
    return out


def support(sc: Scenario, h: str) -> bool:
    """13.5, 13.51, 13.53: is hex ``h`` in Soviet support?"""
    if sc.turn < 5:
        return True
    line = None
    if sc.turn <= 7 or (sc.soviet_vp is not None and sc.soviet_vp >= 21):
        line = "west"
    elif sc.soviet_vp is not None:
        line = "artillery"
    if line and line in sc.map.hexes[h].east_of:
        return True
    for m, spec in sc.map.hexes.items():
        if spec.forward_support and _walk(sc, m, h) <= 5:
            return True
    return False


def _walk(sc: Scenario, a: str, b: str) -> int:
    """Steps from a to b over the hexes of the map given."""
    dist = {a: 0}
    queue = deque([a])
    while queue:
        h = queue.popleft()
        if h == b:
            return dist[h]
        for n in sc.grid.neighbours(h):
            if n not in dist:
                dist[n] = dist[h] + 1
                queue.append(n)
    return 10**6
