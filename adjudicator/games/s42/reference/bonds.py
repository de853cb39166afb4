"""ZOC bonds (chapter 7), written from the rule text.

Who can anchor a bond (7.1): on a map hex, a Good Order combat unit of the side, or two
Good Order Free Stacking units (4.2) or ASUs (18.2.3) stacked together. Disrupted and Full
Retreat units cannot (13.2.1, 13.3.2), nor units under a Train marker, which have no ZOC
(5.6.4), nor units in a Contested City (29.1.1).

Two anchoring stacks two hexes apart form a bond: a Hex Bond when they stand in line with
one hex between them, a Hexside Bond when the two hexes between them share the hexside the
bond closes. A stack may also form a Hexside Bond, never a Hex Bond, with a friendly Entry
Area beyond the map edge (7.5).

A Hex Bond is negated by an enemy unit in its middle hex; a Hexside Bond by enemy units on
both sides of the hexside it closes (7.3). Terrain breaks a bond (7.6.1): an impassable or
Volga hexside on its way, or two unfrozen Major River hexsides on it; and a bond with the
map edge cannot run out along a coast, lake, alpine or Volga hexside (7.6.2). The disputed
points are named readings of 7.1, 7.5 and 7.6.1 (kb/s42/readings/bonds.yaml).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudicator.games.s42.reference.board import SIDES, Board, board_for, enemy_of
from adjudicator.scenario import Scenario, Unit


@dataclass
class RefBond:
    side: str
    kind: str  # hex | hexside | edge
    ends: list[str]
    through_hexes: list[str]
    through_hexsides: list[str]
    negated: bool = False
    broken: bool = False
    rules: list[str] = field(default_factory=list)

    @property
    def standing(self) -> bool:
        return not self.negated and not self.broken

    def key(self) -> tuple:
        return (self.side, self.kind, tuple(self.ends))


def _can_anchor(board: Board, u: Unit) -> bool:
    return (u.is_combat and u.status == "good-order" and not u.train)


def anchors(board: Board, side: str) -> set[str]:
    """Map hexes where ``side`` has a stack able to anchor a bond (7.1)."""
    out = set()
    for h, units in board.units_at.items():
        if board.contested(h):
            continue
        able = [u for u in units if u.side == side and _can_anchor(board, u)]
        full = [u for u in able if not (u.free_stacking or u.is_asu)]
        if full or len(able) >= 2:
            out.add(h)
    return out


def _blocks(board: Board, a: str, b: str) -> bool:
    return board.impassable(a, b) or board.volga(a, b)


def _hex_bond(board: Board, side: str, a: str, m: str, b: str) -> RefBond | None:
    enemy = enemy_of(side)
    rules = ["7.1"]
    if board.readings.get("7.1") == "vacant" and board.occupied_by(m, side):
        return None
    bond = RefBond(side, "hex", sorted((a, b)), [m], [], rules=rules)
    if board.occupied_by(m, enemy):
        bond.negated = True
        rules.append("7.3")
    if _blocks(board, a, m) or _blocks(board, m, b):
        bond.broken = True
    elif board.unfrozen_major(a, m) and board.unfrozen_major(m, b):
        bond.broken = True
    if bond.broken:
        rules.append("7.6.1")
    return bond


def _side_broken(board: Board, side: str, a: str, b: str | None, m1: str, m2: str) -> bool:
    """Terrain test of a Hexside Bond from a to b (None: the map edge) closing m1-m2."""
    enemy = enemy_of(side)
    routes = []
    for m in (m1, m2):
        crossed = [(a, m)] + ([(m, b)] if b is not None else [])
        routes.append((m, crossed))
    if board.readings.get("7.6.1") == "strict":
        sides = [s for _, crossed in routes for s in crossed] + [(m1, m2)]
        if any(_blocks(board, x, y) for x, y in sides):
            return True
    elif all(any(_blocks(board, x, y) for x, y in crossed) for _, crossed in routes):
        return True
    # Major Rivers: only when some way round crosses two of them does the bond need a way
    # round that crosses fewer and does not lead through a hex held by the enemy.
    majors = {m: sum(board.unfrozen_major(x, y) for x, y in crossed) for m, crossed in routes}
    if max(majors.values()) < 2:
        return False
    return not any(n < 2 and not board.occupied_by(m, enemy) for m, n in majors.items())


def _hexside_bond(board: Board, side: str, a: str, b: str, m1: str, m2: str) -> RefBond:
    enemy = enemy_of(side)
    rules = ["7.1"]
    bond = RefBond(side, "hexside", sorted((a, b)), [], [f"{min(m1, m2)}-{max(m1, m2)}"],
                   rules=rules)
    if board.occupied_by(m1, enemy) and board.occupied_by(m2, enemy):
        bond.negated = True
        rules.append("7.3")
    if _side_broken(board, side, a, b, m1, m2):
        bond.broken = True
        rules.append("7.6.1")
    return bond


def _coastlike(board: Board, m1: str, m2: str) -> bool:
    """The hexside an edge bond would close is coast, lake, alpine or Volga (7.6.2).

    A bond with the map edge runs out along that hexside; when it is one of these, the bond
    would be anchored on the terrain feature rather than on the Entry Area, which 7.6.2
    forbids.
    """
    s = board.side(m1, m2)
    # board.alpine also counts the ring of a full Alpine hex (9.6.2)
    return bool(s.impassable or s.lake or board.alpine(m1, m2) or s.river == "volga")


def _edge_areas(board: Board, side: str, m1: str, m2: str) -> list[str]:
    """Friendly entry areas the off-map end of an edge bond closing m1-m2 lies in (7.5)."""
    out = []
    for aid, area in board.sc.map.entry_areas.items():
        if area.side != side:
            continue
        inside = [m in area.hexes for m in (m1, m2)]
        if board.readings.get("7.5") == "one-edge-hex":
            ok = any(inside)
        else:
            ok = all(inside)
        if ok:
            out.append(aid)
    return out


def _shapes(board: Board, a: str) -> list[tuple[str, str | None, tuple[str, ...]]]:
    """The bond shapes from hex a: (kind, far hex or None, middle hexes), each once; they
    depend on the map alone, so each hex's are found once per map."""
    table = board.part.cache.setdefault("bond_shapes", {})
    hit = table.get(a)
    if hit is None:
        hit = table[a] = list(_find_shapes(board, a))
    return hit


def _find_shapes(board: Board, a: str):
    grid = board.grid
    ca = grid.cube(a)
    for d in range(6):
        c1, c2 = ca.neighbour(d), ca.neighbour(d + 1)
        m = grid.hex_at(c1)
        far = grid.hex_at(c1.neighbour(d))
        if m is not None and far is not None and a < far:
            yield "hex", far, (m,)
        m2 = grid.hex_at(c2)
        if m is None or m2 is None:
            continue
        bent = grid.hex_at(c1.neighbour(d + 1))
        if bent is None:
            yield "edge", None, (min(m, m2), max(m, m2))
        elif a < bent:
            yield "hexside", bent, (min(m, m2), max(m, m2))


def bonds_of(board: Board) -> list[RefBond]:
    """Every bond of the position, computed once per board."""
    hit = board.cache.get("bonds")
    if hit is None:
        hit = board.cache["bonds"] = _bonds_of(board)
    return list(hit)


def enemy_bond_closures(
    board: Board, side: str,
) -> tuple[frozenset[str], frozenset[tuple[str, str]]]:
    """The hexes and hexsides (as hex pairs, both orders) that the standing bonds of
    ``side``'s enemy close to ``side`` (7.2), once per board."""
    key = ("closed", side)
    hit = board.cache.get(key)
    if hit is None:
        enemy = enemy_of(side)
        standing = [b for b in bonds_of(board) if b.standing and b.side == enemy]
        hexes = frozenset(h for b in standing for h in b.through_hexes)
        pairs = set()
        for b in standing:
            for s in b.through_hexsides:
                x, y = s.split("-")
                pairs.add((x, y))
                pairs.add((y, x))
        hit = board.cache[key] = (hexes, frozenset(pairs))
    return hit


def _bonds_of(board: Board) -> list[RefBond]:
    out: list[RefBond] = []
    for side in SIDES:
        anchor = anchors(board, side)
        enemy = enemy_of(side)
        seen_edges: set[tuple[str, str, str]] = set()
        for a in sorted(anchor):
            for kind, b, mids in _shapes(board, a):
                if kind == "hex" and b in anchor:
                    bond = _hex_bond(board, side, a, mids[0], b)
                    if bond is not None:
                        out.append(bond)
                elif kind == "hexside" and b in anchor:
                    out.append(_hexside_bond(board, side, a, b, *mids))
                elif kind == "edge" and (a, *mids) not in seen_edges:
                    seen_edges.add((a, *mids))
                    m1, m2 = mids
                    for aid in _edge_areas(board, side, m1, m2):
                        rules = ["7.1", "7.5"]
                        bond = RefBond(side, "edge", [a, aid], [], [f"{m1}-{m2}"],
                                       rules=rules)
                        if board.occupied_by(m1, enemy) and board.occupied_by(m2, enemy):
                            bond.negated = True
                            rules.append("7.3")
                        if _side_broken(board, side, a, None, m1, m2):
                            bond.broken = True
                            rules.append("7.6.1")
                        if _coastlike(board, m1, m2):
                            bond.broken = True
                            rules.append("7.6.2")
                        out.append(bond)
    return sorted(out, key=lambda b: (b.side, ("hex", "hexside", "edge").index(b.kind), b.ends))


def bonds(sc: Scenario, readings: dict[str, str] | None = None) -> list[RefBond]:
    return bonds_of(board_for(sc, readings))
