"""Differential tests for retreats (chapter 12): reference against the ASP adjudicator.

For a random stack in a random position and a retreat of 2, 3 or 4 hexes, both must agree
whether the stack is eliminated whatever it does and on the set of end hexes (or entry
areas) it may survive in, under each reading of 12.2.

Scope: stacks without mountain units. The adjudicator follows each unit of a stack on its
own (a mountain unit may cross alpine hexsides its stack-mates may not, and which units
reach an end decides whether paying steps there leaves anyone alive); the reference moves
the stack as one, which is exact only when all its units move alike.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from adjudicator.games.s42.generate import scenario, small_position
from adjudicator.games.s42.queries.retreat import retreats as asp_retreats
from adjudicator.games.s42.reference.bonds import bonds as ref_bonds
from adjudicator.games.s42.reference.retreat import retreats as ref_retreats
from adjudicator.solver import Solver
from bench.compare import double_edge_bond, retreat_table

SOLVER = Solver("s42")
FAST = os.environ.get("HYPOTHESIS_PROFILE", "default") == "default"
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def examples(n: int):
    return settings(max_examples=n) if FAST else (lambda f: f)


def pick(seed: int):
    """A position, one stack in it (one side, a combat unit, no mountain unit), a length."""
    sc = scenario(small_position(seed))
    rng = random.Random(seed)
    hexes = sorted({u.hex for u in sc.units if u.hex in sc.map.hexes and u.is_combat
                    and len({v.side for v in sc.units_at(u.hex)}) == 1
                    and all(v.type != "mountain" for v in sc.units_at(u.hex))})
    if not hexes:
        return sc, None, 0
    return sc, rng.choice(hexes), rng.choice((2, 3, 4))


def test_generated_retreats_are_not_trivial():
    kinds, dead = set(), 0
    for seed in range(40):
        sc, h, n = pick(seed)
        if h:
            r = ref_retreats(sc, h, n)
            dead += r.eliminated
            kinds |= {o.kind for o in r.options}
    assert dead and kinds == {"full", "extra", "entry", "pay", "city"}


@pytest.mark.parametrize("readings", [{}, {"12.2": "farther"}],
                         ids=["defaults", "12.2-farther"])
@examples(10)
@given(seed=seeds)
def test_retreat_agrees(readings, seed):
    sc, h, n = pick(seed)
    assume(h is not None and not double_edge_bond(ref_bonds(sc)))
    asp = asp_retreats(sc, h, n, solver=SOLVER, readings=readings)
    assert retreat_table(asp) == retreat_table(ref_retreats(sc, h, n, readings))
