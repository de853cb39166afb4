"""Kharkov Battles' zones of control in plain Python, written from the rulebook apart from
the ASP encoding (asp/kb42/zoc.lp), for the differential tests. Same conclusions: for each
purpose, the hexes each side controls."""

from __future__ import annotations

from adjudicator.games.kb42.scenario import Scenario

PURPOSES = ("movement", "combat", "retreat", "supply")


def exerting_hexes(sc: Scenario) -> set[tuple[str, str]]:
    """(hex, side) pairs whose units exert a ZOC (2.4, 7.13, 7.14, 15.11, 18.12)."""
    out = set()
    stacks: dict[tuple[str, str], list] = {}
    for u in sc.units:
        if u.hex in sc.map.hexes:
            stacks.setdefault((u.hex, u.side), []).append(u)
    for (h, side), units in stacks.items():
        spec = sc.map.hexes[h]
        if spec.fz == side:
            out.add((h, side))
            continue
        if spec.city:
            continue
        has_own = any(not (u.white_band or u.cadre or u.type == "hq") for u in units)
        if has_own or sum(u.cadre for u in units) >= 3:
            out.add((h, side))
    return out


def _crossing_blocked(sc: Scenario, a: str, b: str, purpose: str) -> bool:
    side = sc.hexside(a, b)
    if side is None:
        return False
    if side.impassable:
        return True
    if side.river == "dnepr" and not side.bridge:
        return True
    return purpose in ("combat", "retreat") and side.river == "major" and not side.bridge


def controls(sc: Scenario) -> dict[str, set[tuple[str, str]]]:
    """purpose -> (hex, side) pairs where that side's ZOC is in force."""
    grid = sc.grid
    occupants: dict[str, set[str]] = {}
    for u in sc.units:
        occupants.setdefault(u.hex, set()).add(u.side)
    out: dict[str, set[tuple[str, str]]] = {p: set() for p in PURPOSES}
    for h, side in exerting_hexes(sc):
        for n in grid.neighbours(h):
            for p in PURPOSES:
                if _crossing_blocked(sc, h, n, p):
                    continue
                other = occupants.get(n, set()) - {side}
                city = sc.map.hexes[n].city is not None
                if other and (city or p in ("retreat", "supply")):
                    continue
                out[p].add((n, side))
    return out
