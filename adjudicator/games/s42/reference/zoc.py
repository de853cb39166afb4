"""Zones of control (6.1), written from the rule text.

A combat unit on the map exerts a ZOC into the six hexes around it (6.1), Free Stacking
units included. Exceptions, each with the section that makes it:

* non-combat units (defense 0 or a non-combat type) have none (6.1, 19.2);
* a unit under a Train marker has none (5.6.4);
* a unit in Full Retreat has none (13.3.2);
* units in a Contested City hex have none (29.1.1);
* units in an Entry Area exert none onto the map, and no ZOC reaches into one (22.4);
* the ZOC does not cross the Volga or an impassable hexside (6.1, 2.2.3), which includes
  unfrozen lakes and, in the Russian Winter, alpine hexsides (23.4).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudicator.games.s42.reference.board import Board, board_for, enemy_of
from adjudicator.scenario import Scenario, Unit


def no_zoc_reasons(board: Board, u: Unit) -> list[str]:
    """The rules that take this unit's ZOC away (empty: it exerts one)."""
    out = []
    if u.hex not in board.hexes:
        out.append("22.4")
    if not u.is_combat:
        out.append("19.2")
    if u.train:
        out.append("5.6.4")
    if u.status == "full-retreat":
        out.append("13.3.2")
    if u.hex in board.hexes and board.contested(u.hex):
        out.append("29.1.1")
    return out


@dataclass
class RefZoc:
    #: every map hex -> sorted sides exerting a ZOC into it
    zoc: dict[str, list[str]]
    #: unit id -> the rules that take its ZOC away
    no_zoc: dict[str, list[str]] = field(default_factory=dict)

    def ezoc(self, side: str, h: str) -> bool:
        """Hex ``h`` lies in a ZOC of an enemy of ``side``."""
        return enemy_of(side) in self.zoc.get(h, ())


def zoc_of(board: Board) -> RefZoc:
    """The ZOC of every hex, computed once per board."""
    hit = board.cache.get("zoc")
    if hit is None:
        by_side, none = _zoc_by_side(board)
        by_hex: dict[str, list[str]] = {h: [] for h in sorted(board.hexes)}
        for side in sorted(by_side):
            for h in by_side[side]:
                by_hex[h].append(side)
        hit = board.cache["zoc"] = RefZoc(by_hex, none)
    return hit


def ezoc_hexes(board: Board, side: str) -> frozenset[str]:
    """The hexes in a ZOC of an enemy of ``side``, once per board."""
    return _zoc_by_side(board)[0].get(enemy_of(side), frozenset())


def _zoc_by_side(board: Board) -> tuple[dict[str, frozenset[str]], dict[str, list[str]]]:
    """The hexes each side exerts a ZOC into, and the units that exert none."""
    hit = board.cache.get("zoc_by_side")
    if hit is not None:
        return hit
    by_side: dict[str, set[str]] = {}
    none: dict[str, list[str]] = {}
    for u in board.sc.units:
        reasons = no_zoc_reasons(board, u)
        if reasons:
            none[u.id] = reasons
            continue
        into = by_side.setdefault(u.side, set())
        for n in board.nbrs[u.hex]:
            if board.impassable(u.hex, n) or board.volga(u.hex, n):
                continue
            into.add(n)
    hit = board.cache["zoc_by_side"] = ({k: frozenset(v) for k, v in by_side.items()}, none)
    return hit


def zoc(sc: Scenario, readings: dict[str, str] | None = None) -> RefZoc:
    return zoc_of(board_for(sc, readings))
