"""The ASP stacking answer agrees with the plain-Python reference
(adjudicator/games/eak/reference/stacking.py) on random positions."""

from __future__ import annotations

from eak_positions import position
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.eak.queries.stacking import stacking_answer
from adjudicator.games.eak.reference import stacking as ref

HEXES = [f"{r:02d}{c:02d}" for r in (10, 11) for c in range(1, 4)]


@st.composite
def positions(draw):
    units = []
    for h in HEXES:
        # a stack of one side in each hex, of up to five units, near the limits of 10.4
        side = draw(st.sampled_from(["german", "soviet"]))
        for _ in range(draw(st.integers(0, 5))):
            max_steps = draw(st.sampled_from([1, 2, 3, 3]))
            u = {"id": f"u{len(units)}", "side": side, "hex": h, "type": "infantry",
                 "strength": 3, "ma": 4, "selector": f"{draw(st.integers(1, 36)):02d}",
                 "max_steps": max_steps}
            # steps left: all of them (unstated) or any number up to them
            if draw(st.booleans()):
                u["steps"] = draw(st.integers(1, max_steps))
            units.append(u)
    return position(units, hexes={h: "clear" for h in HEXES})


@settings(max_examples=40, deadline=None)
@given(positions())
def test_stacking_matches_the_reference(sc):
    a = stacking_answer(sc)
    assert a["limit"] == {"units": ref.MAX_UNITS, "steps": ref.MAX_STEPS}
    got = {(o["hex"], o["side"]): (o["units"], o["steps"]) for o in a["overstacked"]}
    assert got == ref.overstacked(sc)
    assert all(o["rules"] == ["10.4"] for o in a["overstacked"])
    assert {(s["hex"], s["side"]) for s in a["stacks_within"]} == ref.within(sc)
