"""One room per game: the core names no game, and a game is found through the registry.

The core is every module of ``adjudicator/`` outside ``adjudicator/games/<game>/`` and
``asp/core/``. Its code (identifiers and string literals; docstrings and comments may
give examples) must not name a game id nor Stalingrad '42's own vocabulary.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from adjudicator.games import game_ids, get_game

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "adjudicator"

#: Words only one rulebook uses (Stalingrad '42's terrain, units, places and markers).
S42_WORDS = ("stalingrad", "volga", "panzer", "sturmgeschutz", "nkvd", "kerch", "azov",
             "temryuk", "breakthrough", "attrition")


def game_words() -> set[str]:
    ids = {p.parent.name for p in (ROOT / "kb").glob("*/game.yaml")}
    ids |= {p.name for p in (PKG / "games").iterdir() if (p / "__init__.py").is_file()}
    return ids | set(S42_WORDS)


#: Core modules allowed to name a game (none).
NOT_YET_NEUTRAL: set[str] = set()


def core_modules() -> list[Path]:
    out = []
    for f in sorted(PKG.rglob("*.py")):
        rel = f.relative_to(PKG).parts
        if rel[0] == "games" and len(rel) > 1 and rel[1] != "__init__.py":
            continue
        if "/".join(rel) in NOT_YET_NEUTRAL:
            continue
        out.append(f)
    return out


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = getattr(node, "body", [])
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def named_games(text: str, words: set[str]) -> set[str]:
    return {w for w in words if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text, re.I)}


def python_hits(f: Path, words: set[str], root: Path = ROOT) -> list[str]:
    tree = ast.parse(f.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    hits = []
    for node in ast.walk(tree):
        text = None
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            text = node.value
        elif isinstance(node, ast.Name):
            text = node.id
        elif isinstance(node, ast.Attribute):
            text = node.attr
        elif isinstance(node, ast.alias):
            text = node.name
        elif isinstance(node, ast.ImportFrom):
            text = node.module or ""
        if text:
            for w in named_games(text.replace("_", " ").replace(".", " "), words):
                hits.append(f"{f.relative_to(root)}:{getattr(node, 'lineno', 0)}: {w}")
    return hits


def test_the_core_python_names_no_game():
    words = game_words()
    hits = [h for f in core_modules() for h in python_hits(f, words)]
    assert not hits, "the core names a game:\n" + "\n".join(hits)


def test_the_core_encodings_name_no_game():
    words = game_words()
    hits = []
    for f in sorted((ROOT / "asp" / "core").glob("*.lp")):
        for i, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("%", 1)[0]
            hits += [f"{f.relative_to(ROOT)}:{i}: {w}" for w in named_games(code, words)]
    assert not hits, "\n".join(hits)


def test_the_scan_catches_a_game_name(tmp_path):
    f = tmp_path / "m.py"
    f.write_text('"""Docstrings may say s42."""\nGAME = "s42"\n'
                 "from adjudicator.games.s42 import x\nvolga_width = 8\n")
    hits = python_hits(f, {"s42", "volga"}, root=tmp_path)
    assert sorted(hits) == ["m.py:2: s42", "m.py:3: s42", "m.py:4: volga"]


@pytest.mark.parametrize("gid", game_ids())
def test_every_registered_game_has_its_rooms(gid):
    game = get_game(gid)
    assert game.package == f"adjudicator.games.{gid}"
    assert (ROOT / "asp" / gid).is_dir()
    assert (ROOT / "kb" / gid / "game.yaml").is_file()
    assert (ROOT / "tests" / gid).is_dir()
    if game.demo:
        assert game.demo_path.is_file()
    for query in game.queries:
        for p in game.encoding_paths(query):
            assert p.is_file(), p
