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
