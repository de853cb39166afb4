"""``adjudicator moves``: where a unit or stack may go this Movement Phase (chapter 5)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from adjudicator.errors import usage_error
from adjudicator.games.s42.commands.bonds import ReadingOpt, parse_readings
from adjudicator.games.s42.movement.tec import PRACTICE_NOTE, tec_chart
from adjudicator.games.s42.queries.moves import MovesAnswer
from adjudicator.games.s42.queries.moves import moves as moves_query
from adjudicator.output import JsonOpt, ScenarioArg, cite, emit
from adjudicator.scenario import Scenario, load_scenario
from adjudicator.solver import Solver

TecOpt = Annotated[
    str | None,
    typer.Option("--tec", metavar="PATH",
                 help="Your terrain effects chart (format: docs/encodings/movement.rst); "
                      "default $ADJUDICATOR_S42_TEC, else the PRACTICE chart."),
]


def print_moves(sc: Scenario, console: Console, solver: Solver | None = None,
                answer: MovesAnswer | None = None, units: list[str] | None = None) -> None:
    if answer is None:
        units = units or [demo_unit(sc)]
        answer = moves_query(sc, units, solver)
    chart = answer.chart
    console.print(f"[bold]{' + '.join(answer.units)}[/bold] ({answer.side}) from "
                  f"{answer.start}; MP costs from {escape(chart['title'])} "
                  f"(file {escape(chart['file'])})")
    if chart.get("practice"):
        console.print(f"[yellow]{PRACTICE_NOTE}[/yellow]")
    allow = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in answer.allowances.items())
    console.print(f"Allowances: {allow or 'none'}")
    for d in answer.no_modes:
        console.print(f"  no {d['mode']} movement: {d['why']} {cite([d['rule']])}")
    table = Table(title=f"Where it may end its move ({len(answer.ends)})")
    for name in ("hex", "kind", "path", "MP spent", "MP left", "stop", "rules"):
        table.add_column(name, overflow="fold")
    for e in answer.ends:
        stop = ("must stop: " + e.why_stop) if e.must_stop else ""
        kind = e.kind + (f" (also {', '.join(e.also)})" if e.also else "")
        table.add_row(e.place, kind, "-".join([answer.start, *e.path]),
                      "" if e.spent is None else str(e.spent),
                      "" if e.left is None else str(e.left), stop, cite(e.rules))
    console.print(table)
    if answer.refused:
        t2 = Table("hex", "why not", "first rule", "mode", title="Next to its reach, not entered")
        for r in answer.refused:
            t2.add_row(r.place, r.text, cite([r.rule]), r.mode)
        console.print(t2)


def demo_unit(sc: Scenario) -> str:
    """The unit the demo asks about: the phasing side's first combat unit that can move."""
    for u in sc.units:
        if u.side == sc.phasing and u.is_combat and not u.train and u.hex in sc.map.hexes \
                and u.status == "good-order":
            return u.id
    return sc.units[0].id


def moves(
    file: ScenarioArg,
    unit: Annotated[str | None, typer.Option("--unit", help="The unit that moves.")] = None,
    units: Annotated[str | None, typer.Option(
        "--units", metavar="A,B", help="A stack moving together at its slowest unit's rate.")]
    = None,
    tec: TecOpt = None,
    reading: ReadingOpt = None,
    json: JsonOpt = False,
) -> None:
    """Every hex a unit or stack may reach this Movement Phase, and why not the others
    (4.x, 5.1-5.7, 6.2, 7.2, 23.x)."""
    if (unit is None) == (units is None):
        raise usage_error("give --unit U or --units A,B (one of them)", "--unit")
    names = [unit] if unit is not None else [u.strip() for u in units.split(",") if u.strip()]
    chart = tec_chart(tec)
    sc = load_scenario(file)
    solver = Solver(sc.game)
    answer = moves_query(sc, names, solver, chart, parse_readings(reading, solver))
    emit(answer.to_json(), lambda c: print_moves(sc, c, answer=answer), json)


DEMO_ORDER = 5
DEMO_STEPS = [("Movement: where one unit may go", print_moves)]


def register(app) -> None:
    app.command()(moves)
