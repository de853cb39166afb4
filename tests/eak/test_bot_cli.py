"""``adjudicator bot`` for Enemy Action: Kharkov: the questions on the bundled practice
position, the replay and its picture, the component data files, and bad input (exit 2)."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run

from adjudicator.errors import InputError
from adjudicator.games.eak.botdata import load_data

DEMO = str(Path(__file__).parents[2] / "adjudicator" / "games" / "eak" / "eak_bot_demo.yaml")


def test_practice_data_is_complete_and_labelled():
    d = load_data()
    assert len(d.cards) == 22 and len(d.chits) == 60 and d.practice
    assert "PRACTICE" in d.label
    assert sum(c.dark for c in d.chits) == 3


def test_bad_component_file_reports_file_and_line(tmp_path):
    f = tmp_path / "cards.yaml"
    f.write_text("cards:\n  - {id: E01, deck: soviet, command_value: 3}\n"
                 "  - {id: E02, deck: soviet, command_value: 12}\n")
    with pytest.raises(InputError) as e:
        load_data(tmp_path / "pos.yaml", "cards.yaml")
    assert "cards.yaml:3: cards.1.command_value" in str(e.value)


def test_own_cards_replace_the_practice_cards(tmp_path):
    (tmp_path / "mine.yaml").write_text(
        "set: mine\ncards:\n  - {id: E01, deck: soviet, primary: true, command_value: 1,"
        " commands: [{kind: army, army: '69'}]}\n")
    d = load_data(tmp_path / "pos.yaml", "mine.yaml")
    assert list(d.cards) == ["E01"] and len(d.chits) == 60 and d.practice  # chits practice


def test_replay_text_json_and_svg(capsys, tmp_path):
    svg = tmp_path / "act.svg"
    r = run(capsys, "bot", "replay", DEMO, "--seed", "1", "--svg", str(svg))
    assert r.code == 0, r.err
    assert "Command card E03" in r.out and "PRACTICE" in r.out
    assert svg.read_text().startswith("<svg")
    r = run(capsys, "bot", "replay", DEMO, "--seed", "1", "--json")
    a = r.json
    assert a["cards"]["command"] == "E03" and a["activation"]["active"]
    assert any(m["to"] for m in a["moves"]) and a["attacks"]
    again = run(capsys, "bot", "replay", DEMO, "--seed", "1", "--json").json
    assert again["end"] == a["end"]  # the same seed, the same activation
    r = run(capsys, "bot", "replay", DEMO, "--seed", "1", "--svg", str(svg))
    assert r.code == 2 and "--svg" in r.err  # exists: --force to overwrite


def test_card_activate_moves_attacks_hits(capsys):
    r = run(capsys, "bot", "card", DEMO, "--draw", "E02,E01", "--json")
    assert r.code == 0 and r.json["command"] == "E01"
    r = run(capsys, "bot", "activate", DEMO, "--draw", "E03")
    assert r.code == 0 and "180RD" in r.out
    r = run(capsys, "bot", "moves", DEMO, "--json")
    assert r.code == 0 and "moves" in r.json
    r = run(capsys, "bot", "attacks", DEMO, "--seed", "2", "--json")
    assert r.code == 0 and "checks" in r.json
    r = run(capsys, "bot", "hits", DEMO, "--hex", "1007", "--hits", "2", "--rolls", "3,3")
    assert r.code == 0 and "priority" in r.out


def test_bad_input_exits_2(capsys):
    r = run(capsys, "bot", "card", DEMO, "--draw", "E99")
    assert r.code == 2 and "E99" in r.err
    r = run(capsys, "bot", "hits", DEMO, "--hex", "1007")
    assert r.code == 2 and "--hits" in r.err
    r = run(capsys, "bot", "hits", DEMO, "--hex", "0505", "--hits", "1")
    assert r.code == 2 and "no Soviet unit" in r.err
    r = run(capsys, "bot", "moves", DEMO, "--svg", "x.svg")
    assert r.code == 2 and "--svg" in r.err
    r = run(capsys, "bot", "hits", DEMO, "--hex", "1007", "--hits", "2", "--rolls", "11")
    assert r.code == 2 and "--rolls" in r.err


def test_demo_runs_the_bot_steps(capsys):
    r = run(capsys, "demo", "--game", "eak")
    assert r.code == 0, r.err
    assert "Soviet activation replay" in r.out and "hit(s) on the Soviet defenders" in r.out
