"""The combat commands per the contract: odds, combat, apply, replay, rally,
disengage, weather; and the rulebook examples stored in kb/s42/examples/combat_*."""

import json
import shlex
from pathlib import Path

import pytest
from cli_helpers import run
from ruamel.yaml import YAML

from adjudicator.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "kb" / "s42" / "examples").glob("combat_*.yaml"))

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
def pos_file(tmp_path):
    f = tmp_path / "pos.yaml"
    f.write_text(POS)
    return f


def test_odds_json_has_the_contract_fields(capsys, pos_file):
    r = run(capsys, "odds", str(pos_file), "--defender-hex", "0405", "--attackers", "A", "--json")
    assert r.code == 0
    d = r.json
    assert {k: d[k] for k in ("attack", "defense", "ratio", "column", "allowed")} == {
        "attack": 12, "defense": 4, "ratio": "3-1", "column": "4-1", "allowed": True}
    assert d["shifts"][0]["columns"] == 1 and d["shifts"][0]["rules"] == ["9.2.1"]
    assert "8.3" in d["rules"] and d["units"][0]["modifiers"][0]["rules"] == ["2.3.2"]


def test_odds_text_names_every_modifier(capsys, pos_file):
    r = run(capsys, "odds", str(pos_file), "--defender-hex", "0405", "--attackers", "A")
    assert r.code == 0 and "odds 3-1" in r.out and "tank shift" in r.out and "4-1" in r.out


def test_odds_refused_attack_is_answered_not_an_error(capsys, pos_file):
    r = run(capsys, "odds", str(pos_file), "--defender-hex", "0407", "--attackers", "A",
            "--json")
    assert r.code == 0 and r.json["allowed"] is False
    assert any("8.1" in f["rules"] for f in r.json["refused"])


def test_odds_unknown_reading_is_a_usage_error(capsys, pos_file):
    r = run(capsys, "odds", str(pos_file), "--defender-hex", "0405", "--attackers", "A",
            "--reading", "9.8=nonsense")
    assert r.code == 2 and "readings of 9.8" in r.err


def test_combat_json_says_practice_table_and_logs_the_roll(capsys, pos_file):
    r = run(capsys, "combat", str(pos_file), "--defender-hex", "0405", "--attackers", "A",
            "--roll", "5", "--json")
    assert r.code == 0
    d = r.json
    assert d["practice_table"] is True and "PRACTICE" in d["practice_note"]
    assert d["crt"]["column"] == "4-1" and d["crt"]["dice"] == [5]
    assert d["rolls"][0]["purpose"] == "CRT, 4-1 column"
    text = run(capsys, "combat", str(pos_file), "--defender-hex", "0405", "--attackers", "A",
               "--roll", "5")
    assert "PRACTICE" in text.out


def test_combat_seed_is_reproducible(capsys, pos_file):
    args = ["combat", str(pos_file), "--defender-hex", "0405", "--attackers", "A", "--seed", "11",
            "--json"]
    assert run(capsys, *args).json == run(capsys, *args).json


def test_combat_with_a_bad_crt_file_exits_2_with_file_and_line(capsys, pos_file, tmp_path):
    bad = tmp_path / "crt.yaml"
    bad.write_text("kind: crt\ncolumns: [\"1-3\"]\nrows: {1: [XX]}\n")
    r = run(capsys, "combat", str(pos_file), "--defender-hex", "0405", "--attackers", "A",
            "--roll", "3", "--crt", str(bad))
    assert r.code == 2 and f"{bad}:2: columns:" in r.err and f"{bad}:3: rows" in r.err


def test_combat_impossible_choice_exits_2(capsys, pos_file):
    r = run(capsys, "combat", str(pos_file), "--defender-hex", "0405", "--attackers", "A",
            "--roll", "3", "--defender-loss", "A")
    assert r.code == 2 and "may not take" in r.err


def test_apply_writes_a_loadable_next_position_and_a_log(capsys, pos_file, tmp_path):
    out, log = tmp_path / "next.yaml", tmp_path / "log.jsonl"
    r = run(capsys, "apply", str(pos_file), "--defender-hex", "0405", "--attackers", "A",
            "--roll", "1", "--retreat", "X=0406,0407", "--advance", "A=0405",
            "--out", str(out), "--log", str(log), "--json")
    assert r.code == 0, r.err
    nxt = load_scenario(out)
    assert nxt.units_by_id["X"].hex == "0407" and nxt.units_by_id["A"].hex == "0405"
    entry = json.loads(log.read_text().splitlines()[0])
    assert entry["rolls"][0]["total"] == 1 and entry["choices"]["retreat"] == {
        "X": ["0406", "0407"]}
    assert entry["practice_table"] is True


def test_apply_without_the_needed_retreat_exits_2(capsys, pos_file, tmp_path):
    r = run(capsys, "apply", str(pos_file), "--defender-hex", "0405", "--attackers", "A",
            "--roll", "1", "--out", str(tmp_path / "n.yaml"))
    assert r.code == 2 and "retreat path is needed" in r.err


def test_replay_cli(capsys, pos_file, tmp_path):
    rp = tmp_path / "game.yaml"
    YAML().dump({"start": "pos.yaml", "seed": 4, "actions": [
        {"combat": {"defender_hex": "0405", "attackers": ["A"]},
         "choices": {"dd": False, "retreat": {"X": "eliminated"}}},
        {"end_phase": {}}]}, rp)
    out = tmp_path / "final.yaml"
    a = run(capsys, "replay", str(rp), "--out", str(out), "--json")
    b = run(capsys, "replay", str(rp), "--json")
    assert a.code == 0, a.err
    assert a.json["log"] == b.json["log"] and a.json["practice_table"] is True
    assert load_scenario(out).units_by_id["A"].attacked is False  # cleared by end_phase


def test_rally_disengage_weather_cli(capsys, tmp_path):
    f = tmp_path / "p.yaml"
    f.write_text(POS.replace("max_steps: 2}", "max_steps: 2, status: disrupted}"))
    r = run(capsys, "rally", str(f), "--side", "soviet", "--roll", "6", "--json")
    assert r.code == 0 and r.json["findings"][0]["result"] == "recover"
    d = run(capsys, "disengage", str(f), "--units", "A", "--roll", "5", "--retreat", "A=0403",
            "--out", str(tmp_path / "d.yaml"), "--json")
    assert d.code == 0, d.err
    assert load_scenario(tmp_path / "d.yaml").units_by_id["A"].hex == "0403"
    w = run(capsys, "weather", "--season", "winter", "--turn", "30", "--roll", "1", "--json")
    assert w.code == 0 and w.json["weather"] == "snow"


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_rulebook_combat_examples(capsys, path):
    ex = YAML(typ="safe").load(path.read_text())["example"]
    args = shlex.split(ex["command"])
    args[1] = str(ROOT / args[1])
    r = run(capsys, *args, "--json")
    assert r.code == 0, r.err
    d, want = r.json, ex["expected"]
    if args[0] == "odds":
        assert {k: d[k] for k in want} == want
    else:
        lost = [x for x in d["losses"] if x["side"] == "defender"]
        assert len(lost) == want["steps_lost"]
        assert d["determined_defense"]["outcome"] == want["outcome"]
        rolls = [[x["roll"], x["modified"], x["cell"]] for x in d["determined_defense"]["rolls"]]
        assert rolls == want["dd_rolls"]


def test_demo_shows_an_odds_calculation(capsys):
    r = run(capsys, "demo")
    assert r.code == 0 and "Combat odds" in r.out and "Resolved on the 1-1 column" in r.out
