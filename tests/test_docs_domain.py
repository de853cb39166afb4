"""The Sphinx ``rule`` domain (docs/_ext/ruledomain.py) on a tiny throw-away project.

Checks that a defined rule resolves to its anchor, that a dangling citation, a duplicate id
and a never-cited flagship id each warn, that a rebuild after fixing the source stops warning
(incremental builds), and that a parallel build gives the same links.
"""

from __future__ import annotations

import io
import sys
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("sphinx")

from sphinx.application import Sphinx  # noqa: E402
from sphinx.util.docutils import docutils_namespace, patch_docutils  # noqa: E402

EXT_DIR = Path(__file__).resolve().parent.parent / "docs" / "_ext"

CONF = f"""
import sys
sys.path.insert(0, {str(EXT_DIR)!r})
extensions = ["ruledomain"]
rule_default_game = "s42"
rule_game_titles = {{"s42": "Stalingrad '42", "sos": "Streets of Stalingrad"}}
html_theme = "basic"
"""

INDEX = """
Rules
=====

.. toctree::

   other

.. rule:: s42:7.3 Negating bonds

   A bond goes when an enemy unit sits between (see :rule:`7.4`).

.. rule:: 7.4
   :title: Bonds and the map edge

   Cites :rule:`sos:12.3` and :rule:`the retreat rule <s42:12.2>`, and the chapter :rule:`12`.
"""

OTHER = """
Other
=====

.. rule:: sos:12.3 Retreat paths

   Cites :rule:`7.3` and :rule:`s42:7.4`.

.. rule:: s42:12.2 Elimination in a retreat

   Some text.

.. rule:: s42:12.0 Retreats

   Chapter.
"""


def build(src: Path, files: dict[str, str], parallel: int = 0, fresh: bool = True):
    for name, text in files.items():
        (src / name).write_text(textwrap.dedent(text), encoding="utf-8")
    warnings = io.StringIO()
    # As sphinx-build does: keep docutils' global registrations local to this build.
    with patch_docutils(src), docutils_namespace():
        app = Sphinx(
            srcdir=str(src),
            confdir=str(src),
            outdir=str(src / "_build" / "html"),
            doctreedir=str(src / "_build" / "doctrees"),
            buildername="html",
            status=io.StringIO(),
            warning=warnings,
            freshenv=fresh,
            parallel=parallel,
        )
        app.build()
    return app, warnings.getvalue()


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    (tmp_path / "conf.py").write_text(CONF, encoding="utf-8")
    yield tmp_path
    sys.modules.pop("ruledomain", None)


def test_defined_rules_resolve_both_ways(project: Path) -> None:
    app, warnings = build(project, {"index.rst": INDEX, "other.rst": OTHER})
    assert "WARNING" not in warnings, warnings
    index = (project / "_build" / "html" / "index.html").read_text(encoding="utf-8")
    other = (project / "_build" / "html" / "other.html").read_text(encoding="utf-8")
    assert 'id="rule-s42-7-3"' in index
    assert 'href="other.html#rule-sos-12-3"' in index
    assert "the retreat rule" in index  # explicit title kept
    assert 'href="other.html#rule-s42-12-0"' in index  # "12" finds the chapter "12.0"
    assert 'href="index.html#rule-s42-7-3"' in other
    assert (project / "_build" / "html" / "rule-index.html").is_file()
    domain = app.env.domains["rule"]
    assert {k for k, *_ in domain.get_objects()} == {
        "s42:7.3", "s42:7.4", "s42:12.2", "s42:12.0", "sos:12.3"
    }


def test_dangling_duplicate_and_uncited_warn(project: Path) -> None:
    broken_other = OTHER + (
        "\n.. rule:: s42:7.3 Defined a second time\n"
        "\n.. rule:: s42:99.9 Nobody cites this\n"
        "\nCites :rule:`7.77`, which no page defines.\n"
    )
    _app, warnings = build(project, {"index.rst": INDEX, "other.rst": broken_other})
    assert "duplicate rule s42:7.3" in warnings
    assert "rule s42:7.77 is cited but no page defines it" in warnings
    assert "rule s42:99.9 is defined but never cited" in warnings
    # The uncited check covers the flagship only by default; sos:12.3 is cited anyway.
    assert "sos:" not in warnings

    # Fix the page and build again incrementally: the warnings go away.
    _app, warnings = build(project, {"other.rst": OTHER}, fresh=False)
    assert "WARNING" not in warnings, warnings


def test_parallel_build_matches(project: Path) -> None:
    files = {"index.rst": INDEX, "other.rst": OTHER}
    extra = {f"p{i}.rst": f"P{i}\n==\n\n:rule:`7.3` and :rule:`sos:12.3`\n" for i in range(6)}
    files.update(extra)
    files["index.rst"] = INDEX.replace(
        "   other\n", "   other\n" + "".join(f"   {n[:-4]}\n" for n in extra)
    )
    app, warnings = build(project, files, parallel=2)
    assert "WARNING" not in warnings, warnings
    p3 = (project / "_build" / "html" / "p3.html").read_text(encoding="utf-8")
    assert 'href="index.html#rule-s42-7-3"' in p3
    assert 'href="other.html#rule-sos-12-3"' in p3
    domain = app.env.domains["rule"]
    assert {c.docname for c in domain.citations["s42:7.3"]} >= {f"p{i}" for i in range(6)}


DECIMAL = """
Decimal cases
=============

Cites :rule:`sos:2.0`, :rule:`sos:2.21`, :rule:`sos:2.5` and :rule:`sos:2.2`.

.. rule:: sos:2.5 Die
   :order: 3

.. rule:: sos:2.21 Units
   :order: 2

.. rule:: sos:2.2 Pieces
   :order: 1

.. rule:: sos:2.0 Components
   :order: 0
"""


def test_rule_index_follows_the_book_order(project: Path) -> None:
    files = {"index.rst": INDEX.replace("   other\n", "   other\n   decimal\n"),
             "other.rst": OTHER, "decimal.rst": DECIMAL}
    app, warnings = build(project, files)
    assert "WARNING" not in warnings, warnings
    # 2.21 is a case of 2.2: it comes before 2.5, as in the book
    html = (project / "_build" / "html" / "rule-index.html").read_text(encoding="utf-8")
    assert html.index("rule-sos-2-21") < html.index("rule-sos-2-5")


def test_kbpages_escaping_keeps_text_literal() -> None:
    sys.path.insert(0, str(EXT_DIR))
    try:
        import kbpages
    finally:
        sys.path.remove(str(EXT_DIR))
    assert kbpages.esc("a*b_c `d` |e|") == r"a\*b\_c \`d\` \|e\|"
    paras = kbpages.paragraphs("1. first\nline\n\n- a\n- b")
    assert paras[0].startswith("\\1.")
    assert paras[1] == "- a\n- b"
    # a list paragraph inside a rule block is indented line by line
    assert kbpages.indent(["text", "", paras[1]]) == ["   text", "", "   - a", "   - b"]
    known = {"12.2", "16.3"}

    def linker(token: str) -> str | None:
        return f":rule:`{token}`" if token in known else None

    text = kbpages.inline("Dies (12.2), see 16.3; 1.5 times; (99.1)", linker)
    assert ":rule:`12.2`" in text and ":rule:`16.3`" in text
    assert "1.5 times" in text and "(99.1)" in text


def _kbpages():
    sys.path.insert(0, str(EXT_DIR))
    try:
        import kbpages
    finally:
        sys.path.remove(str(EXT_DIR))
    return kbpages


def test_kb_tables_become_grids() -> None:
    kbpages = _kbpages()
    header, rows = kbpages.table_grid(
        {"die": "1d6", "columns": ["summer", "winter"],
         "by_column": {"summer": {"1-6": "clear"}, "winter": {"1-2": "snow", "3-6": "clear"}}}
    )
    assert header == ["Roll", "summer", "winter"]
    assert rows[0] == ["1", "clear", "snow"] and rows[5] == ["6", "clear", "clear"]
    header, rows = kbpages.table_grid({"columns": ["a", "b"], "rows": {1: ["x", "y"]}})
    assert header == ["", "a", "b"] and rows == [["1", "x", "y"]]
    # a shape the page cannot draw as a grid is shown as data instead, not dropped
    assert kbpages.table_grid({"columns": ["a"], "by_column": {"a": {"low": "x"}}}) is None
    assert kbpages.table_grid({"notes": "free text"}) is None



def test_a_terrain_effects_chart_becomes_a_grid() -> None:
    kbpages = _kbpages()
    header, rows = kbpages.table_grid({
        "kind": "tec",
        "terrain": {"clear": {"mechanized": 1, "non-mechanized": 1},
                    "mountain": {"mechanized": "P", "non-mechanized": 3}},
        "roads": {"primary": {"mechanized": 0.5, "non-mechanized": 1}},
        "weather": {"mud": {"terrain": {"clear": {"mechanized": 2, "non-mechanized": 1}}}},
    })
    assert header == ["Weather", "Entry", "mechanized", "non-mechanized"]
    assert rows == [["any", "terrain: clear", "1", "1"], ["any", "terrain: mountain", "P", "3"],
                    ["any", "roads: primary", "0.5", "1"], ["mud", "terrain: clear", "2", "1"]]
    # a chart whose changes come by ground condition (Enemy Action: Kharkov)
    header, rows = kbpages.table_grid({
        "kind": "tec",
        "hexsides": {"donets": {"mechanized": 2, "non-mechanized": 1}},
        "ground": {"light-mud": {"hexsides": {"donets": {"mechanized": 3,
                                                         "non-mechanized": 2}}}},
    })
    assert header[0] == "Ground"
    assert rows == [["any", "hexsides: donets", "2", "1"],
                    ["light-mud", "hexsides: donets", "3", "2"]]
    # a chart whose entries are not per-class costs is shown as data instead
    assert kbpages.table_grid({"kind": "tec", "terrain": {"clear": 1}}) is None


def test_every_known_section_id_in_prose_is_a_link() -> None:
    kbpages = _kbpages()
    known = {"7.13", "2.0", "2.5", "27.2.1"}

    def linker(token: str) -> str | None:
        return f":rule:`{token}`" if token in known else None

    text = kbpages.inline("except as 7.13 allows; procedure in 27.2.1.", linker)
    assert ":rule:`7.13`" in text and ":rule:`27.2.1`" in text
    for quantity in ("Version 2.0 changed it", "costs 2.5 MP", "2.5 times as many"):
        assert ":rule:" not in kbpages.inline(quantity, linker), quantity


def test_rule_index_keeps_rulebook_order_and_cli_text_is_not_a_link() -> None:
    sys.path.insert(0, str(EXT_DIR))
    try:
        import cliref
        import ruledomain
    finally:
        sys.path.remove(str(EXT_DIR))
    # decimal-case books: 2.21 is in 2.2, so it comes before 2.5 (the book's order)
    keys = {"eak:2.5": 3, "eak:2.21": 2, "eak:2.2": 1}
    assert sorted(keys, key=lambda k: ruledomain.book_sort(k, keys[k])) == [
        "eak:2.2", "eak:2.21", "eak:2.5"]
    # without a known order, ids sort part by part
    assert sorted(["s42:9.10", "s42:9.2"], key=lambda k: ruledomain.book_sort(k, -1)) == [
        "s42:9.2", "s42:9.10"]
    assert cliref.esc("as FILE:LINE: PATH: message") == r"as FILE\:LINE: PATH: message"


def test_rule_groups_decide_by_header_not_by_mention(tmp_path: Path) -> None:
    sys.path.insert(0, str(EXT_DIR))
    try:
        import aspgroups
    finally:
        sys.path.remove(str(EXT_DIR))
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "a.lp").write_text(
        "% --- Supply sources (16.2.1-16.2.3) ---\n"
        'src(H,"16.2.1") :- port(H).\n'
        "% --- Where a retreat may end ---\n"
        'end_los(H,"16.3") :- los(H).\n'
        'dies(U,"12.2") :- unit(U), mention("16.3.1").\n'
        "% --- Documentation only ---\n"
        "% nothing but words (12.2)\n",
        encoding="utf-8",
    )
    (tmp_path / "g" / "b.lp").write_text(
        "% --- Line of Supply (16.3.1) ---\nline(H) :- hex(H).\n", encoding="utf-8"
    )
    order = ["12.2", "16.2", "16.2.1", "16.2.2", "16.2.3", "16.3", "16.3.1"]
    groups = aspgroups.game_groups(tmp_path, "g", order)
    assert [g.title for g in groups] == [
        "Supply sources (16.2.1-16.2.3)", "Where a retreat may end", "Line of Supply (16.3.1)"]
    assert groups[0].decides == ["16.2.1", "16.2.2", "16.2.3"]
    assert groups[1].decides == ["16.3", "12.2"]  # heads only: not the body's 16.3.1

    def found(sid: str, inner: list[str]) -> list[str]:
        return [g.title for g in aspgroups.groups_for(sid, groups, inner)]

    # 16.3 is encoded where its subsections are decided, not where a retreat cites it
    assert found("16.3", ["16.3.1"]) == ["Line of Supply (16.3.1)"]
    assert found("16.2.2", []) == ["Supply sources (16.2.1-16.2.3)"]
    assert found("12.2", []) == ["Where a retreat may end"]
    assert found("16.2", []) == []


def test_ruling_names_read_as_words() -> None:
    kbpages = _kbpages()
    name = kbpages.Pages.ruling_name
    assert name("tests/t.py::test_12_2_enemy_hex_kills") == "Enemy hex kills"
    assert name("tests/t.py::TestX::test_7_3_a_bond_is_cut") == "A bond is cut"
    assert name("tests/t.py::test_dice") == "Dice"


def test_example_commands_run_on_the_example_file() -> None:
    sys.path.insert(0, str(EXT_DIR))
    try:
        import examplepages
    finally:
        sys.path.remove(str(EXT_DIR))
    args = examplepages.command_args("advances kb/s42/examples/a.yaml --vacated 0405", "a.yaml")
    assert args == ["advances", "a.yaml", "--vacated", "0405"]
    args = examplepages.command_args("retreats --hex 0404 --length 2", "r.yaml")
    assert args == ["retreats", "r.yaml", "--hex", "0404", "--length", "2"]
    show = examplepages.show_args(args, "r.yaml", "p.svg")
    assert show[:8] == ["show", "r.yaml", "--svg", "p.svg", "--retreat-hex", "0404",
                        "--length", "2"]
    assert "retreat" in show and "supply" not in show
    # a side that show does not know is not passed on
    show = examplepages.show_args(["odds", "f.yaml", "--side", "attacker"], "f.yaml", "p.svg")
    assert "--side" not in show


def test_result_bands_and_dash_cells_draw_as_grids() -> None:
    kbpages = _kbpages()
    header, rows = kbpages.table_grid({"die": "1d10", "bands": [
        {"max": 2, "result": "lost"}, {"min": 3, "max": 6, "result": "wounded"},
        {"min": 7, "result": "safe"}]})
    assert header == ["Roll", "result"]
    assert rows == [["2 or less", "lost"], ["3-6", "wounded"], ["7 or more", "safe"]]
    # a lone "-" (no effect) must not start a list inside the table
    assert kbpages.grid_cell("-") == "\\-"
    assert kbpages.grid_cell("D1P") == "D1P"
