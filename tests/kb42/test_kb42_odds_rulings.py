"""Rulings on Kharkov Battles Prepared Assault odds (12.0-12.5, 12.64, 2.7, 2.71, 5.2, 5.44,
6.21, 8.32, 8.33, 9.41, 11.28, 14.1, 14.2, 15.11, 15.12, 15.15, 18.11): for each rule a case
it allows and one it forbids (or where it does not apply), on the practice charts."""

from __future__ import annotations

import pytest
from kb42_positions import position, unit

from adjudicator.games.kb42 import charts as C
from adjudicator.games.kb42.queries.odds import Plan, odds

CRT = C.chart("crt")
TEC = C.chart("tec")
# KB3617's neighbours on the test strip: KB3517 KB3518 KB3616 KB3618 KB3717 KB3718


def ask(units, plans, **kw):
    plans = [p if isinstance(p, Plan) else Plan(*p) for p in plans]
    return odds(position(units, **kw), plans, CRT, TEC)


def one(units, attackers=("a",), targets=("KB3617",), **kw):
    return ask(units, [Plan(list(attackers), list(targets))], **kw).attacks[0]


def a(uid="a", hex_="KB3616", strength=6, **kw):
    return unit(uid, "axis", hex_, strength=strength, **kw)


def s(uid="s", hex_="KB3617", strength=3, **kw):
    return unit(uid, "soviet", hex_, strength=strength, **kw)


def final_of(att, uid):
    return next(x.final for x in att.strengths if x.unit == uid)


def shifts(att):
    return {r: v for _, v, r in att.shifts}


@pytest.mark.rules("12.0")
@pytest.mark.parametrize("att,dfn,ratio", [(29, 5, "5-1"), (6, 3, "2-1"), (11, 5, "2-1"),
                                           (5, 5, "1-1"), (3, 6, "1-2"), (5, 11, "1-3"),
                                           (4, 5, "1-2")])
def test_12_0_the_ratio_is_rounded_in_the_defenders_favour(att, dfn, ratio):
    o = one([a(strength=att), s(strength=dfn)])
    assert C.ratio_of(o.level) == ratio and o.legal


@pytest.mark.rules("12.0")
def test_12_0_a_unit_attacks_and_a_hex_is_attacked_once():
    units = [a(), a("b", "KB3618"), s()]
    ok = ask(units, [(["a", "b"], ["KB3617"])])
    assert ok.legal
    twice = ask(units, [(["a"], ["KB3617"]), (["b"], ["KB3617"])])
    assert ("KB3617", "12.0") in twice.attacks[0].refused
    again = ask(units + [s("t", "KB3717")], [(["a"], ["KB3617"]), (["a"], ["KB3717"])])
    assert ("a", "12.0") in again.attacks[0].refused


@pytest.mark.rules("12.21", "12.24")
def test_12_21_every_attacker_adjacent_to_every_defending_hex_and_12_24_best_line():
    hexes = {f"KB{r}{c}": "clear" for r in (35, 36, 37) for c in range(15, 20)}
    hexes["KB3717"] = "rough"
    units = [a("a", "KB3616"), s("s", "KB3617"), s("t", "KB3717")]
    both = one(units, targets=("KB3617", "KB3717"), hexes=hexes)
    assert both.legal and both.line == "rough" and "12.24" in both.line_rules
    assert both.defender_total == 6
    far = one([a("a", "KB3615"), s("s", "KB3616"), s("t", "KB3617")],
              targets=("KB3616", "KB3617"))
    assert ("a", "12.21") in far.refused


@pytest.mark.rules("12.31", "2.7")
def test_12_31_across_a_major_river_halved_bridged_or_not_and_only_once():
    for side in ({"river": "major"}, {"river": "major", "bridge": "road"}):
        o = one([a(strength=7), s()], hexsides={"KB3616-KB3617": side})
        assert final_of(o, "a") == 3
    dry = one([a(strength=7), s()])
    assert final_of(dry, "a") == 7
    # Out of Supply too: still halved once (2.7)
    twice = one([a(strength=8, supply="oos"), s()], hexsides={"KB3616-KB3617": {"river": "major"}})
    assert final_of(twice, "a") == 4
    assert {"12.31", "8.32"} <= set(twice.strengths[0].rules)


@pytest.mark.rules("12.31", "12.32", "12.33")
def test_freeze_cancels_the_river_and_marsh_penalties():
    o = one([a(strength=8), s()], hexsides={"KB3616-KB3617": {"river": "major"}},
            weather="freeze")
    assert final_of(o, "a") == 8


@pytest.mark.rules("12.32")
def test_12_32_all_attackers_across_minor_rivers_shift_left():
    river = {"KB3616-KB3617": {"river": "minor"}}
    o = one([a(), s()], hexsides=river)
    assert shifts(o).get("12.32") == -1
    mixed = one([a(), a("b", "KB3618"), s()], attackers=("a", "b"), hexsides=river)
    assert "12.32" not in shifts(mixed)


@pytest.mark.rules("12.33")
def test_12_33_mechanized_into_marsh_halved_silhouettes_need_a_road():
    hexes = {f"KB{r}{c}": "clear" for r in (35, 36, 37) for c in range(15, 20)}
    hexes["KB3617"] = "marsh"
    mech = one([a(type_="motorized", strength=6), s()], hexes=hexes)
    assert final_of(mech, "a") == 3 and mech.legal
    inf = one([a(strength=6), s()], hexes=hexes)
    assert final_of(inf, "a") == 6
    tank = one([a(type_="tank"), s()], hexes=hexes)
    assert ("a", "12.33") in tank.refused
    road = one([a(type_="tank"), s()], hexsides={"KB3616-KB3617": {"road": True}},
               hexes=hexes)
    assert road.legal


@pytest.mark.rules("12.34", "5.44", "18.11")
def test_town_rubble_and_fortified_zone_shift_left():
    hexes = {f"KB{r}{c}": "clear" for r in (35, 36, 37) for c in range(15, 20)}
    plain = one([a(), s()], hexes=hexes)
    assert not {"12.34", "5.44", "18.11"} & set(shifts(plain))
    hexes["KB3617"] = {"terrain": "clear", "town": True, "rubble": True, "fz": "soviet"}
    o = one([a(), s()], hexes=hexes)
    assert shifts(o)["12.34"] == -1 and shifts(o)["5.44"] == -1 and shifts(o)["18.11"] == -1
    hexes["KB3617"] = {"terrain": "clear", "fz": "axis"}
    assert "18.11" not in shifts(one([a(), s()], hexes=hexes))


@pytest.mark.rules("2.7", "2.71")
def test_2_7_a_strength_never_below_one_and_2_71_a_cadre_has_one():
    o = one([a(strength=1, supply="oos"), s()])
    assert final_of(o, "a") == 1 and "2.7" in o.strengths[0].rules
    cadre = one([a(strength=6, cadre=True), s()])
    assert final_of(cadre, "a") == 1 and "2.71" in cadre.strengths[0].rules


@pytest.mark.rules("8.32", "8.33", "11.28")
def test_supply_states_and_disorganization_change_strength():
    assert final_of(one([a(strength=6, supply="oos"), s()]), "a") == 3
    assert final_of(one([a(strength=6), s(strength=6, supply="oos")]), "s") == 6
    assert final_of(one([a(strength=6, supply="isolated"), s()]), "a") == 1
    assert final_of(one([a(), s(strength=6, supply="isolated")]), "s") == 3
    assert final_of(one([a(strength=6, disorganized=True), s()]), "a") == 3
    assert final_of(one([a(strength=6), s(strength=6, disorganized=True)]), "s") == 6


@pytest.mark.rules("14.1", "14.2")
def test_14_nkvd_in_a_town_and_soviet_armour_in_freeze_double():
    hexes = {f"KB{r}{c}": "clear" for r in (35, 36, 37) for c in range(15, 20)}
    assert final_of(one([a(), s(type_="nkvd", strength=3)]), "s") == 3
    hexes["KB3617"] = {"terrain": "clear", "town": True}
    assert final_of(one([a(), s(type_="nkvd", strength=3)], hexes=hexes), "s") == 6
    units = [unit("t", "soviet", "KB3616", "tank", strength=5), a("x", "KB3617")]
    frz = ask(units, [(["t"], ["KB3617"])], phasing="soviet", weather="freeze").attacks[0]
    assert final_of(frz, "t") == 10 and "14.2" in frz.strengths[0].rules
    clear = ask(units, [(["t"], ["KB3617"])], phasing="soviet").attacks[0]
    assert final_of(clear, "t") == 5
    units[0]["cadre"] = True
    cadre = ask(units, [(["t"], ["KB3617"])], phasing="soviet", weather="freeze").attacks[0]
    assert final_of(cadre, "t") == 1


@pytest.mark.rules("15.11", "15.12")
def test_15_11_an_hq_never_attacks_alone_and_defends_with_one_15_12_adds_one():
    alone = one([a(), s("h", type_="hq", strength=0)])
    assert alone.defender_total == 1 and "15.11" in alone.strengths[1].rules
    stacked = one([a(), s(strength=3), s("h", type_="hq", strength=0)])
    assert stacked.defender_total == 4
    hq = one([a("h", type_="hq", strength=2), s()], attackers=("h",))
    assert ("-", "15.11") in hq.refused
    with_other = one([a("h", type_="hq", strength=2), a(), s()], attackers=("h", "a"))
    assert with_other.legal and with_other.attacker_total == 7


@pytest.mark.rules("15.15", "9.41")
def test_axis_attacks_need_full_support():
    assert one([a(), s()]).legal
    assert ("a", "15.15") in one([a(support="limited"), s()]).refused
    mech = one([a(), a("m", type_="tank", support="none"), s()])
    assert ("m", "9.41") in mech.refused


@pytest.mark.rules("6.21")
def test_6_21_one_multi_step_unit_per_hex_in_combat():
    two = one([a(max_steps=3), a("b", max_steps=3), s()], attackers=("a", "b"))
    assert ("KB3616", "6.21") in two.refused
    whites = one([a(max_steps=3, white_size=True), a("b", max_steps=3, white_size=True), s()],
                 attackers=("a", "b"))
    assert whites.legal
    cadre = one([a(max_steps=3), a("b", max_steps=3, steps=1), s()], attackers=("a", "b"))
    assert cadre.legal


@pytest.mark.rules("5.2")
def test_5_2_air_points_shift_and_are_limited():
    o = ask([a(), s()], [Plan(["a"], ["KB3617"], air=2, defender_air=1)]).attacks[0]
    assert sorted(v for _, v, r in o.shifts if r == "5.2") == [-1, 2]
    assert o.final == o.level + 1
    many = ask([a(), s()], [Plan(["a"], ["KB3617"], air=3)]).attacks[0]
    assert ("-", "5.2") in many.refused


@pytest.mark.rules("12.43", "12.41", "12.42", "12.44", "12.45")
def test_12_4_combined_arms():
    yellow = one([a(armor_band="yellow", type_="panzergrenadier"), s()])
    assert shifts(yellow).get("12.43") == 1
    blue = one([a(armor_band="blue", type_="tank"), s()])
    assert "12.43" not in shifts(blue)
    pair = one([a(armor_band="blue", type_="tank"), a("i", strength=1, max_steps=1), s()])
    assert shifts(pair).get("12.43") == 1
    busy = ask([a(armor_band="blue", type_="tank"), a("i", strength=1), s(),
                s("t", "KB3717")], [(["a"], ["KB3617"]), (["i"], ["KB3717"])]).attacks[0]
    assert "12.43" not in shifts(busy)
    regiments = one([a("r1", division="60mot", attached_armor=True, type_="motorized"),
                     a("r2", "KB3618", division="60mot", attached_armor=True,
                       type_="motorized"), s()], attackers=("r1", "r2"))
    assert shifts(regiments).get("12.43") == 1
    cad = one([a(armor_band="yellow"), s(armor_band="yellow")])
    assert "12.43" not in shifts(cad) and ("combined-arms", "12.44") in cad.denied
    hexes = {f"KB{r}{c}": "clear" for r in (35, 36, 37) for c in range(15, 20)}
    hexes["KB3617"] = {"terrain": "clear", "city": "minor"}
    city = one([a(armor_band="yellow"), s()], hexes=hexes)
    assert ("combined-arms", "12.45") in city.denied


@pytest.mark.rules("12.5")
def test_12_5_encirclement_bonus():
    # KB3517 on the strip's edge has neighbours KB3516 KB3518 KB3616 KB3617
    around = [a("a", "KB3616"), a("b", "KB3518"), a("c", "KB3516", strength=1)]
    o = one(around + [s("s", "KB3517")], attackers=("a",), targets=("KB3517",))
    assert shifts(o).get("12.5") == 1
    # a Soviet unit next to the defender denies it
    near = one(around + [s("s", "KB3517"), s("t", "KB3617")], attackers=("a",),
               targets=("KB3517",))
    assert "12.5" not in shifts(near)
    # KB3518 is neither occupied nor in the ZOC of the attacker in KB3616
    open_ = one([a("a", "KB3616"), s("s", "KB3517")], attackers=("a",), targets=("KB3517",))
    assert "12.5" not in shifts(open_)
    # nor is it granted against a city
    hexes = {f"KB{r}{c}": "clear" for r in (35, 36, 37) for c in range(15, 20)}
    hexes["KB3517"] = {"terrain": "clear", "city": "minor"}
    city = one(around + [s("s", "KB3517")], attackers=("a",), targets=("KB3517",),
               hexes=hexes)
    assert "12.5" not in shifts(city)


@pytest.mark.rules("12.64")
def test_12_64_automatic_results():
    big = one([a(strength=24), s(strength=2)])
    assert big.automatic == ("D(3)r4", "12.64") and big.column is None
    small = one([a(strength=1), s(strength=6)])
    assert small.automatic == ("A(3)r2", "12.64")
    near = one([a(strength=22), s(strength=2)])
    assert near.automatic is None


@pytest.mark.rules("12.1")
def test_12_1_a_soak_off_meets_the_obligation():
    units = [a("a", "KB3616"), a("b", "KB3616", strength=1, max_steps=1), s("s", "KB3617"),
             s("t", "KB3615")]
    unmet = ask(units, [(["a"], ["KB3617"])])
    assert unmet.unmet == ["KB3615"] and not unmet.legal
    soak = ask(units, [(["a"], ["KB3617"]), (["b"], ["KB3615"])])
    assert soak.unmet == [] and soak.legal


@pytest.mark.rules("12.35", "12.36")
def test_12_35_12_36_no_attack_across_impassable_or_the_dnepr():
    assert one([a(), s()]).legal
    imp = one([a(), s()], hexsides={"KB3616-KB3617": {"impassable": True}})
    assert ("a", "12.35") in imp.refused
    dnepr = one([a(), s()], hexsides={"KB3616-KB3617": {"river": "dnepr"}})
    assert ("a", "12.36") in dnepr.refused
    pontoon = one([a(), s()], hexsides={"KB3616-KB3617": {"river": "dnepr",
                                                          "bridge": "pontoon"}})
    assert pontoon.legal


@pytest.mark.rules("12.42")
def test_12_42_regiments_of_different_divisions_do_not_qualify():
    units = [a("r1", division="60mot", attached_armor=True, type_="motorized"),
             a("r2", "KB3618", division="16mot", attached_armor=True, type_="motorized"), s()]
    assert "12.43" not in shifts(one(units, attackers=("r1", "r2")))
    one_only = [a("r1", division="60mot", attached_armor=True, type_="motorized"), s()]
    assert "12.43" not in shifts(one(one_only, attackers=("r1",)))
