"""Advance after combat (Kharkov Battles 12.8, 12.51): where each victorious unit may end
its advance along (or, mechanized, away from) the Path of Retreat. The rules are
asp/kb42/advance.lp's; here the question's facts, a path to each end hex and the answer."""

from __future__ import annotations

from dataclasses import dataclass, field

import clingo

from adjudicator.errors import usage_error
from adjudicator.games.kb42.queries.zoc import _rules
from adjudicator.scenario import Scenario
from adjudicator.solver import Solver


@dataclass
class UnitAdvance:
    unit: str
    mechanized: bool
    #: end hex -> a path to it from the unit's hex (the unit's hex first)
    ends: dict[str, list[str]] = field(default_factory=dict)
    #: hex -> rules that stop the advance there
    stops: dict[str, list[str]] = field(default_factory=dict)


@dataclass
class AdvanceAnswer:
    path_of_retreat: list[str]
    length: int
    encircled: bool
    units: list[UnitAdvance]

    def to_json(self) -> dict:
        return {"path_of_retreat": self.path_of_retreat, "length": self.length,
                "encircled": self.encircled, "units": [vars(u) for u in self.units],
                "rules": ["12.8", "12.82"]}


def advance(sc: Scenario, path: list[str], units: list[str], length: int | None = None,
            encircled: bool = False, solver: Solver | None = None,
            readings: dict[str, str] | None = None) -> AdvanceAnswer:
    solver = solver or Solver(sc.game)
    if not path:
        raise usage_error("give the Path of Retreat, the vacated hex first (--path H,H)",
                          "--path")
    for h in path:
        if h not in sc.grid:
            raise usage_error(f"'{h}' is not a hex of this map", "--path")
    for a, b in zip(path, path[1:], strict=False):
        if not sc.grid.are_adjacent(a, b):
            raise usage_error(f"the Path of Retreat jumps from {a} to {b}", "--path")
    n = len(path) - 1 if length is None else length
    if not 0 <= n <= 9:
        raise usage_error(f"an advance is 0 to 9 hexes, not {n}", "--allowance")
    by_id = sc.units_by_id
    if not units:
        raise usage_error("name the victorious units (--units ID,ID)", "--units")
    for u in units:
        if u not in by_id or by_id[u].hex not in sc.grid:
            raise usage_error(f"no unit '{u}' on the map", "--units")
        if not sc.grid.are_adjacent(by_id[u].hex, path[0]):
            raise usage_error(f"{u} in {by_id[u].hex} is not next to the vacated hex "
                              f"{path[0]}", "--units")
    extra = [clingo.Function("adv_unit", [clingo.String(u)]) for u in units]
    extra += [clingo.Function("adv_path", [clingo.Number(i + 1), clingo.String(h)])
              for i, h in enumerate(path)]
    extra.append(clingo.Function("adv_length", [clingo.Number(n)]))
    if encircled:
        extra.append(clingo.Function("adv_encircled", []))
    ans = solver.solve(sc, "advance", extra=extra, readings=readings)
    via: dict[str, dict[tuple[str, int], str]] = {}
    for u, a, h, d in ans.rows_unsorted("adv_via", 4):
        via.setdefault(u, {}).setdefault((h, int(d)), a)
        via[u][(h, int(d))] = min(via[u][(h, int(d))], a)
    stops: dict[str, dict[str, list[str]]] = {}
    for u, h, r in ans.rows_unsorted("adv_stop", 3):
        stops.setdefault(u, {}).setdefault(h, []).append(r)
    out = []
    for uid in units:
        start = by_id[uid].hex
        ends: dict[str, list[str]] = {}
        for (h, d) in sorted(via.get(uid, {}), key=lambda k: (k[1], k[0])):
            if h in ends or h == start:
                continue
            trail, node, depth = [h], h, d
            while depth > 0:
                node = via[uid][(node, depth)]
                trail.append(node)
                depth -= 1
            ends[h] = trail[::-1]
        out.append(UnitAdvance(uid, by_id[uid].mechanized, ends,
                               {h: _rules(r) for h, r in sorted(stops.get(uid, {}).items())}))
    return AdvanceAnswer(path, n, encircled, out)
