"""Rulings on Kharkov Battles zones of control: each rule allowed and forbidden."""

from __future__ import annotations

import pytest
from kb42_positions import position, unit

from adjudicator.games.kb42.queries.zoc import zoc


def ctl(sc, purpose="movement"):
    return {(h, s) for h, ss in zoc(sc).controls[purpose].items() for s in ss}


@pytest.mark.rules("2.4")
def test_2_4_a_unit_controls_its_six_neighbours():
    sc = position([unit("a", "axis", "KB3617")])
    got = {h for h, s in ctl(sc) if s == "axis"}
    assert got == set(sc.grid.neighbours("KB3617")) and len(got) == 6


@pytest.mark.rules("2.4")
def test_2_4_white_band_cadre_exert_none():
    for flag in ("white_band", "cadre"):
        sc = position([unit("a", "axis", "KB3617", **{flag: True})])
        assert ctl(sc) == set()
        assert zoc(sc).no_zoc == {"a": ["2.4"]}


@pytest.mark.rules("15.11")
def test_15_11_hq_exerts_none_but_a_stacked_unit_does():
    sc = position([unit("h", "axis", "KB3617", "hq")])
    assert ctl(sc) == set() and zoc(sc).no_zoc == {"h": ["15.11"]}
    sc = position([unit("h", "axis", "KB3617", "hq"), unit("i", "axis", "KB3617")])
    assert ("KB3616", "axis") in ctl(sc)  # 7.13: a mixed stack exerts one


@pytest.mark.rules("7.13")
def test_7_13_three_cadres_exert_two_do_not():
    three = [unit(f"c{i}", "soviet", "KB3617", cadre=True) for i in range(3)]
    assert ("KB3616", "soviet") in ctl(position(three))
    assert zoc(position(three)).exerts["KB3617"]["soviet"] == ["7.13"]
    assert ctl(position(three[:2])) == set()


@pytest.mark.rules("7.14")
def test_7_14_units_in_a_city_exert_none_and_negate_the_ezoc():
    hexes = {f"KB{r}{c}": "clear" for r in (35, 36, 37) for c in range(15, 20)}
    hexes["KB3617"] = {"terrain": "clear", "city": "major"}
    sc = position([unit("s", "soviet", "KB3617"), unit("a", "axis", "KB3616")], hexes=hexes)
    assert not any(s == "soviet" for _, s in ctl(sc))
    assert zoc(sc).no_zoc == {"s": ["7.14"]}
    assert ("KB3617", "axis") not in ctl(sc, "movement")
    assert zoc(sc).negated[("KB3617", "axis", "movement")] == ["7.14"]


@pytest.mark.rules("7.24")
def test_7_24_friendly_units_do_not_negate_for_movement_outside_a_city():
    sc = position([unit("s", "soviet", "KB3617"), unit("a", "axis", "KB3616")])
    assert ("KB3617", "axis") in ctl(sc, "movement")
    assert ("KB3617", "axis") in ctl(sc, "combat")


@pytest.mark.rules("7.32", "7.42")
def test_7_32_friendly_units_negate_for_retreat_and_7_42_for_supply():
    sc = position([unit("s", "soviet", "KB3617"), unit("a", "axis", "KB3616")])
    assert ("KB3617", "axis") not in ctl(sc, "retreat")
    assert ("KB3617", "axis") not in ctl(sc, "supply")
    neg = zoc(sc).negated
    assert neg[("KB3617", "axis", "retreat")] == ["7.32"]
    assert neg[("KB3617", "axis", "supply")] == ["7.42"]
    lone = position([unit("a", "axis", "KB3616")])
    assert ("KB3617", "axis") in ctl(lone, "retreat")


@pytest.mark.rules("7.15")
def test_7_15_impassable_and_dnepr_block_for_every_purpose():
    for side in ({"impassable": True}, {"river": "dnepr"}):
        sc = position([unit("a", "axis", "KB3616")], hexsides={"KB3616-KB3617": side})
        for p in ("movement", "combat", "retreat", "supply"):
            assert ("KB3617", "axis") not in ctl(sc, p)
            assert zoc(sc).blocked[("KB3616", "KB3617", "axis", p)] == ["7.15"]


@pytest.mark.rules("18.21")
def test_18_21_a_pontoon_bridge_lets_the_zoc_cross_the_dnepr():
    sc = position([unit("a", "axis", "KB3616")],
                  hexsides={"KB3616-KB3617": {"river": "dnepr", "bridge": "pontoon"}})
    assert ("KB3617", "axis") in ctl(sc, "combat")
    assert not zoc(sc).blocked


@pytest.mark.rules("7.31")
def test_7_31_an_unbridged_major_river_blocks_only_in_the_combat_phase():
    sc = position([unit("a", "axis", "KB3616")], hexsides={"KB3616-KB3617": {"river": "major"}})
    assert ("KB3617", "axis") in ctl(sc, "movement")
    assert ("KB3617", "axis") in ctl(sc, "supply")
    assert ("KB3617", "axis") not in ctl(sc, "combat")
    assert ("KB3617", "axis") not in ctl(sc, "retreat")
    assert zoc(sc).blocked[("KB3616", "KB3617", "axis", "combat")] == ["7.31"]
    bridged = position([unit("a", "axis", "KB3616")],
                       hexsides={"KB3616-KB3617": {"river": "major", "bridge": "road"}})
    assert ("KB3617", "axis") in ctl(bridged, "combat")


@pytest.mark.rules("18.12")
def test_18_12_every_unit_in_its_own_fz_exerts_but_not_in_the_enemys():
    hexes = {f"KB{r}{c}": "clear" for r in (35, 36, 37) for c in range(15, 20)}
    hexes["KB3617"] = {"terrain": "clear", "fz": "soviet"}
    sc = position([unit("h", "soviet", "KB3617", "hq")], hexes=hexes)
    assert ("KB3616", "soviet") in ctl(sc)
    assert zoc(sc).exerts["KB3617"]["soviet"] == ["18.12"]
    sc = position([unit("h", "axis", "KB3617", "hq")], hexes=hexes)
    assert ctl(sc) == set()


@pytest.mark.rules("7.12")
def test_7_12_both_sides_may_control_an_empty_hex():
    sc = position([unit("a", "axis", "KB3616"), unit("s", "soviet", "KB3618")])
    assert {("KB3617", "axis"), ("KB3617", "soviet")} <= ctl(sc)


@pytest.mark.rules("11.1")
def test_11_1_mechanized_and_soviet_cavalry_infiltrate_unless_isolated():
    units = [unit("t", "axis", "KB3616", "tank"), unit("c", "soviet", "KB3518", "cavalry"),
             unit("i", "axis", "KB3615"), unit("x", "soviet", "KB3718", "tank",
                                                supply="isolated")]
    ans = zoc(position(units))
    assert ans.infiltrators == {"t": ["11.1"], "c": ["11.1"]}


@pytest.mark.rules("11.1", "18.13")
def test_11_1_not_across_a_major_river_into_an_empty_hex_nor_the_dnepr_nor_an_enemy_fz():
    hexes = {f"KB{r}{c}": "clear" for r in (35, 36, 37) for c in range(15, 20)}
    hexes["KB3615"] = {"terrain": "clear", "fz": "soviet"}
    sides = {"KB3616-KB3617": {"river": "major", "bridge": "road"}}
    sc = position([unit("t", "axis", "KB3616", "tank")], hexes=hexes, hexsides=sides)
    barred = zoc(sc).infiltration_barred
    assert barred[("t", "KB3617")] == ["11.1"] and barred[("t", "KB3615")] == ["18.13"]
    occupied = position([unit("t", "axis", "KB3616", "tank"), unit("s", "soviet", "KB3617")],
                        hexes=hexes, hexsides=sides)
    assert ("t", "KB3617") not in zoc(occupied).infiltration_barred
    dnepr = position([unit("t", "axis", "KB3616", "tank"), unit("s", "soviet", "KB3617")],
                     hexsides={"KB3616-KB3617": {"river": "dnepr"}})
    assert zoc(dnepr).infiltration_barred == {("t", "KB3617"): ["11.1"]}
