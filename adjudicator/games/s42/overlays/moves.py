"""Movement layer: where one unit or stack may end its move this Movement Phase.

Hexes it may end in by normal or road movement are shaded green, by Extended
Movement light green, by Tactical Movement only blue, by rail or sea purple; hexes
where it must stop (an enemy ZOC) are amber. Each is labelled with the MPs left.
The witness paths to the hexes at the edge of the reach are drawn; hexes next to
the reach that it may not enter are marked red, with the first rule in the title.
Drawn when ``show --moves U[,V]`` names the unit or stack.
"""

from __future__ import annotations

from adjudicator.games.s42.queries.moves import moves
from adjudicator.output import cite
from adjudicator.render import Layer, Line, Shade

NAME = "moves"
ORDER = 45
#: Drawn without --layer only when show was asked this question.
ASKS = "moves"
COLOUR = {"normal": "#2e8b57", "road": "#2e8b57", "extended": "#8fd19e",
          "tactical": "#4a90d9", "rail": "#8e44ad", "sea": "#8e44ad", "kerch": "#8e44ad"}
STOP = "#e0a000"
REFUSED = "#d00000"
START = "#333333"


def layer(sc, solver, params=None) -> Layer:
    units = getattr(params, "moves", None)
    out = Layer(NAME, legend=[
        (COLOUR["normal"], "may end here: normal or road movement (5.1, 5.2)"),
        (COLOUR["extended"], "only by Extended Movement (5.3)"),
        (COLOUR["tactical"], "only by Tactical Movement (5.4)"),
        (COLOUR["rail"], "only by rail or sea (5.6, 5.7)"),
        (STOP, "must stop here: enemy ZOC or entry area (6.2, 22.3.1)"),
        (REFUSED, "next to the reach, may not enter (first rule in the title)"),
    ])
    if not units:
        return out
    answer = moves(sc, units, solver)
    start = answer.start
    chart = answer.chart
    if start in sc.map.hexes:
        out.shades.append(Shade(start, START, opacity=0.15,
                                title=f"{'+'.join(units)} starts here; costs from "
                                      f"{chart['title']}"))
        out.labels.append((start, "+".join(units), START))
    reached = answer.places
    for e in answer.ends:
        if e.place not in sc.map.hexes:
            continue
        colour = STOP if e.must_stop and e.mode in ("normal", "extended", "tactical") \
            else COLOUR[e.kind]
        title = (f"{e.place}: {e.kind}, path {'-'.join([start, *e.path])}"
                 + (f", {e.spent} MP spent, {e.left} left" if e.spent is not None else "")
                 + (f"; must stop: {e.why_stop}" if e.must_stop else "") + f" {cite(e.rules)}")
        out.shades.append(Shade(e.place, colour, opacity=0.35, title=title))
        if e.left is not None:
            out.labels.append((e.place, str(e.left), colour))
        # draw the path to the edge of the reach only (where nothing further is reached
        # through this hex), to keep the picture readable
        edge = not any(len(o.path) > len(e.path) and o.path[:len(e.path)] == e.path
                       for o in answer.ends)
        if edge:
            prev = start
            for h in e.path:
                if prev in sc.map.hexes and h in sc.map.hexes:
                    out.lines.append(Line(prev, h, colour, width=1.5, dash="3 2", title=title))
                prev = h
    for r in answer.refused:
        if r.place in sc.map.hexes and r.place not in reached:
            out.shades.append(Shade(r.place, REFUSED, opacity=0.25,
                                    title=f"{r.place}: {r.text} {cite([r.rule])}"))
    return out
