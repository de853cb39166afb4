"""The ASP supply states agree with the plain-Python reference on random positions."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from kb42_positions import position

from adjudicator.games.kb42.queries.supply import supply
from adjudicator.games.kb42.reference.supply import states

HEXES = [f"KB{r}{c}" for r in (35, 36, 37) for c in range(15, 19)]


@st.composite
def positions(draw):
    hexes = {h: {"terrain": draw(st.sampled_from(["clear"] * 5 + ["prohibited"])),
                 **({"city": "minor"} if draw(st.integers(0, 5)) == 0 else {})}
             for h in HEXES}
    sc0 = position([], hexes=hexes)
    sides = {}
    for a, b in sc0.grid.edges():
        kind = draw(st.sampled_from(["", "", "", "imp", "dnepr", "dnepr-b", "major", "major-b"]))
        if kind == "imp":
            sides[f"{a}-{b}"] = {"impassable": True}
        elif kind:
            river, _, b_ = kind.partition("-")
            sides[f"{a}-{b}"] = {"river": river, **({"bridge": "road"} if b_ else {})}
    units, side_of = [], {}
    for i in range(draw(st.integers(1, 6))):
        h = draw(st.sampled_from(HEXES))
        side = side_of.setdefault(h, draw(st.sampled_from(["axis", "soviet"])))
        units.append({"id": f"u{i}", "side": side, "hex": h, "type": "infantry",
                      "supply": draw(st.sampled_from(["operational", "oos", "isolated"]))})
    srcs = [{"side": draw(st.sampled_from(["axis", "soviet"])), "hex": draw(st.sampled_from(HEXES))}
            for _ in range(draw(st.integers(0, 3)))]
    return position(units, hexes=hexes, hexsides=sides, sources=srcs)


@settings(max_examples=40, deadline=None)
@given(positions())
def test_supply_states_match_the_reference(sc):
    got = {u.unit: u.state for u in supply(sc).units}
    assert got == states(sc)
