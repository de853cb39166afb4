"""The ASP zones of control and each unit's next step agree with the plain-Python reference
(adjudicator/games/eak/reference/zoc.py) on random positions, under each reading of 9.3."""

from __future__ import annotations

import pytest
from eak_positions import draw_units, position
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.eak.commands.zoc import zoc_answer
from adjudicator.games.eak.reference import zoc as ref

HEXES = [f"{r:02d}{c:02d}" for r in (10, 11, 12) for c in range(1, 7)]


@st.composite
def positions(draw, readings=None):
    sc0 = position([], hexes={h: "clear" for h in HEXES})
    hexes: dict[str, dict] = {}
    for h in HEXES:
        spec: dict = {"terrain": "clear"}
        if sc0.grid.on_edge(h) and draw(st.booleans()):
            spec["edge"] = draw(st.sampled_from(["german", "german", "soviet"]))
        if draw(st.integers(0, 6)) == 0:
            spec["terrain"] = "town"
            spec["owner"] = draw(st.sampled_from(["german", "soviet"]))
        if draw(st.integers(0, 7)) == 0:
            spec["garrison"] = True
        hexes[h] = spec
    sides = {}
    for a, b in sc0.grid.edges():
        kind = draw(st.sampled_from(["", "", "", "", "dniepr", "blocked-dniepr", "minor"]))
        if kind:
            sides[f"{a}-{b}"] = {"river": kind}
    units = draw_units(draw, hexes, 9)
    return position(units, hexes=hexes, hexsides=sides, turn=draw(st.integers(1, 9)),
                    readings=readings or {})


def _check(sc):
    a = zoc_answer(sc)
    want = ref.answer(sc)
    assert a["zoc"] == want["zoc"]
    assert {(s["hex"], s["side"]): s["units"] for s in a["sources"]} == want["sources"]
    assert [n["unit"] for n in a["no_zoc"]] == want["no_zoc"]
    assert all(n["rules"] == ["11.0", "13.22"] for n in a["no_zoc"])
    assert {g["garrison"]: g["hexes"] for g in a["garrison_zoc"]} == want["garrison_zoc"]
    assert [g["garrison"] for g in a["garrisons_removed"]] == want["garrisons_removed"]
    assert all(g["rules"] == ["10.1", "15.3"] for g in a["garrisons_removed"])
    got = {u["unit"]: u for u in a["units"]}
    assert set(got) == {u["unit"] for u in want["units"]}
    for u in want["units"]:
        g = got[u["unit"]]
        assert (g["exit_cost"], g["exit_rules"]) == (u["exit_cost"], u["exit_rules"]), u
        assert g["steps"] == u["steps"], u["unit"]


@settings(max_examples=40, deadline=None)
@given(positions())
def test_zoc_matches_the_reference(sc):
    _check(sc)


@pytest.mark.parametrize("reading", [{"9.3": "every-rule"}])
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_zoc_matches_the_reference_under_each_reading(reading, data):
    _check(data.draw(positions(reading)))
