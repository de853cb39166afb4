"""Breakthrough Combat (Stalingrad '42 chapter 15): whom a Breakthrough Group may attack next.

``breakthrough`` asks ``asp/s42/breakthrough.lp`` (on top of ``advance.lp``)
where the group may go and which enemy hexes it may attack next, from where,
and how many hexes of its advance it has left after paying for that attack.
The group either starts after the initial combat (forming in the vacated hex
or declining it, 15.2.3-15.2.4) or goes on from where it stands (``at`` and
``left``, after a successful Breakthrough Combat, 15.2.8).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from clorm import IntegerField, Predicate, StringField

from adjudicator.errors import did_you_mean, usage_error
from adjudicator.games.s42.queries.advance import (
    CANNOT,
    CAUSES,
    Mode,
    Reach,
    _facts,
    _ids,
    _s,
    _validate,
    bound,
    rules_sorted,
    zone,
    zones_of,
)
from adjudicator.scenario import Scenario
from adjudicator.solver import Answer, Solver

GROUP = "group"

BT_CANNOT = {
    **CANNOT,
    "not_participant": "only units that took part in the attack may form the group",
    "reserve": "activated Reserves conduct no Breakthrough Combat",
    "limited": "a Limited Advance allows no Breakthrough Combat",
    "delay": "a one-hex (Delay) advance allows no Breakthrough Combat",
    "short": "the combat did not earn an advance of 2 to 4 hexes",
    "overstacked": "the group is more than one stack may hold",
    "again": "this group already attacked that hex",
}

#: what the 15.2.9 restrictions leave to the players (not decided here)
NOTES = [
    ("no Artillery shifts in Breakthrough Combat; other modifiers, tank shifts "
     "included, apply", ["15.2.9"]),
    ("German Air Units only if they were used in the initial combat", ["15.2.9", "9.3.7"]),
    ("the stacking limit holds before each Breakthrough Combat is resolved", ["4.4"]),
    ("the other units of the attack advance after the group is done, without "
     "Breakthrough Combat", ["15.2.1", "15.2.2"]),
]


class BtGroup(Predicate):
    g = StringField

    class Meta:
        name = "bt_group"


class BtMember(Predicate):
    g = StringField
    unit = StringField

    class Meta:
        name = "bt_member"


class BtAt(Predicate):
    g = StringField
    hex = StringField

    class Meta:
        name = "bt_at"


class BtLeft(Predicate):
    g = StringField
    n = IntegerField

    class Meta:
        name = "bt_left"


class BtDone(Predicate):
    g = StringField
    hex = StringField

    class Meta:
        name = "bt_done"


@dataclass
class AttackFrom:
    hex: str
    left: int
    path: list[str]
    rules: list[str]

    def to_json(self) -> dict:
        return {"hex": self.hex, "left": self.left, "path": self.path, "rules": self.rules}


@dataclass
class Target:
    hex: str
    left: int  # the most hexes left after paying for the attack
    defenders: list[str]
    options: list[AttackFrom]
    rules: list[str]

    def to_json(self) -> dict:
        return {"hex": self.hex, "left": self.left, "defenders": self.defenders,
                "from": [o.to_json() for o in self.options], "rules": self.rules}


@dataclass
class RefusedTarget:
    hex: str
    from_hex: str
    why: list[str]
    rules: list[str]

    def to_json(self) -> dict:
        return {"hex": self.hex, "from": self.from_hex, "why": self.why, "rules": self.rules}


@dataclass
class Start:
    hex: str
    left: int
    how: str  # form | decline | at
    rules: list[str]

    def to_json(self) -> dict:
        return {"hex": self.hex, "left": self.left, "how": self.how, "rules": self.rules}


@dataclass
class BreakthroughAnswer:
    group: list[str]
    allowed: bool
    rules: list[str]
    why_not: list[str] = field(default_factory=list)
    allowance: int = 0
    starts: list[Start] = field(default_factory=list)
    targets: list[Target] = field(default_factory=list)
    refused: list[RefusedTarget] = field(default_factory=list)
    reach: dict[str, int] = field(default_factory=dict)  # hex -> most hexes left there
    form_refused: list[dict] = field(default_factory=list)
    notes: list[tuple[str, list[str]]] = field(default_factory=list)
    answer: Answer | None = None

    def target(self, hex_id: str) -> Target | None:
        return next((t for t in self.targets if t.hex == hex_id), None)

    @property
    def target_hexes(self) -> set[str]:
        return {t.hex for t in self.targets}

    def to_json(self) -> dict:
        out = {
            "group": self.group,
            "allowed": self.allowed,
            "allowance": self.allowance,
            "starts": [s.to_json() for s in self.starts],
            "targets": [t.to_json() for t in self.targets],
            "refused": [r.to_json() for r in self.refused],
            "reach": [{"hex": h, "left": k} for h, k in sorted(self.reach.items())],
            "notes": [{"text": t, "rules": r} for t, r in self.notes],
            "rules": self.rules,
        }
        if self.why_not:
            out["why_not"] = self.why_not
        if self.form_refused:
            out["form_refused"] = self.form_refused
        return out


START_RULES = {"form": ["15.2.3", "15.2.4"], "decline": ["15.2.4"], "at": ["15.2.8"]}


def breakthrough(
    sc: Scenario,
    vacated: str | None,
    allowance: int | None,
    group: Sequence[str],
    attackers: Sequence[str] | None = None,
    mode: Mode = "normal",
    at: str | None = None,
    left: int | None = None,
    attacked: Sequence[str] = (),
    solver: Solver | None = None,
    readings: dict[str, str] | None = None,
) -> BreakthroughAnswer:
    """Which hexes the Breakthrough Group ``group`` may attack next, from where, and with
    how many hexes left; ``at``/``left`` give a group already on its way, ``attacked``
    the hexes it has attacked so far (15.3.1)."""
    group = _ids(group)
    attackers = list(group) if attackers is None else _ids(attackers)
    _validate(sc, group, vacated, mode, allowance, (), option="--group")
    if (at is None) != (left is None):
        raise usage_error("give both where the group stands and how many hexes it has left",
                          "--at")
    if at is not None and at not in sc.map.hexes:
        raise usage_error(f"'{at}' is not a hex on the map{did_you_mean(at, sc.map.hexes)}",
                          "--at")
    if left is not None and left < 0:
        raise usage_error("hexes left cannot be negative", "--left")
    solver = solver or Solver(sc.game)
    radius = {u: 1 for u in group}
    facts = _facts(sc, group, attackers, (), (), (), vacated, mode, allowance,
                   zones_of(sc, group, radius))
    facts += [BtGroup(GROUP)] + [BtMember(GROUP, u) for u in group]
    starts = [sc.units_by_id[u].hex for u in group]
    g_radius = bound(mode, allowance, False)
    if at is not None and left is not None:
        facts += [BtAt(GROUP, at), BtLeft(GROUP, left)]
        starts, g_radius = [at], left
    facts += [BtDone(GROUP, h) for h in _ids(attacked)]
    for p in zone(sc, starts, g_radius + 1):
        facts.append(_zone(GROUP, p))
    ans = solver.solve(sc, "breakthrough", extra=facts, readings=readings)
    return _read(sc, group, ans)


def _zone(m: str, p: str):
    from adjudicator.games.s42.queries.advance import AdvZone

    return AdvZone(m, p)


def _read(sc: Scenario, group: list[str], ans: Answer) -> BreakthroughAnswer:
    cannot = [(s.arguments[1].string, s.arguments[2].name) for s in ans.by_name("bt_cannot", 3)]
    if cannot:
        return BreakthroughAnswer(group, False, rules_sorted(r for r, _ in cannot),
                                  why_not=sorted({BT_CANNOT.get(c, c) for _, c in cannot}),
                                  answer=ans)
    allow = next((s.arguments[1].number for s in ans.by_name("bt_allow", 2)), 0)
    out = BreakthroughAnswer(group, True, ["15.1", "15.2.2"], allowance=allow,
                             notes=list(NOTES), answer=ans)
    start_states = {}
    for s in sorted(ans.by_name("bt_start", 4)):
        h, k, how = _s(s.arguments[1]), s.arguments[2].number, s.arguments[3].name
        out.starts.append(Start(h, k, how, START_RULES[how]))
        start_states[(h, k, "go")] = how
    for s in ans.by_name("bt_form_bad", 4):
        out.form_refused.append({"unit": _s(s.arguments[1]),
                                 "why": CAUSES.get(s.arguments[3].name, ((), ""))[1],
                                 "rules": [s.arguments[2].string]})
    reach = Reach(GROUP, ans)
    for h, k, _mode in reach.states:
        if h in sc.map.hexes:
            out.reach[h] = max(k, out.reach.get(h, -1))
    by_target: dict[str, list[AttackFrom]] = defaultdict(list)
    for s in sorted(ans.by_name("bt_target", 4)):
        t, f, k = _s(s.arguments[1]), _s(s.arguments[2]), s.arguments[3].number
        state = next(((f, k + 1, m) for m in ("go", "ezoc") if (f, k + 1, m) in reach.states),
                     None)
        if state is None:
            continue
        origin, steps = reach.walk(state)
        how = start_states.get(origin, "at")
        path = [b for _, b in steps]
        if how == "form":
            path = [origin[0], *path]
        rules = {"15.2.4", "15.2.5", *START_RULES.get(how, [])}
        if state[2] == "ezoc":
            rules.add("15.2.6")
        for i, (a, b) in enumerate(steps):
            rules |= reach.step_rules(a, b, state[2] if i == len(steps) - 1 else "go")
        by_target[t].append(AttackFrom(f, k, path, rules_sorted(rules)))
    for t, opts in sorted(by_target.items()):
        best: dict[str, AttackFrom] = {}
        for o in opts:
            if o.hex not in best or o.left > best[o.hex].left:
                best[o.hex] = o
        chosen = sorted(best.values(), key=lambda o: (-o.left, o.hex))
        defenders = sorted(u.id for u in sc.units_at(t))
        out.targets.append(Target(t, chosen[0].left, defenders, chosen,
                                  rules_sorted({"15.2.4", "15.2.5", "15.2.8"})))
    refused: dict[tuple[str, str], tuple[set[str], list[str]]] = {}
    for s in ans.by_name("bt_bar", 5):
        t, f = _s(s.arguments[2]), _s(s.arguments[1])
        if any(o.hex == f for o in by_target.get(t, [])):
            continue
        rules, why = refused.setdefault((t, f), (set(), []))
        cause = s.arguments[4].name
        extra, text = CAUSES.get(cause, ((), BT_CANNOT.get(cause, cause)))
        rules |= {s.arguments[3].string, *extra, "15.2.5"}
        if cause != "again":
            rules.add("15.2.9")
        if text not in why:
            why.append(text)
    out.refused = [RefusedTarget(t, f, why, rules_sorted(rules))
                   for (t, f), (rules, why) in sorted(refused.items())]
    return out
