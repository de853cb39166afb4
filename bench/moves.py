"""Movement Phase benchmark: ``adjudicator moves`` against the plain-Python reference.

Rows (each run by the ASP adjudicator, warm, and by the reference, in one process, the
two sides interleaved; the answers must agree on every kind of movement):

* ``moves_one``: the reach of one unit, as a player asks about one unit;
* ``moves_stack``: the reach of the largest stack of the phasing side, moving together;
* ``moves_side``: the reach of every unit of the phasing side on the map, in one
  solver call (``moves_many``) against the reference unit by unit;
* ``moves_side_each``: the same units, one solver call each;
* ``check_move``: one proposed path judged step by step (the adjudicator only: the
  reference has no path checker; shown for scale).

Position: the generated map of ``bench/core.py`` at 20 x 20 hexes (30 units), with the
Movement Phase's extras of ``with_movement`` (ports, Railheads, the Flotilla, special
units, roads from entry areas); ``--size 32x31`` and the like for others (every unit of
a side in one call grows with the units times the hexes each may reach: minutes on the
full-size map). Times are CPU time of the process, not wall time: clingo solves in the
process on one thread, and on a shared machine wall time measures the neighbours. Run
``python -m bench.moves`` (writes ``bench/moves_results.json``); ``--quick`` for one
repeat, results not written.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from pathlib import Path
from typing import Any

from adjudicator.games.s42.generate import full_position, scenario, with_movement
from adjudicator.games.s42.queries.moves import MODES, check_move, moves, moves_many
from adjudicator.games.s42.reference.moves import moves as ref_moves
from adjudicator.scenario import Scenario
from adjudicator.solver import Solver
from bench.core import _median, _spread, fresh

OUT = Path(__file__).with_name("moves_results.json")


def _timed(fn) -> tuple[float, Any]:
    """CPU time of one call, in ms (clingo solves in this process, on one thread): on a
    shared machine under load, wall time measures the neighbours more than the query."""
    gc.collect()
    gc.disable()
    try:
        t0 = time.process_time()
        out = fn()
        return (time.process_time() - t0) * 1000.0, out
    finally:
        gc.enable()


def _interleaved(asp, ref, repeat: int):
    """``repeat`` timed calls of each side, taking turns (as ``bench.core`` does)."""
    asp_ms: list[float] = []
    ref_ms: list[float] = []
    asp_out = ref_out = None
    for i in range(repeat):
        order = ((asp, asp_ms), (ref, ref_ms)) if i % 2 == 0 else ((ref, ref_ms), (asp, asp_ms))
        for fn, times in order:
            ms, out = _timed(fn)
            times.append(ms)
            if fn is asp:
                asp_out = out
            else:
                ref_out = out
    return asp_ms, asp_out, ref_ms, ref_out


def table(answers: list[Any]) -> list[dict[str, list[str]]]:
    """For each mover: every kind of movement -> the places it may end in (adjudicator
    answers or reference ones)."""
    out = []
    for a in answers:
        if isinstance(a.ends, dict):
            out.append({m: sorted(a.places(m)) for m in MODES})
            continue
        modes: dict[str, set[str]] = {m: set() for m in MODES}
        for e in a.ends:
            for m in (e.mode, *e.also):
                modes[m].add(e.place)
        out.append({m: sorted(v) for m, v in modes.items()})
    return out


def movers(sc: Scenario) -> tuple[list[str], list[str], list[list[str]]]:
    """One unit (the first of the phasing side on the map), the largest stack of that
    side, and every unit of that side on the map."""
    side = [u for u in sc.units if u.side == sc.phasing and u.hex in sc.map.hexes]
    stacks: dict[str, list[str]] = {}
    for u in side:
        stacks.setdefault(u.hex, []).append(u.id)
    stack = max(stacks.values(), key=len)
    return [side[0].id], stack, [[u.id] for u in side]


def path_of(sc: Scenario, unit: list[str]) -> str:
    """A proposed path for ``check --move``: the witness path of the unit's farthest
    normal-movement end."""
    a = moves(sc, unit)
    ends = [e for e in a.ends if e.mode == "normal" and e.path]
    e = max(ends, key=lambda e: (len(e.path), e.place)) if ends else None
    hexes = e.path if e else [a.start]
    return f"{unit[0]}:{','.join(hexes)}"


def rows(sc: Scenario, solver: Solver, repeat: int, progress=print) -> dict[str, Any]:
    one, stack, side = movers(sc)
    cases = [
        ("moves_one", f"reach of one unit ({one[0]})",
         lambda: [moves(fresh(sc), one, solver=solver)], lambda: [ref_moves(sc, one)]),
        ("moves_stack", f"reach of a stack of {len(stack)} moving together",
         lambda: [moves(fresh(sc), stack, solver=solver)], lambda: [ref_moves(sc, stack)]),
        ("moves_side", f"reach of all {len(side)} units of the phasing side, one call",
         lambda: moves_many(fresh(sc), side, solver=solver),
         lambda: [ref_moves(sc, us) for us in side]),
        ("moves_side_each", f"the same {len(side)} units, one call each",
         lambda: [moves(p, us, solver=solver) for p in [fresh(sc)] for us in side],
         lambda: [ref_moves(sc, us) for us in side]),
    ]
    out: dict[str, Any] = {}
    for name, what, asp, ref in cases:
        progress(f"{name}: warming up ({what})")
        asp()
        ref()
        asp_t, asp_out, ref_t, ref_out = _interleaved(asp, ref, repeat)
        asp_ms, ref_ms = _median(asp_t), max(_median(ref_t), 0.01)
        out[name] = {"asp_ms": asp_ms, "reference_ms": ref_ms,
                     "ratio": round(asp_ms / ref_ms, 2),
                     "asp_spread_ms": _spread(asp_t), "reference_spread_ms": _spread(ref_t),
                     "agree": table(asp_out) == table(ref_out), "what": what}
    spec = path_of(sc, one)
    progress(f"check_move: {spec}")
    check_move(fresh(sc), spec, solver=solver)
    times = [_timed(lambda: check_move(fresh(sc), spec, solver=solver))[0]
             for _ in range(repeat)]
    out["check_move"] = {"asp_ms": _median(times), "asp_spread_ms": _spread(times),
                         "what": f"check --move of a {spec.count(',') + 1}-step path "
                                 "(no reference)"}
    return out


def run(repeat: int = 3, sizes: tuple[tuple[int, int, int], ...] = ((20, 20, 30),),
        seed: int = 42, out: Path | None = OUT, progress=print) -> dict[str, Any]:
    results: dict[str, Any] = {
        "timing": {"repeat": repeat, "clock": "CPU time of the process (time.process_time)",
                   "counted": "median of the repeats, the two sides interleaved; "
                              "spread = fastest and slowest"},
        "chart": "the practice terrain effects chart",
        "positions": [],
    }
    for cols, nrows, units in sizes:
        progress(f"generating a {cols} x {nrows} position with {units} units (seed {seed})")
        sc = scenario(with_movement(full_position(seed, cols, nrows, units), seed))
        solver = Solver(sc.game)
        t0 = time.perf_counter()
        solver.solve(sc, "zoc")
        prep = (time.perf_counter() - t0) * 1000.0
        results["positions"].append({
            "hexes": len(sc.map.hexes), "units": len(sc.units), "seed": seed,
            "phasing": sc.phasing, "map_prepare_ms": round(prep, 1),
            "queries": rows(sc, solver, repeat, progress)})
        if out is not None:
            out.write_text(json.dumps(results, indent=2) + "\n")
    return results


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.moves", description=__doc__.split("\n")[0])
    p.add_argument("--repeat", type=int, default=3, help="timed calls per side (default 3)")
    p.add_argument("--quick", action="store_true", help="one repeat, results not written")
    p.add_argument("--size", default="20x20", metavar="COLSxROWS",
                   help="the map's size (units: 75 per 1,000 hexes); default 20x20")
    p.add_argument("--out", type=Path, default=OUT, help="results file")
    args = p.parse_args(argv)
    try:
        cols, nrows = (int(x) for x in args.size.lower().split("x"))
    except ValueError:
        p.error(f"--size: expected COLSxROWS such as 20x20, got {args.size!r}")
    size = ((cols, nrows, max(20, round(cols * nrows * 0.075))),)
    if args.quick:
        res = run(1, size, out=None)
    else:
        res = run(args.repeat, size, out=args.out)
    for pos in res["positions"]:
        print(f"{pos['hexes']} hexes, {pos['units']} units:")
        for name, row in pos["queries"].items():
            ref = f"{row['reference_ms']:>9.1f} ms" if "reference_ms" in row else " " * 12
            agree = "" if "agree" not in row else ("agree" if row["agree"] else "DISAGREE")
            print(f"  {name:12} asp {row['asp_ms']:>9.1f} ms  reference {ref}  {agree}")
    bad = [n for pos in res["positions"] for n, r in pos["queries"].items()
           if r.get("agree") is False]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
