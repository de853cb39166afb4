"""Rulings on Streets of Stalingrad's retreats: before combat (9.41-9.48, 8.05) with the
practice terrain chart, and after a P result (9.84, 9.87-9.884)."""

from __future__ import annotations

import pytest
from sos_positions import position, unit

from adjudicator.games.sos.queries.retreats import after_p, before_combat
from adjudicator.games.sos.queries.zoc import zoc

ATTACKED = {"0404": {"markers": ["attack"]}}
GERMAN = unit("g", "german", "0406")


def rbc(defenders, attackers=("g",), hexes=None, extra=(), phase=5, phasing="german",
        readings=None, breakthrough=False, hex_="0404"):
    hx = dict(ATTACKED)
    hx.update(hexes or {})
    sc = position([GERMAN, *extra, *defenders], hexes=hx, phase=phase, phasing=phasing,
                  readings=readings)
    return sc, before_combat(sc, hex_, list(attackers), breakthrough)


def units(ans):
    return {u.unit: u for u in ans.units}


# ---- retreat before combat ------------------------------------------------------------

@pytest.mark.rules("9.41")
def test_9_41_only_from_a_hex_with_an_attack_marker_in_the_enemys_attack_phases():
    _, ans = rbc([unit("s", "soviet", "0404", troops="guards"),
                  unit("t", "soviet", "0404", troops="guards")])
    assert not ans.blocked and units(ans)["s"].may
    _, ans = rbc([unit("s", "soviet", "0404", troops="guards")], hexes={"0404": {}})
    assert ans.blocked == [("no-attack-marker", "9.41")]
    for phase, phasing in ((6, "german"), (12, "soviet"), (3, "german")):
        _, ans = rbc([unit("s", "soviet", "0404", troops="guards")], phase=phase,
                     phasing=phasing)
        assert ("not-an-enemy-attack-phase", "9.41") in ans.blocked


@pytest.mark.rules("9.41", "9.42")
def test_9_41_9_42_a_direct_fire_attacker_must_be_declared():
    arty = unit("a", "german", "0606", "artillery", range=8)
    _, ans = rbc([unit("s", "soviet", "0404", troops="guards")], attackers=("a",), extra=[arty])
    assert ans.blocked == [("only-if-artillery-or-stukas", "9.41")]
    _, ans = rbc([unit("s", "soviet", "0404", troops="guards")], attackers=())
    assert ("attackers-not-declared", "9.42") in ans.blocked
    _, ans = rbc([unit("s", "soviet", "0404", troops="guards")], attackers=("a", "g"),
                 extra=[arty])
    assert not ans.blocked


@pytest.mark.rules("9.43")
def test_9_43_one_combat_unit_stays():
    _, ans = rbc([unit("s", "soviet", "0404", troops="guards")])
    assert units(ans)["s"].refused == [("last-combat-unit", "9.43")]
    # with a leader, the leader may go and the combat unit stays
    _, ans = rbc([unit("s", "soviet", "0404", troops="guards"),
                  unit("l", "soviet", "0404", "leader")])
    assert units(ans)["s"].refused == [("last-combat-unit", "9.43")]
    assert units(ans)["l"].may
    _, ans = rbc([unit("s", "soviet", "0404", troops="guards"),
                  unit("t", "soviet", "0404", troops="guards")])
    assert ans.one_must_stay and units(ans)["s"].may and units(ans)["t"].may


@pytest.mark.rules("9.43")
def test_9_43_a_sniper_or_immobilized_tank_counts_a_mine_dog_does_not():
    _, ans = rbc([unit("s", "soviet", "0404", troops="guards"),
                  unit("n", "soviet", "0404", "sniper", troops="guards")])
    assert ans.one_must_stay
    _, ans = rbc([unit("s", "soviet", "0404", troops="guards"),
                  unit("k", "soviet", "0404", "armor", immobilized=True)])
    assert not ans.one_must_stay and units(ans)["s"].may  # the tank stays anyway
    _, ans = rbc([unit("s", "soviet", "0404", troops="guards"),
                  unit("d", "soviet", "0404", "mine-dog", troops="guards")])
    assert units(ans)["s"].refused == [("last-combat-unit", "9.43")]


@pytest.mark.rules("9.44")
def test_9_44_soviet_units_need_guards_marines_or_a_leader():
    _, ans = rbc([unit("s", "soviet", "0404"), unit("t", "soviet", "0404", troops="marine")])
    assert units(ans)["s"].refused == [("no-guards-marines-or-leader", "9.44")]
    assert units(ans)["t"].may  # s stays anyway, so the marine may go
    for leader in (unit("c", "soviet", "0404", "commissar"),
                   unit("p", "soviet", "0404", "leader", name="Pavlov")):
        _, ans = rbc([unit("s", "soviet", "0404"), unit("t", "soviet", "0404"), leader])
        assert units(ans)["s"].may
    # an adjacent leader helps, but not Pavlov or Herman
    _, ans = rbc([unit("s", "soviet", "0404"), unit("t", "soviet", "0404")],
                 extra=[unit("l", "soviet", "0403", "leader", name="Rodimtsev")])
    assert units(ans)["s"].may
    _, ans = rbc([unit("s", "soviet", "0404"), unit("t", "soviet", "0404")],
                 extra=[unit("l", "soviet", "0403", "leader", name="Herman")])
    assert not units(ans)["s"].may


@pytest.mark.rules("9.45")
def test_9_45_german_armour_attacked_without_soviet_armour_may_all_go():
    tanks = [unit("t1", "german", "0404", "armor", movement=18),
             unit("t2", "german", "0404", "armor", movement=18)]
    att = unit("a", "soviet", "0406")
    sc = position([*tanks, att], hexes=ATTACKED, phase=12, phasing="soviet")
    ans = before_combat(sc, "0404", ["a"])
    assert ans.all_may_go and not ans.one_must_stay
    assert all(u.may for u in ans.units)
    sc = position([*tanks, unit("a", "soviet", "0406", "armor")], hexes=ATTACKED, phase=12,
                  phasing="soviet")
    ans = before_combat(sc, "0404", ["a"])
    assert not ans.all_may_go and ans.one_must_stay


@pytest.mark.rules("9.46", "10.5")
def test_9_46_not_when_pinned_after_opportunity_fire_or_in_a_breakthrough_attack():
    _, ans = rbc([unit("s", "soviet", "0404", troops="guards", pinned=True),
                  unit("t", "soviet", "0404", troops="guards", opportunity_fired=True),
                  unit("u", "soviet", "0404", troops="guards")])
    got = units(ans)
    assert got["s"].refused == [("pinned", "9.46")]
    assert got["t"].refused == [("used-opportunity-fire", "9.46")]
    assert got["u"].may  # the others stay
    _, ans = rbc([unit("s", "soviet", "0404", troops="guards"),
                  unit("t", "soviet", "0404", troops="guards")], breakthrough=True)
    assert ("breakthrough-attack", "10.5") in ans.blocked


@pytest.mark.rules("9.47")
def test_9_47_never_into_enemy_units_or_enemy_zoc():
    sc, ans = rbc([unit("s", "soviet", "0404", troops="guards"),
                   unit("t", "soviet", "0404", troops="guards")])
    german_zoc = {h for h, ss in zoc(sc).controls["retreat"].items() if "german" in ss}
    reach = set(units(ans)["s"].hexes)
    assert reach and not reach & german_zoc and "0406" not in reach
    assert "0405" in german_zoc and "0403" in reach


@pytest.mark.rules("9.48", "8.05")
def test_9_48_a_quarter_of_the_mp_rounded_up_the_8_05_example():
    towed = unit("a", "soviet", "0404", "at-gun", movement=15, troops="guards")
    _, ans = rbc([towed, unit("t", "soviet", "0404", troops="guards")])
    assert units(ans)["a"].budget == 4  # 15 MP: 4 MP for a retreat before combat
    assert units(ans)["t"].budget == 2
    assert max(units(ans)["t"].hexes.values()) <= 2


@pytest.mark.rules("9.48")
def test_9_48_one_hex_always_even_when_it_costs_more():
    # forest costs the practice chart's foot units 2 MP, a city hex 2: with the +1 MP of
    # 5 explosion points, 3 MP is beyond the budget of 2, but one hex is always allowed
    hexes = {"0404": {"markers": ["attack"], "explosions": 5},
             "0403": {"features": ["forest"]}}
    _, ans = rbc([unit("s", "soviet", "0404", troops="guards"),
                  unit("t", "soviet", "0404", troops="guards")], hexes=hexes)
    got = units(ans)["s"].hexes
    assert got["0403"] == 2 and all(c == 2 for c in got.values())
    hexes["0404"]["explosions"] = 0
    _, ans = rbc([unit("s", "soviet", "0404", troops="guards"),
                  unit("t", "soviet", "0404", troops="guards")], hexes=hexes)
    assert min(units(ans)["s"].hexes.values()) == 1


@pytest.mark.rules("9.48")
def test_9_48_motorized_units_may_not_leave_a_heavily_hit_hex_by_default():
    hexes = {"0404": {"markers": ["attack"], "explosions": 6}}
    mot = unit("m", "soviet", "0404", "infantry", movement=24, troops="guards")
    keep = unit("t", "soviet", "0404", troops="guards")
    _, ans = rbc([mot, keep], hexes=hexes)
    assert units(ans)["m"].refused == [("explosions-ban-leaving", "9.48")]
    _, ans = rbc([mot, keep], hexes=hexes, readings={"9.48": "minimum-wins"})
    m = units(ans)["m"]
    assert m.may and m.hexes and set(m.stops) == set(m.hexes)
    _, ans = rbc([mot, keep], hexes={"0404": {"markers": ["attack"], "explosions": 4}})
    assert units(ans)["m"].may and not units(ans)["m"].stops


@pytest.mark.rules("9.48")
def test_9_48_motorized_units_stop_in_a_heavily_hit_hex_they_enter():
    hexes = {"0403": {"explosions": 5}}
    mot = unit("m", "soviet", "0404", "infantry", movement=24, troops="guards")
    _, ans = rbc([mot, unit("t", "soviet", "0404", troops="guards")], hexes=hexes)
    assert "0403" in units(ans)["m"].stops


# ---- the P result --------------------------------------------------------------------

def p(defenders, hexes=None, attackers=("g",), fire="attack", extra=(), readings=None,
      g=None):
    sc = position([g or unit("g", "german", "0405"), *extra, *defenders], hexes=hexes,
                  readings=readings)
    ans = after_p(sc, "0404", list(attackers), fire)
    return {u.unit: u for u in ans.units}, ans


@pytest.mark.rules("9.87")
def test_9_87_in_a_clear_hex_all_retreat_one_hex_not_into_enemy_zoc():
    got, _ = p([unit("s", "soviet", "0404")])
    s = got["s"]
    assert s.outcome == "retreats-pinned" and s.rules == ["9.87"]
    assert s.hexes and "0405" not in s.hexes
    assert ("enemy-zoc", "9.87") in s.refused["0305"]  # next to the attacker too
    assert "0304" in s.hexes


@pytest.mark.rules("9.87", "5.0")
def test_9_87_not_into_attacked_or_bombarded_or_overstacked_hexes_else_eliminated():
    hexes = {"0403": {"markers": ["attack"]}, "0504": {"markers": ["bombarded"]}}
    full = [unit(f"f{i}", "soviet", "0304", troops="guards") for i in range(3)]
    got, _ = p([unit("s", "soviet", "0404")], hexes=hexes, extra=full)
    s = got["s"]
    assert s.refused["0403"] == [("under-attack", "9.87")]
    assert s.refused["0504"] == [("bombarded", "9.87")]
    assert s.refused["0304"] == [("overstack", "5.0")]
    assert ("enemy-zoc", "9.87") in s.refused["0505"]
    assert s.outcome == "eliminated-no-retreat" and not s.hexes


@pytest.mark.rules("9.88")
def test_9_88_in_forest_suburb_or_balka_the_defender_chooses():
    for feature in ("forest", "suburb", "village", "balka"):
        got, ans = p([unit("s", "soviet", "0404")], hexes={"0404": {"features": [feature]}})
        assert got["s"].outcome == "retreat-or-stay-pinned"
        assert ans.options == [("retreat", "9.88"), ("stay-losing-one-combat-unit", "9.88")]
    got, ans = p([unit("s", "soviet", "0404"), unit("f", "soviet", "0404", "fortification")])
    assert got["s"].outcome == "retreat-or-stay-pinned"


@pytest.mark.rules("9.84", "9.883")
def test_9_84_9_883_city_hexes_are_spent_strong_points_stay_pinned():
    got, _ = p([unit("s", "soviet", "0404")], hexes={"0404": {"features": ["city"]}})
    assert got["s"].outcome == "spent" and got["s"].rules == ["9.84"]
    got, _ = p([unit("s", "soviet", "0404")], hexes={"0404": {"features": ["strong-point"]}})
    assert got["s"].outcome == "pinned" and got["s"].rules == ["9.883"]
    got, _ = p([unit("s", "soviet", "0404")],
               hexes={"0404": {"features": ["road", "hill-top", "cemetery"]}})
    assert got["s"].outcome == "retreats-pinned"


@pytest.mark.rules("9.883")
def test_9_883_only_an_attack_with_an_unpinned_adjacent_infantry_type_unit():
    for fire in ("opportunity", "defensive"):
        got, _ = p([unit("s", "soviet", "0404")], fire=fire)
        assert got["s"].outcome == "pinned" and got["s"].rules == ["9.883"]
    got, _ = p([unit("s", "soviet", "0404")], g=unit("g", "german", "0405", pinned=True))
    assert got["s"].outcome == "pinned" and got["s"].rules == ["9.884"]
    got, _ = p([unit("s", "soviet", "0404")], g=unit("g", "german", "0406"))
    assert got["s"].outcome == "pinned"  # not adjacent
    got, _ = p([unit("s", "soviet", "0404")], g=unit("g", "german", "0405", "engineer"))
    assert got["s"].outcome == "retreats-pinned"


@pytest.mark.rules("9.884")
def test_9_884_armour_and_at_guns_alone_never_force_a_retreat():
    for cls in ("armor", "at-gun"):
        got, _ = p([unit("s", "soviet", "0404")], g=unit("g", "german", "0405", cls))
        assert got["s"].outcome == "pinned" and got["s"].rules == ["9.884"]


@pytest.mark.rules("9.881", "9.882")
def test_9_881_9_882_fixed_units_and_immobilized_tanks():
    got, _ = p([unit("s", "soviet", "0404"), unit("m", "soviet", "0404", "minefield"),
                unit("k", "soviet", "0404", "armor", immobilized=True)],
               hexes={"0404": {"features": ["city"]}})
    assert got["m"].outcome == "unaffected" and got["m"].rules == ["9.881"]
    assert got["k"].outcome == "eliminated" and got["k"].rules == ["9.882"]
    assert got["s"].outcome == "spent"


@pytest.mark.rules("9.884")
def test_9_884_nkvd_retreat_in_any_terrain_unless_a_leader_is_with_them():
    city = {"0404": {"features": ["city"]}}
    got, _ = p([unit("n", "soviet", "0404", troops="nkvd"), unit("s", "soviet", "0404")],
               hexes=city)
    assert got["n"].outcome == "retreats-pinned" and got["n"].rules == ["9.884"]
    assert got["s"].outcome == "spent"
    got, ans = p([unit("n", "soviet", "0404", troops="nkvd"),
                  unit("l", "soviet", "0404", "leader")], hexes=city)
    assert got["n"].outcome == "retreat-or-stay-pinned"
    assert ("stay-losing-one-nkvd-unit", "9.884") in ans.options
    # in a clear hex they always retreat, leader or not
    got, _ = p([unit("n", "soviet", "0404", troops="nkvd"), unit("l", "soviet", "0404", "leader")])
    assert got["n"].outcome == "retreats-pinned"


@pytest.mark.rules("9.884", "9.883")
def test_9_884_against_9_883_3_the_terrain_limit_reading():
    city = {"0404": {"features": ["city"]}}
    got, _ = p([unit("n", "soviet", "0404", troops="nkvd")], hexes=city,
               readings={"9.884": "terrain-limit"})
    assert got["n"].outcome == "spent" and got["n"].rules == ["9.84"]
    forest = {"0404": {"features": ["forest"]}}
    got, _ = p([unit("n", "soviet", "0404", troops="nkvd")], hexes=forest,
               readings={"9.884": "terrain-limit"})
    assert got["n"].outcome == "retreats-pinned"


@pytest.mark.rules("5.0", "9.87")
def test_5_0_a_retreat_into_a_friendly_hex_with_room_is_allowed():
    room = [unit(f"f{i}", "soviet", "0304", troops="guards") for i in range(2)]
    got, _ = p([unit("s", "soviet", "0404")], extra=room)
    assert "0304" in got["s"].hexes


@pytest.mark.rules("8.04", "9.87")
def test_8_04_not_into_terrain_the_chart_prohibits():
    hexes = {"0304": {"terrain": "volga", "features": ["volga"]}}
    got, _ = p([unit("s", "soviet", "0404")], hexes=hexes)
    assert got["s"].refused["0304"] == [("prohibited-terrain", "8.04")]
    got, _ = p([unit("s", "soviet", "0404")])
    assert "0304" in got["s"].hexes


@pytest.mark.rules("8.01", "9.881")
def test_8_01_units_without_movement_never_retreat_before_combat():
    _, ans = rbc([unit("m", "soviet", "0404", "minefield", troops="guards"),
                  unit("k", "soviet", "0404", "armor", immobilized=True, troops="guards"),
                  unit("s", "soviet", "0404", troops="guards")])
    got = units(ans)
    assert got["m"].refused == [("cannot-move", "8.01")]
    assert got["k"].refused == [("cannot-move", "9.881")]
    assert got["s"].may


@pytest.mark.rules("9.113", "9.87")
def test_9_113_a_leader_retreats_with_the_stack_unpinned_or_stays_unaffected():
    got, _ = p([unit("s", "soviet", "0404"), unit("l", "soviet", "0404", "leader")])
    assert got["l"].outcome == "retreats" and got["s"].outcome == "retreats-pinned"
    got, _ = p([unit("s", "soviet", "0404"), unit("l", "soviet", "0404", "leader")],
               hexes={"0404": {"features": ["city"]}})
    assert got["l"].outcome == "unaffected" and got["l"].rules == ["9.113"]
    assert got["s"].outcome == "spent"


CLOSED = {"0403": {"markers": ["attack"]}, "0504": {"markers": ["bombarded"]}}


@pytest.mark.rules("5.0", "9.87")
def test_9_87_the_retreating_stack_must_fit_together_not_each_unit_alone():
    three = [unit(f"s{i}", "soviet", "0404") for i in range(3)]
    # 0304 holds two Soviet combat units: each retreating unit alone fits there, the
    # three together do not, and no other hex is open: two of them are eliminated.
    room = [unit(f"f{i}", "soviet", "0304", troops="guards") for i in range(2)]
    got, ans = p(three, hexes=CLOSED, extra=room)
    assert all(got[u].hexes == ["0304"] for u in ("s0", "s1", "s2"))
    assert ans.short == {"combat": 2} and len(ans.placing) == 1
    # an empty 0304 takes all three
    got, ans = p(three, hexes=CLOSED)
    assert ans.short == {} and set(ans.placing.values()) == {"0304"}


@pytest.mark.rules("5.0", "9.87")
def test_9_87_each_unit_may_take_a_different_hex_so_the_stack_may_split():
    three = [unit(f"s{i}", "soviet", "0404") for i in range(3)]
    room = [unit(f"f{i}", "soviet", "0304", troops="guards") for i in range(2)]
    got, ans = p(three, hexes={"0403": {"markers": ["attack"]}}, extra=room)
    assert ans.short == {} and len(ans.placing) == 3
    assert list(ans.placing.values()).count("0304") <= 1 and "0504" in ans.placing.values()


@pytest.mark.rules("5.3", "9.87")
def test_5_3_a_retreating_tank_lifts_the_german_limit_for_the_units_going_with_it():
    sov = unit("r", "soviet", "0405")
    there = [unit(f"h{i}", "german", "0304") for i in range(2)]
    tank_and_two = [unit("t", "german", "0404", "armor"), unit("i1", "german", "0404"),
                    unit("i2", "german", "0404")]
    got, ans = p(tank_and_two, hexes=CLOSED, extra=there, g=sov, attackers=("r",))
    # with the tank, four fit in 0304: the tank and one of the infantry; one is lost
    assert ans.short == {"combat": 1} and ans.placing["t"] == "0304"
    got, ans = p(tank_and_two[1:], hexes=CLOSED, extra=there, g=sov, attackers=("r",))
    assert ans.short == {"combat": 1}  # without armour only three: one of the two is lost


@pytest.mark.rules("9.881")
def test_9_881_a_fortification_goes_when_all_its_combat_units_retreat():
    fort = unit("f", "soviet", "0404", "fortification")
    nkvd = unit("n", "soviet", "0404", troops="nkvd")
    # in a city hex NKVD units must retreat (9.884): nobody stays with the fortification
    got, _ = p([nkvd, fort], hexes={"0404": {"features": ["city"]}})
    assert got["n"].outcome == "retreats-pinned"
    assert got["f"].outcome == "eliminated" and got["f"].rules == ["9.881"]
    # with a unit that stays spent, the fortification stays
    got, _ = p([nkvd, unit("s", "soviet", "0404"), fort], hexes={"0404": {"features": ["city"]}})
    assert got["s"].outcome == "spent" and got["f"].outcome == "unaffected"
    # clear with a fortification: the defender chooses, and the fortification goes with
    # the retreat
    got, _ = p([unit("s", "soviet", "0404"), fort])
    assert got["s"].outcome == "retreat-or-stay-pinned"
    assert got["f"].outcome == "eliminated-if-all-retreat"
    # a fortification alone is not affected
    got, _ = p([fort])
    assert got["f"].outcome == "unaffected"


@pytest.mark.rules("9.881", "9.882")
def test_9_881_immobilized_tanks_die_in_clear_balka_forest_and_suburb_9_882_in_cities_too():
    tank = unit("k", "soviet", "0404", "armor", immobilized=True)
    for feats in ([], ["balka"], ["forest"], ["suburb"]):
        got, _ = p([tank, unit("s", "soviet", "0404")], hexes={"0404": {"features": feats}})
        assert got["k"].outcome == "eliminated" and got["k"].rules == ["9.881", "9.882"]
    got, _ = p([tank], hexes={"0404": {"features": ["city"]}})
    assert got["k"].outcome == "eliminated" and got["k"].rules == ["9.882"]


@pytest.mark.rules("19.5", "9.48")
def test_19_5_an_isolated_soviet_unit_retreats_on_half_its_budget():
    towed = unit("a", "soviet", "0404", "at-gun", movement=15, troops="guards", isolation=1)
    foot = unit("t", "soviet", "0404", troops="guards", isolation=2)
    _, ans = rbc([towed, foot])
    assert units(ans)["a"].budget == 2 and units(ans)["t"].budget == 1  # 15/8, 8/8 up
    assert "19.5" in ans.rules and units(ans)["t"].budget_rule == "19.5"
    assert units(ans)["t"].hexes  # the one-hex minimum still holds
    # not isolated, or the other reading: a quarter
    _, ans = rbc([towed | {"isolation": 0}, foot | {"isolation": 0}])
    assert units(ans)["a"].budget == 4 and units(ans)["t"].budget == 2
    _, ans = rbc([towed, foot], readings={"19.5": "movement-phases"})
    assert units(ans)["a"].budget == 4 and "19.5" not in ans.rules


@pytest.mark.rules("6.4", "9.48")
def test_6_4_leaving_the_attacked_hex_in_enemy_zoc_costs_no_extra_mp():
    # German armour retreating from a hex next to Soviet infantry (in its ZOC): a
    # retreat is no breakthrough movement, so the +2 MP of 6.6 and 8.56 is not charged
    tank = unit("t", "german", "0404", "armor", movement=16)
    sc = position([unit("s", "soviet", "0405"), tank], hexes=ATTACKED, phase=12,
                  phasing="soviet")
    ans = before_combat(sc, "0404", ["s"])
    t = units(ans)["t"]
    assert "6.4" in ans.rules and t.budget == 4
    assert t.hexes["0304"] == 2  # the practice chart's clear hex, nothing for the ZOC
    assert any(c == 4 and h not in ("0304", "0403", "0504") for h, c in t.hexes.items())
    # away from the enemy ZOC there is no ZOC to leave, and 6.4 is not cited
    far = position([unit("s", "soviet", "0406", range=2), tank], hexes=ATTACKED,
                   phase=12, phasing="soviet")
    ans = before_combat(far, "0404", ["s"])
    assert "6.4" not in ans.rules and units(ans)["t"].hexes


def _retreat_as_soviet(defenders, readings=None):
    sc = position([unit("g", "german", "0405"), *defenders], hexes=ATTACKED, phase=5,
                  readings=readings)
    return before_combat(sc, "0404", ["g"])


@pytest.mark.rules("16.42", "16.45")
def test_16_42_a_transport_retreats_carrying_a_unit_that_may_retreat():
    truck = unit("t", "soviet", "0404", "transport", movement=24, attack=0, defense=0,
                 range=0)
    guards = [unit(f"s{i}", "soviet", "0404", troops="guards") for i in range(2)]
    ans = _retreat_as_soviet([truck, *guards])
    got = units(ans)
    assert got["t"].may and got["t"].budget == 6  # a quarter of 24
    assert got["s0"].carried_by == ["t"] and "16.45" in ans.rules
    # its passenger rides further than it walks: the transport's hexes include some the
    # foot unit cannot reach
    assert set(got["t"].hexes) > set(got["s0"].hexes)


@pytest.mark.rules("16.42", "9.44")
def test_16_42_no_passenger_that_may_retreat_no_retreat_for_the_transport():
    truck = unit("t", "soviet", "0404", "transport", movement=24)
    regular = unit("s", "soviet", "0404")  # not Guards or Marines, no leader: 9.44
    got = units(_retreat_as_soviet([truck, regular]))
    assert not got["t"].may and got["t"].refused == [("no-passenger-and-no-leader",
                                                       "16.42")]
    assert got["s"].carried_by == []
    # a leader next door lets them go (9.44; one of the two combat units stays, 9.43)
    ldr = unit("l", "soviet", "0304", "leader")
    got = units(_retreat_as_soviet([truck, regular, regular | {"id": "s2"}, ldr]))
    assert got["t"].may and got["s"].carried_by == ["t"]


@pytest.mark.rules("16.42", "16.43")
def test_16_43_a_pinned_transport_carries_nobody():
    truck = unit("t", "soviet", "0404", "transport", movement=24, pinned=True)
    guards = [unit(f"s{i}", "soviet", "0404", troops="guards") for i in range(2)]
    got = units(_retreat_as_soviet([truck, *guards]))
    assert not got["t"].may and ("pinned", "16.43") in got["t"].refused
    assert got["s0"].carried_by == []


@pytest.mark.rules("16.42")
def test_16_42_the_bound_by_9_44_reading_needs_a_leader_for_the_transport():
    truck = unit("t", "soviet", "0404", "transport", movement=24)
    guards = [unit(f"s{i}", "soviet", "0404", troops="guards") for i in range(2)]
    got = units(_retreat_as_soviet([truck, *guards], readings={"16.42": "bound-by-9-44"}))
    assert not got["t"].may and got["s0"].carried_by == []


# ---- vehicles and blocking terrain drawn through a hex (8.12) -------------------------

def tank_retreat(hexes=None, readings=None):
    """A German tank (18 MP: 5 MP to retreat, 9.48) and infantry in 0404, attacked from
    0402 in a Soviet attack phase."""
    hx = {"0404": {"markers": ["attack"]}, **(hexes or {})}
    sc = position([unit("s", "soviet", "0402"), unit("t", "german", "0404", "armor",
                                                      movement=18),
                   unit("i", "german", "0404")], hexes=hx, phase=12, phasing="soviet",
                  readings=readings)
    return units(before_combat(sc, "0404", ["s"])), before_combat(sc, "0404", ["s"])


BALKA_0405 = {"0405": {"features": ["balka"], "crossings": [
    {"feature": "balka", "through": ["0306", "0505"]}]}}


@pytest.mark.rules("8.12", "9.48")
def test_8_12_a_retreating_vehicle_does_not_cross_a_blocking_balka():
    # without the crossing: into the balka hex 0405 (3 MP) and on to 0406 (5 MP)
    got, _ = tank_retreat({"0405": {"features": ["balka"]}})
    assert got["t"].hexes["0405"] == 3 and got["t"].hexes["0406"] == 5
    # the balka runs through 0405 towards 0306 and 0505: coming from 0404 (one bank) the
    # tank may enter 0405 but not go on to 0406 or 0506 (the other bank)
    got, ans = tank_retreat(BALKA_0405)
    t = got["t"]
    assert t.hexes["0405"] == 3 and "0406" not in t.hexes
    assert t.no_crossing == [("0405", "balka", "8.12")] and "8.12" in ans.rules
    assert t.hexes["0506"] == 4  # the long way round, through 0505, crosses nothing
    # foot units cross it
    assert got["i"].no_crossing == [] and got["i"].budget == 2
    # Appendix B's verdict (vehicles: cross), or a bridge unit in the hex (17.12), open it
    got, _ = tank_retreat({"0405": {"features": ["balka"], "crossings": [
        {"feature": "balka", "through": ["0306", "0505"], "vehicles": "cross"}]}})
    assert got["t"].hexes["0406"] == 5 and got["t"].no_crossing == []


@pytest.mark.rules("8.12")
def test_8_12_a_vehicle_leaving_a_blocking_hex_by_reading():
    # 0404 is on Appendix B: the printed hex lets vehicles cross its balka
    crossing = {"0404": {"markers": ["attack"], "features": ["balka"], "crossings": [
        {"feature": "balka", "through": ["0403", "0405"]}]}}
    got, _ = tank_retreat(crossing, readings={"8.12#start": "along-only"})
    assert got["t"].no_crossing == [] and "0504" in got["t"].hexes
    crossing["0404"]["crossings"][0]["vehicles"] = "blocked"
    got, _ = tank_retreat(crossing)
    assert {"0504", "0304", "0405"} <= set(got["t"].hexes)
    got, _ = tank_retreat(crossing, readings={"8.12#start": "along-only"})
    assert got["t"].no_crossing == [("0404", "balka", "8.12")]
    assert "0504" not in got["t"].hexes and "0405" in got["t"].hexes


@pytest.mark.rules("8.12", "9.87")
def test_8_12_a_p_result_retreat_out_of_a_blocking_hex_by_reading():
    crossing = {"0404": {"crossings": [{"feature": "rail-embankment",
                                        "through": ["0403", "0405"]}]}}
    tank = unit("t", "soviet", "0404", "armor", movement=18)
    got, _ = p([tank], hexes=crossing)
    assert "0304" in got["t"].hexes and "0504" in got["t"].hexes
    got, _ = p([tank], hexes=crossing, readings={"8.12#start": "along-only"})
    assert got["t"].refused["0304"] == [("across-blocking-terrain", "8.12")]
    assert "0403" in got["t"].hexes and "0304" not in got["t"].hexes


@pytest.mark.rules("8.67")
def test_8_67_soviet_vehicles_cross_a_balka_hex_a_river_landing_arrow_points_to():
    def soviet_tank(landing):
        hx = {"0404": {"markers": ["attack"]},
              "0405": {**BALKA_0405["0405"], "river_landing": landing}}
        sc = position([unit("g", "german", "0402"),
                       unit("t", "soviet", "0404", "armor", movement=18, troops="guards"),
                       unit("i", "soviet", "0404", troops="guards")], hexes=hx)
        ans = before_combat(sc, "0404", ["g"])
        return units(ans)["t"], ans

    t, ans = soviet_tank(True)
    assert t.hexes["0406"] == 5 and t.no_crossing == []
    assert t.landings == ["0405"] and "8.67" in ans.rules
    t, ans = soviet_tank(False)
    assert "0406" not in t.hexes and t.no_crossing == [("0405", "balka", "8.12")]
    assert t.landings == [] and "8.67" not in ans.rules
    # the arrows serve the Soviet side only: a German tank still stops short
    got, _ = tank_retreat({"0405": {**BALKA_0405["0405"], "river_landing": True}})
    assert "0406" not in got["t"].hexes


def _bridge_retreat(extra):
    hx = {"0404": {"markers": ["attack"]}, "0405": {"features": ["balka"]}}
    sc = position([unit("s", "soviet", "0402"), unit("t", "german", "0404", "armor",
                                                      movement=18), *extra],
                  hexes=hx, phase=12, phasing="soviet")
    return units(before_combat(sc, "0404", ["s"]))["t"]


@pytest.mark.rules("17.12")
def test_17_12_a_bridge_in_a_pinned_hex_may_not_be_used():
    bridge = unit("br", "german", "0405", "bridge")
    # without a bridge the balka hex 0405 costs the tank 3 MP; over a bridge unit 1 MP
    assert _bridge_retreat([]).hexes["0405"] == 3
    assert _bridge_retreat([bridge]).hexes["0405"] == 1
    # a pinned unit in the bridge's hex: the bridge may not be used, the balka's cost holds
    pinned = unit("p", "german", "0405", pinned=True)
    assert _bridge_retreat([bridge, pinned]).hexes["0405"] == 3
    assert _bridge_retreat([bridge, unit("p", "german", "0405")]).hexes["0405"] == 1
