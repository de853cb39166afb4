"""``python3 -m bench.web``: how long a click on the board takes to answer.

Asks the board's server (the Starlette application of ``adjudicator serve``, in process,
through its HTTP interface) the questions a player clicks, on the bundled demo and on the
benchmark's full-size position, and writes ``bench/web_results.json``. Every click asks
something not asked before (the server keeps answers, so a repeat would cost nothing); the
position is open and warmed up (the server grounds what clicks need in the background
while the player looks at the map; ``warm_up_ms`` is how long that took after the map was
sent). The first click is reported apart (``first_ms``). Targets: under 100 ms a click on
the demo, under 300 ms on the full-size position.

Each open position lives in a process of its own, which warms up as soon as it is opened;
the first click waits for that warm-up (``first_ms``). The other games' boards are timed
on their bundled demos, one click of each of their questions (``games``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
import warnings
from pathlib import Path
from typing import Any

from adjudicator.games import default_game_id, get_game
from adjudicator.games.s42.generate import full_position
from adjudicator.web.app import Config, create_app
from bench.core import retreat_stacks

with warnings.catch_warnings():  # the test client's note on its HTTP library
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

HERE = Path(__file__).parent
TARGET_MS = {"demo": 100.0, "full-size": 300.0}


def clicks(sc, n: int) -> list[tuple[str, dict[str, Any]]]:
    """n clicks of each kind on stacks in contact: the hex, a 2-hex retreat, an attack's
    odds, and one step a unit may or may not take."""
    stacks = retreat_stacks(sc, n)
    if len(stacks) < n:  # a small position: every stack of the side not moving
        other = "soviet" if sc.phasing == "axis" else "axis"
        stacks += sorted({u.hex for u in sc.units if u.side == other and u.is_combat
                          and u.hex in sc.map.hexes} - set(stacks))[:n - len(stacks)]
    out: list[tuple[str, dict[str, Any]]] = []
    for h in stacks:
        out.append(("hex", {"hex": h}))
    for h in stacks:
        out.append(("retreat", {"hex": h, "length": 2}))
    for h in stacks:
        att = [u.id for nb in sc.grid.neighbours(h) for u in sc.units_at(nb)
               if u.side == sc.phasing and u.is_combat][:3]
        if att:
            out.append(("odds", {"defender": h, "attackers": att}))
    for h in stacks:
        u = sc.units_at(h)[0]
        nb = sc.grid.neighbours(h)
        out.append(("move", {"unit": u.id, "path": nb[:1] + [x for x in sc.grid.neighbours(
            nb[0]) if x != h][:1]}))
    return out


#: the other games' clicks on their demos: (ask, params), each asked once
GAME_CLICKS = {
    "kb42": [("hex", {"hex": "KB3619"}), ("hex", {"hex": "KB3518"}),
             ("retreat", {"hex": "KB3516", "length": 2, "attackers": ["KB3617"]}),
             ("attacks", {"units": ["6pz-r4"]}),
             ("advance", {"path": ["KB3618", "KB3519"], "units": ["15tk", "25gd"],
                          "allowance": 2})],
    "eak": [("hex", {"hex": "1007"}), ("hex", {"hex": "1108"}), ("terms", {"hex": "0907"})],
    "sos": [("hex", {"hex": "0404"}), ("los", {"from": "0404", "to": "0703"}),
            ("spotted", {"side": "soviet"})],
    "p2p": [("point", {"point": "Minsk"}), ("moves", {"unit": "16A"}),
            ("check", {"unit": "3Pz", "path": ["Borisov", "Smolensk"]}),
            ("capacity", {}), ("combat-order", {})],
}


def measure_game(client: TestClient, game: str) -> dict:
    path = get_game(game).demo_path
    t0 = time.perf_counter()
    r = client.post("/api/open", json={"key": f"demo:{game}"})
    r.raise_for_status()
    open_ms = (time.perf_counter() - t0) * 1000
    pid = r.json()["id"]
    rows = []
    for ask, params in GAME_CLICKS[game]:
        t0 = time.perf_counter()
        r = client.post(f"/api/position/{pid}/ask", json={"ask": ask, "params": params})
        ms = (time.perf_counter() - t0) * 1000
        r.raise_for_status()
        rows.append({"ask": ask, "params": params, "ms": round(ms, 1)})
    later = [x["ms"] for x in rows[1:]]
    return {"demo": path.name, "open_ms": round(open_ms), "clicks": rows,
            "worst_after_first_ms": max(later) if later else None,
            "target_ms": TARGET_MS["demo"],
            "meets_target": bool(later) and max(later) < TARGET_MS["demo"]}


def measure(client: TestClient, name: str, text: str, filename: str, n: int) -> dict:
    from adjudicator.scenario import parse_scenario

    sc = parse_scenario(text, filename, Path(filename).suffix)
    t0 = time.perf_counter()
    r = client.post("/api/upload", json={"name": filename, "text": text})
    r.raise_for_status()
    open_ms = (time.perf_counter() - t0) * 1000
    pid = r.json()["id"]
    todo = clicks(sc, n)
    times: dict[str, list[float]] = {}
    first_ms = None
    for ask, params in todo:
        t0 = time.perf_counter()
        r = client.post(f"/api/position/{pid}/ask", json={"ask": ask, "params": params})
        ms = (time.perf_counter() - t0) * 1000
        r.raise_for_status()
        if first_ms is None:
            first_ms = ms
            continue
        times.setdefault(ask, []).append(ms)
    rows = {a: {"clicks": len(v), "median_ms": round(statistics.median(v), 1),
                "max_ms": round(max(v), 1)} for a, v in times.items()}
    worst = max(r["median_ms"] for r in rows.values())
    return {"hexes": len(sc.map.hexes), "units": len(sc.units), "open_ms": round(open_ms),
            "first_ms": round(first_ms or 0), "asks": rows, "target_ms": TARGET_MS[name],
            "worst_median_ms": worst, "meets_target": worst < TARGET_MS[name]}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python3 -m bench.web", description=__doc__.splitlines()[0])
    p.add_argument("--clicks", type=int, default=8, help="clicks of each kind")
    p.add_argument("--seed", type=int, default=42)
    p.add_argument("-o", "--out", type=Path, default=HERE / "web_results.json")
    args = p.parse_args(argv)
    demo = get_game(default_game_id()).demo_path
    full = json.dumps(full_position(args.seed))
    results = {}
    with TestClient(create_app(Config()), base_url="http://127.0.0.1") as client:
        results["demo"] = measure(client, "demo", demo.read_text(), demo.name, args.clicks)
        results["full-size"] = measure(client, "full-size", full, "full-size.json",
                                       args.clicks)
        games = {g: measure_game(client, g) for g in GAME_CLICKS}
    for name, r in results.items():
        cells = ", ".join(f"{a} {v['median_ms']:.0f} ms (max {v['max_ms']:.0f})"
                          for a, v in r["asks"].items())
        print(f"{name} ({r['hexes']} hexes, {r['units']} units): opened in {r['open_ms']} ms, "
              f"first click {r['first_ms']} ms; median per click: {cells}; target "
              f"{r['target_ms']:.0f} ms: {'met' if r['meets_target'] else 'NOT met'}")
    for g, r in games.items():
        cells = ", ".join(f"{c['ask']} {c['ms']:.0f} ms" for c in r["clicks"])
        print(f"{g} demo: opened in {r['open_ms']} ms; clicks: {cells}; target "
              f"{r['target_ms']:.0f} ms after the first: "
              f"{'met' if r['meets_target'] else 'NOT met'}")
    results["games"] = games
    args.out.write_text(json.dumps(results, indent=2) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
