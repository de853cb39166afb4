"""Kharkov Battles' Prepared Assault odds in plain Python (12.0-12.5, 12.64, 2.7, 2.71, 5.2,
5.44, 8.32, 8.33, 11.28, 14.1, 14.2, 15.11, 15.12, 18.11), written from the rulebook apart
from asp/kb42/odds.lp, for the differential tests: the strengths, the ratio level and the
shifts of one attack."""

from __future__ import annotations

from adjudicator.games.kb42.reference.zoc import controls
from adjudicator.games.kb42.scenario import Scenario

PARTNER_MECH = ("mechanized", "motorized", "panzergrenadier")


def _level(a: int, d: int) -> int:
    if a >= d:
        return a // d - 1
    return 1 - -(-d // a)  # 1 - ceil(d / a)


def strength(sc: Scenario, uid: str, attacking: bool, targets: list[str]) -> int:
    u = sc.units_by_id[uid]
    freeze = sc.weather == "freeze"
    base = 1 if (u.cadre or u.type == "hq") else u.strength
    halve = False
    if attacking:
        for h in targets:
            hs = sc.hexside(u.hex, h)
            if hs is not None and hs.river == "major" and not freeze:
                halve = True
            if sc.map.hexes[h].terrain == "marsh" and u.mechanized and not freeze:
                halve = True
        halve = halve or u.supply == "oos" or u.disorganized
    else:
        halve = u.supply == "isolated"
    n = base // 2 if halve else base
    if attacking and u.supply == "isolated":
        n = min(n, 1)
    n = max(n, 1)
    spec = sc.map.hexes[u.hex]
    if not attacking and u.type == "nkvd" and (spec.town or spec.city):
        n *= 2
    if attacking and freeze and u.side == "soviet" and u.type in ("tank", "mechanized") \
            and not u.cadre:
        n *= 2
    return n


def _ca_stack(units: list, others: list) -> bool:
    for u in units:
        if u.armor_band == "yellow":
            return True
        if u.armor_band == "blue" and any(
                v.id != u.id and v.type != "hq" and (not v.mechanized or v.type in PARTNER_MECH)
                for v in others if v.hex == u.hex):
            return True
    return False


def odds(sc: Scenario, plans: list[tuple[list[str], list[str], int, int]]
         ) -> list[tuple[int, int, int, dict[str, int]]]:
    """For each attack (attackers, hexes, air, defender air): attacker total, defender
    total, ratio level, shifts by rule."""
    side = sc.units_by_id[plans[0][0][0]].side
    enemy = "soviet" if side == "axis" else "axis"
    busy = {u: i for i, p in enumerate(plans) for u in p[0]}
    zoc = {h for h, s in controls(sc)["combat"] if s == side}
    out = []
    for i, (att, hexes, air, dair) in enumerate(plans):
        dfn = [u.id for u in sc.units if u.hex in hexes and u.side == enemy]
        a = sum(strength(sc, u, True, hexes) for u in att)
        d = sum(strength(sc, u, False, hexes) for u in dfn)
        shifts: dict[str, int] = {}
        freeze = sc.weather == "freeze"
        pairs = [(sc.units_by_id[u].hex, h) for u in att for h in hexes
                 if sc.grid.are_adjacent(sc.units_by_id[u].hex, h)]
        rivers = [getattr(sc.hexside(x, y), "river", None) for x, y in pairs]
        if pairs and all(r in ("minor", "major") for r in rivers) and "minor" in rivers \
                and not freeze:
            shifts["12.32"] = -1
        if any(sc.map.hexes[h].town for h in hexes):
            shifts["12.34"] = -1
        if any(sc.map.hexes[h].rubble for h in hexes):
            shifts["5.44"] = -1
        if any(sc.map.hexes[h].fz == enemy for h in hexes):
            shifts["18.11"] = -1
        if air or dair:
            shifts["5.2"] = air - dair
        attackers = [sc.units_by_id[u] for u in att]
        free = [u for u in sc.units if u.side == side and busy.get(u.id, i) == i]
        ca = _ca_stack(attackers, free)
        pair = [u for u in attackers if u.attached_armor and u.division]
        ca = ca or any(x.division == y.division and x.id != y.id for x in pair for y in pair)
        defenders = [sc.units_by_id[u] for u in dfn]
        if ca and not _ca_stack(defenders, defenders) \
                and not any(sc.map.hexes[h].fz or sc.map.hexes[h].city for h in hexes) \
                and "major" not in rivers:
            shifts["12.43"] = 1
        if len(hexes) == 1 and not sc.map.hexes[hexes[0]].city:
            h = hexes[0]
            usable = []
            for x in sc.grid.neighbours(h):
                hs = sc.hexside(h, x)
                if hs is not None and (hs.impassable or (hs.river == "dnepr" and not hs.bridge)):
                    continue
                if sc.map.hexes[x].terrain == "prohibited":
                    continue
                usable.append(x)
            closed = all(x in zoc or any(u.hex == x and u.side == side for u in sc.units)
                         for x in usable)
            friends = any(u.hex in sc.grid.neighbours(h) and u.side == enemy
                          for u in sc.units)
            if closed and not friends:
                shifts["12.5"] = 1
        out.append((a, d, _level(a, d), shifts))
    return out
