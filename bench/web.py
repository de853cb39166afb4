"""``python3 -m bench.web``: how long a click on the board takes to answer.

Asks the board's server (the Starlette application of ``adjudicator serve``, in process,
through its HTTP interface; each position in a process of its own, as served) the
questions a player clicks, on the bundled demo and on the benchmark's full-size position,
and writes ``bench/web_results.json``. For each position it reports apart:

* ``open_ms``: from asking to open it until the map is sent;
* ``warm_ms``: until its warm-up is done (the server grounds what clicks need in the
  background while the player looks at the map), as the position's process timed it,
  and ``ready_ms``, from opening until then, as the page would see it;
* ``first_ms``: the first click once it is warm;
* per kind of click, the median and the largest of the clicks after the first, each
  asking something not asked before, in quick succession (the server keeps answers, so
  a repeat would cost nothing; the likely next questions it prepares in the background
  wait for a pause, so these clicks are answered on demand: ``prepared_used`` counts
  any that were not);
* ``after_pause``: a click on a stack, a pause, then its retreat: the answer the server
  prepared meanwhile (``cached``) and how long it took to arrive.

Targets: under 100 ms a click on the demo, under 300 ms on the full-size position (the
medians). The other games' boards are timed on their bundled demos the same way, one
click of each of their questions (``games``).
"""

from __future__ import annotations

import argparse
import json
import os
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
#: the pause before a click that finds its answer prepared, in seconds
PAUSE_S = 1.5


def clicks(sc, n: int) -> list[tuple[str, dict[str, Any]]]:
    """n clicks of each kind on stacks in contact: the hex, a 2-hex retreat, an attack's
    odds, and a two-hex move of one of its units (every other one into empty hexes)."""
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
    for i, h in enumerate(stacks):
        u = sc.units_at(h)[0]
        nb = sc.grid.neighbours(h)
        if i % 2:  # two steps into empty hexes (often allowed)
            nb = [x for x in nb if not sc.units_at(x)] or nb
        out.append(("move", {"unit": u.id, "path": nb[:1] + [
            x for x in sc.grid.neighbours(nb[0]) if x != h and not (i % 2 and sc.units_at(x))
        ][:1]}))
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


def _ask(client: TestClient, pid: str, ask: str, params: dict[str, Any]) -> tuple[float, dict]:
    t0 = time.perf_counter()
    r = client.post(f"/api/position/{pid}/ask", json={"ask": ask, "params": params})
    ms = (time.perf_counter() - t0) * 1000
    r.raise_for_status()
    return ms, r.json()


def _open(client: TestClient, url: str, body: dict[str, Any]) -> tuple[str, dict]:
    """Open a position; its id, the open time and the warm-up times."""
    t0 = time.perf_counter()
    r = client.post(url, json=body)
    r.raise_for_status()
    open_ms = (time.perf_counter() - t0) * 1000
    pid = r.json()["id"]
    while True:
        st = client.get(f"/api/position/{pid}/status").json()
        if st["warm"]:
            break
        time.sleep(0.02)
    ready_ms = (time.perf_counter() - t0) * 1000
    return pid, {"open_ms": round(open_ms), "warm_ms": round(st["warm_ms"] or 0),
                 "ready_ms": round(ready_ms)}


def measure_game(client: TestClient, game: str) -> dict:
    path = get_game(game).demo_path
    pid, times = _open(client, "/api/open", {"key": f"demo:{game}"})
    rows = []
    for ask, params in GAME_CLICKS[game]:
        ms, reply = _ask(client, pid, ask, params)
        rows.append({"ask": ask, "params": params, "ms": round(ms, 1),
                     "cached": reply["cached"]})
    later = [x["ms"] for x in rows[1:]]
    return {"demo": path.name, **times, "first_ms": rows[0]["ms"], "clicks": rows,
            "worst_after_first_ms": max(later) if later else None,
            "target_ms": TARGET_MS["demo"],
            "meets_target": bool(later) and max(later) < TARGET_MS["demo"]}


def measure(client: TestClient, name: str, text: str, filename: str, n: int) -> dict:
    from adjudicator.scenario import parse_scenario

    sc = parse_scenario(text, filename, Path(filename).suffix)
    pid, times = _open(client, "/api/upload", {"name": filename, "text": text})
    todo = clicks(sc, n)
    results: dict[str, list[float]] = {}
    first_ms = None
    for ask, params in todo:
        ms, _ = _ask(client, pid, ask, params)
        if first_ms is None:
            first_ms = ms
            continue
        results.setdefault(ask, []).append(ms)
    st = client.get(f"/api/position/{pid}/status").json()
    rows = {a: {"clicks": len(v), "median_ms": round(statistics.median(v), 1),
                "max_ms": round(max(v), 1)} for a, v in results.items()}
    worst = max(r["median_ms"] for r in rows.values())
    # a click on a stack not asked yet, a pause, then its retreat
    hexes = [p["hex"] for a, p in todo if a == "hex"]
    spare = next((h for h in retreat_stacks(sc, 4 * n) if h not in hexes), None)
    pause = None
    if spare is not None:
        _ask(client, pid, "hex", {"hex": spare})
        time.sleep(PAUSE_S)
        ms, reply = _ask(client, pid, "retreat", {"hex": spare, "length": 2})
        pause = {"pause_s": PAUSE_S, "ask": "retreat", "ms": round(ms, 1),
                 "cached": reply["cached"]}
    return {"hexes": len(sc.map.hexes), "units": len(sc.units), **times,
            "first_ms": round(first_ms or 0), "asks": rows, "target_ms": TARGET_MS[name],
            "worst_median_ms": worst, "meets_target": worst < TARGET_MS[name],
            "prepared_used": st["prepared_used"], "after_pause": pause}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python3 -m bench.web", description=__doc__.splitlines()[0])
    p.add_argument("--clicks", type=int, default=8, help="clicks of each kind")
    p.add_argument("--seed", type=int, default=42)
    p.add_argument("-o", "--out", type=Path, default=HERE / "web_results.json")
    args = p.parse_args(argv)
    demo = get_game(default_game_id()).demo_path
    full = json.dumps(full_position(args.seed))
    results: dict[str, Any] = {"load_average_before": [round(x, 2) for x in os.getloadavg()],
                               "cpus": os.cpu_count()}
    with TestClient(create_app(Config()), base_url="http://127.0.0.1") as client:
        # the server's start (its process server importing the games), apart
        t0 = time.perf_counter()
        client.post("/api/open", json={"key": "demo:p2p"}).raise_for_status()
        start_ms = round((time.perf_counter() - t0) * 1000)
        results["demo"] = measure(client, "demo", demo.read_text(), demo.name, args.clicks)
        results["full-size"] = measure(client, "full-size", full, "full-size.json",
                                       args.clicks)
        games = {g: measure_game(client, g) for g in GAME_CLICKS}
    for name in ("demo", "full-size"):
        r = results[name]
        cells = ", ".join(f"{a} {v['median_ms']:.0f} ms (max {v['max_ms']:.0f})"
                          for a, v in r["asks"].items())
        print(f"{name} ({r['hexes']} hexes, {r['units']} units): opened in {r['open_ms']} ms, "
              f"warm in {r['warm_ms']} ms (ready {r['ready_ms']} ms after opening), first "
              f"click {r['first_ms']} ms; median per click: {cells}; target "
              f"{r['target_ms']:.0f} ms: {'met' if r['meets_target'] else 'NOT met'}")
        if r["after_pause"]:
            a = r["after_pause"]
            print(f"  after a {a['pause_s']} s pause: {a['ask']} {a['ms']:.0f} ms"
                  + (" (prepared)" if a["cached"] else ""))
    for g, r in games.items():
        cells = ", ".join(f"{c['ask']} {c['ms']:.0f} ms" for c in r["clicks"])
        print(f"{g} demo: opened in {r['open_ms']} ms, warm in {r['warm_ms']} ms; clicks: "
              f"{cells}; target "
              f"{r['target_ms']:.0f} ms after the first: "
              f"{'met' if r['meets_target'] else 'NOT met'}")
    results["games"] = games
    results["server_start_ms"] = start_ms
    results["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    print(f"load average before {results['load_average_before']}, after "
          f"{results['load_average_after']} ({results['cpus']} processors)")
    print(f"(the server's start: its first position opened in {start_ms} ms)")
    args.out.write_text(json.dumps(results, indent=2) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
