"""Rulings on the movement methods of 9.21 that aim at a target or follow the map's
arrows: method 2 (adjacent to German VP hex & near objective), 6 (adjacent to German VP
hex), 7 (adjacent to German unit in logistics hex) and 10 (follow movement arrows)."""

from __future__ import annotations

import pytest
from bot_helpers import ger, make_bot, position, sov

from adjudicator.games.eak.bot import move_step
from adjudicator.games.eak.botfacts import F, S


def moved(decisions, uid):
    return next(d for d in decisions if d["unit"] == uid)


def run(units, hexes=None, turn=4, **kw):
    return moved(move_step(make_bot(position(units, hexes=hexes, turn=turn, **kw))), "m")


def town(owner="german", vp=2, target="[voronezh]", terrain="town"):
    return f"{{terrain: {terrain}, vp: {vp}, owner: {owner}, target: {target}}}"


# --- Method 2 -----------------------------------------------------------------------
@pytest.mark.rules("9.21")
def test_9_21_method_2_next_to_a_german_vp_hex_near_the_objective():
    # Valki-like town in 0810, two hexes from the objective 0812, held by g.
    d = run([ger("g", "0810"), sov("m", "0906", "05")], {"0810": town()})
    assert d["method"] == 2 and d["to"] in {"0809", "0910"}


@pytest.mark.rules("9.21")
def test_9_21_method_2_not_for_a_vp_hex_far_from_the_objective():
    # 0606 is six hexes from 0812; the hexes next to it are neither within four hexes of
    # the objective nor closer to it than the start (0706 is six away too).
    d = run([ger("g", "0606"), sov("m", "0706", "05", ma=1)], {"0606": town(target="[]")})
    assert d["method"] != 2


@pytest.mark.rules("9.21")
def test_9_21_method_2_prefers_the_vp_hex_of_least_german_strength():
    hexes = {"0810": town(), "1010": town()}
    units = [ger("g", "0810", strength=6), ger("h", "1010", strength=2),
             sov("m", "0907", "05", ma=3)]
    d = run(units, hexes)
    assert d["method"] == 2
    b = next(t for t in d["trail"] if t["letter"] == "b")
    assert all(p.endswith(">1010") for p in b["kept"])
    assert "0809>0810" in b["eliminated"]
    assert d["to"] in {"0910", "1009"}


@pytest.mark.rules("9.21")
def test_9_21_method_2_a_unit_next_to_such_a_vp_hex_stays():
    d = run([ger("g", "0810"), sov("m", "0809", "05")], {"0810": town()})
    assert d["method"] == 2 and d["to"] is None and "does not move" in d["why"]


@pytest.mark.rules("9.21")
def test_9_21_method_2_a_unit_moves_on_to_a_more_preferred_vp_hex():
    # next to 0810 (strength 6), but 1010 (strength 2) is in reach: it moves there.
    hexes = {"0810": town(), "1010": town()}
    units = [ger("g", "0810", strength=6), ger("h", "1010", strength=2),
             sov("m", "0909", "05", ma=2)]
    d = run(units, hexes)
    assert d["method"] == 2 and d["to"] is not None
    assert d["to"] in {"0910", "1009", "1109", "1110", "1011"}


# --- Method 6 -----------------------------------------------------------------------
@pytest.mark.rules("9.21")
def test_9_21_method_6_next_to_a_targeted_german_vp_hex():
    # 0606 is far from the objective (method 2 does not apply) but targeted.
    d = run([ger("g", "0606"), sov("m", "0806", "05", ma=2)], {"0606": town()})
    assert d["method"] == 6 and d["to"] in {"0706", "0707", "0605", "0607", "0506", "0507"}


@pytest.mark.rules("9.21")
def test_9_21_method_6_not_a_vp_hex_the_front_does_not_target():
    d = run([ger("g", "0606"), sov("m", "0806", "05", ma=2)],
            {"0606": town(target="[southwest]")})
    assert d["method"] == 8


@pytest.mark.rules("9.21")
def test_9_21_method_6_prefers_the_least_german_strength():
    hexes = {"0606": town(), "0604": town()}
    units = [ger("g", "0606", strength=5), ger("h", "0604", strength=2),
             sov("m", "0806", "05", ma=2)]
    d = run(units, hexes)
    assert d["method"] == 6 and d["to"] == "0705"
    a = d["trail"][0]
    assert a["letter"] == "a" and a["rule"] == "9.21" and a["kept"] == ["0705>0604"]


@pytest.mark.rules("9.21")
def test_9_21_method_6_a_unit_next_to_the_most_qualified_vp_hex_stays():
    d = run([ger("g", "0606"), sov("m", "0707", "05", ma=2)], {"0606": town()})
    assert d["method"] == 6 and d["to"] is None


@pytest.mark.rules("9.21")
def test_9_21_method_6_skipped_by_a_supplied_armored_spearhead_on_turn_3():
    units = [ger("g", "0606"), sov("m", "0806", "05", army="3T", kind="tank", ma=2)]
    d = run(units, {"0606": town()}, turn=3)
    assert d["method"] not in (6, 8)


# --- Method 7 -----------------------------------------------------------------------
@pytest.mark.rules("9.21")
def test_9_21_method_7_next_to_a_german_unit_in_a_logistics_hex():
    hexes = {"0606": "{terrain: clear, logistics: voronezh}"}
    d = run([ger("g", "0606"), sov("m", "0806", "05", ma=2)], hexes)
    assert d["method"] == 7 and d["candidates"] == ["0706", "0707"]
    # (b) the easternmost hex: the lower second pair of digits
    assert d["to"] == "0706" and d["trail"][-1]["letter"] == "b"


@pytest.mark.rules("9.21")
def test_9_21_method_7_not_a_logistics_hex_of_the_other_front():
    hexes = {"0606": "{terrain: clear, logistics: southwest}"}
    d = run([ger("g", "0606"), sov("m", "0806", "05", ma=2)], hexes)
    assert d["method"] == 8


@pytest.mark.rules("9.21")
def test_9_21_method_7_prefers_the_weaker_german_stack():
    hexes = {"0606": "{terrain: clear, logistics: voronezh}",
             "0608": "{terrain: clear, logistics: voronezh}"}
    units = [ger("g", "0606", strength=5), ger("h", "0608", strength=2),
             sov("m", "0806", "05", ma=2)]
    d = run(units, hexes)
    assert d["method"] == 7
    assert d["to"] in {"0607", "0707", "0708", "0609", "0508", "0509"}


@pytest.mark.rules("9.21")
def test_9_21_method_7_a_unit_next_to_such_a_stack_stays():
    hexes = {"0606": "{terrain: clear, logistics: voronezh}"}
    d = run([ger("g", "0606"), sov("m", "0707", "05", ma=2)], hexes)
    assert d["method"] == 7 and d["to"] is None


# --- Method 10 ----------------------------------------------------------------------
def arrows(**by_hex):
    return {h: f"{{terrain: {t}, arrows: [{a}]}}" for h, (t, a) in by_hex.items()}


def west_line(ma=3):
    return arrows(**{"0905": ("clear", "{to: west}"), "0906": ("clear", "{to: west}"),
                     "0907": ("clear", "{to: west}")})


@pytest.mark.rules("9.21")
def test_9_21_method_10_follows_the_arrows_spending_the_whole_allowance():
    d = run([ger("g", "1213"), sov("m", "0905", "05", ma=3)], west_line())
    assert d["method"] == 10 and d["to"] == "0908"


@pytest.mark.rules("9.21")
def test_9_21_method_10_not_if_the_arrows_end_before_the_allowance_is_spent():
    # four MPs, but only three arrow steps: method 11 moves the unit instead.
    d = run([ger("g", "1213"), sov("m", "0905", "05", ma=4)], west_line())
    assert d["method"] == 11


@pytest.mark.rules("9.21")
def test_9_21_method_10_disregards_arrows_of_the_other_front():
    hexes = arrows(**{"0905": ("clear", "{to: west, front: southwest}"),
                      "0906": ("clear", "{to: west}"), "0907": ("clear", "{to: west}")})
    d = run([ger("g", "1213"), sov("m", "0905", "05", ma=3)], hexes)
    assert d["method"] != 10


@pytest.mark.rules("9.21")
def test_9_21_method_10_prefers_primary_arrows_when_all_else_is_equal():
    # primary west 0905-0906-0907, secondary northwest 0905-0805 then west to 0806: both
    # two hexes from the start, unoccupied and six from the objective.
    hexes = arrows(**{"0905": ("clear", "{to: west}, {kind: secondary, to: northwest}"),
                      "0906": ("clear", "{to: west}"), "0805": ("clear", "{to: west}")})
    d = run([ger("g", "1213"), sov("m", "0905", "05", ma=2)], hexes)
    assert d["method"] == 10 and d["to"] == "0907"
    assert d["trail"][-1]["letter"] == "d" and d["trail"][-1]["eliminated"] == ["0806"]


@pytest.mark.rules("9.21")
def test_9_21_method_10_takes_the_secondary_direction_if_the_primary_falls_short():
    # the marsh in 0907 costs 2 MPs: the primary route stops in 0906 with 1 MP left.
    hexes = arrows(**{"0905": ("clear", "{to: west}, {kind: secondary, to: northwest}"),
                      "0906": ("clear", "{to: west}"), "0805": ("clear", "{to: west}")})
    hexes["0907"] = "marsh"
    d = run([ger("g", "1213"), sov("m", "0905", "05", ma=2)], hexes)
    assert d["method"] == 10 and d["to"] == "0806" and d["candidates"] == ["0806"]


def m10_ends(units, hexes):
    bot = make_bot(position(units, hexes=hexes))
    ans = bot.ask("botmove", [F("b_mover", [S("m")])])
    restricted = {x for u, x, _r in ans.rows("restricted", 3) if u == "m"}
    return {x for s, x in ans.rows("bot_cand", 2) if str(s) == 'm(10,"m")'}, restricted


@pytest.mark.rules("9.21", "10.1")
def test_9_21_method_10_may_pay_to_leave_an_enemy_zoc_first():
    # m starts in g's zone (g in 1005): 1 MP to leave, then the arrows northwest and west.
    hexes = arrows(**{"0905": ("clear", "{to: northwest}"), "0805": ("clear", "{to: west}"),
                      "0806": ("clear", "{to: west}")})
    ends, _ = m10_ends([ger("g", "1005"), sov("m", "0905", "05", ma=3)], hexes)
    assert ends == {"0806"}
    ends, _ = m10_ends([ger("g", "1213"), sov("m", "0905", "05", ma=3)], hexes)
    assert ends == {"0807"}


def surround_arrows():
    return arrows(**{"1009": ("clear", "{to: southwest}"), "1110": ("clear", "{to: west}"),
                     "1111": ("clear", "{to: west}")})


@pytest.mark.rules("9.21", "9.23")
def test_9_21_method_10_allowed_when_no_german_unit_is_freed():
    # (by method 10 alone: method 8 keeps m next to g first)
    ends, _ = m10_ends([ger("g", "0909"), sov("m", "1009", "05", ma=3)], surround_arrows())
    assert ends == {"1111"}


@pytest.mark.rules("9.21", "9.23")
def test_9_21_method_10_under_restriction_9_23a():
    # m and s surround g: m's arrow move would free g (the book's unit 06 of Popov).
    s = sov("s", "0808", "03").replace("active: true", "active: false")
    units = [ger("g", "0909"), s, sov("m", "1009", "05", ma=3)]
    ends, restricted = m10_ends(units, surround_arrows())
    assert not ends and "1111" in restricted
    assert run(units, surround_arrows())["method"] != 10


# --- Method 5 -----------------------------------------------------------------------
def soviet_town():
    return {"0809": town(owner="soviet", vp=1)}


@pytest.mark.rules("9.21", "9.3")
def test_9_21_method_5_to_a_soviet_vp_hex_a_german_unit_is_proximate_to():
    d = run([ger("g", "0606", ma=4), sov("m", "1009", "05")], soviet_town())
    assert d["method"] == 5 and d["to"] == "0809"


@pytest.mark.rules("9.21", "9.3")
def test_9_21_method_5_not_if_no_german_unit_is_proximate_nor_german_supply():
    # g (1 MP) cannot reach 0809; no German map edge, so no German supply either.
    d = run([ger("g", "0606", ma=1), sov("m", "1009", "05")], soviet_town())
    assert d["method"] != 5


@pytest.mark.rules("9.21")
def test_9_21_method_5_not_a_vp_hex_targeted_for_the_other_front_only():
    hexes = {"0809": town(owner="soviet", vp=1, target="[southwest]")}
    d = run([ger("g", "0606", ma=4), sov("m", "1009", "05")], hexes)
    assert d["method"] != 5


def armor_in_town():
    t = sov("t", "0809", "09", kind="tank").replace("active: true", "active: false")
    return [ger("g", "1111", ma=1), t]


@pytest.mark.rules("9.21")
def test_9_21_method_5_infantry_joins_a_vp_hex_held_only_by_armor():
    d = run([*armor_in_town(), sov("m", "1009", "05")], soviet_town())
    assert d["method"] == 5 and d["to"] == "0809"


@pytest.mark.rules("9.21")
def test_9_21_method_5_armor_does_not_join_armor_in_a_vp_hex():
    d = run([*armor_in_town(), sov("m", "1009", "05", kind="tank")], soviet_town())
    assert d["method"] != 5


@pytest.mark.rules("9.21")
def test_9_21_method_5_infantry_stacked_only_with_armor_in_a_vp_hex_stays():
    d = run([*armor_in_town(), sov("m", "0809", "05")], soviet_town())
    assert d["method"] == 5 and d["to"] is None


# --- Method 9 -----------------------------------------------------------------------
def garrisoned(edge=True):
    hexes = {"0906": "{terrain: clear, village: true, target: [voronezh], garrison: true}"}
    if edge:
        hexes["0904"] = "{terrain: clear, edge: soviet}"  # a Soviet supply head
    return hexes


def relieve(turn=4, edge=True):
    # g (6 MPs) can reach 0806, next to the garrison in 0906; m (1 MP) cannot reach g.
    units = [ger("g", "0911", ma=6), sov("m", "0907", "05", ma=1)]
    bot = make_bot(position(units, hexes=garrisoned(edge), turn=turn))
    return moved(move_step(bot), "m"), bot


@pytest.mark.rules("9.21", "15.3")
def test_9_21_method_9_relieves_a_garrison_from_turn_4():
    d, bot = relieve()
    assert d["method"] == 9 and d["to"] == "0906"
    assert not bot.sc.map.hexes["0906"].garrison


@pytest.mark.rules("9.21")
def test_9_21_method_9_not_before_turn_4():
    d, _ = relieve(turn=3)
    assert d["method"] != 9


@pytest.mark.rules("9.21", "13.1")
def test_9_21_method_9_not_a_garrison_soviet_supply_does_not_reach():
    d, _ = relieve(edge=False)
    assert d["method"] != 9


# --- Method 1 (b) and restriction 9.23c ----------------------------------------------
def edge_vp(edge=True):
    hexes = {"0507": "{terrain: clear, vp: 1}"}  # row 05 is the edge of the map given
    if edge:
        hexes["0505"] = "{terrain: clear, edge: soviet}"
    return hexes


@pytest.mark.rules("9.21", "13.1")
def test_9_21_method_1b_an_empty_map_edge_vp_hex_with_soviet_supply():
    d = run([ger("g", "1213"), sov("m", "0707", "05")], edge_vp())
    assert d["method"] == 1 and d["to"] == "0507"


@pytest.mark.rules("9.21", "13.1")
def test_9_21_method_1b_not_without_soviet_supply():
    d = run([ger("g", "1213"), sov("m", "0707", "05")], edge_vp(edge=False))
    assert d["method"] != 1


@pytest.mark.rules("9.21")
def test_9_21_method_1b_only_if_1a_is_not_possible():
    hexes = {**edge_vp(), "0709": town()}
    d = run([ger("g", "1213"), sov("m", "0707", "05")], hexes)
    assert d["method"] == 1 and d["to"] == "0709"


@pytest.mark.rules("9.23")
def test_9_23c_a_unit_does_not_leave_a_map_edge_vp_hex_vacant():
    d = run([ger("g", "1213"), sov("m", "0507", "05")], edge_vp())
    assert d["to"] is None


@pytest.mark.rules("9.23")
def test_9_23c_allowed_when_another_unit_stays_or_supply_is_cut():
    o = sov("o", "0507", "07").replace("active: true", "active: false")
    d = run([ger("g", "1213"), o, sov("m", "0507", "05")], edge_vp())
    assert d["method"] == 11 and d["to"] is not None
    d = run([ger("g", "1213"), sov("m", "0507", "05")], edge_vp(edge=False))
    assert d["method"] == 11 and d["to"] is not None


# --- Restriction 9.23d ----------------------------------------------------------------
def cut_position(turn=4, objective="0812"):
    # German units in 0607, 0807, 1007 and 1207 put every hex of the 07 column in German
    # control; o (0908) traces supply to the head in 0904 only through m's hex, 0907.
    hexes = {"0904": "{terrain: clear, edge: soviet}"}
    units = [ger("g1", "0607"), ger("g2", "0807"), ger("g3", "1007"), ger("g4", "1207"),
             sov("o", "0908", "09").replace("active: true", "active: false"),
             sov("m", "0907", "05", ma=1)]
    return position(units, hexes=hexes, turn=turn, objective=objective)


@pytest.mark.rules("9.23")
def test_9_23d_the_move_is_not_made_and_the_answer_says_why():
    # with the objective in 0905, method 11 would take m to 0906 and cut o's supply.
    d = moved(move_step(make_bot(cut_position(objective="0905"))), "m")
    assert d["to"] is None and d["rules"] == ["9.2", "9.23"]
    assert d["supply_cut"][0]["hex"] == "0906" and d["supply_cut"][0]["units"] == ["o"]
    d = moved(move_step(make_bot(cut_position(turn=3, objective="0905"))), "m")
    assert d["method"] == 11 and d["to"] == "0906"


@pytest.mark.rules("9.23")
def test_9_23d_no_move_that_leaves_a_soviet_unit_unable_to_trace_supply():
    from adjudicator.games.eak.bot import supply_lost
    bot = make_bot(cut_position())
    assert supply_lost(bot, "m", "0806") == ["o"]


@pytest.mark.rules("9.23")
def test_9_23d_not_before_game_turn_4():
    from adjudicator.games.eak.bot import supply_lost
    bot = make_bot(cut_position(turn=3))
    assert supply_lost(bot, "m", "0806") == []


# --- Restriction 9.23b ----------------------------------------------------------------
def town_position(turn=4):
    # m (0907) keeps g (0909, 3 MPs) from reaching the empty Soviet town 0906.
    hexes = {"0906": town(owner="soviet", vp=1)}
    return position([ger("g", "0909", ma=3), sov("m", "0907", "05")], hexes=hexes,
                    turn=turn)


@pytest.mark.rules("9.23", "9.3")
def test_9_23b_no_move_that_lets_a_german_unit_become_proximate_to_a_soviet_town():
    from adjudicator.games.eak.bot import towns_opened
    assert towns_opened(make_bot(town_position()), "m", "1111") == ["0906"]


@pytest.mark.rules("9.23", "9.3")
def test_9_23b_allowed_when_the_town_stays_out_of_german_reach():
    from adjudicator.games.eak.bot import towns_opened
    assert towns_opened(make_bot(town_position()), "m", "0807") == []
    # moving into the town itself leaves it occupied, not exposed
    assert towns_opened(make_bot(town_position()), "m", "0906") == []
