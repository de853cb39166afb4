"""Differential tests: the reference (adjudicator.games.s42.reference) against the ASP adjudicator.

On random small positions (adjudicator.games.s42.generate.small_position) both sides must agree
exactly, answer by answer: for ZOC the sides exerting a ZOC into every hex and the units
that exert none; for bonds every bond of both sides with its kind, ends and whether it is
negated or broken, under the default reading of every disputed rule and under each other
named reading. ``HYPOTHESIS_PROFILE=slow`` runs many more examples.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.s42.generate import scenario, small_position
from adjudicator.games.s42.queries.bonds import bonds as asp_bonds
from adjudicator.games.s42.queries.zoc import zoc as asp_zoc
from adjudicator.games.s42.reference.bonds import bonds as ref_bonds
from adjudicator.games.s42.reference.zoc import zoc as ref_zoc
from adjudicator.solver import Solver
from bench.compare import bond_table

SOLVER = Solver("s42")
#: The default profile keeps the whole differential suite well under a minute on 2 cores;
#: HYPOTHESIS_PROFILE=slow runs the registered profile's many examples instead.
FAST = os.environ.get("HYPOTHESIS_PROFILE", "default") == "default"


def examples(n: int):
    return settings(max_examples=n) if FAST else (lambda f: f)


seeds = st.integers(min_value=0, max_value=2**32 - 1)


def test_generated_positions_are_not_trivial():
    """The generator must give the comparison something to disagree about."""
    kinds, negated, broken = set(), 0, 0
    for seed in range(40):
        for b in ref_bonds(scenario(small_position(seed))):
            kinds.add(b.kind)
            negated += b.negated
            broken += b.broken
    assert kinds == {"hex", "hexside", "edge"}
    assert negated and broken


@examples(15)
@given(seeds)
def test_zoc_agrees(seed):
    sc = scenario(small_position(seed))
    asp, ref = asp_zoc(sc, SOLVER), ref_zoc(sc)
    assert asp.zoc == ref.zoc
    assert {n.unit for n in asp.no_zoc} == set(ref.no_zoc)


@pytest.mark.parametrize("readings", [
    {}, {"7.1": "vacant"}, {"7.5": "one-edge-hex"}, {"7.6.1": "strict"},
], ids=["defaults", "7.1-vacant", "7.5-one-edge-hex", "7.6.1-strict"])
@examples(8)
@given(seed=seeds)
def test_bonds_agree(readings, seed):
    sc = scenario(small_position(seed))
    asp = bond_table(asp_bonds(sc, SOLVER, readings=readings).bonds)
    ref = bond_table(ref_bonds(sc, readings))
    assert asp == ref
