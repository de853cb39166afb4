"""``adjudicator mobile-assault`` for Kharkov Battles: a Mobile Assault (11.2)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from adjudicator.dice import RollsExhausted
from adjudicator.errors import usage_error
from adjudicator.games import get_game
from adjudicator.games.kb42 import charts as C
from adjudicator.games.kb42.charts import ratio_of
from adjudicator.games.kb42.commands.odds import RollOpt, SeedOpt, _rolls
from adjudicator.games.kb42.queries.mobile import REFUSALS, MobileAnswer, mobile
from adjudicator.output import JsonOpt, ScenarioArg, cite, emit
from adjudicator.scenario import Scenario, load_scenario
from adjudicator.solver import Solver

MaOpt = Annotated[str | None, typer.Option(
    "--ma-table", metavar="PATH",
    help="Your Mobile Assault Table (format: docs/kharkov-battles.rst, Charts); default "
         "$ADJUDICATOR_KB42_MA, else the PRACTICE table.")]


def print_mobile(a: MobileAnswer, console: Console) -> None:
    console.print(f"Mobile Assault Table: {escape(a.table['title'])} "
                  f"(file {escape(a.table['file'])})")
    for n in a.notes:
        console.print(f"[yellow]{escape(n)}[/yellow]")
    console.print(f"{a.unit} on {a.target}: {a.attacker}:{a.defender}, {ratio_of(a.level)} "
                  f"{cite(['11.2', '12.0'])}")
    for what, r in a.refused:
        console.print(f"  [red]not allowed: {what}: {REFUSALS.get(r, '')}[/red] {cite([r])}")
    if a.disorganized:
        console.print(f"  below 1-1: no attack; {a.unit} is Disorganized and the Air Points "
                      f"are spent {cite(['11.21', '11.28'])}")
    for name, drm, rules in a.modifiers:
        console.print(f"  {name}: {drm:+d} {cite(rules)}")
    if a.result is not None:
        console.print(f"  roll {a.roll}, modified {a.modified}, column {a.column}: "
                      f"{a.result.text} {cite(['11.26', '11.27'])}")
    console.print("The Mobile Assault is " + ("allowed." if a.legal and not a.disorganized
                                              else "not made."))


def mobile_assault(
    file: ScenarioArg,
    unit: Annotated[str, typer.Option("--unit", help="The mechanized unit assaulting.")],
    target: Annotated[str, typer.Option("--target", help="The hex assaulted.")],
    air: Annotated[int, typer.Option("--air", min=0, help="Attacker's Air Points (5.2).")] = 0,
    defender_air: Annotated[int, typer.Option("--defender-air", min=0,
                                              help="Defender's Air Points (5.2).")] = 0,
    drm: Annotated[list[str] | None, typer.Option(
        "--drm", help="A condition the table lists that applies (repeatable).")] = None,
    ma_table: MaOpt = None, roll: RollOpt = None, seed: SeedOpt = None,
    json: JsonOpt = False) -> None:
    """A Mobile Assault: may the unit make it, the ratio, and with --seed or --roll the
    result read on the Mobile Assault Table (11.2)."""
    sc = load_scenario(file)
    rolls = _rolls(roll)
    if rolls is not None and seed is not None:
        raise usage_error("give either --roll or --seed, not both", "--roll")
    table = C.chart("mobile-assault", ma_table)
    dice = None if rolls is None and seed is None else \
        get_game("kb42").dice.session(seed=seed, rolls=rolls)
    try:
        answer = mobile(sc, unit, target, table, air, defender_air, drm, dice, Solver(sc.game))
    except RollsExhausted as exc:
        raise usage_error(f"{exc}: give one --roll", "--roll") from None
    emit(answer.to_json(), lambda c: print_mobile(answer, c), json)


def demo_mobile(sc: Scenario, console: Console, solver: Solver) -> None:
    print_mobile(mobile(sc, "6pz-r4", "KB3617", C.chart("mobile-assault"), solver=solver),
                 console)


DEMO_ORDER = 17
DEMO_STEPS = [("Mobile Assault: 6pz-r4 on KB3617 (a city)", demo_mobile)]


def register(app) -> None:
    app.command(name="mobile-assault")(mobile_assault)
