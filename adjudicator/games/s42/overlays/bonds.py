"""Bonds layer: ZOC bonds as lines between their ends (7.0).

Standing bonds are solid in the side's colour and the hexsides they close are
marked; negated bonds are dashed in the side's colour; bonds broken by terrain
are thin grey dashes.
"""

from adjudicator.games.s42.queries.bonds import bonds
from adjudicator.render import SIDE_ZOC, Layer, Line, Mark, Shade

NAME = "bonds"
ORDER = 20
BROKEN = "#9a9a9a"


def layer(sc, solver) -> Layer:
    answer = bonds(sc, solver)
    out = Layer(
        NAME,
        legend=[
            *((SIDE_ZOC[s], f"{s} ZOC bond standing (7.1, 7.2), solid; closed hexsides marked")
              for s in ("axis", "soviet")),
            *((SIDE_ZOC[s], f"{s} ZOC bond negated by enemy units (7.3), dashed")
              for s in ("axis", "soviet")),
            (BROKEN, "ZOC bond broken by terrain (7.6), thin grey"),
        ],
    )
    for b in answer.bonds:
        a, z = b.ends
        title = f"{b.why()} {b.rules}"
        if b.broken:
            out.lines.append(Line(a, z, BROKEN, width=1.2, dash="3 3", title=title))
        elif b.negated:
            out.lines.append(Line(a, z, SIDE_ZOC[b.side], width=2.0, dash="7 5", title=title))
        else:
            out.lines.append(Line(a, z, SIDE_ZOC[b.side], width=3.5, title=title))
            for hs in b.closes_hexsides:
                out.marks.append(Mark(hs, SIDE_ZOC[b.side], width=6.0,
                                      title=f"closed to the enemy by {b.id} [7.2]"))
            for h in b.closes_hexes:
                out.shades.append(Shade(h, SIDE_ZOC[b.side], opacity=0.18,
                                        title=f"{h} closed to the enemy by {b.id} [7.2]"))
    return out
