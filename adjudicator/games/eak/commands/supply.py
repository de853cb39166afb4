"""``adjudicator supply`` for Enemy Action: Kharkov: supply heads, every unit's supply
(13.1, 13.21-13.23), the supply and reserve supply of hexes (13, 13.1, 13.3) and Soviet
support (13.5)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from adjudicator.games.eak.queries.supply import supply_answer
from adjudicator.games.eak.readings import ReadingOpt, parse_readings
from adjudicator.output import JsonOpt, ScenarioArg, cite, emit
from adjudicator.scenario import Scenario, load_scenario
from adjudicator.solver import Solver

HexOpt = Annotated[
    list[str] | None,
    typer.Option("--hex", metavar="HEX", help="Also trace both sides' supply from this hex "
                 "(as if a friendly unit stood there, 13); repeatable."),
]
MomentOpt = Annotated[
    bool,
    typer.Option("--garrison-moment", help="At a moment of 15.21 (garrison placement, the "
                 "end-of-turn removal check, the Garrison Front event): garrisons' "
                 "provisional zones of control bar German paths."),
]


def _trace(t: dict) -> str:
    if t["in_supply"]:
        n = t["length"]
        text = f"in supply, {n} hex{'' if n == 1 else 'es'} to a head {cite(t['rules'])}"
    else:
        where = "; ".join(f"{s['from']}->{s['into']} {cite(s['rules'])}" for s in t["stops"])
        text = f"no supply path {cite(t['rules'])}" + (f": stops {where}" if where else "")
    if "reserve_supply" in t:
        if t["reserve_supply"]:
            text += f"; reserve supply {cite(['13.3'])}"
        elif t["in_supply"]:
            barred = " ".join(t.get("reserve_barred_by", []))
            text += f"; no reserve supply (German ZOC in {barred}) {cite(['13.3'])}"
    return text


def print_supply(sc: Scenario, console: Console, solver: Solver | None = None,
                 answer: dict | None = None) -> None:
    a = answer or supply_answer(sc, solver)
    for side in ("german", "soviet"):
        console.print(f"[bold]{side.capitalize()} supply heads[/bold] {cite(['13.1'])}: "
                      + (" ".join(a["heads"][side]) or "none"))
    table = Table("unit", "side", "hex", "Supply Phase", "trace now",
                  title=f"Supply, game-turn {a['turn']}")
    for u in a["units"]:
        phase = f"{u['state']} {cite(u['rules'])}"
        if "surrender" in u:
            phase += f"; surrenders {u['surrender']['step']} {cite(u['surrender']['rules'])}"
        table.add_row(u["unit"], u["side"], u["hex"], phase, _trace(u["trace"]))
    console.print(table)
    for t in a["hexes"]:
        console.print(f"Hex {t['hex']}, {t['side']}: {_trace(t)}")
    s = a["support"]
    if a["turn"] < 5:
        console.print(f"Soviet support: every hex before game-turn 5 {cite(['13.5'])}")
    else:
        line = s["line"] or "unknown (give soviet_vp)"
        hexes = " ".join(s["hexes"]) or "none"
        console.print(f"Soviet support {cite(s['rules'])}: support line {line}; hexes in "
                      f"support: {hexes}")
    if a["garrison_moment"]:
        console.print(f"Garrisons' provisional zones of control counted {cite(['15.21'])}")
    console.print("Readings: " + ", ".join(f"{k}={v}" for k, v in a["readings"].items()))


def supply(file: ScenarioArg, hex: HexOpt = None, garrison_moment: MomentOpt = False,
           reading: ReadingOpt = None, json: JsonOpt = False) -> None:
    """Supply heads, every unit's Supply Phase state and trace, the supply and Soviet
    reserve supply of the hexes asked about, and Soviet support (13.x)."""
    chosen = parse_readings(reading)
    sc = load_scenario(file)
    solver = Solver(sc.game)
    for h in hex or []:
        if h not in sc.map.hexes:
            from adjudicator.errors import usage_error
            raise usage_error(f"'{h}' is not a hex of this position", "--hex")
    answer = supply_answer(sc, solver, list(hex or []), garrison_moment, chosen)
    emit(answer, lambda c: print_supply(sc, c, solver, answer), json)


DEMO_ORDER = 1
DEMO_STEPS = [("Supply", print_supply)]


def register(app) -> None:
    app.command()(supply)
