"""Retreat layer (``show --retreat-hex H``): where the defenders of H may end a retreat
before combat against the enemy units adjacent to it (9.41-9.48, practice terrain chart
unless $ADJUDICATOR_SOS_TEC names another)."""

from adjudicator.games.sos.queries.retreats import before_combat
from adjudicator.render import Layer, Shade

NAME = "retreat"
ORDER = 30
ASKS = "retreat_hex"
REACH = "#2e8b57"


def layer(sc, solver, params) -> Layer | None:
    h = params.retreat_hex
    if h is None or not sc.units_at(h):
        return None
    side = sc.units_at(h)[0].side
    attackers = [u.id for u in sc.units if u.side != side and u.hex in sc.map.hexes
                 and sc.grid.are_adjacent(u.hex, h)]
    ans = before_combat(sc, h, attackers)
    out = Layer(NAME, legend=[(REACH, "may end a retreat before combat here (9.48)")])
    reach: set[str] = set()
    for u in ans.units:
        reach |= set(u.hexes)
    for x in sorted(reach):
        out.shades.append(Shade(x, REACH, opacity=0.35, title=f"retreat from {h} [9.48]"))
    out.labels.append((h, "attacked", "#d00000"))
    return out
