"""Rulings on retreats (Stalingrad '42 chapter 12 and the sections it leans on).

Each rule id has a case it allows and a case it forbids. Positions use the clear
8x8 map of ``positions.pos`` (even columns shifted down): the neighbours of
0404 are 0403 0504 0505 0405 0305 0304; of 0505 they are 0504 0604 0605 0506
0405 0404.
"""

import clingo
import pytest
from positions import pos, unit

from adjudicator.errors import InputError
from adjudicator.games.s42.queries.retreat import (
    RetreatRequest,
    auto_retreats,
    check_retreat,
    retreats,
    retreats_many,
)

AROUND_0404 = {"0304", "0305", "0403", "0405", "0504", "0505"}


def ring(sc, h0, d):
    return {h for h in sc.map.hexes if sc.grid.distance(h0, h) == d}


def by_end(answer):
    return {o.end: o for o in answer.options}


def alive(answer):
    return {o.end for o in answer.options if not o.eliminated}


def dead(answer):
    return {o.end: o for o in answer.options if o.eliminated}


# --- 12.1.1: how far ---------------------------------------------------------


@pytest.mark.rules("12.1.1", "12.1.3")
def test_12_1_1_free_retreat_ends_exactly_n_hexes_away_every_step_farther():
    sc = pos([unit("A", "axis", "0404")])
    for n in (2, 3):
        answer = retreats(sc, "0404", n)
        assert alive(answer) == ring(sc, "0404", n)
        for o in answer.options:
            assert len(o.path) == n and o.kind == "full"
            assert [sc.grid.distance("0404", h) for h in o.path] == list(range(1, n + 1))
            assert o.rules == ["12.1.1", "12.1.3"]


@pytest.mark.rules("12.1.1")
def test_12_1_1_length_outside_1_to_4_is_refused():
    sc = pos([unit("A", "axis", "0404")])
    with pytest.raises(InputError, match="1 to 4"):
        retreats(sc, "0404", 5)


# --- 12.1.2: stacks ----------------------------------------------------------


@pytest.mark.rules("12.1.2")
def test_12_1_2_retreat_passes_through_friendly_units():
    sc = pos([unit("A", "axis", "0404"), unit("F", "axis", "0405"),
              unit("E1", "soviet", "0304"), unit("E2", "soviet", "0403"),
              unit("E3", "soviet", "0504"), unit("E4", "soviet", "0505"),
              unit("E5", "soviet", "0305")])
    answer = retreats(sc, "0404", 2)
    # the only way out leads through F's hex, which the retreat leaves undisturbed
    assert alive(answer) and all(o.path[0] == "0405" for o in answer.options if not o.eliminated)
    assert all("12.1.2" in o.rules for o in answer.options if not o.eliminated)
    without_f = pos([unit("A", "axis", "0404"), unit("E1", "soviet", "0304"),
                     unit("E2", "soviet", "0403"), unit("E3", "soviet", "0504"),
                     unit("E4", "soviet", "0505"), unit("E5", "soviet", "0305")])
    assert not any("12.1.2" in o.rules for o in retreats(without_f, "0404", 2).options)


@pytest.mark.rules("12.1.2", "9.6.2")
def test_12_1_2_stack_splits_when_only_the_mountain_unit_may_cross_alpine():
    sc = pos([unit("M", "axis", "0404", "mountain"), unit("I", "axis", "0404")],
             hexsides={"0404-0405": {"alpine": True}})
    answer = retreats(sc, "0404", 1)
    assert by_end(answer)["0405"].units == ["M"]
    assert by_end(answer)["0405"].eliminated is False
    assert "9.6.2" in by_end(answer)["0405"].rules
    assert by_end(answer)["0403"].units == ["I", "M"]
    alone = pos([unit("I", "axis", "0404")], hexsides={"0404-0405": {"alpine": True}})
    lost = by_end(retreats(alone, "0404", 1))["0405"]
    assert lost.eliminated and lost.why == ["alpine"] and lost.rules == ["9.6.2", "12.2"]


@pytest.mark.rules("9.6.2", "23.4")
def test_9_6_2_road_crosses_alpine_but_winter_closes_it_to_all():
    sides = {"0404-0405": {"alpine": True, "road": "secondary"}}
    summer = pos([unit("I", "axis", "0404")], hexsides=sides, turn=10)
    assert by_end(retreats(summer, "0404", 1))["0405"].eliminated is False
    winter = pos([unit("M", "axis", "0404", "mountain")], hexsides=sides, turn=28)
    o = by_end(retreats(winter, "0404", 1))["0405"]
    assert o.eliminated and "23.4" in o.rules


# --- 12.1.3: the guidelines -----------------------------------------------------


@pytest.mark.rules("12.1.3")
def test_12_1_3_guideline_1_survival_outranks_elimination():
    sc = pos([unit("A", "axis", "0404"), unit("S", "soviet", "0304")])
    answer = retreats(sc, "0404", 2)
    lost = dead(answer)["0304"]
    assert lost.rank == 3 and lost.ruled_out_by == 1
    assert all(o.rank == 1 for o in answer.options if not o.eliminated)
    assert answer.eliminated is False


@pytest.mark.rules("12.1.3", "16.3", "16.2.1")
def test_12_1_3_guideline_2_prefers_ends_with_a_line_of_supply():
    areas = {"W": {"side": "axis", "hexes": [f"01{r:02d}" for r in range(1, 9)]}}
    sc = pos([unit("A", "axis", "0704")], entry_areas=areas, cols=range(1, 11))
    answer = retreats(sc, "0704", 2)
    ends = by_end(answer)
    assert ends["0504"].los and ends["0504"].rank == 1 and ends["0504"].los_rules == ["16.3"]
    assert not ends["0904"].los and ends["0904"].rank == 2 and ends["0904"].ruled_out_by == 2
    # with no supply anywhere, guideline 2 rules nothing out
    bare = pos([unit("A", "axis", "0704")], cols=range(1, 11))
    assert all(o.rank == 1 for o in retreats(bare, "0704", 2).options)


@pytest.mark.rules("12.1.3", "16.3")
def test_12_1_3_guideline_2_each_stack_traces_its_own_sides_lines():
    # An Axis stack beside the Axis entry area (west) and a Soviet one nearer the Soviet
    # entry area (east): each prefers the ends from which its own side has a Line of
    # Supply, whether the two are asked about together or one at a time (a question
    # traces the lines of the sides of its stacks only).
    areas = {"W": {"side": "axis", "hexes": [f"01{r:02d}" for r in range(1, 9)]},
             "E": {"side": "soviet", "hexes": [f"10{r:02d}" for r in range(1, 9)]}}
    sc = pos([unit("A", "axis", "0702"), unit("S", "soviet", "0407")], entry_areas=areas,
             cols=range(1, 11))

    def table(answer):
        return [(o.end, o.los, o.rank) for o in answer.options]

    axis, soviet = (retreats(sc, h, 2) for h in ("0702", "0407"))
    assert {o.end for o in axis.options if o.los} == {"0501", "0502", "0503", "0603"}
    assert by_end(axis)["0803"].rank == 2 and by_end(axis)["0803"].ruled_out_by == 2
    assert {o.end for o in soviet.options if o.los} == {"0506", "0606", "0607", "0608"}
    assert by_end(soviet)["0306"].rank == 2 and by_end(soviet)["0306"].ruled_out_by == 2
    both = retreats_many(sc, [RetreatRequest("0702", 2, None, ()),
                              RetreatRequest("0407", 2, None, ())])
    assert [table(a) for a in both] == [table(axis), table(soviet)]


def _los(*hexes):
    return [clingo.Function("los", [clingo.Function("axis"), clingo.String(h)]) for h in hexes]


@pytest.mark.rules("12.1.3")
def test_12_1_3_reading_no_forced_payment_keeps_free_ends_when_only_a_paid_end_has_supply():
    # F (did not retreat) stands 1 hex away; only F's hex has a Line of Supply
    sc = pos([unit("A", "axis", "0404", max_steps=3), unit("F", "axis", "0403")])
    answer = retreats(sc, "0404", 2, facts=_los("0403"))
    paid = by_end(answer)["0403"]
    assert paid.kind == "pay" and paid.steps_paid == 1 and paid.los and paid.rank == 1
    assert by_end(answer)["0406"].rank == 1  # free, unsupplied, still allowed
    literal = retreats(sc, "0404", 2, facts=_los("0403"),
                       readings={"12.1.3": "literal-order"})
    assert by_end(literal)["0403"].rank == 1
    assert by_end(literal)["0406"].rank == 2 and by_end(literal)["0406"].ruled_out_by == 2
    # a free end with supply rules out an unsupplied paid end under either reading
    both = retreats(sc, "0404", 2, facts=_los("0406"))
    assert by_end(both)["0403"].rank == 2 and by_end(both)["0406"].rank == 1


@pytest.mark.rules("12.1.3")
def test_12_1_3_guideline_4_pay_steps_to_stop_beside_units_that_did_not_retreat():
    sc = pos([unit("A", "axis", "0404", max_steps=3), unit("F", "axis", "0405")])
    stop = by_end(retreats(sc, "0404", 3))["0405"]
    assert stop.kind == "pay" and stop.steps_paid == 2 and stop.path == ["0405"]
    assert stop.rules == ["12.1.2", "12.1.3"]
    # not beside units that retreated earlier this phase
    moved = pos([unit("A", "axis", "0404", max_steps=3), unit("F", "axis", "0405",
                                                              retreated=True)])
    assert "0405" not in by_end(retreats(moved, "0404", 3))
    # not when paying would take the stack's last step
    thin = pos([unit("A", "axis", "0404", max_steps=2), unit("F", "axis", "0405")])
    assert "0405" not in by_end(retreats(thin, "0404", 3))
    assert by_end(retreats(thin, "0404", 2))["0405"].steps_paid == 1


@pytest.mark.rules("12.1.3")
def test_12_1_3_guideline_5_city_or_fort_stops_the_retreat_free():
    hexes = {"0405": {"terrain": "clear", "city": "minor", "control": "axis"},
             "0403": {"terrain": "clear", "fortification": "printed", "control": "axis"}}
    sc = pos([unit("A", "axis", "0404")], hexes=hexes)
    ends = by_end(retreats(sc, "0404", 3))
    assert ends["0405"].kind == "city" and ends["0405"].steps_paid == 0
    assert ends["0403"].kind == "city"
    enemy_city = pos([unit("A", "axis", "0404")],
                     hexes={"0405": {"terrain": "clear", "city": "minor", "control": "soviet"}})
    assert "0405" not in by_end(retreats(enemy_city, "0404", 3))
    in_ezoc = pos([unit("A", "axis", "0404"), unit("S", "soviet", "0506")], hexes=hexes)
    assert "0405" not in alive(retreats(in_ezoc, "0404", 3))


@pytest.mark.rules("12.1.3", "12.2")
def test_12_1_3_city_stop_ezoc_cleared_by_any_unit_outside_this_retreat():
    # a unit that retreated earlier is not part of this retreat: it clears the
    # EZOC for the City stop (12.1.3 #5) though not for 12.2's elimination test
    hexes = {"0405": {"terrain": "clear", "city": "minor", "control": "axis"}}
    sc = pos([unit("A", "axis", "0404"), unit("S", "soviet", "0506"),
              unit("F", "axis", "0405", retreated=True)], hexes=hexes)
    assert by_end(retreats(sc, "0404", 3))["0405"].kind == "city"


@pytest.mark.rules("12.1.3")
def test_12_1_3_no_short_end_without_a_reason():
    sc = pos([unit("A", "axis", "0404")])
    answer = retreats(sc, "0404", 3)
    assert not any(sc.grid.distance("0404", o.end) < 3 for o in answer.options)


# --- 12.1.4: over-stacking ------------------------------------------------------------


@pytest.mark.rules("12.1.4", "4.1")
def test_12_1_4_may_end_over_stacked_and_is_told_so():
    sc = pos([unit("A", "axis", "0404"), *(unit(f"F{i}", "axis", "0406") for i in range(3))])
    end = by_end(retreats(sc, "0404", 2))["0406"]
    assert not end.eliminated and end.overstacked
    assert any(n["rules"] == ["4.1", "12.1.4"] for n in end.notes)
    light = pos([unit("A", "axis", "0404"), unit("F", "axis", "0406")])
    assert not by_end(retreats(light, "0404", 2))["0406"].overstacked


# --- 12.2: elimination --------------------------------------------------------------------


@pytest.mark.rules("12.2")
def test_12_2_enemy_occupied_hex_eliminates_friendly_occupied_does_not():
    sc = pos([unit("A", "axis", "0404"), unit("S", "soviet", "0406", "supply-point",
                                              attack=0, defense=0)])
    end = dead(retreats(sc, "0404", 2))["0406"]
    assert end.why == ["enemy_unit"] and end.rules == ["12.2"]
    friend = pos([unit("A", "axis", "0404"), unit("F", "axis", "0406")])
    assert "0406" in alive(retreats(friend, "0404", 2))


@pytest.mark.rules("12.2")
def test_12_2_two_consecutive_vacant_ezoc_hexes_eliminate():
    # S in 0605 covers 0505 and 0506: 0404-0505-0506 passes two vacant EZOC hexes
    sc = pos([unit("A", "axis", "0404"), unit("S", "soviet", "0605")])
    verdict = check_retreat(sc, "A:0505,0506")
    assert not verdict.allowed and verdict.findings[0].code == "two_ezoc"
    assert verdict.rules == ["12.2"]
    # a friendly unit in 0505 that did not retreat negates its EZOC: the unit
    # reaches 0506 alive, ends in an EZOC there, and one extra hex saves it
    held = pos([unit("A", "axis", "0404"), unit("S", "soviet", "0605"),
                unit("F", "axis", "0505")])
    assert check_retreat(held, "A:0505,0506").findings[0].code == "ezoc_end"
    saved = check_retreat(held, "A:0505,0506,0507:2")
    assert saved.allowed and saved.findings[0].code == "extra"
    assert saved.rules == ["12.1.2", "12.2"]


@pytest.mark.rules("12.2")
def test_12_2_units_that_already_retreated_do_not_negate_ezocs():
    sc = pos([unit("A", "axis", "0404"), unit("S", "soviet", "0606"),
              unit("F", "axis", "0505", retreated=True)])
    assert "0506" in dead(retreats(sc, "0404", 2))


@pytest.mark.rules("12.2")
def test_12_2_battle_hex_is_not_the_first_of_two_ezoc_hexes():
    # 0404 is in S's ZOC and so is 0405; stepping 0404 -> 0405 is only one EZOC hex
    sc = pos([unit("A", "axis", "0404"), unit("S", "soviet", "0305")])
    answer = retreats(sc, "0404", 2)
    assert "0406" in alive(answer)
    assert by_end(answer)["0406"].path == ["0405", "0406"]


@pytest.mark.rules("12.2")
def test_12_2_ending_in_ezoc_eliminates_unless_one_extra_hex_saves():
    # S in 0605 covers 0506 and 0604, two hexes out from 0404
    sc = pos([unit("A", "axis", "0404"), unit("S", "soviet", "0605")])
    answer = retreats(sc, "0404", 2)
    end = dead(answer)["0506"]
    assert end.why == ["ezoc_end"] and end.rules == ["12.2"] and end.path == ["0405", "0506"]
    assert end.notes and "one extra hex saves it" in end.notes[0]["text"]
    assert "0507" in end.notes[0]["text"]
    extra = by_end(answer)["0507"]
    assert extra.kind == "extra" and extra.path[1] == "0506" and "12.2" in extra.rules
    # the extra hex may not be a second vacant EZOC hex (0606 is one)
    assert check_retreat(sc, "A:0405,0506,0606:2").findings[0].code == "two_ezoc"


@pytest.mark.rules("12.2")
def test_12_2_reading_extra_hex_sideways_or_only_farther():
    sc = pos([unit("A", "axis", "0404"), unit("S", "soviet", "0605")])
    # 0406 lies 2 hexes from 0404, like the EZOC end 0506: a sideways extra hex
    sideways = check_retreat(sc, "A:0405,0506,0406:2")
    assert sideways.allowed and sideways.findings[0].code == "extra"
    strict = check_retreat(sc, "A:0405,0506,0406:2", readings={"12.2": "farther"})
    assert not strict.allowed and strict.findings[0].code == "not_a_retreat_step"
    # one hex farther (0507, 3 hexes out) is fine under both readings
    assert check_retreat(sc, "A:0405,0506,0507:2", readings={"12.2": "farther"}).allowed


@pytest.mark.rules("12.2", "5.5.4", "5.5.6")
def test_12_2_unbridged_major_river_eliminates_bridges_and_ferries_do_not():
    river = {"0404-0405": {"river": "major"}}
    sc = pos([unit("A", "axis", "0404")], hexsides=river)
    answer = retreats(sc, "0404", 1)
    assert dead(answer)["0405"].why == ["major_river"]
    for kind, rule in (("road", "5.5.4"), ("rail", "5.5.4"), ("ferry", "5.5.6")):
        bridged = pos([unit("A", "axis", "0404")],
                      hexsides={"0404-0405": {"river": "major", "bridge": kind}})
        o = by_end(retreats(bridged, "0404", 1))["0405"]
        assert not o.eliminated and rule in o.rules


@pytest.mark.rules("12.2", "5.5.5")
def test_5_5_5_pontoon_bridge_needs_friendly_combat_units_on_the_far_bank():
    river = {"0404-0405": {"river": "major"}}
    sc = pos([unit("A", "axis", "0404"), unit("F", "axis", "0405")], hexsides=river)
    o = by_end(retreats(sc, "0404", 1))["0405"]
    assert not o.eliminated and "5.5.5" in o.rules
    hq = pos([unit("A", "axis", "0404"),
              unit("H", "axis", "0405", "army-hq", attack=0, defense=0)], hexsides=river)
    assert "0405" in dead(retreats(hq, "0404", 1))


@pytest.mark.rules("12.2", "23.4")
def test_23_4_frozen_major_river_may_be_crossed_in_winter():
    river = {"0404-0405": {"river": "major"}}
    winter = pos([unit("A", "axis", "0404")], hexsides=river, turn=28)
    o = by_end(retreats(winter, "0404", 1))["0405"]
    assert not o.eliminated and "23.4" in o.rules
    summer = pos([unit("A", "axis", "0404")], hexsides=river, turn=27)
    assert "0405" in dead(retreats(summer, "0404", 1))


@pytest.mark.rules("12.2")
def test_12_2_the_volga_eliminates_even_at_a_ferry():
    for side in ({"river": "volga"}, {"river": "volga", "bridge": "ferry"}):
        sc = pos([unit("A", "soviet", "0404")], hexsides={"0404-0405": side}, turn=30)
        assert dead(retreats(sc, "0404", 1))["0405"].why == ["volga"]
    minor = pos([unit("A", "soviet", "0404")], hexsides={"0404-0405": {"river": "minor"}})
    assert "0405" in alive(retreats(minor, "0404", 1))


@pytest.mark.rules("12.2", "2.2.3", "5.7.3")
def test_12_2_impassable_sea_and_unfrozen_lake_hexsides_eliminate():
    sea = pos([unit("A", "axis", "0404")], hexsides={"0404-0405": {"impassable": True}})
    o = dead(retreats(sea, "0404", 1))["0405"]
    assert o.rules == ["2.2.3", "5.7.3", "12.2"] and "sea" in o.why
    lake = pos([unit("A", "axis", "0404")], hexsides={"0404-0405": {"lake": True}})
    o = dead(retreats(lake, "0404", 1))["0405"]
    assert o.rules == ["2.2.3", "12.2"]
    clear = pos([unit("A", "axis", "0404")])
    assert "0405" in alive(retreats(clear, "0404", 1))


@pytest.mark.rules("12.2", "22.5", "22.4")
def test_22_5_off_map_only_into_a_friendly_entry_area_which_completes_the_retreat():
    areas = {"W": {"side": "axis", "hexes": ["0103", "0104", "0105"]},
             "R": {"side": "soviet", "hexes": ["0106", "0107"]}}
    sc = pos([unit("A", "axis", "0204")], entry_areas=areas)
    answer = retreats(sc, "0204", 3)
    w = by_end(answer)["W"]
    assert not w.eliminated and w.kind == "entry" and len(w.path) < 4 and w.path[-1] == "W"
    assert w.rules == ["12.2", "22.5"] and w.los and w.los_rules == ["16.2.1"]
    r = dead(answer)["R"]
    assert r.why == ["enemy_area"] and r.rules == ["12.2", "22.4", "22.5"]
    edge = pos([unit("A", "axis", "0104")])
    off = dead(retreats(edge, "0104", 2))["off-map"]
    assert off.rules == ["12.2", "22.5"] and off.why == ["off_map"] and off.path == ["off-map"]


@pytest.mark.rules("7.2", "12.2")
def test_7_2_entering_an_enemy_hex_bond_eliminates():
    # Soviet 0503 and 0505 bond through 0504, next to the Axis stack in 0404
    sc = pos([unit("A", "axis", "0404"), unit("S1", "soviet", "0503"),
              unit("S2", "soviet", "0505")])
    o = dead(retreats(sc, "0404", 1))["0504"]
    assert "bond_hex" in o.why and o.rules == ["7.2", "12.2"]
    disrupted = pos([unit("A", "axis", "0404"), unit("S1", "soviet", "0503"),
                     unit("S2", "soviet", "0505", status="disrupted")])
    # a Disrupted unit forms no bond (13.2.1): 0504 now only ends the retreat in an EZOC
    o = dead(retreats(disrupted, "0404", 1))["0504"]
    assert o.why == ["ezoc_end"]


# --- 12.4 and 15.3.2: retreating twice ----------------------------------------------


@pytest.mark.rules("12.4", "15.3.2")
def test_12_4_second_retreat_in_a_combat_phase_eliminates_breakthrough_does_not():
    sc = pos([unit("A", "axis", "0404", retreated=True), unit("B", "axis", "0404")])
    answer = retreats(sc, "0404", 2)
    fates = {u.id: u for u in answer.units}
    assert fates["A"].fate == "eliminated" and fates["A"].rules == ["12.4"]
    assert fates["B"].fate == "retreats"
    bt = {u.id: u for u in retreats(sc, "0404", 2, phase="breakthrough").units}
    assert bt["A"].fate == "retreats"
    assert any(n["rules"] == ["15.3.2"] for n in bt["A"].notes)


# --- status afterwards -----------------------------------------------------------------


@pytest.mark.rules("13.1.2", "13.1.3", "13.3.2")
def test_13_1_status_after_a_retreat():
    def status(n, st):
        sc = pos([unit("A", "axis", "0404", status=st)])
        u = retreats(sc, "0404", n).units[0]
        return u.status, u.status_rules
    assert status(2, "good-order") == ("disrupted", ["13.1.2"])
    assert status(3, "good-order") == ("disrupted", ["13.1.2"])
    assert status(1, "good-order") == ("disrupted", ["13.1.2"])
    assert status(4, "good-order") == ("full-retreat", ["13.1.3"])
    assert status(2, "disrupted") == ("full-retreat", ["13.1.3"])
    assert status(2, "full-retreat") == ("full-retreat", ["13.3.2"])


@pytest.mark.rules("13.3.2")
def test_13_3_2_full_retreat_units_next_to_an_enemy_retreat_two_hexes():
    lone = pos([unit("A", "axis", "0404", status="full-retreat"), unit("S", "soviet", "0505")])
    due = auto_retreats(lone)
    assert [(d.hex, d.side, d.units, d.rules) for d in due] == [
        ("0404", "axis", ["A"], ["13.3.2"])]
    answer = retreats(lone, "0404", 2, phase="movement")
    assert answer.automatic is True and answer.options
    covered = pos([unit("A", "axis", "0404", status="full-retreat"), unit("B", "axis", "0404"),
                   unit("S", "soviet", "0505")])
    assert auto_retreats(covered) == []
    assert retreats(covered, "0404", 2, phase="movement").automatic is False
    far = pos([unit("A", "axis", "0404", status="full-retreat"), unit("S", "soviet", "0606")])
    assert auto_retreats(far) == []
    with pytest.raises(InputError, match="2 hexes"):
        retreats(lone, "0404", 3, phase="movement")


# --- non-combat units, trains --------------------------------------------------------


@pytest.mark.rules("18.6.6", "19.3")
def test_19_3_supply_points_stay_other_non_combat_units_follow_a_survivor():
    sc = pos([unit("A", "axis", "0404"),
              unit("SP", "axis", "0404", "supply-point", attack=0, defense=0),
              unit("HQ", "axis", "0404", "army-hq", attack=0, defense=0)])
    fates = {u.id: u for u in retreats(sc, "0404", 2).units}
    assert fates["SP"].fate == "stays" and fates["SP"].rules == ["18.6.6", "19.3"]
    assert fates["HQ"].fate == "retreats" and fates["HQ"].rules == ["19.3"]
    ring_ = [unit(f"S{i}", "soviet", h) for i, h in enumerate(sorted(AROUND_0404))]
    trapped = pos([unit("A", "axis", "0404"),
                   unit("HQ", "axis", "0404", "army-hq", attack=0, defense=0), *ring_])
    fates = {u.id: u for u in retreats(trapped, "0404", 2).units}
    assert fates["HQ"].fate == "eliminated" and fates["HQ"].rules == ["19.3"]


@pytest.mark.rules("5.6.5")
def test_5_6_5_entrained_units_detrain_when_they_retreat():
    sc = pos([unit("A", "axis", "0404", train=True), unit("B", "axis", "0404")])
    fates = {u.id: u for u in retreats(sc, "0404", 2).units}
    assert fates["A"].detrains and any(n["rules"] == ["5.6.5"] for n in fates["A"].notes)
    assert not fates["B"].detrains


# --- 11.5.1: Desperate Defense ------------------------------------------------------------


@pytest.mark.rules("11.5.1")
def test_11_5_1_desperate_defense_open_only_when_every_way_out_eliminates():
    ring_ = [unit(f"S{i}", "soviet", h) for i, h in enumerate(sorted(AROUND_0404))]
    trapped = pos([unit("A", "axis", "0404"), *ring_])
    answer = retreats(trapped, "0404", 2)
    assert answer.eliminated and answer.desperate_defense and answer.desperate_rules == ["11.5.1"]
    assert all(o.eliminated and o.rank == 1 and o.ruled_out_by is None for o in answer.options)
    west = pos([unit("A", "axis", "0404"), unit("S1", "soviet", "0304"),
                unit("S2", "soviet", "0305"), unit("S3", "soviet", "0403")])
    answer = retreats(west, "0404", 2)
    assert not answer.eliminated and not answer.desperate_defense


# --- the question itself ------------------------------------------------------------------


@pytest.mark.rules("12.1.1")
def test_attacker_hexes_are_checked_but_do_not_change_the_options():
    sc = pos([unit("A", "axis", "0404"), unit("S", "soviet", "0304")])
    plain = retreats(sc, "0404", 2)
    named = retreats(sc, "0404", 2, attackers=["0304"])
    assert [o.to_json() for o in plain.options] == [o.to_json() for o in named.options]
    assert named.attackers == ["0304"]
    with pytest.raises(InputError, match="no enemy combat unit"):
        retreats(sc, "0404", 2, attackers=["0403"])
    with pytest.raises(InputError, match="not adjacent"):
        retreats(sc, "0404", 2, attackers=["0606"])


@pytest.mark.rules("9.6.2", "23.4")
def test_9_6_2_an_alpine_hex_is_ringed_by_alpine_hexsides():
    hexes = {"0405": "alpine"}
    sc = pos([unit("I", "axis", "0404"), unit("M", "axis", "0404", "mountain")], hexes=hexes)
    o = by_end(retreats(sc, "0404", 1))["0405"]
    assert o.units == ["M"] and "9.6.2" in o.rules
    winter = pos([unit("M", "axis", "0404", "mountain")], hexes=hexes, turn=28)
    o = by_end(retreats(winter, "0404", 1))["0405"]
    assert o.eliminated and o.rules == ["12.2", "23.4"]
