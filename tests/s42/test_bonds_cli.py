"""``bonds`` and ``check`` through the command line, per the contract (section 3)."""

import json
from pathlib import Path

import pytest
from cli_helpers import run
from positions import pos, unit

DEMO = str(Path(__file__).resolve().parents[2] / "adjudicator" / "games" / "s42" / "s42_demo.yaml")


@pytest.fixture
def pos_file(tmp_path):
    """Axis bonds: hex 0404-0406 (negated by R in 0405), hexside 0404-0506 (crossed by the
    Soviet hex bond R-M through 0505, 7.4), edge 0204-W, and hexside 0204-0404 broken
    because both ways round it are walled off."""
    sc = pos([unit("A", "axis", "0404"), unit("B", "axis", "0406"), unit("C", "axis", "0506"),
              unit("G", "axis", "0204"), unit("R", "soviet", "0405"),
              unit("M", "soviet", "0604")],
             entry_areas={"W": {"side": "axis", "hexes": [f"01{r:02d}" for r in range(1, 9)]}},
             hexsides={"0204-0304": {"impassable": True}, "0305-0404": {"river": "volga"}})
    data = sc.model_dump(mode="json", exclude={"source"}, exclude_none=True)
    f = tmp_path / "bonds.json"
    f.write_text(json.dumps(data))
    return f


@pytest.mark.rules("7.1", "7.3")
def test_bonds_json_per_contract(capsys, pos_file):
    r = run(capsys, "bonds", str(pos_file), "--json")
    assert r.code == 0, r.err
    bonds = {(b["side"], b["kind"], tuple(b["ends"])): b for b in r.json["bonds"]}
    for b in bonds.values():
        assert set(b) >= {"side", "kind", "ends", "negated", "rules", "broken", "closes"}
        assert b["rules"]
    hexb = bonds[("axis", "hex", ("0404", "0406"))]
    assert hexb["negated"] is True and "7.3" in hexb["rules"] and hexb["closes"]["hexes"] == []
    side = bonds[("axis", "hexside", ("0404", "0506"))]
    assert side["negated"] is False and side["closes"]["hexsides"] == ["0405-0505"]
    edge = bonds[("axis", "edge", ("0204", "W"))]
    assert edge["ends"][1] == "W" and edge["standing"]
    assert r.json["closed"]["axis"]["hexsides"] == ["0104-0105", "0405-0505"]


@pytest.mark.rules("7.6.1")
def test_bonds_json_lists_broken_bonds_with_their_rule(capsys, pos_file):
    data = run(capsys, "bonds", str(pos_file), "--json").json
    broken = [b for b in data["bonds"] if b["broken"]]
    assert [(b["kind"], b["ends"]) for b in broken] == [("hexside", ["0204", "0404"])]
    assert "7.6.1" in broken[0]["broken_by"] and "7.6.1" in broken[0]["rules"]
    assert broken[0]["negated"] is False and broken[0]["closes"]["hexsides"] == []


@pytest.mark.rules("7.1")
def test_bonds_text_names_bonds_and_rules(capsys, pos_file):
    r = run(capsys, "bonds", str(pos_file))
    assert r.code == 0 and "0404-0406" in r.out and "negated" in r.out and "7.3" in r.out


@pytest.mark.rules("7.1")
def test_bonds_reading_option_and_bad_reading(capsys, tmp_path):
    sc = pos([unit("A", "axis", "0404"), unit("B", "axis", "0406"), unit("F", "axis", "0405")])
    f = tmp_path / "mid.json"
    f.write_text(json.dumps(sc.model_dump(mode="json", exclude={"source"}, exclude_none=True)))
    default = run(capsys, "bonds", str(f), "--json").json
    assert any(b["kind"] == "hex" for b in default["bonds"])
    vacant = run(capsys, "bonds", str(f), "--json", "--reading", "7.1=vacant").json
    assert not any(b["kind"] == "hex" for b in vacant["bonds"])
    assert vacant["readings"]["7.1"] == "vacant"
    bad = run(capsys, "bonds", str(f), "--reading", "7.1=nonsense")
    assert bad.code == 2 and "--reading" in bad.err


@pytest.mark.rules("6.2", "7.2")
def test_check_enter_json(capsys, pos_file):
    r = run(capsys, "check", str(pos_file), "--enter", "M:0505", "--json")
    assert r.code == 0, r.err
    assert r.json["allowed"] is True and r.json["must_stop"] is True and "6.2" in r.json["rules"]
    refused = run(capsys, "check", str(pos_file), "--enter", "R:0505", "--json").json
    assert refused["allowed"] is False and refused["rules"] == ["7.2", "7.4"]


def test_check_text_and_usage_errors(capsys, pos_file):
    r = run(capsys, "check", str(pos_file), "--enter", "R:0505")
    assert r.code == 0 and r.out.startswith("no") and "[7.2]" in r.out
    assert run(capsys, "check", str(pos_file)).code == 2
    assert run(capsys, "check", str(pos_file), "--enter", "R:0707").code == 2
    assert run(capsys, "check", str(pos_file), "--enter", "nobody:0505").code == 2


def test_show_draws_the_bonds_layer(capsys, pos_file, tmp_path):
    svg = tmp_path / "b.svg"
    r = run(capsys, "show", str(pos_file), "--svg", str(svg), "--layer", "bonds", "--json")
    assert r.code == 0, r.err
    text = svg.read_text()
    assert "closed to the enemy by axis:hexside:0404-0506" in text
    assert 'stroke-dasharray="7 5"' in text  # the negated hex bond


def test_demo_prints_the_bonds(capsys):
    r = run(capsys, "demo")
    assert r.code == 0 and "ZOC bonds" in r.out and "0603-0605" in r.out
