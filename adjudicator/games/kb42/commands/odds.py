"""``adjudicator odds`` and ``adjudicator combat`` for Kharkov Battles: the odds of a plan
of Prepared Assaults, and their resolution with one d10 read 0-9 (12.0-12.6, 1.2)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from adjudicator.dice import ImpossibleRoll, RollsExhausted
from adjudicator.errors import usage_error
from adjudicator.games.kb42 import charts as C
from adjudicator.games.kb42.charts import ratio_of
from adjudicator.games.kb42.queries.odds import (
    MODS,
    REFUSALS,
    SHIFTS,
    OddsAnswer,
    parse_plan,
    resolve,
)
from adjudicator.games.kb42.queries.odds import odds as odds_query
from adjudicator.output import JsonOpt, ScenarioArg, cite, emit
from adjudicator.scenario import Scenario, load_scenario
from adjudicator.solver import Solver

AttackOpt = Annotated[list[str], typer.Option(
    "--attack", metavar="UNITS@HEXES[/air=N][/dair=N]",
    help="One Prepared Assault: attacking unit ids, '@', the hex(es) attacked; /air=N and "
         "/dair=N for the attacker's and the defender's Air Points (5.2). Repeat for every "
         "attack of the Combat Phase (soak-offs included).")]
CrtOpt = Annotated[str | None, typer.Option(
    "--crt", metavar="PATH", help="Your Prepared Assault CRT (format: docs/kharkov-battles.rst"
    ", Charts); default $ADJUDICATOR_KB42_CRT, else the PRACTICE table.")]
TecOpt = Annotated[str | None, typer.Option(
    "--tec", metavar="PATH", help="Your terrain effects chart (format: docs/kharkov-battles"
    ".rst, Charts); default $ADJUDICATOR_KB42_TEC, else the PRACTICE chart.")]
RollOpt = Annotated[list[str] | None, typer.Option(
    "--roll", help="Given die rolls, in order, each 0 to 9 (repeatable or comma-separated).")]
MAX_SEED = 2**63 - 1
SeedOpt = Annotated[int | None, typer.Option("--seed", min=0, max=MAX_SEED,
                                             help="Seed for the dice (0 to 2^63-1).")]


def _charts(crt: str | None, tec: str | None) -> tuple[C.Crt, C.Tec]:
    return C.chart("crt", crt), C.chart("tec", tec)


def print_odds(answer: OddsAnswer, console: Console) -> None:
    console.print(f"CRT: {escape(answer.crt['title'])} (file {escape(answer.crt['file'])})")
    console.print(f"TEC: {escape(answer.tec['title'])} (file {escape(answer.tec['file'])})")
    for n in answer.notes:
        console.print(f"[yellow]{escape(n)}[/yellow]")
    for a in answer.attacks:
        air = (f", Air Points {a.plan.air} / {a.plan.defender_air}"
               if a.plan.air or a.plan.defender_air else "")
        console.print(f"[bold]Attack {a.index + 1}[/bold]: {', '.join(a.plan.attackers)} on "
                      f"{', '.join(a.plan.hexes)} ({', '.join(a.defenders)}){air}")
        for s in a.strengths:
            why = "; ".join(f"{MODS.get(r, r)} {cite([r])}" for r in s.rules)
            console.print(f"  {s.role} {s.unit}: {s.base}"
                          + (f" -> {s.final} ({why})" if why or s.final != s.base else ""))
        console.print(f"  strengths {a.ratio}: {ratio_of(a.level)}, rounded in the "
                      f"defender's favour {cite(['12.0'])}")
        for kind, v, r in a.shifts:
            console.print(f"  shift {v:+d} ({SHIFTS.get(r, kind)}) {cite([r])}")
        for kind, r in a.denied:
            console.print(f"  no {kind} shift: {SHIFTS.get(r, r)} {cite([r])}")
        where = f"terrain line '{a.line}'" + (f" {cite(a.line_rules)}" if len(
            a.plan.hexes) > 1 else "")
        if a.automatic:
            console.print(f"  final odds {ratio_of(a.final)} on {where}: {a.automatic[0]} "
                          f"without a roll {cite([a.automatic[1]])}")
        else:
            console.print(f"  final odds {ratio_of(a.final)} on {where}: column "
                          f"{a.column}")
        for what, r in a.refused:
            console.print(f"  [red]not allowed: {what}: {REFUSALS.get(r, '')}[/red] "
                          f"{cite([r])}")
    for h in answer.unmet:
        console.print(f"[red]{h} must be attacked (it exerts a ZOC on an attacker) and no "
                      f"attack of the plan does[/red] {cite(['12.1'])}")
    console.print("The plan is " + ("legal." if answer.legal else "not legal."))


def odds(file: ScenarioArg, attack: AttackOpt, crt: CrtOpt = None, tec: TecOpt = None,
         json: JsonOpt = False) -> None:
    """The odds of each Prepared Assault of a plan: strengths, ratio, shifts, the CRT column
    (12.0-12.5)."""
    sc = load_scenario(file)
    table, chart = _charts(crt, tec)
    answer = odds_query(sc, [parse_plan(a) for a in attack], table, chart, Solver(sc.game))
    emit(answer.to_json(), lambda c: print_odds(answer, c), json)


def _rolls(items: list[str] | None) -> list[int] | None:
    if not items:
        return None
    out = []
    for item in items:
        for t in (x.strip() for x in item.split(",") if x.strip()):
            if not t.isdigit() or not 0 <= int(t) <= 9:
                raise usage_error(f"'{t}' is not a die roll: the die is read 0 to 9 (1.2)",
                                  "--roll")
            out.append(int(t))
    return out


def combat(file: ScenarioArg, attack: AttackOpt, crt: CrtOpt = None, tec: TecOpt = None,
           roll: RollOpt = None, seed: SeedOpt = None, json: JsonOpt = False) -> None:
    """Resolve a plan of Prepared Assaults: the odds, one d10 read 0-9 per attack (1.2) and
    the result it reads on the CRT (12.6)."""
    sc = load_scenario(file)
    rolls = _rolls(roll)
    if rolls is not None and seed is not None:
        raise usage_error("give either --roll or --seed, not both", "--roll")
    table, chart = _charts(crt, tec)
    answer = odds_query(sc, [parse_plan(a) for a in attack], table, chart, Solver(sc.game))
    if not answer.legal:
        def refuse(c: Console) -> None:
            print_odds(answer, c)
        emit({"resolved": [], **answer.to_json()}, refuse, json)
        raise typer.Exit(2)
    from adjudicator.games import get_game

    dice = get_game("kb42").dice.session(seed=seed, rolls=rolls)
    try:
        done = resolve(answer, table, dice)
    except RollsExhausted as exc:
        raise usage_error(f"{exc}: give one --roll per attack", "--roll") from None
    except ImpossibleRoll as exc:  # pragma: no cover - _rolls checks the range
        raise usage_error(str(exc), "--roll") from None

    def text(c: Console) -> None:
        print_odds(answer, c)
        for r in done:
            how = (f"roll {r.roll}, column {r.column}" if r.roll is not None
                   else "no roll")
            lose = f"; the {r.loser} is the loser {cite(['12.65'])}" if r.loser else ""
            c.print(f"[bold]Attack {r.odds.index + 1}[/bold]: {how}: {r.result.text}"
                    f"{lose} {cite(r.rules)}")

    emit({"resolved": [r.to_json() for r in done], "seed": seed, "crt": answer.crt,
          "tec": answer.tec, "notes": answer.notes}, text, json)


def demo_odds(sc: Scenario, console: Console, solver: Solver) -> None:
    table, chart = _charts(None, None)
    plans = [parse_plan(p) for p in DEMO_PLAN]
    print_odds(odds_query(sc, plans, table, chart, solver), console)


#: The bundled position's Combat Phase: the main attack and its soak-off.
DEMO_PLAN = ["6pz-r4@KB3617"]
DEMO_ORDER = 16
DEMO_STEPS = [("Prepared Assault odds: 6pz-r4 on KB3617", demo_odds)]


def register(app) -> None:
    app.command()(odds)
    app.command()(combat)
