"""Retreat layer: where one stack's retreat can end, and a path to each end (12.1-12.2).

By default the stack is the first (by hex id) of the non-phasing side that is next
to an enemy combat unit, retreating 2 hexes; without one in contact, the first
non-phasing combat stack. ``show --retreat-hex H --length N`` draws another
(``ShowParams.retreat_hex`` / ``retreat_length``). Ends where the stack survives
are shaded green (pale green when a 12.1.3 guideline ranks them lower), ends
that eliminate it red; the witness path to each surviving end is drawn as a
line from the battle hex.
"""

from adjudicator.games.s42.commands.retreat import first_defender
from adjudicator.games.s42.queries.retreat import retreats
from adjudicator.output import cite
from adjudicator.render import Layer, Line, Shade

NAME = "retreat"
ORDER = 40
#: Drawn without --layer only when show was asked this question.
ASKS = "retreat_hex"
BEST = "#2e8b3a"
LOWER = "#9ccf8f"
LOST = "#c0392b"
START = "#333333"


def layer(sc, solver, params=None) -> Layer:
    hex_id = getattr(params, "retreat_hex", None)
    length = getattr(params, "retreat_length", None) or 2
    out = Layer(NAME, legend=[
        (BEST, "retreat end, best by the guidelines (12.1.3)"),
        (LOWER, "retreat end ruled out by guideline 2: no Line of Supply (12.1.3)"),
        (LOST, "retreat end that eliminates the stack (12.2)"),
    ])
    h0 = hex_id or first_defender(sc)
    if h0 is None:
        return out
    answer = retreats(sc, h0, length, solver=solver)
    out.shades.append(Shade(h0, START, opacity=0.15,
                            title=f"battle hex: {answer.side} stack retreats {length} hexes"))
    out.labels.append((h0, f"R{length}", START))
    for o in answer.options:
        if o.end not in sc.map.hexes:
            continue
        colour = LOST if o.eliminated else BEST if o.rank == 1 else LOWER
        title = f"{o.end}: {o.describe()} {cite(o.rules)}"
        out.shades.append(Shade(o.end, colour, opacity=0.35, title=title))
        if o.eliminated:
            continue
        prev = h0
        for h in o.path:
            out.lines.append(Line(prev, h, colour, width=2.0, dash="4 3", title=title))
            prev = h
    return out
