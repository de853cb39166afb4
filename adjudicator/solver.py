"""The clingo harness: multi-shot solving, one ground map per distinct map.

A ``MapSession`` owns one ``clingo.Control`` per map. When it is made, the map
facts and the game's static encodings (which read map facts only) are added
and ground once. Every query after that is solved in the same control:

* the query's encodings are rewritten once (through clingo's AST) into a
  parametrised program part ``#program q_<query>(k).`` in which every
  predicate that is not part of the map gets the query number ``k`` as an
  extra first argument, and every ``#show`` is guarded by an external atom
  ``live(k)``;
* for query number ``k`` the position facts (also keyed by ``k``) are added
  through the backend, the part is ground with ``k``, ``live(k)`` is made true
  for the solve and released afterwards.

So neither the map nor the rules that depend on it alone are ground again,
and the atoms of earlier queries can never be mistaken for this one's. All
encodings are stratified (no choices, no constraints, no optimisation), so the
ground parts of earlier queries are plain facts that cost a later solve
nothing to solve; grounding a new query still looks through them, so a
session is renewed once its atoms outgrow the ground map (``GROWTH``) or after
``MAX_QUERIES`` queries.

``error(Kind, Id, Message)`` atoms derived by an encoding are turned into
``InputError`` problems pointing at the unit, hex or hexside in the file.
"""

from __future__ import annotations

import re
import threading
import time
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import clingo
from clingo import ast
from clorm import Predicate

from adjudicator.errors import InputError, Problem
from adjudicator.facts import (
    facts_text,
    map_digest,
    map_signatures,
    map_symbols,
    position_facts,
)
from adjudicator.games import Game, get_game
from adjudicator.scenario import MapSpec, Scenario, format_path, line_of

DEFAULT_TIMEOUT = 30.0
#: Queries one session answers before it is renewed (bounds memory).
MAX_QUERIES = 64
#: A session is renewed once its atoms exceed this multiple of the ground map's.
GROWTH = 1.5
#: Sessions kept, most recently used first.
MAX_SESSIONS = 4


class SolveTimeout(RuntimeError):
    """The solver did not finish within its time limit."""


class NoAnswer(RuntimeError):
    """The encodings admitted no answer set: a defect in an encoding."""


class EncodingError(RuntimeError):
    """An encoding breaks a convention the harness relies on."""


@dataclass
class Answer:
    """The shown atoms of each model, and how long the work took."""

    models: list[list[clingo.Symbol]]
    ground_s: float = 0.0
    solve_s: float = 0.0
    stats: dict[str, float] = field(default_factory=dict)
    #: the predicate names the query shows (None: not known, anything may be asked)
    shown: frozenset[str] | None = None

    def _check(self, name: str) -> None:
        if self.shown is not None and name not in self.shown:
            raise EncodingError(f"{name} is not shown by this query (it shows "
                                f"{', '.join(sorted(self.shown))})")

    @property
    def atoms(self) -> list[clingo.Symbol]:
        """The shown atoms of the first (for deterministic queries: only) model, unsorted."""
        return self.models[0] if self.models else []

    def rows(self, name: str, arity: int) -> list[tuple]:
        """The arguments of each shown ``name/arity`` atom as plain Python values
        (strings, constants as their names, numbers), decoded once, sorted."""
        self._check(name)
        cache = self.__dict__.setdefault("_rows", {})
        key = (name, arity)
        if key not in cache:
            out = []
            for sym, args in self._parsed().get(name, []):
                if args is None:
                    args = tuple(_value(a) for a in sym.arguments)
                if len(args) == arity:
                    out.append(args)
            out.sort(key=lambda row: tuple(str(v) for v in row))
            cache[key] = out
        return cache[key]

    def _parsed(self) -> dict[str, list[tuple[clingo.Symbol, tuple | None]]]:
        """Atoms by name, each with its arguments read from its text when flat.

        One ``str()`` per atom and a little parsing in Python cost far less than
        asking clingo for every argument through the binding, atom by atom.
        """
        index = self.__dict__.get("_index")
        if index is None:
            index = {}
            for sym in self.atoms:
                name, args = _parse_atom(str(sym))
                index.setdefault(name, []).append((sym, args))
            self.__dict__["_index"] = index
            self.__dict__["_sorted"] = {}
        return index

    def by_name(self, name: str, arity: int | None = None) -> list[clingo.Symbol]:
        """The shown atoms of the first model with this name (and arity), sorted."""
        self._check(name)
        done = self.__dict__.setdefault("_sorted", {})
        if name not in done:
            done[name] = sorted(sym for sym, _ in self._parsed().get(name, []))
        found = done[name]
        return found if arity is None else [s for s in found if len(s.arguments) == arity]


def _value(sym: clingo.Symbol):
    """A symbol argument as plain Python: str for strings and constants, int for
    numbers, the symbol itself for anything compound."""
    t = sym.type
    if t == clingo.SymbolType.String:
        return sym.string
    if t == clingo.SymbolType.Number:
        return sym.number
    if t == clingo.SymbolType.Function and not sym.arguments:
        return sym.name
    return sym


_TOKEN = re.compile(r'"((?:[^"\\]|\\.)*)"|(-?\d+)|([a-z_][A-Za-z0-9_\']*)|(,)|(\S)')
_UNESCAPE = {"\\\\": "\\", '\\"': '"', "\\n": "\n"}


def _parse_atom(text: str) -> tuple[str, tuple | None]:
    """``name(args)`` text of a shown atom -> (name, plain argument values), or
    (name, None) when an argument is compound and must be read from the symbol."""
    i = text.find("(")
    if i < 0:
        return text, ()
    values: list = []
    expect_value = True
    for m in _TOKEN.finditer(text, i + 1, len(text) - 1):
        string, number, const, comma, other = m.groups()
        if comma:
            if expect_value:
                return text[:i], None
            expect_value = True
            continue
        if other or not expect_value:
            return text[:i], None
        if string is not None:
            values.append(re.sub(r'\\[\\"n]', lambda e: _UNESCAPE[e.group(0)], string)
                          if "\\" in string else string)
        elif number is not None:
            values.append(int(number))
        else:
            values.append(const)
        expect_value = False
    return text[:i], tuple(values)


def _to_symbols(items: Iterable[Predicate | clingo.Symbol]) -> list[clingo.Symbol]:
    return [i.raw if isinstance(i, Predicate) else i for i in items]


# --------------------------------------------------------------------------
# Rewriting a query's encodings into a parametrised program part
# --------------------------------------------------------------------------

_LOC = ast.Location(ast.Position("<harness>", 1, 1), ast.Position("<harness>", 1, 1))
_K = ast.Function(_LOC, "k", [], 0)
_LIVE = "live"
_PLACEHOLDER = "__query_key__"


def _live_literal() -> ast.AST:
    return ast.Literal(_LOC, ast.Sign.NoSign, ast.SymbolicAtom(ast.Function(_LOC, _LIVE, [_K], 0)))


def _signature(term: ast.AST) -> tuple[str, int] | None:
    if term.ast_type == ast.ASTType.Function:
        return term.name, len(term.arguments)
    return None


class _KeyByQuery(ast.Transformer):
    """Adds the query number as first argument to every non-map predicate."""

    def __init__(self, static: frozenset[tuple[str, int]]):
        self.static = static

    def visit_SymbolicAtom(self, node: ast.AST) -> ast.AST:
        sig = _signature(node.symbol)
        if sig is None or sig in self.static:
            return node
        sym = node.symbol
        return node.update(symbol=sym.update(arguments=[_K, *sym.arguments]))


def _head_signatures(rule: ast.AST) -> set[tuple[str, int]]:
    found: set[tuple[str, int]] = set()

    class _Heads(ast.Transformer):
        def visit_SymbolicAtom(self, node: ast.AST) -> ast.AST:
            sig = _signature(node.symbol)
            if sig:
                found.add(sig)
            return node

    _Heads()(rule.head)
    return found


def _variables(n: int) -> list[ast.AST]:
    return [ast.Variable(_LOC, f"V{i}") for i in range(n)]


#: Shown by every query: the input problems an encoding reports.
ALWAYS_SHOWN = frozenset({("error", 3)})


def build_part(
    name: str, files: list[Path], static: frozenset[tuple[str, int]],
    shown_from: list[Path] | None = None,
) -> tuple[list[ast.AST], frozenset[str], frozenset[str]]:
    """The statements of program part ``name(k)`` for the given encodings, the
    names of every predicate they mention (a query needs no other position facts)
    and the names it shows.

    With ``shown_from``, a ``#show`` signature is kept only if one of those files
    defines it (or it is in ``ALWAYS_SHOWN``): a query shows its own conclusions,
    not those of the areas it builds on, which would only be written out and skipped.
    """
    statements: list[ast.AST] = []
    ast.parse_files([str(f) for f in files], statements.append)
    own: frozenset[tuple[str, int]] | None = None
    if shown_from is not None:
        own = _file_heads(shown_from) | ALWAYS_SHOWN
    shown: set[str] = set()
    mentioned: set[str] = set()

    class _Names(ast.Transformer):
        def visit_SymbolicAtom(self, node: ast.AST) -> ast.AST:
            sig = _signature(node.symbol)
            if sig:
                mentioned.add(sig[0])
            return node

    for st in statements:
        _Names()(st)
    key = _KeyByQuery(static)
    out: list[ast.AST] = [ast.Program(_LOC, name, [ast.Id(_LOC, "k")])]
    out.append(ast.External(_LOC, ast.SymbolicAtom(ast.Function(_LOC, _LIVE, [_K], 0)), [],
                            ast.SymbolicTerm(_LOC, clingo.Function("false"))))
    for st in statements:
        t = st.ast_type
        if t == ast.ASTType.Program:
            if st.name != "base" or st.parameters:
                raise EncodingError(f"{st.location.begin.filename}: only the base part is allowed")
            continue
        if t == ast.ASTType.Rule:
            clash = _head_signatures(st) & static
            if clash:
                raise EncodingError(
                    f"{st.location.begin.filename}:{st.location.begin.line}: a query encoding "
                    f"may not define map predicates {sorted(clash)}"
                )
            if st.head.ast_type not in (ast.ASTType.Literal, ast.ASTType.Aggregate,
                                        ast.ASTType.HeadAggregate, ast.ASTType.Disjunction):
                raise EncodingError(f"{st.location.begin.filename}: unsupported rule head")
            if st.head.ast_type != ast.ASTType.Literal or _is_false(st.head):
                raise EncodingError(
                    f"{st.location.begin.filename}:{st.location.begin.line}: encodings must be "
                    "stratified: no choices, disjunctions or integrity constraints"
                )
            out.append(key(st))
        elif t == ast.ASTType.ShowSignature:
            n, sig = st.arity, (st.name, st.arity)
            if own is not None and sig not in own:
                continue
            shown.add(st.name)
            args = _variables(n)
            inner = args if sig in static else [_K, *args]
            cond = ast.Literal(_LOC, ast.Sign.NoSign,
                               ast.SymbolicAtom(ast.Function(_LOC, st.name, inner, 0)))
            term = ast.Function(_LOC, st.name, args, 0)
            out.append(ast.ShowTerm(_LOC, term, [cond, _live_literal()]))
        elif t == ast.ASTType.ShowTerm:
            term = key(st)
            if term.term.ast_type == ast.ASTType.Function:
                shown.add(term.term.name)
            out.append(term.update(body=[*term.body, _live_literal()]))
        elif t == ast.ASTType.Defined:
            if (st.name, st.arity) in static:
                continue
            out.append(st.update(arity=st.arity + 1))
        elif t in (ast.ASTType.Comment,):
            continue
        else:
            raise EncodingError(f"{st.location.begin.filename}: unsupported statement {t}")
    return out, frozenset(mentioned), frozenset(shown)


def _is_false(head: ast.AST) -> bool:
    atom = head.atom
    return atom.ast_type == ast.ASTType.BooleanConstant and not atom.value


# --------------------------------------------------------------------------
# Sessions
# --------------------------------------------------------------------------


def _add_facts(backend: clingo.Backend, syms: Iterable[clingo.Symbol]) -> None:
    for s in syms:
        backend.add_rule([backend.add_atom(s)])


def _keyed(k: int, syms: Iterable[clingo.Symbol]) -> list[clingo.Symbol]:
    n = clingo.Number(k)
    return [clingo.Function(s.name, [n, *s.arguments], s.positive) for s in syms]


class MapSession:
    """One ground map and the queries answered over it."""

    def __init__(self, game: Game, map_syms: tuple[clingo.Symbol, ...]):
        self.game = game
        self.ctl = clingo.Control(["--warn=none"])
        t0 = time.perf_counter()
        for f in game.static_paths():
            self.ctl.load(str(f))
        self.ctl.add("base", [], "#show.")
        with self.ctl.backend() as backend:
            _add_facts(backend, map_syms)
        self.ctl.ground([("base", [])])
        self.static: frozenset[tuple[str, int]] = frozenset(
            (name, arity) for name, arity, _ in self.ctl.symbolic_atoms.signatures
        ) | map_signatures() | _static_heads(game)
        self.base_atoms = len(self.ctl.symbolic_atoms)
        self.setup_s = time.perf_counter() - t0
        self.parts: dict[str, tuple[str, frozenset[str], frozenset[str]]] = {}
        self.positions: dict[tuple, tuple[Scenario, str]] = {}  # position text cache
        self.count = 0

    def part(self, query: str) -> tuple[str, frozenset[str], frozenset[str]]:
        """The program part of a query, the predicate names its encodings use and the
        names it shows."""
        if query not in self.parts:
            name = f"q_{query}"
            statements, used, shown = build_part(
                name, self.game.encoding_paths(query), self.static,
                shown_from=self.game.shown_paths(query))
            with ast.ProgramBuilder(self.ctl) as builder:
                for st in statements:
                    builder.add(st)
            self.parts[query] = (name, used, shown)
        return self.parts[query]

    def grown(self) -> bool:
        """True once earlier queries' atoms outweigh half the map's: grounding each
        new query looks through them, so the session is then cheaper to renew."""
        return len(self.ctl.symbolic_atoms) > GROWTH * self.base_atoms

    def position_text(self, sc: Scenario, readings: dict[str, str], k: int,
                      used: frozenset[str]) -> str:
        """This position's facts as ASP text keyed by ``k``.

        The text is written once per position and readings, with a placeholder
        for the key, so each later question on the same position only swaps in
        its own number. (Plain facts parse and ground several times faster than
        a part with a parameter, which the grounder treats as rules.) Only the
        predicates the query's encodings mention (``used``) are written.
        """
        key = (id(sc), tuple(sorted(readings.items())), used)
        hit = self.positions.get(key)
        if hit is None or hit[0] is not sc:
            facts = [f for f in position_facts(sc, readings) if f[0].meta.name in used]
            hit = (sc, facts_text(facts, key=_PLACEHOLDER))
            if len(self.positions) > 16:
                self.positions.clear()
            self.positions[key] = hit
        return hit[1].replace(f"({_PLACEHOLDER}", f"({k}")

    def solve(
        self, query: str, sc: Scenario, readings: dict[str, str], extra: list[clingo.Symbol],
        models: int, timeout: float,
    ) -> Answer:
        """Solve one query for the position ``sc`` under ``readings``."""
        t0 = time.perf_counter()
        part, used, shown = self.part(query)
        k = self.count = self.count + 1
        facts = f"p_{k}"
        self.ctl.add(facts, [], self.position_text(sc, readings, k, used))
        if extra:
            with self.ctl.backend() as backend:
                _add_facts(backend, _keyed(k, extra))
        self.ctl.ground([(facts, []), (part, [clingo.Number(k)])])
        live = clingo.Function(_LIVE, [clingo.Number(k)])
        self.ctl.assign_external(live, True)
        self.ctl.configuration.solve.models = models
        t1 = time.perf_counter()
        found: list[list[clingo.Symbol]] = []
        try:
            with self.ctl.solve(
                on_model=lambda m: found.append(m.symbols(shown=True)), async_=True
            ) as handle:
                if not handle.wait(timeout):
                    handle.cancel()
                    raise SolveTimeout(f"{query}: no answer within {timeout:g} s")
                result = handle.get()
        finally:
            self.ctl.release_external(live)
        t2 = time.perf_counter()
        if result.unsatisfiable:
            raise NoAnswer(f"{query}: the encodings admit no answer for this position")
        return Answer(found, ground_s=t1 - t0, solve_s=t2 - t1, shown=shown)


def _static_heads(game: Game) -> frozenset[tuple[str, int]]:
    """Predicates the static encodings define (known even when none is derived)."""
    return _file_heads(game.static_paths())


def _file_heads(paths: Iterable[Path]) -> frozenset[tuple[str, int]]:
    """Predicates the rules of these encodings define."""
    statements: list[ast.AST] = []
    files = [str(f) for f in paths]
    if files:
        ast.parse_files(files, statements.append)
    heads: set[tuple[str, int]] = set()
    for st in statements:
        if st.ast_type == ast.ASTType.Rule:
            heads |= _head_signatures(st)
    return frozenset(heads)


_SESSIONS: OrderedDict[tuple[str, str], MapSession] = OrderedDict()
_LOCK = threading.Lock()


def session_for(game: Game, m: MapSpec) -> MapSession:
    """The session for this game and map: made once, renewed when it has aged."""
    key = (game.id, map_digest(m))
    with _LOCK:
        s = _SESSIONS.get(key)
        if s is None or s.count >= MAX_QUERIES or s.grown():
            s = MapSession(game, map_symbols(m))
            _SESSIONS[key] = s
        _SESSIONS.move_to_end(key)
        while len(_SESSIONS) > MAX_SESSIONS:
            _SESSIONS.popitem(last=False)
        return s


def session_stats() -> dict[str, int]:
    """How many sessions exist and how many queries they have answered."""
    return {"sessions": len(_SESSIONS), "queries": sum(s.count for s in _SESSIONS.values())}


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
    ) -> Answer:
        """Solve ``query`` for the position; ``extra`` are the query's own facts."""
        chosen = {**self.readings_for(sc), **(readings or {})}
        session = session_for(self.game, sc.map)
        with _LOCK:
            answer = session.solve(query, sc, chosen, _to_symbols(extra), models, self.timeout)
        self._raise_errors(sc, answer)
        return answer

    @staticmethod
    def _raise_errors(sc: Scenario, answer: Answer) -> None:
        problems = []
        for s in answer.by_name("error", 3):
            kind, ident, msg = s.arguments
            path = _error_path(sc, kind.name, ident.string)
            problems.append(Problem(sc.source, line_of(sc, path), format_path(path), msg.string))
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
