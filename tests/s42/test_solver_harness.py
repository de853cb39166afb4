"""The clingo harness (adjudicator/solver.py): what it refuses, and that questions
about one map never see each other's conclusions."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import clingo
import pytest
from hypothesis import given
from hypothesis import strategies as st
from positions import pos, unit

from adjudicator.games import get_game
from adjudicator.games.s42.queries.zoc import zoc
from adjudicator.solver import EncodingError, Solver, _parse_atom, build_part, session_for

SHOW = "#show out/1.\n"


def _game(tmp_path: Path, text: str):
    """The s42 game with one extra query ``t`` made of ``text`` (and its show line)."""
    enc = tmp_path / "t.lp"
    enc.write_text(text)
    base = get_game("s42")
    show = tmp_path / "show.lp"
    show.write_text(SHOW)
    return replace(base, id=f"s42-test-{abs(hash(text))}",
                   queries={**base.queries, "t": (str(enc),)}, show=str(show))


def test_a_choice_rule_is_refused(tmp_path):
    enc = tmp_path / "c.lp"
    enc.write_text("{ out(U) } :- unit(U).\n")
    with pytest.raises(EncodingError, match="stratified"):
        build_part("q_t", [enc], frozenset(), facts=get_game("s42").facts)


def test_a_query_may_not_define_a_position_predicate(tmp_path):
    enc = tmp_path / "c.lp"
    enc.write_text("combat(U) :- unit(U).\n")
    with pytest.raises(EncodingError, match="position predicates"):
        build_part("q_t", [enc], frozenset(), facts=get_game("s42").facts)


def test_an_undecided_conclusion_is_refused(tmp_path):
    # Negation through a recursion: grounding alone leaves out/1 undecided.
    game = _game(tmp_path, "out(U) :- unit(U), not other(U).\nother(U) :- unit(U), not out(U).\n")
    sc = pos([unit("A", "axis", "0404")])
    with pytest.raises(EncodingError, match="not decided by grounding"):
        Solver(game).solve(sc, "t").rows("out", 1)


def test_a_stratified_query_is_decided_by_grounding(tmp_path):
    game = _game(tmp_path, "out(U) :- unit(U), not combat(U).\n")
    sc = pos([unit("A", "axis", "0404"), unit("S", "axis", "0405", type_="supply-point")])
    assert Solver(game).solve(sc, "t").rows("out", 1) == [("S",)]


def test_questions_about_one_map_do_not_share_conclusions():
    solver = Solver("s42")
    first = pos([unit("A", "axis", "0404")])
    second = pos([unit("B", "soviet", "0606")])
    a, b = zoc(first, solver).zoc, zoc(second, solver).zoc
    assert a["0405"] == ["axis"] and b["0405"] == []
    assert b["0607"] == ["soviet"] and a["0607"] == []
    assert zoc(first, solver).zoc == a


def test_a_position_is_added_once_for_many_questions():
    solver = Solver("s42")
    sc = pos([unit("A", "axis", "0404")])
    zoc(sc, solver)
    session = session_for(solver.game, sc.map)
    before = session.npos
    zoc(sc, solver)
    solver.solve(sc, "bonds")
    assert session.npos == before
    zoc(sc.model_copy(), solver)
    assert session.npos == before + 1


def test_reading_a_predicate_the_query_does_not_show_is_refused():
    answer = Solver("s42").solve(pos([unit("A", "axis", "0404")]), "zoc")
    with pytest.raises(EncodingError, match="not shown"):
        answer.rows("bond", 4)


_ARG = st.one_of(st.text(alphabet=st.characters(blacklist_categories=["Cs"]), max_size=6),
                 st.integers(-1000, 1000))


@given(st.lists(_ARG, max_size=5))
def test_atom_text_is_read_back_exactly(args):
    def sym(v):
        return clingo.Number(v) if isinstance(v, int) else clingo.String(v)

    # strings (any text) and numbers as arguments; constants separately below
    atom = clingo.Function("p", [sym(v) for v in args])
    assert _parse_atom(str(atom)) == ("p", tuple(args) if args else ())


@given(st.lists(st.from_regex(r"[a-z_][a-z0-9_]{0,5}", fullmatch=True), max_size=4))
def test_constant_arguments_are_read_back_by_name(names):
    atom = clingo.Function("p", [clingo.Function(n) for n in names])
    assert _parse_atom(str(atom)) == ("p", tuple(names))


def _rules(text: str):
    from clingo import ast
    out = []
    ast.parse_string(text, out.append)
    return [r for r in out if r.ast_type == ast.ASTType.Rule]


def test_slice_drops_a_rule_whose_query_fact_is_not_given():
    from adjudicator.solver import slice_rules
    rules = _rules("mid(U) :- ask(U), unit(U).\nout(U) :- mid(U).\nout(U) :- combat(U).\n")
    outside = frozenset({("unit", 1), ("combat", 1)})
    kept = slice_rules(rules, {("out", 1)}, outside, given=frozenset())
    assert [str(r) for r in kept] == ["out(U) :- combat(U)."]


def test_slice_keeps_a_rule_whose_query_fact_is_given():
    from adjudicator.solver import slice_rules
    rules = _rules("mid(U) :- ask(U), unit(U).\nout(U) :- mid(U).\nout(U) :- combat(U).\n")
    outside = frozenset({("unit", 1), ("combat", 1)})
    kept = slice_rules(rules, {("out", 1)}, outside, given=frozenset({("ask", 1)}))
    assert len(kept) == 3


def test_slice_keeps_a_rule_that_only_negates_a_missing_query_fact():
    from adjudicator.solver import slice_rules
    rules = _rules("out(U) :- unit(U), not ask(U).\n")
    kept = slice_rules(rules, {("out", 1)}, frozenset({("unit", 1)}), given=frozenset())
    assert len(kept) == 1


def test_slice_drops_rules_no_shown_conclusion_depends_on():
    from adjudicator.solver import slice_rules
    rules = _rules("out(U) :- unit(U).\naside(U) :- unit(U).\n")
    kept = slice_rules(rules, {("out", 1)}, frozenset({("unit", 1)}), given=None)
    assert [str(r) for r in kept] == ["out(U) :- unit(U)."]


def test_only_the_position_predicates_a_query_reads_are_added(tmp_path):
    game = _game(tmp_path, "out(U) :- unit(U), not combat(U).\n")
    part = build_part("q_t", game.encoding_paths("t"), frozenset(),
                      shown_from=game.shown_paths("t"), given=frozenset(), facts=game.facts)
    assert part.reads == {("unit", 1), ("combat", 1)}
    sc = pos([unit("A", "axis", "0404"), unit("S", "axis", "0405", type_="supply-point")])
    session = session_for(game, sc.map)
    assert Solver(game).solve(sc, "t").rows("out", 1) == [("S",)]
    assert next(added for s, _, added in session.positions.values() if s is sc) == {
        "unit", "combat"}


def test_a_window_adds_only_the_units_in_it():
    sc = pos([unit("A", "axis", "0404"), unit("B", "axis", "0707")])
    ans = Solver("s42").solve(sc, "zoc", window={"0404"})
    assert {s for _, s, _u in ans.rows("zoc_source", 3)} == {"axis"}
    assert {u for _, _, u in ans.rows("zoc_source", 3)} == {"A"}


def test_a_window_still_reports_a_hex_both_sides_share():
    from adjudicator.errors import InputError

    sc = pos([unit("A", "axis", "0404"), unit("B", "axis", "0707"),
              unit("S", "soviet", "0707")])
    with pytest.raises(InputError, match="both sides"):
        Solver("s42").solve(sc, "zoc", window={"0404"})


def test_solve_many_gives_each_question_its_own_answer():
    solver = Solver("s42")
    first = pos([unit("A", "axis", "0404")])
    second = pos([unit("B", "soviet", "0606"), unit("C", "axis", "0202")])
    one, two = solver.solve_many("zoc", [(first, (), None), (second, (), {"0606"})])
    assert one.rows("zoc_source", 3) == solver.solve(first, "zoc").rows("zoc_source", 3)
    # The second question's window leaves out C.
    assert {u for _, _, u in two.rows("zoc_source", 3)} == {"B"}
    assert {u for _, _, u in one.rows("zoc_source", 3)} == {"A"}


def test_solve_many_reports_the_error_of_the_position_that_has_it():
    from adjudicator.errors import InputError

    solver = Solver("s42")
    good = pos([unit("A", "axis", "0404")])
    bad = pos([unit("B", "axis", "0707"), unit("S", "soviet", "0707")])
    assert len(solver.solve_many("zoc", [(good, (), None), (good, (), None)])) == 2
    with pytest.raises(InputError, match="both sides"):
        solver.solve_many("zoc", [(good, (), None), (bad, (), None)])


def test_batch_part_binds_the_numbers_through_q_key(tmp_path):
    game = _game(tmp_path, "out(U) :- unit(U), not combat(U), asked(U).\n")
    part = build_part("q_t", game.encoding_paths("t"), frozenset(),
                      shown_from=game.shown_paths("t"), given=frozenset({("asked", 1)}),
                      facts=game.facts)
    rules = [str(st) for st in part.batch if st.ast_type == clingo.ast.ASTType.Rule]
    assert rules == ["out(KEY__,U) :- q_key(b,KEY__,SCP__,POS__,WLD__); unit(POS__,U); "
                     "not combat(POS__,U); asked(KEY__,U)."]


def test_a_shown_conclusion_of_the_position_alone_is_derived_once_per_position(tmp_path):
    # out/1 reads position facts only: its rule goes to the position part under a name
    # of its own, and each question copies the conclusions.
    game = _game(tmp_path, "out(U) :- unit(U), not combat(U).\n")
    part = build_part("q_t", game.encoding_paths("t"), frozenset(),
                      shown_from=game.shown_paths("t"), given=frozenset(), facts=game.facts)

    def rules(sts):
        return [str(st) for st in sts if st.ast_type == clingo.ast.ASTType.Rule]

    (inner,) = {r.split("(")[0] for r in rules(part.position)}
    assert re.fullmatch(r"out__[0-9a-f]{10}_p", inner)
    assert rules(part.position) == [f"{inner}(p,U) :- unit(p,U); not combat(p,U)."]
    assert rules(part.statements) == [f"out(k,X0) :- {inner}(p,X0)."]
    assert rules(part.batch) == ["out(KEY__,X0) :- q_key(b,KEY__,SCP__,POS__,WLD__); "
                                 f"{inner}(POS__,X0)."]
    # Not so for a conclusion that also reads the question's own facts.
    game = _game(tmp_path, "out(U) :- unit(U), asked(U).\n")
    part = build_part("q_t", game.encoding_paths("t"), frozenset(),
                      shown_from=game.shown_paths("t"), given=frozenset({("asked", 1)}),
                      facts=game.facts)
    assert rules(part.statements) == ["out(k,U) :- unit(p,U); asked(k,U)."]
    assert not part.position


def test_two_parts_of_one_query_keep_their_position_conclusions_apart(tmp_path):
    # Asked without a question fact, bar/1 reads the position alone, and so does the first
    # rule of out/1; asked with one, both depend on the question. The second rule of out/1
    # reads the position alone in both parts. Each part copies only its own position
    # conclusions: the part asked second must not see the first part's.
    game = _game(tmp_path, "bar(U) :- combat(U).\nbar(U) :- asked(U).\n"
                           "out(U) :- unit(U), not bar(U).\nout(U) :- combat(U).\n")
    sc = pos([unit("A", "axis", "0404"), unit("S", "axis", "0405", type_="supply-point")])
    solver = Solver(game)
    assert solver.solve(sc, "t").rows("out", 1) == [("A",), ("S",)]
    asked = [clingo.Function("asked", [clingo.String("S")])]
    assert solver.solve(sc, "t", extra=asked).rows("out", 1) == [("A",)]
    assert solver.solve(sc, "t").rows("out", 1) == [("A",), ("S",)]


def test_position_level_rules_are_ground_once_per_position():
    """What a position decides (here ZOC and bonds under a retreat) is ground with the
    first question about it and shared by the later ones, which answer the same."""
    from adjudicator.games.s42.queries.retreat import retreats

    solver = Solver("s42")
    sc = pos([unit("A", "axis", "0404"), unit("B", "axis", "0606"),
              unit("S", "soviet", "0405"), unit("T", "soviet", "0505")])
    first = retreats(sc, "0405", 2, solver=solver, with_los=False)
    session = session_for(solver.game, sc.map)
    done = set(session.position_done)
    assert done
    again = retreats(sc, "0405", 2, solver=solver, with_los=False)
    other = retreats(sc, "0505", 2, solver=solver, with_los=False)
    assert session.position_done == done
    assert [o.end for o in again.options] == [o.end for o in first.options]
    assert other.options and other.hex != first.hex


def test_question_position_and_world_numbers_are_one_series():
    solver = Solver("s42")
    sc = pos([unit("A", "axis", "0404")])
    zoc(sc, solver)
    zoc(sc.model_copy(), solver)
    session = session_for(solver.game, sc.map)
    assert session.serial == session.count + session.npos + len(session.worlds)


def test_shown_conclusions_are_never_position_level(tmp_path):
    game = _game(tmp_path, "mid(U) :- unit(U), not combat(U).\nout(U) :- mid(U).\n")
    part = build_part("q_t", game.encoding_paths("t"), frozenset(),
                      shown_from=game.shown_paths("t"), given=frozenset(), facts=game.facts)
    # (what the shown conclusion is made of may be ground once per position; the
    # conclusion itself is keyed by each question's number, copied from there)
    texts = [str(st) for st in part.position[1:]]
    inner = texts[1].split("(")[0]
    assert re.fullmatch(r"out__[0-9a-f]{10}_p", inner)
    assert texts == ["mid(p,U) :- unit(p,U); not combat(p,U).", f"{inner}(p,U) :- mid(p,U)."]
    assert f"out(k,X0) :- {inner}(p,X0)." in [str(st) for st in part.statements]


def test_a_conclusion_another_query_shows_is_not_output_for_this_one():
    # The bonds query derives zoc_source/3 for its own use; the zoc query shows it. In
    # one session, a bonds question outputs only what the bonds query shows.
    solver = Solver("s42")
    sc = pos([unit("A", "axis", "0404"), unit("S", "soviet", "0606")])
    assert zoc(sc, solver).sources  # the zoc part (with #show zoc_source) is in the session
    ans = solver.solve(pos([unit("A", "axis", "0404"), unit("S", "soviet", "0606")]), "supply")
    names = {str(sym).split("(")[0] for sym, _ in ans.atoms}
    assert names <= set(ans.shown)
    assert "zoc_source" not in names and ans.rows("supply_status", 3)


def test_a_part_renames_only_what_it_derives_and_another_query_shows(tmp_path):
    base, own = tmp_path / "base.lp", tmp_path / "own.lp"
    base.write_text("#show seen/1.\nseen(U) :- unit(U).\n")
    own.write_text("#show out/1.\nout(U) :- seen(U).\n")
    part = build_part("q_t", [base, own], frozenset(), shown_from=[own],
                      facts=get_game("s42").facts)
    text = "\n".join(str(st) for st in part.statements + part.position)
    assert "seen__own(" in text and "seen(" not in text.replace("seen__own(", "")
    assert "out(" in text.replace("out__", "")  # its own conclusion keeps its name
    whole = build_part("q_t", [base, own], frozenset(), facts=get_game("s42").facts)
    assert "__own" not in "\n".join(str(st) for st in whole.statements + whole.position)


def _scoped_game(tmp_path: Path, text: str):
    """``_game`` whose query ``t`` takes ``pick/1`` as the scope of its questions."""
    game = _game(tmp_path, text)
    return replace(game, scoped={"t": (("pick", 1),)})


def _pick(*sides: str) -> list[clingo.Symbol]:
    return [clingo.Function("pick", [clingo.Function(s)]) for s in sides]


SCOPED = ("far(S,U) :- pick(S), unit(U), side(U,S).\n"
          "out(U) :- far(S,U), asked(U).\n")


def test_scope_rules_go_to_the_scope_part(tmp_path):
    # far/2 reads the scope and the position only: ground once per position and scope,
    # keyed by the scope number s; out/1 reads the question's facts too.
    game = _scoped_game(tmp_path, SCOPED)
    part = build_part("q_t", game.encoding_paths("t"), frozenset(),
                      shown_from=game.shown_paths("t"), given=frozenset({("asked", 1)}),
                      facts=game.facts, scoped=frozenset({("pick", 1)}))

    def rules(sts):
        return [str(st) for st in sts if st.ast_type == clingo.ast.ASTType.Rule]

    assert rules(part.scope) == ["far(s,S,U) :- pick(s,S); unit(p,U); side(p,U,S)."]
    assert rules(part.statements) == ["out(k,U) :- far(s,S,U); asked(k,U)."]
    assert not part.position


def test_scope_selects_and_is_ground_once_per_position_and_scope(tmp_path):
    game = _scoped_game(tmp_path, SCOPED)
    sc = pos([unit("A", "axis", "0404"), unit("S", "soviet", "0606")])
    solver = Solver(game)
    asked = [clingo.Function("asked", [clingo.String(u)]) for u in ("A", "S")]

    def out(*sides):
        return sorted(solver.solve(sc, "t", extra=asked, scope=_pick(*sides)).rows("out", 1))

    assert out("axis") == [("A",)]
    assert out("soviet") == [("S",)]
    assert out("axis", "soviet") == [("A",), ("S",)]
    assert out("soviet") == [("S",)]
    session = session_for(game, sc.map)
    # three scopes of one position, each ground once (the fourth question reused one)
    assert len(session.scopes) == 3
    assert len(session.scope_done) == 3
    # the same in a batch, each question with its own scope
    many = solver.solve_many("t", [(sc, asked, None, _pick("soviet")),
                                   (sc, asked, None, _pick("axis"))])
    assert [sorted(a.rows("out", 1)) for a in many] == [[("S",)], [("A",)]]
    assert len(session.scopes) == 3


def test_a_scoped_query_needs_its_scope_and_takes_no_other(tmp_path):
    game = _scoped_game(tmp_path, SCOPED)
    sc = pos([unit("A", "axis", "0404")])
    solver = Solver(game)
    with pytest.raises(EncodingError, match="needs its scope facts"):
        solver.solve(sc, "t", extra=[clingo.Function("asked", [clingo.String("A")])])
    with pytest.raises(EncodingError, match="takes no scope facts"):
        solver.solve(sc, "t", scope=[clingo.Function("other", [clingo.Function("axis")])])
    with pytest.raises(EncodingError, match="takes no scope facts"):
        Solver(_game(tmp_path, SCOPED + "% unscoped\n")).solve(sc, "t", scope=_pick("axis"))
