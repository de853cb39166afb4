"""``adjudicator fire``, ``opfire``, ``breakthrough`` and ``integrity`` for Streets of
Stalingrad: fire combat up to the CRT column (9.1x-9.7x, 9.9x-9.11x), opportunity fire
(11.x), breakthrough attacks and markers (10.x) and unit integrity (9.73)."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.console import Console

from adjudicator.errors import usage_error
from adjudicator.games.sos.facts import map_facts, q
from adjudicator.games.sos.fire import (
    KINDS,
    MOVING_SIDE,
    RETREAT_SIDE,
    TABLES,
    FireRequest,
    check_units,
    is_box_target,
    solve_fire,
    unit_facts,
    unit_map,
)
from adjudicator.games.sos.los import _solve, check_hex
from adjudicator.output import JsonOpt, ScenarioArg, cite, emit
from adjudicator.scenario import Scenario, load_scenario

DEMO_ORDER = 20

AttcOpt = Annotated[str | None, typer.Option(
    "--attc", help="Your Anti-Tank Target Chart file (default: the PRACTICE chart).")]
SeqOpt = Annotated[str | None, typer.Option(
    "--sequence", help="Your combat sequence values file (default: the text's values).")]
TecOpt = Annotated[str | None, typer.Option(
    "--tec", metavar="PATH", help="Your terrain effects chart, for its combat column "
    "(default: $ADJUDICATOR_SOS_TEC, else the PRACTICE chart "
    "kb/sos/tables/tec_practice.yaml).")]


def _ids(text: str | None) -> list[str]:
    return [x.strip() for x in (text or "").split(",") if x.strip()]


def _label(reason: str) -> str:
    return reason.replace("-", " ")


def print_fire(data: dict[str, Any], console: Console, title: str | None = None) -> None:
    console.print(f"[bold]{title or data['kind'].capitalize() + ' fire'} at "
                  f"{data['target']}[/bold] {cite(data['rules'])}")
    for f in data["firers"]:
        if f.get("role") == "leader":
            console.print(f"  {f['unit']} at {f['hex']}: takes part as a leader "
                          f"{cite(['9.71', '9.73'])}")
        elif f.get("note"):
            console.print(f"  {f['unit']} at {f['hex']}: 0: {f['note']} {cite(['9.94'])}")
        elif f["may_fire"] and "factor" in f:
            how = {"af": "AF", "df": "DF", "attc": "AF on the ATTC"}[f["uses"]]
            rng = "" if f["distance"] is None else f", range {f['distance']}"
            console.print(f"  {f['unit']} at {f['hex']}: {f['factor']} ({how}{rng}) "
                          f"{cite([f['factor_rule']])}")
            for n in f.get("notes", []):
                console.print(f"    {_label(n['note'])} {cite([n['rule']])}")
        elif f["may_fire"]:
            console.print(f"  {f['unit']} at {f['hex']}: takes part, no fire factor")
        else:
            reasons = ", ".join(f"{_label(w['reason'])} {cite([w['rule']])}"
                                for w in f["why_not"])
            console.print(f"  {f['unit']} at {f['hex']}: may not fire: {reasons}")
    if data["forbidden_by"]:
        console.print(f"  [bold]forbidden[/bold] {cite(data['forbidden_by'])}")
    if data["total"] and data.get("table", "crt") != "crt":
        console.print(f"  total {data['total']}: resolved on the "
                      f"{data['table'].upper()} {cite(['14.45'])}")
    elif data["total"]:
        shift = " (one column higher)" if data["column_shift"] else ""
        console.print(f"  total {data['total']}: CRT column {data['column']}{shift} "
                      f"{cite([data['column_rule']])}")
    else:
        console.print("  no fire: no eligible firing factors " + cite(["9.19"]))
    for d in data["drms"]:
        if d["value"] == 0:
            continue
        console.print(f"  DRM {d['value']:+d} {d['id'].replace('-', ' ')} {cite([d['rule']])}")
    for d in data["waived"]:
        on = f" on the {d['table'].upper()}" if "table" in d else ""
        console.print(f"  no DRM for {d['id'].replace('-', ' ')}{on} {cite([d['rule']])}")
    for d in data["negated"]:
        console.print(f"  {d['id'].replace('-', ' ')} negated by an attacking leader "
                      f"{cite([d['rule']])}")
    console.print(f"  net DRM {data['net_drm']:+d}")
    if data["attack_marker_needed"]:
        console.print("  an adjacent infantry-type unit attacks: the hex takes an "
                      "\"attack\" marker " + cite(["9.64"]))
    if data["close_assault_refused"]:
        console.print("  Close Assault Bonus refused: no adjacent non-pinned, non-spent "
                      "infantry or engineer attacker " + cite(["9.67"]))
    t = data["tables"]
    console.print(f"  tables: CRT {t['crt']}; ATTC {t['attc']['id']}; "
                  f"combat sequence {t['sequence']['id']}; TEC {t['tec']['id']}")
    if "practice_note" in data:
        console.print(f"  [yellow]{data['practice_note']}[/yellow]")


def fire(
    file: ScenarioArg,
    firers: Annotated[str, typer.Option("--firers", help="Firing units, comma separated.")],
    target: Annotated[str, typer.Option(
        "--target", help="The hex fired at, or an East Bank box (14.29, 14.52).")],
    kind: Annotated[str, typer.Option(
        "--kind", help="attack, defensive or opportunity.")] = "attack",
    movers: Annotated[str | None, typer.Option(
        "--movers", help="Opportunity fire: the moving units fired at (default: the "
        "moving side's units in the hex).")] = None,
    defending: Annotated[str | None, typer.Option(
        "--defending", help="Defensive fire: the hex under attack (9.55, 9.601).")] = None,
    close_assault: Annotated[bool, typer.Option(
        "--close-assault", help="The Close Assault Bonus was announced (9.67).")] = False,
    decline: Annotated[str | None, typer.Option(
        "--decline", help="Units whose DRM the attacker does not use (9.73).")] = None,
    spotter: Annotated[str | None, typer.Option(
        "--spotter", help="The unit spotting for the IF artillery (9.39, 14.2).")] = None,
    spotting_drm: Annotated[int | None, typer.Option(
        "--spotting-drm", help="The Spotting Table modifier (14.31); computed from "
        "--spotter and the order of battle when not given.")] = None,
    retreat: Annotated[bool, typer.Option(
        "--retreat", help="Opportunity fire at units retreating before combat (11.1).")
    ] = False,
    as_if: Annotated[str | None, typer.Option(
        "--as-if", help="German 88mm AT/AA guns among the firers that fire as IF "
        "artillery (14.03, 14.38), comma separated.")] = None,
    table: Annotated[str | None, typer.Option(
        "--table", help="crt, wbbt or ebbt (14.45; default: the EBBT at an East Bank "
        "box, else the CRT).")] = None,
    attc: AttcOpt = None,
    sequence: SeqOpt = None,
    tec: TecOpt = None,
    json: JsonOpt = False,
) -> None:
    """Who may fire, each factor, the total, the CRT column and every die roll modifier
    with its rule (9.1x-9.7x, 9.9x-9.11x, 11.x, 14.3x-14.6)."""
    if kind not in KINDS:
        raise usage_error(f"'{kind}' is not one of {', '.join(KINDS)}", "--kind")
    if table is not None and table not in TABLES:
        raise usage_error(f"'{table}' is not one of {', '.join(TABLES)}", "--table")
    sc = load_scenario(file)
    if not is_box_target(sc, target):
        check_hex(sc, target, "--target")
    ids = _ids(firers)
    if not ids:
        raise usage_error("name at least one firing unit", "--firers")
    check_units(sc, ids, "--firers")
    mv = _ids(movers)
    check_units(sc, mv, "--movers")
    dec = _ids(decline)
    check_units(sc, dec, "--decline")
    if spotter:
        check_units(sc, [spotter], "--spotter")
    heavy = _ids(as_if)
    check_units(sc, heavy, "--as-if")
    for uid in heavy:
        if uid not in ids:
            raise usage_error(f"'{uid}' is not among the --firers", "--as-if")
    if defending:
        check_hex(sc, defending, "--defending")
    elif kind == "defensive":
        hexes = {unit_map(sc)[u].hex for u in ids}
        defending = hexes.pop() if len(hexes) == 1 else None
        if defending is None:
            raise usage_error("firers in several hexes: name the hex under attack",
                              "--defending")
    req = FireRequest(kind, ids, target, mv, defending, close_assault, dec, spotter,
                      spotting_drm, retreat, as_if=heavy, table=table)
    data, _ = solve_fire(sc, req, attc, sequence, tec_path=tec)
    emit(data, lambda c: print_fire(data, c), json)


# -- opportunity fire ------------------------------------------------------------------

def opportunity(sc: Scenario, hex_id: str, movers: list[str], retreat: bool = False,
                attc: str | None = None, sequence: str | None = None,
                tec: str | None = None) -> dict[str, Any]:
    """Which enemy units may opportunity fire at the moving units in ``hex_id``, and the
    fire of each hex that may (11.8: one hex's units combine, never two hexes')."""
    units = unit_map(sc)
    side = (RETREAT_SIDE if retreat else MOVING_SIDE).get(sc.phase)
    if not movers:
        movers = [u.id for u in sc.units if u.hex == hex_id and (side is None
                                                                 or u.side == side)]
    if not movers:
        raise usage_error(f"no moving units in {hex_id}: name them with --movers", "--movers")
    mover_side = units[movers[0]].side
    candidates = [u.id for u in sc.units if u.side != mover_side and u.hex in sc.map.hexes
                  and u.unit_class not in ("leader", "op") and u.hex != hex_id]
    data: dict[str, Any] = {"hex": hex_id, "movers": movers, "phase": sc.phase,
                            "rules": ["11.1", "11.2", "11.3", "11.4", "11.8"],
                            "candidates": [], "fires": []}
    if not candidates:
        return data
    first, _ = solve_fire(sc, FireRequest("opportunity", candidates, hex_id, movers,
                                          retreat=retreat), attc, sequence,
                                tec_path=tec)
    data["candidates"] = [{k: f[k] for k in ("unit", "hex", "distance", "may_fire",
                                             "why_not")} for f in first["firers"]]
    data["tables"] = first["tables"]
    by_hex: dict[str, list[str]] = {}
    for f in first["firers"]:
        if f["may_fire"]:
            by_hex.setdefault(f["hex"], []).append(f["unit"])
    for h, ids in sorted(by_hex.items()):
        one, _ = solve_fire(sc, FireRequest("opportunity", ids, hex_id, movers,
                                            retreat=retreat), attc, sequence,
                                tec_path=tec)
        one["from"] = h
        data["fires"].append(one)
    return data


def print_opportunity(data: dict[str, Any], console: Console) -> None:
    console.print(f"[bold]Opportunity fire at {', '.join(data['movers'])} in "
                  f"{data['hex']}[/bold] {cite(data['rules'])}")
    for c in data["candidates"]:
        if c["may_fire"]:
            continue
        reasons = ", ".join(f"{_label(w['reason'])} {cite([w['rule']])}"
                            for w in c["why_not"])
        console.print(f"  {c['unit']} at {c['hex']}: may not fire: {reasons}")
    if not data["fires"]:
        console.print("  no unit may opportunity fire")
    for one in data["fires"]:
        print_fire(one, console, title=f"From {one['from']} (fired separately, 11.8)")


def opfire(
    file: ScenarioArg,
    hex_: Annotated[str, typer.Option("--hex", help="The hex the moving units are in.")],
    movers: Annotated[str | None, typer.Option(
        "--movers", help="The moving units (default: the moving side's units there).")
    ] = None,
    retreat: Annotated[bool, typer.Option(
        "--retreat", help="The units retreat before combat (11.1).")] = False,
    attc: AttcOpt = None,
    sequence: SeqOpt = None,
    tec: TecOpt = None,
    json: JsonOpt = False,
) -> None:
    """Which enemy units may opportunity fire at units moving in a hex, and with what
    (11.1-11.11, 9.72, 9.94, 9.95)."""
    sc = load_scenario(file)
    check_hex(sc, hex_, "--hex")
    mv = _ids(movers)
    check_units(sc, mv, "--movers")
    data = opportunity(sc, hex_, mv, retreat, attc, sequence, tec)
    emit(data, lambda c: print_opportunity(data, c), json)


# -- breakthroughs ------------------------------------------------------------------------

def breakthrough_attack(sc: Scenario, attackers: list[str], target: str,
                        close_assault: bool = False, attc: str | None = None,
                        sequence: str | None = None,
                        tec: str | None = None) -> dict[str, Any]:
    req = FireRequest("attack", attackers, target, close_assault=close_assault,
                      breakthrough=True)
    data, atoms = solve_fire(sc, req, attc, sequence,
                             files=("sos/los.lp", "sos/integrity.lp", "sos/fire.lp",
                                    "sos/breakthrough.lp"), tec_path=tec)
    bt = _read(atoms)
    data["breakthrough"] = {
        "allowed": any(v == "allowed" for v, _ in bt.get("bt_verdict", [])),
        "forbidden": [{"reason": r, "rule": rule} for r, rule in bt.get("bt_forbidden", [])],
        "units": [{"unit": u, "reason": r, "rule": rule}
                  for u, r, rule in bt.get("bt_cannot", [])],
        "notes": [{"what": w, "rule": r} for w, r in bt.get("bt_note", [])],
        "rules": ["10.1", "10.2", "10.3", "10.4"]}
    return data


def _read(atoms) -> dict[str, list[list[Any]]]:
    import clingo

    def s(x):
        if x.type == clingo.SymbolType.String:
            return x.string
        if x.type == clingo.SymbolType.Number:
            return x.number
        return str(x).replace("_", "-")
    out: dict[str, list[list[Any]]] = {}
    for a in atoms:
        out.setdefault(a.name, []).append([s(x) for x in a.arguments])
    return out


def markers(sc: Scenario) -> dict[str, Any]:
    """The "breakthru" markers on the map: what each negates, what moving through costs
    each unit of the moving side, and who may counter-attack it (10.7-10.9)."""
    from adjudicator.games.sos.fire import hex_facts, world_facts

    marked = [h for h, spec in sc.map.hexes.items() if spec.breakthru]
    program = (map_facts(sc) + unit_facts(sc) + hex_facts(sc, set(marked))
               + world_facts(sc))
    atoms = _solve("\n".join(program), ["sos/los.lp", "sos/integrity.lp", "sos/fire.lp",
                                        "sos/breakthrough.lp", "sos/fire_show.lp"])
    by = _read(atoms)
    out = []
    for h in sorted(marked):
        out.append({"hex": h, "zoc_negated": True, "rules": ["10.7", "10.9"],
                    "costs": sorted(({"unit": u, "mp": mp, "rule": r}
                                     for hh, u, mp, r in by.get("bt_cost", []) if hh == h),
                                    key=lambda d: d["unit"]),
                    "may_counter_attack": sorted(u for hh, u, _ in by.get("bt_ica", [])
                                                 if hh == h)})
    return {"phase": sc.phase, "markers": out}


def print_markers(data: dict[str, Any], console: Console) -> None:
    if not data["markers"]:
        console.print("No \"breakthru\" markers on the map " + cite(["10.7"]))
    for m in data["markers"]:
        console.print(f"[bold]Breakthru marker at {m['hex']}[/bold]: no enemy ZOC in the "
                      f"hex {cite(['10.7'])}; becomes \"spent\" at the end of the phase "
                      f"{cite(['10.9'])}")
        for c in m["costs"]:
            console.print(f"  {c['unit']} moves through for {c['mp']} MP {cite([c['rule']])}")
        ica = ", ".join(m["may_counter_attack"]) or "none"
        console.print(f"  may counter-attack it: {ica} {cite(['10.8'])}")


def print_breakthrough(data: dict[str, Any], console: Console) -> None:
    bt = data["breakthrough"]
    verdict = "allowed" if bt["allowed"] else "forbidden"
    console.print(f"[bold]Breakthrough attack on {data['target']}: {verdict}[/bold] "
                  f"{cite(bt['rules'])}")
    for f in bt["forbidden"]:
        console.print(f"  {_label(f['reason'])} {cite([f['rule']])}")
    for u in bt["units"]:
        console.print(f"  {u['unit']} may not take part: {_label(u['reason'])} "
                      f"{cite([u['rule']])}")
    for n in bt["notes"]:
        console.print(f"  {_label(n['what'])} {cite([n['rule']])}")
    print_fire(data, console, title="The attack")


def breakthrough(
    file: ScenarioArg,
    attackers: Annotated[str | None, typer.Option(
        "--attackers", help="Attacking units, comma separated (with --target).")] = None,
    target: Annotated[str | None, typer.Option("--target", help="The hex attacked.")] = None,
    close_assault: Annotated[bool, typer.Option(
        "--close-assault", help="The Close Assault Bonus was announced (9.67).")] = False,
    attc: AttcOpt = None,
    sequence: SeqOpt = None,
    tec: TecOpt = None,
    json: JsonOpt = False,
) -> None:
    """May these units make a breakthrough attack on a hex, and at what column and DRM
    (10.1-10.6); without --attackers, the "breakthru" markers on the map (10.7-10.9)."""
    sc = load_scenario(file)
    if attackers is None and target is None:
        data = markers(sc)
        emit(data, lambda c: print_markers(data, c), json)
        return
    if not attackers or not target:
        raise usage_error("give both --attackers and --target, or neither",
                          "--target" if attackers else "--attackers")
    check_hex(sc, target, "--target")
    ids = _ids(attackers)
    check_units(sc, ids, "--attackers")
    data = breakthrough_attack(sc, ids, target, close_assault, attc, sequence, tec)
    emit(data, lambda c: print_breakthrough(data, c), json)


# -- unit integrity ------------------------------------------------------------------------

INTEGRITY_ROLES = (("attacking", "attack"), ("firing", "defensive"))


def integrity_survey(sc: Scenario, only: str | None = None) -> dict[str, Any]:
    """For every hex holding two or more units: the unit integrity modifiers (9.73) its
    units bring when they attack together from it, fire together from it (defensive or
    opportunity fire) and defend in it."""
    base = map_facts(sc) + unit_facts(sc)
    hexes: dict[str, list[str]] = {}
    for u in sc.units:
        if u.hex in sc.map.hexes:
            hexes.setdefault(u.hex, []).append(u.id)
    out = []
    for h, ids in sorted(hexes.items()):
        if (only and h != only) or len(ids) < 2:
            continue
        row: dict[str, Any] = {"hex": h, "units": ids}
        for role, kind in INTEGRITY_ROLES:
            facts = [f"kind({kind})."] + [f"firer({q(u)})." for u in ids]
            by = _read(_solve("\n".join(base + facts),
                              ["sos/los.lp", "sos/integrity.lp", "sos/fire.lp",
                               "sos/fire_show.lp"]))
            row[role] = [{"id": i, "value": v, "rule": r} for i, v, r in by.get("drm", [])
                         if r == "9.73"]
            if role == "attacking":
                row["negated"] = [{"id": i, "rule": r}
                                  for i, r in by.get("integrity_note", [])]
        by = _read(_solve("\n".join(base + ["kind(attack).", f"survey_defending({q(h)})."]),
                          ["sos/los.lp", "sos/integrity.lp", "sos/fire.lp",
                           "sos/fire_show.lp"]))
        row["defending"] = [{"id": i, "value": v, "rule": r} for i, v, r in by.get("drm", [])
                            if r == "9.73"]
        out.append(row)
    return {"hexes": out, "rules": ["9.73"],
            "note": "the modifiers of a whole attack (regimental integrity across hexes, "
                    "German armor against a clear hex) are given by 'fire'"}


def print_integrity(data: dict[str, Any], console: Console) -> None:
    console.print(f"[bold]Unit integrity[/bold] {cite(data['rules'])}")
    if not data["hexes"]:
        console.print("  no hex holds two or more units")
    for row in data["hexes"]:
        console.print(f"{row['hex']}: {', '.join(row['units'])}")
        for role, label in (("attacking", "attacking from it"),
                            ("firing", "defensive/opportunity fire from it"),
                            ("defending", "attacked in it")):
            mods = ", ".join(f"{d['value']:+d} {d['id'].replace('-', ' ')}"
                             for d in row[role]) or "none"
            console.print(f"  {label}: {mods}")
        for n in row.get("negated", []):
            console.print(f"  {n['id'].replace('-', ' ')} negated by a leader "
                          f"{cite([n['rule']])}")
    console.print(f"  ({data['note']})")


def integrity(
    file: ScenarioArg,
    hex_: Annotated[str | None, typer.Option("--hex", help="Only this hex.")] = None,
    json: JsonOpt = False,
) -> None:
    """The unit integrity modifiers each stack brings to an attack, to defensive or
    opportunity fire and to its defence, from the order of battle (9.73)."""
    sc = load_scenario(file)
    if hex_ is not None:
        check_hex(sc, hex_, "--hex")
    data = integrity_survey(sc, hex_)
    emit(data, lambda c: print_integrity(data, c), json)


# -- demo ------------------------------------------------------------------------------------

def _demo(sc, console, solver) -> None:
    units = unit_map(sc)
    if not {"5/II/194", "Pz/2", "T34/6", "Kr/24"} <= set(units):
        return
    attackers = ["5/II/194", "6/II/194", "7/II/194", "Pz/2", "Pi/71"]
    data, _ = solve_fire(sc, FireRequest("attack", attackers, "1104"))
    print_fire(data, console)
    print_integrity(integrity_survey(sc), console)
    console.print("T34/6 retreats before combat out of 1203 (11.1):")
    print_opportunity(opportunity(sc, "1203", ["T34/6"], retreat=True), console)
    moving = sc.model_copy(update={"phase": 3})
    console.print("The same position in German Movement Phase 3 (10.1):")
    print_breakthrough(breakthrough_attack(moving, ["Pz/2", "Pi/71"], "1104"), console)
    print_markers(markers(moving), console)


DEMO_STEPS = [("Fire, integrity, opportunity fire, breakthroughs (9.x, 10.x, 11.x)", _demo)]


def register(app: typer.Typer) -> None:
    app.command()(fire)
    app.command()(opfire)
    app.command()(breakthrough)
    app.command()(integrity)
