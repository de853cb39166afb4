"""``adjudicator advances`` for Kharkov Battles: advance after combat (12.8, 12.51)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from adjudicator.errors import usage_error
from adjudicator.games.kb42.queries.advance import AdvanceAnswer, advance
from adjudicator.output import JsonOpt, ScenarioArg, cite, emit
from adjudicator.scenario import Scenario, load_scenario
from adjudicator.solver import Solver


def _split(text: str | None) -> list[str]:
    return [t.strip() for t in (text or "").split(",") if t.strip()]


def print_advance(answer: AdvanceAnswer, console: Console) -> None:
    console.print(f"Path of Retreat {' '.join(answer.path_of_retreat)}, at most "
                  f"{answer.length} hexes {cite(['12.8'])}"
                  + (" after an Encirclement Bonus [12.51]" if answer.encircled else ""))
    for u in answer.units:
        kind = "mechanized" if u.mechanized else "non-mechanized"
        if not u.ends:
            console.print(f"[bold]{u.unit}[/bold] ({kind}) may not advance")
        for h, trail in u.ends.items():
            stop = f", stops there {cite(u.stops[h])}" if h in u.stops else ""
            console.print(f"[bold]{u.unit}[/bold] ({kind}) may end in {h} via "
                          f"{' '.join(trail)}{stop}")


def advances(file: ScenarioArg,
             path: Annotated[str | None, typer.Option("--path")] = None,
             units: Annotated[str, typer.Option("--units")] = "",
             allowance: Annotated[int | None, typer.Option("--allowance")] = None,
             mode: Annotated[str, typer.Option("--mode")] = "normal",
             json: JsonOpt = False) -> None:
    """Where each victorious unit may end its advance after combat (12.8)."""
    if mode not in ("normal", "encirclement"):
        raise usage_error(f"for kb42 --mode is normal or encirclement (12.51), not '{mode}'",
                          "--mode")
    sc = load_scenario(file)
    answer = advance(sc, _split(path), _split(units), allowance, mode == "encirclement",
                     Solver(sc.game))
    emit(answer.to_json(), lambda c: print_advance(answer, c), json)


def demo_advance(sc: Scenario, console: Console, solver: Solver) -> None:
    print_advance(advance(sc, ["KB3618", "KB3519"], ["15tk", "25gd"], 2, solver=solver),
                  console)


DEMO_ORDER = 30
DEMO_STEPS = [("Advance into KB3618 along the Path of Retreat KB3618 KB3519", demo_advance)]


def register(app) -> None:
    app.command(name="advances")(advances)
