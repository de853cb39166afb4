"""``supply``, ``attrition`` and the supply ``show`` layer through the command line."""

import json
from pathlib import Path

import pytest
from cli_helpers import run
from positions import pos, unit

DEMO = str(Path(__file__).resolve().parents[2] / "adjudicator" / "games" / "s42" / "s42_demo.yaml")
WALL = {**{f"02{r:02d}-03{r:02d}": {"impassable": True} for r in range(1, 9)},
        **{f"02{r:02d}-03{r + 1:02d}": {"impassable": True} for r in range(1, 8)}}


@pytest.fixture
def pocket_file(tmp_path):
    """Axis A and B isolated east of a wall, next to Soviet R; C out of supply; D in supply."""
    sc = pos([unit("A", "axis", "0505", max_steps=2), unit("B", "axis", "0505"),
              unit("R", "soviet", "0506"), unit("D", "axis", "0201")],
             hexsides=WALL,
             entry_areas={"W": {"side": "axis", "hexes": [f"01{r:02d}" for r in range(1, 9)]},
                          "E": {"side": "soviet", "hexes": [f"08{r:02d}" for r in range(1, 9)]}})
    data = sc.model_dump(mode="json", exclude={"source"}, exclude_none=True)
    f = tmp_path / "pocket.json"
    f.write_text(json.dumps(data))
    return f


@pytest.mark.rules("16.1", "16.5.1")
def test_supply_json_per_contract(capsys, pocket_file):
    r = run(capsys, "supply", str(pocket_file), "--json")
    assert r.code == 0, r.err
    units = {u["id"]: u for u in r.json["units"]}
    for u in units.values():
        assert set(u) >= {"id", "status", "path", "rules"} and u["rules"]
        assert u["status"] in ("in-supply", "out-of-supply", "isolated")
    assert units["A"]["status"] == "isolated" and units["A"]["path"] == []
    assert units["A"]["cut"]["into"] == "0506" and units["A"]["cut"]["rules"] == ["16.3.2"]
    assert any(c["rules"] == ["2.2.3"] for c in units["A"]["cuts"])
    assert units["D"]["status"] == "in-supply" and units["D"]["path"] == ["0201", "0101", "W"]
    assert units["D"]["overland"] == ["0101"] and units["D"]["road"] == []
    assert units["R"]["status"] == "in-supply"
    r = run(capsys, "supply", str(pocket_file), "--side", "soviet", "--json")
    assert [u["id"] for u in r.json["units"]] == ["R"]


@pytest.mark.rules("16.1")
def test_supply_text_and_bad_arguments(capsys, pocket_file):
    r = run(capsys, "supply", str(pocket_file))
    assert r.code == 0 and "isolated" in r.out and "16.5.1" in r.out
    r = run(capsys, "supply", str(pocket_file), "--side", "german")
    assert r.code == 2 and "--side" in r.err
    r = run(capsys, "supply", str(pocket_file), "--reading", "16.3.1=sideways")
    assert r.code == 2 and "first-road-hex-road" in r.err
    r = run(capsys, "supply", str(pocket_file), "--reading", "16.3.1=first-road-hex-road",
            "--json")
    assert r.code == 0 and r.json["readings"]["16.3.1"] == "first-road-hex-road"


@pytest.mark.rules("16.5.2", "16.5.3")
def test_attrition_given_rolls_and_seed(capsys, pocket_file):
    r = run(capsys, "attrition", str(pocket_file), "--side", "axis", "--rolls", "1,6", "--json")
    assert r.code == 0, r.err
    units = {u["id"]: u for u in r.json["units"]}
    assert units["A"]["roll"] == 1 and units["A"]["modified"] == 2  # +1: airfield, no rail
    assert units["A"]["steps_lost"] == 1 and units["A"]["steps_after"] == 1
    assert units["B"]["roll"] == 6 and units["B"]["steps_lost"] == 0
    assert r.json["dice"]["given"] is True
    one = run(capsys, "attrition", str(pocket_file), "--side", "axis", "--seed", "11", "--json")
    two = run(capsys, "attrition", str(pocket_file), "--side", "axis", "--seed", "11", "--json")
    assert one.json == two.json and one.json["dice"]["seed"] == 11
    text = run(capsys, "attrition", str(pocket_file), "--side", "axis", "--rolls", "1,6")
    assert text.code == 0 and "airfield" in text.out and "16.5.4" in text.out


@pytest.mark.rules("16.5.3")
def test_attrition_bad_arguments(capsys, pocket_file):
    r = run(capsys, "attrition", str(pocket_file), "--side", "axis", "--rolls", "1")
    assert r.code == 2 and "--rolls" in r.err
    r = run(capsys, "attrition", str(pocket_file), "--side", "axis", "--rolls", "9,9")
    assert r.code == 2
    r = run(capsys, "attrition", str(pocket_file), "--side", "axis", "--rolls", "1,2",
            "--seed", "3")
    assert r.code == 2
    r = run(capsys, "attrition", str(pocket_file), "--side", "soviet")
    assert r.code == 0 and "No soviet unit is isolated" in r.out


@pytest.mark.rules("16.3")
def test_show_supply_layer(capsys, tmp_path, pocket_file):
    svg = tmp_path / "s.svg"
    r = run(capsys, "show", str(pocket_file), "--svg", str(svg), "--layer", "supply")
    assert r.code == 0, r.err
    text = svg.read_text()
    assert "ISOLATED" in text and "Line of Supply" in text


def test_demo_runs_the_supply_steps(capsys):
    r = run(capsys, "demo", DEMO)
    assert r.code == 0, r.err
    assert "Supply" in r.out and "Isolation attrition" in r.out
