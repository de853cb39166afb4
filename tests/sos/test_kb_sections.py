"""Streets of Stalingrad: the repaired section tree, pinned against the rulebook text.

The text (``../shared/seeds/001_*.txt``) was extracted two columns at a time, so headings
land mid-paragraph. ``kb/sos/sections.yaml`` is the exact output of
``adjudicator kb ingest`` with the reader's corrections in ``kb/sos/ingest.yaml``; these
tests pin the cases that went wrong before and check every section against its line.
Tests that need the rulebook are skipped when it is not available.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adjudicator.kb import load_game
from adjudicator.kb.ingest import load_fixes, parse_file, sections_yaml

REPO = Path(__file__).resolve().parents[2]
KB = REPO / "kb" / "sos"
SEEDS = next(
    (p for p in (REPO.parent / "shared" / "seeds", REPO / ".." / "shared" / "seeds") if p.is_dir()),
    None,
)


def rulebook() -> Path:
    found = sorted(SEEDS.glob("001_*.txt")) if SEEDS else []
    if not found:
        pytest.skip("the Streets of Stalingrad rulebook text is not available")
    return found[0]


_cache: dict = {}


def fresh():
    if "result" not in _cache:
        path = rulebook()
        text = path.read_text(encoding="utf-8", errors="replace")
        _cache["text"] = text.splitlines()
        _cache["result"] = parse_file(path, "sos", fixes=load_fixes(KB / "ingest.yaml", text))
    return _cache["result"]


def lines() -> list[str]:
    fresh()
    return _cache["text"]


@pytest.fixture(scope="module")
def kb():
    return load_game("sos")


def test_committed_tree_is_the_ingest_output():
    committed = (KB / "sections.yaml").read_text(encoding="utf-8")
    assert sections_yaml(fresh()) == committed


def test_every_section_is_printed_on_its_line(kb):
    renumbered = {f.id: f.printed for f in load_fixes(KB / "ingest.yaml").renumber}
    text = lines()
    for section in kb.sections.values():
        assert section.line is not None, section.id
        printed = renumbered.get(section.id, section.id.removesuffix("a"))
        pattern = rf"(?<!\d)(?<!\d\.){re.escape(printed)}(?!\d)"
        assert re.search(pattern, text[section.line - 1]), (section.id, section.line)


def test_missing_sections_are_present(kb):
    # 15.21 sat in a run of headings the parser took for a table of contents
    assert kb["15.21"].parent == "15.2" and kb["15.21"].line == 955
    assert kb["15.2"].line == 955 and kb["15.5"].line == 955
    # 9.83 is printed in the middle of 9.882, after the word "by"
    assert kb["9.83"].parent == "9.8" and kb["9.83"].line == 591


def test_cases_numbered_x_0_continue_the_section_before(kb):
    assert kb["8.70"].parent == "8.6"  # Volga crossing, after 8.69
    assert kb["9.40"].parent == "9.3"  # line of sight, after 9.39
    assert kb["9.60"].parent == "9.5"  # defensive fire, after 9.59
    assert kb["9.601"].parent == "9.60" and kb["9.602"].parent == "9.60"
    assert "8.70" not in kb["8.7"].children and "9.40" not in kb["9.4"].children
    # a section numbered x.10 after x.9 stays a section
    assert kb["9.10"].parent == "9.0" and kb["11.10"].parent == "11.0"


def test_mine_dog_cases_keep_apart_from_sniper_cases(kb):
    dogs = [f"16.2{n}" for n in range(1, 7)]
    snipers = [f"16.1{n}" for n in range(1, 8)]
    assert kb["16.2"].children == dogs
    assert kb["16.1"].children == snipers
    text = lines()
    for section_id in snipers:
        assert "sniper" in text[kb[section_id].line - 1].lower(), section_id
    for section_id, line in zip(dogs, (1011, 971, 975, 979, 983, 983), strict=True):
        assert kb[section_id].line == line
    assert "mine dog" in text[971 - 1].lower()
    # the collision is a misprint on record, with the index's numbers as evidence
    for section_id in dogs:
        assert kb[section_id].misprints, section_id


def test_duplicate_9_11(kb):
    assert kb["9.11"].title == "Pinned and Spent Units" and kb["9.11"].parent == "9.0"
    assert kb["9.11a"].parent == "9.1"
    assert "pinned" in kb["9.11"].summary.lower()
    assert "target hex" in kb["9.11a"].summary.lower()
    assert kb["9.11"].misprints


def test_citations_in_interleaved_text_go_to_their_section(kb):
    # the LOS game note printed between 9.41 and 9.42
    assert "9.40" in kb["9.34"].refs and "9.40" not in kb["9.41"].refs
    assert kb["9.41"].refs == []
    # the 9.71 DRM list printed after 9.63; the 14.6 list after 14.47
    assert {"9.73", "14.3"} <= set(kb["9.71"].refs) and kb["9.63"].refs == []
    assert "14.3" in kb["14.6"].refs and "14.3" not in kb["14.47"].refs
    # the end of 9.882 printed after the 9.83 heading
    assert kb["9.882"].refs == ["9.88"] and kb["9.83"].refs == ["18.3"]
    # 16.86 (not 16.71) cites 9.88; the 19.4 example (not 18.53) cites 19.1
    assert "9.88" in kb["16.86"].refs and "9.88" not in kb["16.71"].refs
    assert "19.1" in kb["19.4"].refs and "19.1" not in kb["18.53"].refs


def test_printed_titles(kb):
    assert kb["14.25"].title == "Spotting Ranges" and not kb["14.25"].untitled
    assert kb["14.84"].title == "Effects of Interdiction"
    assert kb["8.31"].title == "German Reserves Movement"
    assert kb["18.18"].title == "Pavlov"


def test_misprints_on_record(kb):
    assert any("9.87" in m.meant for m in kb["9.88"].misprints)
    assert kb["9.83"].misprints
