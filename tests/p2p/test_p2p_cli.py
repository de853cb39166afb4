"""The p2p commands on the command line: text, --json, rule ids, and bad input."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run

from adjudicator.games import get_game

DEMO = str(get_game("p2p").demo_path)


def write(tmp_path: Path, name: str, text: str) -> str:
    p = tmp_path / name
    p.write_text(text)
    return str(p)


@pytest.mark.rules("12.0", "12.D")
def test_moves_lists_where_a_unit_may_go_and_by_which_lines(capsys):
    r = run(capsys, "moves", DEMO, "--unit", "3Pz", "--json")
    assert r.code == 0
    may = {o["to"]: o["lines"] for o in r.json["may_go"]}
    assert may["Borisov"] == ["Minsk-Borisov"]
    refused = {o["to"]: o["findings"][0]["rules"] for o in r.json["may_not_go"]}
    assert refused["Smolensk"] == ["11.0", "12.0"]
    text = run(capsys, "moves", DEMO, "--unit", "3Pz")
    assert "to Borisov by Minsk-Borisov" in text.out and "[12.D]" in text.out


@pytest.mark.rules("9.A")
def test_moves_in_the_strategic_phase_follow_friendly_points(tmp_path, capsys):
    demo = Path(DEMO).read_text().replace("phase: operational", "phase: strategic")
    f = write(tmp_path, "s.yaml", demo)
    r = run(capsys, "moves", f, "--unit", "17Inf", "--json")
    may = {o["to"] for o in r.json["may_go"]}
    assert {"Warsaw", "Minsk", "west", "Rovno"} <= may
    assert "Pinsk" in may  # by Brest, not across Pinsk-Rovno
    assert not may & {"Kiev", "Smolensk"}


@pytest.mark.rules("12.A", "12.B")
def test_capacity_shows_used_and_left_per_class(capsys):
    r = run(capsys, "capacity", DEMO, "--json")
    assert r.code == 0
    line = next(x for x in r.json["lines"] if x["ends"] == ["Brest", "Minsk"])
    assert (line["capacity"], line["armor_capacity"], line["used"], line["left"]) == (6, 4, 2, 4)
    assert line["rules"] == ["12.A.1.a", "12.B"]
    assert "12.A.1.a" in run(capsys, "capacity", DEMO).out


@pytest.mark.rules("12.A.1.b")
def test_check_names_the_first_move_and_rule_broken(tmp_path, capsys):
    moves = write(tmp_path, "m.yaml", "moves:\n" + "".join(
        f"  - {{unit: {u}, path: [Pinsk]}}\n" for u in ("9Inf", "4Inf", "HQ-C")))
    r = run(capsys, "check", DEMO, "--moves", moves, "--json")
    assert r.code == 0
    assert r.json["allowed"] is False
    # 9Inf and 4Inf already moved this phase
    assert r.json["first"]["code"] == "twice"
    moves = write(tmp_path, "n.yaml", "moves:\n" + "".join(
        f"  - {{unit: {u}, path: [Borisov]}}\n" for u in ("3Pz", "4Pz", "7Pz", "SS-R")))
    ok = run(capsys, "check", DEMO, "--moves", moves)
    assert ok.out.startswith("yes")


def test_check_text_names_the_move(tmp_path, capsys):
    moves = write(tmp_path, "m.yaml", "moves:\n  - {unit: 18Inf, path: [Pskov]}\n")
    r = run(capsys, "check", DEMO, "--moves", moves)
    assert r.out.startswith("no: move 1 (18Inf) breaks 12.0")


@pytest.mark.rules("13.0", "10.C.1", "10.C.2")
def test_combat_order(capsys):
    r = run(capsys, "combat-order", DEMO, "--json")
    assert r.json["allowed"] is False and r.json["an_order_that_works"] == [2, 1]
    kiev = r.json["fortresses"][0]
    assert kiev["point"] == "Kiev" and kiev["breakthroughs"]["at_most"] == 2
    assert "[13.0]" in run(capsys, "combat-order", DEMO).out


def test_reading_option_is_checked(capsys):
    r = run(capsys, "capacity", DEMO, "--reading", "12.B#armor=nonsense")
    assert r.code == 2 and "12.B#armor has no reading 'nonsense'" in r.err
    r = run(capsys, "capacity", DEMO, "--reading", "12.A#counted=per-direction", "--json")
    assert r.json["counted"] == "per direction"


def test_validate_show_and_demo(tmp_path, capsys):
    assert "valid p2p position" in run(capsys, "validate", DEMO).out
    svg = tmp_path / "p.svg"
    assert run(capsys, "show", DEMO, "--svg", str(svg)).code == 0
    text = svg.read_text()
    assert text.startswith("<svg") and "2/6 (A0/4)" in text
    out = run(capsys, "demo", "--game", "p2p").out
    assert "Line capacity" in out and "Order of combat" in out


def test_bad_position_gives_file_line_path_and_exit_2(tmp_path, capsys):
    bad = write(tmp_path, "bad.yaml", """\
game: p2p
map:
  points:
    A: {control: axis}
    B: {control: nobody}
  lines:
    - {ends: [A, C], class: major}
    - {ends: [A, B], class: mayor}
units:
  - {id: u, side: axis, at: Z, typ: armor}
""")
    r = run(capsys, "validate", bad)
    assert r.code == 2
    lines = r.err.strip().splitlines()
    assert f"{bad}:10: units[0].typ: unknown key 'typ'; did you mean 'type'?" in lines
    r = run(capsys, "check", bad, "--moves", bad)
    assert r.code == 2


def test_bad_cross_references_are_listed_with_lines(tmp_path, capsys):
    bad = write(tmp_path, "bad.yaml", """\
game: p2p
map:
  points:
    A: {control: axis}
    B: {control: nobody}
  lines:
    - {ends: [A, C], class: major}
    - {ends: [A, B], class: mayor}
units:
  - {id: u, side: axis, at: Z}
""")
    r = run(capsys, "validate", bad)
    assert r.code == 2
    assert r.err.strip().splitlines() == [
        f"{bad}:5: map.points.B.control: 'nobody' is not one of axis, soviet",
        f"{bad}:7: map.lines[0].ends[1]: no point or transit node 'C'",
        f"{bad}:8: map.lines[1].class: 'mayor' is not one of major, minor, inferior; "
        "did you mean 'major'?",
        f"{bad}:10: units[0].at: no point or transit node 'Z'",
    ]


def test_bad_moves_file(tmp_path, capsys):
    moves = write(tmp_path, "m.yaml", "moves:\n  - {unit: 3Pz, path: [Borisov]}\n"
                                      "  - {unit: Nobody, path: [Bori]}\n")
    r = run(capsys, "check", DEMO, "--moves", moves)
    assert r.code == 2
    assert r.err.strip().splitlines() == [
        f"{moves}:3: moves[1].path[0]: no point or transit node 'Bori'; did you mean 'Borisov'?",
        f"{moves}:3: moves[1].unit: no unit 'Nobody'",
    ]
    r = run(capsys, "moves", DEMO, "--unit", "Nobody")
    assert r.code == 2 and "no unit 'Nobody'" in r.err


def test_show_keeps_what_the_user_has(tmp_path, capsys):
    svg = tmp_path / "p.svg"
    svg.write_text("mine")
    r = run(capsys, "show", DEMO, "--svg", str(svg))
    assert r.code == 2 and "--force" in r.err and svg.read_text() == "mine"
    assert run(capsys, "show", DEMO, "--svg", str(svg), "--force").code == 0
    assert svg.read_text().startswith("<svg")
    missing = tmp_path / "no" / "p.svg"
    r = run(capsys, "show", DEMO, "--svg", str(missing))
    assert r.code == 2 and "does not exist" in r.err and not missing.parent.exists()
    r = run(capsys, "show", DEMO, "--svg", DEMO, "--force")
    assert r.code == 2 and "input" in r.err


@pytest.mark.rules("12.C", "10.D")
def test_capacity_of_retreats_for_either_side(tmp_path, capsys):
    demo = Path(DEMO).read_text().replace("phase: operational", "phase: combat")
    f = write(tmp_path, "c.yaml", demo)
    r = run(capsys, "capacity", f, "--side", "soviet", "--json")
    assert r.code == 0 and r.json["side"] == "soviet" and "10.D" in r.json["rules"]
    assert all(v["rule"] == "12.C" for v in r.json["unit_values"].values())
    text = run(capsys, "capacity", f, "--side", "soviet").out
    assert "soviet side (retreats), combat phase" in text
    bad = run(capsys, "capacity", f, "--side", "germans")
    assert bad.code == 2 and "--side" in bad.err


@pytest.mark.rules("13.0")
def test_moves_in_the_combat_phase_are_retreats(tmp_path, capsys):
    demo = Path(DEMO).read_text().replace("phase: operational", "phase: combat")
    f = write(tmp_path, "c.yaml", demo)
    r = run(capsys, "moves", f, "--unit", "3Pz", "--json")
    assert r.code == 0 and "13.0" in r.json["rules"]
    assert r.json["may_go"] and all(o["by"] == "retreat" for o in r.json["may_go"])
    assert "may retreat to" in run(capsys, "moves", f, "--unit", "3Pz").out
