"""Rulings on the Soviet advance after combat (12.8, 12.83): the route of the advance, the
units already in the hex, the roll, and the restrictions."""

from __future__ import annotations

import pytest
from bot_helpers import ger, make_bot, position, sov

from adjudicator.games.eak.bot import advance_step


def vacated(units, rolls, hexes=None, extra=""):
    # the German defenders of 0909 are gone; the attackers stand around it.
    return make_bot(position([*units, ger("far", "0505")], extra, hexes=hexes), rolls=rolls)


@pytest.mark.rules("12.83")
def test_12_83_into_a_vp_hex_the_first_unit_advances_the_second_rolls():
    vp = {"0909": "{terrain: town, vp: 1, owner: soviet}"}
    bot = vacated([sov("a", "0808", "02"), sov("b", "1009", "05")], [6], vp)
    r = advance_step(bot, "0909", ["b", "a"])
    assert [x["unit"] for x in r] == ["a", "b"]  # ascending selectors
    assert r[0]["chance"] == 10 and r[0]["advances"] and "roll" not in r[0]
    assert r[1]["chance"] == 6 and r[1]["roll"] == 6 and r[1]["advances"]


@pytest.mark.rules("12.83")
def test_12_83_the_attacked_hex_alone_is_the_second_row():
    bot = vacated([sov("a", "1009", "02")], [8])
    r = advance_step(bot, "0909", ["a"])[0]
    assert min(x["row"] for x in r["routes"]) == 2 and r["chance"] == 7
    assert r["roll"] == 8 and not r["advances"]


@pytest.mark.rules("12.83")
def test_12_83_the_primary_forward_direction_is_the_first_row():
    # the printed arrow in 0908 points west: to 0909 (the second pair grows westward)
    bot = vacated([sov("a", "0908", "02")], [],
                  hexes={"0908": "{terrain: clear, arrows: [{to: west}]}"})
    r = advance_step(bot, "0909", ["a"])[0]
    assert {"row": 1, "why": "the primary forward direction"} in r["routes"]
    assert r["chance"] == 10 and r["advances"]


@pytest.mark.rules("12.83")
def test_12_83_no_advance_into_a_hex_with_two_soviet_units():
    vp = {"0909": "{terrain: town, vp: 1, owner: soviet}"}
    bot = vacated([sov("a", "0808", "02"), sov("b", "1009", "05"), sov("c", "0908", "07")],
                  [1], vp)
    r = advance_step(bot, "0909", ["a", "b", "c"])
    assert [x["advances"] for x in r] == [True, True, False] and r[2]["chance"] == 0


@pytest.mark.rules("12.83")
def test_12_83_no_mechanized_advance_into_a_marsh():
    bot = vacated([sov("t", "1009", "02", kind="tank")], [], {"0909": "marsh"})
    r = advance_step(bot, "0909", ["t"])[0]
    assert not r["advances"] and r["refused"]


@pytest.mark.rules("12.8")
def test_12_8_dispersed_attackers_do_not_advance():
    bot = vacated([sov("a", "1009", "02", more=", dispersed: true")], [])
    assert advance_step(bot, "0909", ["a"]) == []


# --- 12.83: the routes and restrictions that read supply with the advancer in the hex ------
# The corridor of test_bot_supply_line: the Soviet supply head 0904, then 0905, 0906, 0907
# (in the ZOC of the German unit in 0807) and 1007-1009.
def corridor(units, rolls, turn=3):
    from test_bot_supply_line import position as corridor_position
    return make_bot(corridor_position(units, turn), rolls=rolls)


def csov(uid, h, sel):
    from test_bot_supply_line import sov as corridor_sov
    return corridor_sov(uid, h, sel)


def cger(uid, h):
    from test_bot_supply_line import ger as corridor_ger
    return corridor_ger(uid, h)


@pytest.mark.rules("12.83", "13.1")
def test_12_83_an_advance_that_enables_supply_is_the_first_row():
    # 0907 was attacked from 0906; s (1009) traces supply again once a is in 0907.
    bot = corridor([cger("g", "0807"), csov("s", "1009", "03"), csov("a", "0906", "02")], [8])
    r = advance_step(bot, "0907", ["a"])[0]
    assert {"row": 1, "why": "enables supply"} in r["routes"]
    assert r["chance"] == 10 and "roll" not in r and r["advances"]


@pytest.mark.rules("12.83", "13.1")
def test_12_83_an_advance_that_enables_no_supply_is_the_second_row():
    bot = corridor([cger("g", "0807"), csov("a", "0906", "02")], [8])
    r = advance_step(bot, "0907", ["a"])[0]
    assert all(x["why"] != "enables supply" for x in r["routes"])
    assert r["chance"] == 7 and r["roll"] == 8 and not r["advances"]


@pytest.mark.rules("12.83", "13.1")
def test_12_83_from_turn_3_no_advance_that_cuts_another_units_supply():
    # a in 0907 lets the supply path of s (1009) through g's ZOC; into 1007 it would not.
    units = [cger("g", "0807"), csov("s", "1009", "03"), csov("a", "0907", "02")]
    r = advance_step(corridor(units, [1]), "1007", ["a"])[0]
    assert not r["advances"]
    assert "it would leave another Soviet unit unable to trace supply" in r["refused"]


@pytest.mark.rules("12.83", "13.1")
def test_12_83_before_turn_3_an_advance_may_cut_another_units_supply():
    units = [cger("g", "0807"), csov("s", "1009", "03"), csov("a", "0907", "02")]
    r = advance_step(corridor(units, [1], turn=2), "1007", ["a"])[0]
    assert r["refused"] == [] and r["advances"]


EDGE_VP = "{terrain: town, vp: 1, owner: soviet%s}"


@pytest.mark.rules("12.83", "13.1")
def test_12_83_not_out_of_a_map_edge_vp_hex_soviet_supply_reaches():
    bot = vacated([sov("a", "0504", "02")], [1], {"0504": EDGE_VP % ", edge: soviet"})
    r = advance_step(bot, "0604", ["a"])[0]
    assert "it would leave a map-edge VP hex empty" in r["refused"] and not r["advances"]


@pytest.mark.rules("12.83", "13.1")
def test_12_83_out_of_a_map_edge_vp_hex_soviet_supply_cannot_reach():
    bot = vacated([sov("a", "0504", "02")], [1], {"0504": EDGE_VP % ""})
    r = advance_step(bot, "0604", ["a"])[0]
    assert r["refused"] == [] and r["advances"]


@pytest.mark.rules("12.83", "9.3")
def test_12_83_not_if_a_german_unit_would_become_proximate_to_an_empty_soviet_town():
    # Out of 0504 into 0603, a no longer covers 0505: the German unit there could enter
    # the town a leaves empty. (Into 0604, as above, its ZOC still holds that unit.)
    bot = vacated([sov("a", "0504", "02")], [1], {"0504": EDGE_VP % ""})
    r = advance_step(bot, "0603", ["a"])[0]
    assert "it would expose an empty or garrisoned Soviet town or city" in r["refused"]
    assert not r["advances"]


# --- 12.81 and route 6: a second hex ----------------------------------------------------
def armor_at(h="1009", kind="armor"):
    return sov("a", h, "02", kind=kind)


@pytest.mark.rules("12.81", "12.83")
def test_12_83_route_6_a_second_hex_along_the_path_of_retreat():
    # the defenders of 0909 retreated to 0910 then 0911: 0910 is row 1 (route 6)
    bot = vacated([armor_at()], [1])
    r = advance_step(bot, "0909", ["a"], retreat_path=["0910", "0911"])[0]
    assert r["advances"] and r["second"]["hex"] == "0910"
    assert {"row": 1, "why": "a second hex along the path of retreat"} in r["second"]["routes"]
    assert r["second"]["chance"] == 10 and "roll" not in r["second"]
    assert r["second"]["advances"] and bot.unit("a").hex == "0910"
    assert "12.81" in r["rules"]


@pytest.mark.rules("12.81", "12.83")
def test_12_83_route_6_not_when_the_defenders_were_eliminated():
    # no path of retreat: no second hex is on it; the best is a row-2 hex (a roll)
    bot = vacated([armor_at()], [1, 9])
    r = advance_step(bot, "0909", ["a"])[0]
    s = r["second"]
    assert all(x["why"] != "a second hex along the path of retreat" for x in s["routes"])
    assert s["chance"] == 7 and s["roll"] == 9 and not s["advances"]
    assert bot.unit("a").hex == "0909"


@pytest.mark.rules("12.81")
def test_12_81_no_second_hex_for_infantry_nor_after_a_one_hex_retreat():
    bot = vacated([armor_at(kind="infantry")], [1])
    assert "second" not in advance_step(bot, "0909", ["a"], retreat_path=["0910", "0911"])[0]
    bot = vacated([armor_at()], [1])
    assert "second" not in advance_step(bot, "0909", ["a"], retreat_path=["0910"])[0]


def nearly_hex(turn):
    # with a in 0808, g2 (1009) could enter 0909 and, with g1 (0708), surround it
    units = [ger("g1", "0708", ma=0), ger("g2", "1009", ma=2), sov("a", "0807", "02")]
    return make_bot(position(units, turn=turn), rolls=[1])


@pytest.mark.rules("12.83", "9.3")
def test_12_83_from_turn_6_no_advance_into_a_nearly_surrounded_hex():
    r = advance_step(nearly_hex(6), "0808", ["a"])[0]
    assert not r["advances"]
    assert any("nearly surrounded" in w for w in r["refused"])


@pytest.mark.rules("12.83", "9.3")
def test_12_83_before_turn_6_a_nearly_surrounded_hex_may_be_entered():
    r = advance_step(nearly_hex(5), "0808", ["a"])[0]
    assert r["advances"] and not r["refused"]


def tied_second_hexes(reading=""):
    # both 0808 (a Soviet VP hex: route 1) and 0910 (0909's primary arrow: route 2) are row
    # 1 for a second hex: the same chance
    from adjudicator.games.eak.scenario import compass_step
    grid = position([ger("far", "0505")]).grid
    hexes = {"0808": "{terrain: town, vp: 1, owner: soviet}",
             "0909": f"{{terrain: clear, arrows: [{{to: {compass_step(grid, '0909', '0910')}}}]}}"}
    extra = f"readings: {{'12.83': {reading}}}\n" if reading else ""
    bot = vacated([armor_at()], [1], hexes, extra)
    return advance_step(bot, "0909", ["a"])[0]["second"]


@pytest.mark.rules("12.83")
def test_12_83_reading_route_then_objective_checks_the_earlier_route():
    s = tied_second_hexes()
    assert s["hex"] == "0808" and s["chance"] == 10 and "reading 12.83" in s["tie"]


@pytest.mark.rules("12.83")
def test_12_83_reading_highest_number_checks_the_highest_hex():
    s = tied_second_hexes("highest-number")
    assert s["hex"] == "0910" and s["chance"] == 10
