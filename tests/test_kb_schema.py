"""Every file under kb/ matches the documented schema."""

from __future__ import annotations

import pytest

from adjudicator.kb import kb_files, list_games, load_game, validate_file
from adjudicator.paths import kb_dir

GAMES = list_games()
FILES = [p for game in GAMES for p in kb_files(kb_dir() / game)]


def test_all_five_games_present():
    assert {"s42", "sos", "kb42", "p2p", "eak"} <= set(GAMES)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(kb_dir())))
def test_file_matches_schema(path):
    _, problems = validate_file(path)
    assert problems == [], "\n".join(str(p) for p in problems)


@pytest.mark.parametrize("game", ["s42", "kb42", "p2p"])
def test_summarised_games_stay_complete(game):
    pending = [s.id for s in load_game(game).sections.values() if not s.summary]
    assert pending == [], f"{game}: sections without a summary: {pending}"


@pytest.mark.parametrize("game", GAMES)
def test_game_loads_and_ids_agree(game):
    kb = load_game(game)
    assert kb.game.id == game
    report = kb.check()
    assert report.dangling == []
    assert report.orphans == []
    for section in kb.sections.values():
        assert section.game == game
        for child in section.children:
            assert kb.sections[child].parent == section.id
