"""One spelling per section id: the KB's data files write ids as sections.yaml does."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from adjudicator.kb import KBError, load_game

FIX = Path(__file__).parent / "fixtures" / "kb" / "kb"
LETTERED = """\
game: demo
sections:
  - {id: "9.0", title: Chapter, kind: chapter}
  - {id: "9.A", title: Lettered, parent: "9.0"}
"""


def kb_with(tmp_path: Path, summaries: str) -> Path:
    root = tmp_path / "kb"
    (root / "demo" / "summaries").mkdir(parents=True)
    shutil.copy(FIX / "demo" / "game.yaml", root / "demo" / "game.yaml")
    (root / "demo" / "sections.yaml").write_text(LETTERED)
    (root / "demo" / "summaries" / "s.yaml").write_text(summaries)
    return root


def test_the_printed_spelling_loads(tmp_path):
    kb = load_game("demo", kb_with(tmp_path, '"9.A":\n  summary: ok\n'), None, None)
    assert kb.sections["9.A"].summary == "ok"


@pytest.mark.parametrize("key", ["9.0.A", "9.a"])
def test_another_spelling_of_a_section_is_refused_with_its_line(tmp_path, key):
    root = kb_with(tmp_path, f'"9.0":\n  summary: chapter\n"{key}":\n  summary: ok\n')
    with pytest.raises(KBError) as err:
        load_game("demo", root, None, None)
    (problem,) = err.value.problems
    assert problem.line == 3
    assert "spelled '9.A'" in problem.message


def test_a_bare_chapter_number_is_refused_too(tmp_path):
    root = kb_with(tmp_path, '"9":\n  summary: chapter\n')
    with pytest.raises(KBError) as err:
        load_game("demo", root, None, None)
    (problem,) = err.value.problems
    assert problem.line == 1 and "spelled '9.0'" in problem.message


def test_every_game_kb_uses_one_spelling():
    from adjudicator.kb import list_games

    for game in list_games():
        load_game(game)  # raises KBError on a second spelling
