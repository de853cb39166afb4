"""Rulings on Enemy Action: Kharkov's supply (11.1, 13, 13.1, 13.21-13.23, 13.3, 13.5,
13.51, 13.53, 15.21): for each rule a case it allows and one it forbids, the book's
examples of 13.1 and 13.3 as positions, and the readings of 13 and 13.3.

Positions are strips of hexes: row 10 (one row) or rows 10 and 11, columns 01-12; the
second pair grows westward, so 1001 is the eastern end of row 10."""

from __future__ import annotations

import pytest
from cli_helpers import run
from eak_positions import block, ger, position, sov

from adjudicator.games.eak.queries.supply import supply_answer
from adjudicator.games.eak.reference import supply as ref

ROW = block(rows=[10])
TWO = block(rows=[10, 11])


def edge(hexes, h, side, **kw):
    hexes = dict(hexes)
    hexes[h] = {"terrain": "clear", "edge": side, **kw}
    return hexes


def unit(a, uid):
    return next(u for u in a["units"] if u["unit"] == uid)


def trace(a, uid):
    return unit(a, uid)["trace"]


def probe(a, side, h):
    return next(t for t in a["hexes"] if t["side"] == side and t["hex"] == h)


def test_13_1_a_path_of_at_most_seven_hexes():
    hexes = edge(ROW, "1001", "german")
    a = supply_answer(position([ger("1008", "near"), ger("1009", "far")], hexes))
    assert trace(a, "near")["in_supply"] and trace(a, "near")["length"] == 7
    assert not trace(a, "far")["in_supply"]
    assert "13.1" in trace(a, "far")["rules"]


def test_13_1_a_unit_in_a_friendly_map_edge_hex_is_always_supplied():
    hexes = edge(ROW, "1001", "german")
    # enemy units all round: the unit in the edge hex is still supplied
    a = supply_answer(position([ger("1001", "g"), sov("1002")], hexes))
    assert trace(a, "g") == {**trace(a, "g"), "in_supply": True, "length": 0}
    # a hex on the enemy's edge is no help
    a = supply_answer(position([ger("1001", "g"), sov("1003")], edge(ROW, "1001", "soviet")))
    assert not trace(a, "g")["in_supply"]


def test_13_1_enemy_units_and_enemy_towns_bar_the_path():
    hexes = edge(ROW, "1001", "german")
    # a Soviet unit in 1004 (its ZOC negated by German units either side) still bars it
    a = supply_answer(position([ger("1006", "g"), ger("1003"), ger("1005"), sov("1004")],
                               hexes))
    t = trace(a, "g")
    assert not t["in_supply"]
    assert {"from": "1005", "into": "1004", "rules": ["13.1"]} in t["stops"]
    # a Soviet-owned town bars it; a German-owned one does not
    town = {**hexes, "1004": {"terrain": "town", "owner": "soviet"}}
    assert not trace(supply_answer(position([ger("1006", "g")], town)), "g")["in_supply"]
    town["1004"]["owner"] = "german"
    assert trace(supply_answer(position([ger("1006", "g")], town)), "g")["in_supply"]


def test_13_1_garrisons_bar_german_paths_only():
    hexes = edge(edge(ROW, "1001", "german"), "1012", "soviet")
    hexes["1004"] = {"terrain": "clear", "garrison": True}
    hexes["1009"] = {"terrain": "clear", "garrison": True}
    a = supply_answer(position([ger("1006", "g"), sov("1007", "s")], hexes))
    assert not trace(a, "g")["in_supply"]
    assert trace(a, "s")["in_supply"]


def test_11_1_13_1_enemy_control_bars_the_path_unless_a_friendly_unit_is_there():
    hexes = edge(TWO, "1001", "german")
    a = supply_answer(position([ger("1008", "g"), sov("1104")], hexes))
    t = trace(a, "g")
    assert not t["in_supply"]
    assert any(s["into"] == "1004" and s["rules"] == ["11.1", "13.1"] for s in t["stops"])
    a = supply_answer(position([ger("1008", "g"), ger("1004"), ger("1003"), sov("1104")],
                               hexes))
    assert trace(a, "g")["in_supply"] and trace(a, "g")["length"] == 7


def test_13_1_the_first_hex_may_be_in_enemy_control():
    hexes = edge(TWO, "1001", "german")
    # 1003 is in the ZOC of the Soviet unit in 1104; 1002 is not
    a = supply_answer(position([ger("1003", "g"), sov("1104")], hexes))
    assert trace(a, "g")["in_supply"]
    # from 1004 the path must enter 1003 (or 1103), both controlled and empty
    a = supply_answer(position([ger("1005", "g"), sov("1104")], hexes))
    assert not trace(a, "g")["in_supply"]


def test_13_1_an_unbridged_dniepr_crossing_shortens_the_path_to_two_hexes():
    hexes = edge(ROW, "1001", "german")
    sides = {"1002-1003": {"river": "dniepr"}}
    a = supply_answer(position([ger("1003", "two"), ger("1004", "three")], hexes, sides))
    assert trace(a, "two")["in_supply"] and trace(a, "two")["length"] == 2
    assert not trace(a, "three")["in_supply"]
    # a road makes it a bridge (10.32): the seven-hex limit again
    bridged = {"1002-1003": {"river": "dniepr", "road": True}}
    a = supply_answer(position([ger("1004", "three")], hexes, bridged))
    assert trace(a, "three")["in_supply"]
    # other rivers do not shorten the path
    a = supply_answer(position([ger("1004", "three")], hexes,
                               {"1002-1003": {"river": "donets"}}))
    assert trace(a, "three")["in_supply"]


def test_13_1_never_across_a_blocked_dniepr_hexside():
    hexes = edge(ROW, "1001", "german")
    a = supply_answer(position([ger("1002", "g")], hexes,
                               {"1001-1002": {"river": "blocked-dniepr"}}))
    t = trace(a, "g")
    assert not t["in_supply"] and {"from": "1002", "into": "1001", "rules": ["10.31"]} \
        in t["stops"]
    a = supply_answer(position([ger("1002", "g")], hexes, {"1001-1002": {"river": "dniepr"}}))
    assert trace(a, "g")["in_supply"]


def _road(hexes, a, b):
    return {f"{r:02d}{c:02d}-{r:02d}{c + 1:02d}": {"road": True}
            for r in (10,) for c in range(a, b)}


def test_13_1_road_supply_heads():
    hexes = edge(TWO, "1012", "german", road_off_map=True)
    roads = _road(hexes, 1, 12)
    # 1101 is one hex from the road hex 1001/1002, which the road joins to 1012
    a = supply_answer(position([ger("1101", "g")], hexes, roads))
    assert trace(a, "g")["in_supply"] and trace(a, "g")["length"] == 1
    assert "1002" in a["heads"]["german"]
    # without the road leading off the map there is no road head
    no_exit = edge(TWO, "1012", "german")
    a = supply_answer(position([ger("1101", "g")], no_exit, roads))
    assert not trace(a, "g")["in_supply"] and a["heads"]["german"] == ["1012"]


def test_13_1_the_road_path_is_barred_as_the_path_is():
    hexes = edge(TWO, "1012", "german", road_off_map=True)
    roads = _road(hexes, 1, 12)
    # the Soviet unit in 1107 controls the road hexes 1006 and 1007
    a = supply_answer(position([ger("1101", "g"), sov("1107")], hexes, roads))
    assert not trace(a, "g")["in_supply"]
    assert "1005" not in a["heads"]["german"] and "1008" in a["heads"]["german"]
    # German units on the controlled road hexes open it
    a = supply_answer(position([ger("1101", "g"), ger("1006"), ger("1007"), sov("1107")],
                               hexes, roads))
    assert trace(a, "g")["in_supply"] and "1002" in a["heads"]["german"]


@pytest.mark.parametrize("reading, supplied", [("replace", True), ("keep-zoc", False)])
def test_13_the_hypothetical_unit_test(reading, supplied):
    # German supply of the Soviet-held 1003: imagine a German unit there instead.
    hexes = edge(ROW, "1001", "german")
    sc = position([sov("1003")], hexes, readings={"13.0": reading})
    a = supply_answer(sc, hexes=["1003"])
    t = probe(a, "german", "1003")
    assert t["in_supply"] is supplied
    assert ref.hex_in_supply(sc, "german", "1003") is supplied
    if supplied:
        assert t["rules"] == ["13.0", "13.1"]
    # an empty hex: the imagined unit changes nothing
    a = supply_answer(position([], hexes), hexes=["1005"])
    assert probe(a, "german", "1005")["in_supply"]


def test_13_1_the_books_example_of_tracing_supply():
    # 13.1's four examples, each on the strip of rows 10-11 with a German supply head in
    # 1001 and a Soviet unit in 1104 controlling 1003, 1004, 1103 and 1105:
    hexes = edge(TWO, "1001", "german")
    # in supply: the path leaves the ZOC and reaches the head in two hexes;
    a_ = position([ger("1003", "a"), sov("1104")], hexes)
    # in supply: the path runs through the controlled 1003, which a German unit holds;
    b_ = position([ger("1004", "b"), ger("1003"), sov("1104")], hexes)
    # not in supply: every path meets controlled hexes no German unit holds;
    c_ = position([ger("1004", "c"), sov("1104")], hexes)
    # in supply: a unit in a German map-edge hex, whatever surrounds it.
    d_ = position([ger("1001", "d"), sov("1002"), sov("1102")], hexes)
    got = {}
    for sc, u in ((a_, "a"), (b_, "b"), (c_, "c"), (d_, "d")):
        t = trace(supply_answer(sc), u)
        got[u] = (t["in_supply"], t.get("length"))
        assert t["in_supply"] == ref.hex_in_supply(sc, "german", sc.units_by_id[u].hex)
    assert got == {"a": (True, 2), "b": (True, 3), "c": (False, None), "d": (True, 0)}


def test_13_3_reserve_supply_never_through_german_control():
    # 13.3's example: a hex supplied through the Soviet unit in a German-controlled hex
    # but not in reserve supply; a hex whose path avoids German control has both.
    hexes = edge(TWO, "1001", "soviet")
    sc = position([sov("1006", "s"), sov("1004"), sov("1003"), ger("1104")], hexes)
    t = trace(supply_answer(sc), "s")
    assert t["in_supply"] and not t["reserve_supply"]
    assert {"1003", "1004"} <= set(t["reserve_barred_by"])
    assert not ref.reserve_supply(sc, "1006")
    sc = position([sov("1005", "s"), ger("1109")], hexes)
    t = trace(supply_answer(sc), "s")
    assert t["in_supply"] and t["reserve_supply"]


@pytest.mark.parametrize("reading, reserve", [("whole-path", False), ("hex-path-only", True)])
def test_13_3_reading_on_the_road_path(reading, reserve):
    hexes = edge(TWO, "1012", "soviet", road_off_map=True)
    roads = _road(hexes, 1, 12)
    # Soviet units hold the road hexes the German unit in 1107 controls
    sc = position([sov("1101", "s"), sov("1006"), sov("1007"), ger("1107")], hexes, roads,
                  readings={"13.3": reading})
    t = trace(supply_answer(sc), "s")
    assert t["in_supply"] and t["reserve_supply"] is reserve
    assert ref.reserve_supply(sc, "1101") is reserve


def test_13_21_13_22_the_supply_phase_states():
    hexes = edge(ROW, "1001", "german")
    units = [ger("1002", "ok"), ger("1010", "oos"), ger("1011", "iso", supply="out-of-supply"),
             sov("1012", "s", sel="03")]
    a = supply_answer(position(units, hexes, turn=4))
    assert unit(a, "ok")["state"] == "in-supply" and unit(a, "ok")["rules"] == ["13.1"]
    assert unit(a, "oos")["state"] == "out-of-supply" and unit(a, "oos")["rules"] == ["13.21"]
    assert unit(a, "iso")["state"] == "isolated" and unit(a, "iso")["rules"] == ["13.22"]
    assert unit(a, "s")["state"] == "out-of-supply"


def test_13_every_unit_supplied_on_turn_1_and_soviets_to_turn_3():
    hexes = edge(ROW, "1001", "german")
    units = [ger("1010", "g"), sov("1012", "s")]
    a = supply_answer(position(units, hexes, turn=1))
    assert unit(a, "g")["state"] == unit(a, "s")["state"] == "in-supply"
    assert unit(a, "g")["rules"] == ["13.0"]
    a = supply_answer(position(units, hexes, turn=3))
    assert unit(a, "g")["state"] == "out-of-supply"
    assert unit(a, "s")["state"] == "in-supply" and unit(a, "s")["rules"] == ["13.0"]


def test_13_23_surrender():
    hexes = edge(ROW, "1001", "german")
    units = [ger("1010", "g", supply="isolated"), ger("1002", "g2", supply="isolated"),
             sov("1011", "s1", sel="03", supply="isolated"),
             sov("1011", "s2", sel="07", supply="isolated"),
             sov("1012", "far", sel="09", supply="isolated")]
    a = supply_answer(position(units, hexes, turn=5))
    assert unit(a, "g")["surrender"]["rules"] == ["13.23"]
    assert "surrender" not in unit(a, "g2")        # it traces supply again
    assert "surrender" in unit(a, "s2") and "surrender" not in unit(a, "s1")
    assert "surrender" not in unit(a, "far")       # not next to a German unit


def test_13_5_13_51_13_53_soviet_support():
    hexes = dict(ROW)
    for c in range(1, 5):
        hexes[f"10{c:02d}"] = {"terrain": "clear", "east_of": ["west", "far"]}
    hexes["1001"] = {"terrain": "clear", "east_of": ["artillery", "west", "far"]}
    s = supply_answer(position([], hexes, turn=4))["support"]
    assert len(s["hexes"]) == 12 and s["hexes"]["1012"] == ["13.5"]
    s = supply_answer(position([], hexes, turn=5))["support"]
    assert s["line"] == "west" and sorted(s["hexes"]) == ["1001", "1002", "1003", "1004"]
    s = supply_answer(position([], hexes, turn=8, soviet_vp=21))["support"]
    assert s["line"] == "west"
    s = supply_answer(position([], hexes, turn=8, soviet_vp=20))["support"]
    assert s["line"] == "artillery" and sorted(s["hexes"]) == ["1001"]
    s = supply_answer(position([], hexes, turn=8))["support"]
    assert s["line"] is None and s["line_unknown"]
    # a Forward Support marker: five hexes round it, whatever stands there
    fs = {**hexes, "1012": {"terrain": "clear", "forward_support": True}}
    s = supply_answer(position([ger("1009")], fs, turn=8, soviet_vp=20))["support"]
    assert "1007" in s["hexes"] and s["hexes"]["1007"] == ["13.53"]
    assert "1006" not in s["hexes"]


def test_15_21_garrison_provisional_zoc_bars_german_supply_at_its_moments():
    hexes = edge(TWO, "1001", "german")
    hexes["1104"] = {"terrain": "clear", "garrison": True}
    sc = position([ger("1008", "g")], hexes)
    assert trace(supply_answer(sc), "g")["in_supply"]
    t = trace(supply_answer(sc, garrison_moment=True), "g")
    assert not t["in_supply"]
    assert any("15.21" in s["rules"] for s in t["stops"])


def test_supply_cli(capsys, tmp_path):
    from adjudicator.games import get_game
    demo = str(get_game("eak").demo_path)
    r = run(capsys, "supply", demo, "--hex", "1009")
    assert r.code == 0, r.err
    assert "supply heads" in r.out and "Hex 1009, german: in supply" in r.out
    r = run(capsys, "supply", demo, "--json", "--reading", "13.0=keep-zoc")
    assert r.code == 0 and '"13.0": "keep-zoc"' in r.out
    r = run(capsys, "supply", demo, "--hex", "9999")
    assert r.code == 2 and "--hex" in r.err
    r = run(capsys, "supply", demo, "--reading", "13.0=nope")
    assert r.code == 2 and "replace" in r.err


@pytest.mark.parametrize("reading, surrenders", [("soviet-procedure", True),
                                                 ("every-rule", False)])
def test_13_23_9_3_reading_decides_adjacency_across_a_blocked_dniepr(reading, surrenders):
    # the isolated Soviet unit in 1011 is next to the German unit in 1010 only across a
    # blocked Dniepr hexside
    hexes = edge(ROW, "1001", "german")
    sc = position([ger("1010", "g"), sov("1011", "s", supply="isolated")], hexes,
                  {"1010-1011": {"river": "blocked-dniepr"}}, turn=5,
                  readings={"9.3": reading})
    assert ("surrender" in unit(supply_answer(sc), "s")) is surrenders


@pytest.mark.rules("15.21", "15.3")
def test_15_21_a_garrison_bars_no_german_path_traced_to_its_own_hex():
    # the check of 15.1 and 15.3: a German path to the garrison in 1104 is not barred by
    # that garrison's provisional ZOC; a path from 1105 beyond it still is
    hexes = edge(TWO, "1001", "german")
    hexes["1104"] = {"terrain": "clear", "garrison": True}
    sc = position([ger("1008", "g")], hexes)
    a = supply_answer(sc, hexes=["1104", "1105"], garrison_moment=True)
    assert probe(a, "german", "1104")["in_supply"]
    assert not probe(a, "german", "1105")["in_supply"]
    assert probe(supply_answer(sc, hexes=["1105"]), "german", "1105")["in_supply"]
