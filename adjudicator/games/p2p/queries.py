"""The questions of the point-to-point fragment, answered from the encodings.

* :func:`check_moves`: is this whole set of moves legal this phase, and if not, the
  first rule broken and by which move;
* :func:`capacity`: each line's capacity this phase, what is used and what is left;
* :func:`unit_moves`: where a unit may go this phase, by which lines;
* :func:`combat_order`: the order of battles (13.0) and fortress effects (10.C).

Python proposes (paths over the graph, the moves of a file) and presents; the encodings
(``asp/p2p/``) decide.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from adjudicator.games.p2p.engine import position_facts, solve
from adjudicator.games.p2p.position import Move, Position

#: What each finding code means; ``{arg}`` is the point, line, number or sea it names.
MESSAGES = {
    "no-move-phase": "no movement in the Combat Phase",
    "retreat-phase": "a retreat happens only in the Combat Phase, after a battle",
    "sea-phase": "strategic sea movement happens only in the Strategic Movement Phase",
    "not-phasing": "only the phasing player moves ({arg} is not phasing)",
    "twice": "the unit already moves in move {arg} this phase",
    "dispersed": "a dispersed unit may not move",
    "not-joined": "no line leads into {arg} from the point before it",
    "not-a-place": "'{arg}' is not a point of the map",
    "enemy-there": "{arg} holds enemy units: they must be attacked first (one side per point)",
    "too-far": "operational movement goes one point ({arg} given), two only on the highway",
    "not-armor": "only armour moves two points along the highway",
    "snow": "no two-point highway moves in Snow",
    "off-highway": "line {arg} is not part of the highway",
    "enemy-first": "the first point, {arg}, holds enemy units",
    "no-breakthrough": "only German units able to make breakthrough movement move now",
    "occupied": "breakthrough movement enters only an unoccupied point ({arg} is occupied)",
    "straits-line": "{arg}: armour may not break through across the Kerch Straits",
    "straits": "moving into or out of the Sea of Azov needs both sides of the straits; "
               "{arg} is not friendly",
    "over": "line {arg} would carry more than its capacity",
    "armor-over": "line {arg} would carry more armour than its armour capacity",
    "on-elista": "a unit on Elista ({arg}) may not move strategically",
    "elista": "strategic movement may not enter or pass through {arg}",
    "special-line": "strategic movement may not use line {arg}",
    "unfriendly": "{arg} is not a friendly-controlled point",
    "over-limit": "more strategic moves than the side's limit this turn ({arg})",
    "crowded": "a fourth strategic mover would finish on {arg}",
    "not-port": "{arg} is not a port: sea movement starts in a port",
    "one-port": "sea movement goes straight to one port ({arg} points given)",
    "dest-not-port": "{arg} is not a port",
    "other-sea": "{arg} is on another sea",
    "sea-limit": "only one unit per turn moves by sea on the {arg} sea",
    "destroys": "destroys {arg} (partisan or entrained factory) on entering",
    "torpedo": "at risk of torpedo: lost on {arg}",
    "straits-retreat": "retreats across the Kerch Straits by line {arg}: allowed, within its "
                       "operational capacity",
}
TORPEDO = {1: "a roll of 1 (friendly sea)", 3: "a roll of 1, 3 or 5 (enemy sea)"}
#: Rule order used when one move breaks several rules.
_KIND = {"dispersed": 0, "not-phasing": 0, "no-move-phase": 0, "sea-phase": 0, "twice": 1}


@dataclass
class Finding:
    move: int  # 1-based, over the moves already made and then the moves asked about
    unit: str
    code: str
    rules: list[str]
    arg: Any
    text: str
    done: bool = False  # made earlier this phase (from the position's ``moved``)

    def to_json(self) -> dict[str, Any]:
        return {"move": self.move, "unit": self.unit, "code": self.code, "rules": self.rules,
                "arg": self.arg, "text": self.text, "already_made": self.done}


def _rule_key(rule: str) -> tuple:
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in rule.split("."))


def _line_label(pos: Position, index: int) -> str:
    return pos.graph.lines[index].label


def _findings(pos: Position, moves: list[Move], atoms: dict, name: str) -> list[Finding]:
    every = [*pos.moved, *moves]
    grouped: dict[tuple, list[str]] = defaultdict(list)
    for i, rule, code, arg in atoms.get(name, []):
        grouped[(i, code, arg)].append(rule)
    out = []
    for (i, code, arg), rules in grouped.items():
        shown = arg
        if code in ("over", "armor-over", "off-highway", "special-line", "straits-line",
                    "straits-retreat"):
            shown = _line_label(pos, arg)
        elif code == "torpedo":
            shown = TORPEDO.get(arg, arg)
        text = MESSAGES.get(code, code).format(arg=shown)
        out.append(Finding(i, every[i - 1].unit, code, sorted(set(rules), key=_rule_key),
                           shown, text, i <= len(pos.moved)))
    return sorted(out, key=lambda f: (f.move, _KIND.get(f.code, 2), _rule_key(f.rules[0])))


@dataclass
class CheckAnswer:
    allowed: bool
    moves: list[Move]
    findings: list[Finding]
    notes: list[Finding]
    made: int
    phase: str = "operational"

    @property
    def first(self) -> Finding | None:
        return self.findings[0] if self.findings else None

    @property
    def rules(self) -> list[str]:
        """The rules a refusal breaks, or those the allowed moves were checked under."""
        if self.first:
            return self.first.rules
        if self.phase == "strategic":
            return ["9.A", "9.A.3", "9.B"]
        if self.phase == "combat":
            return ["10.D", "11.0", "12.A", "12.C", "13.0"]
        return ["11.0", "12.0", "12.A", "12.B", "12.C", "12.D"]

    def to_json(self) -> dict[str, Any]:
        first = self.first
        return {
            "allowed": self.allowed,
            "first": first.to_json() if first else None,
            "findings": [f.to_json() for f in self.findings],
            "notes": [f.to_json() for f in self.notes],
            "moves": [m.model_dump() for m in self.moves],
            "already_made": self.made,
            "rules": self.rules,
        }


def check_moves(pos: Position, moves: list[Move],
                readings: dict[str, str] | None = None) -> CheckAnswer:
    atoms = solve("movement", position_facts(pos, moves, readings=readings), ("bad", "note"))
    findings = _findings(pos, moves, atoms, "bad")
    notes = _findings(pos, moves, atoms, "note")
    return CheckAnswer(not findings, list(moves), findings, notes, len(pos.moved), pos.phase)


# -- capacity --------------------------------------------------------------------------------


@dataclass
class LineLoad:
    index: int
    ends: tuple[str, str]
    class_: str
    direction: str  # "both", or "A->B"
    capacity: int
    armor_capacity: int
    used_halves: int
    armor_used_halves: int
    room_halves: int
    armor_room_halves: int
    rule: str

    def to_json(self) -> dict[str, Any]:
        return {
            "line": self.index, "ends": list(self.ends), "class": self.class_,
            "direction": self.direction, "capacity": self.capacity,
            "armor_capacity": self.armor_capacity, "used": self.used_halves / 2,
            "armor_used": self.armor_used_halves / 2,
            "left": self.room_halves // 2, "half_fits": self.room_halves % 2 == 1,
            "armor_left": self.armor_room_halves // 2,
            "armor_half_fits": self.armor_room_halves % 2 == 1,
            "left_halves": self.room_halves, "armor_left_halves": self.armor_room_halves,
            "rules": [self.rule, "12.B"],
        }


@dataclass
class CapacityAnswer:
    side: str
    phase: str
    counted: str
    lines: list[LineLoad] = field(default_factory=list)
    values: dict[str, tuple[int, str]] = field(default_factory=dict)

    @property
    def rules(self) -> list[str]:
        """In the Combat Phase the loads are retreats: 12.C's values, 10.D's limit."""
        return ["10.D", "12.A", "12.C"] if self.phase == "combat" else ["12.A", "12.B", "12.C"]

    def to_json(self) -> dict[str, Any]:
        return {"side": self.side, "phase": self.phase, "counted": self.counted,
                "lines": [x.to_json() for x in self.lines],
                "unit_values": {u: {"halves": v, "rule": r} for u, (v, r) in self.values.items()},
                "rules": self.rules}


def capacity(pos: Position, moves: list[Move] = (),
             readings: dict[str, str] | None = None, side: str | None = None) -> CapacityAnswer:
    """Every line's capacity for one side (the phasing side unless ``side`` is given), with
    the moves made (and ``moves``). In the Combat Phase the loads are the side's retreats,
    each unit at its retreat value (12.C)."""
    merged = {**pos.readings, **(readings or {})}
    side = side or pos.phasing
    atoms = solve("movement", position_facts(pos, moves, readings=readings, side=side))
    per_dir = merged.get("12.A#counted") == "per-direction"
    used = {(ln, d): t for ln, d, t in atoms.get("used", [])}
    aused = {(ln, d): t for ln, d, t in atoms.get("aused", [])}
    room = {(ln, d): (t, r) for ln, d, t, r in atoms.get("room", [])}
    aroom = {(ln, d): t for ln, d, t in atoms.get("aroom", [])}
    caps = {(ln, s): (c, a) for ln, s, c, a, _ in atoms.get("capof", [])}
    ans = CapacityAnswer(side, pos.phase,
                         "per direction" if per_dir else "per line (both ways together)")
    for line in pos.graph.lines:
        for d in ((0, 1) if per_dir else (0,)):
            if (line.index, d) not in room:
                continue
            c, a = caps[(line.index, side)]
            t, rule = room[(line.index, d)]
            direction = "both" if not per_dir else (
                f"{line.a}->{line.b}" if d == 0 else f"{line.b}->{line.a}")
            ans.lines.append(LineLoad(line.index, (line.a, line.b), line.class_, direction, c,
                                      a, used[(line.index, d)], aused[(line.index, d)], t,
                                      aroom[(line.index, d)], rule))
    values = atoms.get("rvalue" if pos.phase == "combat" else "value", [])
    ans.values = {u: (v, r) for u, v, r in values}
    return ans


# -- where may a unit go ---------------------------------------------------------------------


@dataclass
class Option:
    path: list[str]
    lines: list[str]
    by: str
    allowed: bool
    findings: list[Finding]
    notes: list[Finding]

    def to_json(self) -> dict[str, Any]:
        return {"to": self.path[-1], "path": self.path, "lines": self.lines, "by": self.by,
                "allowed": self.allowed, "findings": [f.to_json() for f in self.findings],
                "notes": [f.to_json() for f in self.notes]}


@dataclass
class MovesAnswer:
    unit: str
    at: str
    phase: str
    options: list[Option]

    @property
    def rules(self) -> list[str]:
        return {"strategic": ["9.A", "9.B"],
                "combat": ["10.D", "11.0", "12.A", "12.C", "13.0"]}.get(self.phase,
                                                                         ["12.0", "12.A", "12.D"])

    def to_json(self) -> dict[str, Any]:
        return {"unit": self.unit, "at": self.at, "phase": self.phase, "rules": self.rules,
                "may_go": [o.to_json() for o in self.options if o.allowed],
                "may_not_go": [o.to_json() for o in self.options if not o.allowed]}


def _candidates(pos: Position, unit: str, atoms: dict) -> list[tuple[list[str], str]]:
    """Paths worth asking about: one or two points along lines in the operational phases;
    in the Strategic Movement Phase a shortest path to every place strategic movement
    may enter (through places and lines the encoding allows) and every port by sea; in the
    Combat Phase a retreat to each neighbouring point (how far a retreat goes is in the
    combat rules, past the end of the fragment)."""
    g = pos.graph
    start = pos.units_by_id[unit].at
    if pos.phase == "combat":
        return [([n1], "retreat") for n1, _ in g.neighbours(start)]
    if pos.phase in ("operational", "breakthrough"):
        out = []
        for n1, _ in g.neighbours(start):
            out.append(([n1], "land"))
            for n2, _ in g.neighbours(n1):
                if n2 != start:
                    out.append(([n1, n2], "land"))
        return out
    enter = {p for u, p in atoms.get("enter_ok", []) if u == unit}
    use = {ln for u, ln in atoms.get("use_ok", []) if u == unit}
    paths = g.reachable(start, lambda p: p in enter, lambda ln: ln.index in use)
    out = [(path[1:], "land") for path in paths.values()]
    if g.graph.has_node(start) and start in pos.map.points and pos.map.points[start].port:
        out += [([p], "sea") for p, spec in pos.map.points.items() if spec.port and p != start]
    return out


def unit_moves(pos: Position, unit: str, readings: dict[str, str] | None = None) -> MovesAnswer:
    u = pos.units_by_id[unit]
    base = (solve("movement", position_facts(pos, [], readings=readings, asked=unit))
            if pos.phase == "strategic" else {})
    options = []
    for path, by in _candidates(pos, unit, base):
        ans = check_moves(pos, [Move(unit=unit, path=path, by=by)], readings)
        mine = [f for f in ans.findings if not f.done]
        lines = [] if by == "sea" else [
            pos.graph.line_between(a, b).label for a, b in itertools.pairwise([u.at, *path])]
        options.append(Option([u.at, *path], lines, by, not mine, mine,
                              [f for f in ans.notes if not f.done]))
    options.sort(key=lambda o: (not o.allowed, len(o.path), o.path))
    return MovesAnswer(unit, u.at, pos.phase, options)


# -- combat order (13.0) and fortresses (10.C) ---------------------------------------------


@dataclass
class CombatAnswer:
    battles: list[dict[str, Any]]
    problems: list[dict[str, Any]]
    order: list[int]
    fortresses: list[dict[str, Any]]

    @property
    def allowed(self) -> bool:
        return not self.problems

    def to_json(self) -> dict[str, Any]:
        return {"allowed": self.allowed, "rules": ["13.0"], "battles": self.battles,
                "problems": self.problems, "an_order_that_works": self.order,
                "fortresses": self.fortresses}


def combat_order(pos: Position, readings: dict[str, str] | None = None) -> CombatAnswer:
    atoms = solve("combat", position_facts(pos, [], readings=readings))
    battles = [{"battle": i, "point": b.point, "attacker_firepower": b.attacker_firepower,
                "defender_firepower": b.defender_firepower}
               for i, b in enumerate(pos.battles, start=1)]
    problems = []
    for i, j, rule in sorted(atoms.get("order_bad", [])):
        b, c = pos.battles[i - 1], pos.battles[j - 1]
        if b.point == c.point:
            continue
        if b.defender_firepower > b.attacker_firepower:
            text = (f"battle {i} at {b.point} (defender {b.defender_firepower} > attacker "
                    f"{b.attacker_firepower}) must come before battle {j} at {c.point}")
        else:
            text = (f"battle {i} at {b.point} must follow the earlier battle at that point "
                    f"without battle {j} at {c.point} in between")
        problems.append({"battle": i, "before": j, "rules": [rule], "text": text})
    strong = [i for i, b in enumerate(pos.battles, 1)
              if b.defender_firepower > b.attacker_firepower]
    rest = [i for i in range(1, len(pos.battles) + 1) if i not in strong]
    order = []
    for group in (strong, rest):
        seen: dict[str, list[int]] = {}
        for i in group:
            seen.setdefault(pos.battles[i - 1].point, []).append(i)
        order += [i for ids in seen.values() for i in ids]
    forts: dict[str, dict[str, Any]] = {}
    level = dict(atoms.get("level", []))
    majors = dict(atoms.get("majors", []))
    for p, kind, n, rule in atoms.get("fort", []):
        entry = forts.setdefault(p, {"point": p, "level": level.get(p),
                                     "major_infantry": majors.get(p, 0)})
        entry[kind] = {"at_most": n, "rules": [rule]}
    return CombatAnswer(battles, problems, order, sorted(forts.values(), key=lambda f: f["point"]))
