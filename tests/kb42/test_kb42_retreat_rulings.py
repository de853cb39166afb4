"""Rulings on Kharkov Battles retreats (12.36, 12.62, 12.71-12.73, 7.32) and its readings."""

from __future__ import annotations

import pytest
from kb42_positions import position, unit

from adjudicator.errors import InputError
from adjudicator.games.kb42.queries.retreat import retreat

ROW = {f"KB36{c}": "clear" for c in range(14, 20)}   # one row: KB3614 .. KB3619
SRC = [{"side": "axis", "hex": "KB3619"}]


def legal(ans):
    return [(r.chosen, r.path, r.steps) for r in ans.retreats if r.allowed]


@pytest.mark.rules("12.72")
def test_12_72_each_hex_closer_to_a_supply_source():
    sc = position([unit("a", "axis", "KB3616", max_steps=3)], hexes=ROW, sources=SRC)
    got = legal(retreat(sc, "KB3616", 2, []))
    assert (2, ["KB3616", "KB3617", "KB3618"], 0) in got
    assert all("KB3615" not in p for _, p, _ in got)  # away from the source: never


@pytest.mark.rules("12.72")
def test_12_72_failing_a_source_toward_a_friendly_hq():
    sc = position([unit("a", "axis", "KB3616", max_steps=3), unit("h", "axis", "KB3614", "hq")],
                  hexes=ROW)
    got = legal(retreat(sc, "KB3616", 1, []))
    assert got[0] == (1, ["KB3616", "KB3615"], 0)


@pytest.mark.rules("12.71")
def test_12_71_an_unfulfilled_hex_costs_a_step():
    sc = position([unit("a", "axis", "KB3616", max_steps=3), unit("s", "soviet", "KB3618")],
                  hexes=ROW, sources=SRC)
    ans = retreat(sc, "KB3616", 2, ["KB3618"])
    r = next(r for r in ans.retreats if r.chosen == 2)
    assert r.path == ["KB3616", "KB3617"] and r.unfulfilled == 1
    assert "12.71" in r.rules and "12.73" in r.rules  # KB3617 lies in the Soviet ZOC


@pytest.mark.rules("12.71", "12.36")
def test_12_71_impassable_and_12_36_dnepr_stop_a_retreat():
    for side, rule in (({"impassable": True}, "12.71"), ({"river": "dnepr"}, "12.36")):
        sc = position([unit("a", "axis", "KB3616", max_steps=3)], hexes=ROW, sources=SRC,
                      hexsides={"KB3616-KB3617": side})
        r = next(r for r in retreat(sc, "KB3616", 1, []).retreats if r.chosen == 1)
        assert r.path == ["KB3616"] and r.unfulfilled == 1, rule
    bridged = position([unit("a", "axis", "KB3616", max_steps=3)], hexes=ROW, sources=SRC,
                       hexsides={"KB3616-KB3617": {"river": "dnepr", "bridge": "pontoon"}})
    assert (1, ["KB3616", "KB3617"], 0) in legal(retreat(bridged, "KB3616", 1, []))


@pytest.mark.rules("12.62")
def test_12_62_hexes_may_be_taken_as_steps():
    sc = position([unit("a", "axis", "KB3616", max_steps=3)], hexes=ROW, sources=SRC)
    got = legal(retreat(sc, "KB3616", 2, []))
    assert (1, ["KB3616", "KB3617"], 1) in got and (0, ["KB3616"], 2) in got


@pytest.mark.rules("12.73", "7.32")
def test_12_73_each_ezoc_hex_costs_a_step_and_7_32_friendly_units_negate_it():
    units = [unit("a", "axis", "KB3616", max_steps=3), unit("s", "soviet", "KB3518")]
    hexes = {**ROW, "KB3518": "clear"}
    ans = retreat(position(units, hexes=hexes, sources=SRC), "KB3616", 1, [])
    r = next(r for r in ans.retreats if r.chosen == 1 and r.allowed)
    # KB3617 is the only way and enemy-controlled: the stack pays a step there, and goes on
    # to a free hex (12.74), paying for every enemy-controlled hex on the way
    assert r.ezoc[0] == "KB3617" and r.steps == len(r.ezoc) and r.path[-1] not in r.ezoc
    assert r.advance_path == ["KB3616", "KB3617"]
    units.append(unit("b", "axis", "KB3617"))
    ans = retreat(position(units, hexes=hexes, sources=SRC), "KB3616", 1, [])
    r = next(r for r in ans.retreats if r.chosen == 1)
    assert r.ezoc == [] and r.steps == 0


def _fork():
    """From KB3616 two hexes lead toward the source: one in an EZOC, one free."""
    hexes = {f"KB{r}{c}": "clear" for r in (35, 36, 37) for c in range(15, 20)}
    return hexes


TWO_SOURCES = [{"side": "axis", "hex": "KB3519"}, {"side": "axis", "hex": "KB3719"}]


@pytest.mark.rules("12.73", "12.74")
def test_12_73_free_first_by_default_pay_at_will_as_read():
    # Toward the sources KB3517, KB3617 and KB3717 are closer; a Soviet unit in KB3718
    # controls KB3617, KB3618 and KB3717, so only KB3517 is free of EZOC.
    sc = position([unit("a", "axis", "KB3616", max_steps=3), unit("s", "soviet", "KB3718")],
                  hexes=_fork(), sources=TWO_SOURCES)
    one = [r for r in retreat(sc, "KB3616", 1, []).retreats if r.chosen == 1 and not r.extra]
    assert {r.end for r in one} == {"KB3517", "KB3617", "KB3717"}
    for r in one:
        assert r.allowed == (r.end == "KB3517")
        if r.ezoc:
            assert "12.73" in r.rules and r.steps == 1
    two = [r for r in retreat(sc, "KB3616", 2, []).retreats if r.chosen == 2]
    assert {tuple(r.path) for r in two if r.allowed} == {("KB3616", "KB3517", "KB3518")}
    paid = [r for r in retreat(sc, "KB3616", 2, [], readings={"12.73": "pay-at-will"}).retreats
            if r.chosen == 2]
    # paying for KB3617 is allowed at will, but no retreat ends in an EZOC (12.74)
    assert {tuple(r.path) for r in paid if r.allowed} == {
        ("KB3616", "KB3517", "KB3518"), ("KB3616", "KB3617", "KB3518")}
    assert all("12.74" in r.rules for r in paid if r.end in ("KB3618", "KB3717"))


@pytest.mark.rules("12.74")
def test_12_74_a_retreat_goes_on_to_a_free_hex():
    row = {f"KB36{c}": "clear" for c in range(14, 20)}
    src = [{"side": "axis", "hex": "KB3619"}]
    # r1 from KB3616: KB3617 is the only way and next to a stack still marked to attack
    units = [unit("a", "axis", "KB3616", max_steps=3), unit("s", "soviet", "KB3614")]
    plain = retreat(position(units, hexes=row, sources=src), "KB3616", 1, ["KB3614"])
    assert [r.path for r in plain.retreats if r.allowed and r.chosen == 1] == [
        ["KB3616", "KB3617"]]
    units.append(unit("m", "soviet", "KB3518"))
    hexes = {**row, "KB3518": "clear"}
    sc = position(units, hexes=hexes, sources=src)
    # KB3518 is an EZOC source too; mark it: KB3617 and KB3618 are both next to it
    ans = retreat(sc, "KB3616", 1, ["KB3614"], marked=["KB3518"])
    ok = [r for r in ans.retreats if r.allowed and r.chosen == 1]
    assert [r.path for r in ok] == [["KB3616", "KB3617", "KB3618", "KB3619"]]
    assert ok[0].extra == 2 and ok[0].advance_path == ["KB3616", "KB3617"]
    assert "12.74" in ok[0].rules
    stopped = [r for r in ans.retreats if r.chosen == 1 and r.path == ["KB3616", "KB3617"]]
    assert stopped and not stopped[0].allowed and "12.74" in stopped[0].rules


@pytest.mark.rules("12.73", "11.1")
def test_12_73_a_stack_able_to_infiltrate_may_attempt_a_breakout():
    units = [unit("a", "axis", "KB3616", "tank", max_steps=3), unit("s", "soviet", "KB3518")]
    hexes = {**ROW, "KB3518": "clear"}
    ans = retreat(position(units, hexes=hexes, sources=SRC), "KB3616", 1, [])
    assert ans.breakout == ["a"]
    units[0]["type"] = "infantry"
    assert retreat(position(units, hexes=hexes, sources=SRC), "KB3616", 1, []).breakout == []


@pytest.mark.rules("12.72")
def test_12_72_end_as_far_as_possible_from_the_attackers():
    sc = position([unit("a", "axis", "KB3616", max_steps=3), unit("s", "soviet", "KB3515")],
                  hexes=_fork(), sources=TWO_SOURCES)
    one = [r for r in retreat(sc, "KB3616", 1, ["KB3515"]).retreats if r.chosen == 1]
    best = max(sc.grid.distance(r.end, "KB3515") for r in one)
    for r in one:
        assert r.allowed == (sc.grid.distance(r.end, "KB3515") == best)
    assert any(not r.allowed and "12.72" in r.rules for r in one)
    assert any(r.allowed for r in one)


@pytest.mark.rules("12.72")
def test_12_72_farthest_nearest_attacker_or_total_distance():
    # Attackers in KB3515 and KB3719: the readings can rank the end hexes differently.
    units = [unit("a", "axis", "KB3616", max_steps=3), unit("s", "soviet", "KB3515"),
             unit("t", "soviet", "KB3719")]
    sc = position(units, hexes=_fork(), sources=TWO_SOURCES,
                  readings={"12.73": "pay-at-will"})
    att = ["KB3515", "KB3719"]
    for name, measure in (("nearest-attacker", min), ("total-distance", sum)):
        one = [r for r in retreat(sc, "KB3616", 1, att,
                                  readings={"12.72#farthest": name}).retreats
               if r.chosen == 1]
        far = {r.end: measure(sc.grid.distance(r.end, a) for a in att) for r in one}
        assert {r.end for r in one if r.allowed} == \
            {e for e, d in far.items() if d == max(far.values())}, name


def test_no_hex_is_entered_twice():
    sc = position([unit("a", "axis", "KB3616", max_steps=3)], hexes=_fork(),
                  sources=[{"side": "axis", "hex": "KB3619"}])
    for r in retreat(sc, "KB3616", 3, []).retreats:
        assert len(set(r.path)) == len(r.path)


def test_readings_chosen_in_the_scenario_are_used():
    sc = position([unit("a", "axis", "KB3616")], hexes=ROW, sources=SRC,
                  readings={"12.72#closer": "supply-path"})
    assert retreat(sc, "KB3616", 1, []).readings["12.72#closer"] == "supply-path"
    with pytest.raises(InputError):
        position([unit("a", "axis", "KB3616")], hexes=ROW, readings={"12.73": "never"})


@pytest.mark.rules("12.72")
def test_12_72_closer_supply_path_reading_differs_from_hex_count():
    # The source lies beyond an unbridged Dnepr to the east; a bridge lies to the west
    hexes = {f"KB{r}{c}": "clear" for r in (35, 36) for c in range(14, 20)}
    sc0 = position([], hexes=hexes)
    sides = {f"{a}-{b}": {"river": "dnepr"} for a, b in sc0.grid.edges()
             if {a[-2:], b[-2:]} == {"17", "18"}}
    units = [unit("a", "axis", "KB3616", max_steps=3)]
    src = [{"side": "axis", "hex": "KB3619"}]
    sc = position(units, hexes=hexes, hexsides=sides, sources=src)
    count = legal(retreat(sc, "KB3616", 1, []))
    path = legal(retreat(sc, "KB3616", 1, [], readings={"12.72#closer": "supply-path"}))
    assert any(p[-1].endswith("17") for _, p, _ in count if len(p) > 1)
    # no hex has a supply line at all: nothing is closer by that measure
    assert all(len(p) == 1 for _, p, _ in path)
