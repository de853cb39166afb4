"""Streets of Stalingrad's charts as data: the CRT's columns (rebuilt from the rulebook,
``kb/sos/tables/crt.yaml``) and the charts printed only on the player-aid cards, which
the project ships as clearly labelled PRACTICE files and reads from a player's own copy:

* the Anti-Tank Target Chart (9.94, 9.95): ``--attc PATH`` or ``$ADJUDICATOR_SOS_ATTC``,
  else ``kb/sos/tables/attc_practice.yaml``;
* the combat sequence values (9.19: any modifier a player's card gives otherwise than the
  text): ``--sequence PATH`` or ``$ADJUDICATOR_SOS_SEQUENCE``, else
  ``kb/sos/tables/combat_sequence_practice.yaml`` (the text's values);
* the Ammunition Status Table (14.72): ``--ammo PATH`` or ``$ADJUDICATOR_SOS_AMMO``, else
  ``kb/sos/tables/ammunition_practice.yaml``.

Formats (YAML)::

    kind: attc
    id: my_attc
    title: ...
    practice: false            # true only for an invented chart
    ranges: [1, 2, 3, ...]     # the chart's columns: distance to the target in hexes
    rows: {AF: [modified AF at each range, ...], ...}

    kind: combat-sequence
    id: my_sequence
    title: ...
    practice: false
    drm: {ID: DRM, ...}            # optional: a modifier's value replaced

    kind: ammunition
    id: my_ammo
    title: ...
    practice: false
    german: {YYYY-MM-DD: NUMBER, ...}  # from that date on, the roll is multiplied by it
    soviet: {YYYY-MM-DD: NUMBER, ...}

Every problem in a chart file is reported as ``FILE:LINE: PATH: message``; every answer
names the chart it used. The attacker's modifier for the target's terrain is the Terrain
Effects Chart's combat column, read with the rest of that chart (``tec.py``, ``--tec``).
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
from adjudicator.paths import kb_dir

PRACTICE_NOTE = ("PRACTICE chart: invented for examples and tests, not the published one; "
                 "pass your copy with --attc / --tec")
AMMO_NOTE = ("PRACTICE ammunition table: invented for examples and tests (but for the text's "
             "German 10 of 20-23 September), not the published one; pass yours with --ammo")
#: The modifiers a combat sequence file may replace (the ids the answers print).
DRM_IDS = ("volga_attack", "nkvd", "armor_no_at", "minefield", "fortification",
           "leader_in_target", "leader_adjacent", "assault_advantage", "engineer",
           "combined_arms", "leader_attacking", "if_with_direct", "pinned_or_spent",
           "volga_target", "leader_with_firers", "target_minefield")


@dataclass
class Chart:
    kind: str
    id: str
    title: str
    source: str
    practice: bool
    data: dict[str, Any] = field(default_factory=dict)

    def describe(self) -> dict[str, Any]:
        return {"kind": self.kind, "id": self.id, "title": self.title, "file": self.source,
                "practice": self.practice}


def _tables() -> Path:
    return kb_dir() / "sos" / "tables"


def _line(node: Any, *path: Any) -> int:
    line = 1
    for part in path:
        lc = getattr(node, "lc", None)
        if isinstance(node, dict):
            key = next((k for k in node if k == part or str(k) == str(part)), None)
            if key is None:
                break
            if lc is not None:
                line = lc.key(key)[0] + 1
            node = node[key]
        elif isinstance(node, list) and isinstance(part, int) and part < len(node):
            if lc is not None:
                line = lc.item(part)[0] + 1
            node = node[part]
        else:
            break
    return line


def _read(path: Path, kind: str, known: set[str]) -> tuple[Any, list[Problem], Any]:
    problems: list[Problem] = []
    text = read_input(path, "no such chart file")
    try:
        doc = YAML(typ="rt").load(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise InputError([Problem(str(path), mark.line + 1 if mark else 1, "(top)",
                                  f"malformed YAML: {exc.problem or exc.context}")]) from None
    except YAMLError as exc:  # pragma: no cover
        raise InputError([Problem(str(path), 1, "(top)", f"malformed YAML: {exc}")]) from None
    if not isinstance(doc, dict):
        raise InputError([Problem(str(path), 1, "(top)",
                                  f"a chart file holds a mapping with kind: {kind}")])

    def bad(message: str, *where: Any) -> None:
        problems.append(Problem(str(path), _line(doc, *where),
                                ".".join(str(w) for w in where) or "(top)", message))

    for key in doc:
        if key not in known:
            bad(f"unknown key '{key}' (known: {', '.join(sorted(known))})", key)
    if doc.get("kind") != kind:
        bad(f"kind must be {kind}, got {doc.get('kind')!r}", "kind")
    if not isinstance(doc.get("practice", False), bool):
        bad("practice must be true or false", "practice")
    for key in ("id", "title"):
        if not isinstance(doc.get(key), str):
            bad(f"{key} must be a text", key)
    return doc, problems, bad


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def load_attc(path: str | Path) -> Chart:
    """Read and validate an Anti-Tank Target Chart file (every problem at once)."""
    p = Path(path)
    doc, problems, bad = _read(p, "attc", {"kind", "id", "title", "rules", "practice",
                                           "ranges", "rows"})
    ranges = doc.get("ranges")
    if not isinstance(ranges, list) or not ranges or not all(
            _int(r) and r >= 1 for r in ranges) or len(set(ranges)) != len(ranges):
        bad("ranges must be a list of distinct whole numbers of hexes, 1 or more", "ranges")
        ranges = []
    rows: dict[int, list[int]] = {}
    node = doc.get("rows")
    if not isinstance(node, dict) or not node:
        bad("rows must map each printed AF to its modified AF at each range", "rows")
        node = {}
    for af, vals in node.items():
        if not _int(af) or af < 0:
            bad(f"'{af}' is not a printed AF (a whole number)", "rows", af)
            continue
        if (not isinstance(vals, list) or len(vals) != len(ranges)
                or not all(_int(v) and v >= 0 for v in vals)):
            bad(f"give {len(ranges)} whole numbers, one per range", "rows", af)
            continue
        rows[int(af)] = [int(v) for v in vals]
    if problems:
        raise InputError(problems)
    return Chart("attc", str(doc["id"]), str(doc["title"]), str(p),
                 bool(doc.get("practice", False)),
                 {"ranges": [int(r) for r in ranges], "rows": rows})


def load_sequence(path: str | Path) -> Chart:
    """Read and validate a combat sequence file (every problem at once)."""
    p = Path(path)
    doc, problems, bad = _read(p, "combat-sequence", {"kind", "id", "title", "rules",
                                                      "practice", "drm"})
    drm: dict[str, int] = {}
    node = doc.get("drm") or {}
    if not isinstance(node, dict):
        bad("drm must map modifier ids to values", "drm")
        node = {}
    for key, v in node.items():
        if str(key) not in DRM_IDS:
            bad(f"unknown modifier '{key}' (known: {', '.join(DRM_IDS)})", "drm", key)
        elif not _int(v):
            bad(f"{v!r} is not a die roll modifier (a whole number)", "drm", key)
        else:
            drm[str(key)] = int(v)
    if problems:
        raise InputError(problems)
    return Chart("combat-sequence", str(doc["id"]), str(doc["title"]), str(p),
                 bool(doc.get("practice", False)), {"drm": drm})


def load_ammo(path: str | Path) -> Chart:
    """Read and validate an Ammunition Status Table file (every problem at once)."""
    import datetime

    p = Path(path)
    doc, problems, bad = _read(p, "ammunition", {"kind", "id", "title", "rules", "practice",
                                                 "german", "soviet"})
    rows: dict[str, dict[datetime.date, int]] = {}
    for side in ("german", "soviet"):
        node = doc.get(side)
        if not isinstance(node, dict) or not node:
            bad("map each first date (YYYY-MM-DD) to the number the roll is multiplied by",
                side)
            continue
        rows[side] = {}
        for key, v in node.items():
            day = key
            if isinstance(key, str):
                try:
                    day = datetime.date.fromisoformat(key)
                except ValueError:
                    day = None
            if not isinstance(day, datetime.date):
                bad(f"'{key}' is not a date (YYYY-MM-DD)", side, key)
            elif not _int(v) or not 10 <= v <= 50:
                bad(f"{v!r} is not a number from 10 to 50 (14.72)", side, key)
            else:
                rows[side][day] = int(v)
    if problems:
        raise InputError(problems)
    return Chart("ammunition", str(doc["id"]), str(doc["title"]), str(p),
                 bool(doc.get("practice", False)), {"rows": rows})


_LOADERS = {"attc": load_attc, "combat-sequence": load_sequence, "ammunition": load_ammo}


@cache
def _builtin(name: str, kind: str) -> Chart:
    return _LOADERS[kind](_tables() / f"{name}.yaml")


def ammo(path: str | Path | None = None) -> Chart:
    """The Ammunition Status Table: ``path``, else $ADJUDICATOR_SOS_AMMO, else practice."""
    chosen = path or os.environ.get("ADJUDICATOR_SOS_AMMO")
    return load_ammo(chosen) if chosen else _builtin("ammunition_practice", "ammunition")


def attc(path: str | Path | None = None) -> Chart:
    """The ATTC: ``path``, else $ADJUDICATOR_SOS_ATTC, else the practice chart."""
    chosen = path or os.environ.get("ADJUDICATOR_SOS_ATTC")
    return load_attc(chosen) if chosen else _builtin("attc_practice", "attc")


def sequence(path: str | Path | None = None) -> Chart:
    """The combat sequence values: ``path``, else $ADJUDICATOR_SOS_SEQUENCE, else the
    practice file."""
    chosen = path or os.environ.get("ADJUDICATOR_SOS_SEQUENCE")
    return (load_sequence(chosen) if chosen
            else _builtin("combat_sequence_practice", "combat-sequence"))


@cache
def crt_columns() -> list[tuple[str, int, int]]:
    """The CRT's columns in order, each with the lowest and highest total it takes."""
    y = YAML(typ="safe")
    doc = y.load((_tables() / "crt.yaml").read_text(encoding="utf-8"))
    out = []
    for label in doc["columns"]:
        m = re.fullmatch(r"(\d+)(?:-(\d+)|(\+))?", str(label))
        if m is None:  # pragma: no cover - the shipped table is tested
            raise ValueError(f"CRT column {label!r}")
        lo = int(m.group(1))
        hi = int(m.group(2)) if m.group(2) else (10**6 if m.group(3) else lo)
        out.append((str(label), lo, hi))
    return out
