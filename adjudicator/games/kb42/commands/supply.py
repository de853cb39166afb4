"""``adjudicator supply`` for Kharkov Battles: each unit's supply state, line or reasons."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from adjudicator.errors import usage_error
from adjudicator.games.kb42.queries.supply import SupplyAnswer
from adjudicator.games.kb42.queries.supply import supply as supply_query
from adjudicator.output import JsonOpt, ScenarioArg, cite, emit
from adjudicator.scenario import Scenario, load_scenario
from adjudicator.solver import Solver

SideOpt = Annotated[
    str | None, typer.Option("--side", help="Only this side's units: axis or soviet.")
]
STATE = {"operational": "Operational", "oos": "Out of Supply", "isolated": "Isolated"}


def print_supply(sc: Scenario, console: Console, solver: Solver | None = None,
                 answer: SupplyAnswer | None = None) -> None:
    answer = answer or supply_query(sc, solver)
    for s, hexes in answer.sources.items():
        console.print(f"{s} supply sources {cite(['8.2'])}: {' '.join(hexes)}")
    for s in answer.no_source:
        console.print(f"{s} has no supply source on this map {cite(['8.2'])}")
    for u in answer.units:
        console.print(f"[bold]{u.unit}[/bold] ({u.side}, {u.hex}): {STATE[u.state]} "
                      f"{cite(u.rules[:1])}")
        if u.line:
            console.print(f"  supply line {cite(['8.11'])}: {' '.join(u.line)}")
        for st in u.stops:
            console.print(f"  no line from {st.at} into {st.into}: {st.why} {cite(st.rules)}")
        if u.division_state:
            console.print(f"  if it ends the movement phase stacked with its division: "
                          f"{STATE[u.division_state]} {cite(['8.34'])}")


def supply(file: ScenarioArg, side: SideOpt = None, json: JsonOpt = False) -> None:
    """Every unit's supply state (Operational, Out of Supply, Isolated), its line or why not."""
    if side is not None and side not in ("axis", "soviet"):
        raise usage_error(f"--side must be axis or soviet, got {side!r}", "--side")
    sc = load_scenario(file)
    solver = Solver(sc.game)
    answer = supply_query(sc, solver, side=side)
    emit(answer.to_json(), lambda c: print_supply(sc, c, solver, answer), json)


DEMO_ORDER = 10
DEMO_STEPS = [("Supply", print_supply)]


def register(app) -> None:
    app.command()(supply)
