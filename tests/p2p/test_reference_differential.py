"""The encodings against the plain-Python reference on random graphs (hypothesis)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.p2p import reference
from adjudicator.games.p2p.position import Move
from adjudicator.games.p2p.queries import capacity, check_moves, unit_moves
from adjudicator.scenario import parse_scenario

SIDES = ["axis", "soviet"]


@st.composite
def positions(draw, phases=("operational", "strategic", "breakthrough", "combat")):
    n = draw(st.integers(3, 7))
    names = [f"P{i}" for i in range(n)]
    points = {}
    for p in names:
        points[p] = {
            "control": draw(st.sampled_from(["axis", "soviet", None])),
            "vp": draw(st.integers(0, 2)),
            "border_side": draw(st.sampled_from(SIDES)),
            "supplied": draw(st.booleans()),
            "tags": ["elista"] if draw(st.integers(0, 9)) == 0 else [],
        }
    pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1:]]
    chosen = draw(st.lists(st.sampled_from(pairs), min_size=n - 1, max_size=len(pairs),
                           unique=True))
    lines = [{"ends": list(e), "class": draw(st.sampled_from(["major", "minor", "inferior"])),
              "highway": draw(st.booleans()),
              "special": draw(st.sampled_from([None] * 6 + ["kerch", "pinsk-rovno"]))}
             for e in chosen]
    transit = {}
    if draw(st.booleans()):
        transit["T"] = {"sides": [draw(st.sampled_from(SIDES))]}
        for p in draw(st.lists(st.sampled_from(names), min_size=1, max_size=2, unique=True)):
            lines.append({"ends": ["T", p], "class": "major"})
    places = names + list(transit)
    units = []
    phasing = draw(st.sampled_from(SIDES))
    for k in range(draw(st.integers(1, 9))):
        side = phasing if draw(st.integers(0, 4)) else draw(st.sampled_from(SIDES))
        u = {"id": f"u{k}", "side": side, "at": draw(st.sampled_from(places)),
             "type": draw(st.sampled_from(["infantry", "armor", "hq", "rocket", "partisan"])),
             "dispersed": draw(st.integers(0, 9)) == 0,
             "breakthrough": draw(st.booleans())}
        if side == "axis":
            u["nationality"] = draw(st.sampled_from(["german", "rumanian", "italian"]))
            u["ss"] = draw(st.booleans())
            u["two"] = u["nationality"] == "rumanian" and draw(st.booleans())
        else:
            u["stavka"] = draw(st.booleans())
            u["moscow_motorized"] = draw(st.integers(0, 3)) == 0
        units.append(u)
    phase = draw(st.sampled_from([p for p in phases if p != "combat"] * 4
                                 + [p for p in phases if p == "combat"] * 3))
    data = {"game": "p2p", "phase": phase, "phasing": phasing,
            "weather": draw(st.sampled_from(["good", "mud", "snow"])),
            "map": {"points": points, "lines": lines, "transit": transit}, "units": units}
    adjacency: dict[str, list[str]] = {p: [] for p in places}
    for line in lines:
        a, b = line["ends"]
        adjacency[a].append(b)
        adjacency[b].append(a)
    moves = []
    for _ in range(draw(st.integers(0, 9))):
        u = draw(st.sampled_from(units))
        at, path = u["at"], []
        for _ in range(draw(st.sampled_from([1, 1, 1, 2, 2, 3]))):
            near = adjacency[at]
            at = draw(st.sampled_from(near)) if near and draw(st.integers(0, 7)) else draw(
                st.sampled_from(places))
            path.append(at)
        by = "retreat" if draw(st.integers(0, 3)) == 0 else "land"
        moves.append(Move(unit=u["id"], path=path, by=by))
    readings = {}
    if draw(st.booleans()):
        readings["12.A#counted"] = "per-direction"
    if draw(st.booleans()):
        readings["12.B#armor"] = "whole-units"
    if draw(st.booleans()):
        readings["12.C#retreat-halves"] = "as-movement"
    pos = parse_scenario(json.dumps(data), "random.json", ".json")
    return pos, moves, readings


@pytest.mark.rules("12.A", "12.B", "12.C", "12.D", "9.A", "9.A.1", "9.A.3", "10.D", "11.0",
                   "13.0")
@given(positions())
def test_every_finding_matches_the_reference(case):
    pos, moves, readings = case
    asp = {(f.move, f.code) for f in check_moves(pos, moves, readings).findings}
    assert asp == reference.findings(pos, moves, readings)


@pytest.mark.parametrize("side", [None, "axis", "soviet"], ids=["phasing", "axis", "soviet"])
@given(case=positions(phases=("operational", "breakthrough", "combat", "combat")))
def test_line_loads_match_the_reference(side, case):
    pos, moves, readings = case
    used: dict[int, int] = {}
    for x in capacity(pos, moves, readings, side).lines:  # per direction: add both ways
        used[x.index] = used.get(x.index, 0) + x.used_halves
    expected = reference.used_halves(pos, moves, side, readings)
    assert {k: v for k, v in used.items() if v} == {k: v for k, v in expected.items() if v}


@settings(max_examples=25)
@given(positions(phases=("strategic",)))
def test_strategic_destinations_match_the_reference(case):
    pos, _, _ = case
    uid = pos.units[0].id
    land = {o.path[-1] for o in unit_moves(pos, uid).options if o.by == "land"}
    assert land == reference.strategic_reach(pos, uid)
