"""Differential tests for ``check --move`` (5.1-5.7 with 4.x, 6.2, 7.2, 13.x, 18.2.2,
20.x, 22.x): a proposed path judged on the places along it (``path_zone``, as the
command does) against the same path judged on the unit's whole reach (``whole_reach``).

Both ask the same encoding; only the places the search is ground on differ. For units
of generated positions with the Movement Phase's extras (ports, rail, the Kerch Strait,
Garrison and arriving units, Naval Infantry, ASUs, stacks), paths of one to four steps
(random walks that may turn back to the start, end in an entry area, sail to a port,
or skip a hex) must get the very same answer, JSON for JSON, under every reading set;
and so must the path asked with the whole position in the solver (``windowed=False``,
as the board asks it).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given

from adjudicator.errors import InputError
from adjudicator.games.s42.queries.advance import place_links
from adjudicator.games.s42.queries.moves import check_move
from adjudicator.solver import Solver
from tests.s42.test_differential_moves import (
    KNOWN,
    READINGS,
    examples,
    in_scope,
    position,
    seeds,
    special,
)

SOLVER = Solver("s42")


def paths(sc, start: str, rng: random.Random, n: int) -> list[list[str]]:
    """``n`` proposed paths from ``start``: random walks over the places next to each
    other, now and then with a jump (a port of the map, any hex: not adjacent)."""
    ports = sorted(h for h, s in sc.map.hexes.items() if s.port)
    hexes = sorted(sc.map.hexes)
    out = []
    for _ in range(n):
        path: list[str] = []
        here = start
        for _ in range(rng.randint(1, 4)):
            r = rng.random()
            if r < 0.1 and ports:
                nxt = rng.choice(ports)
            elif r < 0.15:
                nxt = rng.choice(hexes)
            else:
                links = sorted(place_links(sc, here))
                if not links:
                    break
                nxt = rng.choice(links)
            path.append(nxt)
            here = nxt
        if path:
            out.append(path)
    return out


def agree(seed: int, n_paths: int = 4, readings_list=READINGS) -> int:
    """Check the two agree on a unit (and its stack's first unit) of the position;
    the number of paths compared."""
    sc = position(seed)
    if not sc.units or not in_scope(sc):
        return 0
    rng = random.Random(seed)
    picks = [u for u in sc.units if special(sc, u)]
    units = [rng.choice(picks)] if picks else []
    units.append(rng.choice(sc.units))
    done = 0
    for u in units:
        for path in paths(sc, u.hex, rng, n_paths):
            spec = f"{u.id}:{','.join(path)}"
            for readings in readings_list:
                try:
                    whole = check_move(sc, spec, SOLVER, readings, whole_reach=True).to_json()
                except InputError:  # a bad question (e.g. its window's own input errors)
                    continue
                along = check_move(sc, spec, SOLVER, readings).to_json()
                assert along == whole, (spec, readings)
                if not readings:  # the whole position in the solver, as the board asks
                    kept = check_move(sc, spec, SOLVER, readings, windowed=False).to_json()
                    assert kept == whole, spec
                done += 1
    return done


@examples(2)
@given(seed=seeds)
def test_path_checks_agree(seed):
    sc = position(seed)
    assume(sc.units and in_scope(sc))
    agree(seed, 3)


@pytest.mark.parametrize("seed", KNOWN)
def test_path_checks_agree_on_known_positions(seed):
    """Rail, sea (Naval Infantry), the Kerch Strait, an ASU, a Garrison unit and an
    arriving Volunteer among the movers."""
    if not in_scope(position(seed)):
        pytest.skip("units of both sides in one hex: the scenario checks refuse it")
    assert agree(seed, 2, READINGS[:1]) > 0
