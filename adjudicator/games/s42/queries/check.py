"""``check``: may this unit do this one thing now? One function per kind of question.

Each kind (``enter`` here; other rule areas add ``retreat``, ``advance`` ...) is a
function ``check_<kind>(scenario, spec, solver) -> CheckAnswer`` registered in
``KINDS``; the ``check`` command parses its option and dispatches. The rulings
themselves are made by the encodings; Python only checks the question is
well-formed (the unit exists, the hex is next to it) and words the answer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import clingo

from adjudicator.errors import unknown, usage_error
from adjudicator.games.s42.queries.zoc import rule_key
from adjudicator.hexgrid import HexGrid, is_hex_id
from adjudicator.scenario import Scenario
from adjudicator.solver import Solver


@dataclass
class Finding:
    """One reason in an answer: what it says and the rules behind it."""

    code: str
    text: str
    rules: list[str]
    #: True if this finding forbids the action
    refuses: bool = False


@dataclass
class CheckAnswer:
    kind: str
    unit: str
    start: str
    target: str
    allowed: bool
    must_stop: bool
    findings: list[Finding] = field(default_factory=list)

    @property
    def rules(self) -> list[str]:
        """The rules that decide the answer: the refusing ones if refused, else all."""
        chosen = [f for f in self.findings if f.refuses] if not self.allowed else self.findings
        return sorted({r for f in chosen for r in f.rules}, key=rule_key)

    def to_json(self) -> dict[str, Any]:
        return {
            "check": self.kind,
            "unit": self.unit,
            "from": self.start,
            "to": self.target,
            "allowed": self.allowed,
            "must_stop": self.must_stop,
            "findings": [vars(f) for f in self.findings],
            "rules": self.rules,
        }

    def summary(self) -> str:
        verb = {"enter": "enter", "move": "move to"}.get(self.kind, self.kind)
        if not self.allowed:
            return f"{self.unit} may not {verb} {self.target} from {self.start}."
        stop = " and must stop there" if self.must_stop else ""
        return f"{self.unit} may {verb} {self.target} from {self.start}{stop}."


# -- enter -------------------------------------------------------------------

_REFUSALS = {
    "bond_hex": "{h} lies inside a standing enemy Hex Bond",
    "bond_hexside": "the hexside {f}-{h} is closed by a standing enemy Hexside Bond",
    "bond_crossing": "the enemy bond stands even where it meets a bond of {u}'s side",
    "full_retreat_ezoc": "a Full Retreat unit may not move into an EZOC unless a friendly "
    "unit not in Full Retreat is already there",
    "enemy_city": "a Full Retreat unit may not enter an enemy-controlled city",
    "enemy_unit": "{h} holds an enemy combat unit",
    "not_good_order": "only Good Order units may leave an entry area",
}
_NOTES = {
    "enters_ezoc": "{h} is in an enemy ZOC: entering it costs nothing extra, but {u} must stop",
    "leaves_ezoc": "{u} starts in an enemy ZOC: leaving it costs +2 MP",
    "ezoc_to_ezoc": "{u} started its move in an enemy ZOC and may step straight into "
    "another one, then stop",
    "from_entry_area": "entering from an entry area: an enemy ZOC may be entered, "
    "an enemy bond may not",
    "covered": "a friendly unit not in Full Retreat is in {h}, so the Full Retreat unit "
    "may enter the EZOC",
    "contested_city": "{h} is a Contested City: the enemy units there do not bar entry",
    "bond_negated": "an enemy bond would close this step but is negated by friendly units",
    "bond_broken": "an enemy bond would close this step but terrain breaks it",
}


def parse_enter(spec: str, option: str = "--enter") -> tuple[str, str]:
    """``UNIT:HEX`` -> (unit id, hex id); the unit id may itself contain ':'."""
    unit_id, sep, hex_id = spec.rpartition(":")
    if not sep or not unit_id or not is_hex_id(hex_id):
        raise usage_error(f"expected UNIT:HEX (e.g. 11Pz:0405), got '{spec}'", option)
    return unit_id, hex_id


def check_enter(sc: Scenario, spec: str, solver: Solver | None = None,
                readings: dict[str, str] | None = None) -> CheckAnswer:
    """May the unit step into the adjacent hex in the Movement Phase (ZOCs and bonds)?"""
    unit_id, target = parse_enter(spec)
    unit = sc.units_by_id.get(unit_id)
    if unit is None:
        raise unknown("unit", unit_id, sc.units_by_id, "--enter")
    if target not in sc.map.hexes:
        raise usage_error(f"'{target}' is not on the map", "--enter")
    start = unit.hex
    if start in sc.map.entry_areas:
        if target not in sc.map.entry_areas[start].hexes:
            raise usage_error(
                f"{unit_id} is in entry area {start}, which does not border {target}", "--enter")
    else:
        grid = HexGrid.of(sc.map.hexes, sc.map.shifted)
        if not grid.are_adjacent(start, target):
            raise usage_error(f"{target} is not adjacent to {unit_id}'s hex {start}", "--enter")
    solver = solver or Solver(sc.game)
    query = clingo.Function("enter", [clingo.String(unit_id), clingo.String(target)])
    ans = solver.solve(sc, "check", extra=[query], readings=readings)

    def fmt(template: str) -> str:
        return template.format(u=unit_id, h=target, f=start)

    findings: dict[tuple[str, bool], set[str]] = {}
    for s in ans.by_name("enter_refused", 4):
        findings.setdefault((s.arguments[3].name, True), set()).add(s.arguments[2].string)
    for s in ans.by_name("enter_note", 4):
        findings.setdefault((s.arguments[3].name, False), set()).add(s.arguments[2].string)
    allowed = bool(ans.by_name("enter_allowed", 2))
    stop_rules = {s.arguments[2].string for s in ans.by_name("enter_stop", 3)}
    out = [
        Finding(code, fmt((_REFUSALS if refuses else _NOTES)[code]),
                sorted(rules, key=rule_key), refuses)
        for (code, refuses), rules in sorted(findings.items(),
                                             key=lambda kv: (not kv[0][1], kv[0][0]))
    ]
    if allowed and not any(f.rules for f in out):
        out.append(Finding("free", f"no enemy ZOC or bond bars {target}", ["6.2", "7.2"]))
    elif allowed and not any("7.2" in f.rules for f in out):
        out.append(Finding("no_bond", f"no standing enemy bond closes {target}", ["7.2"]))
    return CheckAnswer("enter", unit_id, start, target, allowed, bool(stop_rules), out)


@dataclass(frozen=True)
class Kind:
    """One kind of ``check`` question: its option, metavar, help and function."""

    name: str
    metavar: str
    help: str
    #: fn(scenario, spec, solver, readings) -> CheckAnswer
    fn: Callable[..., CheckAnswer]

    @property
    def option(self) -> str:
        return f"--{self.name}"


#: every kind of check question, by name; the ``check`` command offers one option each.
KINDS: dict[str, Kind] = {}


def register_kind(kind: Kind) -> Kind:
    """Add a kind of check question (called at import by the module that answers it).

    The ``check`` command imports every module of ``adjudicator.games.s42.queries`` before it
    builds its options, so a rule area adds ``--retreat`` or ``--advance`` by calling
    this in its own query module.
    """
    KINDS[kind.name] = kind
    return kind


register_kind(Kind(
    "enter", "UNIT:HEX",
    "may the unit step into this adjacent hex in the Movement Phase, as far as "
    "ZOCs and bonds go (6.2, 7.2, 7.4, 13.3.2, 22.3.2)?",
    check_enter,
))
