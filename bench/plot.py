"""``python3 -m bench.plot``: the map-size series of ``bench/results.json`` as an SVG plot.

Time against hexes, both axes logarithmic, one colour per query, a solid line for the
adjudicator and a dashed one for the reference. Written without a plotting library, for
the performance page of the docs (``docs/encodings/performance-scaling.svg``).
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

HERE = Path(__file__).parent
OUT = HERE.parent / "docs" / "encodings" / "performance-scaling.svg"
COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2",
           "#17becf", "#7f7f7f", "#bcbd22"]
W, H = 760, 460
LEFT, RIGHT, TOP, BOTTOM = 70, 210, 30, 50


def series(results: dict) -> dict[str, dict[str, list[tuple[int, float]]]]:
    """query -> {"asp": [(hexes, ms)], "reference": [...]} from the map-size series."""
    out: dict[str, dict[str, list[tuple[int, float]]]] = {}
    for row in results.get("scaling", []):
        for name, q in row["queries"].items():
            for who, key in (("asp", "asp_ms"), ("reference", "reference_ms")):
                if q.get(key):
                    out.setdefault(name, {}).setdefault(who, []).append((row["hexes"], q[key]))
    return out


def svg(results: dict) -> str:
    data = series(results)
    points = [p for by in data.values() for pts in by.values() for p in pts]
    if not points:
        return f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="40"><text ' \
               'x="10" y="25">no map-size series in the results</text></svg>\n'
    xs = [math.log10(x) for x, _ in points]
    ys = [math.log10(max(y, 0.01)) for _, y in points]
    x0, x1 = math.floor(min(xs) * 2) / 2, math.ceil(max(xs) * 2) / 2
    y0, y1 = math.floor(min(ys)), math.ceil(max(ys))

    def px(x: float) -> float:
        return LEFT + (math.log10(x) - x0) / (x1 - x0) * (W - LEFT - RIGHT)

    def py(y: float) -> float:
        return H - BOTTOM - (math.log10(max(y, 0.01)) - y0) / (y1 - y0) * (H - TOP - BOTTOM)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
             f'font-family="sans-serif" font-size="12">',
             f'<rect width="{W}" height="{H}" fill="white"/>']
    for e in range(int(y0), int(y1) + 1):
        y = H - BOTTOM - (e - y0) / (y1 - y0) * (H - TOP - BOTTOM)
        parts.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{W - RIGHT}" y2="{y:.1f}" '
                     'stroke="#ddd"/>')
        parts.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">'
                     f'{10 ** e:g} ms</text>')
    for x in sorted({x for x, _ in points}):
        parts.append(f'<line x1="{px(x):.1f}" y1="{TOP}" x2="{px(x):.1f}" y2="{H - BOTTOM}" '
                     'stroke="#eee"/>')
        parts.append(f'<text x="{px(x):.1f}" y="{H - BOTTOM + 16}" text-anchor="middle">'
                     f'{x:,}</text>')
    parts.append(f'<text x="{(LEFT + W - RIGHT) / 2:.0f}" y="{H - 10}" text-anchor="middle">'
                 'hexes on the map (log scale)</text>')
    parts.append(f'<rect x="{LEFT}" y="{TOP}" width="{W - LEFT - RIGHT}" '
                 f'height="{H - TOP - BOTTOM}" fill="none" stroke="#888"/>')
    ly = TOP + 4
    for i, (name, by) in enumerate(sorted(data.items())):
        colour = COLOURS[i % len(COLOURS)]
        for who, dash in (("asp", ""), ("reference", ' stroke-dasharray="5,4"')):
            pts = sorted(by.get(who, []))
            if not pts:
                continue
            path = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in pts)
            parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" '
                         f'stroke-width="2"{dash}/>')
            for x, y in pts:
                parts.append(f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="2.5" '
                             f'fill="{colour}"/>')
        parts.append(f'<line x1="{W - RIGHT + 12}" y1="{ly + 8}" x2="{W - RIGHT + 36}" '
                     f'y2="{ly + 8}" stroke="{colour}" stroke-width="2"/>')
        parts.append(f'<text x="{W - RIGHT + 42}" y="{ly + 12}">{name}</text>')
        ly += 18
    ly += 8
    for label, dash in (("adjudicator", ""), ("reference", ' stroke-dasharray="5,4"')):
        parts.append(f'<line x1="{W - RIGHT + 12}" y1="{ly + 8}" x2="{W - RIGHT + 36}" '
                     f'y2="{ly + 8}" stroke="#333" stroke-width="2"{dash}/>')
        parts.append(f'<text x="{W - RIGHT + 42}" y="{ly + 12}">{label}</text>')
        ly += 18
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python3 -m bench.plot", description=__doc__.splitlines()[0])
    p.add_argument("results", nargs="?", type=Path, default=HERE / "results.json")
    p.add_argument("-o", "--out", type=Path, default=OUT)
    args = p.parse_args(argv)
    args.out.write_text(svg(json.loads(args.results.read_text())))
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
