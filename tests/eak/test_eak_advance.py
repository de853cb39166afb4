"""Rulings on Enemy Action: Kharkov's advance after combat (12.8, 12.81, 12.82, 12.83, 10.1,
10.4, 10.5, 11.1, 12.9): for each rule a case it allows and one it forbids, and the book's
three examples of a Soviet advance (12.8) as positions.

Positions are blocks of rows 12-19, columns 08-16 (the second pair grows westward)."""

from __future__ import annotations

from cli_helpers import run
from eak_positions import block, ger, position, sov

from adjudicator.games.eak.queries.advance import advance_answer

H = block(rows=range(12, 20), cols=range(8, 17))
ISO = {"supply": "isolated"}


def hexes(**specs):
    h = dict(H)
    h.update(specs)
    return h


def unit(a, uid):
    return next(u for u in a["units"] if u["unit"] == uid)


def check(a, uid, h):
    return next(c for c in unit(a, uid)["soviet_check"] if c["hex"] == h)


# -- the book's examples of a Soviet advance (12.8, 12.83) -------------------------------------


def test_12_83_example_one_second_unit_rolls_when_the_hex_holds_one():
    # 01 and 18 attacked 1413 from 1412; the defender retreated one hex. 1413 lies in 1412's
    # primary direction: 01 advances without a roll; then 18 needs 1-6.
    h = hexes(**{"1412": {"arrows": [{"to": "west"}]}})
    sc = position([sov("1412", "u01", sel="01"), sov("1412", "u18", sel="18"),
                   ger("1515", **ISO)], h)
    a = advance_answer(sc, ["u01"], "1413", "one")
    c = check(a, "u01", "1413")
    assert c["route"] == "primary direction" and c["advances_on"] == "always"
    assert unit(a, "u01")["second"] == [] and unit(a, "u01")["stops_in_attacked_hex"] == ["12.81"]
    sc = position([sov("1413", "u01", sel="01"), sov("1412", "u18", sel="18"),
                   ger("1515", **ISO)], h)
    assert check(advance_answer(sc, ["u18"], "1413", "one"), "u18", "1413")["advances_on"] \
        == "1-6"


def test_12_83_example_two_secondary_direction_then_the_path_of_retreat():
    # 04 (armored) and 05 attacked 1611 from 1610; the defender retreated two hexes, first
    # to 1612. 1611 lies in 1610's secondary direction: 04 advances, then on along the path
    # of retreat (also 1611's secondary direction) to 1612; 05 follows into 1611.
    h = hexes(**{"1610": {"arrows": [{"to": "northwest"}, {"kind": "secondary", "to": "west"}]},
                 "1611": {"arrows": [{"to": "northwest"}, {"kind": "secondary", "to": "west"}]}})
    sc = position([sov("1610", "u04", sel="04", type="armor"),
                   sov("1610", "u05", sel="05"), ger("1814", **ISO)], h)
    a = advance_answer(sc, ["u04", "u05"], "1611", "two", path="1612")
    c = check(a, "u04", "1611")
    assert c["route"] == "secondary direction" and c["advances_on"] == "always"
    assert "1612" in unit(a, "u04")["second"]
    c2 = check(a, "u04", "1612")
    assert c2["route"] == "secondary direction" and c2["advances_on"] == "always"
    assert unit(a, "u05")["second"] == []
    assert check(a, "u05", "1611")["advances_on"] == "always"


def test_12_83_example_three_no_advance_into_a_hex_with_two_soviet_units():
    # 03, 06 and 08 attacked 1813; 03 advanced, 06 rolled a 2 and advanced: 08 stays.
    h = hexes(**{"1812": {"arrows": [{"to": "west"}]}})
    units = [sov("1812", "u03", sel="03"), sov("1812", "u06", sel="06"),
             sov("1812", "u08", sel="08"), ger("1815", **ISO)]
    a = advance_answer(position(units, h), ["u03"], "1813", "one")
    assert check(a, "u03", "1813")["advances_on"] == "always"
    units[0]["hex"] = "1813"
    a = advance_answer(position(units, h), ["u06"], "1813", "one")
    assert check(a, "u06", "1813")["advances_on"] == "1-6"
    units[1]["hex"] = "1813"
    a = advance_answer(position(units, h), ["u08"], "1813", "one")
    assert check(a, "u08", "1813")["advances_on"] is None


# -- rulings ----------------------------------------------------------------------------------


def test_12_8_12_9_undispersed_attackers_next_to_the_hex_advance():
    sc = position([ger("1412", "g"), ger("1412", "d", dispersed=True), ger("1410", "far")], H)
    a = advance_answer(sc, ["g", "d", "far"], "1413", "one")
    assert unit(a, "g")["advances"] and unit(a, "g")["first"] == "1413"
    assert not unit(a, "d")["advances"] and unit(a, "d")["rules"] == ["12.8", "12.9"]
    assert not unit(a, "far")["advances"]


def test_12_8_regardless_of_enemy_control():
    sc = position([ger("1412", "g"), sov("1414"), sov("1514")], H)
    assert unit(advance_answer(sc, ["g"], "1413", "one"), "g")["advances"]


def test_12_81_two_hexes_only_for_mechanized_units_after_two_hexes_or_elimination():
    sc = position([ger("1412", "m", type="armor"), ger("1412", "i")], H)
    a = advance_answer(sc, ["m", "i"], "1413", "two", path="1414")
    assert unit(a, "m")["second"] and unit(a, "i")["second"] == []
    assert "12.81" in unit(a, "i")["stops_in_attacked_hex"]
    a = advance_answer(sc, ["m"], "1413", "one")
    assert unit(a, "m")["second"] == []
    a = advance_answer(sc, ["m"], "1413", "eliminated")
    assert unit(a, "m")["second"]


def test_11_1_12_81_off_the_path_never_from_control_to_control():
    # after the advance into 1413 (controlled by the Soviet unit in 1514), 1414 is
    # controlled too: only along the path of retreat
    sc = position([ger("1412", "m", type="armor"), sov("1514")], H)
    a = advance_answer(sc, ["m"], "1413", "two", path="1512")
    assert "1414" not in unit(a, "m")["second"]
    assert unit(a, "m")["refused_second"]["1414"] == ["11.1", "12.81"]
    a = advance_answer(sc, ["m"], "1413", "two", path="1414")
    assert "1414" in unit(a, "m")["second"]
    # eliminated defenders leave no path: always a deviation
    a = advance_answer(sc, ["m"], "1413", "eliminated", path="1414")
    assert "1414" not in unit(a, "m")["second"]


def test_12_81_a_german_unit_next_to_a_garrison_keeps_to_the_path():
    h = hexes(**{"1313": {"terrain": "clear", "village": True, "garrison": True}})
    sc = position([ger("1412", "m", type="armor")], h)
    a = advance_answer(sc, ["m"], "1413", "two", path="1414")
    assert unit(a, "m")["second"] == ["1414"]
    a = advance_answer(position([ger("1412", "m", type="armor")], H), ["m"], "1413", "two",
                       path="1414")
    assert len(unit(a, "m")["second"]) > 1


def test_12_82_unbridged_donets_and_dniepr():
    # attacked across an unbridged Donets: the unit stops in the attacked hex
    sc = position([ger("1412", "m", type="armor")], H, {"1412-1413": {"river": "donets"}})
    a = advance_answer(sc, ["m"], "1413", "two", path="1414")
    assert unit(a, "m")["advances"] and unit(a, "m")["second"] == []
    assert "12.82" in unit(a, "m")["stops_in_attacked_hex"]
    # a second hex across one only along the path of retreat; a bridge lifts it
    sides = {"1413-1414": {"river": "dniepr"}}
    sc = position([ger("1412", "m", type="armor")], H, sides)
    assert "1414" in unit(advance_answer(sc, ["m"], "1413", "two", path="1414"), "m")["second"]
    a = advance_answer(sc, ["m"], "1413", "two", path="1513")
    assert unit(a, "m")["refused_second"]["1414"] == ["12.82"]
    sc = position([ger("1412", "m", type="armor")], H,
                  {"1413-1414": {"river": "dniepr", "road": True}})
    assert "1414" in unit(advance_answer(sc, ["m"], "1413", "two", path="1513"), "m")["second"]


def test_10_1_an_enemy_town_ends_the_advance():
    h = hexes(**{"1413": {"terrain": "town", "owner": "soviet"}})
    a = advance_answer(position([ger("1412", "m", type="armor")], h), ["m"], "1413", "two",
                       path="1414")
    assert unit(a, "m")["advances"] and unit(a, "m")["second"] == []
    assert "10.1" in unit(a, "m")["stops_in_attacked_hex"]


def test_10_4_the_attacked_hex_must_have_room():
    units = [ger("1412", "g", max_steps=2), ger("1413", max_steps=3), ger("1413", max_steps=2)]
    a = advance_answer(position(units, H), ["g"], "1413", "one")
    assert not unit(a, "g")["advances"] and unit(a, "g")["rules"] == ["10.4"]
    units[1]["max_steps"] = 2
    assert unit(advance_answer(position(units, H), ["g"], "1413", "one"), "g")["advances"]


def test_10_5_a_german_unit_ends_where_it_can_trace_supply():
    # the German edge is column 08; the unbridged Dniepr rings 1414, and across it a path
    # runs only two hexes (13.1): 1414 (the path of retreat) has no supply, the others have
    h = hexes(**{f"{r}08": {"terrain": "clear", "edge": "german"} for r in range(12, 20)})
    ring = {f"1414-{n}": {"river": "dniepr"}
            for n in position([], H).grid.neighbours("1414")}
    sc = position([ger("1412", "m", type="armor")], h, ring)
    a = advance_answer(sc, ["m"], "1413", "two", path="1414")
    assert "1414" not in unit(a, "m")["second"] and unit(a, "m")["no_supply"] == ["1414"]
    assert unit(a, "m")["second"]
    # without the river 1414 is in supply
    sc = position([ger("1412", "m", type="armor")], h)
    assert "1414" in unit(advance_answer(sc, ["m"], "1413", "two", path="1414"), "m")["second"]


def test_12_83_restrictions_marsh_and_surrounded_hexes():
    h = hexes(**{"1413": {"terrain": "marsh"}, "1412": {"arrows": [{"to": "west"}]}})
    sc = position([sov("1412", "m", sel="02", type="armor"), sov("1412", "i", sel="03")], h)
    a = advance_answer(sc, ["m", "i"], "1413", "one")
    assert check(a, "m", "1413")["barred_by"] == ["12.83"]
    assert check(a, "i", "1413")["barred_by"] == []
    # from game-turn 6 not into a surrounded hex (not a VP hex, enabling no supply)
    ring = [ger(x) for x in ("1414", "1513", "1514", "1313", "1314")]
    h2 = hexes(**{"1412": {"arrows": [{"to": "west"}]}})
    a = advance_answer(position([sov("1412", "i", sel="03"), *ring], h2, turn=6), ["i"],
                       "1413", "one")
    assert check(a, "i", "1413")["barred_by"] == ["12.83"]
    a = advance_answer(position([sov("1412", "i", sel="03"), *ring], h2, turn=5), ["i"],
                       "1413", "one")
    assert check(a, "i", "1413")["barred_by"] == []


def test_12_83_the_attacked_hex_alone_is_the_second_row():
    sc = position([sov("1412", "i", sel="03")], H)
    c = check(advance_answer(sc, ["i"], "1413", "one"), "i", "1413")
    assert c["route"] == "into the attacked hex" and c["advances_on"] == "1-7"


def test_advances_cli(capsys):
    from adjudicator.games import get_game
    demo = str(get_game("eak").demo_path)
    r = run(capsys, "advances", demo, "--units", "62GRD", "--into", "1006", "--defender",
            "one")
    assert r.code == 0, r.err
    assert "into 1006" in r.out and "12.83" in r.out
    r = run(capsys, "advances", demo, "--units", "62GRD", "--into", "1006", "--defender",
            "far")
    assert r.code == 2 and "--defender" in r.err


def test_12_81_9_3_reading_decides_the_garrison_next_to_the_attacked_hex():
    # the garrison in 1313 lies across a blocked Dniepr hexside from the attacked hex 1413
    h = hexes(**{"1313": {"terrain": "clear", "village": True, "garrison": True}})
    sides = {"1313-1413": {"river": "blocked-dniepr"}}
    sc = position([ger("1412", "m", type="armor")], h, sides)
    a = advance_answer(sc, ["m"], "1413", "two", path="1414")
    assert unit(a, "m")["second"] == ["1414"]
    sc = position([ger("1412", "m", type="armor")], h, sides, readings={"9.3": "every-rule"})
    a = advance_answer(sc, ["m"], "1413", "two", path="1414")
    assert len(unit(a, "m")["second"]) > 1


def test_12_8_german_example_b_armor_two_hexes_infantry_one():
    # Combat B of 12.8's German example: the defenders of 1712 retreated two hexes, first
    # to 1711. The infantry advances into 1712 only; the armor may go on to 1711 (the path
    # of retreat) or 1812, but not to 1811: from controlled 1712 to controlled 1811, off
    # the path.
    sc = position([ger("1713", "arm", type="armor"), ger("1713", "inf"), sov("1611"),
                   sov("1810")], H)
    a = advance_answer(sc, ["arm", "inf"], "1712", "two", path="1711")
    assert unit(a, "inf")["advances"] and unit(a, "inf")["second"] == []
    assert unit(a, "arm")["second"] == ["1711", "1812"]
    assert unit(a, "arm")["refused_second"]["1811"] == ["11.1", "12.81"]


# -- 12.83: German proximity to an empty Soviet town (9.3) -----------------------------------
def town_behind(g_ma):
    # s (1511) attacked 1611; its zone covers 1410 and 1411, the way of g (1413) to the
    # empty Soviet town 1409; advancing into 1611 opens that way to a German unit of 4 MPs.
    h = hexes(**{"1409": {"terrain": "town", "owner": "soviet"}})
    sc = position([sov("1511", "s", sel="01"), ger("1413", "g", ma=g_ma)], h, turn=3)
    return check(advance_answer(sc, ["s"], "1611", "one"), "s", "1611")


def test_12_83_no_advance_that_makes_a_german_unit_proximate_to_an_empty_soviet_town():
    c = town_behind(4)
    assert c["advances_on"] is None and "12.83" in c["barred_by"]


def test_12_83_an_advance_after_which_no_german_unit_can_reach_the_town():
    c = town_behind(2)
    assert c["advances_on"] is not None and not c["barred_by"]


# -- 12.83: from game-turn 6, not into a nearly surrounded hex (9.3) -------------------------
def nearly_hex(turn):
    # with s in 1410, g1 (1310) and g2 (1611), which can enter 1511, would surround it
    sc = position([sov("1409", "s", sel="01"), ger("1310", "g1", ma=0),
                   ger("1611", "g2", ma=2)], H, turn=turn)
    return check(advance_answer(sc, ["s"], "1410", "one"), "s", "1410")


def test_12_83_from_turn_6_no_advance_into_a_nearly_surrounded_hex():
    c = nearly_hex(6)
    assert c["advances_on"] is None and "12.83" in c["barred_by"]


def test_12_83_before_turn_6_a_nearly_surrounded_hex_may_be_entered():
    c = nearly_hex(5)
    assert c["advances_on"] is not None and not c["barred_by"]
