"""Advance after combat (9.85, 9.86) in plain Python: who may advance."""

from __future__ import annotations

from adjudicator.games.sos.reference.common import bridge_usable, other

FIXED = {"minefield", "fortification", "bridge", "tank-repair"}


def advancers(sc, hex_id: str, attackers: list[str], emptied: str, chart) -> set[str]:
    from adjudicator.games.sos.tec import enter_cost

    if not attackers:
        return set()
    units = sc.units_by_id
    side = units[attackers[0]].side
    if any(v.side == other(side) and v.unit_class != "bridge" for v in sc.units_at(hex_id)):
        return set()
    reading = sc.readings.get("9.85", "eliminated-only")
    if emptied == "retreat" and reading == "eliminated-only":
        return set()
    target = sc.map.hexes[hex_id]
    bridge = bridge_usable(sc, hex_id)  # 17.12: not in a pinned hex
    out = set()
    for uid in attackers:
        u = units[uid]
        if u.hex not in sc.map.hexes or not sc.grid.are_adjacent(u.hex, hex_id):
            continue
        if u.unit_class in FIXED or u.immobilized:
            continue
        side_feats = list((sc.hexside(u.hex, hex_id) or type("N", (), {"features": []})())
                          .features)
        # 9.86: a vehicle never across a balka hexside without a road or bridge; entering
        # a balka hex is not crossing it (8.12)
        if (u.moves_as != "foot" and "balka" in side_feats
                and not {"road", "bridge"} & set(side_feats)):
            continue
        # 8.12 (reading 8.12#start, along-only): out of a blocking hex only along it
        if u.moves_as != "foot" and _start_barred(sc, u.hex, hex_id, u.side):
            continue
        if enter_cost(chart, list(target.features), u.moves_as, side_feats,
                      bridge=bridge) is None:
            continue
        out.add(uid)
    return out


def _start_barred(sc, here: str, there: str, side: str) -> bool:
    from adjudicator.games.sos.crossings import OPENED, across, cliff_barrier, verdict

    if sc.readings.get("8.12#start", "owner-chooses") != "along-only":
        return False
    bridge = bridge_usable(sc, here)  # 17.12: not in a pinned hex
    landing = sc.map.hexes[here].river_landing and side == "soviet"  # 8.67
    for c in sc.map.hexes[here].crossings:
        if verdict(here, c.feature, c.vehicles)[0] != "blocked":
            continue
        if c.feature == "cliff" and not cliff_barrier(sc.readings):
            continue
        if (c.feature in OPENED and (bridge or landing)) or not across(sc.grid, here,
                                                                       c.through):
            continue
        if there not in c.through:
            return True
    return False
