"""``adjudicator zoc`` for Enemy Action: Kharkov: who controls which hexes (11, 13.22),
a garrison's provisional control (15.21), and what control does to each unit's next step
(10.1, 10.7, 11.1, 15.22)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from rich.console import Console
from rich.table import Table

from adjudicator.games.eak.readings import ReadingOpt, parse_readings
from adjudicator.output import JsonOpt, ScenarioArg, cite, emit
from adjudicator.scenario import Scenario, load_scenario
from adjudicator.solver import Solver

SIDES = ("german", "soviet")


def _rule_key(rule: str) -> tuple:
    return tuple(int(p) if p.isdigit() else 10_000 for p in rule.split("."))


def _rules(rules: Any) -> list[str]:
    return sorted(set(rules), key=_rule_key)


def zoc_answer(sc: Scenario, solver: Solver | None = None,
               readings: dict[str, str] | None = None) -> dict[str, Any]:
    """The zones of control and each unit's possible steps, with their rules."""
    solver = solver or Solver(sc.game)
    ans = solver.solve(sc, "zoc", readings=readings)
    chosen = {**solver.readings_for(sc), **(readings or {})}
    zoc: dict[str, set[str]] = {h: set() for h in sc.map.hexes}
    sources: dict[tuple[str, str], list[str]] = defaultdict(list)
    for h, side, u in ans.rows_unsorted("zoc_source", 3):
        zoc[h].add(side)
        sources[(h, side)].append(u)
    no_zoc: dict[str, list[str]] = defaultdict(list)
    for u, rule in ans.rows_unsorted("no_zoc", 2):
        no_zoc[u].append(rule)
    garrison: dict[str, list[str]] = defaultdict(list)
    for h, g, _rule in ans.rows_unsorted("garrison_zoc", 3):
        garrison[g].append(h)
    steps: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)
    for kind in ("step_refused", "step_allowed", "step_stop"):
        for u, h, rule in ans.rows_unsorted(kind, 3):
            s = steps[u].setdefault(h, {"hex": h, "allowed": True, "stop": False, "rules": []})
            if kind == "step_refused":
                s["allowed"] = False
            if kind == "step_stop":
                s["stop"] = True
            s["rules"].append(rule)
    exit_cost: dict[str, list[str]] = defaultdict(list)
    for u, _n, rule in ans.rows_unsorted("exit_cost", 3):
        exit_cost[u].append(rule)
    removed: dict[str, list[str]] = defaultdict(list)
    for g, _u, rule in ans.rows_unsorted("garrison_removed", 3):
        removed[g].append(rule)
    units = []
    for u in sc.units:
        if u.hex not in sc.map.hexes:
            continue
        moves = []
        for h in sorted(steps[u.id]):
            s = steps[u.id][h]
            if not s["allowed"]:
                s["stop"] = False
                s["rules"] = [r for r in s["rules"] if r != "10.7"]
            s["rules"] = _rules(s["rules"])
            moves.append(s)
        units.append({
            "unit": u.id, "side": u.side, "hex": u.hex,
            "exit_cost": 1 if exit_cost[u.id] else 0,
            "exit_rules": _rules(exit_cost[u.id]),
            "steps": moves,
        })
    return {
        "game": sc.game,
        "readings": {"9.3": chosen.get("9.3")},
        "zoc": {h: sorted(v) for h, v in sorted(zoc.items())},
        "sources": [{"hex": h, "side": s, "units": sorted(us), "rules": ["11.0"]}
                    for (h, s), us in sorted(sources.items())],
        "no_zoc": [{"unit": u, "rules": _rules(r)} for u, r in sorted(no_zoc.items())],
        "garrison_zoc": [{"garrison": g, "hexes": sorted(hs), "rules": ["15.21"]}
                         for g, hs in sorted(garrison.items())],
        "garrisons_removed": [{"garrison": g, "rules": _rules(r)}
                              for g, r in sorted(removed.items())],
        "units": units,
        "rules": ["11.0"],
    }


def print_zoc(sc: Scenario, console: Console, solver: Solver | None = None,
              answer: dict[str, Any] | None = None) -> None:
    a = answer or zoc_answer(sc, solver)
    for side in SIDES:
        hexes = [h for h, sides in a["zoc"].items() if side in sides]
        console.print(f"[bold]{side.capitalize()} ZOC[/bold] {cite(['11'])}: "
                      + (" ".join(hexes) if hexes else "none"))
    both = [h for h, sides in a["zoc"].items() if len(sides) == 2]
    if both:
        console.print(f"Both sides' ZOC {cite(['11.1'])}: {' '.join(both)}")
    for n in a["no_zoc"]:
        console.print(f"{n['unit']} exerts no ZOC: isolated {cite(n['rules'])}")
    for g in a["garrison_zoc"]:
        console.print(f"Garrison in {g['garrison']}: provisional ZOC over "
                      f"{' '.join(g['hexes'])} for German supply at the moments of 15.21 "
                      f"{cite(g['rules'])}")
    for g in a["garrisons_removed"]:
        console.print(f"Garrison in {g['garrison']}: removed when a German unit next to it "
                      f"starts its move {cite(g['rules'])}")
    table = Table("unit", "hex", "leaving costs", "steps", title="Each unit's next step")
    for u in a["units"]:
        parts = []
        for s in u["steps"]:
            verdict = "no" if not s["allowed"] else ("stop" if s["stop"] else "ok")
            parts.append(f"{s['hex']} {verdict} {cite(s['rules'])}")
        cost = f"+1 MP {cite(u['exit_rules'])}" if u["exit_cost"] else "-"
        table.add_row(u["unit"], u["hex"], cost, "; ".join(parts))
    console.print(table)
    console.print(f"Reading of 9.3 (blocked Dniepr adjacency): {a['readings']['9.3']}")


def zoc(file: ScenarioArg, reading: ReadingOpt = None, json: JsonOpt = False) -> None:
    """Zones of control (11, 13.22, 15.21) and each unit's next step under them (10.1,
    10.7, 10.31, 11.1, 15.22). The reading of 9.3 is the position's (``readings``) unless
    --reading names another."""
    chosen = parse_readings(reading)
    sc = load_scenario(file)
    solver = Solver(sc.game)
    answer = zoc_answer(sc, solver, chosen)
    emit(answer, lambda c: print_zoc(sc, c, solver, answer), json)


DEMO_ORDER = 0
DEMO_STEPS = [("Zones of control", print_zoc)]


def register(app) -> None:
    app.command()(zoc)
