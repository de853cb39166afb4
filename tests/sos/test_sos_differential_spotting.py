"""The ASP answers for Streets of Stalingrad's spotting (with its lines of sight) agree with
the plain-Python reference (adjudicator/games/sos/reference/spotting.py) on random
positions: which enemy units each unit of a side spots (9.31-9.37, 11.5, 14.02,
14.21-14.26, 14.94, 14.96)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sos_positions import position, unit

from adjudicator.games import get_game
from adjudicator.games.sos.commands.los import spotting
from adjudicator.games.sos.reference.spotting import spotted

HEXES = [f"{c:02d}{r:02d}" for c in range(1, 8) for r in range(1, 8)]
FEATURES = [[], [], [], [], ["suburb"], ["village"], ["city"], ["forest"], ["hill-top"],
            ["slope"], ["slope", "suburb"], ["slope-top"], ["volga"], ["cliff"]]
CLASSES = ["infantry", "infantry", "op", "op", "leader", "bridge", "armor"]
_GRID = position([], cols=7, rows=7).grid


@st.composite
def positions(draw):
    hexes = {}
    for h in HEXES:
        feats = draw(st.sampled_from(FEATURES))
        spec = {"features": feats}
        if "volga" in feats:
            spec["terrain"] = "volga"
        if draw(st.integers(0, 14)) == 0:
            spec["blocks_los"] = draw(st.booleans())
        if draw(st.integers(0, 9)) == 0:
            spec["markers"] = ["attack"]
        if draw(st.integers(0, 9)) == 0:
            through = draw(st.lists(st.sampled_from(_GRID.neighbours(h)), min_size=2,
                                    max_size=3, unique=True))
            spec["crossings"] = [{"feature": draw(st.sampled_from(["cliff", "tartar-wall",
                                                                   "balka"])),
                                  "through": through}]
        hexes[h] = spec
    sides = {}
    for _ in range(draw(st.integers(0, 4))):
        a = draw(st.sampled_from(HEXES))
        b = draw(st.sampled_from(_GRID.neighbours(a)))
        x, y = sorted((a, b))
        sides[f"{x}-{y}"] = ({"features": [draw(st.sampled_from(["cliff", "tartar-wall",
                                                                 "balka"]))]}
                             if draw(st.booleans()) else {"blocks_los": draw(st.booleans())})
    phase = draw(st.sampled_from([1, 2, 4, 5, 5, 6, 8, 12]))
    units = []
    for i in range(draw(st.integers(1, 5))):
        cls = draw(st.sampled_from(CLASSES))
        kw = {}
        if draw(st.integers(0, 3)) == 0:
            kw["pinned"] = True
            if draw(st.booleans()):
                kw["pinned_phase"] = draw(st.sampled_from([phase, 2]))
        if draw(st.integers(0, 3)) == 0:
            kw["moved_phase"] = draw(st.sampled_from([phase - 1 or 15, phase, 3]))
        if draw(st.integers(0, 2)) == 0:
            kw["spotting"] = {"phase": draw(st.sampled_from([phase, 2])),
                              "hexes": draw(st.lists(st.sampled_from(HEXES), max_size=2)),
                              "if_units": draw(st.integers(0, 2)),
                              "af": draw(st.sampled_from([0, 50, 60, 90]))}
        if draw(st.booleans()):
            kw["oob"] = {"division": "94", "regiment": "267",
                         "battalion": draw(st.sampled_from(["I", "II"]))}
        units.append(unit(f"g{i}", "german", draw(st.sampled_from(HEXES)), cls, **kw))
    for i in range(draw(st.integers(1, 4))):
        units.append(unit(f"s{i}", "soviet", draw(st.sampled_from(HEXES))))
    los = []
    if draw(st.integers(0, 3)) == 0:
        a, b = draw(st.sampled_from(HEXES)), draw(st.sampled_from(HEXES))
        if a != b:
            los.append({"between": [a, b], "clear": draw(st.booleans())})
    readings = {"14.26": draw(st.sampled_from(["slope-hex-only", "below-the-height"])),
                "14.24#formation": draw(st.sampled_from(["battalion", "regiment"])),
                "14.23#attackers": draw(st.sampled_from(["adjacent", "any"]))}
    return position(units, hexes=hexes, hexsides=sides, volga=False, cols=7, rows=7,
                    readings=readings, los=los, phase=phase)


@pytest.mark.rules("14.2", "9.33", "14.22", "14.24", "14.25", "14.26", "14.94", "14.96")
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_spotting_agrees_with_the_reference(sc):
    data = spotting(sc, "german")
    got = {(r["spotter"], t["unit"]) for t in data["targets"] for r in t["by"] if r["spots"]}
    chosen = {**get_game("sos").default_readings(), **sc.readings}
    assert got == spotted(sc, "german", chosen)
