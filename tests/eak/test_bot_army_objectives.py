"""Rulings on the movement of units with an Army Objective (9.26): one unit at a time in
descending selector order, each trying methods 1 (9.21 method 1), 2 (9.21 method 8),
3 (closer to the German unit in or closest to the army objective) and 4 (closer to the
front objective, then to the army objective)."""

from __future__ import annotations

import pytest
from bot_helpers import ger, make_bot, position, sov

from adjudicator.games.eak.bot import move_step
from adjudicator.games.eak.botfacts import F, S

OBJ = ("objectives:\n  - {front: voronezh, direction: west, hex: '0812'}\n"
       "  - {front: voronezh, army: '40', hex: '0606'}\n")


def run(units, uid="m"):
    decisions = move_step(make_bot(position(units, OBJ, objective=None)))
    return next(d for d in decisions if d["unit"] == uid), decisions


def a40(uid, h, sel="05", **kw):
    return sov(uid, h, sel, army="40", **kw)


@pytest.mark.rules("9.26")
def test_9_26_method_3_closer_to_the_german_unit_closest_to_the_army_objective():
    # g (0607) is next to the army objective 0606; h (1212) is nearer the mover.
    d, _ = run([ger("g", "0607"), ger("h", "1212", ma=1), a40("m", "1009", ma=1)])
    assert d["method"] == 3 and d["to"] == "0909" and d["candidates"] == ["0909"]
    assert d["section"] == "9.26" and d["label"] == "A3"
    assert "9.26" in d["rules"]


@pytest.mark.rules("9.26")
def test_9_26_method_3_of_two_equally_close_german_units_the_one_closer_to_the_mover():
    d, _ = run([ger("g", "0607"), ger("k", "0506"), a40("m", "1009", ma=1)])
    assert d["method"] == 3
    a = d["trail"][0]
    assert a["rule"] == "9.26" and a["letter"] == "a"
    assert all(p.endswith(">0607") for p in a["kept"])
    assert all(p.endswith(">0506") for p in a["eliminated"])


@pytest.mark.rules("9.26")
def test_9_26_method_3_a_unit_starting_next_to_that_german_unit_does_not_move():
    # o, next to both m and g, keeps method 2 (9.21 method 8) from holding m.
    o = sov("o", "0708", "07").replace("active: true", "active: false")
    d, _ = run([ger("g", "0607"), o, a40("m", "0707", ma=1)])
    assert d["method"] == 3 and d["to"] is None and "does not move at all" in d["why"]


@pytest.mark.rules("9.26")
def test_9_26_method_2_is_9_21_method_8():
    d, _ = run([ger("g", "0607"), a40("m", "0909", ma=2)])
    assert d["method"] == 2 and d["step"] == "9.21 method 8"
    assert d["to"] in {"0708", "0707", "0608", "0508", "0507"}


@pytest.mark.rules("9.26")
def test_9_26_method_4_closer_to_the_front_objective_then_to_the_army_objective():
    bot = make_bot(position([ger("g", "0607"), a40("m", "1009", ma=1)], OBJ, objective=None))
    ans = bot.ask("botmove", [F("b_mover", [S("m")])])
    cands = {x for s, x in ans.rows("bot_cand", 2) if str(s) == 'a(4,"m")'}
    assert cands == {"0910", "1010"}  # strictly closer to 0812; 1009's distance does not do
    prefs = {(x, letter): v for s, x, letter, v in ans.rows("bot_pref", 4)
             if str(s) == 'a(4,"m")'}
    assert prefs[("0910", "a")] == prefs[("1010", "a")]
    assert prefs[("0910", "b")] > prefs[("1010", "b")]  # 0910 is closer to 0606


@pytest.mark.rules("9.26")
def test_9_26_units_are_taken_one_at_a_time_in_descending_selector_order():
    _, decisions = run([ger("g", "0607"), a40("m", "1009", "03", ma=1),
                        a40("n", "1007", "09", ma=1)])
    assert [d["unit"] for d in decisions] == ["n", "m"]


@pytest.mark.rules("9.26", "9.21")
def test_9_26_units_without_an_army_objective_use_9_21():
    d, _ = run([ger("g", "0607"), sov("m", "1009", "05", ma=1)])
    assert d["method"] == 11 and "9.21" in d["rules"]


# --- 9.13 The army objective marker moves on and leaves play ------------------------------
def objectives(next_hexes="['1012', '0215']", front=True):
    text = "objectives:\n"
    if front:
        text += "  - {front: voronezh, direction: west, hex: '0812'}\n"
    return text + f"  - {{front: voronezh, army: '40', hex: '0606', next: {next_hexes}}}\n"


def after(units, text):
    bot = make_bot(position(units, text, objective=None))
    decisions = move_step(bot)
    return bot, decisions


@pytest.mark.rules("9.13")
def test_9_13_a_soviet_unit_entering_the_army_objective_moves_the_marker_on():
    # m (0707, of the 69th Army) moves by 9.21 next to g (0506), into 0606: the 40th Army's
    # objective, whichever army the unit that enters it belongs to.
    bot, _ = after([ger("g", "0506"), sov("m", "0707", "05", ma=1)], objectives())
    assert bot.unit("m").hex == "0606"
    assert bot.aobj_log == [{"army": "40", "from": "0606", "to": "1012",
                             "why": "a Soviet unit entered 0606", "rules": ["9.13"]}]
    marker = next(o for o in bot.sc.objectives if o.army == "40")
    assert marker.hex == "1012" and marker.next == ["0215"]


@pytest.mark.rules("9.13")
def test_9_13_the_last_hex_reached_the_marker_leaves_play():
    bot, _ = after([ger("g", "0506"), sov("m", "0707", "05", ma=1)], objectives("[]"))
    assert bot.unit("m").hex == "0606"
    assert [o for o in bot.sc.objectives if o.army] == []
    assert bot.aobj_log[0]["to"] is None and "last hex" in bot.aobj_log[0]["why"]


@pytest.mark.rules("9.13")
def test_9_13_the_last_hex_entered_first_the_marker_leaves_play():
    text = ("objectives:\n  - {front: voronezh, direction: west, hex: '0812'}\n"
            "  - {front: voronezh, army: '40', hex: '1012', next: ['0909', '0606']}\n")
    bot, _ = after([ger("g", "0506"), sov("m", "0707", "05", ma=1)], text)
    assert bot.unit("m").hex == "0606"
    assert [o for o in bot.sc.objectives if o.army] == []
    assert bot.aobj_log[0]["from"] == "1012" and "last hex" in bot.aobj_log[0]["why"]


@pytest.mark.rules("9.13")
def test_9_13_a_unit_next_to_the_army_objective_does_not_reach_it():
    bot, _ = after([ger("g", "0506"), sov("m", "0808", "05", ma=1)], objectives())
    assert bot.unit("m").hex != "0606" and bot.aobj_log == []
    assert next(o for o in bot.sc.objectives if o.army == "40").hex == "0606"


@pytest.mark.rules("9.13")
def test_9_13_the_marker_leaves_play_with_its_front_objective():
    bot, _ = after([ger("g", "0506"), sov("m", "0909", "05", ma=1)], objectives(front=False))
    assert [o for o in bot.sc.objectives if o.army] == []
    assert "front objective" in bot.aobj_log[0]["why"]


@pytest.mark.rules("9.13")
def test_9_13_only_an_army_objective_lists_further_hexes():
    from adjudicator.errors import InputError
    from adjudicator.scenario import parse_scenario
    text = ("game: eak\nturn: 4\nobjectives:\n"
            "  - {front: voronezh, hex: '0812', next: ['0911']}\n"
            "map:\n  hexes:\n    '0812': clear\n    '0911': clear\n")
    with pytest.raises(InputError) as e:
        parse_scenario(text, "pos.yaml")
    assert "pos.yaml:4: objectives[0].next" in str(e.value)
    with pytest.raises(InputError) as e:
        parse_scenario(text.replace("next: ['0911']", "placed: false"), "pos.yaml")
    assert "pos.yaml:4: objectives[0].placed" in str(e.value)


WAITING = ("objectives:\n  - {front: voronezh, direction: west, hex: '0812'}\n"
           "  - {front: voronezh, army: '40', hex: '0606', next: ['1012'], placed: false}\n")


@pytest.mark.rules("9.13")
def test_9_13_the_marker_is_placed_on_its_armys_first_activation():
    from adjudicator.games.eak.bot import army_objective_check
    bot = make_bot(position([ger("g", "0506"), a40("m", "1009")], WAITING, objective=None))
    assert army_objective_check(bot, activated=["40"]) == [
        {"army": "40", "from": None, "to": "0606", "why": "the army's first activation",
         "rules": ["9.13"]}]
    marker = next(o for o in bot.sc.objectives if o.army == "40")
    assert marker.placed and marker.hex == "0606" and marker.next == ["1012"]


@pytest.mark.rules("9.13", "9.26")
def test_9_13_a_waiting_marker_is_not_placed_for_another_army_nor_moves_units_by_9_26():
    from adjudicator.games.eak.bot import army_objective_check
    bot = make_bot(position([ger("g", "0506"), a40("m", "1009")], WAITING, objective=None))
    assert army_objective_check(bot, activated=["69"]) == []
    assert not next(o for o in bot.sc.objectives if o.army == "40").placed
    d = next(x for x in move_step(bot) if x["unit"] == "m")
    assert d.get("section") != "9.26" and "9.26" not in d["rules"]
