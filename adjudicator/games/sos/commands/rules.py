"""``zoc``, ``stacking`` (and ``check``), ``isolation``, ``retreats`` and ``advances`` for
Streets of Stalingrad (5.x, 6.x, 9.41-9.48, 9.81-9.884, 9.85-9.86, 19.x)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from adjudicator.errors import did_you_mean, usage_error
from adjudicator.games.sos.los import check_hex
from adjudicator.games.sos.queries.advances import AdvanceAnswer, advances
from adjudicator.games.sos.queries.isolation import IsolationAnswer, isolation
from adjudicator.games.sos.queries.retreats import AfterP, BeforeCombat, after_p, before_combat
from adjudicator.games.sos.queries.stacking import StackingAnswer, stacking
from adjudicator.games.sos.queries.zoc import MOVES, PURPOSES, ZocAnswer, zoc
from adjudicator.games.sos.tec import tec_chart
from adjudicator.output import JsonOpt, ScenarioArg, cite, emit
from adjudicator.scenario import Scenario, load_scenario

DEMO_ORDER = 20

HexOpt = Annotated[str, typer.Option("--hex", help="The attacked hex.")]
AttackersOpt = Annotated[str | None, typer.Option(
    "--attackers", metavar="U,U", help="The declared attacking units, by id.")]
TecOpt = Annotated[str | None, typer.Option(
    "--tec", metavar="PATH", help="Your terrain effects chart (default: "
    "$ADJUDICATOR_SOS_TEC, else the PRACTICE chart kb/sos/tables/tec_practice.yaml).")]


def _attackers(sc: Scenario, text: str | None, option: str = "--attackers") -> list[str]:
    ids = [t.strip() for t in (text or "").split(",") if t.strip()]
    known = {u.id for u in sc.units}
    for u in ids:
        if u not in known:
            raise usage_error(f"'{u}' is not a unit of this position{did_you_mean(u, known)}",
                              option)
    return ids


def _chart_line(chart: dict, console: Console) -> None:
    if chart.get("practice"):
        console.print(f"[yellow]{chart['note']}[/yellow]")
    else:
        console.print(f"terrain chart: {chart['title']} (file {chart['file']})")


# --- zoc ------------------------------------------------------------------------------

def print_zoc(ans: ZocAnswer, console: Console) -> None:
    for p in PURPOSES:
        for side in ("german", "soviet"):
            hexes = [h for h, ss in ans.controls[p].items() if side in ss]
            rule = {"movement": ["6.1", "6.5"], "retreat": ["9.47", "9.87"],
                    "isolation": ["19.2"]}[p]
            console.print(f"[bold]{side.capitalize()} ZOC for {p}[/bold] {cite(rule)}: "
                          + (" ".join(hexes) if hexes else "none"))
    for u, rules in sorted(ans.no_zoc.items()):
        console.print(f"{u} has no ZOC {cite(rules)}")
    for (h, s), rules in sorted(ans.barred.items()):
        console.print(f"{s} ZOC does not enter {h} {cite(rules)}")
    for (h, s, p), rules in sorted(ans.negated.items()):
        console.print(f"{s} ZOC in {h} does not count for {p} {cite(rules)}")
    for (a, b, f), rules in sorted(ans.across.items()):
        console.print(f"ZOC from {a} reaches {b} across the {f} {cite(rules)}")
    kinds: dict[tuple[str, tuple[str, ...]], list[str]] = {}
    for u, by in sorted(ans.moves.items()):
        for k, rules in by.items():
            kinds.setdefault((k, tuple(rules)), []).append(u)
    for (k, rules), us in sorted(kinds.items()):
        console.print(f"{', '.join(us)}: {MOVES.get(k, k)} {cite(list(rules))}")


def zoc_cmd(file: ScenarioArg, json: JsonOpt = False) -> None:
    """Where each side's zone of control is in force, for movement, retreats and
    isolation, and how each unit moves in enemy ZOC (6.1-6.8, 8.09, 10.7, 16.46, 16.62,
    19.2)."""
    sc = load_scenario(file)
    ans = zoc(sc)
    emit(ans.to_json(), lambda c: print_zoc(ans, c), json)


# --- stacking -------------------------------------------------------------------------

def print_stacking(ans: StackingAnswer, console: Console) -> None:
    console.print(f"[bold]Stacking[/bold] {cite(['5.1'])}: "
                  + ("within the limits" if ans.legal else "over the limits"))
    for (h, s), (n, m, r) in sorted(ans.limits.items()):
        console.print(f"  {h} {s}: {n} combat unit(s), limit {m} {cite([r])}")
    for o in ans.over:
        extra = (f"; it may stand if moving units were pinned in a full hex, and must be "
                 f"corrected at the first chance {cite(['5.8'])}" if o.may_stand_if_pinned
                 else "")
        console.print(f"  {o.hex} {o.side}: {o.count} {o.kind} unit(s), limit {o.limit} "
                      f"{cite(o.rules)}{extra}")
    for h, rules in sorted(ans.mixed.items()):
        console.print(f"  {h}: combat units of both sides {cite(rules)}")


def stacking_cmd(file: ScenarioArg, json: JsonOpt = False) -> None:
    """Every hex over a stacking limit, and the limit in force in each (5.1-5.8, 8.08,
    16.53, 17.21)."""
    sc = load_scenario(file)
    ans = stacking(sc)
    emit(ans.to_json(), lambda c: print_stacking(ans, c), json)


def check_cmd(file: ScenarioArg, json: JsonOpt = False) -> None:
    """Check the position's stacking (5.1-5.8, 8.08): as ``stacking``."""
    stacking_cmd(file, json)


# --- isolation ------------------------------------------------------------------------

def print_isolation(ans: IsolationAnswer, console: Console) -> None:
    console.print(f"[bold]Isolation[/bold] {cite(['19.2', '19.6'])}")
    if ans.no_german_box:
        console.print(f"  no German off-map box in this position: German isolation is not "
                      f"judged {cite(['19.6'])}")
    for u in ans.units:
        if not u.isolated:
            if u.marker_now:
                console.print(f"  {u.unit}: supplied again, its Out of Supply marker is "
                              f"removed {cite(u.rules)}")
            continue
        text = f"  {u.unit} ({u.side}): isolated; Out of Supply {u.marker_next} next"
        if u.side == "soviet":
            text += (f"; eliminated at {u.threshold}" if u.threshold else "")
            text += ": REMOVED in the next Administrative Phase" if u.eliminated else ""
            if "nkvd-roll-removed-on-5-to-10" in u.effects and not u.eliminated:
                text += "; NKVD: a d10 in the Administrative Phase removes it on 5-10"
        else:
            text += ", never eliminated"
        console.print(text + " " + cite(u.rules))
    if not ans.isolated():
        console.print("  no unit is isolated")


def isolation_cmd(file: ScenarioArg, json: JsonOpt = False) -> None:
    """Which units are isolated, their next Out of Supply marker, and which Soviet units
    the next Administrative Phase removes (19.1-19.6)."""
    sc = load_scenario(file)
    ans = isolation(sc)
    emit(ans.to_json(), lambda c: print_isolation(ans, c), json)


# --- retreats -------------------------------------------------------------------------

def print_before_combat(ans: BeforeCombat, console: Console) -> None:
    console.print(f"[bold]Retreat before combat from {ans.hex}[/bold] {cite(ans.rules)}")
    _chart_line(ans.chart, console)
    for reason, rule in ans.blocked:
        console.print(f"  nobody may retreat: {reason} {cite([rule])}")
    if ans.all_may_go:
        console.print(f"  German armour attacked without Soviet armour: all may go "
                      f"{cite(['9.45'])}")
    if ans.one_must_stay:
        console.print(f"  one combat unit must stay {cite(['9.43'])}")
    for u in ans.units:
        if not u.may:
            why = ", ".join(f"{r} {cite([x])}" for r, x in u.refused)
            console.print(f"  {u.unit}: may not retreat" + (f" ({why})" if why else ""))
            continue
        hexes = " ".join(f"{h}({c})" for h, c in u.hexes.items()) or "none"
        console.print(f"  {u.unit}: {u.budget} MP {cite([u.budget_rule])}; may end in "
                      f"{hexes} (MP spent)" + (f"; stops in {' '.join(u.stops)}"
                                               if u.stops else ""))
        for h, f, x in u.no_crossing:
            console.print(f"    a vehicle: does not cross the {f} in {h} {cite([x])}")
        for h in u.landings:
            console.print(f"    crosses the balka in {h} by its river-landing arrow "
                          f"{cite(['8.67'])}")
        if u.carried_by:
            console.print(f"    or carried by {', '.join(u.carried_by)}, ending where it "
                          f"may {cite(['16.42', '16.45'])}")


def print_after_p(ans: AfterP, console: Console) -> None:
    console.print(f"[bold]P result against {ans.hex}[/bold] {cite(['9.81'])}")
    _chart_line(ans.chart, console)
    for o, r in ans.options:
        console.print(f"  the defender may choose: {o} {cite([r])}")
    for u in ans.units:
        where = f": into {' '.join(u.hexes)}" if u.hexes else ""
        console.print(f"  {u.unit}: {u.outcome}{where} {cite(u.rules)}")
    for kind, n in sorted(ans.short.items()):
        console.print(f"  the stack does not fit: {n} retreating {kind} unit(s) find no "
                      f"room beside the others and are eliminated {cite(['9.87', '5.0'])}")


def retreats_cmd(
    file: ScenarioArg,
    hex_: HexOpt,
    attackers: AttackersOpt = None,
    result: Annotated[str, typer.Option(
        "--result", help="before-combat (9.41-9.48) or p (a P result, 9.87-9.884).")
    ] = "before-combat",
    fire: Annotated[str, typer.Option(
        "--fire", help="How the P result came: attack, opportunity or defensive (9.883).")
    ] = "attack",
    breakthrough: Annotated[bool, typer.Option(
        "--breakthrough", help="The attack is a breakthrough attack (10.5).")] = False,
    tec: TecOpt = None,
    json: JsonOpt = False,
) -> None:
    """Where the defenders of a hex may retreat: before combat (9.41-9.48, with the
    terrain chart's costs) or after a P result (9.81, 9.84, 9.87-9.884)."""
    sc = load_scenario(file)
    check_hex(sc, hex_, "--hex")
    if not sc.units_at(hex_):
        raise usage_error(f"no unit defends {hex_}", "--hex")
    ids = _attackers(sc, attackers)
    if result not in ("before-combat", "p"):
        raise usage_error(f"'{result}' is not before-combat or p", "--result")
    if fire not in ("attack", "opportunity", "defensive"):
        raise usage_error(f"'{fire}' is not attack, opportunity or defensive", "--fire")
    chart = tec_chart(tec)
    if result == "p":
        ans = after_p(sc, hex_, ids, fire, chart)
        emit(ans.to_json(), lambda c: print_after_p(ans, c), json)
    else:
        ans2 = before_combat(sc, hex_, ids, breakthrough, chart)
        emit(ans2.to_json(), lambda c: print_before_combat(ans2, c), json)


# --- advances -------------------------------------------------------------------------

def print_advances(ans: AdvanceAnswer, console: Console) -> None:
    console.print(f"[bold]Advance after combat into {ans.hex}[/bold] {cite(ans.rules)}")
    for w, r in ans.none:
        console.print(f"  nobody may advance: {w} {cite([r])}")
    for u, rules in sorted(ans.may.items()):
        console.print(f"  {u} may advance {cite(rules)}")
    for u, why in sorted(ans.refused.items()):
        console.print(f"  {u} may not: " + ", ".join(f"{w} {cite([r])}" for w, r in why))
    if ans.cap and ans.may:
        console.print(f"  at most {ans.cap[0]} combat units in the hex {cite([ans.cap[1]])}")


def advances_cmd(
    file: ScenarioArg,
    hex_: HexOpt,
    attackers: AttackersOpt = None,
    emptied: Annotated[str, typer.Option(
        "--emptied", help="How the hex was emptied: eliminated, or retreat (after a P "
        "result; see the readings of 9.85).")] = "eliminated",
    tec: TecOpt = None,
    json: JsonOpt = False,
) -> None:
    """Which attackers may advance into the emptied hex (9.85, 9.86, 6.7)."""
    sc = load_scenario(file)
    check_hex(sc, hex_, "--hex")
    ids = _attackers(sc, attackers)
    if not ids:
        raise usage_error("name the attacking units", "--attackers")
    if emptied not in ("eliminated", "retreat"):
        raise usage_error(f"'{emptied}' is not eliminated or retreat", "--emptied")
    ans = advances(sc, hex_, ids, emptied, tec_chart(tec))
    emit(ans.to_json(), lambda c: print_advances(ans, c), json)


# --- demo -----------------------------------------------------------------------------

def _demo(sc, console, solver) -> None:
    print_zoc(zoc(sc), console)
    print_stacking(stacking(sc), console)
    print_isolation(isolation(sc), console)
    attacked = [h for h, spec in sorted(sc.map.hexes.items()) if "attack" in spec.markers]
    for h in attacked:
        side = {u.side for u in sc.units_at(h)}
        attackers = [u.id for u in sc.units if u.side not in side and u.hex in sc.map.hexes
                     and sc.grid.are_adjacent(u.hex, h)]
        print_before_combat(before_combat(sc, h, attackers), console)
        print_after_p(after_p(sc, h, attackers), console)
        # had the attack eliminated the defenders instead
        emptied = sc.model_copy(update={"units": [u for u in sc.units if u.hex != h]})
        print_advances(advances(emptied, h, attackers), console)


DEMO_STEPS = [("Zones of control, stacking, isolation, retreats (5, 6, 9.4, 9.8, 19)",
               _demo)]


def register(app: typer.Typer) -> None:
    app.command("zoc")(zoc_cmd)
    app.command("stacking")(stacking_cmd)
    app.command("check")(check_cmd)
    app.command("isolation")(isolation_cmd)
    app.command("retreats")(retreats_cmd)
    app.command("advances")(advances_cmd)
