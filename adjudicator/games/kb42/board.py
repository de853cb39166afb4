"""What the Kharkov Battles board offers in the browser (``adjudicator serve``).

Each ask calls the function its command calls (``zoc``, ``supply``, ``retreats``,
``advances``, ``attacks``), so the answer is the one ``adjudicator <command> --json``
prints; this module only picks what to light on the map.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from adjudicator.errors import InputError
from adjudicator.games.kb42.queries.advance import advance
from adjudicator.games.kb42.queries.attack import attacks
from adjudicator.games.kb42.queries.retreat import retreat
from adjudicator.games.kb42.queries.supply import supply as supply_query
from adjudicator.games.kb42.queries.zoc import PURPOSES
from adjudicator.games.kb42.queries.zoc import zoc as zoc_query
from adjudicator.scenario import Scenario
from adjudicator.solver import Solver
from adjudicator.web.asks import (
    Ask,
    Drawing,
    Edit,
    Param,
    Reply,
    line,
    readings_note,
    with_readings,
)

STATE = {"operational": "Operational", "oos": "Out of Supply", "isolated": "Isolated"}


def _flags(readings: dict[str, str]) -> str:
    return "".join(f" --reading {r}={n}" for r, n in sorted(readings.items()))


def _memo(sc: Scenario, key: tuple, fn):
    """A whole-position answer kept on the position (an edit makes a new position)."""
    memo = sc.__dict__.setdefault("_board_memo", {})
    if key not in memo:
        memo[key] = fn()
    return memo[key]


# -- a click on a hex: who controls it, the stack's ZOC, its supply ------------------------------


def ask_hex(sc: Scenario, solver: Solver, readings: dict[str, str],
            p: dict[str, Any]) -> Reply:
    h = p["hex"]
    stack = sc.units_at(h)
    ids = {u.id for u in stack}
    sides = sorted({u.side for u in stack})
    d = Drawing()
    d.hex(h, "selected", h)
    rkey = tuple(sorted(readings.items()))
    z = _memo(sc, ("zoc", rkey), lambda: zoc_query(with_readings(sc, readings), solver))
    lines = []
    for purpose in PURPOSES:
        who = z.controls[purpose].get(h, [])
        lines.append(line(f"ZOC in {h} for {purpose}: {', '.join(who) if who else 'none'}",
                          ["2.4"], "zoc"))
    for side in sides:
        exerts = z.exerts.get(h, {}).get(side)
        if exerts is None:
            lines.append(line(f"the {side} units in {h} exert no ZOC", ["2.4"], "zoc"))
            continue
        lines.append(line(f"the {side} units in {h} exert a ZOC", exerts, "zoc"))
        for n in sc.grid.neighbours(h):
            if side in z.controls["movement"].get(n, []) and (h, n, side, "movement") not in \
                    z.blocked:
                d.hex(n, "zoc", f"{n}: in the {side} ZOC for movement [2.4]")
    for u, rules in sorted(z.no_zoc.items()):
        if u in ids:
            lines.append(line(f"{u} exerts no ZOC of its own", rules, "zoc"))
    for (a, b, s, purpose), rules in sorted(z.blocked.items()):
        if a == h:
            lines.append(line(f"{s} ZOC from {a} does not cross into {b} ({purpose})", rules,
                              "zoc"))
    for (x, s, purpose), rules in sorted(z.negated.items()):
        if x == h:
            lines.append(line(f"{s} ZOC in {x} is negated for {purpose}", rules, "zoc"))
    answer: dict[str, Any] = {"zoc": z.to_json()}
    note = readings_note(readings)  # the ZOC and supply questions read them from the file
    cli = ["adjudicator zoc FILE --json" + note]
    if len(sides) == 1:
        sup = _memo(sc, ("supply", sides[0], rkey),
                    lambda: supply_query(with_readings(sc, readings), solver, side=sides[0]))
        answer["supply"] = sup.to_json()
        cli.append(f"adjudicator supply FILE --side {sides[0]} --json" + note)
        for u in sup.units:
            if u.unit not in ids:
                continue
            lines.append(line(f"{u.unit}: {STATE[u.state]}", u.rules, "supply"))
            if u.line:
                d.path(u.line, "supply", f"{u.unit}: supply line [8.11]")
            for st in u.stops:
                lines.append(line(f"{u.unit}: no line from {st.at} into {st.into}: {st.why}",
                                  st.rules, "refused"))
                d.hexside(f"{st.at}-{st.into}", "cut", st.why)
            if u.division_state:
                lines.append(line(f"{u.unit} stacked with its division: "
                                  f"{STATE[u.division_state]}", ["8.34"], "supply"))
    return Reply(answer, cli, lines, d)


# -- retreat -------------------------------------------------------------------------------------


def ask_retreat(sc: Scenario, solver: Solver, readings: dict[str, str],
                p: dict[str, Any]) -> Reply:
    att = list(p.get("attackers") or [])
    a = retreat(sc, p["hex"], p["length"], att, solver, readings)
    d = Drawing()
    d.hex(a.hex, "selected", f"the retreating stack in {a.hex}")
    data = a.to_json()
    lines = [line(f"stack {', '.join(a.stack)} in {a.hex} ({a.steps_in_stack} steps), "
                  f"result r{a.length}; readings: "
                  + ", ".join(f"{k}={v}" for k, v in sorted(a.readings.items())),
                  ["12.6", *data["rules"]])]
    best: dict[str, str] = {}
    rank = 0
    for r in a.retreats:
        if not r.allowed:
            lines.append(line(f"not allowed: {r.chosen} hexes via {' '.join(r.path)}", r.rules,
                              "refused"))
            continue
        rank += 1
        fate = ("eliminated" if r.steps >= a.steps_in_stack else "loses-steps" if r.steps
                else "safe")
        lines.append(line(f"#{rank}: {r.chosen} of {a.length} hexes to {r.end} via "
                          f"{' '.join(r.path)}, {r.steps} step(s) lost"
                          + (f", EZOC {' '.join(r.ezoc)}" if r.ezoc else ""), r.rules, fate))
        if r.end not in best:
            best[r.end] = fate
            d.hex(r.end, fate, f"#{rank}: {r.steps} step(s) lost")
            d.label(r.end, f"#{rank}", fate)
            if len(r.path) > 1:
                d.path(r.path, fate, " ".join(r.path), hover=r.end)
    cli = (f"adjudicator retreats FILE --hex {a.hex} --length {a.length}"
           + (f" --attackers {','.join(att)}" if att else "") + _flags(readings) + " --json")
    return Reply(data, [cli], lines, d)


# -- attack determination, then the advance -------------------------------------------------------


def ask_attacks(sc: Scenario, solver: Solver, readings: dict[str, str],
                p: dict[str, Any]) -> Reply:
    a = attacks(sc, list(p["units"]), solver)
    d = Drawing()
    for uid in a.designated:
        u = sc.units_by_id.get(uid)
        if u is not None and u.hex in sc.map.hexes:
            d.hex(u.hex, "attacker", f"{uid} is designated to attack")
    lines = [line(f"designated to attack: {', '.join(a.designated)}", ["12.1"])]
    must = set(a.must_attack)
    for h, from_ in a.must_attack.items():
        d.hex(h, "must", f"{h} must be attacked")
        lines.append(line(f"{h} must be attacked: it exerts a ZOC on {' '.join(from_)}",
                          ["12.1"], "refused"))
    for u, hexes in a.may_attack.items():
        for h in hexes:
            if h not in must:
                d.hex(h, "may", f"{u} may attack {h}")
        lines.append(line(f"{u} may attack: {' '.join(hexes) if hexes else 'no adjacent enemy'}",
                          ["12.1"], "ok"))
    for (u, h), rules in sorted(a.refused.items()):
        lines.append(line(f"{u} may not attack {h}", rules, "refused"))
    for h in a.unmet:
        lines.append(line(f"{h} must be attacked but no designated unit can", ["12.1"],
                          "refused"))
    for u in a.alone_hqs:
        lines.append(line(f"{u} is an HQ and may not attack by itself", ["15.11"], "refused"))
    lines.append(line("the designation is " + ("legal" if a.legal else "not legal"), ["12.1"],
                      "ok" if a.legal else "refused"))
    cli = f"adjudicator attacks FILE --units {','.join(p['units'])} --json"
    return Reply(a.to_json(), [cli], lines, d)


def ask_advance(sc: Scenario, solver: Solver, readings: dict[str, str],
                p: dict[str, Any]) -> Reply:
    path, units = list(p["path"]), list(p["units"])
    enc = p["mode"] == "encirclement"
    a = advance(sc, path, units, p.get("allowance"), enc, solver)
    d = Drawing()
    for h in path:
        d.hex(h, "vacated", "the Path of Retreat")
    lines = [line(f"Path of Retreat {' '.join(a.path_of_retreat)}, at most {a.length} hexes",
                  ["12.8"] + (["12.51"] if a.encircled else []))]
    for u in a.units:
        if not u.ends:
            lines.append(line(f"{u.unit} may not advance", ["12.8"], "refused"))
        for h, trail in u.ends.items():
            stop = u.stops.get(h)
            lines.append(line(f"{u.unit} may end in {h} via {' '.join(trail)}"
                              + (", stops there" if stop else ""), stop or ["12.8"], "end"))
            d.hex(h, "end", f"{u.unit} may end here")
            if len(trail) > 1:
                d.path(trail, "advance", f"{u.unit}: {' '.join(trail)}", hover=h)
    cli = (f"adjudicator advances FILE --path {','.join(path)} --units {','.join(units)}"
           + (f" --allowance {p['allowance']}" if p.get("allowance") else "")
           + (" --mode encirclement" if enc else "") + " --json")
    return Reply(a.to_json(), [cli], lines, d)


HEX = Param("hex", "hex", "hex")
ASKS = [
    Ask("hex", "This hex", "who controls it for each purpose, the stack's ZOC and its supply.",
        (HEX,), ask_hex, ("zoc",)),
    Ask("retreat", "Retreat N", "Every legal retreat of the stack, its end and the steps it costs.",
        (HEX, Param("length", "int", "result (hexes)", default=2, range=(1, 4)),
         Param("attackers", "hexes", "attackers' hexes", required=False, most=6)),
        ask_retreat, ("retreat",)),
    Ask("attacks", "Attacks", "Which enemy hexes must be attacked, given the units designated.",
        (Param("units", "units", "designated units"),), ask_attacks),
    Ask("advance", "Advance", "Where each victorious unit may end its advance after combat.",
        (Param("path", "hexes", "Path of Retreat", most=6), Param("units", "units", "units"),
         Param("allowance", "int", "hexes", required=False, range=(1, 6)),
         Param("mode", "choice", "mode", default="normal",
               choices=("normal", "encirclement"))),
        ask_advance),
]
#: what a plain click on a hex asks
CLICK = "hex"
EDITS = (Edit("steps", "steps left", highest="max_steps"),
         Edit("supply", "supply marker", ("operational", "oos", "isolated")))


def warm(sc: Scenario, solver: Solver) -> Iterator[None]:
    """Ground the whole-position answers a click reads, then one question of each other
    kind (each grounds its query's rules for this position once), a step at a time."""
    _memo(sc, ("zoc", ()), lambda: zoc_query(sc, solver))
    yield
    for side in sorted({u.side for u in sc.units}):
        _memo(sc, ("supply", side, ()), lambda side=side: supply_query(sc, solver, side=side))
        yield
    other = next((u for u in sc.units if u.side != sc.phasing and u.hex in sc.map.hexes),
                 None)
    mine = next((u for u in sc.units if u.side == sc.phasing and u.hex in sc.map.hexes), None)
    # a stack in contact, and the hexes of its attackers (a retreat asked with attackers
    # grounds its own rules)
    contact = [(u.hex, [n for n in sc.grid.neighbours(u.hex)
                        if any(v.side == sc.phasing for v in sc.units_at(n))])
               for u in sc.units if u.side != sc.phasing and u.hex in sc.map.hexes]
    contact = [c for c in contact if c[1]]
    for fn in (lambda: other and retreat(sc, other.hex, 2, [], solver, {}),
               lambda: contact and retreat(sc, contact[0][0], 2, contact[0][1][:1], solver, {}),
               lambda: mine and attacks(sc, [mine.id], solver),
               lambda: other and mine and advance(sc, [other.hex], [mine.id], None, False,
                                                  solver)):
        try:
            fn()
        except InputError:  # a question this position cannot ask: nothing to warm
            pass
        yield
