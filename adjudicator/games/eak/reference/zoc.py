"""Enemy Action: Kharkov's zones of control in plain Python (11, 11.1, 13.22, 15.21) and
what they do to one step of a move (10.1, 10.31, 10.7, 15.22, 15.3), written from the
rulebook apart from asp/eak/zoc.lp, for the differential tests. Readings: those of the
position (defaults otherwise); Soviet urban infiltration (9.21) is not part of it, as it
is not part of the ``zoc`` answer."""

from __future__ import annotations

from typing import Any

from adjudicator.games.eak.reference.supply import ENEMY, _adjacent
from adjudicator.games.eak.scenario import Scenario


def _blocked(sc: Scenario, a: str, b: str) -> bool:
    hs = sc.hexside(a, b)
    return hs is not None and hs.river == "blocked-dniepr"


def _on_map(sc: Scenario) -> list:
    return [u for u in sc.units if u.hex in sc.map.hexes]


def zoc_sources(sc: Scenario) -> dict[tuple[str, str], set[str]]:
    """11: (hex, side) -> the units whose control reaches the hex: each non-isolated unit
    (13.22) controls its six neighbours, across any hexside (a blocked Dniepr one too)."""
    out: dict[tuple[str, str], set[str]] = {}
    for u in _on_map(sc):
        if u.supply == "isolated":
            continue
        for n in sc.grid.neighbours(u.hex):
            out.setdefault((n, u.side), set()).add(u.id)
    return out


def garrison_zoc(sc: Scenario) -> dict[str, set[str]]:
    """15.21: garrison hex -> the hexes of its provisional control (none while a German
    unit is next to it, adjacency as the reading of 9.3 has it)."""
    german = {u.hex for u in _on_map(sc) if u.side == "german"}
    out: dict[str, set[str]] = {}
    for g, spec in sc.map.hexes.items():
        if not spec.garrison:
            continue
        if any(n in german and _adjacent(sc, g, n) for n in sc.grid.neighbours(g)):
            continue
        out[g] = set(sc.grid.neighbours(g))
    return out


def _next_to_garrison(sc: Scenario, h: str) -> bool:
    return any(sc.map.hexes[n].garrison and _adjacent(sc, h, n)
               for n in sc.grid.neighbours(h) if n in sc.map.hexes)


def step(sc: Scenario, u: Any, n: str, controlled: dict[str, set[str]]) -> dict[str, Any]:
    """Unit ``u``'s step from its hex into neighbour ``n``: allowed or not, whether it ends
    the move, and the rules that say so."""
    enemy = ENEMY[u.side]
    ezoc = controlled[enemy]
    refused: set[str] = set()
    if _blocked(sc, u.hex, n):
        refused.add("10.31")
    if any(v.side == enemy and v.hex == n for v in _on_map(sc)):
        refused.add("10.1")
    if u.side == "german" and sc.map.hexes[n].garrison:
        refused |= {"10.1", "15.22"}
    edge = False
    if u.hex in ezoc and n in ezoc:
        edge = (u.side == "german" and sc.map.hexes[u.hex].edge == "german"
                and sc.map.hexes[n].edge == "german")
        if not edge:
            refused |= {"10.1", "11.1"}
    if refused:
        return {"hex": n, "allowed": False, "stop": False, "rules": sorted(refused)}
    rules = {"10.1"}
    stop = False
    if n in ezoc:
        stop, rules = True, rules | {"11.1"}
    if edge:
        stop, rules = True, rules | {"10.7"}
    if sc.map.hexes[n].owner == enemy:
        stop = True
    if u.side == "german" and _next_to_garrison(sc, n):
        stop, rules = True, rules | {"15.22"}
    return {"hex": n, "allowed": True, "stop": stop, "rules": sorted(rules)}


def answer(sc: Scenario) -> dict[str, Any]:
    """What the ``zoc`` answer holds: control per hex, its sources, the units without
    control, garrisons' provisional control and removals, and each unit's next steps."""
    sources = zoc_sources(sc)
    controlled = {s: {h for h, side in sources if side == s} for s in ENEMY}
    units = []
    for u in _on_map(sc):
        in_ezoc = u.hex in controlled[ENEMY[u.side]]
        units.append({
            "unit": u.id, "hex": u.hex,
            "exit_cost": 1 if in_ezoc else 0,
            "exit_rules": ["10.1", "11.1"] if in_ezoc else [],
            "steps": [step(sc, u, n, controlled)
                      for n in sorted(sc.grid.neighbours(u.hex)) if n in sc.map.hexes],
        })
    german = [u.hex for u in _on_map(sc) if u.side == "german"]
    return {
        "zoc": {h: sorted(s for s in ENEMY if (h, s) in sources) for h in sc.map.hexes},
        "sources": {k: sorted(v) for k, v in sources.items()},
        "no_zoc": sorted(u.id for u in _on_map(sc) if u.supply == "isolated"),
        "garrison_zoc": {g: sorted(hs) for g, hs in garrison_zoc(sc).items()},
        "garrisons_removed": sorted(
            g for g, spec in sc.map.hexes.items()
            if spec.garrison and any(h != g and h in sc.grid.neighbours(g)
                                     and _adjacent(sc, h, g) for h in german)),
        "units": units,
    }
