"""Rulings on 9.25's shift: a move (or a unit told not to move) that ends next to a German
unit goes instead to another hex next to that German unit when the tactical preferences
rank it higher, even a hex the method does not name (9.25's examples 1-3)."""

from __future__ import annotations

import pytest
from bot_helpers import ger, make_bot, position, sov

from adjudicator.games.eak.bot import move_step
from adjudicator.games.eak.scenario import compass_step


def moved(decisions, uid):
    return next(d for d in decisions if d["unit"] == uid)


def arrow_path(path):
    """The printed arrows along ``path`` (each hex's arrow points to the next)."""
    grid = position([ger("g", "0505")]).grid
    return {a: f"{{terrain: clear, arrows: [{{to: {compass_step(grid, a, b)}}}]}}"
            for a, b in zip(path, path[1:], strict=False)}


INACTIVE = ", active: false"


def example_1(with_s=True):
    # Turn 1: m (3rd Tank Army armor, a spearhead: methods 4-9 skipped) follows the arrows
    # 1111 -> 1010 -> 0910, next to g (0909). With s in 0808, 1009 (also in reach, next to
    # g) would surround g: preference (b) of 9.25.
    units = [ger("g", "0909", ma=0),
             sov("m", "1111", "05", army="3T", kind="armor", ma=2)]
    if with_s:
        units.append(sov("s", "0808", "03").replace("active: true", "active: false"))
    return moved(move_step(make_bot(position(units, turn=1,
                                              hexes=arrow_path(["1111", "1010", "0910"])))),
                 "m")


@pytest.mark.rules("9.25", "9.21")
def test_9_25_example_1_a_move_by_the_arrows_shifts_to_a_hex_that_surrounds():
    d = example_1()
    assert d["method"] == 10 and d["to"] == "1009" and d["shifted_from"] == "0910"
    assert d["trail"][0]["letter"] == "shift"
    b = next(t for t in d["trail"] if t["rule"] == "9.25" and t["letter"] == "b")
    assert b["kept"] == ["1009"]


@pytest.mark.rules("9.25", "9.21")
def test_9_25_no_shift_when_no_hex_next_to_the_german_unit_ranks_higher():
    d = example_1(with_s=False)
    assert d["method"] == 10 and d["to"] == "0910" and "shifted_from" not in d


def example_3(with_x=True):
    # m (0707) starts next to g in the logistics hex 0606: method 7 says it does not move.
    # With x (0807) next to m, 0607 (next to g, not next to x, in reach through 0708) ranks
    # higher by preference (d) of 9.25.
    hexes = {"0606": "{terrain: clear, logistics: voronezh}"}
    units = [ger("g", "0606", ma=0), sov("m", "0707", "05", ma=3)]
    if with_x:
        units.append(sov("x", "0807", "03").replace("active: true", "active: false"))
    return moved(move_step(make_bot(position(units, hexes=hexes))), "m")


@pytest.mark.rules("9.25", "9.21")
def test_9_25_example_3_a_unit_told_not_to_move_shifts_to_a_more_preferred_hex():
    d = example_3()
    assert d["method"] == 7 and d["to"] == "0607" and d["shifted_from"] == "0707"
    assert any(t["rule"] == "9.25" and t["letter"] == "d" for t in d["trail"])


@pytest.mark.rules("9.25", "9.21")
def test_9_25_example_3_the_unit_stays_when_its_hex_ranks_as_high():
    d = example_3(with_x=False)
    assert d["method"] == 7 and d["to"] is None


@pytest.mark.rules("9.25", "9.21")
def test_9_25_example_2_the_method_picks_a_hex_next_to_a_german_unit_and_9_25_another():
    # Turn 1, m (a 3rd Tank Army spearhead, 2 MPs) moves by method 11: its preference (a)
    # picks 0808 (with s), next to g; 9.25 (e) prefers the empty 1008, next to g too,
    # though method 11 ranked it lower.
    units = [ger("g", "0909", ma=0),
             sov("s", "0808", "03").replace("active: true", "active: false"),
             sov("m", "0907", "05", army="3T", kind="armor", ma=2)]
    d = moved(move_step(make_bot(position(units, turn=1))), "m")
    assert d["method"] == 11 and d["to"] == "1008" and d["shifted_from"] == "0808"
    a = d["trail"][0]
    assert (a["rule"], a["letter"], a["kept"]) == ("9.21", "a", ["0808"])
    assert "1008" in a["eliminated"]
    assert d["trail"][-1]["rule"] == "9.25" and d["trail"][-1]["letter"] == "e"
