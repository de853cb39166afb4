"""The ASP supply, reserve supply and support agree with the plain-Python reference
(adjudicator/games/eak/reference/supply.py) on random positions, under each reading."""

from __future__ import annotations

import pytest
from eak_positions import draw_units, position
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.eak.queries.supply import supply_answer
from adjudicator.games.eak.reference import supply as ref

HEXES = [f"{r:02d}{c:02d}" for r in (10, 11, 12) for c in range(1, 7)]


@st.composite
def positions(draw, readings=None):
    sc0 = position([], hexes={h: "clear" for h in HEXES})
    hexes: dict[str, dict] = {}
    for h in HEXES:
        spec: dict = {"terrain": "clear"}
        if sc0.grid.on_edge(h) and draw(st.integers(0, 3)) == 0:
            spec["edge"] = draw(st.sampled_from(["german", "soviet"]))
            spec["road_off_map"] = draw(st.booleans())
        if draw(st.integers(0, 6)) == 0:
            spec["terrain"] = "town"
            spec["owner"] = draw(st.sampled_from(["german", "soviet"]))
        if draw(st.integers(0, 8)) == 0:
            spec["garrison"] = True
        if draw(st.integers(0, 8)) == 0:
            spec["forward_support"] = True
        spec["east_of"] = draw(st.sampled_from([[], ["far"], ["west", "far"],
                                                ["artillery", "west", "far"]]))
        hexes[h] = spec
    sides = {}
    for a, b in sc0.grid.edges():
        kind = draw(st.sampled_from(["", "", "", "", "road", "dniepr", "dniepr-road",
                                     "blocked-dniepr", "minor"]))
        if kind == "road":
            sides[f"{a}-{b}"] = {"road": True}
        elif kind:
            river, _, road = kind.partition("-road") if "road" in kind else (kind, "", "")
            sides[f"{a}-{b}"] = {"river": river, **({"road": True} if "-road" in kind else {})}
    units = draw_units(draw, hexes, 7)
    return position(units, hexes=hexes, hexsides=sides, turn=draw(st.integers(1, 9)),
                    soviet_vp=draw(st.sampled_from([None, 15, 25])),
                    readings=readings or {})


def _check(sc, moment: bool):
    a = supply_answer(sc, hexes=HEXES, garrison_moment=moment)
    states = {u["unit"]: u["state"] for u in a["units"]}
    assert states == ref.unit_states(sc)
    for t in a["hexes"]:
        want = ref.path_length(sc, t["side"], t["hex"], garrison_moment=moment)
        assert t["in_supply"] == (want is not None), t
        if want is not None:
            assert t["length"] == want, t
        if t["side"] == "soviet" and not moment:
            assert t["reserve_supply"] == ref.reserve_supply(sc, t["hex"]), t
    supported = set(a["support"]["hexes"])
    assert supported == {h for h in HEXES if ref.support(sc, h)}


@settings(max_examples=40, deadline=None)
@given(positions(), st.booleans())
def test_supply_matches_the_reference(sc, moment):
    _check(sc, moment)


@pytest.mark.parametrize("reading", [{"13.0": "keep-zoc"}, {"13.3": "hex-path-only"},
                                     {"9.3": "every-rule"}])
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_supply_matches_the_reference_under_each_reading(reading, data):
    _check(data.draw(positions(reading)), False)
