"""The core's rule skeletons (asp/core/): the enemy relation from each game's own sides,
adjacency through passable hexsides and the layered walk with its hooks."""

from __future__ import annotations

import re

import clingo
import pytest

from adjudicator.games import game_ids, get_game
from adjudicator.paths import asp_dir


def atoms(program: str, *files: str) -> set[str]:
    ctl = clingo.Control(["--warn=none"])
    for f in files:
        ctl.load(str(asp_dir() / f))
    ctl.add("base", [], program)
    ctl.ground([("base", [])])
    return {str(a.symbol) for a in ctl.symbolic_atoms if a.is_fact}


@pytest.mark.parametrize("gid", [g for g in game_ids()
                                 if any("core/base.lp" in fs for fs in
                                        get_game(g).queries.values())])
def test_each_game_names_its_own_sides_and_they_are_enemies(gid):
    game = get_game(gid)
    files = set()
    for fs in game.queries.values():
        files |= {f for f in fs if not f.startswith("core/")}
    declared = set()
    for f in files:
        declared |= set(re.findall(r"^game_side\((\w+)\)\.", (asp_dir() / f).read_text(),
                                   re.M))
    assert declared == set(game.sides)
    got = atoms("", "core/base.lp", *sorted(files & {f for f in files if f.endswith(
        ("terrain.lp", "base.lp"))}))
    a, b = game.sides
    assert {f"enemy({a},{b})", f"enemy({b},{a})"} <= got
    assert f"enemy({a},{a})" not in got


GRID = 'adj("a","b"). adj("b","a"). adj("b","c"). adj("c","b"). adj("c","d"). adj("d","c"). ' \
       'adj("a","e"). adj("e","a"). adj("e","d"). adj("d","e").'


def test_passable_leaves_out_closed_hexsides():
    got = atoms(GRID + 'closed_side("b","c",r). closed_side("c","b",r).', "core/hexsides.lp")
    assert 'passable("a","b")' in got and 'passable("b","c")' not in got
    assert 'passable("c","b")' not in got and 'passable("c","d")' in got


def test_the_walk_spreads_stops_and_measures():
    hooks = ('walk_from(k,"a"). walk_layers(k,9). walk_enter_no(k,"e",r1). '
             'walk_cross_no(k,"c","d",r2). walk_first_only(k,"b","c").')
    got = atoms(GRID + hooks, "core/hexsides.lp", "core/reach.lp")
    # a -> b; b -> c only as the first hexside (b is not the start); e may not be entered
    assert 'walk_reach(k,"a","b")' in got and 'walk_reach(k,"a","c")' not in got
    assert 'walk_stop(k,"a","a","e",r1)' in got
    assert 'walk_dist(k,"a","b",1)' in got and 'walk_dist(k,"a","a",0)' in got
    from_b = atoms(GRID + hooks.replace('walk_from(k,"a")', 'walk_from(k,"b")'),
                   "core/hexsides.lp", "core/reach.lp")
    # from b the first hexside b-c may be crossed; c-d is barred and reported, and the way
    # round by e is barred too, so d is never reached
    assert 'walk_reach(k,"b","c")' in from_b and 'walk_dist(k,"b","c",1)' in from_b
    assert 'walk_stop(k,"b","c","d",r2)' in from_b and 'walk_reach(k,"b","d")' not in from_b
    # without the bars, d lies two steps from b, the fewest of the walks there
    free = atoms(GRID + 'walk_from(k,"b"). walk_layers(k,9).', "core/hexsides.lp",
                 "core/reach.lp")
    assert 'walk_dist(k,"b","d",2)' in free and 'walk_dist(k,"b","e",2)' in free
