"""Rulings on Soviet movement (9.2): the methods of 9.21 that are encoded (1, 4, 8, 11,
12), the spearhead exception, the restrictions of 9.23, the tactical preferences of 9.25,
the tie-breakers of 9.24, and the movement rules they run under (10.0, 10.1, 11.1)."""

from __future__ import annotations

import pytest
from bot_helpers import ger, make_bot, position, sov

from adjudicator.games.eak.bot import choose_destination, move_step
from adjudicator.games.eak.botfacts import F, S


def reach(bot, uid):
    ans = bot.ask("botmove", [F("b_mover", [S(uid)])])
    return {x for u, x in ans.rows("bot_reach", 2) if u == uid}, ans


def moved(decisions, uid):
    return next(d for d in decisions if d["unit"] == uid)


@pytest.mark.rules("9.21")
def test_9_21_method_8_next_to_a_german_unit():
    d = moved(move_step(make_bot(position([ger("g", "0909"), sov("m", "0907", "05")]))), "m")
    assert d["method"] == 8 and d["to"] in {"0808", "0809", "0908", "0910", "1008"}


@pytest.mark.rules("9.21")
def test_9_21_method_8_not_next_to_a_soviet_unit_next_to_the_same_german():
    units = [ger("g", "0909"), sov("m", "0907", "05"),
             sov("x", "1009", "09", more=", active: false").replace("active: true, ", "")]
    bot = make_bot(position(units))
    _, ans = reach(bot, "m")
    cands = sorted(x for s, x in ans.rows("bot_cand", 2) if str(s) == 'm(8,"m")')
    # 0910 and 1008 touch x, which touches g: not candidates.
    assert cands == ["0808", "0809", "0908"]
    # ... and method 4 comes first: in 0808 m would complete the surround of g.
    d = moved(move_step(bot), "m")
    assert d["method"] == 4 and d["to"] == "0808"


@pytest.mark.rules("9.21")
def test_9_21_method_8_a_unit_already_satisfying_it_does_not_move():
    d = moved(move_step(make_bot(position([ger("g", "0909"), sov("m", "0908", "05")]))), "m")
    assert d["to"] is None and d["method"] == 8


@pytest.mark.rules("9.21", "9.3")
def test_9_21_method_4_cause_surround():
    units = [ger("g", "0909"), sov("s", "0808", "03").replace("active: true", "active: false"),
             sov("m", "1111", "05")]
    d = moved(move_step(make_bot(position(units))), "m")
    assert d["method"] == 4 and d["to"] == "1009"


def _causing(m_hex: str) -> list[str]:
    # g (0909) is surrounded: s (0808) covers 0808, 0809 and 0908, t (1010) covers 0910
    # and 1009, and m covers 1008 alone (from 1108 it is not next to g).
    off = "active: false"
    return [ger("g", "0909"), sov("s", "0808", "03").replace("active: true", off),
            sov("t", "1010", "02").replace("active: true", off), sov("m", m_hex, "05")]


@pytest.mark.rules("9.21", "9.3")
def test_9_21_method_4_a_unit_causing_surround_from_afar_moves_next_to_the_german_unit():
    d = moved(move_step(make_bot(position(_causing("1108")))), "m")
    # 0908, 1008 and 1009 keep g surrounded and touch it; (d) 0908 touches s, 1009 t.
    assert d["method"] == 4 and d["candidates"] == ["0908", "1008", "1009"]
    assert d["to"] == "1008"
    assert d["trail"][-1]["letter"] == "d"


@pytest.mark.rules("9.21", "9.3")
def test_9_21_method_4_a_unit_causing_surround_next_to_the_german_unit_does_not_move_by_it():
    d = moved(move_step(make_bot(position(_causing("1008")))), "m")
    assert d["method"] != 4 and d["to"] is None


@pytest.mark.rules("9.21")
def test_9_21_method_1_takes_an_empty_german_town():
    town = {"0905": "{terrain: town, vp: 1, owner: german}"}
    bot = make_bot(position([ger("g", "1111"), sov("m", "0907", "05")], hexes=town))
    d = moved(move_step(bot), "m")
    assert d["method"] == 1 and d["to"] == "0905"
    assert bot.sc.map.hexes["0905"].owner == "soviet"


@pytest.mark.rules("9.21")
def test_9_21_method_1_not_an_occupied_town():
    town = {"0905": "{terrain: town, vp: 1, owner: german}"}
    bot = make_bot(position([ger("g", "0905"), sov("m", "0907", "05")], hexes=town))
    assert moved(move_step(bot), "m")["method"] != 1


@pytest.mark.rules("9.21")
def test_9_21_spearhead_armor_skips_methods_4_to_9_on_turn_3():
    units = [ger("g", "0909"), sov("t", "0906", "05", army="3T", kind="tank", ma=6)]
    d = moved(move_step(make_bot(position(units, turn=3))), "t")
    assert d["method"] == 11


@pytest.mark.rules("9.21")
def test_9_21_spearhead_infantry_uses_methods_4_to_9_on_turn_3():
    units = [ger("g", "0909"), sov("t", "0906", "05", army="3T")]
    d = moved(move_step(make_bot(position(units, turn=3))), "t")
    assert d["method"] == 8


@pytest.mark.rules("9.21")
def test_9_21_method_11_closer_to_the_front_objective():
    d = moved(move_step(make_bot(position([ger("g", "1213"), sov("m", "0908", "05",
                                                                    ma=1)]))), "m")
    assert d["method"] == 11 and d["to"] == "0909"  # one hex closer to 0812


@pytest.mark.rules("9.21")
def test_9_21_method_11_no_move_when_no_hex_is_closer():
    units = [ger("g", "0504"), sov("m", "0812", "05")]  # already in the objective hex
    d = moved(move_step(make_bot(position(units))), "m")
    assert d["to"] is None


@pytest.mark.rules("9.24")
def test_9_24_ties_broken_by_the_objective_direction_then_hex_number():
    # From 0706 (seven hexes from 0812) the one-hex moves 0707 and 0806 are both six
    # away and empty: (c) the objective points west, the higher second pair wins.
    bot = make_bot(position([ger("g", "1213"), sov("m", "0706", "05", ma=1)]))
    d = moved(move_step(bot), "m")
    assert d["to"] == "0707"
    assert [t["rule"] for t in d["trail"]][-1] == "9.24"


@pytest.mark.rules("9.23")
def test_9_23a_no_move_that_frees_a_surrounded_german_unit():
    units = [ger("g", "0909"), sov("s", "0808", "03", more=", active: false"),
             sov("m", "1009", "05")]
    units[1] = units[1].replace("active: true, ", "")
    bot = make_bot(position(units))
    _, ans = reach(bot, "m")
    restricted = {x for u, x, r in ans.rows("restricted", 3) if u == "m" and r == "9.23"}
    assert "1110" in restricted


@pytest.mark.rules("9.23")
def test_9_23a_does_not_protect_an_isolated_german_unit():
    units = [ger("g", "0909", more=", supply: isolated"),
             sov("s", "0808", "03").replace("active: true", "active: false"),
             sov("m", "1009", "05")]
    _, ans = reach(make_bot(position(units)), "m")
    assert not [x for u, x, r in ans.rows("restricted", 3) if u == "m"]


@pytest.mark.rules("9.23")
def test_9_23e_no_mechanized_unit_ends_in_marsh_through_turn_6():
    marsh = {"0906": "marsh"}
    units = [ger("g", "0505"), sov("t", "0907", "05", kind="tank", ma=6)]
    _, ans = reach(make_bot(position(units, hexes=marsh, turn=6)), "t")
    assert ("t", "0906", "9.23") in ans.rows("restricted", 3)
    _, ans = reach(make_bot(position(units, hexes=marsh, turn=7)), "t")
    assert ("t", "0906", "9.23") not in ans.rows("restricted", 3)


@pytest.mark.rules("10.1", "11.1")
def test_10_1_no_step_from_one_german_zoc_hex_into_another():
    # m in 0908 is in g's zone; 0808 and 1008 are too: with 1 MP it may not go there.
    hexes, _ = reach(make_bot(position([ger("g", "0909"), sov("m", "0908", "05", ma=1)])),
                     "m")
    assert "0808" not in hexes and "1008" not in hexes
    assert "0907" in hexes


@pytest.mark.rules("10.1", "11.1")
def test_11_1_entering_a_german_zoc_ends_the_move():
    hexes, _ = reach(make_bot(position([ger("g", "0909"), sov("m", "0907", "05", ma=3)])),
                     "m")
    assert "0908" in hexes and "0809" not in hexes  # 0809 only through the zone


@pytest.mark.rules("9.25")
def test_9_25_tactical_preferences_rank_hexes_next_to_german_units():
    units = [ger("g", "0909"), sov("m", "0907", "05"),
             sov("o", "0807", "07").replace("active: true", "active: false")]
    _, ans = reach(make_bot(position(units)), "m")
    tac = {(x, letter) for u, x, letter, _v in ans.rows("bot_tac", 4) if u == "m"}
    assert ("0908", "d") not in tac  # 0908 touches the Soviet unit in 0807
    assert ("0809", "d") in tac


def two_germans():
    # Method 8 (c) prefers hexes next to the closer German unit (g in 0909); each of them
    # touches an inactive Soviet unit (1007, 0709, 1110). the hexes next to h in 0606 do not.
    # (isolated: they exert no zone of control, so no hex surrounds g)
    inactive = [sov(u, h, s, more=", supply: isolated").replace("active: true",
                                                                  "active: false")
                for u, h, s in (("o1", "1007", "07"), ("o2", "0709", "08"), ("o3", "1110", "09"))]
    units = [ger("g", "0909"), ger("h", "0606"), sov("m", "0907", "05"), *inactive]
    return make_bot(position(units))


@pytest.mark.rules("9.25")
def test_9_25_the_reading_is_read_from_the_position():
    units = [ger("g", "0909"), sov("m", "0907", "05")]
    d = moved(move_step(make_bot(position(units, "readings: {'9.25': tactical-first}\n"))),
              "m")
    assert d["reading"] == {"9.25": "tactical-first"}


@pytest.mark.rules("9.25", "9.21")
def test_9_25_reading_method_first_keeps_to_the_closer_german_unit():
    _, ans = reach(two_germans(), "m")
    d = choose_destination(ans, "m", 8, "method-first")
    assert d["to"] == "0809"  # next to g; then 9.24 (a), closest to the objective
    assert d["trail"][0]["rule"] == "9.21" and d["trail"][0]["letter"] == "c"


@pytest.mark.rules("9.25")
def test_9_25_reading_tactical_first_avoids_hexes_next_to_soviet_units():
    _, ans = reach(two_germans(), "m")
    d = choose_destination(ans, "m", 8, "tactical-first")
    assert d["to"] == "0707"  # next to h; then 9.24 (a) and (e)
    assert d["trail"][0]["rule"] == "9.25" and d["trail"][0]["letter"] == "d"
