"""Kharkov Battles' scenario format: KB ids, the grid convention, vocabularies, dice."""

from __future__ import annotations

import json

import pytest
from cli_helpers import run
from kb42_positions import position, unit

from adjudicator.errors import InputError
from adjudicator.games import get_game
from adjudicator.scenario import parse_scenario


@pytest.mark.rules("1.2")
def test_1_2_one_d10_read_0_to_9_seeded():
    dice = get_game("kb42").dice
    assert (dice.sides, dice.count, dice.first) == (10, 1, 0)
    faces = {dice.session(seed=s).roll("test").total for s in range(200)}
    assert faces == set(range(10))
    assert [dice.session(seed=7).roll("x").total for _ in range(2)] == \
        [dice.session(seed=7).roll("x").total] * 2
    with pytest.raises(ValueError):
        dice.session(rolls=[10]).roll("x")
    assert dice.session(rolls=[0]).roll("x").total == 0


@pytest.mark.rules("20.3")
def test_20_3_rows_grow_north_and_columns_east():
    sc = position([])
    # KB3617 lies one row north of KB3517 and one column east of KB3616
    x, y = sc.grid.xy("KB3617")
    assert sc.grid.xy("KB3717")[1] < y < sc.grid.xy("KB3517")[1]  # y grows south
    assert sc.grid.xy("KB3616")[0] < x < sc.grid.xy("KB3618")[0]


def test_the_default_grid_has_hexes_in_rows_and_orientation_is_a_map_property():
    sc = position([])
    assert {"KB3616", "KB3618"} <= set(sc.grid.neighbours("KB3617"))
    data = {"game": "kb42", "phasing": "axis",
            "map": {"orientation": "flat",
                    "hexes": {f"KB{r}{c}": "clear" for r in (35, 36, 37) for c in (15, 16, 17)}}}
    sc = parse_scenario(json.dumps(data), "<t>", ".json")
    assert {"KB3517", "KB3717"} <= set(sc.grid.neighbours("KB3617"))
    assert "KB3616" in sc.grid.neighbours("KB3617") or "KB3618" in sc.grid.neighbours("KB3617")
    assert len(sc.grid.neighbours("KB3616")) + len(sc.grid.neighbours("KB3618")) >= 6


def _problems(text: str) -> list[str]:
    with pytest.raises(InputError) as exc:
        parse_scenario(text, "pos.yaml")
    return [str(p) for p in exc.value.problems]


def test_a_four_digit_id_is_refused_naming_the_kb_format():
    out = _problems("game: kb42\nphasing: axis\nmap:\n  hexes:\n    '3617': clear\n")
    assert any("pos.yaml:5: map.hexes.3617" in p and 'like "KB0404"' in p for p in out), out


def test_a_bridge_needs_a_major_river_or_the_dnepr():
    text = ("game: kb42\nphasing: axis\nmap:\n  hexes:\n    KB3616: clear\n    KB3617: clear\n"
            "  hexsides:\n    KB3616-KB3617: {bridge: road}\n")
    out = _problems(text)
    assert any("pos.yaml:8:" in p and "a bridge crosses a major river" in p for p in out), out


def test_unknown_terrain_and_unit_type_are_refused_with_the_vocabulary():
    text = ("game: kb42\nphasing: axis\nmap:\n  hexes:\n    KB3616: jungle\n"
            "units:\n  - {id: a, side: axis, hex: KB3616, type: panzer}\n")
    out = _problems(text)
    assert any("map.hexes.KB3616.terrain" in p and "clear" in p for p in out), out
    assert any("units[0].type" in p and "panzergrenadier" in p for p in out), out


def test_units_of_both_sides_in_one_hex_are_refused():
    with pytest.raises(InputError) as exc:
        position([unit("a", "axis", "KB3616"), unit("s", "soviet", "KB3616")])
    assert "units of both sides share hex KB3616" in str(exc.value.problems[0])


def test_cli_zoc_text_and_json(capsys, tmp_path):
    f = tmp_path / "p.yaml"
    f.write_text("game: kb42\nphasing: axis\nmap:\n  hexes:\n    KB3616: clear\n"
                 "    KB3617: clear\nunits:\n  - {id: a, side: axis, hex: KB3616, type: tank}\n")
    r = run(capsys, "zoc", str(f), "--json")
    assert r.code == 0, r.err
    assert r.json["controls"]["movement"] == {"KB3617": ["axis"]}
    t = run(capsys, "zoc", str(f))
    assert t.code == 0 and "Axis ZOC for movement [2.4]: KB3617" in t.out


def test_demo_runs_for_kb42(capsys):
    r = run(capsys, "demo", "--game", "kb42")
    assert r.code == 0, r.err
    assert "valid kb42 position" in r.out and "exerts no ZOC" in r.out
    assert "6pz-r114 (axis, KB3518): Isolated [8.33]" in r.out


def test_a_query_kb42_lacks_is_refused(capsys):
    demo = str(get_game("kb42").demo_path)
    r = run(capsys, "bonds", demo)
    assert r.code == 2 and "game kb42 has no 'bonds' command" in r.err


def test_cli_supply_text_and_json(capsys):
    demo = str(get_game("kb42").demo_path)
    r = run(capsys, "supply", demo, "--side", "soviet", "--json")
    assert r.code == 0, r.err
    by = {u["unit"]: u for u in r.json["units"]}
    assert set(by) == {"15tk", "25gd", "3ta-hq", "62gd"}
    assert by["15tk"]["line"] == ["KB3619", "KB3719", "KB3819"]
    bad = run(capsys, "supply", demo, "--side", "red")
    assert bad.code == 2 and "--side must be axis or soviet" in bad.err


def test_cli_retreats_text_json_and_readings(capsys):
    demo = str(get_game("kb42").demo_path)
    r = run(capsys, "retreats", demo, "--hex", "KB3516", "--length", "2",
            "--attackers", "KB3617", "--json")
    assert r.code == 0, r.err
    assert r.json["readings"]["12.73"] == "free-first"
    assert any(x["allowed"] and x["path"] == ["KB3516", "KB3515"] for x in r.json["retreats"])
    t = run(capsys, "retreats", demo, "--hex", "KB3516", "--length", "2",
            "--reading", "12.72#farthest=total-distance")
    assert t.code == 0 and "12.72#farthest=total-distance" in t.out
    bad = run(capsys, "retreats", demo, "--hex", "KB3516", "--length", "2",
              "--reading", "12.73=pay")
    assert bad.code == 2 and "rule 12.73 has no reading 'pay'" in bad.err
    off = run(capsys, "retreats", demo, "--hex", "KB3516", "--length", "2",
              "--attackers", "KB3515")
    assert off.code == 2 and "no unit of the attacking side in hex 'KB3515'" in off.err


def test_cli_advances_text_json_and_mode(capsys):
    demo = str(get_game("kb42").demo_path)
    r = run(capsys, "advances", demo, "--path", "KB3618,KB3519", "--units", "15tk,25gd",
            "--allowance", "2", "--json")
    assert r.code == 0, r.err
    by = {u["unit"]: u for u in r.json["units"]}
    assert by["25gd"]["ends"]["KB3519"] == ["KB3617", "KB3618", "KB3519"]
    assert "KB3718" in by["15tk"]["ends"] and "KB3718" not in by["25gd"]["ends"]
    t = run(capsys, "advances", demo, "--path", "KB3618,KB3519", "--units", "25gd",
            "--mode", "encirclement")
    assert t.code == 0 and "stops there [12.51]" in t.out
    bad = run(capsys, "advances", demo, "--path", "KB3618,KB3519", "--units", "25gd",
              "--mode", "delay")
    assert bad.code == 2 and "normal or encirclement" in bad.err
    far = run(capsys, "advances", demo, "--path", "KB3618,KB3515", "--units", "25gd")
    assert far.code == 2 and "jumps from KB3618 to KB3515" in far.err
