"""Kharkov Battles' charts as data: the Prepared Assault Combat Results Table (12.0, 12.6),
the Mobile Assault Table (11.2), the Terrain Effects Chart (2.51, 12.0) and the Attrition
Table (8.4).

The rulebook's text refers to these charts but prints none of them (they are on the
player-aid cards), so the game ships clearly labelled PRACTICE charts in
``kb/kb42/tables/`` (``practice: true``: invented for examples and tests) and reads a
player's own copy from ``--crt``, ``--ma-table``, ``--tec`` and ``--attrition-table`` (or
``$ADJUDICATOR_KB42_CRT``, ``..._MA``, ``..._TEC``, ``..._ATTRITION``). Every answer that
reads a chart names it (``describe()``). Every problem in a chart file is reported as
``FILE:LINE: PATH: message`` (an ``InputError``: exit status 2). The format is documented
in docs/kharkov-battles.rst ("Charts").
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

KINDS = ("crt", "mobile-assault", "tec", "attrition")
#: file name of the practice chart of each kind, in kb/kb42/tables/
PRACTICE_FILES = {"crt": "crt_practice.yaml", "mobile-assault": "ma_practice.yaml",
                  "tec": "tec_practice.yaml", "attrition": "attrition_practice.yaml"}
#: the option and environment variable that give a player's own chart of each kind
OPTIONS = {"crt": "--crt", "mobile-assault": "--ma-table", "tec": "--tec",
           "attrition": "--attrition-table"}
ENV = {"crt": "ADJUDICATOR_KB42_CRT", "mobile-assault": "ADJUDICATOR_KB42_MA",
       "tec": "ADJUDICATOR_KB42_TEC", "attrition": "ADJUDICATOR_KB42_ATTRITION"}
PRACTICE_NOTE = ("PRACTICE chart: invented for examples and tests, not the published one; "
                 "pass your copy with {option}")

#: One ratio step of the odds ladder per level: 1-1 is level 0, 2-1 level 1, 1-2 level -1.
RATIO = re.compile(r"^(\d+)-(\d+)$")
#: A result: "-", or an attacker part and/or a defender part, each a side letter, an
#: optional parenthesised mandatory step loss (12.61) and an optional retreat rN (12.62).
_PART = r"(?:\((?P<{s}n>\d)\))?(?:r(?P<{s}r>\d))?"
CRT_CELL = re.compile(r"^(?:(?P<A>A)" + _PART.format(s="a") + r")?\s*/?\s*(?:(?P<D>D)"
                      + _PART.format(s="d") + r")?$")
#: Mobile Assault results (11.26, 11.27): D[(n)]rN, A[(n)]D, or "-".
MA_CELL = re.compile(r"^(?:D(?:\((?P<dn>\d)\))?r(?P<dr>\d)|A(?:\((?P<an>\d)\))?D)$")
CLASSES = ("mechanized", "non-mechanized")
TERRAINS = ("clear", "woods", "rough", "marsh")
CITIES = ("major", "minor")
RIVERS = ("minor", "major")
WEATHERS = ("clear", "mud", "freeze")
PROHIBITED = "P"


def level_of(ratio: str) -> int | None:
    """The ladder level of a ratio label: ``N-1`` is N-1, ``1-N`` is -(N-1)."""
    m = RATIO.match(str(ratio).strip())
    if not m:
        return None
    a, d = int(m[1]), int(m[2])
    if a >= 1 and d == 1:
        return a - 1
    if a == 1 and d >= 1:
        return -(d - 1)
    return None


def ratio_of(level: int) -> str:
    return f"{level + 1}-1" if level >= 0 else f"1-{1 - level}"


@dataclass(frozen=True)
class Result:
    """A combat result: mandatory steps and retreat hexes of each side (12.61, 12.62)."""

    text: str
    attacker_steps: int = 0
    attacker_retreat: int = 0
    defender_steps: int = 0
    defender_retreat: int = 0
    #: Mobile Assault: the attacker is Disorganized and stops (11.27)
    disorganized: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "attacker_steps": self.attacker_steps,
                "attacker_retreat": self.attacker_retreat,
                "defender_steps": self.defender_steps,
                "defender_retreat": self.defender_retreat,
                "disorganized": self.disorganized}


def parse_result(text: Any) -> Result | str:
    """A Prepared Assault result (``D(1)r2``, ``Ar1``, ``A(1)D(1)``, ``-``) or a message."""
    s = str(text).strip()
    if s == "-":
        return Result("-")
    m = CRT_CELL.match(s)
    if not m or not s or (m["A"] and not (m["an"] or m["ar"])) or \
            (m["D"] and not (m["dn"] or m["dr"])):
        return (f"{text!r} is not a result: '-' or A and/or D parts, each with a step loss "
                "in brackets and/or a retreat rN, e.g. 'D(1)r2', 'Ar1', 'A(1)D(1)'")
    n = lambda g: int(m[g]) if m[g] else 0  # noqa: E731
    return Result(s, n("an"), n("ar"), n("dn"), n("dr"))


def parse_ma_result(text: Any) -> Result | str:
    """A Mobile Assault result (11.26, 11.27): ``-``, ``Dr3``, ``D(1)r3``, ``AD``, ``A(1)D``."""
    s = str(text).strip()
    if s == "-":
        return Result("-")
    m = MA_CELL.match(s)
    if not m:
        return (f"{text!r} is not a Mobile Assault result ('-', 'Dr3', 'D(1)r3', 'AD' or "
                "'A(1)D', 11.26-11.27)")
    if m["dr"]:
        return Result(s, defender_steps=int(m["dn"] or 0), defender_retreat=int(m["dr"]))
    return Result(s, attacker_steps=int(m["an"] or 0), disorganized=True)


@dataclass
class Chart:
    kind: str
    id: str
    title: str
    source: str
    practice: bool
    rules: list[str] = field(default_factory=list)

    def describe(self) -> dict[str, Any]:
        return {"kind": self.kind, "id": self.id, "title": self.title, "file": self.source,
                "practice": self.practice}

    def label(self) -> str:
        return f"{self.title} (file {self.source})"

    def note(self) -> str | None:
        return PRACTICE_NOTE.format(option=OPTIONS[self.kind]) if self.practice else None


@dataclass
class Crt(Chart):
    #: the result columns, in order
    columns: list[str] = field(default_factory=list)
    #: terrain line -> the ladder level over each column (None: the line prints none),
    #: lines listed from least to most favourable to the defender
    lines: dict[str, list[int | None]] = field(default_factory=dict)
    #: die roll (0-9) -> one result per column
    rows: dict[int, list[Result]] = field(default_factory=dict)

    def rank(self, line: str) -> int:
        return list(self.lines).index(line)

    def column(self, line: str, level: int) -> int:
        """The column a ratio level reads on a terrain line; beyond the line's printed
        ratios, the nearest printed column."""
        printed = [(lv, i) for i, lv in enumerate(self.lines[line]) if lv is not None]
        exact = [i for lv, i in printed if lv == level]
        if exact:
            return exact[0]
        below = [(lv, i) for lv, i in printed if lv < level]
        if below:
            return max(below)[1]
        return min(printed)[1]

    def lookup(self, line: str, level: int, roll: int) -> tuple[str, Result]:
        col = self.column(line, level)
        return self.columns[col], self.rows[roll][col]


@dataclass
class MobileAssaultTable(Chart):
    columns: list[str] = field(default_factory=list)
    levels: list[int] = field(default_factory=list)
    #: modified roll -> one result per column
    rows: dict[int, list[Result]] = field(default_factory=dict)
    #: name -> (die roll modifier, rule ids)
    modifiers: dict[str, tuple[int, list[str]]] = field(default_factory=dict)

    def lookup(self, level: int, roll: int) -> tuple[str, int, Result]:
        below = [i for i, lv in enumerate(self.levels) if lv <= level]
        col = max(below, key=lambda i: self.levels[i]) if below else 0
        r = max(min(self.rows), min(max(self.rows), roll))
        return self.columns[col], r, self.rows[r][col]


@dataclass
class Tec(Chart):
    #: weather -> terrain -> class -> cost in MPs (None: prohibited)
    terrain: dict[str, dict[str, dict[str, float | None]]] = field(default_factory=dict)
    #: weather -> river -> class -> extra cost
    hexsides: dict[str, dict[str, dict[str, float | None]]] = field(default_factory=dict)
    #: terrain or ``city-major``/``city-minor`` -> the CRT terrain line it reads
    combat: dict[str, str] = field(default_factory=dict)
    #: (key path) -> file line, for errors raised against another chart
    lines_of: dict[str, int] = field(default_factory=dict)

    def combat_line(self, terrain: str, city: str | None) -> tuple[str, str]:
        """The CRT line of a hex, and the TEC entry that gave it (a city is read before
        the terrain it stands on)."""
        key = f"city-{city}" if city else terrain
        return self.combat[key], key


@dataclass
class AttritionTable(Chart):
    #: die roll (0-9) -> steps lost by the stack ("all" = every step)
    rows: dict[int, int | str] = field(default_factory=dict)


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


class _Reader:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.problems: list[Problem] = []
        self.doc: Any = None

    def bad(self, message: str, *where: Any) -> None:
        shown = ".".join(str(w) if not isinstance(w, int) else f"[{w}]" for w in where)
        self.problems.append(Problem(str(self.path), _line(self.doc, *where)
                                     if self.doc is not None else 1,
                                     shown.replace(".[", "[") or "(top)", message))

    def load(self) -> dict:
        text = read_input(self.path, "no such chart file")
        check_yaml(text, str(self.path))
        try:
            doc = YAML(typ="rt").load(text)
        except MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            raise InputError([Problem(str(self.path), mark.line + 1 if mark else 1, "(top)",
                                      f"malformed YAML: {exc.problem or exc.context}")]
                             ) from None
        except YAMLError as exc:  # pragma: no cover
            raise InputError([Problem(str(self.path), 1, "(top)", f"malformed YAML: {exc}")]
                             ) from None
        if not isinstance(doc, dict):
            raise InputError([Problem(str(self.path), 1, "(top)",
                                      "a chart file holds a mapping with kind, id, title")])
        self.doc = doc
        return doc

    def check_keys(self, known: set[str]) -> None:
        for key in self.doc:
            if str(key) not in known:
                self.bad(f"unknown key '{key}' (known: {', '.join(sorted(known))})", key)

    def die_rows(self, name: str = "rows", lo: int = 0, hi: int = 9) -> dict[int, Any]:
        rows = self.doc.get(name)
        out: dict[int, Any] = {}
        if not isinstance(rows, dict) or not rows:
            self.bad(f"{name} must map each die roll to its cells", name)
            return out
        for key, cells in rows.items():
            try:
                roll = int(key)
            except (TypeError, ValueError):
                self.bad(f"row key {key!r} is not a die roll", name, key)
                continue
            out[roll] = cells
        if out:
            missing = [r for r in range(min(lo, min(out)), max(hi, max(out)) + 1)
                       if r not in out]
            if missing:
                self.bad(f"rows must cover every roll {lo} to {hi} without gaps; missing "
                         f"{', '.join(map(str, missing))}", name)
        return out

    def common(self, kind: str) -> dict[str, Any]:
        doc = self.doc
        if doc.get("kind") != kind:
            self.bad(f"kind must be {kind}, got {doc.get('kind')!r}", "kind")
        practice = doc.get("practice", False)
        if not isinstance(practice, bool):
            self.bad("practice must be true or false", "practice")
            practice = False
        if "die" in doc and str(doc.get("die")) != "1d10":
            self.bad(f"Kharkov Battles charts are read with one ten-sided die read 0-9 "
                     f"('1d10', 1.2), got {doc.get('die')!r}", "die")
        rules = doc.get("rules", [])
        if not isinstance(rules, list):
            self.bad("rules must be a list of section ids", "rules")
            rules = []
        return dict(kind=kind, id=str(doc.get("id", self.path.stem)),
                    title=str(doc.get("title", self.path.stem)), source=str(self.path),
                    practice=practice, rules=[str(r) for r in rules])

    def done(self) -> None:
        if self.problems:
            raise InputError(self.problems)


BASE_KEYS = {"kind", "id", "title", "rules", "practice", "die", "notes", "read"}


def load_crt(path: str | Path) -> Crt:
    r = _Reader(Path(path))
    doc = r.load()
    r.check_keys(BASE_KEYS | {"columns", "lines", "rows"})
    head = r.common("crt")
    columns = doc.get("columns")
    if not isinstance(columns, list) or not columns:
        r.bad("columns must be a non-empty list of column names", "columns")
        columns = []
    columns = [str(c) for c in columns]
    lines: dict[str, list[int | None]] = {}
    raw = doc.get("lines")
    if not isinstance(raw, dict) or not raw:
        r.bad("lines must map each terrain line to the ratio over each column "
              "(least favourable to the defender first)", "lines")
        raw = {}
    for name, ratios in raw.items():
        if not isinstance(ratios, list) or len(ratios) != len(columns):
            r.bad(f"line {name} needs {len(columns)} entries, a ratio (like 2-1 or 1-3) or "
                  "'-' over each column", "lines", name)
            continue
        levels: list[int | None] = []
        for i, ratio in enumerate(ratios):
            if ratio is None or str(ratio).strip() == "-":
                levels.append(None)
                continue
            lv = level_of(str(ratio))
            if lv is None:
                r.bad(f"{ratio!r} is not a ratio like 3-1 or 1-2", "lines", name, i)
            levels.append(lv)
        printed = [lv for lv in levels if lv is not None]
        if not printed:
            r.bad(f"line {name} prints no ratio", "lines", name)
        elif printed != sorted(set(printed)):
            r.bad(f"the ratios of line {name} must grow from left to right, each once",
                  "lines", name)
        lines[str(name)] = levels
    rows: dict[int, list[Result]] = {}
    for roll, cells in r.die_rows().items():
        if not isinstance(cells, list) or len(cells) != len(columns):
            r.bad(f"row {roll} needs {len(columns)} cells, one per column", "rows", str(roll))
            continue
        parsed = []
        for i, cell in enumerate(cells):
            res = parse_result(cell)
            if isinstance(res, str):
                r.bad(res, "rows", str(roll), i)
                res = Result("-")
            parsed.append(res)
        rows[roll] = parsed
    r.done()
    return Crt(**head, columns=columns, lines=lines, rows=rows)


def load_ma(path: str | Path) -> MobileAssaultTable:
    r = _Reader(Path(path))
    doc = r.load()
    r.check_keys(BASE_KEYS | {"columns", "rows", "modifiers"})
    head = r.common("mobile-assault")
    columns = doc.get("columns")
    if not isinstance(columns, list) or not columns:
        r.bad("columns must be a non-empty list of ratios (1-1 and up, 11.21)", "columns")
        columns = []
    levels = []
    for i, c in enumerate(columns):
        lv = level_of(str(c))
        if lv is None or lv < 0:
            r.bad(f"{c!r} is not a ratio of 1-1 or more (11.21: below 1-1 there is no "
                  "Mobile Assault)", "columns", i)
            lv = 0
        levels.append(lv)
    if levels != sorted(set(levels)):
        r.bad("the columns must grow from left to right, each ratio once", "columns")
    rows_in = doc.get("rows")
    rows: dict[int, list[Result]] = {}
    if not isinstance(rows_in, dict) or not rows_in:
        r.bad("rows must map each modified die roll to its cells", "rows")
        rows_in = {}
    for key, cells in rows_in.items():
        try:
            roll = int(key)
        except (TypeError, ValueError):
            r.bad(f"row key {key!r} is not a (modified) die roll", "rows", key)
            continue
        if not isinstance(cells, list) or len(cells) != len(columns):
            r.bad(f"row {roll} needs {len(columns)} cells, one per column", "rows", str(key))
            continue
        parsed = []
        for i, cell in enumerate(cells):
            res = parse_ma_result(cell)
            if isinstance(res, str):
                r.bad(res, "rows", str(key), i)
                res = Result("-")
            parsed.append(res)
        rows[roll] = parsed
    if rows:
        missing = [x for x in range(min(min(rows), 0), max(max(rows), 9) + 1) if x not in rows]
        if missing:
            r.bad(f"rows must cover every modified roll from the lowest to the highest, and "
                  f"at least 0 to 9; missing {', '.join(map(str, missing))}", "rows")
    mods: dict[str, tuple[int, list[str]]] = {}
    raw = doc.get("modifiers") or {}
    if not isinstance(raw, dict):
        r.bad("modifiers must map a condition to {drm: N, rules: [...]}", "modifiers")
        raw = {}
    for name, spec in raw.items():
        drm = spec.get("drm") if isinstance(spec, dict) else None
        if isinstance(drm, bool) or not isinstance(drm, int):
            r.bad("give the condition's die roll modifier as drm: N (a whole number)",
                  "modifiers", name)
            continue
        rules = spec.get("rules", [])
        mods[str(name)] = (drm, [str(x) for x in rules] if isinstance(rules, list) else [])
    for needed in ("attacker-air", "defender-air"):
        if needed not in mods and isinstance(raw, dict):
            r.bad(f"modifiers needs '{needed}' (5.2: one Air Point a side adjusts the roll)",
                  "modifiers")
    r.done()
    return MobileAssaultTable(**head, columns=[str(c) for c in columns], levels=levels,
                              rows=rows, modifiers=mods)


def _cost(value: Any) -> float | None | str:
    if isinstance(value, str) and value.strip().upper() == PROHIBITED:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return f"{value!r} is not a cost (a number of MPs, or P for prohibited)"
    if value < 0 or value * 2 != int(value * 2):
        return f"{value!r} is not a cost: MPs come in halves, never below 0"
    return float(value)


def load_tec(path: str | Path) -> Tec:
    r = _Reader(Path(path))
    doc = r.load()
    r.check_keys(BASE_KEYS | {"terrain", "cities", "hexsides", "weather"})
    head = r.common("tec")
    combat: dict[str, str] = {}
    lines_of: dict[str, int] = {}

    def costs(node: Any, where: tuple, keys: tuple[str, ...], complete: bool,
              with_combat: bool) -> dict[str, dict[str, float | None]]:
        out: dict[str, dict[str, float | None]] = {}
        if node is None and not complete:
            return out
        if not isinstance(node, dict):
            r.bad(f"{where[-1]} must map each of {', '.join(keys)} to its entry", *where)
            return out
        for key, row in node.items():
            if str(key) not in keys:
                r.bad(f"unknown entry '{key}' (known: {', '.join(keys)})", *where, key)
                continue
            want = set(CLASSES) | ({"combat"} if with_combat else set())
            if not isinstance(row, dict) or set(map(str, row)) != want:
                r.bad(f"give {', '.join(sorted(want))}", *where, key)
                continue
            entry: dict[str, float | None] = {}
            for cls in CLASSES:
                c = _cost(row[cls])
                if isinstance(c, str):
                    r.bad(c, *where, key, cls)
                else:
                    entry[cls] = c
            if with_combat:
                line = row.get("combat")
                if not isinstance(line, str) or not line.strip():
                    r.bad("combat names the CRT terrain line this terrain reads", *where, key,
                          "combat")
                else:
                    combat[str(key)] = line.strip()
                    lines_of[str(key)] = _line(doc, *where, key, "combat")
            out[str(key)] = entry
        if complete:
            for key in keys:
                if key not in node:
                    r.bad(f"{where[-1]} needs the entry '{key}'", *where)
        return out

    terrain = costs(doc.get("terrain"), ("terrain",), TERRAINS, True, True)
    hexsides = costs(doc.get("hexsides"), ("hexsides",), RIVERS, True, False)
    cities = doc.get("cities")
    if not isinstance(cities, dict):
        r.bad("cities must map major and minor to {combat: LINE}", "cities")
        cities = {}
    for c in CITIES:
        spec = cities.get(c)
        line = spec.get("combat") if isinstance(spec, dict) else None
        if not isinstance(line, str) or not line.strip():
            r.bad(f"cities needs '{c}' with combat: the CRT line a {c} city reads", "cities")
        else:
            combat[f"city-{c}"] = line.strip()
            lines_of[f"city-{c}"] = _line(doc, "cities", c, "combat")
    for c in cities:
        if str(c) not in CITIES:
            r.bad(f"unknown city kind '{c}' (known: {', '.join(CITIES)})", "cities", c)
    by_weather_t = {}
    by_weather_h = {}
    weather = doc.get("weather") or {}
    if not isinstance(weather, dict):
        r.bad("weather must map mud or freeze to changed terrain and hexsides", "weather")
        weather = {}
    for w in weather:
        if str(w) not in WEATHERS:
            r.bad(f"unknown weather '{w}' (known: {', '.join(WEATHERS)})", "weather", w)
    for w in WEATHERS:
        over = weather.get(w) if isinstance(weather.get(w), dict) else {}
        for k in over:
            if str(k) not in ("terrain", "hexsides"):
                r.bad("a weather block changes only terrain and hexsides costs", "weather", w, k)
        t = {k: dict(v) for k, v in terrain.items()}
        t.update(costs(over.get("terrain"), ("weather", w, "terrain"), TERRAINS, False, False))
        h = {k: dict(v) for k, v in hexsides.items()}
        h.update(costs(over.get("hexsides"), ("weather", w, "hexsides"), RIVERS, False, False))
        by_weather_t[w], by_weather_h[w] = t, h
    r.done()
    return Tec(**head, terrain=by_weather_t, hexsides=by_weather_h, combat=combat,
               lines_of=lines_of)


def load_attrition(path: str | Path) -> AttritionTable:
    r = _Reader(Path(path))
    r.load()
    r.check_keys(BASE_KEYS | {"columns", "rows"})
    head = r.common("attrition")
    rows: dict[int, int | str] = {}
    for roll, cell in r.die_rows().items():
        if isinstance(cell, list) and len(cell) == 1:
            cell = cell[0]
        if cell == "-" or cell == 0:
            rows[roll] = 0
        elif str(cell).strip() == "all":
            rows[roll] = "all"
        elif isinstance(cell, int) and not isinstance(cell, bool) and 0 < cell <= 9:
            rows[roll] = cell
        else:
            r.bad(f"{cell!r} is not an attrition result ('-', a number of steps 1-9, or "
                  "'all')", "rows", str(roll))
    r.done()
    return AttritionTable(**head, rows=rows)


LOADERS = {"crt": load_crt, "mobile-assault": load_ma, "tec": load_tec,
           "attrition": load_attrition}


def tables_folder() -> Path:
    return kb_dir() / "kb42" / "tables"


@cache
def _practice(kind: str) -> Any:
    return LOADERS[kind](tables_folder() / PRACTICE_FILES[kind])


def chart(kind: str, path: str | Path | None = None) -> Any:
    """The chart of a kind: ``path``, else its environment variable, else the practice
    chart."""
    chosen = path or os.environ.get(ENV[kind])
    return LOADERS[kind](chosen) if chosen else _practice(kind)


def check_pair(crt: Crt, tec: Tec) -> None:
    """Every CRT line the TEC names is a line of the CRT."""
    problems = [Problem(tec.source, tec.lines_of.get(key, 1),
                        f"terrain.{key}.combat" if not key.startswith("city-")
                        else f"cities.{key[5:]}.combat",
                        f"the CRT ({crt.source}) has no terrain line '{line}' (it has: "
                        f"{', '.join(crt.lines)})")
                for key, line in sorted(tec.combat.items()) if line not in crt.lines]
    if problems:
        raise InputError(problems)
