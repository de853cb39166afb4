"""Every rule id the project cites names a section that exists in the knowledge base.

Citations live in four places: the rulings' ``@pytest.mark.rules`` markers, the
string literals of the encodings (``"7.3"``), the string literals of the Python
that builds answers, and the readings files. A typo in any of them would send a
player to a rule that does not exist.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

from adjudicator.kb import load_game

ROOT = Path(__file__).parents[1]
RULE_ID = re.compile(r"^(?:[a-z0-9]+:)?(?:\d{1,2}\.\d{1,2}(?:\.\d{1,2})*|S\d(?:\.\d+)*)$")
#: Folders whose string literals are rule citations when they look like one: every
#: game's Python package and encodings (a bare id is a section of that game), and the
#: core's commands.
DEFAULT_GAME = "s42"


def answering() -> list[tuple[str, Path]]:
    out = [(DEFAULT_GAME, ROOT / "adjudicator" / "commands")]
    for folder in sorted((ROOT / "adjudicator" / "games").iterdir()):
        if folder.is_dir() and (folder / "__init__.py").is_file():
            out.append((folder.name, folder))
    for folder in sorted((ROOT / "asp").iterdir()):
        if folder.is_dir() and folder.name != "core":
            out.append((folder.name, folder))
    return out


def _game_of(f: Path) -> str:
    """The game a test module rules on: its folder under tests/, else the default."""
    rel = f.relative_to(ROOT / "tests").parts
    return rel[0] if len(rel) > 1 else DEFAULT_GAME


@cache
def known(game: str) -> frozenset[str]:
    return frozenset(load_game(game).sections)


def resolves(rule: str) -> bool:
    game, _, ident = rule.rpartition(":")
    return ident in known(game or "s42")


def marker_ids() -> list[tuple[str, str]]:
    out = []
    for f in sorted((ROOT / "tests").rglob("test_*.py")):
        if "fixtures" in f.relative_to(ROOT).parts:
            continue
        tree = ast.parse(f.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "rules"
                    and isinstance(node.func.value, ast.Attribute)
                    and node.func.value.attr == "mark"):
                for arg in node.args:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        out.append((f"{f.name}:{node.lineno}", _qualify(_game_of(f),
                                                                         arg.value)))
    return out


def literal_ids() -> list[tuple[str, str]]:
    out = []
    for game, folder in answering():
        for f in sorted(folder.rglob("*")):
            if f.suffix == ".lp":
                for i, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
                    code = line.split("%", 1)[0]
                    for m in re.finditer(r'"([^"\\]*)"', code):
                        if RULE_ID.match(m.group(1)):
                            out.append((f"{f.relative_to(ROOT)}:{i}",
                                        _qualify(game, m.group(1))))
            elif f.suffix == ".py":
                tree = ast.parse(f.read_text(encoding="utf-8"))
                for node in ast.walk(tree):
                    if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                            and RULE_ID.match(node.value)):
                        out.append((f"{f.relative_to(ROOT)}:{node.lineno}",
                                    _qualify(game, node.value)))
    return out


def _qualify(game: str, rule: str) -> str:
    return rule if ":" in rule else f"{game}:{rule}"


def reading_ids() -> list[tuple[str, str]]:
    import yaml

    out = []
    for f in sorted((ROOT / "kb").glob("*/readings/*.yaml")):
        game = f.parts[-3]
        for rule in (yaml.safe_load(f.read_text(encoding="utf-8")) or {}):
            # "12.72#closer": one of several disputed points of section 12.72
            out.append((str(f.relative_to(ROOT)), f"{game}:{str(rule).partition('#')[0]}"))
    return out


@pytest.mark.parametrize("source", [marker_ids, literal_ids, reading_ids],
                         ids=["rulings", "encodings-and-answers", "readings"])
def test_every_cited_rule_id_exists(source):
    cited = source()
    assert cited, "found no citations: the scan itself is broken"
    dangling = sorted({f"{where}: {rule}" for where, rule in cited if not resolves(rule)})
    assert not dangling, "rule ids that name no section:\n" + "\n".join(dangling)


def test_the_scan_catches_a_dangling_id():
    assert resolves("7.3") and resolves("s42:12.1.3")
    assert not resolves("7.99") and not resolves("s42:12.1.9")
