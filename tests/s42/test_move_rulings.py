"""Rulings on the Movement Phase (Stalingrad '42 chapter 5 and the sections it leans on).

Each rule id has a case it allows and a case it forbids. Positions use the clear
8x8 map of ``positions.py`` and the PRACTICE terrain effects chart (clear 1 MP,
roads 1/2 MP mechanized and 1 MP non-mechanized, woods 2, mountain prohibited to
mechanized units). Neighbours of even-column 0404 are 0403 0504 0505 0405 0305 0304.
"""

import pytest
from positions import pos, unit

from adjudicator.errors import InputError
from adjudicator.games.s42.queries.moves import check_move, moves


def mech(uid, side, hex_, **kw):
    return unit(uid, side, hex_, type_="panzer", ma=kw.pop("ma", 6), **kw)


def end(sc, units, place):
    return moves(sc, units).end(place)


def ok(sc, spec):
    return check_move(sc, spec)


def by(e):
    return set() if e is None else {e.mode, *e.also}


def mp_end(sc, units, place):
    e = end(sc, units, place)
    return e if e is not None and e.mode in ("normal", "extended") else None


# --- 5.1: the basics -----------------------------------------------------------------


@pytest.mark.rules("5.1")
def test_5_1_each_hex_costs_its_terrain_up_to_the_ma():
    sc = pos([unit("A", "axis", "0401", ma=3)])
    e = end(sc, ["A"], "0404")
    assert e.kind == "normal" and e.spent == 3 and e.left == 0 and "5.1" in e.rules
    assert "0405" not in moves(sc, ["A"]).places or \
        moves(sc, ["A"]).end("0405").mode != "normal"


@pytest.mark.rules("5.1")
def test_5_1_no_entry_into_an_enemy_combat_unit():
    sc = pos([unit("A", "axis", "0404"), unit("S", "soviet", "0406")])
    v = ok(sc, "A:0405,0406")
    assert not v.allowed and v.rules[0] in ("5.1", "6.2")
    assert "0406" not in moves(sc, ["A"]).places
    assert ok(sc, "A:0405").allowed


@pytest.mark.rules("5.1")
def test_5_1_a_stack_moves_at_its_slowest_units_rate():
    sc = pos([mech("P", "axis", "0401", ma=6), unit("I", "axis", "0401", ma=3)])
    stack = moves(sc, ["P", "I"])
    assert stack.allowances["normal"] == 3
    assert stack.end("0404").kind == "normal" and stack.end("0405").kind != "normal"
    assert moves(sc, ["P"]).end("0407").kind == "normal"


# --- 5.2: roads ------------------------------------------------------------------------


@pytest.mark.rules("5.2")
def test_5_2_road_rate_along_a_road():
    sides = {"0401-0402": {"road": "primary"}, "0402-0403": {"road": "primary"}}
    sc = pos([mech("P", "axis", "0401", ma=1)], hexsides=sides)
    e = end(sc, ["P"], "0403")
    assert e.kind == "road" and e.spent == 1 and "5.2" in e.rules
    sc = pos([mech("P", "axis", "0401", ma=1)])
    assert "0403" not in {x.place for x in moves(sc, ["P"]).ends if x.mode == "normal"}


# --- 23.2.3: secondary roads and minor rivers in Rain -------------------------------


@pytest.mark.rules("23.2.3")
def test_23_2_3_rain_slows_secondary_roads_for_mechanized_units():
    sides = {"0401-0402": {"road": "secondary"}, "0402-0403": {"road": "secondary"}}
    clear = pos([mech("P", "axis", "0401", ma=1)], hexsides=sides)
    assert end(clear, ["P"], "0403").kind == "road"
    rain = pos([mech("P", "axis", "0401", ma=1, ma_boxed=True)], hexsides=sides,
               weather="rain")
    e = end(rain, ["P"], "0402")
    assert e.spent == 1 and "23.2.3" in e.rules
    assert mp_end(rain, ["P"], "0403") is None


@pytest.mark.rules("5.5.1")
def test_5_5_1_minor_river_costs_one_more_in_rain_only():
    sides = {"0404-0405": {"river": "minor"}}
    sc = pos([unit("A", "axis", "0404", ma=1, ma_boxed=True)], hexsides=sides)
    assert mp_end(sc, ["A"], "0405") is not None
    wet = pos([unit("A", "axis", "0404", ma=1, ma_boxed=True)], hexsides=sides,
              weather="rain")
    assert mp_end(wet, ["A"], "0405") is None
    assert end(pos([unit("A", "axis", "0404", ma=2)], hexsides=sides, weather="rain"),
               ["A"], "0405").spent == 2


# --- 5.5.2 and 5.5.5: major rivers and pontoons --------------------------------------


@pytest.mark.rules("5.5.2")
def test_5_5_2_major_river_only_from_the_start_hex():
    sides = {"0405-0406": {"river": "major"}}
    sc = pos([unit("A", "axis", "0405"), unit("B", "axis", "0404")], hexsides=sides)
    assert ok(sc, "A:0406").allowed
    v = ok(sc, "B:0405,0406")
    assert not v.allowed and v.rules == ["5.5.2"]


@pytest.mark.rules("5.5.5")
def test_5_5_5_pontoon_when_both_banks_hold_friendly_combat_units():
    sides = {"0405-0406": {"river": "major"}}
    sc = pos([unit("B", "axis", "0404", ma=6), unit("F", "axis", "0406")], hexsides=sides)
    assert ok(sc, "B:0405,0406").allowed
    sc = pos([unit("B", "axis", "0404", ma=6)], hexsides=sides)
    assert not ok(sc, "B:0405,0406").allowed


@pytest.mark.rules("5.5.4")
def test_5_5_4_rail_bridge_costs_more_road_bridge_nothing():
    rail = {"0405-0406": {"river": "major", "rail": True}}
    road = {"0405-0406": {"river": "major", "road": "primary"}}
    sc = pos([unit("B", "axis", "0403", ma=3, ma_boxed=True)], hexsides=road)
    assert ok(sc, "B:0404,0405,0406").allowed
    sc = pos([unit("B", "axis", "0403", ma=3, ma_boxed=True)], hexsides=rail)
    v = ok(sc, "B:0404,0405,0406")
    assert not v.allowed and v.rules == ["5.1"]
    sc = pos([unit("B", "axis", "0403", ma=4, ma_boxed=True)], hexsides=rail)
    assert ok(sc, "B:0404,0405,0406").allowed


@pytest.mark.rules("5.5.3")
def test_5_5_3_volga_only_at_a_ferry():
    sc = pos([unit("A", "axis", "0405", ma=6)], hexsides={"0405-0406": {"river": "volga"}})
    v = ok(sc, "A:0406")
    assert not v.allowed and v.rules == ["5.5.3"]
    sc = pos([unit("A", "axis", "0405", ma=6)],
             hexsides={"0405-0406": {"river": "volga", "bridge": "ferry"}})
    assert ok(sc, "A:0406").allowed


# --- 5.3 and 5.4: extended and tactical movement -----------------------------------


@pytest.mark.rules("5.3")
def test_5_3_extended_adds_three_but_never_next_to_an_enemy():
    sc = pos([unit("A", "axis", "0101", ma=2)])
    e = end(sc, ["A"], "0106")
    assert e.kind == "extended" and e.spent == 5 and "5.3" in e.rules
    sc = pos([unit("A", "axis", "0101", ma=2), unit("S", "soviet", "0107")])
    assert end(sc, ["A"], "0106") is None
    boxed = pos([unit("A", "axis", "0101", ma=2, ma_boxed=True)])
    assert end(boxed, ["A"], "0106") is None


@pytest.mark.rules("5.4")
def test_5_4_tactical_two_hexes_even_without_mps():
    sc = pos([unit("A", "axis", "0404", status="disrupted")])
    a = moves(sc, ["A"])
    assert a.end("0406").kind == "tactical" and "5.4" in a.end("0406").rules
    assert a.end("0407") is None
    v = ok(sc, "A:0405,0406,0407")
    assert not v.allowed and "5.4" in v.rules


# --- 6.2 and 7.2: enemy ZOCs and bonds ----------------------------------------------


@pytest.mark.rules("6.2")
def test_6_2_stop_in_an_ezoc_and_pay_two_to_leave():
    sc = pos([unit("A", "axis", "0404"), unit("S", "soviet", "0407")])
    e = end(sc, ["A"], "0406")
    assert e.must_stop and "6.2" in e.stop_rules
    v = ok(sc, "A:0405,0406,0306")
    assert not v.allowed and v.rules == ["6.2"]
    sc = pos([unit("A", "axis", "0405", ma=3), unit("S", "soviet", "0406")])
    e = end(sc, ["A"], "0403")   # leaves the EZOC of S: +2 MP
    assert e.spent == 4 and e.kind == "extended" and "6.2" in e.rules


@pytest.mark.rules("7.2")
def test_7_2_no_entry_into_an_enemy_hex_bond():
    sc = pos([unit("A", "axis", "0305"), unit("S", "soviet", "0404"),
              unit("T", "soviet", "0406")])
    v = ok(sc, "A:0405")
    assert not v.allowed and v.rules == ["7.2"]
    sc = pos([unit("A", "axis", "0305"), unit("S", "soviet", "0404")])
    assert ok(sc, "A:0405").allowed


# --- 4.1-4.4: stacking at the end ------------------------------------------------------


@pytest.mark.rules("4.4")
def test_4_4_no_end_over_the_stacking_limit():
    sc = pos([unit("A", "soviet", "0404"), unit("B", "soviet", "0406"),
              unit("C", "soviet", "0406")])
    assert end(sc, ["A"], "0406") is None
    v = ok(sc, "A:0405,0406")
    assert not v.allowed and v.rules[0] in ("4.1", "4.4")
    assert ok(sc, "A:0405,0406,0407").allowed


# --- 13.2.1 and 13.3.2: Disrupted and Full Retreat ----------------------------------


@pytest.mark.rules("13.2.1")
def test_13_2_1_disrupted_units_move_only_tactically():
    sc = pos([unit("A", "axis", "0404", status="disrupted")])
    a = moves(sc, ["A"])
    assert {e.mode for e in a.ends} == {"tactical"}
    assert any(d["rule"] == "13.2.1" for d in a.no_modes)
    assert {e.mode for e in moves(pos([unit("A", "axis", "0404")]), ["A"]).ends} >= {"normal"}


@pytest.mark.rules("13.3.2")
def test_13_3_2_full_retreat_units_keep_out_of_ezocs():
    sc = pos([unit("A", "axis", "0404", status="full-retreat"), unit("S", "soviet", "0407")])
    v = ok(sc, "A:0405,0406")
    assert not v.allowed and v.rules == ["13.3.2"]
    sc = pos([unit("A", "axis", "0404", status="full-retreat"), unit("S", "soviet", "0407"),
              unit("F", "axis", "0406")])
    assert ok(sc, "A:0405,0406").allowed


# --- 20.2: alpine terrain ----------------------------------------------------------------


@pytest.mark.rules("20.2")
def test_20_2_only_mountain_units_cross_alpine_hexsides():
    sides = {"0404-0405": {"alpine": True}}
    sc = pos([unit("A", "axis", "0404"), unit("M", "axis", "0404", type_="mountain")],
             hexsides=sides)
    v = ok(sc, "A:0405")
    assert not v.allowed and v.rules == ["20.2"]
    assert ok(sc, "M:0405").allowed and "20.2" in end(sc, ["M"], "0405").rules


# --- 22.3.1 and 22.4: entry areas --------------------------------------------------------

W = {"W": {"side": "axis", "hexes": ["0101", "0102", "0103"]}}
E = {"E": {"side": "soviet", "hexes": ["0801", "0802"]}}


@pytest.mark.rules("22.3.1")
def test_22_3_1_entering_an_entry_area_costs_one_and_stops():
    sc = pos([unit("A", "axis", "0102")], entry_areas=W)
    e = end(sc, ["A"], "W")
    assert e.must_stop and e.spent == 1 and "22.3.1" in e.rules
    sc = pos([unit("A", "axis", "W", status="disrupted")], entry_areas=W)
    assert moves(sc, ["A"]).ends == []


@pytest.mark.rules("22.4")
def test_22_4_never_into_an_enemy_entry_area():
    sc = pos([unit("A", "axis", "0802")], entry_areas={**W, **E})
    assert end(sc, ["A"], "E") is None
    assert any(r.place == "E" and r.rule == "22.4" for r in moves(sc, ["A"]).refused)
    sc = pos([unit("S", "soviet", "0802")], entry_areas={**W, **E})
    assert end(sc, ["S"], "E") is not None


# --- 23.2.4: Snow -------------------------------------------------------------------------


@pytest.mark.rules("23.2.4")
def test_23_2_4_snow_takes_one_mp_off():
    sc = pos([unit("A", "axis", "0401", ma=4)], weather="snow")
    a = moves(sc, ["A"])
    assert a.allowances["normal"] == 3 and a.allowances["extended"] == 6
    assert a.end("0405").kind == "extended"
    sc = pos([unit("A", "axis", "0401", ma=4)], weather="snow",
             readings={"23.2.4": "full-extended"})
    assert moves(sc, ["A"]).allowances["extended"] == 7
    assert moves(pos([unit("A", "axis", "0401", ma=4)]), ["A"]).end("0405").kind == "normal"


# --- 5.6: rail movement ---------------------------------------------------------------------

RAIL = {"0401-0402": {"rail": True}, "0402-0403": {"rail": True}, "0403-0404": {"rail": True},
        "0404-0405": {"rail": True}, "0405-0406": {"rail": True}, "0406-0407": {"rail": True}}


@pytest.mark.rules("5.6.1")
def test_5_6_1_rail_along_connected_rail_hexes():
    sc = pos([unit("A", "axis", "0401", ma=1)], hexsides=RAIL)
    e = end(sc, ["A"], "0407")
    assert e.mode == "rail" and e.must_stop and "5.6.3" in e.stop_rules
    sc = pos([unit("A", "axis", "0301", ma=1)], hexsides=RAIL)
    assert end(sc, ["A"], "0407") is None


@pytest.mark.rules("5.6.2")
def test_5_6_2_one_unit_a_turn_from_the_map():
    sc = pos([unit("A", "axis", "0401", ma=1)], hexsides=RAIL, moves_used={"rail_map": 1})
    assert end(sc, ["A"], "0407") is None
    assert any(d["rule"] == "5.6.2" for d in moves(sc, ["A"]).no_modes)
    sc = pos([unit("A", "axis", "0401", ma=1)], hexsides=RAIL, moves_used={"rail": 3})
    assert "rail" in by(end(sc, ["A"], "0407"))


@pytest.mark.rules("5.6.3")
def test_5_6_3_rail_never_enters_an_ezoc():
    sc = pos([unit("A", "axis", "0401", ma=1), unit("S", "soviet", "0408")], hexsides=RAIL)
    assert "rail" in by(end(sc, ["A"], "0405"))
    assert "rail" not in by(end(sc, ["A"], "0407"))
    v = ok(sc, "A:0402,0403,0404,0405,0406,0407")
    assert not v.allowed


# --- 5.7: sea movement --------------------------------------------------------------------


@pytest.mark.rules("5.7.1")
def test_5_7_1_one_unit_per_sea_port_to_port():
    hexes = {"0101": {"terrain": "clear", "port": True, "sea": "azov"},
             "0801": {"terrain": "clear", "port": True, "sea": "azov"}}
    sc = pos([unit("S", "soviet", "0101", ma=1)], hexes=hexes)
    e = end(sc, ["S"], "0801")
    assert e.mode == "sea" and "5.7.1" in e.rules and any("Disrupted" in n for n in e.notes)
    used = pos([unit("S", "soviet", "0101", ma=1)], hexes=hexes,
               moves_used={"sea": ["azov"]})
    assert end(used, ["S"], "0801") is None
    axis = pos([unit("A", "axis", "0101", ma=1)], hexes=hexes)
    assert end(axis, ["A"], "0801") is None


@pytest.mark.rules("5.7.2")
def test_5_7_2_kerch_strait_from_area_w_to_taman():
    hexes = {"0101": {"terrain": "clear", "sea": "kerch", "port": True}}
    w = {"W": {"side": "axis", "hexes": ["0108"]}}
    sc = pos([unit("A", "axis", "W")], hexes=hexes, entry_areas=w)
    e = end(sc, ["A"], "0101")
    assert e.mode == "kerch" and "5.7.2" in e.rules
    held = pos([unit("A", "axis", "W"), unit("S", "soviet", "0101")], hexes=hexes,
               entry_areas=w)
    assert end(held, ["A"], "0101") is None


# --- the question itself ---------------------------------------------------------------


def test_stack_must_stand_together():
    sc = pos([unit("A", "axis", "0404"), unit("B", "axis", "0406")])
    with pytest.raises(InputError):
        moves(sc, ["A", "B"])


# --- 5.5.6, 5.5.7: ferries -----------------------------------------------------------------

FERRY_RAIL = {"0405-0406": {"river": "volga", "bridge": "ferry", "rail": True},
              "0404-0405": {"rail": True}, "0406-0407": {"rail": True}}


@pytest.mark.rules("5.5.7")
def test_5_5_7_the_rail_ferry_carries_one_soviet_unit_by_rail_only():
    sc = pos([unit("S", "soviet", "0404", ma=6)], hexsides=FERRY_RAIL)
    assert "rail" in by(end(sc, ["S"], "0407"))
    norail = pos([unit("S", "soviet", "0404", ma=6)], hexsides=FERRY_RAIL,
                 moves_used={"rail": 4})
    v = ok(norail, "S:0405,0406")   # no rail move left: normal movement may not cross
    assert not v.allowed and v.rules == ["5.5.7"]
    used = pos([unit("S", "soviet", "0404", ma=6)], hexsides=FERRY_RAIL,
               moves_used={"ferry": 1})
    assert "rail" not in by(end(used, ["S"], "0407"))
    axis = pos([unit("A", "axis", "0404", ma=6)], hexsides=FERRY_RAIL)
    assert "rail" not in by(end(axis, ["A"], "0407"))


@pytest.mark.rules("5.5.6")
def test_5_5_6_a_ferry_is_a_permanent_pontoon():
    sides = {"0404-0405": {"river": "major", "bridge": "ferry"}}
    sc = pos([unit("B", "axis", "0403", ma=4, ma_boxed=True)], hexsides=sides)
    assert ok(sc, "B:0404,0405").allowed          # not from the start hex: still fine
    v = ok(sc, "B:0404,0405,0406")                # 1 + (1 + 2) is all of it
    assert not v.allowed and v.rules == ["5.1"]


# --- 23.4: frozen rivers ----------------------------------------------------------------------


@pytest.mark.rules("23.4")
def test_23_4_frozen_major_rivers_need_no_start_next_to_them():
    sides = {"0404-0405": {"river": "major"}}
    winter = pos([unit("B", "axis", "0403", ma=4, ma_boxed=True)], hexsides=sides, turn=28)
    assert ok(winter, "B:0404,0405").allowed
    summer = pos([unit("B", "axis", "0403", ma=4, ma_boxed=True)], hexsides=sides, turn=20)
    v = ok(summer, "B:0404,0405")
    assert not v.allowed and v.rules == ["5.5.2"]


# --- 13.3.1: Full Retreat leaves an EZOC for free (reading) -------------------------------


@pytest.mark.rules("13.3.1")
def test_13_3_1_full_retreat_units_leave_an_ezoc_without_the_two_mps():
    fr = pos([unit("A", "axis", "0405", ma=2, ma_boxed=True, status="full-retreat"),
              unit("S", "soviet", "0406")])
    assert end(fr, ["A"], "0403") is not None and end(fr, ["A"], "0403").spent == 2
    pay = pos([unit("A", "axis", "0405", ma=2, ma_boxed=True, status="full-retreat"),
               unit("S", "soviet", "0406")], readings={"13.3.1": "pay"})
    assert mp_end(pay, ["A"], "0403") is None


# --- 18.2.2: ASUs and Extended Movement --------------------------------------------------------


@pytest.mark.rules("18.2.2")
def test_18_2_2_asus_extend_only_on_their_used_side():
    ready = pos([unit("G", "axis", "0101", type_="artillery", attack=0, defense=1, ma=2)])
    assert any(d["rule"] == "18.2.2" for d in moves(ready, ["G"]).no_modes)
    used = pos([unit("G", "axis", "0101", type_="artillery", attack=0, defense=1, ma=2,
                     used=True)])
    assert moves(used, ["G"]).allowances.get("extended") == 5
