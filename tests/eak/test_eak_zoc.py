"""Rulings on Enemy Action: Kharkov's zones of control (11, 13.22, 15.21) and their effect
on a step of a move (10.1, 10.7, 11.1, 15.22, 15.3), with the reading of 9.3 selectable."""

from __future__ import annotations

import textwrap

import pytest
from cli_helpers import run

from adjudicator.games.eak.commands.zoc import zoc_answer
from adjudicator.scenario import parse_scenario

# A strip of hexes: 1005-1009 run east to west (second pair growing westward);
# 1105-1109 lie to the south of them.
HEXES = [f"{a}{b:02d}" for a in ("10", "11") for b in range(5, 10)]


def pos(units: str, hexes: dict[str, str] | None = None, hexsides: str = "",
        readings: str = "") -> object:
    spec = {h: "clear" for h in HEXES}
    spec.update(hexes or {})
    lines = ["game: eak", readings, "map:", "  hexes:"]
    lines += [f'    "{h}": {v}' for h, v in spec.items()]
    if hexsides:
        lines += ["  hexsides:", *[f"    {s}" for s in hexsides.strip().splitlines()]]
    lines += ["units:", *[f"  - {u}" for u in textwrap.dedent(units).strip().splitlines()]]
    return parse_scenario("\n".join(line for line in lines if line), "pos.yaml")


def sov(uid: str, h: str, extra: str = "") -> str:
    return (f"{{id: {uid}, side: soviet, hex: '{h}', type: infantry, strength: 4, ma: 4, "
            f"selector: '01'{extra}}}")


def ger(uid: str, h: str, extra: str = "") -> str:
    return f"{{id: {uid}, side: german, hex: '{h}', type: infantry, strength: 4, ma: 4{extra}}}"


def step(answer: dict, unit: str, h: str) -> dict:
    u = next(x for x in answer["units"] if x["unit"] == unit)
    return next(s for s in u["steps"] if s["hex"] == h)


def test_11_a_unit_controls_its_six_neighbours():
    a = zoc_answer(pos(sov("s", "1007")))
    controlled = sorted(h for h, sides in a["zoc"].items() if "soviet" in sides)
    # 1007's first pair is even: its southern neighbours are 1107 and 1108
    assert controlled == ["1006", "1008", "1107", "1108"]
    assert "1009" not in controlled and "1007" not in controlled
    assert all(a["zoc"][h] == [] for h in HEXES if h not in controlled)


def test_11_zoc_crosses_a_blocked_dniepr_hexside_under_every_reading():
    for reading in ("", "readings: {'9.3': every-rule}"):
        a = zoc_answer(pos(sov("s", "1007"), hexsides="'1007-1008': {river: blocked-dniepr}",
                           readings=reading))
        assert "soviet" in a["zoc"]["1008"]


def test_13_22_isolated_unit_exerts_no_zoc():
    a = zoc_answer(pos(sov("s", "1007", ", supply: isolated")))
    assert all(sides == [] for sides in a["zoc"].values())
    assert a["no_zoc"] == [{"unit": "s", "rules": ["11.0", "13.22"]}]
    a = zoc_answer(pos(sov("s", "1007", ", supply: out-of-supply")))
    assert a["no_zoc"] == [] and "soviet" in a["zoc"]["1008"]


def test_10_1_no_entry_into_an_enemy_occupied_hex():
    a = zoc_answer(pos(f"{sov('s', '1007')}\n{ger('g', '1005')}"))
    assert step(a, "g", "1006")["allowed"]
    a = zoc_answer(pos(f"{sov('s', '1007')}\n{ger('g', '1008')}"))
    s = step(a, "g", "1007")
    assert not s["allowed"] and "10.1" in s["rules"]


def test_11_1_entering_enemy_control_ends_the_move():
    a = zoc_answer(pos(f"{sov('s', '1007')}\n{ger('g', '1005')}"))
    s = step(a, "g", "1006")
    assert s["allowed"] and s["stop"] and s["rules"] == ["10.1", "11.1"]
    # a hex out of enemy control: no stop
    a = zoc_answer(pos(f"{sov('s', '1009')}\n{ger('g', '1005')}"))
    s = step(a, "g", "1006")
    assert s["allowed"] and not s["stop"]


def test_11_1_no_step_from_enemy_control_to_enemy_control_and_exit_costs_one():
    a = zoc_answer(pos(f"{sov('s', '1007')}\n{ger('g', '1006')}"))
    u = next(x for x in a["units"] if x["unit"] == "s")
    assert u["exit_cost"] == 1 and u["exit_rules"] == ["10.1", "11.1"]
    ezoc_neighbours = [h for h in ("1105", "1106", "1107") if "german" in a["zoc"][h]]
    for h in ezoc_neighbours:
        if h in [x["hex"] for x in u["steps"]]:
            s = step(a, "s", h)
            assert not s["allowed"] and s["rules"] == ["10.1", "11.1"]
    # a step out of enemy control into a hex the enemy does not control is allowed
    free = [x for x in u["steps"]
            if "german" not in a["zoc"][x["hex"]] and x["hex"] != "1006"]
    assert free and all(x["allowed"] and not x["stop"] for x in free)
    lone = zoc_answer(pos(sov("s", "1007")))
    assert next(x for x in lone["units"] if x["unit"] == "s")["exit_cost"] == 0


def test_10_7_german_map_edge_step_between_enemy_controlled_edge_hexes():
    edge = {"1105": "{terrain: clear, edge: german}", "1106": "{terrain: clear, edge: german}"}
    units = f"{sov('s', '1005')}\n{ger('g', '1105')}"  # s controls 1105 and 1106
    a = zoc_answer(pos(units, edge))
    s = step(a, "g", "1106")
    assert s["allowed"] and s["stop"] and "10.7" in s["rules"]
    # without the German map edge the same step is refused
    a = zoc_answer(pos(units))
    s = step(a, "g", "1106")
    assert not s["allowed"] and s["rules"] == ["10.1", "11.1"]
    # and a Soviet unit gains nothing from a German map edge
    a = zoc_answer(pos(f"{sov('s', '1105')}\n{ger('g', '1005')}", edge))
    assert not step(a, "s", "1106")["allowed"]


def test_15_22_german_stops_next_to_a_garrison_and_never_enters_it():
    hexes = {"1007": "{terrain: clear, garrison: true}"}
    a = zoc_answer(pos(ger("g", "1005"), hexes))
    s = step(a, "g", "1006")  # next to the garrison
    assert s["allowed"] and s["stop"] and s["rules"] == ["10.1", "15.22"]
    a = zoc_answer(pos(ger("g", "1006"), hexes))
    s = step(a, "g", "1007")
    assert not s["allowed"] and s["rules"] == ["10.1", "15.22"]
    # a Soviet unit is not stopped by a garrison
    a = zoc_answer(pos(sov("s", "1005"), hexes))
    assert not step(a, "s", "1006")["stop"]


def test_15_21_garrison_provisional_zoc_only_while_no_german_unit_is_adjacent():
    hexes = {"1007": "{terrain: clear, garrison: true}"}
    a = zoc_answer(pos(ger("g", "1009"), hexes))
    assert a["garrison_zoc"] == [{"garrison": "1007", "hexes": sorted(
        h for h in a["zoc"] if h in ("1006", "1008", "1106", "1107", "1105", "1108")
        and h in [x for x in HEXES] and h in _neighbours("1007")), "rules": ["15.21"]}]
    a = zoc_answer(pos(ger("g", "1008"), hexes))
    assert a["garrison_zoc"] == []


def _neighbours(h: str) -> list[str]:
    from adjudicator.hexgrid import HexGrid

    return HexGrid.of(HEXES).neighbours(h)


def test_15_3_german_unit_starting_next_to_a_garrison_removes_it():
    hexes = {"1007": "{terrain: clear, garrison: true}"}
    a = zoc_answer(pos(ger("g", "1008"), hexes))
    assert a["garrisons_removed"] == [{"garrison": "1007", "rules": ["10.1", "15.3"]}]
    a = zoc_answer(pos(ger("g", "1009"), hexes))
    assert a["garrisons_removed"] == []


@pytest.mark.parametrize(("reading", "adjacent"), [("soviet-procedure", True),
                                                   ("every-rule", False)])
def test_9_3_reading_decides_garrison_adjacency_across_a_blocked_dniepr(reading, adjacent):
    hexes = {"1007": "{terrain: clear, garrison: true}"}
    sc = pos(ger("g", "1008"), hexes, "'1007-1008': {river: blocked-dniepr}",
             f"readings: {{'9.3': {reading}}}")
    a = zoc_answer(sc)
    assert a["readings"]["9.3"] == reading
    assert bool(a["garrisons_removed"]) is adjacent
    assert bool(a["garrison_zoc"]) is not adjacent


def test_zoc_cli_text_json_and_reading_option(capsys, tmp_path):
    from adjudicator.games import get_game

    demo = str(get_game("eak").demo_path)
    r = run(capsys, "zoc", demo)
    assert r.code == 0, r.err
    assert "German ZOC [11]" in r.out and "15.21" in r.out
    r = run(capsys, "zoc", demo, "--json")
    assert r.code == 0 and r.json["game"] == "eak"
    assert r.json["no_zoc"] == [{"unit": "15TC", "rules": ["11.0", "13.22"]}]
    text = open(demo, encoding="utf-8").read().replace("turn: 1\n", "turn: 1\nreadings: "
                                                           "{'9.3': every-rule}\n")
    f = tmp_path / "pos.yaml"
    f.write_text(text)
    r = run(capsys, "zoc", str(f), "--json")
    assert r.code == 0 and r.json["readings"]["9.3"] == "every-rule"
    f.write_text(text.replace("every-rule", "nonsense"))
    r = run(capsys, "zoc", str(f))
    assert r.code == 2 and "readings.9.3" in r.err


def test_10_31_no_step_across_a_blocked_dniepr_hexside():
    a = zoc_answer(pos(sov("s", "1007"), hexsides="'1007-1006': {river: blocked-dniepr}"))
    s = step(a, "s", "1006")
    assert not s["allowed"] and "10.31" in s["rules"]
    # an ordinary Dniepr hexside may be crossed (its cost is the whole allowance, 10.31)
    a = zoc_answer(pos(sov("s", "1007"), hexsides="'1007-1006': {river: dniepr}"))
    assert step(a, "s", "1006")["allowed"]


def test_zoc_reading_option_offers_this_games_readings(capsys, tmp_path):
    f = tmp_path / "pos.yaml"
    f.write_text("game: eak\nmap:\n  hexes:\n    '1005': clear\n    '1006': clear\n"
                 "units:\n  - {id: g, side: german, hex: '1005', type: infantry, "
                 "strength: 4, ma: 4}\n")
    r = run(capsys, "zoc", str(f), "--reading", "9.3=every-rule", "--json")
    assert r.code == 0, r.err
    assert '"9.3": "every-rule"' in r.out
    # a reading of another game's rule is refused, naming this game's disputed rules
    r = run(capsys, "zoc", str(f), "--reading", "7.1=vacant")
    assert r.code == 2 and "--reading" in r.err and "9.3" in r.err and "Traceback" not in r.err
    r = run(capsys, "zoc", str(f), "--help")
    assert r.code == 0 and "9.3" in r.out and "soviet-procedure" in r.out
    assert "7.1" not in r.out
