"""``adjudicator retreats`` for Enemy Action: Kharkov: the retreat of the defenders of a hex
(12.7-12.75): the routes the retreat priorities leave, or the route a Soviet stack takes."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from adjudicator.errors import usage_error
from adjudicator.games.eak.queries.retreat import retreat_answer
from adjudicator.games.eak.readings import ReadingOpt, parse_readings
from adjudicator.output import JsonOpt, ScenarioArg, cite, emit
from adjudicator.scenario import Scenario, load_scenario
from adjudicator.solver import Solver


def _route(r: dict) -> str:
    loss = r["extra_step_losses"]
    cost = f", {loss} extra step{'s' if loss != 1 else ''} lost" if loss else ""
    prios = "/".join(str(p) for p in r["priorities"])
    return f"{' -> '.join(r['hexes'])} (priority {prios}{cost}) {cite(r['rules'])}"


def print_retreat(a: dict, console: Console) -> None:
    console.print(f"[bold]{', '.join(a['units'])}[/bold] ({a['side']}) retreating "
                  f"{a['hexes']} hex{'es' if a['hexes'] == 2 else ''} from {a['hex']}")
    if not a["allowed"]:
        console.print(f"Not allowed {cite(a['refused_by'])}")
        return
    for u in a["already_retreated_eliminated"]:
        console.print(f"{u} retreated here earlier: eliminated {cite(['12.74'])}")
    for b in a["blocked"]:
        console.print(f"  {b['hex']}: may not be entered {cite(b['rules'])}")
    for b in a["blocked_hexsides"]:
        console.print(f"  {b['hexside']}: blocked Dniepr {cite([b['rule']])}")
    for r in a["overstacked_routes"]:
        console.print(f"  {' -> '.join(r)}: would end overstacked {cite(['10.4', '12.71'])}")
    for r in a["eliminating_routes"]:
        console.print(f"  {' -> '.join(r)}: would eliminate a unit {cite(['12.72'])}")
    for d in a["dniepr_left_out"]:
        console.print(f"  {d['hex']}: across an unbridged Dniepr, another hex of the same "
                      f"priority is open {cite(['12.7'])}")
    if a["no_route"]:
        console.print(f"No hex to retreat into {cite(['12.71'])}")
    if a["split"]:
        console.print(f"No hex takes the whole stack: the units split {cite(['12.73'])}")
        for r in a.get("split_routes", []):
            where = "-".join(r["route"]["hexes"]) if r["route"] else "no route"
            console.print(f"  {r['unit']}: {where} {cite(r['rules'])}")
    if a["side"] == "soviet":
        r = a.get("soviet_route")
        console.print("Soviet route: " + (_route(r) if r else "none"))
        for step, cuts in a.get("tiebreaks", {}).items():
            for c in cuts:
                console.print(f"  hex {step} of the retreat: {c['hex']} left out by preference "
                              f"{c['preference']}) {c['meaning']} {cite(['12.7'])}")
    else:
        console.print("Your choice of " + ("route:" if a["options"] else "route: none"))
        for r in a["options"]:
            console.print(f"  {_route(r)}")
    if a["disperses"]:
        console.print(f"The retreating units become dispersed {cite(a['disperses'])}")
    if a["all_routes_cost_a_step"]:
        console.print(f"Every one-hex route costs an extra step (hold check +2) "
                      f"{cite(['12.53'])}")


def retreats(file: ScenarioArg,
             units: Annotated[str | None, typer.Option(
                 "--units", metavar="U1,U2", help="The defending units that retreat.")] = None,
             hexes: Annotated[int, typer.Option(
                 "--hexes", help="How far: 1 (one hit) or 2 (two hits, 12.75).")] = 1,
             reading: ReadingOpt = None, json: JsonOpt = False) -> None:
    """The retreat of the defenders of a hex (12.7-12.75): the routes the priorities leave
    (German: your choice) or the route a Soviet stack takes by the tie-breaks."""
    chosen = parse_readings(reading)
    sc = load_scenario(file)
    ids = [u for u in (units or "").split(",") if u]
    if not ids:
        raise usage_error("name the retreating units: --units U1,U2", "--units")
    for u in ids:
        if u not in sc.units_by_id:
            raise usage_error(f"no unit '{u}' in this position", "--units")
    if len({sc.units_by_id[u].hex for u in ids}) != 1:
        raise usage_error("the retreating units stand in one hex (12.7)", "--units")
    if hexes not in (1, 2):
        raise usage_error("a retreat is 1 or 2 hexes (12.7)", "--hexes")
    answer = retreat_answer(sc, ids, hexes, Solver(sc.game), chosen)
    emit(answer, lambda c: print_retreat(answer, c), json)


def demo_retreat(sc: Scenario, console: Console, solver: Solver) -> None:
    print_retreat(retreat_answer(sc, ["62GRD"], 1, solver), console)


DEMO_ORDER = 2
DEMO_STEPS = [("Retreat of 62GRD one hex", demo_retreat)]


def register(app) -> None:
    app.command()(retreats)
