"""Supply status (chapter 16), written from the rule text.

A unit is in supply when it can trace a Line of Supply (16.3) to a friendly Supply Source
(16.2): first an Overland Portion of at most five hexes (three in Rain or Mud, 23.2.3,
23.3.3), then a Road Portion of any length along roads. It is out of supply when it can
trace one only with an Overland Portion of unlimited length, and isolated when it cannot
trace one at all (16.5.1).

Sources here are friendly Entry Areas (16.2.1, 16.2.2) and the extra sources a scenario
names; a road in an edge hex of an Entry Area leads into it. Ports and seas (16.2.3-16.2.5)
are not modelled by the reference: positions with ports are outside its scope.

Overland Portion (16.3.2): each hex entered counts one, a Mountain or Marsh hex entered
other than along a road counts two (Seasonal Marsh is Marsh in Rain and Mud, 23.2.3, and
an Alpine hex is a Mountain hex with alpine hexsides all round, 9.6.2); it
may not cross an impassable hexside, an alpine hexside other than along a road, or the
Volga away from a bridge, ferry or road (reading of 16.3.2); may not enter an enemy-held
hex, a vacant enemy-controlled City or VP hex (16.3.4), an enemy Hex Bond or cross an
enemy Hexside Bond (7.2); and may not enter two EZOC hexes in a row, a friendly unit
cancelling the EZOC in its hex. It may end straight in a friendly Entry Area.

Road Portion (16.3.3): along road hexsides only (roads meeting at a ferry are joined),
never into an enemy-held hex, an EZOC hex without a friendly unit, an enemy-controlled
City hex, a vacant enemy-controlled VP hex or an enemy bond (7.2).
"""

from __future__ import annotations

import heapq
from collections import deque
from dataclasses import dataclass, field

from adjudicator.games.s42.reference.board import Board, enemy_of
from adjudicator.games.s42.reference.bonds import bonds_of
from adjudicator.games.s42.reference.zoc import zoc_of
from adjudicator.scenario import Scenario

INF = 10**9


@dataclass
class RefSupply:
    id: str
    status: str  # in-supply | out-of-supply | isolated
    overland_cost: int | None
    rules: list[str] = field(default_factory=list)


class _SideNet:
    """Everything one side's Lines of Supply depend on, computed once per position."""

    def __init__(self, board: Board, side: str, zoc, closed_hexes, closed_sides):
        self.board, self.side = board, side
        enemy = enemy_of(side)
        sc = board.sc
        self.wet = sc.weather in ("rain", "mud")
        self.limit = 3 if self.wet else 5
        self.area_free = board.readings.get("16.2.2", "entry-area-free") == "entry-area-free"
        self.first_overland = (board.readings.get("16.3.1", "first-road-hex-overland")
                               == "first-road-hex-overland")
        self.volga_open = board.readings.get("16.3.2") == "volga-open"
        self.closed_hexes = closed_hexes
        self.closed_sides = closed_sides
        hexes = board.hexes
        self.enemy_held = {h for h in hexes if board.occupied_by(h, enemy)}
        friendly = {h for h in hexes if board.occupied_by(h, side)}
        self.ezoc = {h for h in hexes if enemy in zoc.zoc[h] and h not in friendly}
        self.enemy_city = set()
        self.enemy_vp = set()
        for h, spec in sc.map.hexes.items():
            ctrl = spec.control
            held = {u.side for u in board.here(h)}
            if held:
                ctrl = next(iter(held)) if len(held) == 1 else ctrl
            if ctrl == enemy and spec.city:
                self.enemy_city.add(h)
            if ctrl == enemy and (spec.city or spec.vp) and h not in friendly:
                self.enemy_vp.add(h)  # vacant of friendly units: no LOS through it
        # Sources: friendly Entry Areas (and scenario sources that are entry areas or hexes).
        self.area_hexes: set[str] = set()
        src_hexes: set[str] = set()
        for aid, area in sc.map.entry_areas.items():
            if area.side == side or any(s.side == side and s.hex == aid
                                        for s in sc.supply_sources):
                self.area_hexes.update(h for h in area.hexes if h in hexes)
        for s in sc.supply_sources:
            if s.side == side and s.hex in hexes:
                src_hexes.add(s.hex)
        self.source_hexes = src_hexes
        # Road links: road hexsides, and ferry hexsides joining two road hexes (16.3.3).
        road_hex = {h for h in hexes if any(board.road(h, n) for n in board.nbrs[h])}
        self.road_nbrs = {
            h: [n for n in board.nbrs[h] if board.road(h, n)
                or (board.side(h, n).bridge == "ferry" and h in road_hex and n in road_hex)]
            for h in hexes}
        self.road_good = {h for h in hexes if self._road_ok(h)}
        # Hexes from which the road portion reaches a source (entering only good hexes).
        reach = {h for h in self.road_good
                 if (h in self.area_hexes and self.road_nbrs[h]) or h in src_hexes}
        todo = deque(reach)
        while todo:
            n = todo.popleft()
            for h in self.road_nbrs[n]:
                if h in reach or h not in self.road_good or not self.crossable(h, n, True):
                    continue
                reach.add(h)
                todo.append(h)
        self.road_reach = reach

    def _road_ok(self, h: str) -> bool:
        return not (h in self.enemy_held or h in self.ezoc or h in self.enemy_city
                    or h in self.enemy_vp or h in self.closed_hexes)

    def crossable(self, a: str, b: str, along_road: bool) -> bool:
        board = self.board
        if board.impassable(a, b) or frozenset((a, b)) in self.closed_sides:
            return False
        s = board.side(a, b)
        if board.alpine(a, b) and not along_road:
            return False
        if s.river == "volga" and not self.volga_open and not (s.bridge or s.road):
            return False
        return True

    def connected_road_hex(self, r: str) -> bool:
        """A road hex from which the road portion goes on to a source."""
        if r in self.source_hexes:
            return True
        if r in self.area_hexes and self.road_nbrs[r]:
            return True
        return any(n in self.road_reach and self.crossable(r, n, True)
                   for n in self.road_nbrs[r])

    def cost(self, start: str) -> int:
        """Cheapest Overland Portion that completes a Line of Supply (INF: none)."""
        board = self.board
        best = INF
        dist = {start: 0}
        heap = [(0, start)]
        area_step = 0 if self.area_free else 1
        while heap:
            c, h = heapq.heappop(heap)
            if c > dist.get(h, INF) or c >= best:
                continue
            if h in self.area_hexes:
                best = min(best, c + area_step)
            if self.first_overland:
                if self.connected_road_hex(h) or h in self.source_hexes:
                    best = min(best, c)
            elif h in self.source_hexes or (h == start and self.connected_road_hex(h)):
                best = min(best, c)
            for n in board.nbrs[h]:
                road = board.road(h, n)
                if not self.crossable(h, n, road):
                    continue
                if not self.first_overland and n in self.road_good and \
                        self.connected_road_hex(n):
                    best = min(best, c)  # the road portion starts with n: entering it is free
                if n in self.enemy_held or n in self.enemy_vp or n in self.closed_hexes:
                    continue
                if h in self.ezoc and n in self.ezoc:
                    continue
                terrain = board.terrain(n)
                heavy = terrain in ("mountain", "alpine", "marsh") or (terrain == "seasonal-marsh"
                                                              and self.wet)
                nc = c + (2 if heavy and not road else 1)
                if nc < dist.get(n, INF):
                    dist[n] = nc
                    heapq.heappush(heap, (nc, n))
        return best


def supply_of(board: Board) -> list[RefSupply]:
    z = zoc_of(board)
    standing = [b for b in bonds_of(board) if b.standing]
    nets = {}
    for side in ("axis", "soviet"):
        enemy = enemy_of(side)
        hexes = {h for b in standing if b.side == enemy for h in b.through_hexes}
        sides = {frozenset(s.split("-")) for b in standing if b.side == enemy
                 for s in b.through_hexsides}
        nets[side] = _SideNet(board, side, z, hexes, sides)
    out = []
    cache: dict[tuple[str, str], int] = {}
    for u in board.sc.units:
        net = nets[u.side]
        if u.hex not in board.hexes:
            area = board.sc.map.entry_areas[u.hex]
            friendly = area.side == u.side or any(
                s.side == u.side and s.hex == u.hex for s in board.sc.supply_sources)
            status = "in-supply" if friendly else "isolated"
            out.append(RefSupply(u.id, status, 0 if friendly else None, ["16.2.2"]))
            continue
        key = (u.side, u.hex)
        if key not in cache:
            cache[key] = net.cost(u.hex)
        c = cache[key]
        if c <= net.limit:
            out.append(RefSupply(u.id, "in-supply", c, ["16.3"]))
        elif c < INF:
            out.append(RefSupply(u.id, "out-of-supply", c, ["16.3.2"]))
        else:
            out.append(RefSupply(u.id, "isolated", None, ["16.5.1"]))
    return out


def supply(sc: Scenario, readings: dict[str, str] | None = None) -> list[RefSupply]:
    return supply_of(Board(sc, dict(readings or {})))
