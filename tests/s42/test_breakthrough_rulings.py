"""Rulings on Breakthrough Combat (Stalingrad '42 chapter 15, with 8.6.2 and 15.4).

Each rule id has a case it allows and a case it forbids. Neighbours of even-column
0404 are 0403 0504 0505 0405 0305 0304.
"""

import pytest
from positions import pos, unit

from adjudicator.games.s42.queries.breakthrough import breakthrough


def mech(uid, side, hex_, **kw):
    return unit(uid, side, hex_, type_="panzer", ma=6, **kw)


def group(n=2, hex_="0404"):
    return [mech(f"P{i}", "axis", hex_) for i in range(n)]


def ids(n=2):
    return [f"P{i}" for i in range(n)]


@pytest.mark.rules("15.1")
def test_15_1_needs_an_advance_of_two_to_four_hexes():
    sc = pos([*group(), unit("Y", "soviet", "0407")])
    assert breakthrough(sc, "0405", 2, ids()).allowed
    bt = breakthrough(sc, "0405", 1, ids())
    assert not bt.allowed and bt.rules == ["15.1"]


@pytest.mark.rules("15.1", "23.2.3")
def test_15_1_reading_rain_cut_result_after_weather_or_printed():
    sc = pos([*group(), unit("Y", "soviet", "0407")], weather="rain", turn=21)
    assert not breakthrough(sc, "0405", 2, ids()).allowed  # Adv 2 became Adv 1
    bt = breakthrough(sc, "0405", 2, ids(), readings={"15.1": "printed"})
    assert bt.allowed and bt.allowance == 1
    assert breakthrough(sc, "0405", 4, ids()).allowed


@pytest.mark.rules("15.1", "14.2.3", "14.2.4", "11.6.1", "25.2.3")
def test_15_1_no_breakthrough_after_limited_delay_or_by_reserves_or_bystanders():
    sc = pos([*group(), unit("B", "axis", "0404")])
    assert "14.2.3" in breakthrough(sc, "0405", None, ids(), mode="limited").rules
    assert {"14.2.4", "11.6.1"} <= set(breakthrough(sc, "0405", None, ids(), mode="delay").rules)
    bt = breakthrough(sc, "0405", 4, ["P0", "B"], attackers=["P0"])
    assert not bt.allowed and "15.1" in bt.rules  # B did not take part
    assert breakthrough(sc, "0405", 4, ["P0", "B"], attackers=["P0", "B"]).allowed


@pytest.mark.rules("15.2.2")
def test_15_2_2_the_group_moves_at_its_slowest_members_allowance():
    sc = pos([mech("P", "axis", "0404"), unit("I", "axis", "0404")])
    assert breakthrough(sc, "0405", 4, ["P", "I"]).allowance == 2
    assert breakthrough(sc, "0405", 4, ["P"]).allowance == 4


@pytest.mark.rules("15.2.3", "15.2.4")
def test_15_2_3_forming_in_the_vacated_hex_costs_one_hex():
    sc = pos([*group()])
    bt = breakthrough(sc, "0405", 4, ids())
    starts = {s.how: (s.hex, s.left) for s in bt.starts}
    assert starts["form"] == ("0405", 3) and starts["decline"] == ("0404", 3)
    # units from two stacks must form in the vacated hex; declining is not open
    sc = pos([mech("P0", "axis", "0404"), mech("P1", "axis", "0306")])
    assert {s.how for s in breakthrough(sc, "0405", 4, ids()).starts} == {"form"}


@pytest.mark.rules("15.2.3", "4.1")
def test_15_2_3_the_group_is_held_to_the_stacking_limit():
    sc = pos([*group(4)])
    bt = breakthrough(sc, "0405", 4, ids(4))
    assert not bt.allowed and "15.2.3" in bt.rules
    assert breakthrough(sc, "0405", 4, ids(3)).allowed


@pytest.mark.rules("15.2.3", "14.5")
def test_15_2_3_forming_follows_the_advance_rules_into_the_vacated_hex():
    sides = {"0404-0405": {"alpine": True}}
    sc = pos([*group()], hexsides=sides)
    bt = breakthrough(sc, "0405", 4, ids())
    assert {s.how for s in bt.starts} == {"decline"} and bt.form_refused
    sc = pos([*group()])
    assert "form" in {s.how for s in breakthrough(sc, "0405", 4, ids()).starts}


@pytest.mark.rules("15.2.4")
def test_15_2_4_example_declining_the_vacated_hex_costs_a_hex():
    # Adv 3: a group declining the vacated hex has two hexes for moving and attacking
    sc = pos([*group(), unit("A", "soviet", "0402")])  # two hexes from 0404, away from 0405
    assert sc.grid.distance("0404", "0402") == 2
    bt = breakthrough(sc, "0405", 3, ids())
    a = bt.target("0402")
    assert a is not None and a.left == 0
    assert a.options[0].path == ["0403"] and "15.2.4" in a.options[0].rules
    # one hex further away is out of reach
    sc = pos([*group(), unit("A", "soviet", "0401")])
    assert breakthrough(sc, "0405", 3, ids()).target("0401") is None
    assert breakthrough(sc, "0405", 4, ids()).target("0401") is not None


@pytest.mark.rules("15.2.5", "15.2.9", "14.5")
def test_15_2_5_targets_must_be_hexes_the_group_could_advance_into():
    sc = pos([*group(), unit("Y", "soviet", "0406")])
    assert breakthrough(sc, "0405", 4, ids()).target("0406") is not None
    river = {"0405-0406": {"river": "major"}}
    sc = pos([*group(), unit("Y", "soviet", "0406")], hexsides=river)
    bt = breakthrough(sc, "0405", 4, ids())
    # not across the river from the vacated hex; from 0306 or 0506 it may
    assert "0405" not in {o.hex for o in bt.target("0406").options}
    refused = [r for r in bt.refused if r.hex == "0406" and r.from_hex == "0405"]
    assert refused and {"14.5", "15.2.9"} <= set(refused[0].rules)
    sc = pos([*group(), unit("Y", "soviet", "0406")], hexes={"0406": "mountain"})
    assert breakthrough(sc, "0405", 4, ids()).target("0406") is None  # mechanized


@pytest.mark.rules("15.2.6")
def test_15_2_6_an_enemy_zoc_stops_the_group_unless_it_attacks():
    sc = pos([*group(), unit("Y", "soviet", "0407")])
    bt = breakthrough(sc, "0405", 4, ids())
    y = bt.target("0407")
    assert y is not None and y.options[0].hex == "0406" and "15.2.6" in y.options[0].rules
    # the group cannot move on past 0406 (in Y's ZOC) to 0307's far side
    assert "0408" not in bt.reach
    assert bt.reach["0406"] == 2


@pytest.mark.rules("15.2.8", "15.2.7")
def test_15_2_8_after_a_success_the_group_goes_on_but_never_earns_hexes():
    sc = pos([*group(hex_="0406"), unit("Z", "soviet", "0408")])
    bt = breakthrough(sc, "0405", 4, ids(), at="0406", left=1)
    z = bt.target("0408")
    assert z is None  # 0408 is two hexes away: one hex left is not enough
    bt = breakthrough(sc, "0405", 4, ids(), at="0406", left=2)
    assert bt.target("0408").left == 0
    assert max(bt.reach.values()) <= 2
    bt = breakthrough(sc, "0405", 4, ids(), at="0406", left=0)  # a failed one ends it
    assert bt.targets == []


@pytest.mark.rules("15.3.1")
def test_15_3_1_the_same_group_does_not_attack_a_hex_twice():
    sc = pos([*group(hex_="0406"), unit("Z", "soviet", "0407")])
    assert breakthrough(sc, "0405", 4, ids(), at="0406", left=2).target("0407") is not None
    bt = breakthrough(sc, "0405", 4, ids(), at="0406", left=2, attacked=["0407"])
    assert bt.target("0407") is None
    assert any("15.3.1" in r.rules for r in bt.refused)


@pytest.mark.rules("15.4", "8.6.2")
def test_15_4_auto_ds_units_may_form_a_breakthrough_group():
    sc = pos([*group(), unit("Y", "soviet", "0407")])
    bt = breakthrough(sc, "0405", None, ids(), mode="auto-ds")
    assert bt.allowed and bt.allowance == 4 and bt.target("0407") is not None


@pytest.mark.rules("22.7")
def test_22_7_no_breakthrough_combat_from_an_entry_area():
    w = {"W": {"side": "axis", "hexes": ["0101", "0102", "0103"]}}
    sc = pos([*group(hex_="W"), unit("Y", "soviet", "0101")], entry_areas=w)
    bt = breakthrough(sc, "0102", 4, ids())
    y = bt.target("0101")
    # 0101 borders the area, but the attack must come from a map hex
    assert y is not None and all(o.hex != "W" for o in y.options)
