"""Dice tables as data: the CRT, the Determined Defense table and the small
die tables whose values the rulebook text gives (weather 23.1, rally 13.5,
disengagement 27.2).

Every table is a YAML file with ``kind``, ``id``, ``title``, ``die``,
``columns`` and ``rows`` (die roll -> one cell per column). The CRT and the
Determined Defense table are printed only on the player-aid card, so the
project ships clearly labelled PRACTICE tables (``practice: true``) and reads a
player's own copy from ``--crt`` / ``--dd-table`` (or the environment
variables ``ADJUDICATOR_S42_CRT`` / ``ADJUDICATOR_S42_DD``). Every problem in a
table file is reported as ``FILE:LINE: PATH: message`` (``InputError``).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError

from adjudicator.errors import InputError, Problem, read_input
from adjudicator.fastload import check_yaml
from adjudicator.paths import kb_dir

#: CRT columns from 1-3 to 7-1 (8.3, 8.4.1); the level of "1-1" is 0.
CRT_LADDER = ("1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1")
CRT_RESULTS = ("-", "A1", "EX", "A1/DR2", "DR2", "A1/D1", "DRX", "D1", "DR4", "DS")
DD_COLUMNS = ("clear-desert", "other", "city")
PRACTICE_NOTE = (
    "PRACTICE table: invented for examples and tests, not the published one; "
    "pass your copy of the player-aid table with --crt / --dd-table"
)

_CELL = re.compile(r"^(?P<res>\S+)(?:\s+Adv(?P<adv>[234]))?(?:\s+(?P<dd>noDD|DD-1))?$")
_DD_CELL = re.compile(r"^(?P<code>[SPF])\s+(?P<att>-|1\*?)/(?P<def>-|1)$")


@dataclass(frozen=True)
class CrtCell:
    result: str
    advance: int | None = None
    #: "yes", "no" (11.2.2 colour forbids) or "minus1" (11.2.2 orange: VP hex or
    #: Desperate Defense only, with -1)
    dd: str = "yes"
    text: str = ""


@dataclass(frozen=True)
class DdCell:
    code: str  # S, P or F
    attacker_loss: int
    defender_picks_attacker_loss: bool
    defender_loss: int
    text: str = ""


@dataclass
class Table:
    kind: str
    id: str
    title: str
    source: str
    columns: list[str]
    rows: dict[int, list[Any]]
    practice: bool = False
    rules: list[str] = field(default_factory=list)

    @property
    def lowest(self) -> int:
        return min(self.rows)

    @property
    def highest(self) -> int:
        return max(self.rows)

    def clamp(self, roll: int) -> int:
        return max(self.lowest, min(self.highest, roll))

    def lookup(self, roll: int, column: str) -> Any:
        """The cell for a (modified) roll; rolls beyond the rows read as the nearest row."""
        return self.rows[self.clamp(roll)][self.columns.index(column)]

    def describe(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "file": self.source,
                "practice": self.practice}


def parse_crt_cell(text: str) -> CrtCell | str:
    """A CRT cell, or an error message."""
    m = _CELL.match(str(text).strip())
    if not m or m["res"] not in CRT_RESULTS:
        return (f"{text!r} is not a CRT cell (RESULT [Adv2|Adv3|Adv4] [noDD|DD-1], "
                f"RESULT one of {' '.join(CRT_RESULTS)})")
    dd = {"noDD": "no", "DD-1": "minus1", None: "yes"}[m["dd"]]
    adv = int(m["adv"]) if m["adv"] else None
    return CrtCell(m["res"], adv, dd, str(text).strip())


def parse_dd_cell(text: str) -> DdCell | str:
    m = _DD_CELL.match(str(text).strip())
    if not m:
        return f"{text!r} is not a Determined Defense cell (S|P|F then A/D, e.g. 'S 1*/-')"
    att = m["att"]
    return DdCell(m["code"], 0 if att == "-" else 1, att == "1*",
                  0 if m["def"] == "-" else 1, str(text).strip())


def _line(node: Any, *path: Any) -> int:
    line = 1
    for part in path:
        lc = getattr(node, "lc", None)
        try:
            if isinstance(node, dict):
                key = next((k for k in node if k == part or str(k) == str(part)), None)
                if key is None:
                    break
                if lc is not None:
                    line = lc.key(key)[0] + 1
                node = node[key]
            elif isinstance(node, list):
                if lc is not None:
                    line = lc.item(part)[0] + 1
                node = node[part]
            else:
                break
        except (KeyError, IndexError, TypeError):
            break
    return line


def load_table(path: str | Path, kind: str | None = None) -> Table:
    """Read and validate a table file; ``kind`` (crt, dd, die-table) is checked if given."""
    p = Path(path)
    problems: list[Problem] = []

    def bad(message: str, *where: Any) -> None:
        shown = ".".join(str(w) if not isinstance(w, int) else f"[{w}]" for w in where)
        problems.append(Problem(str(p), _line(doc, *where) if doc is not None else 1,
                                shown.replace(".[", "[") or "(top)", message))

    doc: Any = None
    text = read_input(p, "no such table file")
    check_yaml(text, str(p))  # nesting, aliases: refused before the file is read
    try:
        doc = YAML(typ="rt").load(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise InputError([Problem(str(p), mark.line + 1 if mark else 1, "(top)",
                                  f"malformed YAML: {exc.problem or exc.context}")]) from None
    except YAMLError as exc:  # pragma: no cover
        raise InputError([Problem(str(p), 1, "(top)", f"malformed YAML: {exc}")]) from None
    if not isinstance(doc, dict):
        raise InputError([Problem(str(p), 1, "(top)",
                                  "a table file holds a mapping with kind, columns, rows")])
    known = {"kind", "id", "title", "rules", "die", "columns", "rows", "practice", "by_column"}
    for key in doc:
        if key not in known:
            bad(f"unknown key '{key}' (known: {', '.join(sorted(known))})", key)
    k = doc.get("kind")
    if k not in ("crt", "dd", "die-table"):
        bad(f"kind must be crt, dd or die-table, got {k!r}", "kind")
    elif kind is not None and k != kind:
        bad(f"expected a table of kind '{kind}', this file is kind '{k}'", "kind")
    if doc.get("die", "1d6") != "1d6":
        bad(f"Stalingrad '42 tables are read with one six-sided die ('1d6'), got "
            f"{doc.get('die')!r}", "die")
    practice = doc.get("practice", False)
    if not isinstance(practice, bool):
        bad("practice must be true or false", "practice")
    columns = doc.get("columns")
    if not isinstance(columns, list) or not columns or not all(
            isinstance(c, str) for c in columns):
        bad("columns must be a non-empty list of column names", "columns")
        columns = []
    columns = [str(c) for c in columns]
    if k == "crt" and columns:
        if columns != list(CRT_LADDER):
            bad(f"a Stalingrad '42 CRT has the columns {', '.join(CRT_LADDER)} in that order "
                "(8.3, 8.4.1)", "columns")
    if k == "dd" and columns and sorted(columns) != sorted(DD_COLUMNS):
        bad(f"a Determined Defense table has the columns {', '.join(DD_COLUMNS)} (11.2.1)",
            "columns")
    rows_in = doc.get("rows")
    if rows_in is None and isinstance(doc.get("by_column"), dict):
        rows_in = _rows_from_columns(doc["by_column"], columns, bad)
    rows: dict[int, list[Any]] = {}
    if not isinstance(rows_in, dict) or not rows_in:
        bad("rows must map each die roll to its cells", "rows")
        rows_in = {}
    for key, cells in rows_in.items():
        try:
            roll = int(key)
        except (TypeError, ValueError):
            bad(f"row key {key!r} is not a die roll", "rows", key)
            continue
        if not isinstance(cells, list) or len(cells) != len(columns):
            bad(f"row {roll} needs {len(columns)} cells, one per column", "rows", key)
            continue
        parsed: list[Any] = []
        for i, cell in enumerate(cells):
            if k == "crt":
                c = parse_crt_cell(cell)
            elif k == "dd":
                c = parse_dd_cell(cell)
            else:
                c = str(cell)
            if isinstance(c, str) and k in ("crt", "dd"):
                bad(c, "rows", key, i)
            parsed.append(c)
        rows[roll] = parsed
    if rows:
        lo, hi = min(rows), max(rows)
        missing = [r for r in range(lo, hi + 1) if r not in rows]
        if missing:
            bad(f"rows must run without gaps; missing {', '.join(map(str, missing))}", "rows")
        if lo > 1 or hi < 6:
            bad("rows must cover every roll of one die, 1 to 6", "rows")
    if problems:
        raise InputError(problems)
    return Table(kind=str(k), id=str(doc.get("id", p.stem)), title=str(doc.get("title", p.stem)),
                 source=str(p), columns=columns, rows=rows, practice=bool(practice),
                 rules=[str(r) for r in doc.get("rules", [])])


def _rows_from_columns(by_col: dict[str, Any], columns: list[str], bad: Any) -> dict[int, list]:
    """``by_column: {column: {"1-2": cell, "3": cell}}`` as rows (roll -> cells)."""
    rows: dict[int, list[Any]] = {}
    for ci, col in enumerate(columns):
        spec = by_col.get(col)
        if not isinstance(spec, dict):
            bad(f"by_column needs the column '{col}'", "by_column")
            continue
        for key, cell in spec.items():
            text = str(key)
            try:
                lo, _, hi = text.partition("-")
                a, b = int(lo), int(hi or lo)
            except ValueError:
                bad(f"{text!r} is not a roll or a range like 1-4", "by_column", col, key)
                continue
            for r in range(a, b + 1):
                rows.setdefault(r, [None] * len(columns))[ci] = cell
    for r, cells in rows.items():
        if any(c is None for c in cells):
            bad(f"roll {r} is missing in some column", "by_column")
    return rows


def tables_folder() -> Path:
    return kb_dir() / "s42" / "tables"


@cache
def _builtin(name: str) -> Table:
    return load_table(tables_folder() / f"{name}.yaml")


def builtin(name: str) -> Table:
    """A table shipped in kb/s42/tables (weather, rally, disengagement, crt_practice ...)."""
    return _builtin(name)


def crt_table(path: str | Path | None = None) -> Table:
    """The CRT: ``path``, else $ADJUDICATOR_S42_CRT, else the practice table."""
    chosen = path or os.environ.get("ADJUDICATOR_S42_CRT")
    return load_table(chosen, "crt") if chosen else builtin("crt_practice")


def dd_table(path: str | Path | None = None) -> Table:
    """The Determined Defense table: ``path``, else $ADJUDICATOR_S42_DD, else practice."""
    chosen = path or os.environ.get("ADJUDICATOR_S42_DD")
    return load_table(chosen, "dd") if chosen else builtin("dd_practice")
