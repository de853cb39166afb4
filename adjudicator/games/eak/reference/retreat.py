"""Enemy Action: Kharkov's retreats in plain Python (12.7-12.75, 12.9, 13.22, 10.4), written
from the rulebook apart from asp/eak/retreat.lp, for the differential tests: the routes the
priorities leave and the route a Soviet stack takes."""

from __future__ import annotations

from adjudicator.games.eak.reference.supply import ENEMY, _readings, controlled, hex_in_supply
from adjudicator.games.eak.scenario import Scenario


def limit(sc: Scenario, units: list[str]) -> int:
    """How far the stack may retreat (12.7, 12.75, 12.9, 13.22)."""
    start = sc.units_by_id[units[0]].hex
    side = sc.units_by_id[units[0]].side
    stack = [u for u in sc.units if u.hex == start and u.side == side and not u.retreated]
    if any(u.mechanized and u.supply == "isolated" for u in stack):
        return 0
    if any(u.dispersed or u.supply == "isolated" for u in stack):
        return 1
    return 2


def _priority(sc: Scenario, side: str, h: str, moving: set[str], ezoc: set[str]) -> int:
    friends = [u for u in sc.units if u.hex == h and u.side == side and u.id not in moving]
    if h not in ezoc:
        return 1
    if any(u.supplied and not u.dispersed for u in friends):
        return 2
    if not friends and hex_in_supply(sc, side, h):
        return 3
    return 4


def _closed(sc: Scenario, side: str, h: str, moving: set[str]) -> bool:
    enemy = ENEMY[side]
    if any(u.hex == h and u.side == enemy for u in sc.units):
        return True
    friends = any(u.hex == h and u.side == side and u.id not in moving for u in sc.units)
    return sc.map.hexes[h].owner == enemy and not friends


def _blocked(sc: Scenario, a: str, b: str) -> bool:
    hs = sc.hexside(a, b)
    return hs is not None and hs.river == "blocked-dniepr"


def _dniepr(sc: Scenario, a: str, b: str) -> bool:
    hs = sc.hexside(a, b)
    return hs is not None and hs.river == "dniepr" and not hs.bridged


def _fits(sc: Scenario, side: str, h: str, units: list[str]) -> bool:
    here = [u for u in sc.units if u.hex == h and u.side == side and u.id not in units]
    moving = [sc.units_by_id[u] for u in units]
    return (len(here) + len(moving) <= 3
            and sum(u.steps_left for u in here + moving) <= 6)


def _safe(sc: Scenario, units: list[str]) -> int:
    steps = [sc.units_by_id[u].steps_left for u in units]
    m = min(steps)
    return len(steps) * (m - 1) + sum(1 for s in steps if s > m)


def routes(sc: Scenario, units: list[str], n: int) -> dict[str, object]:
    """The routes left after the priorities (the German player's choice), and for a
    Soviet stack the one it takes."""
    side = sc.units_by_id[units[0]].side
    start = sc.units_by_id[units[0]].hex
    moving = set(units)
    if n > limit(sc, units):
        return {"allowed": False}
    ezoc = controlled(sc, ENEMY[side])
    g = sc.grid

    def step_ok(a: str, b: str) -> bool:
        return not _closed(sc, side, b, moving) and not _blocked(sc, a, b)

    all_routes = []
    for h1 in g.neighbours(start):
        if not step_ok(start, h1):
            continue
        if n == 1:
            all_routes.append((h1, h1))
            continue
        for h2 in g.neighbours(h1):
            if h2 != start and not g.are_adjacent(start, h2) and step_ok(h1, h2):
                all_routes.append((h1, h2))
    prio = {h: _priority(sc, side, h, moving, ezoc) for r in all_routes for h in r}

    def loss(r):
        hexes = [r[0]] if n == 1 else list(r)
        return sum(1 for h in hexes if prio[h] >= 3)

    fit = [r for r in all_routes if _fits(sc, side, r[1], units)]
    safe = _safe(sc, units)
    survive = [r for r in fit if loss(r) <= safe]
    ok = survive or fit
    out: dict[str, object] = {"allowed": True, "split": bool(all_routes) and not fit}
    if not ok:
        out["options"] = []
        out["soviet"] = None
        return out
    best1 = min(prio[r[0]] for r in ok)
    c1 = [r for r in ok if prio[r[0]] == best1]
    if any(not _dniepr(sc, start, r[0]) for r in c1):
        c1 = [r for r in c1 if not _dniepr(sc, start, r[0])]
    if n == 1:
        options = sorted({(r[0],) for r in c1})
    else:
        options = []
        for h1 in sorted({r[0] for r in c1}):
            c2 = [r for r in ok if r[0] == h1]
            best2 = min(prio[r[1]] for r in c2)
            c2 = [r for r in c2 if prio[r[1]] == best2]
            if any(not _dniepr(sc, h1, r[1]) for r in c2):
                c2 = [r for r in c2 if not _dniepr(sc, h1, r[1])]
            options += [r for r in c2]
        options = sorted(set(options))
    out["options"] = options
    if side == "soviet":
        first = _soviet_pick(sc, units, start, sorted({o[0] for o in options}))
        if n == 1:
            out["soviet"] = (first,)
        else:
            out["soviet"] = (first, _soviet_pick(sc, units, first,
                                                 sorted(o[1] for o in options
                                                        if o[0] == first)))
    return out


def _soviet_pick(sc: Scenario, units: list[str], here: str, cands: list[str]) -> str:
    """12.7 SOVIET a-f, applied one after another."""
    fronts = {sc.units_by_id[u].front for u in units}
    primary_only = _readings(sc).get("12.7") == "primary-only"
    targets = {t for spec in [sc.map.hexes[here]] for a in spec.arrows
               if (a.front is None or a.front in fronts)
               and (a.kind == "primary" or not primary_only)
               for t in [sc.arrows_from(here, None)[spec.arrows.index(a)][1]] if t}
    g = sc.grid

    def vp(h):
        s = sc.map.hexes[h]
        return 0 if s.vp > 0 and s.owner != "german" else 1

    keys = [
        vp,
        lambda h: 1 if h in targets else 0,
        lambda h: 1 if any(g.are_adjacent(h, t) for t in targets) else 0,
        lambda h: 0 if sc.map.hexes[h].terrain == "woods" else 1,
        lambda h: int(h[2:]),
        lambda h: int(h),
    ]
    left = list(cands)
    for key in keys:
        best = min(key(h) for h in left)
        left = [h for h in left if key(h) == best]
    return left[0]
