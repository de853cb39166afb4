"""``adjudicator ammunition`` for Streets of Stalingrad: how many IF artillery AF points
a side may not use this turn (14.71-14.75), from the Ammunition Status Table."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.console import Console

from adjudicator.errors import did_you_mean, usage_error
from adjudicator.games import get_game
from adjudicator.games.sos import charts
from adjudicator.games.sos.commands.fire import _read
from adjudicator.games.sos.facts import const, q
from adjudicator.games.sos.los import _solve
from adjudicator.output import JsonOpt, ScenarioArg, cite, emit
from adjudicator.scenario import Scenario, load_scenario

DEMO_ORDER = 30


def shortage(sc: Scenario, side: str, roll: int, saved: int = 0,
             path: str | None = None) -> dict[str, Any]:
    table = charts.ammo(path)
    if sc.date is None:
        from adjudicator.errors import InputError, Problem

        raise InputError([Problem(sc.source or "<position>", 1, "date",
                                  "the position has no date: ammunition depends on it "
                                  "(14.71)")])
    facts = [f"ask({side}).", f"roll({roll}).", f"saved({saved}).",
             f"today({sc.date.strftime('%Y%m%d')})."]
    for s, rows in table.data["rows"].items():
        for day, m in rows.items():
            facts.append(f"ammo_row({s},{day.strftime('%Y%m%d')},{m}).")
    for u in sc.units:
        if u.side == side:
            facts.append(f"unit({q(u.id)},{u.side},{q(u.hex)}). cls({q(u.id)},"
                         f"{const(u.unit_class)}). af({q(u.id)},{u.attack}).")
    by = _read(_solve("\n".join(facts), ["sos/ammunition.lp"]))
    data: dict[str, Any] = {"side": side, "date": sc.date.isoformat(), "roll": roll,
                            "saved": saved, "table": table.describe(),
                            "rules": ["14.71", "14.72", "14.75"]}
    if by.get("no_shortage"):
        data.update(shortage=0, unusable=0, saved_left=saved,
                    why=[r for _, r in by["no_shortage"]])
    else:
        data.update(number=by["ammo_number"][0][1], shortage=by["shortage"][0][1],
                    unusable=by["unusable"][0][1], saved_left=by["saved_left"][0][1])
    data["if_af"] = by.get("counted", [[side, 0, "14.73"]])[0][1]
    data["exempt"] = [{"unit": u, "rule": r} for u, r in by.get("exempt", [])]
    if table.practice and "number" in data:
        data["practice_note"] = charts.AMMO_NOTE
    return data


def print_shortage(data: dict[str, Any], console: Console) -> None:
    console.print(f"[bold]Ammunition, {data['side']} side, {data['date']}[/bold] "
                  f"{cite(data['rules'])}")
    if "number" not in data:
        console.print(f"  no shortage yet {cite(data['why'])}")
    else:
        console.print(f"  roll {data['roll']} x {data['number']} = {data['shortage']} AF "
                      f"points short {cite(['14.72'])}")
        console.print(f"  less {data['saved']} saved: {data['unusable']} IF artillery AF "
                      f"points may not fire; {data['saved_left']} saved left {cite(['14.75'])}")
    console.print(f"  IF artillery AF of the side on the map and in boxes: {data['if_af']} "
                  f"{cite(['14.73'])}")
    for e in data["exempt"]:
        console.print(f"  {e['unit']} is not affected {cite([e['rule']])}")
    console.print(f"  table: {data['table']['id']}")
    if "practice_note" in data:
        console.print(f"  [yellow]{data['practice_note']}[/yellow]")


def ammunition(
    file: ScenarioArg,
    side: Annotated[str, typer.Option("--side", help="The side rolling.")],
    roll: Annotated[int, typer.Option("--roll", min=1, max=10,
                                      help="Its d10 roll (0 reads as 10).")],
    saved: Annotated[int, typer.Option("--saved", min=0, max=100000,
                                       help="IF AF points saved so far (14.75).")] = 0,
    ammo: Annotated[str | None, typer.Option(
        "--ammo", help="Your Ammunition Status Table file (default: the PRACTICE one).")
    ] = None,
    json: JsonOpt = False,
) -> None:
    """How many IF artillery AF points a side may not fire this turn (14.71-14.75)."""
    sc = load_scenario(file)
    sides = get_game(sc.game).sides
    if side not in sides:
        raise usage_error(f"'{side}' is not one of {', '.join(sides)}"
                          f"{did_you_mean(side, sides)}", "--side")
    data = shortage(sc, side, roll, saved, ammo)
    emit(data, lambda c: print_shortage(data, c), json)


def _demo(sc, console, solver) -> None:
    import datetime

    console.print("The German player on 20 September, 27 AF points saved, rolls 5 (14.75):")
    later = sc.model_copy(update={"date": datetime.date(1942, 9, 20)})
    print_shortage(shortage(later, "german", 5, 27), console)


DEMO_STEPS = [("Ammunition (14.7)", _demo)]


def register(app: typer.Typer) -> None:
    app.command()(ammunition)
