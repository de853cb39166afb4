"""Rulings on Streets of Stalingrad's isolation (19.1-19.6), with the examples of 19.1,
19.3 and 19.4 as positions. Column 01 of the map is the Volga; three German units in
0302, 0304 and 0306 wall it off from the rest of the map (their ZOCs fill the gaps)."""

from __future__ import annotations

import pytest
from sos_positions import position, unit

from adjudicator.games.sos.queries.isolation import isolation

WALL = [unit("g1", "german", "0302"), unit("g2", "german", "0304"),
        unit("g3", "german", "0306")]


def by_unit(sc):
    return {u.unit: u for u in isolation(sc).units}


def soviet(date="1942-09-15", phase=5, marker=0, readings=None, extra=(), **kw):
    units = WALL + [unit("s", "soviet", "0505", isolation=marker, **kw), *extra]
    return position(units, date=date, phase=phase, readings=readings)


@pytest.mark.rules("19.2")
def test_19_2_walled_off_from_the_volga_is_isolated():
    u = by_unit(soviet())["s"]
    assert u.isolated and "19.2" in u.rules


@pytest.mark.rules("19.2")
def test_19_2_a_route_of_any_length_to_a_volga_hex_supplies():
    sc = position(WALL[:2] + [unit("s", "soviet", "0505")])
    u = by_unit(sc)["s"]
    assert not u.isolated and u.reaches and u.rules == ["19.2"]


@pytest.mark.rules("19.2")
def test_19_2_german_minefields_block_the_route_too():
    sc = position(WALL[:2] + [unit("m", "german", "0306", "minefield"),
                              unit("s", "soviet", "0505")])
    assert by_unit(sc)["s"].isolated


@pytest.mark.rules("19.2", "6.8")
def test_19_2_soviet_units_in_german_zoc_hexes_negate_it_for_the_trace():
    chain = [unit(f"c{h}", "soviet", h) for h in ("0405", "0305", "0205")]
    sc = position(WALL + [unit("s", "soviet", "0505")] + chain)
    assert not any(u.isolated for u in isolation(sc).units if u.side == "soviet")
    sc = position(WALL + [unit("s", "soviet", "0505")] + chain[:2])
    assert by_unit(sc)["s"].isolated


@pytest.mark.rules("19.1", "19.4")
def test_19_1_example_1_isolated_on_15_september_removed_on_17_september():
    # isolated in the 15 September German Exploit Attack Phase 8: marker 1 on 16 September
    u = by_unit(soviet("1942-09-15", 8))["s"]
    assert (u.marker_next, u.threshold, u.eliminated) == (1, 2, False)
    # still isolated on 16 September: the 17 September Administrative Phase removes it
    u = by_unit(soviet("1942-09-16", 5, marker=1))["s"]
    assert (u.marker_next, u.eliminated) == (2, True)


@pytest.mark.rules("19.1")
def test_19_1_guards_marines_and_units_with_a_leader_last_four_phases():
    for kw, extra in (({"troops": "guards"}, ()), ({"troops": "marine"}, ()),
                      ({}, (unit("l", "soviet", "0505", "commissar"),))):
        u = by_unit(soviet("1942-09-16", 5, marker=1, extra=extra, **kw))["s"]
        assert (u.threshold, u.eliminated) == (4, False)
        u = by_unit(soviet("1942-09-18", 5, marker=3, extra=extra, **kw))["s"]
        assert u.eliminated


@pytest.mark.rules("19.1")
def test_19_1_example_2_isolated_on_26_september_removed_on_30_september():
    u = by_unit(soviet("1942-09-26", 5))["s"]
    assert (u.threshold, u.eliminated) == (4, False)
    assert not by_unit(soviet("1942-09-28", 5, marker=2))["s"].eliminated
    assert by_unit(soviet("1942-09-29", 5, marker=3))["s"].eliminated


@pytest.mark.rules("19.1")
def test_19_1_at_the_boundary_the_reading_decides():
    # isolated since 24 September: marker 1 on 25 September, the count reaches 2 in the
    # 26 September Administrative Phase
    default = by_unit(soviet("1942-09-25", 8, marker=1))["s"]
    assert (default.threshold, default.eliminated) == (4, False)
    start = by_unit(soviet("1942-09-25", 8, marker=1, readings={"19.1": "by-start"}))["s"]
    assert (start.threshold, start.eliminated) == (2, True)


@pytest.mark.rules("19.3", "19.4")
def test_19_3_only_consecutive_turns_count_and_the_marker_goes_when_supplied():
    # supplied again: the marker is removed
    sc = position(WALL[:2] + [unit("s", "soviet", "0505", isolation=1)])
    u = by_unit(sc)["s"]
    assert not u.isolated and u.marker_next == 0 and "19.4" in u.rules
    # isolated again from 29 September: removed only on 3 October
    assert not by_unit(soviet("1942-10-01", 5, marker=2))["s"].eliminated
    assert by_unit(soviet("1942-10-02", 5, marker=3))["s"].eliminated


@pytest.mark.rules("19.5")
def test_19_5_isolated_soviet_units_move_at_half_and_add_the_marker():
    assert by_unit(soviet())["s"].effects == ["die-roll-plus-marker", "half-mp"]
    assert by_unit(position([unit("s", "soviet", "0505")]))["s"].effects == []


@pytest.mark.rules("19.6")
def test_19_6_german_units_cut_off_from_their_boxes_get_marker_1_never_removed():
    boxes = {"W": {"side": "german", "hexes": ["0601"]}}
    wall = [unit(f"s{h}", "soviet", h) for h in ("0503", "0505")]
    sc = position([unit("g", "german", "0303", isolation=3)] + wall, boxes=boxes,
                  date="1942-10-10")
    g = by_unit(sc)["g"]
    assert not g.isolated  # 0303-0302-0301-0401-0501 reaches 0601
    ring = [unit(f"s{h}", "soviet", h) for h in ("0501", "0503", "0505")]
    sc = position([unit("g", "german", "0303", isolation=3)] + ring, boxes=boxes,
                  date="1942-10-10")
    g = by_unit(sc)["g"]
    assert g.isolated and g.marker_next == 1 and not g.eliminated and "19.6" in g.rules


@pytest.mark.rules("19.6")
def test_19_6_without_a_german_box_isolation_is_not_judged():
    ans = isolation(position([unit("g", "german", "0303")] +
                             [unit(f"s{h}", "soviet", h) for h in ("0501", "0503", "0505")]))
    assert ans.no_german_box and not ans.isolated()


@pytest.mark.rules("16.85")
def test_16_85_an_isolated_nkvd_unit_with_a_marker_rolls_for_removal():
    u = by_unit(soviet(marker=1, troops="nkvd"))["s"]
    assert "nkvd-roll-removed-on-5-to-10" in u.effects and "16.85" in u.rules
    # not isolated, or not NKVD: no roll
    sc = position([unit("s", "soviet", "0505", isolation=1, troops="nkvd")])
    assert "nkvd-roll-removed-on-5-to-10" not in by_unit(sc)["s"].effects
    assert "nkvd-roll-removed-on-5-to-10" not in by_unit(soviet(marker=1))["s"].effects


@pytest.mark.rules("16.85")
def test_16_85_nkvd_leaders_and_nkvd_units_with_a_leader_do_not_roll():
    ldr = unit("l", "soviet", "0505", "leader")
    u = by_unit(soviet(marker=1, troops="nkvd", extra=[ldr]))["s"]
    assert "nkvd-roll-removed-on-5-to-10" not in u.effects
    assert "nkvd-no-roll-with-a-leader" in u.effects
    nkvd_leader = by_unit(position(WALL + [unit("l", "soviet", "0505", "leader",
                                                troops="nkvd", isolation=1)]))["l"]
    assert "nkvd-roll-removed-on-5-to-10" not in nkvd_leader.effects


@pytest.mark.rules("16.85")
def test_16_85_a_first_marker_rolls_only_under_the_new_marker_too_reading():
    u = by_unit(soviet(marker=0, troops="nkvd"))["s"]
    assert u.isolated and "nkvd-roll-removed-on-5-to-10" not in u.effects
    u = by_unit(soviet(marker=0, troops="nkvd", readings={"16.85": "new-marker-too"}))["s"]
    assert "nkvd-roll-removed-on-5-to-10" in u.effects
