"""Rulings on Soviet attack checks (9.4, 9.41-9.43): lead units, the units that join, the
situational strength ratio and its rounding (reading of 9.4), the Tactical Value, the
choice among a lead's targets; with 9.4's worked example as positions."""

from __future__ import annotations

import pytest
from bot_helpers import ger, make_bot, position, sov

from adjudicator.games.eak.bot import attack_step


def checks(bot):
    return attack_step(bot, combat=False)


def example_a():
    # 9.4's example, first check: lead 02 is next to a German armor unit (strength 2, in
    # 0808) and a German infantry unit (strength 3, in 1009); 08 and 21 are also next to
    # the infantry. Each German hex has a supplied German neighbour; only 08's hex is in
    # Soviet support (turn 5).
    units = [sov("u02", "0909", "02", strength=6), sov("u08", "1008", "08", strength=3),
             sov("u21", "1010", "21", strength=3),
             ger("arm", "0808", strength=2, kind="panzer"), ger("inf", "1009", strength=3),
             ger("n1", "0709"), ger("n2", "1110")]
    return position(units, "support: ['1008']\n", turn=5)


@pytest.mark.rules("9.4", "9.41")
def test_9_4_example_the_lead_picks_the_more_favourable_target():
    bot = make_bot(example_a())
    c = checks(bot)[0]
    assert c["lead"] == "u02" and c["target"] == "1009"
    by_hex = {t["hex"]: t for t in c["targets"]}
    assert (by_hex["0808"]["soviet"], by_hex["0808"]["german"], by_hex["0808"]["rounded"]) \
        == (6, 4, 1.5)
    assert (by_hex["1009"]["soviet"], by_hex["1009"]["german"], by_hex["1009"]["rounded"]) \
        == (12, 4, 3.0)
    assert c["units"] == ["u02", "u08", "u21"] and c["attack"] is True
    assert c["tactical_value"] == []  # 3:1 attacks without a Tactical Value


def example_b(armor: bool = True):
    # 9.4's second check: two active units of total strength 8 next to a German unit of
    # strength 3 (8:3, reduced to 2:1); command value 3.
    units = [sov("u06", "0808", "06", kind="tank" if armor else "infantry"),
             sov("u07", "0908", "07"), ger("g", "0909", strength=3)]
    bot = make_bot(position(units, "cards: {draw_pile: [E01, E02, E03, E04, E05]}\n", turn=5))
    bot.command_value = 3
    return bot


@pytest.mark.rules("9.4")
def test_9_4_example_8_to_3_is_2_to_1_and_tactical_value_7_attacks():
    c = checks(example_b())[0]
    assert c["ratio"] == "8:3" and c["rounded"] == 2.0
    factors = {t["factor"]: t["value"] for t in c["tactical_value"]}
    assert factors == {"command value of the card": 3, "ratio at least 2:1": 2,
                       "attack supported": 1, "only the Soviets have armor": 1}
    assert c["tactical_total"] == 7 and c["attack"] is True


@pytest.mark.rules("9.4")
def test_9_4_fewer_than_four_cards_adds_one():
    bot = example_b(armor=False)
    bot.sc.cards.draw_pile[:] = ["E01"]
    c = checks(bot)[0]
    assert c["tactical_total"] == 7 and c["attack"] is True


@pytest.mark.rules("9.4")
def test_9_4_tactical_value_below_7_no_attack():
    c = checks(example_b(armor=False))[0]
    assert c["tactical_total"] == 6 and c["attack"] is False


@pytest.mark.rules("9.4")
def test_9_4_reading_half_steps_rounds_8_to_3_to_2_5():
    bot = example_b()
    bot.sc = bot.sc.model_copy(update={"readings": {"9.4": "half-steps"}})
    assert checks(bot)[0]["rounded"] == 2.5


@pytest.mark.rules("9.4")
def test_9_4_example_3_to_5_is_below_1_to_1_no_attack():
    units = [sov("u14", "0808", "14", strength=3), ger("g", "0909", strength=5)]
    c = checks(make_bot(position(units, turn=5)))[0]
    assert c["rounded"] == 0 and c["attack"] is False and c["tactical_value"] == []


@pytest.mark.rules("9.4")
def test_9_4_a_one_step_unit_cannot_lead_against_a_supplied_target():
    units = [sov("a", "0808", "02", strength=9, steps=1), ger("g", "0909", strength=1)]
    assert checks(make_bot(position(units))) == []


@pytest.mark.rules("9.4")
def test_9_4_a_one_step_unit_may_lead_against_an_unsupplied_target():
    units = [sov("a", "0808", "02", strength=9, steps=1),
             ger("g", "0909", strength=1, more=", supply: out-of-supply")]
    assert checks(make_bot(position(units)))[0]["lead"] == "a"


@pytest.mark.rules("9.4")
def test_9_4_dispersed_or_unsupplied_units_neither_lead_nor_join():
    units = [sov("a", "0808", "02", strength=3), sov("b", "0908", "03", more=", dispersed: true"),
             sov("c", "1008", "04", more=", supply: out-of-supply"), ger("g", "0909")]
    c = checks(make_bot(position(units)))[0]
    assert c["lead"] == "a" and c["units"] == ["a"]


@pytest.mark.rules("9.4")
def test_9_4_all_defenders_isolated_attack_whatever_the_ratio():
    units = [sov("a", "0808", "02", strength=1),
             ger("g", "0909", strength=9, more=", supply: isolated")]
    c = checks(make_bot(position(units)))[0]
    assert c["rounded"] == 0 and c["attack"] is True


@pytest.mark.rules("9.4")
def test_9_4_defender_modifiers_ip_and_dispersal():
    units = [sov("a", "0808", "02", strength=8), ger("g", "0909", strength=3,
                                                     more=", dispersed: true")]
    c = checks(make_bot(position(units, hexes={"0909": "{terrain: clear, ip: true}"})))[0]
    mods = {m["situation"]: m["value"] for m in c["modifiers"]}
    assert mods == {"in improved position": 1, "all German units dispersed": -1}
    assert c["german_strength"] == 3


@pytest.mark.rules("9.42")
def test_9_42_a_checked_hex_is_not_checked_again():
    units = [sov("a", "0808", "02", strength=3), ger("g", "0909", strength=5)]
    assert checks(make_bot(position(units, "checked_targets: ['0909']\n"))) == []


@pytest.mark.rules("9.43")
def test_9_43_a_unit_that_attacked_neither_leads_nor_joins():
    units = [sov("a", "0808", "02", strength=3), sov("b", "0908", "03", more=", attacked: true"),
             ger("g", "0909", strength=1)]
    c = checks(make_bot(position(units)))[0]
    assert c["units"] == ["a"]


@pytest.mark.rules("9.4")
def test_9_4_leads_in_ascending_selector_order():
    units = [sov("hi", "0808", "09", strength=3), sov("lo", "1110", "03", strength=3),
             ger("g", "0909", strength=5), ger("h", "1111", strength=5)]
    assert [c["lead"] for c in checks(make_bot(position(units)))] == ["lo", "hi"]
