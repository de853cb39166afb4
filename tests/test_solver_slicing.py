"""The solver harness keeps every rule a shown conclusion can use, pooled facts included."""

from __future__ import annotations

from adjudicator.solver import parse_statements, slice_rules


def rules_of(tmp_path, text):
    f = tmp_path / "enc.lp"
    f.write_text(text)
    from clingo import ast

    return [st for st in parse_statements([f]) if st.ast_type == ast.ASTType.Rule]


def kept(tmp_path, text, shown):
    return sorted(str(r) for r in slice_rules(rules_of(tmp_path, text), shown, frozenset(),
                                              None))


def test_a_pooled_fact_is_kept_as_its_parts(tmp_path):
    out = kept(tmp_path, "kind(a;b).\nok(X) :- kind(X).\n", {("ok", 1)})
    assert out == ["kind(a).", "kind(b).", "ok(X) :- kind(X)."]


def test_a_pool_of_mixed_arity_gives_each_part_its_own_signature(tmp_path):
    out = kept(tmp_path, "p(a;b,c).\nq(X) :- p(X).\nr(X,Y) :- p(X,Y).\n", {("q", 1)})
    assert out == ["p(a).", "q(X) :- p(X)."]


def test_a_pool_in_a_body_is_kept_both_ways(tmp_path):
    out = kept(tmp_path, "e(1). f(2).\nok(X) :- e(X;Y), f(Y).\n", {("ok", 1)})
    assert "f(2)." in out and "e(1)." in out and len(out) == 4


def test_rules_nobody_asks_for_are_still_dropped(tmp_path):
    out = kept(tmp_path, "kind(a;b).\nok(X) :- kind(X).\nother(1;2).\n", {("ok", 1)})
    assert not any(r.startswith("other") for r in out)
