"""Reading ``kb/<game>/`` into a :class:`GameKB`.

Every file is validated against the models in :mod:`adjudicator.kb.model`; a problem is
reported as ``FILE:LINE: PATH: message`` through :class:`KBError` (an ``InputError``, so the
CLI prints it and exits with status 2 instead of showing a traceback).
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from adjudicator.errors import InputError, Problem
from adjudicator.kb.ids import TOPIC_PATTERN, reading_section, split_qualified
from adjudicator.kb.model import (
    Encoding,
    Example,
    ExampleBlock,
    GameFile,
    GameKB,
    Reading,
    ReadingsFileEntry,
    Ruling,
    Section,
    SectionsFile,
    SummaryEntry,
    Table,
)


class KBError(InputError):
    """The knowledge base (or a file given as one) does not match the schema."""


# --------------------------------------------------------------------------------------------
# YAML with line numbers
# --------------------------------------------------------------------------------------------


def read_yaml(path: Path) -> Any:
    yaml = YAML(typ="rt")
    try:
        with path.open(encoding="utf-8") as fh:
            return yaml.load(fh)
    except YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 0
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise KBError([Problem(str(path), line, "", f"not valid YAML: {problem}")]) from None
    except OSError as exc:
        raise KBError([Problem(str(path), 0, "", f"cannot read: {exc.strerror}")]) from None


def _line_of(data: Any, loc: tuple) -> int:
    """Best line number (1-based) for a location path inside ruamel round-trip data."""
    line = 0
    node = data
    for key in loc:
        lc = getattr(node, "lc", None)
        try:
            if lc is not None:
                if isinstance(key, int) and isinstance(node, list):
                    line = lc.item(key)[0] + 1
                elif not isinstance(node, list):
                    line = lc.key(key)[0] + 1
            node = node[key]
        except (KeyError, IndexError, TypeError, AttributeError):
            break
    return line


def _loc_text(loc: tuple) -> str:
    out = ""
    for key in loc:
        out += f"[{key}]" if isinstance(key, int) else (f".{key}" if out else str(key))
    return out


def _problems(path: Path, data: Any, exc: ValidationError, prefix: tuple = ()) -> list[Problem]:
    problems = []
    for err in exc.errors():
        loc = prefix + tuple(err["loc"])
        problems.append(Problem(str(path), _line_of(data, loc), _loc_text(loc), err["msg"]))
    return problems


def _plain(data: Any) -> Any:
    """Round-trip YAML nodes -> plain dicts, lists and scalars."""
    if isinstance(data, dict):
        return {str(k) if not isinstance(k, str) else k: _plain(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_plain(v) for v in data]
    if isinstance(data, str):
        return str(data)
    return data


# --------------------------------------------------------------------------------------------
# Per-file validation (used by the loader and by tests/test_kb_schema.py)
# --------------------------------------------------------------------------------------------


def _need_mapping(path: Path, data: Any) -> list[Problem]:
    if not isinstance(data, dict):
        return [Problem(str(path), 1, "", "expected a mapping at the top of the file")]
    return []


def validate_file(path: Path, kind: str | None = None) -> tuple[Any, list[Problem]]:
    """Validate one KB file. ``kind`` is inferred from the path when not given.

    Returns the parsed value (a model or a dict of models) and the problems found.
    """
    path = Path(path)
    kind = kind or file_kind(path)
    try:
        data = read_yaml(path)
    except KBError as exc:
        return None, exc.problems
    if data is None:
        data = {}
    problems = _need_mapping(path, data)
    if problems:
        return None, problems
    plain = _plain(data)
    try:
        if kind == "game":
            return GameFile.model_validate(plain), []
        if kind == "sections":
            return SectionsFile.model_validate(plain), []
        if kind == "example":
            block = plain.get("example")
            if block is None:
                return None, [Problem(str(path), 1, "example", "an `example:` block is needed")]
            if not isinstance(plain.get("game"), str):
                return None, [Problem(str(path), 1, "game", "a scenario needs `game:`")]
            try:
                return ExampleBlock.model_validate(block), []
            except ValidationError as exc:
                return None, _problems(path, data, exc, ("example",))
    except ValidationError as exc:
        return None, _problems(path, data, exc)
    if kind == "tables" and isinstance(plain.get("title"), str):
        try:  # a file holding a single table
            return {str(plain.get("id") or path.stem): Table.model_validate(plain)}, []
        except ValidationError as exc:
            return None, _problems(path, data, exc)
    # mappings keyed by section id (or table id)
    parsed: dict[str, Any] = {}
    for key, value in plain.items():
        key = str(key)
        try:
            if kind == "summaries":
                parsed[key] = SummaryEntry.model_validate(value)
            elif kind == "readings":
                if isinstance(value, dict) and "readings" not in value:
                    value = [value]
                if isinstance(value, list):
                    value = {"readings": value}
                readings = ReadingsFileEntry.model_validate(value).readings
                if "#" in key:  # one of several disputed points of a section
                    if not re.match(TOPIC_PATTERN, key.partition("#")[2]):
                        problems.append(Problem(
                            str(path), _line_of(data, (key,)), key,
                            "a topic after '#' is a lower-case slug (letters, digits, '-')",
                        ))
                        continue
                # the scenario key comes from the file's key, never from the reading itself
                topic_key = key if "#" in key else None
                parsed[key] = [r.model_copy(update={"key": topic_key}) for r in readings]
            elif kind == "tables":
                parsed[key] = Table.model_validate(value)
            else:
                problems.append(Problem(str(path), 1, "", f"unknown KB file kind {kind!r}"))
                break
        except ValidationError as exc:
            for err in exc.errors():
                loc = tuple(x for x in err["loc"] if x != "readings")
                full = (key, *loc)
                problems.append(
                    Problem(str(path), _line_of(data, full), _loc_text(full), err["msg"])
                )
    return parsed, problems


def file_kind(path: Path) -> str:
    """``game``, ``sections``, ``summaries``, ``readings``, ``tables`` or ``example``."""
    if path.name == "game.yaml":
        return "game"
    if path.name == "sections.yaml":
        return "sections"
    folder = path.parent.name
    return {"summaries": "summaries", "readings": "readings", "tables": "tables"}.get(
        folder, "example" if folder == "examples" else "unknown"
    )


def kb_files(game_dir: Path) -> list[Path]:
    """Every YAML file of one game folder that the schema governs."""
    files = [game_dir / "game.yaml", game_dir / "sections.yaml"]
    for folder in ("summaries", "readings", "tables", "examples"):
        sub = game_dir / folder
        if sub.is_dir():
            files += sorted(p for p in sub.rglob("*") if p.suffix in (".yaml", ".yml"))
    return [f for f in files if f.exists()]


# --------------------------------------------------------------------------------------------
# Encodings and rulings
# --------------------------------------------------------------------------------------------

_LITERAL = re.compile(r'"([A-Za-z0-9]+(?:\.[A-Za-z0-9]+)*)"')


def scan_encodings(asp_root: Path | None, game: str, ids: set[str]) -> dict[str, list[Encoding]]:
    """Section id -> ASP files under ``asp/<game>/`` whose text has ``"<id>"`` in it."""
    found: dict[str, list[Encoding]] = defaultdict(list)
    if asp_root is None or not (asp_root / game).is_dir():
        return found
    for lp in sorted((asp_root / game).rglob("*.lp")):
        lines: dict[str, list[int]] = defaultdict(list)
        for number, text in enumerate(lp.read_text(encoding="utf-8").splitlines(), 1):
            code = text.split("%", 1)[0] if not text.lstrip().startswith("%") else ""
            for match in _LITERAL.finditer(code):
                if match.group(1) in ids:
                    lines[match.group(1)].append(number)
        rel = lp.relative_to(asp_root).as_posix()
        for section_id, numbers in lines.items():
            found[section_id].append(Encoding(file=rel, lines=sorted(set(numbers))))
    return found


def _is_rules_mark(node: ast.AST) -> bool:
    """``pytest.mark.rules(...)`` or ``mark.rules(...)``."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "rules"
        and (
            (isinstance(node.func.value, ast.Attribute) and node.func.value.attr == "mark")
            or (isinstance(node.func.value, ast.Name) and node.func.value.id == "mark")
        )
    )


def _mark_ids(call: ast.Call) -> list[str]:
    ids: list[str] = []
    for arg in call.args:
        values = arg.elts if isinstance(arg, ast.List | ast.Tuple) else [arg]
        for value in values:
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                ids.append(value.value)
    return ids


def scan_rulings(tests_root: Path | None, game: str, default_game: str | None = None) -> dict:
    """Section id -> tests marked ``@pytest.mark.rules(id, ...)``.

    A bare id in ``tests/<game>/`` belongs to that game; one in a test at the top of
    ``tests/`` to ``default_game`` (by default the registry's default game). A test may
    name another game's section in the namespaced form ``"sos:7.3"``.
    """
    if default_game is None:
        from adjudicator.games import default_game_id

        default_game = default_game_id()
    found: dict[str, list[Ruling]] = defaultdict(list)
    if tests_root is None or not tests_root.is_dir():
        return found
    base = tests_root.parent
    for py in sorted(tests_root.rglob("test_*.py")):
        if "fixtures" in py.relative_to(tests_root).parts:
            continue
        try:
            tree = ast.parse(py.read_text(encoding="utf-8"))
        except (SyntaxError, UnicodeDecodeError):
            continue
        rel = py.relative_to(base).as_posix()
        parts = py.relative_to(tests_root).parts
        own = parts[0] if len(parts) > 1 else default_game

        def add(ids: list[str], test: str, line: int, rel: str = rel, own: str = own) -> None:
            for text in ids:
                g, bare = split_qualified(text, own)
                if g == game:
                    found[bare].append(Ruling(test=test, file=rel, line=line))

        module_ids: list[str] = []
        for stmt in tree.body:
            if isinstance(stmt, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "pytestmark" for t in stmt.targets
            ):
                for node in ast.walk(stmt.value):
                    if _is_rules_mark(node):
                        module_ids += _mark_ids(node)
        claimed: set[int] = set()

        def visit(
            owner: ast.AST, prefix: str, inherited: list[str], claimed: set[int] = claimed
        ) -> None:
            for stmt in getattr(owner, "body", []):
                if isinstance(stmt, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                    own: list[str] = []
                    for deco in stmt.decorator_list:
                        for node in ast.walk(deco):
                            if _is_rules_mark(node):
                                claimed.add(id(node))
                                own += _mark_ids(node)
                    name = f"{prefix}::{stmt.name}"
                    if isinstance(stmt, ast.ClassDef):
                        visit(stmt, name, inherited + own)
                    elif stmt.name.startswith("test"):
                        add(inherited + own, name, stmt.lineno)

        visit(tree, rel, module_ids)
        # marks inside case tables (pytest.param(..., marks=pytest.mark.rules(...), id=...))
        for node in ast.walk(tree):
            if _is_rules_mark(node) and id(node) not in claimed:
                add(_mark_ids(node), f"{rel}:{node.lineno}", node.lineno)
    return found


# --------------------------------------------------------------------------------------------
# The loader
# --------------------------------------------------------------------------------------------


def _id_line(path: Path, table_id: str) -> int:
    """The line declaring a table id: ``id: X`` (a one-table file) or a top-level ``X:``."""
    name = rf"[\"']?{re.escape(table_id)}[\"']?"
    pattern = re.compile(rf"^(?:id:\s*{name}\s*(?:#.*)?$|{name}:)")
    try:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.match(line):
                return number
    except OSError:
        pass
    return 1


def resolve_key(key: str, sections: dict) -> str:
    """Map a section id as written in a data file to the id in ``sections.yaml``.

    Forgiving about common spellings: ``12`` for chapter ``12.0``, ``13.0.A`` for the
    lettered section ``13.A``, ``s42:7.3`` for ``7.3``, and letter case.
    """
    key = str(key).strip()
    if ":" in key:
        key = key.partition(":")[2]
    if key in sections:
        return key
    for candidate in (f"{key}.0", re.sub(r"^(\d+)\.0\.", r"\1.", key)):
        if candidate in sections:
            return candidate
    upper = {k.upper(): k for k in sections}
    return upper.get(key.upper(), key)


def _default_roots() -> tuple[Path, Path | None, Path | None]:
    from adjudicator import paths

    kb_root = paths.kb_dir()
    try:
        asp_root: Path | None = paths.asp_dir()
    except FileNotFoundError:
        asp_root = None
    tests_root = kb_root.parent / "tests"
    return kb_root, asp_root, tests_root if tests_root.is_dir() else None


def list_games(kb_root: Path | None = None) -> list[str]:
    """Ids of the games that have a ``game.yaml``."""
    if kb_root is None:
        kb_root = _default_roots()[0]
    return sorted(p.parent.name for p in kb_root.glob("*/game.yaml"))


def load_game(
    game_id: str,
    kb_root: Path | None = None,
    asp_root: Path | None = None,
    tests_root: Path | None = None,
) -> GameKB:
    """Load, validate and merge ``kb/<game_id>/``.

    With no roots given, the installed data (``adjudicator.paths``) and, in a source
    checkout, the ``tests/`` folder beside ``kb/`` are used. Raises :class:`KBError` for an
    unknown game or for files that do not match the schema.
    """
    if kb_root is None:
        kb_root, default_asp, default_tests = _default_roots()
        asp_root = asp_root if asp_root is not None else default_asp
        tests_root = tests_root if tests_root is not None else default_tests
    game_dir = Path(kb_root) / game_id
    if not (game_dir / "game.yaml").is_file():
        from adjudicator.errors import did_you_mean

        games = list_games(Path(kb_root))
        known = ", ".join(games) or "none"
        raise KBError([Problem("<command line>", 0, "--game", f"unknown game {game_id!r} "
                               f"(known: {known}){did_you_mean(game_id, games)}")])
    problems: list[Problem] = []

    def load(path: Path, kind: str | None = None) -> Any:
        value, found = validate_file(path, kind)
        problems.extend(found)
        return value

    game = load(game_dir / "game.yaml")
    sections_file = (
        load(game_dir / "sections.yaml")
        if (game_dir / "sections.yaml").exists()
        else SectionsFile(game=game_id, sections=[])
    )
    if problems:
        raise KBError(problems)

    sections: dict[str, Section] = {}
    for entry in sections_file.sections:
        sections[entry.id] = Section(
            id=entry.id,
            game=game_id,
            title=entry.title,
            parent=entry.parent,
            refs=list(entry.refs),
            line=entry.line,
            kind=entry.kind,
            untitled=entry.untitled,
            unresolved=list(entry.unresolved),
        )
    for section in sections.values():
        if section.parent in sections:
            sections[section.parent].children.append(section.id)
        for ref in section.refs:
            if ref in sections and section.id not in sections[ref].referenced_by:
                sections[ref].referenced_by.append(section.id)

    unknown: list[tuple[str, str]] = []

    def rel(path: Path) -> str:
        return path.relative_to(kb_root).as_posix()

    def target(path: Path, section_id: str) -> Section | None:
        spelled = resolve_key(section_id, sections)
        section = sections.get(spelled)
        if section is not None and spelled != section_id:
            section = None
            # One spelling per id: data files write every section as sections.yaml does
            # ('9.A', never '9.0.A' or '9.a'; '12.0', never '12').
            problems.append(Problem(
                str(path), _id_line(path, str(section_id)), str(section_id),
                f"section id {section_id!r} is spelled {spelled!r} in sections.yaml; "
                "write it that way",
            ))
        elif section is None:
            unknown.append((rel(path), section_id))
        return section

    for path in sorted((game_dir / "summaries").glob("*.y*ml")):
        for section_id, entry in (load(path, "summaries") or {}).items():
            if (section := target(path, section_id)) is not None:
                section.summary = entry.summary
                section.notes = entry.notes
                section.misprints.extend(entry.misprints)
                section.terms.update(entry.terms)
    for path in sorted((game_dir / "readings").glob("*.y*ml")):
        for key, readings in (load(path, "readings") or {}).items():
            if (section := target(path, reading_section(key))) is not None:
                section.readings.extend(readings)
    tables: dict[str, Table] = {}
    table_files: dict[str, Path] = {}
    for path in sorted((game_dir / "tables").glob("*.y*ml")):
        for table_id, table in (load(path, "tables") or {}).items():
            if table_id in tables:  # one would silently replace the other
                problems.append(Problem(
                    str(path), _id_line(path, table_id), "id",
                    f"table id {table_id!r} is already used by {rel(table_files[table_id])}; "
                    "every table needs its own id",
                ))
                continue
            tables[table_id] = table
            table_files[table_id] = path
            for section_id in table.sections:
                if (section := target(path, section_id)) is not None:
                    section.tables.append(table_id)
    examples: list[Example] = []
    for path in sorted((game_dir / "examples").rglob("*.y*ml")):
        block = load(path, "example")
        if block is None:
            continue
        example = Example(
            file=rel(path),
            title=block.title,
            question=block.question,
            command=block.command,
            expected=block.expected,
            sections=block.sections,
        )
        examples.append(example)
        for section_id in block.sections:
            if (section := target(path, section_id)) is not None:
                section.examples.append(example)
    if problems:
        raise KBError(problems)

    ids = set(sections)
    for section_id, encodings in scan_encodings(asp_root, game_id, ids).items():
        sections[section_id].encodings = encodings
    for section_id, rulings in scan_rulings(tests_root, game_id).items():
        if section_id in sections:
            sections[section_id].rulings = rulings
        else:
            unknown.append((rulings[0].file, section_id))
    return GameKB(game, sections, tables, examples, Path(kb_root), unknown)


def validate_readings(readings: list[dict]) -> list[Reading]:
    """Validate a list of readings given as plain dicts (for callers outside the KB)."""
    return ReadingsFileEntry.model_validate({"readings": readings}).readings
