"""Isolation Attrition (Stalingrad '42 16.5, with 17.4, 23.2.4, 24.1.2, 29.1.1).

``attrition(sc, side, dice)`` finds the side's isolated units, says which of
them must roll (isolated Combat Units other than ASUs next to an enemy Combat
Unit) and why the others do not, lists every die roll modifier with its reason
(airfield, city, HQ, desert; at most +4 in all), rolls one die per unit through
``adjudicator.dice.Dice`` (seeded, or replaying given rolls) in the order the
units appear in the file, and reads the Isolation Attrition Table
(``kb/s42/tables/isolation_attrition.yaml``).

The encoding decides who rolls and which modifiers apply; Python applies the
one geometric test (is the nearest Connecting Rail Hex more than 15 hexes from
the airfield, 16.5.4) and does the arithmetic and the dice.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import asdict, dataclass, field
from functools import cache
from typing import Any

from ruamel.yaml import YAML

from adjudicator.dice import Dice
from adjudicator.games.s42.queries.supply import SupplyAnswer, interpret, solve_supply, sorted_rules
from adjudicator.paths import kb_dir
from adjudicator.scenario import Scenario
from adjudicator.solver import Solver

MAX_DRM = 4
RAIL_RANGE = 15

WHY_NOT = {
    "no_roll": "isolated but not adjacent to an enemy Combat Unit",
    "immune": "isolated, but non-combat units and ASUs never suffer attrition",
}


@cache
def attrition_table() -> dict[str, Any]:
    """The 16.5.2 table: die roll -> steps lost, with its rule ids."""
    data = YAML(typ="safe").load((kb_dir() / "s42" / "tables" / "isolation_attrition.yaml")
                                 .read_text(encoding="utf-8"))
    rows = {int(k): int(v[0]) for k, v in data["rows"].items()}
    return {"title": data["title"], "rules": list(data["rules"]), "rows": rows}


def steps_lost(modified: int) -> int:
    rows = attrition_table()["rows"]
    return rows[min(max(modified, min(rows)), max(rows))]


@dataclass
class Drm:
    kind: str  # airfield | city | hq | desert | cap
    value: int
    reason: str
    rules: list[str]


@dataclass
class Roller:
    id: str
    hex: str
    drms: list[Drm]
    drm: int  # the total, capped at +4
    roll: int
    modified: int
    steps_lost: int
    steps_before: int
    steps_after: int
    eliminated: bool
    rules: list[str]


@dataclass
class Exempt:
    id: str
    hex: str
    why: str
    rules: list[str]


@dataclass
class AttritionAnswer:
    side: str
    rollers: list[Roller]
    exempt: list[Exempt]
    seed: int | None
    rolls_given: bool
    log: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "side": self.side,
            "units": [asdict(r) for r in self.rollers],
            "exempt": [asdict(e) for e in self.exempt],
            "dice": {"seed": self.seed, "given": self.rolls_given, "log": self.log},
            "table": {"id": "isolation_attrition", "rules": attrition_table()["rules"]},
            "rules": ["16.5.1", "16.5.2", "16.5.3", "16.5.4"],
        }


def attrition(sc: Scenario, side: str, dice: Dice | None = None, solver: Solver | None = None,
              readings: dict[str, str] | None = None,
              supply_answer: SupplyAnswer | None = None) -> AttritionAnswer:
    """Roll Isolation Attrition for ``side``'s units (its Supply Phase, 16.1, 16.5.3)."""
    solver = solver or Solver(sc.game)
    dice = dice or Dice(sides=6, count=1)
    ans = solve_supply(sc, solver, readings, query="attrition")
    sup = supply_answer or interpret(sc, ans, side)
    what: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for s in ans.by_name("attrition", 3):
        what[s.arguments[0].string][s.arguments[1].name].append(s.arguments[2].string)
    drm_atoms: dict[str, list[tuple[str, int, str]]] = defaultdict(list)
    for s in ans.by_name("attrition_drm", 4):
        u, k, v, r = s.arguments
        drm_atoms[u.string].append((k.name, v.number, r.string))
    airfields: dict[str, list[str]] = defaultdict(list)
    for s in ans.by_name("attrition_airfield", 2):
        airfields[s.arguments[0].string].append(s.arguments[1].string)
    cities: dict[str, list[str]] = defaultdict(list)
    for s in ans.by_name("attrition_city", 2):
        cities[s.arguments[0].string].append(s.arguments[1].string)
    hqs: dict[str, list[str]] = defaultdict(list)
    for s in ans.by_name("attrition_hq", 2):
        hqs[s.arguments[0].string].append(s.arguments[1].string)
    rail = sup.connecting_rail.get(side, [])

    rollers: list[Roller] = []
    exempt: list[Exempt] = []
    for u in sc.units:
        if u.side != side or u.id not in what:
            continue
        kinds = what[u.id]
        if "must_roll" not in kinds:
            kind = "immune" if "immune" in kinds else "no_roll"
            exempt.append(Exempt(u.id, u.hex, WHY_NOT[kind], sorted_rules(kinds[kind])))
            continue
        drms = _drms(sc, u, drm_atoms[u.id], sorted(set(airfields[u.id])),
                     sorted(set(cities[u.id])), sorted(set(hqs[u.id])), rail)
        raw = sum(d.value for d in drms)
        total = min(raw, MAX_DRM)
        if raw > MAX_DRM:
            drms.append(Drm("cap", total - raw, f"modifiers capped at +{MAX_DRM}", ["16.5.4"]))
        roll = dice.roll(f"isolation attrition {u.id} ({u.hex})", count=1).total
        modified = roll + total
        lost = min(steps_lost(modified), u.steps_left)
        rules = sorted_rules([*kinds["must_roll"], "16.5.2",
                              *(r for d in drms for r in d.rules)])
        rollers.append(Roller(u.id, u.hex, drms, total, roll, modified, lost, u.steps_left,
                              u.steps_left - lost, u.steps_left - lost == 0, rules))
    log = [{"purpose": r.purpose, "dice": list(r.dice), "total": r.total} for r in dice.log]
    return AttritionAnswer(side, rollers, exempt, dice.seed, dice.remaining_given() is not None,
                           log)


def _drms(sc: Scenario, u, atoms, airfields, cities, hqs, rail) -> list[Drm]:
    out: list[Drm] = []
    for kind, value, rule in sorted(atoms, key=lambda t: (t[0], t[2])):
        if kind == "airfield":
            out.append(_airfield(sc, u, value, rule, airfields, rail))
        elif kind == "city":
            out.append(Drm("city", value, f"Unlimited LOS to friendly city {', '.join(cities)}",
                           [rule]))
        elif kind == "hq":
            out.append(Drm("hq", value, f"Unlimited LOS to friendly HQ {', '.join(hqs)}",
                           [rule]))
        elif kind == "desert":
            out.append(Drm("desert", value, f"unit in desert hex {u.hex}", [rule]))
    # 16.5.4: one airfield modifier only, the best one
    air = [d for d in out if d.kind == "airfield"]
    if len(air) > 1:
        keep = max(air, key=lambda d: d.value)
        out = [d for d in out if d.kind != "airfield" or d is keep]
    return out


def _airfield(sc: Scenario, u, value: int, rule: str, airfields: list[str],
              rail: list[str]) -> Drm:
    rules = sorted_rules(["16.5.4", rule])
    if not airfields:  # 24.1.2: units beyond entry area G are assumed to reach one
        return Drm("airfield", value, "assumed usable airfield (units beyond an entry area)",
                   rules)
    grid = sc.grid
    best, best_d = airfields[0], None
    for x in airfields:
        d = min((grid.distance(x, c) for c in rail), default=None)
        if d is not None and (best_d is None or d < best_d):
            best, best_d = x, d
    reason = f"usable airfield at {best}"
    if best_d is None or best_d > RAIL_RANGE:
        far = "no Connecting Rail Hex" if best_d is None else f"nearest Connecting Rail Hex " \
            f"{best_d} hexes away"
        return Drm("airfield", max(value - 1, 0), f"{reason}, reduced by 1: {far}",
                   sorted_rules([*rules, "17.4"]))
    return Drm("airfield", value, f"{reason} (Connecting Rail Hex {best_d} hexes away)",
               sorted_rules([*rules, "17.4"]))
