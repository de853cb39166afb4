"""Movement Phase reach (chapter 5), written from the rule text.

For one unit or a stack standing together (5.1: the stack moves at its slowest unit's
rate, so its allowance is the smallest MA and each hex costs what it costs its dearest
member), the places it may end its move in by normal, Extended (5.3) and Tactical (5.4)
movement:

* each hex costs what the terrain effects chart says for its terrain (Seasonal Marsh is
  clear, or marsh in Rain and Mud, 23.2.3); along a road the chart's road rate (5.2),
  one MP for mechanized units on secondary roads in Rain and Mud (23.2.3); entering an
  entry area costs 1 MP and ends the move (22.3.1), and only one's own (22.4);
* rivers: an unbridged minor river +1 MP in Rain and Mud (5.5.1); an unbridged major
  river +2 MP (+3 mechanized) and only from the hex the move started in, unless friendly
  combat units (the mover counting) stand on both banks, a pontoon (5.5.2, 5.5.5);
  frozen +1/+2 without the start condition (23.4); a rail bridge +1/+2 (5.5.4); a road
  or a railroad over a river is a bridge (5.2); the Volga only at a ferry (+2/+3) or,
  for Soviet units, a rail bridge, and never at a ferry carrying a railroad (5.5.3,
  5.5.6, 5.5.7);
* leaving an EZOC costs +2 MP (6.2), not for units in Full Retreat (13.3.1, reading
  "exempt"); entering an EZOC ends the move; never into an enemy combat unit's hex
  (5.1, not in a Contested City) nor into or across a standing enemy bond (7.2);
* impassable hexsides (2.2.3, 23.4), alpine terrain off the road for all but mountain
  units (20.2), terrain the chart prohibits; Full Retreat units keep out of EZOCs
  nobody of theirs holds and of enemy cities (13.3.2); Extended Movement never next to
  an enemy unit (5.3); Snow cuts the MA by one (23.2.4, reading "bonus-unaffected");
* Disrupted units only move tactically (13.2.1), units under a Train marker not at all
  (5.6.3), only Good Order units out of an entry area (22.3.1);
* the end must keep the stacking limit (4.1-4.4), and the 1st Guards and 5th Shock
  Army HQs take at most two tank or mechanized corps (4.3: units not Free Stacking;
  reading "every-unit" counts brigades too);
* the Volga Flotilla marker is a Soviet ferry site on an unbridged Volga hexside with a
  hex in row 22 or north of it (5.5.3; reading "both-banks" wants both hexes);
* rail (5.6): Good Order units from a rail hex or an entry area, along railroad
  hexsides into rail hexes, never into an EZOC (nor starting in one) nor onto an enemy
  combat unit, Axis units only over repaired rail and never across the Volga, Soviet
  units never into an Axis Railhead hex (5.6.3), the Vladimirovka ferry once a turn
  for one Soviet unit (5.5.7); a friendly entry area ends it; four units a turn, one
  from the map (5.6.2, leaders free); rail movers with combat units never end with
  another combat unit under a Train marker;
* sea (5.7.1): one Good Order non-mechanized Soviet unit alone, port to port of one
  sea not used this turn, never onto an enemy unit nor (except Naval Infantry) into an
  Axis-controlled port; Naval Infantry goes as Tactical Movement, one hex on land before
  (into a port) or after the voyage; the Kerch Strait (5.7.2): one Axis unit alone a
  turn from entry area W to the Kerch hex if no Soviet unit is there;
* Garrison units wait for an Axis combat unit within five hexes (20.4), North Caucasus
  units for their release (20.6); Plan Blucher units leave W only over the Kerch Strait
  (20.7); arriving Volunteers move one hex (20.8);
* the road rate into the first hex from an entry area where a road leads in, for
  mechanized units (22.3.1; reading "all-classes" for every unit); an ASU that can end
  somewhere only by moving more than two hexes ends there Disrupted (18.2.2; reading
  "ready-only" spares Used ASUs).

Each MP mode is one Dijkstra over the places (costs are in half MPs), rail one
breadth-first search; the tables of the board (ZOCs, bonds, the chart for the weather)
are built once per question.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field

from adjudicator.games.s42.movement.tec import Tec, tec_chart
from adjudicator.games.s42.reference.board import Board, enemy_of
from adjudicator.games.s42.reference.bonds import bonds_of
from adjudicator.games.s42.reference.zoc import zoc_of
from adjudicator.games.s42.scenario import HexsideSpec, Scenario

_NO_SIDE = HexsideSpec()

STACK_LIMIT = {"axis": 3, "soviet": 2}


@dataclass
class RefMoves:
    units: list[str]
    #: mode -> place -> half MPs left at best (hexes left for tactical and Naval
    #: Infantry at sea, 0 for rail, sea and kerch otherwise)
    ends: dict[str, dict[str, int]] = field(default_factory=dict)
    #: (mode, place) where an ASU mover ends Disrupted (18.2.2)
    disrupted: set[tuple[str, str]] = field(default_factory=set)

    def places(self, mode: str) -> set[str]:
        return set(self.ends.get(mode, {}))


class _Question:
    def __init__(self, board: Board, units: list[str], chart: Tec):
        sc = board.sc
        self.b = board
        self.us = [sc.units_by_id[u] for u in units]
        self.side = self.us[0].side
        self.enemy = enemy_of(self.side)
        self.start = self.us[0].hex
        self.areas = sc.map.entry_areas
        self.classes = {"mechanized" if (u.is_mechanized or u.type == "soviet-army-hq")
                        else "non-mechanized" for u in self.us}
        self.mech = "mechanized" in self.classes
        self.combat = any(u.is_combat for u in self.us)
        self.mountain = all(u.type == "mountain" for u in self.us)
        self.naval = len(self.us) == 1 and self.us[0].type == "naval-infantry"
        self.rd = board.readings
        self.fr = any(u.status == "full-retreat" for u in self.us)
        self.all_fr = all(u.status == "full-retreat" for u in self.us)
        self.wet = sc.weather in ("rain", "mud")
        self.costs = chart.costs[sc.weather]
        z = zoc_of(board).zoc
        self.ezoc = {h for h, sides in z.items() if self.enemy in sides}
        self.bond_hexes: set[str] = set()
        self.bond_sides: set[frozenset[str]] = set()
        for bond in bonds_of(board):
            if bond.side == self.enemy and bond.standing:
                if bond.kind == "hex":
                    self.bond_hexes.update(bond.through_hexes)
                else:
                    for hs in bond.through_hexsides:
                        self.bond_sides.add(frozenset(hs.split("-")))
        self.enemy_units = {u.hex for u in sc.units if u.side == self.enemy
                            and u.hex in board.hexes}
        self.enemy_combat = {u.hex for u in sc.units if u.side == self.enemy and u.is_combat
                             and u.hex in board.hexes}
        self.next_to_enemy = {n for h in self.enemy_units for n in board.nbrs[h]
                              if not board.impassable(h, n) and not board.volga(h, n)}

    # -- the places one step away ------------------------------------------------
    def links(self, p: str) -> list[str]:
        if p in self.areas:
            return list(self.areas[p].hexes)
        out = list(self.b.nbrs[p])
        out += [a for a, area in self.areas.items() if p in area.hexes]
        return out

    def _chart(self, block: str, key: str) -> int | None:
        vals = [self.costs[block][key][c] for c in self.classes]
        return None if any(v is None for v in vals) else max(vals)

    def terrain_of(self, h: str) -> str:
        t = self.b.terrain(h)
        if t == "seasonal-marsh":
            return "marsh" if self.wet else "clear"
        return t

    def cost(self, h: str, n: str) -> int | None:
        """Half MPs to step from h into n, or None if no rule lets it."""
        b = self.b
        if n in self.areas:
            return None if self.areas[n].side != self.side else 2 + self._exit_cost(h)
        s = b.side(h, n) if h not in self.areas else _NO_SIDE
        if h not in self.areas and b.impassable(h, n):
            return None
        if n in self.enemy_combat and not b.contested(n):
            return None
        if n in self.bond_hexes or frozenset((h, n)) in self.bond_sides:
            return None
        alpine_side = h not in self.areas and b.alpine(h, n) and s.road is None
        if (s.alpine and s.road is None or b.terrain(n) == "alpine" and s.road is None) \
                and not self.mountain:
            return None
        if self.fr:
            if n in self.ezoc and not any(u.status != "full-retreat" for u in b.here(n, self.side)
                                          if u.id not in {x.id for x in self.us}):
                return None
            spec = b.sc.map.hexes[n]
            if spec.city and spec.control == self.enemy:
                return None
        base = self._enter(h, n)
        if base is None:
            return None
        extra = 0
        bridged = s.bridge is not None or s.road is not None or s.rail
        road_bridge = s.road is not None or s.bridge == "road"
        if s.river == "minor" and not bridged and self.wet:
            extra += 2
        if s.river == "volga":
            if s.flotilla and not bridged and self.side == "soviet" \
                    and self._flotilla_ok(h, n):
                extra += 6 if self.mech else 4
            elif s.bridge == "ferry" and s.rail:
                return None
            elif s.bridge == "ferry":
                extra += 6 if self.mech else 4
            elif road_bridge and self.side == "soviet":
                pass
            elif bridged and not road_bridge and self.side == "soviet":
                extra += 4 if self.mech else 2
            else:
                return None
        if s.river == "major":
            if s.bridge == "ferry":
                extra += (4 if self.mech else 2) if b.frozen(h, n) else (6 if self.mech else 4)
            elif road_bridge:
                pass
            elif bridged:
                extra += 4 if self.mech else 2
            elif b.frozen(h, n):
                extra += 4 if self.mech else 2
            else:
                pontoon = self.side in self._sides_at(n) and (
                    self.combat or self.side in self._sides_at(h))
                if h != self.start and not pontoon:
                    return None
                extra += 6 if self.mech else 4
        if alpine_side:
            c = self._chart("hexsides", "alpine")
            if c is None:
                return None
            extra += c
        return base + extra + self._exit_cost(h)

    def _exit_cost(self, h: str) -> int:
        if h == self.start and h in self.ezoc and not (self.all_fr and
                                                       self.rd.get("13.3.1") != "pay"):
            return 4
        return 0

    def _flotilla_ok(self, h: str, n: str) -> bool:
        north = [int(x[2:]) <= 22 for x in (h, n)]
        return all(north) if self.rd.get("5.5.3") == "both-banks" else any(north)

    def _sides_at(self, h: str) -> set[str]:
        return {u.side for u in self.b.here(h) if u.is_combat}

    def _enter(self, h: str, n: str) -> int | None:
        if h in self.areas:
            return self._reenter(h, n)
        terrain = self._chart("terrain", self.terrain_of(n))
        road = self.b.side(h, n).road if h not in self.areas else None
        if road is not None:
            rate = self._chart("roads", road)
            if rate is not None and self.wet and road == "secondary" and self.mech:
                rate = max(rate, 2)
            if rate is not None and (terrain is None or rate <= terrain):
                return rate
        return terrain

    def _reenter(self, a: str, n: str) -> int | None:
        """22.3.1: the first hex's terrain, or for mechanized units (every unit under
        "all-classes") the road rate where a road leads in; each class its cheaper."""
        road = self.areas[a].roads.get(n)
        worst = 0
        for c in self.classes:
            t = self.costs["terrain"][self.terrain_of(n)][c]
            r = None
            if road is not None and (c == "mechanized" or
                                     self.rd.get("22.3.1") == "all-classes"):
                r = self.costs["roads"][road][c]
                if r is not None and self.wet and road == "secondary" and c == "mechanized":
                    r = 2
            options = [x for x in (t, r) if x is not None]
            if not options:
                return None
            worst = max(worst, min(options))
        return worst

    def stops(self, n: str) -> bool:
        return n in self.areas or n in self.ezoc

    def ends_ok(self, n: str) -> bool:
        if n in self.areas:
            return True
        full = free = 0
        hq = False
        for u in self.b.here(n, self.side):
            if u.type == "soviet-army-hq":
                hq = True
            if u.is_combat and not u.is_asu and u.id not in {x.id for x in self.us}:
                free += u.free_stacking
                full += not u.free_stacking
        for u in self.us:
            if u.type == "soviet-army-hq":
                hq = True
            if u.is_combat and not u.is_asu:
                free += u.free_stacking
                full += not u.free_stacking
        limit = 3 if self.side == "axis" or hq else 2
        if full + max(0, free - 1) > limit:
            return False
        return self.corps_ok(n)

    def corps_ok(self, n: str) -> bool:
        """4.3: at most two tank or mechanized corps with the 1st Guards or 5th Shock."""
        if self.side != "soviet":
            return True
        mine = {x.id for x in self.us}
        here = [u for u in self.b.here(n, "soviet") if u.id not in mine] + self.us
        if not any(u.army in ("1st-guards", "5th-shock") for u in here):
            return True
        every = self.rd.get("4.3") == "every-unit"
        corps = [u for u in here if u.type in ("tank", "mechanized")
                 and (every or not u.free_stacking)]
        return len(corps) <= 2


def _dijkstra(q: _Question, allow: int, extended: bool) -> dict[str, int]:
    best: dict[str, int] = {q.start: allow}
    heap = [(-allow, q.start)]
    while heap:
        k, p = heapq.heappop(heap)
        k = -k
        if k < best.get(p, -1) or (p != q.start and q.stops(p)):
            continue
        for n in q.links(p):
            if extended and n in q.next_to_enemy:
                continue
            c = q.cost(p, n)
            if c is None or c > k:
                continue
            if k - c > best.get(n, -1):
                best[n] = k - c
                heapq.heappush(heap, (-(k - c), n))
    best.pop(q.start, None)
    return best


def _tactical(q: _Question, hexes: int = 2) -> dict[str, int]:
    best: dict[str, int] = {}
    frontier = [(q.start, hexes)]
    while frontier:
        p, k = frontier.pop()
        if k == 0 or (p != q.start and q.stops(p)):
            continue
        for n in q.links(p):
            if q.cost(p, n) is None:
                continue
            if k - 1 > best.get(n, -1):
                best[n] = k - 1
                frontier.append((n, k - 1))
    best.pop(q.start, None)
    return best


def _held(q: _Question) -> bool:
    """20.4, 20.6, 5.6.3 (Train marker): the mover may not move at all."""
    sc = q.b.sc
    axis = [v.hex for v in sc.units if v.side == "axis" and v.is_combat and v.hex in q.b.hexes]
    for u in q.us:
        if u.train:
            return True
        if u.garrison and not u.released and not (
                u.hex in q.b.hexes and any(q.b.grid.distance(u.hex, h) <= 5 for h in axis)):
            return True
        if u.north_caucasus and not u.garrison and not u.released:
            return True
    return False


def _rail(q: _Question) -> dict[str, int]:
    """5.5.7, 5.6.1-5.6.3: the places a rail move may end in (before stacking)."""
    b, sc = q.b, q.b.sc
    if any(u.status != "good-order" for u in q.us):
        return {}
    count = sum(u.type != "leader" for u in q.us)
    used = sc.moves_used
    if used.rail + count > 4:
        return {}
    on_map = q.start in b.hexes
    if on_map and count > 0 and used.rail_map + count > 1:
        return {}

    def rail_hex(h: str) -> bool:
        return any(b.side(h, n).rail for n in b.nbrs[h])

    if on_map and (not rail_hex(q.start) or q.start in q.ezoc):
        return {}

    def nexts(p: str) -> list[str]:
        if p in q.areas:
            return [h for h in q.areas[p].hexes if rail_hex(h)]
        out = [n for n in b.nbrs[p] if b.side(p, n).rail]
        if rail_hex(p):
            out += [a for a, area in q.areas.items() if p in area.hexes
                    and area.side == q.side]
        return out

    def open_(p: str, n: str) -> bool:
        if n in q.areas:
            return q.areas[n].side == q.side
        if n in q.ezoc or n in q.enemy_combat:
            return False
        if q.side == "axis" and sc.map.hexes[n].rail_unrepaired:
            return False
        if q.side == "soviet" and sc.map.hexes[n].railhead:
            return False
        if p in q.areas:
            return True
        s = b.side(p, n)
        if s.river == "volga":
            if q.side == "axis":
                return False
            if s.bridge == "ferry" and (used.ferry >= 1 or len(q.us) > 1):
                return False
        return True

    seen = {q.start}
    todo = [q.start]
    while todo:
        p = todo.pop()
        if p != q.start and p in q.areas:
            continue
        for n in nexts(p):
            if n not in seen and open_(p, n):
                seen.add(n)
                todo.append(n)
    seen.discard(q.start)
    if q.combat:
        mine = {u.id for u in q.us}
        seen = {p for p in seen if p in q.areas or not any(
            v.train and v.is_combat and v.id not in mine for v in b.here(p))}
    return dict.fromkeys(seen, 0)


def _sea(q: _Question) -> dict[str, int]:
    """5.7.1: port to port of one sea; Naval Infantry as Tactical Movement."""
    b, sc = q.b, q.b.sc
    if q.side != "soviet" or len(q.us) != 1 or q.mech:
        return {}
    if q.us[0].status != "good-order":
        return {}
    hexes = sc.map.hexes

    def landings(p: str) -> list[str]:
        spec = hexes.get(p)
        if spec is None or not spec.port or spec.sea is None or spec.sea in sc.moves_used.sea:
            return []
        return [n for n, t in hexes.items() if t.port and t.sea == spec.sea and n != p
                and not any(u.side == q.enemy for u in b.here(n))
                and (q.naval or t.control != "axis")]

    if not q.naval:
        return dict.fromkeys(landings(q.start), 0)
    out: dict[str, int] = {}
    for n in landings(q.start):
        out[n] = 1
        if q.stops(n):
            continue
        for x in q.links(n):
            if q.cost(n, x) is not None:
                out[x] = max(out.get(x, -1), 0)
    for p in q.links(q.start):
        spec = hexes.get(p)
        if spec is None or not spec.port or q.cost(q.start, p) is None or q.stops(p):
            continue
        for n in landings(p):
            out[n] = max(out.get(n, -1), 0)
    out.pop(q.start, None)
    return out


def _kerch(q: _Question) -> dict[str, int]:
    """5.7.2: one Axis unit a turn from entry area W to the Kerch hex, if no Soviet unit
    is there."""
    b, sc = q.b, q.b.sc
    if q.side != "axis" or q.start != "W" or len(q.us) != 1 or sc.moves_used.kerch:
        return {}
    if q.us[0].status != "good-order":
        return {}
    return {h: 0 for h, t in sc.map.hexes.items() if t.sea == "kerch"
            and not b.here(h, "soviet")}


def moves_of(board: Board, units: list[str], chart: Tec | None = None) -> RefMoves:
    chart = chart or tec_chart()
    q = _Question(board, units, chart)
    out = RefMoves(list(units))
    if _held(q):
        return out
    in_area = q.start in q.areas
    if in_area and any(u.status != "good-order" for u in q.us):
        return out
    if in_area and q.start == "W" and any(u.blucher for u in q.us):
        out.ends["kerch"] = {p: k for p, k in _kerch(q).items() if q.ends_ok(p)}
        return out
    if any(u.arriving for u in q.us):
        out.ends["tactical"] = {p: k for p, k in _tactical(q, 1).items() if q.ends_ok(p)}
        return out
    ma = min(u.ma for u in q.us)
    snow = board.sc.weather == "snow"
    normal = max(0, ma - 1) if snow else ma
    disrupted = any(u.status == "disrupted" for u in q.us)
    if not disrupted:
        out.ends["normal"] = _dijkstra(q, 2 * normal, False)
        no_ext = any(u.ma_boxed or (u.is_asu and not u.used) for u in q.us)
        if not no_ext:
            base = ma if board.readings.get("23.2.4") == "full-extended" else normal
            out.ends["extended"] = _dijkstra(q, 2 * (base + 3), True)
        out.ends["rail"] = _rail(q)
        out.ends["sea"] = _sea(q)
        out.ends["kerch"] = _kerch(q)
    out.ends["tactical"] = _tactical(q)
    for mode in out.ends:
        out.ends[mode] = {p: k for p, k in out.ends[mode].items() if q.ends_ok(p)}
    if any(u.is_asu and (not u.used or board.readings.get("18.2.2") != "ready-only")
           for u in q.us):
        near = out.places("tactical")
        out.disrupted = {(m, p) for m in out.ends for p in out.ends[m]
                         if m != "tactical" and p not in near}
    return out


def moves(sc: Scenario, units: list[str], readings: dict[str, str] | None = None,
          chart: Tec | None = None) -> RefMoves:
    return moves_of(Board(sc, dict(readings or {})), list(units), chart)
