"""ZOC layer: each side's zone of control hatched in its colour."""

from adjudicator.games.s42.queries.zoc import zoc
from adjudicator.render import SIDE_ZOC, Layer, Shade

NAME = "zoc"
ORDER = 10


def layer(sc, solver) -> Layer:
    answer = zoc(sc, solver)
    out = Layer(
        NAME,
        legend=[(SIDE_ZOC[s], f"{s} ZOC (6.1), hatched") for s in ("axis", "soviet")],
    )
    for hex_id, sides in answer.zoc.items():
        for side in sides:
            out.shades.append(Shade(hex_id, SIDE_ZOC[side], pattern=f"hatch-{side}",
                                    title=f"{side} ZOC into {hex_id} [6.1]"))
    return out
