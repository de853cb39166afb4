"""Commands ``supply`` and ``attrition`` (Stalingrad '42 chapter 16)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console

from adjudicator.dice import Dice, RollsExhausted
from adjudicator.errors import did_you_mean, usage_error
from adjudicator.games.s42.commands.bonds import ReadingOpt, parse_readings
from adjudicator.games.s42.queries.supply import SupplyAnswer
from adjudicator.games.s42.queries.supply import supply as supply_query
from adjudicator.output import JsonOpt, ScenarioArg, cite, emit
from adjudicator.scenario import Scenario, load_scenario
from adjudicator.solver import Solver
from adjudicator.texttable import TextTable, print_table

if TYPE_CHECKING:
    from adjudicator.games.s42.queries.attrition import AttritionAnswer

SideOpt = Annotated[
    str | None, typer.Option("--side", help="Only this side's units: axis or soviet.")
]
STYLE = {"in-supply": "green", "out-of-supply": "yellow", "isolated": "red"}


def _side(value: str | None, required: bool = False) -> str | None:
    if value is None and not required:
        return None
    if value not in ("axis", "soviet"):
        raise usage_error(f"--side must be axis or soviet, got {value!r}"
                          f"{did_you_mean(value, ('axis', 'soviet'))}", "--side")
    return value


def print_supply(sc: Scenario, console: Console, solver: Solver | None = None,
                 answer: SupplyAnswer | None = None) -> None:
    answer = answer or supply_query(sc, solver)
    console.print(f"Overland portion at most {answer.limit} hexes {cite(answer.limit_rules)}; "
                  f"sources: " + (", ".join(f"{s.side} {s.kind} {s.where} {cite(s.rules)}"
                                            for s in answer.sources) or "none"))
    # (one row per unit, as plain text: the table of a full map is long)
    table = TextTable("unit", "hex", "status", "line of supply / why not", "rules",
                      title="Supply status (16.1)")
    for u in answer.units:
        st = u.status
        if u.changed:
            st += f" (marked {u.marker})"
        if u.path:
            line = " > ".join(u.path)
            parts = []
            if u.overland:
                parts.append(f"overland {' '.join(u.overland)}")
            if u.road:
                parts.append(f"road {' '.join(u.road)}")
            line += "\n" + ("; ".join(parts) if parts else u.reason)
        else:
            line = u.reason
        table.add_row(u.id, u.hex, (st, STYLE[u.status]), line, cite(u.rules))
    print_table(console, table)
    if answer.sea_control:
        for sea, side in answer.sea_control.items():
            console.print(f"{side} commands the Sea of {sea.capitalize()} [16.2.4]")
    counted = [v for v in answer.vp_hexes if v.counts is not None]
    for v in counted:
        verdict = "counts" if v.counts else "does not count (no Line of Supply)"
        console.print(f"Axis-held VP hex {v.hex} {verdict} [24.1.1]")


def supply(file: ScenarioArg, side: SideOpt = None, reading: ReadingOpt = None,
           json: JsonOpt = False) -> None:
    """Every unit's supply status (in supply, out of supply, isolated), its line and why."""
    chosen = _side(side)
    sc = load_scenario(file)
    solver = Solver(sc.game)
    answer = supply_query(sc, solver, side=chosen, readings=parse_readings(reading, solver))
    emit(answer.to_json, lambda c: print_supply(sc, c, solver, answer), json)


def print_attrition(answer: AttritionAnswer, console: Console) -> None:
    if not answer.rollers and not answer.exempt:
        console.print(f"No {answer.side} unit is isolated: no Isolation Attrition [16.5.1].")
        return
    if answer.rollers:
        from rich.table import Table

        table = Table("unit", "hex", "modifiers", "roll", "result", "rules",
                      title=f"{answer.side.capitalize()} Isolation Attrition (16.5)")
        for r in answer.rollers:
            mods = "\n".join(f"{d.value:+d} {d.kind}: {d.reason} {cite(d.rules)}"
                             for d in r.drms) or "none"
            res = (f"loses {r.steps_lost} step(s), {r.steps_after} left"
                   if r.steps_lost else "no effect")
            if r.eliminated:
                res += ", eliminated"
            table.add_row(r.id, r.hex, f"{mods}\ntotal {r.drm:+d}", f"{r.roll} -> {r.modified}",
                          res, cite(r.rules))
        console.print(table)
    for e in answer.exempt:
        console.print(f"{e.id} ({e.hex}) does not roll: {e.why} {cite(e.rules)}")
    if answer.seed is not None:
        console.print(f"dice seed {answer.seed}")


def attrition(
    file: ScenarioArg,
    side: Annotated[str, typer.Option("--side", help="Whose Supply Phase: axis or soviet.")],
    seed: Annotated[int | None, typer.Option(
        "--seed", min=0, max=2**63 - 1, help="Seed for reproducible rolls (0 to 2^63-1).")]
    = None,
    rolls: Annotated[
        str | None, typer.Option("--rolls", help="Given die rolls in unit order, each 1 to 6, "
                                 "e.g. 3,5,1.")
    ] = None,
    reading: ReadingOpt = None,
    json: JsonOpt = False,
) -> None:
    """Isolation Attrition for one side: who rolls, modifiers with reasons, rolls, losses."""
    chosen = _side(side, required=True)
    if seed is not None and rolls is not None:
        raise usage_error("give either --seed or --rolls, not both", "--rolls")
    given = None
    if rolls is not None:
        try:
            given = [int(x) for x in rolls.split(",") if x.strip()]
        except ValueError:
            raise usage_error(f"--rolls takes whole numbers separated by commas, got "
                              f"{rolls!r}", "--rolls") from None
        for r in given:
            if not 1 <= r <= 6:
                raise usage_error(f"'{r}' is not a die roll: a die shows 1 to 6", "--rolls")
    from adjudicator.games.s42.queries.attrition import attrition as attrition_query

    sc = load_scenario(file)
    solver = Solver(sc.game)
    dice = Dice(sides=6, count=1, seed=seed, rolls=given)
    try:
        answer = attrition_query(sc, chosen, dice, solver, parse_readings(reading, solver))
    except RollsExhausted as exc:
        raise usage_error(f"not enough --rolls: {exc}", "--rolls") from None
    except ValueError as exc:
        raise usage_error(str(exc), "--rolls") from None
    emit(answer.to_json(), lambda c: print_attrition(answer, c), json)


def _demo_supply(sc: Scenario, console: Console, solver: Solver) -> None:
    print_supply(sc, console, solver)


def _demo_attrition(sc: Scenario, console: Console, solver: Solver) -> None:
    from adjudicator.games.s42.queries.attrition import attrition as attrition_query

    for side in ("axis", "soviet"):
        print_attrition(attrition_query(sc, side, Dice(sides=6, count=1, seed=42), solver),
                        console)


DEMO_STEPS = [("Supply (16.1-16.3)", _demo_supply),
              ("Isolation attrition (16.5), dice seed 42", _demo_attrition)]


def register(app: typer.Typer) -> None:
    app.command()(supply)
    app.command()(attrition)
