"""Rulings on Streets of Stalingrad's advance after combat (9.85, 9.86, 6.7)."""

from __future__ import annotations

import pytest
from sos_positions import position, unit

from adjudicator.games.sos.queries.advances import advances


def adv(attackers, extra=(), hexes=None, hexsides=None, emptied="eliminated",
        readings=None, ids=None):
    sc = position([*attackers, *extra], hexes=hexes, hexsides=hexsides, readings=readings)
    return advances(sc, "0404", ids or [u["id"] for u in attackers], emptied)


@pytest.mark.rules("9.85")
def test_9_85_adjacent_attackers_may_advance_into_the_emptied_hex():
    ans = adv([unit("a", "german", "0405"), unit("b", "german", "0406")])
    assert ans.may == {"a": ["9.85"]}
    assert ans.refused == {"b": [("not-adjacent", "9.85")]}


@pytest.mark.rules("9.85")
def test_9_85_not_while_an_enemy_unit_remains():
    ans = adv([unit("a", "german", "0405")], extra=[unit("s", "soviet", "0404")])
    assert ans.none == [("enemy-units-remain", "9.85")] and ans.may == {}


@pytest.mark.rules("9.85")
def test_9_85_a_hex_emptied_by_a_p_result_retreat_by_reading():
    ans = adv([unit("a", "german", "0405")], emptied="retreat")
    assert ans.none == [("emptied-by-retreat", "9.85")]
    ans = adv([unit("a", "german", "0405")], emptied="retreat",
              readings={"9.85": "emptied"})
    assert ans.may == {"a": ["9.85"]}


@pytest.mark.rules("9.86")
def test_9_86_a_vehicle_may_not_advance_across_a_balka_without_bridge_or_road():
    balka = {"0404": {"features": ["balka"]}}
    ans = adv([unit("t", "german", "0405", "armor", movement=18),
               unit("i", "german", "0403")], hexes=balka)
    assert ans.refused == {"t": [("vehicle-across-balka", "9.86")]} and "i" in ans.may
    ans = adv([unit("t", "german", "0405", "armor", movement=18)], hexes=balka,
              extra=[unit("br", "soviet", "0404", "bridge")])
    assert "t" in ans.may  # a bridge (usable by both sides, 17.11) lets it across
    ans = adv([unit("t", "german", "0405", "armor", movement=18)], hexes=balka,
              hexsides={"0404-0405": {"features": ["road"]}})
    assert "t" in ans.may


@pytest.mark.rules("9.86")
def test_9_86_only_into_a_hex_it_could_enter_normally():
    ans = adv([unit("a", "soviet", "0405")], hexes={"0404": {"terrain": "volga",
                                                              "features": ["volga"]}})
    assert ans.refused == {"a": [("prohibited-terrain", "9.86")]}


@pytest.mark.rules("6.7", "9.86")
def test_6_7_an_advance_may_go_from_one_enemy_zoc_hex_into_another():
    enemy = unit("s", "soviet", "0304")  # its ZOC covers 0404 and 0305
    ans = adv([unit("a", "german", "0305")], extra=[enemy])
    assert ans.may == {"a": ["6.7", "9.85"]}
    ans = adv([unit("a", "german", "0505")], extra=[enemy])
    assert ans.may == {"a": ["9.85"]}


@pytest.mark.rules("9.85", "5.3", "5.4")
def test_9_85_up_to_the_stacking_limit():
    assert adv([unit("a", "german", "0405")]).cap == (3, "5.3")
    assert adv([unit("a", "german", "0405", "armor", movement=18)]).cap == (4, "5.3")
    assert adv([unit("a", "soviet", "0405")]).cap == (3, "5.4")


@pytest.mark.rules("8.01", "9.85")
def test_8_01_units_that_cannot_move_never_advance():
    ans = adv([unit("f", "german", "0405", "fortification"), unit("a", "german", "0403")])
    assert ans.refused == {"f": [("cannot-move", "8.01")]} and "a" in ans.may
