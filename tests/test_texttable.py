"""The plain text tables: every line as wide as the console allows, nothing lost."""

from adjudicator.texttable import TextTable, cell_len


def _table() -> TextTable:
    t = TextTable("unit", "line", "rules", title="Supply")
    t.add_row("A1", "0101 > 0102 > 0103 > 0104 > 0105 > 0106\nroad 0102 0103", "[16.1, 16.3]")
    t.add_row("B2", ("isolated", "red"), "[16.4]")
    return t


def test_wide_console_keeps_each_cell_on_its_lines():
    text = _table().render(200)
    lines = text.splitlines()
    assert lines[0] == "Supply"
    assert len({cell_len(x) for x in lines[1:]}) == 1  # a box: every line as wide
    assert "│ A1   │ 0101 > 0102 > 0103 > 0104 > 0105 > 0106 │ [16.1, 16.3] │" in lines
    assert "\x1b" not in text


def test_narrow_console_wraps_words_and_keeps_them_all():
    text = _table().render(40)
    lines = text.splitlines()[1:]
    assert max(cell_len(x) for x in lines) <= 40
    words = " ".join(x.strip("│┃ ") for x in lines).split()
    for w in ("0106", "road", "[16.1,", "16.3]", "isolated"):
        assert any(w in x for x in words)


def test_a_word_longer_than_its_column_is_cut_not_lost():
    t = TextTable("a", "b")
    t.add_row("x" * 50, "y")
    lines = t.render(20).splitlines()
    assert max(cell_len(x) for x in lines) <= 20
    assert "".join(x.split("│")[1].strip() for x in lines[3:-1]) == "x" * 50


def test_colour_only_when_asked():
    assert "\x1b[31misolated\x1b[0m" in _table().render(200, color=True)


def test_wide_characters_take_two_columns():
    assert cell_len("界a") == 3
