"""Rulings of the point-to-point fragment's movement rules: for each rule, a case it
allows and one it forbids (9.A-9.B, 10.A, 10.D, 11.0, 12.0-12.D)."""

from __future__ import annotations

import pytest
from p2p_positions import armor, mv, position, unit

from adjudicator.games.p2p.queries import capacity, check_moves

SEAS = {"baltic": {"control": "axis"}, "black": {"control": "soviet"},
        "azov": {"control": "soviet", "same_as": "black"}}


def first(pos, moves, readings=None):
    ans = check_moves(pos, moves, readings)
    return (ans.first.rules, ans.first.code, ans.first.move - ans.made) if ans.first else None


def broken(pos, moves, readings=None) -> set[str]:
    return {r for f in check_moves(pos, moves, readings).findings for r in f.rules}


# -- 12.0: operational movement ------------------------------------------------------------


@pytest.mark.rules("12.0")
def test_12_0_one_point_along_a_line_is_allowed():
    pos = position([unit("i1", "A")])
    assert check_moves(pos, [mv("i1", "B")]).allowed


@pytest.mark.rules("12.0")
def test_12_0_a_point_not_joined_by_a_line_is_refused():
    pos = position([unit("i1", "A")])
    assert first(pos, [mv("i1", "C")])[:2] == (["12.0"], "not-joined")


@pytest.mark.rules("12.0")
def test_12_0_a_dispersed_unit_does_not_move():
    pos = position([unit("i1", "A", dispersed=True)])
    assert first(pos, [mv("i1", "B")])[:2] == (["12.0"], "dispersed")


@pytest.mark.rules("12.0")
def test_12_0_two_points_without_the_highway_is_refused():
    pos = position([unit("i1", "A")])
    assert "12.0" not in broken(pos, [mv("i1", "B")])
    assert "12.D" in broken(pos, [mv("i1", "B", "C")])


@pytest.mark.rules("12.0")
def test_12_0_only_the_phasing_player_moves():
    pos = position([unit("s1", "D", side="soviet")])
    assert first(pos, [mv("s1", "E")])[:2] == (["12.0"], "not-phasing")


@pytest.mark.rules("12.0")
def test_12_0_a_unit_moves_once_per_phase():
    pos = position([unit("i1", "A")])
    ans = check_moves(pos, [mv("i1", "B"), mv("i1", "A")])
    assert (ans.first.code, ans.first.move) == ("twice", 2)


@pytest.mark.rules("12.0")
def test_12_0_partisans_are_destroyed_by_entering():
    pos = position([unit("i1", "C"), unit("p1", "D", side="soviet", type="partisan")])
    ans = check_moves(pos, [mv("i1", "D")])
    assert ans.allowed
    assert [(n.code, n.arg) for n in ans.notes] == [("destroys", "p1")]


@pytest.mark.rules("12.0")
def test_12_0_breakthrough_movement_needs_a_capable_german_unit_and_an_empty_point():
    pos = position([armor("pz", "C", breakthrough=True), armor("slow", "C")],
                   phase="breakthrough")
    assert check_moves(pos, [mv("pz", "F")]).allowed
    assert first(pos, [mv("slow", "F")])[:2] == (["12.0"], "no-breakthrough")
    held = position([armor("pz", "C", breakthrough=True), unit("i2", "F")],
                    phase="breakthrough")
    assert first(held, [mv("pz", "F")])[:2] == (["12.0"], "occupied")


# -- 11.0: stacking ------------------------------------------------------------------------


@pytest.mark.rules("11.0")
def test_11_0_any_number_of_one_side_may_stack():
    units = [unit(f"i{k}", "A") for k in range(5)] + [unit("h", "B")]
    pos = position(units)
    assert check_moves(pos, [mv(f"i{k}", "B") for k in range(5)]).allowed


@pytest.mark.rules("11.0")
def test_11_0_a_move_may_not_end_among_enemy_units():
    pos = position([unit("i1", "C"), unit("s1", "D", side="soviet")])
    assert {"11.0", "12.0"} <= broken(pos, [mv("i1", "D")])


# -- 12.A: line capacity -------------------------------------------------------------------


@pytest.mark.rules("12.A.1.a")
def test_12_A_1_a_an_axis_major_line_carries_six_of_which_four_armour():
    units = [unit(f"i{k}", "A") for k in range(3)] + [armor(f"a{k}", "A") for k in range(5)]
    pos = position(units)
    six = [mv(f"i{k}", "B") for k in range(2)] + [mv(f"a{k}", "B") for k in range(4)]
    assert check_moves(pos, six).allowed
    assert first(pos, [*six, mv("i2", "B")]) == (["12.A.1.a"], "over", 7)
    five_armour = [mv(f"a{k}", "B") for k in range(5)]
    assert first(pos, five_armour) == (["12.A.1.a"], "armor-over", 5)


@pytest.mark.rules("12.A.1.b")
def test_12_A_1_b_an_axis_minor_line_carries_four_of_which_two_armour():
    units = [unit(f"i{k}", "C") for k in range(5)] + [armor(f"a{k}", "C") for k in range(3)]
    pos = position(units)
    assert check_moves(pos, [mv(f"i{k}", "F") for k in range(4)]).allowed
    assert first(pos, [mv(f"i{k}", "F") for k in range(5)]) == (["12.A.1.b"], "over", 5)
    assert first(pos, [mv(f"a{k}", "F") for k in range(3)]) == (["12.A.1.b"], "armor-over", 3)


@pytest.mark.rules("12.A.1.c")
def test_12_A_1_c_an_axis_inferior_line_carries_two_of_which_one_armour():
    units = [unit(f"i{k}", "F") for k in range(3)] + [armor(f"a{k}", "F") for k in range(2)]
    pos = position(units, points={"G": {"control": "axis"}})
    assert check_moves(pos, [mv("i0", "G"), mv("a0", "G")]).allowed
    assert first(pos, [mv(f"i{k}", "G") for k in range(3)]) == (["12.A.1.c"], "over", 3)
    assert first(pos, [mv("a0", "G"), mv("a1", "G")]) == (["12.A.1.c"], "armor-over", 2)


def soviet_turn(units, **kw):
    return position(units, phasing="soviet", points={
        "A": {"control": "soviet"}, "B": {"control": "soviet"}, "C": {"control": "soviet"},
        "F": {"control": "soviet"}}, **kw)


@pytest.mark.rules("12.A.2.a")
def test_12_A_2_a_a_soviet_major_line_carries_four_of_which_three_armour():
    units = [unit(f"i{k}", "A", "soviet") for k in range(5)]
    units += [armor(f"a{k}", "A", "soviet") for k in range(4)]
    pos = soviet_turn(units)
    assert check_moves(pos, [mv("i0", "B"), *[mv(f"a{k}", "B") for k in range(3)]]).allowed
    assert first(pos, [mv(f"i{k}", "B") for k in range(5)]) == (["12.A.2.a"], "over", 5)
    assert first(pos, [mv(f"a{k}", "B") for k in range(4)]) == (["12.A.2.a"], "armor-over", 4)


@pytest.mark.rules("12.A.2.b")
def test_12_A_2_b_a_soviet_minor_line_carries_three_of_which_two_armour():
    units = [unit(f"i{k}", "C", "soviet") for k in range(4)]
    units += [armor(f"a{k}", "C", "soviet") for k in range(3)]
    pos = soviet_turn(units)
    assert check_moves(pos, [mv("i0", "F"), mv("a0", "F"), mv("a1", "F")]).allowed
    assert first(pos, [mv(f"i{k}", "F") for k in range(4)]) == (["12.A.2.b"], "over", 4)
    assert first(pos, [mv(f"a{k}", "F") for k in range(3)]) == (["12.A.2.b"], "armor-over", 3)


@pytest.mark.rules("12.A.2.c")
def test_12_A_2_c_a_soviet_inferior_line_carries_two_of_which_one_armour():
    units = [unit(f"i{k}", "F", "soviet") for k in range(3)]
    units += [armor(f"a{k}", "F", "soviet") for k in range(2)]
    pos = soviet_turn(units)
    assert check_moves(pos, [mv("i0", "G"), mv("a0", "G")]).allowed
    assert first(pos, [mv(f"i{k}", "G") for k in range(3)]) == (["12.A.2.c"], "over", 3)
    assert first(pos, [mv("a0", "G"), mv("a1", "G")]) == (["12.A.2.c"], "armor-over", 2)


@pytest.mark.rules("12.A")
def test_12_A_moves_made_earlier_in_the_phase_use_the_capacity():
    units = [unit(f"i{k}", "A") for k in range(7)]
    pos = position(units, moved=[{"unit": f"i{k}", "path": ["B"]} for k in range(5)])
    assert check_moves(pos, [mv("i5", "B")]).allowed
    assert first(pos, [mv("i5", "B"), mv("i6", "B")]) == (["12.A.1.a"], "over", 2)


@pytest.mark.rules("12.A")
def test_12_A_capacity_counts_both_ways_together_by_default():
    units = [unit(f"i{k}", "A") for k in range(4)] + [unit(f"j{k}", "B") for k in range(3)]
    pos = position(units)
    moves = [mv(f"i{k}", "B") for k in range(4)] + [mv(f"j{k}", "A") for k in range(3)]
    assert first(pos, moves) == (["12.A.1.a"], "over", 7)
    assert check_moves(pos, moves, {"12.A#counted": "per-direction"}).allowed


# -- 12.B, 12.C: unit values ---------------------------------------------------------------


@pytest.mark.rules("12.B")
def test_12_B_half_units_and_the_dropped_fraction():
    # six infantry and a German HQ: 6 1/2, the half is dropped, so the load fits
    units = [unit(f"i{k}", "A") for k in range(7)] + [unit("hq", "A", type="hq"),
                                                      unit("hq2", "A", type="hq")]
    pos = position(units)
    six = [mv(f"i{k}", "B") for k in range(6)]
    assert check_moves(pos, [*six, mv("hq", "B")]).allowed
    # two half-units make a whole unit: 7 is too many
    assert first(pos, [*six, mv("hq", "B"), mv("hq2", "B")])[0] == ["12.A.1.a", "12.B"]


@pytest.mark.rules("12.B")
def test_12_B_the_soviet_half_value_units():
    units = [unit(f"i{k}", "A", "soviet") for k in range(4)]
    units += [unit("stavka", "A", "soviet", type="hq", stavka=True),
              unit("rocket", "A", "soviet", type="rocket"),
              unit("hq", "A", "soviet", type="hq")]
    pos = soviet_turn(units)
    four = [mv(f"i{k}", "B") for k in range(4)]
    assert check_moves(pos, [*four, mv("stavka", "B")]).allowed
    assert not check_moves(pos, [*four, mv("stavka", "B"), mv("rocket", "B")]).allowed
    # a Soviet HQ that is not STAVKA counts one
    assert first(pos, [*four, mv("hq", "B")])[1] == "over"


@pytest.mark.rules("12.B")
def test_12_B_the_floor_applies_to_the_armour_cap_by_default():
    units = [armor(f"a{k}", "A") for k in range(4)] + [armor("ss", "A", ss=True)]
    pos = position(units)
    moves = [mv(f"a{k}", "B") for k in range(4)] + [mv("ss", "B")]
    assert check_moves(pos, moves).allowed
    assert first(pos, moves, {"12.B#armor": "whole-units"}) == (["12.A.1.a"], "armor-over", 5)


@pytest.mark.rules("12.C")
def test_12_C_a_hungarian_or_rumanian_army_with_a_2_counts_two():
    units = [unit(f"i{k}", "A") for k in range(5)]
    units += [unit("rum", "A", nationality="rumanian", two=True),
              unit("ita", "A", nationality="italian")]
    pos = position(units)
    four = [mv(f"i{k}", "B") for k in range(4)]
    assert check_moves(pos, [*four, mv("rum", "B")]).allowed
    assert "12.C" in first(pos, [*four, mv("i4", "B"), mv("rum", "B")])[0]
    assert check_moves(pos, [*four, mv("i4", "B"), mv("ita", "B")]).allowed


@pytest.mark.rules("12.C")
def test_12_C_only_hungarian_and_rumanian_armies_carry_a_2():
    from adjudicator.errors import InputError

    with pytest.raises(InputError, match="12.C"):
        position([unit("ita", "A", nationality="italian", two=True)])


# -- 12.D: the highway ---------------------------------------------------------------------


@pytest.mark.rules("12.D")
def test_12_D_armour_goes_two_points_along_the_highway():
    pos = position([armor("pz", "B")], points={"D": {"control": "axis"}})
    assert check_moves(pos, [mv("pz", "C", "D")]).allowed


@pytest.mark.rules("12.D")
def test_12_D_not_in_snow_not_off_the_highway_not_past_enemy_not_infantry():
    pos = position([armor("pz", "B"), unit("i", "B")], points={"D": {"control": "axis"}})
    assert first(position([armor("pz", "B")], weather="snow",
                          points={"D": {"control": "axis"}}), [mv("pz", "C", "D")])[:2] == (
        ["12.D"], "snow")
    assert check_moves(position([armor("pz", "B")], weather="mud",
                                points={"D": {"control": "axis"}}), [mv("pz", "C", "D")]).allowed
    assert first(pos, [mv("i", "C", "D")])[:2] == (["12.D"], "not-armor")
    assert first(position([armor("pz", "A")]), [mv("pz", "B", "C")])[:2] == (
        ["12.D"], "off-highway")
    blocked = position([armor("pz", "B"), unit("s", "C", side="soviet")],
                       points={"D": {"control": "axis"}})
    assert "enemy-first" in {f.code for f in check_moves(blocked, [mv("pz", "C", "D")]).findings}
    assert first(pos, [mv("pz", "C", "D", "E")])[1] == "too-far"


@pytest.mark.rules("12.D")
def test_12_D_a_highway_move_uses_both_lines():
    units = [armor(f"a{k}", "B") for k in range(5)]
    pos = position(units, points={"D": {"control": "axis"}})
    ans = capacity(pos, [mv("a0", "C", "D")])
    used = {x.ends: x.used_halves for x in ans.lines}
    assert used[("B", "C")] == 2 and used[("C", "D")] == 2 and used[("A", "B")] == 0


# -- 9.A: strategic land movement ----------------------------------------------------------


def strategic(units, **kw):
    return position(units, phase="strategic", **kw)


@pytest.mark.rules("9.A")
def test_9_A_a_chain_of_friendly_points_is_allowed():
    pos = strategic([unit("i", "A")], points={"F": {"control": "axis"}})
    assert check_moves(pos, [mv("i", "B", "C", "F")]).allowed


@pytest.mark.rules("9.A")
def test_9_A_an_enemy_point_breaks_the_chain():
    pos = strategic([unit("i", "A")])
    assert first(pos, [mv("i", "B", "C", "D")])[:2] == (["9.A"], "unfriendly")


@pytest.mark.rules("9.A")
def test_9_A_the_axis_limit_is_its_victory_points_west_of_the_border():
    # Axis VP west of the border: A (1 VP) -> one strategic move
    units = [unit("i1", "B"), unit("i2", "B")]
    pos = strategic(units)
    assert check_moves(pos, [mv("i1", "C")]).allowed
    assert first(pos, [mv("i1", "C"), mv("i2", "C")]) == (["9.A"], "over-limit", 2)
    unsupplied = strategic(units, points={"A": {"supplied": False}})
    assert first(unsupplied, [mv("i1", "C")])[1] == "over-limit"


@pytest.mark.rules("9.A")
def test_9_A_the_limits_are_capped_at_7_and_16():
    big = {f"V{k}": {"control": "axis", "border_side": "axis", "vp": 2} for k in range(5)}
    units = [unit(f"i{k}", "B") for k in range(8)]
    pos = strategic(units, points={**big, "F": {"control": "axis"}})
    ends = [["A"], ["A"], ["A"], ["C"], ["C"], ["C"], ["C", "F"], ["C", "F"]]
    moves = [mv(f"i{k}", *path) for k, path in enumerate(ends)]
    assert check_moves(pos, moves[:7]).allowed
    assert first(pos, moves) == (["9.A"], "over-limit", 8)
    soviet = {f"S{k}": {"control": "soviet", "border_side": "soviet", "vp": 2} for k in range(9)}
    pos = strategic([], phasing="soviet", points=soviet)
    from adjudicator.games.p2p.engine import position_facts, solve

    assert ("soviet", 16) in solve("movement", position_facts(pos))["limit"]


@pytest.mark.rules("9.A")
def test_9_A_transit_through_an_off_map_node_of_ones_own_side():
    transit = {"west": {"sides": ["axis"]}, "siberia": {"sides": ["soviet"]}}
    lines = [{"ends": ["west", "A"], "class": "major"}, {"ends": ["west", "F"], "class": "major"},
             {"ends": ["siberia", "A"], "class": "major"}]
    pos = strategic([unit("i", "A")], transit=transit, lines=lines)
    assert check_moves(pos, [mv("i", "west", "F")]).allowed
    assert first(pos, [mv("i", "siberia")])[:2] == (["9.A"], "unfriendly")


@pytest.mark.rules("9.A.1")
def test_9_A_1_no_strategic_movement_over_the_straits_pinsk_rovno_or_elista():
    lines = [{"ends": ["A", "K"], "class": "inferior", "special": "kerch"},
             {"ends": ["A", "P"], "class": "inferior", "special": "pinsk-rovno"},
             {"ends": ["A", "L"], "class": "inferior"}, {"ends": ["L", "M"], "class": "inferior"}]
    points = {p: {"control": "axis"} for p in "KPLM"}
    points["L"]["tags"] = ["elista"]
    pos = strategic([unit("i", "A"), unit("j", "L")], points=points, lines=lines)
    assert first(pos, [mv("i", "K")])[:2] == (["9.A.1", "10.D"], "special-line")
    assert first(pos, [mv("i", "P")])[:2] == (["9.A.1"], "special-line")
    assert first(pos, [mv("i", "L", "M")])[:2] == (["9.A.1"], "elista")
    assert first(pos, [mv("j", "M")])[:2] == (["9.A"], "on-elista")
    assert check_moves(pos, [mv("i", "B")]).allowed


@pytest.mark.rules("9.A.2")
def test_9_A_2_line_capacity_does_not_limit_strategic_movement():
    points = {p: {"control": "axis", "border_side": "axis", "vp": 1} for p in "XYZ"}
    units = [unit(f"i{k}", "F") for k in range(3)]
    pos = strategic(units, points={**points, "G": {"control": "axis"}})
    assert check_moves(pos, [mv(f"i{k}", "G") for k in range(3)]).allowed  # inferior line
    assert first(pos, [mv("i0", "A")])[:2] == (["9.A.2", "12.0"], "not-joined")


@pytest.mark.rules("9.A.3")
def test_9_A_3_three_strategic_movers_may_finish_on_a_point_not_four():
    points = {p: {"control": "axis", "border_side": "axis", "vp": 2} for p in "XYZ"}
    units = [unit(f"i{k}", "A") for k in range(4)]
    pos = strategic(units, points=points)
    assert check_moves(pos, [mv(f"i{k}", "B") for k in range(3)]).allowed
    assert first(pos, [mv(f"i{k}", "B") for k in range(4)]) == (["9.A.3"], "crowded", 4)


# -- 9.B: strategic sea movement -----------------------------------------------------------


def sea_position(units, **points):
    """Ports: A, B on the Baltic; C, G, K on the Black Sea; T on the Sea of Azov, across the
    straits line K-T from K."""
    base = {"A": {"port": "baltic"}, "B": {"port": "baltic"}, "C": {"port": "black"},
            "G": {"port": "black"}, "K": {"port": "black", "control": "axis"},
            "T": {"port": "azov", "control": "axis"}}
    for k, v in points.items():
        base.setdefault(k, {}).update(v)
    lines = [{"ends": ["K", "T"], "class": "inferior", "special": "kerch"}]
    return strategic(units, points=base, seas=SEAS, lines=lines)


@pytest.mark.rules("9.B")
def test_9_B_port_to_friendly_port_on_the_same_sea():
    pos = sea_position([unit("i", "A"), unit("j", "C")])
    ans = check_moves(pos, [mv("i", "B", by="sea")])
    assert ans.allowed
    assert {n.code for n in ans.notes} == {"dispersed", "torpedo"}
    assert first(pos, [mv("i", "C", by="sea")])[:2] == (["9.B"], "other-sea")
    assert first(pos, [mv("j", "G", by="sea")])[:2] == (["9.B"], "unfriendly")


@pytest.mark.rules("9.B")
def test_9_B_one_unit_per_sea_per_turn_and_only_from_a_port():
    pos = sea_position([unit("i", "A"), unit("j", "A"), unit("k", "F")])
    assert check_moves(pos, [mv("i", "B", by="sea")]).allowed
    assert first(pos, [mv("i", "B", by="sea"), mv("j", "B", by="sea")]) == (
        ["9.B"], "sea-limit", 2)
    assert first(pos, [mv("k", "C", by="sea")])[:2] == (["9.B"], "not-port")


@pytest.mark.rules("9.B")
def test_9_B_into_or_out_of_azov_needs_both_sides_of_the_straits():
    pos = sea_position([unit("i", "C")], K={"control": "soviet"})
    assert first(pos, [mv("i", "T", by="sea")])[:2] == (["9.B"], "straits")
    held = sea_position([unit("i", "C")])
    assert check_moves(held, [mv("i", "T", by="sea")]).allowed
    assert check_moves(pos, [mv("i", "G", by="sea")], ).findings[0].code == "unfriendly"


@pytest.mark.rules("9.B")
def test_9_B_sea_movement_only_in_the_strategic_phase():
    pos = sea_position([unit("i", "A")])
    op = position([unit("i", "A")], phase="operational",
                  points={"A": {"port": "baltic"}, "B": {"port": "baltic"}}, seas=SEAS)
    assert check_moves(pos, [mv("i", "B", by="sea")]).allowed
    assert first(op, [mv("i", "B", by="sea")])[:2] == (["9.B"], "sea-phase")


@pytest.mark.rules("9.B.1", "9.B.2")
def test_9_B_1_and_9_B_2_the_torpedo_numbers_follow_sea_control():
    friendly = check_moves(sea_position([unit("i", "A")]), [mv("i", "B", by="sea")])
    assert [(n.rules, n.arg) for n in friendly.notes if n.code == "torpedo"] == [
        (["9.B.1"], "a roll of 1 (friendly sea)")]
    enemy = sea_position([unit("j", "C")], G={"control": "axis"})
    ans = check_moves(enemy, [mv("j", "G", by="sea")])
    assert [n.rules for n in ans.notes if n.code == "torpedo"] == [["9.B.2"]]


# -- 10.A, 10.D ----------------------------------------------------------------------------


@pytest.mark.rules("10.A")
def test_10_A_terrain_limits_strategic_movement_only_through_9_A_1():
    lines = [{"ends": ["A", "K"], "class": "inferior", "special": "kerch"}]
    pos = strategic([unit("i", "A")], points={"K": {"control": "axis"}}, lines=lines)
    assert "9.A.1" in broken(pos, [mv("i", "K")])
    assert check_moves(pos, [mv("i", "B")]).allowed


@pytest.mark.rules("10.D")
def test_10_D_no_armoured_breakthrough_across_the_straits():
    lines = [{"ends": ["C", "K"], "class": "inferior", "special": "kerch"}]
    pos = position([armor("pz", "C", breakthrough=True)], phase="breakthrough",
                   points={"K": {}}, lines=lines)
    assert "10.D" in broken(pos, [mv("pz", "K")])
    inf = position([unit("i", "C", breakthrough=True)], phase="breakthrough",
                   points={"K": {}}, lines=lines)
    assert check_moves(inf, [mv("i", "K")]).allowed


# -- retreats in the Combat Phase: 10.D, 12.C, 13.0 -----------------------------------------


def combat(units, **kw):
    return position(units, phase="combat", **kw)


@pytest.mark.rules("13.0")
def test_13_0_a_retreat_happens_in_the_combat_phase_by_either_side():
    pos = combat([unit("i", "C"), unit("s", "D", side="soviet")])
    # the non-phasing defender retreats; no "only the phasing player moves" for retreats
    assert check_moves(pos, [mv("s", "E", by="retreat")]).allowed
    assert check_moves(pos, [mv("i", "B", by="retreat")]).allowed
    # an ordinary move in the Combat Phase stays refused
    assert first(pos, [mv("i", "B")])[:2] == (["12.0"], "no-move-phase")


@pytest.mark.rules("13.0")
def test_13_0_no_retreat_outside_the_combat_phase():
    pos = position([unit("i", "C")])
    assert first(pos, [mv("i", "B", by="retreat")])[:2] == (["13.0"], "retreat-phase")


@pytest.mark.rules("11.0")
def test_11_0_a_retreat_does_not_end_among_enemy_units():
    pos = combat([unit("i", "C"), unit("s", "D", side="soviet")])
    assert first(pos, [mv("i", "D", by="retreat")])[:2] == (["11.0"], "enemy-there")


@pytest.mark.rules("12.C", "12.A")
def test_12_C_retreats_are_held_to_the_line_capacity():
    # an Axis inferior line carries two units: two infantry retreat along it, a third may not
    units = [unit(f"i{k}", "F") for k in range(3)]
    pos = combat(units, points={"G": {"control": "axis"}})
    two = [mv(f"i{k}", "G", by="retreat") for k in range(2)]
    assert check_moves(pos, two).allowed
    ans = first(pos, [*two, mv("i2", "G", by="retreat")])
    assert ans[1] == "over" and "12.A.1.c" in ans[0] and "12.C" in ans[0]


@pytest.mark.rules("12.C")
def test_12_C_an_allied_army_with_a_2_counts_two_in_retreat():
    units = [unit("rum", "F", nationality="rumanian", two=True), unit("i", "F"),
             unit("ita", "F", nationality="italian")]
    pos = combat(units, points={"G": {"control": "axis"}})
    assert check_moves(pos, [mv("rum", "G", by="retreat")]).allowed
    assert "12.C" in first(pos, [mv("rum", "G", by="retreat"), mv("i", "G", by="retreat")])[0]
    assert check_moves(pos, [mv("ita", "G", by="retreat"), mv("i", "G", by="retreat")]).allowed


@pytest.mark.rules("12.C")
def test_12_C_in_retreat_only_ss_panzer_and_moscow_motorized_count_a_half():
    # an Axis inferior line carries two units (12.A.1.c); the fraction of a load is dropped
    units = [unit("i1", "F"), unit("i2", "F"), unit("hq", "F", type="hq"),
             armor("ss", "F", ss=True)]
    pos = combat(units, points={"G": {"control": "axis"}})
    two = [mv("i1", "G", by="retreat"), mv("i2", "G", by="retreat")]
    # the SS Panzer division still counts a half: 2 1/2, the half dropped
    assert check_moves(pos, [*two, mv("ss", "G", by="retreat")]).allowed
    # a German HQ counts a half when it moves (12.B) but one when it retreats: 3 units
    assert first(pos, [*two, mv("hq", "G", by="retreat")])[1] == "over"
    # the other reading keeps 12.B's half for the HQ in retreat too
    assert check_moves(pos, [*two, mv("hq", "G", by="retreat")],
                       {"12.C#retreat-halves": "as-movement"}).allowed


@pytest.mark.rules("12.C")
def test_12_C_a_moscow_motorized_division_counts_a_half_in_retreat():
    units = [unit("s1", "D", side="soviet"), unit("s2", "D", side="soviet"),
             unit("mm", "D", side="soviet", moscow_motorized=True)]
    lines = [{"ends": ["D", "H"], "class": "inferior"}]
    pos = combat(units, points={"H": {"control": "soviet"}}, lines=lines)
    assert check_moves(pos, [mv("s1", "H", by="retreat"),
                             mv("mm", "H", by="retreat")]).allowed
    assert first(pos, [mv("s1", "H", by="retreat"), mv("s2", "H", by="retreat"),
                       mv("mm", "H", by="retreat")]) is None  # 2 1/2: the half is dropped
    rocket = position([unit("s1", "D", side="soviet"), unit("s2", "D", side="soviet"),
                       unit("r", "D", side="soviet", type="rocket")],
                      phase="combat", points={"H": {"control": "soviet"}}, lines=lines)
    assert first(rocket, [mv("s1", "H", by="retreat"), mv("s2", "H", by="retreat"),
                          mv("r", "H", by="retreat")])[1] == "over"


@pytest.mark.rules("12.C")
def test_12_C_each_side_counts_its_own_retreats():
    # Axis and Soviet units retreating down the same line do not add up
    units = [unit("i0", "F"), unit("i1", "F"), unit("s0", "G", side="soviet"),
             unit("s1", "G", side="soviet")]
    pos = combat(units, points={"X": {"control": "axis"}, "Y": {"control": "soviet"}},
                 lines=[{"ends": ["G", "Y"], "class": "major"}])
    moves = [mv("i0", "G", "Y", by="retreat"), mv("i1", "C", by="retreat"),
             mv("s0", "F", "C", by="retreat"), mv("s1", "F", by="retreat")]
    ans = check_moves(pos, moves)
    assert not any(f.code == "over" for f in ans.findings)


@pytest.mark.rules("10.D")
def test_10_D_a_retreat_may_cross_the_straits_within_operational_capacity():
    lines = [{"ends": ["C", "K"], "class": "inferior", "special": "kerch"}]
    units = [armor("pz", "C"), unit("i1", "C"), unit("i2", "C")]
    pos = combat(units, points={"K": {"control": "axis"}}, lines=lines)
    ok = check_moves(pos, [mv("pz", "K", by="retreat"), mv("i1", "K", by="retreat")])
    assert ok.allowed
    assert [n.rules for n in ok.notes if n.code == "straits-retreat"] == [["10.D"]] * 2
    over = first(pos, [mv("pz", "K", by="retreat"), mv("i1", "K", by="retreat"),
                       mv("i2", "K", by="retreat")])
    assert over[1] == "over" and "10.D" in over[0]


@pytest.mark.rules("10.D")
def test_10_D_the_straits_retreat_counts_armour_against_its_share():
    lines = [{"ends": ["C", "K"], "class": "inferior", "special": "kerch"}]
    pos = combat([armor("pz1", "C"), armor("pz2", "C")], points={"K": {"control": "axis"}},
                 lines=lines)
    ans = first(pos, [mv("pz1", "K", by="retreat"), mv("pz2", "K", by="retreat")])
    assert ans[1] == "armor-over" and "10.D" in ans[0]


@pytest.mark.rules("12.C")
def test_12_C_the_capacity_table_shows_a_sides_retreats():
    units = [unit("s1", "D", side="soviet"), unit("mm", "D", side="soviet",
                                                  moscow_motorized=True)]
    pos = combat(units, moved=[{"unit": "s1", "path": ["E"], "by": "retreat"}])
    soviet = capacity(pos, side="soviet")
    de = next(x for x in soviet.lines if set(x.ends) == {"D", "E"})
    assert de.used_halves == 2 and de.capacity == 4
    assert soviet.values["mm"] == (1, "12.C") and soviet.values["s1"] == (2, "12.C")
    assert "10.D" in soviet.rules
    axis = capacity(pos)  # the phasing side: nothing retreated yet
    assert next(x for x in axis.lines if set(x.ends) == {"D", "E"}).used_halves == 0
