"""Where a cold question's time goes, phase by phase, in a fresh process.

``python3 -m bench.phases FILE [QUERY]`` (default ``supply``) prints one JSON object: the
processor time (ms) of each phase of one question as ``adjudicator QUERY FILE`` answers
it: importing, loading and checking the file, making the map facts, preparing the map
session (map facts added and ground), the query's encodings (read back or rewritten), the
static rules it reads ground, and the question ground and decoded, and turning the answer
into text. Processor time, not wall
time: on a shared machine the wall time mostly measures the other processes.
"""

from __future__ import annotations

import json
import sys
import time


def phases(path: str, query: str = "supply") -> dict[str, float]:
    clock = time.process_time
    out: dict[str, float] = {}
    t = clock()
    from adjudicator.games.s42.queries import bonds as qbonds
    from adjudicator.games.s42.queries import supply as qsupply
    from adjudicator.games.s42.queries import zoc as qzoc
    from adjudicator.scenario import load_scenario
    from adjudicator.solver import MapSession, Solver

    out["import"] = clock() - t
    t = clock()
    sc = load_scenario(path)
    out["load"] = clock() - t
    t = clock()
    game = sc.game if not isinstance(sc.game, str) else None
    solver = Solver(sc.game)
    facts = solver.game.facts
    groups = facts.map_symbol_groups(sc.map)
    out["map_facts"] = clock() - t
    t = clock()
    MapSession(solver.game, groups)  # what the first question pays to prepare the map
    out["map_session"] = clock() - t
    t = clock()
    fn = {"supply": qsupply.supply, "zoc": qzoc.zoc, "bonds": qbonds.bonds}[query]
    ans = fn(sc, solver)  # a second session: the map is prepared again, then the question
    total = clock() - t
    out["encodings_ground_decode"] = max(total - out["map_session"], 0.0)
    t = clock()
    if hasattr(ans, "to_json"):
        json.dumps(ans.to_json())
    out["to_json"] = clock() - t
    del game
    return {k: round(v * 1000.0, 1) for k, v in out.items()}


if __name__ == "__main__":
    print(json.dumps(phases(sys.argv[1], *(sys.argv[2:3] or ["supply"]))))
