"""ZOC layer: each side's zone of control for movement shaded in its colour (6.1, 6.2)."""

from adjudicator.games.sos.queries.zoc import zoc
from adjudicator.render import SIDE_ZOC, Layer, Shade

NAME = "zoc"
ORDER = 10
COLOUR = {"german": SIDE_ZOC["axis"], "soviet": SIDE_ZOC["soviet"]}


def layer(sc, solver) -> Layer:
    out = Layer(NAME, legend=[(COLOUR[s], f"{s} ZOC (6.1)") for s in ("german", "soviet")])
    for hex_id, sides in zoc(sc).controls["movement"].items():
        for side in sides:
            out.shades.append(Shade(hex_id, COLOUR[side], opacity=0.18,
                                    title=f"{side} ZOC in {hex_id} [6.1]"))
    return out
