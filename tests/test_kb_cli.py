"""`adjudicator rules`, `search` and `kb ingest/check` through the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.errors import InputError

runner = CliRunner()


def run(*args):
    return runner.invoke(app, list(args))


def test_rules_json_shape():
    result = run("rules", "7.3", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    for key in ("id", "title", "summary", "refs", "referenced_by"):
        assert key in data
    assert data["id"] == "7.3"
    assert data["parent"] == "7.0"
    assert all(isinstance(r, str) for r in data["refs"] + data["referenced_by"])


def test_rules_other_game_and_text():
    result = run("rules", "12.7", "--game", "kb42")
    assert result.exit_code == 0
    assert "12.7" in result.stdout
    assert json.loads(run("rules", "kb42:7.11", "--json").stdout)["parent"] == "7.1"


def test_unknown_id_exits_2_with_suggestion():
    proc = subprocess.run(
        [sys.executable, "-m", "adjudicator", "rules", "7.9"], capture_output=True, text=True
    )
    assert proc.returncode == 2
    assert "did you mean" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1


def test_unknown_game_exits_2():
    proc = subprocess.run(
        [sys.executable, "-m", "adjudicator", "rules", "7.1", "--game", "zz"],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 2 and "unknown game" in proc.stderr


def test_search():
    data = json.loads(run("rules", "--search", "zoc bond", "--json").stdout)
    assert data["results"][0]["id"].startswith("7")
    assert run("search", "retreat", "--game", "eak").exit_code == 0


def test_kb_check_lists_pending_summaries():
    data = json.loads(run("kb", "check", "--game", "eak", "--json").stdout)
    assert len(data["pending"]) == data["sections"] - data["summaries"]
    if data["pending"]:
        text = run("kb", "check", "--game", "eak").stdout
        assert f"({len(data['pending'])} pending)" in text.splitlines()[0]
    # Kharkov Battles is summarised in full
    data = json.loads(run("kb", "check", "--game", "kb42", "--json").stdout)
    assert data["pending"] == [] and data["summaries"] == data["sections"] == 245
    assert "(0 pending)" in run("kb", "check", "--game", "kb42").stdout.splitlines()[0]


def test_kb_check_and_ingest(tmp_path):
    assert run("kb", "check", "--game", "s42").exit_code == 0
    book = tmp_path / "book.txt"
    book.write_text("# 1.0 ONE\n## 1.1 First\nsee 1.2\n## 1.2 Second\n(see 1.9)\n")
    result = run("kb", "ingest", str(book), "--game", "t", "--out", str(tmp_path), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["sections"] == 3
    assert data["dangling"] == [{"section": "1.2", "cited": "1.9", "line": 5}]
    assert (tmp_path / "sections.yaml").exists()
    missing = run("kb", "ingest", str(Path(tmp_path) / "nope.txt"), "--game", "t")
    assert isinstance(missing.exception, InputError)  # main() turns it into exit status 2


def test_misprints_in_rules_and_check():
    data = json.loads(run("rules", "2.22", "--game", "eak", "--json").stdout)
    assert {"printed": "13.31", "meant": "12.41"}.items() <= data["misprints"][0].items()
    text = run("rules", "eak:2.22").stdout
    assert "misprint: printed '13.31', meant '12.41'" in text
    check = run("kb", "check", "--game", "eak", "--json")
    assert check.exit_code == 0
    unresolved = json.loads(check.stdout)["unresolved"]
    assert {"section": "2.22", "cited": "13.31", "misprint_for": "12.41"} in unresolved
    assert "cites 13.31 (a misprint for 12.41)" in run("kb", "check", "--game", "eak").stdout


def test_every_game_but_none_pending_reads_zero():
    eak = json.loads(run("kb", "check", "--game", "eak", "--json").stdout)
    assert eak["pending"] == [] and eak["summaries"] == eak["sections"]
    assert "152 summaries (0 pending)" in run("kb", "check", "--game", "eak").stdout


def test_kb_check_names_the_pending_sections(monkeypatch):
    from adjudicator.commands import kb as kb_commands
    from adjudicator.kb import load_game

    fixture = Path(__file__).parent / "fixtures" / "kb"
    demo = load_game("demo", fixture / "kb", fixture / "asp", fixture / "tests")
    monkeypatch.setattr(kb_commands, "_load", lambda game: demo)
    data = json.loads(run("kb", "check", "--game", "demo", "--json").stdout)
    assert data["pending"] == ["7.0", "12.0", "12.2"]
    text = run("kb", "check", "--game", "demo").stdout
    assert "2 summaries (3 pending)" in text
    assert "summary pending: 7.0, 12.0, 12.2" in text
