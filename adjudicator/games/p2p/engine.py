"""The bridge to the encodings: a position as facts, one grounding, the shown atoms back.

The encodings are stratified (no choices), so one model holds every conclusion.
Names (points, units, seas) go in as strings; the game's words (sides, classes, types,
tags, phases, weather) as constants with ``-`` written ``_``.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import clingo

from adjudicator.games import get_game
from adjudicator.games.p2p.position import Battle, Move, Position

GAME_ID = "p2p"


def _q(s: str) -> str:
    return '"' + str(s).replace("\\", "\\\\").replace('"', '\\"') + '"'


def _c(word: str) -> str:
    return str(word).replace("-", "_")


def position_facts(pos: Position, moves: list[Move] = (), battles: list[Battle] | None = None,
                   readings: dict[str, str] | None = None, asked: str | None = None,
                   side: str | None = None) -> str:
    """The facts of a position, its moves (those already made first, then ``moves``);
    ``asked`` names the unit a strategic question is about, ``side`` the side whose line
    loads a capacity table shows (the phasing side when not given)."""
    out: list[str] = []
    add = out.append
    if asked is not None:
        add(f"asked({_q(asked)}).")
    if side is not None:
        add(f"asked_side({_c(side)}).")
    g = pos.graph
    for pid, p in pos.map.points.items():
        q = _q(pid)
        add(f"point({q}).")
        if p.control:
            add(f"control({q},{_c(p.control)}).")
        add(f"vp({q},{p.vp}).")
        if p.fortress:
            add(f"fortress({q}).")
        if p.border_side:
            add(f"border({q},{_c(p.border_side)}).")
        if p.port:
            add(f"port({q},{_q(p.port)}).")
        if p.supplied:
            add(f"supplied({q}).")
        for t in p.tags:
            add(f"ptag({q},{_c(t)}).")
    for tid, t in pos.map.transit.items():
        add(f"transit({_q(tid)}).")
        for s in t.sides:
            add(f"transit_side({_q(tid)},{_c(s)}).")
    for sid, sea in pos.map.seas.items():
        add(f"sea_group({_q(sid)},{_q(g.sea_group(sid))}).")
        if sea.control:
            add(f"sea_control({_q(sid)},{_c(sea.control)}).")
    for line in g.lines:
        add(f"line({line.index},{_q(line.a)},{_q(line.b)}).")
        add(f"lclass({line.index},{_c(line.class_)}).")
        if line.highway:
            add(f"highway({line.index}).")
        if line.special:
            add(f"special({line.index},{_c(line.special)}).")
    for u in pos.units:
        q = _q(u.id)
        add(f"unit({q},{u.side},{_q(u.at)}).")
        add(f"utype({q},{_c(u.type)}).")
        add(f"nat({q},{u.nation}).")
        for flag in ("ss", "stavka", "moscow_motorized", "two", "major", "breakthrough",
                     "dispersed"):
            if getattr(u, flag):
                add(f"uflag({q},{flag}).")
    add(f"weather({pos.weather}).")
    add(f"phase({pos.phase}).")
    add(f"phasing({pos.phasing}).")
    for key, value in {**pos.readings, **(readings or {})}.items():
        add(f"reading({_q(key)},{_q(value)}).")
    for i, m in enumerate([*pos.moved, *moves], start=1):
        done = "done" if i <= len(pos.moved) else "new"
        add(f"mv({i},{_q(m.unit)},{m.by},{done}).")
        for k, p in enumerate(m.path, start=1):
            add(f"step({i},{k},{_q(p)}).")
    for i, b in enumerate(pos.battles if battles is None else battles, start=1):
        add(f"battle({i},{_q(b.point)},{b.attacker_firepower},{b.defender_firepower}).")
    return "\n".join(out) + "\n"


def _value(sym: clingo.Symbol):
    if sym.type == clingo.SymbolType.String:
        return sym.string
    if sym.type == clingo.SymbolType.Number:
        return sym.number
    if sym.type == clingo.SymbolType.Function and not sym.arguments:
        return sym.name.replace("_", "-")
    return str(sym)


def solve(query: str, facts: str, want: tuple[str, ...] | None = None) -> dict[str, list[tuple]]:
    """Ground the query's encodings with ``facts``: predicate name -> argument tuples
    (only the predicates in ``want``, when given)."""
    ctl = clingo.Control(["--warn=none"])
    for path in get_game(GAME_ID).encoding_paths(query):
        ctl.load(str(Path(path)))
    ctl.add("base", [], facts)
    ctl.ground([("base", [])])
    atoms: dict[str, list[tuple]] = defaultdict(list)

    def on_model(model: clingo.Model) -> None:
        for sym in model.symbols(shown=True):
            name = sym.name
            if want is None or name in want:
                atoms[name].append(tuple(_value(a) for a in sym.arguments))

    ctl.solve(on_model=on_model)
    return {k: sorted(v, key=repr) for k, v in atoms.items()}
