"""Rulings on Volga cliffs drawn through a hex (the hex's ``crossings`` with feature
``cliff``): line of sight across them (9.33), vehicles crossing them in retreats and
advances (8.12, 8.67, reading 8.12#cliff), each allowed and forbidden, and the reference
agreeing on retreats."""

from __future__ import annotations

import pytest
from sos_positions import position, unit

from adjudicator.games.sos.los import lines_of_sight
from adjudicator.games.sos.queries.advances import advances
from adjudicator.games.sos.queries.retreats import after_p, before_combat
from adjudicator.games.sos.reference import advances as ref_adv
from adjudicator.games.sos.reference import retreats as ref_ret
from adjudicator.games.sos.tec import tec_chart

#: a cliff drawn through 0405 from its side towards 0306 to its side towards 0505: 0404
#: (and 0304) on one bank, 0406 (and 0506) on the other
CLIFF_0405 = {"0405": {"features": ["cliff"], "crossings": [
    {"feature": "cliff", "through": ["0306", "0505"]}]}}


def los(hexes, a, b):
    sc = position([], hexes=hexes, rows=8)
    return lines_of_sight(sc, [(a, b)])[0][0]


# -- 9.33: a line across a cliff drawn through an intervening hex ---------------------------

@pytest.mark.rules("9.33")
def test_9_33_a_line_across_a_cliff_drawn_through_a_hex_is_blocked():
    ans = los(CLIFF_0405, "0404", "0406")  # 0405 between: from one bank to the other
    assert not ans.clear and ans.rules == ["9.33"]
    assert ans.blockers == [{"kind": "hex", "where": "0405", "what": "cliff",
                             "rule": "9.33"}]
    assert "blocking hexes: their features" in ans.used


@pytest.mark.rules("9.33")
def test_9_33_a_line_along_one_bank_of_the_cliff_is_clear():
    # the cliff hex's terrain does not block: only the drawn cliff does (9.33; the
    # rulebook's summary of changes: the colour of a hex does not block)
    assert not los(CLIFF_0405, "0404", "0407").clear  # across it: 0405 then 0406
    ans = los({"0405": {"features": ["cliff"]}}, "0404", "0406")
    assert ans.clear  # a cliff hex with no cliff drawn across the line's way
    ans = los({"0405": {"features": ["cliff"], "crossings": [
        {"feature": "cliff", "through": ["0404", "0406"]}]}}, "0404", "0406")
    assert ans.clear  # the line runs along the cliff, from one end to the other


@pytest.mark.rules("9.33", "9.34")
def test_9_34_the_printed_map_clears_the_cliff_hex():
    hexes = {"0405": {**CLIFF_0405["0405"], "blocks_los": False}}
    assert los(hexes, "0404", "0406").clear


@pytest.mark.rules("9.33")
def test_9_33_the_tartar_wall_drawn_through_a_hex_blocks_too():
    hexes = {"0405": {"features": ["tartar-wall"], "crossings": [
        {"feature": "tartar-wall", "through": ["0306", "0505"]}]}}
    ans = los(hexes, "0404", "0406")
    assert not ans.clear and ans.blockers[0]["what"] == "tartar-wall"


# -- 8.12, 8.67: vehicles and the cliff ---------------------------------------------------

def tank_retreat(hexes, side="german", readings=None):
    """A tank (18 MP: 5 to retreat, 9.48) and infantry in 0404, attacked from 0402."""
    enemy = "soviet" if side == "german" else "german"
    hx = {"0404": {"markers": ["attack"]}, **hexes}
    phase, phasing = (12, "soviet") if side == "german" else (5, "german")
    kw = {"troops": "guards"} if side == "soviet" else {}  # 9.44: Soviet retreats
    sc = position([unit("s", enemy, "0402"),
                   unit("t", side, "0404", "armor", movement=18, **kw),
                   unit("i", side, "0404", **kw)], hexes=hx, phase=phase, phasing=phasing,
                  readings=readings)
    ans = before_combat(sc, "0404", ["s"])
    return {u.unit: u for u in ans.units}, ans, sc


@pytest.mark.rules("8.67", "8.12")
def test_8_67_a_retreating_vehicle_does_not_cross_a_cliff_drawn_through_a_hex():
    got, ans, sc = tank_retreat({"0405": {"features": ["cliff"]}})
    plain = set(got["t"].hexes)
    got, ans, sc = tank_retreat(CLIFF_0405)
    t = got["t"]
    assert "0405" in t.hexes and "0406" not in t.hexes and "0406" in plain
    assert t.no_crossing == [("0405", "cliff", "8.67")] and "8.67" in ans.rules
    assert got["i"].no_crossing == []  # foot units cross it
    chart = tec_chart()
    assert set(t.hexes) == ref_ret.before_combat(sc, "0404", ["s"], chart)["t"]


@pytest.mark.rules("8.67")
def test_8_67_a_bridge_or_a_river_landing_opens_the_cliff():
    # 8.67: Soviet vehicles cross a balka/cliff hex a river-landing arrow points to
    hexes = {"0405": {**CLIFF_0405["0405"], "river_landing": True}}
    got, ans, sc = tank_retreat(hexes, side="soviet")
    assert "0406" in got["t"].hexes and got["t"].landings == ["0405"]
    got, _, _ = tank_retreat(CLIFF_0405, side="soviet")
    assert "0406" not in got["t"].hexes
    # a bridge unit in the hex (8.67: without a road or bridge)
    sc = position([unit("s", "soviet", "0402"), unit("t", "german", "0404", "armor",
                                                      movement=18),
                   unit("b", "german", "0405", "bridge")],
                  hexes={"0404": {"markers": ["attack"]}, **CLIFF_0405}, phase=12,
                  phasing="soviet")
    ans = before_combat(sc, "0404", ["s"])
    assert "0406" in {u.unit: u for u in ans.units}["t"].hexes


@pytest.mark.rules("8.12")
def test_8_12_cliff_reading_not_a_barrier_lets_vehicles_cross():
    got, ans, sc = tank_retreat(CLIFF_0405, readings={"8.12#cliff": "not-a-barrier"})
    assert "0406" in got["t"].hexes and got["t"].no_crossing == []
    assert set(got["t"].hexes) == ref_ret.before_combat(sc, "0404", ["s"], tec_chart())["t"]


@pytest.mark.rules("8.67", "9.87")
def test_8_67_a_p_result_retreat_out_of_a_cliff_hex_by_reading():
    hexes = {"0404": {"features": ["cliff"], "crossings": [
        {"feature": "cliff", "through": ["0403", "0405"]}]}}
    tank = unit("t", "soviet", "0404", "armor", movement=18)
    sc = position([unit("g", "german", "0405"), tank], hexes=hexes,
                  readings={"8.12#start": "along-only"})
    got = {u.unit: u for u in after_p(sc, "0404", ["g"]).units}
    assert got["t"].refused["0304"] == [("across-blocking-terrain", "8.67")]
    assert set(got["t"].hexes) == ref_ret.p_destinations(sc, "0404", "t", tec_chart())
    sc = position([unit("g", "german", "0405"), tank], hexes=hexes)
    got = {u.unit: u for u in after_p(sc, "0404", ["g"]).units}
    assert "0304" in got["t"].hexes


@pytest.mark.rules("8.67", "9.86")
def test_8_67_an_advance_out_of_a_cliff_hex_by_reading():
    hexes = {"0405": {"features": ["cliff"], "crossings": [
        {"feature": "cliff", "through": ["0306", "0505"]}]}}
    tank = unit("t", "german", "0405", "armor", movement=18)
    along = {"8.12#start": "along-only"}
    sc = position([tank], hexes=hexes, readings=along)
    ans = advances(sc, "0404", ["t"], "eliminated")
    assert ans.refused == {"t": [("vehicle-across-blocking-terrain", "8.67")]}
    assert ref_adv.advancers(sc, "0404", ["t"], "eliminated", tec_chart()) == set()
    sc = position([tank], hexes=hexes, readings={**along, "8.12#cliff": "not-a-barrier"})
    assert "t" in advances(sc, "0404", ["t"], "eliminated").may
    assert ref_adv.advancers(sc, "0404", ["t"], "eliminated", tec_chart()) == {"t"}
