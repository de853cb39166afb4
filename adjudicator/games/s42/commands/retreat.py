"""Command ``retreats`` (Stalingrad '42 chapter 12): every way a stack can retreat."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from adjudicator.errors import did_you_mean, usage_error
from adjudicator.games.s42.commands.bonds import ReadingOpt, parse_readings
from adjudicator.games.s42.queries.retreat import (
    PHASES,
    RetreatAnswer,
    RetreatRequest,
    auto_retreats,
    retreats_many,
)
from adjudicator.hexgrid import is_hex_id
from adjudicator.output import JsonOpt, ScenarioArg, cite, emit
from adjudicator.scenario import Scenario, load_scenario
from adjudicator.solver import Solver

GUIDELINE_TEXT = {
    1: "another way out survives (12.1.3 #1)",
    2: "no Line of Supply, another end has one (12.1.3 #2)",
}


def print_retreat(answer: RetreatAnswer, console: Console) -> None:
    head = (f"[bold]{answer.side.capitalize()} stack in {answer.hex}[/bold] retreating "
            f"{answer.length} hex{'es' if answer.length > 1 else ''} ({answer.phase} phase)")
    console.print(head)
    if not answer.los_checked:
        console.print("  Line of Supply not traced (--no-supply): guideline 2 of 12.1.3 "
                      "not applied")
    if answer.automatic is False:
        console.print("  no automatic retreat: a friendly combat unit not in Full Retreat "
                      "shares the hex [13.3.2]")
    if answer.attackers:
        console.print(f"  attackers in {', '.join(answer.attackers)}; the distance counts "
                      "from the battle hex only [12.1.3]")
    console.print("  rank end   path: outcome, with the deciding rules")
    for o in answer.options:
        outcome = o.describe()
        if not o.eliminated:
            outcome += "; Line of Supply" if o.los else "; no Line of Supply"
        style = "red" if o.eliminated else ("green" if o.rank == 1 else "yellow")
        line = (f"  {o.rank}    [{style}]{o.end:<5}[/{style}] {'-'.join(o.path)}: "
                f"{outcome} {cite(o.rules)}")
        if o.ruled_out_by:
            line += f"; ranked down: {GUIDELINE_TEXT[o.ruled_out_by]}"
        for n in o.notes:
            line += f"; {n['text']} {cite(n['rules'])}"
        console.print(line)
    if answer.eliminated:
        console.print(f"[red]Every way out eliminates the stack[/red] {cite(answer.rules)}")
    for u in answer.units:
        line = f"  {u.id}: {u.fate} {cite(u.rules)}"
        if u.status:
            line += f", then {u.status} {cite(u.status_rules)}"
        for n in u.notes:
            line += f"; {n['text']} {cite(n['rules'])}"
        console.print(line)
    dd = "open" if answer.desperate_defense else "not open (a way out survives)"
    console.print(f"  Desperate Defense: {dd} {cite(answer.desperate_rules)}")


def _split_hexes(text: str | None, option: str) -> list[str]:
    if not text:
        return []
    out = [h.strip() for h in text.split(",") if h.strip()]
    for h in out:
        if not is_hex_id(h):
            raise usage_error(f"'{h}' is not a hex id", option)
    return out


def retreats(
    file: ScenarioArg,
    hex_: Annotated[
        str | None,
        typer.Option("--hex", help="The battle hex whose stack retreats; without it, list the "
                     "Full Retreat stacks that must retreat now (13.3.2)."),
    ] = None,
    length: Annotated[
        int | None,
        typer.Option("--length", min=1, max=4,
                     help="Hexes to retreat: 2, 3 or 4 from the CRT, 1 or 2 for a Delay or "
                     "Disengagement (2 for the 13.3.2 automatic retreat)."),
    ] = None,
    attackers: Annotated[
        str | None, typer.Option("--attackers", metavar="H,H", help="The attackers' hexes "
                                 "(checked; distance counts from the battle hex only)."),
    ] = None,
    phase: Annotated[
        str, typer.Option("--phase", help="combat, breakthrough (15.3.2) or movement "
                          "(the 13.3.2 automatic retreat)."),
    ] = "combat",
    side: Annotated[
        str | None, typer.Option("--side", help="Which side's units retreat, in a Contested "
                                 "City (default: the non-phasing side)."),
    ] = None,
    no_supply: Annotated[
        bool, typer.Option("--no-supply", help="Skip the Line of Supply (guideline 2 of "
                           "12.1.3): much faster on a full-size map."),
    ] = False,
    reading: ReadingOpt = None,
    json: JsonOpt = False,
) -> None:
    """Every end hex of a stack's retreat, a path to it, its fate and rank (12.1-12.4)."""
    sc = load_scenario(file)
    solver = Solver(sc.game)
    chosen = parse_readings(reading, solver)
    if phase not in PHASES:
        raise usage_error(f"phase must be one of {', '.join(PHASES)}, got '{phase}'"
                          f"{did_you_mean(phase, PHASES)}", "--phase")
    if side is not None and side not in ("axis", "soviet"):
        raise usage_error(f"'{side}' is not a side: axis or soviet"
                          f"{did_you_mean(side, ('axis', 'soviet'))}", "--side")
    if hex_ is None:
        _automatic(sc, solver, chosen, json, not no_supply)
        return
    if not is_hex_id(hex_):
        raise usage_error(f"'{hex_}' is not a hex id", "--hex")
    if length is None:
        if phase != "movement":
            raise usage_error("give the retreat length (--length N)", "--length")
        length = 2
    req = RetreatRequest(hex_, length, side, tuple(_split_hexes(attackers, "--attackers")))
    answer, = retreats_many(sc, [req], phase, solver, chosen, with_los=not no_supply)
    emit(answer.to_json(), lambda c: print_retreat(answer, c), json)


def _automatic(sc: Scenario, solver: Solver, readings: dict[str, str], json: bool,
               with_los: bool) -> None:
    due = auto_retreats(sc, solver)
    answers = retreats_many(sc, [RetreatRequest(d.hex, 2, d.side) for d in due], "movement",
                            solver, readings, with_los=with_los) if due else []
    data = {"automatic": [{"hex": d.hex, "side": d.side, "units": d.units, "rules": d.rules,
                           "retreat": a.to_json()} for d, a in zip(due, answers, strict=True)],
            "rules": ["13.3.2"]}

    def text(c: Console) -> None:
        if not due:
            c.print("No Full Retreat stack is next to an enemy combat unit [13.3.2].")
        for d, a in zip(due, answers, strict=True):
            c.print(f"{', '.join(d.units)} in {d.hex}: Full Retreat next to an enemy combat "
                    f"unit, must retreat 2 hexes now {cite(d.rules)}")
            print_retreat(a, c)

    emit(data, text, json)


def first_defender(sc: Scenario) -> str | None:
    """The first hex (by id) of a non-phasing stack next to an enemy combat unit.

    Without one in contact, the first hex of any non-phasing combat stack.
    """
    grid = sc.grid
    defender = "soviet" if sc.phasing == "axis" else "axis"
    hexes = sorted({u.hex for u in sc.units if u.side == defender and u.hex in sc.map.hexes})
    for h in hexes:
        if not any(u.is_combat for u in sc.units_at(h) if u.side == defender):
            continue
        for n in grid.neighbours(h):
            if any(u.side == sc.phasing and u.is_combat for u in sc.units_at(n)):
                return h
    return next((h for h in hexes if any(u.is_combat for u in sc.units_at(h)
                                         if u.side == defender)), None)


def demo_retreat(sc: Scenario, console: Console, solver: Solver) -> None:
    h = first_defender(sc)
    if h is None:
        console.print("No defending combat stack on the map.")
    else:
        answer, = retreats_many(sc, [RetreatRequest(h, 2)], "combat", solver)
        print_retreat(answer, console)
    for d in auto_retreats(sc, solver):
        console.print(f"{', '.join(d.units)} in {d.hex} must retreat 2 hexes at once "
                      f"{cite(d.rules)}")


DEMO_STEPS = [("Retreats (2 hexes, first defending stack)", demo_retreat)]


def register(app: typer.Typer) -> None:
    app.command()(retreats)
