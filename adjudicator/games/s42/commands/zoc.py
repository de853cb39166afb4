"""``adjudicator zoc``: the zones of control of both sides (6.1)."""

from __future__ import annotations

from rich.console import Console

from adjudicator.games.s42.queries.zoc import ZocAnswer
from adjudicator.games.s42.queries.zoc import zoc as zoc_query
from adjudicator.output import JsonOpt, ScenarioArg, cite, emit
from adjudicator.scenario import Scenario, load_scenario
from adjudicator.solver import Solver
from adjudicator.texttable import TextTable, print_table


def print_zoc(sc: Scenario, console: Console, solver: Solver | None = None,
              answer: ZocAnswer | None = None) -> None:
    answer = answer or zoc_query(sc, solver)
    for side in ("axis", "soviet"):
        hexes = [h for h, sides in answer.zoc.items() if side in sides]
        console.print(
            f"[bold]{side.capitalize()} ZOC[/bold] {cite(['6.1'])}: "
            + (" ".join(hexes) if hexes else "none")
        )
    contested = [h for h, sides in answer.zoc.items() if len(sides) == 2]
    if contested:
        console.print(f"Both sides' ZOC: {' '.join(contested)}")
    if answer.no_zoc:
        table = TextTable("unit", "why it exerts no ZOC", "rules", title="Units without a ZOC")
        for n in answer.no_zoc:
            table.add_row(n.unit, _why_no_zoc(sc, n.unit), cite(n.rules))
        print_table(console, table)
    for b in answer.blocked:
        console.print(f"{b.unit}'s ZOC does not cross into {b.hex} {cite(b.rules)}")


def _why_no_zoc(sc: Scenario, unit_id: str) -> str:
    u = sc.units_by_id[unit_id]
    if not u.is_combat:
        return "non-combat unit"
    reasons = []
    if u.train:
        reasons.append("under a Train marker")
    if u.status == "full-retreat":
        reasons.append("in Full Retreat")
    if u.hex in sc.map.entry_areas:
        reasons.append(f"in entry area {u.hex}")
    if not reasons:
        reasons.append("in a Contested City hex")
    return ", ".join(reasons)


def zoc(file: ScenarioArg, json: JsonOpt = False) -> None:
    """For every hex, the sides exerting a zone of control into it (6.1)."""
    sc = load_scenario(file)
    answer = zoc_query(sc)
    emit(answer.to_json, lambda c: print_zoc(sc, c, answer=answer), json)


#: The zones of control come first in the demo.
DEMO_ORDER = 0
DEMO_STEPS = [("Zones of control", print_zoc)]


def register(app) -> None:
    app.command()(zoc)
