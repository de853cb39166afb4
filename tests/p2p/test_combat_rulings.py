"""Rulings of the order of combat (13.0) and the fortress effects (10.C)."""

from __future__ import annotations

import pytest
from p2p_positions import position, unit

from adjudicator.games.p2p.queries import combat_order


def battle(point, af, df):
    return {"point": point, "attacker_firepower": af, "defender_firepower": df}


@pytest.mark.rules("13.0")
def test_13_0_stronger_defenders_are_fought_first():
    ok = position(battles=[battle("D", 3, 5), battle("E", 6, 2)])
    assert combat_order(ok).allowed
    late = position(battles=[battle("E", 6, 2), battle("D", 3, 5)])
    ans = combat_order(late)
    assert not ans.allowed
    assert ans.problems[0]["battle"] == 2 and ans.problems[0]["before"] == 1
    assert ans.order == [2, 1]


@pytest.mark.rules("13.0")
def test_13_0_equal_firepower_does_not_have_to_come_first():
    assert combat_order(position(battles=[battle("E", 6, 2), battle("D", 4, 4)])).allowed


@pytest.mark.rules("13.0")
def test_13_0_combat_at_one_point_is_finished_before_the_next():
    split = position(battles=[battle("D", 6, 2), battle("E", 6, 2), battle("D", 6, 1)])
    assert not combat_order(split).allowed
    together = position(battles=[battle("D", 6, 2), battle("D", 6, 1), battle("E", 6, 2)])
    assert combat_order(together).allowed


def fortress(point_spec, defenders, readings=None):
    pos = position(defenders, points={"D": {"fortress": True, **point_spec}},
                   battles=[battle("D", 5, 5)])
    ans = combat_order(pos, readings)
    (f,) = ans.fortresses
    return f["breakthroughs"]["at_most"], f["firepower"]["at_most"]


def majors(n, at="D", side="soviet", **kw):
    return [unit(f"m{k}", at, side, major=True, **kw) for k in range(n)]


@pytest.mark.rules("10.C.1")
def test_10_C_1_levels_one_two_three_capped_by_major_infantry():
    assert fortress({"vp": 0}, majors(3))[0] == 1
    assert fortress({"vp": 1}, majors(3))[0] == 2
    assert fortress({"vp": 2}, majors(3))[0] == 3
    assert fortress({"vp": 2}, majors(1))[0] == 1
    gone = [unit(f"d{k}", "D", "soviet", major=True, dispersed=True) for k in range(2)]
    assert fortress({"vp": 2}, majors(2) + gone)[0] == 2


@pytest.mark.rules("10.C.1")
def test_10_C_1_one_less_on_the_enemy_side_of_the_border():
    assert fortress({"vp": 2, "border_side": "soviet"}, majors(3))[0] == 3
    assert fortress({"vp": 2, "border_side": "axis"}, majors(3))[0] == 2
    assert fortress({"vp": 0, "border_side": "axis"}, majors(3))[0] == 0


@pytest.mark.rules("10.C.1")
def test_10_C_1_only_major_infantry_counts():
    armour = [unit(f"t{k}", "D", "soviet", type="armor", major=True) for k in range(3)]
    minors = [unit(f"n{k}", "D", "soviet") for k in range(3)]
    assert fortress({"vp": 2}, armour + minors) == (0, 0)


@pytest.mark.rules("10.C.2")
def test_10_C_2_firepower_bonus_and_the_enemy_side_reading():
    assert fortress({"vp": 1}, majors(3))[1] == 2
    assert fortress({"vp": 1}, majors(1))[1] == 1
    # the default reading: 10.C.2 has no enemy-side cut
    assert fortress({"vp": 1, "border_side": "axis"}, majors(3))[1] == 2
    cut = fortress({"vp": 1, "border_side": "axis"}, majors(3),
                   {"10.C.2#enemy-side": "reduced"})
    assert cut[1] == 1


@pytest.mark.rules("10.C")
def test_10_C_no_fortress_no_effect():
    pos = position(majors(3), battles=[battle("D", 5, 5)])
    assert combat_order(pos).fortresses == []
