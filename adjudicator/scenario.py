"""Scenario files: one position of one game (contract section 2).

``load_scenario`` reads YAML or JSON, validates it into the typed ``Scenario``
model and reports *every* problem at once as ``FILE:LINE: PATH: message``
(``adjudicator.errors.InputError``). Nothing the user wrote is changed: hex ids
that YAML reads as numbers (``0404:`` unquoted) are turned back into the digits
as they were typed, and anything that cannot be read that way is refused.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable
from functools import cached_property
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.scalarint import ScalarInt

from adjudicator.errors import InputError, Problem, read_input
from adjudicator.hexgrid import HexGrid, is_hex_id, parse_hexside_id

Side = Literal["axis", "soviet"]
Terrain = Literal[
    "clear",
    "desert",
    "woods",
    "rough",
    "wooded-rough",
    "marsh",
    "seasonal-marsh",
    "mountain",
    "alpine",
]
Weather = Literal["clear", "overcast", "overcast-w", "rain", "mud", "snow"]

NON_MECHANIZED_TYPES = (
    "infantry",
    "security",
    "jager",
    "naval-infantry",
    "mountain",
    "bicycle",
    "nkvd",
    "engineer",
    "cavalry",
    "sturm",
    "ski",
)
MECHANIZED_TYPES = (
    "tank",
    "panzer",
    "mechanized",
    "panzergrenadier",
    "tank-destroyer",
    "motorized",
    "artillery",
    "army-hq",
    "front-hq",
    "sturmgeschutz",
)
NON_COMBAT_TYPES = ("supply-point", "leader", "soviet-army-hq", "reserve-army")
#: Artillery Support Units (18.2): artillery and the 4th Panzer Army HQs.
ASU_TYPES = ("artillery", "army-hq", "front-hq")
UNIT_TYPES = NON_MECHANIZED_TYPES + MECHANIZED_TYPES + NON_COMBAT_TYPES
UnitType = Literal[UNIT_TYPES]  # type: ignore[valid-type]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class HexSpec(_Strict):
    terrain: Terrain = "clear"
    city: Literal["major", "minor"] | None = None
    town: bool = False
    vp: int = Field(default=0, ge=0)
    port: bool = False
    control: Side | None = None
    fortification: Literal["printed", "built", "under-construction"] | None = None
    #: Not in contract v1: the City Battle marker level on this city hex (11.6.2): 0, 1 or 2.
    city_battle: int = Field(default=0, ge=0, le=2)
    # -- Not in contract v1 (supply, chapters 16-17); all optional. --
    #: The sea a port lies on (16.2.3-16.2.5): black, azov, or kerch (the Kerch Strait, Taman).
    sea: Literal["black", "azov", "kerch"] | None = None
    #: The port whose holder commands its sea when he can also supply it (Temryuk, 16.2.4).
    naval_base: bool = False
    #: A printed Landmark (9.3.5, 16.5.4).
    landmark: bool = False
    #: The railroad in this hex is not yet repaired for the Axis (17.1, 17.2, 17.4).
    rail_unrepaired: bool = False


class HexsideSpec(_Strict):
    river: Literal["minor", "major", "volga"] | None = None
    bridge: Literal["road", "rail", "ferry"] | None = None
    road: Literal["primary", "secondary"] | None = None
    rail: bool = False
    impassable: bool = False
    lake: bool = False
    alpine: bool = False
    #: Not in contract v1: force a river or lake hexside frozen or unfrozen.
    #: By default major rivers (not the Volga) and lakes freeze on Winter turns (23.4).
    frozen: bool | None = None


class EntryArea(_Strict):
    side: Literal["axis", "soviet", "neutral"]
    hexes: list[str] = Field(default_factory=list)


class MapSpec(_Strict):
    shifted: Literal["even", "odd"] = "even"
    hexes: dict[str, HexSpec]
    hexsides: dict[str, HexsideSpec] = Field(default_factory=dict)
    entry_areas: dict[str, EntryArea] = Field(default_factory=dict)


class Unit(_Strict):
    id: str
    side: Side
    hex: str
    type: UnitType  # type: ignore[valid-type]
    attack: int = Field(ge=0)
    defense: int = Field(ge=0)
    ma: int = Field(ge=0)
    max_steps: int = Field(default=1, ge=1)
    steps: int | None = Field(default=None, ge=1)
    free_stacking: bool = False
    tank: Literal["none", "black", "red", "white"] = "none"
    tq: Literal["elite", "normal", "low"] = "normal"
    status: Literal["good-order", "disrupted", "full-retreat"] = "good-order"
    train: bool = False
    retreated: bool = False
    supply: Literal["in-supply", "out-of-supply", "isolated"] = "in-supply"
    # -- Not in contract v1 (combat, chapters 8-11, 18, 20.5, 21.4, 28); all optional. --
    #: Axis nationality (2.3.4, 20.5): german (the default for Axis units), romanian,
    #: hungarian, italian, slovakian, croatian or ncv (North Caucasian Volunteers).
    nationality: Literal[
        "german", "romanian", "hungarian", "italian", "slovakian", "croatian", "ncv", "soviet"
    ] | None = None
    #: Defense strength printed in parentheses on the counter (9.8).
    parenthesized: bool = False
    #: Has attacked earlier in this Combat Phase (8.1).
    attacked: bool = False
    #: Has been attacked earlier in this Combat Phase (8.1).
    defended: bool = False
    #: Carries a Replacement marker (21.4).
    replacement: bool = False
    #: ASU or leader on its Used side (18.2.1, 28.1.1).
    used: bool = False
    #: Range printed on an ASU or leader counter, in hexes (18.4, 28.1.2).
    range: int | None = Field(default=None, ge=0)

    @field_validator("id", "hex", mode="before")
    @classmethod
    def _text(cls, v: Any) -> Any:
        return v if not isinstance(v, int) or isinstance(v, bool) else str(v)

    @property
    def steps_left(self) -> int:
        return self.max_steps if self.steps is None else self.steps

    @property
    def is_combat(self) -> bool:
        """Combat units have a defense strength above zero (2.3.1, 19.1)."""
        return self.defense > 0 and self.type not in NON_COMBAT_TYPES

    @property
    def is_mechanized(self) -> bool:
        return self.type in MECHANIZED_TYPES

    @property
    def is_asu(self) -> bool:
        return self.type in ASU_TYPES


class SupplySourceSpec(_Strict):
    """Not in contract v1: a Supply Source a scenario's special rules name (16.2, S1-S4)."""

    side: Side
    #: A hex id, or the id of an entry area that becomes a source for ``side``.
    hex: str
    note: str | None = None

    @field_validator("hex", mode="before")
    @classmethod
    def _text(cls, v: Any) -> Any:
        return v if not isinstance(v, int) or isinstance(v, bool) else str(v)


class Scenario(_Strict):
    game: str
    turn: int = Field(default=1, ge=1)
    weather: Weather = "clear"
    phasing: Side = "axis"
    map: MapSpec
    units: list[Unit] = Field(default_factory=list)
    readings: dict[str, str] = Field(default_factory=dict)
    #: Not in contract v1: extra Supply Sources named by the scenario's special rules.
    supply_sources: list[SupplySourceSpec] = Field(default_factory=list)
    #: A worked example's question and expected answer (KB examples); ignored here.
    example: dict[str, Any] | None = None
    notes: str | None = None

    # Where the scenario came from, for error messages (not part of the file).
    source: str = Field(default="<memory>", exclude=True)

    @cached_property
    def grid(self) -> HexGrid:
        return HexGrid.of(self.map.hexes, self.map.shifted)

    @cached_property
    def units_by_id(self) -> dict[str, Unit]:
        return {u.id: u for u in self.units}

    def units_at(self, place: str) -> list[Unit]:
        return [u for u in self.units if u.hex == place]

    def hexside(self, a: str, b: str) -> HexsideSpec | None:
        return self._hexsides.get(frozenset((a, b)))

    @cached_property
    def _hexsides(self) -> dict[frozenset[str], HexsideSpec]:
        return {frozenset(parse_hexside_id(k)): v for k, v in self.map.hexsides.items()}

    @property
    def winter(self) -> bool:
        """The Russian Winter begins on Turn 28 (23.4)."""
        return self.turn >= 28


# --------------------------------------------------------------------------
# Loading with line numbers
# --------------------------------------------------------------------------

PathT = tuple[str | int, ...]


def format_path(path: PathT) -> str:
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top)"


def _line_of(root: Any, path: PathT) -> int:
    """1-based line of the deepest node of ``path`` found in the parsed document."""
    node, line = root, 1
    for part in path:
        lc = getattr(node, "lc", None)
        try:
            if isinstance(part, int) and isinstance(node, list):
                if lc is not None:
                    line = lc.item(part)[0] + 1
                node = node[part]
            elif isinstance(node, dict):
                key = _find_key(node, part)
                if key is None:
                    break
                if lc is not None:
                    line = lc.key(key)[0] + 1
                node = node[key]
            else:
                break
        except (KeyError, IndexError, TypeError, AttributeError):
            break
    return line


def _find_key(mapping: dict, part: Any) -> Any:
    if part in mapping:
        return part
    for k in mapping:
        if _hex_text(k) == part:
            return k
    return None


def _leading_zeros(value: Any) -> bool:
    """True for a number typed with leading zeros, such as an unquoted ``0404``."""
    width = getattr(value, "_width", None) if isinstance(value, ScalarInt) else None
    return bool(width) and width > len(str(abs(int(value))))


def _hex_text(value: Any) -> str | None:
    """The digits the user typed for a hex id that YAML read as a number."""
    if isinstance(value, bool):
        return None
    if _leading_zeros(value):
        return f"{int(value):0{value._width}d}"
    if isinstance(value, int):
        return str(value)
    return value if isinstance(value, str) else None


class _Collector:
    def __init__(self, file: str, root: Any):
        self.file, self.root = file, root
        self.problems: list[Problem] = []

    def add(self, path: PathT, message: str, line: int | None = None) -> None:
        self.problems.append(
            Problem(self.file, line or _line_of(self.root, path), format_path(path), message)
        )


def _read_document(path: Path, text: str, col: _Collector) -> Any:
    yaml = YAML(typ="rt")
    if path.suffix.lower() == ".json":
        try:
            json.loads(text)
        except json.JSONDecodeError as exc:
            col.add((), f"malformed JSON: {exc.msg} (column {exc.colno})", exc.lineno)
            return None
    try:
        return yaml.load(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 1
        what = exc.problem or exc.context or "unreadable"
        col.add((), f"malformed YAML: {what}", line)
    except YAMLError as exc:  # pragma: no cover - other ruamel errors
        col.add((), f"malformed YAML: {exc}", 1)
    return None


def _plain(node: Any, path: PathT, col: _Collector) -> Any:
    """Copy the ruamel tree into plain Python data, fixing hex-id numbers."""
    if isinstance(node, dict):
        out = {}
        for k, v in node.items():
            key = k if isinstance(k, str) else _hex_text(k)
            if key is None:
                col.add(path, f"key {k!r} must be text")
                continue
            out[key] = _plain(v, (*path, key), col)
        return out
    if isinstance(node, list):
        return [_plain(v, (*path, i), col) for i, v in enumerate(node)]
    if _leading_zeros(node):
        return _hex_text(node)
    if isinstance(node, str):
        return str(node)
    if isinstance(node, bool) or node is None:
        return node
    if isinstance(node, int):
        return int(node)
    if isinstance(node, float):
        return float(node)
    return node


def _normalise(data: Any, col: _Collector) -> Any:
    """Contract short forms to their long form, keeping paths stable."""
    if not isinstance(data, dict):
        return data
    m = data.get("map")
    if isinstance(m, dict):
        hexes = m.get("hexes")
        if isinstance(hexes, dict):
            m["hexes"] = {
                hid: ({"terrain": v} if isinstance(v, str) else v) for hid, v in hexes.items()
            }
        areas = m.get("entry_areas")
        if isinstance(areas, dict):
            for area in areas.values():
                if isinstance(area, dict) and isinstance(area.get("hexes"), list):
                    area["hexes"] = [
                        str(h) if isinstance(h, int) and not isinstance(h, bool) else h
                        for h in area["hexes"]
                    ]
    return data


def _model_fields(path: PathT) -> list[str]:
    """Field names of the model at ``path``, for did-you-mean suggestions."""
    model: Any = Scenario
    for part in path:
        if model is Scenario and part == "map":
            model = MapSpec
        elif model is Scenario and part == "units":
            model = Unit
        elif model is MapSpec and part == "hexes":
            model = HexSpec
        elif model is MapSpec and part == "hexsides":
            model = HexsideSpec
        elif model is MapSpec and part == "entry_areas":
            model = EntryArea
        elif model is Scenario and part == "supply_sources":
            model = SupplySourceSpec
        elif isinstance(part, int) or model in (
            HexSpec, HexsideSpec, EntryArea, Unit, SupplySourceSpec
        ):
            continue
    return [n for n, f in model.model_fields.items() if not f.exclude]


def _describe(err: dict, col: _Collector) -> None:
    loc: PathT = tuple(err["loc"])
    kind = err["type"]
    value = err.get("input")
    if kind == "extra_forbidden":
        parent, key = loc[:-1], loc[-1]
        options = _model_fields(parent)
        close = difflib.get_close_matches(str(key), options, n=1, cutoff=0.6)
        hint = f"; did you mean '{close[0]}'?" if close else f"; known keys: {', '.join(options)}"
        col.add(loc, f"unknown key '{key}'{hint}")
        return
    if kind == "missing":
        col.add(loc, f"required key '{loc[-1]}' is missing", _line_of(col.root, loc[:-1]))
        return
    if kind in ("literal_error", "enum"):
        allowed = err.get("ctx", {}).get("expected", "")
        choices = [c.strip().strip("'") for c in allowed.replace(" or ", ", ").split(",")]
        close = difflib.get_close_matches(str(value), choices, n=1, cutoff=0.6)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        col.add(loc, f"{value!r} is not one of {', '.join(choices)}{hint}")
        return
    if kind.startswith("int_") or kind.startswith("bool_") or kind.startswith("string_"):
        col.add(loc, f"{err['msg'].lower()}, got {value!r}")
        return
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        col.add(loc, f"{value!r}: {err['msg'].lower()}")
        return
    col.add(loc, err["msg"])


def _semantic_checks(sc: Scenario, col: _Collector, known_games: Callable[[], list[str]]) -> None:
    games = known_games()
    if sc.game and sc.game not in games:
        close = difflib.get_close_matches(sc.game, games, n=1)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        col.add(("game",), f"no adjudicator for game '{sc.game}' (known: {', '.join(games)}){hint}")
    grid = sc.grid
    for hid in sc.map.hexes:
        if not is_hex_id(hid):
            col.add(("map", "hexes", hid), f"'{hid}' is not a four-digit hex id like \"0404\"")
    seen_sides: dict[frozenset[str], str] = {}
    for key, spec in sc.map.hexsides.items():
        path = ("map", "hexsides", key)
        try:
            a, b = parse_hexside_id(key)
        except ValueError as exc:
            col.add(path, str(exc))
            continue
        missing = [h for h in (a, b) if h not in grid]
        if missing:
            col.add(path, f"hex {', '.join(repr(h) for h in missing)} is not on the map")
            continue
        if not grid.are_adjacent(a, b):
            col.add(path, f"'{a}' and '{b}' are not adjacent, so they share no hexside")
        pair = frozenset((a, b))
        if pair in seen_sides:
            col.add(path, f"same hexside as '{seen_sides[pair]}' given twice")
        seen_sides[pair] = key
        if spec.bridge and not spec.river:
            col.add((*path, "bridge"), "a bridge needs a river on the same hexside")
    for aid, area in sc.map.entry_areas.items():
        path = ("map", "entry_areas", aid)
        if is_hex_id(aid):
            col.add(path, f"entry-area id '{aid}' looks like a hex id; use a letter such as 'W'")
        for i, hid in enumerate(area.hexes):
            if hid not in grid:
                col.add((*path, "hexes", i), f"'{hid}' is not on the map")
            elif not grid.on_edge(hid):
                col.add((*path, "hexes", i), f"'{hid}' is not on the map edge")
    seen_units: dict[str, int] = {}
    index = sc.__dict__.get("_unit_index") or list(range(len(sc.units)))
    for i, u in zip(index, sc.units, strict=True):
        path = ("units", i)
        if u.id in seen_units:
            col.add((*path, "id"), f"duplicate unit id '{u.id}' (also units[{seen_units[u.id]}])")
        else:
            seen_units[u.id] = i
        if u.hex not in grid and u.hex not in sc.map.entry_areas:
            if is_hex_id(u.hex):
                col.add((*path, "hex"), f"'{u.hex}' is not on the map")
            else:
                areas = list(sc.map.entry_areas)
                close = difflib.get_close_matches(u.hex, areas, n=1)
                hint = f"; did you mean '{close[0]}'?" if close else ""
                col.add((*path, "hex"), f"no entry area '{u.hex}'{hint}")
        if u.steps is not None and u.steps > u.max_steps:
            col.add((*path, "steps"), f"{u.steps} steps left but max_steps is {u.max_steps}")
    for i, src in enumerate(sc.supply_sources):
        if src.hex not in grid and src.hex not in sc.map.entry_areas:
            col.add(("supply_sources", i, "hex"),
                    f"'{src.hex}' is neither a map hex nor an entry area")
    for hid, spec in sc.map.hexes.items():
        if spec.sea and not spec.port:
            col.add(("map", "hexes", hid, "sea"), "a sea is given only for a port (16.2.3)")


def _salvage(data: dict) -> Scenario | None:
    """The parts of an invalid file that do validate, for the remaining checks.

    The map must validate for any cross-check to make sense; units that fail
    on their own are left out (their problems are already listed).
    """
    try:
        m = MapSpec.model_validate(data.get("map"))
    except ValidationError:
        return None
    units = []
    for raw in data.get("units") or []:
        try:
            units.append(Unit.model_validate(raw))
        except ValidationError:
            # Keep what can still be cross-checked: its id and where it stands.
            ok = isinstance(raw, dict) and all(isinstance(raw.get(k), str) for k in ("id", "hex"))
            units.append(
                Unit.model_construct(id=raw["id"], hex=raw["hex"], steps=None, max_steps=1)
                if ok else None
            )
    game = data.get("game") if isinstance(data.get("game"), str) else None
    sc = Scenario.model_construct(game=game or "", map=m, units=[u for u in units if u],
                                  readings={}, source="")
    sc.__dict__["_unit_index"] = [i for i, u in enumerate(units) if u]
    return sc


#: Games whose positions have their own format: game id -> a function of the plain data
#: and the problem collector (``col.add(path, message)``) that returns the game's model or
#: raises ``InputError(col.problems)``. A game registers here when its package is imported.
FORMATS: dict[str, Callable[[dict, _Collector], Any]] = {}


def register_format(game_id: str, parse: Callable[[dict, _Collector], Any]) -> None:
    """Let a game read its positions into its own model (see ``FORMATS``)."""
    FORMATS[game_id] = parse


def _default_games() -> list[str]:
    from adjudicator.games import game_ids

    return game_ids()


def parse_scenario(
    text: str,
    source: str = "<memory>",
    suffix: str = ".yaml",
    known_games: Callable[[], list[str]] = _default_games,
) -> Scenario:
    """Parse scenario text; raise InputError listing every problem."""
    col = _Collector(source, None)
    doc = _read_document(Path(source).with_suffix(suffix), text, col)
    if col.problems:
        raise InputError(col.problems)
    col.root = doc
    if not isinstance(doc, dict):
        col.add((), "a scenario file holds a mapping with keys game, map, units, ...")
        raise InputError(col.problems)
    data = _normalise(_plain(doc, (), col), col)
    own = FORMATS.get(data.get("game")) if data.get("game") in known_games() else None
    if own is not None:
        return own(data, col)
    try:
        sc = Scenario.model_validate({**data, "source": source})
    except ValidationError as exc:
        for err in exc.errors(include_url=False):
            _describe(err, col)
        partial = _salvage(data)
        if partial is not None:
            _semantic_checks(partial, col, known_games)
        raise InputError(col.problems) from None
    _semantic_checks(sc, col, known_games)
    if col.problems:
        raise InputError(col.problems)
    return sc


def load_scenario(path: str | Path, **kw: Any) -> Scenario:
    """Read and validate a scenario file (a game with its own format gives its own model)."""
    p = Path(path)
    if p.suffix.lower() not in (".yaml", ".yml", ".json"):
        raise InputError([Problem(str(p), 0, "(file)", "expected a .yaml, .yml or .json file")])
    return parse_scenario(read_input(p), str(p), p.suffix.lower(), **kw)


def line_of(sc: Scenario, path: PathT) -> int:
    """Line of ``path`` in the scenario's file (1 when unknown)."""
    try:
        text = Path(sc.source).read_text(encoding="utf-8")
        return _line_of(YAML(typ="rt").load(text), path)
    except (OSError, YAMLError):
        return 1
