"""The position as the reference reads it: map relations and unit placement, computed once.

Everything here comes from the scenario model and plain hex geometry. Terrain of
hexsides follows chapter 2 and the Russian Winter (23.4):

* a hexside is impassable (2.2.3) when marked impassable (sea and the like), when it is a
  lake that is not frozen, or when it is alpine during the Russian Winter; a full Alpine
  hex counts as a Mountain hex with alpine hexsides all round (9.6.2);
* the Russian Winter begins on Turn 28 (23.4); then Major Rivers other than the Volga
  freeze, and so do lakes in or beside a desert hex; a scenario may force any river or
  lake hexside frozen or not with ``frozen``.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property

from adjudicator.games.s42.scenario import HexsideSpec
from adjudicator.hexgrid import HexGrid
from adjudicator.scenario import MapSpec, Scenario, Unit

#: The reference's own copy of the default reading of each disputed rule. A test checks it
#: against the knowledge base (kb/s42/readings), so the two cannot drift apart silently.
DEFAULT_READINGS: dict[str, str] = {
    "7.1": "enemy-only",
    "7.5": "both-edge-hexes",
    "7.6.1": "push-aside",
}

SIDES = ("axis", "soviet")
WINTER_TURN = 28


def enemy_of(side: str) -> str:
    return "soviet" if side == "axis" else "axis"


_NO_SIDE = HexsideSpec()


class MapPart:
    """What depends on the map alone: grid, neighbours, hexside terrain by hex pair."""

    def __init__(self, m: MapSpec):
        self.grid = HexGrid.of(m.hexes, m.shifted)
        self.hexes = frozenset(m.hexes)
        self.nbrs = {h: tuple(self.grid.neighbours(h)) for h in m.hexes}
        self.sides: dict[frozenset[str], HexsideSpec] = {}
        for key, spec in m.hexsides.items():
            a, b = key.split("-")
            self.sides[frozenset((a, b))] = spec


#: Prepared maps, by the identity of the scenario's map object (like the adjudicator's
#: solver, the reference prepares a map once and reuses it for every query on it).
_MAPS: dict[int, tuple[MapSpec, MapPart]] = {}


def map_part(m: MapSpec) -> MapPart:
    hit = _MAPS.get(id(m))
    if hit is not None and hit[0] is m:
        return hit[1]
    part = MapPart(m)
    if len(_MAPS) >= 8:
        _MAPS.pop(next(iter(_MAPS)))
    _MAPS[id(m)] = (m, part)
    return part


@dataclass
class Board:
    """One scenario, prepared for the reference queries."""

    sc: Scenario
    readings: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.readings = {**DEFAULT_READINGS, **self.sc.readings, **self.readings}
        part = map_part(self.sc.map)
        self.grid = part.grid
        self.hexes = part.hexes
        self.nbrs = part.nbrs
        self._sides = part.sides

    def side(self, a: str, b: str) -> HexsideSpec:
        return self._sides.get(frozenset((a, b)), _NO_SIDE)

    @property
    def winter(self) -> bool:
        return self.sc.turn >= WINTER_TURN

    def terrain(self, h: str) -> str:
        return self.sc.map.hexes[h].terrain

    def frozen(self, a: str, b: str) -> bool:
        s = self.side(a, b)
        if s.frozen is not None and (s.lake or s.river in ("minor", "major")):
            return s.frozen
        if not self.winter:
            return False
        if s.river == "major":
            return True
        if s.lake:
            return "desert" in (self.terrain(a), self.terrain(b))
        return False

    def alpine(self, a: str, b: str) -> bool:
        """An alpine hexside; a full Alpine hex counts as surrounded by them (9.6.2)."""
        return self.side(a, b).alpine or "alpine" in (self.terrain(a), self.terrain(b))

    def impassable(self, a: str, b: str) -> bool:
        """Impassable hexside (2.2.3): sea, unfrozen lake, alpine in Winter (23.4)."""
        s = self.side(a, b)
        if s.impassable:
            return True
        if s.lake and not self.frozen(a, b):
            return True
        return self.winter and self.alpine(a, b)

    def volga(self, a: str, b: str) -> bool:
        return self.side(a, b).river == "volga"

    def unfrozen_major(self, a: str, b: str) -> bool:
        return self.side(a, b).river == "major" and not self.frozen(a, b)

    def road(self, a: str, b: str) -> bool:
        return self.side(a, b).road is not None

    # -- the units ---------------------------------------------------------------
    @cached_property
    def units_at(self) -> dict[str, list[Unit]]:
        """Units on map hexes, by hex (units in entry areas are not here)."""
        out: dict[str, list[Unit]] = defaultdict(list)
        for u in self.sc.units:
            if u.hex in self.hexes:
                out[u.hex].append(u)
        return dict(out)

    def here(self, h: str, side: str | None = None) -> list[Unit]:
        return [u for u in self.units_at.get(h, ()) if side is None or u.side == side]

    def occupied_by(self, h: str, side: str) -> bool:
        return any(u.side == side for u in self.units_at.get(h, ()))

    def contested(self, h: str) -> bool:
        """A city hex holding combat units of both sides (29.1.1)."""
        if not self.sc.map.hexes[h].city:
            return False
        sides = {u.side for u in self.units_at.get(h, ()) if u.is_combat}
        return len(sides) == 2
