"""Rulings on Enemy Action: Kharkov's retreats (12.7-12.75, 12.9, 13.22, 12.53, 10.4): for
each rule a case it allows and one it forbids, the book's four retreat examples of 12.7 as
positions, and the reading of 12.7's arrows.

Positions are blocks of rows 14-23, columns 06-15 (the second pair grows westward)."""

from __future__ import annotations

import pytest
from cli_helpers import run
from eak_positions import block, ger, position, sov

from adjudicator.games.eak.queries.retreat import retreat_answer

H = block(rows=range(14, 24), cols=range(6, 16))
ISO = {"supply": "isolated"}


def hexes(**specs):
    h = dict(H)
    h.update(specs)
    return h


def ring2(h="1712"):
    """Soviet units two hexes from h: every neighbour of h controlled, none occupied."""
    sc = position([], H)
    return [sov(x) for x in H if sc.grid.distance(h, x) == 2]


def routes(a):
    return sorted(tuple(o["hexes"]) for o in a["options"])


# -- the book's examples (12.7) --------------------------------------------------------------


def test_12_7_soviet_example_a_forward_arrows_decide():
    # From 1712 only 1711 and 1811 are open (the isolated German units hold the rest and
    # control nothing). 1811 is next to the direction of 1712's arrow (to 1812): 1711. From
    # 1711, 1810 is where its arrow points and 1710 is next to it: 1610.
    h = hexes(**{"1712": {"arrows": [{"to": "southwest"}]},
                 "1711": {"arrows": [{"to": "southeast"}]}})
    sc = position([sov("1712", "s"), ger("1713", **ISO), ger("1812", **ISO),
                   ger("1612", **ISO), ger("1611", **ISO)], h)
    a = retreat_answer(sc, ["s"], 2)
    assert a["soviet_route"]["hexes"] == ["1711", "1610"]
    assert {"hex": "1811", "preference": "c",
            "meaning": "not next to the direction of a forward arrow"} in a["tiebreaks"]["1"]
    cut2 = {c["hex"]: c["preference"] for c in a["tiebreaks"]["2"]}
    assert cut2 == {"1810": "b", "1710": "c"}
    assert a["disperses"] == ["12.9", "12.75"]


def test_12_7_soviet_example_b_priority_two_then_easternmost():
    # From 2012 every open hex is German-controlled; 2011 holds a supplied Soviet unit
    # (priority 2). From there 2010 and 1911: no arrow, no woods: 2010 is easternmost.
    h = hexes(**{"2011": {"arrows": [{"to": "west"}]}})
    sc = position([sov("2012", "s"), sov("2011", "f", sel="09"), ger("2112"),
                   ger("2013", **ISO), ger("1913", **ISO), ger("1912", **ISO)], h)
    a = retreat_answer(sc, ["s"], 2)
    assert a["soviet_route"]["hexes"] == ["2011", "2010"]
    assert a["soviet_route"]["priorities"] == [2, 1]
    assert a["tiebreaks"]["2"] == [{"hex": "1911", "preference": "e", "meaning": "easternmost"}]


def test_12_7_12_72_german_example_d_lesser_route_to_avoid_elimination():
    # The two-step unit in 2010 must retreat two hexes through Soviet control. Lozovaya
    # (2009, an empty Soviet town) is closed; 2111 -> 2210 costs two steps and eliminates
    # it, so it takes 2011 -> 1912 (a German unit there: priority 2), losing one step.
    h = hexes(**{"2009": {"terrain": "town", "owner": "soviet", "name": "Lozovaya"}})
    sc = position([ger("2010", "d", max_steps=2), sov("1910"), sov("2110"), sov("1911"),
                   sov("2112"), sov("2012"), sov("2211"), ger("1912")], h)
    a = retreat_answer(sc, ["d"], 2)
    assert routes(a) == [("2011", "1912")]
    assert a["options"][0]["extra_step_losses"] == 1 and a["options"][0]["priorities"][1] == 2
    assert a["eliminating_routes"] == [["2111", "2210"]]
    assert a["lesser_priority_to_avoid_elimination"]
    assert {"hex": "2009", "rules": ["12.71"]} in a["blocked"]


def test_12_7_10_4_german_example_c_stacking_forces_priority_three():
    # Two two-step units in 1611 take one hit. 1612 (a three-step unit) would hold seven
    # steps; 1512 and 1712 are in Soviet control: a step lost either way.
    sc = position([ger("1611", "c1", max_steps=2), ger("1611", "c2", max_steps=2),
                   ger("1612", "big", max_steps=3), sov("1610"), sov("1511"), sov("1711"),
                   sov("1411"), sov("1813")], H)
    a = retreat_answer(sc, ["c1", "c2"], 1)
    assert routes(a) == [("1512",), ("1712",)]
    assert all(o["extra_step_losses"] == 1 for o in a["options"])
    assert a["overstacked_routes"] == [["1612"]]
    assert a["all_routes_cost_a_step"]


# -- rulings --------------------------------------------------------------------------------


def test_12_7_priority_one_before_enemy_control():
    # 1711 is free of Soviet control, 1811 is not: only 1711 (priority 1)
    sc = position([ger("1712", "g"), sov("1912")], H)
    a = retreat_answer(sc, ["g"], 1)
    assert ("1811",) not in routes(a) and ("1711",) in routes(a)
    assert all(o["priorities"] == [1] for o in a["options"])
    assert not a["all_routes_cost_a_step"]


def test_12_7_priority_two_before_three_and_three_before_four():
    # every neighbour of 1712 is Soviet-controlled; 1711 holds a supplied German unit
    units = [ger("1712", "g"), ger("1711", "f"), *ring2()]
    a = retreat_answer(position(units, H), ["g"], 1)
    assert routes(a) == [("1711",)] and a["options"][0]["extra_step_losses"] == 0
    # the friendly unit is dispersed: no better than an empty hex (priority 4, a step lost)
    units[1] = ger("1711", "f", dispersed=True)
    a = retreat_answer(position(units, H), ["g"], 1)
    assert all(o["extra_step_losses"] == 1 for o in a["options"])
    assert ("1711",) in routes(a)


@pytest.mark.parametrize("edge, priority", [(True, 3), (False, 4)])
def test_12_7_priority_three_is_an_empty_controlled_hex_in_friendly_supply(edge, priority):
    # columns 10-14: the German edge (if any) is column 14. The Soviet unit in 1612 controls
    # 1713; isolated Soviet units close 1711, 1811 and 1812.
    h = block(rows=range(14, 24), cols=range(10, 15))
    if edge:
        h.update({f"{r}14": {"terrain": "clear", "edge": "german"} for r in range(14, 24)})
    units = [ger("1712", "g", max_steps=2), sov("1612"), sov("1711", **ISO),
             sov("1811", **ISO), sov("1812", **ISO)]
    a = retreat_answer(position(units, h), ["g"], 1)
    prio = {o["hexes"][0]: o["priorities"][0] for o in a["options"]}
    assert prio["1713"] == priority


def test_12_71_no_retreat_into_an_empty_enemy_town_but_into_a_held_one():
    h = hexes(**{"1711": {"terrain": "town", "owner": "soviet"}})
    sc = position([ger("1712", "g"), sov("1810", **ISO)], h)
    a = retreat_answer(sc, ["g"], 1)
    assert ("1711",) not in routes(a) and {"hex": "1711", "rules": ["12.71"]} in a["blocked"]
    sc = position([ger("1712", "g"), ger("1711")], h)
    assert ("1711",) in routes(retreat_answer(sc, ["g"], 1))


def test_12_71_german_units_may_retreat_into_a_garrisoned_village():
    h = hexes(**{"1711": {"terrain": "clear", "village": True, "garrison": True}})
    sc = position([ger("1712", "g")], h)
    assert ("1711",) in routes(retreat_answer(sc, ["g"], 1))


def test_12_71_never_across_a_blocked_dniepr_hexside():
    sides = {"1711-1712": {"river": "blocked-dniepr"}}
    sc = position([ger("1712", "g")], H, sides)
    a = retreat_answer(sc, ["g"], 1)
    assert ("1711",) not in routes(a)
    assert {"hexside": "1711-1712", "rule": "12.71"} in a["blocked_hexsides"]


def test_12_7_unbridged_dniepr_only_if_no_other_hex_of_that_priority():
    # every neighbour but 1711 and 1811 is closed; 1711 lies across an unbridged Dniepr
    closed = [ger(h, **ISO) for h in ("1713", "1812", "1612", "1611")]
    sides = {"1711-1712": {"river": "dniepr"}}
    a = retreat_answer(position([sov("1712", "s"), *closed], H, sides), ["s"], 1)
    assert a["soviet_route"]["hexes"] == ["1811"]
    assert a["dniepr_left_out"] == [{"step": 1, "hex": "1711"}]
    # with 1811 closed too, the Dniepr crossing is the only hex of priority 1: allowed
    closed.append(ger("1811", **ISO))
    a = retreat_answer(position([sov("1712", "s"), *closed], H, sides), ["s"], 1)
    assert a["soviet_route"]["hexes"] == ["1711"]


def test_12_75_two_hexes_end_two_hexes_away_and_disperse():
    a = retreat_answer(position([ger("1712", "g", max_steps=2)], H), ["g"], 2)
    from adjudicator.scenario import parse_scenario  # noqa: F401
    sc = position([], H)
    assert a["options"] and all(sc.grid.distance("1712", o["hexes"][1]) == 2
                                for o in a["options"])
    assert a["disperses"] == ["12.9", "12.75"]
    a = retreat_answer(position([ger("1712", "g")], H), ["g"], 1)
    assert a["disperses"] == [] and all(len(o["hexes"]) == 1 for o in a["options"])


@pytest.mark.parametrize("extra, units, allowed, rule", [
    ({"dispersed": True}, None, False, "12.9"),
    ({"supply": "isolated"}, None, False, "13.22"),
    ({}, None, True, None),
])
def test_12_75_12_9_13_22_who_may_retreat_two_hexes(extra, units, allowed, rule):
    a = retreat_answer(position([ger("1712", "g", max_steps=2, **extra)], H), ["g"], 2)
    assert a["allowed"] is allowed
    if rule:
        assert rule in a["refused_by"]
        assert retreat_answer(position([ger("1712", "g", max_steps=2, **extra)], H),
                              ["g"], 1)["allowed"]


def test_12_9_a_dispersed_unit_holds_its_stack_to_one_hex():
    sc = position([ger("1712", "g", max_steps=2), ger("1712", "d", dispersed=True)], H)
    a = retreat_answer(sc, ["g", "d"], 2)
    assert not a["allowed"] and "12.9" in a["refused_by"]


def test_13_22_an_isolated_mechanized_unit_holds_its_stack_in_place():
    sc = position([ger("1712", "g"), ger("1712", "m", type="armor", supply="isolated")], H)
    a = retreat_answer(sc, ["g", "m"], 1)
    assert not a["allowed"] and a["refused_by"] == ["13.22"]
    sc = position([ger("1712", "g"), ger("1712", "m", type="infantry", supply="isolated")], H)
    assert retreat_answer(sc, ["g", "m"], 1)["allowed"]


def test_12_72_priority_kept_when_every_route_eliminates():
    # a one-step unit surrounded by empty Soviet-controlled hexes: every route eliminates it,
    # so the priorities stand and the answer says so
    units = [ger("1712", "g"), *ring2()]
    a = retreat_answer(position(units, H), ["g"], 1)
    assert a["options"] and a["eliminating_routes"] and a["all_routes_cost_a_step"]
    assert not a["lesser_priority_to_avoid_elimination"]


def test_12_73_a_stack_that_fits_nowhere_splits():
    # three units with six steps: every neighbour already holds a German unit
    units = [ger("1712", "a", max_steps=2), ger("1712", "b", max_steps=2),
             ger("1712", "c", max_steps=2)] + [ger(h) for h in ("1711", "1811", "1812",
                                                                 "1713", "1612", "1611")]
    a = retreat_answer(position(units, H), ["a", "b", "c"], 1)
    assert a["split"] and not a["options"]
    units = units[:3]
    a = retreat_answer(position(units, H), ["a", "b", "c"], 1)
    assert not a["split"] and a["options"]


def _split_stack(sel_a: str, sel_b: str):
    # From 1712 only 1711 and 1811 are open; each already holds two Soviet units (four
    # steps), room for one more: the stack of a and b fits in neither and splits.
    units = [sov("1712", "a", sel=sel_a, max_steps=2), sov("1712", "b", sel=sel_b, max_steps=2),
             ger("1713", **ISO), ger("1812", **ISO), ger("1612", **ISO), ger("1611", **ISO)]
    units += [sov(h, max_steps=2, sel="20") for h in ("1711", "1711", "1811", "1811")]
    return retreat_answer(position(units, H), ["a", "b"], 1)


def test_12_73_a_split_soviet_stack_retreats_in_ascending_selector_order():
    a = _split_stack("03", "07")
    assert a["split"]
    # a first: 1711 and 1811 tie to the lowest number (f); then 1711 is full for b.
    assert [(r["unit"], r["route"]["hexes"]) for r in a["split_routes"]] == [
        ("a", ["1711"]), ("b", ["1811"])]
    assert a["split_routes"][0]["rules"][0] == "12.73"


def test_12_73_the_lower_selector_takes_the_preferred_hex():
    a = _split_stack("07", "03")
    assert [(r["unit"], r["route"]["hexes"]) for r in a["split_routes"]] == [
        ("b", ["1711"]), ("a", ["1811"])]


def test_12_73_a_stack_that_fits_is_not_split():
    units = [sov("1712", "a", sel="03", max_steps=2), sov("1712", "b", sel="07", max_steps=2),
             ger("1713", **ISO), ger("1812", **ISO), ger("1612", **ISO), ger("1611", **ISO)]
    a = retreat_answer(position(units, H), ["a", "b"], 1)
    assert not a["split"] and "split_routes" not in a
    assert a["soviet_route"]["hexes"] == ["1711"]


def test_12_74_a_unit_that_retreated_here_earlier_is_eliminated():
    sc = position([ger("1712", "g"), ger("1712", "r", retreated=True)], H)
    a = retreat_answer(sc, ["g"], 1)
    assert a["already_retreated_eliminated"] == ["r"]
    sc = position([ger("1712", "g"), ger("1712", "r")], H)
    assert retreat_answer(sc, ["g", "r"], 1)["already_retreated_eliminated"] == []


@pytest.mark.parametrize("reading, first", [("any-arrow", "1811"), ("primary-only", "1711")])
def test_12_7_reading_which_arrows_count(reading, first):
    # 1712's only arrow is a secondary one, toward 1711: counted, it sends the stack to
    # 1811 (b); ignored, 1711 and 1811 tie to the lowest number (f)
    h = hexes(**{"1712": {"arrows": [{"kind": "secondary", "to": "east"}]}})
    sc = position([sov("1712", "s"), ger("1713", **ISO), ger("1812", **ISO),
                   ger("1612", **ISO), ger("1611", **ISO)], h, readings={"12.7": reading})
    assert retreat_answer(sc, ["s"], 1)["soviet_route"]["hexes"] == [first]


def test_retreats_cli(capsys, tmp_path):
    from adjudicator.games import get_game
    demo = str(get_game("eak").demo_path)
    r = run(capsys, "retreats", demo, "--units", "62GRD", "--hexes", "2")
    assert r.code == 0, r.err
    assert "Soviet route: 1006 -> 1005" in r.out
    r = run(capsys, "retreats", demo, "--units", "168ID", "--json")
    assert r.code == 0 and '"options"' in r.out
    r = run(capsys, "retreats", demo, "--units", "nope")
    assert r.code == 2 and "--units" in r.err
    r = run(capsys, "retreats", demo, "--units", "62GRD", "--hexes", "3")
    assert r.code == 2 and "--hexes" in r.err
