"""Rulings on Soviet replacements (8.12, 16.1, 16.2, 16.21)."""

from __future__ import annotations

import pytest
from bot_helpers import ger, make_bot, position, sov

from adjudicator.games.eak.bot import replacement

EDGE = {f"{r:02d}04": "{terrain: clear, edge: soviet}" for r in range(5, 13)}
ELIM = ("eliminated_box:\n  - {id: e1, type: tank, selector: '04', strength: 2, ma: 6,"
        " max_steps: 2, army: '6', front: southwest}\n")


def bot_with(units, extra=""):
    return make_bot(position(units, extra, hexes=EDGE, turn=6))


@pytest.mark.rules("16.1")
def test_16_1_a_reduced_infantry_unit_before_an_eliminated_tank():
    units = [sov("r", "0906", "07", army="6", front="southwest", more=", steps: 1"),
             ger("g", "1213")]
    bot = bot_with(units, ELIM)
    a = replacement(bot, "6")
    assert a["unit"] == "r" and bot.unit("r").steps_left == 2


@pytest.mark.rules("16.1")
def test_16_1_an_eliminated_tank_goes_to_the_reserve_box():
    bot = bot_with([ger("g", "1213")], ELIM)
    a = replacement(bot, "6")
    assert a["unit"] == "e1" and [r.id for r in bot.sc.reserve_box] == ["e1"]


@pytest.mark.rules("16.1")
def test_16_1_lowest_selector_within_a_priority():
    units = [sov(u, h, s, army="6", front="southwest", more=", steps: 1")
             for u, h, s in (("x", "0906", "09"), ("y", "0707", "03"))] + [ger("g", "1213")]
    assert replacement(bot_with(units), "6")["unit"] == "y"


@pytest.mark.rules("16.2")
def test_16_2_not_a_full_strength_or_one_step_unit():
    units = [sov("full", "0906", "07", army="6", front="southwest"),
             sov("one", "0707", "08", army="6", front="southwest", steps=1),
             ger("g", "1213")]
    a = replacement(bot_with(units), "6")
    assert a["unit"] is None


@pytest.mark.rules("16.2")
def test_16_2_not_outside_soviet_support():
    units = [sov("r", "0906", "07", army="6", front="southwest", more=", steps: 1"),
             ger("g", "1213")]
    a = replacement(bot_with(units, "support: ['0505']\n"), "6")
    assert a["unit"] is None and {"unit": "r", "why": "outside Soviet support"} in a["refused"]
