"""Isolation (19.2, 19.6) in plain Python: which units trace no route."""

from __future__ import annotations

from collections import deque

from adjudicator.games.sos.reference.common import occupied_by, on_map, other, zoc_hexes


def isolated(sc) -> set[str]:
    out = set()
    german_goal = {h for b in sc.map.entry_areas.values() if b.side == "german"
                   for h in b.hexes}
    has_box = any(b.side == "german" for b in sc.map.entry_areas.values())
    for side in ("german", "soviet"):
        enemy = other(side)
        closed = occupied_by(sc, enemy) | zoc_hexes(sc, enemy, "isolation")
        if side == "soviet":
            goal = {h for h, s in sc.map.hexes.items()
                    if s.terrain == "volga" or "volga" in s.features}
        else:
            if not has_box:
                continue
            goal = german_goal
        for u in on_map(sc):
            if u.side != side or u.unit_class == "stuka":
                continue
            seen, todo = {u.hex}, deque([u.hex])
            found = u.hex in goal
            while todo and not found:
                h = todo.popleft()
                for n in sc.grid.neighbours(h):
                    if n in seen or n in closed:
                        continue
                    if n in goal:
                        found = True
                        break
                    seen.add(n)
                    todo.append(n)
            if not found:
                out.add(u.id)
    return out
