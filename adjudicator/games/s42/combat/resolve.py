"""Resolving one Stalingrad '42 combat: the CRT roll (8.3, 26.2, 28.1), the result
(10.1-10.3, 9.8, 20.5.2), the Determined Defense (11.0) and what follows: the
retreat length (12.1.1, 13.1) and the advance allowance (14.1-14.2, 16.4, 23.2).

``resolve_combat`` rolls through a ``Dice`` session and edits a ``Work`` copy of
the position as far as the players' choices allow. A choice the rules leave to a
player and that was not given becomes a ``Pending`` entry (who decides, the
options, the rules) and resolution stops there. ``apply_moves`` then carries out
the retreats and advances and gives the next position.

A chosen retreat path or advance is first checked for adjacency, the map edge and
its length (``check_retreat_path`` / ``check_advance_path``), then judged by the
``retreats`` and ``advances`` queries (``check --retreat`` / ``check --advance``);
a path any retreat or advance rule forbids is refused with that rule. An advance
is judged on the position after the defender's retreat.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from adjudicator.dice import Dice, RollsExhausted
from adjudicator.games.s42.combat import terrain as T
from adjudicator.games.s42.combat.odds import (
    Odds,
    Support,
    air_available,
    compute_odds,
    sort_rules,
    trace_range,
)
from adjudicator.games.s42.combat.state import Change, Work
from adjudicator.games.s42.combat.tables import (
    PRACTICE_NOTE,
    CrtCell,
    DdCell,
    Table,
    crt_table,
    dd_table,
)
from adjudicator.scenario import Scenario, Unit

RETREATING_RESULTS = {"DS": 4, "DR4": 4, "D1": 3, "A1/D1": 2, "DR2": 2, "A1/DR2": 2, "DRX": 2}
DD_RESULTS = ("A1/DR2", "DR2", "A1/D1", "DRX", "D1")
RESULT_RANK = {"DS": 9, "DR4": 8, "D1": 7, "DRX": 6, "A1/D1": 5, "DR2": 4, "A1/DR2": 3,
               "EX": 2, "-": 1, "A1": 0}
MEANING = {
    "DS": "Defender Shattered: the defender loses a step (the attacker picks), the rest "
          "retreat 4 hexes into Full Retreat; no Determined Defense",
    "DR4": "the defenders retreat 4 hexes into Full Retreat; no Determined Defense",
    "D1": "the defender loses a step; the rest retreat 3 hexes, Disrupted, or try a "
          "Determined Defense",
    "A1/D1": "each side loses a step; the defenders retreat 2 hexes, Disrupted, or try a "
             "Determined Defense",
    "DR2": "the defenders retreat 2 hexes, Disrupted, or try a Determined Defense",
    "A1/DR2": "the attacker loses a step; the defenders retreat 2 hexes, Disrupted, or try "
              "a Determined Defense",
    "DRX": "each side loses a step picked by the other; the defenders retreat 2 hexes, "
           "Disrupted, or try a Determined Defense",
    "EX": "exchange: each side loses a step picked by the other; no retreat",
    "A1": "the attacker loses a step; no retreat and no advance",
    "-": "no effect",
}


def advance_rate(u: Unit | dict[str, Any]) -> int:
    """14.2.2: 4 hexes mechanized (a Soviet Army HQ with MA 3 advances as infantry),
    3 cavalry, 2 the rest."""
    typ = u["type"] if isinstance(u, dict) else u.type
    ma = u["ma"] if isinstance(u, dict) else u.ma
    from adjudicator.games.s42.scenario import MECHANIZED_TYPES

    if typ == "soviet-army-hq":
        return 4 if ma > 3 else 2
    if typ in MECHANIZED_TYPES or typ in ("supply-point", "leader"):
        return 4
    if typ == "cavalry":
        return 3
    return 2


@dataclass
class Declaration:
    """What the attacker declares before the die roll (8.3 steps 1-2)."""

    defender_hex: str
    attackers: list[str]
    support: Support = field(default_factory=Support)
    planned_offensive: int = 0  # 26.2: 0, 1 or 2 markers, one extra die each
    reroll: str | None = None  # a leader re-rolling the CRT die (28.1.4)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"defender_hex": self.defender_hex, "attackers": self.attackers}
        if self.support.air:
            out["air"] = self.support.air_nation
        if self.support.artillery:
            out["artillery"] = list(self.support.artillery)
        if self.planned_offensive:
            out["planned_offensive"] = self.planned_offensive
        if self.reroll:
            out["reroll"] = self.reroll
        return out


class ChoiceError(ValueError):
    """Choices of the wrong type; ``problems`` are "FIELD: what is wrong" texts."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("; ".join(problems))


_ID_LISTS = ("attacker_losses", "defender_losses", "lead")
_OPTIONAL = ("use_die", "dd", "dd_support", "dd_reroll")


def _ids_of(key: str, value: Any, problems: list[str], what: str = "unit ids") -> list[str]:
    """A list of ids; one id alone is a list of one (never split into characters)."""
    if isinstance(value, (str, int)) and not isinstance(value, bool):
        return [str(value)]
    if isinstance(value, list) and all(isinstance(v, (str, int)) and not isinstance(v, bool)
                                       for v in value):
        return [str(v) for v in value]
    problems.append(f"{key}: expected a list of {what}, got {value!r}")
    return []


def _typed_choice(key: str, value: Any, problems: list[str]) -> Any:
    """``value`` of the choice ``key`` in the type the resolution reads, or a problem
    naming the choice (the caller has already refused unknown keys)."""
    if value is None:
        return None
    if key in _ID_LISTS:
        return _ids_of(key, value, problems)
    if key == "use_die":
        if isinstance(value, bool) or not isinstance(value, int):
            problems.append(f"use_die: expected a whole number (which die, from 1), "
                            f"got {value!r}")
        return value
    if key in ("dd", "desperate"):
        if not isinstance(value, bool):
            problems.append(f"{key}: expected true or false, got {value!r}")
        return value
    if key in ("dd_support", "dd_reroll"):
        if not isinstance(value, str):
            problems.append(f"{key}: expected a unit id, got {value!r}")
        return value
    if not isinstance(value, dict):
        problems.append(f"{key}: expected a mapping of unit ids, got {value!r}")
        return {}
    out: dict[str, Any] = {}
    for uid, v in value.items():
        where = f"{key}.{uid}"
        if key == "retreat" and v == "eliminated":
            out[str(uid)] = v
        elif key in ("retreat", "advance"):
            out[str(uid)] = _ids_of(where, v, problems, "hexes")
        elif key == "retreat_pay":
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                problems.append(f"{where}: expected a number of steps (0 or more), got {v!r}")
            out[str(uid)] = v
        else:  # reduced: [attack, defense]
            if not (isinstance(v, list) and len(v) == 2 and all(
                    isinstance(x, int) and not isinstance(x, bool) for x in v)):
                problems.append(f"{where}: expected [attack, defense], two whole numbers, "
                                f"got {v!r}")
            out[str(uid)] = v
    return out


@dataclass
class Choices:
    """The players' decisions after the roll (all optional until needed)."""

    use_die: int | None = None  # 26.2: which of the Planned Offensive dice (1-based)
    attacker_losses: list[str] = field(default_factory=list)
    defender_losses: list[str] = field(default_factory=list)
    dd: bool | None = None  # declare a Determined Defense (11.1)
    lead: list[str] = field(default_factory=list)  # Lead Unit for each DD roll (11.2.3)
    dd_support: str | None = None  # "air" or an ASU / Supply Point id (11.3)
    desperate: bool = False  # 11.5
    dd_reroll: str | None = None  # a leader re-rolling the first DD die (28.1.3, 28.1.4)
    retreat: dict[str, Any] = field(default_factory=dict)  # unit or "*" -> [hexes] | "eliminated"
    retreat_pay: dict[str, int] = field(default_factory=dict)  # 12.1.3 #4
    advance: dict[str, list[str]] = field(default_factory=dict)
    reduced: dict[str, list[int]] = field(default_factory=dict)  # uid -> [attack, defense]

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Choices:
        data = dict(data or {})
        known = set(cls.__dataclass_fields__)
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown choice(s): {', '.join(sorted(unknown))} "
                             f"(known: {', '.join(sorted(known))})")
        problems: list[str] = []
        for key in list(data):
            data[key] = _typed_choice(key, data[key], problems)
        if problems:
            raise ChoiceError(problems)
        return cls(**{k: v for k, v in data.items() if v is not None or k in _OPTIONAL})

    def to_json(self) -> dict[str, Any]:
        out = {}
        for k in self.__dataclass_fields__:
            v = getattr(self, k)
            if v not in (None, [], {}, False):
                out[k] = v
        return out


@dataclass
class Pending:
    who: str  # attacker | defender | both
    what: str
    options: list[str]
    rules: list[str]
    choice: str  # the choices key that answers it

    def to_json(self) -> dict[str, Any]:
        return {"who": self.who, "what": self.what, "options": self.options,
                "rules": self.rules, "choice": self.choice}


@dataclass
class Loss:
    side: str  # attacker | defender
    unit: str
    picked_by: str
    rules: list[str]
    eliminated: bool

    def to_json(self) -> dict[str, Any]:
        return vars(self).copy()


@dataclass
class DdRoll:
    lead: str
    roll: int
    modifiers: list[dict[str, Any]]
    modified: int
    cell: str
    effect: str
    rules: list[str]
    rerolled_from: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in vars(self).items() if v is not None}


@dataclass
class Outcome:
    declaration: Declaration
    choices: Choices
    odds: Odds
    crt: Table
    ddt: Table
    rolls: list[dict[str, Any]] = field(default_factory=list)
    crt_dice: list[int] = field(default_factory=list)
    die_used: int | None = None
    cell: CrtCell | None = None
    result: str | None = None
    meaning: str = ""
    losses: list[Loss] = field(default_factory=list)
    dd: dict[str, Any] = field(default_factory=dict)
    dd_rolls: list[DdRoll] = field(default_factory=list)
    retreat: dict[str, Any] = field(default_factory=dict)
    advance: dict[str, Any] = field(default_factory=dict)
    pending: list[Pending] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    rules: set[str] = field(default_factory=set)
    work: Work | None = None
    applied: bool = False

    @property
    def practice(self) -> bool:
        return self.crt.practice or (self.ddt.practice and bool(self.dd_rolls))

    def to_json(self) -> dict[str, Any]:
        odds = self.odds.to_json()
        out: dict[str, Any] = {
            "allowed": self.odds.allowed,
            "declaration": self.declaration.to_json(),
            "odds": {k: odds[k] for k in ("attack", "defense", "ratio", "column", "allowed",
                                          "shifts", "rules")},
            "tables": {"crt": self.crt.describe(), "dd": self.ddt.describe()},
            "practice_table": self.practice,
            "rolls": self.rolls,
            "crt": None if self.result is None else {
                "column": self.odds.column, "dice": self.crt_dice, "die_used": self.die_used,
                "cell": self.cell.text if self.cell else "automatic DS",
                "result": self.result, "advance": self.cell.advance if self.cell else None,
                "meaning": self.meaning,
                "rules": ["8.3", "10.1"] + (["8.4.1"] if self.cell is None else []),
            },
            "losses": [x.to_json() for x in self.losses],
            "determined_defense": {**self.dd, "rolls": [r.to_json() for r in self.dd_rolls]},
            "retreat": self.retreat,
            "advance": self.advance,
            "pending": [p.to_json() for p in self.pending],
            "notes": self.notes,
            "rules": sort_rules(self.rules | set(self.odds.rules)),
        }
        if self.practice:
            out["practice_note"] = PRACTICE_NOTE
        if self.work is not None:
            out["changes"] = [c.to_json() for c in self.work.changes]
            out["eliminated"] = self.work.eliminated
            out["warnings"] = self.work.warnings
        return out


class Refused(Exception):
    """The attack or a given choice breaks a rule (exit status 2 on the CLI)."""

    def __init__(self, message: str, rules: list[str], field: str | None = None):
        self.rules = rules
        self.message = message
        #: the declaration item or choice at fault (e.g. "attack", "retreat"), if one is
        self.field = field
        super().__init__(f"{message} {('(' + ', '.join(rules) + ')') if rules else ''}".strip())


# ---------------------------------------------------------------------------------


class _Engine:
    def __init__(self, sc: Scenario, decl: Declaration, ch: Choices, dice: Dice,
                 crt: Table, ddt: Table, readings: dict[str, str] | None):
        self.sc, self.decl, self.ch, self.dice = sc, decl, ch, dice
        self.odds = compute_odds(sc, decl.defender_hex, decl.attackers, decl.support, readings)
        self.out = Outcome(decl, ch, self.odds, crt, ddt, work=Work.of(sc))
        self.w = self.out.work
        self.att_side = self.odds.attacker_side
        self.def_side = "soviet" if self.att_side == "axis" else "axis"
        self.readings = self.odds.readings
        self.used_losses = {"attacker": list(ch.attacker_losses),
                            "defender": list(ch.defender_losses)}

    # -- helpers ----------------------------------------------------------------
    def roll(self, purpose: str) -> int:
        r = self.dice.roll(purpose, count=1)
        self.out.rolls.append({"purpose": purpose, "dice": list(r.dice), "total": r.total})
        return r.total

    def pend(self, who: str, what: str, options: list[str], rules: list[str],
             choice: str) -> None:
        self.out.pending.append(Pending(who, what, options, rules, choice))

    def unit(self, uid: str) -> Unit:
        return self.sc.units_by_id[uid]

    def defenders_alive(self, combat_only: bool = True) -> list[str]:
        return [u["id"] for u in self.w.units
                if u["hex"] == self.decl.defender_hex and u["side"] == self.def_side
                and (not combat_only or self.unit(u["id"]).is_combat)]

    # -- the procedure --------------------------------------------------------------
    def run(self) -> Outcome:
        o = self.odds
        if not o.allowed:
            raise Refused("attack refused: " + "; ".join(f.what for f in o.refused),
                          sort_rules(r for f in o.refused for r in f.rules), field="attack")
        out = self.out
        if out.crt.practice:
            out.notes.append(PRACTICE_NOTE)
        self._crt()
        if out.result is None:
            return out
        self._losses()
        if out.pending:
            return out
        self._determined_defense()
        if out.pending:
            return out
        self._retreat_and_advance()
        return out

    def _crt(self) -> None:
        out, decl = self.out, self.decl
        if self.odds.automatic_ds:
            out.result, out.cell = "DS", None
            out.meaning = MEANING["DS"]
            out.rules.update({"8.4.1", "10.1"})
            return
        n = 1 + decl.planned_offensive
        if decl.planned_offensive not in (0, 1, 2):
            raise Refused("at most two Planned Offensive markers on one combat", ["26.2"])
        if decl.planned_offensive:
            out.rules.add("26.2")
            out.notes.append(f"Planned Offensive: {n} dice, the attacker uses one of them "
                             "(26.2); remove the marker(s) used")
        dice = []
        try:
            for i in range(n):
                label = f" (die {i + 1} of {n}, Planned Offensive)" if n > 1 else ""
                dice.append(self.roll(f"CRT, {self.odds.column} column{label}"))
        except RollsExhausted:
            self.pend("both", "a CRT die roll is needed", [], ["8.3"], "--roll")
            return
        out.rules.update({"8.3"})
        cells = [out.crt.lookup(d, self.odds.column) for d in dice]
        if self.ch.use_die is not None:
            if not 1 <= self.ch.use_die <= n:
                raise Refused(f"use_die must be between 1 and {n}", ["26.2"], field="use_die")
            k = self.ch.use_die - 1
        else:
            k = max(range(n), key=lambda i: (RESULT_RANK[cells[i].result],
                                             cells[i].advance or 0, -i))
            if n > 1:
                out.notes.append(f"die {k + 1} used: its result is the strongest for the "
                                 "attacker (choose another with use_die)")
        if decl.reroll:
            self._check_leader(decl.reroll, purpose="crt")
            old = dice[k]
            try:
                dice[k] = self.roll(f"CRT re-roll by leader {decl.reroll}")
            except RollsExhausted:
                self.pend("both", "the leader's re-roll needs a die roll", [], ["28.1.1"],
                          "--roll")
                return
            out.notes.append(f"leader {decl.reroll} re-rolled the CRT die {old} -> {dice[k]}; "
                             "the new roll stands (28.1.1)")
            out.rules.update({"28.1.1", "28.1.4"})
            self.w.set(decl.reroll, "used", True, f"leader {decl.reroll} flipped to Used",
                       ["28.1.1"])
            cells[k] = out.crt.lookup(dice[k], self.odds.column)
        out.crt_dice, out.die_used, out.cell = dice, k + 1, cells[k]
        out.result = cells[k].result
        out.meaning = MEANING[out.result]
        out.rules.add("10.1")

    def _check_leader(self, lid: str, purpose: str) -> None:
        purpose_field = "reroll" if purpose == "crt" else "dd_reroll"
        lu = self.sc.units_by_id.get(lid)
        if lu is None or lu.type != "leader":
            raise Refused(f"{lid} is not a leader in the position", ["28.1.1"], field=purpose_field)
        if lu.used:
            raise Refused(f"leader {lid} has already used his re-roll this turn", ["28.1.1"],
                          field=purpose_field)
        if lu.train:
            raise Refused(f"leader {lid} is under a Train marker", ["5.6.4"], field=purpose_field)
        if purpose == "crt" and lu.side != "axis":
            raise Refused("only the Axis leader (Manstein) re-rolls a CRT die", ["28.1.3",
                                                                                  "28.1.4"],
                          field=purpose_field)
        if purpose == "dd" and lu.side != self.def_side:
            raise Refused(f"leader {lid} re-rolls only his own side's Determined Defense",
                          ["28.1.3", "28.1.4"], field=purpose_field)
        hexes = {self.decl.defender_hex} | {self.unit(a).hex for a in self.decl.attackers}
        if lu.range is None:
            self.out.notes.append(f"leader {lid}'s range is not in the position: 28.1.2 not "
                                  "checked")
        elif trace_range(self.sc, lu, hexes & set(self.sc.map.hexes)) is None:
            raise Refused(f"leader {lid} is out of range of this combat", ["28.1.2", "18.4"],
                          field=purpose_field)

    # -- step losses (10.2) ------------------------------------------------------------
    def candidates(self, side: str, by_opponent: bool) -> tuple[list[str], list[str]]:
        """Units that may take the next step loss, and the rules that shaped the list."""
        rules = ["10.2.1"]
        if side == "attacker":
            ids = [a for a in self.decl.attackers if self.w.alive(a)]
        else:
            ids = [d for d in self.defenders_alive() if not self.unit(d).retreated]
            if any(self.unit(d).retreated for d in self.defenders_alive()):
                rules.append("12.4")
        contributed = [i for i in ids if self.odds.unit(i).contributes] if ids else []
        pool = contributed or ids
        paren = [i for i in pool if self.unit(i).parenthesized]
        if paren and len(paren) < len(pool):
            pool = [i for i in pool if i not in paren]
            rules.append("9.8")
            if by_opponent:
                rules.append("10.2.3")

        def german_full(i: str) -> bool:
            u = self.unit(i)
            return (u.side == "axis" and T.nationality(u) == "german" and not u.parenthesized
                    and self.w.steps_left(i) == u.max_steps)

        reduced_allies = [i for i in pool if T.is_axis_ally(self.unit(i))
                          and self.w.steps_left(i) == 1 and self.unit(i).max_steps > 1]
        if reduced_allies and any(german_full(i) for i in pool):
            pool = [i for i in pool if i not in reduced_allies]
            rules.append("20.5.2")
            if by_opponent:
                rules.append("10.2.3")
        return pool, sort_rules(rules)

    def take_loss(self, side: str, by_opponent: bool, why: str, fixed: str | None = None,
                  rules: list[str] | None = None) -> bool:
        """One step loss; False (with a Pending) if a needed choice is missing."""
        owner = self.att_side if side == "attacker" else self.def_side
        picker_side = (self.def_side if side == "attacker" else self.att_side) if by_opponent \
            else owner
        picker = "attacker" if picker_side == self.att_side else "defender"
        base_rules = list(rules or []) + ["10.2.2"] + (["10.2.3"] if by_opponent else [])
        if fixed is not None:
            uid, cand_rules = fixed, []
        else:
            pool, cand_rules = self.candidates(side, by_opponent)
            if not pool:
                return True
            queue = self.used_losses[side]
            if queue:
                uid = queue.pop(0)
                if uid not in pool:
                    raise Refused(f"{uid} may not take this {side} step loss now; it may be one "
                                  f"of: {', '.join(pool)}", sort_rules(cand_rules + base_rules),
                                  field=f"{side}_losses")
            elif len(pool) == 1:
                uid = pool[0]
            else:
                self.pend(picker, f"pick the {side}'s step loss ({why})", pool,
                          sort_rules(cand_rules + base_rules), f"{side}_losses")
                return False
        elim = self.w.lose_step(uid, why, sort_rules(cand_rules + base_rules), self.ch.reduced)
        self.out.losses.append(Loss(side, uid, picker, sort_rules(cand_rules + base_rules), elim))
        self.out.rules.update(cand_rules + base_rules)
        return True

    def _losses(self) -> None:
        r = self.out.result
        if r in ("A1", "A1/DR2", "A1/D1"):
            if not self.take_loss("attacker", False, f"{r} result", rules=["10.1"]):
                return
        if r in ("DRX", "EX"):
            if not self.take_loss("attacker", True, f"{r} result", rules=["10.1"]):
                return
        if r in ("D1", "A1/D1"):
            if not self.take_loss("defender", False, f"{r} result", rules=["10.1"]):
                return
        if r in ("DS", "DRX", "EX"):
            self.take_loss("defender", True, f"{r} result", rules=["10.1"])

    # -- Determined Defense (11) ---------------------------------------------------------
    def dd_column(self) -> str:
        sc, h = self.sc, self.decl.defender_hex
        spec = sc.map.hexes[h]
        if spec.city:
            return "city"
        fort = T.fort_shift_applies(sc, h, self.def_side)
        terrain = spec.terrain if not (spec.terrain == "seasonal-marsh"
                                       and not T.is_marsh(sc, h)) else "clear"
        if terrain in ("clear", "desert") and not spec.town and not fort:
            return "clear-desert"
        return "other"

    def lead_candidates(self) -> list[str]:
        out = []
        for uid in self.defenders_alive():
            u = self.unit(uid)
            cur = self.w.unit(uid)
            if cur.get("status", "good-order") != "good-order" or u.train or u.is_asu \
                    or u.retreated:
                continue
            out.append(uid)
        return out

    def _determined_defense(self) -> None:
        out, ch = self.out, self.ch
        r, cell = out.result, out.cell
        info: dict[str, Any] = {"possible": False}
        out.dd = info
        if r not in DD_RESULTS:
            if r in ("DS", "DR4"):
                info["why"] = f"{r}: no Determined Defense"
                info["rules"] = ["10.1", "11.1.1"]
            return
        if cell is not None and cell.dd == "no":
            info["why"] = "the CRT cell's colour forbids a Determined Defense"
            info["rules"] = ["11.2.2"]
            out.rules.add("11.2.2")
            return
        survivors = self.defenders_alive()
        if not survivors:
            info["why"] = "no defending step survived the combat"
            info["rules"] = ["11.1.1"]
            return
        leads = self.lead_candidates()
        if not leads:
            info["why"] = ("no surviving defender can lead: a Lead Unit is a Good Order combat "
                           "unit, not entrained, not an ASU, that did not retreat here earlier")
            info["rules"] = ["11.2.3", "12.4", "13.2.1"]
            return
        orange = cell is not None and cell.dd == "minus1"
        spec = self.sc.map.hexes[self.decl.defender_hex]
        rules = ["11.1.1", "11.2.1"]
        if orange and not spec.vp and not ch.desperate:
            info["why"] = ("the CRT cell's colour allows a Determined Defense only in a VP hex "
                           "or as a Desperate Defense")
            info["rules"] = ["11.2.2"]
            out.rules.add("11.2.2")
            return
        # 11.1.2 Not One Step Back!
        if self.def_side == "soviet" and self.sc.turn < 8:
            def qualifies(uid: str) -> bool:
                u = self.unit(uid)
                return (u.type == "nkvd" or uid in self.odds.doubled or self.odds.terrain_shift
                        or ch.desperate)
            reading = self.readings.get("11.1.2", "lead-unit")
            if reading == "any-unit":
                if not any(qualifies(x) for x in survivors):
                    info["why"] = ("before Turn 8 no unit here may use the Determined Defense "
                                   "Table (Not One Step Back!)")
                    info["rules"] = ["11.1.2", "20.3"]
                    out.rules.add("11.1.2")
                    return
            else:
                leads = [x for x in leads if qualifies(x)]
                if not leads:
                    info["why"] = ("before Turn 8 only NKVD units, units doubled or helped by a "
                                   "terrain or fortification shift in this combat, and Desperate "
                                   "Defenders may lead a Determined Defense")
                    info["rules"] = ["11.1.2", "20.3"]
                    out.rules.add("11.1.2")
                    return
            rules.append("11.1.2")
        info.update({"possible": True, "column": self.dd_column(), "leads": leads,
                     "orange": orange, "rules": sort_rules(rules + (["11.2.2"] if orange else []))})
        out.rules.update(rules)
        if ch.dd is None:
            self.pend("defender", "declare a Determined Defense (dd: true, with a lead) or "
                      "accept the retreat (dd: false)", leads, ["11.1.1"], "dd")
            info["declared"] = None
            return
        info["declared"] = bool(ch.dd)
        if not ch.dd:
            return
        if ch.desperate:
            out.rules.update({"11.5.1", "11.5.2"})
            out.notes.append("Desperate Defense declared: that every defender would be "
                             "eliminated by retreating (11.5.1) is not verified until the "
                             "retreats query is available")
        self._dd_loop(leads, orange)

    def _support_drm(self, lead: str) -> tuple[int, str, list[str]] | None:
        sid = self.ch.dd_support
        if not sid:
            return None
        lu = self.unit(lead)
        if sid == "air":
            if self.def_side != "axis":
                raise Refused("only the Axis player has Air Units", ["9.3.1"], field="dd_support")
            if self.decl.support.air:
                raise Refused("the Air Unit was already used for the defensive shift; it gives "
                              "the shift or the +1, not both", ["9.3.4"], field="dd_support")
            nation = "romanian" if T.nationality(lu) == "romanian" else "german"
            avail = air_available(self.sc, nation)
            if avail is not True:
                raise Refused(f"no Air Unit can fly: {avail[0]}", avail[1], field="dd_support")
            return 1, "Air Unit defensive support", ["11.3", "9.3.4"]
        a = self.sc.units_by_id.get(sid)
        if a is None:
            raise Refused(f"no unit '{sid}' for defensive support", ["11.3"], field="dd_support")
        if a.side != self.def_side:
            raise Refused(f"{sid} is not the defender's", ["11.3"], field="dd_support")
        if a.type == "supply-point":
            hosts = [v for v in self.sc.units_at(a.hex) if v.side == a.side and v.is_asu
                     and v.status == "good-order"]
            if not hosts or a.train:
                raise Refused(f"Supply Point {sid} supports only stacked with a Good Order ASU",
                              ["18.6.5", "18.3.2"], field="dd_support")
            return 1, f"defensive support by Supply Point {sid}", ["11.3", "18.3.2"]
        if not a.is_asu:
            raise Refused(f"{sid} is neither an ASU nor a Supply Point", ["11.3", "18.2.1"],
                          field="dd_support")
        if a.used or a.status != "good-order" or a.train or a.replacement:
            raise Refused(f"{sid} cannot support: it must be Ready and in Good Order, without "
                          "a Train or Replacement marker", ["11.3", "18.2.3"], field="dd_support")
        if T.nationality(a) in ("romanian", "hungarian", "italian") and \
                T.nationality(a) != T.nationality(lu):
            raise Refused(f"{sid} supports only a Lead Unit of its own nationality", ["18.3.3"],
                          field="dd_support")
        if a.hex != lu.hex:
            if a.range is None:
                self.out.notes.append(f"{sid}'s range is not in the position: 18.4 not checked")
            elif trace_range(self.sc, a, {lu.hex}) is None:
                raise Refused(f"{sid} is out of range of the Lead Unit", ["18.4", "18.3.2"],
                              field="dd_support")
        return 1, f"defensive support by {sid}", ["11.3", "18.3.2"]

    def _drms(self, lead: str, orange: bool) -> list[dict[str, Any]]:
        lu = self.unit(lead)
        spec = self.sc.map.hexes[self.decl.defender_hex]
        drms = []
        german_elite = (lu.side == "axis" and T.nationality(lu) == "german" and
                        (spec.city or spec.fortification == "built"))
        if lu.tq == "elite" or german_elite:
            why = "Lead Unit is elite" if lu.tq == "elite" else \
                "German Lead Unit in a city or fortification counts as elite"
            drms.append({"value": 1, "what": why, "rules": ["11.2.4", "2.3.2"]})
        elif lu.tq == "low":
            drms.append({"value": -1, "what": "Lead Unit is of low quality",
                         "rules": ["11.2.4", "2.3.2"]})
        sup = self._support_drm(lead)
        if sup:
            drms.append({"value": sup[0], "what": sup[1], "rules": sup[2]})
        if orange:
            drms.append({"value": -1, "what": "the CRT cell's colour costs -1",
                         "rules": ["11.2.2", "11.2.4"]})
        return drms

    def _dd_loop(self, leads: list[str], orange: bool) -> None:
        out, ch = self.out, self.ch
        column = self.dd_column()
        lead_queue = list(ch.lead)
        lead = None
        delays = 0
        first = True
        while True:
            alive = self.lead_candidates()
            if not alive:
                out.dd["outcome"] = "eliminated"
                return
            if lead_queue:
                lead = lead_queue.pop(0)
            elif lead is None or lead not in alive:
                lead = None
            if lead is None:
                if len([x for x in leads if x in alive]) == 1:
                    lead = [x for x in leads if x in alive][0]
                else:
                    self.pend("defender", "pick the Lead Unit of the Determined Defense",
                              [x for x in leads if x in alive], ["11.2.1", "11.2.3"], "lead")
                    return
            if lead not in leads or lead not in alive:
                raise Refused(f"{lead} cannot be the Lead Unit; choose one of "
                              f"{', '.join(x for x in leads if x in alive)}",
                              ["11.2.3", "11.1.2"], field="lead")
            drms = self._drms(lead, orange)
            try:
                roll = self.roll(f"Determined Defense, {column} column, lead {lead}")
                rerolled = None
                if first and ch.dd_reroll:
                    self._check_leader(ch.dd_reroll, purpose="dd")
                    rerolled = roll
                    roll = self.roll(f"Determined Defense re-roll by leader {ch.dd_reroll}")
                    self.w.set(ch.dd_reroll, "used", True, f"leader {ch.dd_reroll} flipped to "
                               "Used", ["28.1.1"])
                    out.rules.update({"28.1.1", "28.1.3" if self.def_side == "soviet"
                                      else "28.1.4"})
            except RollsExhausted:
                self.pend("defender", "a Determined Defense die roll is needed", [],
                          ["11.2.1"], "--roll")
                return
            first = False
            modified = roll + sum(d["value"] for d in drms)
            cell: DdCell = out.ddt.lookup(modified, column)
            entry = DdRoll(lead, roll, drms, modified, cell.text, "", sort_rules(
                ["11.2.1", "11.2.4"] + [r for d in drms for r in d["rules"]]), rerolled)
            out.dd_rolls.append(entry)
            out.rules.update(entry.rules)
            code, dloss = cell.code, cell.defender_loss
            if code == "P" and ch.desperate and column != "city" or (
                    code == "P" and ch.desperate and self._partial_is_delay()):
                delays += 1
                if delays == 1:
                    entry.effect = "Delay in a Desperate Defense counts as a Fail"
                    entry.rules = sort_rules(entry.rules + ["11.6.1"])
                    code = "F"
                else:
                    entry.effect = "second Delay in this Desperate Defense counts as S -/1"
                    entry.rules = sort_rules(entry.rules + ["11.6.1"])
                    code, dloss = "S", 1
                    cell = DdCell("S", 0, False, 1, "S -/1")
            ignore_cell = (code == "F" and ch.desperate and
                           self.readings.get("11.5.2", "one-step") == "one-step")
            if cell.attacker_loss and not ignore_cell:
                if not self.take_loss("attacker", cell.defender_picks_attacker_loss,
                                      "Determined Defense result", rules=["11.4.1"]):
                    return
            if dloss and not ignore_cell:
                self.take_loss("defender", False, "Determined Defense result", fixed=lead,
                               rules=["11.2.3", "11.4.1"])
            if code == "S":
                entry.effect = entry.effect or "Success: retreat, Disruption and advance cancelled"
                out.dd["outcome"] = "success"
                out.rules.add("11.4.1")
                return
            if code == "P":
                if not self._partial_is_delay():
                    self._city_battle(entry)
                    return
                entry.effect = "Partial Success: Delay"
                out.dd["outcome"] = "delay"
                out.rules.update({"11.6", "11.6.1"})
                return
            # Fail
            if not ch.desperate:
                entry.effect = entry.effect or "Fail: the defenders retreat"
                out.dd["outcome"] = "fail"
                out.rules.add("11.4.3")
                return
            entry.effect = entry.effect or "Fail in a Desperate Defense"
            entry.effect += ": the Lead Unit loses a step and the defender rolls again"
            self.take_loss("defender", False, "Desperate Defense fail", fixed=lead,
                           rules=["11.5.2"])
            out.rules.add("11.5.2")

    def _partial_is_delay(self) -> bool:
        spec = self.sc.map.hexes[self.decl.defender_hex]
        if not spec.city:
            return True
        level = self.w.hex_spec(self.decl.defender_hex).get("city_battle", 0)
        return level >= (2 if spec.city == "major" else 1)

    def _city_battle(self, entry: DdRoll) -> None:
        h = self.decl.defender_hex
        level = self.w.hex_spec(h).get("city_battle", 0) + 1
        self.w.hex_spec(h)["city_battle"] = level
        self.w.changes.append(Change(f"City Battle marker in {h} now on its {level} side; the "
                                     "retreat is cancelled", ["11.6.2"]))
        entry.effect = f"Partial Success in a city: City Battle {level}, retreat cancelled"
        self.out.dd["outcome"] = "city-battle"
        self.out.rules.update({"11.6", "11.6.2"})

    # -- what follows ---------------------------------------------------------------------
    def _retreat_and_advance(self) -> None:
        out = self.out
        r = out.result
        dd = out.dd.get("outcome")
        length: int | list[int] | None = RETREATING_RESULTS.get(r)
        if dd in ("success", "city-battle"):
            length = None
        if dd == "delay":
            length = [1, 2]
        survivors = self.defenders_alive()
        all_here = [u["id"] for u in self.w.units_at(self.decl.defender_hex)
                    if u["side"] == self.def_side]
        if length is not None and all_here:
            status = "full-retreat" if length == 4 else "disrupted"
            rules = ["12.1.1", "13.1.3" if length == 4 else "13.1.2"]
            if dd == "delay":
                rules = ["11.6.1", "13.1.2"]
            out.retreat = {"required": True, "hexes": length, "units": [],
                           "status_after": status, "rules": sort_rules(rules)}
            for uid in all_here:
                u = self.unit(uid)
                row: dict[str, Any] = {"id": uid}
                if u.type == "supply-point":
                    row.update(stays=True, rules=["18.6.6", "19.3"],
                               what="Supply Points never retreat; removed if an enemy combat "
                                    "unit enters the hex")
                elif not u.is_combat and not survivors:
                    row.update(removed=True, rules=["19.3"],
                               what="non-combat unit with no surviving combat unit: removed")
                elif u.retreated:
                    row.update(eliminated=True, rules=["12.4"],
                               what="already retreated this phase: eliminated if forced to "
                                    "retreat again")
                else:
                    cur = self.w.unit(uid).get("status", "good-order")
                    after = status
                    if u.is_combat and cur == "disrupted" and status == "disrupted":
                        after = "full-retreat"
                    row.update(status_after=after if u.is_combat else cur,
                               rules=sort_rules(rules + (["13.1.3"] if after != status else [])))
                out.retreat["units"].append(row)
            out.rules.update(rules)
            out.notes.append("retreat paths are checked only for adjacency and the map edge "
                             "until the retreats query is available")
        else:
            out.retreat = {"required": False, "rules": ["10.1"] if r in ("EX", "A1", "-")
                           else ["11.4.1"] if dd == "success" else ["11.6.2"]
                           if dd == "city-battle" else ["10.1"]}
        self._advance(length, survivors)

    def _advance(self, length: Any, survivors: list[str]) -> None:
        out, sc = self.out, self.sc
        r, dd = out.result, out.dd.get("outcome")
        kind, base, rules = "none", 0, ["14.1"]
        defender_steps_before = sum(self.sc.units_by_id[d].steps_left
                                    for d in self.odds.defenders
                                    if self.unit(d).is_combat and not self.unit(d).retreated)
        vacated = not survivors and not any(
            u["side"] == self.def_side and self.unit(u["id"]).is_combat
            for u in self.w.units_at(self.decl.defender_hex))
        if r == "EX":
            if vacated and defender_steps_before == 1:
                kind, rules = "limited", ["10.1", "14.2.3"]
        elif r == "A1" or r == "-":
            kind, rules = "none", ["10.1"]
        elif dd == "success":
            if vacated and not [u for u in self.w.units_at(self.decl.defender_hex)
                                if u["side"] == self.def_side]:
                kind, rules = "limited", ["11.4.2", "14.2.3"]
            else:
                kind, rules = "none", ["11.1.1", "11.4.2"]
        elif dd == "city-battle":
            kind, rules = "none", ["11.6.2"]
        elif dd == "delay":
            kind, base, rules = "one-hex", 1, ["11.6.1", "14.2.4"]
        elif length is not None or vacated:
            kind = "full"
            if out.cell is None:
                best = max((c.advance or 0 for row in out.crt.rows.values() for c in row
                            if c.result == "DS"), default=4)
                base = 4 if self.readings.get("8.4.1", "full-rate") == "full-rate" else best
                rules = ["8.4.1", "8.6.2", "14.2.1"]
            else:
                base = out.cell.advance or 0
                rules = ["14.2.1"]
                if not base:
                    kind = "none"
                    rules = ["10.1"]
            if vacated and length is not None:
                rules.append("12.3")
        weather_note = None
        if kind == "full" and base:
            if sc.weather in ("rain", "mud"):
                base = math.ceil(base / 2)
                weather_note = (f"{sc.weather}: advance halved, rounded up",
                                ["23.2.3"] + (["23.3.3"] if sc.weather == "mud" else []))
            elif sc.weather == "snow":
                base = max(1, base - 1)
                weather_note = ("snow: advance one hex shorter, never below 1", ["23.2.4"])
        units = []
        if kind != "none":
            movers = [a for a in self.decl.attackers if self.w.alive(a)]
            for a in movers:
                units.append(self._allowance(a, kind, base, participant=True))
            stacked = {self.unit(a).hex for a in self.decl.attackers}
            for u in sc.units:
                if u.hex in stacked and u.side == self.att_side and u.id not in movers \
                        and self.w.alive(u.id) and u.status == "good-order" and not u.attacked \
                        and u.id not in self.decl.support.artillery and not u.retreated:
                    units.append(self._allowance(u.id, kind, base, participant=False))
        out.advance = {"kind": kind, "allowance": base if kind != "limited" else 1,
                       "vacated_hex": self.decl.defender_hex, "units": units,
                       "rules": sort_rules(rules + (weather_note[1] if weather_note else []))}
        if weather_note:
            out.advance["weather"] = weather_note[0]
        if kind == "full" and base >= 2:
            out.notes.append("the advance allows Breakthrough Combat by one stack (15.1); "
                             "not handled here yet")
        if kind != "none":
            out.notes.append("advance paths are checked only for adjacency and the map edge "
                             "until the advances query is available")
        out.rules.update(out.advance["rules"])

    def _allowance(self, uid: str, kind: str, base: int, participant: bool) -> dict[str, Any]:
        u = self.unit(uid)
        rules = ["14.1"] if participant else ["14.1"]
        if kind == "limited":
            return {"id": uid, "hexes": 1, "only": self.decl.defender_hex,
                    "rules": ["14.2.3"], "participant": participant}
        if kind == "one-hex":
            return {"id": uid, "hexes": 1, "rules": ["14.2.4"], "participant": participant}
        rate = advance_rate(u)
        n = min(base, rate)
        rules = rules + ["14.2.2"]
        why = [f"rate {rate}"]
        if u.supply in ("out-of-supply", "isolated") and n > 2:
            n = 2
            rules.append("16.4")
            why.append("out of supply: at most 2")
        row = {"id": uid, "hexes": n, "why": ", ".join(why), "rules": sort_rules(rules),
               "participant": participant}
        if u.is_asu:
            row["note"] = "an ASU that advances becomes Disrupted (18.2.2)"
        return row


def resolve_combat(sc: Scenario, decl: Declaration, choices: Choices | None = None,
                   dice: Dice | None = None, crt: Table | None = None, ddt: Table | None = None,
                   readings: dict[str, str] | None = None) -> Outcome:
    """Roll and resolve one combat as far as the choices allow (see module doc)."""
    eng = _Engine(sc, decl, choices or Choices(), dice or Dice(sides=6, count=1),
                  crt or crt_table(), ddt or dd_table(), readings)
    return eng.run()


# ---------------------------------------------------------------------------------
# Retreats and advances: the hooks and the next position
# ---------------------------------------------------------------------------------


def check_retreat_path(sc: Scenario, uid: str, start: str, path: list[str],
                       length: int | list[int], pay: int = 0) -> list[str]:
    """Problems with a retreat path; hook for the ``retreats`` query (12.1-12.2).

    Checked now: each hex adjacent to the one before (the first to the battle hex),
    every hex on the map except that the last may be a friendly entry area (22.5),
    and the number of hexes (less ``pay`` steps paid, 12.1.3 #4).
    """
    problems = []
    u = sc.units_by_id[uid]
    prev = start
    for i, h in enumerate(path):
        last = i == len(path) - 1
        if h in sc.map.entry_areas:
            area = sc.map.entry_areas[h]
            if not last:
                problems.append(f"{h} is an entry area: a retreat ends there (22.5)")
            elif area.side != u.side:
                problems.append(f"{h} is not a friendly entry area (12.2)")
            elif prev not in area.hexes:
                problems.append(f"{prev} does not border entry area {h}")
            prev = h
            continue
        if h not in sc.map.hexes:
            problems.append(f"{h} is not on the map")
            break
        if not sc.grid.are_adjacent(prev, h):
            problems.append(f"{h} is not adjacent to {prev}")
        prev = h
    options = length if isinstance(length, list) else [length]
    ends_in_area = bool(path) and path[-1] in sc.map.entry_areas
    if not ends_in_area and len(path) + pay not in options:
        want = " or ".join(map(str, options))
        problems.append(f"the retreat is {want} hexes, this path has {len(path)}"
                        + (f" (+{pay} paid)" if pay else ""))
    if not problems and path:
        problems.extend(_retreat_rules(sc, uid, path, len(path) + pay))
    return problems


def _retreat_rules(sc: Scenario, uid: str, path: list[str], length: int) -> list[str]:
    """What the retreat rules (12.1-12.4) say against this path, with their ids."""
    from adjudicator.games.s42.queries.retreat import check_retreat

    verdict = check_retreat(sc, f"{uid}:{','.join(path)}:{length}")
    if verdict.allowed:
        return []
    why = "; ".join(f.text for f in verdict.findings if f.refuses) or verdict.summary()
    return [f"{why} [{', '.join(verdict.rules)}] (choose 'eliminated' if no path is legal)"]


def check_advance_path(sc: Scenario, uid: str, path: list[str], allowance: dict[str, Any],
                       vacated: str) -> list[str]:
    """Problems with an advance path; hook for the ``advances`` query (14.3-14.5)."""
    problems = []
    u = sc.units_by_id[uid]
    if len(path) > allowance["hexes"]:
        problems.append(f"{uid} may advance {allowance['hexes']} hex(es), path has {len(path)}")
    if allowance.get("only") and path and path != [allowance["only"]]:
        problems.append(f"a Limited Advance may only enter {allowance['only']} (14.2.3)")
    prev = u.hex
    for h in path:
        if h not in sc.map.hexes:
            problems.append(f"{h} is not on the map")
            break
        if prev in sc.map.entry_areas:
            if h not in sc.map.entry_areas[prev].hexes:
                problems.append(f"{h} does not border entry area {prev}")
        elif not sc.grid.are_adjacent(prev, h):
            problems.append(f"{h} is not adjacent to {prev}")
        prev = h
    if not problems and path:
        problems.extend(_advance_rules(sc, uid, path, allowance, vacated))
    return problems


def _advance_rules(sc: Scenario, uid: str, path: list[str], allowance: dict[str, Any],
                   vacated: str) -> list[str]:
    """What the advance rules (14.1-14.5) say against this path, with their ids."""
    from adjudicator.games.s42.queries.advance import check_advance

    verdict = check_advance(sc, uid, path, vacated, allowance["hexes"])
    if verdict.ok:
        return []
    return [f"{verdict.why} [{', '.join(verdict.rules)}]"]


def apply_moves(sc: Scenario, out: Outcome) -> Scenario:
    """Carry out the retreats, advances and markers of a resolved combat and return the
    next position (validated by the loader). Raises Refused if a choice is missing."""
    if out.pending:
        p = out.pending[0]
        raise Refused(f"cannot apply yet: the {p.who} must {p.what}"
                      + (f" ({', '.join(p.options)})" if p.options else "")
                      + f" [choice: {p.choice}]", p.rules, field=p.choice)
    w, ch, decl = out.work, out.choices, out.declaration
    assert w is not None
    dhex = decl.defender_hex
    att_side = out.odds.attacker_side
    # markers on the units that fought (8.1)
    for a in decl.attackers:
        if w.alive(a):
            w.set(a, "attacked", True)
    for d in out.odds.defenders:
        if w.alive(d) and sc.units_by_id[d].is_combat:
            w.set(d, "defended", True)
    # artillery shifts: flip, remove (18.2.1, 18.5, 18.6.5)
    for aid in decl.support.artillery:
        a = sc.units_by_id[aid]
        if a.type == "supply-point":
            w.remove(aid, f"Supply Point {aid} spent on an artillery shift", ["18.6.5"])
        elif a.type == "artillery" and a.side == "soviet":
            w.remove(aid, f"Soviet artillery division {aid} leaves the game after its shift",
                     ["18.5"])
        else:
            w.set(aid, "used", True, f"{aid} flipped to its Used side", ["18.2.1"])
    sup = ch.dd_support
    if sup and sup != "air" and out.dd_rolls:
        s = sc.units_by_id[sup]
        if s.type == "supply-point":
            w.remove(sup, f"Supply Point {sup} spent on defensive support", ["18.3.2"])
        else:
            w.set(sup, "used", True, f"{sup} flipped to its Used side", ["18.3.2"])
    # retreats
    ret = out.retreat
    if ret.get("required"):
        length = ret["hexes"]
        for row in ret["units"]:
            uid = row["id"]
            if not w.alive(uid):
                continue
            if row.get("stays"):
                continue
            if row.get("removed"):
                w.remove(uid, f"{uid} removed: no friendly combat unit survived", ["19.3"])
                continue
            if row.get("eliminated"):
                w.remove(uid, f"{uid} had already retreated this phase and is eliminated",
                         ["12.4"])
                continue
            path = ch.retreat.get(uid, ch.retreat.get("*"))
            if path is None:
                raise Refused(f"a retreat path is needed for {uid}: {length} hex(es) from {dhex} "
                              f"(choice retreat: {{{uid}: [hexes]}} or 'eliminated')", ret["rules"],
                              field="retreat")
            if path == "eliminated":
                w.remove(uid, f"{uid} cannot retreat and is eliminated", ["12.2"])
                continue
            pay = int(ch.retreat_pay.get(uid, 0))
            probs = check_retreat_path(sc, uid, dhex, list(path), length, pay)
            if probs:
                raise Refused(f"retreat of {uid}: " + "; ".join(probs), ["12.1", "12.2"],
                              field="retreat")
            for _ in range(pay):
                if w.lose_step(uid, "paid to shorten its retreat", ["12.1.3"], ch.reduced):
                    break
            if not w.alive(uid):
                continue
            w.set(uid, "hex", path[-1], f"{uid} retreats {len(path)} hex(es) to {path[-1]}",
                  ret["rules"])
            w.set(uid, "retreated", True)
            if w.unit(uid).get("train"):
                w.set(uid, "train", False, f"{uid} detrains to retreat", ["5.6.5"])
            if "status_after" in row and sc.units_by_id[uid].is_combat:
                w.set(uid, "status", row["status_after"], f"{uid} is now {row['status_after']}",
                      row["rules"])
    # advances
    adv = out.advance
    allow = {r["id"]: r for r in adv.get("units", [])}
    after_retreats = w.to_scenario() if ch.advance else sc
    for uid, path in ch.advance.items():
        if uid not in allow:
            raise Refused(f"{uid} may not advance after this combat", adv.get("rules", ["14.1"]),
                          field="advance")
        if not path:
            continue
        occupied = [u for u in w.units_at(dhex) if u["side"] != att_side
                    and sc.units_by_id[u["id"]].is_combat]
        if dhex in path and occupied:
            raise Refused(f"{dhex} is still held by {', '.join(u['id'] for u in occupied)}",
                          ["14.1"], field="advance")
        probs = check_advance_path(after_retreats, uid, list(path), allow[uid], dhex)
        if probs:
            raise Refused(f"advance of {uid}: " + "; ".join(probs), allow[uid]["rules"],
                          field="advance")
        w.set(uid, "hex", path[-1], f"{uid} advances {len(path)} hex(es) to {path[-1]}",
              allow[uid]["rules"])
        if sc.units_by_id[uid].is_asu:
            w.set(uid, "status", "disrupted", f"{uid} (an ASU) is Disrupted by its advance",
                  ["18.2.2"])
        for v in list(w.units):
            if v["side"] != att_side and v["hex"] in path and not sc.units_by_id[v["id"]].is_combat:
                w.remove(v["id"], f"{v['id']} removed: an enemy combat unit entered its hex",
                         ["19.3", "18.6.6"])
    nxt = w.to_scenario()
    out.applied = True
    return nxt
