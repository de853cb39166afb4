"""Advance after combat (Enemy Action: Kharkov 12.8-12.83): where each victorious unit may
advance (the attacked hex, and for a mechanized unit a second hex), and for a Soviet unit
whether it advances: its route of advance, the die range of the 12.83 table, and the
restrictions that bar it.

The encoding decides; this module works out, for a Soviet unit, the facts of 12.83 that
compare the position before and after the advance (enables supply, another unit's supply
cut, German supply reaching a Soviet town, causes surround, closer to the objective), by
asking the supply and terms questions about the position with the unit moved."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import clingo

from adjudicator.games.eak.botfacts import cost_facts
from adjudicator.games.eak.queries.supply import rules
from adjudicator.games.eak.tec import tec_chart
from adjudicator.scenario import Scenario
from adjudicator.solver import Solver

ROUTES = {"vp": "into a VP hex", "primary": "primary direction",
          "supply": "enables supply", "river": "across a river and closer to the objective",
          "secondary": "secondary direction", "retreat_path": "along the path of retreat",
          "surround": "causes surround", "closer": "closer to the objective",
          "attacked": "into the attacked hex"}


def _moved(sc: Scenario, unit: str, to: str) -> Scenario:
    data = sc.model_dump()
    data["units"] = [{**u, "hex": to} if u["id"] == unit else u for u in data["units"]]
    return type(sc).model_validate(data)


def _soviet_traces(sc: Scenario, solver: Solver, probes: list[str]) -> dict:
    ans = solver.solve(sc, "supply",
                       extra=[clingo.Function("probe", [clingo.String(h)]) for h in probes])
    return {(s, h) for s, h, _r in ans.rows_unsorted("hex_supply", 3)}


def _german_proximate(sc: Scenario, solver: Solver, towns: list[str]) -> set[str]:
    """The hexes of ``towns`` a German unit is proximate to (9.3: able to enter the hex,
    or for a garrisoned one next to it or able to enter a hex next to it; botprobe.lp),
    by the movement costs of the Terrain Effects Chart in use (``tec_chart``)."""
    if not towns:
        return set()
    s = clingo.String
    extra = cost_facts(tec_chart(), sc.weather)
    extra += [clingo.Function(n, [s(h)]) for h in towns for n in ("b_probe_hex", "probe")]
    extra += [clingo.Function("b_reacher", [s(v.id)]) for v in sc.units
              if v.side == "german" and v.hex in sc.map.hexes]
    ans = solver.solve(sc, "botprobe", extra=extra)
    return {h for h, _r in ans.rows_unsorted("probe_gprox", 2)}


def _nearly_surrounded(sc: Scenario, solver: Solver) -> set[str]:
    """The Soviet units one move of one German unit would surround (9.3, botterms.lp)."""
    extra = cost_facts(tec_chart(), sc.weather)
    extra += [clingo.Function("b_reacher", [clingo.String(v.id)]) for v in sc.units
              if v.side == "german" and v.hex in sc.map.hexes]
    ans = solver.solve(sc, "botterms", extra=extra)
    return {w for w, _v, _x, _r in ans.rows_unsorted("nearly_surrounded", 4)}


def _objective(sc: Scenario, unit) -> str | None:
    for o in sc.objectives:
        if o.army and o.army == unit.army and o.front == unit.front:
            return o.hex
    for o in sc.objectives:
        if o.army is None and o.front == unit.front:
            return o.hex
    return None


def soviet_facts(sc: Scenario, solver: Solver, unit: str, cands: list[str]) -> list:
    """The before-and-after facts of 12.83 for a Soviet unit advancing into ``cands``."""
    u = sc.units_by_id[unit]
    out: list[clingo.Symbol] = []
    obj = _objective(sc, u)
    towns = [h for h, s in sc.map.hexes.items() if s.terrain in ("town", "city")
             and s.owner == "soviet" and not any(v.hex == h for v in sc.units)]
    others = [v for v in sc.units if v.side == "soviet" and v.id != unit]
    before = _soviet_traces(sc, solver, towns)
    near_before = _german_proximate(sc, solver, towns)
    ta = solver.solve(sc, "terms")
    surround_before = {(v, h) for v, h, _r in ta.rows_unsorted("causes_surround", 3)}
    for h in cands:
        if obj and sc.grid.distance(h, obj) < sc.grid.distance(u.hex, obj):
            out.append(clingo.Function("adv_closer", [clingo.String(unit), clingo.String(h)]))
        after_sc = _moved(sc, unit, h)
        after = _soviet_traces(after_sc, solver, towns)
        gained = [v for v in others if ("soviet", v.hex) in after and ("soviet", v.hex)
                  not in before]
        lost = [v for v in others if ("soviet", v.hex) in before and ("soviet", v.hex)
                not in after]
        if gained:
            out.append(clingo.Function("adv_enables", [clingo.String(h)]))
        if lost:
            out.append(clingo.Function("adv_cuts", [clingo.String(h)]))
        # a German unit newly proximate to, or (turn 4 on) German supply newly traceable
        # to, an empty or garrisoned Soviet town or city
        reached = sc.turn >= 4 and any(("german", t) in after and ("german", t) not in before
                                       for t in towns)
        near = _german_proximate(after_sc, solver, towns) - near_before
        if reached or near:
            out.append(clingo.Function("adv_german_reach", [clingo.String(h)]))
        if sc.turn >= 6 and unit in _nearly_surrounded(after_sc, solver):
            out.append(clingo.Function("adv_nearly", [clingo.String(h)]))
        tb = solver.solve(after_sc, "terms")
        if any(v == unit and (v, g) not in surround_before
               for v, g, _r in tb.rows_unsorted("causes_surround", 3)):
            out.append(clingo.Function("adv_surround", [clingo.String(h)]))
    return out


def advance_answer(sc: Scenario, units: list[str], into: str, mode: str,
                   path: str | None = None, solver: Solver | None = None,
                   readings: dict[str, str] | None = None) -> dict[str, Any]:
    """``mode``: one, two (the defenders retreated that far) or eliminated; ``path``: the
    first hex of their retreat."""
    solver = solver or Solver(sc.game)
    base = [clingo.Function("adv_into", [clingo.String(into)]),
            clingo.Function("adv_mode", [clingo.Function(mode)])]
    if path and mode != "eliminated":
        base.append(clingo.Function("adv_path", [clingo.String(path)]))
    extra = base + [clingo.Function("adv_unit", [clingo.String(u)]) for u in units]
    ans = solver.solve(sc, "advance", extra=extra, readings=readings)
    soviet = [u for u in units if sc.units_by_id[u].side == "soviet"]
    if soviet:
        german = {v.hex for v in sc.units if v.side == "german"}
        cands = sorted(({into} | {b for _u, b, _r in ans.rows_unsorted("adv_second", 3)})
                       - german)
        facts = []
        for u in soviet:
            facts += soviet_facts(sc, solver, u, cands)
        ans = solver.solve(sc, "advance", extra=extra + facts, readings=readings)
    refused: dict[str, list[str]] = defaultdict(list)
    for u, r in ans.rows_unsorted("adv_refused", 2):
        refused[u].append(r)
    first = {u: r for u, _a, r in ans.rows_unsorted("adv_first", 3)}
    over = {u: r for u, _a, r in ans.rows_unsorted("adv_overstacks", 3)}
    halt: dict[str, list[str]] = defaultdict(list)
    for u, r in ans.rows_unsorted("adv_halt", 2):
        halt[u].append(r)
    second: dict[str, list[str]] = defaultdict(list)
    for u, b, _r in ans.rows_unsorted("adv_second", 3):
        second[u].append(b)
    second_no: dict[tuple[str, str], list[str]] = defaultdict(list)
    for u, b, r in ans.rows_unsorted("adv_second_refused", 3):
        second_no[(u, b)].append(r)
    nosup: dict[str, list[str]] = defaultdict(list)
    for u, h, _r in ans.rows_unsorted("adv_no_supply", 3):
        nosup[u].append(h)
    chance = {(u, b): (lo, hi, row) for u, b, lo, hi, row in ans.rows_unsorted("adv_soviet", 5)}
    # the first route of its row in the book's order names it
    sroute: dict[tuple[str, str], str] = {}
    for u, b, w in sorted(ans.rows_unsorted("adv_soviet_route", 3),
                          key=lambda r: list(ROUTES).index(r[2])):
        sroute.setdefault((u, b), w)
    barred: dict[tuple[str, str], list[str]] = defaultdict(list)
    for u, b, r in ans.rows_unsorted("adv_soviet_barred", 3):
        barred[(u, b)].append(r)
    out_units = []
    for u in units:
        entry: dict[str, Any] = {"unit": u, "side": sc.units_by_id[u].side}
        if refused.get(u):
            entry.update(advances=False, rules=rules(refused[u]))
            out_units.append(entry)
            continue
        if u in over or u not in first:
            entry.update(advances=False, rules=["10.4"], note="the attacked hex is full")
            out_units.append(entry)
            continue
        ends = [into] + sorted(second[u])
        entry.update(advances=True, first=into, rules=["12.8"],
                     second=sorted(b for b in second[u] if b not in nosup[u]),
                     stops_in_attacked_hex=rules(halt[u]),
                     refused_second={b: rules(r) for (uu, b), r in sorted(second_no.items())
                                     if uu == u},
                     no_supply=sorted(nosup[u]))
        if u in soviet:
            checks = []
            for h in ends:
                c = chance.get((u, h))
                w = sroute.get((u, h), "other")
                checks.append({
                    "hex": h, "route": ROUTES.get(w, "other route"),
                    "advances_on": None if c is None else
                    ("always" if (c[0], c[1]) == (1, 10) else f"{c[0]}-{c[1]}"),
                    "barred_by": rules(barred.get((u, h), [])),
                    "rules": ["12.83"]})
            entry["soviet_check"] = checks
        out_units.append(entry)
    return {"game": sc.game, "into": into, "mode": mode, "path": path, "units": out_units,
            "rules": ["12.8"]}
