"""Rulings on combat as the Soviet procedure runs it: chit draw limits (12.4), the
overwhelming attack (12.38), which chit side applies (12.41), hit totals (12.5, 12.51),
Soviet defender hits with hold checks on given rolls (12.53), the Soviet attacker's hit
table (12.54) and which unit loses a step (12.6, 12.61); the book's examples of
processing hits (12.52) as positions."""

from __future__ import annotations

import pytest
from bot_helpers import ger, make_bot, position, sov

from adjudicator.games.eak.bot import (
    Bot,
    _chit_facts,
    _combat_facts,
    soviet_attacker_hits,
    soviet_defender_hits,
)
from adjudicator.games.eak.botdata import Chit, DataSet, load_data


def combat(bot, target, attackers, tactics=(), extra=()):
    defenders = [u.id for u in bot.sc.units if u.hex == target]
    return bot.ask("botcombat", _combat_facts(bot, target, attackers, defenders, True,
                                               list(tactics)) + list(extra))


@pytest.mark.rules("12.4")
def test_12_4_maximum_draw_counts_units_steps_and_tactics():
    units = [sov("a", "0808", "02", steps=1), sov("b", "0908", "03", steps=2),
             sov("c", "1008", "04", steps=3), ger("g", "0909", steps=2,
                                                  more=", supply: out-of-supply")]
    ans = combat(make_bot(position(units)), "0909", ["a", "b", "c"], [("artillery", "soviet")])
    # 1 + 1 + 2 for the units, 1 for the tactic, 1 for the unsupplied defender
    assert ans.rows("chit_max", 1) == [(6,)]


@pytest.mark.rules("12.4")
def test_12_4_never_fewer_than_the_defending_steps():
    units = [sov("a", "0808", "02", steps=1), ger("g", "0909", steps=3)]
    ans = combat(make_bot(position(units)), "0909", ["a"])
    assert ans.rows("chit_max", 1) == [(3,)] and ans.rows("chit_min", 1) == [(3,)]


@pytest.mark.rules("12.38")
def test_12_38_eight_to_one_is_overwhelming():
    units = [sov("a", "0808", "02", strength=8), ger("g", "0909", strength=1)]
    assert combat(make_bot(position(units)), "0909", ["a"]).rows("overwhelming", 2)


@pytest.mark.rules("12.38")
def test_12_38_seven_to_one_small_attack_is_not():
    units = [sov("a", "0808", "02", strength=7), ger("g", "0909", strength=1)]
    assert combat(make_bot(position(units)), "0909", ["a"]).rows("overwhelming", 2) == []


@pytest.mark.rules("12.38")
def test_12_38_isolated_defenders_outside_a_vp_hex():
    units = [sov("a", "0808", "02", strength=1),
             ger("g", "0909", strength=9, more=", supply: isolated")]
    assert combat(make_bot(position(units)), "0909", ["a"]).rows("overwhelming", 2)


def _chit_bot(units, chits):
    data = load_data()
    data = DataSet(data.cards, [Chit.model_validate(c) for c in chits], "t", "t", True)
    return Bot(position(units), data, seed=1)


@pytest.mark.rules("12.41")
def test_12_41_when_both_sides_apply_the_priority_side_is_used():
    chits = [{"id": 1, "sides": [
        {"situation": "terrain", "terrain": ["clear"], "hits": {"defender": 1}},
        {"situation": "ratio-ge", "ratio": 2, "hits": {"attacker": 1}, "priority": True}]}]
    units = [sov("a", "0808", "02", strength=8), ger("g", "0909", strength=2)]
    bot = _chit_bot(units, chits)
    ans = combat(bot, "0909", ["a"], extra=_chit_facts(bot, [1]))
    assert ans.rows("chit_used", 3) == [(1, 2, "12.41")]
    assert dict(ans.rows("hit_total", 2)) == {"attacker": 1, "defender": 0}


@pytest.mark.rules("12.41")
def test_12_41_a_chit_whose_sides_do_not_apply_is_set_aside():
    chits = [{"id": 1, "sides": [
        {"situation": "terrain", "terrain": ["woods"], "hits": {"defender": 1}},
        {"situation": "ratio-lt", "ratio": 1, "hits": {"attacker": 1}}]}]
    units = [sov("a", "0808", "02", strength=8), ger("g", "0909", strength=2)]
    bot = _chit_bot(units, chits)
    ans = combat(bot, "0909", ["a"], extra=_chit_facts(bot, [1]))
    assert ans.rows("chit_set_aside", 2) == [(1, "12.41")]


@pytest.mark.rules("12.5", "12.51")
def test_12_51_a_town_takes_one_defender_hit_away_and_nationality_hits_count():
    chits = [{"id": 1, "sides": [
        {"situation": "flank-attack", "hits": {"defender": 2, "german": 1}},
        {"situation": "nkvd", "hits": {"attacker": 1}}]}]
    units = [sov("a", "0808", "02", strength=8), sov("b", "1009", "03"),
             ger("g", "0909", strength=2)]
    town = {"0909": "{terrain: town, vp: 1, owner: german}"}
    data = load_data()
    data = DataSet(data.cards, [Chit.model_validate(c) for c in chits], "t", "t", True)
    bot = Bot(position(units, hexes=town), data, seed=1)
    ans = combat(bot, "0909", ["a", "b"], extra=_chit_facts(bot, [1]))
    # a town is not flanked (12.41): the flank side does not apply
    assert ans.rows("chit_set_aside", 2) == [(1, "12.41")]
    bot = Bot(position(units), data, seed=1)
    ans = combat(bot, "0909", ["a", "b"], extra=_chit_facts(bot, [1]))
    assert dict(ans.rows("hit_total", 2)) == {"attacker": 0, "defender": 3}


@pytest.mark.rules("12.54", "12.6")
def test_12_52_scenario_2_three_hits_on_six_attacking_steps():
    # Two 2-step and two 1-step Soviet units attack; 3 hits: the first is a step from
    # the 2-step unit with the higher selector; then 5 steps and 2 hits: disperse.
    units = [sov("a", "0808", "02"), sov("b", "0908", "07"),
             sov("c", "1008", "03", steps=1), sov("d", "1009", "04", steps=1),
             ger("g", "0909")]
    bot = make_bot(position(units, "cards: {draw_pile: [E01, E02, E03, E04]}\n"))
    r = soviet_attacker_hits(bot, ["a", "b", "c", "d"], 3, defender_left_vp=False)
    assert r["losses"][0]["unit"] == "b"
    assert r["table"] == {"steps_left": 5, "hits_left": 2, "steps_removed": 0,
                          "disperse": True, "eliminate": False}
    assert all(bot.unit(u).dispersed for u in "abcd")


@pytest.mark.rules("12.54")
def test_12_54_parenthesised_result_with_fewer_than_four_cards():
    # 4 steps left, 1 hit: "1 (0D)": with fewer than four cards, disperse instead.
    units = [sov("a", "0808", "02", steps=3), sov("b", "0908", "07", steps=2),
             ger("g", "0909")]
    bot = make_bot(position(units, "cards: {draw_pile: [E01]}\n"))
    r = soviet_attacker_hits(bot, ["a", "b"], 2, defender_left_vp=False)
    assert r["table"]["steps_removed"] == 0 and r["table"]["disperse"] is True
    bot = make_bot(position(units, "cards: {draw_pile: [E01, E02, E03, E04]}\n"))
    r = soviet_attacker_hits(bot, ["a", "b"], 2, defender_left_vp=False)
    assert r["table"]["steps_removed"] == 1 and r["table"]["disperse"] is False


@pytest.mark.rules("12.6", "12.61")
def test_12_61_no_second_step_before_every_unit_lost_one():
    units = [sov("a", "0808", "02", steps=3), sov("b", "0908", "07", steps=1),
             ger("g", "0909")]
    bot = make_bot(position(units, "cards: {draw_pile: [E01, E02, E03, E04, E05]}\n"))
    r = soviet_attacker_hits(bot, ["a", "b"], 3, defender_left_vp=False)
    # the first loss from a (most steps); the table (3 steps, 2 hits) disperses.
    assert [x["unit"] for x in r["losses"]] == ["a"] and r["dispersed"] is True


def scenario_1():
    # Two one-step Soviet units in clear terrain, supplied, with an open retreat hex.
    return position([sov("a", "0909", "02", steps=1), sov("b", "0909", "03", steps=1),
                     ger("g", "0808")])


@pytest.mark.rules("12.53")
def test_12_52_scenario_1_retreat_then_hold_on_a_3():
    r = soviet_defender_hits(make_bot(scenario_1(), rolls=[3]), "0909", 2)
    assert [s["priority"] for s in r["steps"]] == ["B", "C"]
    assert r["steps"][0]["result"] == "retreat"
    assert r["steps"][1]["hold_chance"] == 4 and r["steps"][1]["roll"] == 3
    assert r["steps"][1]["result"] == "step_loss"


@pytest.mark.rules("12.53", "12.75")
def test_12_53_hold_check_failed_retreats_a_second_hex_and_disperses():
    r = soviet_defender_hits(make_bot(scenario_1(), rolls=[5]), "0909", 2)
    assert r["steps"][1]["result"] == "retreat" and r["steps"][1]["dispersed"] is True


@pytest.mark.rules("12.53")
def test_12_53_priority_a_after_the_longest_retreat():
    units = [sov(u, "0909", s, steps=1) for u, s in (("a", "02"), ("b", "03"), ("c", "04"))]
    r = soviet_defender_hits(make_bot(position(units + [ger("g", "0808")]), rolls=[9]),
                             "0909", 3)
    assert [s["priority"] for s in r["steps"]] == ["B", "C", "A"]
    assert r["steps"][2]["result"] == "step_loss"


@pytest.mark.rules("12.53", "12.51")
def test_12_53_town_takes_one_hit_off_first():
    town = {"0909": "{terrain: town, vp: 1, owner: soviet}"}
    units = [sov("a", "0909", "02", steps=2), ger("g", "0808")]
    r = soviet_defender_hits(make_bot(position(units, hexes=town), rolls=[1]), "0909", 2)
    assert r["hits_to_take"] == 1
    # 2 steps + twice 1 VP + 1 town = 5: the roll of 1 holds.
    assert r["steps"][0]["hold_chance"] == 5 and r["steps"][0]["result"] == "step_loss"


@pytest.mark.rules("12.53", "12.7")
def test_12_53_no_retreat_for_isolated_mechanized_defenders():
    units = [sov("a", "0909", "02", steps=2, kind="tank", more=", supply: isolated"),
             ger("g", "0808")]
    r = soviet_defender_hits(make_bot(position(units)), "0909", 2)
    assert r["steps"][0]["priority"] == "A" and r["steps"][0]["max_retreat"] == 0


# --- 12.31 The auxiliary card's combat tactics ---------------------------------------
# Practice cards: E02 tank-brigade, E03 tank-brigade, E05 artillery and reinforce-battle,
# E08 partisans.
def aux_check(aux, drawn=None, hexes=None, strength=4, reserves=(), extra=""):
    from adjudicator.games.eak.bot import auxiliary_tactics
    units = [sov("a", "0808", "02", strength=strength), ger("g", "0909")]
    bot = make_bot(position(units, f"cards:\n  auxiliary: {aux}\n" + extra, hexes=hexes))
    tactics = [(t, "soviet") for t in (bot.data.cards[drawn].tactics if drawn else [])]
    return bot, auxiliary_tactics(bot, "0909", ["a"], ["g"], tactics, drawn, list(reserves))


@pytest.mark.rules("12.31")
def test_12_31_the_auxiliary_cards_tactic_applies_and_the_card_leaves_the_box():
    bot, r = aux_check("E02")
    assert r["applied"] and r["tactics"] == ["tank-brigade"] and r["why_not"] == []
    assert bot.sc.cards.auxiliary is None


@pytest.mark.rules("12.31")
def test_12_31_partisans_only_into_woods_a_town_or_a_city():
    bot, r = aux_check("E08")
    assert not r["applied"] and bot.sc.cards.auxiliary == "E08"
    assert r["why_not"] == ["partisans: not an attack into woods, a town or a city"]
    _, r = aux_check("E08", hexes={"0909": "woods"})
    assert r["applied"]


@pytest.mark.rules("12.31")
def test_12_31_not_the_same_tactic_as_the_card_drawn_for_the_attack():
    _, r = aux_check("E02", drawn="E03")
    assert not r["applied"]
    assert r["why_not"] == ["tank-brigade: the card drawn for the attack has the same tactic"]


@pytest.mark.rules("12.31")
def test_12_31_all_the_cards_tactics_or_none():
    # E05: artillery would apply, reinforce-battle has no units to reinforce with.
    bot, r = aux_check("E05")
    assert not r["applied"] and bot.sc.cards.auxiliary == "E05"
    assert r["why_not"] == ["reinforce-battle: no units to reinforce the battle with"]


@pytest.mark.rules("12.31", "12.38")
def test_12_31_not_in_an_overwhelming_attack():
    _, r = aux_check("E02", strength=30)
    assert not r["applied"] and r["why_not"] == ["the attack is overwhelming"]


def artillery_line():
    # the hexes of columns 04-06 lie east of the artillery line: 0909 is three hexes from it
    return {f"{r:02d}{c:02d}": "{terrain: clear, east_of: [artillery, west, far]}"
            for r in range(5, 13) for c in range(4, 7)}


@pytest.mark.rules("12.31")
def test_12_31_fixed_artillery_within_the_fixed_artillery_range():
    # E12 (practice): fixed-artillery; the range of the game-turn is 3 hexes
    bot, r = aux_check("E12", hexes=artillery_line(), extra="far: 3\n")
    assert r["applied"] and bot.sc.cards.auxiliary is None


@pytest.mark.rules("12.31")
def test_12_31_fixed_artillery_not_beyond_the_fixed_artillery_range():
    bot, r = aux_check("E12", hexes=artillery_line(), extra="far: 2\n")
    assert not r["applied"] and bot.sc.cards.auxiliary == "E12"
    assert r["why_not"] == ["fixed-artillery: the attack is beyond the fixed artillery range"]
