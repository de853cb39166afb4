"""Rulings on Streets of Stalingrad's stacking (5.1-5.8, 8.08, 16.53, 17.21)."""

from __future__ import annotations

import pytest
from sos_positions import position, unit

from adjudicator.games.sos import engine
from adjudicator.games.sos.queries.stacking import stacking


def many(n, side="german", hex_="0303", cls="infantry", start=0, **kw):
    return [unit(f"{cls}{i}", side, hex_, cls, **kw) for i in range(start, start + n)]


def over(sc):
    return {(o.hex, o.side, o.kind): (o.count, o.limit, o.rules) for o in stacking(sc).over}


@pytest.mark.rules("5.3")
def test_5_3_four_german_combat_units_with_armour():
    sc = position(many(3) + [unit("t", "german", "0303", "armor", movement=18)])
    assert stacking(sc).legal
    sc = position(many(4) + [unit("t", "german", "0303", "assault-gun", movement=18)])
    assert over(sc) == {("0303", "german", "combat"): (5, 4, ["5.3"])}


@pytest.mark.rules("5.3")
def test_5_3_without_armour_three_by_default_four_by_the_other_reading():
    assert over(position(many(4))) == {("0303", "german", "combat"): (4, 3, ["5.3"])}
    assert stacking(position(many(3))).legal
    assert stacking(position(many(4), readings={"5.3": "four"})).legal


@pytest.mark.rules("5.4")
def test_5_4_three_soviet_combat_units():
    assert stacking(position(many(3, "soviet"))).legal
    got = over(position(many(3, "soviet") + [unit("t", "soviet", "0303", "armor")]))
    assert got == {("0303", "soviet", "combat"): (4, 3, ["5.4"])}


@pytest.mark.rules("5.5")
def test_5_5_the_extra_units_on_top_of_the_combat_units():
    units = many(3, "soviet") + [unit("l", "soviet", "0303", "leader"),
                                 unit("o", "soviet", "0303", "op"),
                                 unit("n", "soviet", "0303", "sniper")] \
        + many(3, "soviet", cls="transport")
    assert stacking(position(units)).legal
    got = over(position(units + [unit("c", "soviet", "0303", "commissar")]))
    assert got == {("0303", "soviet", "leader"): (2, 1, ["5.5"])}
    got = over(position(units + many(1, "soviet", cls="transport", start=5)))
    assert got == {("0303", "soviet", "transport"): (4, 3, ["5.5"])}


@pytest.mark.rules("5.5")
def test_5_5_soviet_special_units_are_counted_for_the_soviet_side_only():
    # One sniper and one mine dog a hex for the Soviet side; a German position with either
    # is refused when read (test_sos_scenario), so no German limit is ever reported.
    assert stacking(position([unit("n", "soviet", "0303", "sniper"),
                              unit("d", "soviet", "0303", "mine-dog")])).legal
    got = over(position([unit("n", "soviet", "0303", "sniper"),
                         unit("z", "soviet", "0303", "sniper", name="Zaitsev")]))
    assert got == {("0303", "soviet", "sniper"): (2, 1, ["5.5"])}
    # The German side gets no limit for the Soviet-only kinds at all.
    rows = engine.solve(position([unit("g", "german", "0303")]), "stacking").rows(
        "stack_limit")
    german = {k for h, s, k, m, r in rows if s == "german"}
    assert "combat" in german and "leader" in german
    assert not german & {"sniper", "mine-dog", "transport", "tank-repair", "flotilla"}


@pytest.mark.rules("5.5", "16.53")
def test_16_53_two_flotilla_units_only_on_volga_hexes():
    assert stacking(position(many(2, "soviet", "0102", "flotilla"))).legal
    assert over(position(many(3, "soviet", "0102", "flotilla"))) == {
        ("0102", "soviet", "flotilla"): (3, 2, ["5.5"])}
    assert over(position(many(1, "soviet", "0303", "flotilla"))) == {
        ("0303", "soviet", "flotilla"): (1, 0, ["16.53"])}


@pytest.mark.rules("5.6")
def test_5_6_a_minefield_hex_holds_one_combat_unit_and_one_helper():
    base = [unit("m", "soviet", "0303", "minefield"), unit("i", "soviet", "0303"),
            unit("l", "soviet", "0303", "leader")]
    assert stacking(position(base)).legal
    got = over(position(base + [unit("j", "soviet", "0303")]))
    assert got == {("0303", "soviet", "combat"): (2, 1, ["5.6"])}
    got = over(position(base + [unit("o", "soviet", "0303", "op")]))
    assert got == {("0303", "soviet", "escort"): (2, 1, ["5.6"])}
    got = over(position(base + [unit("m2", "soviet", "0303", "minefield")]))
    assert got == {("0303", "soviet", "minefield"): (2, 1, ["5.6"])}


@pytest.mark.rules("5.7")
def test_5_7_stukas_do_not_count():
    assert stacking(position(many(3) + many(5, cls="stuka"))).legal


@pytest.mark.rules("5.8")
def test_5_8_an_overstack_may_stand_only_with_pinned_moving_units():
    sc = position(many(3) + [unit("p", "german", "0303", pinned=True)])
    (o,) = stacking(sc).over
    assert o.may_stand_if_pinned
    (o,) = stacking(position(many(4))).over
    assert not o.may_stand_if_pinned


@pytest.mark.rules("8.08")
def test_8_08_combat_units_of_both_sides_never_share_a_hex():
    sc = position([unit("g", "german", "0303"), unit("s", "soviet", "0303")])
    assert stacking(sc).mixed == {"0303": ["8.08"]} and not stacking(sc).legal
    sc = position([unit("g", "german", "0303"), unit("s", "soviet", "0303", "leader")])
    assert stacking(sc).mixed == {}
