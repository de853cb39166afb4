"""The Soviet procedure's own facts (the ``b_*`` predicates of asp/eak/bot*.lp): what a
bot question adds to the position's facts. All geometry is done here: distances that
are not traced across a blocked Dniepr hexside (9.3 Closer and Closest), how far a hex
lies in a compass direction (9.24c), how far from the west edge, the 33xx row, Soviet
support.

Movement costs: the bot's reach needs the cost of entering each terrain and crossing
each river (10.0-10.3), in half MPs, for the position's ground condition (18.33-18.34).
They come from the eak Terrain Effects Chart (``adjudicator.games.eak.tec``: the
player's chart given with ``--tec``, else the PRACTICE chart of kb/eak/tables).
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from typing import Any

import clingo

from adjudicator.games.eak.botdata import DataSet
from adjudicator.games.eak.scenario import TYPE_ALIASES, southward, westward
from adjudicator.games.eak.tec import Tec, tec_chart

F, S, N = clingo.Function, clingo.String, clingo.Number

#: the chart's unit classes (2.21) as the encodings name them
CLASS = {"mechanized": "mech", "non-mechanized": "nonmech"}
#: The Soviet spearhead armies (9.21, 9.3 Spearhead Unit).
SPEARHEADS = ("3T", "MGP")


def unit_kind(utype: str) -> clingo.Symbol:
    """The book's unit type (2.21) of a type name, as the position's ``utype`` facts give it."""
    return const(TYPE_ALIASES.get(utype, utype))


def const(name: str) -> clingo.Symbol:
    return F(name.replace("-", "_"))


def army_number(army: str) -> int:
    """2.21: the number of an army for selector ties; Mobile Group Popov counts as 0."""
    digits = "".join(c for c in army if c.isdigit())
    return int(digits) if digits and army.upper() != "MGP" else 0


def selector(sel: str | None) -> int:
    try:
        return int(sel or 0)
    except ValueError:
        return 0


@lru_cache(maxsize=64)
def _distances(key: tuple, start: str) -> dict[str, int]:
    neighbours, blocked = key
    nb = dict(neighbours)
    out = {start: 0}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for n in nb.get(h, ()):
            if n not in out and frozenset((h, n)) not in blocked:
                out[n] = out[h] + 1
                todo.append(n)
    return out


def grid_key(sc: Any) -> tuple:
    grid = sc.grid
    neighbours = tuple(sorted((h, tuple(sorted(grid.neighbours(h)))) for h in sc.map.hexes))
    blocked = frozenset(frozenset(k.split("-")) for k, v in sc.map.hexsides.items()
                        if v.river == "blocked-dniepr")
    return neighbours, blocked


def distance(sc: Any, a: str, b: str) -> int:
    """9.3 Closer and Closest: hexes counted, never across a blocked Dniepr hexside."""
    return _distances(grid_key(sc), a).get(b, 99)


def compass_value(direction: str | None, hex_id: str) -> int:
    """9.24c: how far a hex lies in the compass direction printed on the objective."""
    if direction == "west":
        return westward(hex_id)
    if direction == "east":
        return -westward(hex_id)
    if direction == "south":
        return southward(hex_id)
    if direction == "north":
        return -southward(hex_id)
    return 0


def hex_number(h: str) -> int:
    return int(h) if h.isdigit() else 0


def support_hexes(sc: Any) -> set[str]:
    return set(sc.map.hexes) if sc.support is None else set(sc.support)


def cost_facts(tec: Tec, ground: str) -> list[clingo.Symbol]:
    """b_cost(T,Class,N) and b_river_cost(K,Class,N): the chart's half MPs to enter a hex
    of terrain T and to cross an unbridged river hexside of kind K (a prohibited entry is
    left out, so no step is made there)."""
    out = []
    for block, pred in (("terrain", "b_cost"), ("hexsides", "b_river_cost")):
        for key, row in sorted(tec.costs[ground][block].items()):
            for cls, cost in sorted(row.items()):
                if cost is not None:
                    out.append(F(pred, [const(key), F(CLASS[cls]), N(cost)]))
    return out


def bot_facts(sc: Any, data: DataSet, anchors: set[str] = frozenset(),
              tec: Tec | None = None) -> list[clingo.Symbol]:
    """The b_* facts every bot question shares (movement costs: ``tec``, else the chart
    of ``tec_chart()``)."""
    out: list[clingo.Symbol] = []
    key = grid_key(sc)
    hexes = sorted(sc.map.hexes)
    max_west = max((westward(h) for h in hexes), default=0)
    for u in sc.units:
        if u.side != "soviet":
            continue
        out.append(F("b_sel", [S(u.id), N(selector(u.selector))]))
        if u.army:
            out.append(F("b_army", [S(u.id), S(u.army)]))
            out.append(F("b_army_num", [S(u.army), N(army_number(u.army))]))
        if u.front:
            out.append(F("b_front", [S(u.id), F(u.front)]))
    for u in sc.units:
        if u.side == "german":
            out.append(F("b_sel", [S(u.id), N(selector(u.selector))]))
    for r in sc.reserve_box:
        out.append(F("b_res", [S(r.id), S(r.army), F(r.front), N(selector(r.selector)),
                               N(r.strength), N(r.steps_left), N(r.max_steps), unit_kind(r.type),
                               const(r.supply)]))
        out.append(F("b_army_num", [S(r.army), N(army_number(r.army))]))
    for a in SPEARHEADS:
        out.append(F("b_spearhead_army", [S(a)]))
    for h in sorted(support_hexes(sc)):
        out.append(F("b_support", [S(h)]))
    for h in sc.beyond_limit:
        out.append(F("b_beyond", [S(h)]))
    for u in sc.moved:
        out.append(F("b_moved", [S(u)]))
    for u in sc.placed_from_reserve:
        out.append(F("b_placed", [S(u)]))
    for h in sc.checked_targets:
        out.append(F("b_checked", [S(h)]))
    for o in sc.objectives:
        if o.army is None:
            out.append(F("b_objective", [F(o.front), S(o.hex), F(o.direction or "none")]))
            for h in hexes:
                out.append(F("b_compass", [F(o.front), S(h), N(compass_value(o.direction, h))]))
        else:
            out.append(F("b_army_objective_front", [S(o.army), F(o.front)]))
            if not o.placed:  # 9.13: waiting for the army's first activation
                out.append(F("b_army_objective_waiting", [S(o.army), S(o.hex)]))
                continue
            out.append(F("b_army_objective", [S(o.army), S(o.hex)]))
            for i, h in enumerate(o.next, 1):
                out.append(F("b_army_objective_next", [S(o.army), N(i), S(h)]))
    out.append(F("b_soviet_vp", [N(sc.soviet_vp or 0)]))
    out.append(F("b_draw_count", [N(len(sc.cards.draw_pile))]))
    support = support_hexes(sc)
    for h in hexes:
        out.append(F("b_hexnum", [S(h), N(hex_number(h))]))
        out.append(F("b_west", [S(h), N(westward(h))]))
        out.append(F("b_west_gap", [S(h), N(max_west - westward(h))]))
        out.append(F("b_south_gap", [S(h), N(abs(33 - southward(h)))]))
        if support:
            gap = min(_distances(key, h).get(s, 99) for s in support)
            out.append(F("b_support_gap", [S(h), N(gap)]))
    # distances from every unit hex and objective (and named anchors) to every hex
    sources = {u.hex for u in sc.units} | {o.hex for o in sc.objectives} | set(anchors)
    for a in sorted(sources):
        if a not in sc.map.hexes:
            continue
        d = _distances(key, a)
        for h, n in d.items():
            out.append(F("b_dist", [S(h), S(a), N(n)]))
            if h != a:
                out.append(F("b_dist", [S(a), S(h), N(n)]))
    out += cost_facts(tec or tec_chart(), sc.weather)
    return sorted(set(out))


def card_facts(data: DataSet, ids: list[str]) -> list[clingo.Symbol]:
    """b_card(C,CommandValue,Primary,Number) and b_cmd(C,I,Kind,Arg,From,To,Special)."""
    out = []
    for cid in ids:
        c = data.cards.get(cid)
        if c is None:
            continue
        num = hex_number("".join(ch for ch in cid if ch.isdigit()))
        out.append(F("b_card", [S(cid), N(c.command_value), N(int(c.primary)), N(num)]))
        for i, cmd in enumerate(c.commands, 1):
            arg = cmd.army if cmd.army is not None else None
            if cmd.kind == "front":
                argsym = F(cmd.front)
            elif cmd.kind == "event":
                argsym = S(cmd.event or "")
            elif arg is not None:
                argsym = S(arg)
            else:
                argsym = F("none")
            lo, hi = cmd.turns or (1, 99)
            out.append(F("b_cmd", [S(cid), N(i), const(cmd.kind), argsym, N(lo), N(hi),
                                   N(int(cmd.special))]))
    return out
