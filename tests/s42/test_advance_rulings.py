"""Rulings on Advance After Combat (Stalingrad '42 chapter 14 and the sections it leans on).

Each rule id has a case it allows and a case it forbids. Positions use the clear
8x8 map of ``positions.py``: neighbours of even-column 0404 are 0403 0504 0505
0405 0305 0304; of odd-column 0505 they are 0504 0604 0605 0506 0405 0404.
"""

import pytest
from positions import pos, unit

from adjudicator.errors import InputError
from adjudicator.games.s42.queries.advance import advances, check_advance

AROUND_0404 = {"0304", "0305", "0403", "0405", "0504", "0505"}


def mech(uid, side, hex_, **kw):
    return unit(uid, side, hex_, type_="panzer", ma=6, **kw)


def far(sc, ans, uid):
    """How many hexes away from its start the unit gets at most."""
    u = ans.unit(uid)
    return max((sc.grid.distance(u.start, h) for h in u.hexes if h in sc.map.hexes), default=0)


def verdict(sc, uid, path, vacated="0405", n=4, **kw):
    return check_advance(sc, uid, path, vacated, n, **kw)


# --- 14.1: who may advance ----------------------------------------------------------


@pytest.mark.rules("14.1")
def test_14_1_attackers_may_advance():
    sc = pos([unit("A", "axis", "0404")])
    a = advances(sc, "0405", 2, ["A"]).unit("A")
    assert a.may_advance and "14.1" in a.rules and "0405" in a.hexes


@pytest.mark.rules("14.1", "18.3.1")
def test_14_1_asu_that_gave_a_shift_may_not_advance():
    sc = pos([unit("A", "axis", "0404"),
              unit("ART", "axis", "0404", type_="artillery", attack=0, defense=1, ma=6)])
    ans = advances(sc, "0405", 4, ["A", "ART"], shifted=["ART"])
    assert not ans.unit("ART").may_advance and ans.unit("ART").hexes == []
    assert "14.1" in ans.unit("ART").rules
    # an ASU that took part without giving a shift may go
    ans = advances(sc, "0405", 4, ["A", "ART"])
    assert ans.unit("ART").may_advance


@pytest.mark.rules("14.1")
def test_14_1_good_order_unit_stacked_with_an_attacker_may_advance():
    sc = pos([unit("A", "axis", "0404"), unit("B", "axis", "0404"),
              unit("D", "axis", "0404", status="disrupted"), unit("E", "axis", "0404"),
              unit("C", "axis", "0304")])
    ans = advances(sc, "0405", 2, ["A", "B", "C", "D", "E"], attackers=["A"], spent=["E"])
    assert ans.unit("B").may_advance
    for uid in ("C", "D", "E"):
        assert not ans.unit(uid).may_advance and ans.unit(uid).rules == ["14.1"]
    assert "Good Order" in ans.unit("D").why_not[0]


@pytest.mark.rules("14.1", "4.1")
def test_14_1_stacking_limit_holds_at_the_end_of_the_advance():
    full = [unit(f"X{i}", "axis", "0304") for i in range(3)]
    sc = pos([unit("A", "axis", "0404"), *full])
    a = advances(sc, "0405", 2, ["A"]).unit("A")
    assert "0304" not in a.hexes
    refused = {r.hex: r.rules for r in a.refused}
    assert "4.1" in refused["0304"] and "14.1" in refused["0304"]
    # passing through the full hex is fine: 0204 lies beyond it
    assert "0204" in a.hexes
    sc = pos([unit("A", "axis", "0404"), *full[:2]])
    assert "0304" in advances(sc, "0405", 2, ["A"]).unit("A").hexes


@pytest.mark.rules("4.2")
def test_4_2_one_free_stacking_unit_fits_on_a_full_stack_a_second_does_not():
    full = [unit(f"X{i}", "axis", "0304") for i in range(3)]
    sc = pos([unit("F", "axis", "0404", free_stacking=True), *full])
    assert "0304" in advances(sc, "0405", 2, ["F"]).unit("F").hexes
    sc = pos([unit("F", "axis", "0404", free_stacking=True), *full,
              unit("G", "axis", "0304", free_stacking=True)])
    assert "0304" not in advances(sc, "0405", 2, ["F"]).unit("F").hexes


@pytest.mark.rules("4.1", "4.3")
def test_4_3_soviet_army_hq_lets_a_third_soviet_unit_stack():
    two = [unit("S1", "soviet", "0304"), unit("S2", "soviet", "0304")]
    sc = pos([unit("R", "soviet", "0404"), *two], phasing="soviet")
    assert "0304" not in advances(sc, "0405", 2, ["R"]).unit("R").hexes
    hq = unit("HQ", "soviet", "0304", type_="soviet-army-hq", attack=0, defense=0, ma=3)
    sc = pos([unit("R", "soviet", "0404"), *two, hq], phasing="soviet")
    assert "0304" in advances(sc, "0405", 2, ["R"]).unit("R").hexes


# --- 14.2: the allowance ---------------------------------------------------------------


@pytest.mark.rules("14.2.1")
def test_14_2_1_allowance_is_the_adv_number():
    sc = pos([mech("P", "axis", "0404")])
    ans = advances(sc, "0405", 2, ["P"])
    assert ans.unit("P").allowance == 2 and far(sc, ans, "P") == 2
    assert "0406" in ans.unit("P").hexes and "0407" not in ans.unit("P").hexes


@pytest.mark.rules("14.2.2")
def test_14_2_2_rates_cap_the_allowance():
    sc = pos([mech("P", "axis", "0404"), unit("C", "axis", "0404", type_="cavalry"),
              unit("I", "axis", "0404")])
    ans = advances(sc, "0405", 4, ["P", "C", "I"])
    assert [ans.unit(u).allowance for u in "PCI"] == [4, 3, 2]
    assert [far(sc, ans, u) for u in "PCI"] == [4, 3, 2]
    assert "14.2.2" in ans.unit("I").allowance_rules
    # a small result is not raised by a fast rate
    assert advances(sc, "0405", 2, ["P"]).unit("P").allowance == 2


@pytest.mark.rules("20.1.3")
def test_20_1_3_soviet_army_hqs_advance_at_their_own_rate():
    tank_hq = unit("TA", "soviet", "0404", type_="soviet-army-hq", attack=0, defense=0, ma=6)
    shock_hq = unit("SA", "soviet", "0404", type_="soviet-army-hq", attack=0, defense=0, ma=3)
    sc = pos([unit("R", "soviet", "0404"), tank_hq, shock_hq], phasing="soviet")
    ans = advances(sc, "0405", 4, ["R", "TA", "SA"], attackers=["R"])
    assert ans.unit("TA").allowance == 4 and ans.unit("SA").allowance == 2
    assert "20.1.3" in ans.unit("SA").allowance_rules
    # 20.1.3: the HQ is mechanized, so no mountain hex off a road
    sc = pos([unit("R", "soviet", "0404"), tank_hq], hexes={"0304": "mountain"},
             phasing="soviet")
    ans = advances(sc, "0405", 4, ["R", "TA"], attackers=["R"])
    assert "0304" not in ans.unit("TA").hexes and "0304" in ans.unit("R").hexes


@pytest.mark.rules("23.2.3", "23.3.3")
def test_23_2_3_rain_and_mud_halve_the_result_rounding_up():
    for weather in ("rain", "mud"):
        sc = pos([mech("P", "axis", "0404")], weather=weather, turn=21)
        assert advances(sc, "0405", 3, ["P"]).unit("P").allowance == 2
        assert advances(sc, "0405", 2, ["P"]).unit("P").allowance == 1
        # a Limited Advance is left alone
        lim = advances(sc, "0405", None, ["P"], mode="limited").unit("P")
        assert lim.allowance == 1 and lim.hexes == ["0405"]
    sc = pos([mech("P", "axis", "0404")])
    assert advances(sc, "0405", 3, ["P"]).unit("P").allowance == 3


@pytest.mark.rules("23.2.4")
def test_23_2_4_snow_takes_one_hex_off_but_never_below_one():
    sc = pos([mech("P", "axis", "0404")], weather="snow", turn=30)
    assert advances(sc, "0405", 4, ["P"]).unit("P").allowance == 3
    assert advances(sc, "0405", 1, ["P"]).unit("P").allowance == 1
    assert "23.2.4" in advances(sc, "0405", 4, ["P"]).unit("P").allowance_rules
    sc = pos([mech("P", "axis", "0404")], weather="overcast", turn=30)
    assert advances(sc, "0405", 4, ["P"]).unit("P").allowance == 4


@pytest.mark.rules("14.2.1", "23.2.3")
def test_14_2_1_reading_weather_on_the_result_or_on_the_capped_allowance():
    sc = pos([unit("I", "axis", "0404")], weather="rain", turn=21)
    assert advances(sc, "0405", 4, ["I"]).unit("I").allowance == 2  # result-first
    cap_first = {"14.2.1": "cap-first"}
    assert advances(sc, "0405", 4, ["I"], readings=cap_first).unit("I").allowance == 1


@pytest.mark.rules("16.4")
def test_16_4_out_of_supply_units_advance_at_most_two_hexes():
    for marker in ("out-of-supply", "isolated"):
        sc = pos([mech("P", "axis", "0404", supply=marker)])
        p = advances(sc, "0405", 4, ["P"]).unit("P")
        assert p.allowance == 2 and "16.4" in p.allowance_rules
    sc = pos([mech("P", "axis", "0404")])
    assert advances(sc, "0405", 4, ["P"]).unit("P").allowance == 4


@pytest.mark.rules("14.2.3", "11.4.2")
def test_14_2_3_limited_advance_only_into_the_vacated_hex():
    sc = pos([mech("P", "axis", "0404")])
    p = advances(sc, "0405", None, ["P"], mode="limited").unit("P")
    assert p.hexes == ["0405"] and "14.2.3" in p.options[0].rules
    assert "14.2.3" in {r for x in p.refused for r in x.rules}
    assert not verdict(sc, "P", ["0304"], mode="limited").ok


@pytest.mark.rules("11.4.2", "14.1")
def test_11_4_2_a_hex_still_holding_enemy_units_is_not_vacated():
    sc = pos([mech("P", "axis", "0404"),
              unit("ART", "soviet", "0405", type_="artillery", attack=0, defense=1)])
    with pytest.raises(InputError, match="11.4.2"):
        advances(sc, "0405", None, ["P"], mode="limited")
    sc = pos([mech("P", "axis", "0404")])
    assert advances(sc, "0405", None, ["P"], mode="limited").unit("P").hexes == ["0405"]


@pytest.mark.rules("14.2.4", "11.6.1")
def test_14_2_4_delay_advance_one_hex_any_direction():
    sc = pos([mech("P", "axis", "0404")])
    p = advances(sc, "0405", 4, ["P"], mode="delay").unit("P")
    assert set(p.hexes) == AROUND_0404 and p.allowance == 1
    assert "11.6.1" in p.allowance_rules and "14.2.4" in p.allowance_rules
    assert not verdict(sc, "P", ["0405", "0406"], mode="delay").ok


@pytest.mark.rules("8.6.2")
def test_8_6_2_auto_ds_advance_at_the_full_rate():
    sc = pos([mech("P", "axis", "0404"), unit("I", "axis", "0404")])
    ans = advances(sc, "0405", None, ["P", "I"], mode="auto-ds")
    assert ans.unit("P").allowance == 4 and ans.unit("I").allowance == 2
    assert "8.6.2" in ans.unit("P").allowance_rules
    with pytest.raises(InputError):
        advances(sc, "0405", None, ["P"])  # a normal advance needs the Adv number


# --- 14.3: any direction --------------------------------------------------------------------


@pytest.mark.rules("14.3")
def test_14_3_units_may_advance_in_any_direction():
    sc = pos([unit("I", "axis", "0404")])
    i = advances(sc, "0405", 2, ["I"]).unit("I")
    assert {"0403", "0304", "0303"} <= set(i.hexes)  # away from the vacated hex
    assert verdict(sc, "I", ["0304", "0204"], n=2).ok
    v = verdict(sc, "I", ["0304", "0405"], n=2)
    assert not v.ok and v.rules == ["14.3"]  # not a neighbour


# --- 14.4: enemy ZOCs and bonds ---------------------------------------------------------------


@pytest.mark.rules("14.4.2")
def test_14_4_2_stop_on_entering_an_enemy_zoc():
    sc = pos([mech("P", "axis", "0404"), unit("S", "soviet", "0407")])
    p = advances(sc, "0403", 4, ["P"]).unit("P")
    opt = p.option("0406")
    assert opt is not None and opt.stop == "ezoc" and "14.4.2" in opt.rules
    assert "0407" not in p.hexes
    v = verdict(sc, "P", ["0405", "0406", "0306"], vacated="0403")
    assert not v.ok and v.step == 2 and "14.4.2" in v.rules


@pytest.mark.rules("14.4.2")
def test_14_4_2_pass_through_the_vacated_hex_in_an_enemy_zoc():
    sc = pos([mech("P", "axis", "0404"), unit("S", "soviet", "0506")])
    # 0405 is in S's ZOC; as the vacated hex it does not stop the advance
    assert verdict(sc, "P", ["0405", "0306", "0307"], vacated="0405").ok
    p = advances(sc, "0405", 4, ["P"]).unit("P")
    assert p.option("0405").stop == "go" and "14.4.2" in p.option("0405").rules
    # the same hex when it is not the vacated hex ends the advance
    v = verdict(sc, "P", ["0405", "0306"], vacated="0403")
    assert not v.ok and v.rules == ["14.4.2"]
    # beyond the vacated hex an EZOC stops the unit again
    assert not verdict(sc, "P", ["0405", "0406", "0306"], vacated="0405").ok


@pytest.mark.rules("14.4.1", "7.2")
def test_14_4_1_enemy_hex_bond_only_into_the_vacated_hex():
    bond = [unit("S1", "soviet", "0604"), unit("S2", "soviet", "0606")]  # through 0605
    sc = pos([mech("P", "axis", "0505"), *bond])
    v = verdict(sc, "P", ["0605"], vacated="0506")
    assert not v.ok and "14.4.1" in v.rules
    p = advances(sc, "0506", 4, ["P"]).unit("P")
    assert "0605" not in p.hexes
    assert "14.4.1" in {r for x in p.refused if x.hex == "0605" for r in x.rules}
    # the bond's hex is the defender's vacated hex: the advance may enter it
    v = verdict(sc, "P", ["0605"], vacated="0605")
    assert v.ok and "14.4.1" in v.rules


# --- 14.5: terrain ----------------------------------------------------------------------------


@pytest.mark.rules("14.5", "5.1")
def test_14_5_never_into_a_hex_holding_enemy_combat_units():
    sc = pos([mech("P", "axis", "0404"), unit("S", "soviet", "0304")])
    v = verdict(sc, "P", ["0304"])
    assert not v.ok and {"5.1", "14.5"} <= set(v.rules)
    assert verdict(sc, "P", ["0403"]).ok


@pytest.mark.rules("14.5")
def test_14_5_unbridged_major_river_only_first_hex_into_the_vacated_hex():
    river = {"0404-0405": {"river": "major"}, "0404-0403": {"river": "major"},
             "0405-0406": {"river": "major"}}
    sc = pos([mech("P", "axis", "0404")], hexsides=river)
    v = verdict(sc, "P", ["0405"])
    assert v.ok and "14.5" in v.rules
    v = verdict(sc, "P", ["0403"])  # not the vacated hex
    assert not v.ok and v.rules == ["14.5"]
    v = verdict(sc, "P", ["0405", "0406"])  # not the first hex
    assert not v.ok and v.step == 1 and v.rules == ["14.5"]


@pytest.mark.rules("14.5", "5.5.4", "5.2")
def test_14_5_bridges_may_be_crossed_at_any_point():
    sides = {"0405-0406": {"river": "major", "bridge": "rail"},
             "0404-0403": {"river": "major", "road": "secondary"}}
    sc = pos([mech("P", "axis", "0404")], hexsides=sides)
    v = verdict(sc, "P", ["0405", "0406"])
    assert v.ok and "5.5.4" in advances(sc, "0405", 4, ["P"]).unit("P").option("0406").rules
    assert verdict(sc, "P", ["0403"]).ok


@pytest.mark.rules("5.5.5")
def test_5_5_5_pontoon_bridge_where_a_friendly_unit_holds_the_far_bank():
    sides = {"0405-0406": {"river": "major"}}
    sc = pos([mech("P", "axis", "0404"), unit("F", "axis", "0406")], hexsides=sides)
    v = verdict(sc, "P", ["0405", "0406"])
    assert v.ok
    sc = pos([mech("P", "axis", "0404")], hexsides=sides)
    assert not verdict(sc, "P", ["0405", "0406"]).ok


@pytest.mark.rules("23.4", "14.5")
def test_23_4_frozen_major_rivers_lift_the_restriction():
    sides = {"0404-0403": {"river": "major"}}
    summer = pos([mech("P", "axis", "0404")], hexsides=sides, turn=20)
    assert not verdict(summer, "P", ["0403"]).ok
    winter = pos([mech("P", "axis", "0404")], hexsides=sides, turn=28)
    v = verdict(winter, "P", ["0403"])
    assert v.ok


@pytest.mark.rules("14.5")
def test_14_5_marsh_ends_the_advance_unless_entered_along_a_road():
    sc = pos([unit("I", "axis", "0404")], hexes={"0304": "marsh"})
    v = verdict(sc, "I", ["0304", "0204"])
    assert not v.ok and v.rules == ["14.5"]
    assert sc and advances(sc, "0405", 2, ["I"]).unit("I").option("0304").stop == "halt"
    road = pos([unit("I", "axis", "0404")], hexes={"0304": "marsh"},
               hexsides={"0404-0304": {"road": "secondary"}})
    assert verdict(road, "I", ["0304", "0204"], n=2).ok


@pytest.mark.rules("14.5")
def test_14_5_mechanized_units_only_into_mountain_along_a_road():
    sc = pos([mech("P", "axis", "0404"), unit("I", "axis", "0404")],
             hexes={"0304": "mountain"})
    v = verdict(sc, "P", ["0304"])
    assert not v.ok and v.rules == ["14.5"]
    v = verdict(sc, "I", ["0304", "0204"], n=2, others=["P"])
    assert not v.ok  # the infantry may enter but must stop
    assert verdict(sc, "I", ["0304"], n=2).ok
    road = pos([mech("P", "axis", "0404")], hexes={"0304": "mountain"},
               hexsides={"0404-0304": {"road": "primary"}})
    assert verdict(road, "P", ["0304", "0204"]).ok


@pytest.mark.rules("9.6.2", "14.5")
def test_9_6_2_only_mountain_units_cross_alpine_hexsides_off_road():
    sides = {"0404-0304": {"alpine": True}}
    sc = pos([unit("I", "axis", "0404"), unit("M", "axis", "0404", type_="mountain")],
             hexsides=sides)
    v = verdict(sc, "I", ["0304"], n=2)
    assert not v.ok and "9.6.2" in v.rules
    assert verdict(sc, "M", ["0304"], n=2).ok


@pytest.mark.rules("9.5.3", "5.5.6")
def test_9_5_3_reading_volga_ferry_as_a_bridge_or_first_hex_only():
    sides = {"0405-0406": {"river": "volga", "bridge": "ferry"},
             "0404-0403": {"river": "volga"}}
    sc = pos([mech("P", "axis", "0404")], hexsides=sides)
    assert verdict(sc, "P", ["0405", "0406"]).ok
    assert not verdict(sc, "P", ["0403"]).ok  # no crossing site
    strict = {"9.5.3": "first-hex-only"}
    v = verdict(sc, "P", ["0405", "0406"], readings=strict)
    assert not v.ok and "9.5.3" in v.rules


@pytest.mark.rules("5.5.3", "14.5")
def test_5_5_3_only_the_soviets_advance_over_the_volga_rail_bridge():
    """The Saratov rail bridge is a Volga crossing site for Soviet units only (5.5.3);
    a ferry serves both sides; a railroad with no bridge serves neither. One hex of
    advance from 0404 after the defender left 0403: 0405 lies over the Volga."""
    from adjudicator.games.s42.reference.advance import advances as ref_advances

    def ends(spec, side):
        sc = pos([unit("U", side, "0404")], hexsides={"0404-0405": spec})
        return ("0405" in advances(sc, "0403", 1, ["U"]).unit("U").hexes,
                "0405" in ref_advances(sc, "0403", 1, ["U"]).units[0].hexes)

    bridge = {"river": "volga", "bridge": "rail", "rail": True}
    assert ends(bridge, "soviet") == (True, True)
    assert ends(bridge, "axis") == (False, False)
    ferry = {"river": "volga", "bridge": "ferry"}
    assert ends(ferry, "axis") == (True, True)
    assert ends({"river": "volga", "rail": True}, "soviet") == (False, False)
    sc = pos([unit("U", "axis", "0404")], hexsides={"0404-0405": bridge})
    v = verdict(sc, "U", ["0405"], vacated="0403", n=1)
    assert not v.ok and "5.5.3" in v.rules


# --- 18.2.2, 25.2.3, 22.x ---------------------------------------------------------------------


@pytest.mark.rules("18.2.2")
def test_18_2_2_asus_that_advance_become_disrupted():
    sc = pos([unit("A", "axis", "0404"),
              unit("ART", "axis", "0404", type_="artillery", attack=0, defense=1, ma=6)])
    ans = advances(sc, "0405", 4, ["A", "ART"])
    assert ans.unit("ART").becomes == "disrupted"
    assert ans.unit("ART").becomes_rules == ["18.2.2"]
    assert ans.unit("A").becomes is None


@pytest.mark.rules("25.2.3")
def test_25_2_3_reserves_advance_two_hexes_and_ignore_the_vacated_hex_zoc():
    sc = pos([mech("A", "axis", "0404"), mech("R", "axis", "0304"),
              unit("S", "soviet", "0506")])
    ans = advances(sc, "0405", 4, ["A"], reserves=["R"])
    r = ans.unit("R")
    assert r.may_advance and r.rules == ["25.2.3"] and r.allowance == 2
    # 0405 is in S's ZOC but is the vacated hex: R goes on through it
    assert verdict(sc, "R", ["0305", "0405"], reserves=["R"]).ok
    assert r.option("0405").stop == "go"


@pytest.mark.rules("25.2.3", "14.5")
def test_25_2_3_reserves_never_cross_unbridged_major_rivers():
    sides = {"0304-0305": {"river": "major"}}
    sc = pos([mech("A", "axis", "0404"), mech("R", "axis", "0304")], hexsides=sides)
    v = verdict(sc, "R", ["0305"], vacated="0305", reserves=["R"])
    assert not v.ok and "25.2.3" in v.rules
    assert verdict(sc, "A", ["0305"], vacated="0305").ok  # an attacker may


@pytest.mark.rules("25.2.3", "23.2.3")
def test_25_2_3_reading_weather_and_the_reserves_two_hexes():
    sc = pos([mech("R", "axis", "0304")], weather="rain", turn=21)
    assert advances(sc, None, None, [], reserves=["R"]).unit("R").allowance == 1
    fixed = {"25.2.3": "fixed-two"}
    assert advances(sc, None, None, [], reserves=["R"], readings=fixed).unit("R").allowance == 2


W = {"W": {"side": "axis", "hexes": ["0101", "0102", "0103", "0104"]}}
E = {"E": {"side": "soviet", "hexes": ["0801", "0802", "0803"]}}


@pytest.mark.rules("22.7")
def test_22_7_attackers_from_an_entry_area_advance_onto_the_map():
    sc = pos([mech("P", "axis", "W"), unit("X", "axis", "W")], entry_areas=W)
    ans = advances(sc, "0103", 4, ["P", "X"], attackers=["P"])
    p = ans.unit("P")
    assert p.may_advance and p.rules == ["22.7"]
    assert "0103" in p.hexes and "0303" in p.hexes and p.option("0103").path == ["0103"]
    assert not ans.unit("X").may_advance  # it did not attack onto the map


@pytest.mark.rules("22.4", "22.3.1")
def test_22_4_no_advance_into_an_enemy_entry_area_but_into_a_friendly_one():
    sc = pos([mech("P", "axis", "0703")], entry_areas={**W, **E})
    p = advances(sc, "0702", 4, ["P"]).unit("P")
    assert "E" not in p.hexes
    assert "22.4" in {r for x in p.refused if x.hex == "E" for r in x.rules}
    sc = pos([mech("P", "axis", "0203")], entry_areas=W)
    p = advances(sc, "0202", 4, ["P"]).unit("P")
    assert "W" in p.hexes and p.option("W").stop == "halt" and "22.3.1" in p.option("W").rules


@pytest.mark.rules("29.1.2")
def test_29_1_2_advance_may_enter_a_contested_city():
    city = {"0304": {"terrain": "clear", "city": "minor"}}
    sc = pos([mech("P", "axis", "0404"), unit("S", "soviet", "0304"),
              unit("Q", "axis", "0304")], hexes=city)
    assert "0304" in advances(sc, "0405", 4, ["P"]).unit("P").hexes
    sc = pos([mech("P", "axis", "0404"), unit("S", "soviet", "0304")], hexes=city)
    assert "0304" not in advances(sc, "0405", 4, ["P"]).unit("P").hexes


# --- the zone and window an advance is ground in (adjudicator/games/s42/queries/advance.py) ---


@pytest.mark.rules("14.2.2")
def test_14_2_2_advance_rate_bounds_the_zone_without_changing_the_answer(monkeypatch):
    import adjudicator.games.s42.queries.advance as adv

    sc = pos([unit("A", "axis", "0404"), mech("P", "axis", "0504")])
    assert adv.rate_cap(sc, "A") == 2 and adv.rate_cap(sc, "P") == 4
    bounded = advances(sc, "0405", 4, ["A", "P"])
    monkeypatch.setattr(adv, "rate_cap", lambda sc, uid: 4)
    unbounded = advances(sc, "0405", 4, ["A", "P"])
    assert bounded.to_json() == unbounded.to_json()
    assert far(sc, bounded, "A") == 2 and far(sc, bounded, "P") == 4


@pytest.mark.rules("16.4")
def test_16_4_an_out_of_supply_marker_bounds_the_zone_of_a_mechanized_unit():
    from adjudicator.games.s42.queries.advance import rate_cap

    sc = pos([mech("P", "axis", "0404", supply="out-of-supply"), mech("Q", "axis", "0504")])
    assert rate_cap(sc, "P") == 2 and rate_cap(sc, "Q") == 4


@pytest.mark.rules("6.1", "14.4.2")
def test_6_1_an_enemy_one_step_beyond_the_zone_still_stops_the_advance():
    # A (infantry, Adv 2) may reach 0406 at most; 0407 lies outside its zone but its
    # ZOC reaches into 0406, so the window must hold it.
    with_enemy = pos([unit("A", "axis", "0404"), unit("E", "soviet", "0407")])
    opt = advances(with_enemy, "0405", 2, ["A"]).unit("A").option("0406")
    assert opt is not None and opt.stop == "ezoc"
    alone = pos([unit("A", "axis", "0404")])
    assert advances(alone, "0405", 2, ["A"]).unit("A").option("0406").stop == "go"


def test_a_unit_far_from_the_advance_is_not_read():
    from adjudicator.games.s42.queries.advance import window, zones_of

    sc = pos([unit("A", "axis", "0404"), unit("E", "soviet", "0808")])
    seen = window(sc, zones_of(sc, ["A"], {"A": 2}).values())
    assert "0808" not in seen and "0407" in seen
    assert advances(sc, "0405", 2, ["A"]).to_json() == advances(
        pos([unit("A", "axis", "0404")]), "0405", 2, ["A"]).to_json()


def test_advances_many_answers_as_advances_does():
    """Batched questions (harness: one ground call) give each attack's own answer."""
    from adjudicator.games.s42.queries.advance import AdvanceRequest, advances_many

    plain = pos([mech("A", "axis", "0404"), mech("B", "axis", "0606"),
                 unit("S", "soviet", "0608")])
    bonded = pos([mech("A", "axis", "0404"), unit("S1", "soviet", "0306"),
                  unit("S2", "soviet", "0506")])
    requests = [AdvanceRequest(plain, "0405", 4, ["A"]),
                AdvanceRequest(plain, "0506", 2, ["B"], mode="limited"),
                AdvanceRequest(bonded, "0405", 3, ["A"])]
    batched = advances_many(requests)
    single = [advances(r.sc, r.vacated, r.allowance, r.units, mode=r.mode) for r in requests]
    assert [a.to_json() for a in batched] == [a.to_json() for a in single]
    assert batched[0].to_json() != batched[2].to_json()
