"""``adjudicator bot QUESTION FILE ...`` for Enemy Action: Kharkov: what the Soviet
procedure decides, step by step, with the rule, method, preference letter or tie-break
that decided each choice and the candidates each step eliminated.

Questions: ``terms`` (the 9.3 terms for a hex: surrounded, causing surround, nearly
surrounded, proximate), ``card`` (8.1), ``activate`` (8.13), ``moves`` (9.2), ``attacks``
(9.4 and the attacks), ``hits`` (12.53: a Soviet defender takes N hits), ``replay`` (a
whole activation on seeded dice, ``--svg`` for its picture). Movement costs come from the
eak Terrain Effects Chart: ``--tec PATH``, else the PRACTICE chart (the rulebook does not
print the chart); the answers say which."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from adjudicator.dice import RollsExhausted
from adjudicator.errors import usage_error
from adjudicator.games.eak.bot import (
    NOT_ENCODED_MOVES,
    Bot,
    activate,
    attack_step,
    garrison_end_check,
    method_name,
    move_step,
    place_garrisons,
    replay,
    select_card,
    soviet_defender_hits,
)
from adjudicator.games.eak.botdata import load_data
from adjudicator.games.eak.botfacts import F, S, bot_facts
from adjudicator.games.eak.botsvg import replay_svg
from adjudicator.games.eak.tec import PRACTICE_NOTE, Tec, TecOpt, tec_chart
from adjudicator.output import JsonOpt, ScenarioArg, check_output, cite, emit, write_output
from adjudicator.scenario import Scenario, load_scenario
from adjudicator.solver import Solver

QUESTIONS = ("terms", "card", "activate", "moves", "attacks", "hits", "garrisons",
             "garrison-check", "replay")


def terms_answer(sc: Scenario, hex_id: str, solver: Solver | None = None,
                 tec: Tec | None = None) -> dict[str, Any]:
    solver = solver or Solver(sc.game)
    tec = tec or tec_chart()
    ans = solver.solve(sc, "terms")
    surrounded = {u for u, _r in ans.rows_unsorted("surrounded", 2)}
    open_sides: dict[str, list[str]] = defaultdict(list)
    for u, h in ans.rows_unsorted("open_side", 2):
        open_sides[u].append(h)
    causing: dict[str, list[str]] = defaultdict(list)
    for v, h, _r in ans.rows_unsorted("causes_surround", 3):
        causing[h].append(v)
    # 9.3 proximate and nearly surrounded: every unit's reach (the TEC's movement costs)
    data = load_data(None, None)
    extra = bot_facts(sc, data, tec=tec) + [F("b_reacher", [S(u.id)]) for u in sc.units
                                   if u.hex in sc.map.hexes]
    reach = solver.solve(sc, "botterms", extra=extra)
    nearly: dict[str, list[dict[str, str]]] = defaultdict(list)
    for w, v, x, _r in reach.rows("nearly_surrounded", 4):
        nearly[w].append({"german": v, "moving_to": x})
    here = {u.id for u in sc.units_at(hex_id)}
    prox_hex = sorted({u for u, x, _r in reach.rows("proximate_hex", 3) if x == hex_id})
    prox_units: dict[str, set[str]] = defaultdict(set)
    for u, v, _r in reach.rows("proximate_unit", 3):
        if v in here:
            prox_units[v].add(u)
    units = []
    for u in sc.units_at(hex_id):
        units.append({
            "unit": u.id, "side": u.side,
            "surrounded": u.id in surrounded,
            "open_hexes": sorted(open_sides[u.id]),
            "nearly_surrounded": u.side == "soviet" and bool(nearly[u.id]),
            "nearly_surrounded_by": nearly[u.id],
            "proximate_enemies": sorted(prox_units[u.id]),
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
        "proximate_to_this_hex": {"units": prox_hex, "rules": ["9.3"]},
        "tec": tec_info(tec),
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
    for u in a["units"]:
        if u["nearly_surrounded"]:
            how = "; ".join(f"{m['german']} moving to {m['moving_to']}"
                            for m in u["nearly_surrounded_by"])
            console.print(f"{u['unit']} is nearly surrounded: {how} {cite(u['rules'])}")
        elif u["side"] == "soviet":
            console.print(f"{u['unit']} is not nearly surrounded {cite(u['rules'])}")
        if u["proximate_enemies"]:
            console.print(f"Proximate to {u['unit']}: {', '.join(u['proximate_enemies'])} "
                          f"{cite(u['rules'])}")
    p = a["proximate_to_this_hex"]
    console.print(f"Proximate to {a['hex']} (can move to and enter it): "
                  f"{', '.join(p['units']) or 'none'} {cite(p['rules'])}")
    print_tec(a["tec"], console)


def tec_info(tec: Tec) -> dict[str, Any]:
    """Which Terrain Effects Chart gave the movement costs (the practice one says so)."""
    return {**tec.describe(), **({"note": PRACTICE_NOTE} if tec.practice else {})}


def print_tec(t: dict[str, Any], console: Console) -> None:
    console.print(f"(movement costs: {t.get('note') or t['title']})")


def _trail(console: Console, trail: list[dict[str, Any]], indent: str = "    ") -> None:
    for t in trail:
        console.print(f"{indent}{t['rule']} ({t['letter']}) {t['says']}: kept "
                      f"{', '.join(t['kept'])}; eliminated {', '.join(t['eliminated'])}")


def print_card(a: dict[str, Any], console: Console) -> None:
    if "error" in a:
        console.print(a["error"])
        return
    console.print(f"[bold]Drawn:[/bold] {', '.join(a['drawn'])} {cite(a['rules'])}")
    d = a["decided_by"]
    console.print(f"Command card {a['command']}, auxiliary card {a['auxiliary'] or '-'}: "
                  f"decided by {d['rule']} ({d.get('letter', '-')}) {d['says']}")
    _trail(console, a["trail"][1:])
    ev = a["auxiliary_event"]
    if ev["fires"]:
        console.print(f"Auxiliary event fires: {ev['event']} (command {ev['command']}); the "
                      f"card is discarded {cite(ev['rules'])}")
    else:
        console.print(f"Auxiliary event does not fire: {ev['why']} {cite(ev['rules'])}")
    for c in a["commands"]:
        mark = "can be carried out" if c["performable"] else "cannot be carried out"
        console.print(f"  command {c['n']}: {c['kind']} {c['arg'] or ''} - {mark} "
                      f"{cite(c['rules'])}")
    done = a["command_done"]
    console.print(f"Carried out: command {done['n']} ({done['kind']} {done['arg'] or ''})"
                  if done else "No command can be carried out: the card is discarded "
                  "[8.1]")


def print_activation(a: dict[str, Any] | None, console: Console) -> None:
    if not a:
        console.print("No activation.")
        return
    console.print(f"[bold]Activation[/bold] by {a['card']}: {a['kind']} {a['arg'] or ''} "
                  f"{cite(a['rules'])}")
    for c in a["choices"]:
        if c.get("rule") == "8+":
            console.print(f"  {c['why']} {cite(c['rules'])}")
            for x in c["units"]:
                console.print(f"      {x['unit']} in {x['hex']}: {x['why']}")
            continue
        what = (f"pick {c['pick']}: the stack in {c['hex']} ({', '.join(c['units'])})"
                if "hex" in c else f"army {c['army']}")
        console.print(f"  {what} among {', '.join(c['candidates'])} {cite(c['rules'])}")
        _trail(console, c["trail"], "      ")
    console.print(f"  Active: {', '.join(a['active']) or 'none'}; active reserves: "
                  f"{', '.join(a['active_reserves']) or 'none'}")
    for n in a.get("not_encoded", []):
        console.print(f"  Not encoded: {n}")


def print_moves(moves: list[dict[str, Any]], console: Console) -> None:
    console.print("[bold]Movement[/bold] [9.2, 9.21, 9.22, 9.23, 9.24, 9.25]")
    for m in moves:
        if m.get("to"):
            console.print(f"  {m['unit']} {m['from']} -> {m['to']}: {method_name(m)} "
                          f"({m['title']}) among {', '.join(m['candidates'])} "
                          f"{cite(m['rules'])}")
            _trail(console, m["trail"], "      ")
        else:
            meth = f"{method_name(m)}: " if m.get("method") else ""
            console.print(f"  {m['unit']} stays in {m['from']}: {meth}{m['why']} "
                          f"{cite(m['rules'])}")
    for n in NOT_ENCODED_MOVES:
        console.print(f"  Not encoded: {n}")


def print_attacks(checks: list[dict[str, Any]], console: Console) -> None:
    console.print("[bold]Attack checks[/bold] [9.4, 9.41-9.43]")
    if not checks:
        console.print("  No active unit can lead a check.")
    for c in checks:
        others = "; ".join(f"{t['hex']} {t['soviet']}:{t['german']} ~ {_ratio(t['rounded'])}"
                           for t in c["targets"])
        console.print(f"  Lead {c['lead']}: target {c['target']} (targets: {others})")
        _trail(console, c["trail"], "      ")
        mods = ", ".join(f"{m['situation']} {m['value']:+d}" for m in c["modifiers"])
        console.print(f"    units {', '.join(c['units'])}; situational ratio {c['ratio']} "
                      f"rounded {_ratio(c['rounded'])} (reading {c['reading']['9.4']})"
                      + (f"; German modifiers: {mods}" if mods else ""))
        if c["tactical_value"]:
            tv = ", ".join(f"{t['factor']} {t['value']:+d}" for t in c["tactical_value"])
            console.print(f"    Tactical Value {c['tactical_total']}: {tv}")
        console.print(f"    -> {'ATTACK' if c['attack'] else 'no attack'} {cite(c['rules'])}")
        if "combat" in c:
            print_combat(c["combat"], console)


def _ratio(r: float) -> str:
    return "below 1:1" if r < 1 else f"{r:g}:1"


def print_reserves(rs: list[dict[str, Any]], console: Console, indent: str) -> None:
    for r in rs:
        if r.get("hex"):
            console.print(f"{indent}reserve {r['unit']} placed in {r['hex']} among "
                          f"{', '.join(r['candidates'])} {cite(r['rules'])}")
            _trail(console, r.get("trail", []), indent + "    ")
        else:
            why = r.get("why") or "no hex qualifies"
            console.print(f"{indent}reserve {r['unit']} not placed: {why} {cite(r['rules'])}")


def print_combat(c: dict[str, Any], console: Console) -> None:
    print_reserves(c.get("reserves", []), console, "      ")
    if c["overwhelming"]:
        console.print(f"      overwhelming: {', '.join(c['overwhelming'])} [12.38]")
    console.print(f"      card drawn: {c['card_drawn'] or '-'}; tactics: "
                  f"{', '.join(c['tactics']) or 'none'} [12.3]")
    items = ", ".join(f"{d['item']} {d['chits']:+d}" for d in c["draw"] if d["chits"])
    console.print(f"      chits: {c['chit_max']} ({items}) [12.4]")
    chits = ", ".join(f"#{x['id']}" + (f" side {x['side']}" if x["side"] else " set aside")
                      for x in c["chits"])
    console.print(f"      drawn: {chits} [12.41]")
    for n in c["cup"]:
        console.print(f"      {n}")
    adj = "; ".join(f"{x['who']} {x['value']:+d} ({x['why']})" for x in c["adjustments"])
    console.print(f"      hits: German {c['hits']['german']}, Soviet {c['hits']['soviet']}"
                  + (f"; adjustments: {adj}" if adj else "") + " [12.5, 12.51]")
    g = c["german_losses"]
    console.print(f"      German losses: {', '.join(g['losses']) or 'none'} ({g['note']})")
    if c["soviet_hit_reduction_12_55"]:
        console.print(f"      Soviet hits reduced by {c['soviet_hit_reduction_12_55']} [12.55]")
    s = c["soviet_losses"]
    for x in s["losses"]:
        if x:
            console.print(f"      Soviet step loss: {x['unit']} "
                          f"({'eliminated' if x['eliminated'] else 'reduced'}) "
                          f"{cite(x['rules'])}")
            _trail(console, x["trail"], "        ")
    if s.get("table"):
        t = s["table"]
        console.print(f"      12.54 table: {t['steps_left']} steps, {t['hits_left']} hits -> "
                      f"{t['steps_removed']} steps" + (", disperse" if t["disperse"] else "")
                      + (", eliminated" if t["eliminate"] else ""))
    for v in c.get("advances", []):
        how = "; ".join(f"row {r['row']}: {r['why']}" for r in v["routes"])
        roll = f", roll {v['roll']}" if "roll" in v else ""
        res = "advances" if v["advances"] else "stays"
        extra = f" ({'; '.join(v['refused'])})" if v["refused"] else ""
        console.print(f"      advance: {v['unit']} {res} into {v['into']}: chance "
                      f"{v['chance']}{roll}{extra} [{how}] {cite(v['rules'])}")
        sec = v.get("second")
        if sec and sec.get("hex"):
            how = "; ".join(f"row {r['row']}: {r['why']}" for r in sec["routes"])
            roll = f", roll {sec['roll']}" if "roll" in sec else ""
            res = "goes on" if sec["advances"] else "stops"
            console.print(f"        second hex: {res} into {sec['hex']}: chance "
                          f"{sec['chance']}{roll} [{how}]"
                          + (f" ({sec['tie']})" if sec.get("tie") else ""))
        elif sec:
            console.print("        second hex: none has a chance on the 12.83 table")
    if c.get("ip_removed"):
        console.print(f"      {c['ip_removed']}")
    for n in c["notes"]:
        console.print(f"      {n}")


def print_hits(a: dict[str, Any], console: Console) -> None:
    red = "; ".join(f"{r['why']} -{r['value']}" for r in a["reductions"])
    console.print(f"[bold]{a['hits']} hit(s) on the Soviet defenders of {a['hex']}[/bold] "
                  f"({', '.join(a['defenders'])}): {a['hits_to_take']} to take"
                  + (f" ({red})" if red else "") + f" {cite(a['rules'])}")
    for s in a["steps"]:
        line = f"  hit {s['hit']}: priority {s['priority']}"
        if "hold_chance" in s:
            f = ", ".join(f"{h['factor']} {h['value']:+d}" for h in s["hold"])
            line += f": hold chance {s['hold_chance']} ({f}); roll {s['roll']}"
        line += f" -> {'step loss' if s['result'] == 'step_loss' else 'retreat one hex'}"
        if s.get("loss"):
            line += f" ({s['loss']['unit']})"
        if s.get("to"):
            line += f" to {s['to']}"
        if s.get("dispersed"):
            line += ", dispersed (two-hex retreat)"
        console.print(line + f" {cite(s['rules'])}")
        if s.get("note"):
            console.print(f"    {s['note']}")


def print_objective(o: dict[str, Any], console: Console) -> None:
    head = f"[bold]Objective check[/bold] ({o['front']})"
    if not o.get("relocate"):
        console.print(f"{head}: the marker stays: {o.get('why', '')} {cite(o['rules'])}")
        return
    why = "; ".join(f"{r['unit']} {r['why']}" for r in o["reasons"])
    console.print(f"{head}: relocate the marker in {o['hex']} ({why}) {cite(o['rules'])}")
    if "roll" in o:
        console.print(f"  roll {o['roll']} on {o['table']}: {o['result']}"
                      + (f" -> {o['to']} ({o['direction']})" if o.get("to") else ""))
    if o.get("note"):
        console.print(f"  {o['note']}")


def print_ip(ip: dict[str, Any], console: Console) -> None:
    if ip.get("hex"):
        console.print(f"[bold]Improved position[/bold]: {ip['hex']} among "
                      f"{', '.join(ip['candidates'])} {cite(ip['rules'])}")
        _trail(console, ip.get("trail", []), "    ")
    else:
        console.print(f"[bold]Improved position[/bold]: none "
                      f"({ip.get('why', 'no hex qualifies')}) {cite(ip['rules'])}")


def print_replay(a: dict[str, Any], console: Console) -> None:
    console.print(f"[bold]Soviet activation replay[/bold], turn {a['turn']}, seed {a['seed']}")
    console.print(a["data"])
    if "error" in a:
        console.print(a["error"])
        return
    print_card(a["cards"], console)
    if a.get("activation") is None:
        console.print(a.get("note", "No activation."))
        r = a.get("replacement")
        if r:
            console.print(f"Replacement step for army {r['army']}: "
                          + (f"{r['unit']} ({r['to']})" if r["unit"] else "no eligible unit")
                          + f" {cite(r['rules'])}")
            _trail(console, r.get("trail", []), "    ")
        return
    print_activation(a["activation"], console)
    for o in a["objective_check"]:
        print_objective(o, console)
    print_moves(a["moves"], console)
    print_attacks(a["attacks"], console)
    for o in a.get("army_objectives", []):
        where = f"moves to {o['to']}" if o["to"] else "leaves play"
        console.print(f"[bold]Army objective[/bold] of the {o['army']} Army in {o['from']}: "
                      f"{where} ({o['why']}) {cite(o['rules'])}")
    if a.get("reserves"):
        console.print("[bold]Reserves placed[/bold] [9.5]")
        print_reserves(a["reserves"], console, "  ")
    removed = [r for r in a.get("removals", []) if r["removed"]]
    kept = [r for r in a.get("removals", []) if not r["removed"]]
    console.print("[bold]Removals to the reserve box[/bold] [9.6]: "
                  + (", ".join(f"{r['unit']} ({'; '.join(r['situations'])})" for r in removed)
                     or "none"))
    for r in kept:
        console.print(f"  {r['unit']} stays: {r['why']} {cite(r['rules'])}")
    print_ip(a["ip"], console)
    u = a["undispersed"]
    console.print(f"[bold]Undisperse[/bold]: {', '.join(u['units']) or 'none'} "
                  f"{cite(u['rules'])}")
    for n in a["not_encoded"][:2]:
        console.print(f"Not encoded: {n}")
    if a["rolls"]:
        console.print("Rolls: " + "; ".join(f"{r['roll']} ({r['purpose']})"
                                            for r in a["rolls"]))
    if a.get("tec"):
        print_tec(a["tec"], console)
    if a.get("svg"):
        console.print(f"Picture: {a['svg']}")


def print_garrisons(a: dict[str, Any], console: Console) -> None:
    console.print(f"[bold]Garrison placement[/bold] {cite(a['rules'])}")
    if a.get("why"):
        console.print(f"  {a['why']}")
    console.print(f"  Soviet VP hexes: {', '.join(a['vp_hexes']) or 'none'}")
    for v in a["villages"]:
        if v["placed"]:
            console.print(f"  village {v['hex']}: garrison placed")
        else:
            console.print(f"  village {v['hex']}: no garrison ({'; '.join(v['why'])})")
    for r in a["removed"]:
        console.print(f"  village {r['hex']}: garrison removed after the placement in "
                      f"{r['after']} ({'; '.join(r['why'])})")


def print_garrison_check(a: dict[str, Any], console: Console) -> None:
    console.print(f"[bold]End-of-turn garrison check[/bold] {cite(a['rules'])}: checked "
                  f"{', '.join(a['checked']) or 'no village garrison'}")
    for r in a["removed"]:
        console.print(f"  {r['hex']}: removed ({'; '.join(r['why'])})")
    if not a["removed"]:
        console.print("  none removed")


def _drawn(draw: str | None) -> list[str] | None:
    return [c.strip() for c in draw.split(",") if c.strip()] if draw else None


def bot(
    question: Annotated[str, typer.Argument(
        help="What to ask: terms, card, activate, moves, attacks, hits, garrisons, "
        "garrison-check, replay.")],
    file: ScenarioArg,
    hex: Annotated[str | None, typer.Option("--hex", help="The hex asked about.")] = None,
    draw: Annotated[str | None, typer.Option(
        "--draw", help="The cards drawn, e.g. E03,E11 (default: the top two of the "
        "position's draw pile).")] = None,
    hits: Annotated[int | None, typer.Option("--hits", help="Hits on the defenders (hits).",
                                              min=0, max=99)] = None,
    retreat_to: Annotated[str | None, typer.Option(
        "--retreat-to", help="The hexes the defenders retreat into, in order (hits).")] = None,
    across: Annotated[bool, typer.Option(
        "--across", help="All attackers are across Donets or Dniepr hexsides (hits).")] = False,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the dice and the "
                                              "chit cup.")] = None,
    rolls: Annotated[str | None, typer.Option(
        "--rolls", help="Die rolls to use, in order, e.g. 3,8 (instead of --seed).")] = None,
    event_blocked: Annotated[bool, typer.Option(
        "--event-blocked", help="The auxiliary card's event does not apply in this game "
        "situation (8.1; the event texts are not encoded).")] = False,
    svg: Annotated[Path | None, typer.Option("--svg", help="replay: write the picture "
                                              "of the activation to this SVG file.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite the SVG file.")] = False,
    tec: TecOpt = None,
    json: JsonOpt = False,
) -> None:
    """What the Soviet procedure decides (Enemy Action: Kharkov), with the rules,
    methods, preference letters and tie-breaks that decided it: ``terms`` (9.3 for the
    units of --hex), ``card`` (8.1), ``activate`` (8.13), ``moves`` (9.2), ``attacks``
    (9.4, 12.x), ``hits`` (12.53: --hex, --hits), ``garrisons`` (15.1),
    ``garrison-check`` (15.3), ``replay`` (a whole activation on seeded dice; --svg)."""
    if question not in QUESTIONS:
        raise usage_error(f"unknown question '{question}' (known: {', '.join(QUESTIONS)})",
                          "question")
    if svg is not None:
        if question != "replay":
            raise usage_error("--svg goes with the replay question", "--svg")
        check_output(svg, "--svg", [file], force)
    sc = load_scenario(file)
    chart = tec_chart(tec)
    if question in ("terms", "hits"):
        if hex is None:
            raise usage_error("give the hex asked about with --hex", "--hex")
        if hex not in sc.map.hexes:
            raise usage_error(f"'{hex}' is not a hex of the map", "--hex")
    if question == "terms":
        a = terms_answer(sc, hex, tec=chart)
        emit(a, lambda c: print_terms(a, c), json)
        return
    given: list[int] | None = None
    if rolls:
        try:
            given = [int(x) for x in rolls.split(",")]
        except ValueError:
            raise usage_error(f"'{rolls}' is not a list of die rolls", "--rolls") from None
        if any(not 1 <= r <= 10 for r in given):
            raise usage_error("a roll of the ten-sided die is 1 to 10", "--rolls")
    data = load_data(file, sc.bot_data)
    b = Bot(sc, data, seed=seed, rolls=given, tec=chart)
    drawn = _drawn(draw)
    if drawn:
        unknown = [c for c in drawn if c not in data.cards]
        if unknown:
            raise usage_error(f"not a card of the component data: {', '.join(unknown)}",
                              "--draw")
    try:
        if question == "card":
            drawn = drawn or sc.cards.draw_pile[:2]
            if not drawn:
                raise usage_error("the position's draw pile is empty: give --draw", "--draw")
            a = select_card(b, drawn, event_blocked)
            a["data"] = data.label
            emit(a, lambda c: print_card(a, c), json)
        elif question == "activate":
            card = drawn[0] if drawn else sc.cards.command
            if card is None:
                raise usage_error("the position has no command card: give --draw CARD",
                                  "--draw")
            cards = select_card(b, [card], event_blocked)
            cmd = cards["command_done"]
            if cmd is None or cmd["kind"] not in ("army", "army-units", "front", "stavka"):
                a = {"card": card, "activation": None, "commands": cards["commands"],
                     "rules": ["8.13"]}
                emit(a, lambda c: c.print(f"{card}: no activation command can be carried "
                                          "out [8.13]"), json)
                return
            act = activate(b, cmd, card)
            emit(act, lambda c: print_activation(act, c), json)
        elif question == "moves":
            m = {"moves": move_step(b), "not_encoded": NOT_ENCODED_MOVES,
                 "tec": tec_info(chart), "rules": ["9.2", "9.21", "9.23", "9.24", "9.25"]}
            emit(m, lambda c: (print_moves(m["moves"], c), print_tec(m["tec"], c)), json)
        elif question == "attacks":
            card = sc.cards.command
            if card is not None and card in data.cards:
                b.command_value = data.cards[card].command_value
            checks = attack_step(b)
            a = {"checks": checks, "command_card": card, "data": data.label,
                 "rolls": [{"purpose": r.purpose, "roll": r.total} for r in b.dice.log],
                 "rules": ["9.4"]}
            emit(a, lambda c: print_attacks(checks, c), json)
        elif question == "garrisons":
            a = place_garrisons(b)
            emit(a, lambda c: print_garrisons(a, c), json)
        elif question == "garrison-check":
            a = garrison_end_check(b)
            emit(a, lambda c: print_garrison_check(a, c), json)
        elif question == "hits":
            if hits is None:
                raise usage_error("give the number of hits with --hits", "--hits")
            dest = [h.strip() for h in retreat_to.split(",")] if retreat_to else []
            bad = [h for h in dest if h not in sc.map.hexes]
            if bad:
                raise usage_error(f"not a hex of the map: {', '.join(bad)}", "--retreat-to")
            if not any(u.hex == hex and u.side == "soviet" for u in sc.units):
                raise usage_error(f"no Soviet unit in {hex}", "--hex")
            a = soviet_defender_hits(b, hex, hits, across, dest)
            emit(a, lambda c: print_hits(a, c), json)
        else:
            start = b.sc
            a = replay(b, drawn, event_blocked)
            a["tec"] = tec_info(chart)
            if svg is not None:
                write_output(svg, replay_svg(start, a), "--svg", [file], force)
                a["svg"] = str(svg)
            emit(a, lambda c: print_replay(a, c), json)
    except RollsExhausted as exc:
        raise usage_error(f"{exc} (give more --rolls, or --seed)", "--rolls") from None


def demo_replay(sc: Scenario, console: Console, solver: Solver | None = None) -> None:
    """The bundled practice activation (eak_bot_demo.yaml), replayed on seed 1."""
    path = Path(__file__).parent.parent / "eak_bot_demo.yaml"
    bsc = load_scenario(path)
    console.print(f"(on the bundled position {path.name})")
    b = Bot(bsc, load_data(path, bsc.bot_data), seed=1)
    print_replay(replay(b), console)


def demo_hits(sc: Scenario, console: Console, solver: Solver | None = None) -> None:
    """Two hits on the Soviet stack of the bundled practice position, seed 1."""
    path = Path(__file__).parent.parent / "eak_bot_demo.yaml"
    bsc = load_scenario(path)
    b = Bot(bsc, load_data(path, bsc.bot_data), seed=1)
    print_hits(soviet_defender_hits(b, "1007", 2), console)


DEMO_ORDER = 60
DEMO_STEPS = [("Soviet procedure: one activation (bot replay)", demo_replay),
              ("Soviet procedure: a Soviet defender takes hits (bot hits)", demo_hits)]


def register(app) -> None:
    app.command()(bot)
