"""What the reference areas share: unit kinds (6.1, 9.81) and zones of control."""

from __future__ import annotations

NON_COMBAT = {"leader", "commissar", "op", "transport", "tank-repair", "fortification",
              "minefield", "bridge", "stuka"}
NO_ZOC = NON_COMBAT | {"mine-dog", "flotilla"}
ARMORED = {"armor", "assault-gun", "armored-train"}
BARRED = {"city", "industrial", "fortified"}


def other(side: str) -> str:
    return "soviet" if side == "german" else "german"


def on_map(sc):
    return [u for u in sc.units if u.hex in sc.map.hexes]


def zoc_hexes(sc, side: str, purpose: str) -> set[str]:
    """Hexes where ``side``'s ZOC is in force for movement, retreat or isolation."""
    out = set()
    for u in on_map(sc):
        if u.side != side or u.unit_class in NO_ZOC:
            continue
        for n in sc.grid.neighbours(u.hex):
            if BARRED & set(sc.map.hexes[n].features):
                continue
            out.add(n)
    enemy = other(side)
    keep = set()
    for h in out:
        if sc.map.hexes[h].breakthru == enemy:
            continue
        if purpose == "isolation" and any(v.side == enemy for v in sc.units_at(h)):
            continue
        keep.add(h)
    return keep


def occupied_by(sc, side: str) -> set[str]:
    return {u.hex for u in on_map(sc) if u.side == side}


def bridge_usable(sc, hex_id: str) -> bool:
    """A bridge unit in ``hex_id`` lets units across its balka (17.12), but not while the
    hex is pinned: a pinned unit, of either side and the bridge itself included, is in
    it."""
    here = sc.units_at(hex_id)
    return any(v.unit_class == "bridge" for v in here) and not any(v.pinned for v in here)
