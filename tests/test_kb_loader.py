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


def test_misprints_are_merged_into_their_section(demo):
    (misprint,) = demo["7.3"].misprints
    assert (misprint.printed, misprint.meant, misprint.line) == ("7.2", "7.1", 12)
    assert misprint.why.startswith("There is no 7.2")
    assert demo["7.1"].misprints == []


def test_misprint_needs_what_is_meant(tmp_path):
    from adjudicator.kb import validate_file

    path = tmp_path / "summaries" / "x.yaml"
    path.parent.mkdir()
    path.write_text('"7.3":\n  summary: ok\n  misprints:\n    - {printed: "7.2", why: "x"}\n')
    _, problems = validate_file(path)
    assert [(p.line, p.path) for p in problems] == [(4, "7.3.misprints[0].meant")]


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


def _game_with_readings(tmp_path, readings: str):
    game = tmp_path / "kb" / "two"
    (game / "readings").mkdir(parents=True)
    (game / "game.yaml").write_text(
        "id: two\ntitle: Two\nsource: x\ndice: {sides: 6}\nid_scheme: dotted\n"
    )
    (game / "sections.yaml").write_text(
        "game: two\nsections:\n  - {id: '7.0', title: Seven}\n"
        "  - {id: '7.3', title: Retreats, parent: '7.0'}\n"
    )
    (game / "readings" / "r.yaml").write_text(readings)
    return tmp_path / "kb"


SEVERAL = """\
"7.0":
  - {name: plain, default: true, text: one point only}
  - {name: other, text: the other way}
"7.3#closer":
  - {name: hexes, default: true, text: count hexes}
  - {name: path, text: count the supply path}
"7.3#far":
  - {name: nearest, text: from the nearest attacker}
  - {name: total, default: true, text: summed over the attackers}
"""


def test_several_disputed_points_of_one_section(tmp_path):
    kb = load_game("two", _game_with_readings(tmp_path, SEVERAL))
    groups = kb["7.3"].reading_groups()
    assert list(groups) == ["7.3#closer", "7.3#far"]
    assert [r.name for r in groups["7.3#far"]] == ["nearest", "total"]
    # each point keeps its own default
    assert {k: next(r.name for r in v if r.default) for k, v in groups.items()} == {
        "7.3#closer": "hexes",
        "7.3#far": "total",
    }
    # a section with one point keeps its id as the key, and no `key` is recorded
    assert list(kb["7.0"].reading_groups()) == ["7.0"]
    assert kb["7.0"].readings[0].key is None
    assert kb.check().ok


def test_a_topic_must_be_a_slug_and_its_section_must_exist(tmp_path):
    bad = '"7.3#Far away":\n  - {name: a, default: true, text: one}\n'
    with pytest.raises(KBError) as err:
        load_game("two", _game_with_readings(tmp_path, bad))
    assert "r.yaml:1: 7.3#Far away: a topic after '#'" in str(err.value)
    kb = load_game("two", _game_with_readings(tmp_path / "b", '"9.9#x":\n  - {name: a, '
                                              'default: true, text: one}\n'))
    assert kb.check().unknown_ids == [("two/readings/r.yaml", "9.9")]


def test_a_reading_cannot_claim_another_key(tmp_path):
    text = '"7.3":\n  - {name: a, default: true, text: one, key: "7.0#x"}\n'
    kb = load_game("two", _game_with_readings(tmp_path, text))
    assert kb["7.3"].readings[0].key is None
    assert list(kb["7.3"].reading_groups()) == ["7.3"]


def test_kharkov_battles_readings():
    kb = load_game("kb42")
    groups = kb["12.72"].reading_groups()
    assert list(groups) == ["12.72#closer", "12.72#farthest"]
    defaults = {
        key: next(r.name for r in readings if r.default)
        for sid in ("2.3", "7.14", "12.72", "12.73")
        for key, readings in kb[sid].reading_groups().items()
    }
    assert defaults == {
        "2.3": "any-entry",
        "7.14": "stop-on-entry",
        "12.72#closer": "hex-count",
        "12.72#farthest": "nearest-attacker",
        "12.73": "free-first",
    }
    # a game declared in the registry reads the same folder, keys and all
    from adjudicator.games import DiceSpec, Game

    game = Game(id="kb42", title="Kharkov Battles", dice=DiceSpec(sides=10, count=1))
    assert game.default_readings() == defaults


def test_duplicate_table_ids_are_refused(tmp_path):
    game = tmp_path / "kb" / "dup"
    (game / "tables").mkdir(parents=True)
    (game / "game.yaml").write_text(
        "id: dup\ntitle: Dup\nsource: x\ndice: {sides: 6}\nid_scheme: dotted\n"
    )
    (game / "sections.yaml").write_text("game: dup\nsections:\n  - {id: '1.0', title: One}\n")
    (game / "tables" / "a.yaml").write_text("# one\nid: practice\ntitle: A\nrules: ['1.0']\n")
    (game / "tables" / "b.yaml").write_text("# two\n\nid: practice\ntitle: B\nrules: ['1.0']\n")
    with pytest.raises(KBError) as err:
        load_game("dup", tmp_path / "kb")
    text = str(err.value)
    assert "b.yaml:3: id: table id 'practice' is already used by dup/tables/a.yaml" in text


def test_distinct_table_ids_load(tmp_path):
    game = tmp_path / "kb" / "two"
    (game / "tables").mkdir(parents=True)
    (game / "game.yaml").write_text(
        "id: two\ntitle: Two\nsource: x\ndice: {sides: 6}\nid_scheme: dotted\n"
    )
    (game / "sections.yaml").write_text("game: two\nsections:\n  - {id: '1.0', title: One}\n")
    (game / "tables" / "a.yaml").write_text("id: crt_practice\ntitle: A\nrules: ['1.0']\n")
    (game / "tables" / "b.yaml").write_text("id: dd_practice\ntitle: B\nrules: ['1.0']\n")
    kb = load_game("two", tmp_path / "kb")
    assert sorted(kb.tables) == ["crt_practice", "dd_practice"]
    assert kb["1.0"].tables == ["crt_practice", "dd_practice"]


def test_shipped_tables_have_unique_ids():
    kb = load_game("s42")
    assert {"crt_practice", "dd_practice"} <= set(kb.tables)
    assert "crt_practice" in kb["8.3"].tables and "dd_practice" in kb["11.2.1"].tables


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
        "    - {printed: cites 1.0 for itself, meant: means 2.0}\n"
    )
    section = load_game("mis", tmp_path / "kb")["1.0"]
    assert [(m.printed, m.meant) for m in section.misprints] == [
        ("cites 1.0 for itself", "means 2.0")
    ]
    summary.write_text('"1.0":\n  summary: ok\n  misprints:\n    - {printed: no reading}\n')
    with pytest.raises(KBError) as err:
        load_game("mis", tmp_path / "kb")
    assert "ch01.yaml:4: 1.0.misprints[0].meant: Field required" in str(err.value)
