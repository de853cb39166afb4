"""The game registry.

A game declares its encodings (per query), its knowledge-base folder, its dice
and its tables, so that another rulebook joins by adding its folders
(``asp/<game>/``, ``kb/<game>/``, ``adjudicator/games/<game>/``, ``tests/<game>/``)
and registering itself in its package's ``__init__.py``, without touching the core.
Every package under ``adjudicator/games/`` is imported when the registry is first
asked, so the core names no game.
"""

from __future__ import annotations

import difflib
import importlib
import json
import pkgutil
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from adjudicator.paths import asp_dir, kb_dir


@dataclass(frozen=True)
class DiceSpec:
    sides: int
    count: int
    #: How a face is read, e.g. "0 = 10" for a d10 printed 0-9.
    note: str = ""
    #: the number read on the lowest face: 1, or 0 for a d10 read 0-9
    first: int = 1

    def session(self, seed: int | None = None, rolls=None):
        """A dice session (``adjudicator.dice.Dice``) rolling this game's dice."""
        from adjudicator.dice import Dice

        return Dice(sides=self.sides, count=self.count, seed=seed, rolls=rolls,
                    first=self.first)


@dataclass(frozen=True)
class Game:
    id: str
    title: str
    dice: DiceSpec
    #: query name -> encoding files (relative to asp/) loaded for that query.
    queries: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: encodings that read only map facts; solved once per map and cached.
    static: tuple[str, ...] = ()
    #: always loaded last: the output vocabulary.
    show: str | None = None
    #: query -> the encodings whose conclusions it shows, when not only its last one
    shows: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: query -> the predicates (name, arity) of its scope: facts every question of
    #: that query gives besides its own, which select what is ground once per
    #: position and scope (``adjudicator/solver.py``, "scopes")
    scoped: dict[str, tuple[tuple[str, int], ...]] = field(default_factory=dict)
    #: the game's Python package (``adjudicator.games.<id>``): its facts bridge
    #: (``.facts``), command modules (``.commands``) and picture layers (``.overlays``)
    package: str = ""
    #: the bundled practice position, relative to the package folder
    demo: str | None = None
    #: the sides of a position (as the scenario file writes them)
    sides: tuple[str, ...] = ()
    #: the game a command answers for when no position names one
    default: bool = False
    #: its scenario model, ``module:Class`` (a subclass of ``adjudicator.scenario.Scenario``
    #: declaring its hex ids, terrain, hexside features, unit fields, markers, weather);
    #: the core's own model when not given
    scenario: str = ""
    #: or its own loader, ``module:function`` of the plain data and the problem collector
    #: (``col.add(path, message)``) returning the game's own model or raising InputError,
    #: for a position not written on hexes (e.g. a graph of points and lines)
    loader: str = ""

    @property
    def scenario_model(self) -> Any:
        if not self.scenario:
            from adjudicator.scenario import Scenario

            return Scenario
        module, _, name = self.scenario.partition(":")
        return getattr(importlib.import_module(module), name)

    @property
    def loader_function(self) -> Any:
        """The game's own loader (see ``loader``), or None."""
        if not self.loader:
            return None
        module, _, name = self.loader.partition(":")
        return getattr(importlib.import_module(module), name)

    @property
    def facts(self) -> ModuleType:
        """The game's facts bridge: the input vocabulary of its encodings."""
        return importlib.import_module(f"{self.package}.facts")

    def submodules(self, name: str) -> list[ModuleType]:
        """The modules of the game's subpackage ``name`` (e.g. ``commands``), sorted by
        module name; none if the game has no such subpackage."""
        try:
            pkg = importlib.import_module(f"{self.package}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{self.package}.{name}":
                raise
            return []
        return [importlib.import_module(f"{pkg.__name__}.{m.name}")
                for m in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name)]

    def module(self, name: str) -> ModuleType | None:
        """The game's module ``name`` (e.g. ``picture``), or None if it has none."""
        try:
            return importlib.import_module(f"{self.package}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{self.package}.{name}":
                raise
            return None

    @property
    def demo_path(self) -> Path | None:
        if not self.demo:
            return None
        return Path(importlib.import_module(self.package).__file__).resolve().parent / self.demo

    @property
    def kb_folder(self) -> Path:
        return kb_dir() / self.id

    @property
    def tables_folder(self) -> Path:
        return self.kb_folder / "tables"

    def encoding_paths(self, query: str) -> list[Path]:
        if query not in self.queries:
            raise KeyError(f"game {self.id} has no query {query!r}")
        files = list(self.queries[query]) + ([self.show] if self.show else [])
        return [asp_dir() / f for f in files]

    def shown_paths(self, query: str) -> list[Path]:
        """The encodings whose conclusions a query shows: those named in ``shows``,
        by default only the one it adds to those it builds on (its last)."""
        files = self.shows.get(query) or self.queries[query][-1:]
        return [asp_dir() / f for f in files]

    def static_paths(self) -> list[Path]:
        return [asp_dir() / f for f in self.static]

    def readings(self) -> dict[str, list[dict[str, Any]]]:
        """Named readings of disputed rules: rule id -> list of readings."""
        return _load_readings(self.kb_folder / "readings")

    def reading_problem(self, rule: str, name: str) -> str | None:
        """What is wrong with choosing the reading ``name`` of rule ``rule``, with a
        did-you-mean; None when the knowledge base names that reading."""
        known = self.readings()
        if rule not in known:
            close = difflib.get_close_matches(rule, list(known), n=1, cutoff=0.6)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            return (f"rule {rule} has no named readings (disputed rules: "
                    f"{', '.join(sorted(known, key=_rule_order))}){hint}")
        names = [r["name"] for r in known[rule]]
        if name not in names:
            close = difflib.get_close_matches(str(name), names, n=1, cutoff=0.6)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            return f"rule {rule} has no reading '{name}' (readings: {', '.join(names)}){hint}"
        return None

    def default_readings(self) -> dict[str, str]:
        out = {}
        for rule, options in self.readings().items():
            for r in options:
                if r.get("default"):
                    out[rule] = r["name"]
        return out


def _rule_order(rule: str) -> tuple:
    # (the parts first, then the text: a rule with fewer parts, "13", never meets a text)
    return (tuple(int(p) if p.isdigit() else 0 for p in rule.split(".")), rule)


@cache
def _load_readings(folder: Path) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    if not folder.is_dir():
        return out
    from adjudicator import cache

    files = sorted(folder.glob("*.yaml"))
    key = cache.digest_of_files([str(f) for f in files])
    hit = cache.read_json("readings", key)
    if isinstance(hit, dict):
        return hit
    from ruamel.yaml import YAML

    yaml = YAML(typ="safe")
    for f in files:
        data = yaml.load(f.read_text(encoding="utf-8")) or {}
        for rule, options in data.items():
            out.setdefault(str(rule), []).extend(options or [])
    try:  # kept on disk only when JSON gives back exactly what was read
        if json.loads(json.dumps(out)) == out:
            cache.write_json("readings", key, out)
    except (TypeError, ValueError):
        pass
    return out


_REGISTRY: dict[str, Game] = {}


def register(game: Game) -> Game:
    _REGISTRY[game.id] = game
    return game


def _load_builtin() -> None:
    """Import every game package under ``adjudicator/games/`` (each registers itself)."""
    for info in pkgutil.iter_modules(__path__):
        if info.ispkg:
            importlib.import_module(f"{__name__}.{info.name}")


def get_game(game_id: str) -> Game:
    _load_builtin()
    return _REGISTRY[game_id]


def game_ids() -> list[str]:
    _load_builtin()
    return sorted(_REGISTRY)


def default_game_id() -> str:
    """The game registered as the default (else the first id)."""
    _load_builtin()
    marked = [g.id for g in _REGISTRY.values() if g.default]
    return (marked or sorted(_REGISTRY))[0]
