"""Rulings on the movement methods of 9.22 (methods B: from game-turn 5, for a front
whose objective marker has left play), each allowed and forbidden, and the worked
example of 9.22 (6th Army on game-turn 8) as a position."""

from __future__ import annotations

import pytest
from bot_helpers import ger, make_bot, position, sov

from adjudicator.games.eak.bot import METHODS_B, move_step, nearly_surrounded_at
from adjudicator.scenario import parse_scenario


def moved(decisions, uid):
    return next(d for d in decisions if d["unit"] == uid)


def run(units, hexes=None, turn=6, extra="", uid="m"):
    """m's decision with the Voronezh front objective out of play."""
    sc = position(units, hexes=hexes, turn=turn, objective=None, extra=extra)
    return moved(move_step(make_bot(sc)), uid)


def town(owner="german", vp=2, target="[voronezh]", name=""):
    more = f", name: {name}" if name else ""
    return f"{{terrain: town, vp: {vp}, owner: {owner}, target: {target}{more}}}"


def beyond(cols=range(9, 14)):
    """The hexes west of column 08 are beyond the operational limit."""
    hexes = [f"{r:02d}{c:02d}" for r in range(5, 13) for c in cols]
    return "beyond_limit: [" + ", ".join(f"'{h}'" for h in hexes) + "]\n"


@pytest.mark.rules("9.22")
def test_9_22_methods_b_are_the_eleven_of_the_text_in_order():
    assert [n for n, _o, _t in METHODS_B] == list(range(1, 12))
    assert [o for _n, o, _t in METHODS_B] == ["desc", "desc", "asc", "asc", "asc", "asc",
                                              "desc", "desc", "desc", "asc", "asc"]


# --- Method 1 -----------------------------------------------------------------------
@pytest.mark.rules("9.22")
def test_9_22_method_1_takes_an_empty_german_town():
    d = run([sov("m", "0808", "05"), ger("g", "0605")], {"0810": town()})
    assert (d["method"], d["section"], d["to"], d["label"]) == (1, "9.22", "0810", "B1")
    assert "9.22" in d["rules"]


@pytest.mark.rules("9.22")
def test_9_22_method_1_not_a_town_targeted_only_for_the_other_front():
    d = run([sov("m", "0808", "05"), ger("g", "0605")], {"0810": town(target="[southwest]")})
    assert d["method"] != 1


# --- Method 3 -----------------------------------------------------------------------
def soviet_town(name=""):
    return {"0809": town(owner="soviet", vp=1, name=name)}


@pytest.mark.rules("9.22", "9.3")
def test_9_22_method_3a_to_a_soviet_vp_hex_a_german_unit_is_proximate_to():
    d = run([ger("g", "0811", ma=2), sov("m", "0806", "05", ma=3)], soviet_town())
    assert (d["method"], d["to"]) == (3, "0809")


@pytest.mark.rules("9.22", "9.3")
def test_9_22_method_3a_not_when_no_german_unit_is_proximate():
    d = run([ger("g", "1213", ma=2), sov("m", "0806", "05", ma=3)], soviet_town())
    assert d["method"] != 3


def held_town(name=""):
    # 0809 is held by t (two steps); g can reach the hexes next to t
    return [ger("g", "0811", ma=2), sov("t", "0809", "03", steps=2, more=", active: false"),
            sov("m", "0806", "05", ma=3, steps=1)]


@pytest.mark.rules("9.22")
def test_9_22_method_3a_not_a_vp_hex_held_by_two_steps():
    d = run([u.replace("active: true, active: false", "active: false") for u in held_town()],
            soviet_town())
    assert d["method"] != 3


@pytest.mark.rules("9.22")
def test_9_22_method_3a_two_steps_are_room_enough_in_kharkov():
    d = run([u.replace("active: true, active: false", "active: false") for u in held_town()],
            soviet_town(name="Kharkov"))
    assert (d["method"], d["to"]) == (3, "0809")


@pytest.mark.rules("9.22")
def test_9_22_method_3a_a_unit_in_such_a_vp_hex_stays():
    d = run([ger("g", "0811", ma=2), sov("m", "0809", "05", ma=3)], soviet_town())
    assert d["method"] == 3 and d["to"] is None and "does not move" in d["why"]


# --- Method 4 -----------------------------------------------------------------------
def nearly():
    # g1 (0708) covers 0708, 0709 and 0807 of m's neighbours; g2 (1009) can enter 0909,
    # from which it covers 0909, 0809 and 0908: one move of one German unit would surround
    # m, so m is nearly surrounded.
    return [ger("g1", "0708", ma=0), ger("g2", "1009", ma=2), sov("m", "0808", "05", ma=2)]


@pytest.mark.rules("9.22", "9.3")
def test_9_22_method_4_a_nearly_surrounded_unit_moves_out():
    sc = position(nearly(), turn=6, objective=None)
    bot = make_bot(sc)
    assert nearly_surrounded_at(bot, "m", ["0808"]) == {"0808"}
    d = moved(move_step(bot), "m")
    assert d["method"] == 4 and d["to"] is not None
    assert not nearly_surrounded_at(make_bot(sc), "m", [d["to"]])
    assert d["trail"] and all(t["rule"] in {"9.22", "9.23", "9.24", "9.25"} for t in d["trail"])


@pytest.mark.rules("9.22", "9.3")
def test_9_22_method_4_not_for_a_unit_that_is_not_nearly_surrounded():
    units = [u for u in nearly() if "g2" not in u]
    assert run(units)["method"] != 4


@pytest.mark.rules("9.22")
def test_9_22_method_4_not_in_a_vp_hex():
    assert run(nearly(), {"0808": town(owner="soviet", vp=1, target="[]")})["method"] != 4


# --- Method 5 -----------------------------------------------------------------------
@pytest.mark.rules("9.22")
def test_9_22_method_5_next_to_a_targeted_german_vp_hex():
    d = run([ger("g", "0606", ma=0), sov("m", "0806", "05", ma=2)], {"0606": town()})
    assert d["method"] == 5 and d["to"] in {"0506", "0507", "0605", "0607", "0706", "0707"}


@pytest.mark.rules("9.22")
def test_9_22_method_5_not_a_vp_hex_of_the_other_front():
    d = run([ger("g", "0606", ma=0), sov("m", "0806", "05", ma=2)],
            {"0606": town(target="[southwest]")})
    assert d["method"] != 5


@pytest.mark.rules("9.22")
def test_9_22_method_5_a_unit_next_to_such_a_vp_hex_stays():
    d = run([ger("g", "0606", ma=0), sov("m", "0706", "05", ma=2)], {"0606": town()})
    assert d["method"] == 5 and d["to"] is None


@pytest.mark.rules("9.22", "9.8")
def test_9_22_method_5_a_vp_hex_beyond_the_limit_held_by_two_steps_is_not_eligible():
    d = run([ger("g", "0610", ma=0), sov("m", "0808", "05", ma=2)], {"0610": town()},
            extra=beyond())
    assert d["method"] != 5
    d = run([ger("g", "0610", ma=0, steps=1), sov("m", "0808", "05", ma=2)], {"0610": town()},
            extra=beyond())
    assert d["method"] == 5


# --- Method 6 -----------------------------------------------------------------------
@pytest.mark.rules("9.22", "9.8")
def test_9_22_method_6_a_unit_beyond_the_limit_moves_within_it():
    d = run([ger("g", "1213", ma=0), sov("m", "0810", "05", ma=2)], extra=beyond())
    assert d["method"] == 6 and d["to"][2:] <= "08"


@pytest.mark.rules("9.22", "9.8")
def test_9_22_method_6_else_closer_to_the_limit():
    d = run([ger("g", "1213", ma=0), sov("m", "0812", "05", ma=1)], extra=beyond())
    assert d["method"] == 6 and d["to"][2:] == "11"


@pytest.mark.rules("9.22", "9.8")
def test_9_22_method_6_not_before_game_turn_6():
    d = run([ger("g", "1213", ma=0), sov("m", "0810", "05", ma=2)], turn=5, extra=beyond())
    assert d["method"] != 6


# --- Method 7 -----------------------------------------------------------------------
def surround(m_hex="1111"):
    return [ger("g", "0909", ma=0),
            sov("s", "0808", "03").replace("active: true", "active: false"),
            sov("m", m_hex, "05")]


@pytest.mark.rules("9.22", "9.3")
def test_9_22_method_7_cause_surround():
    d = run(surround())
    assert (d["method"], d["to"]) == (7, "1009")


@pytest.mark.rules("9.22", "9.8")
def test_9_22_method_7_not_into_a_hex_beyond_the_limit():
    d = run(surround(), extra=beyond(range(9, 10)))
    assert d["method"] != 7


# --- Method 8 -----------------------------------------------------------------------
@pytest.mark.rules("9.22")
def test_9_22_method_8_next_to_a_german_unit():
    d = run([ger("g", "0909", ma=0), sov("m", "0907", "05")])
    assert d["method"] == 8 and d["to"] in {"0808", "0809", "0908", "0910", "1008", "1009"}
    assert [t["letter"] for t in d["trail"]][-1] in {"d", "a", "b", "c", "e", "f"}


@pytest.mark.rules("9.22", "9.8")
def test_9_22_method_8_not_beyond_the_limit():
    d = run([ger("g", "0911", ma=0), sov("m", "0907", "05")], extra=beyond(range(10, 14)))
    assert d["method"] != 8


@pytest.mark.rules("9.22")
def test_9_22_method_8_the_only_soviet_unit_next_to_a_german_unit_stays():
    d = run([ger("g", "0909", ma=0), sov("m", "0908", "05")])
    assert (d["method"], d["to"]) == (8, None)


# --- Method 9 -----------------------------------------------------------------------
def garrisoned():
    return {"0906": "{terrain: clear, village: true, target: [voronezh], garrison: true}",
            "0904": "{terrain: clear, edge: soviet}"}


@pytest.mark.rules("9.22", "15.3")
def test_9_22_method_9_relieves_a_garrison():
    d = run([ger("g", "0911", ma=6), sov("m", "0907", "05", ma=1)], garrisoned())
    assert (d["method"], d["to"]) == (9, "0906")


@pytest.mark.rules("9.22", "9.8")
def test_9_22_method_9_not_a_garrison_beyond_the_limit():
    d = run([ger("g", "0911", ma=6), sov("m", "0907", "05", ma=1)], garrisoned(),
            extra=beyond(range(6, 7)))
    assert d["method"] != 9


# --- Method 10 ----------------------------------------------------------------------
def west_line():
    return {h: "{terrain: clear, arrows: [{to: west}]}" for h in ("0905", "0906", "0907")}


@pytest.mark.rules("9.22")
def test_9_22_method_10_follows_the_arrows():
    d = run([ger("g", "1213", ma=0), sov("m", "0905", "05", ma=3)], west_line())
    assert (d["method"], d["to"]) == (10, "0908")


@pytest.mark.rules("9.22", "9.8")
def test_9_22_method_10_not_to_an_end_beyond_the_limit():
    d = run([ger("g", "1213", ma=0), sov("m", "0905", "05", ma=3)], west_line(),
            extra=beyond(range(8, 14)))
    assert d["method"] != 10


# --- Method 11 and Soviet Desperation ---------------------------------------------------
@pytest.mark.rules("9.22", "9.3")
def test_9_22_method_11_proximate_to_a_german_vp_hex():
    # m (0808, 2 MPs) cannot reach a hex next to the town 0612 (g in it), five hexes off
    d = run([ger("g", "0612", ma=0), sov("m", "0808", "05", ma=2)], {"0612": town()})
    assert d["method"] == 11 and d["to"] is not None
    assert d["trail"] == [] or d["trail"][0]["rule"] in {"9.22", "9.25", "9.24"}


@pytest.mark.rules("9.22")
def test_9_22_method_11_not_a_vp_hex_targeted_only_for_the_other_front():
    d = run([ger("g", "0612", ma=0), sov("m", "0808", "05", ma=2)],
            {"0612": town(target="[southwest]")})
    assert d["method"] != 11


@pytest.mark.rules("9.22")
def test_9_22_method_11_a_vp_hex_targeted_for_no_front_when_none_is():
    d = run([ger("g", "0612", ma=0), sov("m", "0808", "05", ma=2)], {"0612": town(target="[]")})
    assert d["method"] == 11


@pytest.mark.rules("9.22", "9.8")
def test_9_22_soviet_desperation_checks_method_11_before_method_6():
    units = [ger("g", "0613", ma=0, steps=1), sov("m", "0810", "05", ma=2)]
    calm = run(units, {"0613": town()}, extra=beyond() + "soviet_vp: 19\n")
    assert calm["method"] == 6
    desperate = run(units, {"0613": town()}, extra=beyond() + "soviet_vp: 18\n")
    assert desperate["method"] == 11 and desperate.get("desperation")


# --- Reading 9.22: a hex in which the unit would be surrounded ------------------------
def pocket(reading=""):
    # with m in 0909, g1 (0809) and g2 (1008) hold or control all six hexes next to it
    extra = f"readings: {{'9.22': {reading}}}\n" if reading else ""
    sc = position([ger("g1", "0809", ma=0), ger("g2", "1008", ma=0),
                   sov("m", "0907", "05")], turn=6, objective=None, extra=extra)
    return make_bot(sc)


@pytest.mark.rules("9.22", "9.3")
def test_9_22_reading_surrounded_counts_as_nearly_surrounded_by_default():
    assert nearly_surrounded_at(pocket(), "m", ["0909"]) == {"0909"}


@pytest.mark.rules("9.22", "9.3")
def test_9_22_reading_literal_a_surrounded_hex_is_not_nearly_surrounded():
    assert nearly_surrounded_at(pocket("literal"), "m", ["0909"]) == set()


# --- The worked example of 9.22: 6th Army on game-turn 8 ---------------------------------
def book_example():
    """The text of the example as a position (its picture's terrain and other units are
    not in the text): 18 Soviet VPs, so the near limit line (1613 to 2212) is in use and
    Soviet Desperation applies; the hexes west of the line are beyond it; no Soviet unit
    is in support (the nearest support hex is 1710); the German unit in 1818 can reach
    1717, from which it would surround unit 04 in 1817 (the units in 1919 and 2017 hold
    the rest of its ring); a garrison in the village 1813; woods in 1617 and 1712."""
    hexes = {}
    for r in range(15, 22):
        for c in range(10, 20):
            h = f"{r:02d}{c:02d}"
            hexes[h] = "{terrain: clear, edge: soviet}" if c == 10 else "clear"
    hexes["1712"] = hexes["1617"] = "woods"
    hexes["1813"] = "{terrain: clear, village: true, target: [southwest], garrison: true}"
    beyond = [h for h in hexes if int(h[2:]) >= (14 if int(h[:2]) <= 19 else 13)]
    six = {"army": "6", "front": "southwest"}
    units = [ger("A", "1818", ma=6), ger("B", "2017", ma=0), ger("C", "1919", ma=0),
             ger("E", "1615", ma=2),
             sov("u04", "1817", "04", ma=2, **six), sov("u08", "1815", "08", ma=3, **six),
             sov("u13", "2012", "13", **six), sov("u02", "2011", "02", **six)]
    lines = ["game: eak", "turn: 8", "phasing: soviet", "soviet_vp: 18", "support: ['1710']",
             "beyond_limit: [" + ", ".join(f"'{h}'" for h in beyond) + "]", "map:",
             "  hexes:"]
    lines += [f'    "{h}": {s}' for h, s in hexes.items()]
    lines += ["units:", *[f"  - {u}" for u in units]]
    return make_bot(parse_scenario("\n".join(lines) + "\n", "example.yaml"))


@pytest.mark.rules("9.22", "9.24", "9.8", "9.3")
def test_9_22_book_example_6th_army_on_game_turn_8():
    bot = book_example()
    decisions = move_step(bot)
    d = {r["unit"]: r for r in decisions}
    # method 4: unit 04 leaves 1817 for 1717 (an unoccupied hex next to no Soviet unit)
    assert (d["u04"]["method"], d["u04"]["to"]) == (4, "1717")
    assert d["u04"]["trail"][-1]["letter"] == "e"
    # method 6: unit 08 (1815, beyond the limit); (e) leaves 1713 and 1812; 9.24 (e)
    assert (d["u08"]["method"], d["u08"]["to"]) == (6, "1812")
    e = next(t for t in d["u08"]["trail"] if t["rule"] == "9.22" and t["letter"] == "e")
    assert e["kept"] == ["1713", "1812"]
    assert d["u08"]["trail"][-1] == {**d["u08"]["trail"][-1], "letter": "e", "rule": "9.24",
                                     "kept": ["1812"]}
    # method 9: unit 13 relieves the garrison in 1813; unit 02 does not move
    assert (d["u13"]["method"], d["u13"]["to"]) == (9, "1813")
    assert not bot.sc.map.hexes["1813"].garrison
    assert d["u02"]["to"] is None
    # Soviet Desperation ran method 11 after method 5: nothing qualified
    assert not any(r.get("method") == 11 for r in decisions)
