"""Commands of the foundation, for every game: validate, show and demo."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from adjudicator.errors import usage_error
from adjudicator.games import Game, default_game_id, get_game
from adjudicator.output import JsonOpt, ScenarioArg, emit
from adjudicator.scenario import load_scenario
from adjudicator.solver import Solver


def validate(file: ScenarioArg, json: JsonOpt = False) -> None:
    """Check a scenario file; list every problem as FILE:LINE: PATH: message."""
    sc = load_scenario(file)
    Solver(sc.game).solve(sc, "validate")
    data = {"ok": True, "file": file, "game": sc.game, "hexes": len(sc.map.hexes),
            "units": len(sc.units)}
    emit(data, lambda c: c.print(
        f"{file}: valid {sc.game} position, turn {sc.turn}, {sc.weather}, "
        f"{len(sc.map.hexes)} hexes, {len(sc.units)} units."), json)


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
        int | None, typer.Option("--length", help="Retreat length for --retreat-hex.")
    ] = None,
    vacated: Annotated[
        str | None, typer.Option("--vacated", help="Draw advances into/through this vacated hex.")
    ] = None,
    allowance: Annotated[
        int | None, typer.Option("--allowance", help="Advance allowance for --vacated.")
    ] = None,
    units: Annotated[
        str | None, typer.Option("--units", help="Units that advance, e.g. 14Pz,76Inf.")
    ] = None,
    side: Annotated[
        str | None, typer.Option("--side", help="Only this side's supply lines (axis|soviet).")
    ] = None,
    json: JsonOpt = False,
) -> None:
    """Draw the position as an SVG: terrain, hexsides, units and rule overlays."""
    from adjudicator.render import ShowParams, render_svg

    sc = load_scenario(file)
    solver = Solver(sc.game)
    game = get_game(sc.game)
    mods = overlays(game)
    names = [m.NAME for m in mods]
    for name in layer or []:
        if name not in names:
            raise usage_error(f"no layer '{name}' (layers: {', '.join(names)})", "--layer")
    for flag, value in (("--retreat-hex", retreat_hex), ("--vacated", vacated)):
        if value is not None and value not in sc.map.hexes:
            raise usage_error(f"'{value}' is not on the map", flag)
    if side is not None and side not in game.sides:
        raise usage_error(f"'{side}' is not one of {', '.join(game.sides)}", "--side")
    params = ShowParams(
        retreat_hex=retreat_hex, retreat_length=length, vacated=vacated, allowance=allowance,
        units=[u for u in (units or "").split(",") if u], side=side,
    )
    if layer:
        chosen = [m for m in mods if m.NAME in layer]
    else:
        chosen = [m for m in mods if getattr(params, getattr(m, "ASKS", ""), True) is not None]
    layers = [_call_layer(m, sc, solver, params) for m in chosen]
    svg.parent.mkdir(parents=True, exist_ok=True)
    svg.write_text(render_svg(sc, [x for x in layers if x is not None]), encoding="utf-8")
    emit({"svg": str(svg), "layers": [m.NAME for m in chosen]},
         lambda c: c.print(f"wrote {svg} with layers: {', '.join(m.NAME for m in chosen)}"),
         json)


def overlays(game: Game) -> list:
    """The game's picture layers (modules of ``adjudicator/games/<game>/overlays/``
    defining ``layer``), in drawing order (``ORDER``)."""
    mods = [m for m in game.submodules("overlays") if hasattr(m, "layer")]
    return sorted(mods, key=lambda m: getattr(m, "ORDER", 50))


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
    game: Annotated[
        str | None,
        typer.Option("--game", help="Whose bundled example (default: the default game)."),
    ] = None,
) -> None:
    """Run every query on a position (the default game's bundled example by default)."""
    from adjudicator.games import game_ids
    from adjudicator.output import console

    if game is not None and game not in game_ids():
        raise usage_error(f"no game '{game}' (games: {', '.join(game_ids())})", "--game")
    path = file or get_game(game or default_game_id()).demo_path
    if path is None:
        raise usage_error(f"game '{game}' has no bundled example", "--game")
    sc = load_scenario(path)
    solver = Solver(sc.game)
    Solver(sc.game).solve(sc, "validate")
    console.rule(f"[bold]{path.name}[/bold]")
    console.print(f"valid {sc.game} position: turn {sc.turn}, {sc.weather}, "
                  f"{sc.phasing} player turn, {len(sc.map.hexes)} hexes, {len(sc.units)} units")
    for step_title, step in demo_steps(get_game(sc.game)):
        console.rule(step_title)
        step(sc, console, solver)


def demo_steps(game: Game):
    """(title, function) pairs from every command module of the game that defines
    DEMO_STEPS, by DEMO_ORDER (default 50) and module name."""
    mods = sorted(game.submodules("commands"), key=lambda m: getattr(m, "DEMO_ORDER", 50))
    return [step for mod in mods for step in getattr(mod, "DEMO_STEPS", [])]


def register(app: typer.Typer) -> None:
    app.command()(validate)
    app.command()(show)
    app.command()(demo)
