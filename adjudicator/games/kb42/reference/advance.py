"""Kharkov Battles' advance after combat in plain Python (12.82, 12.83, 12.51), written from
the rulebook apart from asp/kb42/advance.lp, for the differential tests."""

from __future__ import annotations

from adjudicator.games.kb42.reference.zoc import controls
from adjudicator.games.kb42.scenario import Scenario


def ends(sc: Scenario, path: list[str], uid: str, length: int,
         encircled: bool = False) -> set[str]:
    """The hexes unit ``uid`` may end its advance in."""
    u = sc.units_by_id[uid]
    ezoc = {h for h, s in controls(sc)["combat"] if s != u.side}
    first = path[0]

    def ok(a: str, b: str) -> bool:
        if any(v.hex == b and v.side != u.side for v in sc.units):
            return False
        if sc.map.hexes[b].terrain == "prohibited":
            return False
        hs = sc.hexside(a, b)
        if hs is None:
            return True
        if hs.impassable or (hs.river == "dnepr" and not hs.bridge):
            return False
        if hs.river == "major" and not hs.bridge:
            return b == first and a == u.hex
        return True

    if length < 1 or not ok(u.hex, first):
        return set()
    out = {first}
    hs = sc.hexside(u.hex, first)
    if sc.map.hexes[first].city or (hs is not None and hs.river == "major"):
        return out
    if not u.mechanized:
        if encircled or first in ezoc:
            return out
        for i in range(1, min(length, len(path))):
            if not ok(path[i - 1], path[i]):
                break
            out.add(path[i])
            if path[i] in ezoc:
                break
        return out
    frontier = {first}
    for _ in range(1, length):
        nxt = set()
        for a in frontier:
            for b in sc.grid.neighbours(a):
                if ok(a, b):
                    nxt.add(b)
        out |= nxt
        frontier = {h for h in nxt if h not in ezoc}
    return out
