"""Retreats in plain Python: where each defender may end a retreat before combat
(9.41-9.48) and which hexes a P-result retreat may enter (9.87)."""

from __future__ import annotations

import heapq

from adjudicator.games.sos.reference.common import (
    ARMORED,
    NON_COMBAT,
    bridge_usable,
    occupied_by,
    other,
    zoc_hexes,
)

ATTACK_PHASES = {"german": (5, 8), "soviet": (12, 15)}
IF_OR_AIR = {"artillery", "rocket", "mortar", "stuka"}
FIXED = {"minefield", "fortification", "bridge", "tank-repair"}


def _side_features(sc, a, b) -> list[str]:
    hs = sc.hexside(a, b)
    return list(hs.features) if hs else []


def _may_go(sc, hex_id: str, attackers: list[str], breakthrough: bool) -> set[str]:
    defenders = sc.units_at(hex_id)
    if not defenders or "attack" not in sc.map.hexes[hex_id].markers or breakthrough:
        return set()
    side = defenders[0].side
    if sc.phasing == side or sc.phase not in ATTACK_PHASES[other(side)]:
        return set()
    units = sc.units_by_id
    if not any(units[a].unit_class not in NON_COMBAT | IF_OR_AIR for a in attackers):
        return set()
    reading = sc.readings.get("9.48", "ban-holds")
    heavy = sc.map.hexes[hex_id].explosions >= 5

    def leader_near(u) -> bool:
        for v in sc.units:
            if v.side != "soviet" or v.unit_class not in ("leader", "commissar"):
                continue
            own_only = v.unit_class == "commissar" or (v.name or "").lower() in (
                "pavlov", "herman")
            if v.hex == u.hex or (not own_only and v.hex in sc.map.hexes
                                  and sc.grid.are_adjacent(v.hex, u.hex)):
                return True
        return False

    def free(u) -> bool:
        if u.unit_class in FIXED or u.immobilized or u.pinned or u.opportunity_fired:
            return False
        if u.side == "soviet" and not (u.troops in ("guards", "marine") or u.unit_class in
                                       ("leader", "commissar") or leader_near(u)):
            return False
        return not (heavy and u.moves_as in ("towed", "motorized")
                    and reading == "ban-holds")

    # 16.42: a transport serves a passenger that may retreat itself
    carries = sc.readings.get("16.42", "carries-retreating-units") == \
        "carries-retreating-units"
    riders = any(free(u) for u in defenders if u.side == "soviet" and (
        u.unit_class in ("infantry", "engineer", "leader", "commissar", "op", "mine-dog",
                         "sniper") or (u.unit_class == "mortar" and u.moves_as == "foot")))
    ok = set()
    for u in defenders:
        if u.unit_class == "transport" and u.side == "soviet" and carries and riders:
            if free(u.model_copy(update={"troops": "guards"})):  # all but 9.44
                ok.add(u.id)
            continue
        if free(u):
            ok.add(u.id)
    stayers = [u for u in defenders if u.unit_class not in NON_COMBAT | {"mine-dog"}]
    all_armor = all(u.unit_class in ARMORED for u in defenders) and side == "german" and \
        not any(units[a].side == "soviet" and units[a].unit_class in ARMORED
                for a in attackers)
    free = [u for u in stayers if u.id in ok]
    if not all_armor and free and len(free) == len(stayers) and len(free) == 1:
        ok.discard(free[0].id)
    return ok


def before_combat(sc, hex_id: str, attackers: list[str], chart,
                  breakthrough: bool = False) -> dict[str, set[str]]:
    """unit -> hexes it may end its retreat in (every defender listed)."""
    from adjudicator.games.sos.tec import enter_cost

    out: dict[str, set[str]] = {u.id: set() for u in sc.units_at(hex_id)}
    reading = sc.readings.get("9.48", "ban-holds")
    for uid in _may_go(sc, hex_id, attackers, breakthrough):
        u = sc.units_by_id[uid]
        enemy = other(u.side)
        closed = occupied_by(sc, enemy) | zoc_hexes(sc, enemy, "retreat")
        budget = 2 * ((u.movement + 3) // 4)
        if (u.side == "soviet" and u.isolation > 0
                and sc.readings.get("19.5", "halved") == "halved"):
            budget = 2 * ((u.movement + 7) // 8)  # 19.5: half of a quarter
        mob = u.moves_as
        pts = sc.map.hexes[hex_id].explosions
        extra = 2 * (pts // 5) if mob in ("foot", "armored") else 0
        heavy_start = pts >= 5 and mob in ("towed", "motorized")
        if heavy_start and reading == "ban-holds":
            continue
        vehicle = mob != "foot"
        # states are (hex, the hex it came from): vehicles may not pass through a hex
        # from one bank of a blocking feature to the other (8.12)
        best: dict[tuple[str, str], int] = {}
        queue: list[tuple[int, str, str]] = []
        for n in sc.grid.neighbours(hex_id):
            if n in closed:
                continue
            if vehicle and start_barred(sc, hex_id, n, u.side):
                continue
            c = enter_cost(chart, list(sc.map.hexes[n].features), mob,
                           _side_features(sc, hex_id, n),
                           bridge=bridge_usable(sc, n))
            if c is None:
                continue
            c = min(c + extra, budget)
            if heavy_start:
                c = budget  # it may leave by the one-hex minimum, and no further
            if c < best.get((n, hex_id), 10**9):
                best[(n, hex_id)] = c
                heapq.heappush(queue, (c, n, hex_id))
        while queue:
            c, h, prev = heapq.heappop(queue)
            if c > best.get((h, prev), 10**9):
                continue
            if sc.map.hexes[h].explosions >= 5 and mob in ("towed", "motorized"):
                continue
            if heavy_start and prev == hex_id:
                continue
            for n in sc.grid.neighbours(h):
                if n in closed or n == hex_id:
                    continue
                if vehicle and crosses(sc, h, prev, n, u.side):
                    continue
                d = enter_cost(chart, list(sc.map.hexes[n].features), mob,
                               _side_features(sc, h, n),
                               bridge=bridge_usable(sc, n))
                if d is None or c + d > budget:
                    continue
                if c + d < best.get((n, h), 10**9):
                    best[(n, h)] = c + d
                    heapq.heappush(queue, (c + d, n, h))
        best_hex = {h for h, _ in best}
        out[uid] = best_hex
    return out


def p_destinations(sc, hex_id: str, uid: str, chart) -> set[str]:
    """The hexes one defender may retreat into after a P result (9.87), if it retreats."""
    from adjudicator.games.sos.tec import enter_cost

    u = sc.units_by_id[uid]
    enemy = other(u.side)
    closed = occupied_by(sc, enemy) | zoc_hexes(sc, enemy, "retreat")
    out = set()
    for n in sc.grid.neighbours(hex_id):
        spec = sc.map.hexes[n]
        if n in closed or {"attack", "bombarded"} & set(spec.markers):
            continue
        if u.moves_as != "foot" and start_barred(sc, hex_id, n, u.side):
            continue
        if enter_cost(chart, list(spec.features), u.moves_as, _side_features(sc, hex_id, n),
                      bridge=bridge_usable(sc, n)) is None:
            continue
        friends = [v for v in sc.units_at(n) if v.side == u.side]
        if _overstacks(sc, friends, u):  # an empty hex too: 5.5 gives some kinds none
            continue
        out.add(n)
    return out


def _overstacks(sc, friends, u) -> bool:
    """Would ``u`` joining ``friends`` pass a limit of 5.3-5.5 (combat units and the
    extra kinds)?"""
    kinds = {"leader": ("leader", "commissar"), "op": ("op",), "sniper": ("sniper",),
             "mine-dog": ("mine-dog",), "transport": ("transport",)}
    maxima = {"leader": 1, "op": 1, "sniper": 1, "mine-dog": 1, "transport": 3}
    if u.unit_class not in NON_COMBAT and u.unit_class not in (
            "sniper", "mine-dog", "flotilla"):
        combat = [v for v in friends if v.unit_class not in NON_COMBAT
                  and v.unit_class not in ("sniper", "mine-dog", "flotilla")]
        if u.side == "soviet":
            limit = 3
        elif any(v.unit_class in ARMORED for v in combat) or u.unit_class in ARMORED:
            limit = 4
        else:
            limit = 3 if sc.readings.get("5.3", "three") == "three" else 4
        if any(v.unit_class == "minefield" for v in friends):
            limit = 1
        return len(combat) + 1 > limit
    for k, classes in kinds.items():
        if u.unit_class in classes:
            n = sum(v.unit_class in classes for v in friends)
            limit = maxima[k] if (u.side == "soviet" or k in ("leader", "op")) else 0
            return n + 1 > limit
    return False


CITY = {"city", "industrial", "fortified"}
CLEAR = {"tartar-wall", "road", "railroad", "hill-top", "slope", "slope-top", "cemetery"}
CHOICE = {"balka", "cliff", "forest", "suburb", "village"}


def p_outcomes(sc, hex_id: str, attackers: list[str], fire: str) -> dict[str, str]:
    """unit -> what a P result does to it (9.84, 9.87-9.884), before looking for hexes:
    unaffected, eliminated, spent, pinned, retreats-pinned or retreat-or-stay-pinned."""
    feats = set(sc.map.hexes[hex_id].features)
    defenders = sc.units_at(hex_id)
    if feats & CITY:
        kind = "city"
    elif feats - CLEAR - CHOICE:
        kind = "unlisted"
    elif feats & CHOICE or any(v.unit_class == "fortification" for v in defenders):
        kind = "choice"
    else:
        kind = "clear"
    units = sc.units_by_id
    cause = fire == "attack" and any(
        units[a].unit_class in ("infantry", "engineer") and not units[a].pinned
        and units[a].hex in sc.map.hexes and sc.grid.are_adjacent(units[a].hex, hex_id)
        for a in attackers)
    leader = any(v.side == "soviet" and v.unit_class in ("leader", "commissar")
                 for v in defenders)
    any_terrain = sc.readings.get("9.884", "any-terrain") == "any-terrain"
    out = {}
    for u in defenders:
        out[u.id] = _p_one(u, kind, cause, leader, any_terrain)
        if u.unit_class in ("leader", "commissar"):  # never pinned or spent (9.113)
            out[u.id] = {"retreats-pinned": "retreats",
                         "retreat-or-stay-pinned": "retreat-or-stay"}.get(out[u.id],
                                                                           "unaffected")
    # 9.881: a fortification goes with the last of the defending combat units
    combat = [out[u.id] for u in defenders if u.unit_class not in NON_COMBAT
              and out[u.id] != "eliminated"]
    for u in defenders:
        if u.unit_class == "fortification" and combat:
            if all(o == "retreats-pinned" for o in combat):
                out[u.id] = "eliminated"
            elif all(o in ("retreats-pinned", "retreat-or-stay-pinned") for o in combat):
                out[u.id] = "eliminated-if-all-retreat"
    return out


def _p_one(u, kind: str, cause: bool, leader: bool, any_terrain: bool) -> str:
    if u.unit_class in ("minefield", "bridge", "fortification"):
        return "unaffected"
    if u.side == "soviet" and u.immobilized:
        return "eliminated"
    if u.troops == "nkvd" and (any_terrain or kind in ("clear", "choice")):
        if not cause:
            return "spent" if kind == "city" else "pinned"
        if leader and kind != "clear":
            return "retreat-or-stay-pinned"
        return "retreats-pinned"
    if kind == "city":
        return "spent"
    if not cause or kind == "unlisted":
        return "pinned"
    return "retreats-pinned" if kind == "clear" else "retreat-or-stay-pinned"


def p_stack_short(sc, hex_id: str, movers: dict[str, set[str]]) -> int:
    """How many of the retreating units (unit -> hexes each may enter alone) find no room
    however the defender places them (9.87, 5.0): every placing is tried, and a hex is
    full when a unit in it, counted with the others placed there and those already in it,
    passes a limit."""
    import itertools

    ids = sorted(movers)
    units = sc.units_by_id
    best = 0
    for choice in itertools.product(*[[None, *sorted(movers[u])] for u in ids]):
        placed = [(u, h) for u, h in zip(ids, choice, strict=True) if h]
        if len(placed) <= best:
            continue
        ok = True
        for h in {h for _, h in placed}:
            here = [units[u] for u, x in placed if x == h]
            side = here[0].side
            friends = [v for v in sc.units_at(h) if v.side == side]
            for v in here:
                others = friends + [w for w in here if w.id != v.id]
                if _overstacks(sc, others, v):
                    ok = False
        if ok:
            best = len(placed)
    return len(ids) - best


def _blocking(sc, h: str, side: str):
    """The blocking features through ``h`` that a vehicle of ``side`` may not cross (8.12,
    17.12; 8.67: a Soviet vehicle crosses a balka/cliff hex a river-landing arrow points
    to; a cliff as a balka by the reading 8.12#cliff)."""
    from adjudicator.games.sos.crossings import OPENED, cliff_barrier, verdict

    spec = sc.map.hexes[h]
    bridge = bridge_usable(sc, h)  # 17.12: not in a pinned hex
    landing = spec.river_landing and side == "soviet"
    for c in spec.crossings:
        if c.feature == "cliff" and not cliff_barrier(sc.readings):
            continue
        if verdict(h, c.feature, c.vehicles)[0] == "blocked" and not (
                c.feature in OPENED and (bridge or landing)):
            yield c


def crosses(sc, h: str, came_from: str, to: str, side: str) -> bool:
    """Passing through ``h`` from ``came_from`` to ``to`` crosses a blocking feature."""
    from adjudicator.games.sos.crossings import banks

    for c in _blocking(sc, h, side):
        parts = banks(sc.grid, h, c.through)
        a = [i for i, b in enumerate(parts) if came_from in b]
        z = [i for i, b in enumerate(parts) if to in b]
        if a and z and a != z:
            return True
    return False


def start_barred(sc, h: str, to: str, side: str) -> bool:
    """Reading 8.12#start, along-only: a vehicle in ``h`` leaves only along the feature."""
    from adjudicator.games.sos.crossings import banks

    if sc.readings.get("8.12#start", "owner-chooses") != "along-only":
        return False
    return any(to not in c.through and len(banks(sc.grid, h, c.through)) > 1
               for c in _blocking(sc, h, side))
