"""Isolation (19.1-19.6): which units trace no route, their next "Out of Supply" marker,
and who is removed in the next Administrative Phase."""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.games.sos import engine
from adjudicator.games.sos.queries.zoc import rules_of
from adjudicator.scenario import Scenario


@dataclass
class UnitIsolation:
    unit: str
    side: str
    isolated: bool
    rules: list[str]
    #: where its route reaches (Volga hexes, German boxes), when it has one
    reaches: list[str]
    marker_now: int
    marker_next: int
    threshold: int | None
    eliminated: bool
    effects: list[str]


@dataclass
class IsolationAnswer:
    units: list[UnitIsolation]
    #: no German off-map box in the position: 19.6 cannot be judged
    no_german_box: bool

    def isolated(self) -> set[str]:
        return {u.unit for u in self.units if u.isolated}

    def to_json(self) -> dict:
        return {"units": [u.__dict__ for u in self.units],
                "isolated": sorted(self.isolated()),
                "eliminated": sorted(u.unit for u in self.units if u.eliminated),
                "no_german_box": self.no_german_box,
                "rules": ["19.1", "19.2", "19.4", "19.6", "16.85"]}


def isolation(sc: Scenario) -> IsolationAnswer:
    a = engine.solve(sc, "isolation")
    iso = {u: r for u, r in a.rows("isolated")}
    reach: dict[str, list[str]] = {}
    sup_rules: dict[str, set[str]] = {}
    for u, to, r in a.rows("supplied"):
        reach.setdefault(u, []).append(to)
        sup_rules.setdefault(u, set()).add(r)
    nxt = {u: (n, r) for u, n, r in a.rows("oos_next")}
    thr = {u: n for u, n, _ in a.rows("threshold")}
    gone = {u for u, _ in a.rows("iso_eliminated")}
    eff: dict[str, list[str]] = {}
    eff_rules: dict[str, list[str]] = {}
    for u, e, r in a.rows("iso_effect"):
        eff.setdefault(u, []).append(e)
        if r != "19.5":
            eff_rules.setdefault(u, []).append(r)
    out = []
    for u in sc.units:
        if u.hex not in sc.map.hexes or u.unit_class == "stuka":
            continue
        rules = [iso[u.id]] if u.id in iso else sorted(sup_rules.get(u.id, set()))
        if u.id in nxt:
            rules.append(nxt[u.id][1])
        if u.id in thr:
            rules.append("19.1")
        rules += eff_rules.get(u.id, [])
        out.append(UnitIsolation(
            u.id, u.side, u.id in iso, rules_of(rules), sorted(reach.get(u.id, []))[:3],
            u.isolation, nxt[u.id][0] if u.id in nxt else 0,
            thr.get(u.id), u.id in gone, sorted(eff.get(u.id, []))))
    has_box = any(b.side == "german" for b in sc.map.entry_areas.values())
    return IsolationAnswer(out, not has_box)
