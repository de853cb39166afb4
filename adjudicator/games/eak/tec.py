"""Enemy Action: Kharkov's Terrain Effects Chart (TEC) as data: Movement Point costs per
terrain and per unbridged river hexside, per unit class (2.21: mechanized or
non-mechanized), with optional changes by ground condition (18.34).

The chart is printed only on a player aid (2.4), so the project ships a clearly labelled
PRACTICE chart (``kb/eak/tables/tec_practice.yaml``, ``practice: true``) and reads a
player's own copy from ``--tec PATH`` (or ``$ADJUDICATOR_EAK_TEC``). Costs the rulebook's
text fixes (the road rate 10.2, bridges 10.32, the whole allowance of an unbridged Dniepr
crossing and the blocked Dniepr 10.31, the +1 MP to leave an enemy ZOC 10.1, heavy mud
18.34) are not on the chart. Every problem in a chart file is reported as
``FILE:LINE: PATH: message``.

Format (YAML)::

    kind: tec
    id: my_tec
    title: ...
    practice: false          # true only for an invented chart
    terrain:   {TERRAIN: {mechanized: COST, non-mechanized: COST}, ...}
    hexsides:  {minor: {...}, donets: {...}, dniepr: {...}}   # extra cost to cross
    ground:    {GROUND: {terrain: {...}, hexsides: {...}}}     # light-mud, ...

COST is a number of MPs in halves (0.5, 1, 1.5 ...) or ``P`` (prohibited).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Annotated, Any

import typer
from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError

from adjudicator.errors import InputError, Problem, read_input
from adjudicator.games import get_game

CLASSES = ("mechanized", "non-mechanized")
TERRAINS = ("clear", "broken", "marsh", "woods", "town", "city")
HEXSIDES = ("minor", "donets", "dniepr")
GROUNDS = ("frozen", "light-mud", "heavy-mud")
PROHIBITED = "P"
ENV = "ADJUDICATOR_EAK_TEC"
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
    #: ground -> block ("terrain", "hexsides") -> key -> class -> cost in half MPs
    costs: dict[str, dict[str, dict[str, dict[str, Cost]]]] = field(default_factory=dict)

    def enter(self, ground: str, terrain: str, mechanized: bool) -> Cost:
        """Half MPs to enter a hex of ``terrain`` off road (None: prohibited)."""
        return self.costs[ground]["terrain"][terrain][_cls(mechanized)]

    def cross(self, ground: str, river: str, mechanized: bool) -> Cost:
        """Extra half MPs to cross an unbridged river hexside of kind ``river``."""
        return self.costs[ground]["hexsides"][river][_cls(mechanized)]

    def describe(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "file": self.source,
                "practice": self.practice}


def _cls(mechanized: bool) -> str:
    return "mechanized" if mechanized else "non-mechanized"


def _line(node: Any, *path: Any) -> int:
    line = 1
    for part in path:
        lc = getattr(node, "lc", None)
        if isinstance(node, dict):
            key = next((k for k in node if str(k) == str(part)), None)
            if key is None:
                break
            if lc is not None:
                line = lc.key(key)[0] + 1
            node = node[key]
        else:
            break
    return line


def _cost(value: Any) -> Cost | str:
    if isinstance(value, str) and value.strip().upper() == PROHIBITED:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return f"{value!r} is not a cost (a number of MPs in halves, or P for prohibited)"
    half = value * 2
    if half != int(half) or half < 0:
        return f"{value!r} is not a cost: MPs come in halves, 0 or more"
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
                                  "a chart file holds a mapping with kind, terrain, hexsides")])
    known = {"kind", "id", "title", "rules", "practice", "terrain", "hexsides", "ground"}
    for key in doc:
        if key not in known:
            bad(f"unknown key '{key}' (known: {', '.join(sorted(known))})", key)
    if doc.get("kind") != "tec":
        bad(f"kind must be tec, got {doc.get('kind')!r}", "kind")
    practice = doc.get("practice", False)
    if not isinstance(practice, bool):
        bad("practice must be true or false", "practice")
    wanted = {"terrain": TERRAINS, "hexsides": HEXSIDES}

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
    ground = doc.get("ground") or {}
    if not isinstance(ground, dict):
        bad("ground must map ground conditions to changed blocks", "ground")
        ground = {}
    for g in ground:
        if str(g) not in GROUNDS:
            bad(f"unknown ground condition '{g}' (known: {', '.join(GROUNDS)})", "ground", g)
        elif not isinstance(ground[g], dict) or not set(map(str, ground[g])) <= set(wanted):
            bad(f"a ground block holds only {', '.join(wanted)}", "ground", g)
    costs: dict[str, dict[str, dict[str, dict[str, Cost]]]] = {}
    for g in GROUNDS:
        over = ground.get(g) if isinstance(ground.get(g), dict) else {}
        costs[g] = {}
        for name in wanted:
            merged = {k: dict(v) for k, v in base[name].items()}
            merged.update(read_block(over.get(name), name, ("ground", g, name), False))
            costs[g][name] = merged
    if problems:
        raise InputError(problems)
    return Tec(id=str(doc.get("id", p.stem)), title=str(doc.get("title", p.stem)),
               source=str(p), practice=bool(practice), costs=costs)


def practice_path() -> Path:
    return get_game("eak").tables_folder / "tec_practice.yaml"


@cache
def _practice() -> Tec:
    return load_tec(practice_path())


def tec_chart(path: str | Path | None = None) -> Tec:
    """The chart: ``path``, else $ADJUDICATOR_EAK_TEC, else the practice chart."""
    chosen = path or os.environ.get(ENV)
    return load_tec(chosen) if chosen else _practice()


def tec_facts(tec: Tec, ground: str) -> list[tuple[str, tuple]]:
    """The chart of one ground condition as facts for the encodings: ``tec_enter(T,C,N)``
    and ``tec_cross(K,C,N)``, N in half MPs (a prohibited entry is left out)."""
    out: list[tuple[str, tuple]] = []
    for name, pred in (("terrain", "tec_enter"), ("hexsides", "tec_cross")):
        for key, row in sorted(tec.costs[ground][name].items()):
            for cls, cost in sorted(row.items()):
                if cost is not None:
                    out.append((pred, (key.replace("-", "_"), cls.replace("-", "_"), cost)))
    return out


TecOpt = Annotated[
    str | None,
    typer.Option("--tec", metavar="PATH",
                 help=f"Your terrain effects chart (format: the eak positions page); "
                      f"default ${ENV}, else the PRACTICE chart."),
]
