"""Bad input on the command line: every command keeps the error contract.

Each class of bad option or output path is a named case run through the real CLI: exit
status 2, one ``FILE:LINE: PATH: message`` line per problem that names the option or field
at fault, never a traceback, and with ``--json`` one JSON object ``{"errors": [...]}`` on
standard output. Nothing the user has is lost: an output never replaces an input, an
existing file only with ``--force``, folders are never made, and writes are atomic.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import run

from adjudicator import clock
from adjudicator.errors import MAX_SHOWN, InputError, TimeLimitError
from adjudicator.games import get_game
from adjudicator.output import write_output

ROOT = Path(__file__).parents[2]
DEMO = get_game("s42").demo_path

#: A combat-ready position: A (axis) next to X (soviet) in 0405.
POS = """\
game: s42
turn: 10
map:
  hexes: {"0403": clear, "0404": clear, "0405": clear, "0406": clear, "0407": clear,
          "0408": clear, "0504": clear, "0505": clear}
units:
  - {id: A, side: axis, hex: "0404", type: panzer, attack: 12, defense: 8, ma: 6, max_steps: 3,
     tank: black}
  - {id: X, side: soviet, hex: "0405", type: infantry, attack: 3, defense: 4, ma: 4,
     max_steps: 2}
"""


@pytest.fixture
def pos(tmp_path):
    f = tmp_path / "pos.yaml"
    f.write_text(POS)
    return f


@pytest.fixture
def demo(tmp_path):
    f = tmp_path / "demo.yaml"
    shutil.copy(DEMO, f)
    return f


def refused(r, option: str, *words: str) -> None:
    """Exit 2, a clear one-line message naming ``option`` (and ``words``), no traceback."""
    assert r.code == 2, (r.out, r.err)
    assert "Traceback" not in r.err + r.out and "internal error" not in r.err
    assert f": {option}: " in r.err, r.err
    for w in words:
        assert w in r.err, r.err


def combat(pos: Path, *more: str) -> list[str]:
    return ["combat", str(pos), "--defender-hex", "0405", "--attackers", "A", *more]


# -- impossible die rolls ---------------------------------------------------------------


@pytest.mark.parametrize("roll", ["9", "0", "7", "x", "-1"])
def test_impossible_roll_to_combat(capsys, pos, roll):
    refused(run(capsys, *combat(pos, "--roll", roll)), "--roll", "1 to 6")


@pytest.mark.parametrize("roll", ["9", "0"])
def test_impossible_roll_to_weather(capsys, roll):
    refused(run(capsys, "weather", "--season", "summer", "--roll", roll), "--roll", "1 to 6")


def test_impossible_roll_to_rally_and_attrition(capsys, demo):
    refused(run(capsys, "rally", str(demo), "--roll", "12"), "--roll")
    refused(run(capsys, "attrition", str(demo), "--side", "axis", "--rolls", "7"), "--rolls")


# -- --choices files --------------------------------------------------------------------


@pytest.mark.parametrize("text,field", [
    ("dd: maybe\n", "dd"),
    ("use_die: two\n", "use_die"),
    ("attacker_losses: {A: 1}\n", "attacker_losses"),
    ("retreat: {X: {a: 1}}\n", "retreat.X"),
    ("reduced: {A: [1]}\n", "reduced.A"),
    ("retreat_pay: {X: -2}\n", "retreat_pay.X"),
])
def test_wrongly_typed_field_in_a_choices_file(capsys, pos, tmp_path, text, field):
    ch = tmp_path / "ch.yaml"
    ch.write_text("desperate: false\n" + text)
    r = run(capsys, *combat(pos, "--roll", "3", "--choices", str(ch)))
    assert r.code == 2 and "Traceback" not in r.err
    assert r.err.startswith(f"{ch}:2: {field}: expected"), r.err


def test_choices_file_unknown_key_and_not_a_mapping(capsys, pos, tmp_path):
    ch = tmp_path / "ch.yaml"
    ch.write_text("retreet: {X: [\"0406\"]}\n")
    r = run(capsys, *combat(pos, "--roll", "3", "--choices", str(ch)))
    assert r.code == 2 and "unknown choice(s): retreet" in r.err
    ch.write_text("- a\n- b\n")
    r = run(capsys, *combat(pos, "--roll", "3", "--choices", str(ch)))
    assert r.code == 2 and "choices must be a mapping" in r.err


def test_a_string_where_a_list_is_expected_is_one_item():
    """``defender_losses: 62A-33`` is the one unit 62A-33, never the characters of a name."""
    from adjudicator.games.s42.combat.resolve import Choices

    ch = Choices.from_json({"defender_losses": "62A-33", "lead": "X",
                            "retreat": {"X": "0406"}, "advance": {"A": "0405"}})
    assert ch.defender_losses == ["62A-33"] and ch.lead == ["X"]
    assert ch.retreat == {"X": ["0406"]} and ch.advance == {"A": ["0405"]}


def test_choices_file_that_is_a_folder(capsys, pos, tmp_path):
    r = run(capsys, *combat(pos, "--roll", "3", "--choices", str(tmp_path)))
    assert r.code == 2 and r.err == f"{tmp_path}:0: (file): is a folder, not a file\n"


# -- replay files -----------------------------------------------------------------------


def replay_file(tmp_path: Path, body: str) -> Path:
    shutil.copy(tmp_path / "pos.yaml", tmp_path / "start.yaml")
    f = tmp_path / "game.yaml"
    f.write_text("start: start.yaml\nseed: 4\nactions:\n" + body)
    return f


def test_replay_action_missing_a_field(capsys, pos, tmp_path):
    f = replay_file(tmp_path, "  - combat: {attackers: [A]}\n")
    r = run(capsys, "replay", str(f))
    assert r.code == 2 and "Traceback" not in r.err
    assert f"{f}:0: actions[0].combat.defender_hex: missing" in r.err


def test_replay_string_for_a_list_is_refused_not_split(capsys, pos, tmp_path):
    f = replay_file(tmp_path, "  - combat: {defender_hex: '0405', attackers: A}\n"
                              "  - disengage: {units: AB}\n")
    r = run(capsys, "replay", str(f))
    assert r.code == 2
    assert "actions[0].combat.attackers: expected a list of unit ids, got 'A'" in r.err
    assert "actions[1].disengage.units: expected a list" in r.err


def test_replay_bad_rolls_seed_and_action_kinds(capsys, pos, tmp_path):
    f = replay_file(tmp_path, "  - {rally: {}, weather: {season: summer}}\n  - 5\n")
    f.write_text(f.read_text().replace("seed: 4", "rolls: [3, 9, x]"))
    r = run(capsys, "replay", str(f), "--json")
    assert r.code == 2
    paths = {e["path"] for e in r.json["errors"]}
    assert {"rolls[1]", "rolls[2]", "actions[0]", "actions[1]"} <= paths


# -- output paths: folders, devices, inputs, existing files, missing folders ---------------


@pytest.mark.parametrize("target", ["folder", "/dev/full", "/dev/null"])
def test_show_svg_to_a_folder_or_device(capsys, demo, tmp_path, target):
    out = str(tmp_path) if target == "folder" else target
    r = run(capsys, "show", str(demo), "--svg", out)
    refused(r, "--svg")
    assert "folder" in r.err or "not a regular file" in r.err


@pytest.mark.parametrize("option", ["--out", "--log"])
@pytest.mark.parametrize("target", ["folder", "/dev/full"])
def test_apply_out_and_log_to_a_folder_or_device(capsys, pos, tmp_path, option, target):
    out = str(tmp_path) if target == "folder" else target
    paths = {"--out": str(tmp_path / "next.yaml"), "--log": str(tmp_path / "log.jsonl")}
    paths[option] = out
    args = combat(pos, "--roll", "1", "--retreat", "X=0406,0407")
    args[0] = "apply"
    refused(run(capsys, *args, "--out", paths["--out"], "--log", paths["--log"]), option)


def test_show_never_overwrites_its_scenario(capsys, demo):
    before = demo.read_bytes()
    refused(run(capsys, "show", str(demo), "--svg", str(demo), "--force"), "--svg",
            "also an input file")
    assert demo.read_bytes() == before


def test_show_never_overwrites_its_scenario_through_another_name(capsys, demo, tmp_path):
    link = tmp_path / "link.svg"
    link.symlink_to(demo)
    before = demo.read_bytes()
    refused(run(capsys, "show", str(demo), "--svg", str(link), "--force"), "--svg",
            "also an input file")
    assert demo.read_bytes() == before


def test_apply_never_overwrites_its_inputs(capsys, pos, tmp_path):
    before = pos.read_bytes()
    args = combat(pos, "--roll", "1", "--retreat", "X=0406,0407")
    args[0] = "apply"
    refused(run(capsys, *args, "--out", str(pos), "--force"), "--out", "also an input file")
    refused(run(capsys, *args, "--out", str(tmp_path / "n.yaml"), "--log", str(pos)), "--log",
            "also an input file")
    same = tmp_path / "same.yaml"
    refused(run(capsys, *args, "--out", str(same), "--log", str(same)), "--log")
    assert pos.read_bytes() == before and not same.exists()


def test_existing_output_needs_force(capsys, demo, tmp_path):
    out = tmp_path / "pic.svg"
    out.write_text("keep me")
    refused(run(capsys, "show", str(demo), "--svg", str(out)), "--svg", "--force")
    assert out.read_text() == "keep me"
    r = run(capsys, "show", str(demo), "--svg", str(out), "--force")
    assert r.code == 0 and out.read_text().startswith("<")


def test_missing_parent_folder_is_not_created(capsys, demo, tmp_path):
    for args, option in (
        (["show", str(demo), "--svg", str(tmp_path / "new" / "a.svg")], "--svg"),
        (["generate", "--small", "--out", str(tmp_path / "new" / "g.yaml")], "--out"),
        (["rally", str(demo), "--seed", "1", "--out", str(tmp_path / "new" / "r.yaml")],
         "--out"),
    ):
        refused(run(capsys, *args), option, "does not exist")
    assert not (tmp_path / "new").exists()


def test_replay_and_weather_outputs(capsys, pos, tmp_path):
    f = replay_file(tmp_path, "  - end_phase: {}\n")
    refused(run(capsys, "replay", str(f), "--out", str(f)), "--out", "also an input file")
    refused(run(capsys, "replay", str(f), "--out", str(tmp_path / "start.yaml"), "--force"),
            "--out", "also an input file")
    refused(run(capsys, "weather", "--season", "summer", "--seed", "1", "--out",
                str(tmp_path / "w.yaml")), "--out", "--position")


def test_a_failed_write_leaves_the_old_file_whole(tmp_path, monkeypatch):
    out = tmp_path / "next.yaml"
    out.write_text("old content\n")
    out.chmod(0o640)

    def broken(*_a):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(InputError, match="cannot write: No space left on device"):
        write_output(out, "new content\n", "--out", force=True)
    assert out.read_text() == "old content\n"
    assert [p.name for p in tmp_path.iterdir()] == ["next.yaml"]  # no temporary file left
    monkeypatch.undo()
    write_output(out, "new content\n", "--out", force=True)
    assert out.read_text() == "new content\n"
    assert stat.S_IMODE(out.stat().st_mode) == 0o640  # the file keeps its permissions


def test_log_is_appended_not_replaced(capsys, pos, tmp_path):
    log = tmp_path / "log.jsonl"
    log.write_text('{"old": 1}\n')
    args = combat(pos, "--roll", "1", "--retreat", "X=0406,0407", "--log", str(log))
    args[0] = "apply"
    r = run(capsys, *args, "--out", str(tmp_path / "n.yaml"))
    assert r.code == 0, r.err
    lines = log.read_text().splitlines()
    assert lines[0] == '{"old": 1}' and json.loads(lines[1])["action"] == "combat"


# -- --json: always one object -------------------------------------------------------------


def test_validate_json_on_a_bad_file_prints_the_errors(capsys, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(POS.replace('hex: "0404"', 'hex: "9999"'))
    r = run(capsys, "validate", str(bad), "--json")
    assert r.code == 2
    data = r.json
    assert set(data) == {"errors", "error_count"} and data["error_count"] == 1
    assert data["errors"][0]["file"] == str(bad) and data["errors"][0]["line"] == 7
    assert data["errors"][0]["path"].startswith("units[0]")


@pytest.mark.parametrize("args,option", [
    (["combat", "{pos}", "--defender-hex", "0405", "--attackers", "A", "--seed", "x"],
     "--seed"),
    (["odds", "{pos}", "--attackers", "A"], "--defender-hex"),
    (["odds", "{pos}", "--defender-hex", "0405", "--attackers", "A", "--bogus"], "--bogus"),
    (["validate", "{tmp}/missing.yaml"], "(file)"),
])
def test_json_errors_for_usage_mistakes(capsys, pos, tmp_path, args, option):
    args = [a.format(pos=pos, tmp=tmp_path) for a in args]
    r = run(capsys, *args, "--json")
    assert r.code == 2 and "Traceback" not in r.err
    data = r.json
    assert data["errors"][0]["path"] == option, data


def test_json_success_is_exactly_one_object(capsys, demo):
    for args in (["validate", str(demo)], ["zoc", str(demo)], ["supply", str(demo)],
                 ["weather", "--season", "summer", "--roll", "3"]):
        r = run(capsys, *args, "--json")
        assert r.code == 0 and isinstance(json.loads(r.out), dict)


# -- unknown names: refused, with "did you mean" ----------------------------------------


@pytest.mark.parametrize("args,option,hint", [
    (["odds", "{demo}", "--defender-hex", "0603", "--attackers", "14pz"], "--attackers",
     "did you mean '14Pz'"),
    (["odds", "{demo}", "--defender-hex", "06x3", "--attackers", "14Pz"], "--defender-hex",
     "not a hex id"),
    (["odds", "{demo}", "--defender-hex", "0699", "--attackers", "14Pz"], "--defender-hex",
     "not on the map"),
    (["combat", "{demo}", "--defender-hex", "0603", "--attackers", "76Inf",
      "--artillery", "Art2"], "--artillery", "did you mean 'Art1'"),
    (["advances", "{demo}", "--vacated", "0504", "--units", "14Pz,76inf", "--allowance", "2"],
     "--units", "did you mean '76Inf'"),
    (["advances", "{demo}", "--vacated", "0504", "--units", "14Pz", "--allowance", "2",
      "--spent", "NOPE"], "--spent", "no unit 'NOPE'"),
    (["advances", "{demo}", "--vacated", "0540", "--units", "14Pz", "--allowance", "2"],
     "--vacated", "did you mean"),
    (["retreats", "{demo}", "--hex", "0630", "--length", "2"], "--hex", "did you mean"),
    (["disengage", "{demo}", "--units", "14pz", "--seed", "1"], "--units",
     "did you mean '14Pz'"),
    (["rally", "{demo}", "--keep-full-retreat", "4cc"], "--keep-full-retreat",
     "did you mean '4CC'"),
    (["check", "{demo}", "--enter", "14pz:0404"], "--enter", "did you mean '14Pz'"),
    (["bonds", "{demo}", "--reading", "7.1=vacnt"], "--reading", "vacant"),
    (["show", "{demo}", "--svg", "{tmp}/a.svg", "--layer", "zocs"], "--layer",
     "did you mean 'zoc'"),
    (["rules", "12.2", "--game", "s24"], "--game", "did you mean 's42'"),
    (["weather", "--season", "wintr"], "--season", "did you mean 'winter'"),
    (["weather", "--season", "winter", "--previous", "snwo"], "--previous",
     "did you mean 'snow'"),
    (["retreats", "{demo}", "--hex", "0603", "--length", "2", "--phase", "combt"], "--phase",
     "did you mean 'combat'"),
    (["advances", "{demo}", "--vacated", "0504", "--units", "14Pz", "--allowance", "2",
      "--mode", "limted"], "--mode", "did you mean 'limited'"),
])
def test_unknown_names_are_refused_with_a_hint(capsys, demo, tmp_path, args, option, hint):
    args = [a.format(demo=demo, tmp=tmp_path) for a in args]
    refused(run(capsys, *args), option, hint)


# -- the message names the option or field at fault -----------------------------------------


def test_bad_retreat_phase_is_blamed_on_the_phase(capsys, demo):
    r = run(capsys, "check", str(demo), "--retreat", "62A-33:0604:1:bogus")
    refused(r, "--retreat", "'bogus' is not a retreat phase")
    assert "no unit" not in r.err


def test_breakthrough_group_errors_name_group(capsys, demo):
    r = run(capsys, "breakthrough", str(demo), "--group", "NOPE", "--vacated", "0504",
            "--allowance", "4")
    refused(r, "--group", "no unit 'NOPE'")
    r = run(capsys, "breakthrough", str(demo), "--vacated", "0504", "--allowance", "4")
    refused(r, "--group", "at least one unit")


def test_refusals_name_the_option_not_choices(capsys, pos):
    r = run(capsys, "combat", str(pos), "--defender-hex", "0404", "--attackers", "X",
            "--roll", "3")
    refused(r, "--attackers", "attack refused")
    r = run(capsys, *combat(pos, "--roll", "3", "--defender-loss", "A"))
    refused(r, "--defender-loss", "may not take")
    assert ": choices:" not in r.err


# -- numeric ranges, enforced up front -------------------------------------------------------


@pytest.mark.parametrize("args,option", [
    (["advances", "{demo}", "--vacated", "0504", "--units", "14Pz", "--allowance",
      "1000000000"], "--allowance"),
    (["advances", "{demo}", "--vacated", "0504", "--units", "14Pz", "--allowance", "0"],
     "--allowance"),
    (["breakthrough", "{demo}", "--vacated", "0504", "--group", "14Pz", "--allowance", "5"],
     "--allowance"),
    (["breakthrough", "{demo}", "--vacated", "0504", "--group", "14Pz", "--allowance", "4",
      "--at", "0504", "--left", "-1"], "--left"),
    (["retreats", "{demo}", "--hex", "0603", "--length", "0"], "--length"),
    (["retreats", "{demo}", "--hex", "0603", "--length", "99"], "--length"),
    (["show", "{demo}", "--svg", "{tmp}/a.svg", "--retreat-hex", "0603", "--length", "5"],
     "--length"),
    (["combat", "{demo}", "--defender-hex", "0603", "--attackers", "14Pz", "--seed", "-1"],
     "--seed"),
    (["combat", "{demo}", "--defender-hex", "0603", "--attackers", "14Pz", "--seed",
      str(2**64)], "--seed"),
    (["combat", "{demo}", "--defender-hex", "0603", "--attackers", "14Pz",
      "--planned-offensive", "3"], "--planned-offensive"),
    (["combat", "{demo}", "--defender-hex", "0603", "--attackers", "14Pz", "--use-die", "0"],
     "--use-die"),
    (["attrition", "{demo}", "--side", "axis", "--seed", "-5"], "--seed"),
    (["weather", "--season", "winter", "--turn", "0"], "--turn"),
    (["generate", "--out", "{tmp}/g.json", "--units", "100000000"], "--units"),
    (["generate", "--out", "{tmp}/g.json", "--cols", "101"], "--cols"),
    (["rules", "--search", "supply", "--limit", "0"], "--limit"),
    (["--time-limit", "0", "validate", "{demo}"], "--time-limit"),
    (["--time-limit", "1e9", "validate", "{demo}"], "--time-limit"),
])
def test_option_ranges(capsys, demo, tmp_path, args, option):
    args = [a.format(demo=demo, tmp=tmp_path) for a in args]
    refused(run(capsys, *args), option)


def test_ranges_are_in_the_help(capsys):
    r = run(capsys, "advances", "--help")
    assert r.code == 0 and "1 to 4" in r.out
    r = run(capsys, "--help")
    assert "--time-limit" in r.out


# -- many problems: the first 50 and a count ----------------------------------------------


def test_a_file_with_many_problems_prints_the_first_50_and_a_count(capsys, tmp_path):
    bad = tmp_path / "bad.yaml"
    units = "".join(f'  - {{id: U{i}, side: axis, hex: "9999", type: infantry, attack: 1, '
                    f'defense: 1, ma: 1}}\n' for i in range(300))
    bad.write_text('game: s42\nmap:\n  hexes: {"0101": clear}\nunits:\n' + units)
    r = run(capsys, "validate", str(bad))
    lines = r.err.strip().splitlines()
    assert r.code == 2 and len(lines) == MAX_SHOWN + 1
    assert lines[-1] == f"{bad}:0: (file): 250 more problems not shown (the first 50 are listed)"
    r = run(capsys, "validate", str(bad), "--json")
    assert r.json["error_count"] == 300 and len(r.json["errors"]) == MAX_SHOWN


# -- the last-resort net and the time limit -----------------------------------------------


def test_an_unexpected_failure_is_one_line_not_a_traceback(capsys, demo, monkeypatch):
    import adjudicator.commands.core as core

    def boom(*_a, **_k):
        raise RuntimeError("something broke")

    monkeypatch.setattr(core, "load_scenario", boom)
    r = run(capsys, "validate", str(demo), "--json")
    assert r.code == 2 and "Traceback" not in r.err
    assert r.err.count("\n") == 1 and "internal error" in r.err and "something broke" in r.err
    assert r.json["errors"][0]["path"] == "(internal error)"


def test_time_limit_check_raises_after_the_deadline():
    clock.start(0.0)
    try:
        with pytest.raises(TimeLimitError, match="--time-limit"):
            clock.check()
    finally:
        clock.start(None)
    clock.check()  # no limit: never raises


def test_a_solve_past_the_time_limit_is_stopped(tmp_path):
    """Through the real program: the watchdog ends a solve that outlasts --time-limit."""
    full = tmp_path / "full.json"
    exe = [sys.executable, "-m", "adjudicator"]
    subprocess.run([*exe, "generate", "--out", str(full)], check=True, capture_output=True,
                   timeout=120)
    proc = subprocess.run([*exe, "--time-limit", "0.1", "retreats", str(full), "--json"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2, proc.stderr
    assert "--time-limit: stopped: the command ran longer than its time limit of 0.1 s" \
        in proc.stderr
    assert "Traceback" not in proc.stderr
    assert json.loads(proc.stdout)["errors"][0]["path"] == "--time-limit"


@pytest.mark.parametrize("value", ["a\nb", "x\r", "\x1e", "tab\there"])
def test_a_value_with_line_breaks_is_still_one_line(capsys, demo, value):
    r = run(capsys, "weather", "--season", value)
    refused(r, "--season")
    assert r.err.count("\n") == 1, r.err
