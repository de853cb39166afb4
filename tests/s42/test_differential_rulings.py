"""Rulings found by differential testing (reference against the ASP adjudicator).

Each test is a position on which the two disagreed, decided from the rule text. Where
the ASP side was judged wrong the test is marked ``xfail(strict=True)`` with the reason,
so it starts passing (and the mark must go) once the owner fixes it. Where the reference
was wrong it was fixed, and the test pins the ruling for both sides.
"""

from __future__ import annotations

import pytest
from positions import pos, unit

from adjudicator.games.s42.queries.advance import advances as asp_advances
from adjudicator.games.s42.queries.bonds import bonds as asp_bonds
from adjudicator.games.s42.queries.retreat import retreats as asp_retreats
from adjudicator.games.s42.queries.supply import supply as asp_supply
from adjudicator.games.s42.queries.zoc import zoc as asp_zoc
from adjudicator.games.s42.reference.advance import advances as ref_advances
from adjudicator.games.s42.reference.bonds import bonds as ref_bonds
from adjudicator.games.s42.reference.retreat import retreats as ref_retreats
from adjudicator.games.s42.reference.supply import supply as ref_supply
from adjudicator.games.s42.reference.zoc import zoc as ref_zoc

EDGE_B = {"B": {"side": "soviet", "hexes": ["0308", "0408", "0508"]}}


def _standing_edge_sides(items) -> set[str]:
    return {s for b in items if b.kind == "edge" and not b.negated and not b.broken
            for s in b.through_hexsides}


@pytest.mark.rules("7.3", "7.5")
def test_7_3_edge_bond_negated_needs_enemy_on_both_sides_reference():
    """0407 reaches Entry Area B past two edge hexsides: 0308-0408 and 0408-0508.

    Axis units in 0408 and 0508 negate the bond closing 0408-0508 only; the one closing
    0308-0408 still stands, since 0308 is empty (7.3).
    """
    sc = pos([unit("S", "soviet", "0407"), unit("A1", "axis", "0408"),
              unit("A2", "axis", "0508")], entry_areas=EDGE_B)
    assert _standing_edge_sides(ref_bonds(sc)) == {"0308-0408"}
    sc = pos([unit("S", "soviet", "0407"), unit("A1", "axis", "0408"),
              unit("A2", "axis", "0308"), unit("A3", "axis", "0508")], entry_areas=EDGE_B)
    assert _standing_edge_sides(ref_bonds(sc)) == set()


@pytest.mark.rules("7.3", "7.5")
def test_7_3_edge_bond_negated_needs_enemy_on_both_sides_asp():
    sc = pos([unit("S", "soviet", "0407"), unit("A1", "axis", "0408"),
              unit("A2", "axis", "0508")], entry_areas=EDGE_B)
    assert asp_bonds(sc).closed_hexsides("soviet") == ["0308-0408"]


@pytest.mark.rules("7.6.1")
@pytest.mark.rules("7.2", "7.5", "16.3.2")
def test_7_2_supply_never_crosses_the_standing_one_of_two_edge_bonds():
    """Soviet 0407 bonds with Entry Area Z past 0308-0408 and past 0408-0508; the second
    closed hexside is a lake, which breaks that bond only (7.6.2). The first stands, so an
    Axis Line of Supply from 0408 may not cross 0308-0408 (7.2)."""
    areas = {"Z": {"side": "soviet", "hexes": ["0308", "0408", "0508"]},
             "Y": {"side": "axis", "hexes": ["0108"]}}
    units = [unit("S", "soviet", "0407"), unit("A", "axis", "0408"),
             unit("B", "axis", "0507")]
    sides = {"0408-0508": {"lake": True}, "0507-0508": {"impassable": True},
             "0407-0408": {"impassable": True}}
    sc = pos(units, hexsides=sides, entry_areas=areas)
    assert [u.status for u in ref_supply(sc) if u.id == "A"] == ["isolated"]
    assert asp_supply(sc).unit("A").status == "isolated"


def test_7_6_1_no_push_into_enemy_hex_breaks_bond_over_two_major_rivers():
    """Soviet 0101 and 0202 (a Hexside Bond closing 0102-0201).

    The way round through 0102 crosses two Major Rivers; the way through 0201 crosses
    none but is held by the enemy, so the bond cannot be pushed there and is broken
    (7.6.1, the D-E example). Without the enemy in 0201 it is pushed there and stands.
    """
    rivers = {"0101-0102": {"river": "major"}, "0102-0202": {"river": "major"}}
    base = [unit("S1", "soviet", "0101"), unit("S2", "soviet", "0202")]
    for blocked in (False, True):
        extra = [unit("A", "axis", "0201")] if blocked else []
        sc = pos(base + extra, hexsides=rivers)
        for found in (ref_bonds(sc), asp_bonds(sc).bonds):
            (bond,) = [b for b in found if b.side == "soviet" and b.kind == "hexside"]
            assert bond.broken is blocked


@pytest.mark.rules("7.6.2")
def test_7_6_2_edge_bond_cannot_run_out_along_a_lake_or_coast_hexside():
    """An edge bond whose closed hexside is lake or sea would be anchored on it (7.6.2)."""
    for spec, broken in (({}, False), ({"lake": True}, True), ({"impassable": True}, True)):
        sides = {"0308-0408": spec} if spec else {}
        sc = pos([unit("S", "soviet", "0407")], hexsides=sides,
                 entry_areas={"B": {"side": "soviet", "hexes": ["0308", "0408"]}})
        for found in (ref_bonds(sc), asp_bonds(sc).bonds):
            (bond,) = [b for b in found if b.kind == "edge"]
            assert bond.broken is broken, spec


# -- a full Alpine hex counts as ringed by alpine hexsides (9.6.2) -------------------------

W_AREA = {"W": {"side": "axis", "hexes": [f"01{r:02d}" for r in range(1, 9)]}}
RING = ("0403", "0504", "0505", "0405", "0305", "0304")


@pytest.mark.rules("9.6.2", "16.3.2")
def test_9_6_2_supply_line_leaves_an_alpine_ring_only_by_road_reference():
    """Axis 0404 is ringed by Alpine hexes; a full Alpine hex counts as a Mountain hex with
    alpine hexsides all round (9.6.2), and a Line of Supply may cross alpine hexsides only
    along a road (16.3.2). Without a road it is isolated; a road out lets it through."""
    ring = {h: "alpine" for h in RING}
    sc = pos([unit("A", "axis", "0404")], hexes=ring, entry_areas=W_AREA)
    assert [u.status for u in ref_supply(sc)] == ["isolated"]
    road = {"0404-0304": {"road": "primary"}, "0304-0204": {"road": "primary"},
            "0204-0104": {"road": "primary"}}
    sc = pos([unit("A", "axis", "0404")], hexes=ring, hexsides=road, entry_areas=W_AREA)
    assert [u.status for u in ref_supply(sc)] == ["in-supply"]


@pytest.mark.rules("9.6.2", "16.3.2")
def test_9_6_2_supply_line_leaves_an_alpine_ring_only_by_road_asp():
    ring = {h: "alpine" for h in RING}
    sc = pos([unit("A", "axis", "0404")], hexes=ring, entry_areas=W_AREA)
    assert asp_supply(sc).unit("A").status == "isolated"


@pytest.mark.rules("9.6.2", "23.4", "6.1")
def test_9_6_2_winter_alpine_hex_stops_zoc_reference():
    """In the Russian Winter alpine hexsides are impassable (23.4, 2.2.3), so no ZOC enters
    a full Alpine hex; before Winter it does."""
    sc = pos([unit("A", "axis", "0404")], hexes={"0405": "alpine"}, turn=30)
    assert ref_zoc(sc).zoc["0405"] == []
    sc = pos([unit("A", "axis", "0404")], hexes={"0405": "alpine"}, turn=10)
    assert ref_zoc(sc).zoc["0405"] == ["axis"]


@pytest.mark.rules("9.6.2", "23.4", "6.1")
def test_9_6_2_winter_alpine_hex_stops_zoc_asp():
    sc = pos([unit("A", "axis", "0404")], hexes={"0405": "alpine"}, turn=30)
    assert asp_zoc(sc).zoc["0405"] == []


# -- Contested City hexes may be entered by a retreat or an advance (29.1.2) ---------------

WALLS = {f"0404-{n}": {"impassable": True} for n in ("0403", "0504", "0505", "0305", "0304")}
CONTESTED = {"0405": {"terrain": "clear", "city": "minor"}}


def _contested_retreat():
    """Axis 0404 can leave only into 0405, a Contested City (units of both sides)."""
    units = [unit("A", "axis", "0404"), unit("S", "soviet", "0303"),
             unit("X", "soviet", "0405"), unit("Y", "axis", "0405")]
    return pos(units, hexes=CONTESTED, hexsides=WALLS)


@pytest.mark.rules("29.1.2", "12.2")
def test_29_1_2_retreat_may_enter_a_contested_city_reference():
    assert not ref_retreats(_contested_retreat(), "0404", 2).eliminated
    plain = pos([unit("A", "axis", "0404"), unit("S", "soviet", "0303"),
                 unit("X", "soviet", "0405")], hexes=CONTESTED, hexsides=WALLS)
    assert ref_retreats(plain, "0404", 2).eliminated  # an enemy-held city is not contested


@pytest.mark.rules("29.1.2", "12.2")
def test_29_1_2_retreat_may_enter_a_contested_city_asp():
    assert not asp_retreats(_contested_retreat(), "0404", 2).eliminated


# -- a road across a Major River is a bridge only where the map has one (5.5.4) -------------


def _river_road(bridge: bool):
    spec = {"river": "major", "road": "primary", **({"bridge": "road"} if bridge else {})}
    return pos([unit("A", "axis", "0404", type_="panzer")], hexsides={"0404-0405": spec})


@pytest.mark.rules("14.5", "5.2")
def test_5_2_road_across_a_major_river_is_a_bridge_reference():
    """Advancing from 0404 after the defender left 0304, Adv 1: 0405 lies across a Major
    River and is not the vacated hex. A road across that hexside assumes a bridge (5.2),
    so 0405 may be entered; without road or bridge it may not (14.5)."""
    assert "0405" in ref_advances(_river_road(False), "0304", 1, ["A"]).units[0].hexes
    assert "0405" in ref_advances(_river_road(True), "0304", 1, ["A"]).units[0].hexes
    bare = pos([unit("A", "axis", "0404", type_="panzer")],
               hexsides={"0404-0405": {"river": "major"}})
    assert "0405" not in ref_advances(bare, "0304", 1, ["A"]).units[0].hexes


@pytest.mark.rules("14.5", "5.2")
def test_5_2_road_across_a_major_river_is_a_bridge_asp():
    assert "0405" in asp_advances(_river_road(False), "0304", 1, ["A"]).unit("A").hexes
    bare = pos([unit("A", "axis", "0404", type_="panzer")],
               hexsides={"0404-0405": {"river": "major"}})
    assert "0405" not in asp_advances(bare, "0304", 1, ["A"]).unit("A").hexes


@pytest.mark.rules("12.2", "5.2")
def test_5_2_retreat_across_a_major_river_by_road_survives():
    """A stack in 0404 retreating one hex: over the Major River into 0405 by a road is
    safe (5.2), over the same river without road or bridge it is eliminated (12.2)."""
    def stack(spec):
        return pos([unit("A", "axis", "0403"), unit("X", "soviet", "0404")],
                   hexsides={"0404-0405": spec, "0404-0304": {"impassable": True},
                             "0404-0305": {"impassable": True},
                             "0404-0504": {"impassable": True},
                             "0404-0505": {"impassable": True}})
    road = stack({"river": "major", "road": "secondary"})
    bare = stack({"river": "major"})
    for retreats in (asp_retreats, ref_retreats):
        by_road = retreats(road, "0404", 1)
        assert not by_road.eliminated and "0405" in {o.end for o in by_road.options}
        assert retreats(bare, "0404", 1).eliminated


# -- an edge bond may not close a hexside of a full Alpine hex (7.6.2, 9.6.2) --------------


@pytest.mark.rules("7.6.2", "9.6.2")
def test_7_6_2_edge_bond_not_anchored_on_a_side_of_an_alpine_hex():
    """A Soviet unit in 0201 and Soviet entry area C along column 01: under the
    one-edge-hex reading of 7.5 it bonds with C across 0101-0102. When 0102 is a full
    Alpine hex that hexside is alpine (9.6.2), and an edge bond may not be anchored on
    one (7.6.2); with 0102 clear the bond stands."""
    areas = {"C": {"side": "soviet", "hexes": ["0101", "0102", "0103", "0104"]}}
    readings = {"7.5": "one-edge-hex"}

    def edge_bond(terrain):
        sc = pos([unit("S", "soviet", "0201")], hexes={"0102": terrain}, entry_areas=areas)
        asp = [b for b in asp_bonds(sc, readings=readings).bonds
               if b.kind == "edge" and b.through_hexsides == ["0101-0102"]]
        ref = [b for b in ref_bonds(sc, readings)
               if b.kind == "edge" and b.through_hexsides == ["0101-0102"]]
        assert len(asp) == len(ref) == 1
        return asp[0].broken, ref[0].broken, asp[0].broken_by

    assert edge_bond("alpine") == (True, True, ["7.6.2"])
    assert edge_bond("clear")[:2] == (False, False)


# -- a ferry between road hexes is road, even on the side of an Alpine hex (16.3.2) ---------


@pytest.mark.rules("16.3.2", "16.3.3", "5.5.6", "9.6.2")
def test_16_3_3_ferry_road_link_crosses_an_alpine_hex_side():
    """Found by the slow differential run (seed 223781053, Mud, reading 16.3.1
    first-road-hex-road): a road ends in Alpine hex 0104 and another in 0204, joined by a
    ferry over a minor river. The ferry link is part of the Road Portion, so the side of
    the Alpine hex it crosses is crossed along the road, not off road."""
    from adjudicator.games.s42.generate import scenario, small_position

    sc = scenario(small_position(223781053))
    r = {"16.3.1": "first-road-hex-road"}
    asp = {u.id: u.status for u in asp_supply(sc, readings=r).units}
    ref = {u.id: u.status for u in ref_supply(sc, r)}
    assert asp["A4"] == ref["A4"] == "in-supply"


@pytest.mark.rules("16.3.1", "16.3.3", "5.5.6", "9.6.2")
def test_16_3_1_reading_road_part_may_begin_across_a_ferry_on_an_alpine_side():
    """Found by the explore profile (supply, small_position seed 2597, reading 16.3.1
    first-road-hex-road): road hex 0504 is joined by a ferry to road hex 0604, an Alpine
    hex in Soviet Entry Area C. 0504 is in an Axis ZOC, so under this reading it cannot be
    the road portion's first hex; but the line may pass 0504 overland and begin the road
    portion in 0604, entering it along the ferry link (a road link, so the Alpine side is
    not crossed off road). Soviet 0404 is one road step from 0504: in supply."""
    from adjudicator.games.s42.generate import scenario, small_position

    data = small_position(2597)
    sc = scenario(data)
    r = {"16.3.1": "first-road-hex-road"}
    asp = {u.id: u for u in asp_supply(sc, readings=r).units}
    ref = {u.id: u for u in ref_supply(sc, r)}
    assert asp["S5"].status == ref["S5"].status == "in-supply"
    assert asp["S5"].overland == ["0504"] and asp["S5"].road == ["0604"]
    assert asp["S5"].overland_cost == ref["S5"].overland_cost == 1
    # S7 in 0502 needs five overland hexes by the same route; S2 in 0601 more than five
    assert asp["S7"].status == ref["S7"].status == "in-supply"
    assert asp["S2"].status == ref["S2"].status == "out-of-supply"
    # without the ferry neither side finds that route: 0404 is then cut off
    data["map"]["hexsides"]["0504-0604"] = {"river": "major"}
    sc = scenario(data)
    assert {u.id: u.status for u in asp_supply(sc, readings=r).units}["S5"] == "isolated"
    assert {u.id: u.status for u in ref_supply(sc, r)}["S5"] == "isolated"


# -- the Volga is crossed only at its named sites (5.5.3) -----------------------------------


def _seed_32039(spec: dict | None):
    """The position of the finding, with the Volga hexside 0306-0407 given as ``spec``.

    Found by the explore profile (advances, default readings, small_position seed 32039):
    Soviet infantry S15 in 0506 advancing after the defender left 0406, Adv 3 (allowance
    2, 14.2.2). As generated then, 0306-0407 was a Volga hexside with a road bridge and a
    railroad: the adjudicator let S15 end in 0306 by 0407, 0306 (it read any railroad over
    the Volga as the Saratov rail bridge); the reference refused.
    """
    from adjudicator.games.s42.generate import scenario, small_position
    from bench.compare import advance_table

    data = small_position(32039)
    data["units"] = [u for u in data["units"] if u["hex"] != "0406"]
    if spec is not None:
        data["map"]["hexsides"]["0306-0407"] = spec
    sc = scenario(data)
    movers = ["S14", "S15"]
    asp = advance_table(asp_advances(sc, "0406", 3, movers))["S15"]
    ref = advance_table(ref_advances(sc, "0406", 3, movers))["S15"]
    return asp, ref


@pytest.mark.rules("5.5.3", "5.5.7", "14.5")
def test_5_5_3_a_railroad_over_the_volga_is_no_crossing_site():
    """5.5.3 names every place the Volga may be crossed: its ferries and, for the Soviets
    only, the Saratov rail bridge (and the Volga Flotilla, a ferry). A railroad drawn over
    the Volga with no bridge is not one of them (the Vladimirovka Ferry is such a rail link,
    and normal movement may not use it, 5.5.7), so an advance may not cross there (14.5).
    With the rail bridge marked (``bridge: rail``) the Soviet unit crosses."""
    asp, ref = _seed_32039({"river": "volga", "rail": True})
    assert "0306" not in asp and "0306" not in ref
    assert "0407" in asp and "0407" in ref  # it got to the near bank
    asp, ref = _seed_32039({"river": "volga", "rail": True, "bridge": "rail"})
    assert "0306" in asp and "0306" in ref


@pytest.mark.rules("5.5.3", "5.5.4")
def test_5_5_3_a_road_bridge_on_the_volga_is_refused(tmp_path, capsys):
    """The Volga has no road bridges (5.5.3 lists its crossing sites; 5.5.4's road bridges
    are for Major Rivers), so the position as first generated is not a valid one: the
    scenario checks refuse it with the hexside's path. A road bridge on a Major River, and
    a ferry or rail bridge on the Volga, load."""
    import json

    from cli_helpers import run

    from adjudicator.errors import InputError
    from adjudicator.games.s42.generate import small_position

    with pytest.raises(InputError) as exc:
        _seed_32039({"river": "volga", "rail": True, "bridge": "road"})
    (problem,) = exc.value.problems
    assert "map.hexsides.0306-0407.bridge" in str(problem) and "5.5.3" in str(problem)
    for ok in ({"river": "volga", "bridge": "ferry"}, {"river": "volga", "bridge": "rail"},
               {"river": "major", "bridge": "road"}):
        pos([unit("A", "axis", "0404")], hexsides={"0404-0405": ok})
    data = small_position(32039)
    data["map"]["hexsides"]["0306-0407"] = {"river": "volga", "bridge": "road"}
    f = tmp_path / "pos.json"
    f.write_text(json.dumps(data, indent=1))
    r = run(capsys, "validate", str(f))
    line = next(i for i, t in enumerate(f.read_text().splitlines(), 1) if '"0306-0407"' in t)
    assert r.code == 2  # the line of the "bridge" key, two below the hexside's own
    assert f"{f}:{line + 2}: map.hexsides.0306-0407.bridge: the Volga has no road" in r.err


# -- a Soviet Army HQ lets three Soviet combat units stack at the end of an advance (4.3) ----


@pytest.mark.rules("4.3", "14.1")
def test_4_3_soviet_army_hq_raises_the_advance_end_stack_to_three():
    """Found by the explore profile (advances, small_position seed 6880): two Soviet combat
    units and a Soviet Army HQ in 0303; the reference kept the Soviet limit at two and
    refused 0303 as an end hex, the adjudicator allowed a third combat unit. 4.3 lets a
    hex with an Army HQ hold three Soviet combat units, so the reference was fixed.
    Without the HQ the hex is full."""
    def end_in_0405(with_hq: bool):
        units = [unit("S", "soviet", "0404"), unit("X", "soviet", "0405"),
                 unit("Y", "soviet", "0405")]
        if with_hq:
            units.append(unit("H", "soviet", "0405", type_="soviet-army-hq", attack=0,
                              defense=0, ma=3))
        sc = pos(units)
        return ("0405" in asp_advances(sc, "0304", 1, ["S"]).unit("S").hexes,
                "0405" in ref_advances(sc, "0304", 1, ["S"]).units[0].hexes)

    assert end_in_0405(True) == (True, True)
    assert end_in_0405(False) == (False, False)
