"""Rulings on the movement of unsupplied Soviet units (9.27) and the movement limits of
their supply state (13.21, 13.22)."""

from __future__ import annotations

import pytest
from bot_helpers import ger, make_bot, position, sov

from adjudicator.games.eak.bot import move_step
from adjudicator.games.eak.botfacts import F, S

OOS = ", supply: out-of-supply"
ISO = ", supply: isolated"
HEAD = {"0904": "{terrain: clear, edge: soviet}"}  # the Soviet supply head (13.1)


def run(units, hexes=None, extra=""):
    decisions = move_step(make_bot(position(units, extra, hexes=hexes)))
    return next(d for d in decisions if d["unit"] == "m"), decisions


def reach(units):
    bot = make_bot(position(units, hexes=HEAD))
    ans = bot.ask("botmove", [F("b_mover", [S("m")])])
    return {x for u, x in ans.rows("bot_reach", 2) if u == "m"}


@pytest.mark.rules("9.27", "13.1")
def test_9_27_a_unit_unable_to_trace_supply_moves_to_the_closest_supplied_hex():
    # 0912 is eight hexes from the supply head 0904; 0911 is seven.
    d, _ = run([ger("g", "0610"), sov("m", "0912", "05", more=OOS)], HEAD)
    assert d["section"] == "9.27" and d["method"] == 1 and d["to"] == "0911"
    assert d["trail"][-1]["rule"] == "9.27" and d["trail"][-1]["letter"] == "b"


@pytest.mark.rules("9.27", "13.5")
def test_9_27_prefers_a_supplied_hex_in_soviet_support():
    d, _ = run([ger("g", "0610"), sov("m", "0912", "05", more=OOS)], HEAD,
               "support: ['0909']\n")
    assert d["to"] == "0909" and d["trail"][0]["letter"] == "a"


@pytest.mark.rules("9.27")
def test_9_27_without_a_supplied_hex_in_reach_a_hex_next_to_no_german_unit():
    d, _ = run([ger("g", "0610"), sov("m", "0912", "05", more=OOS)])
    assert d["section"] == "9.27" and d["method"] == 2 and d["label"] == "U2"
    assert d["title"].startswith("To a hex next to no German unit")
    assert d["to"] not in {"0609", "0611", "0509", "0510", "0709", "0710"}


@pytest.mark.rules("9.27", "9.21")
def test_9_27_a_unit_able_to_trace_supply_uses_the_methods_of_9_21_after_the_others():
    units = [ger("g", "1213"), sov("m", "0909", "01", ma=1, more=OOS),
             sov("n", "1007", "09", ma=1)]
    d, decisions = run(units, HEAD)
    assert [x["unit"] for x in decisions] == ["n", "m"]
    assert d["method"] == 11 and d["label"] == "M11" and "9.27" in d["rules"]


@pytest.mark.rules("9.27")
def test_9_27_an_isolated_unit_next_to_a_german_unit_does_not_move():
    d, _ = run([ger("g", "0911"), sov("m", "0912", "05", more=ISO)], HEAD)
    assert d["to"] is None and "does not move" in d["why"]


@pytest.mark.rules("9.27", "9.3")
def test_9_27_a_surrounded_unsupplied_unit_does_not_move():
    # g1, g2 and g3 leave no hex around m in 1210 out of German control.
    units = [ger("g1", "1109"), ger("g2", "1111"), ger("g3", "1209", more=""),
             sov("m", "1210", "05", more=OOS)]
    d, _ = run(units, HEAD)
    assert d["to"] is None and d["rules"] == ["9.27"]


@pytest.mark.rules("9.27")
def test_9_27_an_out_of_supply_unit_not_next_to_a_german_unit_moves():
    d, _ = run([ger("g", "0606"), sov("m", "0912", "05", more=OOS)], HEAD)
    assert d["to"] is not None


@pytest.mark.rules("13.22")
def test_13_22_an_isolated_infantry_unit_moves_one_hex_at_most():
    assert reach([ger("g", "0606"), sov("m", "0912", "05", more=ISO)]) == {
        "0811", "0812", "0911", "0913", "1011", "1012"}


@pytest.mark.rules("13.22")
def test_13_22_an_isolated_mechanized_unit_does_not_move():
    assert reach([ger("g", "0606"), sov("m", "0912", "05", kind="tank", ma=6,
                                         more=ISO)]) == set()


@pytest.mark.rules("13.21")
def test_13_21_an_out_of_supply_mechanized_unit_moves_two_hexes_at_most():
    far = reach([ger("g", "0606"), sov("m", "0912", "05", kind="tank", ma=6, more=OOS)])
    assert "0910" in far and "0909" not in far
    full = reach([ger("g", "0606"), sov("m", "0912", "05", kind="tank", ma=6)])
    assert "0909" in full


@pytest.mark.rules("9.27")
def test_9_27_an_unsupplied_move_is_named_by_its_step_in_text_and_on_the_picture():
    from adjudicator.games.eak.bot import method_name
    from adjudicator.games.eak.botsvg import replay_svg

    sc = position([ger("g", "0610"), sov("m", "0912", "05", more=OOS)], hexes=HEAD)
    d = next(x for x in move_step(make_bot(sc)) if x["unit"] == "m")
    assert method_name(d) == "9.27 step 1" and d["label"] == "U1"
    svg = replay_svg(sc, {"moves": [d]})
    assert ">U1</text>" in svg and "by 9.27 step 1" in svg
    assert ">M27<" not in svg and ">M1<" not in svg
