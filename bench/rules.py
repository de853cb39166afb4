"""``python3 -m bench.rules QUERY``: what each rule of a query costs to ground.

The query's program part (as the harness rewrites it) is cut into its strongly connected
groups of rules, in dependency order; each group becomes a program part of its own and
they are ground one after another for a few questions on the generated position. The time
of each group, less that of an empty ground call, is what its rules cost. A rule whose
cost is far above the number of atoms it derives usually has a poor join order: gringo
picks each next body literal by a size estimate in which any bound variable counts, so a
literal joined only through a side or a mover looks cheap (see
docs/encodings/performance.rst).
"""

from __future__ import annotations

import argparse
import re
import statistics
import time
from dataclasses import dataclass

import clingo
import networkx as nx

from adjudicator.games.s42.facts import map_symbol_groups
from adjudicator.games.s42.generate import full_position, scenario
from adjudicator.solver import MapSession, Solver, session_for

_NAME = re.compile(r"([a-z_][A-Za-z0-9_]*)\(")


@dataclass
class GroupCost:
    ms: float
    rules: list[str]


def _groups(rules: list[str]) -> list[list[int]]:
    """Indices of the rules, grouped by strongly connected component, in dependency
    order (a rule's group comes after the groups of the rules it reads)."""
    heads, bodies = [], []
    for r in rules:
        head, _, body = r.partition(":-")
        heads.append(set(_NAME.findall(head)[:1]))
        bodies.append(set(_NAME.findall(body)))
    graph = nx.DiGraph()
    graph.add_nodes_from(range(len(rules)))
    for i, h in enumerate(heads):
        for j, b in enumerate(bodies):
            if h & b:
                graph.add_edge(i, j)
    dag = nx.condensation(graph)
    return [sorted(dag.nodes[c]["members"]) for c in nx.topological_sort(dag)]


def rule_costs(query: str, seed: int = 42, cols: int = 64, rows: int = 62,
               units: int = 300, questions: int = 8) -> list[GroupCost]:
    """The ground cost of each rule group of ``query``, most expensive first (median
    over ``questions`` questions, the first two left out as warm-up)."""
    sc = scenario(full_position(seed, cols, rows, units))
    solver = Solver(sc.game)
    solver.solve(sc, query)
    part = session_for(solver.game, sc.map).part(query)
    rules = [str(st) for st in part.statements[1:] if not str(st).startswith("#show")]
    groups = _groups(rules)
    readings = solver.readings_for(sc)
    session = MapSession(solver.game, map_symbol_groups(sc.map))
    w = session.world(sc, readings)
    p = session.position(sc, readings)
    if part.world:
        session.ctl.add("world_rules", ["w"], "\n".join(str(st) for st in part.world[1:]))
        session.ctl.ground([("world_rules", [clingo.Number(w)])])
    for i, group in enumerate(groups):
        session.ctl.add(f"group_{i}", ["k", "p", "w"], "\n".join(rules[j] for j in group))
    session.ctl.add("empty", ["k", "p", "w"], "")
    times: list[list[float]] = [[] for _ in groups]
    empty: list[float] = []
    for k in range(1, questions + 1):
        args = [clingo.Number(k), clingo.Number(p), clingo.Number(w)]
        for i in range(len(groups)):
            t0 = time.perf_counter()
            session.ctl.ground([(f"group_{i}", args)])
            times[i].append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        session.ctl.ground([("empty", args)])
        empty.append(time.perf_counter() - t0)
    base = statistics.median(empty[2:])
    out = [GroupCost(round((statistics.median(ts[2:]) - base) * 1000, 3),
                     [rules[j] for j in group]) for ts, group in zip(times, groups, strict=True)]
    return sorted(out, key=lambda g: -g.ms)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python3 -m bench.rules", description=__doc__.splitlines()[0])
    p.add_argument("query", help="a query of the game, e.g. bonds or supply")
    p.add_argument("--top", type=int, default=25, help="how many groups to print")
    p.add_argument("--seed", type=int, default=42)
    args = p.parse_args(argv)
    costs = rule_costs(args.query, seed=args.seed)
    print(f"{sum(c.ms for c in costs):.1f} ms in {len(costs)} rule groups of {args.query!r}")
    for c in costs[:args.top]:
        print(f"{c.ms:8.2f}  " + "\n          ".join(r[:150] for r in c.rules))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
