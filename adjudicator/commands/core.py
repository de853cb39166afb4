"""Commands of the foundation, for every game: validate, show and demo."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from adjudicator.errors import did_you_mean, unknown, usage_error
from adjudicator.games import Game, default_game_id, get_game
from adjudicator.output import ForceOpt, JsonOpt, ScenarioArg, check_output, emit, write_output
from adjudicator.scenario import load_scenario
from adjudicator.solver import Solver

#: The core's commands that answer for a position of every game.
POSITION_COMMANDS = ("validate", "show", "demo")


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
    moves: Annotated[
        str | None, typer.Option("--moves", metavar="U[,V]",
                                 help="Draw where this unit (or stack) may move.")
    ] = None,
    json: JsonOpt = False,
) -> None:
    """Draw the position as an SVG: terrain, hexsides, units and rule overlays."""
    from adjudicator.render import ShowParams, render_svg

    check_output(svg, "--svg", [file], force)
    sc = load_scenario(file)
    solver = Solver(sc.game)
    game = get_game(sc.game)
    mods = overlays(game)
    names = [m.NAME for m in mods]
    for name in layer or []:
        if name not in names:
            raise usage_error(f"no layer '{name}' (layers: {', '.join(names)})"
                              f"{did_you_mean(name, names)}", "--layer")
    for flag, value in (("--retreat-hex", retreat_hex), ("--vacated", vacated)):
        if value is not None and value not in sc.map.hexes:
            raise usage_error(f"'{value}' is not on the map{did_you_mean(value, sc.map.hexes)}",
                              flag)
    if side is not None and side not in game.sides:
        raise usage_error(f"'{side}' is not one of {', '.join(game.sides)}"
                          f"{did_you_mean(side, game.sides)}", "--side")
    for uid in [u for u in (units or "").split(",") if u]:
        if uid not in sc.units_by_id:
            raise unknown("unit", uid, sc.units_by_id, "--units")
    params = ShowParams(
        retreat_hex=retreat_hex, retreat_length=length, vacated=vacated, allowance=allowance,
        units=[u for u in (units or "").split(",") if u], side=side,
        moves=[u for u in moves.split(",") if u] if moves else None,
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


def _demo_help() -> str:
    """The FILE help of ``demo``: the default game's bundled position, as a path in the
    source tree (where a player finds it to copy)."""
    game = get_game(default_game_id())
    path = game.demo_path
    root = Path(__file__).resolve().parents[2]
    shown = path.relative_to(root) if path and path.is_relative_to(root) else path
    return f"Scenario to run on (default: the bundled {game.id} example, {shown})."


def demo(
    file: Annotated[
        Path | None, typer.Argument(help=_demo_help()),
    ] = None,
    game: Annotated[
        str | None, typer.Option("--game", "-g", help="Run on this game's bundled example "
                                 "(default: the default game).")
    ] = None,
) -> None:
    """Run every query of a game on a position.

    Without FILE: the game's bundled practice position (the default game's is named below;
    `adjudicator games` lists every game). Copy it to start a position of your own (format:
    docs/scenario-format.rst).
    """
    from adjudicator.games import game_ids
    from adjudicator.output import console

    if file is None:
        gid = game or default_game_id()
        if gid not in game_ids():
            raise usage_error(f"no adjudicator for game '{gid}' (known: "
                              f"{', '.join(game_ids())})", "--game")
        file = get_game(gid).demo_path
        if file is None:
            raise usage_error(f"game {gid} has no bundled position", "--game")
    path = file
    sc = load_scenario(path)
    if game is not None and sc.game != game:
        raise usage_error(f"{path} is a {sc.game} position, not {game}", "--game")
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
