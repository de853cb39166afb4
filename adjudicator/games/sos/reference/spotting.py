"""Line of sight and spotting (9.31-9.37, 11.5, 14.02, 14.21-14.26, 14.94, 14.96, 15.44) in
plain Python, written from the rulebook apart from ``asp/sos/los.lp`` and
``asp/sos/spotting.lp``. The line's geometry (``facts.draw``, ``crossings.across``) is
shared: the rules are not."""

from __future__ import annotations

from adjudicator.games.sos.crossings import across
from adjudicator.games.sos.facts import draw, formation

BLOCKING = {"city", "industrial", "fortified", "suburb", "village", "forest", "strong-point"}
LOW = {"suburb", "village"}
WALLS = {"cliff", "tartar-wall"}
NAMED_HILLS = {"1039", "1635", "1641", "2238"}
FAR_HILLS = {"1635", "1641", "2238"}
NEVER = {"flotilla", "sniper", "transport", "mine-dog", "tank-repair", "minefield",
         "fortification", "bridge", "stuka"}


def _volga(sc, h) -> bool:
    s = sc.map.hexes[h]
    return s.terrain == "volga" or "volga" in s.features


def _hill_top(sc, h) -> bool:
    return h in sc.map.hexes and "hill-top" in sc.map.hexes[h].features


def line_clear(sc, a: str, b: str, readings: dict[str, str], aa: bool = False) -> bool:
    line = draw(sc, a, b)
    if line.distance == 1 or aa:  # 9.37, 15.44
        return True
    for r in sc.los:  # 9.34: the printed map, pair by pair
        if {a, b} == set(r.between):
            return r.clear
    if a in NAMED_HILLS and b in NAMED_HILLS and _hill_top(sc, a) and _hill_top(sc, b):
        return True  # 14.26
    hexes = sc.map.hexes
    steps = [tuple(h for h in step if h in hexes) for step in line.steps]
    # 14.26, 9.38: the slope hex next to a height at either end is seen over
    seen = set()
    for end, step in ((a, steps[0] if steps else ()), (b, steps[-1] if steps else ())):
        if end in hexes and {"hill-top", "slope-top"} & set(hexes[end].features):
            seen |= {h for h in step if "slope" in hexes[h].features}
    wide = readings.get("14.26") == "below-the-height" and seen
    for i, step in enumerate(line.steps):
        on = steps[i]
        for h in on:
            spec = hexes[h]
            if spec.blocks_los is False:
                continue  # 9.34: the printed map clears it
            if len(step) == 1 and "hill-top" in spec.features:
                return False  # 9.33: through two sides of a hill top
            if _volga(sc, h):
                continue  # 11.5
            if spec.blocks_los is True:
                return False  # 9.34
            for f in BLOCKING & set(spec.features):
                if f in LOW and (h in seen or wide):
                    continue
                return False  # 9.33
            if len(step) == 1 and spec.crossings:
                before = line.steps[i - 1] if i else (a,)
                after = line.steps[i + 1] if i + 1 < len(line.steps) else (b,)
                for c in spec.crossings:
                    if c.feature not in WALLS:
                        continue
                    pairs = set(across(sc.grid, h, c.through))
                    if any((x, y) in pairs for x in before for y in after):
                        return False  # 9.33: across a cliff or the Tartar Wall
    for x, y in line.hexsides:
        hs = sc.hexside(x, y)
        if hs is None:
            continue
        if hs.blocks_los is True:
            return False  # 9.36
        if hs.blocks_los is not False and WALLS & set(hs.features):
            return False  # 9.33
    return True


def spotted(sc, side: str, readings: dict[str, str]) -> set[tuple[str, str]]:
    """(spotter, target) for every enemy unit each unit of ``side`` spots now."""
    hexes = sc.map.hexes
    mine = [u for u in sc.units if u.side == side and u.hex in hexes]
    theirs = [u for u in sc.units if u.side != side and u.hex in hexes]
    level = readings.get("14.24#formation", "battalion")

    def record(u):
        r = u.spotting
        return r if r is not None and r.phase == sc.phase else None

    def kind(u):
        if u.unit_class == "op":
            return "op"
        return "leader" if u.unit_class in ("leader", "commissar") else "plain"

    def used(u):
        r = record(u)
        return r.if_units if r else 0

    out = set()
    for u in mine:
        k = kind(u)
        barred = u.unit_class in NEVER or sc.phase == 1  # 14.21, 14.02
        if u.pinned and not (k == "op" and u.pinned_phase == sc.phase):
            barred = True  # 14.23, 14.94
        if k == "op" and u.moved_phase is not None and \
                sc.phase == u.moved_phase % 15 + 1:
            barred = True  # 14.96
        rec = record(u)
        if k == "leader" and used(u) >= 2 or k == "plain" and used(u) >= 1:
            barred = True  # 14.24
        if k == "op" and rec and rec.af >= (60 if u.oob.division else 90):
            barred = True  # 14.24
        if k == "plain":
            mates = [w for w in mine if w is not u and kind(w) == "plain" and used(w)]
            if any(w.hex == u.hex for w in mates):
                barred = True  # 14.24: one IF unit a hex
            f = formation(u, level)
            if f and any(formation(w, level) == f for w in mates):
                barred = True  # 14.24: one IF unit a formation
        if barred:
            continue
        for v in theirs:
            if v.hex == u.hex:
                continue
            if k != "op" and rec and any(h != v.hex for h in rec.hexes):
                continue  # 14.22
            if "attack" in hexes[u.hex].markers and \
                    readings.get("14.23#attackers", "adjacent") == "adjacent" and \
                    not sc.grid.are_adjacent(u.hex, v.hex):
                continue  # 14.23
            line = draw(sc, u.hex, v.hex)
            cells = [h for step in line.steps for h in step if h in hexes]
            over_volga = any(_volga(sc, h) for h in cells) or _volga(sc, v.hex)
            reach = 4
            if over_volga or _hill_top(sc, u.hex):
                reach = 9
            if k == "op" and u.hex == "1039" and _hill_top(sc, "1039") and over_volga:
                reach = 12
            free = (k == "op" and readings.get("14.25#hills", "beyond-range") ==
                    "beyond-range" and {u.hex, v.hex} & {"1039"} and
                    {u.hex, v.hex} & FAR_HILLS and _hill_top(sc, u.hex) and
                    _hill_top(sc, v.hex))
            if line.distance > reach and not free:
                continue  # 14.25
            if line_clear(sc, u.hex, v.hex, readings):
                out.add((u.id, v.id))
    return out
