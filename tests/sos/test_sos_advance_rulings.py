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


@pytest.mark.rules("9.86", "8.12")
def test_9_86_entering_a_balka_hex_is_not_crossing_the_balka():
    # 8.12: vehicles may enter, stay in and move along balka hexes; 9.86 bars only a
    # crossing
    balka = {"0404": {"features": ["balka"]}}
    ans = adv([unit("t", "german", "0405", "armor", movement=18),
               unit("i", "german", "0403")], hexes=balka)
    assert ans.may == {"t": ["9.85"], "i": ["9.85"]} and ans.refused == {}


@pytest.mark.rules("9.86")
def test_9_86_a_vehicle_may_not_advance_across_a_balka_without_bridge_or_road():
    side = {"0404-0405": {"features": ["balka"]}}
    ans = adv([unit("t", "german", "0405", "armor", movement=18),
               unit("i", "german", "0403"), unit("f", "german", "0304")], hexsides=side)
    assert ans.refused == {"t": [("vehicle-across-balka", "9.86")]}
    assert set(ans.may) == {"i", "f"}  # foot units cross it
    for way in ("road", "bridge"):
        ans = adv([unit("t", "german", "0405", "armor", movement=18)],
                  hexsides={"0404-0405": {"features": ["balka", way]}})
        assert "t" in ans.may, way
    # a blocking balka drawn through a hex: from 0405, 0404 lies beyond the balka that
    # runs through its sides towards 0306 and 0505
    through = {"0405": {"features": ["balka"], "crossings": [
        {"feature": "balka", "through": ["0306", "0505"]}]}}
    ans = adv([unit("t", "german", "0405", "armor", movement=18)], hexes=through,
              readings={"8.12#start": "along-only"})
    assert ans.refused == {"t": [("vehicle-across-balka", "9.86")]}
    ans = adv([unit("t", "german", "0405", "armor", movement=18)], hexes=through,
              extra=[unit("br", "soviet", "0405", "bridge")],
              readings={"8.12#start": "along-only"})
    assert "t" in ans.may  # a bridge unit in the hex lets it across (17.12)


@pytest.mark.rules("17.12")
def test_17_12_no_crossing_over_a_bridge_in_a_pinned_hex():
    through = {"0405": {"features": ["balka"], "crossings": [
        {"feature": "balka", "through": ["0306", "0505"]}]}}
    tank = unit("t", "german", "0405", "armor", movement=18)
    bridge = unit("br", "soviet", "0405", "bridge")
    along = {"8.12#start": "along-only"}
    ans = adv([tank], hexes=through, extra=[bridge, unit("i", "german", "0405")],
              readings=along)
    assert "t" in ans.may
    ans = adv([tank], hexes=through,
              extra=[bridge, unit("i", "german", "0405", pinned=True)], readings=along)
    assert ans.refused == {"t": [("vehicle-across-balka", "9.86")]}


@pytest.mark.rules("8.12")
def test_8_12_out_of_a_hex_a_blocking_feature_runs_through_by_reading():
    def crossing(feature, **kw):
        return {"0405": {"crossings": [{"feature": feature, "through": ["0306", "0505"],
                                        **kw}]}}
    tank = unit("t", "german", "0405", "armor", movement=18)
    # owner-chooses (default): the owner says which bank the tank is on
    assert "t" in adv([tank], hexes=crossing("tartar-wall")).may
    ans = adv([tank], hexes=crossing("tartar-wall"), readings={"8.12#start": "along-only"})
    assert ans.refused == {"t": [("vehicle-across-blocking-terrain", "8.12")]}
    # Appendix B's verdict, given in the position: vehicles may cross there
    ans = adv([tank], hexes=crossing("tartar-wall", vehicles="cross"),
              readings={"8.12#start": "along-only"})
    assert "t" in ans.may
    # along the feature is no crossing; foot units are never barred
    ans = adv([unit("t", "german", "0405", "armor", movement=18)],
              hexes={"0405": {"crossings": [{"feature": "rail-cut",
                                             "through": ["0404", "0406"]}]}},
              readings={"8.12#start": "along-only"})
    assert "t" in ans.may
    ans = adv([unit("i", "german", "0405")], hexes=crossing("rail-cut"),
              readings={"8.12#start": "along-only"})
    assert "i" in ans.may


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
