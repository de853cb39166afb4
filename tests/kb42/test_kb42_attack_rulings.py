"""Rulings on Kharkov Battles attack determination (12.1, 12.35, 12.36, 15.11), with the
points of the 12.1 example: a stack in a city obliges no attack, and a ZOC does not cross
an unbridged Major River in the Combat Phase."""

from __future__ import annotations

import pytest
from cli_helpers import run
from kb42_positions import position, unit

from adjudicator.games.kb42.queries.attack import attacks

ROW = {f"KB36{c}": "clear" for c in range(14, 20)}


@pytest.mark.rules("12.1")
def test_12_1_every_enemy_exerting_a_zoc_on_an_attacker_must_be_attacked():
    units = [unit("a", "axis", "KB3616"), unit("s", "soviet", "KB3615"),
             unit("t", "soviet", "KB3617")]
    ans = attacks(position(units, hexes=ROW), ["a"])
    assert ans.must_attack == {"KB3615": ["KB3616"], "KB3617": ["KB3616"]}
    assert ans.may_attack == {"a": ["KB3615", "KB3617"]} and ans.legal
    # an enemy two hexes away, or one without a ZOC, obliges nothing
    far = attacks(position([unit("a", "axis", "KB3616"), unit("s", "soviet", "KB3618")],
                           hexes=ROW), ["a"])
    assert far.must_attack == {}
    wb = attacks(position([unit("a", "axis", "KB3616"),
                           unit("s", "soviet", "KB3617", white_band=True)], hexes=ROW), ["a"])
    assert wb.must_attack == {}


@pytest.mark.rules("12.1", "7.14")
def test_12_1_example_a_stack_in_a_city_obliges_no_attack():
    hexes = {**ROW, "KB3617": {"terrain": "clear", "city": "minor"}}
    ans = attacks(position([unit("a", "axis", "KB3616"), unit("s", "soviet", "KB3617")],
                           hexes=hexes), ["a"])
    assert ans.must_attack == {} and ans.may_attack == {"a": ["KB3617"]}


@pytest.mark.rules("12.1", "7.31")
def test_12_1_example_no_zoc_across_an_unbridged_major_river_in_combat():
    units = [unit("a", "axis", "KB3616"), unit("s", "soviet", "KB3617")]
    river = attacks(position(units, hexes=ROW,
                             hexsides={"KB3616-KB3617": {"river": "major"}}), ["a"])
    assert river.must_attack == {} and river.may_attack == {"a": ["KB3617"]}
    bridged = attacks(position(units, hexes=ROW, hexsides={
        "KB3616-KB3617": {"river": "major", "bridge": "road"}}), ["a"])
    assert bridged.must_attack == {"KB3617": ["KB3616"]}


@pytest.mark.rules("12.35", "12.36")
def test_12_35_impassable_and_12_36_dnepr_hexsides_allow_no_attack():
    units = [unit("a", "axis", "KB3616"), unit("s", "soviet", "KB3617")]
    for side, rule in (({"impassable": True}, "12.35"), ({"river": "dnepr"}, "12.36")):
        ans = attacks(position(units, hexes=ROW, hexsides={"KB3616-KB3617": side}), ["a"])
        assert ans.may_attack == {"a": []} and ans.refused == {("a", "KB3617"): [rule]}
    pontoon = attacks(position(units, hexes=ROW, hexsides={
        "KB3616-KB3617": {"river": "dnepr", "bridge": "pontoon"}}), ["a"])
    assert pontoon.may_attack == {"a": ["KB3617"]}


@pytest.mark.rules("12.1", "15.11")
def test_12_1_an_obligation_no_designated_unit_can_meet_is_reported():
    # Only an HQ is designated: it may not make the attack its own hex obliges (15.11)
    units = [unit("h", "axis", "KB3616", "hq"), unit("i", "axis", "KB3616"),
             unit("s", "soviet", "KB3617")]
    alone = attacks(position(units, hexes=ROW), ["h"])
    assert alone.must_attack == {"KB3617": ["KB3616"]} and alone.unmet == ["KB3617"]
    met = attacks(position(units, hexes=ROW), ["h", "i"])
    assert met.unmet == [] and met.legal


@pytest.mark.rules("15.11")
def test_15_11_an_hq_never_attacks_by_itself():
    units = [unit("h", "axis", "KB3616", "hq"), unit("i", "axis", "KB3616"),
             unit("s", "soviet", "KB3617")]
    alone = attacks(position(units, hexes=ROW), ["h"])
    assert alone.alone_hqs == ["h"] and not alone.legal
    together = attacks(position(units, hexes=ROW), ["h", "i"])
    assert together.alone_hqs == [] and together.legal


def test_cli_attacks(capsys, tmp_path):
    f = tmp_path / "p.yaml"
    f.write_text("game: kb42\nphasing: axis\nmap:\n  hexes:\n    KB3616: clear\n"
                 "    KB3617: clear\nunits:\n  - {id: a, side: axis, hex: KB3616, type: tank}\n"
                 "  - {id: s, side: soviet, hex: KB3617, type: infantry}\n")
    r = run(capsys, "attacks", str(f), "--units", "a", "--json")
    assert r.code == 0, r.err
    assert r.json["must_attack"] == {"KB3617": ["KB3616"]} and r.json["legal"] is True
    t = run(capsys, "attacks", str(f), "--units", "s")
    assert t.code == 2 and "not a unit of the phasing side" in t.err
