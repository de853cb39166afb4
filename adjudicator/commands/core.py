"""Commands of the foundation: validate, zoc, show and demo."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from adjudicator import commands
from adjudicator.errors import did_you_mean, unknown, usage_error
from adjudicator.output import (
    ForceOpt,
    JsonOpt,
    ScenarioArg,
    check_output,
    cite,
    emit,
    write_output,
)
from adjudicator.queries.zoc import zoc as zoc_query
from adjudicator.scenario import Scenario, load_scenario
from adjudicator.solver import Solver

DEMO = Path(__file__).resolve().parent.parent / "examples" / "s42_demo.yaml"


def validate(file: ScenarioArg, json: JsonOpt = False) -> None:
    """Check a scenario file; list every problem as FILE:LINE: PATH: message."""
    sc = load_scenario(file)
    Solver(sc.game).solve(sc, "validate")
    data = {"ok": True, "file": file, "game": sc.game, "hexes": len(sc.map.hexes),
            "units": len(sc.units)}
    emit(data, lambda c: c.print(
        f"{file}: valid {sc.game} position, turn {sc.turn}, {sc.weather}, "
        f"{len(sc.map.hexes)} hexes, {len(sc.units)} units."), json)


def print_zoc(sc: Scenario, console: Console, solver: Solver | None = None) -> None:
    answer = zoc_query(sc, solver)
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
        table = Table("unit", "why it exerts no ZOC", "rules", title="Units without a ZOC")
        for n in answer.no_zoc:
            table.add_row(n.unit, _why_no_zoc(sc, n.unit), cite(n.rules))
        console.print(table)
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
    emit(zoc_query(sc).to_json(), lambda c: print_zoc(sc, c), json)


def show(
    file: ScenarioArg,
    svg: Annotated[Path, typer.Option("--svg", help="Where to write the SVG picture.")],
    layer: Annotated[
        list[str] | None,
        typer.Option("--layer", help="Only these overlay layers (repeatable); default all."),
    ] = None,
    retreat_hex: Annotated[
        str | None, typer.Option("--retreat-hex", help="Draw the retreat options of this stack.")
    ] = None,
    length: Annotated[
        int | None, typer.Option("--length", min=1, max=4,
                                 help="Retreat length for --retreat-hex, 1 to 4.")
    ] = None,
    vacated: Annotated[
        str | None, typer.Option("--vacated", help="Draw advances into/through this vacated hex.")
    ] = None,
    allowance: Annotated[
        int | None, typer.Option("--allowance", min=1, max=4,
                                 help="Advance allowance (Adv number) for --vacated, 1 to 4.")
    ] = None,
    units: Annotated[
        str | None, typer.Option("--units", help="Units that advance, e.g. 14Pz,76Inf.")
    ] = None,
    side: Annotated[
        str | None, typer.Option("--side", help="Only this side's supply lines (axis|soviet).")
    ] = None,
    force: ForceOpt = False,
    json: JsonOpt = False,
) -> None:
    """Draw the position as an SVG: terrain, hexsides, units and rule overlays."""
    from adjudicator import overlays
    from adjudicator.render import ShowParams, render_svg

    check_output(svg, "--svg", [file], force)
    sc = load_scenario(file)
    solver = Solver(sc.game)
    mods = overlays.available()
    names = [m.NAME for m in mods]
    for name in layer or []:
        if name not in names:
            raise usage_error(f"no layer '{name}' (layers: {', '.join(names)})"
                              f"{did_you_mean(name, names)}", "--layer")
    for flag, value in (("--retreat-hex", retreat_hex), ("--vacated", vacated)):
        if value is not None and value not in sc.map.hexes:
            raise usage_error(f"'{value}' is not on the map{did_you_mean(value, sc.map.hexes)}",
                              flag)
    if side is not None and side not in ("axis", "soviet"):
        raise usage_error(f"'{side}' is not one of axis, soviet", "--side")
    for uid in [u for u in (units or "").split(",") if u]:
        if uid not in sc.units_by_id:
            raise unknown("unit", uid, sc.units_by_id, "--units")
    params = ShowParams(
        retreat_hex=retreat_hex, retreat_length=length, vacated=vacated, allowance=allowance,
        units=[u for u in (units or "").split(",") if u], side=side,
    )
    if layer:
        chosen = [m for m in mods if m.NAME in layer]
    else:
        chosen = [m for m in mods if getattr(params, getattr(m, "ASKS", ""), True) is not None]
    layers = [_call_layer(m, sc, solver, params) for m in chosen]
    write_output(svg, render_svg(sc, [x for x in layers if x is not None]), "--svg", [file],
                 force)
    emit({"svg": str(svg), "layers": [m.NAME for m in chosen]},
         lambda c: c.print(f"wrote {svg} with layers: {', '.join(m.NAME for m in chosen)}"),
         json)


def _call_layer(module, sc, solver, params):
    """Layers take (sc, solver) or (sc, solver, params)."""
    import inspect

    if len(inspect.signature(module.layer).parameters) >= 3:
        return module.layer(sc, solver, params)
    return module.layer(sc, solver)


def demo(
    file: Annotated[
        Path | None, typer.Argument(help="Scenario to run on (default: the bundled example).")
    ] = None,
) -> None:
    """Run every query on a position (the bundled Stalingrad '42 example by default)."""
    from adjudicator.output import console

    path = file or DEMO
    sc = load_scenario(path)
    solver = Solver(sc.game)
    Solver(sc.game).solve(sc, "validate")
    console.rule(f"[bold]{path.name}[/bold]")
    console.print(f"valid {sc.game} position: turn {sc.turn}, {sc.weather}, "
                  f"{sc.phasing} player turn, {len(sc.map.hexes)} hexes, {len(sc.units)} units")
    for step_title, step in demo_steps():
        console.rule(step_title)
        step(sc, console, solver)


def demo_steps():
    """(title, function) pairs from every command module that defines DEMO_STEPS."""
    steps = [("Zones of control", print_zoc)]
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        mod = importlib.import_module(f"{commands.__name__}.{info.name}")
        steps.extend(getattr(mod, "DEMO_STEPS", []))
    return steps


def register(app: typer.Typer) -> None:
    app.command()(validate)
    app.command()(zoc)
    app.command()(show)
    app.command()(demo)
