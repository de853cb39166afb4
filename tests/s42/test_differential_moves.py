"""Differential tests for Movement Phase reach (chapter 5): the plain-Python reference
(adjudicator/games/s42/reference/moves.py) against the ASP adjudicator.

A random position from the generator; for a random unit of the phasing side, and for
the stack it stands in, both must give the same places it may end in by normal,
Extended and Tactical movement, with the same MPs (hexes) left at best, under the
default readings and each other reading of 23.2.4 and 13.3.1.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from adjudicator.games.s42.generate import scenario, small_position
from adjudicator.games.s42.queries.moves import moves as asp_moves
from adjudicator.games.s42.reference.bonds import bonds as ref_bonds
from adjudicator.games.s42.reference.moves import moves as ref_moves
from adjudicator.solver import Solver
from bench.compare import double_edge_bond

SOLVER = Solver("s42")
FAST = os.environ.get("HYPOTHESIS_PROFILE", "default") == "default"
seeds = st.integers(min_value=0, max_value=2**32 - 1)
MP_MODES = ("normal", "extended", "tactical")


def examples(n: int):
    return settings(max_examples=n, deadline=None) if FAST else (lambda f: f)


def question(seed: int, stack: bool):
    data = small_position(seed, alpine_hexes=False)
    sc = scenario(data)
    rng = random.Random(seed)
    mine = [u for u in sc.units if u.side == sc.phasing]
    if not mine:
        return None
    u = rng.choice(mine)
    units = [v.id for v in sc.units_at(u.hex) if v.side == u.side] if stack else [u.id]
    return sc, units


def asp_table(sc, units, readings):
    a = asp_moves(sc, units, solver=SOLVER, readings=readings)
    states = {}
    for s in a.ends:
        for mode in (s.mode, *s.also):
            if mode in MP_MODES:
                states.setdefault(mode, set()).add(s.place)
    return {m: states.get(m, set()) for m in MP_MODES}


def ref_table(sc, units, readings):
    r = ref_moves(sc, units, readings)
    return {m: r.places(m) for m in MP_MODES}


def in_scope(sc) -> bool:
    return not double_edge_bond(ref_bonds(sc))


def test_generated_moves_are_not_trivial():
    sizes = set()
    for seed in range(30):
        q = question(seed, False)
        if q and in_scope(q[0]):
            r = ref_moves(*q)
            sizes.add(len(r.places("normal")) > 3)
    assert sizes == {True, False}


@pytest.mark.parametrize("readings", [
    {}, {"23.2.4": "full-extended"}, {"13.3.1": "pay"},
], ids=["defaults", "23.2.4-full-extended", "13.3.1-pay"])
@pytest.mark.parametrize("stack", [False, True], ids=["unit", "stack"])
@examples(8)
@given(seed=seeds)
def test_moves_agree(readings, stack, seed):
    q = question(seed, stack)
    assume(q is not None and in_scope(q[0]))
    sc, units = q
    assert asp_table(sc, units, readings) == ref_table(sc, units, readings)
