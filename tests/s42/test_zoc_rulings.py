"""Rulings on zones of control (Stalingrad '42 6.1 and the sections that limit it).

Each rule id has a case it allows and a case it forbids.
"""

import pytest
from positions import pos, unit

from adjudicator.games.s42.queries.zoc import zoc

AROUND_0404 = {"0304", "0305", "0403", "0405", "0504", "0505"}  # even column 04


def zoc_hexes(sc, side):
    return {h for h, sides in zoc(sc).zoc.items() if side in sides}


@pytest.mark.rules("6.1")
def test_6_1_combat_unit_exerts_zoc_into_all_six_hexes():
    sc = pos([unit("A", "axis", "0404")])
    assert zoc_hexes(sc, "axis") == AROUND_0404
    assert zoc_hexes(sc, "soviet") == set()
    src = {s.hex: s for s in zoc(sc).sources}
    assert src["0405"].units == ["A"] and src["0405"].rules == ["6.1"]


@pytest.mark.rules("6.1")
def test_6_1_free_stacking_combat_unit_exerts_zoc():
    sc = pos([unit("F", "soviet", "0404", free_stacking=True)])
    assert zoc_hexes(sc, "soviet") == AROUND_0404


@pytest.mark.rules("6.1")
def test_6_1_zoc_does_not_reach_the_units_own_hex_or_two_hexes_away():
    sc = pos([unit("A", "axis", "0404")])
    axis = zoc_hexes(sc, "axis")
    assert "0404" not in axis and "0406" not in axis and "0204" not in axis


@pytest.mark.rules("6.1", "2.2.3")
def test_6_1_no_zoc_across_impassable_hexside():
    sc = pos([unit("A", "axis", "0404")], hexsides={"0404-0405": {"impassable": True}})
    assert zoc_hexes(sc, "axis") == AROUND_0404 - {"0405"}
    blocked = {(b.unit, b.hex): b.rules for b in zoc(sc).blocked}
    assert blocked[("A", "0405")] == ["2.2.3", "6.1"]


@pytest.mark.rules("6.1", "2.2.3")
def test_6_1_no_zoc_across_the_volga_but_across_other_rivers():
    sc = pos(
        [unit("A", "axis", "0404")],
        hexsides={"0404-0405": {"river": "volga"}, "0404-0403": {"river": "major"},
                  "0404-0504": {"river": "minor"}},
    )
    axis = zoc_hexes(sc, "axis")
    assert "0405" not in axis
    assert {"0403", "0504"} <= axis


@pytest.mark.rules("2.2.3", "23.4")
def test_2_2_3_unfrozen_lake_blocks_zoc_frozen_lake_does_not():
    sides = {"0404-0405": {"lake": True}}
    summer = pos([unit("A", "axis", "0404")], hexsides=sides, turn=10)
    assert "0405" not in zoc_hexes(summer, "axis")
    desert = {"0405": "desert"}
    winter = pos([unit("A", "axis", "0404")], hexes=desert, hexsides=sides, turn=28)
    assert "0405" in zoc_hexes(winter, "axis")
    # a lake that touches no desert hex stays unfrozen in winter
    winter_plain = pos([unit("A", "axis", "0404")], hexsides=sides, turn=28)
    assert "0405" not in zoc_hexes(winter_plain, "axis")


@pytest.mark.rules("23.4")
def test_23_4_alpine_hexsides_impassable_only_in_winter():
    sides = {"0404-0405": {"alpine": True}}
    assert "0405" in zoc_hexes(pos([unit("A", "axis", "0404")], hexsides=sides, turn=27), "axis")
    assert "0405" not in zoc_hexes(
        pos([unit("A", "axis", "0404")], hexsides=sides, turn=28), "axis")


@pytest.mark.rules("6.1", "19.2")
def test_19_2_non_combat_units_have_no_zoc():
    sc = pos([unit("SP", "axis", "0404", "supply-point", attack=0, defense=0),
              unit("HQ", "soviet", "0606", "soviet-army-hq", attack=0, defense=0),
              unit("Z", "soviet", "0202", "infantry", attack=0, defense=0)])
    assert zoc_hexes(sc, "axis") == set() and zoc_hexes(sc, "soviet") == set()
    reasons = {n.unit: n.rules for n in zoc(sc).no_zoc}
    assert reasons == {"SP": ["6.1", "19.2"], "HQ": ["6.1", "19.2"], "Z": ["6.1", "19.2"]}


@pytest.mark.rules("5.6.4", "6.1")
def test_5_6_4_unit_under_train_marker_has_no_zoc():
    on_train = pos([unit("A", "axis", "0404", train=True)])
    assert zoc_hexes(on_train, "axis") == set()
    assert {n.unit: n.rules for n in zoc(on_train).no_zoc} == {"A": ["5.6.4", "6.1"]}
    detrained = pos([unit("A", "axis", "0404", train=False)])
    assert zoc_hexes(detrained, "axis") == AROUND_0404


@pytest.mark.rules("13.3.2")
def test_13_3_2_full_retreat_units_have_no_zoc_disrupted_units_do():
    fr = pos([unit("A", "soviet", "0404", status="full-retreat")])
    assert zoc_hexes(fr, "soviet") == set()
    assert {n.unit: n.rules for n in zoc(fr).no_zoc} == {"A": ["13.3.2"]}
    dis = pos([unit("A", "soviet", "0404", status="disrupted")])
    assert zoc_hexes(dis, "soviet") == AROUND_0404


@pytest.mark.rules("13.3.2")
def test_13_3_2_full_retreat_unit_stacked_with_good_order_unit_still_under_its_zoc():
    sc = pos([unit("A", "soviet", "0404", status="full-retreat"), unit("B", "soviet", "0404")])
    assert zoc_hexes(sc, "soviet") == AROUND_0404
    assert {s.hex: s.units for s in zoc(sc).sources}["0405"] == ["B"]


@pytest.mark.rules("22.4")
def test_22_4_no_zoc_out_of_an_entry_area_but_from_the_edge_hex():
    areas = {"W": {"side": "axis", "hexes": ["0101", "0102", "0103"]}}
    in_area = pos([unit("A", "axis", "W")], entry_areas=areas)
    assert zoc_hexes(in_area, "axis") == set()
    assert {n.unit: n.rules for n in zoc(in_area).no_zoc} == {"A": ["22.4"]}
    on_edge = pos([unit("A", "axis", "0102")], entry_areas=areas)
    assert zoc_hexes(on_edge, "axis") == {"0101", "0103", "0201", "0202"}


@pytest.mark.rules("29.1.1")
def test_29_1_1_units_in_contested_city_exert_no_zoc():
    city = {"0404": {"terrain": "clear", "city": "major"}}
    sc = pos([unit("A", "axis", "0404"), unit("S", "soviet", "0404")], hexes=city)
    assert zoc_hexes(sc, "axis") == set() and zoc_hexes(sc, "soviet") == set()
    assert {n.unit: n.rules for n in zoc(sc).no_zoc} == {"A": ["29.1.1"], "S": ["29.1.1"]}


@pytest.mark.rules("29.1.1")
def test_29_1_1_uncontested_city_units_keep_their_zoc():
    city = {"0404": {"terrain": "clear", "city": "major"}}
    sc = pos([unit("A", "axis", "0404"), unit("S", "soviet", "0406")], hexes=city)
    assert zoc_hexes(sc, "axis") == AROUND_0404
    assert "0405" in zoc_hexes(sc, "soviet")


@pytest.mark.rules("29.1.1")
def test_29_1_1_both_sides_outside_a_city_is_refused():
    from adjudicator.errors import InputError

    with pytest.raises(InputError) as exc:
        zoc(pos([unit("A", "axis", "0404"), unit("S", "soviet", "0404")]))
    assert "0404" in str(exc.value) and "29.1.1" in str(exc.value)
