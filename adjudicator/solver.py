"""The clingo harness.

One ``Solver`` serves one game. For each query it loads the game's encodings
for that query, adds the facts through clingo's backend and solves with a time
limit. The map part is prepared once per distinct map and reused: its facts
are built once (``facts.map_symbols``) and the game's static encodings, which
read only map facts, are ground and solved once per map; their atoms are then
handed to every later query on that map as ground facts, so neither the map
nor the rules that depend on it alone are ground again.

``error(Kind, Id, Message)`` atoms derived by an encoding are turned into
``InputError`` problems pointing at the unit, hex or hexside in the file.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import clingo
from clorm import Predicate

from adjudicator.errors import InputError, Problem
from adjudicator.facts import map_symbols, position_facts
from adjudicator.games import Game, get_game
from adjudicator.scenario import Scenario, line_of

DEFAULT_TIMEOUT = 30.0


class SolveTimeout(RuntimeError):
    """The solver did not finish within its time limit."""


class NoAnswer(RuntimeError):
    """The encodings admitted no answer set: a defect in an encoding."""


@dataclass
class Answer:
    """The shown atoms of each model, and how long the work took."""

    models: list[list[clingo.Symbol]]
    ground_s: float = 0.0
    solve_s: float = 0.0
    stats: dict[str, float] = field(default_factory=dict)

    @property
    def atoms(self) -> list[clingo.Symbol]:
        """The shown atoms of the first (for deterministic queries: only) model."""
        return self.models[0] if self.models else []

    def by_name(self, name: str, arity: int | None = None) -> list[clingo.Symbol]:
        return [
            s
            for s in self.atoms
            if s.name == name and (arity is None or len(s.arguments) == arity)
        ]


def _to_symbols(items: Iterable[Predicate | clingo.Symbol]) -> list[clingo.Symbol]:
    return [i.raw if isinstance(i, Predicate) else i for i in items]


def _add_facts(ctl: clingo.Control, syms: Iterable[clingo.Symbol]) -> None:
    with ctl.backend() as backend:
        for s in syms:
            backend.add_rule([backend.add_atom(s)])


@lru_cache(maxsize=8)
def _static_atoms(
    files: tuple[Path, ...], map_syms: tuple[clingo.Symbol, ...]
) -> tuple[clingo.Symbol, ...]:
    """Ground and solve the static encodings once for a map."""
    if not files:
        return map_syms
    ctl = clingo.Control(["--warn=none"])
    for f in files:
        ctl.load(str(f))
    _add_facts(ctl, map_syms)
    ctl.ground([("base", [])])
    out: list[clingo.Symbol] = []
    ctl.solve(on_model=lambda m: out.extend(m.symbols(atoms=True)))
    return tuple(out)


class Solver:
    def __init__(self, game: Game | str, timeout: float = DEFAULT_TIMEOUT):
        self.game = get_game(game) if isinstance(game, str) else game
        self.timeout = timeout

    def readings_for(self, sc: Scenario) -> dict[str, str]:
        """The default reading of every disputed rule, overridden by the scenario."""
        return {**self.game.default_readings(), **sc.readings}

    def solve(
        self,
        sc: Scenario,
        query: str,
        extra: Iterable[Predicate | clingo.Symbol] = (),
        models: int = 1,
        readings: dict[str, str] | None = None,
        options: Sequence[str] = (),
    ) -> Answer:
        """Solve ``query`` for the position; ``extra`` are the query's own facts."""
        t0 = time.perf_counter()
        static = _static_atoms(tuple(self.game.static_paths()), map_syms=map_symbols(sc.map))
        ctl = clingo.Control(["--warn=none", f"--models={models}", *options])
        for path in self.game.encoding_paths(query):
            ctl.load(str(path))
        chosen = {**self.readings_for(sc), **(readings or {})}
        _add_facts(ctl, static)
        _add_facts(ctl, _to_symbols(position_facts(sc, chosen)))
        _add_facts(ctl, _to_symbols(extra))
        ctl.ground([("base", [])])
        t1 = time.perf_counter()
        found: list[list[clingo.Symbol]] = []
        with ctl.solve(
            on_model=lambda m: found.append(sorted(m.symbols(shown=True))), async_=True
        ) as handle:
            if not handle.wait(self.timeout):
                handle.cancel()
                raise SolveTimeout(f"{query}: no answer within {self.timeout:g} s")
            result = handle.get()
        t2 = time.perf_counter()
        if result.unsatisfiable:
            raise NoAnswer(f"{query}: the encodings admit no answer for this position")
        answer = Answer(found, ground_s=t1 - t0, solve_s=t2 - t1)
        self._raise_errors(sc, answer)
        return answer

    @staticmethod
    def _raise_errors(sc: Scenario, answer: Answer) -> None:
        problems = []
        for s in answer.by_name("error", 3):
            kind, ident, msg = s.arguments
            path = _error_path(sc, kind.name, ident.string)
            problems.append(Problem(sc.source, line_of(sc, path), _fmt(path), msg.string))
        if problems:
            raise InputError(problems)


def _error_path(sc: Scenario, kind: str, ident: str) -> tuple[str | int, ...]:
    if kind == "unit":
        for i, u in enumerate(sc.units):
            if u.id == ident:
                return ("units", i)
    if kind == "hex":
        return ("map", "hexes", ident)
    if kind == "hexside":
        a, b = ident.split("-")
        for key in (f"{a}-{b}", f"{b}-{a}"):
            if key in sc.map.hexsides:
                return ("map", "hexsides", key)
        return ("map", "hexsides", ident)
    return ()


def _fmt(path: tuple[str | int, ...]) -> str:
    from adjudicator.scenario import format_path

    return format_path(path)
