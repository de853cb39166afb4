"""``adjudicator retreats`` for Kharkov Battles: every legal retreat of a stack."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from adjudicator.errors import usage_error
from adjudicator.games.kb42.queries.retreat import RetreatAnswer, retreat
from adjudicator.output import JsonOpt, ScenarioArg, cite, emit
from adjudicator.scenario import Scenario, load_scenario
from adjudicator.solver import Solver

ReadingOpt = Annotated[
    list[str] | None,
    typer.Option("--reading", metavar="RULE=NAME", help="Read a disputed rule another way."),
]


def parse_readings(items: list[str] | None, solver: Solver) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items or []:
        rule, sep, name = item.partition("=")
        problem = solver.game.reading_problem(rule, name) if sep else \
            f"expected RULE=NAME, got '{item}'"
        if problem:
            raise usage_error(problem, "--reading")
        out[rule] = name
    return out


def print_retreat(answer: RetreatAnswer, console: Console) -> None:
    console.print(f"Stack {', '.join(answer.stack)} in {answer.hex} ({answer.steps_in_stack} "
                  f"steps), result r{answer.length}; readings: "
                  + ", ".join(f"{k}={v}" for k, v in sorted(answer.readings.items())))
    for r in answer.retreats:
        mark = "[green]allowed[/green]" if r.allowed else "[red]not allowed[/red]"
        cost = [f"{r.converted} converted (12.62)"] if r.converted else []
        cost += [f"{r.unfulfilled} unfulfilled (12.71)"] if r.unfulfilled else []
        cost += [f"EZOC {' '.join(r.ezoc)} (12.73)"] if r.ezoc else []
        cost += [f"{r.extra} more to a free hex (12.74); Path of Retreat "
                 f"{' '.join(r.advance_path)}"] if r.extra else []
        dead = (f", the stack is eliminated: the victors may advance {r.chosen} hex(es) "
                f"along a path they choose (12.81)") if answer.eliminated(r) else ""
        console.print(f"  {mark}: {r.chosen} of {answer.length} hexes, path "
                      f"{' '.join(r.path)}, {r.steps} step(s) lost"
                      + (f" ({'; '.join(cost)})" if cost else "") + f"{dead} {cite(r.rules)}")
    if answer.breakout and any(r.allowed and r.ezoc for r in answer.retreats):
        console.print(f"  {', '.join(answer.breakout)} may instead make a Breakout Attempt "
                      f"through the EZOC (one die on the Breakout Table, which the rulebook "
                      f"text does not give) {cite(['12.73', '11.1'])}")


def retreats(file: ScenarioArg,
             hex_: Annotated[str | None, typer.Option("--hex")] = None,
             length: Annotated[int | None, typer.Option("--length")] = None,
             attackers: Annotated[str | None, typer.Option("--attackers")] = None,
             marked: Annotated[str | None, typer.Option(
                 "--marked", metavar="H,H",
                 help="Hexes of enemy stacks still holding a Prepared Assault marker: a "
                      "retreat does not end next to them (12.74).")] = None,
             reading: ReadingOpt = None, json: JsonOpt = False) -> None:
    """Every legal retreat of a stack, its path and the steps it costs (12.6-12.7)."""
    sc = load_scenario(file)
    solver = Solver(sc.game)
    chosen = parse_readings(reading, solver)
    if hex_ is None or length is None:
        raise usage_error("give the retreating stack's hex and the result (--hex H --length N)",
                          "--hex")
    if hex_ not in sc.grid:
        raise usage_error(f"'{hex_}' is not a hex of this map", "--hex")
    att = [a for a in (attackers or "").split(",") if a]
    answer = retreat(sc, hex_, length, att, solver, chosen,
                     [m for m in (marked or "").split(",") if m])
    emit(answer.to_json(), lambda c: print_retreat(answer, c), json)


def demo_retreat(sc: Scenario, console: Console, solver: Solver) -> None:
    print_retreat(retreat(sc, "KB3516", 2, ["KB3617"], solver), console)


DEMO_ORDER = 20
DEMO_STEPS = [("Retreat of the stack in KB3516 (r2, attacked from KB3617)", demo_retreat)]


def register(app) -> None:
    app.command()(retreats)
