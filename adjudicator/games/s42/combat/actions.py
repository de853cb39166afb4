"""Other dice-driven actions that change the position, and replaying a game.

* ``rally``: the Recovery Phase (13.4) with the Rally Table (13.5); Replacement
  markers come off (21.4).
* ``disengage``: a Disengagement Attempt (27.2).
* ``roll_weather``: the Weather Table (23.1, 23.3).
* ``replay``: a start position, a seed (or given rolls) and a list of actions give
  the same next position and the same log every time.

All of them roll through one ``adjudicator.dice.Dice`` session, which logs every
roll with its purpose.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from adjudicator.dice import Dice, RollsExhausted
from adjudicator.games.s42.combat import terrain as T
from adjudicator.games.s42.combat.odds import Support, sort_rules
from adjudicator.games.s42.combat.resolve import (
    Choices,
    Declaration,
    Refused,
    apply_moves,
    check_retreat_path,
    resolve_combat,
)
from adjudicator.games.s42.combat.state import Change, Work
from adjudicator.games.s42.combat.tables import Table, builtin, crt_table, dd_table
from adjudicator.games.s42.scenario import MECHANIZED_TYPES
from adjudicator.scenario import Scenario, load_scenario

SEASONS = ("summer", "early-fall", "rasputitsa", "winter")


def new_dice(seed: int | None = None, rolls: list[int] | None = None) -> Dice:
    """The dice of a Stalingrad '42 session: every table is read with one die
    (8.3, 11.2.1, 13.5, 23.1, 27.2); a Planned Offensive rolls more, one at a time."""
    return Dice(sides=6, count=1, seed=seed, rolls=rolls)


def _roll(dice: Dice, purpose: str, log: list[dict[str, Any]]) -> int:
    try:
        r = dice.roll(purpose, count=1)
    except RollsExhausted as exc:
        raise Refused(f"no die roll left ({purpose})", [], field="roll") from exc
    log.append({"purpose": purpose, "dice": list(r.dice), "total": r.total})
    return r.total


def _ezoc_hexes(sc: Scenario, side: str) -> set[str]:
    from adjudicator.games.s42.queries.zoc import zoc as zoc_query

    enemy = "soviet" if side == "axis" else "axis"
    return {h for h, sides in zoc_query(sc).zoc.items() if enemy in sides}


@dataclass
class ActionResult:
    action: str
    position: Scenario
    rolls: list[dict[str, Any]] = field(default_factory=list)
    findings: list[dict[str, Any]] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    detail: dict[str, Any] = field(default_factory=dict)
    rules: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "rolls": self.rolls, "findings": self.findings,
                "changes": [c.to_json() for c in self.changes], **self.detail,
                "rules": self.rules}


# -- Recovery Phase (13.4, 13.5) -----------------------------------------------------


def rally(sc: Scenario, dice: Dice, side: str | None = None,
          keep_full_retreat: list[str] | None = None, table: Table | None = None) -> ActionResult:
    side = side or sc.phasing
    table = table or builtin("rally")
    keep = set(keep_full_retreat or [])
    w = Work.of(sc)
    rolls: list[dict[str, Any]] = []
    findings: list[dict[str, Any]] = []
    ezoc = _ezoc_hexes(sc, side)
    rules: set[str] = {"13.4"}
    for uid in keep:
        k = sc.units_by_id.get(uid)
        if k is None or k.side != side or k.status != "full-retreat":
            raise Refused(f"{uid} is not a {side} unit in Full Retreat; only such units may "
                          "stay as they are", ["13.4"])
    for u in sc.units:
        if u.side != side:
            continue
        if u.replacement:
            w.set(u.id, "replacement", False, f"{u.id}'s Replacement marker removed", ["21.4"])
            rules.add("21.4")
        if not u.is_combat or u.status == "good-order":
            continue
        up = "disrupted" if u.status == "full-retreat" else "good-order"
        if u.id in keep:
            findings.append({"unit": u.id, "what": "stays in Full Retreat by choice",
                             "rules": ["13.4", "13.3.2"]})
            continue
        if u.hex not in ezoc:
            w.set(u.id, "status", up, f"{u.id} recovers to {up} (not in an EZOC)", ["13.4"])
            findings.append({"unit": u.id, "what": f"recovers automatically to {up}",
                             "rules": ["13.4"]})
            continue
        drms = []
        spec = sc.map.hexes.get(u.hex)
        if spec and (spec.city or T.fort_shift_applies(sc, u.hex, side)):
            drms.append({"value": 2, "what": "in a city or fortification hex", "rules": ["13.5"]})
        if u.tq == "elite":
            drms.append({"value": 1, "what": "elite", "rules": ["13.5", "2.3.2"]})
        elif u.tq == "low":
            drms.append({"value": -1, "what": "low quality", "rules": ["13.5", "2.3.2"]})
        roll = _roll(dice, f"Rally Table, {u.id}", rolls)
        modified = roll + sum(d["value"] for d in drms)
        res = table.lookup(modified, "result")
        rules.add("13.5")
        row = {"unit": u.id, "roll": roll, "modifiers": drms, "modified": modified,
               "read_as": table.clamp(modified), "result": res, "rules": ["13.4", "13.5"]}
        findings.append(row)
        if res == "recover":
            w.set(u.id, "status", up, f"{u.id} rallies to {up}", ["13.5"])
    return ActionResult("rally", w.to_scenario(), rolls, findings, w.changes,
                        {"side": side}, sort_rules(rules))


# -- Disengagement (27.2) -----------------------------------------------------------------


def disengage(sc: Scenario, dice: Dice, units: list[str], as_stack: bool = False,
              retreat: dict[str, Any] | None = None, reroll: str | None = None,
              table: Table | None = None) -> ActionResult:
    table = table or builtin("disengagement")
    retreat = retreat or {}
    w = Work.of(sc)
    rolls: list[dict[str, Any]] = []
    findings: list[dict[str, Any]] = []
    rules = {"27.2.1"}
    us = []
    for uid in units:
        u = sc.units_by_id.get(uid)
        if u is None:
            raise Refused(f"no unit '{uid}'", ["27.2.1"])
        if u.side != sc.phasing:
            raise Refused(f"{uid} is not the phasing player's", ["27.1"])
        if not u.is_combat:
            raise Refused(f"{uid} is not a combat unit", ["27.2.1", "19.3"])
        if u.attacked:
            raise Refused(f"{uid} attacked this Combat Phase; it may not also disengage",
                          ["27.2.1"])
        if u.replacement:
            raise Refused(f"{uid} has a Replacement marker and may not disengage", ["21.4"])
        if u.hex not in sc.map.hexes:
            raise Refused(f"{uid} is not on the map", ["27.2.1"])
        if u.status == "full-retreat" and not [v for v in sc.units_at(u.hex)
                                               if v.side == u.side and v.id != uid]:
            raise Refused(f"{uid} is in Full Retreat and alone", ["27.2.1"])
        enemy_adjacent = False
        for n in sc.grid.neighbours(u.hex):
            s = T.side_of(sc, u.hex, n)
            if s.impassable or s.river == "volga" or (s.lake and not T.frozen(sc, u.hex, n)):
                continue
            if any(v.side != u.side for v in sc.units_at(n)):
                enemy_adjacent = True
        if not enemy_adjacent:
            raise Refused(f"{uid} is not adjacent to an enemy unit", ["27.2.1"])
        us.append(u)
    if as_stack and len({u.hex for u in us}) > 1:
        raise Refused("a stack attempt needs units in one hex", ["27.2.1"])
    groups = [us] if as_stack else [[u] for u in us]
    ezoc = _ezoc_hexes(sc, sc.phasing)
    friendly = {u.hex for u in sc.units if u.side == sc.phasing}
    for grp in groups:
        drms = []
        if all(u.type in MECHANIZED_TYPES or u.type == "cavalry" for u in grp):
            drms.append({"value": 1, "what": "cavalry or mechanized", "rules": ["27.2.2"]})
        if any(u.status == "disrupted" for u in grp):
            drms.append({"value": -1, "what": "Disrupted", "rules": ["27.2.2"]})
        names = ", ".join(u.id for u in grp)
        roll = _roll(dice, f"Disengagement, {names}", rolls)
        if reroll:
            lu = sc.units_by_id.get(reroll)
            if lu is None or lu.type != "leader" or lu.side != "axis" or grp[0].side != "axis":
                raise Refused("only the Axis leader re-rolls an Axis disengagement", ["28.1.4"],
                              field="reroll")
            if lu.used or lu.train:
                raise Refused(f"leader {reroll} cannot re-roll now", ["28.1.1", "5.6.4"],
                              field="reroll")
            old = roll
            roll = _roll(dice, f"Disengagement re-roll by leader {reroll}", rolls)
            w.set(reroll, "used", True, f"leader {reroll} re-rolled {old} -> {roll}",
                  ["28.1.1", "28.1.4"])
            reroll = None
        modified = roll + sum(d["value"] for d in drms)
        res = table.lookup(modified, "result")
        findings.append({"units": [u.id for u in grp], "roll": roll, "modifiers": drms,
                         "modified": modified, "result": res, "rules": ["27.2", "27.2.3"]})
        rules.update({"27.2", "27.2.3"})
        for u in grp:
            w.set(u.id, "attacked", True)
            if res == "no":
                continue
            if res == "yes-step" and w.lose_step(u.id, "Disengagement 'Yes -1'", ["27.2.3"]):
                continue
            path = retreat.get(u.id, retreat.get("*"))
            if path is None:
                raise Refused(f"{u.id} disengages: give its retreat of 1 or 2 hexes (retreat: "
                              f"{{{u.id}: [hexes]}})", ["27.2.3"], field="retreat")
            probs = check_retreat_path(sc, u.id, u.hex, list(path), [1, 2])
            for h in path:
                if h in ezoc and h not in friendly:
                    probs.append(f"{h} is in an enemy ZOC with no friendly unit (27.2.3)")
            if probs:
                raise Refused(f"disengagement retreat of {u.id}: " + "; ".join(probs),
                              ["27.2.3", "12.1"], field="retreat")
            after = "full-retreat" if u.status in ("disrupted", "full-retreat") else "disrupted"
            w.set(u.id, "hex", path[-1], f"{u.id} disengages to {path[-1]}", ["27.2.3"])
            w.set(u.id, "status", after, f"{u.id} is now {after}", ["27.2.3", "13.1.2"])
            w.set(u.id, "retreated", True)
    return ActionResult("disengage", w.to_scenario(), rolls, findings, w.changes,
                        {"units": units, "as_stack": as_stack}, sort_rules(rules))


# -- Weather (23.1, 23.3) --------------------------------------------------------------------


def roll_weather(dice: Dice, turn: int, season: str, previous: str | None = None,
                 table: Table | None = None) -> dict[str, Any]:
    table = table or builtin("weather")
    if season not in SEASONS:
        raise Refused(f"season must be one of {', '.join(SEASONS)} (read it off the Turn "
                      "Record Track)", ["23.1"])
    if turn < 17:
        return {"weather": "clear", "roll": None, "rules": ["23.1"],
                "why": "before Turn 17 the weather is always Clear"}
    log: list[dict[str, Any]] = []
    roll = _roll(dice, f"Weather, turn {turn} ({season})", log)
    drms = []
    if previous in ("rain", "snow"):
        drms.append({"value": 1, "what": f"the previous turn was {previous}", "rules": ["23.1"]})
    modified = roll + sum(d["value"] for d in drms)
    w = table.lookup(modified, season)
    rules = ["23.1"]
    why = f"{season} column, roll {roll}" + (f" +1 = {modified}" if drms else "")
    if season == "rasputitsa" and previous == "rain" and w in ("overcast", "clear"):
        w = "mud"
        why += "; after a Rain turn an Overcast or Clear result is Mud"
        rules.append("23.3.1")
    return {"weather": w, "roll": roll, "modifiers": drms, "modified": modified,
            "rolls": log, "why": why, "rules": rules}


def set_weather(sc: Scenario, weather: str) -> Scenario:
    w = Work.of(sc)
    w.data["weather"] = weather
    return w.to_scenario()


# -- End of a Combat Phase -------------------------------------------------------------------


def end_combat_phase(sc: Scenario) -> ActionResult:
    """Clear the per-phase marks (8.1 attacked/defended, 12.4 retreated)."""
    w = Work.of(sc)
    for u in w.units:
        for key in ("attacked", "defended", "retreated"):
            if u.pop(key, None):
                w.changes.append(Change(f"{u['id']}: '{key}' cleared", ["8.1", "12.4"],
                                        u["id"]))
    return ActionResult("end_phase", w.to_scenario(), changes=w.changes, rules=["8.1", "12.4"])


# -- Replay -------------------------------------------------------------------------------------


def combat_action(sc: Scenario, spec: dict[str, Any], choices: dict[str, Any] | None,
                  dice: Dice, crt: Table, ddt: Table) -> ActionResult:
    air = spec.get("air")
    support = Support(air=bool(air), air_nation=air if isinstance(air, str) else "german",
                      artillery=tuple(spec.get("artillery", ())))
    decl = Declaration(str(spec["defender_hex"]), [str(a) for a in spec["attackers"]], support,
                       int(spec.get("planned_offensive", 0)), spec.get("reroll"))
    try:
        ch = Choices.from_json(choices)
    except (TypeError, ValueError) as exc:
        raise Refused(str(exc), []) from None
    out = resolve_combat(sc, decl, ch, dice, crt, ddt)
    nxt = apply_moves(sc, out)
    data = out.to_json()
    return ActionResult("combat", nxt, data.pop("rolls"), [], out.work.changes if out.work
                        else [], data, data["rules"])


def run_action(sc: Scenario, item: dict[str, Any], dice: Dice, crt: Table,
               ddt: Table) -> ActionResult:
    kinds = [k for k in ("combat", "rally", "disengage", "weather", "end_phase") if k in item]
    if len(kinds) != 1:
        raise Refused("each action names exactly one of combat, rally, disengage, weather, "
                      "end_phase", [])
    kind = kinds[0]
    spec = item[kind] or {}
    if kind == "combat":
        return combat_action(sc, spec, item.get("choices"), dice, crt, ddt)
    if kind == "rally":
        return rally(sc, dice, spec.get("side"), spec.get("keep_full_retreat"))
    if kind == "disengage":
        ch = item.get("choices") or {}
        return disengage(sc, dice, list(spec["units"]), bool(spec.get("stack", False)),
                         ch.get("retreat"), spec.get("reroll"))
    if kind == "weather":
        res = roll_weather(dice, sc.turn, spec.get("season", ""), spec.get("previous"))
        rolls = res.pop("rolls", [])
        return ActionResult("weather", set_weather(sc, res["weather"]), rolls, [], [], res,
                            res["rules"])
    return end_combat_phase(sc)


@dataclass
class Replay:
    start: Scenario
    final: Scenario
    log: list[dict[str, Any]]
    practice: bool


def replay(start: Scenario, actions: list[dict[str, Any]], seed: int | None = None,
           rolls: list[int] | None = None, crt: Table | None = None,
           ddt: Table | None = None) -> Replay:
    """Run ``actions`` in order from ``start`` with one dice session."""
    dice = new_dice(seed, rolls)
    crt, ddt = crt or crt_table(), ddt or dd_table()
    sc = start
    log = []
    practice = False
    for i, item in enumerate(actions):
        try:
            res = run_action(sc, item, dice, crt, ddt)
        except Refused as exc:
            raise Refused(f"action {i + 1}: {exc.message}", exc.rules) from None
        entry = {"step": i + 1, **res.to_json()}
        if res.detail.get("practice_table"):
            practice = True
        log.append(entry)
        sc = res.position
    return Replay(start, sc, log, practice)


def load_replay(path: str | Path) -> tuple[Scenario, dict[str, Any]]:
    """A replay file: ``start`` (a scenario path, relative to the file), ``seed`` or
    ``rolls``, and ``actions``."""
    from ruamel.yaml import YAML

    from adjudicator.errors import InputError, Problem

    p = Path(path)
    try:
        data = YAML(typ="safe").load(p.read_text(encoding="utf-8"))
    except (OSError, Exception) as exc:  # noqa: BLE001 - reported as input error
        raise InputError([Problem(str(p), 1, "(file)", f"cannot read replay: {exc}")]) from None
    if not isinstance(data, dict) or "start" not in data or not isinstance(
            data.get("actions"), list):
        raise InputError([Problem(str(p), 1, "(top)",
                                  "a replay holds start (scenario file), seed or rolls, "
                                  "and a list of actions")])
    problems = [Problem(str(p), 0, where, what) for where, what in check_replay(data)]
    if problems:
        raise InputError(problems)
    start_path = p.parent / str(data["start"])
    if start_path.resolve() == p.resolve():
        raise InputError([Problem(str(p), 0, "start", "the start position cannot be the "
                                  "replay file itself")])
    start = load_scenario(start_path)
    return start, data


#: What each kind of action takes: key -> (required, type check, what it should be).
_IDS = (lambda v: isinstance(v, list) and all(isinstance(x, (str, int)) and not
                                              isinstance(x, bool) for x in v),
        "a list of unit ids")
_STR = (lambda v: isinstance(v, str), "a text")
_INT = (lambda v: isinstance(v, int) and not isinstance(v, bool), "a whole number")
_BOOL = (lambda v: isinstance(v, bool), "true or false")
ACTION_KEYS: dict[str, dict[str, tuple[bool, Any, str]]] = {
    "combat": {"defender_hex": (True, *_STR), "attackers": (True, *_IDS),
               "air": (False, lambda v: isinstance(v, (bool, str)),
                       "true, false, german or romanian"),
               "artillery": (False, *_IDS), "planned_offensive": (False, *_INT),
               "reroll": (False, *_STR)},
    "rally": {"side": (False, *_STR), "keep_full_retreat": (False, *_IDS)},
    "disengage": {"units": (True, *_IDS), "stack": (False, *_BOOL), "reroll": (False, *_STR)},
    "weather": {"season": (True, *_STR), "previous": (False, *_STR)},
    "end_phase": {},
}


def check_replay(data: dict[str, Any]) -> list[tuple[str, str]]:
    """(path, problem) for every malformed part of a replay: wrong types, missing or
    unknown keys (a string is never read as a list of characters)."""
    out: list[tuple[str, str]] = []
    if not isinstance(data["start"], str):
        out.append(("start", "expected the scenario file's path"))
    if data.get("seed") is not None and (isinstance(data["seed"], bool) or not isinstance(
            data["seed"], int) or not 0 <= data["seed"] < 2**63):
        out.append(("seed", f"expected a whole number from 0 to 2^63-1, got {data['seed']!r}"))
    rolls = data.get("rolls")
    if rolls is not None:
        if not isinstance(rolls, list):
            out.append(("rolls", f"expected a list of die rolls, got {rolls!r}"))
        else:
            for i, r in enumerate(rolls):
                if isinstance(r, bool) or not isinstance(r, int) or not 1 <= r <= 6:
                    out.append((f"rolls[{i}]", f"expected a die roll from 1 to 6, got {r!r}"))
    for key in ("crt", "dd_table"):
        if data.get(key) is not None and not isinstance(data[key], str):
            out.append((key, "expected a file path"))
    for i, item in enumerate(data["actions"]):
        where = f"actions[{i}]"
        if not isinstance(item, dict):
            out.append((where, "expected a mapping such as {combat: {...}, choices: {...}}"))
            continue
        kinds = [k for k in ACTION_KEYS if k in item]
        extra = set(item) - set(ACTION_KEYS) - {"choices"}
        if extra:
            out.append((where, f"unknown key(s) {', '.join(sorted(map(str, extra)))} "
                               f"(an action has one of {', '.join(ACTION_KEYS)}, and choices)"))
        if len(kinds) != 1:
            out.append((where, f"name exactly one of {', '.join(ACTION_KEYS)}"))
            continue
        kind = kinds[0]
        spec = item[kind] if item[kind] is not None else {}
        if not isinstance(spec, dict):
            out.append((f"{where}.{kind}", "expected a mapping"))
            continue
        allowed = ACTION_KEYS[kind]
        for key in sorted(set(map(str, spec)) - set(allowed)):
            out.append((f"{where}.{kind}.{key}",
                        f"unknown key (known: {', '.join(allowed) or 'none'})"))
        for key, (required, ok, what) in allowed.items():
            if key not in spec or spec[key] is None:
                if required:
                    out.append((f"{where}.{kind}.{key}", f"missing: expected {what}"))
            elif not ok(spec[key]):
                out.append((f"{where}.{kind}.{key}", f"expected {what}, got {spec[key]!r}"))
        choices = item.get("choices")
        if choices is not None:
            if not isinstance(choices, dict):
                out.append((f"{where}.choices", "expected a mapping"))
            else:
                try:
                    Choices.from_json(choices)
                except ValueError as exc:
                    out.append((f"{where}.choices", str(exc)))
    return out
