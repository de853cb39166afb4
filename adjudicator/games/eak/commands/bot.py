"""``adjudicator bot terms FILE --hex H`` for Enemy Action: Kharkov: the terms of the Soviet
procedure (9.3) for the units of a hex: surrounded and causing surround. Proximate and
nearly surrounded depend on movement costs (the Terrain Effects Chart), which positions do
not carry yet: the answer says so rather than guess."""

from __future__ import annotations

from collections import defaultdict
from typing import Annotated, Any

import typer
from rich.console import Console

from adjudicator.errors import usage_error
from adjudicator.output import JsonOpt, ScenarioArg, cite, emit
from adjudicator.scenario import Scenario, load_scenario
from adjudicator.solver import Solver

QUESTIONS = ("terms",)
NOT_ENCODED = ("proximate", "nearly surrounded")


def terms_answer(sc: Scenario, hex_id: str, solver: Solver | None = None) -> dict[str, Any]:
    solver = solver or Solver(sc.game)
    ans = solver.solve(sc, "terms")
    surrounded = {u for u, _r in ans.rows_unsorted("surrounded", 2)}
    open_sides: dict[str, list[str]] = defaultdict(list)
    for u, h in ans.rows_unsorted("open_side", 2):
        open_sides[u].append(h)
    causing: dict[str, list[str]] = defaultdict(list)
    for v, h, _r in ans.rows_unsorted("causes_surround", 3):
        causing[h].append(v)
    units = []
    for u in sc.units_at(hex_id):
        units.append({
            "unit": u.id, "side": u.side,
            "surrounded": u.id in surrounded,
            "open_hexes": sorted(open_sides[u.id]),
            "rules": ["9.3"],
        })
    by_unit = sorted(v for h, vs in causing.items() if h == hex_id for v in vs)
    surrounds = sorted(h for h, vs in causing.items() for v in vs
                       if v in {u.id for u in sc.units_at(hex_id)})
    return {
        "game": sc.game,
        "hex": hex_id,
        "units": units,
        "causing_surround_of_this_hex": {"units": by_unit, "rules": ["9.3"]},
        "this_hex_causes_surround_of": {"hexes": surrounds, "rules": ["9.3"]},
        "not_encoded": list(NOT_ENCODED),
        "rules": ["9.3"],
    }


def print_terms(a: dict[str, Any], console: Console) -> None:
    console.print(f"[bold]Terms of the Soviet procedure for hex {a['hex']}[/bold] "
                  f"{cite(a['rules'])}")
    if not a["units"]:
        console.print("No units in this hex.")
    for u in a["units"]:
        if u["surrounded"]:
            console.print(f"{u['unit']} ({u['side']}): surrounded {cite(u['rules'])}")
        else:
            console.print(f"{u['unit']} ({u['side']}): not surrounded: "
                          f"{' '.join(u['open_hexes'])} hold no enemy unit and lie in no "
                          f"enemy ZOC {cite(u['rules'])}")
    c = a["causing_surround_of_this_hex"]
    if c["units"]:
        console.print(f"Causing surround of {a['hex']}: {', '.join(c['units'])} "
                      f"{cite(c['rules'])}")
    s = a["this_hex_causes_surround_of"]
    if s["hexes"]:
        console.print(f"Units here cause surround of: {' '.join(s['hexes'])} "
                      f"{cite(s['rules'])}")
    console.print(f"Not answered yet: {', '.join(a['not_encoded'])} (they need movement "
                  "costs).")


def bot(
    question: Annotated[str, typer.Argument(help="What to ask the Soviet procedure: terms.")],
    file: ScenarioArg,
    hex: Annotated[str | None, typer.Option("--hex", help="The hex asked about.")] = None,
    json: JsonOpt = False,
) -> None:
    """What the Soviet procedure decides (Enemy Action: Kharkov). ``terms``: the 9.3
    terms for the units of a hex (surrounded, causing surround)."""
    if question not in QUESTIONS:
        raise usage_error(f"unknown question '{question}' (known: {', '.join(QUESTIONS)})",
                          "question")
    sc = load_scenario(file)
    if hex is None:
        raise usage_error("give the hex asked about with --hex", "--hex")
    if hex not in sc.map.hexes:
        raise usage_error(f"'{hex}' is not a hex of the map", "--hex")
    a = terms_answer(sc, hex)
    emit(a, lambda c: print_terms(a, c), json)


def register(app) -> None:
    app.command()(bot)
