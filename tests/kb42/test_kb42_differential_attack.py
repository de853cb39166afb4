"""The ASP attack determination agrees with the plain-Python reference on random positions."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from kb42_positions import position

from adjudicator.games.kb42.queries.attack import attacks
from adjudicator.games.kb42.reference.attack import may_attack, must_attack

HEXES = [f"KB{r}{c}" for r in (35, 36, 37) for c in range(15, 19)]


@st.composite
def cases(draw):
    hexes = {h: {"terrain": draw(st.sampled_from(["clear"] * 4 + ["marsh"])),
                 **({"city": "minor"} if draw(st.integers(0, 5)) == 0 else {})}
             for h in HEXES}
    sc0 = position([], hexes=hexes)
    sides = {}
    for a, b in sc0.grid.edges():
        kind = draw(st.sampled_from(["", "", "", "imp", "dnepr", "dnepr-b", "major", "major-b",
                                     "road"]))
        if kind == "imp":
            sides[f"{a}-{b}"] = {"impassable": True}
        elif kind == "road":
            sides[f"{a}-{b}"] = {"road": True}
        elif kind:
            river, _, b_ = kind.partition("-")
            sides[f"{a}-{b}"] = {"river": river, **({"bridge": "pontoon"} if b_ else {})}
    units, side_of = [], {}
    for i in range(draw(st.integers(1, 7))):
        h = draw(st.sampled_from(HEXES))
        s = side_of.setdefault(h, draw(st.sampled_from(["axis", "soviet"])))
        units.append({"id": f"u{i}", "side": s, "hex": h,
                      "type": draw(st.sampled_from(["infantry", "tank", "hq"])),
                      "white_band": draw(st.booleans())})
    if not any(u["side"] == "axis" for u in units):
        units[0] = {**units[0], "side": "axis"}
        for u in units:
            if u["hex"] == units[0]["hex"]:
                u["side"] = "axis"
    sc = position(units, hexes=hexes, hexsides=sides)
    axis = sorted(u.id for u in sc.units if u.side == "axis")
    chosen = draw(st.lists(st.sampled_from(axis), min_size=1, unique=True))
    return sc, chosen


@settings(max_examples=40, deadline=None)
@given(cases())
def test_attack_determination_matches_the_reference(case):
    sc, chosen = case
    ans = attacks(sc, chosen)
    assert set(ans.must_attack) == must_attack(sc, chosen)
    for u in chosen:
        assert set(ans.may_attack[u]) == may_attack(sc, u)
