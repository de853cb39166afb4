"""Rulings on combat odds (Stalingrad '42 chapters 8-9 and the rules they call on).

The defender stands in 0405 (even column): its neighbours are 0404 0505 0506 0406
0306 0305. Each rule id has a case it allows (or where the modifier applies) and
one it forbids (or where it does not).
"""

import pytest
from positions import pos, unit

from adjudicator.games.s42.combat.odds import Support, compute_odds, ratio_level

D = "0405"


def odds(units, attackers, support=None, readings=None, **kw):
    return compute_odds(pos(units, **kw), D, attackers, support, readings)


def att(uid, hex_, attack, **kw):
    return unit(uid, "axis", hex_, attack=attack, **kw)


def dfn(uid, defense, hex_=D, **kw):
    return unit(uid, "soviet", hex_, defense=defense, attack=kw.pop("attack", 3), **kw)


def cols(o):
    return {tuple(s.rules): s.columns for s in o.shifts}


def refused_rules(o):
    return {r for f in o.refused for r in f.rules}


# -- 8.1 who may attack -------------------------------------------------------------


@pytest.mark.rules("8.1")
def test_8_1_adjacent_phasing_unit_attacks_but_not_from_two_hexes_away():
    o = odds([att("A", "0404", 6), dfn("X", 3)], ["A"])
    assert o.allowed and o.ratio == "2-1"
    far = odds([att("A", "0403", 6), dfn("X", 3)], ["A"])
    assert not far.allowed and "8.1" in refused_rules(far)


@pytest.mark.rules("8.1")
def test_8_1_non_phasing_units_do_not_attack():
    o = odds([att("A", "0404", 6), dfn("X", 3)], ["A"], phasing="soviet")
    assert not o.allowed and "8.1" in refused_rules(o)


@pytest.mark.rules("8.1")
def test_8_1_no_unit_attacks_twice_or_is_attacked_twice():
    twice = odds([att("A", "0404", 6, attacked=True), dfn("X", 3)], ["A"])
    assert not twice.allowed and "8.1" in refused_rules(twice)
    again = odds([att("A", "0404", 6), dfn("X", 3, defended=True)], ["A"])
    assert not again.allowed and "8.1" in refused_rules(again)


@pytest.mark.rules("8.1", "12.4")
def test_12_4_hex_with_retreated_units_may_be_attacked_and_they_add_nothing():
    o = odds([att("A", "0404", 6), dfn("X", 3), dfn("R", 5, defended=True, retreated=True)],
             ["A"])
    assert o.allowed and o.defense == 3
    assert o.unit("R").strength == 0 and "12.4" in o.unit("R").steps[-1].rules


@pytest.mark.rules("8.1", "2.2.3")
def test_8_1_no_attack_across_an_impassable_hexside():
    o = odds([att("A", "0404", 6), dfn("X", 3)], ["A"],
             hexsides={"0404-0405": {"impassable": True}})
    assert not o.allowed and "2.2.3" in refused_rules(o)


@pytest.mark.rules("19.3", "9.7.4")
def test_19_3_non_combat_units_neither_attack_nor_defend():
    sp = odds([att("S", "0404", 0, type_="supply-point", defense=0), dfn("X", 3)], ["S"])
    assert not sp.allowed and "19.3" in refused_rules(sp)
    only_sp = odds([att("A", "0404", 6), dfn("S", 0, type_="supply-point")], ["A"])
    assert not only_sp.allowed and "19.3" in refused_rules(only_sp)
    with_sp = odds([att("A", "0404", 6), dfn("X", 3), dfn("S", 0, type_="supply-point")], ["A"])
    assert with_sp.allowed and with_sp.defense == 3


@pytest.mark.rules("22.7")
def test_22_7_units_in_an_entry_area_attack_the_hexes_bordering_it():
    areas = {"W": {"side": "axis", "hexes": ["0101", "0102"]}}
    ok = compute_odds(pos([att("A", "W", 6), dfn("X", 3, hex_="0101")], entry_areas=areas),
                      "0101", ["A"])
    assert ok.allowed and ok.attack == 6
    no = compute_odds(pos([att("A", "W", 6), dfn("X", 3, hex_="0103")], entry_areas=areas),
                      "0103", ["A"])
    assert not no.allowed and "22.7" in refused_rules(no)


# -- 8.3 ratio, 8.4 limits, 8.5 caps -------------------------------------------------


@pytest.mark.rules("8.3")
@pytest.mark.parametrize("a,d,ratio", [(7, 2, "3-1"), (9, 4, "2-1"), (6, 4, "1-1"), (5, 6, "1-2")])
def test_8_3_odds_rounded_down_as_in_the_examples(a, d, ratio):
    o = odds([att("A", "0404", a), dfn("X", d)], ["A"])
    assert o.ratio == ratio and o.column == ratio and o.allowed


@pytest.mark.rules("8.4.1")
def test_8_4_1_odds_below_1_3_are_not_allowed_1_3_is():
    low = odds([att("A", "0404", 1), dfn("X", 4)], ["A"])
    assert low.ratio == "1-4" and not low.allowed and "8.4.1" in refused_rules(low)
    ok = odds([att("A", "0404", 2), dfn("X", 6)], ["A"])
    assert ok.ratio == "1-3" and ok.allowed


@pytest.mark.rules("8.4.1")
def test_8_4_1_eight_and_nine_to_one_use_7_1_ten_to_one_is_automatic_ds():
    eight = odds([att("A", "0404", 16), dfn("X", 2)], ["A"])
    assert eight.ratio == "8-1" and eight.column == "7-1" and not eight.automatic_ds
    ten = odds([att("A", "0404", 20), dfn("X", 2)], ["A"])
    assert ten.automatic_ds and ten.column == "10-1"


@pytest.mark.rules("8.4.2", "9.7.1")
def test_8_4_2_shifts_count_before_the_limits():
    # 8-1 with a fortification shift left: the 7-1 column, not 6-1
    fort = odds([att("A", "0404", 16), dfn("X", 2)], ["A"], hexes={D: {"fortification": "built"}})
    assert fort.ratio == "8-1" and fort.column == "7-1"
    # 7-1 with a shift right stays on 7-1
    tank = odds([att("A", "0404", 14, type_="panzer", tank="black"), dfn("X", 2)], ["A"])
    assert tank.ratio == "7-1" and tank.column == "7-1" and tank.net_shift == 1
    # 1-4 with a shift right is 1-3 and allowed
    low = odds([att("A", "0404", 1, type_="panzer", tank="black"), dfn("X", 4)], ["A"])
    assert low.ratio == "1-4" and low.column == "1-3" and low.allowed


@pytest.mark.rules("8.6.1", "9.2.1", "9.2.2", "8.4.1")
def test_8_6_example_25_to_3_with_two_tank_shifts_is_an_automatic_ds():
    units = [att("A1", "0404", 10, type_="panzer", tank="red"),
             att("A2", "0505", 10, type_="panzer", tank="red"),
             att("A3", "0506", 5), dfn("X", 3)]
    o = odds(units, ["A1", "A2", "A3"])
    assert o.ratio == "8-1" and o.net_shift == 2 and o.automatic_ds
    # ...and unit B then attacks Y at 10 to 3 with two shifts: 5-1
    o2 = odds([att("B", "0404", 10, type_="panzer", tank="red"), dfn("Y", 3)], ["B"])
    assert o2.ratio == "3-1" and o2.column == "5-1"


@pytest.mark.rules("8.5.1")
def test_8_5_1_example_six_panzer_divisions_attack_at_40_not_60():
    hexes = ["0404", "0505", "0506", "0406", "0306", "0305"]
    units = [att(f"P{i}", h, 10, type_="panzer", tank="black") for i, h in enumerate(hexes)]
    o = odds(units + [dfn("X", 5)], [f"P{i}" for i in range(6)], hexes={D: {"city": "major"}})
    assert o.attack_total == 60 and o.attack == 40 and "8.5.1" in o.rules
    under = odds(units[:3] + [dfn("X", 5)], ["P0", "P1", "P2"], hexes={D: {"city": "major"}})
    assert under.attack == 30 and "8.5.1" not in under.rules


@pytest.mark.rules("8.5.2")
def test_8_5_2_example_two_4_6_3s_in_a_city_defend_at_20_not_24():
    o = odds([att("A", "0404", 20), dfn("X", 6), dfn("Y", 6)], ["A"], hexes={D: {"city": "minor"}})
    assert o.defense_total == 24 and o.defense == 20 and "8.5.2" in o.rules
    one = odds([att("A", "0404", 20), dfn("X", 6)], ["A"], hexes={D: {"city": "minor"}})
    assert one.defense == 12 and "8.5.2" not in one.rules


# -- 9.1 halving and doubling -------------------------------------------------------------


@pytest.mark.rules("9.1", "16.4")
def test_9_1_example_1_halving_is_by_unit_rounding_up():
    o = odds([att("A", "0404", 5, supply="out-of-supply"),
              att("B", "0505", 5, supply="out-of-supply"), dfn("X", 3)], ["A", "B"])
    assert o.attack == 6
    fed = odds([att("A", "0404", 5), att("B", "0505", 5), dfn("X", 3)], ["A", "B"])
    assert fed.attack == 10


@pytest.mark.rules("9.1", "9.6.3", "9.5.1")
def test_9_1_example_2_city_defender_behind_a_river_is_doubled_once():
    o = odds([att("A", "0404", 8), dfn("X", 4)], ["A"], hexes={D: {"city": "minor"}},
             hexsides={"0404-0405": {"river": "minor"}})
    assert o.defense == 8 and "9.1" in o.unit("X").steps[-1].rules


@pytest.mark.rules("9.1", "9.5.2", "16.4")
def test_9_1_example_3_oos_across_a_major_river_nine_becomes_three():
    o = odds([att("A", "0404", 9, supply="out-of-supply"), dfn("X", 1)], ["A"],
             hexsides={"0404-0405": {"river": "major"}})
    assert o.unit("A").strength == 3
    assert [s.value for s in o.unit("A").steps] == [9, 5, 3]


@pytest.mark.rules("9.1", "13.2.1", "9.6.3")
def test_9_1_disrupted_unit_in_a_city_is_halved_before_doubling():
    o = odds([att("A", "0404", 9), dfn("X", 5, status="disrupted")], ["A"],
             hexes={D: {"city": "major"}})
    assert [s.value for s in o.unit("X").steps] == [5, 3, 6]


# -- 9.2 tank shifts ---------------------------------------------------------------------------


@pytest.mark.rules("9.2.1")
def test_9_2_1_black_dot_attacker_earns_a_shift_a_defending_tank_cancels_it():
    o = odds([att("A", "0404", 8, type_="panzer", tank="black"), dfn("X", 4)], ["A"])
    assert cols(o) == {("9.2.1",): 1} and o.column == "3-1"
    both = odds([att("A", "0404", 8, type_="panzer", tank="black"),
                 dfn("X", 4, type_="tank", tank="black")], ["A"])
    assert both.net_shift == 0 and both.column == "2-1"


@pytest.mark.rules("9.2.1")
def test_9_2_1_defending_tank_earns_a_shift_left_unless_the_attacker_has_tanks():
    o = odds([att("A", "0404", 8), dfn("X", 4, type_="tank", tank="black")], ["A"])
    assert o.net_shift == -1 and o.column == "1-1"
    assert any(s.side == "defender" and s.rules == ["9.2.1"] for s in o.shifts)


@pytest.mark.rules("9.2.2")
def test_9_2_2_examples_panzer_against_infantry_and_against_a_tank_corps():
    inf = odds([att("P", "0404", 10, type_="panzer", tank="red", defense=8, ma=6),
                dfn("X", 5)], ["P"])
    assert inf.ratio == "2-1" and inf.column == "4-1"
    assert [s.to_json()["rules"] for s in inf.shifts] == [["9.2.1", "9.2.2"]]
    tc = odds([att("P", "0404", 10, type_="panzer", tank="red"),
               dfn("T", 5, type_="tank", tank="black", attack=7)], ["P"])
    assert tc.ratio == "2-1" and tc.column == "3-1"
    assert [s.rules for s in tc.shifts] == [["9.2.2"]]


@pytest.mark.rules("9.2.2")
def test_9_2_2_elite_shift_is_the_axis_players_only():
    sov = compute_odds(pos([unit("S", "soviet", "0404", "tank", attack=8, tank="red"),
                            unit("G", "axis", D, defense=4)], phasing="soviet"), D, ["S"])
    assert sov.net_shift == 1 and any("9.2.2" in f.rules for f in sov.not_applied)
    axis_def = compute_odds(pos([unit("S", "soviet", "0404", attack=8),
                                 unit("G", "axis", D, "panzer", defense=4, tank="red")],
                                phasing="soviet"), D, ["S"])
    assert axis_def.net_shift == -2


@pytest.mark.rules("9.2.3")
@pytest.mark.parametrize("hexspec", [
    "woods", "wooded-rough", "marsh", "mountain", {"city": "minor"}, {"city": "major"},
    {"fortification": "built"}, {"fortification": "printed"}])
def test_9_2_3_no_tank_shifts_into_closed_terrain(hexspec):
    o = odds([att("A", "0404", 8, type_="panzer", tank="red"),
              dfn("X", 4, type_="tank", tank="black")], ["A"], hexes={D: hexspec})
    assert not any(s.rules[0].startswith("9.2") for s in o.shifts)
    assert any("9.2.3" in f.rules for f in o.not_applied)


@pytest.mark.rules("9.2.3")
def test_9_2_3_clear_and_rough_hexes_allow_tank_shifts():
    for terrain in ("clear", "rough", "desert"):
        o = odds([att("A", "0404", 8, type_="panzer", tank="black"), dfn("X", 4)], ["A"],
                 hexes={D: terrain})
        assert ("9.2.1",) in cols(o)


@pytest.mark.rules("9.2.3")
def test_9_2_3_tank_across_a_river_earns_nothing_but_cancels_the_defenders_shift():
    sides = {"0404-0405": {"river": "minor"}}
    o = odds([att("A", "0404", 8, type_="panzer", tank="black"),
              dfn("X", 4, type_="tank", tank="black")], ["A"], hexsides=sides)
    assert o.net_shift == 0  # the rulebook's example: neither side earns it
    alone = odds([att("A", "0404", 8, type_="panzer", tank="black"), dfn("X", 4)], ["A"],
                 hexsides=sides)
    assert alone.net_shift == 0
    out_of_marsh = odds([att("A", "0404", 8, type_="panzer", tank="black"), dfn("X", 4)],
                        ["A"], hexes={"0404": "marsh"})
    assert out_of_marsh.net_shift == 0


@pytest.mark.rules("9.2.4")
def test_9_2_4_anti_tank_defender_denies_the_tank_shift_but_not_the_elite_shift():
    o = odds([att("A", "0404", 8, type_="panzer", tank="red"),
              dfn("X", 4, type_="tank-destroyer", tank="white")], ["A"])
    assert [s.rules for s in o.shifts] == [["9.2.2"]]
    assert any("9.2.4" in f.rules for f in o.not_applied)


@pytest.mark.rules("9.2.4")
def test_9_2_4_anti_tank_attacker_neither_earns_nor_cancels():
    o = odds([att("A", "0404", 8, type_="tank-destroyer", tank="white"),
              dfn("X", 4, type_="tank", tank="black")], ["A"])
    assert o.net_shift == -1


@pytest.mark.rules("13.2.1", "9.2.1")
def test_13_2_1_disrupted_defending_tanks_still_deny_full_retreat_ones_do_not():
    dis = odds([att("A", "0404", 8, type_="panzer", tank="black"),
                dfn("X", 4, type_="tank", tank="black", status="disrupted")], ["A"])
    assert dis.net_shift == 0
    fr = odds([att("A", "0404", 8, type_="panzer", tank="black"), dfn("I", 4),
               dfn("X", 4, type_="tank", tank="black", status="full-retreat")], ["A"])
    assert fr.net_shift == 1


# -- 9.3 air -----------------------------------------------------------------------------------


@pytest.mark.rules("9.3.3", "23.2.1")
def test_9_3_3_air_unit_shifts_right_in_clear_weather():
    o = odds([att("A", "0404", 8), dfn("X", 4)], ["A"], Support(air=True))
    assert cols(o) == {("9.3.3",): 1}


@pytest.mark.rules("9.3.3", "23.2.3", "23.2.2")
def test_23_2_no_air_unit_flies_in_rain_or_overcast_w():
    for w in ("rain", "snow", "overcast-w"):
        o = odds([att("A", "0404", 8), dfn("X", 4)], ["A"], Support(air=True), weather=w)
        assert not o.allowed and refused_rules(o) & {"23.2.2", "23.2.3", "23.2.4"}
    ok = odds([att("A", "0404", 8), dfn("X", 4)], ["A"], Support(air=True), weather="overcast")
    assert ok.allowed


@pytest.mark.rules("9.3.4")
def test_9_3_4_axis_air_shifts_left_in_the_soviet_combat_phase():
    o = compute_odds(pos([unit("S", "soviet", "0404", attack=8), unit("G", "axis", D, defense=4)],
                         phasing="soviet"), D, ["S"], Support(air=True))
    assert cols(o) == {("9.3.4",): -1}


@pytest.mark.rules("9.3.8")
def test_9_3_8_romanian_air_only_for_a_mostly_romanian_combat():
    rom = odds([att("R", "0404", 6, nationality="romanian", defense=5),
                att("G", "0505", 4, defense=3), dfn("X", 4)], ["R", "G"],
               Support(air=True, air_nation="romanian"))
    assert rom.allowed and rom.net_shift == 1
    ger = odds([att("R", "0404", 6, nationality="romanian", defense=3),
                att("G", "0505", 4, defense=5), dfn("X", 4)], ["R", "G"],
               Support(air=True, air_nation="romanian"))
    assert not ger.allowed and "9.3.8" in refused_rules(ger)


# -- 9.4 and 18 artillery ---------------------------------------------------------------------


def art(uid, hex_, side="axis", type_="army-hq", **kw):
    return unit(uid, side, hex_, type_, attack=0, defense=1, free_stacking=True, **kw)


@pytest.mark.rules("9.4", "18.3.1")
def test_18_3_1_ready_asu_gives_one_shift_right():
    o = odds([att("A", "0404", 8), art("H", "0403"), dfn("X", 4)], ["A"],
             Support(artillery=("H",)))
    assert cols(o) == {("9.4", "18.3.1"): 1}


@pytest.mark.rules("18.2.1", "18.2.3")
def test_18_2_used_or_disrupted_asu_gives_no_shift():
    for kw in ({"used": True}, {"status": "disrupted"}, {"train": True}, {"replacement": True}):
        o = odds([att("A", "0404", 8), art("H", "0403", **kw), dfn("X", 4)], ["A"],
                 Support(artillery=("H",)))
        assert not o.allowed and refused_rules(o) & {"18.2.1", "18.2.3"}


@pytest.mark.rules("18.3.2")
def test_18_3_2_asus_never_give_a_defensive_shift():
    o = odds([att("A", "0404", 8), art("H", "0407", side="soviet", type_="front-hq"),
              dfn("X", 4)], ["A"], Support(artillery=("H",)))
    assert not o.allowed and "18.3.2" in refused_rules(o)


@pytest.mark.rules("18.4")
def test_18_4_asu_out_of_range_gives_no_shift():
    near = odds([att("A", "0404", 8), art("H", "0402", range=2), dfn("X", 4)], ["A"],
                Support(artillery=("H",)))
    assert near.allowed and near.net_shift == 1
    far = odds([att("A", "0404", 8), art("H", "0401", range=2), dfn("X", 4)], ["A"],
               Support(artillery=("H",)))
    assert not far.allowed and "18.4" in refused_rules(far)


@pytest.mark.rules("18.5", "18.3.1")
def test_18_5_massive_barrage_two_soviet_shifts_but_never_two_axis_hqs():
    sov = compute_odds(pos([unit("S", "soviet", "0404", attack=8),
                            art("AD", "0403", side="soviet", type_="artillery"),
                            art("FH", "0402", side="soviet", type_="front-hq"),
                            unit("G", "axis", D, defense=4)], phasing="soviet"), D, ["S"],
                       Support(artillery=("AD", "FH")))
    assert sov.allowed and cols(sov) == {("9.4", "18.5"): 2}
    two_hq = compute_odds(pos([unit("S", "soviet", "0404", attack=8),
                               art("F1", "0403", side="soviet", type_="front-hq"),
                               art("F2", "0402", side="soviet", type_="front-hq"),
                               unit("G", "axis", D, defense=4)], phasing="soviet"), D, ["S"],
                          Support(artillery=("F1", "F2")))
    assert not two_hq.allowed and "18.5" in refused_rules(two_hq)


@pytest.mark.rules("18.6.5")
def test_18_6_5_supply_point_gives_a_shift_only_stacked_with_a_good_order_asu():
    sp = unit("SP", "axis", "0403", "supply-point", attack=0, defense=0)
    ok = odds([att("A", "0404", 8), art("H", "0403", used=True), sp, dfn("X", 4)], ["A"],
              Support(artillery=("SP",)))
    assert ok.allowed and ok.net_shift == 1
    alone = odds([att("A", "0404", 8), sp, dfn("X", 4)], ["A"], Support(artillery=("SP",)))
    assert not alone.allowed and "18.6.5" in refused_rules(alone)


@pytest.mark.rules("18.3.3")
def test_18_3_3_allied_hq_needs_an_attacker_of_its_nationality():
    hq = art("RH", "0403", nationality="romanian")
    no = odds([att("A", "0404", 8), hq, dfn("X", 4)], ["A"], Support(artillery=("RH",)))
    assert not no.allowed and "18.3.3" in refused_rules(no)
    yes = odds([att("A", "0404", 8, nationality="romanian"), hq, dfn("X", 4)], ["A"],
               Support(artillery=("RH",)))
    assert yes.allowed


# -- 9.5 rivers and marshes -------------------------------------------------------------------


@pytest.mark.rules("9.5.1", "9.5.2")
def test_9_5_examples_units_x_and_y():
    sides = {"0404-0405": {"river": "major"}, "0505-0405": {"river": "major"},
             "0506-0405": {"river": "minor"}}
    units = [att("A", "0404", 5), att("B", "0505", 5), att("C", "0506", 5), dfn("X", 5)]
    x = odds(units, ["A", "B", "C"], hexsides=sides)
    assert (x.attack, x.defense, x.ratio) == (11, 10, "1-1")
    sides_y = {"0404-0405": {"river": "major"}, "0505-0405": {"river": "major"}}
    y = odds([att("D", "0404", 5), att("E", "0505", 5), att("F", "0506", 5), dfn("Y", 5)],
             ["D", "E", "F"], hexsides=sides_y)
    assert (y.attack, y.defense, y.ratio) == (11, 5, "2-1")
    assert any("9.5.1" in f.rules for f in y.not_applied)


@pytest.mark.rules("9.5.4", "9.5.1", "9.2.3")
def test_9_5_4_example_out_of_a_marsh_and_across_a_major_river_13_to_10():
    o = odds([att("A", "0404", 8), att("B", "0505", 9, type_="panzer", tank="black"),
              dfn("S", 5)], ["A", "B"], hexes={"0505": "marsh"},
             hexsides={"0404-0405": {"river": "major"}})
    assert (o.attack, o.defense, o.ratio, o.net_shift) == (13, 10, "1-1", 0)


@pytest.mark.rules("9.5.4")
def test_9_5_4_defender_in_a_marsh_is_doubled_seasonal_marsh_only_after_rain():
    marsh = odds([att("A", "0404", 8), dfn("X", 4)], ["A"], hexes={D: "marsh"})
    assert marsh.defense == 8
    dry = odds([att("A", "0404", 8), dfn("X", 4)], ["A"], hexes={D: "seasonal-marsh"})
    assert dry.defense == 4
    wet = odds([att("A", "0404", 8), dfn("X", 4)], ["A"], hexes={D: "seasonal-marsh"},
               weather="rain")
    assert wet.defense == 8


@pytest.mark.rules("9.5.3")
def test_9_5_3_across_the_volga_only_at_a_ferry_and_then_as_a_major_river():
    no = odds([att("A", "0404", 8), dfn("X", 4)], ["A"], hexsides={"0404-0405": {"river": "volga"}})
    assert not no.allowed and "9.5.3" in refused_rules(no)
    ferry = odds([att("A", "0404", 8), dfn("X", 4)], ["A"],
                 hexsides={"0404-0405": {"river": "volga", "bridge": "ferry"}})
    assert ferry.allowed and ferry.attack == 4 and ferry.defense == 8


@pytest.mark.rules("9.5.6", "23.4")
def test_9_5_6_lake_hexside_closed_until_frozen_then_a_frozen_major_river():
    sides = {"0404-0405": {"lake": True}}
    no = odds([att("A", "0404", 8), dfn("X", 4)], ["A"], hexsides=sides)
    assert not no.allowed and "9.5.6" in refused_rules(no)
    frozen = odds([att("A", "0404", 8), dfn("X", 4)], ["A"], hexsides=sides,
                  hexes={D: "desert"}, turn=28)
    # Winter -1 first (7), then halved for the frozen lake (4); the defender is doubled
    assert frozen.allowed and frozen.unit("A").strength == 4 and frozen.defense == 8


# -- 9.6 mountain, alpine, city -----------------------------------------------------------------


@pytest.mark.rules("9.6.1", "2.3.3")
def test_9_6_1_infantry_types_doubled_in_mountains_tanks_not():
    inf = odds([att("A", "0404", 8), dfn("X", 4)], ["A"], hexes={D: "mountain"})
    assert inf.defense == 8
    tank = odds([att("A", "0404", 8), dfn("X", 4, type_="tank")], ["A"], hexes={D: "mountain"})
    assert tank.defense == 4


@pytest.mark.rules("9.6.1", "20.2")
def test_20_2_axis_mountain_units_attack_doubled_into_mountains_soviet_ones_not():
    ax = odds([att("M", "0404", 4, type_="mountain"), dfn("X", 2)], ["M"], hexes={D: "mountain"})
    assert ax.attack == 8
    sov = compute_odds(pos([unit("M", "soviet", "0404", "mountain", attack=4),
                            unit("G", "axis", D, defense=2)], hexes={D: "mountain"},
                           phasing="soviet"), D, ["M"])
    assert sov.attack == 4


@pytest.mark.rules("9.6.2", "23.4")
def test_9_6_2_only_mountain_units_attack_across_alpine_hexsides_and_undoubled():
    sides = {"0404-0405": {"alpine": True}}
    inf = odds([att("A", "0404", 4), dfn("X", 2)], ["A"], hexsides=sides)
    assert not inf.allowed and "9.6.2" in refused_rules(inf)
    mtn = odds([att("M", "0404", 4, type_="mountain"), dfn("X", 2)], ["M"], hexsides=sides,
               hexes={D: "mountain"})
    assert mtn.allowed and mtn.attack == 4
    road = odds([att("A", "0404", 4), dfn("X", 2)], ["A"],
                hexsides={"0404-0405": {"alpine": True, "road": "secondary"}})
    assert road.allowed
    winter = odds([att("M", "0404", 4, type_="mountain"), dfn("X", 2)], ["M"], hexsides=sides,
                  turn=28)
    assert not winter.allowed and "23.4" in refused_rules(winter)


@pytest.mark.rules("9.6.3")
def test_9_6_3_city_doubles_all_but_asus_soviet_tank_corps_and_silhouettes():
    city = {D: {"city": "minor"}}
    assert odds([att("A", "0404", 8), dfn("X", 4)], ["A"], hexes=city).defense == 8
    assert odds([att("A", "0404", 8), dfn("X", 4, type_="tank", tank="black")], ["A"],
                hexes=city).defense == 4
    assert odds([att("A", "0404", 8), dfn("X", 4, type_="mechanized", tank="black",
                                          free_stacking=True)], ["A"], hexes=city).defense == 4
    assert odds([att("A", "0404", 8), dfn("I", 2), dfn("X", 4, type_="artillery")], ["A"],
                hexes=city).defense == 8


# -- 9.7 fortifications, 9.8 parenthesized, 9.9 others --------------------------------------------


@pytest.mark.rules("9.7.1", "9.9")
def test_9_7_1_fortification_one_left_and_two_left_in_rough():
    fort = odds([att("A", "0404", 8), dfn("X", 4)], ["A"], hexes={D: {"fortification": "built"}})
    assert fort.net_shift == -1 and fort.column == "1-1"
    rough = odds([att("A", "0404", 8), dfn("X", 4)], ["A"],
                 hexes={D: {"terrain": "rough", "fortification": "built"}})
    assert rough.net_shift == -2 and rough.column == "1-2"
    plain = odds([att("A", "0404", 8), dfn("X", 4)], ["A"])
    assert plain.net_shift == 0


@pytest.mark.rules("9.7.2")
def test_9_7_2_no_attack_out_of_a_hex_with_a_fort_being_built_and_no_benefit_yet():
    out = odds([att("A", "0404", 8), dfn("X", 4)], ["A"],
               hexes={"0404": {"fortification": "under-construction"}})
    assert not out.allowed and "9.7.2" in refused_rules(out)
    into = odds([att("A", "0404", 8), dfn("X", 4)], ["A"],
                hexes={D: {"fortification": "under-construction"}})
    assert into.allowed and into.net_shift == 0


@pytest.mark.rules("9.7.6")
def test_9_7_6_printed_fortifications_never_help_axis_units():
    hexes = {D: {"fortification": "printed"}}
    sov_def = odds([att("A", "0404", 8), dfn("X", 4)], ["A"], hexes=hexes)
    assert sov_def.net_shift == -1
    ax_def = compute_odds(pos([unit("S", "soviet", "0404", "tank", attack=8, tank="black"),
                               unit("G", "axis", D, defense=4)], hexes=hexes,
                              phasing="soviet"), D, ["S"])
    assert ax_def.net_shift == 1  # no shift left, and the tank shift stands
    other = compute_odds(pos([unit("S", "soviet", "0404", "tank", attack=8, tank="black"),
                              unit("G", "axis", D, defense=4)], hexes=hexes,
                             phasing="soviet"), D, ["S"], readings={"9.7.6": "tank-ban-stays"})
    assert other.net_shift == 0


@pytest.mark.rules("9.8")
def test_9_8_parenthesized_strength_counts_only_alone_and_once():
    alone = odds([att("A", "0404", 8), dfn("P", 2, parenthesized=True),
                  dfn("Q", 3, parenthesized=True)], ["A"])
    assert alone.defense == 3
    stacked = odds([att("A", "0404", 8), dfn("P", 2, parenthesized=True), dfn("X", 4)], ["A"])
    assert stacked.defense == 4 and stacked.unit("P").strength == 0


@pytest.mark.rules("9.8")
def test_9_8_readings_differ_on_a_supply_point_in_the_hex():
    units = [att("A", "0404", 8), dfn("P", 2, parenthesized=True),
             dfn("S", 0, type_="supply-point")]
    assert odds(units, ["A"]).defense == 2
    assert odds(units, ["A"], readings={"9.8": "any-unit"}).defense == 0


@pytest.mark.rules("9.9", "5.6.4")
def test_5_6_4_train_defends_at_1_never_doubled_and_may_not_attack():
    t = odds([att("A", "0404", 8), dfn("X", 6, train=True)], ["A"], hexes={D: {"city": "major"}})
    assert t.defense == 1
    no = odds([att("A", "0404", 8, train=True), dfn("X", 4)], ["A"])
    assert not no.allowed and "5.6.4" in refused_rules(no)


@pytest.mark.rules("9.9", "13.2.1")
def test_13_2_1_disrupted_defender_halved_and_may_not_attack():
    d = odds([att("A", "0404", 8), dfn("X", 5, status="disrupted")], ["A"])
    assert d.defense == 3
    no = odds([att("A", "0404", 8, status="disrupted"), dfn("X", 4)], ["A"])
    assert not no.allowed and "13.2.1" in refused_rules(no)


@pytest.mark.rules("9.9", "13.3.2")
def test_13_3_2_full_retreat_defender_counts_zero():
    o = odds([att("A", "0404", 8), dfn("X", 4), dfn("F", 5, status="full-retreat")], ["A"])
    assert o.defense == 4 and o.unit("F").strength == 0
    alone = odds([att("A", "0404", 2), dfn("F", 5, status="full-retreat")], ["A"])
    assert alone.automatic_ds


@pytest.mark.rules("9.9", "16.4")
def test_16_4_out_of_supply_halves_attack_not_defense():
    o = odds([att("A", "0404", 7, supply="isolated"), dfn("X", 4, supply="out-of-supply")], ["A"])
    assert o.attack == 4 and o.defense == 4


@pytest.mark.rules("9.9", "23.4")
def test_23_4_winter_minus_one_for_axis_north_of_row_43():
    o = compute_odds(pos([unit("S", "soviet", "0404", attack=8),
                          unit("G", "axis", D, defense=5)], phasing="soviet", turn=28), D, ["S"])
    assert o.defense == 4
    summer = compute_odds(pos([unit("S", "soviet", "0404", attack=8),
                               unit("G", "axis", D, defense=5)], phasing="soviet", turn=27),
                          D, ["S"])
    assert summer.defense == 5
    town = compute_odds(pos([unit("S", "soviet", "0404", attack=8),
                             unit("G", "axis", D, defense=5)], hexes={D: {"town": True}},
                            phasing="soviet", turn=28), D, ["S"])
    assert town.defense == 5
    floor = compute_odds(pos([unit("S", "soviet", "0404", attack=8),
                              unit("G", "axis", D, defense=2)], phasing="soviet", turn=28),
                         D, ["S"])
    assert floor.defense == 2
    a = odds([att("A", "0404", 1), att("B", "0505", 6), dfn("X", 2)], ["A", "B"], turn=28)
    assert a.unit("A").strength == 1 and a.unit("B").strength == 5


@pytest.mark.rules("23.4")
def test_23_4_winter_and_out_of_supply_do_not_add_up():
    o = odds([att("A", "0404", 9, supply="out-of-supply"), dfn("X", 2)], ["A"], turn=28)
    assert o.unit("A").strength == 5  # halved (5), not halved and -1 (4)
    row44 = compute_odds(pos([att("A", "0443", 9), dfn("X", 2, hex_="0444")],
                             rows=range(40, 46), turn=28), "0444", ["A"])
    assert row44.unit("A").strength == 8
    south = compute_odds(pos([att("A", "0444", 9), dfn("X", 2, hex_="0445")],
                             rows=range(40, 46), turn=28), "0445", ["A"])
    assert south.unit("A").strength == 9


# -- 20.5, 21.4, 29.1.3 ------------------------------------------------------------------------


@pytest.mark.rules("20.5.1")
def test_20_5_1_allies_of_two_nationalities_never_attack_together():
    one = odds([att("R", "0404", 4, nationality="romanian"), att("G", "0505", 4), dfn("X", 4)],
               ["R", "G"])
    assert one.allowed
    two = odds([att("R", "0404", 4, nationality="romanian"),
                att("I", "0505", 4, nationality="italian"), dfn("X", 4)], ["R", "I"])
    assert not two.allowed and "20.5.1" in refused_rules(two)


@pytest.mark.rules("21.4")
def test_21_4_replacement_marker_stops_every_attack_out_of_its_hex():
    o = odds([att("A", "0404", 8), att("R", "0404", 4, replacement=True), dfn("X", 4)], ["A"])
    assert not o.allowed and "21.4" in refused_rules(o)
    ok = odds([att("A", "0404", 8), att("R", "0403", 4, replacement=True), dfn("X", 4)], ["A"])
    assert ok.allowed


@pytest.mark.rules("29.1.3")
def test_29_1_3_units_in_a_contested_city_join_attacks_on_it_but_never_attack_out():
    city = {D: {"city": "major"}}
    inside = odds([att("A", D, 4), att("B", "0404", 4), dfn("X", 2)], ["A", "B"], hexes=city)
    assert inside.allowed and inside.attack == 8
    out = compute_odds(pos([att("A", D, 4), dfn("X", 2), dfn("Y", 2, hex_="0404")], hexes=city),
                       "0404", ["A"])
    assert not out.allowed and "29.1.3" in refused_rules(out)


def test_ratio_level_ladder():
    assert [ratio_level(a, 6) for a in (2, 3, 6, 12, 42)] == [-2, -1, 0, 1, 6]
