"""Differential tests for supply (chapter 16): reference against the ASP adjudicator.

Every unit's status (in supply, out of supply, isolated) must agree on random positions,
under the default readings and each other named reading of 16.3.1, 16.3.2 and 16.2.2.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from adjudicator.games.s42.generate import scenario, small_position
from adjudicator.games.s42.queries.supply import supply as asp_supply
from adjudicator.games.s42.reference.bonds import bonds as ref_bonds
from adjudicator.games.s42.reference.supply import supply as ref_supply
from adjudicator.solver import Solver
from bench.compare import double_edge_bond, supply_table

SOLVER = Solver("s42")
FAST = os.environ.get("HYPOTHESIS_PROFILE", "default") == "default"
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def examples(n: int):
    return settings(max_examples=n) if FAST else (lambda f: f)


def test_generated_positions_give_every_status():
    seen = set()
    for seed in range(30):
        sc = scenario(small_position(seed))
        seen |= set(supply_table(ref_supply(sc)).values())
    assert seen == {"in-supply", "out-of-supply", "isolated"}


@pytest.mark.parametrize("readings", [
    {}, {"16.3.1": "first-road-hex-road"}, {"16.3.2": "volga-open"},
    {"16.2.2": "entry-area-counts"},
], ids=["defaults", "16.3.1-road", "16.3.2-volga-open", "16.2.2-counts"])
@examples(8)
@given(seed=seeds)
def test_supply_agrees(readings, seed):
    sc = scenario(small_position(seed))
    assume(not double_edge_bond(ref_bonds(sc)))
    asp = supply_table(asp_supply(sc, SOLVER, readings=readings).units)
    assert asp == supply_table(ref_supply(sc, readings))
