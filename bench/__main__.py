"""``python3 -m bench`` (``make bench``): the adjudicator against the reference.

Generates a full-size Stalingrad '42 position (64 x 62 hexes, about 300 units in contact),
times every query warm for both the ASP adjudicator and the plain-Python reference (the
two sides interleaved, the median of several runs with the spread), checks that they agree,
times ``supply`` with one side cut off in one big pocket, a script's warm session, every
query command cold in a fresh process next to the interpreter's own start-up, and how the
time grows with the map (with the growth exponent of each query), prints tables and writes
``bench/results.json``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console
from rich.table import Table

from bench.core import run

HERE = Path(__file__).parent

#: The warm ratio each query must keep against the reference.
TARGETS = {"zoc": 3.0, "bonds": 3.0, "supply": 5.0, "retreats": 10.0,
           "retreats_each_no_los": 10.0, "retreats_each": 10.0, "advances": 10.0,
           "advances_each": 10.0}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python3 -m bench", description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, default=42)
    p.add_argument("--cols", type=int, default=64)
    p.add_argument("--rows", type=int, default=62)
    p.add_argument("--units", type=int, default=300)
    p.add_argument("--no-scaling", action="store_true", help="skip the map-size series")
    p.add_argument("--no-cold", action="store_true", help="skip the cold CLI start")
    p.add_argument("--repeat", type=int, default=5,
                   help="timed runs of each query on each side, interleaved; the median "
                        "counts")
    p.add_argument("--cold-repeat", type=int, default=7,
                   help="timed fresh-process runs of each command (the median counts)")
    p.add_argument("--queries", metavar="A,B", default=None,
                   help="only these warm cases (e.g. zoc,bonds,supply); by default all "
                        "but moves_side, which runs only when named")
    p.add_argument("-o", "--out", type=Path, default=HERE / "results.json")
    args = p.parse_args(argv)
    if args.queries:
        from bench import core

        core.ONLY = {q.strip() for q in args.queries.split(",") if q.strip()}
    console = Console(highlight=False)
    scaling = () if args.no_scaling else ((32, 31), (64, 62), (99, 99))
    res = run(args.seed, args.cols, args.rows, args.units, scaling, args.out,
              progress=lambda m: console.print(f"[dim]... {m}[/dim]"), cold=not args.no_cold,
              repeat=max(1, args.repeat), cold_repeat=max(1, args.cold_repeat))
    m = res["map"]
    table = Table("query", "workload", "adjudicator ms", "reference ms", "ratio",
                  "spread ms (adj / ref)", "cpu ratio", "agree",
                  title=f"warm queries on {m['hexes']} hexes, {m['units']} units")
    for name, q in res["queries"].items():
        if not q.get("available", True):
            table.add_row(name, q["what"], "-", "-", "-", "not available", "-", "-")
            continue
        ratio = q["ratio"]
        style = "red" if ratio is None or ratio > TARGETS.get(name, 10.0) else "green"
        table.add_row(name, q["what"], f"{q['asp_ms']:.1f}", f"{q['reference_ms']:.1f}",
                      f"[{style}]{ratio:.2f}[/{style}]",
                      "{:.0f}-{:.0f} / {:.0f}-{:.0f}".format(*q["asp_spread_ms"],
                                                            *q["reference_spread_ms"]),
                      f"{q['cpu_ratio']:.2f}" if "cpu_ratio" in q else "-",
                      "yes" if q["agree"] else "[red bold]NO[/red bold]")
    console.print(table)
    console.print(f"map part prepared once in {res['map_prepare_ms']:.0f} ms; a session is "
                  f"renewed every {res['session']['every_questions']} questions, in "
                  f"{res['session']['renewal_ms']:.0f} ms; median of {res['timing']['repeat']} "
                  "runs each side, interleaved")
    p = res["pocket"]
    console.print(f"supply with the Axis in one pocket: {p['pocket']['asp_ms']:.0f} ms "
                  f"({p['pocket']['isolated_units']} isolated units) against "
                  f"{p['open']['asp_ms']:.0f} ms with open supply: "
                  f"{p['pocket_over_open']:.2f}x (reference {p['pocket']['reference_ms']:.0f} "
                  f"and {p['open']['reference_ms']:.0f} ms)")
    if "joined" in p:
        console.print(f"the same pocket with a source joined to it (every isolated unit's "
                      f"cuts named): {p['joined']['asp_ms']:.0f} ms: "
                      f"{p['joined_over_open']:.2f}x open (reference "
                      f"{p['joined']['reference_ms']:.0f} ms)")
    w = res["warm_session"]
    console.print(f"warm session: {w['what']}: {w['five_questions_ms']:.0f} ms")
    if "cold" in res:
        ct = Table("command", "full-size ms (spread)", "cpu ms", "python ms", "first run ms",
                   "demo ms (cpu)", "python ms (demo)",
                   title=f"cold: one question per fresh process, median of "
                         f"{args.cold_repeat} runs (python alone: "
                         f"{res['cold']['full']['python_ms']:.0f} ms)")
        demo = res["cold"].get("demo", {}).get("commands", {})
        for name, c in res["cold"]["full"]["commands"].items():
            if "error" in c:
                ct.add_row(name, c["error"], "-", "-", "-", "-", "-")
                continue
            d = demo.get(name)
            d = d if d and "error" not in d else None
            style = "green" if c["ms"] <= 1000 else "red"
            ct.add_row(name, f"[{style}]{c['ms']:.0f}[/{style}] ({c['spread_ms'][0]:.0f}-"
                             f"{c['spread_ms'][1]:.0f})",
                       f"{c['cpu_ms']:.0f}", f"{c['python_ms']:.0f}", f"{c['first_run_ms']:.0f}",
                       f"{d['ms']:.0f} ({d['cpu_ms']:.0f})" if d else "-",
                       f"{d['python_ms']:.0f}" if d else "-")
        console.print(ct)
    if res.get("scaling"):
        names = list(res["scaling"][0]["queries"])
        st = Table("hexes", "units", "map ms", *names,
                   title="how time grows with the map (adjudicator ms / ratio)")
        for row in res["scaling"]:
            cells = []
            for q in row["queries"].values():
                cells.append("-" if "asp_ms" not in q else f"{q['asp_ms']:.0f} / {q['ratio']:.1f}")
            st.add_row(str(row["hexes"]), str(row["units"]), f"{row['map_prepare_ms']:.0f}",
                       *cells)
        console.print(st)
        gt = Table("query", "adjudicator", "reference",
                   title="growth exponent of time with hexes (1 = linear)")
        for name, g in res.get("growth", {}).items():
            gt.add_row(name, f"{g.get('asp', float('nan')):.2f}",
                       f"{g.get('reference', float('nan')):.2f}")
        console.print(gt)
    console.print(f"wrote {args.out}")
    bad = [n for n, q in res["queries"].items() if q.get("agree") is False]
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
