"""Rulings on Isolation Attrition (Stalingrad '42 16.5, with 17.4, 23.2.4, 29.1.1).

The pocket: an 8x8 map whose columns 01-02 are walled off from the rest by
impassable hexsides. Axis entry area W (column 01) and a rail line 0101-0201
give the Axis Connecting Rail Hexes outside the pocket; Axis units east of the
wall are isolated. Each rule id has a case it allows and a case it forbids.
"""

import pytest
from positions import pos, unit

from adjudicator.dice import Dice
from adjudicator.games.s42.queries.attrition import attrition, steps_lost

WALL = {**{f"02{r:02d}-03{r:02d}": {"impassable": True} for r in range(1, 9)},
        **{f"02{r:02d}-03{r + 1:02d}": {"impassable": True} for r in range(1, 8)}}
W = {"W": {"side": "axis", "hexes": [f"01{r:02d}" for r in range(1, 9)]}}
RAIL = {"0101-0201": {"rail": True}}


def pocket(units, hexes=None, rail=True, **top):
    return pos(units, hexes=hexes, hexsides={**WALL, **(RAIL if rail else {})}, entry_areas=W,
               **top)


def run(sc, side="axis", rolls=None, **kw):
    return attrition(sc, side, Dice(sides=6, count=1, rolls=rolls or [6] * 10), **kw)


def drms(ans, uid):
    r = next(r for r in ans.rollers if r.id == uid)
    return {d.kind: d.value for d in r.drms}


BASE = [unit("A", "axis", "0505", max_steps=2), unit("R", "soviet", "0506")]


# --- who rolls (16.5.1, 16.5.3) -------------------------------------------------------


@pytest.mark.rules("16.5.1", "16.5.3")
def test_16_5_1_isolated_combat_unit_next_to_enemy_combat_unit_rolls():
    ans = run(pocket(BASE))
    assert [r.id for r in ans.rollers] == ["A"]
    assert {"16.5.1", "16.5.2", "16.5.3"} <= set(ans.rollers[0].rules)


@pytest.mark.rules("16.5.3")
def test_16_5_3_isolated_unit_without_adjacent_enemy_combat_unit_does_not_roll():
    sc = pocket([unit("A", "axis", "0505"), unit("R", "soviet", "0507")])
    ans = run(sc)
    assert ans.rollers == [] and [(e.id, e.rules) for e in ans.exempt] == [("A", ["16.5.3"])]
    # an adjacent enemy non-combat unit does not count either
    sc = pocket([unit("A", "axis", "0505"),
                 unit("SP", "soviet", "0506", type_="supply-point", attack=0, defense=0)])
    assert run(sc).rollers == []


@pytest.mark.rules("16.5.1")
def test_16_5_1_asus_and_non_combat_units_are_immune():
    units = [*BASE, unit("Art", "axis", "0505", type_="artillery", attack=0, defense=1),
             unit("SP", "axis", "0505", type_="supply-point", attack=0, defense=0)]
    ans = run(pocket(units))
    assert [r.id for r in ans.rollers] == ["A"]
    assert {e.id: e.rules for e in ans.exempt} == {"Art": ["16.5.1"], "SP": ["16.5.1"]}


@pytest.mark.rules("16.5.1")
def test_16_5_1_out_of_supply_but_not_isolated_does_not_roll():
    # No wall: A can reach W by an unlimited line, only not within five hexes.
    sc = pos([unit("A", "axis", "0805"), unit("R", "soviet", "0806")], entry_areas=W)
    ans = run(sc)
    assert ans.rollers == [] and ans.exempt == []


# --- the table (16.5.2) --------------------------------------------------------------------


@pytest.mark.rules("16.5.2")
def test_16_5_2_one_to_four_loses_a_step_five_six_nothing():
    assert [steps_lost(r) for r in range(-2, 10)] == [1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0]
    r = run(pocket(BASE), rolls=[1]).rollers[0]
    assert r.roll == 1 and r.drm == 2 and r.modified == 3
    assert r.steps_lost == 1 and r.steps_after == 1 and not r.eliminated
    r = run(pocket(BASE), rolls=[3]).rollers[0]
    assert r.modified == 5 and r.steps_lost == 0 and r.steps_after == 2


@pytest.mark.rules("16.5.2", "16.5.3")
def test_16_5_3_attrition_can_take_the_last_step():
    sc = pocket([unit("A", "axis", "0505"), unit("R", "soviet", "0506")],
                hexes={h: "woods" for h in
                       [f"{c:02d}{r:02d}" for c in range(3, 9) for r in range(1, 9)]})
    r = run(sc, rolls=[4]).rollers[0]
    assert r.drm == 0 and r.modified == 4 and r.steps_lost == 1 and r.eliminated
    r = run(sc, rolls=[5]).rollers[0]
    assert r.steps_lost == 0 and not r.eliminated


# --- modifiers (16.5.4) --------------------------------------------------------------------


@pytest.mark.rules("16.5.4", "17.4")
def test_16_5_4_axis_airfield_plus_two_with_a_connecting_rail_hex_near():
    ans = run(pocket(BASE))
    assert drms(ans, "A") == {"airfield": 2}
    d = ans.rollers[0].drms[0]
    assert "17.4" in d.rules and "16.5.4" in d.rules


@pytest.mark.rules("16.5.4", "17.4")
def test_16_5_4_airfield_reduced_without_a_connecting_rail_hex():
    ans = run(pocket(BASE, rail=False))
    assert drms(ans, "A") == {"airfield": 1}
    assert "reduced" in ans.rollers[0].drms[0].reason


@pytest.mark.rules("16.5.4", "23.2.4")
def test_23_2_4_snow_cuts_the_axis_airfield_to_one():
    ans = run(pocket(BASE, weather="snow"))
    assert drms(ans, "A") == {"airfield": 1} and "23.2.4" in ans.rollers[0].drms[0].rules


@pytest.mark.rules("16.5.4")
def test_16_5_4_soviet_airfield_plus_one():
    units = [unit("S", "soviet", "0505"), unit("X", "axis", "0506")]
    east = {"E": {"side": "soviet", "hexes": [f"01{r:02d}" for r in range(1, 9)]}}
    sc = pos(units, hexsides={**WALL, **RAIL}, entry_areas=east)
    assert drms(run(sc, side="soviet"), "S") == {"airfield": 1}


@pytest.mark.rules("16.5.4")
def test_16_5_4_airfield_must_not_be_adjacent_to_an_enemy_combat_unit():
    # Three-hex corridor: A in 0201 next to R in 0301; 0101 woods, so 0201 is the only
    # clear hex, and R is next to it.
    sc = pos([unit("A", "axis", "0201"), unit("R", "soviet", "0301")],
             hexes={"0101": "woods"}, cols=range(1, 4), rows=range(1, 2))
    assert "airfield" not in drms(run(sc), "A")
    sc = pos([unit("A", "axis", "0201"), unit("R", "soviet", "0301")],
             cols=range(1, 4), rows=range(1, 2))
    assert "airfield" in drms(run(sc), "A")  # 0101 is clear and away from R


@pytest.mark.rules("29.1.1", "16.5.4")
def test_29_1_1_enemy_in_a_contested_city_spoils_no_airfield():
    hexes = {"0101": "woods", "0301": {"terrain": "clear", "city": "minor"}}
    contested = [unit("A", "axis", "0201"), unit("R", "soviet", "0301"),
                 unit("F", "axis", "0301")]
    sc = pos(contested, hexes=hexes, cols=range(1, 4), rows=range(1, 2))
    assert "airfield" in drms(run(sc), "A")
    sc = pos(contested[:2], hexes=hexes, cols=range(1, 4), rows=range(1, 2))
    assert "airfield" not in drms(run(sc), "A")


@pytest.mark.rules("16.5.4")
def test_16_5_4_city_and_hq_in_the_pocket():
    hq = unit("HQ", "axis", "0707", type_="army-hq", attack=0, defense=1)
    city = {"0303": {"terrain": "clear", "city": "minor", "control": "axis"}}
    ans = run(pocket([*BASE, hq], hexes=city))
    assert drms(ans, "A") == {"airfield": 2, "city": 1, "hq": 1}
    # a Soviet Front HQ type is no Axis HQ, and an unowned city is not friendly
    other = unit("HQ", "axis", "0707", type_="front-hq", attack=0, defense=1)
    city = {"0303": {"terrain": "clear", "city": "minor"}}
    assert drms(run(pocket([*BASE, other], hexes=city)), "A") == {"airfield": 2}


@pytest.mark.rules("16.5.4")
def test_16_5_4_city_or_hq_outside_the_pocket_does_not_count():
    hq = unit("HQ", "axis", "0104", type_="army-hq", attack=0, defense=1)
    city = {"0203": {"terrain": "clear", "city": "minor", "control": "axis"}}
    assert drms(run(pocket([*BASE, hq], hexes=city)), "A") == {"airfield": 2}


@pytest.mark.rules("16.5.4")
def test_16_5_4_desert_is_minus_one_by_default_plus_one_by_reading():
    desert = {"0505": "desert"}
    assert drms(run(pocket(BASE, hexes=desert)), "A") == {"airfield": 2, "desert": -1}
    read = pocket(BASE, hexes=desert, readings={"16.5.4": "desert-plus-one"})
    assert drms(run(read), "A") == {"airfield": 2, "desert": 1}


@pytest.mark.rules("16.5.4")
def test_16_5_4_modifiers_capped_at_plus_four():
    hq = unit("HQ", "axis", "0707", type_="army-hq", attack=0, defense=1)
    hexes = {"0505": "desert", "0303": {"terrain": "clear", "city": "minor", "control": "axis"}}
    sc = pocket([*BASE, hq], hexes=hexes, readings={"16.5.4": "desert-plus-one"})
    r = run(sc, rolls=[1]).rollers[0]
    assert sum(d.value for d in r.drms if d.kind != "cap") == 5
    assert r.drm == 4 and r.modified == 5 and r.steps_lost == 0
    assert [d.value for d in r.drms if d.kind == "cap"] == [-1]
    # at +4 or below nothing is capped
    r = run(pocket([*BASE, hq], hexes=hexes), rolls=[1]).rollers[0]
    assert r.drm == 3 and not [d for d in r.drms if d.kind == "cap"]


# --- dice ------------------------------------------------------------------------------------


@pytest.mark.rules("16.5.3")
def test_16_5_3_one_roll_per_unit_in_a_stack_reproducible_from_a_seed():
    units = [unit("A", "axis", "0505"), unit("B", "axis", "0505"), unit("R", "soviet", "0506")]
    sc = pocket(units)
    one = attrition(sc, "axis", Dice(sides=6, count=1, seed=7))
    two = attrition(sc, "axis", Dice(sides=6, count=1, seed=7))
    assert [r.id for r in one.rollers] == ["A", "B"]
    assert [r.roll for r in one.rollers] == [r.roll for r in two.rollers]
    assert len(one.log) == 2 and "A" in one.log[0]["purpose"]
