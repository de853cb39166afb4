"""Enemy Action: Kharkov's advance after combat in plain Python (12.8, 12.81, 12.82, 10.1,
10.31, 10.4, 10.5, 11.1, 12.9), written from the rulebook apart from asp/eak/advance.lp,
for the differential tests: where each unit may end its advance."""

from __future__ import annotations

from adjudicator.games.eak.reference.supply import ENEMY, _adjacent, controlled, hex_in_supply
from adjudicator.games.eak.scenario import Scenario


def _fits(sc: Scenario, u, h: str) -> bool:
    here = [v for v in sc.units if v.hex == h and v.side == u.side]
    return len(here) + 1 <= 3 and sum(v.steps_left for v in here) + u.steps_left <= 6


def _unbridged(sc: Scenario, a: str, b: str, kinds: tuple[str, ...]) -> bool:
    hs = sc.hexside(a, b)
    return hs is not None and hs.river in kinds and not hs.bridged


def ends(sc: Scenario, uid: str, into: str, mode: str, path: str | None) -> set[str] | None:
    """The hexes the unit may end its advance in (None: it may not advance)."""
    u = sc.units_by_id[uid]
    enemy = ENEMY[u.side]
    g = sc.grid
    if u.dispersed or not g.are_adjacent(u.hex, into):
        return None
    if _unbridged(sc, u.hex, into, ("blocked-dniepr",)):
        return None
    if any(v.hex == into and v.side == enemy for v in sc.units) or not _fits(sc, u, into):
        return None
    out = {into}
    goes_on = (mode in ("two", "eliminated") and u.mechanized
               and not _unbridged(sc, u.hex, into, ("donets", "dniepr"))
               and sc.map.hexes[into].owner != enemy)
    if goes_on:
        zoc = controlled(sc, enemy)
        garrison_near = u.side == "german" and any(
            sc.map.hexes[n].garrison and _adjacent(sc, into, n) for n in g.neighbours(into))
        for b in g.neighbours(into):
            if b == u.hex or any(v.hex == b and v.side == enemy for v in sc.units):
                continue
            if _unbridged(sc, into, b, ("blocked-dniepr",)) or not _fits(sc, u, b):
                continue
            on_path = mode != "eliminated" and b == path
            if not on_path:
                if into in zoc and b in zoc:
                    continue
                if _unbridged(sc, into, b, ("donets", "dniepr")):
                    continue
                if garrison_near:
                    continue
            out.add(b)
    if u.side == "german":
        good = {h for h in out if hex_in_supply(sc, "german", h)}
        if good:
            out = good
    return out
