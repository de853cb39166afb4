"""Scenario files: one position of one game (contract section 2).

``load_scenario`` reads YAML or JSON, validates it into the typed ``Scenario``
model of the file's game and reports *every* problem at once as
``FILE:LINE: PATH: message`` (``adjudicator.errors.InputError``). Nothing the
user wrote is changed: hex ids that YAML reads as numbers (``0404:`` unquoted)
are turned back into the digits as they were typed, and anything that cannot be
read that way is refused.

The models here are what every game's position shares; a game extends them with
its own vocabulary in ``adjudicator/games/<game>/scenario.py`` and names its
``Scenario`` class in its registration (``Game.scenario``).
"""

from __future__ import annotations

import difflib
import json
import sys
from collections.abc import Callable
from functools import cache, cached_property, lru_cache
from pathlib import Path
from typing import Any, ClassVar, Literal, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from adjudicator.errors import InputError, Problem, read_input
from adjudicator.fastload import check_sizes, read_json, read_yaml
from adjudicator.hexgrid import DEFAULT_FORMAT, HexFormat, HexGrid, parse_hexside_id
from adjudicator.limits import MAX_DEPTH, MAX_NUMBER, nesting_message, read_text


@cache
def _cached_names(cls: type) -> tuple[str, ...]:
    """The names of a class's cached properties (values derived once from the fields)."""
    return tuple(name for klass in cls.__mro__ for name, attr in vars(klass).items()
                 if isinstance(attr, cached_property))


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    def model_copy(self, *, update: Any = None, deep: bool = False) -> Any:
        """A copy of the model. A copy with changed fields (or a deep one) drops the values
        its original derived and cached from the old fields (its units by id, its grid,
        its hexsides by pair), so it derives its own instead of answering from stale ones."""
        copy = super().model_copy(update=update, deep=deep)
        if update or deep:
            for name in _cached_names(type(copy)):
                copy.__dict__.pop(name, None)
        return copy


class HexSpec(_Strict):
    """A map hex; a game's own class adds its features (city, town, victory points...)."""

    terrain: str = "clear"


class HexsideSpec(_Strict):
    """What lies on a hexside; a game's own class names its features (rivers, roads...)."""


class EntryArea(_Strict):
    side: str
    hexes: list[str] = Field(default_factory=list)


class MapSpec(_Strict):
    shifted: Literal["even", "odd"] = "even"
    hexes: dict[str, HexSpec]
    hexsides: dict[str, HexsideSpec] = Field(default_factory=dict)
    entry_areas: dict[str, EntryArea] = Field(default_factory=dict)


class Unit(_Strict):
    """A unit on the map or in an entry area; a game's own class adds its fields."""

    id: str
    side: str
    hex: str

    @field_validator("id", "hex", mode="before")
    @classmethod
    def _text(cls, v: Any) -> Any:
        return v if not isinstance(v, int) or isinstance(v, bool) else str(v)


Add = Callable[[tuple[str | int, ...], str], None]


class Scenario(_Strict):
    """One position of one game. A game declares its format by subclassing these models
    (its terrain, hexside features, unit fields, markers, weather and phases as the
    fields' types) in ``adjudicator/games/<game>/scenario.py``, naming its hex id format
    and grid in ``hex_format``, and its own cross-checks in the ``check_*`` hooks."""

    #: How the game prints hex ids and lays out its grid.
    hex_format: ClassVar[HexFormat] = DEFAULT_FORMAT

    game: str
    turn: int = Field(default=1, ge=1, le=MAX_NUMBER)
    weather: str = "clear"
    phasing: str
    map: MapSpec
    units: list[Unit] = Field(default_factory=list)
    readings: dict[str, str] = Field(default_factory=dict)
    #: A worked example's question and expected answer (KB examples); ignored here.
    example: dict[str, Any] | None = None
    notes: str | None = None

    # Where the scenario came from, for error messages (not part of the file).
    source: str = Field(default="<memory>", exclude=True)

    @cached_property
    def grid(self) -> HexGrid:
        return HexGrid.of(self.map.hexes, self.map.shifted, self.hex_format)

    @cached_property
    def units_by_id(self) -> dict[str, Unit]:
        return {u.id: u for u in self.units}

    def units_at(self, place: str) -> list[Unit]:
        return [u for u in self.units if u.hex == place]

    def hexside(self, a: str, b: str) -> HexsideSpec | None:
        return self._hexsides.get(frozenset((a, b)))

    @cached_property
    def _hexsides(self) -> dict[frozenset[str], HexsideSpec]:
        return {frozenset(parse_hexside_id(k, self.hex_format)): v
                for k, v in self.map.hexsides.items()}

    # -- the game's own cross-checks (called by the loader, in file order) --
    def check_hexside(self, path: tuple[str | int, ...], spec: HexsideSpec, add: Add) -> None:
        """Problems of one hexside, reported through ``add(path, message)``."""

    def check_unit(self, path: tuple[str | int, ...], unit: Unit, add: Add) -> None:
        """Problems of one unit."""

    def check(self, add: Add) -> None:
        """Problems of the position as a whole, after the shared checks."""


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
    # (only the line-tracking reader, ruamel's, makes them: if it is not loaded, none is)
    scalarint = sys.modules.get("ruamel.yaml.scalarint")
    width = (getattr(value, "_width", None)
             if scalarint is not None and isinstance(value, scalarint.ScalarInt) else None)
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
    from ruamel.yaml import YAML
    from ruamel.yaml.error import MarkedYAMLError, YAMLError
    from ruamel.yaml.reader import ReaderError

    yaml = YAML(typ="rt")
    if path.suffix.lower() == ".json":
        try:
            json.loads(text)
        except json.JSONDecodeError as exc:
            col.add((), f"malformed JSON: {exc.msg} (column {exc.colno})", exc.lineno)
            return None
        except (ValueError, RecursionError):  # pragma: no cover - refused by scan_json
            col.add((), "unreadable JSON", 1)
            return None
    try:
        return yaml.load(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 1
        what = exc.problem or exc.context or "unreadable"
        col.add((), f"malformed YAML: {what}", line)
    except ReaderError as exc:  # a character YAML does not allow
        line = text.count("\n", 0, max(exc.position, 0)) + 1
        col.add((), f"malformed YAML: {' '.join(str(exc.reason).split())} "
                    f"(character #x{exc.character:04x})"
                if isinstance(exc.character, int) else f"malformed YAML: {exc.reason}", line)
    except YAMLError as exc:  # pragma: no cover - other ruamel errors
        col.add((), f"malformed YAML: {' '.join(str(exc).split())}", 1)
    except RecursionError:
        col.add((), f"malformed YAML, {nesting_message()}", 1)
    except ValueError as exc:  # a number too long to read
        col.add((), f"malformed YAML: {exc}", 1)
    return None


def _plain(node: Any, path: PathT, col: _Collector, seen: set[int] | None = None) -> Any:
    """Copy the ruamel tree into plain Python data, fixing hex-id numbers.

    A mapping or list met twice (an alias) is refused rather than copied again, and the
    copy stops at MAX_DEPTH, so that nothing the first scan missed can explode here.
    """
    if seen is None:
        seen = set()
    if isinstance(node, dict | list):
        if id(node) in seen:
            col.add(path, "an alias (*name) is not allowed in a scenario file; "
                          "write the value out in full")
            return None
        seen.add(id(node))
        if len(path) >= MAX_DEPTH:
            col.add(path, nesting_message())
            return None
    if isinstance(node, dict):
        out = {}
        for k, v in node.items():
            key = k if isinstance(k, str) else _hex_text(k)
            if key is None:
                hint = f' (quote it: "{k}")' if isinstance(k, float) else ""
                lc = getattr(node, "lc", None)
                try:
                    line = lc.key(k)[0] + 1 if lc is not None else None
                except (KeyError, TypeError):
                    line = None
                col.add(path, f"key {k!r} must be text{hint}", line)
                continue
            out[key] = _plain(v, (*path, key), col, seen)
        return out
    if isinstance(node, list):
        return [_plain(v, (*path, i), col, seen) for i, v in enumerate(node)]
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


def _model_fields(path: PathT, model: Any) -> list[str]:
    """Field names of the model at ``path`` (from the scenario model ``model``), for
    did-you-mean suggestions."""
    for part in path:
        if isinstance(part, int):
            continue
        field = model.model_fields.get(part)
        if field is None:
            continue  # a key of a mapping (a hex id, an entry area): same model
        inner = _inner_model(field.annotation)
        if inner is not None:
            model = inner
    return [n for n, f in model.model_fields.items() if not f.exclude]


def _inner_model(annotation: Any) -> Any:
    """The model class a field holds: itself, or the values of its list or mapping."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    if get_origin(annotation) is not None:
        for arg in reversed(get_args(annotation)):
            inner = _inner_model(arg)
            if inner is not None:
                return inner
    return None


def _describe(err: dict, col: _Collector, model: Any) -> None:
    loc: PathT = tuple(err["loc"])
    kind = err["type"]
    value = err.get("input")
    if kind == "extra_forbidden":
        parent, key = loc[:-1], loc[-1]
        options = _model_fields(parent, model)
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
    if kind in ("list_type", "dict_type", "model_type", "model_attributes_type"):
        want = "a list" if kind == "list_type" else "a mapping (key: value)"
        got = f"the text {value!r}" if isinstance(value, str) else _kind_of(value)
        col.add(loc, f"expected {want}, got {got}")
        return
    if kind.startswith("int_") or kind.startswith("bool_") or kind.startswith("string_"):
        col.add(loc, f"{err['msg'].lower()}, got {value!r}")
        return
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        col.add(loc, f"{value!r}: {err['msg'].lower()}")
        return
    col.add(loc, err["msg"])


def _kind_of(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"{value!r} (true or false)"
    if isinstance(value, int | float):
        return f"the number {value!r}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return repr(value)


def _semantic_checks(sc: Scenario, col: _Collector, known_games: Callable[[], list[str]],
                     partial: bool = False) -> None:
    """Checks across fields; ``partial`` for the valid parts of an invalid file (whose
    game may be missing, already reported)."""
    games = known_games()
    if sc.game not in games and (sc.game or not partial):
        close = difflib.get_close_matches(sc.game, games, n=1)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        col.add(("game",), f"no adjudicator for game '{sc.game}' (known: {', '.join(games)}){hint}")
    elif sc.game:
        _check_readings(sc, col)
    grid = sc.grid
    fmt = sc.hex_format
    for hid in sc.map.hexes:
        if not fmt.is_id(hid):
            col.add(("map", "hexes", hid), f"'{hid}' is not {fmt.describe()}")
    seen_sides: dict[frozenset[str], str] = {}
    for key, spec in sc.map.hexsides.items():
        path = ("map", "hexsides", key)
        try:
            a, b = parse_hexside_id(key, fmt)
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
        sc.check_hexside(path, spec, col.add)
    for aid, area in sc.map.entry_areas.items():
        path = ("map", "entry_areas", aid)
        if fmt.is_id(aid):
            col.add(path, f"entry-area id '{aid}' looks like a hex id; use a letter such as 'W'")
        for i, hid in enumerate(area.hexes):
            if hid not in grid or not fmt.is_id(hid):
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
            if fmt.is_id(u.hex):
                col.add((*path, "hex"), f"'{u.hex}' is not on the map")
            else:
                areas = list(sc.map.entry_areas)
                close = difflib.get_close_matches(u.hex, areas, n=1)
                hint = f"; did you mean '{close[0]}'?" if close else ""
                col.add((*path, "hex"), f"no entry area '{u.hex}'{hint}")
        sc.check_unit(path, u, col.add)
    sc.check(col.add)


def _check_readings(sc: Scenario, col: _Collector) -> None:
    """Every reading a scenario chooses is one the knowledge base names (as --reading)."""
    from adjudicator.games import get_game

    try:
        game = get_game(sc.game)
    except KeyError:
        return
    for rule, name in (sc.readings or {}).items():
        problem = game.reading_problem(rule, name)
        if problem:
            col.add(("readings", rule), problem)


def _salvage(data: dict, model: type[Scenario]) -> Scenario | None:
    """The parts of an invalid file that do validate, for the remaining checks.

    The map must validate for any cross-check to make sense; units that fail
    on their own are left out (their problems are already listed).
    """
    map_model = _inner_model(model.model_fields["map"].annotation)
    unit_model = _inner_model(model.model_fields["units"].annotation)
    try:
        m = map_model.model_validate(data.get("map"))
    except ValidationError:
        return None
    units = []
    listed = data.get("units")
    for raw in listed if isinstance(listed, list) else []:
        try:
            units.append(unit_model.model_validate(raw))
        except ValidationError:
            # Keep what can still be cross-checked: its id and where it stands.
            ok = isinstance(raw, dict) and all(isinstance(raw.get(k), str) for k in ("id", "hex"))
            units.append(
                unit_model.model_construct(id=raw["id"], hex=raw["hex"], steps=None,
                                           max_steps=1)
                if ok else None
            )
    game = data.get("game") if isinstance(data.get("game"), str) else None
    readings = data.get("readings")
    readings = {k: v for k, v in readings.items() if isinstance(v, str)} \
        if isinstance(readings, dict) else {}
    sc = model.model_construct(game=game or "", map=m, units=[u for u in units if u],
                               readings=readings, source="")
    sc.__dict__["_unit_index"] = [i for i, u in enumerate(units) if u]
    return sc


def _default_games() -> list[str]:
    from adjudicator.games import game_ids

    return game_ids()


def scenario_model(game: Any) -> type[Scenario]:
    """The scenario model of the game a file names: its registered game's model; for a
    game nobody adjudicates, the default game's (so the file's other problems are
    still listed beside the unknown game)."""
    from adjudicator.games import default_game_id, game_ids, get_game

    gid = game if isinstance(game, str) and game in game_ids() else default_game_id()
    return get_game(gid).scenario_model


def _game_loader(game: str) -> Callable[[dict, _Collector], Any] | None:
    """The loader of a registered game that declares its own (``Game.loader``), else None."""
    from adjudicator.games import game_ids, get_game

    return get_game(game).loader_function if game in game_ids() else None


def parse_scenario(
    text: str,
    source: str = "<memory>",
    suffix: str = ".yaml",
    known_games: Callable[[], list[str]] = _default_games,
) -> Scenario:
    """Parse scenario text; raise InputError listing every problem.

    The text is first read fast (:mod:`adjudicator.fastload`: the limits are checked there,
    each refusal with its line). A file that reads and validates cleanly is done. Anything
    else is read again by the line-tracking reader, which finds the line of every problem.
    """
    json_text = suffix.lower() == ".json"
    data = read_json(text, source) if json_text else read_yaml(text, source)
    if data is not None:
        col = _Collector(source, None)
        sc = _validate(_normalise(data, col), col, source, known_games)
        if sc is not None and not col.problems:
            return sc
    col = _Collector(source, None)
    doc = _read_document(Path(source).with_suffix(suffix), text, col)
    if col.problems:
        raise InputError(col.problems)
    col.root = doc
    if not isinstance(doc, dict):
        col.add((), "a scenario file holds a mapping with keys game, map, units, ...")
        raise InputError(col.problems)
    data = _plain(doc, (), col)
    try:
        check_sizes(data, source)
    except InputError as exc:  # the same refusal, with the line of the part too large
        raise InputError([Problem(p.file, _line_of(doc, _path_of(p.path)), p.path, p.message)
                          for p in exc.problems]) from None
    sc = _validate(_normalise(data, col), col, source, known_games)
    if col.problems or sc is None:
        raise InputError(col.problems)
    return sc


def _path_of(text: str) -> PathT:
    """The inverse of format_path for the paths of size refusals (keys without dots)."""
    out: list[str | int] = []
    for part in text.replace("[", ".[").split("."):
        if part.startswith("[") and part.endswith("]"):
            out.append(int(part[1:-1]))
        elif part and part != "(top)":
            out.append(part)
    return tuple(out)


def _validate(data: dict, col: _Collector, source: str,
              known_games: Callable[[], list[str]]) -> Scenario | None:
    """The model of plain data (the scenario model of the game it names), every problem
    added to ``col``."""
    game = data.get("game")
    load = _game_loader(game) if isinstance(game, str) and game in known_games() else None
    if load is not None:  # a game with its own format (e.g. a graph map) reads it itself
        try:
            return load(data, col)
        except InputError:
            return None  # (its problems are in col)
    model = scenario_model(game)
    try:
        sc = model.model_validate({**data, "source": source})
    except ValidationError as exc:
        for err in exc.errors(include_url=False):
            _describe(err, col, model)
        partial = _salvage(data, model)
        if partial is not None:
            _semantic_checks(partial, col, known_games, partial=True)
        return None
    _semantic_checks(sc, col, known_games)
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
        st = Path(sc.source).stat()
        return _line_of(_tree(sc.source, st.st_mtime_ns, st.st_size), path)
    except (OSError, InputError):
        return 1


@lru_cache(maxsize=4)
def _tree(source: str, mtime_ns: int, size: int) -> Any:
    """The line-tracking tree of a file that loaded before (read once per version)."""
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError

    try:
        return YAML(typ="rt").load(read_text(source))
    except (YAMLError, RecursionError, ValueError):
        return None
