"""The parser on the real rulebooks, when ../shared/seeds is present (skipped otherwise)."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.kb import load_game
from adjudicator.kb.ingest import load_fixes, parse_file

REPO = Path(__file__).resolve().parents[1]
CANDIDATES = [REPO.parent / "shared" / "seeds", REPO / ".." / "shared" / "seeds"]
SEEDS = next((p for p in CANDIDATES if p.is_dir()), None)
FILES = {"s42": "000_", "sos": "001_", "kb42": "002_", "p2p": "003_", "eak": "004_"}


def parsed(game: str):
    if SEEDS is None:
        pytest.skip("rulebooks (../shared/seeds) not available")
    found = sorted(SEEDS.glob(FILES[game] + "*.txt"))
    if not found:
        pytest.skip(f"rulebook for {game} not available")
    # a reader's corrections, applied as `adjudicator kb ingest --out kb/<game>` applies them
    fixes_path = REPO / "kb" / game / "ingest.yaml"
    text = found[0].read_text(encoding="utf-8", errors="replace")
    fixes = load_fixes(fixes_path, text) if fixes_path.is_file() else None
    return parse_file(found[0], game, fixes=fixes)


_cache: dict = {}


def result(game: str):
    if game not in _cache:
        _cache[game] = parsed(game)
    return _cache[game]


def tree(game):
    return {h.id: h for h in result(game).headings}


def test_s42_tree():
    t = tree("s42")
    assert len(t) > 380
    for i in range(1, 7):
        assert t[f"7.{i}"].parent == "7.0"
    assert t["7.0"].title == "ZOC BONDS"
    assert t["12.1.3"].title == "Retreat Direction Guidelines"
    assert t["23.4"].title.startswith("The Russian Winter")
    assert t["S3.5"].parent == "S3"
    chapters = [h for h in t.values() if h.kind == "chapter"]
    assert [h.id for h in chapters] == [f"{n}.0" for n in range(1, 35)]


def test_s42_citations():
    refs = result("s42").refs()
    assert any(r.startswith("16.") for r in refs["12.1.3"])
    assert "12.2" in refs["12.1.3"]
    assert {"12.2", "12.3", "12.4", "17.2", "17.3"} <= set(refs["6.3"])
    # hex ids, strengths and odds never show up as cited sections
    cited = {r for rs in refs.values() for r in rs}
    assert not {c for c in cited if c.split(".")[0].isdigit() and int(c.split(".")[0]) > 34}


def test_s42_matches_committed_kb():
    kb = load_game("s42")
    fresh = {h.id for h in result("s42").headings}
    assert fresh == set(kb.sections)


def test_sos_tree():
    t = tree("sos")
    assert t["9.10"].parent == "9.0" and t["9.11"].parent == "9.0"
    assert t["9.11a"].parent == "9.1"
    assert t["9.114"].parent == "9.11"
    assert t["14.25"].parent == "14.2"
    assert t["8.03"].parent == "8.0"
    assert {f"{n}.0" for n in range(1, 22)} <= set(t)


def test_kb42_tree():
    t = tree("kb42")
    assert t["7.11"].parent == "7.1"
    assert t["12.74"].parent == "12.7"
    assert t["27.8"].parent == "27.0"
    # errata for another rulebook are kept apart, not invented as sections
    assert "10.44" not in t


def test_p2p_tree():
    t = tree("p2p")
    assert t["9.A"].parent == "9.0"
    assert t["12.A.1.a"].parent == "12.A.1"
    assert result("p2p").refs()["10.A"] == ["9.A.1"]


def test_eak_tree():
    t = tree("eak")
    assert t["12.36"].parent == "12.3"
    # "12.36 1.2 Soviet Artillery ...": the 1.2 is a turn mark (turns 1 and 2), not the title
    assert t["12.36"].title == "Soviet Artillery Barrage Combat tactic Bonus"
    assert not t["12.36"].untitled
    assert t["12.7"].title == "Retreats"
    assert "679.333" not in t
    assert {f"{n}.0" for n in range(1, 19)} <= set(t)


@pytest.mark.parametrize("game", sorted(FILES))
def test_committed_kb_is_the_parser_output(game):
    kb = load_game(game)
    fresh = {h.id: h for h in result(game).headings}
    assert set(fresh) == set(kb.sections)
    for section_id, heading in fresh.items():
        assert kb.sections[section_id].parent == heading.parent

