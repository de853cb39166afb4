"""Differential tests for Movement Phase reach (chapter 5 with 4.3, 18.2.2, 20.4-20.8,
22.3.1): the plain-Python reference (adjudicator/games/s42/reference/moves.py) against
the ASP adjudicator.

A generated position with the Movement Phase's extras (``with_movement``: ports of two
seas, a Kerch Strait hex and area W, a rail line with Axis Railheads, the Volga
Flotilla, roads into the map from entry areas, Garrison, North Caucasus, Plan Blucher
and arriving Volunteer units, Soviet Army HQs, Naval Infantry, stacks and movement
already used this turn). For a unit (most often one the special rules touch), and for
the stack it stands in, both must give the same places it may end in by every kind of
movement (normal, Extended, Tactical, rail, sea, the Kerch Strait), the same MPs left at
best where normal or Extended Movement gets there first, and the same ends where an
ASU is left Disrupted, under the default readings and under the other readings.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from adjudicator.games.s42.generate import scenario, small_position, with_movement
from adjudicator.games.s42.queries.moves import MODES
from adjudicator.games.s42.queries.moves import moves as asp_moves
from adjudicator.games.s42.reference.bonds import bonds as ref_bonds
from adjudicator.games.s42.reference.moves import moves as ref_moves
from adjudicator.solver import Solver
from bench.compare import double_edge_bond

SOLVER = Solver("s42")
FAST = os.environ.get("HYPOTHESIS_PROFILE", "default") == "default"
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def examples(n: int):
    return settings(max_examples=n, deadline=None) if FAST else (lambda f: f)


def position(seed: int):
    return scenario(with_movement(small_position(seed, alpine_hexes=False), seed))


def special(sc, u) -> bool:
    """A unit some movement rule beyond the common ones looks at."""
    spec = sc.map.hexes.get(u.hex)
    return (u.hex in sc.map.entry_areas or u.type == "naval-infantry" or u.garrison
            or u.north_caucasus or u.blucher or u.arriving or u.is_asu or bool(u.army)
            or u.train or (spec is not None and spec.port))


def question(seed: int, stack: bool):
    sc = position(seed)
    rng = random.Random(seed)
    picks = [u for u in sc.units if special(sc, u)]
    if not sc.units:
        return None
    u = rng.choice(picks) if picks and rng.random() < 0.6 else rng.choice(sc.units)
    units = [v.id for v in sc.units_at(u.hex) if v.side == u.side] if stack else [u.id]
    return sc, units


def asp_table(sc, units, readings):
    a = asp_moves(sc, units, solver=SOLVER, readings=readings)
    places: dict[str, set[str]] = {m: set() for m in MODES}
    left, disrupted = {}, set()
    for e in a.ends:
        for mode in (e.mode, *e.also):
            places[mode].add(e.place)
        if e.mode in ("normal", "extended"):
            left[e.place] = (e.mode, int(e.left * 2))
        if any("ends Disrupted" in n for n in e.notes):
            disrupted.add((e.mode, e.place))
    return places, left, disrupted


def ref_table(sc, units, readings, asp_left):
    r = ref_moves(sc, units, readings)
    places = {m: r.places(m) for m in MODES}
    left = {p: (m, r.ends.get(m, {}).get(p)) for p, (m, _) in asp_left.items()}
    return places, left


def in_scope(sc) -> bool:
    """Positions both sides can answer: no double-edge bond, and no hex where the movement
    generator put units of both sides (a position the scenario checks refuse unless the
    hex is a Contested City, 29.1.1)."""
    sides: dict[str, set[str]] = {}
    for u in sc.units:
        sides.setdefault(u.hex, set()).add(u.side)
    if any(len(s) > 1 for s in sides.values()):
        return False
    return not double_edge_bond(ref_bonds(sc))


def test_generated_moves_cover_every_kind_of_movement():
    """The generator's positions reach places by each kind of movement, both small and
    large reaches, and the special units; a test of the generator, not of the rules."""
    kinds: set[str] = set()
    sizes = set()
    for seed in range(40):
        for stack in (False, True):
            q = question(seed, stack)
            if q and in_scope(q[0]):
                r = ref_moves(*q)
                kinds |= {m for m in MODES if r.places(m)}
                sizes.add(len(r.places("normal")) > 3)
    assert kinds == set(MODES)
    assert sizes == {True, False}


READINGS = [
    {},
    {"23.2.4": "full-extended", "13.3.1": "pay"},
    {"5.5.3": "both-banks", "4.3": "every-unit", "22.3.1": "all-classes",
     "18.2.2": "ready-only"},
]

#: Positions whose mover reaches by rail (39, 57, 81), by sea (6 and 59: Naval
#: Infantry), across the Kerch Strait (8: Plan Blucher; 65: from area W), or is an ASU
#: (36), a Garrison unit (28) or an arriving Volunteer (3).
KNOWN = (3, 6, 8, 28, 36, 39, 57, 59, 65, 81)


def agree(seed: int, readings_list=READINGS) -> None:
    for stack in (False, True):
        q = question(seed, stack)
        if q is None or not in_scope(q[0]):
            continue
        sc, units = q
        for readings in readings_list:
            places, left, disrupted = asp_table(sc, units, readings)
            ref_places, ref_left = ref_table(sc, units, readings, left)
            assert places == ref_places, (units, readings)
            assert left == ref_left, (units, readings)
            r = ref_moves(sc, units, readings)
            firsts = {(m, p) for p, (m, _) in left.items()}
            assert {d for d in disrupted if d in firsts} == \
                {d for d in r.disrupted if d in firsts}, (units, readings)


@examples(3)
@given(seed=seeds)
def test_moves_agree(seed):
    q = question(seed, False)
    assume(q is not None and in_scope(q[0]))
    agree(seed)


@pytest.mark.parametrize("seed", KNOWN)
def test_moves_agree_on_known_positions(seed):
    agree(seed, READINGS[::2])
