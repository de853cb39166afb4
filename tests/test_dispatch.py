"""One command name for several games: the position file's game chooses the
implementation, which reads the arguments with that game's own options
(``adjudicator.cli.implementation``)."""

from __future__ import annotations

import os

import pytest
from cli_helpers import run

from adjudicator import cli
from adjudicator.games import game_ids, get_game


@pytest.fixture
def files():
    assert {"s42", "p2p"} <= set(game_ids())
    return str(get_game("p2p").demo_path), str(get_game("s42").demo_path)


def test_moves_runs_each_games_own_command_with_its_own_options(capsys, files):
    p2p, s42 = files
    r = run(capsys, "moves", p2p, "--unit", "3Pz", "--json")
    assert r.code == 0, r.err
    assert r.json["unit"] == "3Pz"
    r = run(capsys, "moves", s42, "--units", "76Inf,Art1")
    assert r.code == 0 and "76Inf + Art1" in r.out
    # --units is S'42's option only
    r = run(capsys, "moves", p2p, "--units", "3Pz")
    assert r.code == 2 and "--units" in r.err and "Traceback" not in r.err


def test_check_runs_each_games_own_command_with_its_own_options(capsys, files, tmp_path):
    p2p, s42 = files
    r = run(capsys, "check", s42, "--move", "76Inf:0505,0506", "--json")
    assert r.code == 0, r.err
    assert r.json["allowed"] is False and r.json["rules"] == ["6.2"]
    moves = tmp_path / "m.yaml"
    moves.write_text("moves: []\n")
    r = run(capsys, "check", p2p, "--moves", str(moves), "--json")
    assert r.code == 0, r.err
    # each game's own options only: S'42's check has no --moves, p2p's no --move
    r = run(capsys, "check", s42, "--moves", str(moves))
    assert r.code == 2 and "--moves" in r.err
    r = run(capsys, "check", p2p, "--move", "3Pz:a,b")
    assert r.code == 2 and "--move" in r.err


def test_a_usage_error_names_the_games_option(capsys, files):
    p2p, _ = files
    r = run(capsys, "moves", p2p, "--json")
    assert r.code == 2
    assert "--unit" in r.json["errors"][0]["path"] + r.json["errors"][0]["message"]


def test_help_without_a_file_shows_every_games_options(capsys):
    r = run(capsys, "check", "--help")
    assert r.code == 0
    assert "check for s42 positions" in r.out and "check for p2p positions" in r.out
    assert "--move " in r.out and "--moves" in r.out


def test_help_with_a_file_shows_that_games_options(capsys, files):
    p2p, _ = files
    r = run(capsys, "check", p2p, "--help")
    assert r.code == 0 and "--moves" in r.out and "--move " not in r.out


def test_a_game_lacking_a_command_is_refused_naming_what_it_answers(capsys, files):
    p2p, _ = files
    r = run(capsys, "zoc", p2p)
    assert r.code == 2
    assert "game p2p has no 'zoc' command" in r.err and "moves" in r.err
    r = run(capsys, "zoc", files[1], "--json")
    assert r.code == 0, r.err


def test_the_core_answers_where_the_game_has_no_own_command(capsys, files):
    _, s42 = files
    r = run(capsys, "validate", s42)
    assert r.code == 0 and "valid s42 position" in r.out
    r = run(capsys, "validate", files[0], "--json")
    assert r.code == 0 and r.json["game"] == "p2p"


def test_demo_game_option_chooses_the_games_demo(capsys):
    r = run(capsys, "demo", "--game", "p2p")
    assert r.code == 0, r.err
    assert "p2p_demo.yaml" in r.out and "Order of combat" in r.out


def test_position_game_reads_only_regular_position_files(tmp_path):
    p = tmp_path / "a.yaml"
    p.write_text("game: p2p\n")
    assert cli.position_game(str(p)) == "p2p"
    assert cli.position_game(str(tmp_path / "missing.yaml")) is None
    assert cli.position_game("--json") is None
    (tmp_path / "a.svg").write_text("game: p2p\n")
    assert cli.position_game(str(tmp_path / "a.svg")) is None
    fifo = tmp_path / "f.yaml"
    os.mkfifo(fifo)
    assert cli.position_game(str(fifo)) is None  # (never blocks on a pipe)


def test_a_position_argument_in_a_fifo_does_not_hang_dispatch(capsys, tmp_path):
    fifo = tmp_path / "p.yaml"
    os.mkfifo(fifo)
    r = run(capsys, "check", str(fifo), "--move", "A:0101,0102")
    assert r.code == 2 and "Traceback" not in r.err


def test_the_registered_game_ids_are_read_at_run_time():
    assert cli.implementation("zoc", "s42")[0] is cli.game_commands("s42")["zoc"][0]
    assert cli.implementation("validate", "s42")[0] is cli.core_commands()["validate"][0]
    assert cli.implementation("validate", "p2p")[0] is cli.game_commands("p2p")["validate"][0]
