"""The foundation's commands, per the contract: validate, zoc, show, demo."""

import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import run

DEMO = str(Path(__file__).resolve().parents[2] / "adjudicator" / "games" / "s42" / "s42_demo.yaml")

POS = """\
game: s42
map:
  hexes:
    "0404": clear
    "0405": {terrain: woods, city: minor}
    "0504": clear
units:
  - {id: A, side: axis, hex: "0404", type: infantry, attack: 4, defense: 4, ma: 4}
"""


@pytest.fixture
def pos_file(tmp_path):
    f = tmp_path / "pos.yaml"
    f.write_text(POS)
    return f


def test_validate_json_is_ok_true(capsys, pos_file):
    r = run(capsys, "validate", str(pos_file), "--json")
    assert r.code == 0 and r.json["ok"] is True


def test_validate_text(capsys, pos_file):
    r = run(capsys, "validate", str(pos_file))
    assert r.code == 0 and "valid s42 position" in r.out


def test_validate_refuses_bad_file_with_status_2_and_no_traceback(capsys, tmp_path):
    f = tmp_path / "bad.yaml"
    f.write_text(POS.replace('hex: "0404"', 'hex: "9999"').replace("type: infantry", "type: foot"))
    r = run(capsys, "validate", str(f))
    assert r.code == 2
    lines = r.err.strip().splitlines()
    assert len(lines) == 2
    assert all(line.startswith(f"{f}:8: units[0].") for line in lines)
    assert "Traceback" not in r.err and r.out == ""


def test_validate_surfaces_encoding_errors(capsys, tmp_path):
    f = tmp_path / "both.yaml"
    f.write_text(POS + '  - {id: S, side: soviet, hex: "0404", type: infantry, attack: 4, '
                 'defense: 4, ma: 4}\n')
    r = run(capsys, "validate", str(f))
    assert r.code == 2
    assert r.err.startswith(f"{f}:4: map.hexes.0404: units of both sides share this hex")


def test_zoc_json_per_contract(capsys, pos_file):
    r = run(capsys, "zoc", str(pos_file), "--json")
    assert r.code == 0
    data = r.json
    assert data["zoc"] == {"0404": [], "0405": ["axis"], "0504": ["axis"]}
    assert data["rules"] == ["6.1"]
    assert all(s["rules"] for s in data["sources"])


def test_zoc_text_cites_rules(capsys):
    r = run(capsys, "zoc", DEMO)
    assert r.code == 0
    assert "Axis ZOC [6.1]:" in r.out and "[13.3.2]" in r.out and "[22.4]" in r.out


def test_show_writes_an_svg_with_zoc_hatching(capsys, tmp_path):
    out = tmp_path / "demo.svg"
    r = run(capsys, "show", DEMO, "--svg", str(out))
    assert r.code == 0
    svg = out.read_text()
    assert svg.startswith("<svg") and "hatch-axis" in svg and "14Pz" in svg


def test_show_unknown_layer_is_refused(capsys, tmp_path):
    r = run(capsys, "show", DEMO, "--svg", str(tmp_path / "x.svg"), "--layer", "nope")
    assert r.code == 2 and "no layer 'nope'" in r.err


def test_missing_file_is_refused(capsys, tmp_path):
    r = run(capsys, "zoc", str(tmp_path / "nope.yaml"))
    assert r.code == 2 and "no such file" in r.err


def test_demo_runs_on_the_bundled_position(capsys):
    r = run(capsys, "demo")
    assert r.code == 0
    assert "Zones of control" in r.out and "[6.1]" in r.out


def test_module_entry_point_exit_status():
    ok = subprocess.run([sys.executable, "-m", "adjudicator", "validate", DEMO, "--json"],
                        capture_output=True, text=True)
    assert ok.returncode == 0 and '"ok": true' in ok.stdout
    bad = subprocess.run([sys.executable, "-m", "adjudicator", "validate", "/nonexistent.yaml"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def test_map_part_is_ground_once_per_map_and_queries_do_not_mix():
    from positions import pos, unit

    from adjudicator.games.s42.queries.zoc import zoc
    from adjudicator.solver import Solver, session_for

    solver = Solver("s42")
    sides = {"0404-0405": {"river": "volga"}}
    first = pos([unit("A", "axis", "0404")], hexsides=sides)
    moved = pos([unit("A", "axis", "0606")], hexsides=sides)
    session = session_for(solver.game, first.map)
    assert session_for(solver.game, moved.map) is session
    before = session.count
    a, b = zoc(first, solver), zoc(moved, solver)
    assert session.count == before + 2
    # each answer is its own position's, not a mixture of both
    assert {h for h, s in a.zoc.items() if s} == {"0304", "0305", "0403", "0504", "0505"}
    assert {h for h, s in b.zoc.items() if s} == {"0605", "0706", "0707", "0607", "0507", "0506"}
    other = pos([unit("A", "axis", "0606")], hexsides={"0404-0405": {"river": "minor"}})
    assert session_for(solver.game, other.map) is not session
