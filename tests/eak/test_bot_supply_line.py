"""Rulings on the movement steps of 9.21 that read supply paths traced with the mover in
its destination (13.1): method 3 (open supply line, from game-turn 3), a move into a hex
that lets a unit of the active front, unable to trace supply, trace it again, preferring
the hex that lets the most Soviet units trace; and preference (c) of method 4 (cause
surround), a hex that prevents a German unit from tracing supply.

The positions are narrow corridors of hexes (only the hexes given exist), so that one
German zone of control cuts every supply path to the units beyond it, and a Soviet unit
in that hex opens it again (11.1, 13.1: an enemy-controlled hex a friendly unit is in does
not bar a supply path). Corridor A runs from the Soviet supply head 0904 by 0905, 0906 and
0907 (in the ZOC of the German unit in 0807) to 1007-1009; corridor B from 0905 by 1005
and 1105 (in the ZOC of the German unit in 1104) to 1205 and 1305. The hexes 0707, 0708,
1103 and 1203 keep the German units from being surrounded (9.3).
"""

from __future__ import annotations

import pytest
from bot_helpers import make_bot

from adjudicator.games.eak.bot import move_step
from adjudicator.scenario import parse_scenario

A = ["0904", "0905", "0906", "0907", "1007", "1008", "1009", "0807", "0707", "0708"]
B = ["1005", "1105", "1205", "1305", "1104", "1103", "1203"]


def position(units: list[str], turn: int = 3, hexes: dict[str, str] | None = None,
             objective: str = "1009"):
    lines = ["game: eak", f"turn: {turn}", "phasing: soviet", "objectives:",
             f"  - {{front: voronezh, direction: west, hex: '{objective}'}}", "map:",
             "  hexes:"]
    if hexes is None:
        hexes = {h: "{terrain: clear, edge: soviet}" if h == "0904" else "clear"
                 for h in A + B}
    lines += [f'    "{h}": {spec}' for h, spec in hexes.items()]
    lines += ["units:", *[f"  - {u}" for u in units]]
    return parse_scenario("\n".join(lines) + "\n", "pos.yaml")


def sov(uid: str, h: str, sel: str, ma: int = 4, front: str = "voronezh",
        active: bool = False) -> str:
    return (f"{{id: {uid}, side: soviet, hex: '{h}', type: infantry, strength: 4, ma: {ma}, "
            f"max_steps: 2, selector: '{sel}', army: '69', front: {front}, "
            f"active: {str(active).lower()}}}")


def ger(uid: str, h: str) -> str:
    return (f"{{id: {uid}, side: german, hex: '{h}', type: infantry, strength: 3, ma: 4, "
            f"max_steps: 2}}")


def mover(h: str = "0906", ma: int = 1) -> str:
    return sov("m", h, "05", ma=ma, active=True)


def run(units: list[str], turn: int = 3) -> dict:
    return next(d for d in move_step(make_bot(position(units, turn))) if d["unit"] == "m")


@pytest.mark.rules("9.21", "13.1")
def test_9_21_method_3_moves_into_the_hex_that_opens_a_supply_line():
    # s (1009) cannot trace supply: 0907 is in g's ZOC; m in 0907 opens the path.
    d = run([ger("g", "0807"), sov("s", "1009", "03"), mover()])
    assert (d["method"], d["to"], d["label"]) == (3, "0907", "M3")
    assert d["candidates"] == ["0907"] and "9.21" in d["rules"]


@pytest.mark.rules("9.21", "13.1")
def test_9_21_method_3_prefers_the_hex_that_lets_the_most_units_trace_supply():
    # 0907 opens the path of s; 1105 those of t and u.
    d = run([ger("g", "0807"), ger("h", "1104"), sov("s", "1009", "03"),
             sov("t", "1205", "02"), sov("u", "1305", "04"), mover(ma=2)])
    assert d["method"] == 3 and d["to"] == "1105" and d["candidates"] == ["0907", "1105"]
    a = d["trail"][0]
    assert (a["letter"], a["rule"], a["kept"], a["eliminated"]) == ("a", "9.21", ["1105"],
                                                                     ["0907"])


@pytest.mark.rules("9.21", "13.1")
def test_9_21_method_3_counts_the_moving_unit_itself():
    # m (1007), still marked in supply on turn 3, is the only unit cut off; in 0907 it
    # traces supply again.
    d = run([ger("g", "0807"), mover("1007")])
    assert d["method"] == 3 and d["to"] == "0907" and d["candidates"] == ["0907"]


@pytest.mark.rules("9.21")
def test_9_21_method_3_not_before_game_turn_3():
    d = run([ger("g", "0807"), sov("s", "1009", "03"), mover()], turn=2)
    assert d["method"] != 3 and d["method"] == 8 and d["to"] == "0907"


@pytest.mark.rules("9.21")
def test_9_21_method_3_a_unit_of_the_other_front_does_not_qualify_a_hex():
    d = run([ger("g", "0807"), sov("s", "1009", "03", front="southwest"), mover()])
    assert d["method"] == 8


@pytest.mark.rules("9.21", "13.1")
def test_9_21_method_3_does_not_apply_when_every_soviet_unit_traces_supply():
    # The book's Mobile Group Popov example: "all Soviet units can trace supply".
    d = run([ger("g", "0807"), sov("s", "0905", "03"), mover()])
    assert d["method"] != 3


# --- Method 4 (c) -----------------------------------------------------------------------
# g (0909) has two hexes next to it on this map: 0808, in the ZOC of s (0709), and 1008.
# m (1107) completes the surround of g from 1007 or 1108 (tied on (a) and (b)). k (0906)
# traces German supply to the German map edge 0807 by 0907 only; from 1007, m's ZOC covers
# 0907. (0905 keeps k from being surrounded; g traces no supply before the move: m's ZOC
# covers 1007 and 1108.)
SURROUND = {"0909": "clear", "0808": "clear", "1008": "clear", "0709": "clear",
            "1107": "clear", "1007": "clear", "1108": "clear", "0907": "clear",
            "0906": "clear", "0905": "clear", "0807": "{terrain: clear, edge: german}"}


def run4(hexes: dict[str, str]) -> dict:
    units = [ger("g", "0909"), ger("k", "0906"), sov("s", "0709", "03"),
             mover("1107")]
    sc = position(units, 4, hexes, objective="0906")
    return next(d for d in move_step(make_bot(sc)) if d["unit"] == "m")


@pytest.mark.rules("9.21", "13.1")
def test_9_21_method_4_c_prefers_the_hex_that_cuts_a_german_units_supply():
    d = run4(SURROUND)
    assert d["method"] == 4 and d["candidates"] == ["1007", "1108"] and d["to"] == "1007"
    c = d["trail"][0]
    assert (c["letter"], c["rule"], c["kept"], c["eliminated"]) == ("c", "9.21", ["1007"],
                                                                     ["1108"])


@pytest.mark.rules("9.21", "13.1")
def test_9_21_method_4_c_not_when_the_german_unit_keeps_another_supply_path():
    # 0806 joins 0906 to the edge hex 0807 past 0907: k traces supply either way.
    d = run4({**SURROUND, "0806": "clear"})
    assert d["method"] == 4 and d["candidates"] == ["1007", "1108"]
    assert all(t["letter"] != "c" for t in d["trail"])
