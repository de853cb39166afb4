"""The rulebook's ZOC bond examples (7.3/7.4, 7.6.1, 22.3.2), rebuilt as positions.

Each file under kb/s42/examples/bonds_*.yaml is an ordinary scenario with an
``example:`` block holding the answer the rulebook gives; the adjudicator must
give the same, through the Python API and through the CLI.
"""

from pathlib import Path

import pytest
from cli_helpers import run
from ruamel.yaml import YAML

from adjudicator.games.s42.queries.bonds import bonds
from adjudicator.games.s42.queries.check import check_enter
from adjudicator.scenario import load_scenario

EXAMPLES = Path(__file__).resolve().parents[2] / "kb" / "s42" / "examples"
FILES = sorted(EXAMPLES.glob("bonds_*.yaml"))


def expected(path):
    return YAML(typ="safe").load(path.read_text(encoding="utf-8"))["example"]["expected"]


def states(answer):
    out = {"standing": set(), "negated": set(), "broken": set()}
    for b in answer.bonds:
        if b.standing:
            out["standing"].add(b.id)
        if b.negated:
            out["negated"].add(b.id)
        if b.broken:
            out["broken"].add(b.id)
    return out


def test_the_three_examples_exist():
    assert [f.name for f in FILES] == ["bonds_22_3_2.yaml", "bonds_7_3.yaml", "bonds_7_6.yaml"]


@pytest.mark.rules("7.3", "7.4", "7.5", "7.6.1")
def test_7_3_example_negated_intersecting_and_minor_river_bonds():
    path = EXAMPLES / "bonds_7_3.yaml"
    exp, ans = expected(path), bonds(load_scenario(path))
    got = states(ans)
    assert set(exp["standing"]) <= got["standing"]
    assert set(exp["negated"]) <= got["negated"]
    assert got["broken"] == set(exp["broken"])
    for a, b in exp["crossing"]:
        bond = next(x for x in ans.bonds if x.id == a)
        assert b in bond.crosses and "7.4" in bond.rules


@pytest.mark.rules("7.6.1")
def test_7_6_example_major_rivers_and_pushing_aside():
    path = EXAMPLES / "bonds_7_6.yaml"
    exp, got = expected(path), states(bonds(load_scenario(path)))
    assert got == {k: set(exp[k]) for k in ("standing", "negated", "broken")}


@pytest.mark.rules("7.6.1")
def test_7_6_example_without_the_enemy_unit_d_e_stands():
    sc = load_scenario(EXAMPLES / "bonds_7_6.yaml")
    sc = sc.model_copy(update={"units": [u for u in sc.units if u.side == "axis"]})
    assert "axis:hexside:0606-0806" in states(bonds(sc))["standing"]


@pytest.mark.rules("22.3.2", "7.5", "7.2")
def test_22_3_2_example_map_edge_bonds_and_entering_the_map():
    path = EXAMPLES / "bonds_22_3_2.yaml"
    sc, exp = load_scenario(path), expected(path)
    got = states(bonds(sc))
    assert got["standing"] == set(exp["standing"])
    assert not any(i.startswith("axis:edge") for i in got["standing"] | got["broken"])
    for spec, allowed in exp["enter"].items():
        assert check_enter(sc, spec).allowed is allowed, spec


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_examples_through_the_cli(capsys, path):
    r = run(capsys, "bonds", str(path), "--json")
    assert r.code == 0
    data = r.json
    exp = expected(path)
    standing = {b["id"] for b in data["bonds"] if b["standing"]}
    assert set(exp["standing"]) <= standing
    for b in data["bonds"]:
        assert b["rules"] and b["kind"] in ("hex", "hexside", "edge") and len(b["ends"]) == 2
