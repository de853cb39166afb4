"""The ASP retreats agree with the plain-Python reference
(adjudicator/games/eak/reference/retreat.py) on random positions, German and Soviet."""

from __future__ import annotations

import pytest
from eak_positions import position
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.eak.queries.retreat import retreat_answer
from adjudicator.games.eak.reference import retreat as ref

HEXES = [f"{r:02d}{c:02d}" for r in range(10, 15) for c in range(1, 6)]
CENTRE = "1203"
DIRS = ["east", "southeast", "southwest", "west", "northwest", "northeast"]


@st.composite
def cases(draw, readings=None):
    hexes: dict[str, dict] = {}
    for h in HEXES:
        spec: dict = {"terrain": draw(st.sampled_from(["clear"] * 4 + ["woods", "town"]))}
        if spec["terrain"] == "town":
            spec["owner"] = draw(st.sampled_from(["german", "soviet"]))
            spec["vp"] = draw(st.integers(0, 2))
        if draw(st.integers(0, 3)) == 0:
            spec["arrows"] = [{"kind": draw(st.sampled_from(["primary", "secondary"])),
                               "to": draw(st.sampled_from(DIRS))}]
        if h.endswith("05") and draw(st.booleans()):
            spec["edge"] = "german"
        elif h.endswith("01") and draw(st.booleans()):
            spec["edge"] = "soviet"
        hexes[h] = spec
    sc0 = position([], hexes={h: "clear" for h in HEXES})
    sides = {}
    for a, b in sc0.grid.edges():
        kind = draw(st.sampled_from(["", "", "", "", "", "dniepr", "blocked-dniepr"]))
        if kind:
            sides[f"{a}-{b}"] = {"river": kind}
    side = draw(st.sampled_from(["german", "soviet"]))
    enemy = "soviet" if side == "german" else "german"
    units = []
    n = draw(st.integers(1, 3))
    for i in range(n):
        units.append({"id": f"r{i}", "side": side, "hex": CENTRE, "type": "infantry",
                      "strength": 3, "ma": 4, "selector": f"{i + 1:02d}",
                      "max_steps": draw(st.integers(1, 2)), "front": (
                          "voronezh" if side == "soviet" else None),
                      "dispersed": draw(st.integers(0, 5)) == 0})
    for i in range(draw(st.integers(0, 7))):
        h = draw(st.sampled_from(HEXES))
        if h == CENTRE:
            continue
        s = draw(st.sampled_from([side, enemy, enemy]))
        if any(u["hex"] == h and u["side"] != s for u in units):
            continue
        units.append({"id": f"o{i}", "side": s, "hex": h, "type": "infantry", "strength": 3,
                      "ma": 4, "selector": "07", "max_steps": draw(st.integers(1, 3)),
                      "supply": draw(st.sampled_from(["in-supply", "in-supply", "isolated"])),
                      "dispersed": draw(st.integers(0, 4)) == 0})
    for u in units:
        if u["side"] == "german":
            u.pop("front", None)
    sc = position(units, hexes=hexes, hexsides=sides, readings=readings or {})
    movers = [u["id"] for u in units if u["id"].startswith("r")]
    return sc, movers, draw(st.sampled_from([1, 2]))


def _check(case):
    sc, movers, n = case
    a = retreat_answer(sc, movers, n)
    want = ref.routes(sc, movers, n)
    assert a["allowed"] == want["allowed"]
    if not a["allowed"]:
        return
    assert a["split"] == want["split"]
    got = sorted(tuple(o["hexes"]) if n == 2 else (o["hexes"][0],) for o in a["options"])
    assert got == sorted(want["options"])
    if sc.units_by_id[movers[0]].side == "soviet":
        r = a["soviet_route"]
        assert (tuple(r["hexes"]) if r else None) == want["soviet"]


@settings(max_examples=40, deadline=None)
@given(cases())
def test_retreats_match_the_reference(case):
    _check(case)


@pytest.mark.parametrize("reading", [{"12.7": "primary-only"}, {"13.0": "keep-zoc"}])
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_retreats_match_the_reference_under_each_reading(reading, data):
    _check(data.draw(cases(reading)))
