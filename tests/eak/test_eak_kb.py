"""The Enemy Action: Kharkov knowledge base: complete, in the book's order, misprints and
readings recorded (kb/eak/)."""

from __future__ import annotations

import pytest

from adjudicator.kb import load_game


@pytest.fixture(scope="module")
def kb():
    return load_game("eak")


def test_every_section_is_summarised(kb):
    pending = [s.id for s in kb.sections.values() if not s.summary]
    assert len(kb.sections) == 152
    assert pending == []


def test_sections_keep_the_books_decimal_order(kb):
    ids = list(kb.sections)
    # 2.21-2.23 are cases of 2.2 and stand between 2.2 and 2.3, as printed
    assert ids[ids.index("2.2") : ids.index("2.3") + 1] == ["2.2", "2.21", "2.22", "2.23", "2.3"]
    assert ids.index("9.27") < ids.index("9.3") < ids.index("9.4")
    assert kb.sort_ids(["2.5", "2.21", "12.36", "9.3", "9.26"]) == [
        "2.21", "2.5", "9.26", "9.3", "12.36"
    ]
    assert kb["2.0"].refs[:2] == ["2.21", "2.4"]
    lines = [s.line for s in kb.sections.values()]
    assert lines == sorted(lines), "sections.yaml must follow the text"


def test_check_lists_in_book_order(kb):
    cycles = kb.check().cycles
    assert cycles.index(["9.12", "9.8"]) < cycles.index(["9.2", "10.0"])


def test_12_36_has_its_printed_title(kb):
    section = kb["12.36"]
    assert section.title == "Soviet Artillery Barrage Combat tactic Bonus"
    assert not section.untitled


@pytest.mark.parametrize(
    ("section", "printed", "meant"),
    [
        ("2.22", "13.31", "12.41"),
        ("9.4", "Soviet attack checks (9.5)", "Soviet attack checks (9.4)"),
        ("10.4", "10.5 Stacking Units", "10.4 Stacking Units"),
        ("10.5", "10.4 German Movement Supply Requirements",
         "10.5 German Movement Supply Trace Limits"),
        ("3.0", "Chuguev (hex 1008)", "Chuguev (hex 1009)"),
    ],
)
def test_known_misprints_are_recorded(kb, section, printed, meant):
    assert (printed, meant) in {(m.printed, m.meant) for m in kb[section].misprints}


def test_misprint_of_a_citation_explains_the_unresolved_id(kb):
    assert kb["2.22"].unresolved == ["13.31"]
    assert "13.31" not in kb.sections and "12.41" in kb.sections


def test_chuguev_is_1009_in_the_gazetteer(kb):
    assert kb.tables["gazetteer"].model_extra["hexes"]["1009"] == "Chuguev"


def test_ratio_rounding_readings_fit_the_worked_examples(kb):
    readings = {r.name: r for r in kb["9.4"].readings}
    assert kb["9.4"].default_reading.name == "ratio-steps"
    assert {"ratio-steps", "half-steps", "whole-ratios", "exact"} <= set(readings)

    # the default is the reading that gives both worked examples of 9.4 as printed
    assert "8:3 is 2:1" in readings["ratio-steps"].text
    assert "6:4 is 1.5:1" in readings["ratio-steps"].text
    # each alternative contradicts one of them, and says so
    assert "8:3 is 2.5:1" in readings["half-steps"].text
    assert "6:4 is 1:1" in readings["whole-ratios"].text


def test_blocked_dniepr_reading_has_a_default(kb):
    section = kb["9.3"]
    assert section.default_reading.name == "soviet-procedure"
    assert [r.name for r in section.readings] == ["soviet-procedure", "every-rule"]
