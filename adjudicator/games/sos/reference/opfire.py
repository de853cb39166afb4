"""Opportunity fire in plain Python: which of the named units may fire at the units moving
in a hex (11.1-11.8, with 2.25, 9.21-9.23, 9.101 and 16.13 for every kind of fire).

Lines of sight are geometry and are not judged here: the positions this is compared on
keep every line clear (units never block one, 9.33)."""

from __future__ import annotations

from adjudicator.games.sos.reference.common import NON_COMBAT

#: The side moving in each phase of the sequence of play (4.0): Movement, Reserves
#: Movement and Exploit Movement Phases (11.1).
MOVEMENT_PHASES = {3: "german", 7: "german", 11: "german", 4: "soviet", 10: "soviet",
                   14: "soviet"}
#: Retreat before combat: the defenders in the enemy's Attack and Exploit Attack Phases
#: (9.41, 11.1).
RETREAT_PHASES = {5: "soviet", 8: "soviet", 12: "german", 15: "german"}
#: 11.4: these hexes count as clear when no other terrain is in them.
CLEAR_TERRAIN = {"volga", "tartar-wall", "railroad", "road", "hill-top", "slope",
                 "slope-top", "cemetery"}
INFANTRY_TYPE = {"infantry", "engineer"}


def _vehicle(u) -> bool:
    """11.6: armored units, and motorized units (MP 12 or more) not dismounted."""
    if u.dismounted:
        return False
    return u.unit_class in ("armor", "assault-gun", "flotilla") or u.movement >= 12


def _clear_for(sc, target: str, mover) -> bool:
    feats = set(sc.map.hexes[target].features)
    if feats <= CLEAR_TERRAIN:
        return True
    # 11.6: a vehicle moving in a balka hex with nothing else that blocks it
    return _vehicle(mover) and "balka" in feats and feats - {"balka"} <= CLEAR_TERRAIN


def why_not(sc, target: str, firers: list[str], movers: list[str] | None = None,
            retreat: bool = False) -> dict[str, set[str]]:
    """firer -> the rules that keep it from opportunity fire at ``target`` (empty: it may
    fire). ``movers`` are the units fired at: by default those in the target hex of the
    side moving in this phase (or retreating before combat)."""
    units = sc.units_by_id
    moving = (RETREAT_PHASES if retreat else MOVEMENT_PHASES).get(sc.phase)
    if movers is None:
        movers = [u.id for u in sc.units_at(target) if u.side == moving]
    movers_u = [units[m] for m in movers]
    volga_crossing = "volga" in sc.map.hexes[target].features and any(
        m.side == "soviet" for m in movers_u)
    out: dict[str, set[str]] = {}
    for uid in firers:
        u = units[uid]
        rules: set[str] = set()
        out[uid] = rules
        if u.unit_class == "stuka":
            rules.add("15.12")  # 11.2: Stukas never
            continue
        if u.unit_class in NON_COMBAT:
            # leaders add a modifier and never fire; OPs and the rest have no factors
            if u.unit_class not in ("leader", "commissar"):
                rules.add("2.25")
            else:
                rules.add("leader")
            continue
        if u.unit_class == "sniper":
            rules.add("16.13")
        elif u.attack == 0 and u.defense == 0:
            rules.add("2.25")
        d = sc.grid.distance(u.hex, target)
        if d > 1 and d > u.range:
            rules.add("9.23")
        if u.pinned:
            rules.add("11.3")
        if u.unit_class == "rocket":
            rules.add("11.2")
        if u.unit_class == "artillery" and (u.side == "soviet" or not volga_crossing):
            rules.add("11.2")  # only German guns at Soviets crossing the Volga
        if u.opportunity_fired:
            rules.add("11.2")
        if not any(_clear_for(sc, target, m) for m in movers_u):
            rules.add("11.4")
        if "attack" in sc.map.hexes[u.hex].markers and any(
                w.side != u.side and w.unit_class in INFANTRY_TYPE and not w.pinned
                and sc.grid.are_adjacent(w.hex, u.hex) for w in sc.units
                if w.hex in sc.map.hexes):
            rules.add("11.4")
        if any(m.side != moving for m in movers_u):
            rules.add("11.1")  # not in that unit's own movement
        if any(m.side == u.side for m in movers_u):
            rules.add("11.1")
        direct = u.unit_class not in ("mortar", "artillery", "rocket")
        # 9.101: only direct fire artillery drawn by horses or trucks (MP 12 or 15).
        towed = direct and u.unit_class in ("at-gun", "aa-gun") and u.movement in (12, 15)
        if towed and u.moved:
            rules.add("9.101")
    return out


def may_fire(sc, target: str, firers: list[str], movers: list[str] | None = None,
             retreat: bool = False) -> tuple[set[str], bool]:
    """The firers that may fire, and whether 11.8 forbids the fire: units of more than one
    hex may not combine."""
    ok = {u for u, why in why_not(sc, target, firers, movers, retreat).items() if not why}
    units = sc.units_by_id
    return ok, len({units[u].hex for u in ok}) > 1


def eligible(sc, target: str, movers: list[str], retreat: bool = False) -> set[str]:
    """Every unit that may opportunity fire at ``movers`` in ``target``: the other side's
    units on the map outside the hex, each judged alone (11.7: stacks may split)."""
    units = sc.units_by_id
    sides = {units[m].side for m in movers}
    candidates = [u.id for u in sc.units if u.hex in sc.map.hexes and u.hex != target
                  and u.side not in sides]
    return {u for u, why in why_not(sc, target, candidates, movers, retreat).items()
            if not why}
