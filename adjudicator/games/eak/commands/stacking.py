"""``adjudicator stacking`` for Enemy Action: Kharkov: every stack over the limit of three
units or six steps (10.4)."""

from __future__ import annotations

from rich.console import Console

from adjudicator.games.eak.queries.stacking import stacking_answer
from adjudicator.output import JsonOpt, ScenarioArg, cite, emit
from adjudicator.scenario import Scenario, load_scenario
from adjudicator.solver import Solver


def print_stacking(sc: Scenario, console: Console, solver: Solver | None = None,
                   answer: dict | None = None) -> None:
    a = answer or stacking_answer(sc, solver)
    if not a["overstacked"]:
        console.print(f"Every stack is within three units and six steps {cite(['10.4'])}")
    for o in a["overstacked"]:
        console.print(f"{o['hex']} ({o['side']}): {o['units']} units, {o['steps']} steps: "
                      f"over the limit {cite(o['rules'])}; {o['remedy']}")


def stacking(file: ScenarioArg, json: JsonOpt = False) -> None:
    """Stacks over the limit of three units or six steps (10.4), and what follows."""
    sc = load_scenario(file)
    solver = Solver(sc.game)
    answer = stacking_answer(sc, solver)
    emit(answer, lambda c: print_stacking(sc, c, solver, answer), json)


DEMO_ORDER = 4
DEMO_STEPS = [("Stacking", print_stacking)]


def register(app) -> None:
    app.command()(stacking)
