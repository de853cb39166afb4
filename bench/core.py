"""The benchmark machinery: workloads, timings, agreement, results.json.

Each query is run on one generated position by the ASP adjudicator (warm: the map part
prepared once, each query called once before it is timed) and by the reference, in the
same process; the answers are reduced with :mod:`bench.compare` and must be equal.
"""

from __future__ import annotations

import gc
import importlib
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from adjudicator.games.s42.facts import map_symbol_groups, map_symbols
from adjudicator.games.s42.generate import full_position, scenario
from adjudicator.games.s42.reference.board import enemy_of
from adjudicator.scenario import Scenario
from adjudicator.solver import Solver
from bench import compare

Progress = Callable[[str], None]


@dataclass
class Case:
    """One query of the benchmark: a workload run by both sides."""

    name: str
    asp: Callable[[Solver], Any] | None
    ref: Callable[[], Any] | None
    same: Callable[[Any, Any], bool]
    what: str
    why_missing: str = ""


def _optional(module: str, attr: str) -> Any:
    try:
        return getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError):
        return None


def _timed(fn: Callable[[], Any], repeat: int = 1) -> tuple[float, Any]:
    """Best wall time of ``repeat`` calls, in ms. As ``timeit`` does, the garbage
    collector is run before and kept off during each call, so that neither side pays
    for collecting the other's garbage."""
    best, out = float("inf"), None
    for _ in range(repeat):
        gc.collect()
        gc.disable()
        try:
            t0 = time.perf_counter()
            out = fn()
            best = min(best, time.perf_counter() - t0)
        finally:
            gc.enable()
    return best * 1000.0, out


# -- workloads -----------------------------------------------------------------------


def retreat_stacks(sc: Scenario, n: int = 20) -> list[str]:
    """Hexes of up to n stacks of the non-phasing side adjacent to an enemy combat unit."""
    side = enemy_of(sc.phasing)
    grid = sc.grid
    by_hex: dict[str, list] = {}
    for u in sc.units:
        if u.hex in sc.map.hexes:
            by_hex.setdefault(u.hex, []).append(u)
    out = []
    for h in sorted(by_hex):
        units = by_hex[h]
        if {u.side for u in units} != {side} or not any(u.is_combat for u in units):
            continue
        if any(u.type == "mountain" for u in units):  # see tests/s42/test_differential_retreat
            continue
        if any(v.side == sc.phasing and v.is_combat for nb in grid.neighbours(h)
               for v in by_hex.get(nb, ())):
            out.append(h)
    return out[:n]


def attacks(sc: Scenario, n: int = 20) -> list[tuple[Scenario, str, list[str]]]:
    """Up to n attacks: the position with the defender gone, its hex, the attackers."""
    stacks = retreat_stacks(sc, 4 * n)
    grid = sc.grid
    out = []
    used: set[str] = set()
    for h in stacks:
        attackers = [u.id for nb in grid.neighbours(h) for u in sc.units_at(nb)
                     if u.side == sc.phasing and u.is_combat and u.status == "good-order"
                     and not u.train and not u.retreated and u.id not in used]
        if not attackers:
            continue
        used.update(attackers)
        after = sc.model_copy(update={"units": [u for u in sc.units if u.hex != h]})
        after.__dict__.pop("units_by_id", None)
        out.append((after, h, attackers))
        if len(out) == n:
            break
    return out


def fresh(sc: Scenario) -> Scenario:
    """A copy of the position that the adjudicator has not seen: every timed call
    pays for adding its position, as a first question about a position would. (The
    harness keeps the facts of positions it was asked about, so the warm-up call
    on the same object would otherwise have paid for them.)"""
    return sc.model_copy()


def cases(sc: Scenario, stacks: int = 20, n_attacks: int = 20) -> list[Case]:
    from adjudicator.games.s42.queries.bonds import bonds as asp_bonds
    from adjudicator.games.s42.queries.zoc import zoc as asp_zoc
    from adjudicator.games.s42.reference.bonds import bonds as ref_bonds
    from adjudicator.games.s42.reference.zoc import zoc as ref_zoc

    out = [
        Case("zoc", lambda s: asp_zoc(fresh(sc), s), lambda: ref_zoc(sc),
             lambda a, r: compare.zoc_table(a) == compare.zoc_table(r), "ZOC of every hex"),
        Case("bonds", lambda s: asp_bonds(fresh(sc), s).bonds, lambda: ref_bonds(sc),
             lambda a, r: compare.bond_table(a) == compare.bond_table(r), "all bonds"),
    ]
    asp_supply = _optional("adjudicator.games.s42.queries.supply", "supply")
    ref_supply = _optional("adjudicator.games.s42.reference.supply", "supply")
    out.append(Case(
        "supply",
        (lambda s: asp_supply(fresh(sc), s).units) if asp_supply else None,
        (lambda: ref_supply(sc)) if ref_supply else None,
        lambda a, r: compare.supply_table(a) == compare.supply_table(r),
        f"supply of all {len(sc.units)} units"))
    asp_many = _optional("adjudicator.games.s42.queries.retreat", "retreats_many")
    request = _optional("adjudicator.games.s42.queries.retreat", "RetreatRequest")
    asp_retreats = _optional("adjudicator.games.s42.queries.retreat", "retreats")
    ref_retreats = _optional("adjudicator.games.s42.reference.retreat", "retreats")
    hexes = retreat_stacks(sc, stacks)

    def same_retreats(a: Any, r: Any) -> bool:
        return [compare.retreat_table(x) for x in a] == [compare.retreat_table(x) for x in r]

    # All stacks in one solver call (retreats_many), the full answer with Lines of Supply.
    out.append(Case(
        "retreats",
        (lambda s: asp_many(fresh(sc), [request(h, 2, None, ()) for h in hexes], solver=s))
        if asp_many and request else None,
        (lambda: [ref_retreats(sc, h, 2) for h in hexes]) if ref_retreats else None,
        same_retreats, f"2-hex retreats of {len(hexes)} stacks, one call"))
    # One call per stack, as a player asking about one stack at a time, without the Line of
    # Supply guideline (each call would otherwise trace supply for the whole side again).
    def each(s: Solver) -> list[Any]:
        pos = fresh(sc)
        return [asp_retreats(pos, h, 2, solver=s, with_los=False) for h in hexes]

    out.append(Case(
        "retreats_each_no_los",
        each if asp_retreats else None,
        (lambda: [ref_retreats(sc, h, 2) for h in hexes]) if ref_retreats else None,
        same_retreats, "the same, one call per stack, no LOS"))
    asp_adv = _optional("adjudicator.games.s42.queries.advance", "advances")
    asp_adv_many = _optional("adjudicator.games.s42.queries.advance", "advances_many")
    adv_request = _optional("adjudicator.games.s42.queries.advance", "AdvanceRequest")
    ref_adv = _optional("adjudicator.games.s42.reference.advance", "advances")
    work = attacks(sc, n_attacks)

    def same_advances(a: Any, r: Any) -> bool:
        return [compare.advance_table(x) for x in a] == [compare.advance_table(x) for x in r]

    # All the attacks of a Combat Phase in one solver call (advances_many).
    out.append(Case(
        "advances",
        (lambda s: asp_adv_many([adv_request(fresh(a), h, 4, us) for a, h, us in work],
                                solver=s))
        if asp_adv_many and adv_request else None,
        (lambda: [ref_adv(a, h, 4, us) for a, h, us in work]) if ref_adv else None,
        same_advances, f"Adv 4 of {len(work)} attacks, one call"))
    # One call per attack, as a player asking about one attack at a time.
    out.append(Case(
        "advances_each",
        (lambda s: [asp_adv(fresh(a), h, 4, us, solver=s) for a, h, us in work])
        if asp_adv else None,
        (lambda: [ref_adv(a, h, 4, us) for a, h, us in work]) if ref_adv else None,
        same_advances, "the same, one call per attack"))
    asp_moves = _optional("adjudicator.games.s42.queries.moves", "moves")
    asp_moves_many = _optional("adjudicator.games.s42.queries.moves", "moves_many")
    ref_moves = _optional("adjudicator.games.s42.reference.moves", "moves")
    side = [[u.id] for u in sc.units if u.side == sc.phasing and u.hex in sc.map.hexes]
    one = side[:1]

    def same_moves(a: Any, r: Any) -> bool:
        return compare.moves_table(a) == compare.moves_table(r)

    # Movement Phase reach of one unit, as a player asks about one unit.
    out.append(Case(
        "moves_one",
        (lambda s: [asp_moves(fresh(sc), one[0], solver=s)]) if asp_moves and one else None,
        (lambda: [ref_moves(sc, one[0])]) if ref_moves and one else None,
        same_moves, "reach of one unit"))
    # Every unit of the phasing side on the map, in one call.
    out.append(Case(
        "moves_side",
        (lambda s: asp_moves_many(fresh(sc), side, solver=s)) if asp_moves_many else None,
        (lambda: [ref_moves(sc, us) for us in side]) if ref_moves else None,
        same_moves, f"reach of all {len(side)} units of the phasing side, one call"))
    return out


def run_cases(sc: Scenario, solver: Solver, progress: Progress, repeat: int = 3,
              stacks: int = 20, n_attacks: int = 20) -> dict[str, Any]:
    """Each case warmed up once, then timed ``repeat`` times on each side; the best
    time of each side counts (as ``timeit`` advises: the machine is shared, and the
    slower runs measure its other load, not the code)."""
    results: dict[str, Any] = {}
    for case in cases(sc, stacks, n_attacks):
        if case.asp is None or case.ref is None:
            side = "adjudicator" if case.asp is None else "reference"
            results[case.name] = {"available": False, "what": case.what,
                                  "note": f"not available: no {side} implementation yet"}
            progress(f"{case.name}: not available ({side})")
            continue
        progress(f"{case.name}: warming up ({case.what})")
        case.asp(solver)
        case.ref()
        progress(f"{case.name}: timing the adjudicator")
        asp_ms, asp_out = _timed(lambda c=case: c.asp(solver), repeat)
        progress(f"{case.name}: timing the reference")
        ref_ms, ref_out = _timed(case.ref, repeat)
        agree = bool(case.same(asp_out, ref_out))
        asp_ms, ref_ms = round(asp_ms, 2), max(round(ref_ms, 2), 0.01)
        results[case.name] = {
            "asp_ms": asp_ms, "reference_ms": ref_ms, "ratio": round(asp_ms / ref_ms, 2),
            "agree": agree, "what": case.what,
        }
    return results


def cold_start_ms(path: Path) -> float:
    """Wall time of ``python3 -m adjudicator validate FILE`` in a fresh process."""
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "adjudicator", "validate", str(path)],
                          capture_output=True, text=True)
    ms = (time.perf_counter() - t0) * 1000.0
    if proc.returncode != 0:
        raise RuntimeError(f"validate failed: {proc.stdout}{proc.stderr}")
    return round(ms, 1)


def ground_size(sc: Scenario, solver: Solver, query: str) -> dict[str, Any]:
    """Size of one query's ground program, single-shot (map, static part and query).

    Read from clingo's statistics after ground and solve; independent of how the harness
    shares the map between queries, so the numbers compare across harness versions.
    """
    import clingo

    from adjudicator.games.s42.facts import facts_text, position_facts

    ctl = clingo.Control(["--warn=none", "--stats"])
    for path in [*solver.game.static_paths(), *solver.game.encoding_paths(query)]:
        ctl.load(str(path))
    with ctl.backend() as backend:
        for sym in map_symbols(sc.map):
            backend.add_rule([backend.add_atom(sym)])
    ctl.add("base", [], facts_text(position_facts(sc, solver.readings_for(sc))))
    t0 = time.perf_counter()
    ctl.ground([("base", [])])
    t1 = time.perf_counter()
    ctl.solve()
    lp = ctl.statistics["problem"]["lp"]
    return {"single_shot_ground_ms": round((t1 - t0) * 1000, 1),
            "atoms": int(lp["atoms"]), "rules": int(lp["rules"]),
            "bodies": int(lp["bodies"])}


def grounding(sc: Scenario, solver: Solver, queries: tuple[str, ...]) -> dict[str, Any]:
    """Warm ground and solve time of each query's plain call, and its ground size."""
    out = {}
    for q in queries:
        try:
            ans = solver.solve(sc, q)
            size = ground_size(sc, solver, q)
        except Exception as exc:  # a query that needs its own facts may refuse
            out[q] = {"error": str(exc).splitlines()[0]}
            continue
        out[q] = {"ground_ms": round(ans.ground_s * 1000, 1), **size}
    return out


def renewal_ms(sc: Scenario, solver: Solver) -> float:
    """What renewing a session costs (map facts added and ground again), which a
    session pays once every ``MAX_QUERIES`` questions."""
    from adjudicator.solver import MapSession

    t0 = time.perf_counter()
    MapSession(solver.game, map_symbol_groups(sc.map))
    return round((time.perf_counter() - t0) * 1000.0, 1)


def run(seed: int = 42, cols: int = 64, rows: int = 62, units: int = 300,
        scaling: tuple[tuple[int, int], ...] = ((32, 31), (64, 62), (99, 99)),
        out: Path | None = None, progress: Progress = print, cold: bool = True,
        stacks: int = 20, n_attacks: int = 20, repeat: int = 3) -> dict[str, Any]:
    """The whole benchmark; returns (and writes to ``out``) the results."""
    progress(f"generating a {cols} x {rows} position with {units} units (seed {seed})")
    data = full_position(seed, cols, rows, units)
    sc = scenario(data)
    solver = Solver(sc.game)
    progress("preparing the map part once")
    t0 = time.perf_counter()
    solver.solve(sc, "zoc")
    prepare_ms = (time.perf_counter() - t0) * 1000.0
    results: dict[str, Any] = {
        "map": {"hexes": len(sc.map.hexes), "units": len(sc.units), "seed": seed,
                "scope": "retreating stacks without mountain units"},
        "queries": run_cases(sc, solver, progress, repeat=repeat, stacks=stacks,
                             n_attacks=n_attacks),
        "map_prepare_ms": round(prepare_ms, 1),
        "timing": {"repeat": repeat, "counted": "best of the repeats, each side"},
    }
    from adjudicator.solver import MAX_QUERIES
    results["session"] = {"renewal_ms": renewal_ms(sc, solver), "every_questions": MAX_QUERIES}
    progress("clingo statistics of each query")
    results["grounding"] = grounding(sc, solver, ("zoc", "bonds", "supply"))
    if cold:
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "big.json"
            path.write_text(json.dumps(data))
            progress("cold start: adjudicator validate on the big file")
            results["cold_start_ms"] = cold_start_ms(path)
    scale = []
    for c, r in scaling:
        n = max(20, round(units * c * r / (cols * rows)))
        progress(f"scaling: {c} x {r} = {c * r} hexes, {n} units")
        ssc = scenario(full_position(seed, c, r, n))
        ssolver = Solver(ssc.game)
        t0 = time.perf_counter()
        ssolver.solve(ssc, "zoc")
        prep = (time.perf_counter() - t0) * 1000.0
        row = {"hexes": len(ssc.map.hexes), "units": len(ssc.units),
               "map_prepare_ms": round(prep, 1),
               "queries": run_cases(ssc, ssolver, lambda _m: None, repeat=1, stacks=5,
                                    n_attacks=5)}
        scale.append(row)
    results["scaling"] = scale
    if out is not None:
        out.write_text(json.dumps(results, indent=2) + "\n")
    return results
