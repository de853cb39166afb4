"""The ASP zones of control agree with the plain-Python reference on random positions."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from kb42_positions import position

from adjudicator.games.kb42.queries.zoc import PURPOSES, zoc
from adjudicator.games.kb42.reference.zoc import controls

HEXES = [f"KB{r}{c}" for r in (35, 36, 37) for c in range(15, 19)]


@st.composite
def positions(draw):
    hexes = {h: {"terrain": "clear",
                 "city": draw(st.sampled_from([None, None, "minor"])),
                 "fz": draw(st.sampled_from([None, None, None, "axis", "soviet"]))}
             for h in HEXES}
    hexes = {h: {k: v for k, v in spec.items() if v is not None} for h, spec in hexes.items()}
    sc0 = position([], hexes=hexes)
    sides = {}
    for a, b in sc0.grid.edges():
        kind = draw(st.sampled_from(["", "", "", "imp", "dnepr", "dnepr-b", "major", "major-b"]))
        if kind == "imp":
            sides[f"{a}-{b}"] = {"impassable": True}
        elif kind:
            river, _, b_ = kind.partition("-")
            sides[f"{a}-{b}"] = {"river": river, **({"bridge": "pontoon"} if b_ else {})}
    units, side_of = [], {}
    for i in range(draw(st.integers(0, 6))):
        h = draw(st.sampled_from(HEXES))
        side = side_of.setdefault(h, draw(st.sampled_from(["axis", "soviet"])))
        units.append({"id": f"u{i}", "side": side, "hex": h,
                      "type": draw(st.sampled_from(["infantry", "tank", "hq"])),
                      "white_band": draw(st.booleans()), "cadre": draw(st.booleans())})
    return position(units, hexes=hexes, hexsides=sides)


@settings(max_examples=40, deadline=None)
@given(positions())
def test_zoc_matches_the_reference(sc):
    ans = zoc(sc)
    ref = controls(sc)
    for p in PURPOSES:
        got = {(h, s) for h, ss in ans.controls[p].items() for s in ss}
        assert got == ref[p], p
