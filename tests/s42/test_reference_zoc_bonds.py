"""Rulings for the reference implementation's ZOC (6.1) and bonds (7.x).

The reference is checked against the ASP adjudicator on random positions; these rulings
check it against the rule text directly, one allowed and one forbidden case per rule.
"""

from __future__ import annotations

import pytest
from positions import pos, unit

from adjudicator.games.s42.reference import DEFAULT_READINGS
from adjudicator.games.s42.reference.bonds import bonds
from adjudicator.games.s42.reference.zoc import zoc
from adjudicator.solver import Solver


def test_reference_default_readings_match_the_knowledge_base():
    kb = Solver("s42").game.default_readings()
    assert {r: kb[r] for r in DEFAULT_READINGS} == DEFAULT_READINGS


@pytest.mark.rules("6.1")
def test_6_1_combat_unit_zoc_covers_the_six_neighbours_only():
    z = zoc(pos([unit("A", "axis", "0404")]))
    assert {h for h, s in z.zoc.items() if s} == {"0403", "0504", "0505", "0405", "0305",
                                                  "0304"}


@pytest.mark.rules("6.1", "2.2.3")
def test_6_1_zoc_stops_at_impassable_and_volga_not_at_major_rivers():
    sides = {"0404-0403": {"impassable": True}, "0404-0504": {"river": "volga"},
             "0404-0505": {"river": "major"}}
    z = zoc(pos([unit("A", "axis", "0404")], hexsides=sides))
    assert z.zoc["0403"] == [] and z.zoc["0504"] == [] and z.zoc["0505"] == ["axis"]


@pytest.mark.rules("23.4", "2.2.3")
def test_23_4_lake_blocks_until_frozen_alpine_blocks_in_winter():
    sides = {"0404-0403": {"lake": True}, "0404-0504": {"alpine": True}}
    summer = zoc(pos([unit("A", "axis", "0404")], hexsides=sides, turn=10))
    assert summer.zoc["0403"] == [] and summer.zoc["0504"] == ["axis"]
    hexes = {"0403": "desert"}
    winter = zoc(pos([unit("A", "axis", "0404")], hexes=hexes, hexsides=sides, turn=28))
    assert winter.zoc["0403"] == ["axis"] and winter.zoc["0504"] == []


@pytest.mark.rules("19.2", "5.6.4", "13.3.2")
def test_no_zoc_for_non_combat_entrained_and_full_retreat_units():
    for kw, rule in (({"type_": "supply-point", "defense": 0}, "19.2"),
                     ({"train": True}, "5.6.4"), ({"status": "full-retreat"}, "13.3.2")):
        z = zoc(pos([unit("A", "axis", "0404", **kw)]))
        assert z.no_zoc == {"A": [rule]} and not any(z.zoc.values())
    assert zoc(pos([unit("A", "axis", "0404", status="disrupted")])).zoc["0403"] == ["axis"]


@pytest.mark.rules("22.4")
def test_22_4_no_zoc_from_an_entry_area():
    areas = {"W": {"side": "axis", "hexes": ["0104"]}}
    assert not any(zoc(pos([unit("A", "axis", "W")], entry_areas=areas)).zoc.values())
    assert zoc(pos([unit("A", "axis", "0104")], entry_areas=areas)).zoc["0204"] == ["axis"]


@pytest.mark.rules("29.1.1")
def test_29_1_1_contested_city_units_have_no_zoc():
    city = {"0404": {"terrain": "clear", "city": "minor"}}
    z = zoc(pos([unit("A", "axis", "0404"), unit("S", "soviet", "0404")], hexes=city))
    assert not any(z.zoc.values())
    assert zoc(pos([unit("A", "axis", "0404")], hexes=city)).zoc["0403"] == ["axis"]


def _one(sc, kind="hex"):
    found = [b for b in bonds(sc) if b.kind == kind]
    return found[0] if len(found) == 1 else None


@pytest.mark.rules("7.1")
def test_7_1_good_order_units_form_hex_bond_disrupted_do_not():
    assert _one(pos([unit("A", "axis", "0402"), unit("B", "axis", "0404")])).standing
    assert _one(pos([unit("A", "axis", "0402"),
                     unit("B", "axis", "0404", status="disrupted")])) is None


@pytest.mark.rules("7.1", "4.2")
def test_7_1_free_stacking_units_need_a_pair():
    one = [unit("A", "axis", "0402"), unit("F1", "axis", "0404", free_stacking=True)]
    assert _one(pos(one)) is None
    assert _one(pos(one + [unit("F2", "axis", "0404", free_stacking=True)])).standing


@pytest.mark.rules("7.1")
def test_7_1_hexside_bond_between_bent_pair():
    b = _one(pos([unit("A", "axis", "0404"), unit("B", "axis", "0505")]), "hexside")
    assert b is None  # adjacent: no bond
    b = _one(pos([unit("A", "axis", "0404"), unit("B", "axis", "0604")]), "hexside")
    assert b.standing and b.through_hexsides == ["0504-0505"]


@pytest.mark.rules("7.1")
def test_7_1_readings_friendly_unit_in_the_middle_hex():
    units = [unit("A", "axis", "0402"), unit("B", "axis", "0404"), unit("C", "axis", "0403")]
    assert _one(pos(units)).standing
    assert _one(pos(units, readings={"7.1": "vacant"})) is None


@pytest.mark.rules("7.3")
def test_7_3_negation():
    units = [unit("A", "axis", "0402"), unit("B", "axis", "0404")]
    assert _one(pos(units + [unit("S", "soviet", "0403")])).negated
    side = [unit("A", "axis", "0404"), unit("B", "axis", "0604")]
    assert not _one(pos(side + [unit("S", "soviet", "0504")]), "hexside").negated
    both = side + [unit("S", "soviet", "0504"), unit("T", "soviet", "0505")]
    assert _one(pos(both), "hexside").negated


@pytest.mark.rules("7.5")
def test_7_5_edge_bond_with_friendly_entry_area_only():
    units = [unit("S", "soviet", "0407")]
    friendly = {"B": {"side": "soviet", "hexes": ["0308", "0408"]}}
    assert _one(pos(units, entry_areas=friendly), "edge").ends == ["0407", "B"]
    enemy = {"B": {"side": "axis", "hexes": ["0308", "0408"]}}
    assert _one(pos(units, entry_areas=enemy), "edge") is None
    half = {"B": {"side": "soviet", "hexes": ["0408"]}}
    assert _one(pos(units, entry_areas=half), "edge") is None
    loose = bonds(pos(units, entry_areas=half, readings={"7.5": "one-edge-hex"}))
    assert sorted(b.through_hexsides[0] for b in loose) == ["0308-0408", "0408-0508"]


@pytest.mark.rules("7.6.1")
def test_7_6_1_terrain_breaks_bonds():
    units = [unit("A", "axis", "0402"), unit("B", "axis", "0404")]
    assert _one(pos(units, hexsides={"0402-0403": {"river": "major"}})).standing
    two = {"0402-0403": {"river": "major"}, "0403-0404": {"river": "major"}}
    assert _one(pos(units, hexsides=two)).broken
    assert not _one(pos(units, hexsides=two, turn=28)).broken  # frozen
    assert _one(pos(units, hexsides={"0403-0404": {"river": "volga"}})).broken
    side = [unit("A", "axis", "0404"), unit("B", "axis", "0604")]
    one_way = {"0404-0504": {"impassable": True}}
    assert _one(pos(side, hexsides=one_way), "hexside").standing
    assert _one(pos(side, hexsides=one_way, readings={"7.6.1": "strict"}), "hexside").broken
    both_ways = {"0404-0504": {"impassable": True}, "0505-0604": {"impassable": True}}
    assert _one(pos(side, hexsides=both_ways), "hexside").broken
