"""Command ``bonds`` (Stalingrad '42 chapter 7), and the ``--reading`` option the
query commands share."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from adjudicator.errors import usage_error
from adjudicator.games.s42.queries.bonds import BondsAnswer
from adjudicator.games.s42.queries.bonds import bonds as bonds_query
from adjudicator.output import JsonOpt, ScenarioArg, cite, emit
from adjudicator.scenario import Scenario, load_scenario
from adjudicator.solver import Solver
from adjudicator.texttable import TextTable, print_table

ReadingOpt = Annotated[
    list[str] | None,
    typer.Option("--reading", metavar="RULE=NAME",
                 help="Read a disputed rule another way (repeatable), e.g. 7.1=vacant."),
]


def parse_readings(items: list[str] | None, solver: Solver) -> dict[str, str]:
    """``RULE=NAME`` options checked against the knowledge base's named readings."""
    known = solver.game.readings()
    out: dict[str, str] = {}
    for item in items or []:
        rule, sep, name = item.partition("=")
        if not sep or rule not in known:
            raise usage_error(f"expected RULE=NAME for a disputed rule "
                              f"({', '.join(sorted(known))}), got '{item}'", "--reading")
        names = [r["name"] for r in known[rule]]
        if name not in names:
            raise usage_error(f"rule {rule} has no reading '{name}' "
                              f"(readings: {', '.join(names)})", "--reading")
        out[rule] = name
    return out


# -- bonds ---------------------------------------------------------------------


def print_bonds(sc: Scenario, console: Console, solver: Solver | None = None,
                answer: BondsAnswer | None = None) -> None:
    answer = answer or bonds_query(sc, solver)
    if not answer.bonds:
        console.print("No ZOC bonds in this position [7.1].")
    else:
        table = TextTable("side", "kind", "ends", "state", "closes / runs through", "rules",
                          title="ZOC bonds")
        for b in answer.bonds:
            if b.broken:
                state = "broken"
            elif b.negated:
                state = "negated"
            else:
                state = ("standing", "bold")
            through = ", ".join(b.through_hexes + b.through_hexsides)
            table.add_row(b.side, b.kind, "-".join(b.ends), state, through, cite(b.rules))
        print_table(console, table)
    for b in answer.bonds:
        for other in b.crosses:
            if b.id < other:
                console.print(f"{b.id} and {other} intersect; both stand and neither side "
                              f"may cross the other's [7.4]")
    for side in ("axis", "soviet"):
        hexes, sides = answer.closed_hexes(side), answer.closed_hexsides(side)
        enemy = "Soviet" if side == "axis" else "Axis"
        if hexes:
            console.print(f"{enemy} units may not enter {' '.join(hexes)} [7.2]")
        if sides:
            console.print(f"{enemy} units may not cross {' '.join(sides)} [7.2]")
    for n in answer.no_bond:
        u = sc.units_by_id[n.unit]
        console.print(f"{n.unit} ({u.hex}) cannot take part in a bond {cite(n.rules)}")
    for x in answer.lone:
        console.print(f"{x.hex}: a single Free Stacking unit or ASU cannot anchor a bond "
                      f"alone {cite(x.rules)}")
    if answer.readings:
        console.print("Readings: " + ", ".join(f"{r} {n}" for r, n in answer.readings.items()))


def bonds(file: ScenarioArg, reading: ReadingOpt = None, json: JsonOpt = False) -> None:
    """Every ZOC bond of both sides: kind, ends, what it closes, negated or broken (7.0)."""
    sc = load_scenario(file)
    solver = Solver(sc.game)
    answer = bonds_query(sc, solver, parse_readings(reading, solver))
    emit(answer.to_json, lambda c: print_bonds(sc, c, answer=answer), json)


def demo_bonds(sc: Scenario, console: Console, solver: Solver) -> None:
    print_bonds(sc, console, solver)


DEMO_STEPS = [("ZOC bonds", demo_bonds)]


def register(app: typer.Typer) -> None:
    app.command()(bonds)
