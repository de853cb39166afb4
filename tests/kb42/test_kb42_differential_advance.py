"""The ASP advance after combat agrees with the plain-Python reference on random positions."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from kb42_positions import position

from adjudicator.games.kb42.queries.advance import advance
from adjudicator.games.kb42.reference.advance import ends

HEXES = [f"KB{r}{c}" for r in (35, 36, 37) for c in range(15, 19)]


@st.composite
def cases(draw):
    hexes = {h: {"terrain": draw(st.sampled_from(["clear"] * 6 + ["prohibited"])),
                 **({"city": "minor"} if draw(st.integers(0, 6)) == 0 else {})}
             for h in HEXES}
    sc0 = position([], hexes=hexes)
    first = draw(st.sampled_from(HEXES))
    path = [first]
    for _ in range(draw(st.integers(0, 3))):
        options = [n for n in sc0.grid.neighbours(path[-1]) if n not in path]
        if not options:
            break
        path.append(draw(st.sampled_from(sorted(options))))
    start = draw(st.sampled_from(sorted(sc0.grid.neighbours(first))))
    sides = {}
    for a, b in sc0.grid.edges():
        kind = draw(st.sampled_from(["", "", "", "", "imp", "dnepr", "major", "major-b"]))
        if kind == "imp":
            sides[f"{a}-{b}"] = {"impassable": True}
        elif kind:
            river, _, b_ = kind.partition("-")
            sides[f"{a}-{b}"] = {"river": river, **({"bridge": "road"} if b_ else {})}
    units = [{"id": "v", "side": "axis", "hex": start,
              "type": draw(st.sampled_from(["infantry", "tank"]))}]
    taken = {start, *path}
    for i in range(draw(st.integers(0, 3))):
        h = draw(st.sampled_from(HEXES))
        if h in taken:
            continue
        taken.add(h)
        units.append({"id": f"s{i}", "side": draw(st.sampled_from(["soviet", "soviet", "axis"])),
                      "hex": h, "type": "infantry"})
    sc = position(units, hexes=hexes, hexsides=sides)
    return sc, path, draw(st.integers(0, 4)), draw(st.booleans())


@settings(max_examples=40, deadline=None)
@given(cases())
def test_advances_match_the_reference(case):
    sc, path, length, encircled = case
    got = set(advance(sc, path, ["v"], length, encircled).units[0].ends)
    assert got == ends(sc, path, "v", length, encircled)
