"""Rulings on the Movement Phase's special cases: the Volga Flotilla (5.5.3), Axis
Railheads and Soviet rail movement (5.6.3), Naval Infantry at sea (5.7.1), the 1st
Guards / 5th Shock stacking restriction (4.3), Garrison, North Caucasus, Plan Blucher
and North Caucasian Volunteer units (20.4, 20.6, 20.7, 20.8), the road rate when
re-entering the map (22.3.1) and ASUs that move more than two hexes (18.2.2).

Each rule id has a case it allows and a case it forbids, on the clear 8x8 map of
``positions.py`` and the PRACTICE terrain effects chart (clear 1 MP, woods 2, rough 3
mechanized, roads 1/2 MP mechanized).
"""

import pytest
from positions import pos, unit

from adjudicator.errors import InputError
from adjudicator.games.s42.queries.moves import check_move, moves
from adjudicator.hexgrid import HexGrid, hexside_id


def end(sc, units, place):
    return moves(sc, units).end(place)


def by(e):
    return set() if e is None else {e.mode, *e.also}


def volga_between(col_a: int, col_b: int, **extra):
    """Every hexside between two columns of the 8x8 map is the Volga."""
    ids = [f"{c:02d}{r:02d}" for c in range(1, 9) for r in range(1, 9)]
    grid = HexGrid.of(ids, "even")
    out = {}
    for a, b in grid.edges():
        cols = {int(a[:2]), int(b[:2])}
        if cols == {col_a, col_b}:
            out[hexside_id(a, b)] = {"river": "volga"}
    for key, spec in extra.items():
        out[key] = {**out[key], **spec}
    return out


# --- 5.5.3: the Volga Flotilla ----------------------------------------------------------


@pytest.mark.rules("5.5.3")
def test_5_5_3_the_volga_flotilla_is_a_soviet_ferry_site():
    sides = volga_between(4, 5, **{"0404-0504": {"flotilla": True}})
    sc = pos([unit("S", "soviet", "0404", ma=4)], hexsides=sides)
    v = check_move(sc, "S:0504")
    assert v.allowed and "5.5.3" in v.findings[0].rules
    e = end(sc, ["S"], "0504")
    assert e.spent == 3 and "5.5.3" in e.rules             # 1 MP clear + 2 as a ferry
    assert end(sc, ["S"], "0604").spent == 4


@pytest.mark.rules("5.5.3")
def test_5_5_3_no_flotilla_crossing_for_the_axis_nor_elsewhere():
    sides = volga_between(4, 5, **{"0404-0504": {"flotilla": True}})
    axis = pos([unit("A", "axis", "0404", ma=4)], hexsides=sides)
    v = check_move(axis, "A:0504")
    assert not v.allowed and v.rules == ["5.5.3"]
    sc = pos([unit("S", "soviet", "0403", ma=4)], hexsides=sides)
    v = check_move(sc, "S:0503")                           # not the marked hexside
    assert not v.allowed and v.rules == ["5.5.3"]


@pytest.mark.rules("5.5.3")
def test_5_5_3_the_flotilla_only_in_or_north_of_hex_5622():
    rows = range(20, 26)
    ids = [f"{c:02d}{r:02d}" for c in range(1, 9) for r in rows]
    grid = HexGrid.of(ids, "even")
    sides = {hexside_id(a, b): {"river": "volga"} for a, b in grid.edges()
             if {int(a[:2]), int(b[:2])} == {4, 5}}
    north = dict(sides)
    north["0422-0522"] = {"river": "volga", "flotilla": True}
    south = dict(sides)
    south["0424-0524"] = {"river": "volga", "flotilla": True}
    ok = pos([unit("S", "soviet", "0422", ma=4)], hexsides=north, rows=rows)
    assert check_move(ok, "S:0522").allowed
    no = pos([unit("S", "soviet", "0424", ma=4)], hexsides=south, rows=rows)
    v = check_move(no, "S:0524")
    assert not v.allowed and v.rules == ["5.5.3"] and v.findings[0].code == "flotilla_south"


def test_5_5_3_the_flotilla_marker_goes_on_the_volga_once():
    with pytest.raises(InputError, match="Volga hexside"):
        pos([], hexsides={"0404-0504": {"flotilla": True}})
    sides = volga_between(4, 5, **{"0404-0504": {"flotilla": True},
                                   "0403-0503": {"flotilla": True}})
    with pytest.raises(InputError, match="one Volga Flotilla"):
        pos([], hexsides=sides)


# --- 5.6.3: Axis Railheads --------------------------------------------------------------

RAIL = {"0401-0402": {"rail": True}, "0402-0403": {"rail": True}, "0403-0404": {"rail": True},
        "0404-0405": {"rail": True}, "0405-0406": {"rail": True}}


@pytest.mark.rules("5.6.3")
def test_5_6_3_soviet_rail_never_into_or_past_an_axis_railhead():
    hexes = {"0404": {"terrain": "clear", "railhead": True}}
    sc = pos([unit("S", "soviet", "0401", ma=1)], hexes=hexes, hexsides=RAIL)
    assert "rail" in by(end(sc, ["S"], "0403"))
    assert "rail" not in by(end(sc, ["S"], "0404"))
    assert "rail" not in by(end(sc, ["S"], "0406"))
    axis = pos([unit("A", "axis", "0401", ma=1)], hexes=hexes, hexsides=RAIL)
    assert "rail" in by(end(axis, ["A"], "0406"))


# --- 5.7.1: Naval Infantry ----------------------------------------------------------------

PORTS = {"0202": {"terrain": "clear", "port": True, "sea": "black"},
         "0707": {"terrain": "clear", "port": True, "sea": "black"},
         "0101": {"terrain": "clear", "port": True, "sea": "azov"}}


@pytest.mark.rules("5.7.1")
def test_5_7_1_naval_infantry_takes_a_hex_before_or_after_the_voyage():
    before = pos([unit("N", "soviet", "0201", type_="naval-infantry", ma=1)], hexes=PORTS)
    a = moves(before, ["N"])
    assert a.allowances.get("normal") == 1
    e = a.end("0707")                                      # a hex on land, then the voyage
    assert e.mode == "sea" and e.path == ["0202", "0707"] and "5.7.1" in e.rules
    assert not any("Disrupted" in n for n in e.notes)
    assert a.end("0708") is None                           # both hexes are used
    v = check_move(before, "N:0202,0707,0708")
    assert not v.allowed and v.rules == ["5.7.1"]
    after = pos([unit("N", "soviet", "0202", type_="naval-infantry", ma=1)], hexes=PORTS)
    a = moves(after, ["N"])
    assert not a.end("0707").must_stop and "sea" in by(a.end("0708"))
    assert check_move(after, "N:0707,0708").allowed


@pytest.mark.rules("5.7.1")
def test_5_7_1_other_units_sail_only_from_their_port_and_land_disrupted():
    sc = pos([unit("I", "soviet", "0201", ma=1)], hexes=PORTS)
    assert "sea" not in by(end(sc, ["I"], "0707"))
    sc = pos([unit("I", "soviet", "0202", ma=1)], hexes=PORTS)
    e = end(sc, ["I"], "0707")
    assert e.mode == "sea" and e.must_stop and any("Disrupted" in n for n in e.notes)
    assert "sea" not in by(end(sc, ["I"], "0708"))
    used = pos([unit("N", "soviet", "0201", type_="naval-infantry", ma=4)], hexes=PORTS,
               moves_used={"sea": ["black"]})
    assert "sea" not in by(end(used, ["N"], "0707"))


# --- 4.3: the 1st Guards and 5th Shock Armies ------------------------------------------------


def corps(uid, hex_, **kw):
    return unit(uid, "soviet", hex_, type_="tank", **kw)


@pytest.mark.rules("4.3")
def test_4_3_two_corps_at_most_with_the_guards_or_shock_army():
    hq = unit("H", "soviet", "0405", type_="soviet-army-hq", attack=0, defense=0, ma=6,
              army="1st-guards")
    sc = pos([hq, corps("T1", "0405"), corps("T2", "0405"), corps("T3", "0404")])
    assert end(sc, ["T3"], "0405") is None
    assert any(r.place == "0405" and "4.3" in r.rules for r in moves(sc, ["T3"]).refused)
    v = check_move(sc, "T3:0405")
    assert not v.allowed and "4.3" in v.rules
    inf = pos([hq, corps("T1", "0405"), corps("T2", "0405"), unit("I", "soviet", "0404")])
    assert end(inf, ["I"], "0405") is not None            # a third unit, not a corps


@pytest.mark.rules("4.3")
def test_4_3_the_tank_army_takes_three_corps():
    hq = unit("H", "soviet", "0405", type_="soviet-army-hq", attack=0, defense=0, ma=6,
              army="tank")
    sc = pos([hq, corps("T1", "0405"), corps("T2", "0405"), corps("T3", "0404")])
    assert end(sc, ["T3"], "0405") is not None
    brigades = pos([dict(hq, army="5th-shock"), corps("T1", "0405"), corps("T2", "0405"),
                    corps("B", "0404", free_stacking=True)])
    assert end(brigades, ["B"], "0405") is not None       # a brigade is no corps
    every = pos([dict(hq, army="5th-shock"), corps("T1", "0405"), corps("T2", "0405"),
                 corps("B", "0404", free_stacking=True)], readings={"4.3": "every-unit"})
    assert end(every, ["B"], "0405") is None


# --- 20.4: Garrison units ------------------------------------------------------------------------


@pytest.mark.rules("20.4")
def test_20_4_a_garrison_unit_stays_until_the_axis_comes_near():
    far = pos([unit("G", "soviet", "0101", garrison=True), unit("A", "axis", "0808")])
    a = moves(far, ["G"])
    assert not a.ends and any(d["rule"] == "20.4" for d in a.no_modes)
    v = check_move(far, "G:0102")
    assert not v.allowed and v.rules == ["20.4"]
    near = pos([unit("G", "soviet", "0101", garrison=True), unit("A", "axis", "0404")])
    assert end(near, ["G"], "0102") is not None
    released = pos([unit("G", "soviet", "0101", garrison=True, released=True),
                    unit("A", "axis", "0808")])
    assert end(released, ["G"], "0102") is not None


# --- 20.6: North Caucasus ---------------------------------------------------------------------


@pytest.mark.rules("20.6")
def test_20_6_north_caucasus_units_wait_for_their_release():
    held = pos([unit("C", "soviet", "0404", north_caucasus=True)])
    assert not moves(held, ["C"]).ends
    assert any(d["rule"] == "20.6" for d in moves(held, ["C"]).no_modes)
    free = pos([unit("C", "soviet", "0404", north_caucasus=True, released=True)])
    assert end(free, ["C"], "0405") is not None


# --- 20.7: Plan Blucher -----------------------------------------------------------------------

KERCH = {"0101": {"terrain": "clear", "sea": "kerch", "port": True}}
AREA_W = {"W": {"side": "axis", "hexes": ["0108"]}}


@pytest.mark.rules("20.7")
def test_20_7_plan_blucher_units_leave_area_w_only_across_the_strait():
    sc = pos([unit("B", "axis", "W", blucher=True)], hexes=KERCH, entry_areas=AREA_W)
    a = moves(sc, ["B"])
    assert a.end("0108") is None and a.end("0101").mode == "kerch"
    assert any(d["rule"] == "20.7" for d in a.no_modes)
    other = pos([unit("A", "axis", "W")], hexes=KERCH, entry_areas=AREA_W)
    assert end(other, ["A"], "0108") is not None
    on_map = pos([unit("B", "axis", "0404", blucher=True)])
    assert end(on_map, ["B"], "0405") is not None


# --- 20.8: North Caucasian Volunteers ---------------------------------------------------------


@pytest.mark.rules("20.8")
def test_20_8_volunteers_move_one_hex_on_arrival():
    sc = pos([unit("V", "axis", "0404", nationality="ncv", arriving=True)])
    a = moves(sc, ["V"])
    assert a.end("0405") is not None and a.end("0406") is None
    assert a.allowances == {"tactical_hexes": 1}
    v = check_move(sc, "V:0405,0406")
    assert not v.allowed and v.rules == ["20.8"]
    later = pos([unit("V", "axis", "0404", nationality="ncv")])
    assert end(later, ["V"], "0406") is not None
    with pytest.raises(InputError, match="North Caucasian"):
        pos([unit("V", "axis", "0404", arriving=True)])


# --- 22.3.1: the road rate when re-entering the map -------------------------------------------


def mech(uid, side, hex_, **kw):
    return unit(uid, side, hex_, type_="panzer", **kw)


@pytest.mark.rules("22.3.1")
def test_22_3_1_road_rate_into_the_first_hex_where_a_road_leads_in():
    hexes = {"0101": {"terrain": "woods"}}
    roads = {"X": {"side": "axis", "hexes": ["0101"], "roads": {"0101": "primary"}}}
    sc = pos([mech("P", "axis", "X", ma=1, ma_boxed=True)], hexes=hexes, entry_areas=roads)
    e = end(sc, ["P"], "0101")
    assert e.kind == "road" and e.spent == 0.5 and "22.3.1" in e.rules
    plain = {"X": {"side": "axis", "hexes": ["0101"]}}
    sc = pos([mech("P", "axis", "X", ma=1, ma_boxed=True)], hexes=hexes, entry_areas=plain)
    assert by(end(sc, ["P"], "0101")) <= {"tactical"}    # woods: 2 MP, one MP to spend


@pytest.mark.rules("22.3.1")
def test_22_3_1_the_road_rate_in_is_for_mechanized_units():
    hexes = {"0101": {"terrain": "woods"}}
    roads = {"X": {"side": "axis", "hexes": ["0101"], "roads": {"0101": "primary"}}}
    sc = pos([unit("I", "axis", "X", ma=1, ma_boxed=True)], hexes=hexes, entry_areas=roads)
    assert by(end(sc, ["I"], "0101")) <= {"tactical"}
    every = pos([unit("I", "axis", "X", ma=1, ma_boxed=True)], hexes=hexes,
                entry_areas=roads, readings={"22.3.1": "all-classes"})
    assert end(every, ["I"], "0101").kind == "road"


# --- 18.2.2: ASUs that move more than two hexes --------------------------------------------------


@pytest.mark.rules("18.2.2")
def test_18_2_2_an_asu_moving_more_than_two_hexes_ends_disrupted():
    sc = pos([unit("G", "axis", "0401", type_="artillery", attack=0, defense=1, ma=4)])
    far = end(sc, ["G"], "0404")
    assert any("Disrupted" in n for n in far.notes) and "18.2.2" in far.rules
    near = end(sc, ["G"], "0403")
    assert not any("Disrupted" in n for n in near.notes)
    v = check_move(sc, "G:0402,0403,0404")
    assert v.allowed and any(f.code == "asu_disrupted" for f in v.findings)
    assert not any(f.code == "asu_disrupted" for f in check_move(sc, "G:0402,0403").findings)


@pytest.mark.rules("18.2.2")
def test_18_2_2_ready_only_reading_spares_a_used_asu():
    used = pos([unit("G", "axis", "0401", type_="artillery", attack=0, defense=1, ma=4,
                     used=True)], readings={"18.2.2": "ready-only"})
    assert not any("Disrupted" in n for n in end(used, ["G"], "0404").notes)
    used_default = pos([unit("G", "axis", "0401", type_="artillery", attack=0, defense=1,
                             ma=4, used=True)])
    assert any("Disrupted" in n for n in end(used_default, ["G"], "0404").notes)


# --- 5.6.1-5.6.3: rail from and into entry areas, and where rail moves end ----------------

RAIL_AREAS = {"X": {"side": "axis", "hexes": ["0401"]}, "Y": {"side": "axis", "hexes": ["0408"]},
              "S": {"side": "soviet", "hexes": ["0408"]}}
LINE = {f"040{i}-040{i + 1}": {"rail": True} for i in range(1, 8)}


@pytest.mark.rules("5.6.1")
def test_5_6_1_rail_from_an_entry_area_into_another_where_it_stops():
    areas = {"X": RAIL_AREAS["X"], "Y": RAIL_AREAS["Y"]}
    sc = pos([unit("A", "axis", "X", ma=1)], hexsides=LINE, entry_areas=areas)
    a = moves(sc, ["A"])
    assert "rail" in by(a.end("0408")) and "rail" in by(a.end("Y"))
    assert a.end("Y").must_stop and "22.3.1" in a.end("Y").stop_rules
    assert check_move(sc, "A:0401,0402,0403,0404,0405,0406,0407,0408,Y").allowed
    enemy = {"X": RAIL_AREAS["X"], "S": RAIL_AREAS["S"]}
    sc = pos([unit("A", "axis", "X", ma=1)], hexsides=LINE, entry_areas=enemy)
    assert end(sc, ["A"], "S") is None                      # 22.4: never an enemy area


@pytest.mark.rules("5.6.3")
def test_5_6_3_rail_movers_do_not_end_stacked_with_other_rail_movers_nor_on_unrepaired_rail():
    sc = pos([unit("A", "axis", "0401", ma=1, ma_boxed=True),
              unit("T", "axis", "0406", train=True)], hexsides=LINE)
    assert "rail" not in by(end(sc, ["A"], "0406")) and "rail" in by(end(sc, ["A"], "0405"))
    v = check_move(sc, "A:0402,0403,0404,0405,0406")
    assert not v.allowed and "5.6.3" in v.rules
    hexes = {"0404": {"terrain": "clear", "rail_unrepaired": True}}
    sc = pos([unit("A", "axis", "0401", ma=1)], hexes=hexes, hexsides=LINE)
    assert "rail" not in by(end(sc, ["A"], "0405"))
    soviet = pos([unit("S", "soviet", "0401", ma=1)], hexes=hexes, hexsides=LINE)
    assert "rail" in by(end(soviet, ["S"], "0405"))


@pytest.mark.rules("5.5.3")
def test_5_5_3_a_hexside_half_south_of_row_22_under_each_reading():
    rows = range(20, 26)
    ids = [f"{c:02d}{r:02d}" for c in range(1, 9) for r in rows]
    grid = HexGrid.of(ids, "even")
    sides = {hexside_id(a, b): {"river": "volga"} for a, b in grid.edges()
             if {int(a[:2]), int(b[:2])} == {4, 5}}
    sides["0422-0523"] = {"river": "volga", "flotilla": True}     # rows 22 and 23
    either = pos([unit("S", "soviet", "0422", ma=4)], hexsides=sides, rows=rows)
    assert check_move(either, "S:0523").allowed
    both = pos([unit("S", "soviet", "0422", ma=4)], hexsides=sides, rows=rows,
               readings={"5.5.3": "both-banks"})
    v = check_move(both, "S:0523")
    assert not v.allowed and v.rules == ["5.5.3"]
