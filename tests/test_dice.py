"""Dice: seeded sessions repeat, given rolls replay, every roll is logged."""

import pytest

from adjudicator.dice import Dice, RollsExhausted
from adjudicator.games import get_game


def test_seeded_sessions_repeat_and_log_each_purpose():
    a, b = Dice(6, 2, seed=42), Dice(6, 2, seed=42)
    ra = [a.roll(f"combat {i}").total for i in range(20)]
    rb = [b.roll(f"combat {i}").total for i in range(20)]
    assert ra == rb
    assert all(2 <= t <= 12 for t in ra)
    assert [r.purpose for r in a.log] == [f"combat {i}" for i in range(20)]


def test_different_seeds_differ():
    one, two = Dice(6, 2, seed=1), Dice(6, 2, seed=2)
    assert [one.roll("x").total for _ in range(30)] != [two.roll("x").total for _ in range(30)]


def test_given_rolls_replay_and_run_out_loudly():
    d = Dice(6, 2, rolls=[7, 12])
    assert d.roll("attack").total == 7
    assert d.roll("determined defense").total == 12
    with pytest.raises(RollsExhausted):
        d.roll("rally")
    assert [r.total for r in d.log] == [7, 12]


def test_impossible_given_roll_is_refused():
    with pytest.raises(ValueError):
        Dice(6, 2, rolls=[13]).roll("attack")
    with pytest.raises(ValueError):
        Dice(6, 2, rolls=[1]).roll("attack")
    assert Dice(6, 1, rolls=[1]).roll("weather").total == 1


def test_stalingrad_rolls_one_six_sided_die_at_a_time():
    spec = get_game("s42").dice
    assert (spec.sides, spec.count) == (6, 1)
