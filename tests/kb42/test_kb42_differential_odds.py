"""The ASP odds rules agree with the plain-Python reference on random positions: the
strengths, the ratio rounded in the defender's favour and every column shift."""

from __future__ import annotations

from collections import defaultdict

from hypothesis import given, settings
from hypothesis import strategies as st
from kb42_positions import position

from adjudicator.games.kb42 import charts as C
from adjudicator.games.kb42.queries.odds import Plan, odds
from adjudicator.games.kb42.reference.odds import odds as ref_odds

HEXES = [f"KB{r}{c}" for r in (35, 36, 37) for c in range(15, 19)]
CRT, TEC = C.chart("crt"), C.chart("tec")


@st.composite
def cases(draw):
    hexes = {h: {"terrain": draw(st.sampled_from(["clear"] * 4 + ["marsh", "woods"])),
                 "town": draw(st.booleans()) and draw(st.booleans()),
                 "rubble": draw(st.booleans()) and draw(st.booleans()),
                 **({"city": "minor"} if draw(st.integers(0, 7)) == 0 else {}),
                 **({"fz": draw(st.sampled_from(["axis", "soviet"]))}
                    if draw(st.integers(0, 5)) == 0 else {})}
             for h in HEXES}
    sc0 = position([], hexes=hexes)
    sides = {}
    for a, b in sc0.grid.edges():
        kind = draw(st.sampled_from(["", "", "", "minor", "major", "major-b"]))
        if kind:
            river, _, br = kind.partition("-")
            sides[f"{a}-{b}"] = {"river": river, **({"bridge": "road"} if br else {})}
    target = draw(st.sampled_from(HEXES))
    around = sorted(sc0.grid.neighbours(target))
    units = []
    for i in range(draw(st.integers(1, 3))):
        units.append({"id": f"d{i}", "side": "soviet", "hex": target,
                      "type": draw(st.sampled_from(["infantry", "tank", "nkvd", "hq"])),
                      "strength": draw(st.integers(0, 12)),
                      "supply": draw(st.sampled_from(["operational", "isolated"])),
                      "armor_band": draw(st.sampled_from([None, None, "blue", "yellow"])),
                      "cadre": draw(st.booleans()) and draw(st.booleans())})
    attackers = []
    for i, h in enumerate(draw(st.lists(st.sampled_from(around), min_size=1, max_size=3,
                                        unique=True))):
        for j in range(draw(st.integers(1, 2))):
            uid = f"a{i}{j}"
            units.append({"id": uid, "side": "axis", "hex": h,
                          "type": draw(st.sampled_from(["infantry", "motorized", "tank"])),
                          "strength": draw(st.integers(0, 15)),
                          "supply": draw(st.sampled_from(["operational", "oos", "isolated"])),
                          "disorganized": draw(st.booleans()) and draw(st.booleans()),
                          "armor_band": draw(st.sampled_from([None, None, "blue", "yellow"])),
                          "division": "60mot", "attached_armor": draw(st.booleans())})
            if draw(st.booleans()) or not attackers:
                attackers.append(uid)
    for i in range(draw(st.integers(0, 2))):
        h = draw(st.sampled_from(HEXES))
        if h != target and not any(u["hex"] == h for u in units):
            units.append({"id": f"o{i}", "side": draw(st.sampled_from(["axis", "soviet"])),
                          "hex": h, "type": "infantry", "strength": 2})
    sc = position(units, hexes=hexes, hexsides=sides,
                  weather=draw(st.sampled_from(["clear", "clear", "freeze"])))
    plan = (attackers, [target], draw(st.integers(0, 2)), draw(st.integers(0, 1)))
    return sc, plan


@settings(max_examples=40, deadline=None)
@given(cases())
def test_odds_match_the_reference(case):
    sc, (att, hexes, air, dair) = case
    got = odds(sc, [Plan(att, hexes, air, dair)], CRT, TEC).attacks[0]
    shifts: dict[str, int] = defaultdict(int)
    for _, v, r in got.shifts:
        shifts[r] += v
    a, d, level, ref_shifts = ref_odds(sc, [(att, hexes, air, dair)])[0]
    assert (got.attacker_total, got.defender_total, got.level) == (a, d, level)
    # Air Points of both sides may cancel out: compare the shifts that move the column
    assert {k: v for k, v in shifts.items() if v} == {k: v for k, v in ref_shifts.items() if v}
