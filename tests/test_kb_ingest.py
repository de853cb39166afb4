"""The rulebook parser on small texts written for the test (no rulebook needed)."""

from __future__ import annotations

from adjudicator.kb.ids import expand_range, id_key, sort_ids, tree_order
from adjudicator.kb.ingest import detect_style, parse_text, sections_yaml


def tree(result):
    return {h.id: (h.parent, h.title) for h in result.headings}


DOTTED = """\
# 7.0 ZOC BONDS

## 7.1 Forming

Two units form a link (see 16.3) unless hex 2403 is empty; a 4-6-8 unit at 2-1 odds
on Turns 1-16 rolls 2-12 in 1942.

### 7.2 Effects

**(7.2.1) First Effect:** Nothing here cites 10-1 or 4-6-3 or hex 1549.

**§ (7.2.2) Second Effect:** Use the full rule (12.2-12.4) and the list 16.32/16.34.

(7.2.3) A sentence with no heading cites [7.1] and Section 12.3.

## § 7.3 Negation

Printed in 8.5 x 11 inches, Hill 115.4, version 2.0, a 1.5:1 ratio and 6.5 miles.

# 12.0 RETREATS

## 12.1 Procedure

- Numbered items are not chapters:
1. FIRST STEP
2. SECOND STEP

## 12.2 Elimination
## 12.3 No Reduction
## 12.4 Previously Retreated
# 16.0 SUPPLY
### 16.3 Line of Supply
(16.3.2) Cites (12.9) which does not exist, and (99.1) beyond the last chapter.
### 16.32 Odd
### 16.34 Odder
"""


def test_dotted_numbering_forms():
    result = parse_text(DOTTED, "t")
    t = tree(result)
    assert t["7.0"] == (None, "ZOC BONDS")
    assert t["7.1"] == ("7.0", "Forming")
    assert t["7.2.1"] == ("7.2", "First Effect")
    assert t["7.2.2"] == ("7.2", "Second Effect")
    assert t["7.3"] == ("7.0", "Negation")
    assert t["16.3"] == ("16.0", "Line of Supply")
    # a rule printed without a heading gets a made-up title naming its parent
    head = next(h for h in result.headings if h.id == "7.2.3")
    assert head.untitled and head.title == "Effects (7.2.3)"
    # numbered list items and stray numbers are not sections
    assert "1.0" not in t and "2.0" not in t
    assert "16.32" in t and t["16.32"][0] == "16.3"


def test_citation_forms():
    refs = parse_text(DOTTED, "t").refs()
    assert refs["7.1"] == ["16.3"]
    # range expanded to the sections that exist, slash list split
    assert refs["7.2.2"] == ["12.2", "12.3", "12.4", "16.32", "16.34"]
    # bracketed and "Section" citations
    assert refs["7.2.3"] == ["7.1", "12.3"]


def test_false_positives_are_not_citations():
    refs = parse_text(DOTTED, "t").refs()
    # hex ids, strengths, odds, turn ranges, die rolls, years
    assert "7.2.1" not in refs
    # measurements, elevations, versions, ratios, distances
    assert "7.3" not in refs


def test_dangling_and_ranges_reported():
    result = parse_text(DOTTED, "t")
    dangling = [(s, c) for s, c, _ in result.dangling()]
    assert ("16.3.2", "12.9") in dangling
    # a number beyond the last chapter is not taken for a section at all
    assert all(c != "99.1" for _, c in dangling)
    assert ("7.2.2", "12.2-12.4", ["12.2", "12.3", "12.4"]) in result.ranges()


def test_cycles():
    text = "# 1.0 A\n## 1.1 B\nsee 1.2\n## 1.2 C\nsee 1.1\n"
    assert parse_text(text, "t").cycles() == [["1.1", "1.2"]]


BRACKETS = """\
[1.0] INTRODUCTION .....\t- 3 -
[1.1] VISION .....\t- 3 -
[7.0] ZONES OF CONTROL .....\t- 8 -
[7.1] EFFECTIVENESS .....\t- 8 -

## [1.0] INTRODUCTION
### [1.1] VISION
Text.
## [7.0] ZONES OF CONTROL
### [7.1] EFFECTIVENESS
[7.11] A unit exerts control. (Exception: 7.13)
[7.12] **Results** - More text citing [1.1] at 12-1 odds.
[7.13] Cadres do not.
"""


def test_bracketed_cases_and_toc():
    result = parse_text(BRACKETS, "t")
    t = tree(result)
    assert t["7.11"][0] == "7.1"
    assert t["7.12"] == ("7.1", "Results")
    assert result.refs()["7.11"] == ["7.13"]
    assert result.refs()["7.12"] == ["1.1"]
    # the table of contents lists sections but does not define or cite them
    assert [h.line for h in result.headings if h.id == "1.1"] == [7]


RUN_TOGETHER = """\
[1.0] INTRODUCTION .....\t- 3 -
[2.0] SPECIAL MOVES .....\t- 4 -
[2.1] INFILTRATION .....\t- 4 -
[2.2] ASSAULT .....\t- 4 -

## [1.0] INTRODUCTION
Text.
**[2.0] SPECIAL MOVES****[2.1] INFILTRATION**

Some units may move one hex (1.0).

## [2.2] ASSAULT
Text.
"""


def test_a_section_printed_on_its_chapter_line():
    result = parse_text(RUN_TOGETHER, "t")
    headings = {h.id: h for h in result.headings}
    assert (headings["2.0"].title, headings["2.0"].line) == ("SPECIAL MOVES", 8)
    assert (headings["2.1"].title, headings["2.1"].line) == ("INFILTRATION", 8)
    assert headings["2.1"].parent == "2.0"
    # the text after the line belongs to the section, and neither heading number is a citation
    refs = result.refs()
    assert refs.get("2.1") == ["1.0"]
    assert not refs.get("2.0")


CHAPTER_DOT = """\
4. SEQUENCE OF PLAY
1. SOVIET IMPULSE
2. GERMAN IMPULSE
5. COMBAT
5.1 Attack Eligibility
5.11 Who Attacks: text (4.0 & 5.12).
5.12 Second case
679.333.XL is a unit name.
"""


def test_chapters_printed_with_a_dot():
    t = tree(parse_text(CHAPTER_DOT, "t"))
    assert set(t) == {"4.0", "5.0", "5.1", "5.11", "5.12"}
    assert t["5.11"] == ("5.1", "Who Attacks")
    assert parse_text(CHAPTER_DOT, "t").refs()["5.11"] == ["4.0", "5.12"]


LETTERED = """\
A. LAND MOVEMENT
- 1) No movement across the strait.
- 2) Points may be used.
10.0 TERRAIN EFFECTS
A. ON MOVEMENT
See Section 9.A.1.
B. ON ASSAULTS
1) Axis:
- a) Major lines carry six units.
"""


def test_lettered_sections():
    result = parse_text(LETTERED, "t")
    assert result.style == "lettered"
    t = tree(result)
    assert t["9.0"][0] is None  # the chapter whose heading the fragment lost
    assert t["9.A"] == ("9.0", "LAND MOVEMENT")
    assert t["9.A.2"][0] == "9.A"
    assert t["10.B.1"] == ("10.B", "Axis")
    assert t["10.B.1.a"][0] == "10.B.1"
    assert result.refs()["10.A"] == ["9.A.1"]


INLINE = (
    "TABLE OF CONTENTS 1.0 INTRODUCTION 3 9.0 COMBAT 12 9.1 Combat Basics 12 "
    "9.9 Armored Units 19 9.10 Special Restrictions 19 9.11 Pinned Units 20\n"
    "Front matter.1.0 INTRODUCTION\n"
    "Some words. 9.0 COMBAT 9.01 Players fight here with every unit they have on the map "
    "and off it. 9.02 Sequencing. Steps follow one another in the order printed below.\n"
    "9.1 Combat Basics 9.11 Combat aims at one hex and every enemy unit standing in it, "
    "as the examples show (see 9.12). 9.12 Combat is voluntary.\n"
    "9.9 Armored Units 9.91 Armor is hard to hurt. Rules 9.83 and 9.97 were dropped.\n"
    + "Padding sentence. 9.92 More text here. "
    * 20
    + "\n9.10 Special Restrictions 9.101 Some units may not attack.\n"
    "9.11 Pinned Units 9.111 Pinned units stay put (9.101). One 8.5 x 11 card.\n"
)


def test_inline_headings_and_duplicate_numbers():
    result = parse_text(INLINE, "t", style="inline")
    t = tree(result)
    assert t["9.1"] == ("9.0", "Combat Basics")
    assert t["9.10"] == ("9.0", "Special Restrictions")
    assert t["9.11"] == ("9.0", "Pinned Units")
    # the case 9.11 of 9.1 printed before the section 9.11 keeps a suffixed id
    assert t["9.11a"][0] == "9.1"
    assert t["9.111"][0] == "9.11"
    assert t["9.02"] == ("9.0", "Sequencing")
    refs = result.refs()
    assert refs["9.11a"] == ["9.12"]
    assert refs["9.111"] == ["9.101"]
    assert "9.83" in [c for _, c, _ in result.dangling()]


def test_turn_marks_are_not_titles():
    from adjudicator.kb.ingest import _clean_title

    assert _clean_title("2+ German Strategic Movement Bonus") == "German Strategic Movement Bonus"
    assert _clean_title("1.2 Soviet Artillery Barrage Bonus") == "Soviet Artillery Barrage Bonus"
    assert _clean_title("6-12 Ground Conditions") == "Ground Conditions"
    # a number that is part of the title stays
    assert _clean_title("40 Attack Factors") == "40 Attack Factors"


def test_detect_style():
    assert detect_style(DOTTED) == "lines"
    assert detect_style(LETTERED) == "lettered"


def test_ids_sort_and_ranges():
    assert sort_ids(["9.10", "9.2", "9.1", "10.0", "S1", "9.0"]) == [
        "9.0",
        "9.1",
        "9.2",
        "9.10",
        "10.0",
        "S1",
    ]
    assert id_key("8.01") < id_key("8.1")
    known = ["12.1", "12.2", "12.2.1", "12.3", "12.4", "13.1"]
    assert expand_range("12.2", "12.4", known) == ["12.2", "12.3", "12.4"]


def test_book_order_follows_the_tree():
    # decimal cases: 2.21 is a case of 2.2, so the book puts it before 2.3 and 2.5
    parents = {"2.0": None, "2.1": "2.0", "2.2": "2.0", "2.21": "2.2", "2.3": "2.0",
               "2.5": "2.0", "3.0": None}
    order = tree_order(parents)
    assert sort_ids(["2.5", "2.21", "3.0", "2.3", "2.2"], order) == [
        "2.2", "2.21", "2.3", "2.5", "3.0"
    ]
    assert sort_ids(["2.5", "2.21"]) == ["2.5", "2.21"]  # without the tree: part by part
    # numbered sections stay numeric among siblings: 9.10 is a section of 9.0, after 9.2
    order = tree_order({"9.0": None, "9.1": "9.0", "9.2": "9.0", "9.10": "9.0", "9.11a": "9.1"})
    assert sort_ids(["9.10", "9.11a", "9.2", "9.1"], order) == ["9.1", "9.11a", "9.2", "9.10"]
    # ids outside the tree go last, part by part
    assert sort_ids(["99.1", "2.5", "12.0"], tree_order(parents)) == ["2.5", "12.0", "99.1"]


def test_ingest_lists_citations_in_book_order():
    text = "# 2.0 TWO\n## 2.2 Pieces\n### 2.21 Units\n## 2.5 Die\n## 2.6 Last\n(see 2.5, 2.21)\n"
    result = parse_text(text, "t", "t.txt")
    assert result.refs()["2.6"] == ["2.21", "2.5"]


def test_sections_yaml_round_trip(tmp_path):
    from adjudicator.kb import validate_file

    path = tmp_path / "sections.yaml"
    path.write_text(sections_yaml(parse_text(DOTTED, "t", "dotted.txt")))
    parsed, problems = validate_file(path)
    assert problems == []
    assert parsed.sections[0].id == "7.0"



# Two columns extracted together: headings land mid-paragraph (Streets of Stalingrad style).
LONG = " This sentence is here only to make the paragraph long enough to read as rule text."
COLUMNS = (
    "TABLE OF CONTENTS 8.0 MOVEMENT 9 8.6 Crossing 11 8.7 Dismounted 12 9.0 COMBAT 12 "
    "9.3 Sight 13 9.8 Results 17 15.0 AIR 28 15.2 West Bank Interdiction 28 "
    "15.5 Stuka Availability 28 16.0 SPECIAL 29 16.1 Snipers 29 16.2 Dogs 29\n"
    "Front matter.8.0 MOVEMENT 8.01 Units move into adjacent hexes." + LONG + "\n"
    "8.6 Crossing 8.61 Rivers are blue." + LONG + " 8.68 Boats may carry units." + LONG + "\n"
    "8.69 Crossing units are seen." + LONG + "\n"
    "8.70 A unit that cannot finish its crossing goes back." + LONG + "\n"
    "8.7 Dismounted 8.71 Trucks may be left behind." + LONG + "\n"
    "9.0 COMBAT 9.3 Sight 9.31 Units need a line." + LONG + "\n"
    "9.39 Artillery uses spotters." + LONG + "\n"
    "9.40 Unclear lines are blocked." + LONG + " See 9.31 and 9.83.\n"
    "9.8 Results 9.81 Results are read." + LONG + " 9.82 Owners choose losses." + LONG + "\n"
    "9.84 City hexes are never pinned." + LONG + "\n"
    "9.882 Tanks are always eliminated by 9.83 If a leader is hit, roll at once (see 9.31).\n"
    "9.86 Advance only where the unit may move." + LONG + " 9.87 Retreat Limits\n"
    "15.0 AIR 15.2 West Bank Interdiction 15.5 Stuka Availability 15.21 Once used on a hex"
    " the aircraft leave the map at the end of the phase in which they were used." + LONG + "\n"
    "16.0 SPECIAL 16.1 Snipers 16.11 Snipers have range one." + LONG + "\n"
    "16.12 Snipers stack alone." + LONG + "\n"
    "16.2 Dogs 16.11 Dogs attack tanks and die (see 16.1)." + LONG + "\n"
    "A note that belongs to the sniper rules cites 16.12 here." + LONG + "\n"
)


def test_interleaved_columns():
    result = parse_text(COLUMNS, "t", style="inline")
    t = tree(result)
    # 8.70 right after 8.69 is a case of 8.6, not of 8.7; 9.40 after 9.39 a case of 9.3
    assert t["8.70"][0] == "8.6"
    assert t["9.40"][0] == "9.3"
    assert t["8.71"][0] == "8.7"
    # a case printed mid-sentence after "by", between two known neighbours
    assert t["9.83"] == ("9.8", "Results (9.83)")
    refs = result.refs()
    assert refs["9.83"] == ["9.31"] and "9.882" not in refs
    assert refs["9.40"] == ["9.31", "9.83"]


def test_a_run_of_headings_before_a_rule_is_not_a_contents_line():
    t = tree(parse_text(COLUMNS, "t", style="inline"))
    assert t["15.21"] == ("15.2", "West Bank Interdiction (15.21)")
    assert t["15.2"] == ("15.0", "West Bank Interdiction")
    headings = {h.id: h for h in parse_text(COLUMNS, "t", style="inline").headings}
    assert headings["15.5"].line == headings["15.21"].line == 14


def test_a_heading_that_ends_a_line_keeps_its_title():
    t = tree(parse_text(COLUMNS, "t", style="inline"))
    assert t["9.87"] == ("9.8", "Retreat Limits")
    # a heading followed by a sentence gets a made-up title
    assert t["9.86"] == ("9.8", "Results (9.86)")


def fixes_file(folder, body):
    path = folder / "ingest.yaml"
    path.write_text(body)
    return path


DOGS = (
    "renumber:\n"
    "  - {line: 17, printed: '16.11', id: '16.21', why: dog case printed with a sniper number}\n"
)


def test_reader_fixes_renumber_own_and_title(tmp_path):
    from adjudicator.kb.ingest import load_fixes

    plain = parse_text(COLUMNS, "t", style="inline")
    assert "16.21" not in tree(plain)
    assert plain.refs()["16.2"] == ["16.1", "16.11", "16.12"]
    path = fixes_file(
        tmp_path,
        DOGS + "owners:\n"
        "  - {line: 18, section: '16.11', why: the note continues the sniper case}\n"
        "titles:\n"
        "  '16.21': Dog Attacks\n",
    )
    fixed = parse_text(COLUMNS, "t", style="inline", fixes=load_fixes(path, COLUMNS))
    t = tree(fixed)
    assert t["16.21"] == ("16.2", "Dog Attacks")
    assert t["16.11"] == ("16.1", "Snipers (16.11)")
    refs = fixed.refs()
    assert refs["16.21"] == ["16.1"]
    assert refs["16.11"] == ["16.12"] and "16.2" not in refs


def test_reader_fixes_must_point_at_real_text(tmp_path):
    import pytest

    from adjudicator.kb import KBError
    from adjudicator.kb.ingest import load_fixes

    wrong = fixes_file(
        tmp_path, "renumber:\n  - {line: 1, printed: '16.14', id: '16.24', why: no such number}\n"
    )
    with pytest.raises(KBError) as info:
        load_fixes(wrong, COLUMNS)
    assert "ingest.yaml:2: renumber[0]: line 1 does not print 16.14" in str(info.value)
    bad = fixes_file(tmp_path, "owners:\n  - {line: 0, section: '16.11', why: x}\n")
    with pytest.raises(KBError) as info:
        load_fixes(bad)
    assert "ingest.yaml:2: owners[0].line" in str(info.value)


def test_ingest_cli_reads_fixes_from_the_out_folder(tmp_path, capsys):
    from tests.cli_helpers import run

    book = tmp_path / "book.txt"
    book.write_text(COLUMNS)
    out = tmp_path / "kb"
    out.mkdir()
    fixes_file(out, DOGS)
    args = ["kb", "ingest", str(book), "--game", "t", "--style", "inline"]
    done = run(capsys, *args, "--out", str(out))
    assert done.code == 0
    assert "id: '16.21'" in (out / "sections.yaml").read_text()
    missing = run(capsys, *args, "--fixes", str(tmp_path / "nope.yaml"))
    assert missing.code == 2 and "no such file" in missing.err
    fixes_file(tmp_path, "renumber: [{line: 999, printed: '1.1', id: '1.2', why: x}]\n")
    broken = run(capsys, *args, "--fixes", str(tmp_path / "ingest.yaml"))
    assert broken.code == 2 and "line 999 does not print 1.1" in broken.err
