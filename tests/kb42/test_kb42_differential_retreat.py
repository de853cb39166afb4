"""The ASP retreat rules agree with the plain-Python reference on random positions."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from kb42_positions import position

from adjudicator.games.kb42.queries.retreat import retreat
from adjudicator.games.kb42.reference.retreat import allowed

HEXES = [f"KB{r}{c}" for r in (35, 36, 37) for c in range(15, 19)]


@st.composite
def cases(draw):
    hexes = {h: draw(st.sampled_from(["clear"] * 6 + ["prohibited"])) for h in HEXES}
    start = draw(st.sampled_from(HEXES))
    hexes[start] = "clear"
    sc0 = position([], hexes=hexes)
    sides = {}
    for a, b in sc0.grid.edges():
        kind = draw(st.sampled_from(["", "", "", "", "imp", "dnepr", "dnepr-b", "major"]))
        if kind == "imp":
            sides[f"{a}-{b}"] = {"impassable": True}
        elif kind:
            river, _, b_ = kind.partition("-")
            sides[f"{a}-{b}"] = {"river": river, **({"bridge": "pontoon"} if b_ else {})}
    units = [{"id": "r", "side": "axis", "hex": start, "type": "infantry", "max_steps": 3}]
    side_of = {start: "axis"}
    for i in range(draw(st.integers(0, 4))):
        h = draw(st.sampled_from(HEXES))
        s = side_of.setdefault(h, draw(st.sampled_from(["axis", "soviet"])))
        units.append({"id": f"u{i}", "side": s, "hex": h,
                      "type": draw(st.sampled_from(["infantry", "hq"]))})
    srcs = [{"side": "axis", "hex": draw(st.sampled_from(HEXES))}
            for _ in range(draw(st.integers(1, 2)))]
    sc = position(units, hexes=hexes, hexsides=sides, sources=srcs)
    attackers = sorted({u.hex for u in sc.units if u.side == "soviet"})
    marked = [h for h in attackers if draw(st.booleans())]
    return (sc, start, draw(st.integers(0, 3)), attackers, draw(st.booleans()),
            draw(st.booleans()), marked)


@settings(max_examples=40, deadline=None)
@given(cases())
def test_retreats_match_the_reference(case):
    sc, start, length, attackers, pay, total, marked = case
    readings = {"12.73": "pay-at-will" if pay else "free-first",
                "12.72#farthest": "total-distance" if total else "nearest-attacker"}
    ans = retreat(sc, start, length, attackers, readings=readings, marked=marked)
    got = {(r.chosen, tuple(r.path)) for r in ans.retreats if r.allowed}
    assert got == allowed(sc, start, length, attackers, pay_at_will=pay, total=total,
                          marked=marked)
