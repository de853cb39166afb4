"""Rulings on resolving a combat (10, 11, 14.2, 26.2, 28.1) with the PRACTICE tables.

The practice CRT and Determined Defense table are invented (see kb/s42/tables); the
rulings check the procedure, choosing die rolls that land on the cells they need.
The defender stands in 0405; its neighbours are 0404 0505 0506 0406 0306 0305.
"""

import pytest
from positions import pos, unit

from adjudicator.games.s42.combat.actions import new_dice
from adjudicator.games.s42.combat.odds import Support
from adjudicator.games.s42.combat.resolve import Choices, Declaration, Refused, resolve_combat
from adjudicator.games.s42.combat.tables import builtin

D = "0405"
CRT, DDT = builtin("crt_practice"), builtin("dd_practice")


def fight(units, attackers, rolls=None, seed=None, choices=None, support=None, po=0,
          reroll=None, readings=None, **kw):
    sc = pos(units, **kw)
    return resolve_combat(sc, Declaration(D, attackers, support or Support(), po, reroll),
                          choices or Choices(), new_dice(seed, rolls), CRT, DDT, readings)


def att(uid, hex_, attack, **kw):
    return unit(uid, "axis", hex_, attack=attack, **kw)


def dfn(uid, defense, **kw):
    return unit(uid, "soviet", kw.pop("hex_", D), defense=defense, attack=3, **kw)


# 3-1: rolls 1 A1/DR2, 2 DR2, 3 A1/D1, 4 DRX, 5 D1, 6 DR4 (practice table)
THREE_TO_ONE = [att("A", "0404", 12, max_steps=3), dfn("X", 4, max_steps=2)]


@pytest.mark.rules("8.3", "10.1")
def test_8_3_given_roll_reads_the_column_and_the_table_says_it_is_practice():
    out = fight(THREE_TO_ONE, ["A"], rolls=[5], turn=10)
    assert out.odds.column == "3-1" and out.result == "D1" and out.cell.advance == 3
    js = out.to_json()
    assert js["practice_table"] is True and "PRACTICE" in js["practice_note"]
    assert js["rolls"] == [{"purpose": "CRT, 3-1 column", "dice": [5], "total": 5}]


@pytest.mark.rules("8.3")
def test_8_3_same_seed_same_resolution_other_seeds_vary():
    a = fight(THREE_TO_ONE, ["A"], seed=7, turn=10).to_json()
    b = fight(THREE_TO_ONE, ["A"], seed=7, turn=10).to_json()
    assert a == b
    seen = {fight(THREE_TO_ONE, ["A"], seed=s, turn=10).crt_dice[0] for s in range(30)}
    assert len(seen) > 1


@pytest.mark.rules("8.4.1")
def test_8_4_1_ten_to_one_is_a_ds_without_a_roll():
    out = fight([att("A", "0404", 20, type_="panzer"), att("I", "0505", 20), dfn("X", 4)],
                ["A", "I"], rolls=[])
    assert out.result == "DS" and out.rolls == [] and out.cell is None
    adv = {u["id"]: u["hexes"] for u in out.advance["units"]}
    assert adv == {"A": 4, "I": 2}
    assert "8.6.2" in out.advance["rules"]


@pytest.mark.rules("8.4.1")
def test_8_4_1_readings_on_the_auto_ds_advance():
    units = [att("A", "0404", 40, type_="panzer"), dfn("X", 4)]
    crt_best = fight(units, ["A"], rolls=[], readings={"8.4.1": "crt-best"})
    assert crt_best.advance["allowance"] == 4  # the practice table's DS cells give Adv4
    full = fight(units, ["A"], rolls=[])
    assert full.advance["allowance"] == 4 and "8.6.2" in full.advance["rules"]


# -- 10.2 step losses ---------------------------------------------------------------------


@pytest.mark.rules("10.2.2")
def test_10_2_2_owner_picks_on_d1_attacker_picks_on_ds():
    two = [att("A", "0404", 24), dfn("X", 4, max_steps=2), dfn("Y", 4, max_steps=2)]
    d1 = fight(two, ["A"], rolls=[5], turn=10)  # 3-1, D1
    assert d1.pending and d1.pending[0].who == "defender"
    assert set(d1.pending[0].options) == {"X", "Y"}
    ds = fight([att("A", "0404", 40), dfn("X", 4, max_steps=2), dfn("Y", 4, max_steps=2)],
               ["A"], rolls=[6])  # 5-1, DS
    assert ds.pending[0].who == "attacker" and "10.2.3" in ds.pending[0].rules


@pytest.mark.rules("10.2.1")
def test_10_2_1_a_unit_that_added_nothing_is_picked_last():
    units = [att("A", "0404", 12), dfn("X", 4, max_steps=2),
             dfn("F", 4, status="full-retreat")]
    out = fight(units, ["A"], rolls=[5], choices=Choices(dd=False), turn=10)
    assert [x.unit for x in out.losses] == ["X"]
    with pytest.raises(Refused) as exc:
        fight(units, ["A"], rolls=[5], choices=Choices(defender_losses=["F"]), turn=10)
    assert "10.2.1" in exc.value.rules


@pytest.mark.rules("9.8", "10.2.3")
def test_10_2_3_parenthesized_units_are_taken_only_when_nothing_else_is_left():
    units = [att("A", "0404", 40), dfn("X", 4, max_steps=2), dfn("P", 2, parenthesized=True)]
    out = fight(units, ["A"], rolls=[6])  # DS: the attacker picks
    assert [x.unit for x in out.losses] == ["X"]
    alone = fight([att("A", "0404", 40), dfn("P", 2, parenthesized=True, max_steps=2)], ["A"],
                  rolls=[6])
    assert [x.unit for x in alone.losses] == ["P"]


@pytest.mark.rules("20.5.2")
def test_20_5_2_reduced_ally_spared_while_a_full_german_unit_can_lose_a_step():
    sc_units = [unit("S", "soviet", "0404", attack=40),
                unit("R", "axis", D, defense=4, nationality="romanian", max_steps=2, steps=1),
                unit("G", "axis", D, defense=4, max_steps=2)]
    out = resolve_combat(pos(sc_units, phasing="soviet"), Declaration(D, ["S"]), Choices(),
                         new_dice(rolls=[6]), CRT, DDT)
    assert [x.unit for x in out.losses] == ["G"] and "20.5.2" in out.losses[0].rules
    reduced_german = [sc_units[0], sc_units[1],
                      unit("G", "axis", D, defense=4, max_steps=2, steps=1)]
    out2 = resolve_combat(pos(reduced_german, phasing="soviet"), Declaration(D, ["S"]),
                          Choices(), new_dice(rolls=[6]), CRT, DDT)
    assert out2.pending and set(out2.pending[0].options) == {"R", "G"}


@pytest.mark.rules("12.4")
def test_12_4_units_retreated_here_never_take_the_loss_and_die_if_forced_out_again():
    units = [att("A", "0404", 12), dfn("X", 4, max_steps=2),
             dfn("R", 4, max_steps=2, retreated=True)]
    out = fight(units, ["A"], rolls=[5], choices=Choices(dd=False), turn=10)
    assert [x.unit for x in out.losses] == ["X"]
    rows = {r["id"]: r for r in out.retreat["units"]}
    assert rows["R"].get("eliminated") and rows["R"]["rules"] == ["12.4"]
    assert not rows["X"].get("eliminated")


# -- 11 Determined Defense -------------------------------------------------------------------


@pytest.mark.rules("11.1.1", "10.1")
def test_11_1_1_determined_defense_after_d1_never_after_ds_or_dr4():
    d1 = fight(THREE_TO_ONE, ["A"], rolls=[5], turn=10)
    assert d1.dd["possible"] and d1.pending[0].choice == "dd"
    dr4 = fight(THREE_TO_ONE, ["A"], rolls=[6], turn=10)
    assert dr4.result == "DR4" and not dr4.dd["possible"] and "11.1.1" in dr4.dd["rules"]


@pytest.mark.rules("11.2.2")
def test_11_2_2_cell_colour_forbids_or_limits_the_determined_defense():
    no = fight([att("A", "0404", 8), dfn("X", 4, max_steps=2)], ["A"], rolls=[6], turn=10)
    assert no.cell.text == "D1 Adv3 noDD" and not no.dd["possible"]
    assert no.dd["rules"] == ["11.2.2"]
    units = [att("A", "0404", 16), dfn("X", 4, max_steps=2)]  # 4-1, roll 4: D1 DD-1
    plain = fight(units, ["A"], rolls=[4], turn=10)
    assert plain.cell.dd == "minus1" and not plain.dd["possible"]
    vp = fight(units, ["A"], rolls=[4, 5], choices=Choices(dd=True), turn=10,
               hexes={D: {"vp": 1}})
    assert vp.dd["possible"]
    mods = vp.dd_rolls[0].modifiers
    assert {"value": -1, "what": "the CRT cell's colour costs -1",
            "rules": ["11.2.2", "11.2.4"]} in mods


@pytest.mark.rules("11.1.2", "20.3")
def test_11_1_2_not_one_step_back_before_turn_8():
    units = [att("A", "0404", 12), dfn("X", 4, max_steps=2)]
    early = fight(units, ["A"], rolls=[5], turn=7)
    assert not early.dd["possible"] and "11.1.2" in early.dd["rules"]
    nkvd = fight([att("A", "0404", 12), dfn("X", 4, max_steps=2, type_="nkvd")], ["A"],
                 rolls=[5], turn=7)
    assert nkvd.dd["possible"]
    doubled = fight([att("A", "0404", 24), dfn("X", 4, max_steps=2)], ["A"], rolls=[5], turn=7,
                    hexes={D: {"city": "minor"}})
    assert doubled.dd["possible"]
    late = fight(units, ["A"], rolls=[5], turn=8)
    assert late.dd["possible"]


@pytest.mark.rules("11.1.2")
def test_11_1_2_readings_lead_unit_or_any_unit():
    units = [att("A", "0404", 12), dfn("N", 2, type_="nkvd", status="disrupted"),
             dfn("X", 4, max_steps=2)]
    lead = fight(units, ["A"], rolls=[5], turn=7, choices=Choices(defender_losses=["X"]))
    assert not lead.dd["possible"]
    anyu = fight(units, ["A"], rolls=[5], turn=7, choices=Choices(defender_losses=["X"]),
                 readings={"11.1.2": "any-unit"})
    assert anyu.dd["possible"] and anyu.dd["leads"] == ["X"]


@pytest.mark.rules("11.2.3", "13.2.1")
def test_11_2_3_disrupted_units_and_asus_cannot_lead():
    units = [att("A", "0404", 12), dfn("X", 4, max_steps=2, status="disrupted"),
             dfn("Y", 4, max_steps=2)]
    out = fight(units, ["A"], rolls=[5], turn=10, choices=Choices(defender_losses=["Y"]))
    assert out.dd["leads"] == ["Y"]
    with pytest.raises(Refused) as exc:
        fight(units, ["A"], rolls=[5, 5], turn=10,
              choices=Choices(defender_losses=["Y"], dd=True, lead=["X"]))
    assert "11.2.3" in exc.value.rules


@pytest.mark.rules("11.2.1", "11.2.4", "11.4.1")
def test_11_2_success_cancels_retreat_and_advance():
    units = [att("A", "0404", 12), dfn("X", 4, max_steps=3)]
    out = fight(units, ["A"], rolls=[5, 5], turn=10, choices=Choices(dd=True))
    assert out.dd["column"] == "clear-desert" and out.dd_rolls[0].cell == "S -/1"
    assert out.dd["outcome"] == "success"
    assert not out.retreat["required"] and out.advance["kind"] == "none"
    assert [x.unit for x in out.losses] == ["X", "X"]  # the D1 step, then the lead's


@pytest.mark.rules("11.2.4", "2.3.2")
def test_11_2_4_elite_low_and_german_in_a_city():
    elite = fight([att("A", "0404", 12), dfn("X", 4, max_steps=2, tq="elite")], ["A"],
                  rolls=[5, 2], turn=10, choices=Choices(dd=True))
    assert elite.dd_rolls[0].modified == 3
    low = fight([att("A", "0404", 12), dfn("X", 4, max_steps=2, tq="low")], ["A"],
                rolls=[5, 2], turn=10, choices=Choices(dd=True))
    assert low.dd_rolls[0].modified == 1
    ger = resolve_combat(pos([unit("S", "soviet", "0404", attack=24),
                              unit("G", "axis", D, defense=4, max_steps=2)], phasing="soviet",
                             hexes={D: {"city": "minor"}}),
                         Declaration(D, ["S"]), Choices(dd=True), new_dice(rolls=[5, 2]), CRT, DDT)
    assert ger.dd_rolls[0].modified == 3 and ger.dd["column"] == "city"


@pytest.mark.rules("11.3", "18.3.2")
def test_11_3_defensive_support_plus_one_and_the_asu_flips():
    hq = unit("H", "soviet", "0406", "front-hq", attack=0, defense=1, free_stacking=True)
    out = fight(THREE_TO_ONE + [hq], ["A"], rolls=[5, 4], turn=10,
                choices=Choices(dd=True, dd_support="H"))
    assert out.dd_rolls[0].modified == 5
    assert any(m["rules"] == ["11.3", "18.3.2"] for m in out.dd_rolls[0].modifiers)
    used = unit("H", "soviet", "0406", "front-hq", attack=0, defense=1, used=True)
    with pytest.raises(Refused) as exc:
        fight(THREE_TO_ONE + [used], ["A"], rolls=[5, 4], turn=10,
              choices=Choices(dd=True, dd_support="H"))
    assert "18.2.3" in exc.value.rules


@pytest.mark.rules("11.5.2", "11.2.4")
def test_11_5_2_example_desperate_defense_in_woods_costs_three_steps():
    units = [att("A", "0404", 30), dfn("R", 5, max_steps=2),
             dfn("E", 5, max_steps=3, tq="elite")]
    out = fight(units, ["A"], rolls=[5, 2, 4], turn=10, hexes={D: "woods"},
                choices=Choices(defender_losses=["R"], dd=True, desperate=True, lead=["E"]))
    assert out.result == "D1" and out.dd["column"] == "other"
    assert [(r.roll, r.modified, r.cell) for r in out.dd_rolls] == [(2, 3, "F -/-"),
                                                                     (4, 5, "S -/1")]
    assert [x.unit for x in out.losses] == ["R", "E", "E"]
    assert out.dd["outcome"] == "success" and not out.retreat["required"]


@pytest.mark.rules("11.4.3")
def test_11_4_3_failed_determined_defense_retreats():
    out = fight(THREE_TO_ONE, ["A"], rolls=[5, 3], turn=10, choices=Choices(dd=True))
    assert out.dd["outcome"] == "fail" and out.retreat["required"] and out.retreat["hexes"] == 3


@pytest.mark.rules("11.4.2", "14.2.3")
def test_11_4_2_last_step_lost_in_a_success_gives_a_limited_advance():
    units = [att("A", "0404", 12, type_="panzer"), dfn("X", 4)]
    out = fight(units, ["A"], rolls=[2, 5], turn=10, choices=Choices(dd=True))  # DR2, S -/1
    assert out.dd["outcome"] == "success" and out.advance["kind"] == "limited"
    assert out.advance["units"][0]["only"] == D
    held = fight(units + [dfn("F", 3, status="full-retreat")], ["A"], rolls=[2, 5], turn=10,
                 choices=Choices(dd=True))
    assert held.advance["kind"] == "none"


@pytest.mark.rules("11.6.1", "14.2.4")
def test_11_6_1_partial_success_outside_a_city_is_a_delay():
    units = [att("A", "0404", 12), dfn("X", 4, max_steps=3)]
    out = fight(units, ["A"], rolls=[5, 4], turn=10, choices=Choices(dd=True))
    assert out.dd["outcome"] == "delay"
    assert out.retreat["hexes"] == [1, 2] and out.retreat["status_after"] == "disrupted"
    assert out.advance["kind"] == "one-hex" and out.advance["units"][0]["hexes"] == 1


@pytest.mark.rules("11.6.1", "11.5.2")
def test_11_6_1_delays_in_a_desperate_defense_fail_then_succeed():
    units = [att("A", "0404", 12), dfn("X", 4, max_steps=3)]
    out = fight(units, ["A"], rolls=[2, 4, 4], turn=10,
                choices=Choices(dd=True, desperate=True))
    assert [r.effect.split(":")[0] for r in out.dd_rolls] == [
        "Delay in a Desperate Defense counts as a Fail",
        "second Delay in this Desperate Defense counts as S -/1"]
    assert out.dd["outcome"] == "success" and len(out.losses) == 2
    both = fight(units, ["A"], rolls=[2, 4, 4], turn=10, readings={"11.5.2": "cell-and-step"},
                 choices=Choices(dd=True, desperate=True))
    assert len(both.losses) == 3 and both.losses[-1].eliminated


@pytest.mark.rules("11.6.2")
def test_11_6_2_city_battle_markers_then_delay():
    units = [att("A", "0404", 24), dfn("X", 4, max_steps=2)]
    first = fight(units, ["A"], rolls=[2, 3], turn=10, choices=Choices(dd=True),
                  hexes={D: {"city": "minor"}})
    assert first.dd["outcome"] == "city-battle" and not first.retreat["required"]
    assert first.work.hex_spec(D)["city_battle"] == 1
    again = fight(units, ["A"], rolls=[2, 3], turn=10, choices=Choices(dd=True),
                  hexes={D: {"city": "minor", "city_battle": 1}})
    assert again.dd["outcome"] == "delay"
    major = fight(units, ["A"], rolls=[2, 3], turn=10, choices=Choices(dd=True),
                  hexes={D: {"city": "major", "city_battle": 1}})
    assert major.dd["outcome"] == "city-battle" and major.work.hex_spec(D)["city_battle"] == 2


# -- 14.2 advance, 23.2 weather, 16.4 ---------------------------------------------------------


@pytest.mark.rules("14.2.2", "16.4")
def test_14_2_2_advance_rates_and_out_of_supply():
    units = [att("P", "0404", 10, type_="panzer"), att("C", "0505", 10, type_="cavalry"),
             att("I", "0506", 10), att("O", "0406", 10, type_="panzer", supply="out-of-supply"),
             dfn("X", 4)]
    out = fight(units, ["P", "C", "I", "O"], rolls=[6], turn=10)  # 7-1, DS Adv4
    assert {u["id"]: u["hexes"] for u in out.advance["units"]} == {"P": 4, "C": 3, "I": 2,
                                                                   "O": 2}


@pytest.mark.rules("23.2.3", "23.2.4")
def test_23_2_rain_halves_the_advance_snow_shortens_it():
    units = [att("P", "0404", 40, type_="panzer"), dfn("X", 4, max_steps=2)]
    clear = fight(units, ["P"], rolls=[6], turn=10)
    rain = fight(units, ["P"], rolls=[6], turn=21, weather="rain")
    mud = fight(units, ["P"], rolls=[6], turn=21, weather="mud")
    snow = fight(units, ["P"], rolls=[6], turn=29, weather="snow")
    assert [o.advance["allowance"] for o in (clear, rain, mud, snow)] == [4, 2, 2, 3]


@pytest.mark.rules("10.1", "14.2.3")
def test_10_1_exchange_of_a_one_step_defender_gives_a_limited_advance():
    out = fight([att("A", "0404", 4, max_steps=2), dfn("X", 4)], ["A"], rolls=[3])  # 1-1 EX
    assert out.result == "EX" and out.advance["kind"] == "limited"
    two = fight([att("A", "0404", 4, max_steps=2), dfn("X", 4, max_steps=2)], ["A"], rolls=[3])
    assert two.advance["kind"] == "none" and not two.retreat["required"]


@pytest.mark.rules("19.3", "18.6.6")
def test_19_3_non_combat_units_follow_the_survivors_supply_points_stay():
    units = THREE_TO_ONE + [dfn("L", 0, type_="leader"), dfn("SP", 0, type_="supply-point")]
    out = fight(units, ["A"], rolls=[2], turn=10, choices=Choices(dd=False))
    rows = {r["id"]: r for r in out.retreat["units"]}
    assert rows["SP"].get("stays") and not rows["L"].get("removed")


# -- 26.2, 28.1 ----------------------------------------------------------------------------------


@pytest.mark.rules("26.2")
def test_26_2_planned_offensive_rolls_two_dice_and_the_attacker_chooses():
    out = fight(THREE_TO_ONE, ["A"], rolls=[1, 6], po=1, turn=10)
    assert out.crt_dice == [1, 6] and out.die_used == 2 and out.result == "DR4"
    chosen = fight(THREE_TO_ONE, ["A"], rolls=[1, 6], po=1, turn=10,
                   choices=Choices(use_die=1, dd=False))
    assert chosen.result == "A1/DR2"
    single = fight(THREE_TO_ONE, ["A"], rolls=[1, 6], turn=10)
    assert single.crt_dice == [1]


@pytest.mark.rules("28.1.4", "28.1.1")
def test_28_1_axis_leader_rerolls_the_crt_and_must_keep_it():
    leader = unit("M", "axis", "0403", "leader", attack=0, defense=0)
    out = fight(THREE_TO_ONE + [leader], ["A"], rolls=[6, 1], reroll="M", turn=10,
                choices=Choices(dd=False))
    assert out.crt_dice == [1] and out.result == "A1/DR2"
    assert out.work.unit("M")["used"] is True
    used = unit("M", "axis", "0403", "leader", attack=0, defense=0, used=True)
    with pytest.raises(Refused):
        fight(THREE_TO_ONE + [used], ["A"], rolls=[6, 1], reroll="M", turn=10)


@pytest.mark.rules("28.1.3")
def test_28_1_3_soviet_leader_rerolls_only_determined_defense():
    chuikov = unit("C", "soviet", "0406", "leader", attack=0, defense=0)
    with pytest.raises(Refused) as exc:
        fight(THREE_TO_ONE + [chuikov], ["A"], rolls=[5, 1], reroll="C", turn=10)
    assert "28.1.3" in exc.value.rules
    out = fight(THREE_TO_ONE + [chuikov], ["A"], rolls=[5, 1, 5], turn=10,
                choices=Choices(dd=True, dd_reroll="C"))
    assert out.dd_rolls[0].roll == 5 and out.dd_rolls[0].rerolled_from == 1
