"""What the Stalingrad '42 board offers in the browser (``adjudicator serve``).

Each ask calls the very function its command calls, so the answer is the one
``adjudicator <command> --json`` prints; this module only picks what to light on the map.
A position is kept warm in a :class:`~adjudicator.games.s42.session.Session` (its solver
keeps the map and the position ground across questions and edits).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from adjudicator.errors import InputError, usage_error
from adjudicator.games.s42.combat.odds import Support, compute_odds
from adjudicator.games.s42.queries import advance as _advance  # noqa: F401 (--advance)
from adjudicator.games.s42.queries.bonds import bonds as bonds_query
from adjudicator.games.s42.queries.check import KINDS
from adjudicator.games.s42.queries.moves import check_move
from adjudicator.games.s42.queries.retreat import PHASES, RetreatRequest, retreats_many
from adjudicator.games.s42.queries.supply import supply as supply_query
from adjudicator.games.s42.queries.zoc import zoc as zoc_query
from adjudicator.games.s42.session import Session
from adjudicator.scenario import Scenario
from adjudicator.solver import Solver
from adjudicator.web.asks import Ask, Drawing, Edit, Param, Reply, line


def _flags(readings: dict[str, str]) -> str:
    return "".join(f" --reading {r}={n}" for r, n in sorted(readings.items()))


def _memo(sc: Scenario, key: tuple, fn):
    """A whole-position answer (ZOC, bonds, supply, and each as JSON) kept on the
    position: every click on a hex reads the same one until the position changes (an
    edit makes a new position)."""
    memo = sc.__dict__.setdefault("_board_memo", {})
    if key not in memo:
        memo[key] = fn()
    return memo[key]


def _stack_side(sc: Scenario, hex_id: str) -> str | None:
    sides = {u.side for u in sc.units_at(hex_id)}
    return sides.pop() if len(sides) == 1 else None


# -- a click on a hex: ZOC, bonds, supply ----------------------------------------------------


def ask_hex(sc: Scenario, ws: Session, readings: dict[str, str],
            p: dict[str, Any]) -> Reply:
    solver = ws.solver
    h = p["hex"]
    stack = sc.units_at(h)
    ids = {u.id for u in stack}
    d = Drawing()
    d.hex(h, "selected", f"{h}")
    lines = []
    z = _memo(sc, ("zoc",), lambda: zoc_query(sc, solver))
    into = z.zoc.get(h, [])
    lines.append(line(f"ZOC in {h}: {', '.join(into) if into else 'none'}", ["6.1"], "zoc"))
    exerted = sorted({s.hex for s in z.sources if ids & set(s.units)})
    for x in exerted:
        d.hex(x, "zoc", f"{x}: in the ZOC of the stack in {h} [6.1]")
    if stack:
        lines.append(line(f"The stack in {h} exerts a ZOC into "
                          f"{' '.join(exerted) if exerted else 'no hex'}", ["6.1"], "zoc"))
    for n in z.no_zoc:
        if n.unit in ids:
            lines.append(line(f"{n.unit} exerts no ZOC", n.rules, "zoc"))
    for b in z.blocked:
        if b.unit in ids:
            lines.append(line(f"{b.unit}'s ZOC does not cross into {b.hex}", b.rules, "zoc"))
    rkey = tuple(sorted(readings.items()))
    bonds = _memo(sc, ("bonds", rkey), lambda: bonds_query(sc, solver, readings))
    for b in bonds.bonds:
        if h not in b.ends and h not in b.through_hexes:
            continue
        state = "broken" if b.broken else "negated" if b.negated else "standing"
        lines.append(line(f"{b.side} {b.kind} bond {'-'.join(b.ends)}: {state}"
                          + (f", closes {' '.join(b.closes_hexes + b.closes_hexsides)}"
                             if b.standing else ""), b.rules, "bond"))
        d.path([b.ends[0], *b.through_hexes, b.ends[-1]] if b.kind == "hex" else list(b.ends),
               "bond-" + state, f"{b.id}: {state}")
        if b.standing:
            for x in b.closes_hexes:
                d.hex(x, "closed", f"closed to the enemy by {b.id} [7.2]")
            for s in b.closes_hexsides:
                d.hexside(s, "closed", f"closed to the enemy by {b.id} [7.2]")
    answer: dict[str, Any] = {"zoc": _memo(sc, ("zoc-json",), z.to_json),
                              "bonds": _memo(sc, ("bonds-json", rkey), bonds.to_json)}
    cli = ["adjudicator zoc FILE --json", "adjudicator bonds FILE" + _flags(readings) + " --json"]
    if stack:
        side = _stack_side(sc, h)
        sup = _memo(sc, ("supply", side, rkey),
                    lambda: _asked(ws, readings).supply_answer(side))
        answer["supply"] = _memo(sc, ("supply-json", side, rkey), sup.to_json)
        cli.append("adjudicator supply FILE" + (f" --side {side}" if side else "")
                   + _flags(readings) + " --json")
        for u in sup.units:
            if u.id not in ids:
                continue
            lines.append(line(f"{u.id}: {u.status}; {u.reason}", u.rules, "supply"))
            if u.path:
                d.path(u.path, "supply", f"{u.id}: Line of Supply")
            if u.cut:
                d.hexside(f"{u.cut.from_hex}-{u.cut.into}", "cut", f"{u.id}: {u.cut.why}")
                d.hex(u.cut.into, "cut", f"{u.id}: {u.cut.why}")
    return Reply(answer, cli, lines, d)


# -- retreat N --------------------------------------------------------------------------------


def _fate(o) -> str:
    if o.eliminated:
        return "eliminated"
    return "loses-steps" if o.steps_paid else "safe"


def ask_retreat(sc: Scenario, ws: Session, readings: dict[str, str],
                p: dict[str, Any]) -> Reply:
    req = RetreatRequest(p["hex"], p["length"], None, tuple(p.get("attackers") or ()))
    a = _asked(ws, readings).retreats_answer(req.hex, req.length, phase=p["phase"],
                                            attackers=req.attackers)
    d = Drawing()
    d.hex(a.hex, "selected", f"the retreating stack in {a.hex}")
    lines = [line(f"{a.side} stack in {a.hex} retreating {a.length} ({a.phase} phase)",
                  ["12.1"])]
    for o in a.options:
        fate = _fate(o)
        lines.append(line(f"rank {o.rank}: {o.end} via {'-'.join(o.path)}: {o.describe()}",
                          o.rules, fate))
        if o.end in sc.map.hexes or o.end in sc.map.entry_areas:
            d.hex(o.end, fate, f"rank {o.rank}: {o.describe()}")
            d.label(o.end, f"#{o.rank}", fate)
            d.path([a.hex, *o.path], fate, f"{'-'.join(o.path)}", hover=o.end)
    if a.eliminated:
        lines.append(line("every way out eliminates the stack", a.rules, "eliminated"))
    for u in a.units:
        lines.append(line(f"{u.id}: {u.fate}" + (f", then {u.status}" if u.status else ""),
                          u.rules + u.status_rules))
    cli = (f"adjudicator retreats FILE --hex {a.hex} --length {a.length} --phase {a.phase}"
           + (f" --attackers {','.join(req.attackers)}" if req.attackers else "")
           + _flags(readings) + " --json")
    return Reply(a.to_json(), [cli], lines, d)


# -- an attack: odds, then the advance ---------------------------------------------------------


def ask_odds(sc: Scenario, ws: Session, readings: dict[str, str],
             p: dict[str, Any]) -> Reply:
    o = compute_odds(sc, p["defender"], list(p["attackers"]), Support(), readings)
    d = Drawing()
    d.hex(o.defender_hex, "defender", "the hex attacked")
    for uid in o.attackers:
        u = sc.units_by_id.get(uid)
        if u is not None and u.hex in sc.map.hexes:
            d.hex(u.hex, "attacker", f"{uid} attacks")
    lines = [line(f"attack {o.attack} : defense {o.defense}, odds {o.ratio}", ["8.3"])]
    for s in o.shifts:
        way = "right" if s.columns > 0 else "left"
        lines.append(line(f"shift {abs(s.columns)} {way} ({s.side}): {s.what}", s.rules, "shift"))
    for f in o.not_applied:
        lines.append(line(f"not applied: {f.what}", f.rules))
    if o.allowed:
        col = "automatic DS" if o.automatic_ds else f"the {o.column} column"
        lines.append(line(f"resolved on {col} (net shift {o.net_shift:+d})", o.rules, "ok"))
    else:
        for f in o.refused:
            lines.append(line(f"not allowed: {f.what}", f.rules, "refused"))
    cli = (f"adjudicator odds FILE --defender-hex {o.defender_hex} --attackers "
           f"{','.join(p['attackers'])}" + _flags(readings) + " --json")
    return Reply(o.to_json(), [cli], lines, d)


def ask_advance(sc: Scenario, ws: Session, readings: dict[str, str],
                p: dict[str, Any]) -> Reply:
    units = list(p["units"])
    a = _asked(ws, readings).advances_answer(p["vacated"], p["allowance"], units)
    d = Drawing()
    d.hex(p["vacated"], "vacated", "the defender's vacated hex")
    lines = []
    for u in a.units:
        if not u.may_advance:
            lines.append(line(f"{u.id} may not advance: {'; '.join(u.why_not)}", u.rules,
                              "refused"))
            continue
        lines.append(line(f"{u.id} from {u.start} may advance up to {u.allowance}",
                          u.rules + u.allowance_rules, "ok"))
        for o in u.options:
            lines.append(line(f"{u.id} to {o.hex} via {' '.join(o.path)}, {o.left} left"
                              + (", must stop" if o.stop != "go" else ""), o.rules, "end"))
            d.hex(o.hex, "end", f"{u.id} may end here")
            d.path([u.start, *o.path], "advance", f"{u.id}: {' '.join(o.path)}", hover=o.hex)
        for r in u.refused:
            lines.append(line(f"{u.id} not into {r.hex}: {'; '.join(r.why)}", r.rules,
                              "refused"))
    cli = (f"adjudicator advances FILE --vacated {p['vacated']} --allowance {p['allowance']} "
           f"--units {','.join(units)}" + _flags(readings) + " --json")
    return Reply(a.to_json(), [cli], lines, d)


# -- may this unit ...? --------------------------------------------------------------------------


def _first_refused(ans, places: list[str]) -> str | None:
    """The hex of the first step refused, read from the refusing finding ("step N, A to B")."""
    for f in ans.findings:
        m = _STEP.match(f.text) if f.refuses else None
        if m and 0 < int(m.group(1)) < len(places):
            return places[int(m.group(1))]
    return ans.target if not ans.allowed else None


def _check(kind: str, spec: str, sc: Scenario, solver: Solver, readings: dict[str, str],
           path: list[str]) -> Reply:
    ans = _check_answer(kind, sc, spec, solver, readings)
    d = Drawing()
    places = [ans.start, *path]
    bad = _first_refused(ans, places)
    if bad is None:
        d.path(places, "allowed", spec)
    else:
        cut = places.index(bad) if bad in places else len(places) - 1
        if cut > 0:
            d.path(places[:cut], "allowed", "the steps before the one refused")
        d.path(places[max(cut - 1, 0):], "refused", spec)
        d.hex(bad, "refused", "the first step refused")
    lines = [line(("yes: " if ans.allowed else "no: ") + ans.summary(), ans.rules,
                  "ok" if ans.allowed else "refused")]
    lines += [line(("refused: " if f.refuses else "") + f.text, f.rules,
                   "refused" if f.refuses else "") for f in ans.findings]
    cli = [f"adjudicator check FILE --{kind} '{spec}'" + _flags(readings) + " --json"]
    return Reply(ans.to_json(), cli, lines, d)


def _check_answer(kind: str, sc: Scenario, spec: str, solver: Solver,
                  readings: dict[str, str]):
    """The ``check --KIND`` answer; a move is checked with the whole position in the
    solver (the same answer as with the command's window: the position's facts are
    then added once for every move asked, not once for each)."""
    if kind == "move":
        return check_move(sc, spec, solver, readings, windowed=False)
    return KINDS[kind].fn(sc, spec, solver, readings)


def ask_move(sc: Scenario, ws: Session, readings: dict[str, str],
             p: dict[str, Any]) -> Reply:
    """The whole path in the Movement Phase (``check --move``): yes, or the first step
    refused and its rule."""
    if not p["path"]:
        raise usage_error("click the hexes of the move", "path")
    return _check("move", f"{p['unit']}:{','.join(p['path'])}", sc, ws.solver, readings,
                  p["path"])


def ask_retreat_path(sc: Scenario, ws: Session, readings: dict[str, str],
                     p: dict[str, Any]) -> Reply:
    solver = ws.solver
    spec = f"{p['unit']}:{','.join(p['path'])}"
    if p.get("length"):
        spec += f":{p['length']}"
    return _check("retreat", spec, sc, solver, readings, p["path"])


def ask_advance_path(sc: Scenario, ws: Session, readings: dict[str, str],
                     p: dict[str, Any]) -> Reply:
    solver = ws.solver
    if not p["path"]:
        raise usage_error("click the hexes of the advance", "path")
    spec = f"{p['unit']}:{','.join(p['path'])};vacated={p['path'][0]};adv={p['allowance']}"
    return _check("advance", spec, sc, solver, readings, p["path"])


_STEP = re.compile(r"step (\d+),")
HEX = Param("hex", "hex", "hex")
ASKS = [
    Ask("hex", "This hex", "Its ZOC, the bonds around it, the supply of the stack in it.",
        (HEX,), ask_hex, ("bonds", "supply")),
    Ask("retreat", "Retreat N", "Every end of the stack's retreat, by fate, with its rank.",
        (HEX, Param("length", "int", "hexes", default=2, range=(1, 4)),
         Param("phase", "choice", "phase", default="combat", choices=tuple(PHASES)),
         Param("attackers", "hexes", "attackers' hexes", required=False, most=6)),
        ask_retreat, ("retreat", "supply", "bonds")),
    Ask("odds", "Attack", "The odds of an attack on a hex, with every shift.",
        (Param("defender", "hex", "defender hex"), Param("attackers", "units", "attackers")),
        ask_odds, ("combat",),
        follow=(("advance", {"vacated": "defender", "units": "attackers"}),)),
    Ask("advance", "Advance", "Every hex each unit may end its Advance After Combat in.",
        (Param("vacated", "hex", "vacated hex"),
         Param("allowance", "int", "Adv", default=4, range=(1, 6)),
         Param("units", "units", "units")),
        ask_advance, ("advance", "bonds")),
    Ask("move", "May it move along?",
        "May this unit move along these hexes in the Movement Phase (the whole path)?",
        (Param("unit", "unit", "unit"), Param("path", "hexes", "path", most=12)),
        ask_move, ("bonds", "movement")),
    Ask("retreat-path", "May it retreat along?", "May this unit retreat along these hexes?",
        (Param("unit", "unit", "unit"), Param("path", "hexes", "path", most=5),
         Param("length", "int", "hexes ordered", required=False, range=(1, 4))),
        ask_retreat_path, ("retreat", "supply", "bonds")),
    Ask("advance-path", "May it advance along?",
        "May this unit advance along these hexes (the first is the vacated hex)?",
        (Param("unit", "unit", "unit"), Param("path", "hexes", "path", most=6),
         Param("allowance", "int", "Adv", default=4, range=(1, 6))),
        ask_advance_path, ("advance", "bonds")),
]
#: what a plain click on a hex asks
CLICK = "hex"
#: what the player may change on a counter
EDITS = (Edit("status", "status", ("good-order", "disrupted", "full-retreat")),
         Edit("steps", "steps left", highest="max_steps"))


def session(sc: Scenario, previous: Session | None) -> Session:
    """The warm session of a position; an edited position shares the previous one's
    solver (the map stays ground)."""
    return previous.with_position(sc) if previous is not None else Session(sc)


def _asked(s: Session, readings: dict[str, str]) -> Session:
    """The session reading the disputed rules as asked (the same solver)."""
    return s if readings == s.readings else Session(s.sc, s.solver, readings)


def warm(sc: Scenario, s: Session) -> Iterator[None]:
    """Ground what the clicks will need while the player looks at the map, a step at a
    time: the whole-position answers a click on a hex reads, then one question of each
    other kind (each grounds its query's rules for this position once)."""
    solver = s.solver
    readings: dict[str, str] = {}
    rkey = ()
    z = _memo(sc, ("zoc",), lambda: zoc_query(sc, solver))
    _memo(sc, ("zoc-json",), z.to_json)
    yield
    b = _memo(sc, ("bonds", rkey), lambda: bonds_query(sc, solver, readings))
    _memo(sc, ("bonds-json", rkey), b.to_json)
    yield
    for side in sorted({u.side for u in sc.units}):
        sup = _memo(sc, ("supply", side, rkey),
                    lambda side=side: supply_query(sc, solver, side=side, readings=readings))
        _memo(sc, ("supply-json", side, rkey), sup.to_json)
        yield
    other = "soviet" if sc.phasing == "axis" else "axis"
    stack = next((u for u in sc.units if u.side == other and u.is_combat
                  and u.hex in sc.map.hexes), None)
    if stack is not None:
        retreats_many(sc, [RetreatRequest(stack.hex, 2)], "combat", solver, readings)
        yield
    mover = next((u for u in sc.units if u.hex in sc.map.hexes), None)
    if mover is not None:
        nb = sc.grid.neighbours(mover.hex)
        if nb:
            _check_answer("move", sc, f"{mover.id}:{nb[0]}", solver, readings)
            yield
    attacker = next((u for u in sc.units if u.side == sc.phasing and u.is_combat
                     and u.hex in sc.map.hexes), None)
    if attacker is not None:
        nb = sc.grid.neighbours(attacker.hex)
        if nb:
            for kind, spec in (("retreat", f"{attacker.id}:{nb[0]}"),
                               ("advance", f"{attacker.id}:{nb[0]};vacated={nb[0]};adv=2")):
                try:
                    KINDS[kind].fn(sc, spec, solver, readings)
                except InputError:  # a question this position cannot ask: nothing to warm
                    pass
                yield
            try:
                s.advances_answer(nb[0], 2, [attacker.id])
            except InputError:
                pass


def prepare(sc: Scenario, name: str, params: dict[str, Any]) -> list[tuple[str, dict]]:
    """What the player is likely to ask next: after a click on a stack, its retreat;
    after a path, that path one hex longer (each way it may go on)."""
    if name == "hex" and sc.units_at(params["hex"]):
        return [("retreat", {"hex": params["hex"]})]
    if name == "move" and params.get("path") and len(params["path"]) < 12 \
            and params["path"][-1] in sc.map.hexes:
        path = params["path"]
        return [("move", {"unit": params["unit"], "path": [*path, n]})
                for n in sc.grid.neighbours(path[-1]) if n not in path]
    return []
