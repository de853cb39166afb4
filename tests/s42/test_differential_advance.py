"""Differential tests for Advance After Combat (chapter 14): reference against the ASP
adjudicator.

A random attack in a random position: the defender's hex is emptied (it retreated or died)
and the Good Order combat units next to it advance with a random Adv number; for every
unit both must give the same set of hexes (and entry areas) it may end its advance in,
under each reading of 14.2.1 and 9.5.3.

Scope: every generated position without two edge bonds from one hex into one Entry
Area (bench.compare.double_edge_bond: the adjudicator keys a bond by its ends). Roads
and railroads over rivers are in scope: over a Major River both sides take them as
bridges (5.2); over the Volga neither does, since only its ferries and the Saratov rail
bridge are crossing sites (5.5.3, the ruling in test_differential_rulings.py).
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from adjudicator.games.s42.generate import scenario, small_position
from adjudicator.games.s42.queries.advance import advances as asp_advances
from adjudicator.games.s42.reference.advance import advances as ref_advances
from adjudicator.games.s42.reference.bonds import bonds as ref_bonds
from adjudicator.solver import Solver
from bench.compare import advance_table, double_edge_bond

SOLVER = Solver("s42")
FAST = os.environ.get("HYPOTHESIS_PROFILE", "default") == "default"
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def examples(n: int):
    return settings(max_examples=n) if FAST else (lambda f: f)


def attack(seed: int):
    """(position after the defender left, vacated hex, advancing unit ids, Adv) or None."""
    data = small_position(seed)
    sc = scenario(data)
    rng = random.Random(seed)
    side = rng.choice(("axis", "soviet"))
    enemy = "soviet" if side == "axis" else "axis"
    found = []
    for h in sorted(sc.map.hexes):
        here = sc.units_at(h)
        if not here or {u.side for u in here} != {enemy}:
            continue
        movers = [v.id for n in sc.grid.neighbours(h) for v in sc.units_at(n)
                  if v.side == side and v.is_combat and v.status == "good-order"
                  and not v.train and not v.retreated]
        if movers:
            found.append((h, movers))
    if not found:
        return None
    h, movers = rng.choice(found)
    data["units"] = [u for u in data["units"] if u["hex"] != h]
    return scenario(data), h, movers, rng.choice((1, 2, 3, 4))


def in_scope(sc) -> bool:
    return not double_edge_bond(ref_bonds(sc))


def test_generated_advances_are_not_trivial():
    lengths = set()
    for seed in range(40):
        case = attack(seed)
        if case and in_scope(case[0]):
            sc, vacated, movers, adv = case
            for u in ref_advances(sc, vacated, adv, movers).units:
                lengths.add(len(u.hexes) > 3)
    assert lengths == {True, False}


@pytest.mark.parametrize("readings", [
    {}, {"14.2.1": "cap-first"}, {"9.5.3": "first-hex-only"},
], ids=["defaults", "14.2.1-cap-first", "9.5.3-first-hex-only"])
@examples(10)
@given(seed=seeds)
def test_advance_agrees(readings, seed):
    case = attack(seed)
    assume(case is not None and in_scope(case[0]))
    sc, vacated, movers, adv = case
    asp = asp_advances(sc, vacated, adv, movers, solver=SOLVER, readings=readings)
    assert advance_table(asp) == advance_table(ref_advances(sc, vacated, adv, movers,
                                                           readings))


@examples(5)
@given(first=seeds, second=seeds, third=seeds)
def test_advances_many_agrees(first, second, third):
    """Several attacks (each on its own position and map) in one batched call."""
    from adjudicator.games.s42.queries.advance import AdvanceRequest, advances_many

    cases = [attack(s) for s in (first, second, third)]
    cases = [c for c in cases if c is not None and in_scope(c[0])]
    assume(cases)
    got = advances_many([AdvanceRequest(sc, vacated, adv, movers)
                         for sc, vacated, movers, adv in cases], solver=SOLVER)
    assert [advance_table(a) for a in got] == [
        advance_table(ref_advances(sc, vacated, adv, movers)) for sc, vacated, movers, adv in cases]
