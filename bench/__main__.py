"""``python3 -m bench`` (``make bench``): the adjudicator against the reference.

Generates a full-size Stalingrad '42 position (64 x 62 hexes, about 300 units in contact),
times every query warm for both the ASP adjudicator and the plain-Python reference,
checks that they agree, times a cold ``adjudicator validate`` and how the time grows with
the map, prints a table and writes ``bench/results.json``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console
from rich.table import Table

from bench.core import run

HERE = Path(__file__).parent


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python3 -m bench", description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, default=42)
    p.add_argument("--cols", type=int, default=64)
    p.add_argument("--rows", type=int, default=62)
    p.add_argument("--units", type=int, default=300)
    p.add_argument("--no-scaling", action="store_true", help="skip the map-size series")
    p.add_argument("--no-cold", action="store_true", help="skip the cold CLI start")
    p.add_argument("--repeat", type=int, default=3,
                   help="timed runs of each query on each side; the best counts")
    p.add_argument("-o", "--out", type=Path, default=HERE / "results.json")
    args = p.parse_args(argv)
    console = Console(highlight=False)
    scaling = () if args.no_scaling else ((32, 31), (64, 62), (99, 99))
    res = run(args.seed, args.cols, args.rows, args.units, scaling, args.out,
              progress=lambda m: console.print(f"[dim]... {m}[/dim]"), cold=not args.no_cold,
              repeat=max(1, args.repeat))
    m = res["map"]
    table = Table("query", "workload", "adjudicator ms", "reference ms", "ratio", "agree",
                  title=f"warm queries on {m['hexes']} hexes, {m['units']} units")
    for name, q in res["queries"].items():
        if not q.get("available", True):
            table.add_row(name, q["what"], "-", "-", "-", "not available")
            continue
        ratio = q["ratio"]
        style = "red" if ratio is None or ratio > 2.0 else "green"
        table.add_row(name, q["what"], f"{q['asp_ms']:.1f}", f"{q['reference_ms']:.1f}",
                      f"[{style}]{ratio:.2f}[/{style}]",
                      "yes" if q["agree"] else "[red bold]NO[/red bold]")
    console.print(table)
    console.print(f"map part prepared once in {res['map_prepare_ms']:.0f} ms; a session is "
                  f"renewed every {res['session']['every_questions']} questions, in "
                  f"{res['session']['renewal_ms']:.0f} ms; best of {res['timing']['repeat']} "
                  "runs each side")
    if "cold_start_ms" in res:
        console.print(f"cold start, adjudicator validate on the big file: "
                      f"{res['cold_start_ms']:.0f} ms")
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
    console.print(f"wrote {args.out}")
    bad = [n for n, q in res["queries"].items() if q.get("agree") is False]
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
