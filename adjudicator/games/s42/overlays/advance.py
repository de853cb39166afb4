"""Advance layer: where the units of one attack may end their Advance After Combat.

Hexes a unit may end in are shaded green (amber where it has to stop: an enemy ZOC,
marsh or mountain), labelled with the hexes it has left there; the vacated hex is
outlined and the witness paths to the hexes at the edge of the reach are drawn.
Hexes next to the reach that no route may enter are marked red.

Which attack? ``layer_for`` takes it explicitly (vacated hex, Adv number, units).
``layer`` (what ``show`` calls, with no parameters) uses the scenario's own
``example:`` block when its command is an ``advances`` command, else the bundled
demo's prepared attack, else draws nothing.
"""

from __future__ import annotations

import shlex

from adjudicator.games.s42.queries.advance import advances
from adjudicator.render import Layer, Line, Shade

NAME = "advance"
ORDER = 40
#: Drawn without --layer only when show was asked this question.
ASKS = "vacated"
GO = "#2e8b57"
STOP = "#e0a000"
REFUSED = "#d00000"
PATH = "#1f5f3f"


def attack_of(sc) -> tuple[str, int, list[str]] | None:
    """(vacated, allowance, units) from the example block or the demo's prepared attack."""
    cmd = (sc.example or {}).get("command") or ""
    if cmd.startswith("advances"):
        args = shlex.split(cmd)
        opts = {a: b for a, b in zip(args, args[1:], strict=False) if a.startswith("--")}
        if {"--vacated", "--allowance", "--units"} <= set(opts):
            return opts["--vacated"], int(opts["--allowance"]), opts["--units"].split(",")
    if "14Pz" in sc.units_by_id and "0504" in sc.map.hexes and not sc.units_at("0504"):
        return "0504", 4, ["14Pz"]
    return None


def layer_for(sc, solver, vacated: str, allowance: int, units: list[str]) -> Layer:
    answer = advances(sc, vacated, allowance, units, solver=solver)
    out = Layer(NAME, legend=[
        (GO, f"advance after combat into {vacated}: may end here (14.1-14.5)"),
        (STOP, "may end here but must stop (14.4.2, 14.5)"),
        (REFUSED, "may not be entered (hover for the rule)"),
    ])
    best: dict[str, tuple[int, str, str]] = {}
    drawn: set[tuple[str, str]] = set()
    for u in answer.units:
        for o in u.options:
            if o.hex not in sc.map.hexes:
                continue
            prev = best.get(o.hex)
            if prev is None or o.left > prev[0]:
                best[o.hex] = (o.left, o.stop, f"{u.id}: {' '.join(o.path)} {o.rules}")
            if o.left == 0 or o.stop != "go":
                steps = [u.start, *o.path]
                for a, b in zip(steps, steps[1:], strict=False):
                    if (a, b) not in drawn:
                        drawn.add((a, b))
                        out.lines.append(Line(a, b, PATH, width=1.5, dash="4 2",
                                              title=f"{u.id} {a}-{b}"))
        for r in u.refused:
            if r.hex in sc.map.hexes and r.hex not in best:
                out.shades.append(Shade(r.hex, REFUSED, opacity=0.25,
                                        title=f"{u.id} not {r.hex}: {'; '.join(r.why)} {r.rules}"))
    for hex_id, (left, stop, title) in sorted(best.items()):
        out.shades.append(Shade(hex_id, GO if stop == "go" else STOP, opacity=0.3, title=title))
        out.labels.append((hex_id, str(left), GO if stop == "go" else STOP))
    out.shades.append(Shade(vacated, GO, opacity=0.6, title=f"vacated hex {vacated} [14.3]"))
    return out


def layer(sc, solver) -> Layer:
    attack = attack_of(sc)
    if attack is None:
        return Layer(NAME, legend=[(GO, "advance: no attack given for this position")])
    return layer_for(sc, solver, *attack)
