"""``python3 -m bench.kb42``: Kharkov Battles' queries against their plain-Python reference.

Generates a Kharkov Battles position (a KB map of ``--rows`` x ``--cols`` hexes, rivers,
the Dnepr, towns, cities, Fortified Zones, two fronts of units in contact), runs every query
the game answers warm (the map prepared once, each query called once before it is timed) on
the ASP adjudicator and on the reference, the two sides interleaved (taking turns about who
goes first), keeps the median of ``--repeat`` runs with the spread, checks that both sides
agree, prints a table and writes ``bench/kb42_results.json``.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from adjudicator.games.kb42 import charts as C
from adjudicator.games.kb42.queries.attack import attacks as asp_attacks
from adjudicator.games.kb42.queries.odds import Plan
from adjudicator.games.kb42.queries.odds import odds as asp_odds
from adjudicator.games.kb42.queries.retreat import retreat as asp_retreat
from adjudicator.games.kb42.queries.supply import supply as asp_supply
from adjudicator.games.kb42.queries.zoc import zoc as asp_zoc
from adjudicator.games.kb42.reference import attack as ref_attack
from adjudicator.games.kb42.reference import odds as ref_odds
from adjudicator.games.kb42.reference import retreat as ref_retreat
from adjudicator.games.kb42.reference import supply as ref_supply
from adjudicator.games.kb42.reference import zoc as ref_zoc
from adjudicator.scenario import parse_scenario
from adjudicator.solver import Solver

HERE = Path(__file__).parent
OUT = HERE / "kb42_results.json"


def position(seed: int = 42, rows: int = 18, cols: int = 24) -> Any:
    """A generated position: row 30 up, column 1 east; the fronts meet in the middle rows."""
    rnd = random.Random(seed)
    ids = [f"KB{30 + r:02d}{1 + c:02d}" for r in range(rows) for c in range(cols)]
    hexes: dict[str, Any] = {}
    for h in ids:
        spec: dict[str, Any] = {"terrain": rnd.choice(["clear"] * 6 + ["woods", "rough",
                                                                        "marsh"])}
        roll = rnd.random()
        if roll < 0.03:
            spec["city"] = rnd.choice(["major", "minor"])
        elif roll < 0.10:
            spec["town"] = True
        hexes[h] = spec
    data = {"game": "kb42", "turn": 1, "phasing": "axis", "weather": "clear",
            "map": {"hexes": hexes, "hexsides": {}}, "units": []}
    sc0 = parse_scenario(json.dumps(data), "<bench>", ".json")
    sides: dict[str, Any] = {}
    for a, b in sc0.grid.edges():
        r = rnd.random()
        if r < 0.06:
            sides[f"{a}-{b}"] = {"river": "minor"}
        elif r < 0.10:
            sides[f"{a}-{b}"] = {"river": "major", **({"bridge": "road"}
                                                       if rnd.random() < 0.3 else {})}
        elif r < 0.11:
            sides[f"{a}-{b}"] = {"river": "dnepr"}
        elif r < 0.12:
            sides[f"{a}-{b}"] = {"impassable": True}
    data["map"]["hexsides"] = sides
    mid = rows // 2
    units = []
    for c in range(cols):
        for side, r in (("axis", mid - 1), ("soviet", mid)):
            for depth in range(3):
                row = r - depth if side == "axis" else r + depth
                if not 0 <= row < rows or rnd.random() < 0.25:
                    continue
                h = f"KB{30 + row:02d}{1 + c:02d}"
                for k in range(rnd.randint(1, 2)):
                    units.append({
                        "id": f"{side[0]}{c}-{depth}-{k}", "side": side, "hex": h,
                        "type": rnd.choice(["infantry", "infantry", "tank", "motorized",
                                            "cavalry", "hq"] if side == "soviet" else
                                           ["infantry", "infantry", "tank", "motorized"]),
                        "strength": rnd.randint(1, 12), "max_steps": rnd.choice([1, 2, 3]),
                        "armor_band": rnd.choice([None, None, "blue", "yellow"]),
                        "supply": rnd.choice(["operational"] * 4 + ["oos", "isolated"])})
    data["units"] = units
    data["supply_sources"] = ([{"side": "axis", "hex": f"KB30{1 + c:02d}"}
                               for c in range(0, cols, 6)]
                              + [{"side": "soviet", "hex": f"KB{30 + rows - 1:02d}{1 + c:02d}"}
                                 for c in range(3, cols, 6)])
    return parse_scenario(json.dumps(data), "<bench>", ".json")


def _timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    import gc

    gc.collect()
    gc.disable()
    try:
        t0 = time.perf_counter()
        out = fn()
        return (time.perf_counter() - t0) * 1000, out
    finally:
        gc.enable()


def _interleaved(asp: Callable[[], Any], ref: Callable[[], Any], repeat: int
                 ) -> tuple[list[float], Any, list[float], Any]:
    a_ms: list[float] = []
    r_ms: list[float] = []
    a_out = r_out = None
    for i in range(repeat):
        for which in ((0, 1) if i % 2 == 0 else (1, 0)):
            if which == 0:
                ms, a_out = _timed(asp)
                a_ms.append(ms)
            else:
                ms, r_out = _timed(ref)
                r_ms.append(ms)
    return a_ms, a_out, r_ms, r_out


def cases(sc: Any, solver: Solver, n: int = 10) -> list[tuple[str, str, Callable, Callable]]:
    """(name, what, asp side, reference side): each side returns a comparable value."""
    crt, tec = C.chart("crt"), C.chart("tec")
    by_hex: dict[str, list] = {}
    for u in sc.units:
        by_hex.setdefault(u.hex, []).append(u)
    front = []
    for h, us in sorted(by_hex.items()):
        if us[0].side != "soviet":
            continue
        att = sorted({v.id for n_ in sc.grid.neighbours(h) for v in by_hex.get(n_, [])
                      if v.side == "axis" and v.type != "hq" and v.type != "tank"})
        if att:
            front.append((h, att))
    front = front[:n]
    designated = sorted({u for _, att in front for u in att[:1]})
    plans = [(att[:1], [h], 0, 0) for h, att in front]
    retreating = [h for h, _ in front]

    def zoc_asp() -> Any:
        ans = asp_zoc(sc, solver)
        return {p: {(h, s) for h, ss in c.items() for s in ss} for p, c in ans.controls.items()}

    def zoc_ref() -> Any:
        return ref_zoc.controls(sc)

    def supply_asp() -> Any:
        return {u.unit: u.state for u in asp_supply(sc, solver).units}

    def retreats_asp() -> Any:
        out = set()
        for h in retreating:
            att = [x for x in sc.grid.neighbours(h) if any(v.side == "axis"
                                                           for v in by_hex.get(x, []))]
            ans = asp_retreat(sc, h, 2, att, solver)
            out |= {(h, r.chosen, tuple(r.path)) for r in ans.retreats if r.allowed}
        return out

    def retreats_ref() -> Any:
        out = set()
        for h in retreating:
            att = [x for x in sc.grid.neighbours(h) if any(v.side == "axis"
                                                           for v in by_hex.get(x, []))]
            out |= {(h, k, p) for k, p in ref_retreat.allowed(sc, h, 2, att)}
        return out

    def attacks_asp() -> Any:
        return set(asp_attacks(sc, designated, solver).must_attack)

    def odds_asp() -> Any:
        ans = asp_odds(sc, [Plan(*p) for p in plans], crt, tec, solver)
        return [(a.attacker_total, a.defender_total, a.level) for a in ans.attacks]

    def odds_ref() -> Any:
        return [(a, d, lv) for p in plans for a, d, lv, _ in ref_odds.odds(sc, [p])]

    return [
        ("zoc", "every purpose's control of every hex", zoc_asp, zoc_ref),
        ("supply", "every unit's supply state", supply_asp, lambda: ref_supply.states(sc)),
        ("retreats", f"every legal r2 retreat of {len(retreating)} stacks", retreats_asp,
         retreats_ref),
        ("attacks", f"the hexes {len(designated)} designated units oblige to attack",
         attacks_asp, lambda: ref_attack.must_attack(sc, designated)),
        ("odds", f"strengths and ratio of {len(plans)} attacks", odds_asp, odds_ref),
    ]


def run(seed: int = 42, rows: int = 18, cols: int = 24, repeat: int = 5,
        progress: Callable[[str], None] = lambda s: None) -> dict[str, Any]:
    sc = position(seed, rows, cols)
    solver = Solver(sc.game)
    results: dict[str, Any] = {}
    for name, what, asp, ref in cases(sc, solver):
        progress(f"{name}: warming up")
        asp(), ref()
        progress(f"{name}: timing both sides, interleaved")
        a_ms, a_out, r_ms, r_out = _interleaved(asp, ref, repeat)
        results[name] = {
            "what": what, "asp_ms": round(statistics.median(a_ms), 2),
            "reference_ms": round(statistics.median(r_ms), 2),
            "asp_spread_ms": [round(min(a_ms), 2), round(max(a_ms), 2)],
            "reference_spread_ms": [round(min(r_ms), 2), round(max(r_ms), 2)],
            "ratio": round(statistics.median(a_ms) / max(statistics.median(r_ms), 0.01), 2),
            "agree": a_out == r_out,
        }
    return {"game": "kb42", "seed": seed, "map": f"{rows} x {cols} hexes",
            "hexes": len(sc.map.hexes), "units": len(sc.units), "repeat": repeat,
            "counted": "median of the repeats, the two sides interleaved; warm (each query "
                       "called once before it is timed)",
            "python": platform.python_version(), "machine": platform.machine(),
            "queries": results}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python3 -m bench.kb42",
                                description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, default=42)
    p.add_argument("--rows", type=int, default=18)
    p.add_argument("--cols", type=int, default=24)
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--out", type=Path, default=OUT)
    args = p.parse_args(argv)
    console = Console(stderr=True)
    res = run(args.seed, args.rows, args.cols, args.repeat, lambda s: console.print(s))
    table = Table(title=f"Kharkov Battles, {res['map']}, {res['units']} units (ms, median)")
    for col in ("query", "what", "adjudicator", "reference", "ratio", "agree"):
        table.add_column(col)
    for name, r in res["queries"].items():
        table.add_row(name, r["what"], str(r["asp_ms"]), str(r["reference_ms"]),
                      str(r["ratio"]), "yes" if r["agree"] else "NO")
    Console().print(table)
    args.out.write_text(json.dumps(res, indent=2) + "\n")
    return 0 if all(r["agree"] for r in res["queries"].values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
