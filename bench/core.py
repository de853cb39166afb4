"""The benchmark machinery: workloads, timings, agreement, results.json.

Each query is run on one generated position by the ASP adjudicator (warm: the map part
prepared once, each query called once before it is timed) and by the reference, in the
same process; the answers are reduced with :mod:`bench.compare` and must be equal.
"""

from __future__ import annotations

import copy
import gc
import importlib
import json
import math
import resource
import statistics
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
from adjudicator.scenario import Scenario, load_scenario
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


#: The processor time (ms) of the last call ``_timed`` timed.
_LAST_CPU = [0.0]


def _timed(fn: Callable[[], Any], repeat: int = 1) -> tuple[float, Any]:
    """Best wall time of ``repeat`` calls, in ms (the processor time of the last call
    is left in ``_LAST_CPU``). As ``timeit`` does, the garbage collector is run before
    and kept off during each call, so that neither side pays for collecting the
    other's garbage."""
    best, out = float("inf"), None
    for _ in range(repeat):
        gc.collect()
        gc.disable()
        try:
            c0 = time.process_time()
            t0 = time.perf_counter()
            out = fn()
            best = min(best, time.perf_counter() - t0)
            _LAST_CPU[0] = (time.process_time() - c0) * 1000.0
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
        Case("zoc", lambda s: asp_zoc(fresh(sc), s), lambda: ref_zoc(fresh(sc)),
             lambda a, r: compare.zoc_table(a) == compare.zoc_table(r), "ZOC of every hex"),
        Case("bonds", lambda s: asp_bonds(fresh(sc), s).bonds, lambda: ref_bonds(fresh(sc)),
             lambda a, r: compare.bond_table(a) == compare.bond_table(r), "all bonds"),
    ]
    asp_supply = _optional("adjudicator.games.s42.queries.supply", "supply")
    ref_supply = _optional("adjudicator.games.s42.reference.supply", "supply")
    out.append(Case(
        "supply",
        (lambda s: asp_supply(fresh(sc), s).units) if asp_supply else None,
        (lambda: ref_supply(fresh(sc))) if ref_supply else None,
        lambda a, r: compare.supply_table(a) == compare.supply_table(r),
        f"supply of all {len(sc.units)} units"))
    asp_many = _optional("adjudicator.games.s42.queries.retreat", "retreats_many")
    request = _optional("adjudicator.games.s42.queries.retreat", "RetreatRequest")
    asp_retreats = _optional("adjudicator.games.s42.queries.retreat", "retreats")
    ref_retreats = _optional("adjudicator.games.s42.reference.retreat", "retreats")
    hexes = retreat_stacks(sc, stacks)

    def ref_each(fn: Callable[..., Any]) -> list[Any]:
        # like the adjudicator, the reference sees a position it has not seen before
        # (it keeps what it found about a position for the next question on it)
        pos = fresh(sc)
        return [fn(pos, h, 2) for h in hexes]

    def same_retreats(a: Any, r: Any) -> bool:
        return [compare.retreat_table(x) for x in a] == [compare.retreat_table(x) for x in r]

    # All stacks in one solver call (retreats_many), the full answer with Lines of Supply.
    out.append(Case(
        "retreats",
        (lambda s: asp_many(fresh(sc), [request(h, 2, None, ()) for h in hexes], solver=s))
        if asp_many and request else None,
        (lambda: ref_each(ref_retreats)) if ref_retreats else None,
        same_retreats, f"2-hex retreats of {len(hexes)} stacks, one call"))
    # One call per stack, as a player asking about one stack at a time, without the Line of
    # Supply guideline (each call would otherwise trace supply for the whole side again).
    def each(s: Solver) -> list[Any]:
        pos = fresh(sc)
        return [asp_retreats(pos, h, 2, solver=s, with_los=False) for h in hexes]

    out.append(Case(
        "retreats_each_no_los",
        each if asp_retreats else None,
        (lambda: ref_each(ref_retreats)) if ref_retreats else None,
        same_retreats, "the same, one call per stack, no LOS"))

    # One call per stack with the Line of Supply, as the retreats command answers: the
    # first question about the position traces the retreating side's lines, the others
    # reuse them.
    def each_los(s: Solver) -> list[Any]:
        pos = fresh(sc)
        return [asp_retreats(pos, h, 2, solver=s) for h in hexes]

    out.append(Case(
        "retreats_each",
        each_los if asp_retreats else None,
        (lambda: ref_each(ref_retreats)) if ref_retreats else None,
        same_retreats, "the same, one call per stack, with LOS"))
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
        (lambda: [ref_adv(fresh(a), h, 4, us) for a, h, us in work]) if ref_adv else None,
        same_advances, f"Adv 4 of {len(work)} attacks, one call"))
    # One call per attack, as a player asking about one attack at a time.
    out.append(Case(
        "advances_each",
        (lambda s: [asp_adv(fresh(a), h, 4, us, solver=s) for a, h, us in work])
        if asp_adv else None,
        (lambda: [ref_adv(fresh(a), h, 4, us) for a, h, us in work]) if ref_adv else None,
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


def _interleaved(asp: Callable[[], Any], ref: Callable[[], Any],
                 repeat: int) -> tuple[list[float], Any, list[float], Any]:
    """``repeat`` timed calls of each side, the two sides taking turns (and turns about
    who goes first), so that a burst of load on the shared machine falls on both."""
    asp_ms: list[float] = []
    ref_ms: list[float] = []
    asp_out = ref_out = None
    _CPU["asp"], _CPU["ref"] = [], []
    for i in range(repeat):
        order = ((asp, asp_ms), (ref, ref_ms)) if i % 2 == 0 else ((ref, ref_ms), (asp, asp_ms))
        for fn, times in order:
            ms, out = _timed(fn)
            times.append(ms)
            if fn is asp:
                asp_out = out
                _CPU["asp"].append(_LAST_CPU[0])
            else:
                ref_out = out
                _CPU["ref"].append(_LAST_CPU[0])
    return asp_ms, asp_out, ref_ms, ref_out


#: The processor times (ms) of each side's calls in the last ``_interleaved`` run. On a
#: machine shared with other work the wall time of a call also waits for the processor;
#: the processor time measures the program alone.
_CPU: dict[str, list[float]] = {"asp": [], "ref": []}


def _median(xs: list[float]) -> float:
    return round(statistics.median(xs), 2)


def _spread(xs: list[float]) -> list[float]:
    return [round(min(xs), 2), round(max(xs), 2)]


#: The cases ``run_cases`` runs (None: all but those of ``ON_REQUEST``); ``python3 -m
#: bench --queries`` sets it.
ONLY: set[str] | None = None
#: Cases run only when named: the reach of every phasing unit in one call takes minutes
#: and gigabytes on the full-size map (``python3 -m bench.moves`` times it on its own maps).
ON_REQUEST = frozenset({"moves_side"})


def run_cases(sc: Scenario, solver: Solver, progress: Progress, repeat: int = 3,
              stacks: int = 20, n_attacks: int = 20) -> dict[str, Any]:
    """Each case warmed up once, then timed ``repeat`` times on each side, the sides
    interleaved; the median of each side counts, with the spread (fastest, slowest)."""
    results: dict[str, Any] = {}
    for case in cases(sc, stacks, n_attacks):
        named = ONLY is not None and case.name in ONLY
        if not named and (ONLY is not None or case.name in ON_REQUEST):
            continue
        if case.asp is None or case.ref is None:
            side = "adjudicator" if case.asp is None else "reference"
            results[case.name] = {"available": False, "what": case.what,
                                  "note": f"not available: no {side} implementation yet"}
            progress(f"{case.name}: not available ({side})")
            continue
        progress(f"{case.name}: warming up ({case.what})")
        case.asp(solver)
        case.ref()
        progress(f"{case.name}: timing both sides, interleaved")
        asp_t, asp_out, ref_t, ref_out = _interleaved(lambda c=case: c.asp(solver), case.ref,
                                                      repeat)
        agree = bool(case.same(asp_out, ref_out))
        asp_ms, ref_ms = _median(asp_t), max(_median(ref_t), 0.01)
        asp_cpu, ref_cpu = _median(_CPU["asp"]), max(_median(_CPU["ref"]), 0.01)
        results[case.name] = {
            "asp_ms": asp_ms, "reference_ms": ref_ms, "ratio": round(asp_ms / ref_ms, 2),
            "asp_spread_ms": _spread(asp_t), "reference_spread_ms": _spread(ref_t),
            "asp_cpu_ms": asp_cpu, "reference_cpu_ms": ref_cpu,
            "cpu_ratio": round(asp_cpu / ref_cpu, 2),
            "agree": agree, "what": case.what,
        }
    return results


# -- whole-side pockets --------------------------------------------------------------


def pocket_data(data: dict[str, Any], side: str = "axis") -> dict[str, Any]:
    """The same position with ``side``'s entry areas made neutral: its units on the map are
    cut off from every source in one big pocket."""
    out = copy.deepcopy(data)
    for area in out["map"]["entry_areas"].values():
        if area["side"] == side:
            area["side"] = "neutral"
    return out


def joined_pocket_data(data: dict[str, Any], side: str = "axis") -> dict[str, Any]:
    """The pocket of ``pocket_data`` with a Supply Source of ``side`` placed in a hex the
    enemy holds (the middle one of those hexes, by id): a source is joined to the
    pocket but no line reaches it, so every isolated unit gets its cuts named."""
    out = pocket_data(data, side)
    held = sorted({u["hex"] for u in out["units"]
                   if u["side"] != side and u["hex"] in out["map"]["hexes"]})
    if held:
        out["supply_sources"] = [*out.get("supply_sources", []),
                                 {"side": side, "hex": held[len(held) // 2]}]
    return out


def supply_pair(data: dict[str, Any], progress: Progress, repeat: int,
                joined: bool = True) -> dict[str, Any]:
    """Warm ``supply`` on a position with open supply and on the same map with the Axis
    in one pocket (and, with ``joined``, in that pocket with a source joined to it),
    each side of each timed interleaved with the reference."""
    from adjudicator.games.s42.queries.supply import supply as asp_supply
    from adjudicator.games.s42.reference.supply import supply as ref_supply

    out: dict[str, Any] = {}
    positions = [("open", data), ("pocket", pocket_data(data))]
    if joined:
        positions.append(("joined", joined_pocket_data(data)))
    for name, d in positions:
        sc = scenario(d)
        solver = Solver(sc.game)
        solver.solve(sc, "zoc")
        asp_supply(fresh(sc), solver)
        progress(f"supply, {name}: timing both sides, interleaved")
        asp_t, asp_out, ref_t, ref_out = _interleaved(
            lambda sc=sc, solver=solver: asp_supply(fresh(sc), solver).units,
            lambda sc=sc: ref_supply(fresh(sc)), repeat)
        isolated = sum(1 for u in asp_out if u.status == "isolated")
        out[name] = {"asp_ms": _median(asp_t), "reference_ms": _median(ref_t),
                     "asp_spread_ms": _spread(asp_t), "reference_spread_ms": _spread(ref_t),
                     "isolated_units": isolated,
                     "agree": compare.supply_table(asp_out) == compare.supply_table(ref_out)}
    out["pocket_over_open"] = round(out["pocket"]["asp_ms"] / out["open"]["asp_ms"], 2)
    if joined:
        out["joined_over_open"] = round(out["joined"]["asp_ms"] / out["open"]["asp_ms"], 2)
        out["joined"]["what"] = ("the pocket with an Axis Supply Source in a Soviet-held "
                                 "hex: a source joined, every isolated unit's cuts named")
    return out


# The peak resident size is read from /proc (VmHWM, in kB): getrusage's ru_maxrss keeps
# the parent's peak across fork and exec, so a child started by a big benchmark process
# would report the benchmark's own size.
_PEAK = """
import json, sys
def hwm():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0
from adjudicator.games.s42.generate import scenario
from adjudicator.games.s42.queries.supply import supply
from adjudicator.solver import Solver
sc = scenario(json.load(open(sys.argv[1])))
solver = Solver(sc.game)
before = hwm()
supply(sc, solver)
print(json.dumps([before, hwm()]))
"""


def peak_memory_mb(data: dict[str, Any]) -> dict[str, float]:
    """Peak resident memory of a fresh process answering ``supply`` once on the position:
    after loading it, and after the answer (MB)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "pos.json"
        path.write_text(json.dumps(data))
        proc = subprocess.run([sys.executable, "-c", _PEAK, str(path)], capture_output=True,
                              text=True, check=True)
    before, after = json.loads(proc.stdout)
    return {"loaded_mb": round(before / 1024, 1), "after_supply_mb": round(after / 1024, 1)}


def growth(rows: list[dict[str, Any]], key: str = "queries") -> dict[str, dict[str, float]]:
    """The growth exponent of each query's time with the number of hexes: the slope of
    log(ms) against log(hexes), least squares over the scaling series (1: linear)."""
    out: dict[str, dict[str, float]] = {}
    if len(rows) < 2:
        return out
    xs = [math.log(r["hexes"]) for r in rows]
    mx = sum(xs) / len(xs)
    for name in rows[0][key]:
        for who in ("asp_ms", "reference_ms"):
            ys = [r[key].get(name, {}).get(who) for r in rows]
            if any(y is None or y <= 0 for y in ys):
                continue
            ly = [math.log(y) for y in ys]
            my = sum(ly) / len(ly)
            slope = (sum((x - mx) * (y - my) for x, y in zip(xs, ly, strict=True))
                     / sum((x - mx) ** 2 for x in xs))
            out.setdefault(name, {})["asp" if who == "asp_ms" else "reference"] = round(slope, 2)
    return out


def _run_ms(args: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall time and processor time (user + system) of a fresh process, in ms. On a
    shared machine the wall time waits for the processor; the processor time does not."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(args, capture_output=True, text=True, env=env)
    ms = (time.perf_counter() - t0) * 1000.0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(args[2:])} failed: {proc.stdout}{proc.stderr}")
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000.0
    return ms, cpu


def _wall_ms(args: list[str], env: dict[str, str] | None = None) -> float:
    return _run_ms(args, env)[0]


def cold_env(tmp: Path) -> dict[str, str]:
    """The environment of the fresh processes: the adjudicator's on-disk cache in its own
    folder (filled by each command's first, untimed run, as a player's first question
    fills it), and bytecode read and written as usual, the package's compiled once
    beforehand, as an installed package's is (a ``PYTHONDONTWRITEBYTECODE`` in the
    caller's environment would make every start compile the package again)."""
    import compileall
    import os

    import adjudicator

    env = dict(os.environ)
    env["ADJUDICATOR_CACHE_DIR"] = str(tmp / "cache")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("PYTHONPYCACHEPREFIX", None)
    if sys.pycache_prefix is None:
        compileall.compile_dir(str(Path(adjudicator.__file__).parent), quiet=1)
    return env


def cold_start_ms(path: Path, env: dict[str, str] | None = None) -> float:
    """Wall time of ``python3 -m adjudicator validate FILE`` in a fresh process."""
    return round(_wall_ms([sys.executable, "-m", "adjudicator", "validate", str(path)], env), 1)


def cold_questions(sc: Scenario, path: Path) -> dict[str, list[str]]:
    """One question of each query command about the position in ``path``, as a player
    asks it: the arguments after ``adjudicator``."""
    f = str(path)
    out = {"zoc": ["zoc", f], "bonds": ["bonds", f], "supply": ["supply", f]}
    stacks = retreat_stacks(sc, 40)
    if stacks:
        out["retreats"] = ["retreats", f, "--hex", stacks[0], "--length", "2"]
    for after, h, us in attacks(sc, 1):
        out["odds"] = ["odds", f, "--defender-hex", h, "--attackers", ",".join(us)]
        # the advance is asked about the position after the combat, the defender gone
        vacated = path.with_name(path.stem + "-after.json")
        data = json.loads(path.read_text()) if path.suffix == ".json" else None
        if data is not None:
            data["units"] = [u for u in data["units"] if u["hex"] != h]
            vacated.write_text(json.dumps(data))
            out["advances"] = ["advances", str(vacated), "--vacated", h, "--allowance", "4",
                               "--units", ",".join(us)]
        del after
        u = sc.units_by_id[us[0]]
        into = next((n for n in sc.grid.neighbours(u.hex) if n != h), h)
        out["check"] = ["check", f, "--enter", f"{u.id}:{into}"]
    return out


def cold_commands(sc: Scenario, path: Path, repeat: int = 1,
                  progress: Progress = print, env: dict[str, str] | None = None
                  ) -> dict[str, Any]:
    """Wall and processor time of each query command in a fresh process: its first run
    (which fills the on-disk cache) once, then the median of ``repeat`` runs, each after
    one run of the interpreter alone (``python -c pass``), so that both are measured in
    the same run under the same load."""
    out: dict[str, Any] = {"commands": {}}
    pythons: list[tuple[float, float]] = []
    for name, args in cold_questions(sc, path).items():
        progress(f"cold: adjudicator {name}")
        cmd = [sys.executable, "-m", "adjudicator", *args]
        try:
            first = _run_ms(cmd, env)
            runs, py = [], []
            for _ in range(repeat):
                py.append(_run_ms([sys.executable, "-c", "pass"], env))
                runs.append(_run_ms(cmd, env))
        except RuntimeError as exc:  # reported, not fatal: the other commands still run
            out["commands"][name] = {"error": str(exc).splitlines()[0]}
            continue
        pythons += py
        times = [w for w, _ in runs]
        out["commands"][name] = {"ms": _median(times), "spread_ms": _spread(times),
                                 "cpu_ms": _median([c for _, c in runs]),
                                 "cpu_spread_ms": _spread([c for _, c in runs]),
                                 "python_ms": _median([w for w, _ in py]),
                                 "first_run_ms": round(first[0], 1),
                                 "runs": repeat,
                                 "args": ["FILE" if a.startswith(str(path.parent)) else a
                                          for a in args]}
    if not pythons:
        pythons = [_run_ms([sys.executable, "-c", "pass"], env) for _ in range(3)]
    out["python_ms"] = _median([w for w, _ in pythons])
    out["python_cpu_ms"] = _median([c for _, c in pythons])
    return out


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
        stacks: int = 20, n_attacks: int = 20, repeat: int = 5,
        cold_repeat: int = 1) -> dict[str, Any]:
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
        "timing": {"repeat": repeat,
                   "counted": "median of the repeats, the two sides interleaved; "
                              "spread = fastest and slowest"},
    }
    from adjudicator.solver import MAX_QUERIES
    results["session"] = {"renewal_ms": renewal_ms(sc, solver), "every_questions": MAX_QUERIES}
    results["warm_session"] = warm_session(data, progress, repeat)
    _save(out, results)
    progress("whole-side pocket: supply with the Axis cut off")
    results["pocket"] = supply_pair(data, progress, repeat)
    _save(out, results)
    progress("clingo statistics of each query")
    results["grounding"] = grounding(sc, solver, ("zoc", "bonds", "supply"))
    if cold:
        from adjudicator.games import get_game

        with tempfile.TemporaryDirectory() as tmp:
            env = cold_env(Path(tmp))
            path = Path(tmp) / "big.json"
            path.write_text(json.dumps(data))
            progress("cold start: adjudicator validate on the big file")
            cold_start_ms(path, env)  # (fills the cache)
            results["cold_start_ms"] = cold_start_ms(path, env)
            results["cold"] = {"full": cold_commands(sc, path, cold_repeat, progress, env),
                               "how": "median of the runs, each after a run of the "
                                      "interpreter alone; the first run of each command "
                                      "(filling the on-disk cache) apart; bytecode "
                                      "compiled beforehand"}
            _save(out, results)
            demo = get_game("s42").demo_path
            results["cold"]["demo"] = cold_commands(load_scenario(demo), demo, cold_repeat,
                                                    progress, env)
    scale = []
    for c, r in scaling:
        n = max(20, round(units * c * r / (cols * rows)))
        progress(f"scaling: {c} x {r} = {c * r} hexes, {n} units")
        sdata = full_position(seed, c, r, n)
        ssc = scenario(sdata)
        ssolver = Solver(ssc.game)
        t0 = time.perf_counter()
        ssolver.solve(ssc, "zoc")
        prep = (time.perf_counter() - t0) * 1000.0
        row = {"hexes": len(ssc.map.hexes), "units": len(ssc.units),
               "map_prepare_ms": round(prep, 1),
               "queries": run_cases(ssc, ssolver, lambda _m: None, repeat=1, stacks=5,
                                    n_attacks=5)}
        pair = supply_pair(sdata, lambda _m: None, 1, joined=False)
        pk = pair["pocket"]
        row["queries"]["supply_pocket"] = {
            **pk, "ratio": round(pk["asp_ms"] / max(pk["reference_ms"], 0.01), 2),
            "what": "supply, Axis in a pocket"}
        row["pocket_over_open"] = pair["pocket_over_open"]
        if cold:
            row["memory"] = {"open": peak_memory_mb(sdata),
                             "pocket": peak_memory_mb(pocket_data(sdata))}
        scale.append(row)
        results["scaling"] = scale
        results["growth"] = growth(scale)
        _save(out, results)
    results["scaling"] = scale
    results["growth"] = growth(scale)
    if out is not None:
        out.write_text(json.dumps(results, indent=2) + "\n")
    return results


def _save(out: Path | None, results: dict[str, Any]) -> None:
    """Write what is measured so far (a long run that fails late keeps its numbers)."""
    if out is not None:
        out.write_text(json.dumps(results, indent=2) + "\n")


def warm_session(data: dict[str, Any], progress: Progress, repeat: int) -> dict[str, Any]:
    """A script's warm session (``adjudicator.games.s42.session``): the position loaded
    once, then zoc, bonds, supply, one retreat and one advance asked in turn."""
    from adjudicator.games.s42.session import Session

    sc = scenario(data)
    t0 = time.perf_counter()
    s = Session(sc)
    s.zoc()
    first = (time.perf_counter() - t0) * 1000.0
    h = (retreat_stacks(sc, 1) or [None])[0]
    work = attacks(sc, 1)

    def questions() -> None:
        pos = s.with_position(fresh(sc))
        pos.zoc()
        pos.bonds()
        pos.supply()
        if h:
            pos.retreats(h, 2)
        for after, v, us in work:
            s.with_position(fresh(after)).advances(v, 4, us)

    questions()
    progress("warm session: five questions about a new position")
    times = []
    for _ in range(repeat):
        ms, _ = _timed(questions)
        times.append(ms)
    return {"first_question_ms": round(first, 1), "five_questions_ms": _median(times),
            "spread_ms": _spread(times),
            "what": "zoc, bonds, supply, one retreat and one advance about a position not "
                    "seen before, in a session whose map is ready"}
