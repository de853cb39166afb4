"""Kharkov Battles' attack determination in plain Python (12.1, 12.33, 12.35, 12.36), written from
the rulebook apart from asp/kb42/attack.lp, for the differential tests."""

from __future__ import annotations

from adjudicator.games.kb42.reference.zoc import _crossing_blocked, exerting_hexes
from adjudicator.games.kb42.scenario import Scenario


def must_attack(sc: Scenario, designated: list[str]) -> set[str]:
    """Enemy hexes that exert a Combat Phase ZOC on a designated unit (12.1, 7.14, 7.31)."""
    out = set()
    for uid in designated:
        u = sc.units_by_id[uid]
        if sc.map.hexes[u.hex].city:
            continue  # the attacker's own city negates the EZOC there (7.14)
        for h, side in exerting_hexes(sc):
            if side != u.side and sc.grid.are_adjacent(h, u.hex) \
                    and not _crossing_blocked(sc, h, u.hex, "combat"):
                out.add(h)
    return out


def may_attack(sc: Scenario, uid: str) -> set[str]:
    u = sc.units_by_id[uid]
    out = set()
    for v in sc.units:
        if v.side != u.side and sc.grid.are_adjacent(v.hex, u.hex):
            hs = sc.hexside(u.hex, v.hex)
            if hs is not None and (hs.impassable or (hs.river == "dnepr" and not hs.bridge)):
                continue
            if u.silhouette and sc.map.hexes[v.hex].terrain == "marsh" and \
                    sc.weather != "freeze" and not (hs is not None and hs.road):
                continue
            out.add(v.hex)
    return out
