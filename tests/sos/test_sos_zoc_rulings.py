"""Rulings on Streets of Stalingrad's zones of control (6.1-6.8, 8.09, 10.7, 16.46,
16.62, 19.2): each rule allowed and forbidden, on small positions."""

from __future__ import annotations

import pytest
from sos_positions import position, unit

from adjudicator.games.sos.queries.zoc import zoc


def zone(sc, side="german", purpose="movement"):
    return {h for h, ss in zoc(sc).controls[purpose].items() if side in ss}


@pytest.mark.rules("6.1")
def test_6_1_a_combat_unit_controls_its_six_neighbours():
    sc = position([unit("a", "german", "0303")])
    assert zone(sc) == set(sc.grid.neighbours("0303"))
    assert zoc(sc).exerts == {"a": ["6.1"]}


@pytest.mark.rules("6.1")
@pytest.mark.parametrize("cls", ["leader", "op", "mine-dog", "transport", "tank-repair",
                                 "flotilla", "stuka", "bridge", "minefield", "fortification"])
def test_6_1_these_units_have_no_zoc(cls):
    side = "german" if cls == "stuka" else "soviet"  # Stukas are German (15.1)
    sc = position([unit("a", side, "0303", cls)])
    assert zone(sc, side) == set() and zoc(sc).no_zoc == {"a": ["6.1"]}


@pytest.mark.rules("6.1")
@pytest.mark.parametrize("extra", [{"class": "sniper"}, {"immobilized": True,
                                                         "class": "armor"},
                                   {"class": "armored-train"}])
def test_6_1_snipers_trains_and_immobilized_tanks_have_one(extra):
    u = unit("a", "soviet", "0303")
    u.update(extra)
    assert zone(position([u]), "soviet") == set(position([u]).grid.neighbours("0303"))


@pytest.mark.rules("6.2")
def test_6_2_no_zoc_into_city_or_industrial_but_out_of_them_and_into_the_volga():
    hexes = {"0302": {"features": ["city"]}, "0402": {"features": ["industrial",
                                                                    "fortified"]}}
    sc = position([unit("a", "german", "0303")], hexes=hexes)
    got = zone(sc)
    assert "0302" not in got and "0402" not in got and "0304" in got
    assert zoc(sc).barred[("0302", "german")] == ["6.2"]
    # out of a city hex it reaches; into the Volga it does too
    sc = position([unit("a", "german", "0202")],
                  hexes={"0202": {"features": ["city"]}})
    assert {"0102", "0103", "0303"} <= zone(sc)


@pytest.mark.rules("6.3")
def test_6_3_zoc_reaches_across_a_balka_the_unit_may_not_cross():
    sc = position([unit("a", "german", "0303", "armor", movement=18)],
                  hexsides={"0303-0304": {"features": ["balka"]}})
    assert "0304" in zone(sc)
    assert zoc(sc).across[("0303", "0304", "balka")] == ["6.3"]
    sc = position([unit("a", "german", "0303", "armor", movement=18)])
    assert zoc(sc).across == {}


@pytest.mark.rules("6.5", "8.09")
def test_6_5_8_09_foot_units_stop_armour_does_not():
    sc = position([unit("i", "german", "0303"), unit("t", "german", "0305", "armor",
                                                      movement=18)])
    moves = zoc(sc).moves
    assert moves["i"]["stops"] == ["6.5", "8.09"]
    assert "stops" not in moves["t"]


@pytest.mark.rules("6.6", "6.7", "8.51")
def test_6_6_6_7_armour_goes_zoc_to_zoc_infantry_may_not():
    sc = position([unit("i", "german", "0303"), unit("t", "german", "0305", "armor",
                                                      movement=18)])
    moves = zoc(sc).moves
    assert moves["t"]["breakthrough-movement"] == ["6.6", "8.51"]
    assert set(moves["t"]) == {"breakthrough-movement", "no-extra-mp",
                               "plus-2-mp-leaving-in-breakthrough"}
    assert moves["i"]["no-zoc-to-zoc"] == ["6.7"]


@pytest.mark.rules("6.8")
def test_6_8_a_friendly_unit_does_not_negate_an_enemy_zoc_for_movement():
    sc = position([unit("g", "german", "0303"), unit("s", "soviet", "0304")])
    assert "0304" in zone(sc, "german", "movement")
    assert "0304" in zone(sc, "german", "retreat")


@pytest.mark.rules("19.2")
def test_19_2_a_friendly_unit_negates_it_for_isolation():
    sc = position([unit("g", "german", "0303"), unit("s", "soviet", "0304")])
    assert "0304" not in zone(sc, "german", "isolation")
    assert zoc(sc).negated[("0304", "german", "isolation")] == ["19.2"]
    assert "0302" in zone(sc, "german", "isolation")  # no Soviet unit there


@pytest.mark.rules("10.7")
def test_10_7_a_breakthru_marker_negates_the_enemy_zoc_there():
    hexes = {"0304": {"breakthru": "soviet"}}
    sc = position([unit("g", "german", "0303")], hexes=hexes)
    assert "0304" not in zone(sc)
    assert zoc(sc).negated[("0304", "german", "movement")] == ["10.7"]
    # a marker of the German side's own breakthrough does not negate the German ZOC
    sc = position([unit("g", "german", "0303")], hexes={"0304": {"breakthru": "german"}})
    assert "0304" in zone(sc)


@pytest.mark.rules("16.46")
def test_16_46_a_transport_may_enter_unload_and_leave():
    sc = position([unit("t", "soviet", "0303", "transport"), unit("i", "soviet", "0305")])
    moves = zoc(sc).moves
    assert moves["t"]["unload-and-leave"] == ["16.46"]
    assert set(moves["t"]) == {"unload-and-leave", "no-extra-mp"}
    assert "unload-and-leave" not in moves["i"]


@pytest.mark.rules("16.62")
def test_16_62_an_armored_train_enters_but_never_moves_through():
    sc = position([unit("a", "soviet", "0303", "armored-train"),
                   unit("t", "soviet", "0305", "armor", movement=18)])
    moves = zoc(sc).moves
    assert moves["a"]["enter-not-through"] == ["16.62"]
    assert set(moves["a"]) == {"enter-not-through", "no-extra-mp"}
    assert "enter-not-through" not in moves["t"]


@pytest.mark.rules("6.4", "6.6", "8.56")
def test_6_4_no_extra_mp_for_zoc_but_2_mp_leaving_in_breakthrough_movement():
    sc = position([unit("i", "german", "0303"), unit("t", "german", "0305", "armor",
                                                      movement=18),
                   unit("m", "german", "0306", "minefield")])
    moves = zoc(sc).moves
    assert moves["i"]["no-extra-mp"] == ["6.4"]
    assert "plus-2-mp-leaving-in-breakthrough" not in moves["i"]
    assert moves["t"]["plus-2-mp-leaving-in-breakthrough"] == ["6.6", "8.56"]
    assert "m" not in moves  # a minefield does not move
