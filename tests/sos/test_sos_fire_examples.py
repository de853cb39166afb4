"""The rulebook's worked examples of fire combat and unit integrity, as positions in
kb/sos/examples/, answered by the command each names."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from cli_helpers import run

from adjudicator.kb import load_game

ROOT = Path(__file__).parents[2]


def answer(capsys, name: str, *more: str):
    ex = next(e for e in load_game("sos").examples if e.file.endswith(f"/{name}.yaml"))
    args = shlex.split(ex.command)
    r = run(capsys, *args, *more, "--json")
    assert r.code == 0, r.err
    return ex, r.json


def drms(data):
    return {d["id"]: d["value"] for d in data["drms"]}


@pytest.mark.rules("9.67")
def test_example_9_67_close_assault(capsys):
    ex, data = answer(capsys, "fire_9_67")
    assert data["total"] == ex.expected["total"] and data["column"] == ex.expected["column"]
    r = run(capsys, "fire", str(ROOT / "kb/sos/examples/fire_9_67.yaml"), "--firers",
            "G1,G2", "--target", "0404", "--json")
    assert r.json["column"] == ex.expected["column_without_bonus"]
    r = run(capsys, "fire", str(ROOT / "kb/sos/examples/fire_9_67.yaml"), "--firers", "S1",
            "--target", "0403", "--kind", "defensive", "--close-assault", "--json")
    assert r.json["column"] == ex.expected["defender_column"]


@pytest.mark.rules("9.73")
def test_example_9_73_mues(capsys):
    ex, data = answer(capsys, "integrity_9_73_mues")
    d = drms(data)
    assert d["leader-attacking"] == ex.expected["with_mues"]["leader-attacking"]
    assert not set(ex.expected["without_mues"]) & set(d)
    assert set(ex.expected["negated"]) <= {n["id"] for n in data["negated"]}
    r = run(capsys, "fire", str(ROOT / "kb/sos/examples/integrity_9_73_mues.yaml"),
            "--firers", "PG,A,B", "--target", "0404", "--json")
    without = drms(r.json)
    assert all(without[k] == v for k, v in ex.expected["without_mues"].items())


@pytest.mark.rules("9.73")
def test_example_9_73_note_mixed_defenders(capsys):
    ex, data = answer(capsys, "integrity_9_73_note")
    row = data["hexes"][0]
    assert {d["id"]: d["value"] for d in row["defending"]} == ex.expected["defending"]
    assert {d["id"]: d["value"] for d in row["firing"]} == ex.expected["firing"]


@pytest.mark.rules("9.21")
def test_example_9_21_range(capsys):
    ex, data = answer(capsys, "range_9_21")
    row = data["firers"][0]
    assert row["may_fire"] is ex.expected["may_fire"]
    assert {"reason": "out-of-range", "rule": "9.23"} in row["why_not"]
