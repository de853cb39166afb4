"""Rulings on ZOC bonds (Stalingrad '42 chapter 7 and the sections it leans on).

Each rule id has a case that forms or keeps a bond (or allows a move) and one
that does not. Geometry on the clear 8x8 map of ``positions``: 0404-0406 is a
Hex Bond shape through 0405; 0404-0506 a Hexside Bond shape round the hexside
0405-0505; a unit in column 02 next to an entry area on column 01 has the
edge-bond shape (0203 closes 0103-0104, 0204 closes 0104-0105).
"""

import pytest
from positions import pos, unit

from adjudicator.games.s42.queries.bonds import bonds

HEX = ("0404", "0406")  # through 0405
SIDE = ("0404", "0506")  # round 0405-0505
W_AXIS = {"W": {"side": "axis", "hexes": [f"01{r:02d}" for r in range(1, 9)]}}


def pair(side="axis", ends=HEX, **kw):
    return [unit("A", side, ends[0], **kw), unit("B", side, ends[1])]


def the(sc, side, kind, a, b, readings=None):
    return bonds(sc, readings=readings).find(side, kind, a, b)


def standing(sc, side, kind, a, b, readings=None):
    found = the(sc, side, kind, a, b, readings)
    return found is not None and found.standing


# -- 7.1 forming a bond ---------------------------------------------------------


@pytest.mark.rules("7.1")
def test_7_1_two_good_order_units_two_apart_form_a_hex_bond():
    b = the(pos(pair()), "axis", "hex", *HEX)
    assert b.standing and b.through_hexes == ["0405"] and b.closes_hexes == ["0405"]
    assert "7.1" in b.rules and "7.2" in b.rules


@pytest.mark.rules("7.1")
def test_7_1_bent_pair_forms_a_hexside_bond_closing_the_hexside_between():
    b = the(pos(pair(ends=SIDE)), "axis", "hexside", *SIDE)
    assert b.standing and b.closes_hexsides == ["0405-0505"] and b.closes_hexes == []


@pytest.mark.rules("7.1")
def test_7_1_no_bond_between_adjacent_units_or_three_hexes_apart():
    assert bonds(pos(pair(ends=("0404", "0405")))).bonds == []
    assert bonds(pos(pair(ends=("0404", "0407")))).bonds == []


@pytest.mark.rules("7.1")
def test_7_1_non_combat_unit_cannot_form_a_bond():
    sc = pos([unit("A", "axis", "0404", type_="supply-point", attack=0, defense=0),
              unit("B", "axis", "0406")])
    ans = bonds(sc)
    assert ans.bonds == []
    assert {n.unit: n.rules for n in ans.no_bond}["A"] == ["7.1"]


@pytest.mark.rules("7.1")
def test_7_1_bonds_belong_to_one_side_only():
    sc = pos([unit("A", "axis", "0404"), unit("B", "soviet", "0406")])
    assert bonds(sc).bonds == []


# -- 4.2 and 18.2.3: Free Stacking units and ASUs ---------------------------------


@pytest.mark.rules("4.2", "7.1")
def test_4_2_lone_free_stacking_unit_cannot_anchor_a_bond():
    sc = pos([unit("F", "axis", "0404", free_stacking=True), unit("B", "axis", "0406")])
    ans = bonds(sc)
    assert ans.bonds == []
    assert [(x.side, x.hex) for x in ans.lone] == [("axis", "0404")]


@pytest.mark.rules("4.2", "7.1")
def test_4_2_two_free_stacking_units_stacked_together_anchor_a_bond():
    sc = pos([unit("F1", "axis", "0404", free_stacking=True),
              unit("F2", "axis", "0404", free_stacking=True), unit("B", "axis", "0406")])
    b = the(sc, "axis", "hex", *HEX)
    assert b.standing and "4.2" in b.rules


@pytest.mark.rules("4.2")
def test_4_2_free_stacking_unit_with_a_normal_unit_anchors():
    sc = pos([unit("F", "axis", "0404", free_stacking=True), unit("N", "axis", "0404"),
              unit("B", "axis", "0406")])
    assert standing(sc, "axis", "hex", *HEX)


@pytest.mark.rules("18.2.3", "7.1")
def test_18_2_3_lone_asu_cannot_anchor_but_asu_with_free_stacking_unit_can():
    art = dict(type_="artillery", attack=0, defense=1, free_stacking=True)
    lone = pos([unit("Art", "soviet", "0404", **art), unit("B", "soviet", "0406")])
    assert bonds(lone).bonds == []
    two = pos([unit("Art", "soviet", "0404", **art),
               unit("F", "soviet", "0404", free_stacking=True), unit("B", "soviet", "0406")])
    b = the(two, "soviet", "hex", *HEX)
    assert b.standing and "18.2.3" in b.rules


@pytest.mark.rules("18.2.3")
def test_18_2_3_two_asus_count_as_two_free_stacking_units():
    hq = dict(type_="army-hq", attack=0, defense=1)  # ASU even without the flag
    sc = pos([unit("H1", "axis", "0404", **hq), unit("H2", "axis", "0404", **hq),
              unit("B", "axis", "0406")])
    assert standing(sc, "axis", "hex", *HEX)
    one = pos([unit("H1", "axis", "0404", **hq), unit("B", "axis", "0406")])
    assert bonds(one).bonds == []


# -- units that cannot bond ---------------------------------------------------------


@pytest.mark.rules("13.2.1", "7.1")
def test_13_2_1_disrupted_unit_cannot_form_a_bond():
    sc = pos(pair(status="disrupted"))
    ans = bonds(sc)
    assert ans.bonds == []
    assert "13.2.1" in {n.unit: n.rules for n in ans.no_bond}["A"]
    assert standing(pos(pair(status="good-order")), "axis", "hex", *HEX)


@pytest.mark.rules("13.2.1")
def test_13_2_1_disrupted_free_stacking_unit_does_not_count_towards_two():
    sc = pos([unit("F1", "axis", "0404", free_stacking=True, status="disrupted"),
              unit("F2", "axis", "0404", free_stacking=True), unit("B", "axis", "0406")])
    assert bonds(sc).bonds == []


@pytest.mark.rules("13.3.2", "7.1")
def test_13_3_2_full_retreat_unit_cannot_form_a_bond():
    ans = bonds(pos(pair(status="full-retreat")))
    assert ans.bonds == []
    assert "13.3.2" in {n.unit: n.rules for n in ans.no_bond}["A"]


@pytest.mark.rules("5.6.4")
def test_5_6_4_entrained_unit_cannot_form_a_bond():
    assert bonds(pos(pair(train=True))).bonds == []
    assert bonds(pos(pair(train=False))).bonds != []


@pytest.mark.rules("29.1.1")
def test_29_1_1_units_in_a_contested_city_cannot_form_a_bond():
    city = {"0404": {"terrain": "clear", "city": "minor"}}
    contested = pos([*pair(), unit("R", "soviet", "0404")], hexes=city)
    ans = bonds(contested)
    assert ans.find("axis", "hex", *HEX) is None
    assert "29.1.1" in {n.unit: n.rules for n in ans.no_bond}["A"]
    quiet = pos(pair(), hexes=city)
    assert standing(quiet, "axis", "hex", *HEX)


# -- 7.1 the middle hex: named readings -----------------------------------------------


@pytest.mark.rules("7.1")
def test_7_1_friendly_unit_in_middle_hex_default_reading_keeps_the_bond():
    sc = pos([*pair(), unit("M", "axis", "0405", type_="supply-point", attack=0, defense=0)])
    assert standing(sc, "axis", "hex", *HEX)  # enemy-only (default)
    assert the(sc, "axis", "hex", *HEX, readings={"7.1": "vacant"}) is None


@pytest.mark.rules("7.1")
def test_7_1_scenario_readings_block_picks_the_vacant_reading():
    sc = pos([*pair(), unit("M", "axis", "0405")], readings={"7.1": "vacant"})
    ans = bonds(sc)
    assert ans.find("axis", "hex", *HEX) is None
    assert ans.readings["7.1"] == "vacant"


# -- 7.2 what a bond closes -------------------------------------------------------------


@pytest.mark.rules("7.2")
def test_7_2_standing_bonds_close_hexes_and_hexsides_to_the_enemy_only():
    sc = pos([*pair(), unit("C", "axis", "0506")])  # 0404-0406 hex, 0404-0506 hexside
    ans = bonds(sc)
    assert ans.closed_hexes("axis") == ["0405"]
    assert ans.closed_hexsides("axis") == ["0405-0505"]
    assert ans.closed_hexes("soviet") == [] and ans.closed_hexsides("soviet") == []


# -- 7.3 negation -----------------------------------------------------------------------


@pytest.mark.rules("7.3")
def test_7_3_enemy_unit_in_the_middle_hex_negates_a_hex_bond():
    sc = pos([*pair(), unit("R", "soviet", "0405")])
    b = the(sc, "axis", "hex", *HEX)
    assert b.negated and not b.standing and b.negated_by == ["7.3"]
    assert "7.3" in b.rules and b.closes_hexes == []


@pytest.mark.rules("7.3")
def test_7_3_enemy_non_combat_unit_in_the_middle_also_negates():
    sc = pos([*pair(), unit("R", "soviet", "0405", type_="supply-point", attack=0, defense=0)])
    assert the(sc, "axis", "hex", *HEX).negated


@pytest.mark.rules("7.3")
def test_7_3_enemy_on_one_side_of_a_hexside_bond_does_not_negate_it():
    sc = pos([*pair(ends=SIDE), unit("R", "soviet", "0405")])
    assert standing(sc, "axis", "hexside", *SIDE)


@pytest.mark.rules("7.3")
def test_7_3_enemy_on_both_sides_of_the_hexside_negates_a_hexside_bond():
    sc = pos([*pair(ends=SIDE), unit("R", "soviet", "0405"), unit("Q", "soviet", "0505")])
    b = the(sc, "axis", "hexside", *SIDE)
    assert b.negated and b.closes_hexsides == []


@pytest.mark.rules("7.3")
def test_7_3_enemy_unit_beside_a_hex_bond_does_not_negate_it():
    sc = pos([*pair(), unit("R", "soviet", "0505")])
    assert standing(sc, "axis", "hex", *HEX)


# -- 7.4 intersecting bonds --------------------------------------------------------------


@pytest.mark.rules("7.4")
def test_7_4_hex_bond_through_the_closed_hexside_of_an_enemy_hexside_bond():
    # Axis 0404-0506 closes 0405-0505; Soviet 0405-0604 runs through 0505.
    sc = pos([*pair(ends=SIDE), unit("R", "soviet", "0405"), unit("Q", "soviet", "0604")])
    ans = bonds(sc)
    axis = ans.find("axis", "hexside", *SIDE)
    sov = ans.find("soviet", "hex", "0405", "0604")
    assert axis.standing and sov.standing
    assert sov.id in axis.crosses and axis.id in sov.crosses
    assert "7.4" in axis.rules and "7.4" in sov.rules


@pytest.mark.rules("7.4")
def test_7_4_two_hexside_bonds_crossing_at_a_corner_both_stand():
    # Axis 0404-0506 runs along 0405-0505; Soviet 0305-0505 along 0404-0405.
    sc = pos([*pair(ends=SIDE), unit("R", "soviet", "0305"), unit("Q", "soviet", "0505")])
    ans = bonds(sc)
    axis = ans.find("axis", "hexside", *SIDE)
    sov = ans.find("soviet", "hexside", "0305", "0505")
    assert axis.standing and sov.standing and sov.id in axis.crosses


@pytest.mark.rules("7.4")
def test_7_4_bonds_that_do_not_meet_do_not_intersect():
    sc = pos([*pair(), unit("R", "soviet", "0704"), unit("Q", "soviet", "0706")])
    ans = bonds(sc)
    assert all(b.crosses == [] for b in ans.bonds)
    assert all("7.4" not in b.rules for b in ans.bonds)


# -- 7.5 / 22.3.2 bonds with the map edge --------------------------------------------------


@pytest.mark.rules("7.5", "22.3.2")
def test_7_5_unit_forms_a_hexside_bond_with_a_friendly_entry_area():
    sc = pos([unit("G", "axis", "0204")], entry_areas=W_AXIS)
    b = the(sc, "axis", "edge", "0204", "W")
    assert b.standing and b.closes_hexsides == ["0104-0105"]
    assert {"7.5", "22.3.2"} <= set(b.rules)


@pytest.mark.rules("7.5")
def test_7_5_no_bond_with_an_enemy_or_neutral_entry_area():
    for side in ("soviet", "neutral"):
        areas = {"W": {"side": side, "hexes": W_AXIS["W"]["hexes"]}}
        assert bonds(pos([unit("G", "axis", "0204")], entry_areas=areas)).bonds == []


@pytest.mark.rules("7.5", "22.3.2")
def test_7_5_no_hex_bond_with_the_map_edge():
    # 0204 lies two hexes from the off-map area straight through 0104 as well as
    # bent round 0104-0105; only the bent shape gives a bond.
    sc = pos([unit("G", "axis", "0204")], entry_areas=W_AXIS)
    assert [(b.kind, b.through_hexes) for b in bonds(sc).bonds] == [("edge", [])]


@pytest.mark.rules("7.5")
def test_7_5_edge_without_an_entry_area_gives_no_bond():
    assert bonds(pos([unit("G", "axis", "0204")])).bonds == []


@pytest.mark.rules("7.5")
def test_7_5_end_of_an_entry_area_reading():
    # W borders 0101-0104 only: 0204's edge hexside 0104-0105 is half outside it.
    area = {"W": {"side": "axis", "hexes": ["0101", "0102", "0103", "0104"]}}
    sc = pos([unit("G", "axis", "0204")], entry_areas=area)
    assert the(sc, "axis", "edge", "0204", "W") is None  # both-edge-hexes (default)
    assert standing(sc, "axis", "edge", "0204", "W", readings={"7.5": "one-edge-hex"})


@pytest.mark.rules("7.3", "7.5")
def test_7_3_edge_bond_negated_by_enemies_on_both_edge_hexes():
    sc = pos([unit("G", "axis", "0204"), unit("R", "soviet", "0104"),
              unit("Q", "soviet", "0105")], entry_areas=W_AXIS)
    assert the(sc, "axis", "edge", "0204", "W").negated
    one = pos([unit("G", "axis", "0204"), unit("R", "soviet", "0104")], entry_areas=W_AXIS)
    assert standing(one, "axis", "edge", "0204", "W")


@pytest.mark.rules("7.6.2")
@pytest.mark.parametrize("feature", [{"impassable": True}, {"alpine": True},
                                     {"lake": True}, {"river": "volga"}])
def test_7_6_2_edge_bond_not_anchored_on_coast_alpine_lake_or_volga(feature):
    sc = pos([unit("G", "axis", "0204")], entry_areas=W_AXIS, hexsides={"0104-0105": feature})
    b = the(sc, "axis", "edge", "0204", "W")
    assert b.broken and "7.6.2" in b.broken_by and b.closes_hexsides == []


@pytest.mark.rules("7.6.2")
def test_7_6_2_edge_bond_along_a_minor_river_is_kept():
    sc = pos([unit("G", "axis", "0204")], entry_areas=W_AXIS,
             hexsides={"0104-0105": {"river": "minor"}})
    assert standing(sc, "axis", "edge", "0204", "W")


# -- 7.6.1 terrain ---------------------------------------------------------------------


@pytest.mark.rules("7.6.1", "2.2.3")
def test_7_6_1_impassable_hexside_breaks_a_hex_bond():
    sc = pos(pair(), hexsides={"0404-0405": {"impassable": True}})
    b = the(sc, "axis", "hex", *HEX)
    assert b.broken and not b.negated and "7.6.1" in b.broken_by
    assert bonds(sc).closed_hexes("axis") == []


@pytest.mark.rules("7.6.1")
def test_7_6_1_volga_breaks_a_hex_bond_minor_river_does_not():
    volga = pos(pair(), hexsides={"0405-0406": {"river": "volga"}})
    assert the(volga, "axis", "hex", *HEX).broken
    minor = pos(pair(), hexsides={"0404-0405": {"river": "minor"},
                                  "0405-0406": {"river": "minor"}})
    assert standing(minor, "axis", "hex", *HEX)


@pytest.mark.rules("7.6.1")
def test_7_6_1_hexside_bond_pushed_round_one_impassable_hexside():
    sides = {"0404-0405": {"impassable": True}}
    sc = pos(pair(ends=SIDE), hexsides=sides)
    assert standing(sc, "axis", "hexside", *SIDE)  # push-aside (default): via 0505
    assert the(sc, "axis", "hexside", *SIDE, readings={"7.6.1": "strict"}).broken


@pytest.mark.rules("7.6.1")
def test_7_6_1_hexside_bond_broken_when_both_ways_round_are_impassable():
    sides = {"0404-0405": {"impassable": True}, "0505-0506": {"river": "volga"}}
    assert the(pos(pair(ends=SIDE), hexsides=sides), "axis", "hexside", *SIDE).broken


@pytest.mark.rules("7.6.1")
def test_7_6_1_two_unfrozen_major_rivers_break_a_hex_bond_one_does_not():
    two = {"0404-0405": {"river": "major"}, "0405-0406": {"river": "major"}}
    assert the(pos(pair(), hexsides=two), "axis", "hex", *HEX).broken_by == ["7.6.1"]
    one = {"0404-0405": {"river": "major"}}
    b = the(pos(pair(), hexsides=one), "axis", "hex", *HEX)
    assert b.standing and "7.6.1" in b.rules


@pytest.mark.rules("7.6.1")
def test_7_6_1_hexside_bond_pushed_to_the_side_without_the_river():
    loop = {"0404-0405": {"river": "major"}, "0405-0506": {"river": "major"}}
    assert standing(pos(pair(ends=SIDE), hexsides=loop), "axis", "hexside", *SIDE)
    both = {**loop, "0404-0505": {"river": "major"}, "0505-0506": {"river": "major"}}
    assert the(pos(pair(ends=SIDE), hexsides=both), "axis", "hexside", *SIDE).broken


@pytest.mark.rules("7.6.1")
def test_7_6_1_never_pushed_into_an_enemy_occupied_hex():
    loop = {"0404-0405": {"river": "major"}, "0405-0506": {"river": "major"}}
    sc = pos([*pair(ends=SIDE), unit("R", "soviet", "0505")], hexsides=loop)
    b = the(sc, "axis", "hexside", *SIDE)
    assert b.broken and not b.negated and b.broken_by == ["7.6.1"]


@pytest.mark.rules("23.4", "7.6.1")
def test_23_4_frozen_major_rivers_do_not_break_a_bond():
    two = {"0404-0405": {"river": "major"}, "0405-0406": {"river": "major"}}
    winter = the(pos(pair(), hexsides=two, turn=28), "axis", "hex", *HEX)
    assert winter.standing and "23.4" in winter.rules
    assert the(pos(pair(), hexsides=two, turn=27), "axis", "hex", *HEX).broken


@pytest.mark.rules("23.4")
def test_23_4_forced_unfrozen_river_still_breaks_in_winter():
    two = {"0404-0405": {"river": "major", "frozen": False},
           "0405-0406": {"river": "major", "frozen": False}}
    assert the(pos(pair(), hexsides=two, turn=30), "axis", "hex", *HEX).broken


@pytest.mark.rules("23.4", "7.6.1")
def test_23_4_alpine_hexside_breaks_a_bond_only_in_winter():
    alpine = {"0404-0405": {"alpine": True}}
    assert standing(pos(pair(), hexsides=alpine, turn=27), "axis", "hex", *HEX)
    b = the(pos(pair(), hexsides=alpine, turn=28), "axis", "hex", *HEX)
    assert b.broken and "23.4" in b.broken_by


@pytest.mark.rules("2.2.3", "23.4")
def test_2_2_3_unfrozen_lake_breaks_a_bond_frozen_desert_lake_does_not():
    lake = {"0404-0405": {"lake": True}}
    assert the(pos(pair(), hexsides=lake), "axis", "hex", *HEX).broken
    desert = {"0405": "desert"}
    assert standing(pos(pair(), hexes=desert, hexsides=lake, turn=28), "axis", "hex", *HEX)


# -- the answer lists every bond -----------------------------------------------------------


@pytest.mark.rules("7.3", "7.6.1")
def test_7_3_broken_and_negated_bonds_are_listed_not_dropped():
    sc = pos([*pair(), unit("R", "soviet", "0405")],
             hexsides={"0404-0405": {"impassable": True}})
    b = the(sc, "axis", "hex", *HEX)
    assert b is not None and b.broken and b.negated
    assert {"7.3", "7.6.1"} <= set(b.rules)
