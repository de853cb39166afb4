"""Rulings on Kharkov Battles supply: each rule allowed and forbidden."""

from __future__ import annotations

import pytest
from kb42_positions import position, unit

from adjudicator.games.kb42.queries.supply import supply

SRC = [{"side": "axis", "hex": "KB3619"}]


def state(sc, uid="a"):
    return next(u for u in supply(sc).units if u.unit == uid)


@pytest.mark.rules("8.31")
def test_8_31_a_line_of_any_length_makes_a_unit_operational():
    u = state(position([unit("a", "axis", "KB3615")], sources=SRC))
    assert u.state == "operational" and u.rules == ["8.31"]
    assert u.line[0] == "KB3615" and u.line[-1] == "KB3619" and len(u.line) == 5


@pytest.mark.rules("8.32")
def test_8_32_no_line_makes_an_operational_unit_out_of_supply():
    u = state(position([unit("a", "axis", "KB3615")]))
    assert u.state == "oos" and u.rules == ["8.32"] and u.line == []
    assert supply(position([unit("a", "axis", "KB3615")])).no_source == ["axis"]


@pytest.mark.rules("8.33")
def test_8_33_an_oos_unit_still_without_a_line_is_isolated_but_regains_with_a_line():
    u = state(position([unit("a", "axis", "KB3615", supply="oos")]))
    assert u.state == "isolated" and u.rules == ["8.33"]
    u = state(position([unit("a", "axis", "KB3615", supply="isolated")], sources=SRC))
    assert u.state == "operational"


def _strip():
    """Row 36 (columns 15-19) and one hex of row 35 north of it."""
    return {**{f"KB36{c}": "clear" for c in range(15, 20)}, "KB3517": "clear"}


def _controlled(sc):
    return [h for h in sc.grid.neighbours("KB3517") if h.startswith("KB36")]


@pytest.mark.rules("7.41")
def test_7_41_enemy_controlled_hexes_block_the_line():
    sc = position([unit("a", "axis", "KB3615"), unit("s", "soviet", "KB3517")],
                  hexes=_strip(), sources=SRC)
    u = state(sc)
    assert u.state == "oos"
    assert {s.rules[0] for s in u.stops} == {"7.41"}
    assert {s.why for s in u.stops} == {"enemy-controlled hex, no friendly unit there"}


@pytest.mark.rules("7.42")
def test_7_42_a_friendly_unit_negates_the_ezoc_for_the_line():
    sc0 = position([], hexes=_strip())
    friends = [unit(f"f{i}", "axis", h) for i, h in enumerate(_controlled(sc0))]
    sc = position([unit("a", "axis", "KB3615"), unit("s", "soviet", "KB3517"), *friends],
                  hexes=_strip(), sources=SRC)
    u = state(sc)
    assert u.state == "operational" and set(_controlled(sc0)) <= set(u.line)


@pytest.mark.rules("8.11")
def test_8_11_an_unbridged_major_river_only_as_the_first_hexside():
    rivers = _whole_column({"river": "major"})
    # adjacent to the river: the first hexside crossed may be the river
    assert state(position([unit("a", "axis", "KB3616")], hexsides=rivers,
                          sources=SRC)).state == "operational"
    # one hex back: the river would be the second hexside crossed
    u = state(position([unit("a", "axis", "KB3615")], hexsides=rivers, sources=SRC))
    assert u.state == "oos"
    assert {s.why for s in u.stops} == {
        "a major river without a bridge, not the first hexside crossed"}


def _whole_column(kind: dict) -> dict:
    sc = position([])
    return {f"{a}-{b}": kind for a, b in sc.grid.edges()
            if {a[-2:], b[-2:]} == {"16", "17"}}


@pytest.mark.rules("8.11")
def test_8_11_the_dnepr_only_at_a_bridge():
    dnepr = _whole_column({"river": "dnepr"})
    assert state(position([unit("a", "axis", "KB3616")], hexsides=dnepr,
                          sources=SRC)).state == "oos"
    key = next(iter(dnepr))
    dnepr[key] = {"river": "dnepr", "bridge": "pontoon"}
    assert state(position([unit("a", "axis", "KB3616")], hexsides=dnepr,
                          sources=SRC)).state == "operational"


@pytest.mark.rules("8.11")
def test_8_11_impassable_hexsides_and_prohibited_hexes_block():
    imp = _whole_column({"impassable": True})
    assert state(position([unit("a", "axis", "KB3616")], hexsides=imp,
                          sources=SRC)).state == "oos"
    hexes = {f"KB{r}{c}": "clear" for r in (35, 36, 37) for c in range(15, 20)}
    for r in (35, 36, 37):
        hexes[f"KB{r}17"] = "prohibited"
    assert state(position([unit("a", "axis", "KB3616")], hexes=hexes,
                          sources=SRC)).state == "oos"
    hexes["KB3617"] = "clear"
    assert state(position([unit("a", "axis", "KB3616")], hexes=hexes,
                          sources=SRC)).state == "operational"


@pytest.mark.rules("8.2")
def test_8_2_map_marked_and_scenario_sources_both_count():
    hexes = {f"KB{r}{c}": "clear" for r in (35, 36, 37) for c in range(15, 20)}
    hexes["KB3519"] = {"terrain": "clear", "supply_source": "axis"}
    sc = position([unit("a", "axis", "KB3615")], hexes=hexes, sources=SRC)
    assert supply(sc).sources == {"axis": ["KB3519", "KB3619"]}
    # a source of the other side supplies no one
    soviet = [{"side": "soviet", "hex": "KB3619"}]
    assert state(position([unit("a", "axis", "KB3615")], sources=soviet)).state == "oos"


@pytest.mark.rules("8.34")
def test_8_34_same_division_mechanized_units_share_the_best_state():
    mates = [unit("a", "axis", "KB3615", "panzergrenadier", division="6pz", supply="oos"),
             unit("b", "axis", "KB3615", "panzergrenadier", division="6pz")]
    sc = position(mates)
    a, b = state(sc, "a"), state(sc, "b")
    assert (a.state, b.state) == ("isolated", "oos")
    assert a.division_state == "oos" and "8.34" in a.rules and b.division_state is None
    # not for another division, nor for non-mechanized units
    other = [mates[0], {**mates[1], "division": "7pz"}]
    assert state(position(other), "a").division_state is None
    foot = [{**m, "type": "infantry"} for m in mates]
    assert state(position(foot), "a").division_state is None
