"""The game-aware command line: one set of commands for every game, dispatched on the
position's game; ``games`` lists them; ``demo --game`` runs a game's bundled position.

A toy game (tests/fixtures/games/toygame) is registered for these tests only: it has its
own ``zoc``, the core's ``validate``, ``show`` and ``demo``, and no other command.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run

from adjudicator import cli, games
from adjudicator.games import DiceSpec, Game, get_game

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "games"


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.syspath_prepend(str(FIXTURES))
    game = Game(id="toy", title="Toy", dice=DiceSpec(10, 1, "read 0-9"),
                queries={"validate": ("core/base.lp",)}, package="toygame",
                demo="toy_demo.yaml", sides=("axis", "soviet"),
                scenario=get_game("s42").scenario)
    monkeypatch.setitem(games._REGISTRY, "toy", game)
    cli.game_commands.cache_clear()
    yield game
    cli.game_commands.cache_clear()


@pytest.fixture
def toy_file(toy):
    return str(FIXTURES / "toygame" / "toy_demo.yaml")


def test_games_lists_every_game_with_its_dice_and_commands(capsys):
    data = run(capsys, "games", "--json").json
    by_id = {g["id"]: g for g in data["games"]}
    s42 = by_id["s42"]
    assert s42["title"] == "Stalingrad '42" and s42["default"] is True
    assert s42["dice"]["sides"] == 6 and s42["dice"]["count"] == 1
    assert {"validate", "show", "demo", "zoc", "bonds", "retreats", "supply", "odds"} \
        <= set(s42["queries"])
    # Kharkov Battles answers its own queries; games with a knowledge base only, none.
    assert by_id["kb42"]["adjudicated"] is True
    assert {"validate", "show", "demo", "zoc"} <= set(by_id["kb42"]["queries"])
    assert by_id["kb42"]["dice"]["sides"] == 10
    assert by_id["sos"]["adjudicated"] is True
    assert {"los", "spotted"} <= set(by_id["sos"]["queries"])
    assert by_id["eak"]["adjudicated"] is True and "zoc" in by_id["eak"]["queries"]
    text = run(capsys, "games")
    assert text.code == 0 and "s42 (default)" in text.out and "kb42" in text.out


def test_games_lists_a_registered_game_with_only_its_commands(capsys, toy):
    by_id = {g["id"]: g for g in run(capsys, "games", "--json").json["games"]}
    assert by_id["toy"]["queries"] == ["demo", "show", "validate", "zoc"]
    assert by_id["toy"]["dice"] == {"sides": 10, "count": 1, "note": "read 0-9"}


def test_a_command_answers_with_the_positions_game(capsys, toy_file):
    r = run(capsys, "zoc", toy_file, "--json")
    assert r.code == 0, r.err
    assert r.json == {"game": "toy", "zoc": {}}


def test_a_command_the_game_lacks_is_refused_naming_what_it_answers(capsys, toy_file):
    r = run(capsys, "retreats", toy_file, "--hex", "0101", "--length", "2")
    assert r.code == 2
    assert "game toy has no 'retreats' command" in r.err
    assert "it answers: demo, show, validate, zoc" in r.err
    assert "Traceback" not in r.err


def test_the_core_commands_answer_for_every_game(capsys, toy_file):
    r = run(capsys, "validate", toy_file, "--json")
    assert r.code == 0, r.err
    assert r.json["game"] == "toy"


def test_demo_runs_the_named_games_bundled_position(capsys, toy):
    r = run(capsys, "demo", "--game", "toy")
    assert r.code == 0, r.err
    assert "toy_demo.yaml" in r.out and "valid toy position" in r.out
    assert "toy step on 1 units" in r.out
    assert "Zones of control" not in r.out


def test_demo_defaults_to_the_default_game(capsys):
    default = run(capsys, "demo")
    named = run(capsys, "demo", "--game", "s42")
    assert default.code == named.code == 0
    assert default.out == named.out
    assert get_game("s42").demo_path.name in default.out


def test_demo_of_an_unknown_game_is_refused(capsys):
    r = run(capsys, "demo", "--game", "nope")
    assert r.code == 2
    assert "no adjudicator for game 'nope'" in r.err and "s42" in r.err


def test_demo_refuses_a_file_of_another_game(capsys, toy_file):
    r = run(capsys, "demo", toy_file, "--game", "s42")
    assert r.code == 2 and "is a toy position, not s42" in r.err


def test_the_game_of_a_file_is_read_without_loading_it(tmp_path):
    y = tmp_path / "a.yaml"
    y.write_text("# comment\nturn: 3\ngame: 'kb42'\nmap: {hexes: {}}\n")
    j = tmp_path / "a.json"
    j.write_text('{"map": {}, "game": "s42"}')
    assert cli.position_game(str(y)) == "kb42"
    assert cli.position_game(str(j)) == "s42"
    assert cli.position_game(str(tmp_path / "missing.yaml")) is None
    assert cli.position_game(None) is None


def test_rules_of_another_game_work_as_before(capsys):
    r = run(capsys, "rules", "2.4", "--game", "kb42", "--json")
    assert r.code == 0 and r.json["id"] == "2.4"


def test_a_fresh_process_refuses_a_command_its_game_lacks_naming_what_it_answers(tmp_path):
    """In a fresh process the command line registers only the command asked for; a
    command other games declare but the position's game lacks is still refused with the
    game's own list, not as an unknown command."""
    import os
    import subprocess
    import sys

    p2p = games.get_game("p2p").demo_path
    env = {**os.environ, "ADJUDICATOR_CACHE_DIR": str(tmp_path)}
    for _ in range(2):  # the first run writes the command index, the second reads it
        proc = subprocess.run([sys.executable, "-m", "adjudicator", "retreats", str(p2p),
                               "--hex", "0101", "--length", "2"],
                              capture_output=True, text=True, env=env, timeout=120)
        assert proc.returncode == 2
        assert "game p2p has no 'retreats' command; it answers:" in proc.stderr
        assert "moves" in proc.stderr and "Traceback" not in proc.stderr
