"""Supply (Enemy Action: Kharkov 13.x): the supply heads, the supply of hexes for either
side with the length of the shortest path or where every path stops, Soviet reserve supply,
the Supply Phase state of every unit, surrender, and Soviet support."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import clingo

from adjudicator.scenario import Scenario
from adjudicator.solver import Solver

SIDES = ("german", "soviet")


def _rule_key(rule: str) -> tuple:
    return tuple(int(p) if p.isdigit() else 10_000 for p in rule.split("."))


def rules(items: Any) -> list[str]:
    return sorted(set(items), key=_rule_key)


def _state(name: str) -> str:
    return name.replace("_", "-")


def supply_answer(sc: Scenario, solver: Solver | None = None,
                  hexes: list[str] | None = None, garrison_moment: bool = False,
                  readings: dict[str, str] | None = None) -> dict[str, Any]:
    """Every unit's supply and the supply of the hexes asked about (``hexes``), for both
    sides; ``garrison_moment``: at one of the moments of 15.21, when garrisons' provisional
    zones of control bar German paths."""
    solver = solver or Solver(sc.game)
    extra = [clingo.Function("probe", [clingo.String(h)]) for h in hexes or []]
    if garrison_moment:
        extra.append(clingo.Function("moment", [clingo.Function("garrison")]))
    ans = solver.solve(sc, "supply", extra=extra, readings=readings)
    chosen = {**solver.readings_for(sc), **(readings or {})}
    hex_rules: dict[tuple[str, str], list[str]] = defaultdict(list)
    for s, h, r in ans.rows_unsorted("hex_supply", 3):
        hex_rules[(s, h)].append(r)
    length = {(s, h): n for s, h, n in ans.rows_unsorted("supply_length", 3)}
    stops: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    by_stop: dict[tuple[str, str, str, str], list[str]] = defaultdict(list)
    for s, h0, a, b, r in ans.rows_unsorted("supply_stop", 5):
        by_stop[(s, h0, a, b)].append(r)
    for (s, h0, a, b), rs in sorted(by_stop.items()):
        stops[(s, h0)].append({"from": a, "into": b, "rules": rules(rs)})
    reserve = {h for h, _r in ans.rows_unsorted("reserve_supply", 2)}
    rstops: dict[str, list[str]] = defaultdict(list)
    for h0, h, _r in ans.rows_unsorted("reserve_stop", 3):
        rstops[h0].append(h)
    # The Supply Phase is not a moment of 15.21: its states come from a trace without the
    # garrisons' provisional zones of control.
    phase = ans if not garrison_moment else solver.solve(sc, "supply", readings=readings)
    states = {u: (_state(st), r) for u, st, r in phase.rows_unsorted("unit_supply", 3)}
    surrender_units = {u for u, _r in phase.rows_unsorted("surrenders", 2)}
    surrender_hexes = {h for h, _r in phase.rows_unsorted("surrender_stack", 2)}

    def hex_entry(side: str, h: str) -> dict[str, Any]:
        found = hex_rules.get((side, h), [])
        ok = bool(found)
        entry: dict[str, Any] = {"side": side, "hex": h, "in_supply": ok,
                                 "rules": rules(found or ["13.1"])}
        if ok:
            entry["length"] = length.get((side, h))
        else:
            entry["stops"] = stops.get((side, h), [])
        if side == "soviet":
            entry["reserve_supply"] = h in reserve
            if ok and h not in reserve:
                entry["reserve_barred_by"] = sorted(rstops.get(h, []))
        return entry

    units = []
    for u in sc.units:
        if u.hex not in sc.map.hexes or u.id not in states:
            continue
        st, r = states[u.id]
        entry = {"unit": u.id, "side": u.side, "hex": u.hex, "marker": u.supply,
                 "state": st, "rules": [r], "trace": hex_entry(u.side, u.hex)}
        if u.id in surrender_units or (u.side == "german" and u.hex in surrender_hexes):
            entry["surrender"] = {"rules": ["13.23"], "step": (
                "one step from this unit (highest selector in the stack)"
                if u.side == "soviet" else "one step from this stack, your choice")}
        units.append(entry)
    heads = defaultdict(list)
    for s, h, _r in ans.rows_unsorted("supply_head", 3):
        heads[s].append(h)
    line = [(name, r) for name, r in ans.rows_unsorted("support_line", 2)]
    support: dict[str, list[str]] = defaultdict(list)
    for h, r in ans.rows_unsorted("support", 2):
        support[h].append(r)
    return {
        "game": sc.game,
        "turn": sc.turn,
        "readings": {k: chosen.get(k) for k in ("13.0", "13.3", "9.3")},
        "garrison_moment": garrison_moment,
        "heads": {s: sorted(heads[s]) for s in SIDES},
        "units": units,
        "hexes": [hex_entry(s, h) for h in hexes or [] for s in SIDES],
        "support": {
            "line": line[0][0] if line else None,
            "line_unknown": bool(list(ans.rows_unsorted("support_line_unknown", 1))),
            "hexes": {h: rules(support[h]) for h in sorted(support)},
            "rules": ["13.5", "13.51", "13.53"],
        },
        "rules": ["13.1"],
    }
