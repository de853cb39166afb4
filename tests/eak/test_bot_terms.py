"""Rulings on the 9.3 terms that need movement: proximate (to a hex, to an enemy unit) and
nearly surrounded (one German move away from being surrounded)."""

from __future__ import annotations

import pytest
from bot_helpers import ger, position, sov

from adjudicator.games.eak.commands.bot import terms_answer


def unit(a, uid):
    return next(u for u in a["units"] if u["unit"] == uid)


@pytest.mark.rules("9.3")
def test_9_3_nearly_surrounded_by_one_german_move():
    # g1 in 0808 covers 0808, 0809 and 0908; g3 can reach 1009, from where it covers
    # 0910, 1008 and 1009: the Soviet unit in 0909 would be surrounded.
    sc = position([sov("w", "0909", "05"), ger("g1", "0808"), ger("g3", "1111")])
    w = unit(terms_answer(sc, "0909"), "w")
    assert w["nearly_surrounded"] is True
    assert {"german": "g3", "moving_to": "1009"} in w["nearly_surrounded_by"]


@pytest.mark.rules("9.3")
def test_9_3_not_nearly_surrounded_when_two_moves_are_needed():
    # g1 alone cannot close 0910, 1008 and 1009 without opening 0808.
    sc = position([sov("w", "0909", "05"), ger("g1", "0808")])
    assert unit(terms_answer(sc, "0909"), "w")["nearly_surrounded"] is False


@pytest.mark.rules("9.3")
def test_9_3_nearly_surrounded_does_not_apply_in_a_friendly_edge_hex():
    # 0913 lies on the map's west edge (the last column of the small map)
    units = [sov("w", "0913", "05"), ger("g1", "0812"), ger("g3", "0710")]
    assert unit(terms_answer(position(units), "0913"), "w")["nearly_surrounded"] is True
    hexes = {"0913": "{terrain: clear, edge: soviet}"}
    sc = position(units, hexes=hexes)
    assert unit(terms_answer(sc, "0913"), "w")["nearly_surrounded"] is False


@pytest.mark.rules("9.3")
def test_9_3_a_dispersed_german_unit_makes_no_potential_move():
    sc = position([sov("w", "0909", "05"), ger("g1", "0808"),
                   ger("g3", "1111", more=", dispersed: true")])
    assert unit(terms_answer(sc, "0909"), "w")["nearly_surrounded"] is False


@pytest.mark.rules("9.3")
def test_9_3_proximate_to_a_hex_within_one_move():
    sc = position([sov("m", "0907", "05", ma=1), sov("n", "0505", "06", ma=1),
                   ger("g", "1213")])
    a = terms_answer(sc, "0908")
    assert "m" in a["proximate_to_this_hex"]["units"]
    assert "n" not in a["proximate_to_this_hex"]["units"]


@pytest.mark.rules("9.3")
def test_9_3_proximate_to_an_enemy_unit_next_to_it_or_a_move_away():
    sc = position([sov("m", "0907", "05", ma=1), sov("far", "0505", "06", ma=1),
                   ger("g", "0909")])
    g = unit(terms_answer(sc, "0909"), "g")
    assert "m" in g["proximate_enemies"] and "far" not in g["proximate_enemies"]
