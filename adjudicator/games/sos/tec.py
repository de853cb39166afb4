"""Streets of Stalingrad's terrain effects chart (TEC) as data: the MP cost to enter a hex
per terrain feature, the road rate, and the extra cost of hexside features, per class of
unit (foot, towed, motorized, armored); and the attacker's die roll modifier for the
defending hex's terrain (the chart's combat column, 9.71, 9.72).

The chart is printed only on the game's player aid, so the project ships a clearly
labelled PRACTICE chart (``kb/sos/tables/tec_practice.yaml``, ``practice: true``) and
reads a player's own copy from ``--tec PATH`` (or ``$ADJUDICATOR_SOS_TEC``). Every problem
in a chart file is reported as ``FILE:LINE: PATH: message``.

Format (YAML)::

    kind: tec
    id: my_tec
    title: ...
    practice: false                  # true only for an invented chart
    terrain:  {FEATURE: {foot: COST, towed: COST, motorized: COST, armored: COST}, ...}
    roads:    {road: {...}}          # cost to enter across a road hexside
    hexsides: {FEATURE: {...}}       # extra cost to cross
    combat:   {FEATURE: DRM, ...}    # the attacker's modifier for the target's terrain

COST is a number of MPs in halves (0.5, 1, 1.5 ...) or ``P`` (prohibited; not for roads).
The costs are kept in half MPs.
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
from adjudicator.paths import kb_dir

CLASSES = ("foot", "towed", "motorized", "armored")
TERRAINS = ("clear", "city", "industrial", "fortified", "suburb", "village", "forest",
            "balka", "cliff", "hill-top", "slope", "slope-top", "strong-point",
            "tartar-wall", "cemetery", "volga")
ROADS = ("road",)
HEXSIDES = ("balka", "cliff", "tartar-wall", "rail-cut", "rail-embankment")
#: the combat column: clear and every hex feature of the scenario format
COMBAT = TERRAINS + ("road", "railroad")
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
    #: block (terrain, roads, hexsides) -> key -> class -> cost in half MPs (None: P)
    costs: dict[str, dict[str, dict[str, Cost]]] = field(default_factory=dict)
    #: feature -> the attacker's die roll modifier for a target hex with it (9.71, 9.72)
    combat: dict[str, int] = field(default_factory=dict)

    def describe(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "file": self.source,
                "practice": self.practice}


def _line(node: Any, *path: Any) -> int:
    line = 1
    for part in path:
        if not isinstance(node, dict):
            break
        key = next((k for k in node if str(k) == str(part)), None)
        if key is None:
            break
        lc = getattr(node, "lc", None)
        if lc is not None:
            line = lc.key(key)[0] + 1
        node = node[key]
    return line


def _cost(value: Any) -> Cost | str:
    if isinstance(value, str) and value.strip().upper() == "P":
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return f"{value!r} is not a cost (a number of MPs in halves, or P for prohibited)"
    half = value * 2
    if half != int(half) or half < 0:
        return f"{value!r} is not a cost: MPs come in halves, never below 0"
    return int(half)


def load_tec(path: str | Path) -> Tec:
    """Read and validate a chart file (every problem reported at once)."""
    p = Path(path)
    problems: list[Problem] = []
    doc: Any = None

    def bad(message: str, *where: Any) -> None:
        problems.append(Problem(str(p), _line(doc, *where) if doc is not None else 1,
                                ".".join(str(w) for w in where) or "(top)", message))

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
                                  "a chart file holds a mapping with kind, terrain, roads, "
                                  "hexsides, combat")])
    known = {"kind", "id", "title", "rules", "practice", "terrain", "roads", "hexsides",
             "combat"}
    for key in doc:
        if str(key) not in known:
            bad(f"unknown key '{key}' (known: {', '.join(sorted(known))})", key)
    if doc.get("kind") != "tec":
        bad(f"kind must be tec, got {doc.get('kind')!r}", "kind")
    practice = doc.get("practice", False)
    if not isinstance(practice, bool):
        bad("practice must be true or false", "practice")
    wanted = {"terrain": TERRAINS, "roads": ROADS, "hexsides": HEXSIDES}
    costs: dict[str, dict[str, dict[str, Cost]]] = {}
    for name, keys in wanted.items():
        node = doc.get(name)
        costs[name] = {}
        if not isinstance(node, dict):
            bad(f"{name} must map each of {', '.join(keys)} to its costs", name)
            continue
        for key, row in node.items():
            if str(key) not in keys:
                bad(f"unknown {name} entry '{key}' (known: {', '.join(keys)})", name, key)
                continue
            if not isinstance(row, dict) or sorted(map(str, row)) != sorted(CLASSES):
                bad(f"give a cost for each class: {', '.join(CLASSES)}", name, key)
                continue
            out: dict[str, Cost] = {}
            for cls, value in row.items():
                c = _cost(value)
                if c is None and name == "roads":
                    c = "a road rate is a number of MPs, never P"
                if isinstance(c, str):
                    bad(c, name, key, cls)
                else:
                    out[str(cls)] = c
            costs[name][str(key)] = out
        for key in keys:
            if key not in {str(k) for k in node}:
                bad(f"{name} needs the entry '{key}'", name)
    combat: dict[str, int] = {}
    node = doc.get("combat")
    if not isinstance(node, dict):
        bad(f"combat must map each of {', '.join(COMBAT)} to the attacker's die roll "
            "modifier", "combat")
        node = {}
    for key, v in node.items():
        if str(key) not in COMBAT:
            bad(f"unknown combat entry '{key}' (known: {', '.join(COMBAT)})", "combat", key)
        elif isinstance(v, bool) or not isinstance(v, int):
            bad(f"{v!r} is not a die roll modifier (a whole number)", "combat", key)
        else:
            combat[str(key)] = v
    if isinstance(doc.get("combat"), dict):
        missing = [t for t in COMBAT if t not in {str(k) for k in node}]
        if missing:
            bad(f"no modifier for {', '.join(missing)}", "combat")
    if problems:
        raise InputError(problems)
    return Tec(id=str(doc.get("id", p.stem)), title=str(doc.get("title", p.stem)),
               source=str(p), practice=bool(practice), costs=costs, combat=combat)


@cache
def _practice() -> Tec:
    return load_tec(kb_dir() / "sos" / "tables" / "tec_practice.yaml")


def tec_chart(path: str | Path | None = None) -> Tec:
    """The chart: ``path``, else $ADJUDICATOR_SOS_TEC, else the practice chart."""
    chosen = path or os.environ.get("ADJUDICATOR_SOS_TEC")
    return load_tec(chosen) if chosen else _practice()


def enter_cost(chart: Tec, features: list[str], mobility: str, side_features: list[str],
               bridge: bool = False) -> Cost:
    """Half MPs to enter a hex with ``features`` across a hexside with ``side_features``;
    None if prohibited. The most costly terrain of the hex decides (8.11); across a road
    hexside the road rate, never into city, industrial or fortified hexes (8.11); a
    bridge unit in a balka hex lets any unit cross it for 1 MP (17.12; whether the bridge
    may be used, base.lp says), and a bridge
    printed across a balka hexside lets any unit across it (8.12, 9.86)."""
    if "road" in side_features and not {"city", "industrial", "fortified"} & set(features):
        return chart.costs["roads"]["road"][mobility] or 0
    terr = [f for f in features if f in chart.costs["terrain"]] or ["clear"]
    hex_costs = [2 if (f == "balka" and bridge) else chart.costs["terrain"][f][mobility]
                 for f in terr]
    if any(c is None for c in hex_costs):
        return None
    cost = max(c for c in hex_costs if c is not None)
    for f in side_features:
        if f in chart.costs["hexsides"]:
            extra = chart.costs["hexsides"][f][mobility]
            if extra is None and not (f == "balka" and (bridge or "bridge" in side_features)):
                return None
            cost += extra or 0
    return cost
