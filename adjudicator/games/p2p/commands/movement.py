"""The point-to-point fragment's commands: moves, capacity, check, combat-order, and its
own validate, show and demo (a graph map, not a hex map).

``moves``, ``check``, ``validate``, ``show`` and ``demo`` share their names with other
games' commands: the command line runs this module's for a p2p position
(``adjudicator.cli.implementation``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from adjudicator.errors import usage_error
from adjudicator.games import get_game
from adjudicator.games.p2p.position import Position, load_moves
from adjudicator.games.p2p.queries import (
    CapacityAnswer,
    CheckAnswer,
    capacity,
    check_moves,
    combat_order,
    unit_moves,
)
from adjudicator.output import (
    ForceOpt,
    JsonOpt,
    ScenarioArg,
    check_output,
    cite,
    emit,
    write_output,
)
from adjudicator.scenario import load_scenario

GAME_ID = "p2p"
ReadingOpt = Annotated[
    list[str] | None,
    typer.Option("--reading", metavar="KEY=NAME",
                 help="Use another reading of a disputed rule (repeatable), e.g. "
                      "12.B#armor=whole-units."),
]


def load(file: str | Path) -> Position:
    pos = load_scenario(file)
    if not isinstance(pos, Position):
        raise usage_error(f"{file} is not a {GAME_ID} position", "file")
    return pos


def parse_readings(items: list[str] | None) -> dict[str, str]:
    known = get_game(GAME_ID).readings()
    out = {}
    for item in items or []:
        key, sep, name = item.partition("=")
        if not sep or key not in known:
            raise usage_error(f"expected KEY=NAME for a disputed rule ({', '.join(sorted(known))})"
                              f", got '{item}'", "--reading")
        names = [r["name"] for r in known[key]]
        if name not in names:
            raise usage_error(f"{key} has no reading '{name}' (readings: {', '.join(names)})",
                              "--reading")
        out[key] = name
    return out


def _half(halves: int) -> str:
    whole, half = divmod(halves, 2)
    return f"{whole}{'½' if half else ''}" if whole or not half else "½"


# -- capacity ----------------------------------------------------------------------------


def print_capacity(pos: Position, console: Console, answer: CapacityAnswer | None = None,
                   only_used: bool = False) -> None:
    ans = answer or capacity(pos)
    what = " (retreats)" if ans.phase == "combat" else ""
    table = Table(title=f"Line capacity for the {ans.side} side{what}, {ans.phase} phase, "
                  f"counted {ans.counted} {cite(ans.rules)}")
    table.add_column("line", overflow="fold")
    for head in ("class", "cap (armour)", "used (armour)", "left (armour)", "rule"):
        table.add_column(head, overflow="fold")
    shown = [x for x in ans.lines if x.used_halves or not only_used]
    for x in shown:
        left = _half(x.room_halves - 1) + (" +½" if x.room_halves % 2 else "")
        aleft = _half(max(x.armor_room_halves - 1, 0)) + (" +½" if x.armor_room_halves % 2
                                                          else "")
        table.add_row(f"{x.ends[0]}-{x.ends[1]}" + ("" if x.direction == "both"
                                                   else f" ({x.direction})"),
                      x.class_, f"{x.capacity} ({x.armor_capacity})",
                      f"{_half(x.used_halves)} ({_half(x.armor_used_halves)})",
                      f"{left} ({aleft})", x.rule)
    console.print(table)
    console.print("Left counts whole units; '+½' means one more half-value unit still fits, "
                  "because the fraction of a load is dropped [12.B].")


def capacity_cmd(file: ScenarioArg,
                 moves: Annotated[Path | None, typer.Option(
                     "--moves", help="Also count these moves (a moves file).")] = None,
                 side: Annotated[str | None, typer.Option(
                     "--side", help="Whose loads to show: axis or soviet (default: the phasing "
                                    "side; in the Combat Phase either side may retreat).")]
                 = None,
                 reading: ReadingOpt = None, json: JsonOpt = False) -> None:
    """Each line's capacity this phase for one side: used, left, and armour (12.A-12.C);
    in the Combat Phase, for retreats (10.D, 12.C)."""
    if side is not None and side not in ("axis", "soviet"):
        raise usage_error(f"'{side}' is not a side (axis or soviet)", "--side")
    pos = load(file)
    extra = load_moves(moves, pos) if moves else []
    ans = capacity(pos, extra, parse_readings(reading), side)
    emit(ans.to_json(), lambda c: print_capacity(pos, c, ans), json)


# -- check ---------------------------------------------------------------------------------


def print_check(ans: CheckAnswer, console: Console) -> None:
    if ans.allowed:
        console.print(f"[green]yes[/green]: all {len(ans.moves)} moves are legal together "
                      f"{cite(ans.rules)}")
    else:
        f = ans.first
        which = "already made" if f.done else f"move {f.move - ans.made}"
        console.print(f"[red]no[/red]: {which} ({f.unit}) breaks {', '.join(f.rules)}: "
                      f"{f.text} {cite(f.rules)}")
        for g in ans.findings[1:]:
            which = "already made" if g.done else f"move {g.move - ans.made}"
            console.print(f"  - {which} ({g.unit}): {g.text} {cite(g.rules)}")
    for n in ans.notes:
        if not n.done:
            console.print(f"  note, move {n.move - ans.made} ({n.unit}): {n.text} "
                          f"{cite(n.rules)}")


def check(file: ScenarioArg,
          moves: Annotated[Path, typer.Option("--moves", help="The moves file to check.")],
          reading: ReadingOpt = None, json: JsonOpt = False) -> None:
    """Is this whole set of moves legal this phase (9.A-9.B, 10.x, 11.0, 12.0-12.D, and the
    capacity of retreats in the Combat Phase)? If not, the first rule broken and by which
    move."""
    pos = load(file)
    ans = check_moves(pos, load_moves(moves, pos), parse_readings(reading))
    emit(ans.to_json(), lambda c: print_check(ans, c), json)


# -- moves -----------------------------------------------------------------------------------


def print_moves(pos: Position, unit: str, console: Console, readings=None) -> None:
    ans = unit_moves(pos, unit, readings)
    console.print(f"[bold]{unit}[/bold] at {ans.at}, {ans.phase} phase {cite(ans.rules)}")
    ok = [o for o in ans.options if o.allowed]
    if not ok:
        console.print("  may not move this phase")
    for o in ok:
        how = {"sea": "by sea to", "retreat": "may retreat to"}.get(o.by, "to")
        lines = f" by {', '.join(o.lines)}" if o.lines else ""
        notes = "; ".join(f"{n.text} {cite(n.rules)}" for n in o.notes)
        console.print(f"  {how} {o.path[-1]}{lines}" + (f" ({notes})" if notes else ""))
    refused = [o for o in ans.options if not o.allowed]
    if refused:
        console.print("Refused:")
        for o in refused[:20]:
            f = o.findings[0]
            console.print(f"  {' -> '.join(o.path)}: {f.text} {cite(f.rules)}")
        if len(refused) > 20:
            console.print(f"  ... and {len(refused) - 20} more (--json lists all)")


def moves(file: ScenarioArg,
          unit: Annotated[str, typer.Option("--unit", help="The unit that moves.")],
          reading: ReadingOpt = None, json: JsonOpt = False) -> None:
    """Where a unit may go this phase, and by which lines (9.A, 9.B, 12.0, 12.D)."""
    pos = load(file)
    if unit not in pos.units_by_id:
        raise usage_error(f"no unit '{unit}' in {file}", "--unit")
    readings = parse_readings(reading)
    emit(unit_moves(pos, unit, readings).to_json(),
         lambda c: print_moves(pos, unit, c, readings), json)


# -- combat order -----------------------------------------------------------------------------


def print_combat_order(pos: Position, console: Console, readings=None) -> None:
    ans = combat_order(pos, readings)
    if not ans.battles:
        console.print("No battles declared [13.0].")
    elif ans.allowed:
        console.print("[green]yes[/green]: the battles may be fought in this order [13.0]")
    else:
        for p in ans.problems:
            console.print(f"[red]no[/red]: {p['text']} {cite(p['rules'])}")
        console.print("An order that works: " + ", ".join(
            f"{i} ({pos.battles[i - 1].point})" for i in ans.order) + " [13.0]")
    for f in ans.fortresses:
        parts = []
        for kind in ("breakthroughs", "firepower"):
            if kind in f:
                parts.append(f"{kind} {'-' if kind == 'breakthroughs' else '+'}"
                             f"{f[kind]['at_most']} at most {cite(f[kind]['rules'])}")
        console.print(f"Fortress {f['point']} (level {f['level']}, {f['major_infantry']} "
                      f"major infantry-type defenders): " + ", ".join(parts))


def combat_order_cmd(file: ScenarioArg, reading: ReadingOpt = None,
                     json: JsonOpt = False) -> None:
    """Is the attacker's order of battles legal (13.0), and what fortresses give (10.C)."""
    pos = load(file)
    readings = parse_readings(reading)
    emit(combat_order(pos, readings).to_json(),
         lambda c: print_combat_order(pos, c, readings), json)


# -- validate, show, demo ---------------------------------------------------------------------


def validate(file: ScenarioArg, json: JsonOpt = False) -> None:
    """Check a p2p position file; list every problem as FILE:LINE: PATH: message."""
    pos = load(file)
    check_moves(pos, [])  # the encodings load and ground
    data = {"ok": True, "file": file, "game": pos.game, "points": len(pos.map.points),
            "lines": len(pos.map.lines), "units": len(pos.units)}
    emit(data, lambda c: c.print(
        f"{file}: valid {pos.game} position, turn {pos.turn}, {pos.weather}, {pos.phasing} "
        f"{pos.phase} phase, {len(pos.map.points)} points, {len(pos.map.lines)} lines, "
        f"{len(pos.units)} units."), json)


def show(file: ScenarioArg,
         svg: Annotated[Path, typer.Option("--svg", help="Where to write the SVG picture.")],
         force: ForceOpt = False, json: JsonOpt = False) -> None:
    """Draw the graph: points, lines with their capacity used and left, units."""
    from adjudicator.games.p2p.picture import render_svg

    check_output(svg, "--svg", [file], force)
    pos = load(file)
    write_output(svg, render_svg(pos, capacity(pos)), "--svg", [file], force)
    emit({"svg": str(svg)}, lambda c: c.print(f"wrote {svg}"), json)


def demo(file: Annotated[Path | None, typer.Argument(
            help="Position to run on (default: the bundled example).")] = None,
         game: Annotated[str | None, typer.Option("--game", "-g", help="Whose bundled example.")]
         = None) -> None:
    """Run every p2p query on a position (the bundled example by default)."""
    from adjudicator.output import console

    path = file or get_game(GAME_ID).demo_path
    pos = load(path)
    console.rule(f"[bold]{path.name}[/bold]")
    console.print(f"valid {pos.game} position: turn {pos.turn}, {pos.weather}, {pos.phasing} "
                  f"{pos.phase} phase, {len(pos.map.points)} points, {len(pos.units)} units")
    console.rule("Line capacity (lines in use; `adjudicator capacity` lists all)")
    print_capacity(pos, console, only_used=True)
    movers = [u.id for u in pos.units if u.side == pos.phasing and not u.dispersed][:2]
    for uid in movers:
        console.rule(f"Where {uid} may go")
        print_moves(pos, uid, console)
    console.rule("Order of combat")
    print_combat_order(pos, console)


def register(app: typer.Typer) -> None:
    app.command(name="capacity")(capacity_cmd)
    app.command(name="check")(check)
    app.command(name="moves")(moves)
    app.command(name="combat-order")(combat_order_cmd)
    app.command(name="validate")(validate)
    app.command(name="show")(show)
    app.command(name="demo")(demo)
