"""The clingo harness: one ground map per distinct map, many queries over it.

A ``MapSession`` owns one ``clingo.Control`` per map. When it is made, the map
facts and the game's static encodings (which read map facts only) are added
and ground once. Every query after that is ground in the same control:

* a query's encodings are rewritten once (through clingo's AST), keeping only
  the rules its shown conclusions can depend on (``slice_rules``), into the
  program parts ``#program q_<query>(k, s, p, w).`` and ``q_<query>_w(w)``: world
  facts (turn, weather, phasing side, readings) and what is derived from them
  and the map alone get the world number ``w`` as an extra first argument (that
  part is ground once per world), the other position facts and what is derived
  from them, the world and the map alone the position number ``p`` (that part,
  ``q_<query>_p(p, w)``, is ground once per position, with its first question),
  and every other predicate that is not part of the map the query number ``k``
  (the kinds of number come from one series);
* a game may declare a scope for a query (``Game.scoped``): predicates whose
  facts every question of it gives, to select what it needs of the position
  (a retreat: the sides whose Lines of Supply it traces). The scope's facts and
  what is derived from them, the position, the world and the map alone are
  keyed by a scope number ``s``, one per position and set of scope facts, and
  ground once in ``q_<query>_s(s, p, w)``, so the questions with the same scope
  about a position share them (``s`` is 0 for a query without a scope);
* the facts of a position are added once, keyed by ``p``, and only those of
  the predicates some question's rules read (so several questions about one
  position share them): the grounder fetches them from Python as symbols
  through context functions (``position_rules``), as it does the map facts;
* for query number ``k`` the query's own facts are added keyed by ``k``, the
  part is ground with ``(k, s, p, w)``, and the conclusions the query shows are
  collected as the grounder outputs them (``_Output``, a clingo observer; the
  session shows nothing but the parts' ``#show`` signatures), so reading them
  costs only this query's atoms (a conclusion another query shows, which this
  part derives for its own use, is renamed in this part, ``HIDDEN``, so that the
  other part's ``#show`` does not output it for this part's questions);
* a question may name a window of hexes; then only the units and control there
  are added for its position (``Solver.solve``);
* several questions of one query may be ground together (``Solver.solve_many``):
  the part ``q_<query>_b(b)`` has the same rules with the three numbers as
  variables, bound by a ``q_key(b, k, s, p, w)`` fact per question, so gringo
  instantiates each rule once for the whole batch instead of once per question.

All encodings are stratified (no choices, no constraints, no optimisation),
so grounding alone derives every conclusion as a fact: the harness never calls
the solver. (A solve step would make each later step revisit every earlier
query's atoms; grounding without one stays flat.) The map, the rules that
depend on it alone and the parts' rules are ground or added once per session;
a session is renewed after ``MAX_QUERIES`` queries to bound its memory.

``error(Kind, Id, Message)`` atoms derived by an encoding are turned into
``InputError`` problems pointing at the unit, hex or hexside in the file.
"""

from __future__ import annotations

import hashlib
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import clingo
from clingo import ast
from clorm import Predicate

from adjudicator import clock
from adjudicator.errors import InputError, Problem
from adjudicator.games import Game, get_game
from adjudicator.scenario import MapSpec, Scenario, format_path, line_of

# The facts bridge is the game's (``Game.facts``, ``adjudicator/games/<game>/facts.py``):
# its input vocabulary, the map and position facts of a scenario. Every game's facts
# module offers the functions the harness calls below (``position_signatures``,
# ``world_signatures``, ``map_signatures``, ``position_data``, ``position_rules``,
# ``position_facts``, ``world_key``, ``map_digest``, ``map_symbol_groups``,
# ``facts_text``) and the class ``Symbols``.
Fact = tuple[type[Predicate], tuple]

#: Queries one session answers before it is renewed (bounds memory; each query's
#: atoms stay in the session until then).
MAX_QUERIES = 40
#: Positions whose facts a session keeps for later questions.
MAX_POSITIONS = 32
#: Sessions kept, most recently used first.
MAX_SESSIONS = 4


class EncodingError(RuntimeError):
    """An encoding breaks a convention the harness relies on."""


@dataclass
class Answer:
    """The conclusions one query shows, as the grounder output them, and how long
    the grounding took."""

    #: (atom, literal) pairs: every shown atom derived for this query, each with its
    #: first argument the number it is keyed by; literal 0 marks a fact
    atoms: list[tuple[clingo.Symbol, int]]
    #: shown predicate name -> its arities
    shown: dict[str, frozenset[int]]
    ground_s: float = 0.0
    #: the text of each atom of ``atoms``, when the harness has already written it
    texts: list[str] | None = None

    def _check(self, name: str) -> None:
        if name not in self.shown:
            raise EncodingError(f"{name} is not shown by this query (it shows "
                                f"{', '.join(sorted(self.shown))})")

    def _read(self, name: str, arity: int) -> list[tuple[clingo.Symbol, str]]:
        """This query's ``name/arity`` atoms, each with its text without the key."""
        groups = self.__dict__.get("_groups")
        if groups is None:
            # Grouped by name through the atom's text: one call into clingo per atom.
            groups = self.__dict__["_groups"] = {}
            texts = self.texts if self.texts is not None else [str(a) for a, _ in self.atoms]
            for (sym, lit), text in zip(self.atoms, texts, strict=True):
                cut = text.find("(")
                groups.setdefault(text[:cut], []).append((sym, lit, text, cut))
        out: list[tuple[clingo.Symbol, str]] = []
        if arity in self.shown.get(name, ()):
            for sym, lit, text, cut in groups.get(name, ()):
                # the key is a number: the first comma ends it
                comma = text.find(",", cut)
                plain = f"{name}({text[comma + 1:]}" if comma >= 0 else name
                if len(self.shown[name]) > 1 and _arity(plain) != arity:
                    continue
                if lit != 0:
                    raise EncodingError(f"{name}/{arity} is not decided by grounding "
                                        "alone: an encoding is not stratified")
                out.append((sym, plain))
        return out

    def rows(self, name: str, arity: int) -> list[tuple]:
        """The arguments of each shown ``name/arity`` atom as plain Python values
        (strings, constants as their names, numbers), decoded once, sorted."""
        cache = self.__dict__.setdefault("_rows", {})
        key = (name, arity)
        if key not in cache:
            cache[key] = sorted(self.rows_unsorted(name, arity),
                                key=lambda row: tuple(str(v) for v in row))
        return cache[key]

    def rows_unsorted(self, name: str, arity: int) -> list[tuple]:
        """``rows`` in the order the grounder derived them (for a reader that
        orders its findings itself)."""
        self._check(name)
        cache = self.__dict__.setdefault("_raw_rows", {})
        key = (name, arity)
        if key not in cache:
            out = []
            for sym, text in self._read(name, arity):
                _, args = _parse_atom(text)
                if args is None:
                    args = tuple(_value(a) for a in sym.arguments[1:])
                out.append(args)
            cache[key] = out
        return cache[key]

    def by_name(self, name: str, arity: int | None = None) -> list[clingo.Symbol]:
        """The shown atoms with this name (and arity) as clingo symbols, sorted by
        their arguments."""
        self._check(name)
        done = self.__dict__.setdefault("_sorted", {})
        if name not in done:
            done[name] = sorted(clingo.Function(name, sym.arguments[1:])
                                for a in sorted(self.shown[name])
                                for sym, _ in self._read(name, a))
        found = done[name]
        return found if arity is None else [s for s in found if len(s.arguments) == arity]

    def each(self) -> list[tuple[str, clingo.Symbol]]:
        """Every atom the query shows, as (name, symbol) pairs, unsorted."""
        return [(name, s) for name in self.shown for s in self.by_name(name)]


def _arity(text: str) -> int:
    """The number of arguments of an atom written as text."""
    parsed = _parse_atom(text)[1]
    return len(parsed) if parsed is not None else len(clingo.parse_term(text).arguments)


class _Output:
    """Collects the shown atoms the grounder outputs (clingo observer)."""

    def __init__(self) -> None:
        self.atoms: list[tuple[clingo.Symbol, int]] = []

    def output_atom(self, symbol: clingo.Symbol, atom: int) -> None:
        self.atoms.append((symbol, atom))

    def take(self) -> list[tuple[clingo.Symbol, int]]:
        out, self.atoms = self.atoms, []
        return out


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
    fast = _parse_simple(text[i + 1:-1])
    if fast is not None:
        return text[:i], fast
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


def _parse_simple(inner: str) -> tuple | None:
    """The common case of ``_parse_atom``: every argument a string without commas,
    quotes or backslashes inside, a number or a constant. None when in doubt.
    (The text is clingo's own output, so each piece is a well-formed term: its
    first character tells which kind it is.)"""
    if "\\" in inner or "(" in inner:
        return None
    out: list = []
    for piece in inner.split(","):
        first = piece[:1]
        if first == '"':
            if len(piece) < 2 or piece[-1] != '"' or piece.count('"') != 2:
                return None
            out.append(piece[1:-1])
        elif first.isdigit() or first == "-":
            try:
                out.append(int(piece))
            except ValueError:
                return None
        elif first.islower() or first == "_":
            out.append(piece)
        else:
            return None
    return tuple(out)


def _to_symbols(items: Iterable[Predicate | clingo.Symbol]) -> list[clingo.Symbol]:
    return [i.raw if isinstance(i, Predicate) else i for i in items]


# --------------------------------------------------------------------------
# Rewriting a query's encodings into a parametrised program part
# --------------------------------------------------------------------------

_LOC = ast.Location(ast.Position("<harness>", 1, 1), ast.Position("<harness>", 1, 1))
_K = ast.Function(_LOC, "k", [], 0)
_S = ast.Function(_LOC, "s", [], 0)
_P = ast.Function(_LOC, "p", [], 0)
_W = ast.Function(_LOC, "w", [], 0)
#: In a batch part the four numbers are variables, bound by q_key(b, K, S, P, W).
_BATCH_VARS = {"k": ast.Variable(_LOC, "KEY__"), "s": ast.Variable(_LOC, "SCP__"),
               "p": ast.Variable(_LOC, "POS__"), "w": ast.Variable(_LOC, "WLD__")}
_Q_KEY = ast.Literal(_LOC, ast.Sign.NoSign, ast.SymbolicAtom(ast.Function(
    _LOC, "q_key", [ast.Function(_LOC, "b", [], 0), *_BATCH_VARS.values()], 0)))

#: Shown by every query: the input problems an encoding reports.
ALWAYS_SHOWN = frozenset({("error", 3)})


def _signature(term: ast.AST) -> tuple[str, int] | None:
    if term.ast_type == ast.ASTType.Function:
        return term.name, len(term.arguments)
    return None


class _Key(ast.Transformer):
    """Adds to every atom that is not part of the map the number its predicate is
    keyed by: ``keys`` maps a predicate to the parameter (``k``, ``s``, ``p`` or ``w``)."""

    def __init__(self, keys: dict[tuple[str, int], ast.AST]):
        self.keys = keys

    def visit_SymbolicAtom(self, node: ast.AST) -> ast.AST:
        sig = _signature(node.symbol)
        key = self.keys.get(sig) if sig else None
        if key is None:
            return node
        sym = node.symbol
        return node.update(symbol=sym.update(arguments=[key, *sym.arguments]))


class _RenameAll(ast.Transformer):
    """Renames the atoms of some predicates wherever they occur in a rule."""

    def __init__(self, names: dict[tuple[str, int], str]):
        self.names = names

    def visit_SymbolicAtom(self, node: ast.AST) -> ast.AST:
        sig = _signature(node.symbol)
        name = self.names.get(sig) if sig else None
        if name is None:
            return node
        return node.update(symbol=node.symbol.update(name=name))


class _Rename(_RenameAll):
    """Renames the atoms of some predicates in the head of a rule only (it is called
    with the rule; the body keeps its names)."""

    def __call__(self, rule: ast.AST) -> ast.AST:
        return rule.update(head=self.visit(rule.head))


#: The suffix of a shown predicate's name in a part that derives it without showing it.
HIDDEN = "__own"


def _copy_rule(name: str, inner: str, arity: int) -> ast.AST:
    """``name(X0,..) :- inner(X0,..).``"""
    args = [ast.Variable(_LOC, f"X{i}") for i in range(arity)]

    def atom(n: str) -> ast.AST:
        return ast.SymbolicAtom(ast.Function(_LOC, n, args, 0))

    return ast.Rule(_LOC, ast.Literal(_LOC, ast.Sign.NoSign, atom(name)),
                    [ast.Literal(_LOC, ast.Sign.NoSign, atom(inner))])


def _atom_signatures(node: ast.AST) -> set[tuple[str, int]]:
    """The predicates of every atom in ``node`` (aggregate elements included)."""
    found: set[tuple[str, int]] = set()

    class _Atoms(ast.Transformer):
        def visit_SymbolicAtom(self, node: ast.AST) -> ast.AST:
            sig = _signature(node.symbol)
            if sig:
                found.add(sig)
            return node

    _Atoms()(node)
    return found


def parse_statements(files: Iterable[str | Path]) -> list[ast.AST]:
    """The statements of encoding files, each rule with its pools expanded
    (``p(a;b).`` becomes ``p(a).`` and ``p(b).``), so that every atom has one name and
    arity for the slicing and keying below: a pooled head would otherwise have no
    signature and its rule would be sliced away unseen."""
    statements: list[ast.AST] = []
    paths = [str(f) for f in files]
    if paths:
        ast.parse_files(paths, statements.append)
    out: list[ast.AST] = []
    for st in statements:
        out.extend(st.unpool() if st.ast_type == ast.ASTType.Rule else [st])
    return out


def _head_signatures(rule: ast.AST) -> set[tuple[str, int]]:
    return _atom_signatures(rule.head)


def _body_signatures(rule: ast.AST) -> tuple[set[tuple[str, int]], set[tuple[str, int]]]:
    """(predicates of the plain positive body literals, predicates of any body atom)."""
    positive: set[tuple[str, int]] = set()
    every: set[tuple[str, int]] = set()
    for lit in rule.body:
        every |= _atom_signatures(lit)
        if (lit.ast_type == ast.ASTType.Literal and lit.sign == ast.Sign.NoSign
                and lit.atom.ast_type == ast.ASTType.SymbolicAtom):
            sig = _signature(lit.atom.symbol)
            if sig:
                positive.add(sig)
    return positive, every


def slice_rules(
    rules: list[ast.AST], shown: set[tuple[str, int]], outside: frozenset[tuple[str, int]],
    given: frozenset[tuple[str, int]] | None,
) -> list[ast.AST]:
    """The rules a question can use, in their order.

    ``outside`` are the predicates given as data whatever the question (map and
    position facts); the others that no rule defines are the query's own facts, of
    which ``given`` says which the question gives (None: assume all). A rule that
    needs an atom of a predicate with no facts and no live rule can never fire and
    is dropped (until nothing more drops); then only the rules that a shown
    predicate depends on are kept. The program is stratified, so every shown atom
    is derived exactly as from the whole program.
    """
    info = [(r, _head_signatures(r), *_body_signatures(r)) for r in rules]
    live = list(info)
    if given is not None:
        defined = set().union(*(h for _, h, _, _ in info))
        used = set().union(*(e for _, _, _, e in info))
        empty = used - defined - outside - given
        while True:
            keep = [x for x in live if not (x[2] & empty)]
            if len(keep) == len(live):
                break
            live = keep
            still = set().union(*(h for _, h, _, _ in live))
            empty |= defined - still
    needed = set(shown)
    changed = True
    while changed:
        changed = False
        for _, heads, _, every in live:
            if heads & needed and not every <= needed:
                needed |= every
                changed = True
    return [r for r, heads, _, _ in live if heads & needed]


@dataclass(frozen=True)
class Part:
    """A query's program part, what it reads and what it shows."""

    name: str
    statements: tuple[ast.AST, ...]
    #: shown predicate name -> arities
    shown: dict[str, frozenset[int]]
    #: the position predicates its rules read (only their facts are added)
    reads: frozenset[tuple[str, int]] = frozenset()
    #: the part ``<name>_w(w)``: rules that read the map and world facts only
    world: tuple[ast.AST, ...] = ()
    #: the part ``<name>_b(b)``: the rules of ``statements`` for a batch of questions
    batch: tuple[ast.AST, ...] = ()
    #: the part ``<name>_p(p, w)``: rules that read position, world and map facts only
    position: tuple[ast.AST, ...] = ()
    #: the map predicates and those the static encodings derive that its rules read
    map_reads: frozenset[tuple[str, int]] = frozenset()
    #: the part ``<name>_s(s, p, w)``: rules that read the question's scope and
    #: position, world and map facts only
    scope: tuple[ast.AST, ...] = ()
    #: the predicates of the scope facts every question of this part gives
    scoped: frozenset[tuple[str, int]] = frozenset()

    @property
    def world_name(self) -> str:
        return f"{self.name}_w"

    @property
    def batch_name(self) -> str:
        return f"{self.name}_b"

    @property
    def position_name(self) -> str:
        return f"{self.name}_p"

    @property
    def scope_name(self) -> str:
        return f"{self.name}_s"


def build_part(
    name: str, files: list[Path], static: frozenset[tuple[str, int]],
    shown_from: list[Path] | None = None,
    position: frozenset[tuple[str, int]] | None = None,
    given: frozenset[tuple[str, int]] | None = None,
    facts: ModuleType | None = None,
    scoped: frozenset[tuple[str, int]] = frozenset(),
) -> Part:
    """The program parts ``name(k, s, p, w)``, ``name_w(w)``, ``name_p(p, w)``,
    ``name_s(s, p, w)`` and ``name_b(b)`` for the given encodings.

    Every predicate gets a level: map predicates (and those static.lp derives)
    none; world facts (turn, weather, readings) and what is derived from them and
    the map alone are keyed by the world number ``w`` and ground once per world, in
    ``name_w``; position facts, and what is derived from them, the world and the
    map alone, are keyed by the position number ``p`` (the rules in ``name_p``,
    ground once per position); the facts of a scope (``scoped``: predicates whose
    facts every question gives, to select what it needs of the position) and what
    is derived from them, the position, the world and the map alone, by the scope
    number ``s`` (the rules in ``name_s``, ground once per position and scope);
    everything else, the shown conclusions always, by the query number ``k``.
    ``name_b`` holds the rules of ``name`` for a batch of questions
    (``MapSession.solve_many``). ``#show name/n`` statements become the list of
    what the query shows (the harness reads those conclusions; nothing is solved).
    With ``shown_from``, a signature is shown only if one of those files defines it
    (or it is in ``ALWAYS_SHOWN``): a query shows its own conclusions, not those of
    the areas it builds on. Only the rules the shown conclusions can depend on are
    kept, given which of its own fact predicates the question gives (``given``; see
    ``slice_rules``). ``facts`` is the game's facts bridge, which names the position
    and world predicates.
    """
    if facts is None:
        raise TypeError("build_part needs the game's facts bridge (facts=game.facts)")
    position = facts.position_signatures() if position is None else position
    statements = parse_statements(files)
    own: frozenset[tuple[str, int]] | None = None
    if shown_from is not None:
        own = _file_heads(shown_from) | ALWAYS_SHOWN
    shown: dict[str, set[int]] = {}
    #: every signature the encodings show, for this query or another
    shown_anywhere: set[tuple[str, int]] = set()
    for n, arity in ALWAYS_SHOWN:
        shown.setdefault(n, set()).add(arity)
    rules: list[ast.AST] = []
    defined: list[ast.AST] = []
    for st in statements:
        t = st.ast_type
        where = f"{st.location.begin.filename}:{st.location.begin.line}"
        if t == ast.ASTType.Program:
            if st.name != "base" or st.parameters:
                raise EncodingError(f"{where}: only the base part is allowed")
            continue
        if t == ast.ASTType.Rule:
            heads = _head_signatures(st)
            for kind, sigs in (("map", static), ("position", position)):
                if heads & sigs:
                    raise EncodingError(f"{where}: a query encoding may not define "
                                        f"{kind} predicates {sorted(heads & sigs)}")
            if st.head.ast_type not in (ast.ASTType.Literal, ast.ASTType.Aggregate,
                                        ast.ASTType.HeadAggregate, ast.ASTType.Disjunction):
                raise EncodingError(f"{where}: unsupported rule head")
            if st.head.ast_type != ast.ASTType.Literal or _is_false(st.head):
                raise EncodingError(
                    f"{where}: encodings must be stratified: no choices, disjunctions or "
                    "integrity constraints"
                )
            rules.append(st)
        elif t == ast.ASTType.ShowSignature:
            sig = (st.name, st.arity)
            if sig in static or sig in position:
                raise EncodingError(f"{where}: only conclusions can be shown, not {sig}")
            shown_anywhere.add(sig)
            if own is None or sig in own:
                shown.setdefault(st.name, set()).add(st.arity)
        elif t == ast.ASTType.Defined:
            sig = (st.name, st.arity)
            if sig in static:
                continue
            defined.append(st.update(arity=st.arity + 1))
        elif t == ast.ASTType.Comment:
            continue
        else:
            raise EncodingError(f"{where}: unsupported statement {t}")
    shown_sigs = {(n, a) for n, arities in shown.items() for a in arities}
    kept = slice_rules(rules, shown_sigs, static | position,
                       None if given is None else given | scoped)
    # A conclusion another query shows, which this part derives for its own use, is
    # renamed in this part: the session's control holds every part, and a #show
    # statement there shows a predicate whichever part derives it, so this part's
    # questions would otherwise output (and pay for) atoms nobody reads.
    derived = set().union(*(_head_signatures(r) for r in kept)) if kept else set()
    hide = {sig: f"{sig[0]}{HIDDEN}" for sig in (shown_anywhere - shown_sigs) & derived}
    if hide:
        hider = _RenameAll(hide)
        kept = [hider.visit(r) for r in kept]
        defined = [st.update(name=hide[(st.name, st.arity - 1)])
                   if (st.name, st.arity - 1) in hide else st for st in defined]
    world = facts.world_signatures() & position
    reads: set[tuple[str, int]] = set()
    for r in kept:
        reads |= _body_signatures(r)[1] & (position - world)
    # Levels: 0 map, 1 world, 2 position, 3 scope, 4 question. A derived predicate
    # takes the highest level of anything its rules read; the query's own facts are of
    # level 4.
    level: dict[tuple[str, int], int] = {sig: 1 for sig in world}
    level.update({sig: 2 for sig in position - world})
    level.update({sig: 3 for sig in scoped})
    info = [(r, _head_signatures(r), _body_signatures(r)[1]) for r in kept]
    heads = set().union(*(h for _, h, _ in info)) if info else set()
    for sig in heads:
        # Shown conclusions are derived for each question (each is output by the
        # grounder once, when it is first derived).
        level[sig] = 4 if sig in shown_sigs else 0
    changed = True
    while changed:
        changed = False
        for _, hs, body in info:
            lv = max((level.get(b, 4 if b not in static else 0) for b in body), default=0)
            for h in hs:
                if level[h] < lv:
                    level[h] = lv
                    changed = True
    # A shown conclusion that one of its rules derives from the position, the world and
    # the map alone (an input error, a Full Retreat due whatever is asked) is derived
    # by that rule once per position (or world), under a name of its own, and only
    # copied for each question: its rule then reads the position's facts once, not
    # once per question.
    split: list[tuple[ast.AST, set[tuple[str, int]], set[tuple[str, int]]]] = []
    copied: set[tuple[str, int]] = set()
    # what makes this part differ from another in the same control, the same in every
    # process (the part's name is numbered per process and a part may come from the cache)
    tag = hashlib.sha1(repr((re.sub(r"_\d+$", "", name), [str(f) for f in files],
                             sorted(given or ()))).encode()).hexdigest()[:10]
    for r, hs, body in info:
        lv = max((level.get(b, 4 if b not in static else 0) for b in body), default=0)
        if lv >= 3 or len(hs) != 1 or not hs <= shown_sigs:
            split.append((r, hs, body))
            continue
        (hname, harity), = hs
        # (named for this part: another part, of this query sliced for other question
        # facts or of another query, may derive the same conclusion from other rules,
        # and all parts' position-level atoms live in one control)
        inner = (f"{hname}__{tag}_{'p' if lv == 2 else 'w'}", harity)
        level[inner] = max(lv, 1)
        split.append((_Rename({(hname, harity): inner[0]})(r), {inner}, body))
        if inner not in copied:
            copied.add(inner)
            split.append((_copy_rule(hname, inner[0], harity), hs, {inner}))
    info = split
    keys: dict[tuple[str, int], ast.AST] = {}
    for sig, lv in level.items():
        if sig in static:
            continue
        keys[sig] = _W if lv <= 1 else {2: _P, 3: _S}.get(lv, _K)
    for _, _, body in info:  # the query's own facts
        for b in body:
            if b not in static and b not in keys:
                keys[b] = _K
    key = _Key(keys)
    out: list[ast.AST] = [ast.Program(_LOC, name, [ast.Id(_LOC, x) for x in "kspw"])]
    out += defined
    wout: list[ast.AST] = [ast.Program(_LOC, f"{name}_w", [ast.Id(_LOC, "w")])]
    pout: list[ast.AST] = [ast.Program(_LOC, f"{name}_p", [ast.Id(_LOC, "p"),
                                                          ast.Id(_LOC, "w")])]
    sout: list[ast.AST] = [ast.Program(_LOC, f"{name}_s", [ast.Id(_LOC, x) for x in "spw"])]
    # The batch part: the numbers are variables, bound per question by q_key/5.
    bkey = _Key({sig: _BATCH_VARS[k.name] for sig, k in keys.items()})
    bout: list[ast.AST] = [ast.Program(_LOC, f"{name}_b", [ast.Id(_LOC, "b")]), *defined]
    for r, hs, _ in info:
        if all(level[h] <= 1 for h in hs):
            wout.append(key(r))
        elif all(level[h] == 2 for h in hs):
            pout.append(key(r))
        elif all(level[h] == 3 for h in hs):
            sout.append(key(r))
        else:
            out.append(key(r))
            keyed = bkey(r)
            bout.append(keyed.update(body=[_Q_KEY, *keyed.body]))
    # The grounder outputs the shown atoms it derives (to the session's observer).
    shows = [ast.ShowSignature(_LOC, n, a + 1, True) for n, a in sorted(shown_sigs)
             if (n, a) in keys]
    out += shows
    bout += shows
    map_reads = frozenset(b for _, _, body in info for b in body if b in static)
    return Part(name, tuple(out), {n: frozenset(a) for n, a in shown.items()},
                frozenset(reads), tuple(wout) if len(wout) > 1 else (), tuple(bout),
                tuple(pout) if len(pout) > 1 else (), map_reads,
                tuple(sout) if len(sout) > 1 else (), frozenset(scoped))


def _part_key(game: Game, query: str, static: frozenset[tuple[str, int]],
              given: frozenset[tuple[str, int]], facts: ModuleType) -> str:
    """What a rewritten part is made from: the encodings (and the harness and facts
    bridge that rewrite them, by file), the map's static signatures and what the
    question gives."""
    from adjudicator import cache

    files = [str(p) for p in (*game.encoding_paths(query), *game.shown_paths(query))]
    files += [__file__, str(facts.__file__)]
    extra = repr((game.id, query, sorted(static), sorted(given),
                  sorted(game.scoped.get(query, ())), clingo.__version__))
    return cache.digest_of_files(files + [extra])


def _cached_part(name: str, game: Game, query: str, static: frozenset[tuple[str, int]],
                 given: frozenset[tuple[str, int]], facts: ModuleType) -> Part:
    """``build_part`` for a query, kept on disk as program text (``adjudicator/cache.py``):
    a fresh process parses the rewritten text instead of rewriting the encodings again.
    A missing, stale or unreadable entry is rebuilt; the answer never depends on it."""
    from adjudicator import cache

    key = _part_key(game, query, static, given, facts)
    data = cache.read_json("part", key)
    if data is not None:
        try:
            return _part_from_text(data, name)
        except (KeyError, TypeError, ValueError, RuntimeError):
            pass
    part = build_part(name, game.encoding_paths(query), static,
                      shown_from=game.shown_paths(query), given=given, facts=facts,
                      scoped=frozenset(game.scoped.get(query, ())))
    cache.write_json("part", key, _part_to_text(part))
    return part


def _part_to_text(part: Part) -> dict:
    return {"name": part.name,
            "shown": {n: sorted(a) for n, a in part.shown.items()},
            "reads": sorted(part.reads),
            "map_reads": sorted(part.map_reads),
            "scoped": sorted(part.scoped),
            **{k: [str(st) for st in getattr(part, k)]
               for k in ("statements", "world", "batch", "position", "scope")}}


def _part_from_text(data: dict, name: str) -> Part:
    old = data["name"]

    def parse(texts: list[str]) -> tuple[ast.AST, ...]:
        out: list[ast.AST] = []
        body = []
        for t in texts:
            if t.startswith(f"#program {old}"):  # the part's own name in this process
                t = f"#program {name}" + t[len(f"#program {old}"):]
            body.append(t)
        ast.parse_string("\n".join(body), out.append)
        # parse_string opens with an implicit "#program base."
        if out and out[0].ast_type == ast.ASTType.Program and out[0].name == "base":
            out = out[1:]
        if len(out) != len(texts):
            raise ValueError("cached part does not parse back statement for statement")
        return tuple(out)

    return Part(name, parse(data["statements"]),
                {n: frozenset(a) for n, a in data["shown"].items()},
                frozenset(tuple(r) for r in data["reads"]), parse(data["world"]),
                parse(data["batch"]), parse(data["position"]),
                frozenset((n, a) for n, a in data["map_reads"]), parse(data["scope"]),
                frozenset((n, a) for n, a in data["scoped"]))


def _is_false(head: ast.AST) -> bool:
    atom = head.atom
    return atom.ast_type == ast.ASTType.BooleanConstant and not atom.value


# --------------------------------------------------------------------------
# Sessions
# --------------------------------------------------------------------------


class _PositionContext:
    """The grounder's context functions for position facts (``position_rules``):
    the data of each position number waiting to be ground."""

    def __init__(self) -> None:
        self.data: dict[int, object] = {}

    def units(self, p: clingo.Symbol) -> list[clingo.Symbol]:
        return self.data[p.number].units

    def flag(self, p: clingo.Symbol, name: clingo.Symbol) -> list[clingo.Symbol]:
        return self.data[p.number].flags.get(name.string, [])

    def other(self, p: clingo.Symbol, name: clingo.Symbol) -> list[clingo.Symbol]:
        return self.data[p.number].other.get(name.string, [])


@dataclass
class Question:
    """One question of a batch (``MapSession.solve_many``): the position, the
    readings, the question's own facts and its window (as ``MapSession.solve``)."""

    sc: Scenario
    readings: dict[str, str]
    extra: list[clingo.Symbol]
    window: frozenset[str] | None = None
    extra_facts: list[Fact] = ()
    scope: frozenset[clingo.Symbol] = frozenset()


class _MapContext:
    """The map facts as the grounder fetches them: ``rules`` makes each map atom from
    the list of its predicate's symbols (``atoms``)."""

    def __init__(self, groups: dict[tuple[str, int], list[clingo.Symbol]]) -> None:
        self.groups = groups

    def rules(self) -> str:
        lines = []
        for name, arity in sorted(self.groups):
            if arity == 0:
                lines.append(f"{name}.")
                continue
            atom = f"{name}({','.join(f'X{i}' for i in range(arity))})"
            lines.append(f'{atom} :- {atom} = @atoms("{name}",{arity}).')
        return "\n".join(lines)

    def atoms(self, name: clingo.Symbol, arity: clingo.Symbol) -> list[clingo.Symbol]:
        return self.groups[(name.string, arity.number)]


class MapSession:
    """One ground map and the queries answered over it."""

    def __init__(self, game: Game, map_groups: dict[tuple[str, int], list[clingo.Symbol]]):
        self.game = game
        self.facts = facts = game.facts
        self.ctl = clingo.Control(["--warn=none"])
        # Only the shown atoms of the questions are output (none of the map's).
        self.ctl.add("base", [], "#show.")
        self.output = _Output()
        self.ctl.register_observer(self.output)
        t0 = time.perf_counter()
        # The map facts are handed to the grounder as symbols, one list per predicate
        # (about twice as fast as adding them atom by atom through the backend).
        maps = _MapContext(map_groups)
        self.ctl.add("map_facts", [], maps.rules())
        self.ctl.ground([("base", []), ("map_facts", [])], context=maps)
        #: the static encodings' rules, ground when a query part first reads what they
        #: define (``_ground_static``), and the predicates ground so far
        self.static_rules = _static_rules(game)
        self.static_ground: set[tuple[str, int]] = set()
        self.static_parts = 0
        self.static: frozenset[tuple[str, int]] = frozenset(
            (name, arity) for name, arity, _ in self.ctl.symbolic_atoms.signatures
        ) | facts.map_signatures() | _static_signatures(game)
        self.setup_s = time.perf_counter() - t0
        self.parts: dict[tuple[str, frozenset[tuple[str, int]]], Part] = {}
        #: position key -> (scenario, position number, predicates added)
        self.positions: OrderedDict[tuple, tuple[Scenario, int, set[str]]] = OrderedDict()
        self.count = 0
        self.npos = 0
        #: question, position and world numbers are drawn from one series, so that no
        #: number names two things: a predicate keyed by the position in one query part
        #: and by the question in another never mixes the two
        self.serial = 0
        #: world key -> world number; (world part, world number) already ground
        self.worlds: dict[tuple, int] = {}
        self.world_done: set[tuple[str, int]] = set()
        #: (position part, position number) already ground
        self.position_done: set[tuple[str, int]] = set()
        #: (position number, scope facts) -> scope number; (scope part, scope number)
        #: already ground
        self.scopes: dict[tuple[int, frozenset[clingo.Symbol]], int] = {}
        self.scope_done: set[tuple[str, int]] = set()
        #: position facts waiting to be ground, the parts that make them, interned symbols
        self.pos_context = _PositionContext()
        self.position_parts: dict[frozenset[str], str] = {}
        self.symbols = facts.Symbols()
        #: batch parts added to the control, and the number of the last batch
        self.batch_added: set[str] = set()
        self.batches = 0

    def part(self, query: str, given: frozenset[tuple[str, int]] = frozenset()) -> Part:
        """The program part of a query, for questions that give facts of the
        predicates ``given``, added to the session once."""
        if (query, given) not in self.parts:
            key = (self.game.id, query, self.static, given, self.game.scoped.get(query, ()))
            part = _PARTS.get(key)
            if part is None:
                # (a part's name is an identifier: "retreat-nolos" -> q_retreat_nolos_<n>)
                name = f"q_{re.sub(r'[^A-Za-z0-9_]', '_', query)}_{len(_PARTS)}"
                part = _PARTS[key] = _cached_part(name, self.game, query, self.static,
                                                  given, self.facts)
            self._ground_static(part)
            with ast.ProgramBuilder(self.ctl) as builder:
                for st in (*part.statements, *part.world, *part.position, *part.scope):
                    builder.add(st)
            self.parts[(query, given)] = part
        return self.parts[(query, given)]

    def _ground_static(self, part: Part) -> None:
        """Ground the static rules the part's rules read, and what those rules read in
        turn, before the part: each static predicate with all its rules, once per
        session. (A question that reads no line-of-supply step never grounds the map's
        supply steps.) The static encodings are stratified and read map facts only, so
        what they derive is the same as when all of them are ground at once."""
        rules = self.static_rules
        needed = {sig for sig in part.map_reads if sig in rules.defines} - self.static_ground
        if not needed:
            return
        todo = list(needed)
        while todo:  # what the needed predicates' rules read, in turn
            sig = todo.pop()
            for i in rules.defines[sig]:
                for b in rules.body[i]:
                    if b in rules.defines and b not in needed and b not in self.static_ground:
                        needed.add(b)
                        todo.append(b)
        new = [r for i, r in enumerate(rules.rules) if rules.heads[i] & needed]
        self.static_ground |= needed
        self.static_parts += 1
        name = f"static_{self.static_parts}"
        with ast.ProgramBuilder(self.ctl) as builder:
            builder.add(ast.Program(_LOC, name, []))
            for r in new:
                builder.add(r)
        self.ctl.ground([(name, [])])

    def position(self, sc: Scenario, readings: dict[str, str],
                 reads: frozenset[tuple[str, int]] | None = None,
                 window: frozenset[str] | None = None,
                 pending: list[tuple[str, list[clingo.Symbol]]] | None = None) -> int:
        """The number of this position (and readings, and window) in the session.
        Its facts are added, keyed by that number, when a question first reads them
        (only those of the predicates ``reads``, all if None; only the units and
        control of the places in ``window``, all if None). With ``pending``, the
        part that makes them is appended to it, for the caller to ground (with the
        session's ``pos_context``) together with its own, instead of being ground
        now."""
        key = (id(sc), tuple(sorted(readings.items())), window)
        hit = self.positions.get(key)
        if hit is not None and hit[0] is sc:
            self.positions.move_to_end(key)
            p, added = hit[1], hit[2]
        else:
            self.npos += 1
            p = self._number()
            added = set()
            self.positions[key] = (sc, p, added)
            while len(self.positions) > MAX_POSITIONS:
                self.positions.popitem(last=False)
        if reads is None:
            reads = self.facts.position_signatures() - self.facts.world_signatures()
        names = {n for n, _ in reads}
        missing = frozenset(names - added)
        if missing:
            # The grounder fetches the facts as symbols from the session's context
            # (one tuple per unit, made of interned symbols): several times faster
            # than parsing them as text, or adding them atom by atom.
            if p in self.pos_context.data:
                raise EncodingError(f"position {p}: facts already waiting to be ground")
            self.pos_context.data[p] = self.facts.position_data(sc, missing, window,
                                                                self.symbols)
            ground = (self._position_part(missing), [clingo.Number(p)])
            if pending is not None:
                pending.append(ground)
            else:
                try:
                    self.ctl.ground([ground], context=self.pos_context)
                finally:
                    self.pos_context.data.pop(p, None)
            added |= missing
        return p

    def _number(self) -> int:
        self.serial += 1
        return self.serial

    def _position_part(self, names: frozenset[str]) -> str:
        """The part ``pos_<n>(p)`` that makes the position facts of ``names``."""
        part = self.position_parts.get(names)
        if part is None:
            part = self.position_parts[names] = f"pos_{len(self.position_parts) + 1}"
            self.ctl.add(part, ["p"], self.facts.position_rules(names))
        return part

    def world(self, sc: Scenario, readings: dict[str, str]) -> int:
        """The number of the position's world (turn, weather, phasing side and
        readings); its facts are added the first time."""
        F = self.facts
        key = F.world_key(sc, readings)
        w = self.worlds.get(key)
        if w is None:
            w = self.worlds[key] = self._number()
            names = frozenset(n for n, _ in F.world_signatures())
            part = f"world_{w}"
            self.ctl.add(part, [], F.facts_text(F.position_facts(sc, readings, names), key=w))
            self.ctl.ground([(part, [])])
        return w

    def _given(self, extra: list[clingo.Symbol], extra_facts: list[Fact]
               ) -> frozenset[tuple[str, int]]:
        """The predicates of a question's own facts (checked: none is a map or
        position predicate)."""
        fact_sigs = {(cls.meta.name, cls.meta.arity) for cls in {c for c, _ in extra_facts}}
        given_sigs = frozenset({(s.name, len(s.arguments)) for s in extra} | fact_sigs)
        position = self.facts.position_signatures()
        if given_sigs & (position | self.static):
            raise EncodingError(f"{sorted(given_sigs & (position | self.static))}"
                                ": a query's own facts may not be map or position facts")
        return given_sigs

    def _scope_facts(self, query: str, part: Part, scope: Iterable[clingo.Symbol]
                     ) -> frozenset[clingo.Symbol]:
        """A question's scope facts, checked against the scope its query declares."""
        facts = frozenset(scope)
        sigs = {(f.name, len(f.arguments)) for f in facts}
        if not sigs <= part.scoped:
            raise EncodingError(f"query {query!r} takes no scope facts {sorted(sigs - part.scoped)}"
                                f" (its scope: {sorted(part.scoped) or 'none'})")
        if part.scoped and not facts:
            raise EncodingError(f"query {query!r} needs its scope facts "
                                f"({sorted(part.scoped)}) with every question")
        return facts

    def _numbers(self, part: Part, sc: Scenario, readings: dict[str, str],
                 extra: list[clingo.Symbol], window: frozenset[str] | None,
                 pending: list[tuple[str, list[clingo.Symbol]]] | None = None,
                 scope: frozenset[clingo.Symbol] = frozenset(),
                 ) -> tuple[int, int, int, int]:
        """A new question's (k, s, p, w): its world part ground, its position facts,
        its scope facts and its own symbols added (the position and scope parts
        appended to ``pending`` if given, see ``position``). ``s`` is 0 for a part
        with no scope."""
        w = self.world(sc, readings)
        if part.world and (part.world_name, w) not in self.world_done:
            # What the map and the world decide is ground once per world.
            self.ctl.ground([(part.world_name, [clingo.Number(w)])])
            self.world_done.add((part.world_name, w))
        p = self.position(sc, readings, part.reads, window, pending)
        if part.position:
            # What the position decides (with the map and world) is ground once for
            # all the questions about it, in the same call as the first of them.
            self._ground_once(self.position_done, part.position_name, (p, w), pending)
        s = 0
        if part.scoped:
            # What the position and the scope decide is ground once per position and
            # scope (the questions of a scope share its number).
            s = self.scopes.get((p, scope), 0)
            if not s:
                s = self.scopes[(p, scope)] = self._number()
                self._add_keyed(s, sorted(scope))
            if part.scope:
                self._ground_once(self.scope_done, part.scope_name, (s, p, w), pending)
        self.count += 1
        k = self._number()
        self._add_keyed(k, extra)
        return k, s, p, w

    def _ground_once(self, done: set[tuple[str, int]], name: str, numbers: tuple[int, ...],
                     pending: list[tuple[str, list[clingo.Symbol]]] | None) -> None:
        """Ground the part ``name(numbers)`` unless ``done`` notes it (by its first
        number), now or, with ``pending``, in the caller's ground call."""
        if (name, numbers[0]) in done:
            return
        ground = (name, [clingo.Number(n) for n in numbers])
        if pending is not None:
            pending.append(ground)
        else:
            self.ctl.ground([ground])
        done.add((name, numbers[0]))

    def _add_keyed(self, number: int, facts: Iterable[clingo.Symbol]) -> None:
        """Add ``facts`` to the program, each keyed by ``number`` (its new first argument)."""
        facts = list(facts)
        if not facts:
            return
        n = clingo.Number(number)
        with self.ctl.backend() as backend:
            for f in facts:
                backend.add_rule([backend.add_atom(
                    clingo.Function(f.name, [n, *f.arguments], f.positive))])

    def solve(self, query: str, sc: Scenario, readings: dict[str, str],
              extra: list[clingo.Symbol], window: frozenset[str] | None = None,
              extra_facts: list[Fact] = (), scope: Iterable[clingo.Symbol] = ()) -> Answer:
        """Ground one query for the position ``sc`` under ``readings`` (seeing only
        the units in ``window``, if given); ``extra`` and ``extra_facts`` are the
        question's own facts (as symbols, or as (class, values) pairs), ``scope`` its
        scope facts (symbols of the predicates its query declares as scoped)."""
        t0 = time.perf_counter()
        part = self.part(query, self._given(extra, extra_facts))
        facts = self._scope_facts(query, part, scope)
        # The position's facts (if new) are ground in the same call as the query.
        positions: list[tuple[str, list[clingo.Symbol]]] = []
        k, s, p, w = self._numbers(part, sc, readings, extra, window, positions, facts)
        parts = [*positions, (part.name, [clingo.Number(x) for x in (k, s, p, w)])]
        if extra_facts:
            self.ctl.add(f"x_{k}", [], self.facts.facts_text(extra_facts, key=k))
            parts.insert(0, (f"x_{k}", []))
        atoms = self._ground(parts, positions)
        return Answer(atoms, part.shown, ground_s=time.perf_counter() - t0)

    def _ground(self, parts: list[tuple[str, list[clingo.Symbol]]],
                positions: list[tuple[str, list[clingo.Symbol]]]
                ) -> list[tuple[clingo.Symbol, int]]:
        """Ground ``parts`` (the ``positions`` parts among them, whose facts the
        session's context hands over) and return the shown atoms they output."""
        self.output.take()
        try:
            self.ctl.ground(parts, context=self.pos_context)
        except BaseException:
            # A position noted as added was not ground: renew the session.
            self.count = MAX_QUERIES
            raise
        finally:
            for _, args in positions:
                self.pos_context.data.pop(args[0].number, None)
        return self.output.take()

    def solve_many(self, query: str, questions: list[Question]) -> list[Answer]:
        """Ground several questions of one query in one ground call, through the
        query's batch part: each rule is instantiated once for all of them. The
        part is the one for every fact predicate any question gives (a rule whose
        facts a question lacks derives nothing for it). One answer per question,
        in order."""
        t0 = time.perf_counter()
        given = frozenset().union(*(self._given(q.extra, q.extra_facts) for q in questions))
        part = self.part(query, given)
        if part.batch_name not in self.batch_added:
            with ast.ProgramBuilder(self.ctl) as builder:
                for st in part.batch:
                    builder.add(st)
            self.batch_added.add(part.batch_name)
        b = self.batches = self.batches + 1
        lines: list[str] = []
        keys: list[int] = []
        positions: list[tuple[str, list[clingo.Symbol]]] = []
        for q in questions:
            # Position facts are ground with the batch.
            k, s, p, w = self._numbers(part, q.sc, q.readings, q.extra, q.window, positions,
                                       self._scope_facts(query, part, q.scope))
            keys.append(k)
            if q.extra_facts:
                lines.append(self.facts.facts_text(q.extra_facts, key=k))
            lines.append(f"q_key({b},{k},{s},{p},{w}).")
        self.ctl.add(f"xb_{b}", [], "\n".join(lines))
        shown = self._ground(
            [*positions, (f"xb_{b}", []), (part.batch_name, [clingo.Number(b)])], positions)
        # Each atom's first argument is its question's number. (The session shows
        # the conclusions of every query part it holds; atoms of other names, which
        # this part derives for its own use, are left out.)
        found: dict[int, tuple[list[tuple[clingo.Symbol, int]], list[str]]] = {
            k: ([], []) for k in keys}
        for sym, lit in shown:
            text = str(sym)
            cut = text.find("(")
            if text[:cut] not in part.shown:
                continue
            end = text.find(",", cut)
            atoms, texts = found[int(text[cut + 1:end if end >= 0 else -1])]
            atoms.append((sym, lit))
            texts.append(text)
        share = (time.perf_counter() - t0) / max(1, len(questions))
        return [Answer(found[k][0], part.shown, ground_s=share, texts=found[k][1])
                for k in keys]


def _static_heads(game: Game) -> frozenset[tuple[str, int]]:
    """Predicates the static encodings define (known even when none is derived)."""
    return _file_heads(game.static_paths())


@dataclass(frozen=True)
class _StaticRules:
    """The rules of a game's static encodings, with what each defines and reads."""

    rules: tuple[ast.AST, ...]
    heads: tuple[frozenset[tuple[str, int]], ...]
    body: tuple[frozenset[tuple[str, int]], ...]
    #: predicate -> the rules (by index) that define it
    defines: dict[tuple[str, int], tuple[int, ...]]


_STATIC: dict[tuple[str, ...], _StaticRules] = {}


def _static_rules(game: Game) -> _StaticRules:
    """The rules of the game's static encodings (parsed once per process)."""
    files = tuple(str(f) for f in game.static_paths())
    hit = _STATIC.get(files)
    if hit is None:
        statements: list[ast.AST] = []
        if files:
            ast.parse_files(list(files), statements.append)
        rules, heads, body = [], [], []
        defines: dict[tuple[str, int], list[int]] = {}
        for st in statements:
            if st.ast_type == ast.ASTType.Rule:
                for h in _head_signatures(st):
                    defines.setdefault(h, []).append(len(rules))
                rules.append(st)
                heads.append(frozenset(_head_signatures(st)))
                body.append(frozenset(_body_signatures(st)[1]))
            elif st.ast_type not in (ast.ASTType.Program, ast.ASTType.Comment):
                where = f"{st.location.begin.filename}:{st.location.begin.line}"
                raise EncodingError(f"{where}: a static encoding holds rules only (it "
                                    "is ground a predicate at a time, as queries need it)")
        hit = _STATIC[files] = _StaticRules(tuple(rules), tuple(heads), tuple(body),
                                            {k: tuple(v) for k, v in defines.items()})
    return hit


def _static_signatures(game: Game) -> frozenset[tuple[str, int]]:
    """Every predicate the static encodings name, in a head or a body."""
    rules = _static_rules(game)
    return frozenset().union(*rules.heads, *rules.body) if rules.rules else frozenset()


def _file_heads(paths: Iterable[Path]) -> frozenset[tuple[str, int]]:
    """Predicates the rules of these encodings define."""
    statements = parse_statements(paths)
    heads: set[tuple[str, int]] = set()
    for st in statements:
        if st.ast_type == ast.ASTType.Rule:
            heads |= _head_signatures(st)
    return frozenset(heads)


#: Rewritten parts, kept across sessions: (game, query, static signatures, given
#: predicates, scope predicates) -> part.
_PARTS: dict[tuple, Part] = {}
_SESSIONS: OrderedDict[tuple[str, str], MapSession] = OrderedDict()
_LOCK = threading.RLock()


def session_for(game: Game, m: MapSpec) -> MapSession:
    """The session for this game and map: made once, renewed when it has aged."""
    facts = game.facts
    key = (game.id, facts.map_digest(m))
    with _LOCK:
        s = _SESSIONS.get(key)
        if s is None or s.count >= MAX_QUERIES:
            s = MapSession(game, facts.map_symbol_groups(m))
            _SESSIONS[key] = s
        _SESSIONS.move_to_end(key)
        while len(_SESSIONS) > MAX_SESSIONS:
            _SESSIONS.popitem(last=False)
        return s


def session_stats() -> dict[str, int]:
    """How many sessions exist and how many queries they have answered."""
    return {"sessions": len(_SESSIONS), "queries": sum(s.count for s in _SESSIONS.values())}


class Solver:
    def __init__(self, game: Game | str):
        self.game = get_game(game) if isinstance(game, str) else game

    def readings_for(self, sc: Scenario) -> dict[str, str]:
        """The default reading of every disputed rule, overridden by the scenario."""
        return {**self.game.default_readings(), **sc.readings}

    def solve(
        self,
        sc: Scenario,
        query: str,
        extra: Iterable[Predicate | clingo.Symbol | Fact] = (),
        readings: dict[str, str] | None = None,
        window: Iterable[str] | None = None,
        scope: Iterable[Predicate | clingo.Symbol] = (),
    ) -> Answer:
        """Answer ``query`` for the position; ``extra`` are the query's own facts
        (clorm instances, clingo symbols, or (predicate class, values) pairs, which
        are added as text).

        ``window``: the hexes and entry areas whose units (and control) the question
        can depend on, for a query that reads only part of the map; only their facts
        are added. The query module that gives one says why it is enough. Hexes that
        hold units of both sides are always added, so that the position's input
        errors are reported as without a window.

        ``scope``: the question's scope facts, for a query whose game declares a scope
        (``Game.scoped``): they select what the question needs of the position (which
        side's Lines of Supply, say), and what depends on the position and the scope
        alone is ground once for all questions with the same scope.
        """
        clock.check()
        chosen = {**self.readings_for(sc), **(readings or {})}
        seen = _window(sc, window)
        with _LOCK:
            session = session_for(self.game, sc.map)
            items = list(extra)
            facts = [i for i in items if isinstance(i, tuple)]
            syms = _to_symbols(i for i in items if not isinstance(i, tuple))
            answer = session.solve(query, sc, chosen, syms, seen, facts, _to_symbols(scope))
        self._raise_errors(sc, answer)
        return answer

    def solve_many(
        self,
        query: str,
        questions: Iterable[tuple[Scenario, Iterable[Predicate | clingo.Symbol | Fact],
                                  Iterable[str] | None]],
        readings: dict[str, str] | None = None,
    ) -> list[Answer]:
        """Answer several questions of one query at once: each is a (position, its own
        facts, window or None) triple, as ``solve`` takes them, or a quadruple with the
        question's scope facts last. The answers are the
        same as ``solve`` would give one by one; grounding them together is faster.
        Positions on different maps are answered map by map."""
        clock.check()
        items = list(questions)
        by_map: dict[str, list[int]] = {}
        for i, (sc, *_) in enumerate(items):
            by_map.setdefault(self.game.facts.map_digest(sc.map), []).append(i)
        answers: list[Answer | None] = [None] * len(items)
        for idx in by_map.values():
            clock.check()
            batch = []
            for i in idx:
                sc, extra, window, *scope = items[i]
                chosen = {**self.readings_for(sc), **(readings or {})}
                extra = list(extra)
                batch.append(Question(
                    sc, chosen, _to_symbols(e for e in extra if not isinstance(e, tuple)),
                    _window(sc, window), [e for e in extra if isinstance(e, tuple)],
                    frozenset(_to_symbols(scope[0])) if scope else frozenset()))
            with _LOCK:
                session = session_for(self.game, items[idx[0]][0].map)
                for i, ans in zip(idx, session.solve_many(query, batch), strict=True):
                    answers[i] = ans
        for (sc, *_), ans in zip(items, answers, strict=True):
            self._raise_errors(sc, ans)
        return answers

    @staticmethod
    def _raise_errors(sc: Scenario, answer: Answer) -> None:
        problems = []
        for s in answer.by_name("error", 3):
            kind, ident, msg = s.arguments
            path = _error_path(sc, kind.name, ident.string)
            problems.append(Problem(sc.source, line_of(sc, path), format_path(path), msg.string))
        if problems:
            raise InputError(problems)


def _window(sc: Scenario, window: Iterable[str] | None) -> frozenset[str] | None:
    """The places whose units a question sees: its window and every hex that holds
    units of both sides (so that the 29.1.1 input error is always reported)."""
    if window is None:
        return None
    sides: dict[str, set[str]] = {}
    for u in sc.units:
        sides.setdefault(u.hex, set()).add(u.side)
    return frozenset(window) | {h for h, ss in sides.items() if len(ss) > 1}


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
