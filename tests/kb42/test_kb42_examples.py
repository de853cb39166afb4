"""The rulebook's worked examples for Kharkov Battles, rebuilt as positions in
kb/kb42/examples/ (the text keeps none of its maps: each file's header says what geometry
was constructed and what the text fixes). The combat example is checked in
test_kb42_combat.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run
from ruamel.yaml import YAML

EXAMPLES = Path(__file__).resolve().parents[2] / "kb" / "kb42" / "examples"


def example(name):
    path = EXAMPLES / name
    return str(path), YAML(typ="safe").load(path.read_text())["example"]


@pytest.mark.rules("12.1", "6.21", "7.14", "7.31", "12.33")
def test_12_1_attack_determination_example(capsys):
    path, ex = example("attack_12_1.yaml")
    want = ex["expected"]
    out = run(capsys, "attacks", path, *ex["command"].split()[2:], "--json")
    assert sorted(out.json["must_attack"]) == want["must_attack"]
    assert out.json["legal"] is want["legal"]
    four_five = run(capsys, "attacks", path, "--units", "s4,s5", "--json").json
    assert sorted(four_five["must_attack"]) == want["stacks_4_and_5_oblige"]
    one = run(capsys, "attacks", path, "--units", "s1-inf,s1-ag", "--json").json
    assert sorted(one["must_attack"]) == want["stack_1_obliges"]
    assert one["may_attack"]["s1-inf"] == ["KB3620", "KB3622"]
    assert one["may_attack"]["s1-ag"] == ["KB3620"]
    assert {"unit": "s1-ag", "hex": "KB3622", "rules": [want["assault_gun_against_E"]]} \
        in one["refused"]
    # stack 6 split between A and B, or all of it on A with 4 and 5 on B (6.21)
    split = run(capsys, "odds", path, "--attack", "s6-a@KB3612", "--attack",
                "s6-b,s4,s5@KB3614", "--json").json
    assert split["legal"]
    whole = run(capsys, "odds", path, "--attack", "s6-a,s6-b@KB3612", "--attack",
                "s4,s5@KB3614", "--json").json
    assert whole["legal"]
    # 2 against D obliges C (no ZOC from D's city), which 3 may meet
    alone = run(capsys, "odds", path, "--attack", "s2@KB3620", "--json").json
    assert alone["unmet"] == want["stack_2_against_D_obliges"] and not alone["legal"]
    met = run(capsys, "odds", path, "--attack", "s2@KB3620", "--attack", "s3@KB3618",
              "--json").json
    assert met["legal"]


@pytest.mark.rules("12.62")
def test_12_62_example_hexes_or_steps(capsys):
    path, ex = example("retreat_12_62.yaml")
    out = run(capsys, "retreats", path, *ex["command"].split()[2:], "--json").json
    options = sorted({(r["chosen"], r["converted"]) for r in out["retreats"] if r["allowed"]})
    assert options == [tuple(o) for o in ex["expected"]["options"]]


@pytest.mark.rules("12.81")
@pytest.mark.parametrize("name", ["advance_12_81_1.yaml", "advance_12_81_2.yaml"])
def test_12_81_examples_the_advance_after_an_eliminated_stack(capsys, name):
    path, ex = example(name)
    out = run(capsys, "retreats", path, *ex["command"].split()[2:], "--json").json
    want = ex["expected"]
    chosen = [r for r in out["retreats"] if r["chosen"] == want["chosen"] and r["allowed"]]
    assert chosen and all(r["eliminated"] for r in chosen)
    assert {r["advance_allowance"] for r in chosen} == {want["advance"]}
    assert all("12.81" in r["advance_rules"] for r in chosen)
