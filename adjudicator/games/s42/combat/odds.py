"""Combat odds for Stalingrad '42 (chapters 8 and 9, with 5.6.4, 12.4, 13.2-13.3,
16.4, 18.2-18.6, 20.2, 20.5, 21.4, 23.2 and 23.4).

Plain arithmetic: every unit's strength is built step by step, each step named
with the rules that call for it, so an answer can show why a unit counts what
it counts. Order per unit: Winter -1 first (23.4), then every halving (each
rounded up, by unit, 9.1), then at most one doubling (9.1). The side totals are
capped at 40 and 20 (8.5), the ratio is rounded down to a CRT column (8.3),
the column shifts are netted, and the 1-3 / 7-1 / 10-1 limits are applied
after the shifts (8.4.2).
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import asdict, dataclass, field
from typing import Any

from adjudicator.games.s42.combat import terrain as T
from adjudicator.scenario import Scenario, Unit

ATTACK_CAP, DEFENSE_CAP = 40, 20  # 8.5.1, 8.5.2
LOWEST_LEVEL, HIGHEST_COLUMN_LEVEL, AUTO_DS_LEVEL = -2, 6, 9  # 1-3, 7-1, 10-1 (8.4.1)


def rule_key(rule: str) -> tuple:
    return tuple(int(p) if p.isdigit() else 10_000 for p in rule.split("."))


def sort_rules(rules: Any) -> list[str]:
    return sorted(set(rules), key=rule_key)


def ratio_level(attack: int, defense: int) -> int:
    """Odds rounded down to a column (8.3): 1-1 is 0, n-1 is n-1, 1-n is 1-n."""
    if defense <= 0:
        return AUTO_DS_LEVEL
    if attack <= 0:
        return -99
    if attack >= defense:
        return attack // defense - 1
    return 1 - math.ceil(defense / attack)


def level_label(level: int) -> str:
    return f"{level + 1}-1" if level >= 0 else f"1-{1 - level}"


@dataclass
class Step:
    """One thing that changed a unit's strength (or explains why it did not)."""

    what: str
    value: int
    rules: list[str]


@dataclass
class UnitStrength:
    id: str
    role: str  # attacker | defender
    hex: str
    printed: int
    strength: int
    contributes: bool
    steps: list[Step] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "role": self.role, "hex": self.hex, "printed": self.printed,
                "strength": self.strength, "contributes": self.contributes,
                "modifiers": [asdict(s) for s in self.steps],
                "rules": sort_rules(r for s in self.steps for r in s.rules)}


@dataclass
class Shift:
    columns: int  # + right (for the attacker), - left (for the defender)
    what: str
    side: str  # attacker | defender
    rules: list[str]

    def to_json(self) -> dict[str, Any]:
        return {"columns": self.columns, "rules": self.rules, "side": self.side,
                "what": self.what}


@dataclass
class Finding:
    """A note with its rules: a shift or modifier that does not apply, a reason an
    attack is refused, or (as ``state.Change``) a change made to the position."""

    what: str
    rules: list[str]
    unit: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"what": self.what, "rules": self.rules}
        if self.unit:
            out["unit"] = self.unit
        return out


@dataclass
class Support:
    """Per-attack choices the position does not hold (8.3 step 2)."""

    #: commit an Axis Air Unit for a column shift (9.3.3 attacking, 9.3.4 defending)
    air: bool = False
    air_nation: str = "german"  # german | romanian (9.3.8)
    #: ASUs and Supply Points giving Artillery Shifts (9.4, 18.3, 18.5, 18.6.5)
    artillery: tuple[str, ...] = ()


@dataclass
class Odds:
    defender_hex: str
    attacker_side: str
    attackers: list[str]
    defenders: list[str]
    units: list[UnitStrength]
    attack_total: int
    defense_total: int
    attack: int
    defense: int
    ratio: str
    ratio_level: int
    shifts: list[Shift]
    net_shift: int
    column: str
    column_level: int
    automatic_ds: bool
    allowed: bool
    refused: list[Finding]
    not_applied: list[Finding]
    notes: list[str]
    rules: list[str]
    support: Support
    readings: dict[str, str]
    #: units whose defense is doubled or who benefit from a terrain/fort shift (11.1.2)
    doubled: list[str] = field(default_factory=list)
    terrain_shift: bool = False

    def unit(self, uid: str) -> UnitStrength:
        return next(u for u in self.units if u.id == uid)

    def to_json(self) -> dict[str, Any]:
        return {
            "defender_hex": self.defender_hex,
            "attackers": self.attackers,
            "defenders": self.defenders,
            "attack": self.attack,
            "defense": self.defense,
            "attack_before_cap": self.attack_total,
            "defense_before_cap": self.defense_total,
            "ratio": self.ratio,
            "column": self.column,
            "automatic_ds": self.automatic_ds,
            "allowed": self.allowed,
            "shifts": [s.to_json() for s in self.shifts],
            "net_shift": self.net_shift,
            "not_applied": [f.to_json() for f in self.not_applied],
            "refused": [f.to_json() for f in self.refused],
            "units": [u.to_json() for u in self.units],
            "notes": self.notes,
            "rules": self.rules,
        }


# ---------------------------------------------------------------------------


def _halve(v: int) -> int:
    return (v + 1) // 2  # 9.1: by unit, fractions rounded up


class _Calc:
    def __init__(self, sc: Scenario, dhex: str, attackers: list[str], support: Support,
                 readings: dict[str, str]):
        self.sc, self.dhex, self.support, self.readings = sc, dhex, support, readings
        self.attacker_ids = attackers
        self.refused: list[Finding] = []
        self.not_applied: list[Finding] = []
        self.notes: list[str] = []
        self.rules: set[str] = {"8.3"}

    # -- helpers -----------------------------------------------------------
    def refuse(self, what: str, rules: list[str], unit: str | None = None) -> None:
        self.refused.append(Finding(what, rules, unit))

    def skip(self, what: str, rules: list[str], unit: str | None = None) -> None:
        self.not_applied.append(Finding(what, rules, unit))

    # -- the attack ------------------------------------------------------------
    def run(self) -> Odds:
        sc, dhex = self.sc, self.dhex
        att_side = sc.phasing
        def_side = "soviet" if att_side == "axis" else "axis"
        if dhex not in sc.map.hexes:
            self.refuse(f"{dhex} is not a hex on the map", ["8.1"])
        attackers: list[Unit] = []
        for uid in self.attacker_ids:
            u = sc.units_by_id.get(uid)
            if u is None:
                self.refuse(f"no unit '{uid}' in the position", ["8.1"], uid)
            else:
                attackers.append(u)
        defenders = [u for u in sc.units if u.hex == dhex and u.side == def_side] \
            if dhex in sc.map.hexes else []
        if dhex in sc.map.hexes and not any(u.is_combat for u in defenders):
            self.refuse(f"{dhex} holds no {def_side} combat unit to attack", ["8.1", "9.7.4",
                                                                            "19.3"])
        self._check_attackers(attackers, att_side)
        self._check_defenders(defenders)
        across = {u.id: self._hexside_effects(u) for u in attackers}
        river_or_marsh_all = bool(attackers) and all(
            across[u.id]["river"] or across[u.id]["from_marsh"] for u in attackers)
        units: list[UnitStrength] = [self._attack_strength(u, across[u.id]) for u in attackers]
        dunits, doubled = self._defense_strengths(defenders, river_or_marsh_all, attackers)
        units += dunits
        attack_total = sum(u.strength for u in units if u.role == "attacker")
        defense_total = sum(u.strength for u in units if u.role == "defender")
        attack, defense = min(attack_total, ATTACK_CAP), min(defense_total, DEFENSE_CAP)
        if attack < attack_total:
            self.rules.add("8.5.1")
            self.notes.append(f"attack capped at {ATTACK_CAP} of {attack_total} (8.5.1)")
        if defense < defense_total:
            self.rules.add("8.5.2")
            self.notes.append(f"defense capped at {DEFENSE_CAP} of {defense_total} (8.5.2)")
        if defense == 0:
            self.notes.append("the defenders add no strength: the odds count as 10-1 or more "
                              "(8.4.1)")
        level = ratio_level(attack, defense)
        shifts = self._shifts(attackers, defenders, across, att_side, def_side)
        net = sum(s.columns for s in shifts)
        final = level + net
        automatic = final >= AUTO_DS_LEVEL
        if final < LOWEST_LEVEL:
            self.refuse(f"the odds after shifts ({level_label(final)}) are below 1-3",
                        ["8.4.1", "8.4.2"])
        column_level = min(final, HIGHEST_COLUMN_LEVEL)
        if automatic:
            column = "10-1"
            self.rules.update({"8.4.1", "8.4.2"})
            self.notes.append("10-1 or more after shifts: an automatic DS, no die roll (8.4.1)")
        elif final > HIGHEST_COLUMN_LEVEL:
            column = "7-1"
            self.rules.update({"8.4.1", "8.4.2"})
            self.notes.append(f"{level_label(final)} after shifts is resolved on the 7-1 column "
                              "(8.4.1, 8.4.2)")
        else:
            column = level_label(max(final, LOWEST_LEVEL))
        for s in shifts:
            self.rules.update(s.rules)
        for u in units:
            for st in u.steps:
                self.rules.update(st.rules)
        for f in self.refused:
            self.rules.update(f.rules)
        terrain_shift = any(s.side == "defender" and s.what.startswith(("fortification", "rough"))
                            for s in shifts)
        return Odds(
            defender_hex=dhex, attacker_side=att_side, attackers=[u.id for u in attackers],
            defenders=[u.id for u in defenders], units=units,
            attack_total=attack_total, defense_total=defense_total, attack=attack,
            defense=defense, ratio=self._ratio_label(attack, defense), ratio_level=level,
            shifts=shifts, net_shift=net, column=column, column_level=column_level,
            automatic_ds=automatic and not self.refused, allowed=not self.refused,
            refused=self.refused, not_applied=self.not_applied, notes=self.notes,
            rules=sort_rules(self.rules), support=self.support, readings=self.readings,
            doubled=doubled, terrain_shift=terrain_shift,
        )

    @staticmethod
    def _ratio_label(attack: int, defense: int) -> str:
        if defense <= 0:
            return "10-1"
        if attack <= 0:
            return f"0-{defense}"
        return level_label(ratio_level(attack, defense))

    # -- legality -------------------------------------------------------------
    def _check_attackers(self, attackers: list[Unit], att_side: str) -> None:
        sc = self.sc
        if not attackers and not self.refused:
            self.refuse("no attacking unit given", ["8.1"])
        allies = set()
        for u in attackers:
            if u.side != att_side:
                self.refuse(f"{u.id} is not a {att_side} unit; only the phasing player attacks",
                            ["8.1"], u.id)
                continue
            if not u.is_combat:
                self.refuse(f"{u.id} is a non-combat unit and may not attack", ["19.3"], u.id)
            if u.status == "disrupted":
                self.refuse(f"{u.id} is Disrupted and may not attack", ["13.2.1"], u.id)
            if u.status == "full-retreat":
                self.refuse(f"{u.id} is in Full Retreat and may not attack", ["13.3.2"], u.id)
            if u.train:
                self.refuse(f"{u.id} is under a Train marker and may not attack", ["5.6.4"], u.id)
            if u.attacked:
                self.refuse(f"{u.id} has already attacked this Combat Phase", ["8.1"], u.id)
            if u.retreated:
                self.notes.append(f"{u.id} retreated earlier this phase")
            stack = [v for v in sc.units if v.hex == u.hex and v.side == u.side]
            marked = [v.id for v in stack if v.replacement]
            if marked:
                self.refuse(f"{u.id}'s hex {u.hex} holds a unit with a Replacement marker "
                            f"({', '.join(marked)}): no attack out of that hex", ["21.4"], u.id)
            if u.hex in sc.map.hexes and sc.map.hexes[u.hex].fortification == "under-construction":
                self.refuse(f"a fortification is being built in {u.hex}: no attack out of it",
                            ["9.7.2"], u.id)
            if T.is_axis_ally(u):
                allies.add(T.nationality(u))
            self._check_reach(u)
        if len(allies) > 1:
            self.refuse("Axis allies of different nationalities may not attack together: "
                        + ", ".join(sorted(allies)), ["20.5.1"])

    def _check_reach(self, u: Unit) -> None:
        """8.1: adjacent, across a hexside the unit could cross when moving."""
        sc, dhex = self.sc, self.dhex
        if dhex not in sc.map.hexes:
            return
        if u.hex in sc.map.entry_areas:
            area = sc.map.entry_areas[u.hex]
            if dhex not in area.hexes:
                self.refuse(f"{u.id} in entry area {u.hex} is not next to {dhex}", ["8.1", "22.7"],
                            u.id)
            return
        if u.hex == dhex:
            if sc.map.hexes[dhex].city and any(v.side != u.side for v in sc.units_at(dhex)):
                self.notes.append(f"{u.id} attacks from inside the Contested City (29.1.3)")
                return
            self.refuse(f"{u.id} is in the defender's hex", ["8.1"], u.id)
            return
        if not sc.grid.are_adjacent(u.hex, dhex):
            self.refuse(f"{u.id} in {u.hex} is not adjacent to {dhex}", ["8.1"], u.id)
            return
        if sc.map.hexes[u.hex].city and any(
                v.side != u.side and v.is_combat for v in sc.units_at(u.hex)):
            self.refuse(f"{u.id} is in a Contested City hex and may not attack out of it",
                        ["29.1.3"], u.id)
        s = T.side_of(sc, u.hex, dhex)
        if s.impassable:
            self.refuse(f"{u.id} would attack across an impassable hexside", ["8.1", "2.2.3"], u.id)
        if s.lake and not T.frozen(sc, u.hex, dhex):
            self.refuse(f"{u.id} would attack across an unfrozen lake hexside", ["8.1", "9.5.6"],
                        u.id)
        if s.river == "volga" and s.bridge not in ("ferry", "rail"):
            self.refuse(f"{u.id} would attack across the Volga away from a ferry or rail bridge",
                        ["9.5.3"], u.id)
        if s.alpine and sc.winter:
            self.refuse(f"{u.id} would attack across an alpine hexside in Winter",
                        ["9.6.2", "23.4"], u.id)
        elif s.alpine and not s.road and u.type != "mountain":
            self.refuse(f"only mountain units attack across a non-road alpine hexside; {u.id} "
                        f"is {u.type}", ["9.6.2"], u.id)

    def _check_defenders(self, defenders: list[Unit]) -> None:
        stood = [u.id for u in defenders if u.is_combat and u.defended and not u.retreated]
        if stood:
            self.refuse(f"already attacked this Combat Phase: {', '.join(stood)}", ["8.1"])
        combat = [u for u in defenders if u.is_combat]
        if combat and all(u.defended for u in combat):
            if not stood:
                self.refuse("every defending unit was attacked earlier this Combat Phase",
                            ["8.1"])

    def _hexside_effects(self, u: Unit) -> dict[str, Any]:
        sc, dhex = self.sc, self.dhex
        out = {"river": None, "from_marsh": False, "alpine": False}
        if u.hex not in sc.map.hexes or dhex not in sc.map.hexes or u.hex == dhex:
            return out
        if not sc.grid.are_adjacent(u.hex, dhex):
            return out
        out["river"] = T.river_kind(sc, u.hex, dhex)
        out["from_marsh"] = T.is_marsh(sc, u.hex)
        s = T.side_of(sc, u.hex, dhex)
        out["alpine"] = s.alpine and not s.road
        return out

    # -- strengths ----------------------------------------------------------------
    def _attack_strength(self, u: Unit, across: dict[str, Any]) -> UnitStrength:
        sc = self.sc
        v = u.attack
        us = UnitStrength(u.id, "attacker", u.hex, u.attack, v, True,
                          [Step("printed attack strength", v, ["2.3.2"])])
        winter = T.winter_zone(sc, u) and v > 1
        oos = u.supply in ("out-of-supply", "isolated")
        v = _winter_or_halving(
            us, v, winter, oos, floor=1, penalty="Out of Supply", penalty_rules=["16.4"],
            winter_text="Axis unit on a Winter turn on or north of row xx43: -1, never below 1",
            halving_text=f"marked {u.supply}: halved, rounded up", halving_rules=["16.4", "9.1"])
        river = across["river"]
        if river in ("major", "volga"):
            v = _halve(v)
            why = ("attacking across a major river: halved, rounded up" if river == "major"
                   else "attacking across the Volga at a crossing, as a major river: halved")
            rules = ["9.5.2", "9.1"] if river == "major" else ["9.5.3", "9.5.2", "9.1"]
            s = T.side_of(sc, u.hex, self.dhex)
            if s.lake:
                why = "attacking across a frozen lake, as a frozen major river: halved"
                rules = ["23.4", "9.5.2", "9.1"]
            us.steps.append(Step(why, v, rules))
        if u.side == "axis" and u.type == "mountain" and self.dhex in sc.map.hexes \
                and T.is_mountain(sc, self.dhex):
            if across["alpine"]:
                us.steps.append(Step("Axis mountain unit across an alpine hexside: not doubled",
                                     v, ["9.6.2"]))
            else:
                v *= 2
                us.steps.append(Step("Axis mountain unit attacking into a mountain hex: doubled",
                                     v, ["9.6.1", "20.2"]))
        elif u.side == "soviet" and u.type == "mountain" and self.dhex in sc.map.hexes \
                and T.is_mountain(sc, self.dhex):
            us.steps.append(Step("Soviet mountain units are not doubled attacking into "
                                 "mountains", v, ["20.2"]))
        us.strength = v
        us.contributes = v > 0
        return us

    def _defense_strengths(self, defenders: list[Unit], river_or_marsh_all: bool,
                           attackers: list[Unit]) -> tuple[list[UnitStrength], list[str]]:
        sc, dhex = self.sc, self.dhex
        out: list[UnitStrength] = []
        doubled: list[str] = []
        if dhex not in sc.map.hexes:
            return out, doubled
        spec = sc.map.hexes[dhex]
        counting = [u for u in defenders if u.is_combat and not u.retreated
                    and u.status != "full-retreat"]
        normal = [u for u in counting if not u.parenthesized]
        paren = [u for u in counting if u.parenthesized]
        any_other = [u for u in defenders if u.parenthesized is False] if \
            self.readings.get("9.8") == "any-unit" else normal
        chosen_paren = None
        if paren and not any_other:
            chosen_paren = max(paren, key=lambda u: (u.defense, u.id)).id
        for u in defenders:
            us = UnitStrength(u.id, "defender", u.hex, u.defense, u.defense, True,
                              [Step("printed defense strength", u.defense, ["2.3.2"])])
            out.append(us)
            if not u.is_combat:
                us.strength, us.contributes = 0, False
                us.steps.append(Step("non-combat unit: does not defend", 0, ["19.3"]))
                continue
            if u.retreated:
                us.strength, us.contributes = 0, False
                us.steps.append(Step("retreated into this hex earlier this phase: adds nothing",
                                     0, ["12.4"]))
                continue
            if u.status == "full-retreat":
                us.strength, us.contributes = 0, False
                us.steps.append(Step("in Full Retreat: defense 0", 0, ["13.3.2", "9.9"]))
                continue
            if u.train:
                us.strength = 1
                us.steps.append(Step("under a Train marker: defense 1, never doubled", 1,
                                     ["5.6.4", "9.9"]))
                continue
            if u.parenthesized and u.id != chosen_paren:
                us.strength, us.contributes = 0, False
                why = ("parenthesized strength counts only when no other unit defends"
                       if not (paren and not any_other) else
                       "only one parenthesized strength counts")
                us.steps.append(Step(why, 0, ["9.8"]))
                continue
            v = u.defense
            winter = (T.winter_zone(sc, u) and v > 2 and not spec.city and not spec.town
                      and spec.fortification not in ("printed", "built")
                      and not self._next_to_own_major_city(u))
            dis = u.status == "disrupted"
            v = _winter_or_halving(
                us, v, winter, dis, floor=2, penalty="Disrupted", penalty_rules=["13.2.1"],
                winter_text="Axis unit on a Winter turn on or north of row xx43, in the open: "
                "-1, never below 2",
                halving_text="Disrupted: halved, rounded up",
                halving_rules=["13.2.1", "9.9", "9.1"])
            reasons: list[Step] = []
            if spec.city:
                if u.is_asu:
                    us.steps.append(Step("ASU: not doubled in a city", v, ["9.6.3"]))
                elif u.side == "soviet" and u.type == "tank":
                    us.steps.append(Step("Soviet tank corps: not doubled in a city", v, ["9.6.3"]))
                elif u.tank != "none" and u.free_stacking:
                    us.steps.append(Step("silhouetted tank unit: not doubled in a city", v,
                                         ["9.6.3"]))
                else:
                    reasons.append(Step(f"in a {spec.city} city hex", 0, ["9.6.3"]))
            if T.is_mountain(sc, dhex):
                if u.type in T.INFANTRY_TYPES:
                    reasons.append(Step("infantry-type unit in a mountain hex", 0,
                                        ["9.6.1", "2.3.3"]))
                else:
                    us.steps.append(Step("not an infantry type: not doubled in mountains", v,
                                         ["9.6.1"]))
            if T.is_marsh(sc, dhex):
                rules = ["9.5.4"] if spec.terrain == "marsh" else ["9.5.4", "23.2.3"]
                reasons.append(Step("defending in a marsh hex", 0, rules))
            if river_or_marsh_all:
                reasons.append(Step("every attacker attacks across a river or out of a marsh",
                                    0, ["9.5.1"]))
            if reasons:
                v *= 2
                why = "doubled: " + "; ".join(r.what for r in reasons)
                rules = [r for st in reasons for r in st.rules]
                if len(reasons) > 1:
                    why += " (never doubled more than once)"
                    rules.append("9.1")
                us.steps.append(Step(why, v, sort_rules(rules)))
                doubled.append(u.id)
            us.strength = v
            us.contributes = v > 0
        if attackers and not river_or_marsh_all and any(
                self._hexside_effects(a)["river"] or self._hexside_effects(a)["from_marsh"]
                for a in attackers):
            self.skip("defender not doubled for the river: at least one attacker attacks "
                      "neither across a river nor out of a marsh", ["9.5.1"])
        return out, doubled

    def _next_to_own_major_city(self, u: Unit) -> bool:
        sc = self.sc
        for n in sc.grid.neighbours(u.hex):
            spec = sc.map.hexes.get(n)
            if spec and spec.city == "major" and spec.control == u.side:
                return True
        return False

    # -- shifts -------------------------------------------------------------------
    def _shifts(self, attackers: list[Unit], defenders: list[Unit], across: dict[str, Any],
                att_side: str, def_side: str) -> list[Shift]:
        sc, dhex = self.sc, self.dhex
        shifts: list[Shift] = []
        if dhex not in sc.map.hexes:
            return shifts
        spec = sc.map.hexes[dhex]
        # -- tank shifts (9.2) --
        banned = []
        if spec.terrain in ("woods", "wooded-rough", "mountain", "alpine"):
            banned.append((f"the defender is in a {spec.terrain} hex", ["9.2.3"]))
        if T.is_marsh(sc, dhex):
            banned.append(("the defender is in a marsh hex", ["9.2.3", "9.5.4"]))
        if spec.city:
            banned.append((f"the defender is in a {spec.city} city hex", ["9.2.3"]))
        if T.completed_fort(sc, dhex, def_side, self.readings):
            banned.append(("the defender's hex holds a completed fortification",
                           ["9.2.3", "9.7.1"]))
        att_tanks = [u for u in attackers if u.tank in ("black", "red") and not u.train]
        earning = [u for u in att_tanks if not across[u.id]["river"] and
                   not across[u.id]["from_marsh"]]
        for u in att_tanks:
            if u not in earning:
                why = "across a river" if across[u.id]["river"] else "out of a marsh hex"
                self.skip(f"{u.id} attacks {why}: earns no tank shift, but still cancels the "
                          "defender's", ["9.2.3"], u.id)
        live = [u for u in defenders if u.is_combat and not u.train and not u.retreated
                and u.status != "full-retreat"]
        def_tanks = [u for u in live if u.tank in ("black", "red")]
        def_at = [u for u in live if u.tank == "white"]
        for u in defenders:
            if u.tank != "none" and u not in live and u.is_combat:
                self.skip(f"{u.id} adds nothing to the defense, so neither earns nor denies a "
                          "tank shift", ["13.3.2", "5.6.4", "12.4"], u.id)
        if banned and (att_tanks or def_tanks):
            why, rules = banned[0]
            self.skip(f"no tank shifts for either side: {why}", rules)
        elif not banned:
            if earning:
                if def_tanks:
                    self.skip("attacker's tank shift cancelled by the defender's tank unit(s) "
                              + ", ".join(u.id for u in def_tanks), ["9.2.1"])
                elif def_at:
                    self.skip("attacker's tank shift denied by anti-tank unit(s) "
                              + ", ".join(u.id for u in def_at), ["9.2.4"])
            for u in attackers:
                if u.tank == "white":
                    self.skip(f"{u.id} is an anti-tank unit: it earns no tank shift and does not "
                              "cancel the defender's", ["9.2.4"], u.id)
            cols, rules, what = 0, [], []
            if earning and not def_tanks and not def_at:
                cols += 1
                rules.append("9.2.1")
                what.append("tank shift (" + ", ".join(u.id for u in earning) + ")")
            elite = [u for u in earning if u.tank == "red"]
            if elite and att_side == "axis":
                cols += 1
                rules.append("9.2.2")
                what.append("elite tank shift (" + ", ".join(u.id for u in elite) + ")")
            elif elite:
                self.skip("the elite (red dot) tank shift is the Axis player's only", ["9.2.2"])
            if cols:
                shifts.append(Shift(cols, " and ".join(what), "attacker", rules))
            cols, rules, what = 0, [], []
            if def_tanks:
                if att_tanks:
                    self.skip("defender's tank shift cancelled by the attacker's tank unit(s) "
                              + ", ".join(u.id for u in att_tanks), ["9.2.1", "9.2.3"])
                else:
                    cols -= 1
                    rules.append("9.2.1")
                    what.append("tank shift (" + ", ".join(u.id for u in def_tanks) + ")")
            delite = [u for u in def_tanks if u.tank == "red"]
            if delite and def_side == "axis":
                cols -= 1
                rules.append("9.2.2")
                what.append("elite tank shift (" + ", ".join(u.id for u in delite) + ")")
            if cols:
                shifts.append(Shift(cols, " and ".join(what), "defender", rules))
        # -- fortification and rough (9.7.1, 9.9) --
        if T.fort_shift_applies(sc, dhex, def_side):
            shifts.append(Shift(-1, f"fortification ({spec.fortification})", "defender",
                                ["9.7.1"] + (["9.7.6"] if spec.fortification == "printed" else [])))
        elif spec.fortification == "printed":
            self.skip("printed fortifications never help Axis units", ["9.7.6"])
        elif spec.fortification == "under-construction":
            self.skip("a fortification under construction gives no combat benefit", ["9.7.2"])
        if spec.terrain in ("rough", "wooded-rough"):
            shifts.append(Shift(-1, f"rough terrain ({spec.terrain})", "defender", ["9.9"]))
        # -- air (9.3) and artillery (9.4, 18.x) --
        if self.support.air:
            s = self._air(attackers, defenders, att_side)
            if s:
                shifts.append(s)
        if self.support.artillery:
            s = self._artillery(attackers, att_side)
            if s:
                shifts.append(s)
        return shifts

    def _air(self, attackers: list[Unit], defenders: list[Unit], att_side: str) -> Shift | None:
        sc = self.sc
        nation = self.support.air_nation
        rules = ["9.3.3"] if att_side == "axis" else ["9.3.4"]
        available = air_available(sc, nation)
        if available is not True:
            self.refuse(f"no {nation} Air Unit can fly: {available[0]}", available[1])
            return None
        if nation == "romanian":
            own = attackers if att_side == "axis" else defenders
            total = sum(u.defense for u in own if u.is_combat)
            rom = sum(u.defense for u in own if u.is_combat and T.nationality(u) == "romanian")
            if total == 0 or rom * 2 <= total:
                self.refuse("the Romanian Air Unit shifts only when most of the Axis units in "
                            "the combat (by defense strength) are Romanian", ["9.3.8"])
                return None
        self.notes.append("air range (9.3.5) is not checked: it needs connecting rail hexes")
        if att_side == "axis":
            return Shift(1, f"{nation} Air Unit, offensive support", "attacker", rules)
        return Shift(-1, f"{nation} Air Unit, defensive support", "defender", rules)

    def _artillery(self, attackers: list[Unit], att_side: str) -> Shift | None:
        sc = self.sc
        ok: list[Unit] = []
        for uid in self.support.artillery:
            a = sc.units_by_id.get(uid)
            if a is None:
                self.refuse(f"no unit '{uid}' for an artillery shift", ["9.4"], uid)
                continue
            if a.side != att_side:
                self.refuse(f"{uid} belongs to the defender; ASUs never give a defensive shift",
                            ["18.3.2"], uid)
                continue
            if a.id in self.attacker_ids:
                self.refuse(f"{uid} cannot both attack and give an artillery shift", ["18.3.1"],
                            uid)
                continue
            if a.type == "supply-point":
                if a.train:
                    self.refuse(f"{uid} is under a Train marker", ["18.6.7"], uid)
                    continue
                hosts = [v for v in sc.units_at(a.hex) if v.side == a.side and v.is_asu
                         and v.status == "good-order" and not v.train]
                if not hosts:
                    self.refuse(f"Supply Point {uid} gives a shift only stacked with a Good Order "
                                "ASU", ["18.6.5"], uid)
                    continue
                ok.append(a)
                continue
            if not a.is_asu:
                self.refuse(f"{uid} is not an ASU (artillery, army or front HQ)", ["18.2.1"], uid)
                continue
            bad = []
            if a.used:
                bad.append(("is on its Used side", ["18.2.1"]))
            if a.status != "good-order":
                bad.append((f"is {a.status}", ["18.2.3", "13.2.1"]))
            if a.train:
                bad.append(("is under a Train marker", ["18.2.3", "5.6.4"]))
            if a.replacement:
                bad.append(("has a Replacement marker", ["18.2.3"]))
            if a.side == "axis" and T.nationality(a) in ("romanian", "hungarian", "italian") and \
                    not any(T.nationality(u) == T.nationality(a) for u in attackers):
                bad.append((f"is a {T.nationality(a)} HQ and no {T.nationality(a)} unit attacks",
                            ["18.3.3"]))
            if a.hex in sc.map.entry_areas:
                if self.dhex not in sc.map.entry_areas[a.hex].hexes:
                    bad.append((f"is in entry area {a.hex}, which does not border {self.dhex}",
                                ["18.3.3"]))
            else:
                r = self._in_range(a, attackers)
                if r is False:
                    bad.append((f"is out of range ({a.range} hexes) of every attacker",
                                ["18.4"]))
            if bad:
                for why, rules in bad:
                    self.refuse(f"{uid} {why}", rules, uid)
                continue
            ok.append(a)
        if len(ok) != len(self.support.artillery):
            return None
        if len(ok) == 1:
            return Shift(1, f"artillery shift ({ok[0].id})", "attacker", ["9.4", "18.3.1"])
        kinds = sorted(u.type for u in ok)
        if len(ok) == 2 and att_side == "soviet" and kinds in (
                ["artillery", "artillery"], ["artillery", "front-hq"]):
            return Shift(2, "Massive Barrage (" + ", ".join(u.id for u in ok) + ")", "attacker",
                         ["9.4", "18.5"])
        self.refuse("no more than one artillery shift per combat, except a Soviet Massive "
                    "Barrage by two artillery divisions or one with a Front HQ", ["18.3.1", "18.5"])
        return None

    def _in_range(self, a: Unit, attackers: list[Unit]) -> bool | None:
        """18.4; None when the counter's range is not given."""
        if a.range is None:
            self.notes.append(f"{a.id}'s range is not in the position: 18.4 not checked")
            return None
        d = trace_range(self.sc, a, {u.hex for u in attackers if u.hex in self.sc.map.hexes})
        if d is None:
            return False
        self.notes.append(f"{a.id} is in range: {d} hex(es) from an attacker (18.4); "
                          "ZOC bonds on the path are not checked yet")
        return True


def trace_range(sc: Scenario, a: Unit, targets: set[str]) -> int | None:
    """Length of the shortest range path (18.4, also 28.1.2) from ``a`` to one of
    ``targets``, or None if none fits in ``a.range``: it may not cross impassable,
    unfrozen lake or non-road alpine hexsides, enter an enemy-occupied hex or enter two
    EZOC hexes in a row (friendly units negate the EZOC of their hex).

    Hook: ZOC bonds on the path (18.4) are not checked until the bonds query exists.
    """
    if a.range is None or a.hex not in sc.map.hexes or not targets:
        return None
    from adjudicator.games.s42.queries.zoc import zoc as zoc_query

    zmap = zoc_query(sc).zoc
    enemy = "soviet" if a.side == "axis" else "axis"
    occupied_by = {u.hex for u in sc.units if u.side == enemy}
    friendly = {u.hex for u in sc.units if u.side == a.side}

    def ezoc(h: str) -> bool:
        return enemy in zmap.get(h, []) and h not in friendly

    start = (a.hex, False)
    seen = {start: 0}
    todo = deque([start])
    while todo:
        h, in_z = todo.popleft()
        d = seen[(h, in_z)]
        if h in targets:
            return d
        if d >= a.range:
            continue
        for n in sc.grid.neighbours(h):
            s = T.side_of(sc, h, n)
            if s.impassable or (s.alpine and not s.road) or (s.lake and not T.frozen(sc, h, n)):
                continue
            if n in occupied_by and n not in targets:
                continue
            z = ezoc(n)
            if z and in_z:
                continue
            key = (n, z)
            if key not in seen:
                seen[key] = d + 1
                todo.append(key)
    return None


def air_available(sc: Scenario, nation: str = "german") -> bool | tuple[str, list[str]]:
    """Whether the weather lets an Axis Air Unit of ``nation`` fly this turn (23.2, 9.3.9)."""
    w = sc.weather
    if w in ("rain",):
        return ("Rain turn", ["23.2.3"])
    if w == "snow":
        return ("Snow turn", ["23.2.4"])
    if w == "overcast-w":
        return ("Overcast-W turn", ["23.2.2"])
    if w == "overcast":
        if nation != "german" or sc.turn >= 27:
            return ("Overcast turn" + (" after Turn 27" if sc.turn >= 27 else
                                       ": only one German Air Unit flies"),
                    ["23.2.2"] + (["9.3.9"] if sc.turn >= 27 else []))
    return True


def compute_odds(sc: Scenario, defender_hex: str, attackers: list[str],
                 support: Support | None = None, readings: dict[str, str] | None = None) -> Odds:
    """The odds of one attack, with every strength step, shift and refusal explained."""
    from adjudicator.games import get_game

    chosen = {**get_game(sc.game).default_readings(), **sc.readings, **(readings or {})}
    return _Calc(sc, defender_hex, list(attackers), support or Support(), chosen).run()


def _winter_or_halving(us, v: int, winter: bool, halved: bool, *, floor: int, penalty: str,
                       penalty_rules: list[str], winter_text: str, halving_text: str,
                       halving_rules: list[str]) -> int:
    """The Winter -1 (23.4) and a halving penalty never add up: when both apply only
    the one harsher on the Axis unit counts. Records the step taken and returns the value."""
    if winter and halved:
        w, h = max(floor, v - 1), _halve(v)
        v = min(w, h)
        us.steps.append(Step(
            f"Winter -1 and {penalty} halving do not add up: the harsher one counts "
            f"({'halved' if h <= w else '-1'})", v, ["23.4", *penalty_rules]))
    elif winter:
        v = max(floor, v - 1)
        us.steps.append(Step(winter_text, v, ["23.4", "9.9"]))
    elif halved:
        v = _halve(v)
        us.steps.append(Step(halving_text, v, halving_rules))
    return v
