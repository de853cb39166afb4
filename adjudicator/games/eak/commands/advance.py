"""``adjudicator advances`` for Enemy Action: Kharkov: where victorious units may advance
after combat (12.8-12.82) and whether a Soviet unit does (12.83)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from adjudicator.errors import usage_error
from adjudicator.games.eak.queries.advance import advance_answer
from adjudicator.games.eak.readings import ReadingOpt, parse_readings
from adjudicator.output import JsonOpt, ScenarioArg, cite, emit
from adjudicator.scenario import Scenario, load_scenario
from adjudicator.solver import Solver

MODES = ("one", "two", "eliminated")


def print_advance(a: dict, console: Console) -> None:
    console.print(f"Advance into {a['into']} (defenders: {a['mode']}"
                  + (f", retreat path {a['path']}" if a["path"] else "") + ")")
    for u in a["units"]:
        if not u["advances"]:
            console.print(f"  {u['unit']}: no advance {cite(u['rules'])}")
            continue
        line = f"  {u['unit']}: into {u['first']} {cite(u['rules'])}"
        if u["second"]:
            line += f"; then may go on to {' '.join(u['second'])} {cite(['12.81'])}"
        elif u["stops_in_attacked_hex"]:
            line += f"; stops there {cite(u['stops_in_attacked_hex'])}"
        console.print(line)
        for h, rules in u["refused_second"].items():
            console.print(f"     not on to {h} {cite(rules)}")
        for h in u["no_supply"]:
            console.print(f"     not to end in {h}: no supply there {cite(['10.5'])}")
        for c in u.get("soviet_check", []):
            verdict = ("barred" if c["barred_by"] else
                       "no advance" if c["advances_on"] is None else
                       "advances" if c["advances_on"] == "always" else
                       f"advances on a roll of {c['advances_on']}")
            console.print(f"     Soviet check into {c['hex']}: {c['route']}: {verdict} "
                          f"{cite(c['barred_by'] or c['rules'])}")


def advances(file: ScenarioArg,
             units: Annotated[str | None, typer.Option(
                 "--units", metavar="U1,U2", help="The victorious attacking units.")] = None,
             into: Annotated[str | None, typer.Option(
                 "--into", metavar="HEX", help="The attacked hex, now vacated.")] = None,
             defender: Annotated[str, typer.Option(
                 "--defender", help="What the defenders did: one (retreated one hex), two "
                 "(two hexes) or eliminated.")] = "one",
             path: Annotated[str | None, typer.Option(
                 "--path", metavar="HEX", help="The first hex of the defenders' retreat.")]
             = None,
             reading: ReadingOpt = None, json: JsonOpt = False) -> None:
    """Where each victorious unit may advance (12.8-12.82), and whether a Soviet unit does
    (12.83: its route of advance, the die range, the restrictions)."""
    chosen = parse_readings(reading)
    sc = load_scenario(file)
    ids = [u for u in (units or "").split(",") if u]
    if not ids:
        raise usage_error("name the advancing units: --units U1,U2", "--units")
    for u in ids:
        if u not in sc.units_by_id:
            raise usage_error(f"no unit '{u}' in this position", "--units")
    if into is None or into not in sc.map.hexes:
        raise usage_error("give the attacked hex of this map: --into HEX", "--into")
    if defender not in MODES:
        raise usage_error(f"--defender is one, two or eliminated, not '{defender}'",
                          "--defender")
    if path is not None and path not in sc.map.hexes:
        raise usage_error(f"'{path}' is not a hex of this map", "--path")
    answer = advance_answer(sc, ids, into, defender, path, Solver(sc.game), chosen)
    emit(answer, lambda c: print_advance(answer, c), json)


def demo_advance(sc: Scenario, console: Console, solver: Solver) -> None:
    print_advance(advance_answer(sc, ["62GRD"], "1006", "one", None, solver), console)


DEMO_ORDER = 3
DEMO_STEPS = [("Advance of 62GRD into 1006 (as if its defenders had retreated one hex)",
               demo_advance)]


def register(app) -> None:
    app.command(name="advances")(advances)
