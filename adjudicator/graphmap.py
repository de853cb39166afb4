"""A map of named points joined by lines, for any point-to-point game.

The model holds what such maps print and what a position adds to them:

* **points**: id, name, the side controlling it, its victory-point value, a fortress,
  the side of a historical border it lies on, the sea it is a port on, and free tags a
  game gives meaning to (a point movement may not use, say);
* **lines** between two ends: a class (a game's own words, e.g. major or minor), whether
  the line is part of a highway, and an optional special tag (a straits crossing, say);
* **transit nodes**: virtual places off the map (beyond a map edge) that lines join and
  that only the sides named may use;
* **seas**, each controlled by a side or by nobody, and possibly counted as the same sea
  as another;
* the **weather**.

The pydantic classes below are the file format of the map part of a position; a game's
own scenario model embeds :class:`GraphMapSpec` and adds its units and phases. Every
problem found by :func:`map_problems` is a ``(path, message)`` pair, which the scenario
loader turns into ``FILE:LINE: PATH: message``. :class:`GraphMap` answers graph
questions (neighbours, the lines between two places, reachable places) with networkx.
Rules stay in the game's encodings: nothing here knows what a class of line carries.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import networkx as nx
from pydantic import BaseModel, ConfigDict, Field, field_validator


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


def _text(v: Any) -> Any:
    return str(v) if isinstance(v, int | float) and not isinstance(v, bool) else v


class PointSpec(_Strict):
    """One named point of the map."""

    name: str | None = None
    #: The side controlling the point (none: nobody, or not stated).
    control: str | None = None
    vp: int = Field(default=0, ge=0)
    fortress: bool = False
    #: The side of a historical border the point lies on (e.g. a 1941 frontier).
    border_side: str | None = None
    #: The sea the point is a port on.
    port: str | None = None
    #: Whether the point's controller can trace supply to it (as the position states).
    supplied: bool = True
    tags: list[str] = Field(default_factory=list)
    #: Where to draw the point (any units; the picture scales them). Optional.
    xy: tuple[float, float] | None = None


class LineSpec(_Strict):
    """One line between two ends (points or transit nodes)."""

    ends: tuple[str, str]
    #: The line's class, in the game's words (e.g. major, minor, inferior).
    class_: str = Field(alias="class")
    highway: bool = False
    special: str | None = None

    @field_validator("ends", mode="before")
    @classmethod
    def _ends(cls, v: Any) -> Any:
        return [_text(x) for x in v] if isinstance(v, list | tuple) else v


class TransitSpec(_Strict):
    """A virtual node off the map, usable only by the sides named."""

    name: str | None = None
    sides: list[str] = Field(min_length=1)


class SeaSpec(_Strict):
    control: str | None = None
    #: Another sea this one counts as (the two are one sea for movement).
    same_as: str | None = None


class GraphMapSpec(_Strict):
    points: dict[str, PointSpec]
    lines: list[LineSpec] = Field(default_factory=list)
    transit: dict[str, TransitSpec] = Field(default_factory=dict)
    seas: dict[str, SeaSpec] = Field(default_factory=dict)


def map_problems(spec: GraphMapSpec, sides: Iterable[str],
                 line_classes: Iterable[str] | None = None) -> list[tuple[tuple, str]]:
    """Cross-checks of a map: every line end, port sea, side and class must be known,
    no place is both a point and a transit node, no line is given twice."""
    sides = list(sides)
    out: list[tuple[tuple, str]] = []
    places = set(spec.points) | set(spec.transit)

    def side_ok(path: tuple, value: str | None) -> None:
        if value is not None and value not in sides:
            out.append((path, f"{value!r} is not one of {', '.join(sides)}"))

    for pid, p in spec.points.items():
        base = ("map", "points", pid)
        if pid in spec.transit:
            out.append((base, f"'{pid}' is both a point and a transit node"))
        side_ok((*base, "control"), p.control)
        side_ok((*base, "border_side"), p.border_side)
        if p.port is not None and p.port not in spec.seas:
            out.append(((*base, "port"), f"no sea '{p.port}' under map.seas"
                        + _hint(p.port, spec.seas)))
    for tid, t in spec.transit.items():
        for i, s in enumerate(t.sides):
            side_ok(("map", "transit", tid, "sides", i), s)
    for sid, sea in spec.seas.items():
        side_ok(("map", "seas", sid, "control"), sea.control)
        if sea.same_as is not None and sea.same_as not in spec.seas:
            out.append((("map", "seas", sid, "same_as"), f"no sea '{sea.same_as}'"
                        + _hint(sea.same_as, spec.seas)))
    seen: dict[frozenset[str], int] = {}
    classes = list(line_classes) if line_classes is not None else None
    for i, line in enumerate(spec.lines):
        base = ("map", "lines", i)
        a, b = line.ends
        for j, end in enumerate(line.ends):
            if end not in places:
                out.append(((*base, "ends", j), f"no point or transit node '{end}'"
                            + _hint(end, places)))
        if a == b:
            out.append(((*base, "ends"), "a line joins two different places"))
        if a in spec.transit and b in spec.transit:
            out.append(((*base, "ends"), "a line joins at least one map point"))
        if classes is not None and line.class_ not in classes:
            out.append(((*base, "class"), f"{line.class_!r} is not one of {', '.join(classes)}"
                        + _hint(line.class_, classes)))
        key = frozenset(line.ends)
        if key in seen:
            out.append((base, f"the same two ends as map.lines[{seen[key]}]"))
        else:
            seen[key] = i
    return out


def _hint(word: str, options: Iterable[str]) -> str:
    close = difflib.get_close_matches(str(word), sorted(options), n=1)
    return f"; did you mean '{close[0]}'?" if close else ""


@dataclass(frozen=True)
class Line:
    """A line as the graph holds it: its index in the file, its ends and attributes."""

    index: int
    a: str
    b: str
    class_: str
    highway: bool
    special: str | None

    @property
    def label(self) -> str:
        return f"{self.a}-{self.b}"

    def other(self, end: str) -> str:
        return self.b if end == self.a else self.a


class GraphMap:
    """The map as a networkx graph: one node per point or transit node, one edge per line."""

    def __init__(self, spec: GraphMapSpec, weather: str | None = None):
        self.spec = spec
        self.weather = weather

    @cached_property
    def lines(self) -> list[Line]:
        return [Line(i, ln.ends[0], ln.ends[1], ln.class_, ln.highway, ln.special)
                for i, ln in enumerate(self.spec.lines)]

    @cached_property
    def graph(self) -> nx.Graph:
        g = nx.Graph()
        for pid in self.spec.points:
            g.add_node(pid, transit=False)
        for tid in self.spec.transit:
            g.add_node(tid, transit=True)
        for line in self.lines:
            g.add_edge(line.a, line.b, line=line)
        return g

    def layout(self) -> dict[str, tuple[float, float]]:
        """Drawing positions: the points' own ``xy``; a place without one goes beside its
        placed neighbours, pushed away from the middle (transit nodes sit outside the map),
        or, with none placed, on a circle. The same every time."""
        pos = {p: (float(s.xy[0]), float(s.xy[1]))
               for p, s in self.spec.points.items() if s.xy is not None}
        nodes = sorted(self.graph.nodes)
        if pos:
            cx = sum(x for x, _ in pos.values()) / len(pos)
            cy = sum(y for _, y in pos.values()) / len(pos)
            span = max(max(abs(x - cx), abs(y - cy)) for x, y in pos.values()) or 1.0
        else:
            cx = cy = 0.0
            span = 1.0
        left = [n for n in nodes if n not in pos]
        for _ in range(len(left)):
            for n in list(left):
                near = [pos[m] for m in self.graph[n] if m in pos]
                if not near:
                    continue
                x = sum(a for a, _ in near) / len(near)
                y = sum(b for _, b in near) / len(near)
                dx, dy = x - cx, y - cy
                norm = math.hypot(dx, dy) or 1.0
                pos[n] = (x + dx / norm * span * 0.25, y + dy / norm * span * 0.25)
                left.remove(n)
        for k, n in enumerate(left):
            angle = 2 * math.pi * k / len(left)
            pos[n] = (cx + span * math.cos(angle), cy + span * math.sin(angle))
        return pos

    def is_transit(self, place: str) -> bool:
        return place in self.spec.transit

    def line_between(self, a: str, b: str) -> Line | None:
        data = self.graph.get_edge_data(a, b)
        return data["line"] if data else None

    def neighbours(self, place: str) -> list[tuple[str, Line]]:
        if place not in self.graph:
            return []
        return sorted(((n, d["line"]) for n, d in self.graph[place].items()),
                      key=lambda x: x[1].index)

    def sea_group(self, sea: str) -> str:
        """The sea a sea counts as (following ``same_as``)."""
        seen = set()
        while sea in self.spec.seas and self.spec.seas[sea].same_as and sea not in seen:
            seen.add(sea)
            sea = self.spec.seas[sea].same_as
        return sea

    def reachable(self, start: str, may_enter: Callable[[str], bool],
                  may_use: Callable[[Line], bool]) -> dict[str, list[str]]:
        """Places reachable from ``start`` through places ``may_enter`` allows and lines
        ``may_use`` allows: place -> one shortest path (start first)."""
        sub = nx.Graph()
        sub.add_node(start)
        for line in self.lines:
            if may_use(line) and all(e == start or may_enter(e) for e in (line.a, line.b)):
                sub.add_edge(line.a, line.b)
        paths = nx.single_source_shortest_path(sub, start)
        paths.pop(start, None)
        return dict(sorted(paths.items()))
