"""Rule groups of the ASP encodings, and what each decides.

An encoding file ``asp/<game>/*.lp`` is cut into *rule groups* at its header comments
(``% --- Title (12.2, 22.4) ----``). A group *decides* the section ids its header names
(``16.2.1-16.2.5`` names every section between the two, in rulebook order) and, where the
header names none, the ids that the heads of its rules carry as string literals
(``retreat_fate(H0,U,stays,"18.6.6") :- ...``). A mention of an id anywhere else (a body
literal, a comment) decides nothing: ``los(S,E)`` in a retreat rule does not make the retreat
file the encoding of the Line of Supply.

Used by ``kbpages`` to link a rule to the groups that encode it; no Sphinx here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

_HEADER = re.compile(r"^%\s*-{3,}\s*(.*?)\s*-*\s*$")
_ID = re.compile(r"(?<![\w.])([0-9]+(?:\.[0-9A-Za-z]+)+|[A-Z][0-9]*(?:\.[0-9]+)+)(?![\w])")
_RANGE = re.compile(
    r"(?<![\w.])([0-9]+(?:\.[0-9A-Za-z]+)+)\s*[-–]\s*([0-9]+(?:\.[0-9A-Za-z]+)+)(?![\w])"
)
_LITERAL = re.compile(r'"([A-Za-z0-9]+(?:\.[A-Za-z0-9]+)+)"')


@dataclass
class Group:
    file: str  # relative to the asp root, e.g. "s42/retreat.lp"
    index: int  # 1-based position in its file
    title: str
    start: int  # 1-based first line (the header) ...
    end: int  # ... and last line, inclusive
    header_ids: list[str] = field(default_factory=list)
    head_ids: list[str] = field(default_factory=list)
    has_code: bool = False

    @property
    def decides(self) -> list[str]:
        return self.header_ids or self.head_ids


def _code(line: str) -> str:
    in_string = False
    for i, ch in enumerate(line):
        if ch == '"':
            in_string = not in_string
        elif ch == "%" and not in_string:
            return line[:i]
    return line


def _expand(text: str, order: list[str]) -> list[str]:
    """Ids named in a header; a range ``A-B`` names every id from A to B in ``order``."""
    known = {sid: i for i, sid in enumerate(order)}
    out: list[str] = []
    covered: list[tuple[int, int]] = []
    for match in _RANGE.finditer(text):
        lo, hi = known.get(match.group(1)), known.get(match.group(2))
        if lo is not None and hi is not None and lo <= hi:
            out += order[lo : hi + 1]
            covered.append(match.span())
    for match in _ID.finditer(text):
        if any(a <= match.start() < b for a, b in covered):
            continue
        if match.group(1) in known:
            out.append(match.group(1))
    return list(dict.fromkeys(out))


def _statements(lines: list[str], start: int, end: int) -> list[str]:
    """The statements (comment-free code) between two lines, 1-based inclusive."""
    out: list[str] = []
    current = ""
    for number in range(start, end + 1):
        code = _code(lines[number - 1]).strip()
        if not code:
            continue
        current += " " + code
        if code.endswith(".") and not code.endswith(".."):
            out.append(current.strip())
            current = ""
    if current.strip():
        out.append(current.strip())
    return out


def _head(statement: str) -> str:
    depth, in_string = 0, False
    for i, ch in enumerate(statement):
        if ch == '"':
            in_string = not in_string
        elif not in_string and ch in "([{":
            depth += 1
        elif not in_string and ch in ")]}":
            depth -= 1
        elif not in_string and depth == 0 and statement.startswith(":-", i):
            return statement[:i]
    return statement


def file_groups(path: Path, rel: str, order: list[str]) -> list[Group]:
    """The rule groups of one encoding file (one group for a file without headers)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    starts: list[tuple[int, str]] = []
    for number, line in enumerate(lines, 1):
        match = _HEADER.match(line)
        if match and match.group(1):
            starts.append((number, match.group(1)))
    if not starts:
        starts = [(1, Path(rel).name)]
    groups: list[Group] = []
    for i, (start, title) in enumerate(starts):
        end = starts[i + 1][0] - 1 if i + 1 < len(starts) else len(lines)
        while end > start and not lines[end - 1].strip():
            end -= 1
        statements = _statements(lines, start, end)
        heads: list[str] = []
        for statement in statements:
            for literal in _LITERAL.findall(_head(statement)):
                if literal in order and literal not in heads:
                    heads.append(literal)
        groups.append(Group(
            file=rel, index=i + 1, title=title.rstrip(" -:"), start=start, end=end,
            header_ids=_expand(title, order), head_ids=heads, has_code=bool(statements),
        ))
    return groups


def game_groups(asp_root: Path | None, game: str, order: list[str]) -> list[Group]:
    """Every rule group with code in ``asp/<game>/*.lp`` (found by glob)."""
    if asp_root is None or not (asp_root / game).is_dir():
        return []
    out: list[Group] = []
    for path in sorted((asp_root / game).rglob("*.lp")):
        rel = path.relative_to(asp_root).as_posix()
        out += [g for g in file_groups(path, rel, order) if g.has_code]
    return out


def groups_for(section_id: str, groups: list[Group], descendants: list[str]) -> list[Group]:
    """The groups that encode a section: those whose header names it; else those naming a
    subsection of it; else those whose rule heads carry its id."""
    named = [g for g in groups if section_id in g.header_ids]
    if named:
        return named
    inner = set(descendants)
    named = [g for g in groups if inner & set(g.header_ids)]
    if named:
        return named
    return [g for g in groups if not g.header_ids and section_id in g.head_ids]
