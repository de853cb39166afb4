"""``python3 -m bench.load``: how long reading a scenario file takes.

Writes generated full-size positions (the benchmark's 64 x 62 map and the largest map the
generator makes, 99 x 99) as YAML and as JSON into a temporary folder and times
``load_scenario`` on each (best of ``--repeat`` runs): the fast first reading, and the
line-tracking reader alone (the way every file was read before the fast reading, and the
way a file with mistakes is still read to find the line of each).
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

import yaml

import adjudicator.scenario as S
from adjudicator.games.s42.generate import full_position


def _best(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best * 1000


def _slow(path: Path):
    real_yaml, real_json = S.read_yaml, S.read_json
    S.read_yaml = lambda t, f: real_yaml(t, f) and None
    S.read_json = lambda t, f: real_json(t, f) and None
    try:
        return S.load_scenario(path)
    finally:
        S.read_yaml, S.read_json = real_yaml, real_json


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python3 -m bench.load", description=__doc__.splitlines()[0])
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args(argv)
    print(f"{'position':34} {'bytes':>9} {'fast ms':>8} {'line-tracking ms':>17}")
    with tempfile.TemporaryDirectory() as tmp:
        for cols, rows, units in ((64, 62, 300), (99, 99, 600)):
            data = full_position(cols=cols, rows=rows, units=units)
            for suffix in (".yaml", ".json"):
                f = Path(tmp) / f"full_{cols}x{rows}{suffix}"
                f.write_text(json.dumps(data, indent=2) if suffix == ".json" else
                             yaml.safe_dump(data, sort_keys=False, default_flow_style=None))
                fast = _best(lambda f=f: S.load_scenario(f), args.repeat)
                slow = _best(lambda f=f: _slow(f), args.repeat)
                name = f"{cols}x{rows}, {len(data['units'])} units, {suffix[1:]}"
                print(f"{name:34} {f.stat().st_size:>9,} {fast:>8.0f} {slow:>17.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
