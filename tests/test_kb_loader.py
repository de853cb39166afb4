"""The KB loader on a small fixture knowledge base (tests/fixtures/kb)."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.kb import KBError, json_schemas, list_games, load_game

FIX = Path(__file__).parent / "fixtures" / "kb"


@pytest.fixture(scope="module")
def demo():
    return load_game("demo", FIX / "kb", FIX / "asp", FIX / "tests")


def test_tree_and_citations(demo):
    assert list(demo.sections) == ["7.0", "7.1", "7.3", "12.0", "12.2"]
    assert demo["7.0"].children == ["7.1", "7.3"]
    assert demo["7.3"].parent == "7.0"
    assert demo["7.1"].referenced_by == ["7.3"]
    assert demo["7.0"].referenced_by == ["12.2"]
    assert demo.graph.has_edge("7.3", "12.2")


def test_merged_data(demo):
    s = demo["7.1"]
    assert s.summary.startswith("Two good-order units")
    assert s.terms == {"Hex Bond": "a link through one empty hex"}
    negate = demo["7.3"]
    assert [r.name for r in negate.readings] == ["vacant-of-enemy", "vacant-of-all"]
    assert negate.default_reading.name == "vacant-of-enemy"
    assert negate.examples[0].title == "A bond is cut"
    assert demo["12.2"].tables == ["crt"]
    assert negate.encodings[0].file == "demo/bonds.lp"
    assert negate.encodings[0].lines == [2]
    assert [r.test for r in negate.rulings] == ["tests/test_demo.py::test_cut"]
    # a bare id in a marker belongs to s42, not to this game
    assert demo["7.1"].rulings == []


def test_lookup_forms(demo):
    assert demo["demo:7.3"].id == "7.3"
    assert demo.get("7").id == "7.0"
    assert demo.get("(7.3)").id == "7.3"
    assert demo.get("9.9") is None
    assert "7.1" in demo.suggest("7.2")


def test_search(demo):
    hits = [s.id for s, _ in demo.search("bond")]
    assert hits[0] == "7.0"
    assert "7.1" in hits
    assert [s.id for s, _ in demo.search("empty hex")] == ["7.1"]


def test_check(demo):
    report = demo.check()
    assert report.ok
    assert report.dangling == []
    assert ["7.1", "7.3"] in report.cycles


def test_unknown_game():
    with pytest.raises(KBError, match="unknown game"):
        load_game("nope", FIX / "kb")
    assert list_games(FIX / "kb") == ["demo"]


def test_bad_file_reports_line(tmp_path):
    game = tmp_path / "kb" / "bad"
    (game / "summaries").mkdir(parents=True)
    (game / "game.yaml").write_text(
        "id: bad\ntitle: Bad\nsource: x\ndice: {sides: 6}\nid_scheme: dotted\n"
    )
    (game / "sections.yaml").write_text("game: bad\nsections:\n  - {id: '1.0', title: One}\n")
    (game / "summaries" / "ch01.yaml").write_text('"1.0":\n  summary: ok\n  terms: [oops]\n')
    with pytest.raises(KBError) as err:
        load_game("bad", tmp_path / "kb")
    assert "ch01.yaml:3: 1.0.terms:" in str(err.value)


def test_readings_need_one_default(tmp_path):
    from adjudicator.kb import validate_file

    path = tmp_path / "readings" / "x.yaml"
    path.parent.mkdir()
    path.write_text('"7.3":\n  - {name: a, text: one}\n  - {name: b, text: two}\n')
    _, problems = validate_file(path)
    assert problems and "exactly one reading must be the default" in problems[0].message


def test_json_schemas_cover_every_file_kind():
    schemas = json_schemas()
    assert set(schemas) == {
        "kb/<game>/game.yaml",
        "kb/<game>/sections.yaml",
        "kb/<game>/summaries/*.yaml",
        "kb/<game>/readings/*.yaml",
        "kb/<game>/tables/*.yaml",
        "kb/<game>/examples/*.yaml",
    }
    assert "properties" in schemas["kb/<game>/sections.yaml"]


def test_misprints_are_loaded_and_checked(tmp_path):
    game = tmp_path / "kb" / "mis"
    (game / "summaries").mkdir(parents=True)
    (game / "game.yaml").write_text(
        "id: mis\ntitle: Mis\nsource: x\ndice: {sides: 6}\nid_scheme: dotted\n"
    )
    (game / "sections.yaml").write_text("game: mis\nsections:\n  - {id: '1.0', title: One}\n")
    summary = game / "summaries" / "ch01.yaml"
    summary.write_text(
        '"1.0":\n  summary: ok\n  misprints:\n'
        "    - {text: cites 1.0 for itself, reading: means 2.0}\n"
    )
    section = load_game("mis", tmp_path / "kb")["1.0"]
    assert [(m.text, m.reading) for m in section.misprints] == [
        ("cites 1.0 for itself", "means 2.0")
    ]
    summary.write_text('"1.0":\n  summary: ok\n  misprints:\n    - {text: no reading}\n')
    with pytest.raises(KBError) as err:
        load_game("mis", tmp_path / "kb")
    assert "ch01.yaml:4: 1.0.misprints[0].reading: Field required" in str(err.value)
