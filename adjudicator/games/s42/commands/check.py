"""Command ``check``: may this unit do this now? One question, one answer.

(Its own module: building its options imports every query module, which the other
commands' processes need not do.)"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from typing import Annotated

import typer
from rich.console import Console

from adjudicator.errors import usage_error
from adjudicator.games.s42.commands.bonds import ReadingOpt, parse_readings
from adjudicator.games.s42.queries.check import KINDS, CheckAnswer
from adjudicator.output import JsonOpt, ScenarioArg, cite, emit
from adjudicator.scenario import load_scenario
from adjudicator.solver import Solver


def print_check(answer: CheckAnswer, console: Console) -> None:
    mark = "[green]yes[/green]" if answer.allowed else "[red]no[/red]"
    console.print(f"{mark}: {answer.summary()} {cite(answer.rules)}")
    for f in answer.findings:
        lead = "  refused: " if f.refuses else "  - "
        console.print(f"{lead}{f.text} {cite(f.rules)}")


def _check(file: str, json: bool, reading: list[str] | None, **specs: str | None) -> None:
    given = {k: v for k, v in specs.items() if v is not None}
    options = ", ".join(k.option for k in KINDS.values())
    if len(given) != 1:
        raise usage_error(f"give exactly one of {options}", "check")
    (name, spec), = given.items()
    sc = load_scenario(file)
    solver = Solver(sc.game)
    answer = KINDS[name].fn(sc, spec, solver, parse_readings(reading, solver))
    emit(answer.to_json, lambda c: print_check(answer, c), json)


def _build_check():
    """The ``check`` command with one option per registered kind of question."""
    from adjudicator.games.s42 import queries

    for info in pkgutil.iter_modules(queries.__path__):
        importlib.import_module(f"{queries.__name__}.{info.name}")

    def check(file: str, json: bool = False, reading: list[str] | None = None,
              **specs: str | None) -> None:
        _check(file, json, reading, **specs)

    params = [
        inspect.Parameter("file", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                          annotation=ScenarioArg),
        *(
            inspect.Parameter(
                k.name, inspect.Parameter.KEYWORD_ONLY, default=None,
                annotation=Annotated[str | None, typer.Option(k.option, metavar=k.metavar,
                                                              help=k.help)],
            )
            for k in KINDS.values()
        ),
        inspect.Parameter("reading", inspect.Parameter.KEYWORD_ONLY, default=None,
                          annotation=ReadingOpt),
        inspect.Parameter("json", inspect.Parameter.KEYWORD_ONLY, default=False,
                          annotation=JsonOpt),
    ]
    check.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    check.__doc__ = ("May this unit do this now? One question per call: "
                     + ", ".join(k.option for k in KINDS.values()) + ".")
    return check


def register(app: typer.Typer) -> None:
    app.command(name="check")(_build_check())
