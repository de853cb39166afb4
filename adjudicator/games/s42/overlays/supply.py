"""Supply layer: every unit's witness Line of Supply, and the units without one.

The overland portion is drawn dashed, the road portion solid, both in the side's
colour; a unit out of supply gets an "OOS" label and an amber shade, an isolated
unit an "ISOLATED" label and a red shade, with the step that cut its nearest
attempt marked on the hexside.
"""

from adjudicator.games.s42.queries.supply import supply
from adjudicator.render import SIDE_ZOC, Layer, Line, Mark, Shade

NAME = "supply"
ORDER = 30
OOS = "#e0a000"
ISOLATED = "#d00000"


def layer(sc, solver) -> Layer:
    answer = supply(sc, solver)
    out = Layer(
        NAME,
        legend=[
            *((SIDE_ZOC[s], f"{s} Line of Supply (16.3): dashed overland, solid road")
              for s in ("axis", "soviet")),
            (OOS, "out of supply (16.1), labelled OOS"),
            (ISOLATED, "isolated (16.5.1); the hexside that cut its nearest line marked"),
        ],
    )
    drawn: set[tuple[str, str, str]] = set()
    for u in answer.units:
        colour = SIDE_ZOC[u.side]
        overland = set(u.overland)
        for a, b in zip(u.path, u.path[1:], strict=False):
            key = (u.side, a, b)
            if key in drawn:
                continue
            drawn.add(key)
            on_road = b in u.road or (b not in overland and b not in sc.map.hexes and
                                      a in u.road)
            out.lines.append(Line(a, b, colour, width=2.0 if on_road else 1.6,
                                  dash=None if on_road else "5 3",
                                  title=f"{u.id}: {u.reason} {u.rules}"))
        if u.status == "out-of-supply":
            out.shades.append(Shade(u.hex, OOS, opacity=0.35, title=f"{u.id}: {u.reason}"))
            out.labels.append((u.hex, "OOS", OOS))
        elif u.status == "isolated":
            out.shades.append(Shade(u.hex, ISOLATED, opacity=0.35, title=f"{u.id}: {u.reason}"))
            out.labels.append((u.hex, "ISOLATED", ISOLATED))
            if u.cut and u.cut.from_hex in sc.map.hexes and u.cut.into in sc.map.hexes:
                out.marks.append(Mark(f"{u.cut.from_hex}-{u.cut.into}", ISOLATED, width=4.0,
                                      dash="2 2", title=f"{u.id}: {u.cut.why} {u.cut.rules}"))
    return out
