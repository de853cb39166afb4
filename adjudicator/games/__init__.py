"""The game registry.

A game declares its encodings (per query), its knowledge-base folder, its dice
and its tables, so that another rulebook joins by adding a module here and
registering it, without touching the core.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

from adjudicator.paths import asp_dir, kb_dir


@dataclass(frozen=True)
class DiceSpec:
    sides: int
    count: int
    #: How a face is read, e.g. "0 = 10" for a d10 printed 0-9.
    note: str = ""


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
    return tuple(int(p) if p.isdigit() else 0 for p in rule.split(".")) + (rule,)


@cache
def _load_readings(folder: Path) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    if not folder.is_dir():
        return out
    yaml = YAML(typ="safe")
    for f in sorted(folder.glob("*.yaml")):
        data = yaml.load(f.read_text(encoding="utf-8")) or {}
        for rule, options in data.items():
            out.setdefault(str(rule), []).extend(options or [])
    return out


_REGISTRY: dict[str, Game] = {}


def register(game: Game) -> Game:
    _REGISTRY[game.id] = game
    return game


def _load_builtin() -> None:
    from adjudicator.games import s42  # noqa: F401  (registers itself)


def get_game(game_id: str) -> Game:
    _load_builtin()
    return _REGISTRY[game_id]


def game_ids() -> list[str]:
    _load_builtin()
    return sorted(_REGISTRY)
