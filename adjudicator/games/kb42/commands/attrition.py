"""``adjudicator attrition`` for Kharkov Battles: Pocket Attrition (8.4, 19.22)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from adjudicator.dice import RollsExhausted
from adjudicator.errors import usage_error
from adjudicator.games import get_game
from adjudicator.games.kb42 import charts as C
from adjudicator.games.kb42.commands.odds import RollOpt, SeedOpt, _rolls
from adjudicator.games.kb42.queries.attrition import AttritionAnswer
from adjudicator.games.kb42.queries.attrition import attrition as attrition_query
from adjudicator.output import JsonOpt, ScenarioArg, cite, emit
from adjudicator.scenario import Scenario, load_scenario
from adjudicator.solver import Solver

TableOpt = Annotated[str | None, typer.Option(
    "--attrition-table", metavar="PATH",
    help="Your Attrition Table (format: docs/kharkov-battles.rst, Charts); default "
         "$ADJUDICATOR_KB42_ATTRITION, else the PRACTICE table.")]


def print_attrition(answer: AttritionAnswer, console: Console) -> None:
    console.print(f"Attrition Table: {escape(answer.table['title'])} "
                  f"(file {escape(answer.table['file'])})")
    for n in answer.notes:
        console.print(f"[yellow]{escape(n)}[/yellow]")
    if not answer.stacks:
        console.print(f"No stack rolls: no unit is Isolated again {cite(['8.4'])}")
    if answer.drm:
        console.print(f"Every roll +{answer.drm}, at most 9 {cite(answer.drm_rules)}")
    for s in answer.stacks:
        line = f"{s.hex} ({', '.join(s.units)}) rolls once {cite(['8.4'])}"
        if s.roll is not None:
            loss = {0: "no loss", "all": "every step"}.get(s.loss, f"{s.loss} step(s)")
            line += f": {s.roll}" + (f" -> {s.modified}" if s.modified != s.roll else "") \
                + f": {loss}"
        console.print(line)


def attrition(file: ScenarioArg, attrition_table: TableOpt = None, roll: RollOpt = None,
              seed: SeedOpt = None, json: JsonOpt = False) -> None:
    """Pocket Attrition: the stacks Isolated again roll one d10 each on the Attrition Table
    (8.4); with --seed or --roll, their losses."""
    sc = load_scenario(file)
    rolls = _rolls(roll)
    if rolls is not None and seed is not None:
        raise usage_error("give either --roll or --seed, not both", "--roll")
    table = C.chart("attrition", attrition_table)
    dice = None if rolls is None and seed is None else \
        get_game("kb42").dice.session(seed=seed, rolls=rolls)
    try:
        answer = attrition_query(sc, table, dice, Solver(sc.game))
    except RollsExhausted as exc:
        raise usage_error(f"{exc}: give one --roll per stack", "--roll") from None
    emit(answer.to_json(), lambda c: print_attrition(answer, c), json)


def demo_attrition(sc: Scenario, console: Console, solver: Solver) -> None:
    print_attrition(attrition_query(sc, C.chart("attrition"), None, solver), console)


DEMO_ORDER = 12
DEMO_STEPS = [("Pocket Attrition", demo_attrition)]


def register(app) -> None:
    app.command()(attrition)
