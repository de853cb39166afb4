"""Stacking (5.3-5.7, 16.53, 17.21) in plain Python: every hex, side and kind of unit over
its limit, with the count and the tightest limit."""

from __future__ import annotations

from collections import Counter

from adjudicator.games.sos.reference.common import ARMORED, on_map

#: 5.5: the kinds counted apart from the combat units (a commissar is a leader)
KIND = {"leader": "leader", "commissar": "leader", "op": "op", "sniper": "sniper",
        "mine-dog": "mine-dog", "transport": "transport", "tank-repair": "tank-repair",
        "flotilla": "flotilla", "fortification": "fortification", "bridge": "bridge",
        "minefield": "minefield"}
BOTH = {"leader": 1, "op": 1, "fortification": 1, "bridge": 1, "minefield": 1}
SOVIET = {"sniper": 1, "mine-dog": 1, "transport": 3, "tank-repair": 1, "flotilla": 2}
ESCORT = {"leader", "commissar", "op", "sniper", "mine-dog", "bridge"}
#: 5.6: the kinds a minefield hex may hold besides its combat unit and escort
WITH_MINES = {"combat", "escort", "minefield", "fortification", "bridge", "leader", "op",
              "sniper", "mine-dog"}


def kind(u) -> str | None:
    if u.unit_class == "stuka":  # 5.7: Stukas do not count
        return None
    return KIND.get(u.unit_class, "combat")


def over(sc) -> set[tuple[str, str, str, int, int]]:
    """(hex, side, kind, count, limit) for every limit exceeded."""
    reading = sc.readings.get("5.3", "three")
    out = set()
    hexes = {(u.hex, u.side) for u in on_map(sc)}
    for h, side in hexes:
        mine = [u for u in sc.units_at(h) if u.side == side]
        counts = Counter(k for u in mine if (k := kind(u)))
        limits: dict[str, list[int]] = {}
        if side == "german":
            armor = any(u.unit_class in ARMORED for u in mine if kind(u) == "combat")
            limits["combat"] = [4 if armor or reading == "four" else 3]
        else:
            limits["combat"] = [3]
        for k, m in BOTH.items():
            limits.setdefault(k, []).append(m)
        if side == "soviet":
            for k, m in SOVIET.items():
                limits.setdefault(k, []).append(m)
            spec = sc.map.hexes[h]
            if not (spec.terrain == "volga" or "volga" in spec.features):
                limits["flotilla"].append(0)  # 16.53
        if any(u.unit_class == "minefield" for u in mine):  # 5.6, 17.21
            limits["combat"].append(1)
            counts["escort"] = sum(1 for u in mine if u.unit_class in ESCORT)
            limits["escort"] = [1]
            for k in list(counts):
                if counts[k] and k not in WITH_MINES:
                    limits.setdefault(k, []).append(0)
        for k, n in counts.items():
            if k in limits and n > min(limits[k]):
                out.add((h, side, k, n, min(limits[k])))
    return out
