"""Rulings on the Soviet cards: command card selection and the auxiliary event (8.1),
which commands can be carried out (8.11-8.13) and which units an activation command
activates (8.13, 8.3). Cards: the bundled practice set (invented values)."""

from __future__ import annotations

import pytest
from bot_helpers import ger, make_bot, position, sov

from adjudicator.games.eak.bot import activate, prefer, select_card

UNITS = [sov("a", "0907", "02"), sov("b", "1007", "05", army="3T"),
         ger("g", "0710")]


@pytest.mark.rules("8.1")
def test_8_1_the_primary_card_is_the_command_card():
    a = select_card(make_bot(position(UNITS)), ["E02", "E01"])  # E01 Primary
    assert a["command"] == "E01" and a["auxiliary"] == "E02"
    assert a["decided_by"]["letter"] == "a" and a["decided_by"]["eliminated"] == ["E02"]


@pytest.mark.rules("8.1")
def test_8_1_neither_primary_the_higher_command_value():
    a = select_card(make_bot(position(UNITS)), ["E11", "E03"])  # CV 1 and CV 2
    assert a["command"] == "E03" and a["decided_by"]["letter"] == "b"


@pytest.mark.rules("8.1")
def test_8_1_equal_values_the_lower_card_number():
    a = select_card(make_bot(position(UNITS)), ["E03", "E02"])  # both CV 2, not primary
    assert a["command"] == "E02" and a["decided_by"]["letter"] == "c"


@pytest.mark.rules("8.0")
def test_8_0_one_card_left_is_the_command_card():
    a = select_card(make_bot(position(UNITS)), ["E11"])
    assert a["command"] == "E11" and a["auxiliary"] is None


@pytest.mark.rules("8.1")
def test_8_1_auxiliary_event_fires_on_a_valid_turn():
    # E05's first command is the forward-support event, valid on turns 5-12.
    a = select_card(make_bot(position(UNITS, turn=5)), ["E01", "E05"])
    assert a["auxiliary"] == "E05" and a["auxiliary_event"]["fires"] is True


@pytest.mark.rules("8.1")
def test_8_1_auxiliary_event_does_not_fire_outside_its_turns():
    a = select_card(make_bot(position(UNITS, turn=4)), ["E01", "E05"])
    assert a["auxiliary_event"]["fires"] is False


@pytest.mark.rules("8.1")
def test_8_1_auxiliary_event_blocked_by_the_game_situation():
    a = select_card(make_bot(position(UNITS, turn=5)), ["E01", "E05"], event_blocked=True)
    assert a["auxiliary_event"]["fires"] is False


@pytest.mark.rules("8.1")
def test_8_1_a_special_event_on_the_auxiliary_card_is_not_implemented():
    a = select_card(make_bot(position(UNITS)), ["E01", "E15"])  # E15: special event
    assert a["auxiliary_event"]["fires"] is False
    assert "special" in a["auxiliary_event"]["why"]


@pytest.mark.rules("8.12")
def test_8_12_replacement_with_a_reduced_unit_in_the_army():
    units = [sov("r", "0907", "02", army="6", front="southwest", more=", steps: 1"),
             ger("g", "0710")]
    a = select_card(make_bot(position(units, turn=6)), ["E06"])
    assert a["command_done"]["n"] == 1 and a["command_done"]["kind"] == "replacement"


@pytest.mark.rules("8.12", "8.13")
def test_8_12_no_replacement_without_a_reduced_unit_the_next_command():
    units = [sov("r", "0907", "02", army="6", front="southwest"), ger("g", "0710")]
    a = select_card(make_bot(position(units, turn=6)), ["E06"])
    assert a["commands"][0]["performable"] is False
    assert a["command_done"]["n"] == 2 and a["command_done"]["kind"] == "army"


@pytest.mark.rules("8.13")
def test_8_13_army_card_needs_a_non_isolated_unit():
    units = [sov("a", "0907", "02", more=", supply: isolated"), ger("g", "0710")]
    a = select_card(make_bot(position(units)), ["E03"])  # army 69
    assert a["command_done"] is None


@pytest.mark.rules("8.13")
def test_8_13_army_card_activates_the_army_and_its_reserves_only():
    extra = ("reserve_box:\n  - {id: res, type: infantry, selector: '09', strength: 3, ma: 4,"
             " army: '69', front: voronezh}\n"
             "  - {id: other, type: infantry, selector: '03', strength: 3, ma: 4,"
             " army: '40', front: voronezh}\n")
    units = [sov("a", "0907", "02"), sov("b", "1007", "05"), sov("c", "0707", "03", army="40"),
             ger("g", "0710")]
    bot = make_bot(position([u.replace("active: true", "active: false") for u in units],
                            extra))
    a = activate(bot, {"kind": "army", "arg": "69"}, "E03")
    assert a["active"] == ["a", "b"] and a["active_reserves"] == ["res"]
    assert bot.unit("a").active and not bot.unit("c").active


@pytest.mark.rules("8.13", "8.3")
def test_8_13_army_units_card_prefers_supplied_then_strength_and_skips_vp_hexes():
    units = [sov("a", "0907", "02", strength=2), sov("b", "1007", "05", strength=6),
             sov("c", "0707", "03", strength=5, more=", supply: out-of-supply"),
             sov("d", "0606", "04", strength=9), ger("g", "0710")]
    sc = position(units, hexes={"0606": "{terrain: town, vp: 1, owner: soviet}"})
    a = activate(make_bot(sc), {"kind": "army-units", "arg": "69"}, "E11")
    # d stands in a VP hex; c is unsupplied; of a and b, b is stronger.
    assert [c["hex"] for c in a["choices"]] == ["1007", "0907"]
    assert a["choices"][0]["trail"][0]["letter"] == "a"
    assert "0707" in a["choices"][0]["trail"][0]["eliminated"]
    assert "0606" not in a["choices"][0]["candidates"]


@pytest.mark.rules("8.13")
def test_8_13_voronezh_card_turns_2_3_activates_3rd_tank_and_stacked_units():
    units = [sov("t", "0907", "02", army="3T"), sov("s", "0907", "07", army="40"),
             sov("x", "1007", "05", army="69"), ger("g", "0710")]
    a = activate(make_bot(position(units, turn=2)), {"kind": "front", "arg": "voronezh"},
                 "E04")
    assert a["active"] == ["t", "s"]


@pytest.mark.rules("8.13", "8.3")
def test_8_13_voronezh_card_turns_4_7_the_army_with_most_units():
    units = [sov("t", "0907", "02", army="3T"), sov("x", "1007", "05", army="69"),
             sov("y", "1006", "06", army="69"), ger("g", "0710")]
    a = activate(make_bot(position(units, turn=5)), {"kind": "front", "arg": "voronezh"},
                 "E04")
    assert a["choices"][0]["army"] == "69" and a["active"] == ["x", "y"]


@pytest.mark.rules("8.3")
def test_8_3_a_preference_that_applies_to_no_item_is_skipped():
    chosen, trail = prefer(["x", "y"], {"x": {"b": 1}}, ["a", "b"])
    assert chosen == "x" and [t["letter"] for t in trail] == ["b"]


def late_front(extra="", more_units=()):
    units = [sov("t", "0907", "02", army="3T"), sov("x", "1007", "05", army="69"),
             sov("y", "1006", "06", army="69"), ger("g", "0710"), *more_units]
    return make_bot(position(units, extra, turn=8))


@pytest.mark.rules("8.13", "9.8")
def test_8_13_front_card_turn_8_activates_the_units_beyond_the_operational_limit():
    a = activate(late_front("beyond_limit: ['0907']\n"), {"kind": "front", "arg": "voronezh"},
                 "E04")
    assert a["active"] == ["t"] and a["active_reserves"] == []
    assert a["choices"][0]["units"][0]["why"] == "beyond the operational limit"


@pytest.mark.rules("8.13", "9.3")
def test_8_13_front_card_turn_8_activates_nearly_surrounded_units():
    # n (0808): g1 (0708) and g2, which can enter 0909, would surround it
    more = [sov("n", "0808", "07", army="40"), ger("g1", "0708", ma=0),
            ger("g2", "1009", ma=2)]
    a = activate(late_front(more_units=more), {"kind": "front", "arg": "voronezh"}, "E04")
    assert "n" in a["active"] and "x" not in a["active"]
    assert {"unit": "n", "hex": "0808", "why": "nearly surrounded"} in a["choices"][0]["units"]


@pytest.mark.rules("8.13")
def test_8_13_front_card_turn_8_with_no_such_unit_uses_the_turn_4_7_rule():
    a = activate(late_front(), {"kind": "front", "arg": "voronezh"}, "E04")
    assert a["choices"][0]["army"] == "69" and a["active"] == ["x", "y"]
