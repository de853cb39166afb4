"""Commands ``advances`` (Stalingrad '42 chapter 14) and ``breakthrough`` (chapter 15)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from adjudicator.errors import did_you_mean, unknown, usage_error
from adjudicator.games.s42.commands.bonds import ReadingOpt, parse_readings
from adjudicator.games.s42.queries.advance import (
    MODES,
    AdvanceAnswer,
    Verdict,
    advances,
    check_advance,
)
from adjudicator.games.s42.queries.breakthrough import BreakthroughAnswer, breakthrough
from adjudicator.output import JsonOpt, ScenarioArg, cite, emit
from adjudicator.scenario import Scenario, load_scenario
from adjudicator.solver import Solver

#: The largest Adv number that matters: no unit's Advance Rate is higher (14.2.2).
MAX_ADV = 4

Ids = Annotated[str | None, typer.Option(metavar="ID,ID", show_default=False)]
ModeOpt = Annotated[str, typer.Option(
    "--mode", help="normal, limited (14.2.3), delay (14.2.4) or auto-ds (8.6.2).")]


def split(text: str | None) -> list[str]:
    return [t.strip() for t in (text or "").split(",") if t.strip()]


def _mode(mode: str) -> str:
    if mode not in MODES:
        raise usage_error(f"mode must be one of {', '.join(MODES)}, got '{mode}'"
                          f"{did_you_mean(mode, MODES)}", "--mode")
    return mode


# -- advances --------------------------------------------------------------------------


def print_advances(answer: AdvanceAnswer, console: Console) -> None:
    head = f"Advance after combat into {answer.vacated or '(no combat)'}"
    if answer.mode != "normal":
        head += f", {answer.mode} advance"
    elif answer.result is not None:
        head += f", Adv {answer.result}"
    console.print(f"[bold]{head}[/bold] {cite(['14.1', '14.2.1', '14.3'])}")
    for u in answer.units:
        if not u.may_advance:
            console.print(f"[red]{u.id}[/red] may not advance: {'; '.join(u.why_not)} "
                          f"{cite(u.rules)}")
            continue
        console.print(f"[bold]{u.id}[/bold] in {u.start} may advance {cite(u.rules)}: "
                      f"up to {u.allowance} hex{'es' if u.allowance != 1 else ''} "
                      f"{cite(u.allowance_rules)}")
        if u.becomes:
            console.print(f"  it becomes {u.becomes} if it advances {cite(u.becomes_rules)}")
        if not u.options:
            console.print("  no hex to advance into")
        else:
            table = Table("hex", "path", "left", "", "rules", box=None, pad_edge=False)
            for o in u.options:
                table.add_row(o.hex, " ".join(o.path), str(o.left),
                              "stop" if o.stop != "go" else "", cite(o.rules))
            console.print(table)
        for r in u.refused:
            via = f" from {r.from_hex}" if r.from_hex else ""
            console.print(f"  not {r.hex}{via}: {'; '.join(r.why)} {cite(r.rules)}")


def print_verdict(v: Verdict, console: Console) -> None:
    mark = "[green]yes[/green]" if v.ok else "[red]no[/red]"
    where = f" at {v.hex} (hex {v.step + 1} of the advance)" if v.step is not None else ""
    console.print(f"{mark}: {v.unit} advancing {' '.join(v.path) or '(nowhere)'}{where}: "
                  f"{v.why} {cite(v.rules)}")


def advances_cmd(
    file: ScenarioArg,
    vacated: Annotated[str | None, typer.Option(
        "--vacated", metavar="H", help="The defender's vacated hex.")] = None,
    allowance: Annotated[int | None, typer.Option(
        "--allowance", metavar="N", min=1, max=MAX_ADV,
        help="The CRT's Adv number, 1 to 4 (14.2.1; no unit advances further, 14.2.2).")]
    = None,
    units: Annotated[str, typer.Option(
        "--units", metavar="ID,ID", help="The units that may advance.")] = "",
    attackers: Annotated[str | None, typer.Option(
        "--attackers", metavar="ID,ID",
        help="Units that took part in the attack (default: all of --units); the other "
             "units are stacked with them (14.1).")] = None,
    shifted: Annotated[str | None, typer.Option(
        "--shifted", metavar="ID,ID", help="ASUs that gave the attack a shift (14.1).")] = None,
    spent: Annotated[str | None, typer.Option(
        "--spent", metavar="ID,ID",
        help="Units that already attacked or advanced this Combat Phase.")] = None,
    reserves: Annotated[str | None, typer.Option(
        "--reserves", metavar="ID,ID", help="Reserve units activated now (25.2.3).")] = None,
    mode: ModeOpt = "normal",
    path: Annotated[str | None, typer.Option(
        "--path", metavar="UNIT:H1,H2",
        help="Check one proposed advance and name the first rule it breaks.")] = None,
    reading: ReadingOpt = None,
    json: JsonOpt = False,
) -> None:
    """Every hex each unit may end its Advance After Combat in, with a path and the rules."""
    sc = load_scenario(file)
    solver = Solver(sc.game)
    readings = parse_readings(reading, solver)
    ids = split(units)
    att = split(attackers) if attackers is not None else None
    for option, given in (("--attackers", att or []), ("--shifted", split(shifted)),
                          ("--spent", split(spent)), ("--reserves", split(reserves))):
        for uid in given:
            if uid not in sc.units_by_id:
                raise unknown("unit", uid, sc.units_by_id, option)
    if path:
        uid, sep, hexes = path.rpartition(":")
        if not sep or not uid:
            raise usage_error(f"expected UNIT:H1,H2,... got '{path}'", "--path")
        verdict = check_advance(sc, uid, split(hexes), vacated, allowance, att,
                                split(shifted), split(spent), split(reserves), _mode(mode),
                                others=ids, solver=solver, readings=readings)
        emit(verdict.to_json(), lambda c: print_verdict(verdict, c), json)
        return
    answer = advances(sc, vacated, allowance, ids, att, split(shifted), split(spent),
                      split(reserves), _mode(mode), solver, readings)
    emit(answer.to_json(), lambda c: print_advances(answer, c), json)


# -- breakthrough ------------------------------------------------------------------------


def print_breakthrough(answer: BreakthroughAnswer, console: Console) -> None:
    group = ", ".join(answer.group)
    if not answer.allowed:
        console.print(f"[red]No Breakthrough Combat[/red] for {group}: "
                      f"{'; '.join(answer.why_not)} {cite(answer.rules)}")
        return
    console.print(f"[bold]Breakthrough Group[/bold] {group}: {answer.allowance} hexes "
                  f"{cite(answer.rules)}")
    for s in answer.starts:
        how = {"form": "forms in the vacated hex", "decline": "declines the vacated hex",
               "at": "goes on"}[s.how]
        console.print(f"  {how}: in {s.hex} with {s.left} left {cite(s.rules)}")
    for f in answer.form_refused:
        console.print(f"  {f['unit']} cannot form in the vacated hex: {f['why']} "
                      f"{cite(f['rules'])}")
    if not answer.targets:
        console.print("  no enemy hex it may attack next")
    for t in answer.targets:
        best = t.options[0]
        console.print(f"  attack {t.hex} ({', '.join(t.defenders)}) from {best.hex} via "
                      f"{' '.join(best.path) or '(no move)'}, {t.left} left after "
                      f"{cite(best.rules)}")
        for o in t.options[1:]:
            console.print(f"      or from {o.hex}, {o.left} left")
    for r in answer.refused:
        console.print(f"  not {r.hex} from {r.from_hex}: {'; '.join(r.why)} {cite(r.rules)}")
    for text, rules in answer.notes:
        console.print(f"  note: {text} {cite(rules)}")


def breakthrough_cmd(
    file: ScenarioArg,
    vacated: Annotated[str | None, typer.Option(
        "--vacated", metavar="H", help="The initial defender's vacated hex.")] = None,
    allowance: Annotated[int | None, typer.Option(
        "--allowance", metavar="N", min=1, max=MAX_ADV,
        help="The initial combat's Adv number, 1 to 4.")] = None,
    group: Annotated[str, typer.Option(
        "--group", metavar="ID,ID", help="The units of the Breakthrough Group.")] = "",
    attackers: Annotated[str | None, typer.Option(
        "--attackers", metavar="ID,ID",
        help="Units that took part in the attack (default: the group).")] = None,
    mode: ModeOpt = "normal",
    at: Annotated[str | None, typer.Option(
        "--at", metavar="H", help="Where the group stands now, if it is on its way.")] = None,
    left: Annotated[int | None, typer.Option(
        "--left", metavar="N", min=0, max=MAX_ADV,
        help="Hexes it has left (with --at), 0 to 4.")] = None,
    attacked: Annotated[str | None, typer.Option(
        "--attacked", metavar="H,H", help="Hexes the group has attacked already.")] = None,
    reading: ReadingOpt = None,
    json: JsonOpt = False,
) -> None:
    """Which hexes a Breakthrough Group may attack next, from where, with how many hexes left."""
    sc = load_scenario(file)
    solver = Solver(sc.game)
    attacked_hexes = split(attacked)
    for h in attacked_hexes:
        if h not in sc.map.hexes:
            raise usage_error(f"'{h}' is not a hex on the map{did_you_mean(h, sc.map.hexes)}",
                              "--attacked")
    answer = breakthrough(sc, vacated, allowance, split(group), split(attackers)
                          if attackers is not None else None, _mode(mode), at, left,
                          attacked_hexes, solver, parse_readings(reading, solver))
    emit(answer.to_json(), lambda c: print_breakthrough(answer, c), json)


# -- demo ------------------------------------------------------------------------------


def _demo_position(sc: Scenario) -> tuple[str, list[str]] | None:
    """The bundled demo: 14Pz has just driven a defender out of 0504 (Adv 4)."""
    if "14Pz" in sc.units_by_id and "0504" in sc.map.hexes and not sc.units_at("0504"):
        return "0504", ["14Pz"]
    return None


def demo_advance(sc: Scenario, console: Console, solver: Solver) -> None:
    setup = _demo_position(sc)
    if setup is None:
        console.print("(this position has no prepared advance)")
        return
    vacated, units = setup
    console.print(f"Suppose {', '.join(units)} attacked {vacated} and the defender retreated "
                  "with an Adv 4 result.")
    print_advances(advances(sc, vacated, 4, units, solver=solver), console)


def demo_breakthrough(sc: Scenario, console: Console, solver: Solver) -> None:
    setup = _demo_position(sc)
    if setup is None:
        console.print("(this position has no prepared breakthrough)")
        return
    vacated, units = setup
    print_breakthrough(breakthrough(sc, vacated, 4, units, solver=solver), console)


DEMO_STEPS = [("Advance after combat", demo_advance),
              ("Breakthrough combat", demo_breakthrough)]


def register(app: typer.Typer) -> None:
    app.command(name="advances")(advances_cmd)
    app.command(name="breakthrough")(breakthrough_cmd)
