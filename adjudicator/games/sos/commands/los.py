"""``adjudicator los`` and ``adjudicator spotted`` for Streets of Stalingrad (9.31-9.40,
11.5, 14.2, 15.44)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from adjudicator.errors import did_you_mean, usage_error
from adjudicator.games import get_game
from adjudicator.games.sos.los import LosAnswer, check_hex, lines_of_sight, spotter_facts
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

DEMO_ORDER = 10


def print_los(ans: LosAnswer, console: Console) -> None:
    verdict = "clear" if ans.clear else "blocked"
    console.print(f"[bold]LOS {ans.a} -> {ans.b}[/bold] ({ans.distance} hexes): "
                  f"{verdict} {cite(ans.rules)}")
    for b in ans.blockers:
        what = "the printed map" if b["what"] == "map" else b["what"]
        console.print(f"  blocked at {b['kind']} {b['where']} by {what} {cite([b['rule']])}")
    for h in ans.seen_over:
        console.print(f"  seen over the slope hex {h} from the height {cite(['14.26', '9.38'])}")
    for h in ans.volga_ignored:
        console.print(f"  Volga hex {h} does not block {cite(['11.5'])}")
    for x, y in ans.along:
        console.print(f"  runs along the hexside {x}-{y}: both hexes count {cite(['9.36'])}")
    console.print("  used: " + "; ".join(ans.used))


def los(
    file: ScenarioArg,
    from_: Annotated[str, typer.Option("--from", help="The firing or spotting hex.")],
    to: Annotated[str, typer.Option("--to", help="The target hex.")],
    aa: Annotated[bool, typer.Option("--aa", help="Soviet AA fire at Stukas (15.44).")] = False,
    svg: Annotated[Path | None, typer.Option(
        "--svg", help="Also draw the line and what blocks it into this SVG file.")] = None,
    force: ForceOpt = False,
    json: JsonOpt = False,
) -> None:
    """Is the line of sight between two hexes clear, and why (9.31-9.40, 11.5, 14.26)."""
    if svg is not None:
        check_output(svg, "--svg", [file], force)
    sc = load_scenario(file)
    check_hex(sc, from_, "--from")
    check_hex(sc, to, "--to")
    if from_ == to:
        raise usage_error("--from and --to name the same hex", "--to")
    ans = lines_of_sight(sc, [(from_, to)], aa=aa)[0][0]
    data = ans.as_dict()
    if svg is not None:
        from adjudicator.games.sos.picture import los_layer
        from adjudicator.render import render_svg

        write_output(svg, render_svg(sc, [los_layer(ans)]), "--svg", [file], force)
        data["svg"] = str(svg)
    emit(data, lambda c: (print_los(ans, c),
                          c.print(f"wrote {svg}") if svg is not None else None), json)


def spotting(sc: Scenario, side: str) -> dict:
    """Which enemy units on the map each unit of ``side`` on the map spots (14.2), within
    the limits of the position's phase (14.02, 14.22-14.24)."""
    mine = [u for u in sc.units if u.side == side and u.hex in sc.map.hexes]
    theirs = [u for u in sc.units if u.side != side and u.hex in sc.map.hexes]
    looks = [(u, v) for u in mine for v in theirs if u.hex != v.hex]
    extra = [f'look({p},"{u.id}","{v.id}").' for p, (u, v) in enumerate(looks)]
    extra += spotter_facts(sc, mine)
    answers, atoms = lines_of_sight(sc, [(u.hex, v.hex) for u, v in looks], extra=extra,
                                    files=("sos/los.lp", "sos/spotting.lp"))
    spots = {(s.arguments[0].string, s.arguments[1].string) for s in atoms if s.name == "spots"}
    why: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for s in atoms:
        if s.name == "cannot":
            key = (s.arguments[0].string, s.arguments[1].string)
            why.setdefault(key, []).append((s.arguments[2].name.replace("_", "-"),
                                            s.arguments[3].string))
    ranges = {s.arguments[0].number: s.arguments[1].number for s in atoms if s.name == "best"}
    left: dict[str, dict] = {}
    for s in atoms:
        if s.name == "capacity":
            left[s.arguments[0].string] = {"kind": s.arguments[1].name.replace("_", "-"),
                                           "left": s.arguments[2].number,
                                           "rule": s.arguments[3].string}
    targets = []
    for v in theirs:
        rows = []
        for p, (u, w) in enumerate(looks):
            if w is not v:
                continue
            row = {"spotter": u.id, "hex": u.hex, "spots": (u.id, v.id) in spots,
                   "distance": answers[p].distance, "range": ranges.get(p),
                   "los": "clear" if answers[p].clear else "blocked",
                   "los_rules": answers[p].rules, "los_used": answers[p].used,
                   "why_not": [{"reason": r, "rule": rule}
                               for r, rule in sorted(why.get((u.id, v.id), []))]}
            if (u.id, v.id) in spots and u.id in left:
                row["may_still_spot"] = left[u.id]
            rows.append(row)
        targets.append({"unit": v.id, "hex": v.hex, "hidden": v.hidden,
                        "spotted": any(r["spots"] for r in rows), "by": rows})
    off = [u.id for u in sc.units if u.side == side and u.hex not in sc.map.hexes]
    return {"side": side, "phase": sc.phase, "targets": targets, "spotters_off_map": off,
            "rules": ["14.02", "14.21", "14.22", "14.23", "14.24", "14.25", "9.31"]}


def print_spotting(data: dict, console: Console) -> None:
    console.print(f"[bold]Spotting by the {data['side']} side in phase {data['phase']}"
                  f"[/bold] {cite(data['rules'])}")
    for t in data["targets"]:
        by = [r["spotter"] for r in t["by"] if r["spots"]]
        hidden = " (hidden: it may still be targeted, 9.31)" if t["hidden"] else ""
        console.print(f"{t['unit']} at {t['hex']}{hidden}: "
                      + (f"spotted by {', '.join(by)}" if by else "not spotted"))
        for r in t["by"]:
            cap = r.get("may_still_spot")
            if cap:
                what = ("IF artillery unit" + ("s" if cap["left"] != 1 else "")
                        if cap["kind"] == "if-units" else "AF points")
                console.print(f"  {r['spotter']} may still spot for {cap['left']} {what} "
                              f"this phase {cite([cap['rule']])}")
        for r in t["by"]:
            if r["spots"]:
                continue
            reasons = ", ".join(f"{w['reason']} {cite([w['rule']])}" for w in r["why_not"])
            if "the position's ruling for this pair" in r["los_used"]:
                reasons += " (the position's ruling for this pair: the printed map)"
            console.print(f"  {r['spotter']} at {r['hex']}: {reasons}")
    if data["spotters_off_map"]:
        console.print("In off-map boxes (no line of sight; see 14.28): "
                      + ", ".join(data["spotters_off_map"]))


def spotted(
    file: ScenarioArg,
    side: Annotated[str, typer.Option("--side", help="The spotting side.")],
    json: JsonOpt = False,
) -> None:
    """Which enemy units each unit of a side can spot, and why not (14.21-14.25, 9.31)."""
    sc = load_scenario(file)
    sides = get_game(sc.game).sides
    if side not in sides:
        raise usage_error(f"'{side}' is not one of {', '.join(sides)}"
                          f"{did_you_mean(side, sides)}", "--side")
    data = spotting(sc, side)
    emit(data, lambda c: print_spotting(data, c), json)


def _demo(sc, console, solver) -> None:
    for side in get_game(sc.game).sides:
        print_spotting(spotting(sc, side), console)


DEMO_STEPS = [("Spotting (14.2)", _demo)]


def register(app: typer.Typer) -> None:
    app.command()(los)
    app.command()(spotted)
