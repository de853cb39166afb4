"""Grounds Streets of Stalingrad's rule encodings for one question: the position's facts
(``facts.rule_facts``), the question's own facts, and the encodings the game registers
for that query (``Game.queries``, with ``asp/sos/show.lp``). The encodings are
stratified, so grounding decides every conclusion (checked: an undecided conclusion is a
bug and raises); ``error/3`` atoms become the usual
``FILE:LINE: PATH: message`` problems."""

from __future__ import annotations

from collections import defaultdict

import clingo

from adjudicator.errors import InputError, Problem
from adjudicator.games import get_game
from adjudicator.games.sos import facts
from adjudicator.scenario import Scenario, format_path, line_of


class Atoms:
    """The shown atoms of one answer, by name, as plain Python values."""

    def __init__(self, symbols: list[clingo.Symbol]):
        self.by: dict[str, list[tuple]] = defaultdict(list)
        for s in symbols:
            self.by[s.name].append(tuple(_value(a) for a in s.arguments))

    def rows(self, name: str) -> list[tuple]:
        return sorted(self.by.get(name, []), key=str)


def _value(sym: clingo.Symbol):
    if sym.type == clingo.SymbolType.String:
        return sym.string
    if sym.type == clingo.SymbolType.Number:
        return sym.number
    if sym.type == clingo.SymbolType.Function and not sym.arguments:
        return sym.name.replace("_", "-")
    return str(sym)


def solve(sc: Scenario, query: str, extra: list[str] | None = None, chart=None) -> Atoms:
    game = get_game("sos")
    ctl = clingo.Control(["--warn=none"])
    for path in game.encoding_paths(query):
        ctl.load(str(path))
    ctl.add("base", [], "\n".join(facts.rule_facts(sc, chart) + (extra or [])))
    ctl.ground([("base", [])])
    symbols: list[clingo.Symbol] = []
    ctl.solve(on_model=lambda m: symbols.extend(m.symbols(shown=True)))
    undecided = [s for s in symbols if not ctl.symbolic_atoms[s].is_fact]
    if undecided:  # an encoding that is not stratified: a bug, never an answer
        raise RuntimeError(f"sos/{query}: grounding left {undecided[0]} undecided")
    atoms = Atoms(symbols)
    errors = atoms.rows("error")
    if errors:
        raise InputError([_problem(sc, kind, ident, msg) for kind, ident, msg in errors])
    return atoms


def _problem(sc: Scenario, kind: str, ident: str, message: str) -> Problem:
    if kind == "unit":
        i = next((n for n, u in enumerate(sc.units) if u.id == ident), None)
        path = ("units", i) if i is not None else ("units",)
    else:
        path = ("map", "hexes", ident)
    return Problem(str(sc.source), line_of(sc, path), format_path(path), message)
