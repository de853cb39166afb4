"""Retreat options (chapter 12), written from the rule text.

The stack in the battle hex retreats ``length`` hexes (12.1.1). A retreat path enters one
hex at a time and must end ``length`` hexes away from the battle hex (12.1.3 #3), so each
hex it enters is one farther away. An option is surviving when its path causes no
elimination (12.2):

* no hex held by an enemy unit (a Contested City hex excepted, 29.1.2), no enemy Hex
  Bond and no enemy Hexside Bond crossed (7.2);
* not two vacant EZOC hexes in a row, and not a vacant EZOC hex at the end, where "vacant"
  means holding no friendly unit that has not itself retreated (12.2 note); a path that
  would end in one may go one hex more if that saves it (the extra hex is not closer to the
  battle hex than the required length under the default reading of 12.2, one farther under
  the other);
* no unbridged, unfrozen Major River hexside (ferries count as bridges, and so does a
  Pontoon Bridge: a friendly combat unit on the far bank, 5.5.5) and no Volga hexside;
* nothing the Movement Phase forbids: impassable hexsides (2.2.3), non-road alpine
  hexsides or alpine hexes except for mountain units (9.6.2);
* off the map only into a friendly Entry Area, which fulfils the whole length.

A stack may also stop short after at least one hex: in a hex held by friendly units that
did not retreat, paying one step per hex not retreated (12.1.3 #4), or in a friendly
controlled City or Fort hex free of EZOCs (12.1.3 #5). A unit that already retreated
this phase and must retreat again is eliminated (12.4).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudicator.games.s42.reference.board import Board, board_for, enemy_of
from adjudicator.games.s42.reference.bonds import enemy_bond_closures
from adjudicator.games.s42.reference.zoc import ezoc_hexes
from adjudicator.scenario import Scenario

KIND_ORDER = {"full": 0, "entry": 1, "city": 2, "extra": 3, "pay": 4}


@dataclass
class RefOption:
    end: str
    path: list[str]
    kind: str
    steps_paid: int = 0
    rules: list[str] = field(default_factory=list)


@dataclass
class RefRetreat:
    hex: str
    side: str
    length: int
    eliminated: bool
    options: list[RefOption]


class _Retreat:
    def __init__(self, board: Board, start: str, length: int):
        self.board, self.start, self.length = board, start, length
        units = board.here(start)
        self.units = units
        self.side = units[0].side
        self.enemy = enemy_of(self.side)
        # ZOC, bonds and the hexes held are the position's, found once per board.
        self.bond_hexes, self.bond_sides = enemy_bond_closures(board, self.side)
        self.holders = _holders(board, self.side) - {start}
        self.ezoc = ezoc_hexes(board, self.side)
        self.vacant_ezoc = self.ezoc - self.holders
        self.mountain = all(u.type == "mountain" for u in units)
        self.grid = board.grid
        self.readings = board.readings

    def dist(self, h: str) -> int:
        return self.grid.distance(self.start, h)

    def step_ok(self, a: str, b: str) -> bool:
        """Entering b from a eliminates nothing by itself (EZOC tests apart)."""
        board = self.board
        s = board.side(a, b)
        if board.impassable(a, b) or s.river == "volga":
            return False
        # a road or railroad across a river assumes a bridge (5.2)
        bridged = s.bridge or s.road or s.rail
        if board.unfrozen_major(a, b) and not bridged and not self.pontoon(b):
            return False
        if board.alpine(a, b) and not s.road and not self.mountain:
            return False
        if (a, b) in self.bond_sides or b in self.bond_hexes:
            return False
        # a Contested City hex may be entered by a retreat (29.1.2)
        return not board.occupied_by(b, self.enemy) or board.contested(b)

    def pontoon(self, b: str) -> bool:
        """A Pontoon Bridge (5.5.5): a friendly combat unit waits on the far bank, and the
        retreating stack itself is on the near one."""
        return any(u.side == self.side and u.is_combat for u in self.board.here(b))

    def friendly_areas(self, h: str) -> list[str]:
        return self.board.friendly_areas(h, self.side)

    def options(self) -> list[RefOption]:
        out: dict[str, RefOption] = {}

        def offer(opt: RefOption) -> None:
            have = out.get(opt.end)
            if have is None or (KIND_ORDER[opt.kind], opt.steps_paid) < (
                    KIND_ORDER[have.kind], have.steps_paid):
                out[opt.end] = opt

        # steps of the units that survive the retreat at all (12.4 removes the others)
        steps = sum(u.steps_left for u in self.units if u.is_combat and not u.retreated)
        n = self.length

        def walk(path: list[str]) -> None:
            here = path[-1]
            k = len(path) - 1  # hexes entered so far
            if k < n:
                for aid in self.friendly_areas(here):
                    offer(RefOption(aid, path[1:] + [aid], "entry", rules=["12.2", "22.2"]))
            if k >= 1:
                if k < n and here in self.holders and steps > n - k:
                    offer(RefOption(here, path[1:], "pay", n - k, ["12.1.3"]))
                if k < n and self._shelter(here):
                    offer(RefOption(here, path[1:], "city", rules=["12.1.3"]))
            if k == n:
                if here not in self.vacant_ezoc:
                    offer(RefOption(here, path[1:], "full", rules=["12.1.1", "12.2"]))
                else:
                    for aid in self.friendly_areas(here):
                        offer(RefOption(aid, path[1:] + [aid], "entry", rules=["12.2", "22.2"]))
                    for q in self.board.nbrs[here]:
                        if self._extra_ok(here, q, path):
                            offer(RefOption(q, path[1:] + [q], "extra", rules=["12.2"]))
                return
            for nxt in self.board.nbrs[here]:
                if self.dist(nxt) != k + 1 or not self.step_ok(here, nxt):
                    continue
                if k >= 1 and here in self.vacant_ezoc and nxt in self.vacant_ezoc:
                    continue
                walk(path + [nxt])

        walk([self.start])
        return sorted(out.values(), key=lambda o: o.end)

    def _extra_ok(self, here: str, q: str, path: list[str]) -> bool:
        d = self.dist(q)
        if self.readings.get("12.2") == "farther":
            if d != self.length + 1:
                return False
        elif d < self.length:
            return False
        if q in path or not self.step_ok(here, q):
            return False
        return q not in self.vacant_ezoc

    def _shelter(self, h: str) -> bool:
        spec = self.board.sc.map.hexes[h]
        if not (spec.city or spec.fortification):
            return False
        if spec.control != self.side:
            return False
        # here any friendly unit outside this retreat cancels the EZOC, even one that
        # retreated earlier (12.1.3 #5), unlike the elimination test of 12.2
        return h not in self.ezoc or self.board.occupied_by(h, self.side)


def _holders(board: Board, side: str) -> frozenset[str]:
    """Map hexes holding a unit of ``side`` that has not retreated, once per board."""
    key = ("holders", side)
    hit = board.cache.get(key)
    if hit is None:
        hit = board.cache[key] = frozenset(
            h for h, units in board.units_at.items()
            if any(u.side == side and not u.retreated for u in units))
    return hit


def retreat_of(board: Board, hex_id: str, length: int) -> RefRetreat:
    r = _Retreat(board, hex_id, length)
    if not any(u.is_combat for u in r.units):  # caught alone by the enemy (19.3)
        return RefRetreat(hex_id, r.side, length, True, [])
    if all(u.retreated for u in r.units if u.is_combat) and any(u.is_combat for u in r.units):
        return RefRetreat(hex_id, r.side, length, True, [])
    opts = r.options()
    return RefRetreat(hex_id, r.side, length, not opts, opts)


def retreats(sc: Scenario, hex_id: str, length: int,
             readings: dict[str, str] | None = None) -> RefRetreat:
    return retreat_of(board_for(sc, readings), hex_id, length)
