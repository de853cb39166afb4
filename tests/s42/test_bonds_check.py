"""Rulings on one step in the Movement Phase: ``check --enter`` (6.2, 7.2, 7.4, 13.3.2, 22.3.2).

Each rule id has a step it allows and one it refuses (or a step that must stop
and one that need not). Neighbours on the clear 8x8 map: even 0404 touches
0403 0504 0505 0405 0305 0304; odd 0505 touches 0504 0604 0605 0506 0405 0404.
"""

import pytest
from positions import pos, unit

from adjudicator.errors import InputError
from adjudicator.games.s42.queries.check import KINDS, check_enter

E_SOVIET = {"E": {"side": "soviet", "hexes": [f"08{r:02d}" for r in range(1, 9)]}}


def codes(answer):
    return {f.code for f in answer.findings}


# -- 6.2 ZOCs and movement ---------------------------------------------------------


@pytest.mark.rules("6.2")
def test_6_2_entering_an_ezoc_is_allowed_and_ends_the_move():
    sc = pos([unit("M", "soviet", "0604"), unit("A", "axis", "0404")])
    a = check_enter(sc, "M:0504")  # 0504 is next to A
    assert a.allowed and a.must_stop and "6.2" in a.rules and "enters_ezoc" in codes(a)


@pytest.mark.rules("6.2")
def test_6_2_step_outside_every_ezoc_need_not_stop():
    sc = pos([unit("M", "soviet", "0604"), unit("A", "axis", "0404")])
    a = check_enter(sc, "M:0704")
    assert a.allowed and not a.must_stop and a.rules == ["6.2", "7.2"]


@pytest.mark.rules("6.2")
def test_6_2_from_one_ezoc_straight_into_another_then_stop():
    sc = pos([unit("M", "soviet", "0505"), unit("A", "axis", "0404"), unit("B", "axis", "0606")])
    a = check_enter(sc, "M:0605")  # 0505 in A's ZOC, 0605 in B's
    assert a.allowed and a.must_stop
    assert {"ezoc_to_ezoc", "leaves_ezoc", "enters_ezoc"} <= codes(a)


@pytest.mark.rules("6.2", "7.2")
def test_6_2_ezoc_to_ezoc_may_not_cross_an_enemy_bond():
    # Axis 0404-0506 closes 0405-0505; M in 0405 (in the EZOC) may not cross into 0505.
    sc = pos([unit("M", "soviet", "0405"), unit("A", "axis", "0404"), unit("B", "axis", "0506")])
    a = check_enter(sc, "M:0505")
    assert not a.allowed and not a.must_stop and "7.2" in a.rules
    ok = check_enter(sc, "M:0306")  # out of the EZOC instead
    assert ok.allowed and not ok.must_stop


# -- 7.2 bonds and movement -----------------------------------------------------------


@pytest.mark.rules("7.2")
def test_7_2_may_not_enter_an_enemy_hex_bond():
    sc = pos([unit("A", "axis", "0404"), unit("B", "axis", "0406"), unit("M", "soviet", "0505")])
    a = check_enter(sc, "M:0405")
    assert not a.allowed and a.rules == ["7.2"] and "bond_hex" in codes(a)


@pytest.mark.rules("7.2")
def test_7_2_own_side_may_enter_its_bond_hex():
    sc = pos([unit("A", "axis", "0404"), unit("B", "axis", "0406"), unit("M", "axis", "0505")])
    a = check_enter(sc, "M:0405")
    assert a.allowed and not a.must_stop


@pytest.mark.rules("7.2")
def test_7_2_may_not_cross_an_enemy_hexside_bond_but_may_enter_without_crossing():
    sc = pos([unit("A", "axis", "0404"), unit("B", "axis", "0506"), unit("M", "soviet", "0604")])
    assert check_enter(sc, "M:0505").allowed  # from 0604: no bond hexside crossed
    sc2 = pos([unit("A", "axis", "0404"), unit("B", "axis", "0506"), unit("M", "soviet", "0405")])
    refused = check_enter(sc2, "M:0505")
    assert not refused.allowed and "bond_hexside" in codes(refused)


@pytest.mark.rules("7.2", "7.3")
def test_7_3_negated_bond_no_longer_bars_the_hex():
    sc = pos([unit("A", "axis", "0404"), unit("B", "axis", "0406"),
              unit("R", "soviet", "0405"), unit("M", "soviet", "0505")])
    a = check_enter(sc, "M:0405")
    assert a.allowed and "bond_negated" in codes(a) and "7.3" in a.rules


@pytest.mark.rules("7.2", "7.6.1")
def test_7_6_1_broken_bond_no_longer_bars_the_hex():
    sc = pos([unit("A", "axis", "0404"), unit("B", "axis", "0406"), unit("M", "soviet", "0505")],
             hexsides={"0404-0405": {"impassable": True}})
    a = check_enter(sc, "M:0405")
    assert a.allowed and "bond_broken" in codes(a) and "7.6.1" in a.rules


# -- 7.4 intersecting bonds --------------------------------------------------------------


@pytest.mark.rules("7.4")
def test_7_4_neither_side_may_cross_the_others_intersecting_bond():
    # Axis 0404-0506 (along 0405-0505) and Soviet 0305-0505 (along 0404-0405) cross.
    sc = pos([unit("A", "axis", "0404"), unit("B", "axis", "0506"),
              unit("R", "soviet", "0305"), unit("Q", "soviet", "0505")])
    axis = check_enter(sc, "A:0405")
    sov = check_enter(sc, "Q:0405")
    assert not axis.allowed and {"7.2", "7.4"} <= set(axis.rules)
    assert not sov.allowed and {"7.2", "7.4"} <= set(sov.rules)


@pytest.mark.rules("7.4")
def test_7_4_once_negated_the_crossing_bond_may_be_passed():
    # A Soviet unit in 0405 as well negates Axis 0404-0506 (Soviets on both sides).
    sc = pos([unit("A", "axis", "0404"), unit("B", "axis", "0506"),
              unit("R", "soviet", "0305"), unit("Q", "soviet", "0505"),
              unit("P", "soviet", "0405")])
    a = check_enter(sc, "Q:0405")
    assert a.allowed and "7.4" not in a.rules and "bond_negated" in codes(a)


# -- 13.3.2 Full Retreat ----------------------------------------------------------------


@pytest.mark.rules("13.3.2")
def test_13_3_2_full_retreat_unit_may_not_enter_an_ezoc():
    sc = pos([unit("M", "soviet", "0604", status="full-retreat"), unit("A", "axis", "0404")])
    a = check_enter(sc, "M:0504")
    assert not a.allowed and a.rules == ["13.3.2"]
    assert check_enter(sc, "M:0704").allowed


@pytest.mark.rules("13.3.2")
def test_13_3_2_full_retreat_unit_may_join_a_friendly_good_order_unit_in_an_ezoc():
    sc = pos([unit("M", "soviet", "0604", status="full-retreat"), unit("A", "axis", "0404"),
              unit("F", "soviet", "0504")])
    a = check_enter(sc, "M:0504")
    assert a.allowed and a.must_stop and "covered" in codes(a)
    other_fr = pos([unit("M", "soviet", "0604", status="full-retreat"),
                    unit("A", "axis", "0404"), unit("F", "soviet", "0504", status="full-retreat")])
    assert not check_enter(other_fr, "M:0504").allowed


@pytest.mark.rules("13.3.2")
def test_13_3_2_full_retreat_unit_may_not_enter_an_enemy_controlled_city():
    city = {"0704": {"terrain": "clear", "city": "minor", "control": "axis"}}
    sc = pos([unit("M", "soviet", "0604", status="full-retreat")], hexes=city)
    a = check_enter(sc, "M:0704")
    assert not a.allowed and "enemy_city" in codes(a)
    own = {"0704": {"terrain": "clear", "city": "minor", "control": "soviet"}}
    assert check_enter(pos([unit("M", "soviet", "0604", status="full-retreat")],
                           hexes=own), "M:0704").allowed


# -- 5.1 enemy units ---------------------------------------------------------------------


@pytest.mark.rules("5.1")
def test_5_1_may_not_enter_an_enemy_combat_units_hex():
    sc = pos([unit("M", "soviet", "0604"), unit("A", "axis", "0504")])
    a = check_enter(sc, "M:0504")
    assert not a.allowed and a.rules == ["5.1"]
    sp = pos([unit("M", "soviet", "0604"),
              unit("S", "axis", "0504", type_="supply-point", attack=0, defense=0)])
    assert check_enter(sp, "M:0504").allowed


# -- 22.3.2 entering from an entry area ----------------------------------------------------


@pytest.mark.rules("22.3.2")
def test_22_3_2_entering_from_an_entry_area_straight_into_an_ezoc():
    sc = pos([unit("X", "soviet", "E"), unit("A", "axis", "0704")], entry_areas=E_SOVIET)
    a = check_enter(sc, "X:0804")
    assert a.allowed and a.must_stop and "from_entry_area" in codes(a)


@pytest.mark.rules("22.3.2", "7.2")
def test_22_3_2_may_not_enter_the_map_into_an_enemy_bond():
    sc = pos([unit("X", "soviet", "E"), unit("A", "axis", "0802"), unit("B", "axis", "0804")],
             entry_areas=E_SOVIET)
    a = check_enter(sc, "X:0803")
    assert not a.allowed and {"7.2", "22.3.2"} <= set(a.rules)


@pytest.mark.rules("22.3.1")
def test_22_3_1_only_good_order_units_leave_an_entry_area():
    sc = pos([unit("X", "soviet", "E", status="disrupted")], entry_areas=E_SOVIET)
    assert not check_enter(sc, "X:0804").allowed
    ok = pos([unit("X", "soviet", "E")], entry_areas=E_SOVIET)
    assert check_enter(ok, "X:0804").allowed


# -- the question must make sense ----------------------------------------------------------


@pytest.mark.parametrize("spec", ["M:0404", "Z:0504", "M0504", "M:9999", "M:0904"])
def test_bad_enter_questions_are_refused_as_usage_errors(spec):
    sc = pos([unit("M", "soviet", "0604")], entry_areas=E_SOVIET)
    with pytest.raises(InputError):
        check_enter(sc, spec)


def test_check_kinds_are_registered_for_the_command():
    assert KINDS["enter"].option == "--enter" and KINDS["enter"].fn is check_enter
