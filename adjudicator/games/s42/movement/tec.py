"""The Terrain Effects Chart (TEC) as data: Movement Point costs per terrain, road
and hexside feature, per unit class (2.3.3: mechanized or non-mechanized), with
optional changes by weather.

The chart is printed only on the player-aid card, so the project ships a clearly
labelled PRACTICE chart (``kb/s42/tables/tec_practice.yaml``, ``practice: true``)
and reads a player's own copy from ``--tec PATH`` (or ``$ADJUDICATOR_S42_TEC``).
Costs the rulebook's text fixes (rivers 5.5, EZOC exit 6.2, entry areas 22.3.1,
the weather rules of 23.x) are not on the chart: the encoding applies them.
Every problem in a chart file is reported as ``FILE:LINE: PATH: message``.

Format (YAML)::

    kind: tec
    id: my_tec
    title: ...
    practice: false          # true only for an invented chart
    terrain:   {TERRAIN: {mechanized: COST, non-mechanized: COST}, ...}
    roads:     {primary: {...}, secondary: {...}}
    hexsides:  {alpine: {...}}                    # extra cost to cross
    weather:   {WEATHER: {terrain: {...}, roads: {...}, hexsides: {...}}}

COST is a number of MPs in halves (0.5, 1, 1.5 ...) or ``P`` (prohibited; not for
roads).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError

from adjudicator.errors import InputError, Problem, read_input
from adjudicator.games.s42.combat.tables import _line, tables_folder

CLASSES = ("mechanized", "non-mechanized")
#: Terrain the chart prices; Seasonal Marsh is priced as clear or marsh (23.2.3).
TERRAINS = ("clear", "desert", "woods", "rough", "wooded-rough", "marsh", "mountain",
            "alpine")
ROADS = ("primary", "secondary")
HEXSIDES = ("alpine",)
WEATHERS = ("clear", "overcast", "overcast-w", "rain", "mud", "snow")
PROHIBITED = "P"
PRACTICE_NOTE = ("PRACTICE terrain effects chart: invented for examples and tests, not the "
                 "published one; pass your copy of the TEC with --tec")

#: cost in half MPs, or None for prohibited
Cost = int | None


@dataclass
class Tec:
    id: str
    title: str
    source: str
    practice: bool
    #: block -> key -> class -> cost (half MPs or None), for each weather
    costs: dict[str, dict[str, dict[str, dict[str, Cost]]]] = field(default_factory=dict)

    def block(self, weather: str, name: str) -> dict[str, dict[str, Cost]]:
        return self.costs[weather][name]

    def describe(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "file": self.source,
                "practice": self.practice}

    def label(self) -> str:
        return f"{self.title} (file {self.source})"


def _cost(value: Any) -> Cost | str:
    if isinstance(value, str) and value.strip().upper() == PROHIBITED:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return f"{value!r} is not a cost (a number of MPs in halves, or P for prohibited)"
    half = value * 2
    if half != int(half) or half < 1:
        return f"{value!r} is not a cost: MPs come in halves, at least 0.5"
    return int(half)


def load_tec(path: str | Path) -> Tec:
    """Read and validate a TEC file (every problem reported at once)."""
    p = Path(path)
    problems: list[Problem] = []
    doc: Any = None

    def bad(message: str, *where: Any) -> None:
        shown = ".".join(str(w) for w in where)
        problems.append(Problem(str(p), _line(doc, *where) if doc is not None else 1,
                                shown or "(top)", message))

    text = read_input(p, "no such chart file")
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
                                  "a chart file holds a mapping with kind, terrain, roads")])
    known = {"kind", "id", "title", "rules", "practice", "terrain", "roads", "hexsides",
             "weather"}
    for key in doc:
        if key not in known:
            bad(f"unknown key '{key}' (known: {', '.join(sorted(known))})", key)
    if doc.get("kind") != "tec":
        bad(f"kind must be tec, got {doc.get('kind')!r}", "kind")
    practice = doc.get("practice", False)
    if not isinstance(practice, bool):
        bad("practice must be true or false", "practice")
    wanted = {"terrain": TERRAINS, "roads": ROADS, "hexsides": HEXSIDES}

    def read_block(node: Any, name: str, where: tuple, complete: bool
                   ) -> dict[str, dict[str, Cost]]:
        out: dict[str, dict[str, Cost]] = {}
        if node is None and not complete:
            return out
        if not isinstance(node, dict):
            bad(f"{name} must map each of {', '.join(wanted[name])} to its costs", *where)
            return out
        for key, row in node.items():
            if str(key) not in wanted[name]:
                bad(f"unknown {name} entry '{key}' (known: {', '.join(wanted[name])})",
                    *where, key)
                continue
            if not isinstance(row, dict) or sorted(map(str, row)) != sorted(CLASSES):
                bad(f"give a cost for each class: {', '.join(CLASSES)}", *where, key)
                continue
            costs: dict[str, Cost] = {}
            for cls, value in row.items():
                c = _cost(value)
                if c is None and name == "roads":
                    c = "a road rate is a number of MPs, never P (5.2)"
                if isinstance(c, str):
                    bad(c, *where, key, cls)
                else:
                    costs[str(cls)] = c
            out[str(key)] = costs
        if complete:
            for key in wanted[name]:
                if key not in node:
                    bad(f"{name} needs the entry '{key}'", *where)
        return out

    base = {name: read_block(doc.get(name), name, (name,), True) for name in wanted}
    costs = {}
    weather = doc.get("weather") or {}
    if not isinstance(weather, dict):
        bad("weather must map weather names to changed blocks", "weather")
        weather = {}
    for w in weather:
        if str(w) not in WEATHERS:
            bad(f"unknown weather '{w}' (known: {', '.join(WEATHERS)})", "weather", w)
        elif not isinstance(weather[w], dict) or not set(map(str, weather[w])) <= set(wanted):
            bad(f"a weather block holds only {', '.join(wanted)}", "weather", w)
    for w in WEATHERS:
        over = weather.get(w) if isinstance(weather.get(w), dict) else {}
        costs[w] = {}
        for name in wanted:
            merged = {k: dict(v) for k, v in base[name].items()}
            merged.update(read_block(over.get(name), name, ("weather", w, name), False))
            costs[w][name] = merged
    if problems:
        raise InputError(problems)
    return Tec(id=str(doc.get("id", p.stem)), title=str(doc.get("title", p.stem)),
               source=str(p), practice=bool(practice), costs=costs)


@cache
def _practice() -> Tec:
    return load_tec(tables_folder() / "tec_practice.yaml")


def tec_chart(path: str | Path | None = None) -> Tec:
    """The chart: ``path``, else $ADJUDICATOR_S42_TEC, else the practice chart."""
    chosen = path or os.environ.get("ADJUDICATOR_S42_TEC")
    return load_tec(chosen) if chosen else _practice()
