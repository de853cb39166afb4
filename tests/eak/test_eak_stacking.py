"""Rulings on Enemy Action: Kharkov's stacking limit (10.4): three units or six steps, with
the book's two examples."""

from __future__ import annotations

from cli_helpers import run
from eak_positions import block, ger, position, sov

from adjudicator.games.eak.queries.stacking import stacking_answer

H = block(rows=[10, 11])


def test_10_4_example_two_three_step_units_leave_no_room():
    # two 3-step units: a third unit would exceed six steps
    ok = position([ger("1003", max_steps=3), ger("1003", max_steps=3)], H)
    assert stacking_answer(ok)["overstacked"] == []
    over = position([ger("1003", max_steps=3), ger("1003", max_steps=3), ger("1003")], H)
    o = stacking_answer(over)["overstacked"]
    assert o and o[0]["steps"] == 7 and o[0]["rules"] == ["10.4"]


def test_10_4_example_three_one_step_units_fill_a_hex():
    ok = position([sov("1004"), sov("1004"), sov("1004")], H)
    assert stacking_answer(ok)["overstacked"] == []
    over = position([sov("1004"), sov("1004"), sov("1004"), sov("1004")], H)
    o = stacking_answer(over)["overstacked"]
    assert o[0]["units"] == 4 and o[0]["side"] == "soviet" and "not moved" in o[0]["remedy"]


def test_stacking_cli(capsys, tmp_path):
    from adjudicator.games import get_game
    r = run(capsys, "stacking", str(get_game("eak").demo_path))
    assert r.code == 0 and "within three units and six steps" in r.out
