"""Combat commands: odds, combat, apply, replay, rally, disengage, weather."""

from __future__ import annotations

import json as jsonlib
import typing
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table as RichTable

from adjudicator.dice import ImpossibleRoll
from adjudicator.errors import InputError, Problem, did_you_mean, unknown, usage_error
from adjudicator.games.s42.combat import actions as A
from adjudicator.games.s42.combat import tables as TB
from adjudicator.games.s42.combat.odds import Odds, Support, compute_odds
from adjudicator.games.s42.combat.resolve import (
    ChoiceError,
    Choices,
    Declaration,
    Outcome,
    Refused,
    apply_moves,
    resolve_combat,
)
from adjudicator.games.s42.combat.tables import PRACTICE_NOTE
from adjudicator.games.s42.scenario import Weather
from adjudicator.hexgrid import is_hex_id
from adjudicator.output import (
    ForceOpt,
    JsonOpt,
    ScenarioArg,
    check_output,
    cite,
    emit,
    write_output,
)
from adjudicator.scenario import Scenario, load_scenario

WEATHERS = typing.get_args(Weather)

HexOpt = Annotated[str, typer.Option("--defender-hex", help="The hex attacked.")]
AttackersOpt = Annotated[
    str, typer.Option("--attackers", help="Attacking unit ids, comma-separated.")]
AirOpt = Annotated[bool, typer.Option("--air", help="Commit an Axis Air Unit for a shift (9.3).")]
AirNationOpt = Annotated[str, typer.Option("--air-nation", help="german or romanian (9.3.8).")]
ArtilleryOpt = Annotated[
    str, typer.Option("--artillery", help="ASU / Supply Point ids giving artillery shifts (9.4).")]
ReadingOpt = Annotated[
    list[str] | None,
    typer.Option("--reading", help="RULE=NAME: answer under another reading (repeatable)."),
]
PoOpt = Annotated[int, typer.Option("--planned-offensive", min=0, max=2,
                                    help="Planned Offensive markers used: 0-2 (26.2).")]
RerollOpt = Annotated[str | None, typer.Option("--reroll", help="Leader re-rolling the CRT die "
                                                                "(28.1.4).")]
RollOpt = Annotated[
    list[str] | None,
    typer.Option("--roll", help="Given die rolls, in order, each 1 to 6 (repeatable or "
                 "comma-separated)."),
]
MAX_SEED = 2**63 - 1
SeedOpt = Annotated[int | None, typer.Option("--seed", min=0, max=MAX_SEED,
                                             help="Seed for the dice (0 to 2^63-1).")]
CrtOpt = Annotated[Path | None, typer.Option("--crt", help="Your CRT file (default: practice "
                                                           "table or $ADJUDICATOR_S42_CRT).")]
DdOpt = Annotated[Path | None, typer.Option("--dd-table", help="Your Determined Defense table.")]


def _ids(text: str) -> list[str]:
    return [t.strip() for t in (text or "").split(",") if t.strip()]


def _readings(items: list[str] | None) -> dict[str, str]:
    out = {}
    for item in items or []:
        if "=" not in item:
            raise usage_error(f"'{item}' is not RULE=NAME", "--reading")
        k, v = item.split("=", 1)
        out[k.strip()] = v.strip()
    return out


def _rolls(items: list[str] | None) -> list[int] | None:
    if not items:
        return None
    out = []
    for item in items:
        for t in _ids(item):
            if not t.isdigit() or not 1 <= int(t) <= 6:
                raise usage_error(f"'{t}' is not a die roll: a die shows 1 to 6", "--roll")
            out.append(int(t))
    return out


def _dice(roll: list[str] | None, seed: int | None):
    rolls = _rolls(roll)
    if rolls is not None and seed is not None:
        raise usage_error("give either --roll or --seed, not both", "--roll")
    return A.new_dice(seed, rolls)


#: The option that gives each declaration item or choice a refusal can be about.
FIELD_OPTION = {
    "attack": "--attackers", "use_die": "--use-die", "attacker_losses": "--attacker-loss",
    "defender_losses": "--defender-loss", "dd": "--dd", "lead": "--lead",
    "dd_support": "--support", "desperate": "--desperate", "dd_reroll": "--dd-reroll",
    "retreat": "--retreat", "advance": "--advance", "reroll": "--reroll",
    "--roll": "--roll", "roll": "--roll", "season": "--season",
    "keep_full_retreat": "--keep-full-retreat", "units": "--units",
}


def _refused(exc: Refused, command: str) -> InputError:
    """A refusal, blamed on the option it is about (else on the command)."""
    return usage_error(str(exc), FIELD_OPTION.get(exc.field or "", command))


def _check_ids(sc: Scenario, ids: list[str], option: str) -> None:
    for uid in ids:
        if uid not in sc.units_by_id:
            raise unknown("unit", uid, sc.units_by_id, option)


def _check_hex(sc: Scenario, h: str, option: str) -> None:
    if not is_hex_id(h):
        raise usage_error(f"'{h}' is not a hex id (four digits, e.g. 0405)", option)
    if h not in sc.map.hexes:
        raise usage_error(f"hex {h} is not on the map{did_you_mean(h, sc.map.hexes)}", option)


def _check_choice_ids(sc: Scenario, ch: Choices) -> None:
    """Every unit a choice names exists (did you mean ...)."""
    named = {"attacker_losses": ch.attacker_losses, "defender_losses": ch.defender_losses,
             "lead": ch.lead, "dd_reroll": [ch.dd_reroll] if ch.dd_reroll else [],
             "dd_support": [ch.dd_support] if ch.dd_support not in (None, "air") else [],
             "retreat": [u for u in ch.retreat if u != "*"], "advance": list(ch.advance)}
    for key, uids in named.items():
        for uid in uids:
            if uid not in sc.units_by_id:
                raise unknown("unit", uid, sc.units_by_id, FIELD_OPTION[key])


def _check_declaration(sc: Scenario, defender_hex: str, attackers: list[str],
                       artillery: list[str], reroll: str | None = None) -> None:
    """Refuse an unknown hex or unit up front (exit 2), with the closest names."""
    _check_hex(sc, defender_hex, "--defender-hex")
    if not attackers:
        raise usage_error("name at least one attacking unit", "--attackers")
    _check_ids(sc, attackers, "--attackers")
    _check_ids(sc, artillery, "--artillery")
    if reroll:
        _check_ids(sc, [reroll], "--reroll")


def _support(air: bool, air_nation: str, artillery: str) -> Support:
    if air_nation not in ("german", "romanian"):
        raise usage_error("--air-nation is german or romanian", "--air-nation")
    return Support(air=air, air_nation=air_nation, artillery=tuple(_ids(artillery)))


def _check_readings(sc: Scenario, readings: dict[str, str]) -> None:
    from adjudicator.games import get_game

    known = get_game(sc.game).readings()
    for rule, name in readings.items():
        names = [r["name"] for r in known.get(rule, [])]
        if name not in names:
            hint = f" (readings of {rule}: {', '.join(names)})" if names else \
                f" (no named readings for {rule})"
            raise usage_error(f"unknown reading {rule}={name}{hint}", "--reading")


# -- odds -----------------------------------------------------------------------------------


def print_odds(o: Odds, c: Console) -> None:
    c.print(f"[bold]Attack on {o.defender_hex}[/bold] by {', '.join(o.attackers) or '-'} "
            f"({o.attacker_side})")
    t = RichTable("unit", "side", "printed", "modifiers", "counts", title="Strengths")
    for u in o.units:
        mods = "\n".join(f"{s.what}: {s.value} {cite(s.rules)}" for s in u.steps[1:]) or "-"
        t.add_row(u.id, u.role, str(u.printed), mods, str(u.strength))
    c.print(t)
    line = f"Attack {o.attack}"
    if o.attack != o.attack_total:
        line += f" (of {o.attack_total}, capped {cite(['8.5.1'])})"
    line += f" : defense {o.defense}"
    if o.defense != o.defense_total:
        line += f" (of {o.defense_total}, capped {cite(['8.5.2'])})"
    c.print(line + f"  ->  odds {o.ratio} {cite(['8.3'])}")
    for s in o.shifts:
        direction = "right" if s.columns > 0 else "left"
        c.print(f"  shift {abs(s.columns)} {direction} for the {s.side}: {s.what} {cite(s.rules)}")
    for f in o.not_applied:
        c.print(f"  [dim]not applied: {f.what} {cite(f.rules)}[/dim]")
    for n in o.notes:
        c.print(f"  note: {n}")
    if o.allowed:
        col = "automatic DS (10-1 or more)" if o.automatic_ds else f"the {o.column} column"
        c.print(f"[bold]Resolved on {col}[/bold] (net shift {o.net_shift:+d}) {cite(o.rules)}")
    else:
        c.print("[bold red]Attack not allowed[/bold red]:")
        for f in o.refused:
            c.print(f"  {f.what} {cite(f.rules)}")


def odds(
    file: ScenarioArg,
    defender_hex: HexOpt,
    attackers: AttackersOpt,
    air: AirOpt = False,
    air_nation: AirNationOpt = "german",
    artillery: ArtilleryOpt = "",
    reading: ReadingOpt = None,
    json: JsonOpt = False,
) -> None:
    """Odds of an attack: strengths unit by unit, shifts and the CRT column (8-9)."""
    sc = load_scenario(file)
    rd = _readings(reading)
    _check_readings(sc, rd)
    _check_declaration(sc, defender_hex, _ids(attackers), _ids(artillery))
    o = compute_odds(sc, defender_hex, _ids(attackers), _support(air, air_nation, artillery), rd)
    emit(o.to_json(), lambda c: print_odds(o, c), json)


# -- combat / apply ----------------------------------------------------------------------------


def _choices(file: Path | None, **kw: Any) -> Choices:
    data: dict[str, Any] = {}
    if file is not None:
        from ruamel.yaml import YAML

        from adjudicator.errors import read_input

        text = read_input(file)
        try:
            data = YAML(typ="rt").load(text) or {}
        except Exception as exc:  # noqa: BLE001
            first = " ".join(str(exc).split())[:300]
            raise InputError([Problem(str(file), 1, "(file)",
                                      f"cannot read choices: {first}")]) from None
        if not isinstance(data, dict):
            raise InputError([Problem(str(file), 1, "(top)", "choices must be a mapping")])
        try:
            Choices.from_json(data)
        except ChoiceError as exc:
            problems = []
            for text in exc.problems:
                where, _, what = text.partition(": ")
                key = where.split(".")[0]
                line = data.lc.key(key)[0] + 1 if hasattr(data, "lc") and key in data else 1
                problems.append(Problem(str(file), line, where, what))
            raise InputError(problems) from None
        except ValueError as exc:
            raise InputError([Problem(str(file), 1, "(top)", str(exc))]) from None
    for k, v in kw.items():
        if v not in (None, [], {}, False) or (k == "dd" and v is not None):
            data[k] = v
    try:
        return Choices.from_json(data)
    except (TypeError, ValueError) as exc:
        raise usage_error(str(exc), "--choices" if file is not None else "arguments") from None


def _moves(items: list[str] | None, opt: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items or []:
        if "=" not in item:
            raise usage_error(f"'{item}' is not UNIT=HEX,HEX", opt)
        k, v = item.split("=", 1)
        out[k.strip()] = "eliminated" if v.strip() == "eliminated" else _ids(v)
    return out


def print_outcome(out: Outcome, c: Console) -> None:
    print_odds(out.odds, c)
    if out.practice:
        c.print(f"[bold yellow]{PRACTICE_NOTE}[/bold yellow]")
    for r in out.rolls:
        c.print(f"roll: {r['purpose']}: {r['total']}")
    if out.result:
        cell = out.cell.text if out.cell else "automatic DS"
        c.print(f"[bold]Result {cell}[/bold]: {out.meaning} {cite(['10.1'])}")
    for n in out.notes:
        if n != PRACTICE_NOTE:
            c.print(f"note: {n}")
    for x in out.losses:
        c.print(f"step loss: {x.unit} ({x.side}, picked by the {x.picked_by})"
                + (" - eliminated" if x.eliminated else "") + f" {cite(x.rules)}")
    dd = out.dd
    if dd.get("possible"):
        c.print(f"Determined Defense possible on the {dd['column']} column, leads: "
                f"{', '.join(dd['leads'])} {cite(dd['rules'])}")
    elif dd.get("why"):
        c.print(f"No Determined Defense: {dd['why']} {cite(dd.get('rules', []))}")
    for r in out.dd_rolls:
        mods = " ".join(f"{m['value']:+d} {m['what']}" for m in r.modifiers)
        c.print(f"  DD lead {r.lead}: roll {r.roll} {mods} = {r.modified}: {r.cell} - "
                f"{r.effect} {cite(r.rules)}")
    ret = out.retreat
    if ret.get("required"):
        c.print(f"Retreat {ret['hexes']} hex(es), then {ret['status_after']} {cite(ret['rules'])}")
        for row in ret["units"]:
            if "what" in row:
                c.print(f"  {row['id']}: {row['what']} {cite(row['rules'])}")
    elif ret:
        c.print(f"No retreat {cite(ret.get('rules', []))}")
    adv = out.advance
    if adv and adv.get("kind") != "none":
        c.print(f"Advance after combat ({adv['kind']}) {cite(adv['rules'])}:")
        for u in adv["units"]:
            extra = f" only into {u['only']}" if u.get("only") else ""
            c.print(f"  {u['id']}: up to {u['hexes']} hex(es){extra} {cite(u['rules'])}")
    elif adv:
        c.print(f"No advance after combat {cite(adv.get('rules', []))}")
    for p in out.pending:
        c.print(f"[bold]waiting for the {p.who}[/bold]: {p.what}"
                + (f" - one of {', '.join(p.options)}" if p.options else "")
                + f" (choice '{p.choice}') {cite(p.rules)}")
    if out.work is not None:
        for w in out.work.warnings:
            c.print(f"[yellow]warning[/yellow]: {w}")


def _run_combat(file, defender_hex, attackers, air, air_nation, artillery, planned_offensive,
                reroll, roll, seed, crt, dd_table_path, reading, choices_kw, choices_file,
                default_dd=None, command="combat"):
    sc = load_scenario(file)
    rd = _readings(reading)
    _check_readings(sc, rd)
    _check_declaration(sc, defender_hex, _ids(attackers), _ids(artillery), reroll)
    decl = Declaration(defender_hex, _ids(attackers), _support(air, air_nation, artillery),
                       planned_offensive, reroll)
    ch = _choices(choices_file, **choices_kw)
    _check_choice_ids(sc, ch)
    if ch.dd is None and default_dd is not None:
        ch.dd = default_dd
    dice = _dice(roll, seed)
    try:
        out = resolve_combat(sc, decl, ch, dice, TB.crt_table(crt), TB.dd_table(dd_table_path), rd)
    except Refused as exc:
        raise _refused(exc, command) from None
    except ImpossibleRoll as exc:
        raise usage_error(str(exc), "--roll") from None
    return sc, out


ChoicesOpt = Annotated[Path | None, typer.Option("--choices", help="YAML file of choices "
                                                                   "(losses, lead, retreat ...).")]
UseDieOpt = Annotated[int | None, typer.Option("--use-die", min=1, max=3,
                                               help="Which Planned Offensive die to use "
                                                    "(1-based: 1 to 3).")]
ALossOpt = Annotated[list[str] | None, typer.Option("--attacker-loss", help="Unit taking an "
                                                                           "attacker step loss.")]
DLossOpt = Annotated[list[str] | None, typer.Option("--defender-loss", help="Unit taking a "
                                                                           "defender step loss.")]
DdFlag = Annotated[bool | None, typer.Option("--dd/--no-dd", help="Declare a Determined Defense "
                                                                 "(11), or decline it.")]
LeadOpt = Annotated[list[str] | None, typer.Option("--lead", help="Lead Unit (one per DD roll).")]
SupportOpt = Annotated[str | None, typer.Option("--support", help="'air' or an ASU id: +1 to the "
                                                                  "DD roll (11.3).")]
DesperateOpt = Annotated[bool, typer.Option("--desperate", help="Declare a Desperate Defense "
                                                                "(11.5).")]
DdRerollOpt = Annotated[str | None, typer.Option("--dd-reroll", help="Leader re-rolling the DD "
                                                                     "die (28.1).")]


def combat(
    file: ScenarioArg,
    defender_hex: HexOpt,
    attackers: AttackersOpt,
    air: AirOpt = False,
    air_nation: AirNationOpt = "german",
    artillery: ArtilleryOpt = "",
    planned_offensive: PoOpt = 0,
    reroll: RerollOpt = None,
    roll: RollOpt = None,
    seed: SeedOpt = None,
    crt: CrtOpt = None,
    dd_table: DdOpt = None,
    choices: ChoicesOpt = None,
    use_die: UseDieOpt = None,
    attacker_loss: ALossOpt = None,
    defender_loss: DLossOpt = None,
    dd: DdFlag = None,
    lead: LeadOpt = None,
    support: SupportOpt = None,
    desperate: DesperateOpt = False,
    dd_reroll: DdRerollOpt = None,
    reading: ReadingOpt = None,
    json: JsonOpt = False,
) -> None:
    """Resolve a combat: roll, explain the result, the Determined Defense and what follows."""
    kw = dict(use_die=use_die, attacker_losses=attacker_loss or [],
              defender_losses=defender_loss or [], dd=dd, lead=lead or [], dd_support=support,
              desperate=desperate, dd_reroll=dd_reroll)
    _, out = _run_combat(file, defender_hex, attackers, air, air_nation, artillery,
                         planned_offensive, reroll, roll, seed, crt, dd_table, reading, kw, choices)
    emit(out.to_json(), lambda c: print_outcome(out, c), json)


def apply(
    file: ScenarioArg,
    defender_hex: HexOpt,
    attackers: AttackersOpt,
    out_path: Annotated[Path, typer.Option("--out", help="Where to write the next position.")],
    log: Annotated[Path | None, typer.Option(
        "--log", help="Append the log entry to this file (JSON lines).")]
    = None,
    air: AirOpt = False,
    air_nation: AirNationOpt = "german",
    artillery: ArtilleryOpt = "",
    planned_offensive: PoOpt = 0,
    reroll: RerollOpt = None,
    roll: RollOpt = None,
    seed: SeedOpt = None,
    crt: CrtOpt = None,
    dd_table: DdOpt = None,
    choices: ChoicesOpt = None,
    use_die: UseDieOpt = None,
    attacker_loss: ALossOpt = None,
    defender_loss: DLossOpt = None,
    dd: DdFlag = None,
    lead: LeadOpt = None,
    support: SupportOpt = None,
    desperate: DesperateOpt = False,
    dd_reroll: DdRerollOpt = None,
    retreat: Annotated[list[str] | None, typer.Option(
        "--retreat", help="UNIT=HEX,HEX (or *=...; or UNIT=eliminated), repeatable.")] = None,
    advance: Annotated[list[str] | None, typer.Option(
        "--advance", help="UNIT=HEX,HEX, repeatable.")] = None,
    reading: ReadingOpt = None,
    force: ForceOpt = False,
    json: JsonOpt = False,
) -> None:
    """Resolve a combat and write the next position, with a log of rolls and choices."""
    inputs = [file, choices, crt, dd_table]
    check_output(out_path, "--out", inputs, force)
    if log is not None:
        check_output(log, "--log", [*inputs, out_path], append=True)
    kw = dict(use_die=use_die, attacker_losses=attacker_loss or [],
              defender_losses=defender_loss or [], dd=dd,
              lead=lead or [], dd_support=support, desperate=desperate, dd_reroll=dd_reroll,
              retreat=_moves(retreat, "--retreat"), advance=_moves(advance, "--advance"))
    sc, out = _run_combat(file, defender_hex, attackers, air, air_nation, artillery,
                          planned_offensive, reroll, roll, seed, crt, dd_table, reading, kw,
                          choices, default_dd=False, command="apply")
    if out.choices.dd is False and out.dd.get("possible") and dd is None:
        out.notes.append("no Determined Defense declared (--dd): the defenders retreat")
    try:
        nxt = apply_moves(sc, out)
    except Refused as exc:
        raise _refused(exc, "apply") from None
    from adjudicator.games.s42.combat.state import Work

    write_output(out_path, Work.of(nxt).to_yaml(), "--out", inputs, force)
    data = out.to_json()
    data["next_position"] = str(out_path)
    if log is not None:
        entry = {"action": "combat", "position": file, "declaration": data["declaration"],
                 "choices": out.choices.to_json(), "rolls": data["rolls"],
                 "result": data["crt"], "changes": data.get("changes", []),
                 "practice_table": data["practice_table"], "rules": data["rules"]}
        write_output(log, jsonlib.dumps(entry) + "\n", "--log", [*inputs, out_path],
                     append=True)

    def text(c: Console) -> None:
        print_outcome(out, c)
        for ch in out.work.changes if out.work else []:
            c.print(f"  - {ch.what} {cite(ch.rules)}")
        c.print(f"next position written to {out_path}")

    emit(data, text, json)


# -- replay, rally, disengage, weather ---------------------------------------------------------


def replay(
    file: Annotated[str, typer.Argument(help="Replay file: start, seed or rolls, actions.")],
    out_path: Annotated[Path | None, typer.Option("--out", help="Write the final position.")]
    = None,
    seed: SeedOpt = None,
    crt: CrtOpt = None,
    dd_table: DdOpt = None,
    force: ForceOpt = False,
    json: JsonOpt = False,
) -> None:
    """Replay a list of actions from a start position with one seeded dice session."""
    if out_path is not None:
        check_output(out_path, "--out", [file, crt, dd_table], force)
    start, data = A.load_replay(file)
    use_seed = seed if seed is not None else data.get("seed")
    rolls = data.get("rolls")
    crt_path = crt or data.get("crt")
    dd_path = dd_table or data.get("dd_table")
    base = Path(file).parent
    inputs = [file, start.source, crt, dd_table,
              *(base / str(x) for x in (data.get("crt"), data.get("dd_table")) if x)]
    if out_path is not None:
        check_output(out_path, "--out", inputs, force)
    try:
        crt_t = TB.crt_table(crt_path)
        dd_t = TB.dd_table(dd_path)
        res = A.replay(start, data["actions"], use_seed, rolls, crt_t, dd_t)
    except Refused as exc:
        raise InputError([Problem(file, 0, "actions", str(exc))]) from None
    except ImpossibleRoll as exc:
        raise InputError([Problem(file, 0, "rolls", str(exc))]) from None
    if out_path is not None:
        from adjudicator.games.s42.combat.state import Work

        write_output(out_path, Work.of(res.final).to_yaml(), "--out", inputs, force)
    payload = {"start": str(data["start"]), "seed": use_seed, "steps": len(res.log),
               "log": res.log, "practice_table": res.practice,
               "final": str(out_path) if out_path else None,
               "rules": sorted({r for e in res.log for r in e.get("rules", [])})}
    if res.practice:
        payload["practice_note"] = PRACTICE_NOTE

    def text(c: Console) -> None:
        if res.practice:
            c.print(f"[bold yellow]{PRACTICE_NOTE}[/bold yellow]")
        for e in res.log:
            c.print(f"[bold]{e['step']}. {e['action']}[/bold]")
            for r in e.get("rolls", []):
                c.print(f"   roll: {r['purpose']}: {r['total']}")
            for ch in e.get("changes", []):
                c.print(f"   - {ch['what']} {cite(ch['rules'])}")
        c.print("final position: " + (str(out_path) if out_path else "(use --out to write it)"))

    emit(payload, text, json)


def _write(sc: Scenario, out_path: Path | None, inputs: list[Any], force: bool) -> None:
    if out_path is not None:
        from adjudicator.games.s42.combat.state import Work

        write_output(out_path, Work.of(sc).to_yaml(), "--out", inputs, force)


OutOpt = Annotated[Path | None, typer.Option("--out", help="Write the next position here.")]


def _print_action(res: A.ActionResult, c: Console, out_path: Path | None) -> None:
    for r in res.rolls:
        c.print(f"roll: {r['purpose']}: {r['total']}")
    for f in res.findings:
        who = f.get("unit") or ", ".join(f.get("units", []))
        what = f.get("what") or f"roll {f['roll']} -> {f['modified']}: {f['result']}"
        c.print(f"{who}: {what} {cite(f['rules'])}")
    for ch in res.changes:
        c.print(f"  - {ch.what} {cite(ch.rules)}")
    if out_path:
        c.print(f"next position written to {out_path}")


def rally(
    file: ScenarioArg,
    side: Annotated[str | None, typer.Option("--side", help="axis or soviet (default: "
                                                           "phasing).")] = None,
    keep_full_retreat: Annotated[str, typer.Option(
        "--keep-full-retreat", help="Units that stay in Full Retreat (13.4).")] = "",
    roll: RollOpt = None,
    seed: SeedOpt = None,
    out_path: OutOpt = None,
    force: ForceOpt = False,
    json: JsonOpt = False,
) -> None:
    """Recovery Phase: recover Disrupted and Full Retreat units (13.4, Rally Table 13.5)."""
    if out_path is not None:
        check_output(out_path, "--out", [file], force)
    if side not in (None, "axis", "soviet"):
        raise usage_error(f"'{side}' is not a side: axis or soviet", "--side")
    sc = load_scenario(file)
    _check_ids(sc, _ids(keep_full_retreat), "--keep-full-retreat")
    try:
        res = A.rally(sc, _dice(roll, seed), side, _ids(keep_full_retreat))
    except Refused as exc:
        raise _refused(exc, "--keep-full-retreat") from None
    except ImpossibleRoll as exc:
        raise usage_error(str(exc), "--roll") from None
    _write(res.position, out_path, [file], force)
    emit(res.to_json(), lambda c: _print_action(res, c, out_path), json)


def disengage(
    file: ScenarioArg,
    units: Annotated[str, typer.Option("--units", help="Units attempting, comma-separated.")],
    stack: Annotated[bool, typer.Option("--stack", help="One roll for the whole stack.")] = False,
    retreat: Annotated[list[str] | None, typer.Option("--retreat", help="UNIT=HEX[,HEX].")]
    = None,
    reroll: RerollOpt = None,
    roll: RollOpt = None,
    seed: SeedOpt = None,
    out_path: OutOpt = None,
    force: ForceOpt = False,
    json: JsonOpt = False,
) -> None:
    """Disengagement Attempt (27.2): roll, and on a Yes retreat 1 or 2 hexes."""
    if out_path is not None:
        check_output(out_path, "--out", [file], force)
    sc = load_scenario(file)
    ids = _ids(units)
    if not ids:
        raise usage_error("name at least one unit", "--units")
    _check_ids(sc, ids, "--units")
    moves = _moves(retreat, "--retreat")
    _check_ids(sc, [u for u in moves if u != "*"], "--retreat")
    if reroll:
        _check_ids(sc, [reroll], "--reroll")
    try:
        res = A.disengage(sc, _dice(roll, seed), ids, stack, moves, reroll)
    except Refused as exc:
        raise _refused(exc, "--units") from None
    except ImpossibleRoll as exc:
        raise usage_error(str(exc), "--roll") from None
    _write(res.position, out_path, [file], force)
    emit(res.to_json(), lambda c: _print_action(res, c, out_path), json)


def weather(
    season: Annotated[str, typer.Option("--season", help="summer, early-fall, rasputitsa or "
                                                         "winter (from the Turn Record Track).")],
    turn: Annotated[int, typer.Option("--turn", min=1, max=100,
                                      help="Game turn (1 to 100).")] = 17,
    previous: Annotated[str | None, typer.Option("--previous", help="Last turn's weather.")]
    = None,
    file: Annotated[str | None, typer.Option("--position", help="Position to update.")] = None,
    roll: RollOpt = None,
    seed: SeedOpt = None,
    out_path: OutOpt = None,
    force: ForceOpt = False,
    json: JsonOpt = False,
) -> None:
    """Weather Phase: roll on the Weather Table (23.1, 23.3)."""
    if out_path is not None:
        if not file:
            raise usage_error("--out writes the updated --position: give --position too",
                              "--out")
        check_output(out_path, "--out", [file], force)
    if season not in A.SEASONS:
        raise usage_error(f"'{season}' is not a season: one of {', '.join(A.SEASONS)}"
                          f"{did_you_mean(season, A.SEASONS)}", "--season")
    if previous is not None and previous not in WEATHERS:
        raise usage_error(f"'{previous}' is not a weather: one of {', '.join(WEATHERS)}"
                          f"{did_you_mean(previous, WEATHERS)}", "--previous")
    sc = load_scenario(file) if file else None
    try:
        res = A.roll_weather(_dice(roll, seed), sc.turn if sc else turn, season,
                             previous or (sc.weather if sc and previous is None else None))
    except Refused as exc:
        raise _refused(exc, "--season") from None
    except ImpossibleRoll as exc:
        raise usage_error(str(exc), "--roll") from None
    if sc is not None and out_path is not None:
        _write(A.set_weather(sc, res["weather"]), out_path, [file], force)
    emit(res, lambda c: c.print(f"weather: {res['weather']} ({res['why']}) "
                                f"{cite(res['rules'])}"), json)


# -- demo -----------------------------------------------------------------------------------------


def demo_odds(sc: Scenario, console: Console, solver: Any = None) -> None:
    """One odds calculation: two Axis units step up to the river bank (in memory only)."""
    moved = {"14Pz": "0503", "76Inf": "0504"}
    if not all(u in sc.units_by_id for u in moved) or "0603" not in sc.map.hexes:
        console.print("(the odds demo needs the bundled demo position)")
        return
    from adjudicator.games.s42.combat.state import Work

    w = Work.of(sc)
    for uid, h in moved.items():
        w.set(uid, "hex", h)
    w.source = sc.source
    pos = w.to_scenario()
    console.print("14Pz moves to 0503 and 76Inf to 0504 (in memory only); they attack 62A-33 "
                  "in 0603 across the major river, with Art1 firing in support:")
    o = compute_odds(pos, "0603", ["14Pz", "76Inf"], Support(artillery=("Art1",)))
    print_odds(o, console)


DEMO_STEPS = [("Combat odds", demo_odds)]


def register(app: typer.Typer) -> None:
    app.command()(odds)
    app.command()(combat)
    app.command()(apply)
    app.command()(replay)
    app.command()(rally)
    app.command()(disengage)
    app.command()(weather)
