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
#: Python sources whose string literals are rule citations when they look like one.
ANSWERING = ["adjudicator/queries", "adjudicator/combat", "adjudicator/commands",
             "adjudicator/overlays", "asp"]


@cache
def known(game: str) -> frozenset[str]:
    return frozenset(load_game(game).sections)


def resolves(rule: str) -> bool:
    game, _, ident = rule.rpartition(":")
    return ident in known(game or "s42")


def marker_ids() -> list[tuple[str, str]]:
    out = []
    for f in sorted((ROOT / "tests").glob("test_*.py")):
        tree = ast.parse(f.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "rules"
                    and isinstance(node.func.value, ast.Attribute)
                    and node.func.value.attr == "mark"):
                for arg in node.args:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        out.append((f"{f.name}:{node.lineno}", arg.value))
    return out


def literal_ids() -> list[tuple[str, str]]:
    out = []
    for folder in ANSWERING:
        for f in sorted((ROOT / folder).rglob("*")):
            if f.suffix == ".lp":
                for i, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
                    code = line.split("%", 1)[0]
                    for m in re.finditer(r'"([^"\\]*)"', code):
                        if RULE_ID.match(m.group(1)):
                            out.append((f"{f.relative_to(ROOT)}:{i}", m.group(1)))
            elif f.suffix == ".py":
                tree = ast.parse(f.read_text(encoding="utf-8"))
                for node in ast.walk(tree):
                    if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                            and RULE_ID.match(node.value)):
                        out.append((f"{f.relative_to(ROOT)}:{node.lineno}", node.value))
    return out


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
