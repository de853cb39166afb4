"""What the point-to-point board offers in the browser (``adjudicator serve``): a graph of
points and lines (each line labelled with the load it carries this phase and its
capacity), a click on a point lighting where its units may go.

Each ask calls the function its command calls (``moves``, ``check --moves``,
``capacity``, ``combat-order``), so the answer is the one ``adjudicator <command> --json``
prints; this module only picks what to light.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from adjudicator.errors import InputError, usage_error
from adjudicator.games.p2p.picture import CONTROL, STROKE, _half
from adjudicator.games.p2p.position import Move, Position
from adjudicator.games.p2p.queries import capacity, check_moves, combat_order, unit_moves
from adjudicator.web.asks import Ask, Drawing, Param, Reply, line
from adjudicator.web.geometry import graph_view, unit_json

#: the unit field holding its place
PLACE = "at"


def _flags(readings: dict[str, str]) -> str:
    return "".join(f" --reading {r}={n}" for r, n in sorted(readings.items()))


def _load(x) -> str:
    return f"{_half(x.used_halves)}/{x.capacity} (A{_half(x.armor_used_halves)}/" \
           f"{x.armor_capacity})"


def view(pos: Position) -> dict[str, Any]:
    """Points (filled by control, ringed blue if a port, sized by VP), transit nodes, lines
    (thick major, medium minor, thin inferior; gold highway; dashed special) labelled with
    their load this phase: used/capacity (armour used/capacity) [12.A, 12.B]."""
    g = pos.graph
    xy = g.layout()
    places: dict[str, dict[str, Any]] = {}
    for pid, p in pos.map.points.items():
        facts = [p.control or "no one", f"{p.vp} VP" if p.vp else "", "fortress" if p.fortress
                 else "", f"port ({p.port})" if p.port else ""]
        places[pid] = {"xy": xy[pid], "r": 9 + 3 * min(p.vp, 2), "fill": CONTROL[p.control],
                       "stroke": "#1a4d8f" if p.port else "#000",
                       "stroke_width": 3 if p.port else 1.5, "name": p.name or pid,
                       "title": f"{p.name or pid}: " + ", ".join(f for f in facts if f)}
    for tid, t in pos.map.transit.items():
        places[tid] = {"xy": xy[tid], "transit": True, "fill": "#fff", "name": t.name or tid,
                       "title": f"{t.name or tid} (transit, {', '.join(t.sides)})"}
    loads = {x.index: x for x in capacity(pos).lines}
    lines = []
    for ln in g.lines:
        x = loads.get(ln.index)
        label = _load(x) if x is not None else ""
        full = x is not None and (x.room_halves <= 1 or x.armor_room_halves <= 1)
        lines.append({"id": ln.index, "ends": [ln.a, ln.b], "width": STROKE.get(ln.class_, 2.0),
                      "colour": "#e0a800" if ln.highway else "#3a3a3a",
                      "dash": "6 4" if ln.special else None, "label": label,
                      "label_colour": "#b00000" if full else "#1a4d8f",
                      "title": f"{ln.label}: {ln.class_}" + (" highway" if ln.highway else "")
                      + (f" ({ln.special})" if ln.special else "")
                      + (f"; load {label} [12.A, 12.B]" if label else "")})
    units = []
    for u in pos.units:
        c = unit_json(u, u.at)
        c.update(label=u.type[:3], tip=f"{u.id} ({u.side} {u.type})"
                 + (", dispersed" if u.dispersed else ""))
        units.append(c)
    legend = [("#3a3a3a", "line: thick major, medium minor, thin inferior; dashed special"),
              ("#e0a800", "highway"), ("#1a4d8f", "line load used/capacity (armour), "
                                                   "red when full [12.A, 12.B]")]
    sides = ["axis", "soviet"]
    return graph_view(places, lines, units, sides, legend=legend)


def _unit_moves(pos: Position, unit: str, readings: dict[str, str]):
    """A unit's moves, kept on the position (an edit makes a new position)."""
    memo = pos.__dict__.setdefault("_board_memo", {})
    key = (unit, tuple(sorted(readings.items())))
    if key not in memo:
        memo[key] = unit_moves(pos, unit, readings)
    return memo[key]


def _moves(pos: Position, unit: str, readings: dict[str, str], d: Drawing,
           lines: list) -> dict[str, Any]:
    ans = _unit_moves(pos, unit, readings)
    lines.append(line(f"{unit} at {ans.at}, {ans.phase} phase", ans.rules))
    ends: set[str] = set()
    for o in ans.options:
        end = o.path[-1]
        if o.allowed:
            how = "by sea to" if o.by == "sea" else "to"
            lines.append(line(f"{unit} may go {how} {end}"
                              + (f" by {', '.join(o.lines)}" if o.lines else ""),
                              sorted({r for n in o.notes for r in n.rules}) or ans.rules, "ok"))
            if end not in ends:
                d.hex(end, "allowed", f"{unit} may go here")
                d.path(o.path, "allowed", " -> ".join(o.path), hover=end)
            ends.add(end)
    for o in ans.options:
        end = o.path[-1]
        if not o.allowed and end not in ends:
            f = o.findings[0]
            lines.append(line(f"{unit} not to {end} ({' -> '.join(o.path)}): {f.text}", f.rules,
                              "refused"))
            d.hex(end, "refused", f"{f.text} [{', '.join(f.rules)}]")
            ends.add(end)
    return ans.to_json()


def ask_point(pos: Position, warm: Any, readings: dict[str, str],
              p: dict[str, Any]) -> Reply:
    at = p["point"]
    d = Drawing()
    d.hex(at, "selected", at)
    units = [u for u in pos.units_at(at) if u.side == pos.phasing]
    lines: list = []
    answer: dict[str, Any] = {"point": at, "moves": []}
    cli = []
    if not units:
        lines.append(line(f"no {pos.phasing} unit at {at} to move", ["12.0"]))
    for u in units:
        answer["moves"].append(_moves(pos, u.id, readings, d, lines))
        cli.append(f"adjudicator moves FILE --unit {u.id}" + _flags(readings) + " --json")
    return Reply(answer, cli, lines, d)


def ask_moves(pos: Position, warm: Any, readings: dict[str, str],
              p: dict[str, Any]) -> Reply:
    d = Drawing()
    u = pos.units_by_id[p["unit"]]
    d.hex(u.at, "selected", u.at)
    lines: list = []
    answer = _moves(pos, u.id, readings, d, lines)
    return Reply(answer, [f"adjudicator moves FILE --unit {u.id}" + _flags(readings)
                          + " --json"], lines, d)


def ask_check(pos: Position, warm: Any, readings: dict[str, str],
              p: dict[str, Any]) -> Reply:
    if not p["path"]:
        raise usage_error("click the points of the move", "params.path")
    u = pos.units_by_id[p["unit"]]
    move = Move(unit=u.id, path=list(p["path"]), by=p["by"])
    ans = check_moves(pos, [move], readings)
    d = Drawing()
    d.hex(u.at, "selected", u.at)
    mine = [f for f in ans.findings if not f.done]
    d.path([u.at, *move.path], "allowed" if ans.allowed else "refused",
           " -> ".join([u.at, *move.path]))
    if ans.allowed:
        lines = [line(f"yes: {u.id} may move {' -> '.join([u.at, *move.path])}", ans.rules,
                      "ok")]
    else:
        f = ans.first
        which = "a move already made" if f.done else f"{f.unit}'s move"
        lines = [line(f"no: {which} breaks {', '.join(f.rules)}: {f.text}", f.rules,
                      "refused")]
        if not f.done:
            d.hex(move.path[-1], "refused", f.text)
    lines += [line(f"also: {f.text}", f.rules, "refused") for f in mine[1:]]
    lines += [line(f"note: {n.text}", n.rules) for n in ans.notes if not n.done]
    by = ", by: sea" if move.by == "sea" else ""
    spec = f"{{unit: {u.id}, path: [{', '.join(move.path)}]{by}}}"
    cli = ["adjudicator check FILE --moves MOVES.yaml" + _flags(readings)
           + f" --json   (MOVES.yaml: moves: [{spec}])"]
    return Reply(ans.to_json(), cli, lines, d)


def ask_capacity(pos: Position, warm: Any, readings: dict[str, str],
                 p: dict[str, Any]) -> Reply:
    ans = capacity(pos, [], readings)
    d = Drawing()
    lines = [line(f"line capacity for the {ans.side} side, {ans.phase} phase, counted "
                  f"{ans.counted}", ["12.A", "12.B"])]
    for x in ans.lines:
        full = x.room_halves <= 1 or x.armor_room_halves <= 1
        a, b = x.ends
        d.label(a, _load(x), "full" if full else "room", between=(a, b))
        if x.used_halves:
            d.path([a, b], "refused" if full else "advance", f"{a}-{b}: {_load(x)}")
            lines.append(line(f"{a}-{b}" + ("" if x.direction == "both" else
                                            f" ({x.direction})")
                              + f": {_load(x)}" + (", full" if full else ""),
                              [x.rule, "12.B"], "refused" if full else ""))
    return Reply(ans.to_json(), ["adjudicator capacity FILE" + _flags(readings) + " --json"],
                 lines, d)


def ask_combat(pos: Position, warm: Any, readings: dict[str, str],
               p: dict[str, Any]) -> Reply:
    ans = combat_order(pos, readings)
    d = Drawing()
    lines = []
    if not ans.battles:
        lines.append(line("no battles declared", ["13.0"]))
    elif ans.allowed:
        lines.append(line("the battles may be fought in this order", ["13.0"], "ok"))
    for pr in ans.problems:
        lines.append(line(f"no: {pr['text']}", pr["rules"], "refused"))
    for b in ans.battles:
        d.hex(b["point"], "defender", f"battle {b['battle']}")
        d.label(b["point"], f"#{b['battle']}", "refused" if ans.problems else "ok")
    if ans.problems:
        lines.append(line("an order that works: " + ", ".join(
            f"{i} ({pos.battles[i - 1].point})" for i in ans.order), ["13.0"]))
    for f in ans.fortresses:
        lines.append(line(f"fortress {f['point']}: level {f['level']}, {f['major_infantry']} "
                          f"major infantry-type defenders",
                          sorted({r for k in ("breakthroughs", "firepower") if k in f
                                  for r in f[k]["rules"]})))
    return Reply(ans.to_json(), ["adjudicator combat-order FILE" + _flags(readings)
                                 + " --json"], lines, d)


POINT = Param("point", "hex", "point")
ASKS = [
    Ask("point", "This point", "where each unit of the side to move there may go.", (POINT,),
        ask_point, ("movement",)),
    Ask("moves", "Moves", "Where a unit may go this phase, and by which lines.",
        (Param("unit", "unit", "unit"),), ask_moves, ("movement",)),
    Ask("check", "May it move along?", "May this unit move along these points (the whole "
        "path, with the moves already made)?",
        (Param("unit", "unit", "unit"), Param("path", "hexes", "path", most=12),
         Param("by", "choice", "by", default="land", choices=("land", "sea"))),
        ask_check, ("movement",)),
    Ask("capacity", "Line capacity", "Each line's load this phase: used, capacity, armour.",
        (), ask_capacity, ("movement",)),
    Ask("combat-order", "Combat order", "Is the attacker's order of battles legal?", (),
        ask_combat, ("movement",)),
]
CLICK = "point"


def warm(pos: Position, warm: Any) -> Iterator[None]:
    """Where each unit may go (the side to move first), while the player looks at the
    map, a unit at a time (a click meanwhile waits for one unit at most)."""
    for u in sorted(pos.units, key=lambda u: u.side != pos.phasing):
        try:
            _unit_moves(pos, u.id, {})
        except InputError:  # a unit this position cannot ask about: nothing to warm
            pass
        yield


def check(pos: Position) -> None:
    """The encodings load and ground on the position (as ``validate`` does)."""
    check_moves(pos, [])
