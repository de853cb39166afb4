"""Rulings on activation steps 1 and 6: the objective check with its roll on the
placement tables (9.11, 9.12) and the improved position placed on a Soviet unit (9.7)."""

from __future__ import annotations

import pytest
from bot_helpers import ger, make_bot, position, sov

from adjudicator.games.eak.bot import objective_check, place_ip


@pytest.mark.rules("9.11")
def test_9_11_a_unit_proximate_to_the_empty_objective_relocates_it_on_a_roll():
    # The objective is in Chuguev (1009); m can reach it. A roll of 10 on the first table
    # sends it to Kharkov (0912), west side up.
    bot = make_bot(position([sov("m", "1007", "05"), ger("g", "0505")], objective="1009"),
                   rolls=[10])
    o = objective_check(bot, "voronezh")
    assert o["relocate"] and o["reasons"][0]["why"].startswith("proximate")
    assert (o["roll"], o["result"], o["to"], o["direction"]) == (10, "Kharkov W", "0912",
                                                                 "west")
    marker = bot.sc.objectives[0]
    assert (marker.hex, marker.direction) == ("0912", "west")


@pytest.mark.rules("9.11")
def test_9_11_next_to_the_german_occupied_objective():
    bot = make_bot(position([sov("m", "1008", "05", ma=1), ger("g", "1009")],
                            objective="1009"), rolls=[3])
    o = objective_check(bot, "voronezh")
    assert o["relocate"] and o["result"] == "Valki W"


@pytest.mark.rules("9.11")
def test_9_11_no_unit_near_the_objective_no_roll():
    bot = make_bot(position([sov("m", "0505", "05", ma=2), ger("g", "1213")],
                            objective="1009"), rolls=[])
    o = objective_check(bot, "voronezh")
    assert o["relocate"] is False and "roll" not in o


@pytest.mark.rules("9.11", "9.12")
def test_9_12_a_third_objective_is_in_no_table():
    bot = make_bot(position([sov("m", "0811", "05"), ger("g", "0505")], objective="0812"))
    o = objective_check(bot, "voronezh")
    assert o["relocate"] and "third objective" in o["note"]


def ip_units(moved: bool = False, town: bool = False):
    units = [sov("a", "0908", "05"), sov("b", "0606", "06"), ger("g", "0909")]
    extra = "moved: [a]\n" if moved else ""
    hexes = {"0908": "{terrain: town, owner: soviet}"} if town else None
    return make_bot(position(units, extra, hexes=hexes))


@pytest.mark.rules("9.7")
def test_9_7_ip_next_to_a_supplied_german_unit():
    ip = place_ip(ip_units())
    assert ip["candidates"] == ["0606", "0908"] and ip["hex"] == "0908"
    assert ip["trail"][0]["letter"] == "a"


@pytest.mark.rules("9.7")
def test_9_7_no_ip_for_a_unit_that_moved():
    ip = place_ip(ip_units(moved=True))
    assert ip["candidates"] == ["0606"]


@pytest.mark.rules("9.7")
def test_9_7_no_ip_in_a_town():
    ip = place_ip(ip_units(town=True))
    assert "0908" not in ip["candidates"] and "0908" in ip["refused"]


@pytest.mark.rules("9.7")
def test_9_7_not_before_game_turn_4():
    units = [sov("a", "0908", "05"), ger("g", "0909")]
    assert place_ip(make_bot(position(units, turn=3)))["hex"] is None


def ip_proximity(german_supply: str = "in-supply"):
    # g (0910) can reach 0908, next to a (0907); b (0605) is out of its reach; neither is
    # next to g, so (a) applies to no hex
    units = [sov("a", "0907", "05"), sov("b", "0605", "06"),
             ger("g", "0910", more=f", supply: {german_supply}")]
    return make_bot(position(units))


@pytest.mark.rules("9.7", "9.3")
def test_9_7_b_prefers_a_hex_a_supplied_german_unit_is_proximate_to():
    ip = place_ip(ip_proximity())
    assert ip["hex"] == "0907"
    assert ip["trail"][0]["letter"] == "b" and ip["trail"][0]["eliminated"] == ["0605"]


@pytest.mark.rules("9.7", "9.3")
def test_9_7_b_not_for_an_unsupplied_german_unit():
    ip = place_ip(ip_proximity("out-of-supply"))
    assert ip["hex"] == "0605" and ip["trail"][0]["letter"] == "d"
