"""``adjudicator attacks`` for Kharkov Battles: attack determination (12.1)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from adjudicator.games.kb42.queries.attack import AttackAnswer, attacks
from adjudicator.output import JsonOpt, ScenarioArg, cite, emit
from adjudicator.scenario import Scenario, load_scenario
from adjudicator.solver import Solver


def print_attacks(answer: AttackAnswer, console: Console) -> None:
    console.print(f"Designated to attack {cite(['12.1'])}: {', '.join(answer.designated)}")
    for h, from_ in answer.must_attack.items():
        console.print(f"{h} must be attacked: it exerts a ZOC on {' '.join(from_)} "
                      f"{cite(['12.1'])}")
    for u, hexes in answer.may_attack.items():
        console.print(f"{u} may attack: {' '.join(hexes) if hexes else 'no adjacent enemy'}")
    for (u, h), rules in sorted(answer.refused.items()):
        console.print(f"{u} may not attack {h} {cite(rules)}")
    for h in answer.unmet:
        console.print(f"[red]{h} must be attacked but no designated unit can[/red] "
                      f"{cite(['12.1'])}")
    for u in answer.alone_hqs:
        console.print(f"[red]{u} is an HQ and may not attack by itself[/red] {cite(['15.11'])}")
    console.print("The designation is " + ("legal." if answer.legal else "not legal."))


def attacks_cmd(file: ScenarioArg,
                units: Annotated[str, typer.Option(
                    "--units", metavar="ID,ID",
                    help="The units given a Prepared Assault marker (12.1).")] = "",
                json: JsonOpt = False) -> None:
    """Which enemy hexes must be attacked, given the units designated to attack (12.1)."""
    sc = load_scenario(file)
    answer = attacks(sc, [u.strip() for u in units.split(",") if u.strip()], Solver(sc.game))
    emit(answer.to_json(), lambda c: print_attacks(answer, c), json)


def demo_attacks(sc: Scenario, console: Console, solver: Solver) -> None:
    print_attacks(attacks(sc, ["6pz-r4"], solver), console)


DEMO_ORDER = 15
DEMO_STEPS = [("Attack determination: 6pz-r4 designated", demo_attacks)]


def register(app) -> None:
    app.command(name="attacks")(attacks_cmd)
