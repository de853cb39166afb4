"""Retreats after combat (Enemy Action: Kharkov 12.7-12.75): for the defending units of a
hex, how far they may retreat, every route the retreat priorities leave (the German
player's choice) or the one route a Soviet stack takes by the tie-breaks, with the steps
each route costs and the rules that decided."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import clingo

from adjudicator.errors import InputError, Problem
from adjudicator.games.eak.queries.supply import rules
from adjudicator.scenario import Scenario
from adjudicator.solver import Solver

PREFERENCES = {"a": "a Soviet VP hex", "b": "not in the direction of a forward arrow",
               "c": "not next to the direction of a forward arrow", "d": "woods",
               "e": "easternmost", "f": "lowest numbered"}


def retreat_answer(sc: Scenario, units: list[str], hexes: int, solver: Solver | None = None,
                   readings: dict[str, str] | None = None) -> dict[str, Any]:
    solver = solver or Solver(sc.game)
    if hexes not in (1, 2):
        raise InputError([Problem(sc.source, 1, "--hexes", "a retreat is one or two hexes "
                                  "(12.7)")])
    extra = [clingo.Function("ret_unit", [clingo.String(u)]) for u in units]
    extra.append(clingo.Function("ret_hexes", [clingo.Number(hexes)]))
    ans = solver.solve(sc, "retreat", extra=extra, readings=readings)
    chosen = {**solver.readings_for(sc), **(readings or {})}
    side = sc.units_by_id[units[0]].side
    start = sc.units_by_id[units[0]].hex
    prio = {h: p for h, p, _r in ans.rows_unsorted("ret_priority", 3)}
    cost: dict[tuple, list] = defaultdict(list)
    for n, a, b, loss, r in ans.rows_unsorted("ret_cost", 5):
        cost[(n, a, b)].append((loss, r))

    def route(n: int, a: str, b: str) -> dict[str, Any]:
        hexes_ = [a] if n == 1 else [a, b]
        loss = cost[(n, a, b)][0][0] if cost[(n, a, b)] else 0
        return {"hexes": hexes_, "priorities": [prio.get(h) for h in hexes_],
                "extra_step_losses": loss,
                "rules": rules([r for _l, r in cost[(n, a, b)]] or ["12.7"])}

    options = [route(n, a, b) for n, a, b in sorted(ans.rows_unsorted("ret_open", 3))]
    soviet = [route(n, a, b) for n, a, b in ans.rows_unsorted("ret_soviet", 3)]
    ties: dict[int, list[dict[str, str]]] = defaultdict(list)
    for k, h, x, _r in sorted(ans.rows_unsorted("ret_tiebreak", 4)):
        ties[k].append({"hex": h, "preference": x, "meaning": PREFERENCES[x]})
    dniepr = [{"step": 1, "hex": h} for _n, h, _r in ans.rows_unsorted("c1_cut", 3)] + \
             [{"step": 2, "from": a, "hex": b} for a, b, _r in ans.rows_unsorted("c2_cut", 3)]
    refused = [r for n, r in ans.rows_unsorted("ret_refused", 2) if n == hexes]
    out: dict[str, Any] = {
        "game": sc.game, "side": side, "hex": start, "units": units, "hexes": hexes,
        "allowed": not refused,
        "refused_by": rules(refused),
        "limits": [{"hexes": n, "rule": r} for n, r in sorted(ans.rows_unsorted("ret_limit", 2))],
        "disperses": rules(r for (r,) in ans.rows_unsorted("ret_disperses", 1)),
        "already_retreated_eliminated": sorted(u for u, _r in ans.rows_unsorted("ret_swept", 2)),
        "blocked": [{"hex": h, "rules": rules(r for hh, r in ans.rows_unsorted("ret_blocked", 2)
                                              if hh == h)}
                    for h in sorted({h for h, _r in ans.rows_unsorted("ret_blocked", 2)})],
        "blocked_hexsides": [{"hexside": f"{a}-{b}", "rule": r} for a, b, r in sorted(
            {(*sorted((a, b)), r) for a, b, r in ans.rows_unsorted("ret_blocked_side", 3)})],
        "overstacked_routes": [route(n, a, b)["hexes"]
                               for n, a, b in sorted(ans.rows_unsorted("route_overstacks", 3))],
        "eliminating_routes": [route(n, a, b)["hexes"] for n, a, b in
                               sorted(ans.rows_unsorted("route_eliminates", 3))],
        "lesser_priority_to_avoid_elimination": bool(list(ans.rows_unsorted("ret_lesser", 1))),
        "dniepr_left_out": dniepr,
        "options": options,
        "split": bool(list(ans.rows_unsorted("ret_split", 2))),
        "no_route": bool(list(ans.rows_unsorted("ret_none", 2))),
        "all_routes_cost_a_step": bool(list(ans.rows_unsorted("ret_all_routes_cost_step", 1))),
        "readings": {"12.7": chosen.get("12.7"), "13.0": chosen.get("13.0")},
        "rules": ["12.7"],
    }
    if side == "soviet":
        out["soviet_route"] = soviet[0] if soviet else None
        out["tiebreaks"] = {str(k): v for k, v in sorted(ties.items())}
        if out["split"] and len(units) > 1:
            out["split_routes"] = split_routes(sc, units, hexes, solver, readings)
    return out


def split_routes(sc: Scenario, units: list[str], hexes: int, solver: Solver,
                 readings: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """12.73: a Soviet stack that must split retreats one unit at a time in ascending
    selector order, each taking the route the priorities and tie-breaks give it alone,
    with the units before it already in the hexes they retreated to."""
    from adjudicator.games.eak.botfacts import army_number, selector

    def key(uid: str) -> tuple:
        u = sc.units_by_id[uid]
        return (selector(u.selector), army_number(u.army or ""), uid)

    out = []
    now = sc
    for uid in sorted(units, key=key):
        one = retreat_answer(now, [uid], hexes, solver, readings)
        route = one["soviet_route"]
        out.append({"unit": uid, "route": route, "tiebreaks": one["tiebreaks"],
                    "rules": ["12.73", *(route["rules"] if route else ["12.71"])]})
        if route:
            moved = [u.model_copy(update={"hex": route["hexes"][-1]}) if u.id == uid else u
                     for u in now.units]
            now = now.model_copy(update={"units": moved})
            now.__dict__.pop("units_by_id", None)
    return out
