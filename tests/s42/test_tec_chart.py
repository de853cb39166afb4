"""The terrain effects chart as data: the practice chart, a player's own (--tec), and
clear errors for a wrong file."""

from pathlib import Path

import pytest
from cli_helpers import run
from positions import pos, unit

from adjudicator.errors import InputError
from adjudicator.games.s42.movement.tec import load_tec, tec_chart
from adjudicator.games.s42.queries.moves import moves

GOOD = """kind: tec
id: mine
title: my chart
terrain:
  clear:        {mechanized: 2, non-mechanized: 2}
  desert:       {mechanized: 1, non-mechanized: 1}
  woods:        {mechanized: 2, non-mechanized: 2}
  rough:        {mechanized: 3, non-mechanized: 2}
  wooded-rough: {mechanized: 4, non-mechanized: 3}
  marsh:        {mechanized: 4, non-mechanized: 3}
  mountain:     {mechanized: P, non-mechanized: 3}
  alpine:       {mechanized: P, non-mechanized: 4}
roads:
  primary:   {mechanized: 0.5, non-mechanized: 1}
  secondary: {mechanized: 0.5, non-mechanized: 1}
hexsides:
  alpine: {mechanized: P, non-mechanized: 1}
"""


def test_practice_chart_is_labelled():
    t = tec_chart()
    assert t.practice and "PRACTICE" in t.title
    assert t.costs["clear"]["terrain"]["clear"]["mechanized"] == 2   # half MPs
    assert t.costs["mud"]["terrain"]["clear"]["mechanized"] == 4     # weather block


def test_own_chart_changes_the_answer_and_is_named(tmp_path):
    f = tmp_path / "mine.yaml"
    f.write_text(GOOD)
    chart = load_tec(f)
    sc = pos([unit("A", "axis", "0401", ma=4, ma_boxed=True)])
    practice = moves(sc, ["A"])
    mine = moves(sc, ["A"], chart=chart)
    assert practice.end("0405").spent == 4 and mine.end("0403").spent == 4
    assert mine.end("0405") is None or mine.end("0405").mode == "tactical"
    assert mine.chart["id"] == "mine" and not mine.chart["practice"]
    assert practice.chart["practice"]


def test_bad_chart_lists_every_problem_with_its_line(tmp_path):
    f = tmp_path / "bad.yaml"
    f.write_text(GOOD.replace("clear:        {mechanized: 2", "clear:        {mechanized: 0.3")
                 .replace("primary:   {mechanized: 0.5", "primary:   {mechanized: P"))
    with pytest.raises(InputError) as exc:
        load_tec(f)
    text = str(exc.value)
    assert f"{f}:5:" in text and "halves" in text and "never P" in text


DEMO = str(Path(__file__).resolve().parents[2] / "adjudicator" / "games" / "s42"
           / "s42_demo.yaml")


def test_cli_tec_option_and_error_exit(tmp_path, capsys):
    f = tmp_path / "bad.yaml"
    f.write_text("kind: crt\n")
    r = run(capsys, "moves", DEMO, "--unit", "76Inf", "--tec", str(f))
    assert r.code == 2 and "kind must be tec" in r.err
    good = tmp_path / "good.yaml"
    good.write_text(GOOD)
    r = run(capsys, "moves", DEMO, "--unit", "76Inf", "--tec", str(good), "--json")
    assert r.code == 0, r.err
    assert r.json["chart"]["id"] == "mine"
    r = run(capsys, "moves", DEMO, "--units", "76Inf,Art1")
    assert r.code == 0 and "76Inf + Art1" in r.out
    r = run(capsys, "moves", DEMO, "--unit", "76Inf", "--units", "Art1")
    assert r.code == 2
    r = run(capsys, "check", DEMO, "--move", "76Inf:0505,0506", "--json")
    assert r.code == 0 and r.json["allowed"] is False and r.json["rules"] == ["6.2"]
