"""Rulings on active Soviet reserves: joining an attack (12.2) and placed in step 4 of an
activation (9.5), with the supply paths they need (13.1, 13.3)."""

from __future__ import annotations

import pytest
from bot_helpers import ger, make_bot, position, sov

from adjudicator.games.eak.bot import place_reserves_step4, reserves_join

EDGE = {f"{r:02d}04": "{terrain: clear, edge: soviet}" for r in range(5, 13)}
RES = ("reserve_box:\n  - {id: r1, type: infantry, selector: '03', strength: 2, ma: 4,"
       " max_steps: 2, army: '69', front: voronezh}\n")


def bot_with(units, hexes=None, extra=""):
    return make_bot(position(units, RES + extra, hexes={**EDGE, **(hexes or {})}))


@pytest.mark.rules("12.2")
def test_12_2_a_reserve_joins_next_to_the_target():
    bot = bot_with([sov("a", "0808", "02"), ger("g", "0909", strength=4)])
    r = reserves_join(bot, "0909", ["a"], ["r1"])
    assert r[0]["hex"] in {"0908", "1008", "1009", "0809", "0910"}
    assert bot.unit("r1").hex == r[0]["hex"] and bot.sc.reserve_box == []


@pytest.mark.rules("12.2", "13.3")
def test_12_2_no_placement_without_reserve_supply():
    bot = make_bot(position([sov("a", "0808", "02"), ger("g", "0909", strength=4)], RES))
    r = reserves_join(bot, "0909", ["a"], ["r1"])  # no Soviet map edge: no supply
    assert r[0]["hex"] is None
    assert any(x["why"] == "no reserve supply" for x in r[0]["refused"])


@pytest.mark.rules("12.2", "12.38")
def test_12_2_no_reserve_joins_an_overwhelming_attack():
    bot = bot_with([sov("a", "0808", "02", strength=9), ger("g", "0909", strength=1)])
    r = reserves_join(bot, "0909", ["a"], ["r1"])
    assert r[0]["hex"] is None and "overwhelming" in r[0]["why"]


@pytest.mark.rules("12.2")
def test_12_2_prefers_a_hex_that_surrounds_the_defender():
    # a in 0808 and b in 1010 cover all of g's neighbours but 1008; a reserve in 1008 or
    # 0908 (whose zone reaches 1008) completes the surround.
    bot = bot_with([sov("a", "0808", "02"), sov("b", "1010", "04"),
                    ger("g", "0909", strength=4)])
    r = reserves_join(bot, "0909", ["a", "b"], ["r1"])
    assert r[0]["hex"] == "1009"
    assert [(t["letter"], t["kept"]) for t in r[0]["trail"]] == [
        ("b", ["0908", "1008", "1009"]), ("f", ["1009"])]


@pytest.mark.rules("9.5")
def test_9_5_step_4_a_targeted_village_with_supply():
    village = {"0907": "{terrain: clear, village: true, target: [voronezh]}"}
    bot = bot_with([sov("a", "1111", "02"), ger("g", "0909")], village)
    r = place_reserves_step4(bot, ["r1"])
    assert r[0]["hex"] == "0907" and bot.unit("r1").hex == "0907"


@pytest.mark.rules("9.5")
def test_9_5_step_4_not_a_village_of_the_other_front():
    village = {"0907": "{terrain: clear, village: true, target: [southwest]}"}
    bot = bot_with([sov("a", "1111", "02"), ger("g", "0909")], village)
    assert place_reserves_step4(bot, ["r1"])[0]["hex"] is None


@pytest.mark.rules("9.5")
def test_9_5_step_4_not_next_to_a_soviet_unit_unless_a_vp_hex():
    village = {"0907": "{terrain: clear, village: true, target: [voronezh]}"}
    bot = bot_with([sov("a", "0906", "02"), ger("g", "0909")], village)
    r = place_reserves_step4(bot, ["r1"])
    assert r[0]["hex"] is None
    assert {"hex": "0907", "why": "next to a Soviet unit and not a VP hex"} in r[0]["refused"]


@pytest.mark.rules("9.5", "15.3")
def test_9_5_step_4_prefers_a_garrisoned_hex_and_removes_the_garrison():
    hexes = {"0907": "{terrain: clear, village: true, garrison: true, target: [voronezh]}",
             "0607": "{terrain: clear, village: true, target: [voronezh]}"}
    bot = bot_with([sov("a", "1111", "02"), ger("g", "1213")], hexes)
    r = place_reserves_step4(bot, ["r1"])
    assert r[0]["hex"] == "0907" and bot.sc.map.hexes["0907"].garrison is False
