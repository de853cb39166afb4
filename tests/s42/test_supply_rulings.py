"""Rulings on supply and isolation (Stalingrad '42 chapter 16 and the sections it leans on).

Most cases use a corridor: one row of hexes 0101-0901 (a straight chain, each hex
adjacent only to its row neighbours), with extra hexes added beside it where a
case needs an enemy unit's ZOC to reach into the corridor. Axis entry area W is
the corridor's west end 0101, so a unit in column C is C-1 hexes from it.
Each rule id has a case it allows and a case it forbids.
"""

import pytest
from positions import pos, unit

from adjudicator.games.s42.queries.supply import supply

W = {"W": {"side": "axis", "hexes": ["0101"]}}


def corridor(units, length=9, extra=(), hexes=None, hexsides=None, entry_areas=None, **top):
    """Row 01, columns 01..length, plus ``extra`` clear hexes beside it."""
    hx = {h: "clear" for h in extra}
    hx.update(hexes or {})
    return pos(units, hexes=hx, hexsides=hexsides,
               entry_areas=W if entry_areas is None else entry_areas,
               cols=range(1, length + 1), rows=range(1, 2), **top)


def road(*hexes, kind="primary"):
    return {f"{a}-{b}": {"road": kind} for a, b in zip(hexes, hexes[1:], strict=False)}


def status(sc, uid, **kw):
    return supply(sc, **kw).unit(uid).status


# --- 16.3.2: the overland length ----------------------------------------------


@pytest.mark.rules("16.3.2", "16.2.2", "22.2")
def test_16_3_2_five_overland_hexes_reach_the_entry_area():
    sc = corridor([unit("A", "axis", "0601")])
    u = supply(sc).unit("A")
    assert u.status == "in-supply"
    assert u.path == ["0601", "0501", "0401", "0301", "0201", "0101", "W"]
    assert u.overland == ["0501", "0401", "0301", "0201", "0101"] and u.road == []
    assert u.source.kind == "entry-area" and u.source.where == "W"
    assert {"16.1", "16.3.2", "16.2.2", "22.2"} <= set(u.rules)


@pytest.mark.rules("16.3.2", "16.1")
def test_16_3_2_six_overland_hexes_are_too_many():
    sc = corridor([unit("A", "axis", "0701")])
    u = supply(sc).unit("A")
    assert u.status == "out-of-supply"
    assert u.path == [] and "16.3.2" in u.rules and "16.1" in u.rules


@pytest.mark.rules("16.3.2")
def test_16_3_2_mountain_and_marsh_off_road_count_two():
    for terrain in ("mountain", "marsh"):
        sc = corridor([unit("A", "axis", "0601")], hexes={"0301": terrain})
        assert status(sc, "A") == "out-of-supply", terrain
        sc = corridor([unit("A", "axis", "0501")], hexes={"0301": terrain})
        u = supply(sc).unit("A")
        assert u.status == "in-supply" and u.overland_cost == 5, terrain


@pytest.mark.rules("16.3.2")
def test_16_3_2_mountain_entered_along_a_road_counts_one():
    # The road 0301-0401 leads nowhere, so it is no road portion; it only eases the entry.
    sc = corridor([unit("A", "axis", "0601")], hexes={"0301": "mountain"},
                  hexsides=road("0401", "0301"))
    u = supply(sc).unit("A")
    assert u.status == "in-supply" and u.overland_cost == 5


@pytest.mark.rules("23.2.3", "23.3.3", "16.3.2")
def test_23_2_3_rain_and_mud_shorten_the_overland_portion_to_three():
    for weather, rule in (("rain", "23.2.3"), ("mud", "23.3.3")):
        ok = supply(corridor([unit("A", "axis", "0401")], weather=weather))
        assert ok.limit == 3 and rule in ok.limit_rules
        assert ok.unit("A").status == "in-supply" and rule in ok.unit("A").rules
        far = supply(corridor([unit("A", "axis", "0501")], weather=weather)).unit("A")
        assert far.status == "out-of-supply" and rule in far.rules
    assert status(corridor([unit("A", "axis", "0501")], weather="snow"), "A") == "in-supply"


@pytest.mark.rules("23.2.3", "16.3.2")
def test_23_2_3_seasonal_marsh_is_marsh_only_from_rain_on():
    hexes = {"0301": "seasonal-marsh"}
    assert status(corridor([unit("A", "axis", "0601")], hexes=hexes), "A") == "in-supply"
    assert status(corridor([unit("A", "axis", "0401")], hexes=hexes, weather="mud"),
                  "A") == "out-of-supply"


# --- 16.3.2: what the overland portion may not do -------------------------------


@pytest.mark.rules("16.3.2", "2.2.3")
def test_2_2_3_impassable_hexside_cuts_the_line():
    sc = corridor([unit("A", "axis", "0401")], hexsides={"0201-0301": {"impassable": True}})
    u = supply(sc).unit("A")
    assert u.status == "isolated"
    assert (u.cut.from_hex, u.cut.into) == ("0301", "0201") and "2.2.3" in u.cut.rules
    assert "16.5.1" in u.rules and "2.2.3" in u.rules


@pytest.mark.rules("16.3.2", "23.4")
def test_16_3_2_alpine_hexside_only_along_a_road():
    sides = {"0201-0301": {"alpine": True}}
    u = supply(corridor([unit("A", "axis", "0401")], hexsides=sides)).unit("A")
    assert u.status == "isolated" and u.cut.why.startswith("alpine")
    sides = {"0201-0301": {"alpine": True, "road": "secondary"}}
    assert status(corridor([unit("A", "axis", "0401")], hexsides=sides), "A") == "in-supply"
    # in Winter the alpine hexside is impassable even with a road (23.4)
    u = supply(corridor([unit("A", "axis", "0401")], hexsides=sides, turn=28)).unit("A")
    assert u.status == "isolated" and "23.4" in u.cut.rules


@pytest.mark.rules("16.3.2")
def test_16_3_2_enemy_occupied_hex_cuts_the_line():
    sc = corridor([unit("A", "axis", "0401"), unit("R", "soviet", "0201")])
    u = supply(sc).unit("A")
    assert u.status == "isolated" and u.cut.into == "0201"
    assert u.cut.why == "enemy units in the hex"
    # an enemy beside the corridor, not in it, leaves one EZOC hex to pass: still supplied
    sc = corridor([unit("A", "axis", "0401"), unit("R", "soviet", "0402")], extra=["0402"])
    assert status(sc, "A") == "in-supply"


@pytest.mark.rules("16.3.2", "6.1")
def test_16_3_2_two_ezoc_hexes_in_a_row_cut_the_line():
    # Soviet R in 0302 (odd column) has a ZOC in 0201, 0301 and 0401.
    sc = corridor([unit("A", "axis", "0601"), unit("R", "soviet", "0302")], extra=["0302"])
    u = supply(sc).unit("A")
    assert u.status == "isolated"
    assert u.cut.why == "second enemy-ZOC hex in a row" and "16.3.2" in u.cut.rules


@pytest.mark.rules("16.3.2")
def test_16_3_2_one_ezoc_hex_alone_is_allowed():
    # Soviet R in 0402 (even column) reaches only 0401 of the corridor.
    sc = corridor([unit("A", "axis", "0601"), unit("R", "soviet", "0402")], extra=["0402"])
    u = supply(sc).unit("A")
    assert u.status == "in-supply" and "0401" in u.overland


@pytest.mark.rules("16.3.2")
def test_16_3_2_friendly_unit_negates_the_ezoc_in_its_hex():
    units = [unit("A", "axis", "0601"), unit("R", "soviet", "0302"), unit("F", "axis", "0301")]
    sc = corridor(units, extra=["0302"])
    assert status(sc, "A") == "in-supply"
    # the unit's own hex never counts: a unit in an EZOC may step into another EZOC hex
    sc = corridor([unit("A", "axis", "0401"), unit("R", "soviet", "0402")], extra=["0402"],
                  hexsides={"0301-0401": {}})
    assert status(sc, "A") == "in-supply"


@pytest.mark.rules("7.2", "16.3.2")
def test_7_2_enemy_hex_bond_closes_the_line_negated_one_does_not():
    # Corridor row 02. Soviet X (0401) and Y (0403) bond through 0402; Axis F and G
    # in 0302 and 0502 negate the EZOCs around, so only the bond stands in the way.
    def sc(with_y):
        units = [unit("A", "axis", "0602"), unit("F", "axis", "0302"),
                 unit("G", "axis", "0502"), unit("X", "soviet", "0401")]
        if with_y:
            units.append(unit("Y", "soviet", "0403"))
        return pos(units, hexes={"0401": "clear", "0403": "clear"}, cols=range(1, 10),
                   rows=range(2, 3), entry_areas={"W": {"side": "axis", "hexes": ["0102"]}})
    u = supply(sc(True)).unit("A")
    assert u.status == "isolated" and "7.2" in u.rules
    bond = [c for c in u.cuts if c.into == "0402"]
    assert bond and "7.2" in bond[0].rules and bond[0].distance == u.cut.distance == 2
    assert supply(sc(False)).unit("A").status == "in-supply"


@pytest.mark.rules("16.3.2", "5.5.3")
def test_16_3_2_volga_crossed_only_at_a_crossing_unless_read_open():
    sides = {"0201-0301": {"river": "volga"}}
    u = supply(corridor([unit("A", "axis", "0401")], hexsides=sides)).unit("A")
    assert u.status == "isolated" and u.cut.why.startswith("the Volga")
    assert status(corridor([unit("A", "axis", "0401")], hexsides=sides,
                           readings={"16.3.2": "volga-open"}), "A") == "in-supply"
    sides = {"0201-0301": {"river": "volga", "bridge": "ferry"}}
    assert status(corridor([unit("A", "axis", "0401")], hexsides=sides), "A") == "in-supply"


# --- 16.3.1 / 16.3.3: the road portion --------------------------------------------


@pytest.mark.rules("16.3.3", "16.3.1")
def test_16_3_3_road_portion_of_any_length():
    sc = corridor([unit("A", "axis", "0901")], hexsides=road(*(f"0{c}01" for c in range(1, 10))))
    u = supply(sc).unit("A")
    assert u.status == "in-supply" and u.overland == []
    assert u.road == ["0801", "0701", "0601", "0501", "0401", "0301", "0201", "0101"]
    assert u.path[-1] == "W" and "16.3.3" in u.rules


@pytest.mark.rules("16.3.3")
def test_16_3_3_road_portion_may_not_enter_an_ezoc_unless_negated():
    sides = road(*(f"{c:02d}01" for c in range(1, 11)))
    units = [unit("A", "axis", "1001"), unit("R", "soviet", "0402")]
    u = supply(corridor(units, length=10, extra=["0402"], hexsides=sides)).unit("A")
    # the road is shut at 0401 (EZOC); overland 1001 -> 0401 would be six hexes
    assert u.status == "out-of-supply"
    units.append(unit("F", "axis", "0401"))
    u = supply(corridor(units, length=10, extra=["0402"], hexsides=sides)).unit("A")
    assert u.status == "in-supply" and u.overland == [] and "0401" in u.road
    # by default the EZOC hex may still be where the overland part meets the road (16.3.1)
    units = [unit("A", "axis", "0901"), unit("R", "soviet", "0402")]
    u = supply(corridor(units, length=10, extra=["0402"], hexsides=sides)).unit("A")
    assert u.status == "in-supply" and u.overland[-1] == "0401"


@pytest.mark.rules("16.3.3", "16.3.4")
def test_16_3_3_road_portion_may_not_enter_an_enemy_controlled_city():
    sides = road(*(f"0{c}01" for c in range(1, 10)))
    city = {"0401": {"terrain": "clear", "city": "minor", "control": "soviet"}}
    u = supply(corridor([unit("A", "axis", "0901")], hexes=city, hexsides=sides)).unit("A")
    assert u.status == "isolated" and u.cut.into == "0401" and "16.3.4" in u.cut.rules
    # the same city held by an Axis unit is Axis-controlled
    units = [unit("A", "axis", "0901"), unit("F", "axis", "0401")]
    assert status(corridor(units, hexes=city, hexsides=sides), "A") == "in-supply"


@pytest.mark.rules("5.5.6", "16.3.3")
def test_5_5_6_roads_meeting_at_a_ferry_are_one_road():
    sides = {**road("0101", "0201", "0301"), **road(*(f"0{c}01" for c in range(4, 10))),
             "0301-0401": {"river": "major", "bridge": "ferry"}}
    u = supply(corridor([unit("A", "axis", "0901")], hexsides=sides)).unit("A")
    assert u.status == "in-supply" and "5.5.6" in u.rules and u.overland == []
    sides["0301-0401"] = {"river": "major"}
    assert status(corridor([unit("A", "axis", "0901")], hexsides=sides), "A") == "out-of-supply"


@pytest.mark.rules("16.3.1")
def test_16_3_1_first_road_hex_counts_as_overland_by_default():
    sides = road("0101", "0201")
    near = supply(corridor([unit("A", "axis", "0701")], hexsides=sides)).unit("A")
    assert near.status == "in-supply" and near.overland[-1] == "0201"
    assert near.road == ["0101"] and near.overland_cost == 5
    assert status(corridor([unit("A", "axis", "0801")], hexsides=sides), "A") == "out-of-supply"


@pytest.mark.rules("16.3.1")
def test_16_3_1_reading_first_road_hex_belongs_to_the_road():
    sides = road("0101", "0201")
    read = {"16.3.1": "first-road-hex-road"}
    u = supply(corridor([unit("A", "axis", "0801")], hexsides=sides, readings=read)).unit("A")
    assert u.status == "in-supply"
    assert u.overland == ["0701", "0601", "0501", "0401", "0301"] and u.road == ["0201", "0101"]
    # ... but then that first road hex must be free of EZOCs (16.3.3): R in 0202 reaches 0201
    units = [unit("A", "axis", "0801"), unit("R", "soviet", "0202")]
    assert status(corridor(units, extra=["0202"], hexsides=sides, readings=read),
                  "A") == "out-of-supply"


@pytest.mark.rules("16.2.2")
def test_16_2_2_reading_entering_the_entry_area_counts():
    read = {"16.2.2": "entry-area-counts"}
    assert status(corridor([unit("A", "axis", "0601")], readings=read), "A") == "out-of-supply"
    assert status(corridor([unit("A", "axis", "0501")], readings=read), "A") == "in-supply"


# --- 16.3.4: control ---------------------------------------------------------------


@pytest.mark.rules("16.3.4")
def test_16_3_4_vacant_enemy_city_or_vp_hex_is_closed():
    for spec in ({"city": "major"}, {"vp": 2}):
        closed = {"0301": {"terrain": "clear", "control": "soviet", **spec}}
        u = supply(corridor([unit("A", "axis", "0401")], hexes=closed)).unit("A")
        assert u.status == "isolated" and "16.3.4" in u.cut.rules, spec
        for control in ("axis", None):
            hexes = {"0301": {"terrain": "clear", "control": control, **spec}}
            assert status(corridor([unit("A", "axis", "0401")], hexes=hexes), "A") == "in-supply"


# --- 16.2: Supply Sources ------------------------------------------------------------


@pytest.mark.rules("16.2.1", "16.2.2", "22.2")
def test_16_2_2_only_friendly_entry_areas_supply():
    areas = {"W": {"side": "soviet", "hexes": ["0101"]}}
    sc = corridor([unit("A", "axis", "0201", status="disrupted"),
                   unit("S", "soviet", "0101", status="disrupted")], entry_areas=areas)
    ans = supply(sc)
    assert ans.unit("A").status == "isolated" and ans.unit("S").status == "in-supply"
    # a unit in its own entry area sits on its source
    sc = corridor([unit("A", "axis", "W")])
    u = supply(sc).unit("A")
    assert u.status == "in-supply" and u.path == ["W"] and "22.2" in u.rules


@pytest.mark.rules("16.2.1")
def test_16_2_1_scenario_named_supply_source():
    base = [unit("S", "soviet", "0601")]
    assert status(corridor(base), "S") == "isolated"
    sc = corridor(base, supply_sources=[{"side": "soviet", "hex": "0901", "note": "test"}])
    u = supply(sc).unit("S")
    assert u.status == "in-supply" and u.source.kind == "scenario" and "16.2.1" in u.rules
    # an entry area named as a source for the other side
    sc = corridor(base, supply_sources=[{"side": "soviet", "hex": "W"}])
    assert status(sc, "S") == "in-supply"


@pytest.mark.rules("16.2.3")
def test_16_2_3_black_sea_ports_supply_the_soviets_only():
    hexes = {"0501": {"terrain": "clear", "port": True, "sea": "black"}}
    units = [unit("S", "soviet", "0901"), unit("A", "axis", "0301")]
    ans = supply(corridor(units, hexes=hexes, entry_areas={}))
    assert ans.unit("S").status == "in-supply" and "16.2.3" in ans.unit("S").rules
    assert ans.unit("S").source.kind == "port"
    assert ans.unit("A").status == "isolated"
    # held by the Axis, the port supplies nobody
    hexes["0501"]["control"] = "axis"
    assert status(corridor(units[:1], hexes=hexes, entry_areas={}), "S") == "isolated"


@pytest.mark.rules("16.2.5")
def test_16_2_5_taman_supplies_the_axis_while_he_holds_it_never_the_soviets():
    def sc(control):
        hexes = {"0501": {"terrain": "clear", "port": True, "sea": "kerch", "control": control}}
        return corridor([unit("A", "axis", "0901"), unit("S", "soviet", "0201")], hexes=hexes,
                        entry_areas={})
    ans = supply(sc("axis"))
    assert ans.unit("A").status == "in-supply" and "16.2.5" in ans.unit("A").rules
    assert ans.unit("S").status == "isolated"
    assert status(sc("soviet"), "A") == "isolated"
    assert status(sc("soviet"), "S") == "isolated"


@pytest.mark.rules("16.2.4")
def test_16_2_4_sea_of_azov_belongs_to_who_holds_and_supplies_temryuk():
    def sc(temryuk, control):
        hexes = {temryuk: {"terrain": "clear", "port": True, "sea": "azov", "naval_base": True,
                           "control": control},
                 "1101": {"terrain": "clear", "port": True, "sea": "azov"}}
        return corridor([unit("A", "axis", "1201")], length=12, hexes=hexes)
    ans = supply(sc("0501", "axis"))
    assert ans.sea_control == {"azov": "axis"}
    assert ans.unit("A").status == "in-supply" and "16.2.4" in ans.unit("A").rules
    # Temryuk Soviet-held: the Azov port in 1101 supplies nobody
    held = supply(sc("0501", "soviet"))
    assert held.sea_control == {} and held.unit("A").status == "out-of-supply"
    # held, but six hexes from W: no Line of Supply to Temryuk, so no sea (and no loop)
    far = supply(sc("0701", "axis"))
    assert far.sea_control == {} and far.unit("A").status == "out-of-supply"


# --- 16.5.1, 16.1: statuses -------------------------------------------------------------


@pytest.mark.rules("16.5.1")
def test_16_5_1_isolated_needs_no_line_even_of_unlimited_length():
    far = supply(corridor([unit("A", "axis", "0901")])).unit("A")
    assert far.status == "out-of-supply" and "16.5.1" not in far.rules
    cut = corridor([unit("A", "axis", "0901")], hexsides={"0101-0201": {"impassable": True}})
    u = supply(cut).unit("A")
    assert u.status == "isolated" and "16.5.1" in u.rules


@pytest.mark.rules("16.5.1", "16.1", "19.2")
def test_16_1_non_combat_units_are_checked_too():
    units = [unit("SP", "axis", "0901", type_="supply-point", attack=0, defense=0),
             unit("L", "axis", "0301", type_="leader", attack=0, defense=0)]
    ans = supply(corridor(units))
    assert ans.unit("SP").status == "out-of-supply" and ans.unit("L").status == "in-supply"


@pytest.mark.rules("16.1")
def test_16_1_markers_are_updated_both_ways():
    units = [unit("A", "axis", "0301", supply="out-of-supply"),
             unit("B", "axis", "0801", supply="in-supply")]
    ans = supply(corridor(units))
    assert ans.unit("A").status == "in-supply" and ans.unit("A").changed
    assert ans.unit("B").status == "out-of-supply" and ans.unit("B").changed


@pytest.mark.rules("16.1")
def test_16_1_side_filter():
    units = [unit("A", "axis", "0301"), unit("S", "soviet", "0801")]
    ans = supply(corridor(units), side="soviet")
    assert [u.id for u in ans.units] == ["S"]


# --- 24.1.2: units beyond an enemy entry area ------------------------------------------


@pytest.mark.rules("24.1.2")
def test_24_1_2_units_in_an_enemy_entry_area_need_a_road():
    areas = {**W, "G": {"side": "soviet", "hexes": ["0901"]}}
    sides = road(*(f"0{c}01" for c in range(1, 10)))
    u = supply(corridor([unit("A", "axis", "G")], entry_areas=areas, hexsides=sides)).unit("A")
    assert u.status == "in-supply" and u.path[0] == "G" and u.path[-1] == "W"
    assert "24.1.2" in u.rules
    u = supply(corridor([unit("A", "axis", "G")], entry_areas=areas)).unit("A")
    assert u.status == "out-of-supply" and "24.1.2" in u.rules


# --- 17.4 and 24.1.1: derived relations ----------------------------------------------------


@pytest.mark.rules("17.4")
def test_17_4_connecting_rail_hexes():
    rail = {f"0{c}01-0{c + 1}01": {"rail": True} for c in range(1, 5)}
    ans = supply(corridor([], hexsides=rail))
    assert ans.connecting_rail["axis"] == ["0101", "0201", "0301", "0401", "0501"]
    # an enemy ZOC in 0401 stops the line there...
    sc = corridor([unit("R", "soviet", "0402")], extra=["0402"], hexsides=rail)
    assert supply(sc).connecting_rail["axis"] == ["0101", "0201", "0301"]
    # ...unless an Axis unit stands in 0401
    sc = corridor([unit("R", "soviet", "0402"), unit("F", "axis", "0401")], extra=["0402"],
                  hexsides=rail)
    assert supply(sc).connecting_rail["axis"] == ["0101", "0201", "0301", "0401", "0501"]
    # unrepaired rail is no use to the Axis
    sc = corridor([], hexsides=rail, hexes={"0301": {"terrain": "clear",
                                                     "rail_unrepaired": True}})
    assert supply(sc).connecting_rail["axis"] == ["0101", "0201"]


@pytest.mark.rules("24.1.1")
def test_24_1_1_axis_vp_hexes_count_only_with_a_line_of_supply():
    hexes = {"0401": {"terrain": "clear", "vp": 1, "control": "axis"},
             "0801": {"terrain": "clear", "vp": 2, "control": "axis"}}
    ans = supply(corridor([], hexes=hexes))
    vp = {v.hex: v for v in ans.vp_hexes}
    assert vp["0401"].counts is True and vp["0401"].axis == "in-supply"
    assert vp["0801"].counts is False and vp["0801"].axis == "out-of-supply"
    assert vp["0801"].soviet == "isolated"


@pytest.mark.rules("16.2.1", "16.5.1")
def test_16_2_1_a_pocket_no_source_is_joined_to_is_not_flooded_for_cuts():
    """An isolated unit whose side has no source at all gets no cuts, so the answer
    holds none of its pocket's steps; with a source beyond a cut the pocket is
    flooded and its cuts named."""
    from adjudicator.games.s42.queries.supply import solve_supply

    units = [unit("A", "axis", "0501"), unit("S", "soviet", "0301")]
    none = corridor(units, entry_areas={})
    u = supply(none).unit("A")
    assert u.status == "isolated" and u.cuts == [] and "no friendly Supply Source" in u.reason
    ans = solve_supply(none)
    assert not list(ans.rows_unsorted("supply_pocket_pair", 3))
    assert not list(ans.rows_unsorted("supply_pocket_oneway", 3))
    assert not list(ans.rows_unsorted("supply_pocket_first", 3))
    cut = corridor(units)  # Entry Area W beyond the Soviet unit in 0301
    u = supply(cut).unit("A")
    assert u.status == "isolated" and u.cut is not None
    assert list(solve_supply(cut).rows_unsorted("supply_pocket_first", 3))
