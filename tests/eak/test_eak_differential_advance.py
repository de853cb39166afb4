"""The ASP advance after combat agrees with the plain-Python reference
(adjudicator/games/eak/reference/advance.py) on random positions: where each unit may end."""

from __future__ import annotations

from eak_positions import position
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.eak.queries.advance import advance_answer
from adjudicator.games.eak.reference import advance as ref

HEXES = [f"{r:02d}{c:02d}" for r in range(10, 15) for c in range(1, 6)]
INTO = "1203"


@st.composite
def cases(draw):
    sc0 = position([], hexes={h: "clear" for h in HEXES})
    hexes: dict[str, dict] = {}
    for h in HEXES:
        spec: dict = {"terrain": draw(st.sampled_from(["clear"] * 4 + ["town"]))}
        if spec["terrain"] == "town":
            spec["owner"] = draw(st.sampled_from(["german", "soviet"]))
        elif draw(st.integers(0, 9)) == 0:
            spec["garrison"] = True
        if h.endswith("05") and draw(st.booleans()):
            spec["edge"] = "german"
        hexes[h] = spec
    sides = {}
    for a, b in sc0.grid.edges():
        kind = draw(st.sampled_from(["", "", "", "", "donets", "dniepr", "blocked-dniepr",
                                     "donets-road"]))
        if kind == "donets-road":
            sides[f"{a}-{b}"] = {"river": "donets", "road": True}
        elif kind:
            sides[f"{a}-{b}"] = {"river": kind}
    units = []
    nbrs = sc0.grid.neighbours(INTO)
    for i in range(draw(st.integers(1, 3))):
        units.append({"id": f"a{i}", "side": "german", "hex": draw(st.sampled_from(nbrs)),
                      "type": draw(st.sampled_from(["infantry", "armor"])), "strength": 3,
                      "ma": 4, "max_steps": draw(st.integers(1, 3)),
                      "dispersed": draw(st.integers(0, 5)) == 0})
    for i in range(draw(st.integers(0, 5))):
        h = draw(st.sampled_from(HEXES))
        if h == INTO or any(u["hex"] == h for u in units) or hexes[h].get("garrison"):
            continue
        s = draw(st.sampled_from(["soviet", "soviet", "german"]))
        units.append({"id": f"o{i}", "side": s, "hex": h, "type": "infantry", "strength": 3,
                      "ma": 4, "selector": "07", "max_steps": draw(st.integers(1, 3)),
                      "supply": draw(st.sampled_from(["in-supply", "isolated"]))})
    for u in units:
        if u["side"] == "german":
            hexes[u["hex"]].pop("garrison", None)
    sc = position(units, hexes=hexes, hexsides=sides)
    movers = [u["id"] for u in units if u["id"].startswith("a")]
    mode = draw(st.sampled_from(["one", "two", "eliminated"]))
    path = draw(st.sampled_from(nbrs))
    return sc, movers, mode, path


@settings(max_examples=40, deadline=None)
@given(cases())
def test_advances_match_the_reference(case):
    sc, movers, mode, path = case
    a = advance_answer(sc, movers, INTO, mode, path)
    for u in a["units"]:
        want = ref.ends(sc, u["unit"], INTO, mode, path)
        if want is None:
            assert not u["advances"], u
            continue
        assert u["advances"], u
        got = {u["first"], *u["second"]}
        if sc.units_by_id[u["unit"]].side == "german" and INTO in u["no_supply"]:
            got.discard(INTO)
        assert got == want, u
