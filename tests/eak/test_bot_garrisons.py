"""Rulings on Soviet garrisons: placement in the Supply Phase (15.1, with the provisional
zones of control of 15.21) and the end-of-turn removal check (15.3)."""

from __future__ import annotations

import pytest
from bot_helpers import ger, make_bot, position, sov

from adjudicator.games.eak.bot import garrison_end_check, place_garrisons

EDGES = {**{f"{r:02d}04": "{terrain: clear, edge: soviet}" for r in range(5, 13)},
         **{f"{r:02d}13": "{terrain: clear, edge: german}" for r in range(5, 13)}}


def board(units, more=None, turn=4):
    return make_bot(position(units, hexes={**EDGES, **(more or {})}, turn=turn))


VILLAGE = "{terrain: clear, village: true}"


@pytest.mark.rules("15.1")
def test_15_1_an_empty_soviet_vp_hex_with_supply_gets_a_garrison():
    bot = board([sov("a", "1111", "02"), ger("g", "0611")],
                {"0706": "{terrain: town, vp: 1, owner: soviet}"})
    a = place_garrisons(bot)
    assert a["vp_hexes"] == ["0706"] and bot.sc.map.hexes["0706"].garrison


@pytest.mark.rules("15.1")
def test_15_1_no_garrison_before_game_turn_4():
    bot = board([sov("a", "1111", "02"), ger("g", "0611")],
                {"0706": "{terrain: town, vp: 1, owner: soviet}"}, turn=3)
    assert place_garrisons(bot)["vp_hexes"] == []


@pytest.mark.rules("15.1")
def test_15_1_a_village_with_soviet_and_german_units_proximate():
    bot = board([sov("a", "0805", "02"), ger("g", "0911")], {"0907": VILLAGE})
    a = place_garrisons(bot)
    assert a["villages"] == [{"hex": "0907", "placed": True}]


@pytest.mark.rules("15.1")
def test_15_1_not_a_village_next_to_a_german_unit():
    bot = board([sov("a", "0805", "02"), ger("g", "0908")], {"0907": VILLAGE})
    v = place_garrisons(bot)["villages"][0]
    assert not v["placed"] and "next to a German unit" in v["why"]


@pytest.mark.rules("15.1")
def test_15_1_not_a_village_no_soviet_unit_can_reach():
    bot = board([sov("a", "1112", "02", ma=1), ger("g", "0911")], {"0907": VILLAGE})
    v = place_garrisons(bot)["villages"][0]
    assert not v["placed"]
    assert "no Soviet unit proximate (nor in Soviet support from turn 5)" in v["why"]


@pytest.mark.rules("15.1", "15.21")
def test_15_1_a_garrison_blocks_german_supply_and_proximity_to_a_later_village():
    # Villages are checked in descending hex number: 0908 first. Its garrison's zone
    # of control then stands between the German unit and 0906.
    bot = board([sov("a", "0805", "02", ma=6), ger("g", "0911", ma=2)],
                {"0908": VILLAGE, "0906": VILLAGE})
    a = place_garrisons(bot)
    placed = {v["hex"]: v["placed"] for v in a["villages"]}
    assert placed["0908"] is True and placed["0906"] is False
    # without the village in 0908, 0906 gets its garrison
    alone = board([sov("a", "0805", "02", ma=6), ger("g", "0911", ma=2)], {"0906": VILLAGE})
    assert place_garrisons(alone)["villages"] == [{"hex": "0906", "placed": True}]


@pytest.mark.rules("15.3")
def test_15_3_a_village_garrison_without_a_soviet_supply_path_goes():
    hexes = {h: v for h, v in EDGES.items() if "german" in v}  # no Soviet map edge
    hexes["0907"] = "{terrain: clear, village: true, garrison: true}"
    bot = make_bot(position([ger("g", "0911")], hexes=hexes))
    a = garrison_end_check(bot)
    assert a["removed"] == [{"hex": "0907", "why": ["no Soviet supply path"]}]
    assert not bot.sc.map.hexes["0907"].garrison


@pytest.mark.rules("15.3")
def test_15_3_a_village_garrison_with_both_supply_paths_stays():
    bot = board([ger("g", "0911")], {"0907": "{terrain: clear, village: true, garrison: true}"})
    assert garrison_end_check(bot)["removed"] == []
