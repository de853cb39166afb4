"""Rulings on step 5 of an activation: removing active Soviet units to the reserve box
(9.6), with the book's example (Mobile Group Popov on game-turn 8) as a position, its rows
moved ten hexes north (1712 is 0712 here)."""

from __future__ import annotations

import pytest
from bot_helpers import ger, make_bot, position, sov

from adjudicator.games.eak.bot import removal_step

EDGE = {f"05{c:02d}": "{terrain: clear, edge: soviet}" for c in range(4, 14)}


def book_example(extra: str = ""):
    units = [ger("g", "0812"),
             sov("u21", "0712", "21", army="MGP", front="southwest"),
             sov("u14", "0811", "14", army="MGP", front="southwest"),
             sov("u06", "0811", "06", army="MGP", front="southwest"),
             sov("u07", "0713", "07", army="MGP", front="southwest"),
             sov("x", "0612", "09", army="6", front="southwest").replace("active: true",
                                                                        "active: false")]
    return make_bot(position(units, extra, turn=8, hexes=EDGE, objective=None))


def by_unit(rs):
    return {r["unit"]: r for r in rs}


@pytest.mark.rules("9.6")
def test_9_6_book_example_removals_in_descending_order():
    bot = book_example()
    rs = removal_step(bot, "southwest")
    assert [r["unit"] for r in rs] == ["u21", "u14", "u07", "u06"]
    r = by_unit(rs)
    assert r["u21"]["removed"] and r["u14"]["removed"]
    assert not r["u07"]["removed"] and not r["u06"]["removed"]
    assert r["u07"]["why"] == "in none of the four situations"
    assert {x.id for x in bot.sc.reserve_box} == {"u21", "u14"}


@pytest.mark.rules("9.6")
def test_9_6_a_unit_that_moved_stays():
    rs = by_unit(removal_step(book_example("moved: [u21]\n"), "southwest"))
    assert not rs["u21"]["removed"] and "moved" in rs["u21"]["why"]


@pytest.mark.rules("9.6")
def test_9_6_not_before_game_turn_2():
    bot = book_example()
    bot.sc = bot.sc.model_copy(update={"turn": 1})
    assert removal_step(bot, "southwest") == []


@pytest.mark.rules("9.6")
def test_9_6_not_without_a_supply_path():
    units = [ger("g", "0812"), sov("u21", "0712", "21", army="MGP", front="southwest"),
             sov("u14", "0712", "14", army="MGP", front="southwest")]
    rs = by_unit(removal_step(make_bot(position(units, turn=8, objective=None)),
                              "southwest"))
    assert not rs["u21"]["removed"] and "supply" in rs["u21"]["why"]


@pytest.mark.rules("9.6")
def test_9_6_not_if_a_surrounded_german_unit_would_be_freed():
    # g in 0909 is surrounded by the zones of a (0808) and b (1009); b has two Soviet
    # neighbours (1109, 1110), so it is in a removal situation, but without it 0910 opens.
    units = [ger("g", "0909"), sov("a", "0808", "02"), sov("b", "1009", "05"),
             *[sov(u, h, "04").replace("active: true", "active: false")
               for u, h in (("c", "1109"), ("d", "1110"))]]
    edge = {f"{r:02d}04": "{terrain: clear, edge: soviet}" for r in range(5, 13)}
    rs = by_unit(removal_step(make_bot(position(units, turn=8, hexes=edge)), "voronezh"))
    assert not rs["b"]["removed"] and "no longer be surrounded" in rs["b"]["why"]
