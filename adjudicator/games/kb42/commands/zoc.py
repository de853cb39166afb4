"""``adjudicator zoc`` for Kharkov Battles: who controls which hex, for each purpose."""

from __future__ import annotations

from rich.console import Console

from adjudicator.games.kb42.queries.zoc import PURPOSES
from adjudicator.games.kb42.queries.zoc import zoc as zoc_query
from adjudicator.output import JsonOpt, ScenarioArg, cite, emit
from adjudicator.scenario import Scenario, load_scenario
from adjudicator.solver import Solver


def print_zoc(sc: Scenario, console: Console, solver: Solver | None = None) -> None:
    answer = zoc_query(sc, solver)
    for p in PURPOSES:
        for side in ("axis", "soviet"):
            hexes = [h for h, ss in answer.controls[p].items() if side in ss]
            console.print(f"[bold]{side.capitalize()} ZOC for {p}[/bold] {cite(['2.4'])}: "
                          + (" ".join(hexes) if hexes else "none"))
    for h, by in sorted(answer.exerts.items()):
        for s, rules in sorted(by.items()):
            if rules != ["2.4"]:
                console.print(f"{s} units in {h} exert a ZOC {cite(rules)}")
    for u, rules in sorted(answer.no_zoc.items()):
        console.print(f"{u} exerts no ZOC of its own {cite(rules)}")
    for (a, b, s, p), rules in sorted(answer.blocked.items()):
        console.print(f"{s} ZOC from {a} does not cross into {b} ({p}) {cite(rules)}")
    for (h, s, p), rules in sorted(answer.negated.items()):
        console.print(f"{s} ZOC in {h} is negated for {p} {cite(rules)}")
    for u, rules in sorted(answer.infiltrators.items()):
        barred = [h for (v, h) in answer.infiltration_barred if v == u]
        console.print(f"{u} may ignore EZOC for a one-hex move (Mobile Infiltration) "
                      f"{cite(rules)}" + (f", not into {' '.join(sorted(barred))}"
                                          if barred else ""))


def zoc(file: ScenarioArg, json: JsonOpt = False) -> None:
    """For every hex, the sides whose zone of control is in force there, by purpose."""
    sc = load_scenario(file)
    emit(zoc_query(sc).to_json(), lambda c: print_zoc(sc, c), json)


DEMO_ORDER = 0
DEMO_STEPS = [("Zones of control", print_zoc)]


def register(app) -> None:
    app.command()(zoc)
