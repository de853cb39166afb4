"""One command name for several games: the position file's game chooses the answer."""

from __future__ import annotations

from pathlib import Path

import typer
from cli_helpers import run
from typer.testing import CliRunner

from adjudicator.dispatch import CommandTable, position_game
from adjudicator.games import game_ids, get_game


def two_games_app() -> typer.Typer:
    app = typer.Typer()
    table = CommandTable()

    def ask_a(file: str, flag: str = typer.Option("x", "--flag")) -> None:
        """Game A's answer."""
        print(f"A {flag}")

    def ask_b(file: str, moves: str = typer.Option(..., "--moves")) -> None:
        """Game B's answer."""
        print(f"B {moves}")

    def only_a(file: str) -> None:
        """Only game A has this."""
        print("only A")

    table.recorder(app, "ga").command(name="ask")(ask_a)
    table.recorder(app, "gb").command(name="ask")(ask_b)
    table.recorder(app, "ga").command()(only_a)
    table.install(app)
    return app


def position(tmp_path: Path, game: str) -> str:
    p = tmp_path / f"{game}.yaml"
    p.write_text(f"game: {game}\n")
    return str(p)


def test_the_file_game_picks_the_command_and_its_options(tmp_path):
    app, runner = two_games_app(), CliRunner()
    a, b = position(tmp_path, "ga"), position(tmp_path, "gb")
    assert runner.invoke(app, ["ask", a, "--flag", "y"]).output == "A y\n"
    assert runner.invoke(app, ["ask", "--moves", "m.yaml", b]).output == "B m.yaml\n"
    # each game's own options only
    assert runner.invoke(app, ["ask", a, "--moves", "m"]).exit_code == 2


def test_help_without_a_file_shows_every_game(tmp_path):
    out = CliRunner().invoke(two_games_app(), ["ask", "--help"]).output
    assert "ask for ga positions" in out and "ask for gb positions" in out
    assert "--flag" in out and "--moves" in out


def test_a_game_command_refuses_another_games_file(tmp_path, capsys):
    app = two_games_app()
    b = position(tmp_path, "gb")
    result = CliRunner().invoke(app, ["only-a", b])
    assert result.exit_code != 0
    assert "'only-a' answers for ga positions" in str(result.exception)


def test_position_game_reads_only_position_files(tmp_path):
    assert position_game(position(tmp_path, "ga")) == "ga"
    assert position_game(str(tmp_path / "missing.yaml")) is None
    assert position_game("--json") is None
    (tmp_path / "list.yaml").write_text("- 1\n")
    assert position_game(str(tmp_path / "list.yaml")) is None


def test_the_real_command_line_dispatches_check_and_moves(capsys):
    assert {"s42", "p2p"} <= set(game_ids())
    p2p = str(get_game("p2p").demo_path)
    s42 = str(get_game("s42").demo_path)
    r = run(capsys, "moves", p2p, "--unit", "3Pz", "--json")
    assert r.code == 0 and r.json["unit"] == "3Pz"
    r = run(capsys, "zoc", p2p)
    assert r.code == 2 and "'zoc' answers for s42 positions" in r.err
    r = run(capsys, "check", s42, "--moves", "x.yaml")
    assert r.code == 2  # S'42's check has no --moves: its own options answer
    r = run(capsys, "validate", s42)
    assert r.code == 0 and "valid s42 position" in r.out
