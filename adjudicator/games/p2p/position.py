"""A position of the point-to-point fragment: the graph map, units, phase and moves.

The map part is the core's graph map (:mod:`adjudicator.graphmap`); this module adds the
game's words (sides, line classes, point tags, special lines, unit types) and its units,
the moves already made this phase, and the battles the attacker means to fight. Problems
are reported through the scenario loader as ``FILE:LINE: PATH: message``.
"""

from __future__ import annotations

import difflib
from functools import cached_property
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError, field_validator

from adjudicator.errors import InputError, Problem, read_input
from adjudicator.graphmap import (
    GraphMap,
    GraphMapSpec,
    LineSpec,
    PointSpec,
    SeaSpec,
    TransitSpec,
    map_problems,
)
from adjudicator.scenario import _Collector, _describe, _plain, _read_document, _Strict

SIDES = ("axis", "soviet")
LINE_CLASSES = ("major", "minor", "inferior")
#: Point tags the rules read: Elista may not be used by strategic movement (9.A, 9.A.1).
POINT_TAGS = ("elista",)
#: Special lines: the Kerch Straits (9.A.1, 9.B, 10.D) and Pinsk-Rovno (9.A.1).
SPECIAL_LINES = ("kerch", "pinsk-rovno")
UNIT_TYPES = ("infantry", "armor", "cavalry", "hq", "rocket", "air", "parachute", "partisan",
              "factory")
NATIONALITIES = ("german", "hungarian", "rumanian", "italian", "finnish", "soviet")
Side = Literal["axis", "soviet"]


def _text(v: Any) -> Any:
    return str(v) if isinstance(v, int | float) and not isinstance(v, bool) else v


class Unit(_Strict):
    id: str
    side: Side
    #: The point or transit node the unit is on.
    at: str
    type: Literal[UNIT_TYPES] = "infantry"  # type: ignore[valid-type]
    #: Defaults to german for Axis units and soviet for Soviet units.
    nationality: Literal[NATIONALITIES] | None = None  # type: ignore[valid-type]
    #: An SS unit (an SS Panzer division counts 1/2 on a line, 12.B).
    ss: bool = False
    #: The STAVKA Headquarters unit (counts 1/2, 12.B).
    stavka: bool = False
    #: The 1st Moscow Motorized division (counts 1/2, 12.B, 12.C).
    moscow_motorized: bool = False
    #: A Hungarian or Rumanian army with a printed "2" (counts as two units, 12.C).
    two: bool = False
    #: A major unit (10.C counts undispersed major infantry-type units in a fortress).
    major: bool = False
    #: Able to make breakthrough movement (12.0).
    breakthrough: bool = False
    dispersed: bool = False

    @field_validator("id", "at", mode="before")
    @classmethod
    def _ids(cls, v: Any) -> Any:
        return _text(v)

    @property
    def nation(self) -> str:
        return self.nationality or ("german" if self.side == "axis" else "soviet")


class Move(_Strict):
    unit: str
    #: The points entered, in order (the unit's own point is not repeated).
    path: list[str] = Field(min_length=1)
    #: ``land`` (operational, breakthrough or strategic, by the phase), ``sea`` (strategic
    #: sea movement, 9.B) or ``retreat`` (a retreat after combat, Combat Phase, 10.D, 12.C).
    by: Literal["land", "sea", "retreat"] = "land"

    @field_validator("unit", mode="before")
    @classmethod
    def _unit(cls, v: Any) -> Any:
        return _text(v)

    @field_validator("path", mode="before")
    @classmethod
    def _path(cls, v: Any) -> Any:
        if isinstance(v, str | int):
            v = [v]
        return [_text(x) for x in v] if isinstance(v, list) else v


class Battle(_Strict):
    point: str
    attacker_firepower: int = Field(ge=0)
    defender_firepower: int = Field(ge=0)

    @field_validator("point", mode="before")
    @classmethod
    def _point(cls, v: Any) -> Any:
        return _text(v)


class Position(_Strict):
    game: Literal["p2p"]
    turn: int = Field(default=1, ge=1)
    weather: Literal["good", "mud", "snow"] = "good"
    phasing: Side = "axis"
    phase: Literal["strategic", "operational", "breakthrough", "combat"] = "operational"
    map: GraphMapSpec
    units: list[Unit] = Field(default_factory=list)
    #: Moves already made this phase (they use line capacity and the phase's limits).
    moved: list[Move] = Field(default_factory=list)
    #: The attacker's battles in the order he means to fight them (13.0).
    battles: list[Battle] = Field(default_factory=list)
    readings: dict[str, str] = Field(default_factory=dict)
    notes: str | None = None
    source: str = Field(default="<memory>", exclude=True)

    @cached_property
    def graph(self) -> GraphMap:
        return GraphMap(self.map, self.weather)

    @cached_property
    def units_by_id(self) -> dict[str, Unit]:
        return {u.id: u for u in self.units}

    def units_at(self, place: str) -> list[Unit]:
        return [u for u in self.units if u.at == place]


_MODELS: dict[str, type[BaseModel]] = {
    "": Position, "map": GraphMapSpec, "points": PointSpec, "lines": LineSpec,
    "transit": TransitSpec, "seas": SeaSpec, "units": Unit, "moved": Move, "moves": Move,
    "battles": Battle,
}


def _fields_at(path: tuple) -> list[str]:
    """Keys of the model at ``path``, for did-you-mean hints."""
    model: type[BaseModel] = Position
    skip_key = False
    for part in path:
        if isinstance(part, int):
            continue
        if skip_key:
            skip_key = False
            continue
        if part in _MODELS:
            model = _MODELS[part]
            skip_key = part in ("points", "transit", "seas")
    return [f.alias or n for n, f in model.model_fields.items() if not f.exclude]


def _report(exc: ValidationError, col: _Collector, prefix: tuple = ()) -> None:
    for err in exc.errors(include_url=False):
        loc = (*prefix, *err["loc"])
        if err["type"] == "extra_forbidden":
            options = _fields_at(loc[:-1])
            close = difflib.get_close_matches(str(loc[-1]), options, n=1, cutoff=0.6)
            hint = (f"; did you mean '{close[0]}'?" if close
                    else f"; known keys: {', '.join(options)}")
            col.add(loc, f"unknown key '{loc[-1]}'{hint}")
        else:
            _describe({**err, "loc": loc}, col)


def _hint(word: str, options) -> str:
    close = difflib.get_close_matches(str(word), sorted(options), n=1)
    return f"; did you mean '{close[0]}'?" if close else ""


def semantic_problems(pos: Position) -> list[tuple[tuple, str]]:
    out = map_problems(pos.map, SIDES, LINE_CLASSES)
    for pid, p in pos.map.points.items():
        for i, tag in enumerate(p.tags):
            if tag not in POINT_TAGS:
                out.append((("map", "points", pid, "tags", i),
                            f"{tag!r} is not one of {', '.join(POINT_TAGS)}"))
    for i, line in enumerate(pos.map.lines):
        if line.special is not None and line.special not in SPECIAL_LINES:
            out.append((("map", "lines", i, "special"),
                        f"{line.special!r} is not one of {', '.join(SPECIAL_LINES)}"
                        + _hint(line.special, SPECIAL_LINES)))
    places = set(pos.map.points) | set(pos.map.transit)
    seen: dict[str, int] = {}
    for i, u in enumerate(pos.units):
        if u.id in seen:
            out.append((("units", i, "id"),
                        f"duplicate unit id '{u.id}' (also units[{seen[u.id]}])"))
        seen.setdefault(u.id, i)
        if u.at not in places:
            out.append((("units", i, "at"), f"no point or transit node '{u.at}'"
                        + _hint(u.at, places)))
        if u.two and u.nation not in ("hungarian", "rumanian"):
            out.append((("units", i, "two"), "only Hungarian and Rumanian armies carry a "
                        "printed 2 (12.C)"))
    out += moves_problems(pos, pos.moved, "moved")
    for i, b in enumerate(pos.battles):
        if b.point not in pos.map.points:
            out.append((("battles", i, "point"), f"no point '{b.point}'"
                        + _hint(b.point, pos.map.points)))
    for key in pos.readings:
        if "#" not in key:
            out.append((("readings", key), "a reading key is '<rule>#<topic>', e.g. 12.B#armor"))
    return out


def moves_problems(pos: Position, moves: list[Move], where: str) -> list[tuple[tuple, str]]:
    out = []
    places = set(pos.map.points) | set(pos.map.transit)
    for i, m in enumerate(moves):
        if m.unit not in pos.units_by_id:
            out.append(((where, i, "unit"), f"no unit '{m.unit}'"
                        + _hint(m.unit, pos.units_by_id)))
        for j, p in enumerate(m.path):
            if p not in places:
                out.append(((where, i, "path", j), f"no point or transit node '{p}'"
                            + _hint(p, places)))
    return out


def parse_position(data: dict, col: _Collector) -> Position:
    """The position in ``data`` (plain data read from ``col.file``), or InputError."""
    try:
        pos = Position.model_validate({**data, "source": col.file})
    except ValidationError as exc:
        _report(exc, col)
        raise InputError(col.problems) from None
    for path, message in semantic_problems(pos):
        col.add(path, message)
    if col.problems:
        raise InputError(col.problems)
    return pos


class _MovesFile(_Strict):
    moves: list[Move]


def load_moves(path: str | Path, pos: Position) -> list[Move]:
    """The moves of a ``--moves`` file (``moves: [{unit, path, by}]``), checked against
    the position's units and places."""
    p = Path(path)
    col = _Collector(str(p), None)
    doc = _read_document(p, read_input(p), col)
    if col.problems:
        raise InputError(col.problems)
    col.root = doc
    data = _plain(doc, (), col)
    if isinstance(data, list):
        data = {"moves": data}
    if not isinstance(data, dict):
        col.add((), "a moves file holds 'moves:', a list of {unit, path, by}")
        raise InputError(col.problems)
    try:
        moves = _MovesFile.model_validate(data).moves
    except ValidationError as exc:
        _report(exc, col)
        raise InputError(col.problems) from None
    for where, message in moves_problems(pos, moves, "moves"):
        col.add(where, message)
    if col.problems:
        raise InputError(col.problems)
    return moves


def command_line_problem(message: str, path: str) -> InputError:
    return InputError([Problem("<command line>", 0, path, message)])
