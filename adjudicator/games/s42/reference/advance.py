"""Advance After Combat options (chapter 14), written from the rule text.

For each advancing unit: its allowance is the CRT's Adv number, changed by the weather
(Rain and Mud halve it rounding up, 23.2.3, 23.3.3; Snow takes one off, never below one,
23.2.4) and then capped by its Advance Rate (14.2.2: 4 for mechanized units, 3 for
cavalry, 2 for the rest) and by an Out of Supply marker (2, 16.4). It may advance in any
direction (14.3), one hex at a time, and end in any hex it reaches:

* never into a hex held by enemy combat units (non-combat units alone block nothing,
  19.2; a Contested City hex may be entered, 29.1.2), nor into or across an enemy bond
  except when entering the defender's vacated hex (14.4.1, 7.2);
* it stops on entering an EZOC hex, friendly units or not, except in the vacated hex
  (14.4.2); and on entering a Marsh or Mountain hex other than along a road (14.5);
* nothing regular movement forbids (14.5): impassable hexsides, the Volga except at a
  crossing site (5.5.3: a ferry, or for Soviet units the rail bridge, ``bridge: rail``; a
  railroad drawn over the Volga is none, 5.5.7; a site acts as a bridge, reading of
  9.5.3), non-road alpine hexsides except for mountain units (9.6.2), and, for
  mechanized units, Mountain hexes off the road;
* an unbridged, unfrozen Major River only as the first hex, into the vacated hex; bridges,
  ferries and Pontoon Bridges (a friendly combat unit on the far bank, 5.5.5) at any point;
* into a friendly Entry Area, where it stops (22.3.1);
* the end hex must keep the stacking limit (14.1, 4.1), counting the units staying there
  (the other advancing units may move on first).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from adjudicator.games.s42.reference.board import Board, enemy_of
from adjudicator.games.s42.reference.bonds import bonds_of
from adjudicator.games.s42.reference.zoc import zoc_of
from adjudicator.scenario import Scenario, Unit

STACK_LIMIT = {"axis": 3, "soviet": 2}


@dataclass
class RefUnitAdvance:
    id: str
    allowance: int
    hexes: list[str] = field(default_factory=list)


@dataclass
class RefAdvance:
    vacated: str
    units: list[RefUnitAdvance]


def _weather(weather: str, adv: int) -> int:
    if weather in ("rain", "mud"):
        return (adv + 1) // 2
    if weather == "snow":
        return max(1, adv - 1)
    return adv


def allowance(board: Board, u: Unit, adv: int) -> int:
    """The unit's Advance Allowance: the Adv number with the weather, capped (14.2).

    The reading of 14.2.1 says whether the weather changes the Adv number before the
    caps (result-first, the default) or the capped allowance (cap-first).
    """
    if u.is_mechanized and u.type != "soviet-army-hq":
        rate = 4
    elif u.type == "cavalry":
        rate = 3
    else:
        rate = 2
    if u.supply in ("out-of-supply", "isolated"):
        rate = min(rate, 2)
    weather = board.sc.weather
    if board.readings.get("14.2.1") == "cap-first":
        return _weather(weather, min(adv, rate))
    return min(_weather(weather, adv), rate)


def _stack_value(units: list[Unit]) -> int:
    normal = [u for u in units if u.is_combat and not u.is_asu and not u.free_stacking]
    free = [u for u in units if u.is_combat and not u.is_asu and u.free_stacking]
    return len(normal) + max(0, len(free) - 1)


class _Advance:
    def __init__(self, board: Board, vacated: str):
        self.board, self.vacated = board, vacated
        self.zoc = zoc_of(board)
        self.bonds = [b for b in bonds_of(board) if b.standing]

    def reach(self, u: Unit, n: int, movers: frozenset[str] = frozenset()) -> list[str]:
        board, side = self.board, u.side
        enemy = enemy_of(side)
        bond_hexes = {h for b in self.bonds if b.side == enemy for h in b.through_hexes}
        bond_sides = {frozenset(s.split("-")) for b in self.bonds if b.side == enemy
                      for s in b.through_hexsides}
        wet = board.sc.weather in ("rain", "mud")
        start = u.hex
        heavy = {"marsh", "mountain", "alpine"} | ({"seasonal-marsh"} if wet else set())
        seen = {(start, 0)}
        ends: set[str] = set()
        todo = deque([(start, 0)])
        while todo:
            h, k = todo.popleft()
            if k >= n:
                continue
            for aid, area in board.sc.map.entry_areas.items():
                if area.side == side and h in area.hexes:
                    ends.add(aid)  # into a friendly Entry Area, and stop there
            for m in board.nbrs[h]:
                if m == start or not self._may_enter(u, h, m, k, enemy, bond_hexes,
                                                     bond_sides):
                    continue
                ends.add(m)
                stop = (m != self.vacated and enemy in self.zoc.zoc[m]) or (
                    board.terrain(m) in heavy and not board.road(h, m))
                if not stop and (m, k + 1) not in seen:
                    seen.add((m, k + 1))
                    todo.append((m, k + 1))
        limit = STACK_LIMIT[side]
        out = []
        for e in ends:
            if e in board.hexes:
                # the other advancing units may move away first: they do not count
                there = [v for v in board.here(e, side) if v.id not in movers] + [u]
                if _stack_value(there) > limit:
                    continue
            out.append(e)
        return sorted(out)

    def _may_enter(self, u: Unit, h: str, m: str, k: int, enemy: str,
                   bond_hexes: set[str], bond_sides: set[frozenset[str]]) -> bool:
        board = self.board
        if any(v.is_combat for v in board.here(m, enemy)) and not board.contested(m):
            # enemy non-combat units alone never block (19.2); a Contested City hex may
            # be entered by an advance (29.1.2)
            return False
        s = board.side(h, m)
        if board.impassable(h, m):
            return False
        if s.river == "volga" and not self._volga_site(u, s, k == 0 and m == self.vacated):
            return False
        if board.alpine(h, m) and not s.road and u.type != "mountain":
            return False
        terrain = board.terrain(m)
        if u.is_mechanized and terrain in ("mountain", "alpine") and not s.road:
            return False
        if m != self.vacated and (m in bond_hexes or frozenset((h, m)) in bond_sides):
            return False
        bridged = s.bridge or s.road or s.rail  # a road or rail crossing assumes one (5.2)
        if board.unfrozen_major(h, m) and not bridged and not self._pontoon(u, m):
            if not (k == 0 and m == self.vacated):
                return False
        return True

    def _volga_site(self, u: Unit, s, first_into_vacated: bool) -> bool:
        """May the unit cross this Volga hexside (5.5.3, reading of 9.5.3)?"""
        site = s.bridge == "ferry" or (s.bridge == "rail" and u.side == "soviet")
        if not site:
            return False
        if self.board.readings.get("9.5.3", "crossing-is-bridge") == "crossing-is-bridge":
            return True
        return first_into_vacated  # like an unbridged Major River

    def _pontoon(self, u: Unit, m: str) -> bool:
        return any(v.side == u.side and v.is_combat and v.id != u.id
                   for v in self.board.here(m))


def advances_of(board: Board, vacated: str, adv: int, unit_ids: list[str]) -> RefAdvance:
    a = _Advance(board, vacated)
    out = []
    for uid in unit_ids:
        u = board.sc.units_by_id[uid]
        n = allowance(board, u, adv)
        out.append(RefUnitAdvance(uid, n, a.reach(u, n, frozenset(unit_ids) | {uid})))
    return RefAdvance(vacated, out)


def advances(sc: Scenario, vacated: str, adv: int, unit_ids: list[str],
             readings: dict[str, str] | None = None) -> RefAdvance:
    return advances_of(Board(sc, dict(readings or {})), vacated, adv, list(unit_ids))
