"""``advances``, ``breakthrough`` and ``check --advance`` on the command line, per the contract."""

from pathlib import Path

import pytest
from cli_helpers import run

EX = Path(__file__).resolve().parents[2] / "kb" / "s42" / "examples"
DEMO = str(Path(__file__).resolve().parents[2] / "adjudicator" / "games" / "s42" / "s42_demo.yaml")


@pytest.mark.rules("14.1", "14.2.2")
def test_advances_json_per_contract(capsys):
    r = run(capsys, "advances", str(EX / "advance_14_2_2.yaml"), "--vacated", "0405",
            "--allowance", "4", "--units", "11Pz,1Cav,76Inf", "--json")
    assert r.code == 0
    units = {u["id"]: u for u in r.json["units"]}
    assert set(units) == {"11Pz", "1Cav", "76Inf"}
    assert "0405" in units["76Inf"]["hexes"] and "0407" not in units["76Inf"]["hexes"]
    for u in units.values():
        assert u["rules"] and all(o["rules"] and o["path"] for o in u["options"])
        assert [o["hex"] for o in u["options"]] == u["hexes"]


def test_advances_text_and_usage_errors(capsys):
    r = run(capsys, "advances", str(EX / "advance_14_4.yaml"), "--vacated", "0404",
            "--allowance", "4", "--units", "11Pz")
    assert r.code == 0 and "11Pz in 0304 may advance" in r.out
    r = run(capsys, "advances", str(EX / "advance_14_4.yaml"), "--vacated", "0404",
            "--allowance", "4", "--units", "Nobody")
    assert r.code == 2 and "Nobody" in r.err
    r = run(capsys, "advances", str(EX / "advance_14_4.yaml"), "--vacated", "0403",
            "--allowance", "4", "--units", "11Pz")
    assert r.code == 2 and "11.4.2" in r.err  # 0403 still holds S1


@pytest.mark.rules("14.4.2")
def test_advances_path_names_the_first_rule_broken(capsys):
    args = ["advances", str(EX / "advance_14_4.yaml"), "--vacated", "0404", "--allowance", "4",
            "--units", "11Pz", "--json", "--path"]
    r = run(capsys, *args, "11Pz:0404,0504,0604")
    assert r.code == 0 and r.json["ok"] is False and r.json["rules"] == ["14.4.2"]
    assert r.json["step"] == 2
    r = run(capsys, *args, "11Pz:0404,0504")
    assert r.json["ok"] is True


@pytest.mark.rules("14.4.1", "14.4.2")
def test_check_advance(capsys):
    f = str(EX / "advance_14_4.yaml")
    r = run(capsys, "check", f, "--advance", "11Pz:0404,0505", "--json")
    assert r.code == 0 and r.json["allowed"] is True and r.json["check"] == "advance"
    r = run(capsys, "check", f, "--advance", "11Pz:0305,0404;vacated=0305", "--json")
    assert r.json["allowed"] is False and "14.4.1" in r.json["rules"]


@pytest.mark.rules("15.2.4")
def test_breakthrough_json(capsys):
    r = run(capsys, "breakthrough", str(EX / "advance_15_2_4.yaml"), "--vacated", "0405",
            "--allowance", "4", "--group", "11Pz,14Pz,16Pz", "--json")
    assert r.code == 0 and r.json["allowed"] is True
    t = {t["hex"]: t for t in r.json["targets"]}
    assert t["0408"]["left"] == 0 and t["0408"]["rules"]
    r = run(capsys, "breakthrough", str(EX / "advance_15_2_4.yaml"), "--vacated", "0405",
            "--allowance", "4", "--group", "11Pz", "--at", "0406")
    assert r.code == 2


def test_show_layer_and_demo(capsys, tmp_path):
    svg = tmp_path / "a.svg"
    r = run(capsys, "show", DEMO, "--svg", str(svg), "--layer", "advance")
    assert r.code == 0 and svg.read_text().count("<polygon") > 10
    r = run(capsys, "demo")
    assert r.code == 0 and "Advance after combat" in r.out and "Breakthrough Group" in r.out
