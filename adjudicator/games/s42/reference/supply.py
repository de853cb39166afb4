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

from adjudicator.games.s42.reference.board import Board, board_for, enemy_of
from adjudicator.games.s42.reference.bonds import enemy_bond_closures
from adjudicator.games.s42.reference.zoc import ezoc_hexes
from adjudicator.scenario import Scenario

INF = 10**9


@dataclass
class RefSupply:
    id: str
    status: str  # in-supply | out-of-supply | isolated
    overland_cost: int | None
    rules: list[str] = field(default_factory=list)


def _map_tables(board: Board, volga_open: bool) -> tuple[dict, dict, dict]:
    """What a Line of Supply may cross whatever the units, once per map, turn season and
    reading: the road links of each hex (road hexsides, and ferries joining two road
    hexes, 16.3.3), those of them a road portion may cross, and the overland steps out
    of each hex with whether each is along a road."""
    key = ("supply", board.winter, volga_open)
    hit = board.part.cache.get(key)
    if hit is not None:
        return hit
    nbrs = board.nbrs

    def crossable(a: str, b: str, along_road: bool) -> bool:
        if board.impassable(a, b):
            return False
        s = board.side(a, b)
        if board.alpine(a, b) and not along_road:
            return False
        return not (s.river == "volga" and not volga_open and not (s.bridge or s.road))

    road_hex = {h for h in board.hexes if any(board.road(h, n) for n in nbrs[h])}
    road_nbrs = {
        h: tuple(n for n in nbrs[h] if board.road(h, n)
                 or (board.side(h, n).bridge == "ferry" and h in road_hex and n in road_hex))
        for h in board.hexes}
    road_cross = {h: tuple(n for n in ns if crossable(h, n, True)) for h, ns in road_nbrs.items()}
    over = {}
    for h in board.hexes:
        steps = []
        for n in nbrs[h]:
            road = board.road(h, n)
            if crossable(h, n, road):
                steps.append((n, road))
        over[h] = tuple(steps)
    hit = board.part.cache[key] = (road_nbrs, road_cross, over)
    return hit


class _SideNet:
    """Everything one side's Lines of Supply depend on, computed once per position."""

    def __init__(self, board: Board, side: str, closed_hexes, closed_sides):
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
        sides_at = board.sides_at
        self.enemy_held = {h for h, ss in sides_at.items() if enemy in ss}
        friendly = {h for h, ss in sides_at.items() if side in ss}
        self.ezoc = ezoc_hexes(board, side) - friendly
        self.enemy_city = set()
        self.enemy_vp = set()
        for h, spec in sc.map.hexes.items():
            if not (spec.city or spec.vp):
                continue
            ctrl = spec.control
            held = sides_at.get(h)
            if held:
                ctrl = next(iter(held)) if len(held) == 1 else ctrl
            if ctrl == enemy and spec.city:
                self.enemy_city.add(h)
            if ctrl == enemy and h not in friendly:
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
        self.road_nbrs, self.road_cross, self.over = _map_tables(board, self.volga_open)
        closed = self.closed_sides
        self.road_bad = (self.enemy_held | self.ezoc | self.enemy_city | self.enemy_vp
                         | closed_hexes)
        # Hexes from which the road portion reaches a source (entering only good hexes).
        reach = {h for h in (self.area_hexes | src_hexes)
                 if h not in self.road_bad and (h in src_hexes or self.road_nbrs[h])}
        todo = deque(reach)
        while todo:
            n = todo.popleft()
            for h in self.road_cross[n]:
                if h in reach or h in self.road_bad or (h, n) in closed:
                    continue
                reach.add(h)
                todo.append(h)
        self.road_reach = reach
        # Road hexes from which the road portion goes on to a source.
        connected = set(src_hexes) | {h for h in self.area_hexes if self.road_nbrs[h]}
        for n in reach:
            for r in self.road_cross[n]:
                if (r, n) not in closed:
                    connected.add(r)
        self.connected = connected
        heavy = board.part.cache.get(("supply-heavy", self.wet))
        if heavy is None:
            wet_heavy = ("seasonal-marsh",) if self.wet else ()
            heavy = board.part.cache[("supply-heavy", self.wet)] = frozenset(
                h for h in hexes if board.terrain(h) in ("mountain", "alpine", "marsh",
                                                         *wet_heavy))
        self.heavy = heavy
        self._to_end: dict[str, int] | None = None

    def connected_road_hex(self, r: str) -> bool:
        """A road hex from which the road portion goes on to a source."""
        return r in self.connected

    def cost(self, start: str) -> int:
        """Cheapest Overland Portion that completes a Line of Supply from a hex holding a
        friendly unit (INF: none)."""
        if not self.first_overland and self.connected_road_hex(start):
            return 0  # the unit stands on the road portion itself
        return self.to_end().get(start, INF)

    def _ends(self) -> dict[str, int]:
        """What finishing the line in each hex costs, where it can finish."""
        ends: dict[str, int] = {}
        for h in self.area_hexes:
            ends[h] = 0 if self.area_free else 1
        for h in self.source_hexes:
            ends[h] = 0
        closed = self.closed_sides
        if self.first_overland:
            for h in self.connected:
                ends[h] = 0
        else:
            # the road portion starts with n: entering it from h is free, by an overland
            # step or along a road link (a ferry between road hexes is road even where
            # the off-road crossing is barred, as on the side of an Alpine hex)
            for n in self.connected:
                if n in self.road_bad:
                    continue
                for h, _ in self.over[n]:  # crossings are the same both ways
                    if (h, n) not in closed:
                        ends[h] = 0
                for h in self.road_cross[n]:
                    if (h, n) not in closed:
                        ends[h] = 0
        return ends

    def to_end(self) -> dict[str, int]:
        """The least overland cost from every hex to an end, by one search backwards from
        all the ends at once (the steps allowed depend on the two hexes alone)."""
        if self._to_end is not None:
            return self._to_end
        dist = self._ends()
        heap = [(c, h) for h, c in dist.items()]
        heapq.heapify(heap)
        closed_hexes, closed = self.closed_hexes, self.closed_sides
        enemy_held, enemy_vp, ezoc, heavy = self.enemy_held, self.enemy_vp, self.ezoc, self.heavy
        over = self.over
        while heap:
            c, n = heapq.heappop(heap)
            if c > dist[n]:
                continue
            if n in enemy_held or n in enemy_vp or n in closed_hexes:
                continue  # no line enters n
            n_ez = n in ezoc
            w0 = 2 if n in heavy else 1
            for h, road in over[n]:
                if (n_ez and h in ezoc) or (h, n) in closed:
                    continue
                nc = c + (1 if road else w0)
                if nc < dist.get(h, INF):
                    dist[h] = nc
                    heapq.heappush(heap, (nc, h))
        self._to_end = dist
        return dist


def side_net(board: Board, side: str) -> _SideNet:
    """One side's supply net, once per board."""
    key = ("supply", side)
    hit = board.cache.get(key)
    if hit is None:
        hexes, pairs = enemy_bond_closures(board, side)
        hit = board.cache[key] = _SideNet(board, side, hexes, pairs)
    return hit


def supply_of(board: Board) -> list[RefSupply]:
    nets = {side: side_net(board, side) for side in ("axis", "soviet")}
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
    return supply_of(board_for(sc, readings))
