"""Enemy Action: Kharkov: the Soviet procedure, step by step (8.1-8.3, 9.0-9.4, 12.4-12.6).

The encodings (asp/eak/bot*.lp) say which cards, units, hexes and targets qualify and
what each preference letter says of each candidate; this module runs the procedure:
the order of the steps, the order of units (ascending or descending selectors), the
lettered preferences of 8.3 (``prefer``), the dice (one seeded generator, each roll
logged with its purpose) and the changes of state between questions. Every decision is
returned as a record with the rule, the method, the preference letter or tie-break that
decided it and the candidates each letter eliminated.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import clingo

from adjudicator.dice import Dice
from adjudicator.games.eak.botdata import DataSet
from adjudicator.games.eak.botfacts import (
    F,
    N,
    S,
    _distances,
    bot_facts,
    card_facts,
    const,
    cost_facts,
    distance,
    grid_key,
    hex_number,
    selector,
    unit_kind,
)
from adjudicator.games.eak.tec import Tec, tec_chart
from adjudicator.solver import Solver

#: The movement methods of 9.21 in order: (number, order, title, encoded).
METHODS_A = [
    (1, "desc", "Take VP hex", True),
    (2, "asc", "Adjacent to German VP hex & near objective", True),
    (3, "desc", "Open supply line", True),
    (4, "desc", "Cause surround", True),
    (5, "desc", "To Soviet VP hex", True),
    (6, "asc", "Adjacent to German VP hex", True),
    (7, "desc", "Adjacent to German unit in logistics hex", True),
    (8, "desc", "Adjacent to German unit", True),
    (9, "desc", "Relieve garrison", True),
    (10, "asc", "Follow movement arrows", True),
    (11, "asc", "Move closest to front objective", True),
    (12, "asc", "Strengthen potential attack", True),
]
METHOD_LETTERS = {1: [], 2: ["a", "b", "c", "d"], 3: ["a"], 4: ["a", "b", "c", "d"],
                  5: ["a", "b", "c"], 6: ["a", "b"], 9: ["a"],
                  7: ["a", "b"], 8: ["a", "b", "c"], 10: ["a", "b", "c", "d"],
                  11: ["a", "b", "c"], 12: []}
#: the methods whose preferences rank (destination, target) pairs (bot_pair/3)
PAIR_METHODS = frozenset({2, 6, 7})
METHOD_TEXT = {
    2: {"a": "a VP hex targeted by the active front only",
        "b": "the VP hex of least German strength",
        "c": "not across a Dniepr hexside from the VP hex", "d": "the highest VP value"},
    3: {"a": "enables the most Soviet units to trace supply"},
    4: {"a": "surrounds the most German units", "b": "next to the German unit surrounded",
        "c": "prevents a German unit from tracing supply", "d": "not next to a Soviet unit"},
    5: {"a": "a German unit next to the hex", "b": "an empty hex", "c": "the highest VP value"},
    6: {"a": "the VP hex of least German strength", "b": "the highest VP value"},
    7: {"a": "the German stack of least strength", "b": "the easternmost hex"},
    9: {"a": "next to a German unit"},
    8: {"a": "next to the most German units",
        "b": "next to a German unit no Soviet unit is next to",
        "c": "the closest German unit"},
    10: {"a": "ends in an unoccupied hex", "b": "ends farthest from the start",
         "c": "ends closest to the objective", "d": "follows primary arrows"},
    11: {"a": "closest to the front objective",
         "b": "next to the German-occupied hex of least strength", "c": "an empty hex"},
}
#: 9.26 (units with an Army Objective): each unit tries these in turn; 1 and 2 are the
#: steps of 9.21 methods 1 and 8, 3 and 4 its own (number, step family, step number, title)
METHODS_ARMY = [
    (1, "m", 1, "Take VP hex"),
    (2, "m", 8, "Adjacent to German unit"),
    (3, "a", 3, "Closer to German unit & army objective"),
    (4, "a", 4, "Closer to front objective"),
]
ARMY_LETTERS = {3: ["a", "b", "c"], 4: ["a", "b"]}
ARMY_TEXT = {
    3: {"a": "the German unit closest to the mover", "b": "the highest numbered German hex",
        "c": "the hex closest to that German unit"},
    4: {"a": "closest to the front objective", "b": "closer to the army objective"},
}


#: The movement methods of 9.22 (methods B, from game-turn 5 when the active front's
#: objective marker has left play), in order: (number, order, title).
METHODS_B = [
    (1, "desc", "Take VP hex"),
    (2, "desc", "Open supply line"),
    (3, "asc", "To Soviet VP hex"),
    (4, "asc", "Avoid surround"),
    (5, "asc", "Adjacent to German VP hex"),
    (6, "asc", "Move into or toward operational limit"),
    (7, "desc", "Cause surround"),
    (8, "desc", "Adjacent to German unit"),
    (9, "desc", "Relieve garrison"),
    (10, "asc", "Follow movement arrows"),
    (11, "asc", "Proximate to German VP hex"),
]
B_LETTERS = {1: [], 2: list("abcd"), 3: list("abcd"), 4: list("abcdef"), 5: ["a", "b"],
             6: list("abcdef"), 7: list("abcd"), 8: list("abcd"), 9: ["a", "b"],
             10: ["a", "b", "c"], 11: ["a", "b", "c"]}
#: the methods of 9.22 whose preferences rank (destination, VP hex) pairs
B_PAIR = frozenset({5, 11})
B_TEXT = {
    2: {"a": "enables the most Soviet units to trace supply",
        "b": "not nearly surrounded there", "c": "in Soviet support",
        "d": "closest to Soviet support"},
    3: {"a": "an empty or garrisoned hex", "b": "the highest VP value",
        "c": "a German unit next to the hex", "d": "in Soviet support"},
    4: {"a": "inside Soviet support", "b": "inside the operational limit",
        "c": "nearer to support than where it starts", "d": "no unit in it",
        "e": "no Soviet neighbour", "f": "nearest its start"},
    5: {"a": "the VP hex of least German strength", "b": "the highest VP value"},
    6: {"a": "inside the operational limit", "b": "off the map edge",
        "c": "no Soviet unit in it or beside it", "d": "inside Soviet support",
        "e": "nearest a hex of support", "f": "a village its front targets"},
    7: METHOD_TEXT[4],
    8: {"a": "next to the most German units",
        "b": "next to a German unit no Soviet unit is next to",
        "c": "the closest German unit", "d": "the highest hex number"},
    9: {"a": "next to a German unit", "b": "a German unit proximate to it"},
    10: {"a": "ends in an unoccupied hex", "b": "ends farthest from the start",
         "c": "follows primary arrows"},
    11: {"a": "next to the VP hex", "b": "Soviet supply traceable from it",
         "c": "closest to the VP hex"},
}
#: the methods of 9.22 that read "nearly surrounded" (9.3)
NS_METHODS = frozenset({2, 4, 5, 7, 8})
#: 9.22's Soviet Desperation: below this many Soviet VPs, method 11 comes after method 5
DESPERATION_VP = 19


#: 9.27 (unsupplied units unable to trace supply): the two steps' preferences
UNSUP_LETTERS = {1: ["a", "b"], 2: ["a"]}
UNSUP_TEXT = {1: {"a": "in Soviet support", "b": "the closest hex"},
              2: {"a": "the hex closest to a hex in Soviet supply"}}


def _letters(family: str, method: int) -> tuple[list[str], dict[str, str] | None, bool]:
    """The preference letters, their texts and whether pairs are ranked, of a step."""
    if family == "a":
        return ARMY_LETTERS.get(method, []), ARMY_TEXT.get(method), method == 3
    if family == "u":
        return UNSUP_LETTERS.get(method, []), UNSUP_TEXT.get(method), False
    if family == "b":
        return B_LETTERS.get(method, []), B_TEXT.get(method), method in B_PAIR
    return METHOD_LETTERS.get(method, []), METHOD_TEXT.get(method), method in PAIR_METHODS


TACTICAL = ["a", "b", "c", "d", "e", "f"]
TIEBREAK = ["a", "b", "c", "d", "e"]
TIE_TEXT = {"a": "closest to the objective", "b": "an empty hex",
            "c": "furthest in the objective's compass direction",
            "d": "in or closest to Soviet support", "e": "the highest hex number"}
TAC_TEXT = {"a": "within the operational limit", "b": "causes a German unit to be surrounded",
            "c": "in Soviet support", "d": "not next to a Soviet unit",
            "e": "empty or garrisoned", "f": "not occupied by an active unit"}
NOT_ENCODED_MOVES: list[str] = []


def rule_key(rule: str) -> tuple:
    return tuple(int(p) if p.isdigit() else 0 for p in rule.split("."))


# --- 8.3 ----------------------------------------------------------------------------
def prefer(cands: list[str], prefs: dict[str, dict[str, int]], letters: list[str],
           texts: dict[str, str] | None = None, rule: str = "8.3") -> tuple[str | None, list]:
    """8.3: the preferences in letter order; a letter that applies to no candidate is
    skipped; one that applies to some keeps those (the best value, for a numeric one).
    Returns the choice (None if still tied after every letter) and the trail: each
    letter that eliminated candidates, with those it kept and eliminated."""
    alive = sorted(set(cands))
    trail: list[dict[str, Any]] = []
    for letter in letters:
        if len(alive) <= 1:
            break
        having = {c: prefs.get(c, {}).get(letter) for c in alive}
        having = {c: v for c, v in having.items() if v is not None}
        if not having:
            continue
        best = max(having.values())
        kept = sorted(c for c, v in having.items() if v == best)
        out = sorted(set(alive) - set(kept))
        if out:
            trail.append({"letter": letter, "rule": rule,
                          "says": (texts or {}).get(letter, letter),
                          "kept": kept, "eliminated": out})
        alive = kept
    return (alive[0] if len(alive) == 1 else None), trail


def _prefs(rows: list[tuple], step: Any) -> tuple[list[str], dict[str, dict[str, int]]]:
    cands: list[str] = []
    prefs: dict[str, dict[str, int]] = defaultdict(dict)
    for s, c in rows[0]:
        if s == step:
            cands.append(c)
    for s, c, letter, v in rows[1]:
        if s == step:
            prefs[c][letter] = v
    return cands, prefs


#: the bot queries that read asp/eak/supply.lp
SUPPLY_QUERIES = frozenset({"botreserve", "botremove", "botgarrison", "botreplace"})


# --- State ----------------------------------------------------------------------------
@dataclass
class Bot:
    """One Soviet procedure session: the position (changed as the procedure runs), the
    component data, the dice and the solver."""

    sc: Any
    data: DataSet
    seed: int | None = None
    rolls: list[int] | None = None
    solver: Solver = None  # type: ignore[assignment]
    dice: Dice = None  # type: ignore[assignment]
    log: list[dict[str, Any]] = field(default_factory=list)
    command_value: int = 0
    stavka: bool = False
    active_reserves: list[str] = field(default_factory=list)
    done: set[str] = field(default_factory=set)
    cup: list[int] = field(default_factory=list)
    rng: random.Random = None  # type: ignore[assignment]
    #: moves refused by 9.23d, per unit (the hex, the units it would cut off)
    cut_notes: dict[str, list] = field(default_factory=dict)
    #: moves refused by 9.23b, per unit (the hex, the towns it would expose)
    town_notes: dict[str, list] = field(default_factory=dict)
    #: the Terrain Effects Chart of the movement costs (None: ``tec_chart()``)
    tec: Tec | None = None
    #: answers already given, by question (``ask``)
    memo: dict = field(default_factory=dict)
    #: what became of the army objective markers (9.13), in order
    aobj_log: list = field(default_factory=list)

    def __post_init__(self) -> None:
        self.sc = self.sc.model_copy(deep=True)
        self.solver = self.solver or Solver(self.sc.game)
        self.dice = Dice(sides=10, count=1, seed=self.seed, rolls=self.rolls)
        self.rng = random.Random(self.seed)
        self.cup = [c.id for c in self.data.chits]

    # -- asking the encodings --
    def ask(self, query: str, extra: list[clingo.Symbol], anchors: set[str] = frozenset()):
        """The answer of ``query`` on the position as it stands. The same question on the
        same position (the same object, with the same lists the procedure appends to) is
        answered once: the procedure asks some of them again for every candidate hex."""
        sc = self.sc
        key = (query, tuple(sorted(map(str, extra))), frozenset(anchors), self.command_value,
               tuple(sc.moved), tuple(sc.checked_targets), tuple(sc.placed_from_reserve))
        seen = self.memo.get(key)
        if seen is not None and seen[0] is sc:
            return seen[1]
        answer = self._ask(query, extra, anchors)
        self.memo[key] = (sc, answer)
        return answer

    def _ask(self, query: str, extra: list[clingo.Symbol], anchors: set[str]):
        facts = bot_facts(self.sc, self.data, anchors, self.tec) + extra
        facts.append(F("b_cv", [N(self.command_value)]))
        if query in SUPPLY_QUERIES:  # supply.lp traces from the hexes it is asked about
            facts += [F("probe", [S(h)]) for h in sorted(self.sc.map.hexes)]
            if F("b_garrison_zoc", []) in extra:  # 15.21: a moment the garrisons' ZOC counts
                facts.append(F("moment", [F("garrison")]))
        return self.solver.solve(self.sc, query, extra=facts)

    def unit(self, uid: str):
        return next((u for u in self.sc.units if u.id == uid), None)

    def sel_key(self, uid: str, descending: bool = False) -> tuple:
        u = self.unit(uid) or next((r for r in self.sc.reserve_box if r.id == uid), None)
        from adjudicator.games.eak.botfacts import army_number
        s = selector(getattr(u, "selector", None))
        # 2.21: equal selectors: the lower numbered army first
        return (-s if descending else s, army_number(getattr(u, "army", "") or ""), uid)

    # -- changing the position (its models are frozen: each change is a new position) --
    def set_unit(self, uid: str, **changes: Any) -> None:
        units = [u.model_copy(update=changes) if u.id == uid else u for u in self.sc.units]
        self.sc = self.sc.model_copy(update={"units": units})

    def remove_unit(self, uid: str) -> None:
        self.sc = self.sc.model_copy(update={"units": [u for u in self.sc.units
                                                       if u.id != uid]})

    def set_hex(self, hex_id: str, **changes: Any) -> None:
        hexes = dict(self.sc.map.hexes)
        hexes[hex_id] = hexes[hex_id].model_copy(update=changes)
        self.sc = self.sc.model_copy(update={"map": self.sc.map.model_copy(
            update={"hexes": hexes})})

    def roll(self, purpose: str) -> int:
        r = self.dice.roll(purpose).total
        return 10 if r == 0 else r


# --- 8.1 Card selection -----------------------------------------------------------------
def select_card(bot: Bot, drawn: list[str], event_blocked: bool = False) -> dict[str, Any]:
    """8.1: which of the drawn cards is the command card, whether the auxiliary card's
    event fires, and the first command of the command card that can be carried out."""
    unknown = [c for c in drawn if c not in bot.data.cards]
    if unknown:
        return {"error": f"card(s) not in the component data: {', '.join(unknown)}"}
    facts = card_facts(bot.data, drawn)
    facts += [F("b_drawn", [S(c), N(i)]) for i, c in enumerate(drawn, 1)]
    ans = bot.ask("botcard", facts)
    rows = (ans.rows("bot_cand", 2), ans.rows("bot_pref", 4))
    trail: list = []
    if len(drawn) == 1:
        command, aux = drawn[0], None
        how = {"rule": "8.0", "says": "only one card in the draw pile: it is the command card"}
    else:
        cands, prefs = _prefs(rows, "card")
        command, trail = prefer(cands, prefs, ["a", "b", "c"],
                                {"a": "the Primary card", "b": "the higher Command Value",
                                 "c": "the lower card id number"}, "8.1")
        aux = next(c for c in drawn if c != command)
        how = trail[0] if trail else {"rule": "8.1", "says": "tied"}
    out: dict[str, Any] = {"drawn": drawn, "command": command, "auxiliary": aux,
                           "decided_by": how, "trail": trail, "rules": ["8.1", "8.3"]}
    facts2 = card_facts(bot.data, drawn) + [F("b_command", [S(command)])]
    if aux:
        facts2.append(F("b_aux", [S(aux)]))
    if event_blocked and aux:
        facts2 += [F("b_event_blocked", [S(aux), N(i)])
                   for i in range(1, len(bot.data.cards[aux].commands) + 1)]
    ans2 = bot.ask("botcard", facts2)
    fires = ans2.rows("aux_fires", 3)
    out["auxiliary_event"] = (
        {"fires": True, "command": fires[0][1],
         "event": bot.data.cards[aux].commands[fires[0][1] - 1].event, "rules": ["8.1"]}
        if fires else
        {"fires": False, "rules": ["8.1"],
         "why": ("only a special event (not implemented from the auxiliary card)"
                 if ans2.rows("aux_special", 3) else "no command event valid on this turn")
         if aux else "no auxiliary card"})
    perf = sorted({(i, r) for c, i, r in ans2.rows("performable", 3) if c == command})
    cmds = bot.data.cards[command].commands
    out["commands"] = [{"n": i, "kind": c.kind, "arg": c.army or c.front or c.event,
                        "performable": any(p == i for p, _ in perf),
                        "rules": [r for p, r in perf if p == i] or ["8.1"]}
                       for i, c in enumerate(cmds, 1)]
    out["command_done"] = next((c for c in out["commands"] if c["performable"]), None)
    bot.command_value = bot.data.cards[command].command_value
    return out


# --- 8.13 Activation ------------------------------------------------------------------
def activate(bot: Bot, command: dict[str, Any], card: str) -> dict[str, Any]:
    """8.13: the units an activation command activates (set active in the position)."""
    kind = command["kind"]
    arg = command["arg"]
    argsym = F(arg) if kind == "front" else (S(arg) if arg else F("none"))
    doing = [F("b_doing", [const(kind), argsym])]
    bot.stavka = kind == "stavka"
    ans = bot.ask("botactivate", doing, anchors={"1923"})
    out: dict[str, Any] = {"card": card, "kind": kind, "arg": arg, "rules": ["8.13"],
                           "choices": []}
    units: set[str] = set()
    reserves: set[str] = set()
    if kind == "army_units" or kind == "army-units":
        rows = (ans.rows("bot_cand", 2), ans.rows("bot_pref", 4))
        cands, prefs = _prefs(rows, "army_units")
        members = defaultdict(list)
        for _s, h, u in ans.rows("stack_member", 3):
            members[h].append(u)
        texts = {"a": "supplied", "b": "not surrounded", "c": "highest total strength",
                 "c2": "most units", "d": "lowest selector"}
        for pick in range(2):
            if not cands:
                break
            chosen, trail = prefer(cands, prefs, ["a", "b", "c", "c2", "d"], texts)
            if chosen is None:
                chosen = sorted(cands)[0]
            out["choices"].append({"pick": pick + 1, "hex": chosen, "units": members[chosen],
                                   "candidates": sorted(cands), "trail": trail,
                                   "rules": ["8.13", "8.3"]})
            units.update(members[chosen])
            cands = [c for c in cands if c != chosen]
    elif kind == "front" and bot.sc.turn >= 8 and (late := front_late_units(bot, arg)):
        out["choices"].append(late)
        units.update(x["unit"] for x in late["units"])
        out["rules"] = ["8.13", "9.3", "9.8"]
    else:
        rows = (ans.rows("bot_cand", 2), ans.rows("bot_pref", 4))
        cands, prefs = _prefs(rows, "front_army")
        if cands:
            chosen, trail = prefer(cands, prefs, ["most", "closest", "lowest"],
                                   {"most": "the army with the most units",
                                    "closest": "a supplied unit closest to the card's mark",
                                    "lowest": "the lowest numbered army"}, "8.13")
            out["choices"].append({"army": chosen, "candidates": sorted(cands),
                                   "trail": trail, "rules": ["8.13", "8.3"]})
            ans = bot.ask("botactivate", doing + [F("b_front_army", [S(chosen)])],
                          anchors={"1923"})
        units.update(u for u, _r in ans.rows("activates", 2))
    reserves.update(u for u, _r in ans.rows("activates_res", 2))
    for uid in units:
        bot.set_unit(uid, active=True)
    out["active"] = sorted(units, key=bot.sel_key)
    out["active_reserves"] = sorted(reserves, key=bot.sel_key)
    bot.active_reserves = list(out["active_reserves"])
    return out


def front_late_units(bot: Bot, front: str) -> dict[str, Any] | None:
    """8.13, Front card from game-turn 8: the front's units on the map beyond the
    operational limit (the position's ``beyond_limit``, 9.8) or nearly surrounded (9.3,
    botterms.lp); reserves are not activated. None when no unit qualifies (the card then
    activates by the game-turn 4-7 rule)."""
    sc = bot.sc
    mine = [u for u in sc.units if u.side == "soviet" and u.front == front
            and u.hex in sc.map.hexes]
    if not mine:
        return None
    beyond = set(sc.beyond_limit)
    germans = [F("b_reacher", [S(u.id)]) for u in sc.units
               if u.side == "german" and u.hex in sc.map.hexes]
    t = bot.ask("botterms", germans)
    nearly = {w for w, _v, _x, _r in t.rows("nearly_surrounded", 4)}
    picked = []
    for u in sorted(mine, key=lambda x: bot.sel_key(x.id)):
        why = [w for w, ok in (("beyond the operational limit", u.hex in beyond),
                               ("nearly surrounded", u.id in nearly)) if ok]
        if why:
            picked.append({"unit": u.id, "hex": u.hex, "why": " and ".join(why)})
    if not picked:
        return None
    return {"rule": "8+", "units": picked,
            "why": "game-turn 8 on: the front's units beyond the operational limit or nearly "
                   "surrounded (no reserves)", "rules": ["8.13", "9.3", "9.8"]}


# --- 9.2 Movement ----------------------------------------------------------------------
def probe_hexes(sc: Any) -> list[str]:
    """The hexes the movement methods ask supply and German proximity of: Soviet VP hexes
    (method 5), garrisoned hexes (method 9) and map-edge VP hexes (method 1b, 9.23c)."""
    out = []
    for h, spec in sorted(sc.map.hexes.items()):
        if spec.vp and (spec.owner == "soviet" or sc.grid.on_edge(h)) or spec.garrison:
            out.append(h)
    return out


def probe_facts(bot: Bot) -> list[clingo.Symbol]:
    """b_gprox / b_gsup / b_ssup of the probed hexes (asp/eak/botprobe.lp), for the
    movement question."""
    hexes = probe_hexes(bot.sc)
    if not hexes:
        return []
    extra = [F("b_probe_hex", [S(h)]) for h in hexes] + [F("probe", [S(h)]) for h in hexes]
    extra += [F("b_reacher", [S(u.id)]) for u in bot.sc.units
              if u.side == "german" and u.hex in bot.sc.map.hexes]
    ans = bot.ask("botprobe", extra)
    out = []
    for pred, fact in (("probe_gprox", "b_gprox"), ("probe_gsup", "b_gsup"),
                       ("probe_ssup", "b_ssup")):
        out += [F(fact, [S(h)]) for h, _r in ans.rows(pred, 2)]
    return out


def _move_answer(bot: Bot, movers: list[str], more: list[clingo.Symbol] | None = None):
    extra = [F("b_mover", [S(u)]) for u in movers]
    return bot.ask("botmove", extra + probe_facts(bot) + (more or []))


def supply_line_facts(bot: Bot, uid: str, dests: list[str],
                      probe_hexes_m3: set[str]) -> list[clingo.Symbol]:
    """9.21 method 3's traces (botmove.lp): which Soviet units can trace supply now
    (b_trace_asked, b_traces_now) and, for each that cannot, whether it could with
    ``uid`` in each hex of ``dests`` (b_traces_with; ``uid`` itself traced from there).
    One supply question for the position, then, while some unit cannot trace and the
    Soviets have a supply head, one per destination: every destination if ``uid`` itself
    cannot trace, else those of ``probe_hexes_m3`` (m3_probe of botmove.lp)."""
    units = [u for u in bot.sc.units if u.side == "soviet" and u.hex in bot.sc.map.hexes]
    hexes = sorted({u.hex for u in units})
    probe = [F("b_probe_hex", [S(h)]) for h in hexes] + [F("probe", [S(h)]) for h in hexes]
    ans = bot.ask("botprobe", probe)
    now = {h for h, _r in ans.rows("probe_ssup", 2)}
    out = [F("b_trace_asked", [S(u.id)]) for u in units]
    out += [F("b_traces_now", [S(u.id)]) for u in units if u.hex in now]
    unable = [u for u in units if u.hex not in now]
    if not unable or not any(s == "soviet" for s, _r in ans.rows("probe_head", 2)):
        return out
    if bot.unit(uid).hex in now:  # the mover traces: only the hexes that may open a path
        dests = [x for x in dests if x in probe_hexes_m3]
    saved = bot.sc
    for x in dests:
        bot.set_unit(uid, hex=x)
        try:
            where = {u.id: (x if u.id == uid else u.hex) for u in unable}
            after = _soviet_supply(bot, sorted(set(where.values())))
        finally:
            bot.sc = saved
        out += [F("b_traces_with", [S(uid), S(x), S(v)]) for v, h in sorted(where.items())
                if h in after]
    return out


def _supply_reaches(bot: Bot, hexes: list[str], shown: str) -> set[str]:
    """The hexes of ``hexes`` one side's supply can be traced to (botprobe.lp, 13.1):
    ``shown`` is the side's answer predicate, ``probe_gsup`` or ``probe_ssup``."""
    if not hexes:
        return set()
    extra = [F("b_probe_hex", [S(h)]) for h in hexes] + [F("probe", [S(h)]) for h in hexes]
    return {h for h, _r in bot.ask("botprobe", extra).rows(shown, 2)}


def _german_supply(bot: Bot, hexes: list[str]) -> set[str]:
    """The hexes of ``hexes`` German supply can be traced to (botprobe.lp, 13.1)."""
    return _supply_reaches(bot, hexes, "probe_gsup")


def supply_cut_facts(bot: Bot, uid: str, dests: list[str]) -> list[clingo.Symbol]:
    """9.21 method 4 preference (c)'s traces (botmove.lp): the German units German supply
    reaches now (b_gtraces_now) and, for each hex of ``dests``, those it would still
    reach with ``uid`` there (b_gtraces_with)."""
    units = [u for u in bot.sc.units if u.side == "german" and u.hex in bot.sc.map.hexes]
    hexes = sorted({u.hex for u in units})
    now = _german_supply(bot, hexes)
    out = [F("b_gtraces_now", [S(u.id)]) for u in units if u.hex in now]
    if not now:
        return out
    saved = bot.sc
    for x in dests:
        bot.set_unit(uid, hex=x)
        try:
            after = _german_supply(bot, sorted(now))
        finally:
            bot.sc = saved
        out += [F("b_gtraces_with", [S(uid), S(x), S(u.id)]) for u in units if u.hex in after]
    return out


def _pair_label(x: str | None, v: str) -> str:
    return f"{x or 'stay'}>{v}"


def _method_stage(ans, step, method: int, cands: list[str], start: str | None,
                  family: str = "m"):
    """The method's own preferences (9.21) among the destinations ``cands``: returns the
    choice (or None), the trail, the destinations kept and whether the unit's own hex
    won (a "does not move" clause that compares targets). For a method of PAIR_METHODS
    the preferences rank (destination, target) pairs, shown as "X>V" ("stay>V": the
    unit's own hex next to V)."""
    letters, texts, paired = _letters(family, method)
    rule = {"a": "9.26", "u": "9.27", "b": "9.22"}.get(family, "9.21")
    if not paired:
        prefs: dict[str, dict[str, int]] = defaultdict(dict)
        for s, c, letter, v in ans.rows("bot_pref", 4):
            if s == step:
                prefs[c][letter] = v
        chosen, t = prefer(cands, prefs, letters, texts, rule)
        kept = [chosen] if chosen else (t[-1]["kept"] if t else cands)
        return chosen, t, kept, False
    pairs: dict[str, tuple[str | None, str]] = {}
    for s, x, v in ans.rows("bot_pair", 3):
        if s == step and x in cands:
            pairs[_pair_label(x, v)] = (x, v)
    for s, v in ans.rows("bot_pair_stay", 2):
        if s == step:
            pairs[_pair_label(None, v)] = (None, v)
    pprefs: dict[str, dict[str, int]] = defaultdict(dict)
    for s, x, v, letter, n in ans.rows("bot_ppref", 5):
        if s == step:
            pprefs[_pair_label(None if x == start else x, v)][letter] = n
    chosen, t = prefer(list(pairs), pprefs, letters, texts, rule)
    kept_pairs = [chosen] if chosen else (t[-1]["kept"] if t else sorted(pairs))
    if any(pairs[p][0] is None for p in kept_pairs):
        return None, t, [], True
    kept = sorted({pairs[p][0] for p in kept_pairs})
    return (kept[0] if len(kept) == 1 else None), t, kept, False


def choose_destination(ans, uid: str, method: int, reading: str | None = "method-first",
                       start: str | None = None, family: str = "m",
                       exclude: dict[str, list[str]] | None = None) -> dict[str, Any] | None:
    """One unit's destination by one method: the method's candidates less the
    restricted ones (9.23), the method's preferences, then 9.25 where the remaining
    candidates end next to a German unit, then 9.24. ``stay`` is true when a "does not
    move" clause that compares targets keeps the unit in ``start``."""
    step = clingo.Function(family, [N(method), S(uid)])
    if _letters(family, method)[2]:
        cands = sorted({x for s, x, _v in ans.rows("bot_pair", 3) if s == step})
        stays = [v for s, v in ans.rows("bot_pair_stay", 2) if s == step]
    else:
        cands = [c for s, c in ans.rows("bot_cand", 2) if s == step]
        stays = []
    if not cands and not stays:
        return None
    restricted = defaultdict(list)
    for u, x, r in ans.rows("restricted", 3):
        if u == uid:
            restricted[x].append(r)
    for x in exclude or {}:  # 9.23d, found by the procedure (hypothetical supply)
        restricted[x].append("9.23")
    trail: list[dict[str, Any]] = []
    out_r = sorted(c for c in cands if c in restricted)
    if out_r:
        trail.append({"letter": "9.23", "rule": "9.23", "says": "restrictions on the move",
                      "kept": sorted(set(cands) - set(out_r)), "eliminated": out_r})
    alive = sorted(set(cands) - set(out_r))
    if not alive and not stays:
        return {"method": method, "candidates": sorted(cands), "trail": trail, "to": None}
    tac: dict[str, dict[str, int]] = defaultdict(dict)
    tactical = set()
    for u, x, letter, v in ans.rows("bot_tac", 4):
        if u == uid:
            tac[x][letter] = v
            tactical.add(x)
    tie: dict[str, dict[str, int]] = defaultdict(dict)
    for u, x, letter, v in ans.rows("bot_tie", 4):
        if u == uid:
            tie[x][letter] = v
    chosen: str | None = None
    remaining = alive
    order = ["method", "tactical"]
    if reading == "tactical-first":
        order.reverse()
    for kind in order:
        if chosen is not None:
            break
        if kind == "method":
            chosen, t, remaining, stay = _method_stage(ans, step, method, remaining, start,
                                                       family)
            trail += t
            if stay:
                return {"method": method, "candidates": sorted(cands), "trail": trail,
                        "to": None, "stay": True}
            continue
        if not remaining or not all(c in tactical for c in remaining):
            continue
        chosen, t = prefer(remaining, tac, TACTICAL, TAC_TEXT, "9.25")
        trail += t
        remaining = [chosen] if chosen else (t[-1]["kept"] if t else remaining)
    if not remaining:
        return {"method": method, "candidates": sorted(cands), "trail": trail, "to": None}
    if chosen is None:
        chosen, t3 = prefer(remaining, tie, TIEBREAK, TIE_TEXT, "9.24")
        trail += t3
        if chosen is None:
            chosen = sorted(remaining)[-1]
    shifted = None
    if chosen in tactical:  # 9.25: another hex next to the same German unit may be better
        free = sorted({x for u, x in ans.rows("bot_reach", 2) if u == uid} - set(restricted))
        better, t4 = tactical_shift(ans, uid, chosen, free, tac, tie)
        if better != chosen:
            trail += t4
            shifted, chosen = chosen, better
    out = {"method": method, "candidates": sorted(cands), "trail": trail, "to": chosen,
           "adjacent_to_german": chosen in tactical}
    if shifted:
        out["shifted_from"] = shifted
    return out


def tactical_shift(ans, uid: str, x: str, free: list[str], tac: dict[str, dict[str, int]],
                   tie: dict[str, dict[str, int]]) -> tuple[str, list[dict[str, Any]]]:
    """9.25 (and its examples 1-3): a unit that would end in (or, told not to move, stays
    in) ``x`` next to a German unit goes instead to a hex of ``free`` next to that same
    German unit when the tactical preferences (a)-(f) rank it above ``x``, even if the
    method does not name it (the move still keeps to the movement rules and 9.23); among
    several such hexes, 9.24 decides. Returns ``x`` itself when no hex ranks above it."""
    near: dict[str, set] = defaultdict(set)
    for u, h, g in ans.rows("tac_next", 3):
        if u == uid:
            near[h].add(g)
    germans = near.get(x, set())
    pool = sorted({y for y in free if near.get(y, set()) & germans} | {x})
    if len(pool) <= 1:
        return x, []
    best, trail = prefer(pool, tac, TACTICAL, TAC_TEXT, "9.25")
    kept = [best] if best else (trail[-1]["kept"] if trail else pool)
    if x in kept:
        return x, []
    if best is None:
        best, t2 = prefer(kept, tie, TIEBREAK, TIE_TEXT, "9.24")
        trail += t2
        best = best or sorted(kept)[-1]
    note = {"letter": "shift", "rule": "9.25",
            "says": f"a hex next to the same German unit ranks above {x} (9.25)",
            "kept": [best], "eliminated": [x]}
    return best, [note, *trail]


#: the "does not move" clauses that 9.25 may override (those the text marks "except as
#: directed by 9.25": a unit starting next to a German unit or German VP hex), by section
SHIFT_STAYS = {"9.21": {2, 6, 7, 8}, "9.22": {5, 8}, "9.26": {2, 3}}


def stay_shift(bot: Bot, ans, uid: str, start: str) -> dict[str, Any] | None:
    """9.25 for a unit a method tells not to move while it is next to a German unit (its
    example 3): the hex it moves to instead, or None. The move keeps to 9.23."""
    tac: dict[str, dict[str, int]] = defaultdict(dict)
    tie: dict[str, dict[str, int]] = defaultdict(dict)
    for u, x, letter, v in ans.rows("bot_tac", 4):
        if u == uid:
            tac[x][letter] = v
    if start not in tac:
        return None
    for u, x, letter, v in ans.rows("bot_tie", 4):
        if u == uid:
            tie[x][letter] = v
    restricted = {x for u, x, _r in ans.rows("restricted", 3) if u == uid}
    free = sorted({x for u, x in ans.rows("bot_reach", 2) if u == uid} - restricted)
    exclude: set[str] = set()
    while True:
        better, trail = tactical_shift(ans, uid, start, [x for x in free if x not in exclude],
                                       tac, tie)
        if better == start:
            return None
        if towns_opened(bot, uid, better) or supply_lost(bot, uid, better):  # 9.23 b, d
            exclude.add(better)
            continue
        return {"to": better, "trail": trail, "candidates": [better],
                "adjacent_to_german": True, "shifted_from": start}


def supply_lost(bot: Bot, uid: str, to: str) -> list[str]:
    """9.23d (game-turn 4 on): the Soviet units that can trace supply now and could not
    with ``uid`` in ``to`` (the mover included); none for a move into a German VP hex."""
    spec = bot.sc.map.hexes.get(to)
    if bot.sc.turn < 4 or (spec is not None and spec.vp and spec.owner == "german"):
        return []
    return traces_lost(bot, uid, to)


def traces_lost(bot: Bot, uid: str, to: str) -> list[str]:
    """The Soviet units that can trace supply now (13.1) and could not with ``uid`` in
    ``to`` (``uid`` itself traced from ``to``)."""
    units = [u for u in bot.sc.units if u.side == "soviet" and u.hex in bot.sc.map.hexes]
    before = _soviet_supply(bot, sorted({u.hex for u in units}))
    saved = bot.sc
    bot.set_unit(uid, hex=to)
    try:
        after = _soviet_supply(bot, sorted({u.hex for u in bot.sc.units
                                            if u.side == "soviet"
                                            and u.hex in bot.sc.map.hexes}))
    finally:
        bot.sc = saved
    return sorted(u.id for u in units if u.hex in before
                  and (to if u.id == uid else u.hex) not in after)


def _towns_threatened(bot: Bot) -> set[str]:
    """The empty or garrisoned Soviet towns and cities a German unit is proximate to or
    (game-turn 4 on) German supply reaches (botprobe.lp)."""
    sc = bot.sc
    held = {u.hex for u in sc.units}
    towns = [h for h, spec in sorted(sc.map.hexes.items())
             if spec.terrain in ("town", "city") and spec.owner == "soviet" and h not in held]
    if not towns:
        return set()
    extra = [F("b_probe_hex", [S(h)]) for h in towns] + [F("probe", [S(h)]) for h in towns]
    extra += [F("b_reacher", [S(u.id)]) for u in sc.units
              if u.side == "german" and u.hex in sc.map.hexes]
    ans = bot.ask("botprobe", extra)
    out = {h for h, _r in ans.rows("probe_gprox", 2)}
    if sc.turn >= 4:
        out |= {h for h, _r in ans.rows("probe_gsup", 2)}
    return out


def towns_opened(bot: Bot, uid: str, to: str) -> list[str]:
    """9.23b: the empty or garrisoned Soviet towns and cities that a German unit would
    become proximate to, or (turn 4 on) German supply would reach, with ``uid`` in
    ``to``, and not so before the move."""
    before = _towns_threatened(bot)
    saved = bot.sc
    bot.set_unit(uid, hex=to)
    try:
        after = _towns_threatened(bot)
    finally:
        bot.sc = saved
    return sorted(after - before)


def choose_checked(bot: Bot, ans, uid: str, method: int, start: str,
                   family: str = "m") -> dict[str, Any] | None:
    """choose_destination, then 9.23b and d on the hex chosen: a move that would expose an
    empty or garrisoned Soviet town or city to German units or German supply, or leave a
    Soviet unit unable to trace supply, is not made, and the next preferred hex is
    taken."""
    exclude: dict[str, list[str]] = {}
    exposed: dict[str, list[str]] = {}
    while True:
        pick = choose_destination(ans, uid, method, _reading(bot, "9.25"), start, family,
                                  exclude)
        if pick is None or not pick.get("to"):
            break
        opened = towns_opened(bot, uid, pick["to"])
        if opened:
            exclude[pick["to"]] = []
            exposed[pick["to"]] = opened
            continue
        lost = supply_lost(bot, uid, pick["to"])
        if not lost:
            break
        exclude[pick["to"]] = lost
    if pick is not None and exposed:
        pick["towns_exposed"] = [{"hex": h, "towns": v, "rule": "9.23"}
                                 for h, v in sorted(exposed.items())]
        if not pick.get("to"):
            bot.town_notes.setdefault(uid, []).extend(
                {"method": method, **c} for c in pick["towns_exposed"])
    exclude = {h: v for h, v in exclude.items() if h not in exposed}
    if pick is not None and exclude:
        pick["supply_cut"] = [{"hex": h, "units": v, "rule": "9.23"}
                              for h, v in sorted(exclude.items())]
        if not pick.get("to"):
            bot.cut_notes.setdefault(uid, []).extend(
                {"method": method, **c} for c in pick["supply_cut"])
    return pick


def army_objective_check(bot: Bot, entered: str | None = None,
                         activated: list[str] | None = None) -> list[dict[str, Any]]:
    """9.13 (asp/eak/botaobj.lp): a marker waiting for its army's first activation is
    placed when that army is among ``activated``; an army objective marker whose hex a
    Soviet unit has just entered (``entered``) goes on to the next hex on its back or
    leaves play; one whose front objective marker is gone leaves play. Changes the
    position and returns (and logs) what happened."""
    if not any(o.army for o in bot.sc.objectives):
        return []
    extra = [F("b_entered", [S(entered)])] if entered else []
    extra += [F("b_activated_army", [S(a)]) for a in activated or []]
    ans = bot.ask("botaobj", extra)
    moves = {a: (h, r) for a, h, r in ans.rows("aobj_moves", 3)}
    placed = {a: r for a, _h, r in ans.rows("aobj_placed", 3)}
    gone = {a: (w, r) for a, w, r in ans.rows("aobj_removed", 3)}
    out = []
    kept = []
    for o in bot.sc.objectives:
        if o.army in gone:
            why, rule = gone[o.army]
            out.append({"army": o.army, "from": o.hex, "to": None, "why": why,
                        "rules": [rule]})
            continue
        if o.army in placed:
            out.append({"army": o.army, "from": None, "to": o.hex,
                        "why": "the army's first activation", "rules": [placed[o.army]]})
            o = o.model_copy(update={"placed": True})
        elif o.army in moves:
            to, rule = moves[o.army]
            out.append({"army": o.army, "from": o.hex, "to": to,
                        "why": f"a Soviet unit entered {o.hex}", "rules": [rule]})
            o = o.model_copy(update={"hex": to, "next": o.next[1:]})
        kept.append(o)
    if out:
        bot.sc = bot.sc.model_copy(update={"objectives": kept})
        bot.aobj_log.extend(out)
    return out


def _apply_move(bot: Bot, uid: str, to: str) -> str:
    """Moves the unit; a garrison in the end hex is removed (15.3), an enemy town or city
    taken (9.21 method 1). Returns the start hex."""
    start = bot.unit(uid).hex
    bot.set_unit(uid, hex=to)
    bot.done.add(uid)
    bot.sc.moved.append(uid)
    spec = bot.sc.map.hexes.get(to)
    if spec is not None and spec.garrison:
        bot.set_hex(to, garrison=False)  # 15.3: a Soviet unit ends there
    if spec is not None and spec.owner == "german" and spec.terrain in ("town", "city"):
        bot.set_hex(to, owner="soviet")  # 9.21 method 1: now Soviet
    army_objective_check(bot, to)
    return start


#: the short label of a move's method on the picture, by the section that lists it:
#: M (9.21 methods A), B (9.22 methods B), A (9.26 army objective methods),
#: U (9.27 unsupplied units' steps)
SECTION_LABEL = {"9.21": "M", "9.22": "B", "9.26": "A", "9.27": "U"}


def method_name(rec: dict[str, Any]) -> str:
    """How a record's method is named in text: "9.21 method 11", "9.27 step 1"."""
    section = rec.get("section", "9.21")
    word = "step" if section == "9.27" else "method"
    return f"{section} {word} {rec['method']}"


def _where(number: int, rule: str) -> dict[str, Any]:
    return {"method": number, "section": rule,
            "label": f"{SECTION_LABEL.get(rule, 'M')}{number}"}


def _stay_record(uid: str, hex_id: str, number: int, title: str, pick: dict | None,
                 rule: str) -> dict[str, Any]:
    if pick is not None and pick.get("stay"):
        return {"unit": uid, "from": hex_id, "to": None, **_where(number, rule),
                "title": title, "candidates": pick["candidates"], "trail": pick["trail"],
                "why": "its own hex serves the most preferred target: it does not move by "
                       "this or any later method", "rules": [rule, "8.3"]}
    return {"unit": uid, "from": hex_id, "to": None, **_where(number, rule), "title": title,
            "why": "its hex already satisfies the method: it does not move by this or any "
                   "later method", "rules": [rule]}


def _move_record(bot: Bot, uid: str, start: str, pick: dict, number: int, title: str,
                 rule: str, skips: bool = False) -> dict[str, Any]:
    extra = {k: pick[k] for k in ("supply_cut", "towns_exposed", "shifted_from")
             if pick.get(k)}
    return {**extra, "unit": uid, "from": start, "to": pick["to"], **_where(number, rule),
            "title": title,
            "candidates": pick["candidates"], "trail": pick["trail"], "skips_4_9": skips,
            "reading": {"9.25": _reading(bot, "9.25")},
            "rules": sorted({"9.2", rule, "9.23", "9.24"}
                            | ({"9.25"} if pick.get("adjacent_to_german") else set()),
                            key=rule_key)}


def army_objective_moves(bot: Bot, units: list[str]) -> list[dict[str, Any]]:
    """9.26: the active units with an Army Objective, one at a time in descending selector
    order, each trying the four methods of 9.26 in turn."""
    out = []
    for uid in sorted(units, key=lambda x: bot.sel_key(x, True)):
        ans = _move_answer(bot, [uid])
        unit = bot.unit(uid)
        decided = False
        for number, family, step_no, title in METHODS_ARMY:
            pick = choose_checked(bot, ans, uid, step_no, unit.hex, family)
            stays = [r for n, u, r in ans.rows("bot_stay", 3)
                     if family == "m" and n == step_no and u == uid]
            if (pick is not None and pick.get("stay")) or stays:
                shift = (stay_shift(bot, ans, uid, unit.hex)
                         if number in SHIFT_STAYS["9.26"] else None)
                if shift is not None:
                    start = _apply_move(bot, uid, shift["to"])
                    rec = _move_record(bot, uid, start, shift, number, title, "9.26")
                    out.append(rec)
                    decided = True
                    break
                rec = _stay_record(uid, unit.hex, number, title, pick, "9.26")
                if pick is not None and pick.get("stay") and number == 3:
                    rec["why"] = ("it starts next to the German unit in or closest to the "
                                  "army objective: it does not move at all")
                out.append(rec)
                decided = True
                break
            if pick is None or pick["to"] is None:
                continue
            start = _apply_move(bot, uid, pick["to"])
            rec = _move_record(bot, uid, start, pick, number, title, "9.26")
            rec["step"] = f"9.21 method {step_no}" if family == "m" else "9.26"
            out.append(rec)
            decided = True
            break
        bot.done.add(uid)
        if not decided:
            out.append({"unit": uid, "from": unit.hex, "to": None, "method": None,
                        "why": "no method of 9.26 moves it", "rules": ["9.26"]})
    return out


def _methods_a(bot: Bot, only: list[str] | None = None) -> list[dict[str, Any]]:
    """9.21: the methods in order, all eligible units by each (``only``: these units)."""
    decisions: list[dict[str, Any]] = []
    sc = bot.sc
    ans = None
    for number, order, title, encoded in METHODS_A:
        if not encoded:
            continue
        movers = [u.id for u in sc.units if u.side == "soviet" and u.active
                  and u.id not in bot.done and u.hex in sc.map.hexes
                  and (only is None or u.id in only)]
        for uid in sorted(movers, key=lambda x: bot.sel_key(x, order == "desc")):
            if uid in bot.done:
                continue
            live = [m for m in movers if m not in bot.done]
            if ans is None:
                ans = _move_answer(bot, live)
            stays = [r for n, u, r in ans.rows("bot_stay", 3) if n == number and u == uid]
            unit = bot.unit(uid)
            asked = ans
            if number == 3 and sc.turn >= 3:  # the traces method 3 reads (from turn 3)
                dests = sorted(x for u, x in ans.rows("bot_reach", 2) if u == uid)
                opening = {x for u, x in ans.rows("m3_probe", 2) if u == uid}
                asked = _move_answer(bot, live, supply_line_facts(bot, uid, dests, opening))
            if number == 4:  # the German traces preference (c) reads, for its candidates
                step = clingo.Function("m", [N(4), S(uid)])
                cands = sorted(x for t, x in ans.rows("bot_cand", 2) if t == step)
                if len(cands) > 1:
                    asked = _move_answer(bot, live, supply_cut_facts(bot, uid, cands))
            pick = choose_checked(bot, asked, uid, number, unit.hex)
            if (pick is not None and pick.get("stay")) or stays:
                shift = (stay_shift(bot, asked, uid, unit.hex)
                         if number in SHIFT_STAYS["9.21"] else None)
                if shift is not None:
                    start = _apply_move(bot, uid, shift["to"])
                    sc = bot.sc
                    decisions.append(_move_record(bot, uid, start, shift, number, title,
                                                  "9.21"))
                    ans = None
                    continue
                bot.done.add(uid)
                decisions.append(_stay_record(uid, unit.hex, number, title, pick, "9.21"))
                continue
            if pick is None or pick["to"] is None:
                continue
            skips = [r for u, r in ans.rows("skips_4_9", 2) if u == uid]
            start = _apply_move(bot, uid, pick["to"])
            sc = bot.sc
            decisions.append(_move_record(bot, uid, start, pick, number, title, "9.21",
                                          bool(skips)))
            ans = None
    return decisions


def nearly_surrounded_at(bot: Bot, uid: str, hexes: list[str]) -> set[str]:
    """The hexes of ``hexes`` in which ``uid`` would be nearly surrounded (9.3,
    botterms.lp), asked with the unit moved there; one in which it would be surrounded
    counts too (reading 9.22 surrounded-counts)."""
    out: set[str] = set()
    sc = bot.sc
    counts = _reading(bot, "9.22") != "literal"
    costs = cost_facts(bot.tec or tec_chart(), sc.weather)
    germans = [F("b_reacher", [S(u.id)]) for u in sc.units
               if u.side == "german" and u.hex in sc.map.hexes]
    for x in hexes:
        key = ("ns", uid, x, counts)
        seen = bot.memo.get(key)
        if seen is not None and seen[0] is sc:
            hit = seen[1]
        else:
            bot.set_unit(uid, hex=x)
            try:  # botterms.lp reads the movement costs alone of the bot's facts
                t = bot.solver.solve(bot.sc, "botterms", extra=costs + germans)
            finally:
                bot.sc = sc
            hit = (any(w == uid for w, _v, _x, _r in t.rows("nearly_surrounded", 4))
                   or (counts and any(w == uid for w, _r in t.rows("ns_surrounded", 2))))
            bot.memo[key] = (sc, hit)
        if hit:
            out.add(x)
    return out


def _limit_gaps(bot: Bot, hexes: list[str]) -> list[clingo.Symbol]:
    """b_limit_gap(X,G): how many hexes from X to the nearest hex within the operational
    limit (9.22 method 6)."""
    sc = bot.sc
    beyond = set(sc.beyond_limit)
    if sc.turn < 6 or not beyond:
        return []
    within = [h for h in sc.map.hexes if h not in beyond]
    key = grid_key(sc)
    out = []
    for x in hexes:
        d = _distances(key, x)
        out.append(F("b_limit_gap", [S(x), N(min((d.get(w, 99) for w in within),
                                                 default=99))]))
    return out


def _b_answer(bot: Bot, live: list[str], uid: str, number: int):
    """The movement question for ``uid`` by 9.22 method ``number``, with what the method
    reads from questions of their own: the nearly surrounded hexes it names (ns_ask),
    the gaps to the operational limit (method 6), the supply traces (methods 2 and 7),
    the unit's second reach and the Soviet supply of its candidates (method 11)."""
    sc = bot.sc
    extra = [F("b_mover", [S(u)]) for u in live] + probe_facts(bot)
    # every question of 9.22 gives the same kinds of facts (a "none" stands for a kind
    # not wanted), so one rewritten encoding serves them all (adjudicator/solver.py)
    extra += [F("b_step", [N(number if number in NS_METHODS else 0)]),
              F("b_ns_known", [S("none")]), F("b_ns", [S("none"), S("none")]),
              F("b_prox_mover", [S("none")]), F("b_kharkov", [S("none")]),
              F("b_limit_gap", [S("none"), N(0)])]
    anchors: set[str] = set()
    if number == 11:
        extra.append(F("b_prox_mover", [S(uid)]))
        anchors = {h for h, spec in sc.map.hexes.items() if spec.vp and spec.owner == "german"}
    kh = [h for h, spec in sc.map.hexes.items() if (spec.name or "").lower() == "kharkov"]
    extra += [F("b_kharkov", [S(h)]) for h in kh]
    ans = bot.ask("botmove", extra, anchors)
    if number == 6:
        reach = sorted({x for u, x in ans.rows("bot_reach", 2) if u == uid})
        extra += _limit_gaps(bot, [bot.unit(uid).hex, *reach])
    if number == 2:
        dests = sorted(x for u, x in ans.rows("bot_reach", 2) if u == uid)
        opening = {x for u, x in ans.rows("m3_probe", 2) if u == uid}
        extra += supply_line_facts(bot, uid, dests, opening)
    known: set[str] = set()
    ns: set[str] = set()
    if number in NS_METHODS:
        extra.append(F("b_ns_known", [S(uid)]))
    # the start hex first, then the hexes its answer names
    for _ in range(3 if number in NS_METHODS else 1):
        ans = bot.ask("botmove", extra + [F("b_ns", [S(uid), S(x)]) for x in sorted(ns)],
                      anchors)
        asks = {x for u, x in ans.rows("ns_ask", 2) if u == uid} - known
        if not asks:
            break
        ns |= nearly_surrounded_at(bot, uid, sorted(asks))
        known |= asks
    extra += [F("b_ns", [S(uid), S(x)]) for x in sorted(ns)]
    if number == 7:
        step = clingo.Function("b", [N(7), S(uid)])
        cands = sorted(x for t, x in ans.rows("bot_cand", 2) if t == step)
        if len(cands) > 1:
            extra += supply_cut_facts(bot, uid, cands)
            ans = bot.ask("botmove", extra, anchors)
    if number == 11:
        step = clingo.Function("b", [N(11), S(uid)])
        cands = sorted({x for t, x, _v in ans.rows("bot_pair", 3) if t == step})
        if cands:
            extra += [F("b_ssup", [S(h)]) for h in sorted(_soviet_supply(bot, cands))]
            ans = bot.ask("botmove", extra, anchors)
    return ans


def _methods_b(bot: Bot, only: list[str]) -> list[dict[str, Any]]:
    """9.22: the methods in order, all eligible units of ``only`` by each, in the
    method's selector order. Soviet Desperation (fewer than 19 Soviet VPs) brings method
    11 forward, after method 5; method 6 is skipped when no active unit is beyond the
    operational limit."""
    decisions: list[dict[str, Any]] = []
    seq = list(METHODS_B)
    vp = bot.sc.soviet_vp
    desperate = vp is not None and vp < DESPERATION_VP
    if desperate:
        eleven = seq.pop()
        seq.insert(5, eleven)
    for number, order, title in seq:
        sc = bot.sc
        movers = [u.id for u in sc.units if u.side == "soviet" and u.active
                  and u.id not in bot.done and u.hex in sc.map.hexes and u.id in only]
        if not movers:
            break
        if number == 6:
            probe = bot.ask("botmove", [F("b_mover", [S(u)]) for u in movers])
            if not probe.rows("b6_beyond", 1):
                continue
        for uid in sorted(movers, key=lambda x: bot.sel_key(x, order == "desc")):
            if uid in bot.done:
                continue
            live = [m for m in movers if m not in bot.done]
            ans = _b_answer(bot, live, uid, number)
            unit = bot.unit(uid)
            stays = [r for n, u, r in ans.rows("bot_stay_b", 3) if n == number and u == uid]
            pick = choose_checked(bot, ans, uid, number, unit.hex, "b")
            if stays:
                shift = (stay_shift(bot, ans, uid, unit.hex)
                         if number in SHIFT_STAYS["9.22"] else None)
                if shift is not None:
                    start = _apply_move(bot, uid, shift["to"])
                    decisions.append(_move_record(bot, uid, start, shift, number, title,
                                                  "9.22"))
                    continue
                bot.done.add(uid)
                decisions.append(_stay_record(uid, unit.hex, number, title, None, "9.22"))
                continue
            if pick is None or pick["to"] is None:
                continue
            start = _apply_move(bot, uid, pick["to"])
            rec = _move_record(bot, uid, start, pick, number, title, "9.22")
            if desperate and number == 11:
                rec["desperation"] = True
                rec["rules"] = sorted(set(rec["rules"]) | {"9.22"}, key=rule_key)
            decisions.append(rec)
    return decisions


def _soviet_supply(bot: Bot, hexes: list[str]) -> set[str]:
    """The hexes of ``hexes`` Soviet supply can be traced to (botprobe.lp, 13.1)."""
    return _supply_reaches(bot, hexes, "probe_ssup")


def unsupplied_moves(bot: Bot, units: list[str], front_obj: set[str]) -> list[dict]:
    """9.27: the active out-of-supply or isolated units, one at a time in ascending
    selector order after all other units: one that can trace supply moves by the usual
    methods (9.21); one that cannot moves to a hex in Soviet supply, else to a hex next to
    no German unit; a surrounded one, or an isolated one next to a German unit, stays."""
    out: list[dict[str, Any]] = []
    for uid in sorted(units, key=bot.sel_key):
        unit = bot.unit(uid)
        ans = bot.ask("botmove", [F("b_mover", [S(uid)])])
        stays = [r for n, u, r in ans.rows("bot_stay", 3) if n == 27 and u == uid]
        if stays:
            bot.done.add(uid)
            out.append({"unit": uid, "from": unit.hex, "to": None, "method": None,
                        "why": "unsupplied and surrounded, or isolated next to a German "
                               "unit: it does not move", "rules": ["9.27"]})
            continue
        reach = sorted(x for u, x in ans.rows("bot_reach", 2) if u == uid)
        supplied = _soviet_supply(bot, [unit.hex, *reach])
        if unit.hex in supplied:
            recs = (_methods_a(bot, [uid]) if unit.front in front_obj
                    else _methods_b(bot, [uid]))
            for r in recs:
                r["rules"] = sorted(set(r["rules"]) | {"9.27"}, key=rule_key)
            out += recs
            bot.done.add(uid)
            continue
        base = [F("b_mover", [S(uid)]), F("b_unsup_mover", [S(uid)])]
        base += [F("b_ssup", [S(h)]) for h in sorted(supplied)]
        ans = bot.ask("botmove", base)
        pick = choose_checked(bot, ans, uid, 1, unit.hex, "u")
        title, step = "To a hex in Soviet supply", 1
        if pick is None or pick["to"] is None:
            everywhere = _soviet_supply(bot, sorted(bot.sc.map.hexes))
            gaps = [F("b_supgap", [S(x), N(min((distance(bot.sc, x, h) for h in everywhere),
                                                default=99))]) for x in reach]
            ans = bot.ask("botmove", base + gaps)
            pick = choose_checked(bot, ans, uid, 2, unit.hex, "u")
            title, step = "To a hex next to no German unit, closest to Soviet supply", 2
        bot.done.add(uid)
        if pick is None or pick["to"] is None:
            out.append({"unit": uid, "from": unit.hex, "to": None, "method": None,
                        "why": "unsupplied: no hex of 9.27 in reach", "rules": ["9.27"]})
            continue
        start = _apply_move(bot, uid, pick["to"])
        rec = _move_record(bot, uid, start, pick, step, title, "9.27")
        out.append(rec)
    return out


def move_step(bot: Bot) -> list[dict[str, Any]]:
    """Activation step 2 (9.2, 9.21, 9.22, 9.26, 9.27): every active on-map unit; the
    methods of 9.22 for a front whose objective marker has left play."""
    decisions: list[dict[str, Any]] = []
    army_objective_check(bot)  # 9.13: a marker whose front objective is gone
    sc = bot.sc
    army_obj = {o.army for o in sc.objectives if o.army and o.placed}
    front_obj = {o.front for o in sc.objectives if o.army is None}
    with_army_obj = []
    unsupplied = []
    methods_b: list[str] = []
    for u in list(sc.units):
        if u.side != "soviet" or not u.active or u.hex not in sc.map.hexes:
            continue
        if u.dispersed:
            bot.done.add(u.id)
            decisions.append({"unit": u.id, "from": u.hex, "to": None, "method": None,
                              "why": "dispersed units do not move", "rules": ["10.0"]})
        elif u.supply != "in-supply":
            unsupplied.append(u.id)
        elif u.front not in front_obj:
            methods_b.append(u.id)
        elif u.army in army_obj:
            with_army_obj.append(u.id)
    bot.done.update(unsupplied)  # 9.27: after all the other units
    decisions += army_objective_moves(bot, with_army_obj)
    bot.done.update(methods_b)
    decisions += _methods_a(bot)
    bot.done.difference_update(methods_b)
    decisions += _methods_b(bot, methods_b)
    for uid in unsupplied:
        bot.done.discard(uid)
    decisions += unsupplied_moves(bot, unsupplied, front_obj)
    sc = bot.sc
    for u in sc.units:
        if u.side == "soviet" and u.active and u.id not in bot.done and u.hex in sc.map.hexes:
            rec = {"unit": u.id, "from": u.hex, "to": None, "method": None,
                   "why": "no encoded method moves it", "rules": ["9.2"]}
            if u.id in bot.town_notes:
                rec["towns_exposed"] = bot.town_notes[u.id]
                rec["why"] += " (9.23b refused: " + "; ".join(
                    f"{c['hex']} would expose {', '.join(c['towns'])}"
                    for c in bot.town_notes[u.id]) + ")"
                rec["rules"] = ["9.2", "9.23"]
            if u.id in bot.cut_notes:
                rec["supply_cut"] = bot.cut_notes[u.id]
                rec["why"] += " (9.23d refused: " + "; ".join(
                    f"{c['hex']} would cut off {', '.join(c['units'])}"
                    for c in bot.cut_notes[u.id]) + ")"
                rec["rules"] = ["9.2", "9.23"]
            decisions.append(rec)
            bot.done.add(u.id)
    return decisions


# --- 9.4 Attack checks --------------------------------------------------------------------
def _reading(bot: Bot, rule: str) -> str | None:
    return bot.solver.readings_for(bot.sc).get(rule)


def attack_check(bot: Bot, ans, lead: str) -> dict[str, Any]:
    """One lead unit's check (9.4, 9.41): its target, the ratio, the Tactical Value."""
    targets = sorted(t for u, t in ans.rows("lead", 2) if u == lead)
    rows = (ans.rows("bot_cand", 2), ans.rows("bot_pref", 4))
    step = clingo.Function("t", [S(lead)])
    cands, prefs = _prefs(rows, step)
    target, trail = prefer(cands, prefs, ["ratio", "a", "b", "c"],
                           {"ratio": "the highest rounded ratio", "a": "a VP hex",
                            "b": "the westernmost hex", "c": "the highest hex number"}, "9.41")
    target = target or targets[0]
    joins = sorted((u for lu, t, u in ans.rows("joins", 3) if lu == lead and t == target),
                   key=bot.sel_key)
    a = next(v for lu, t, v in ans.rows("sov_strength", 3) if lu == lead and t == target)
    d = next(v for lu, t, v in ans.rows("ger_strength", 3) if lu == lead and t == target)
    r = next(v for lu, t, v in ans.rows("rounded", 3) if lu == lead and t == target)
    mods = [{"situation": w, "value": v} for lu, t, w, v in ans.rows("sit_mod", 4)
            if lu == lead and t == target]
    tv = [{"factor": w, "value": v} for lu, t, w, v in ans.rows("tv", 4)
          if lu == lead and t == target]
    verdict = next(v for lu, t, v, _r in ans.rows("verdict", 4) if lu == lead and t == target)
    def of(name: str, t: str) -> int:
        return next(v for lu, tt, v in ans.rows(name, 3) if lu == lead and tt == t)

    per_target = [{"hex": t, "soviet": of("sov_strength", t), "german": of("ger_strength", t),
                   "rounded": of("rounded", t) / 10} for t in targets]
    return {"lead": lead, "target": target, "targets": per_target, "trail": trail,
            "units": joins, "soviet_strength": a, "german_strength": d,
            "ratio": f"{a}:{d}", "rounded": r / 10, "modifiers": mods,
            "tactical_value": tv, "tactical_total": sum(x["value"] for x in tv) if tv else None,
            "attack": str(verdict) == "attack",
            "reading": {"9.4": _reading(bot, "9.4")},
            "rules": sorted({"9.4", "9.41", "9.42", "9.43"}, key=rule_key)}


def attack_step(bot: Bot, combat: bool = True) -> list[dict[str, Any]]:
    """Activation step 3 (9.4): leads in ascending selector order, each check run at once
    and, if it succeeds, the attack resolved before the next check."""
    out: list[dict[str, Any]] = []
    while True:
        ans = bot.ask("botattack", [])
        leads = sorted({u for u, _t in ans.rows("lead", 2)}, key=bot.sel_key)
        if not leads:
            break
        check = attack_check(bot, ans, leads[0])
        bot.sc.checked_targets.append(check["target"])
        if check["attack"] and combat:
            check["combat"] = soviet_combat(bot, check["target"], check["units"])
        elif check["attack"]:
            for uid in check["units"]:
                bot.set_unit(uid, attacked=True)
        out.append(check)
    return out


# --- 12.x A Soviet attack -------------------------------------------------------------------
def _combat_facts(bot: Bot, target: str, attackers: list[str], defenders: list[str],
                  soviet_attacks: bool, tactics: list[tuple[str, str]]) -> list:
    facts = [F("b_target", [S(target)]),
             F("b_soviet_attacks" if soviet_attacks else "b_german_attacks", [])]
    facts += [F("b_attacker", [S(u)]) for u in attackers]
    facts += [F("b_defender", [S(u)]) for u in defenders]
    facts += [F("b_tactic", [const(t), F(by)]) for t, by in tactics]
    facts += far_facts(bot.sc, target)
    return facts


def far_facts(sc: Any, target: str) -> list:
    """12.31, 2.1: b_far_known when the position gives the game-turn's Fixed Artillery
    Range, and b_far_in when ``target`` lies east of the artillery line or at most that
    many hexes from a hex east of it."""
    if sc.far is None:
        return []
    east = [h for h, spec in sc.map.hexes.items() if "artillery" in spec.east_of]
    d = _distances(grid_key(sc), target)
    gap = min((d.get(h, 99) for h in east), default=99)
    return [F("b_far_known", [])] + ([F("b_far_in", [])] if gap <= sc.far else [])


def _chit_facts(bot: Bot, ids: list[int]) -> list:
    out = []
    by_id = {c.id: c for c in bot.data.chits}
    for i in ids:
        for n, side in enumerate(by_id[i].sides, 1):
            arg: clingo.Symbol
            if side.ratio is not None:
                arg = N(round(side.ratio * 10))
            elif side.terrain:
                out += [F("b_chit", [N(i), N(n), F("terrain"), F(t), N(side.hits.attacker),
                                     N(side.hits.defender), N(side.hits.soviet),
                                     N(side.hits.german), N(int(side.priority))])
                        for t in side.terrain]
                continue
            elif side.value is not None:
                arg = N(side.value)
            else:
                arg = F("none")
            out.append(F("b_chit", [N(i), N(n), const(side.situation), arg,
                                    N(side.hits.attacker), N(side.hits.defender),
                                    N(side.hits.soviet), N(side.hits.german),
                                    N(int(side.priority))]))
    return out


def draw_chits(bot: Bot, count: int) -> tuple[list[int], list[str]]:
    """12.4, 12.42: draw chits from the cup (seeded); a darker chit returns the chits of
    earlier combats to the cup."""
    notes: list[str] = []
    drawn: list[int] = []
    dark = {c.id for c in bot.data.chits if c.dark}
    for _ in range(count):
        if not bot.cup:
            bot.cup = [c.id for c in bot.data.chits if c.id not in drawn]
            notes.append("the cup ran out: refilled with every chit not drawn in this combat")
        i = bot.rng.choice(sorted(bot.cup))
        bot.cup.remove(i)
        drawn.append(i)
        if i in dark:
            bot.cup = sorted(set(c.id for c in bot.data.chits) - set(drawn))
            notes.append(f"chit {i} is a darker chit: the chits of earlier combats go back "
                         "into the cup (12.42)")
    return drawn, notes


def soviet_combat(bot: Bot, target: str, attackers: list[str]) -> dict[str, Any]:
    """The Soviet combat sequence (12.0): card draw for a tactic, chits, hits, the
    German hits (the German player's choice: taken here as step losses, 12.52) and the
    Soviet attacker's hits (12.54, 12.6, 12.55)."""
    sc = bot.sc
    defenders = [u.id for u in sc.units if u.hex == target and u.side == "german"]
    tactics: list[tuple[str, str]] = []
    notes: list[str] = []
    joined: list[dict[str, Any]] = []
    waiting = [r for r in bot.active_reserves if any(x.id == r for x in sc.reserve_box)]
    if waiting:
        joined = reserves_join(bot, target, attackers, waiting)
        attackers = attackers + [j["unit"] for j in joined if j.get("hex")]
        sc = bot.sc
    if bot.stavka:
        tactics.append(("nkvd", "soviet"))
    ans = bot.ask("botcombat", _combat_facts(bot, target, attackers, defenders, True, tactics))
    over = ans.rows("overwhelming", 2)
    supported = True
    card = None
    if not over and sc.cards.draw_pile:
        card = sc.cards.draw_pile.pop(0)
        for t in bot.data.cards[card].tactics:
            tactics.append((t, "soviet"))
        if bot.data.cards[card].return_to_deck and len(sc.cards.draw_pile) >= 4:
            sc.cards.draw_pile.append(card)
            bot.rng.shuffle(sc.cards.draw_pile)
        ans = bot.ask("botcombat", _combat_facts(bot, target, attackers, defenders, True,
                                                 tactics))
    aux = auxiliary_tactics(bot, target, attackers, defenders, tactics, card, waiting)
    if aux is not None:
        notes.append(aux["note"])
        if aux["applied"]:
            tactics += [(t, "soviet") for t in aux["tactics"]]
            ans = bot.ask("botcombat", _combat_facts(bot, target, attackers, defenders, True,
                                                     tactics))
        sc = bot.sc
    positions = {u: bot.unit(u).hex for u in attackers if bot.unit(u) is not None}
    chit_max = ans.rows("chit_max", 1)[0][0]
    draws = [{"item": w, "chits": v} for w, v in ans.rows("draw_item", 2)]
    drawn, cup_notes = draw_chits(bot, chit_max)
    facts = _combat_facts(bot, target, attackers, defenders, True, tactics)
    ans = bot.ask("botcombat", facts + _chit_facts(bot, drawn))
    used = {i: s for i, s, _r in ans.rows("chit_used", 3)}
    totals = dict(ans.rows("hit_total", 2))
    adjust = [{"who": w, "why": x, "value": v} for w, x, v in ans.rows("adjust", 3)]
    ger_hits, sov_hits = totals.get("defender", 0), totals.get("attacker", 0)
    spec = bot.sc.map.hexes.get(target)
    if spec is not None and spec.ip and any(
            "improved position" in x["why"] and x["who"] == "defender" for x in adjust):
        bot.set_hex(target, ip=False)  # 12.51: the IP marker is removed
        ip_note = f"the IP marker in {target} is removed (12.51)"
    else:
        ip_note = None
    # German defender: the player's choice (12.52); taken here as step losses, the first
    # on a three-step or armor unit (12.6), evenly (12.61).
    german_losses = _german_losses(bot, defenders, ger_hits)
    eliminated = all(bot.unit(d) is None for d in defenders)
    reduced_by = 0
    if eliminated:
        total_steps = sum(x["steps_before"] for x in german_losses["units"])
        unfulfilled = max(0, ger_hits - 2 - total_steps)
        reduced_by = min(unfulfilled, sov_hits)
        sov_hits -= reduced_by
    soviet_result = soviet_attacker_hits(bot, attackers, sov_hits, defender_left_vp=False)
    for uid in attackers:
        if bot.unit(uid) is not None:
            bot.set_unit(uid, attacked=True)
    vacated = not any(u.hex == target for u in bot.sc.units if u.side == "german")
    advances = advance_step(bot, target, attackers) if vacated else []
    return {"target": target, "attackers": attackers, "defenders": defenders,
            "overwhelming": [w for w, _r in over], "card_drawn": card,
            "reserves": joined, "ip_removed": ip_note, "advances": advances,
            "positions": positions,
            "tactics": [t for t, _b in tactics], "draw": draws, "chit_max": chit_max,
            "chits": [{"id": i, "side": used.get(i)} for i in drawn],
            "cup": cup_notes, "adjustments": adjust,
            "hits": {"german": ger_hits + 0, "soviet": sov_hits + reduced_by},
            "german_losses": german_losses, "soviet_hit_reduction_12_55": reduced_by,
            "soviet_losses": soviet_result, "supported": supported, "notes": notes,
            "rules": ["12.0", "12.3", "12.38", "12.4", "12.41", "12.5", "12.51", "12.52",
                      "12.54", "12.55", "12.6"]}


def auxiliary_tactics(bot: Bot, target: str, attackers: list[str], defenders: list[str],
                      tactics: list[tuple[str, str]], drawn: str | None,
                      reserves: list[str]) -> dict[str, Any] | None:
    """12.31: whether the tactics of the card in the auxiliary box all apply to this
    attack (asp/eak/botcombat.lp); if so the card leaves the box (discarded, or back in
    the draw pile as 12.32 says). None when the box holds no card with tactics."""
    cards = bot.sc.cards
    aux = bot.data.cards.get(cards.auxiliary) if cards.auxiliary else None
    if aux is None or not aux.tactics:
        return None
    facts = _combat_facts(bot, target, attackers, defenders, True, tactics)
    facts += [F("b_aux_tactic", [const(t)]) for t in aux.tactics]
    if drawn is not None:
        facts += [F("b_drawn_tactic", [const(t)]) for t in bot.data.cards[drawn].tactics]
    if bot.stavka:
        facts.append(F("b_stavka", []))
    if [r for r in reserves if any(x.id == r for x in bot.sc.reserve_box)]:
        facts.append(F("b_reinforcements", []))
    ans = bot.ask("botcombat", facts)
    applied = bool(ans.rows("aux_applies", 1))
    why = [f"{str(t).replace('_', '-')}: {w}" for t, w, _r in ans.rows("aux_blocked", 3)]
    why += [w for w, _r in ans.rows("aux_not_now", 2)]
    names = ", ".join(aux.tactics)
    if applied:
        pile = list(cards.draw_pile)
        back = aux.return_to_deck and len(pile) >= 4
        if back:
            pile.append(aux.id)
            bot.rng.shuffle(pile)
        bot.sc = bot.sc.model_copy(update={"cards": cards.model_copy(
            update={"auxiliary": None, "draw_pile": pile})})
        note = (f"the auxiliary card {aux.id}'s tactics ({names}) are applied (12.31); the "
                f"card {'goes back into the draw pile (12.32)' if back else 'is discarded'}")
    else:
        note = (f"the auxiliary card {aux.id}'s tactics ({names}) are not applied and it "
                f"stays in the box (12.31): {'; '.join(why)}")
    return {"card": aux.id, "tactics": list(aux.tactics), "applied": applied,
            "why_not": why, "note": note, "rules": ["12.31"]}


def _german_losses(bot: Bot, defenders: list[str], hits: int) -> dict[str, Any]:
    units = [bot.unit(d) for d in defenders]
    record = [{"unit": u.id, "steps_before": u.steps_left} for u in units]
    lost: dict[str, int] = defaultdict(int)
    first = sorted(units, key=lambda u: (not (u.max_steps >= 3 or u.type == "panzer"), u.id))
    order = []
    for _ in range(hits):
        live = [u for u in first if u.steps_left - lost[u.id] > 0]
        if not live:
            break
        least = min(lost[u.id] for u in live)
        pick = next(u for u in live if lost[u.id] == least)
        lost[pick.id] += 1
        order.append(pick.id)
    for u in units:
        _lose(bot, u.id, lost[u.id])
    return {"units": record, "losses": order,
            "note": "the German player chooses (12.52); shown: all hits as step losses, the "
                    "first on a three-step or armor unit (12.6), evenly (12.61)",
            "rules": ["12.52", "12.6", "12.61"]}


def _lose(bot: Bot, uid: str, n: int) -> None:
    u = bot.unit(uid)
    if u is None or n <= 0:
        return
    left = u.steps_left - n
    if left <= 0:
        bot.remove_unit(uid)
    else:
        bot.set_unit(uid, steps=left)


def soviet_attacker_hits(bot: Bot, attackers: list[str], hits: int,
                         defender_left_vp: bool) -> dict[str, Any]:
    """12.54: the first hit a step loss; the rest by the table; 12.6 which unit."""
    out: dict[str, Any] = {"hits": hits, "losses": [], "dispersed": False,
                           "eliminated": False, "rules": ["12.54", "12.6", "12.61"]}
    if hits <= 0:
        return out
    lost: dict[str, int] = defaultdict(int)
    pick = _step_loss(bot, attackers, lost)
    out["losses"].append(pick)
    if hits > 1:
        live = [u for u in attackers if bot.unit(u) is not None]
        steps = sum(bot.unit(u).steps_left for u in live)
        extra = [F("b_attacker_hits", [N(hits - 1)]), F("b_attacker_steps", [N(steps)])]
        if defender_left_vp:
            extra.append(F("b_defender_left_vp", []))
        ans = bot.ask("botcombat", extra)
        res = ans.rows("att_result", 4)
        if res:
            st, di, el, _r = res[0]
            out["table"] = {"steps_left": steps, "hits_left": hits - 1, "steps_removed": st,
                            "disperse": bool(di), "eliminate": bool(el)}
            for _ in range(st):
                p = _step_loss(bot, attackers, lost)
                if p:
                    out["losses"].append(p)
            if di:
                out["dispersed"] = True
                for u in attackers:
                    if bot.unit(u):
                        bot.set_unit(u, dispersed=True)
            if el:
                out["eliminated"] = True
                for u in attackers:
                    if bot.unit(u):
                        bot.remove_unit(u)
    return out


def _step_loss(bot: Bot, units: list[str], lost: dict[str, int]) -> dict[str, Any] | None:
    """12.6, 12.61: the Soviet unit that loses a step."""
    live = [u for u in units if bot.unit(u) is not None]
    if not live:
        return None
    least = min(lost[u] for u in live)
    pool = [u for u in live if lost[u] == least]
    ans = bot.ask("botcombat", [F("b_loser_pool", [S(u)]) for u in pool])
    cands, prefs = _prefs((ans.rows("bot_cand", 2), ans.rows("bot_pref", 4)), "loss")
    chosen, trail = prefer(cands, prefs, ["most steps", "higher selector"], rule="12.6")
    chosen = chosen or sorted(cands)[0]
    lost[chosen] += 1
    before = bot.unit(chosen).steps_left
    _lose(bot, chosen, 1)
    return {"unit": chosen, "steps_before": before, "eliminated": before == 1,
            "candidates": sorted(pool), "trail": trail, "rules": ["12.6", "12.61"]}


# --- 12.53 A Soviet defender takes N hits --------------------------------------------------
def soviet_defender_hits(bot: Bot, hex_id: str, hits: int, attackers_across: bool = False,
                         retreat_to: list[str] | None = None,
                         tactics: list[str] | None = None) -> dict[str, Any]:
    """12.53: each hit in turn: A (retreated as far as allowed: step loss), B (hits at
    least the steps: retreat), C (hold check on the die)."""
    defenders = [u.id for u in bot.sc.units if u.hex == hex_id and u.side == "soviet"]
    attackers: list[str] = []
    base = _combat_facts(bot, hex_id, attackers, defenders, False,
                         [(t, "soviet") for t in (tactics or [])])
    if attackers_across:
        base.append(F("b_all_across", []))
    ans = bot.ask("botcombat", base + [F("b_hits_given", [N(hits)]), F("b_hits_left", [N(0)]),
                                       F("b_retreated", [N(0)])])
    to_take, _ = ans.rows("hits_to_take", 2)[0]
    reductions = [{"why": w, "value": v} for w, v in ans.rows("hit_reduction", 2)]
    steps_out: list[dict[str, Any]] = []
    retreated = 0
    here = hex_id
    retreat_to = list(retreat_to or [])
    left = to_take
    lost: dict[str, int] = defaultdict(int)
    while left > 0 and any(bot.unit(d) for d in defenders):
        live = [d for d in defenders if bot.unit(d)]
        facts = _combat_facts(bot, here, [], live, False,
                              [(t, "soviet") for t in (tactics or [])])
        if attackers_across:
            facts.append(F("b_all_across", []))
        facts += [F("b_hits_given", [N(hits)]), F("b_hits_left", [N(left)]),
                  F("b_retreated", [N(retreated)])]
        ans = bot.ask("botcombat", facts)
        prio = ans.rows("hit_priority", 3)
        letter, _rule, action = prio[0]
        rec: dict[str, Any] = {"hit": to_take - left + 1, "hits_left": left,
                               "retreated": retreated, "priority": letter,
                               "max_retreat": ans.rows("max_retreat", 1)[0][0],
                               "rules": ["12.53"]}
        if str(action) == "hold_check":
            chance = ans.rows("hold_chance", 1)[0][0]
            rec["hold"] = [{"factor": w, "value": v} for w, v in ans.rows("hold", 2)]
            rec["hold_chance"] = chance
            roll = bot.roll(f"hold check for the defenders of {here} (12.53)")
            ans2 = bot.ask("botcombat", facts + [F("b_roll", [N(roll)])])
            result = str(ans2.rows("hold_result", 2)[0][0])
            rec["roll"] = roll
            action = result
        else:
            action = str(action)
        rec["result"] = action
        if action == "step_loss":
            rec["loss"] = _step_loss(bot, live, lost)
        else:
            retreated += 1
            if retreat_to:
                dest = retreat_to.pop(0)
                for d in live:
                    bot.set_unit(d, hex=dest)
                here = dest
                rec["to"] = dest
            else:
                rec["to"] = None
                rec["note"] = ("the retreat hex is chosen by 12.7 (give --retreat-to to move "
                               "the units); later hits are judged in the hex fought in")
            if retreated == 2:
                for d in live:
                    bot.set_unit(d, dispersed=True)
                rec["dispersed"] = True
        steps_out.append(rec)
        left -= 1
    return {"hex": hex_id, "defenders": defenders, "hits": hits, "hits_to_take": to_take,
            "reductions": reductions, "steps": steps_out,
            "rolls": [{"purpose": r.purpose, "roll": r.total} for r in bot.dice.log],
            "rules": ["12.51", "12.53", "12.6", "12.61", "12.7", "12.75"]}


# --- A whole activation -------------------------------------------------------------------
def replay(bot: Bot, drawn: list[str] | None = None,
           event_blocked: bool = False) -> dict[str, Any]:
    """One Soviet impulse's first activation on seeded dice: the cards (8.1), the
    activation (8.13), movement (9.2), attack checks and attacks (9.4, 12.x) and the
    undispersal of step 7 (12.9)."""
    sc = bot.sc
    start = {u.id: u.hex for u in sc.units}
    if drawn is None:
        drawn = sc.cards.draw_pile[:2]
        del sc.cards.draw_pile[:2]
    out: dict[str, Any] = {"game": sc.game, "turn": sc.turn, "data": bot.data.label,
                           "seed": bot.seed}
    if not drawn:
        out["error"] = "the Soviet draw pile is empty"
        return out
    cards = select_card(bot, drawn, event_blocked)
    out["cards"] = cards
    if "error" in cards:
        return out
    bot.sc = bot.sc.model_copy(update={"cards": bot.sc.cards.model_copy(
        update={"command": cards["command"], "auxiliary": cards["auxiliary"]})})
    cmd = cards["command_done"]
    if cmd is not None and cmd["kind"] == "replacement":
        out["activation"] = None
        out["replacement"] = replacement(bot, cmd["arg"])
        out["note"] = "the command card's first command is a replacement (8.12, 16.1)"
        return out
    if cmd is None or cmd["kind"] not in ("army", "army-units", "front", "stavka"):
        out["activation"] = None
        out["note"] = ("no activation command can be carried out" if cmd is None else
                       f"the command card's first command is a {cmd['kind']} command "
                       "(8.11, 8.12): no activation")
        return out
    out["activation"] = activate(bot, cmd, cards["command"])
    armies = sorted({u.army for u in bot.sc.units if u.active and u.army})
    army_objective_check(bot, activated=armies)  # 9.13: an army's first activation
    fronts = sorted({u.front for u in bot.sc.units if u.active and u.front})
    out["objective_check"] = [objective_check(bot, f) for f in fronts]
    out["moves"] = move_step(bot)
    out["end_hexes"] = {u.id: u.hex for u in bot.sc.units}
    out["attacks"] = attack_step(bot)
    waiting = [r for r in bot.active_reserves if any(x.id == r for x in bot.sc.reserve_box)]
    out["reserves"] = (place_reserves_step4(bot, waiting) if bot.sc.turn >= 4 else [])
    out["removals"] = [r for f in fronts for r in removal_step(bot, f)]
    out["ip"] = place_ip(bot) if bot.sc.turn >= 4 else {"hex": None, "rules": ["9.7"],
                                                         "why": "from game-turn 4"}
    out["not_encoded"] = [*NOT_ENCODED_MOVES]
    undispersed = []
    for u in list(bot.sc.units):
        if u.side == "soviet" and u.active and u.dispersed and not u.attacked:
            bot.set_unit(u.id, dispersed=False)
            undispersed.append(u.id)
    sc = bot.sc
    out["undispersed"] = {"units": undispersed, "rules": ["12.9"]}
    out["army_objectives"] = bot.aobj_log
    out["rolls"] = [{"purpose": r.purpose, "roll": r.total} for r in bot.dice.log]
    out["start"] = start
    out["end"] = {u.id: u.hex for u in sc.units}
    out["eliminated"] = sorted(set(start) - set(out["end"]))
    return out



# --- 9.11 Objective check and 9.7 IP -------------------------------------------------------
def _tables() -> tuple[dict, dict]:
    import yaml

    from adjudicator.games import get_game

    folder = get_game("eak").kb_folder / "tables"
    place = yaml.safe_load((folder / "objective-placement.yaml").read_text(encoding="utf-8"))
    gaz = yaml.safe_load((folder / "gazetteer.yaml").read_text(encoding="utf-8"))
    return place, {str(k): v for k, v in gaz["hexes"].items()}


def _column(roll: int) -> str:
    return "1-6" if roll <= 6 else ("7-9" if roll <= 9 else "10")


def objective_check(bot: Bot, front: str) -> dict[str, Any]:
    """Activation step 1 (9.11): is the front's objective marker relocated, and where (a
    roll on the placement tables)."""
    sc = bot.sc
    marker = next((o for o in sc.objectives if o.front == front and o.army is None), None)
    out: dict[str, Any] = {"front": front, "rules": ["9.11"]}
    if sc.turn > 7:
        out.update(relocate=False, why="the objective check is made on game-turns 1-7 (9.0)")
        return out
    if marker is None:
        out.update(relocate=False, why="the front's objective marker is not on the map "
                   "(9.12): the step is skipped")
        return out
    units = [u.id for u in sc.units if u.side == "soviet" and u.front == front
             and u.hex in sc.map.hexes]
    ans = bot.ask("botsteps", [F("b_active_front", [F(front)])]
                  + [F("b_mover", [S(u)]) for u in units])
    why = [{"unit": u, "why": w} for _f, u, w, _r in ans.rows("objective_reached", 4)]
    out.update(hex=marker.hex, reasons=why, relocate=bool(why))
    if not why:
        out["why"] = "no unit of the front occupies, is next to or is proximate to it"
        return out
    place, gaz = _tables()
    names = {h: n for h, n in gaz.items()}
    here = sc.map.hexes[marker.hex].name if marker.hex in sc.map.hexes else None
    keys = [marker.hex, here, names.get(marker.hex)]
    for table in ("first-to-second", "second-to-third"):
        rows = place[table]["rows"]
        key = next((k for k in keys if k and k in rows), None)
        if key is None:
            continue
        roll = bot.roll(f"objective placement ({place[table]['title']}, 9.11)")
        cell = rows[key][_column(roll)]
        name, _, side = str(cell).rpartition(" ")
        to = name if name.isdigit() else next((h for h, n in gaz.items() if n == name
                                               or n.rstrip("y") == name.rstrip("i")), None)
        direction = {"W": "west", "S": "south"}.get(side)
        out.update(table=table, roll=roll, result=str(cell), to=to, direction=direction,
                   rules=["9.11", "9.12"] if table == "second-to-third" else ["9.11"])
        if to in sc.map.hexes:
            objs = [o.model_copy(update={"hex": to, "direction": direction}) if o is marker
                    else o for o in sc.objectives]
            bot.sc = bot.sc.model_copy(update={"objectives": objs})
        else:
            out["note"] = f"{to or name} is not on this map: the marker stays"
        return out
    out["note"] = ("the marker's hex is in neither placement table: it is a third "
                   "objective (9.12), removed when a Soviet unit enters it")
    out["rules"] = ["9.11", "9.12"]
    return out


def place_ip(bot: Bot) -> dict[str, Any]:
    """Activation step 6 (9.7, game-turn 4 on): the hex that receives an IP marker."""
    ans = bot.ask("botsteps", [])
    cands, prefs = _prefs((ans.rows("bot_cand", 2), ans.rows("bot_pref", 4)), "ip")
    out: dict[str, Any] = {"candidates": sorted(cands), "rules": ["9.7"],
                           "refused": sorted(h for h, _r in ans.rows("ip_refused", 2))}
    if not cands:
        out["hex"] = None
        return out
    for h in ip_proximate(bot, cands):  # (b), 9.3: traced with the movement costs
        prefs[h]["b"] = 1
    chosen, trail = prefer(cands, prefs, ["a", "b", "c", "d"],
                           {"a": "next to a supplied German unit",
                            "b": "a supplied German unit proximate to it",
                            "c": "the least Soviet strength", "d": "the lowest hex number"},
                           "9.7")
    out.update(hex=chosen, trail=trail)
    if chosen:
        bot.set_hex(chosen, ip=True)
    return out


def ip_proximate(bot: Bot, hexes: list[str]) -> set[str]:
    """9.7 (b): the hexes of ``hexes`` whose Soviet units a supplied German unit is
    proximate to (9.3: next to them, or able to enter a hex next to them; botterms.lp)."""
    sc = bot.sc
    supplied = [F("b_reacher", [S(u.id)]) for u in sc.units if u.side == "german"
                and u.hex in sc.map.hexes and u.supply == "in-supply"]
    if not supplied:
        return set()
    t = bot.ask("botterms", supplied)
    where = {u.id: u.hex for u in sc.units}
    return {where[v] for _g, v, _r in t.rows("proximate_unit", 3)
            if where.get(v) in hexes and bot.unit(v).side == "soviet"}


# --- 9.5, 12.2 Placing active reserves -----------------------------------------------------
def _reserve_unit(bot: Bot, rid: str, hex_id: str):
    from adjudicator.games.eak.scenario import Unit

    r = next(x for x in bot.sc.reserve_box if x.id == rid)
    return Unit(id=r.id, side="soviet", hex=hex_id, type=r.type, selector=r.selector,
                strength=r.strength, ma=r.ma, max_steps=r.max_steps, steps=r.steps,
                army=r.army, front=r.front, supply=r.supply, active=True)


def _place(bot: Bot, rid: str, hex_id: str) -> None:
    unit = _reserve_unit(bot, rid, hex_id)
    bot.sc = bot.sc.model_copy(update={
        "units": [*bot.sc.units, unit],
        "reserve_box": [x for x in bot.sc.reserve_box if x.id != rid]})
    bot.sc.placed_from_reserve.append(rid)
    if bot.sc.map.hexes[hex_id].garrison:
        bot.set_hex(hex_id, garrison=False)  # 9.5, 15.3: the garrison marker goes


def _reserve_ask(bot: Bot, rid: str, front: str, extra: list) -> Any:
    facts = [F("b_placing", [S(rid)]), F("b_active_front", [F(front)])]
    facts += [F("b_reacher", [S(u.id)]) for u in bot.sc.units if u.hex in bot.sc.map.hexes]
    return bot.ask("botreserve", facts + extra)


def place_reserves_step4(bot: Bot, active_reserves: list[str]) -> list[dict[str, Any]]:
    """Activation step 4 (9.5, game-turn 4 on): every active reserve still in the box,
    in descending selector order, into a village or Soviet town or city of the front."""
    out = []
    texts = {"a": "German supply traceable or a German unit proximate", "b": "garrisoned",
             "c": "next to a German unit", "d": "in Soviet support", "e": "a city",
             "f": "a VP hex", "g": "closest to a supplied unit of the active army",
             "h": "closest to a supplied unit of the active front"}
    for rid in sorted(active_reserves, key=lambda r: bot.sel_key(r, True)):
        r = next((x for x in bot.sc.reserve_box if x.id == rid), None)
        if r is None:
            continue
        ans = _reserve_ask(bot, rid, r.front, [])
        cands, prefs = _prefs((ans.rows("bot_cand", 2), ans.rows("bot_pref", 4)), "r5")
        refused = [{"hex": h, "why": w} for h, w, _r in ans.rows("r5_refused", 3)]
        # a village is eligible only if the unit placed there would not be nearly surrounded
        villages = {h for (h,) in ans.rows("r5_village", 1)}
        for h in sorted(villages & set(cands)):
            trial = Bot(bot.sc, bot.data, solver=bot.solver, tec=bot.tec)
            _place(trial, rid, h)
            t = trial.ask("botterms", [F("b_reacher", [S(u.id)]) for u in trial.sc.units
                                       if u.side == "german"])
            if any(w == rid for w, _v, _x, _r in t.rows("nearly_surrounded", 4)):
                cands.remove(h)
                refused.append({"hex": h, "why": "the unit would be nearly surrounded"})
        rec: dict[str, Any] = {"unit": rid, "candidates": sorted(cands), "refused": refused,
                               "rules": ["9.5", "8.3"]}
        if cands:
            chosen, trail = prefer(cands, prefs, list("abcdefgh"), texts, "9.5")
            chosen = chosen or sorted(cands)[-1]
            rec.update(hex=chosen, trail=trail)
            _place(bot, rid, chosen)
        else:
            rec["hex"] = None
        out.append(rec)
    return out


def reserves_join(bot: Bot, target: str, attackers: list[str],
                  active_reserves: list[str]) -> list[dict[str, Any]]:
    """Step 1 of a Soviet attack (12.2): active reserves in ascending selector order, each
    placed next to the target while the attack is not overwhelming."""
    out = []
    texts = {"a": "in Soviet support (the attack not yet supported)",
             "b": "causing surround of the defender", "c": "not across a Dniepr hexside",
             "d": "flanking the defender", "e": "unoccupied", "f": "the highest hex number"}
    joined = list(attackers)
    for rid in sorted(active_reserves, key=bot.sel_key):
        r = next((x for x in bot.sc.reserve_box if x.id == rid), None)
        if r is None:
            continue
        defenders = [u.id for u in bot.sc.units if u.hex == target]
        over = bot.ask("botcombat", _combat_facts(bot, target, joined, defenders, True, []))
        if over.rows("overwhelming", 2):
            out.append({"unit": rid, "hex": None, "why": "the attack is overwhelming (12.38)",
                        "rules": ["12.2", "12.38"]})
            break
        extra = [F("b_target", [S(target)])] + [F("b_attacker", [S(u)]) for u in joined]
        extra += [F("b_joined", [S(u)]) for u in bot.sc.placed_from_reserve]
        ans = _reserve_ask(bot, rid, r.front, extra)
        cands, prefs = _prefs((ans.rows("bot_cand", 2), ans.rows("bot_pref", 4)), "r2")
        rec: dict[str, Any] = {"unit": rid, "candidates": sorted(cands),
                               "refused": [{"hex": h, "why": w}
                                           for h, w, _r in ans.rows("r2_refused", 3)],
                               "rules": ["12.2", "8.3"]}
        if not cands:
            rec["hex"] = None
            out.append(rec)
            continue
        chosen, trail = prefer(cands, prefs, list("abcdef"), texts, "12.2")
        chosen = chosen or sorted(cands)[-1]
        rec.update(hex=chosen, trail=trail)
        _place(bot, rid, chosen)
        joined.append(rid)
        out.append(rec)
    return out


# --- 9.6 Removing units to the reserve box -------------------------------------------------
def _board(bot: Bot, front: str) -> tuple[Any, dict[str, Any]]:
    sc = bot.sc
    kharkov = [h for h, spec in sc.map.hexes.items() if spec.name == "Kharkov" or h == "0912"]
    facts = [F("b_active_front", [F(front)])] + [F("b_kharkov", [S(h)]) for h in kharkov]
    facts += [F("b_reacher", [S(u.id)]) for u in sc.units
              if u.side == "german" and u.hex in sc.map.hexes]
    ans = bot.ask("botremove", facts)
    state = {
        "nearly": {w for (w,) in ans.rows("rm_nearly", 1)},
        "traces": {h for (h,) in ans.rows("rm_traces", 1)},
        "surrounded": {u for (u,) in ans.rows("rm_surrounded", 1)},
    }
    return ans, state


def removal_step(bot: Bot, front: str) -> list[dict[str, Any]]:
    """Activation step 5 (9.6, game-turn 2 on): active units checked one at a time in
    descending selector order; each removal changes the board for the next check."""
    from adjudicator.games.eak.scenario import ReserveUnit

    out: list[dict[str, Any]] = []
    if bot.sc.turn < 2:
        return out
    order = sorted((u.id for u in bot.sc.units if u.side == "soviet" and u.active
                    and u.hex in bot.sc.map.hexes), key=lambda x: bot.sel_key(x, True))
    for uid in order:
        unit = bot.unit(uid)
        if unit is None:
            continue
        ans, before = _board(bot, front)
        rec: dict[str, Any] = {"unit": uid, "hex": unit.hex, "removed": False,
                               "rules": ["9.6"]}
        fails = [w for u, w, _r in ans.rows("rm_fails", 3) if u == uid]
        if fails:
            rec["why"] = "; ".join(sorted(set(fails)))
            out.append(rec)
            continue
        situations = sorted({w for u, w, _r in ans.rows("rm_situation", 3) if u == uid})
        if not situations:
            rec["why"] = "in none of the four situations"
            out.append(rec)
            continue
        trial = Bot(bot.sc, bot.data, solver=bot.solver, tec=bot.tec)
        trial.remove_unit(uid)
        _a, after = _board(trial, front)
        others = {u.id: u.hex for u in bot.sc.units if u.side == "soviet" and u.id != uid}
        newly_nearly = sorted((after["nearly"] - before["nearly"]) & set(others))
        lost_supply = sorted(u for u, h in others.items()
                             if h in before["traces"] and h not in after["traces"])
        in_limit = any(u == uid for (u,) in ans.rows("rm_in_limit", 1))
        german = {u.id for u in bot.sc.units if u.side == "german"}
        freed = sorted((before["surrounded"] - after["surrounded"]) & german) if in_limit else []
        blocked = []
        if newly_nearly:
            blocked.append(f"{', '.join(newly_nearly)} would become nearly surrounded")
        if lost_supply:
            blocked.append(f"{', '.join(lost_supply)} could no longer trace supply")
        if freed:
            blocked.append(f"the German {', '.join(freed)} would no longer be surrounded")
        rec["situations"] = situations
        if blocked:
            rec["why"] = "; ".join(blocked)
            out.append(rec)
            continue
        reserve = ReserveUnit(id=unit.id, type=unit.type, selector=unit.selector or "0",
                              strength=unit.strength, ma=unit.ma, max_steps=unit.max_steps,
                              steps=unit.steps, army=unit.army or "", front=unit.front
                              or front, supply=unit.supply)
        bot.remove_unit(uid)
        bot.sc = bot.sc.model_copy(update={"reserve_box": [*bot.sc.reserve_box, reserve]})
        rec["removed"] = True
        out.append(rec)
    return out


# --- 15.1, 15.3 Garrisons ------------------------------------------------------------------
def _garrison_ask(bot: Bot, extra: list) -> Any:
    facts = [F("b_garrison_zoc", [])]
    facts += [F("b_reacher", [S(u.id)]) for u in bot.sc.units if u.hex in bot.sc.map.hexes]
    return bot.ask("botgarrison", facts + extra)


def place_garrisons(bot: Bot) -> dict[str, Any]:
    """15.1 (Supply Phase step 1, game-turn 4 on): garrisons in every empty Soviet VP hex
    with a Soviet supply path, then in the empty villages that qualify, in descending hex
    number, each placement possibly removing an earlier village garrison."""
    out: dict[str, Any] = {"vp_hexes": [], "villages": [], "removed": [], "rules": ["15.1"]}
    if bot.sc.turn < 4:
        out["why"] = "garrisons are placed from game-turn 4"
        return out
    ans = _garrison_ask(bot, [])
    for h, _r in ans.rows("g_vp", 2):
        bot.set_hex(h, garrison=True)
        out["vp_hexes"].append(h)
    villages = sorted((h for h, spec in bot.sc.map.hexes.items()
                       if spec.village and not spec.garrison
                       and not any(u.hex == h for u in bot.sc.units)),
                      key=lambda h: -int(h) if h.isdigit() else 0)
    for v in villages:
        trial = Bot(bot.sc, bot.data, solver=bot.solver, tec=bot.tec)
        trial.set_hex(v, garrison=True)
        a = _garrison_ask(trial, [F("b_gcheck", [S(v)])])
        fails = sorted({w for h, w, _r in a.rows("g_fails", 3) if h == v})
        if fails:
            out["villages"].append({"hex": v, "placed": False, "why": fails})
            continue
        bot.set_hex(v, garrison=True)
        out["villages"].append({"hex": v, "placed": True})
        for w, spec in sorted(bot.sc.map.hexes.items()):
            if w == v or not (spec.garrison and spec.village) or spec.vp:
                continue
            again = _garrison_ask(bot, [F("b_gcheck", [S(w)])])
            lost = sorted({x for h, x, _r in again.rows("g_fails", 3) if h == w})
            if lost:
                bot.set_hex(w, garrison=False)
                out["removed"].append({"hex": w, "after": v, "why": lost})
    return out


def garrison_end_check(bot: Bot) -> dict[str, Any]:
    """15.3 (End of Turn Phase): a village garrison without a German or a Soviet supply
    path is removed (other garrisons not next to German units have a ZOC meanwhile)."""
    removed: dict[str, list[str]] = defaultdict(list)
    checked = sorted(h for h, spec in bot.sc.map.hexes.items()
                     if spec.garrison and spec.village and not spec.vp)
    for g in checked:
        ans = _garrison_ask(bot, [F("b_end_check", []), F("b_gcheck", [S(g)])])
        for h, w, _r in ans.rows("g_remove", 3):
            removed[h].append(w)
    for h in removed:
        bot.set_hex(h, garrison=False)
    return {"checked": checked,
            "removed": [{"hex": h, "why": sorted(w)} for h, w in sorted(removed.items())],
            "rules": ["15.3"]}


# --- 12.83 Soviet advance after combat -----------------------------------------------------
def _arrow_facts(sc: Any, front: str | None = None) -> list:
    """b_arrow_to(H,T,Kind): the printed arrows of the hexes (their ``arrows`` field) in
    force for a unit of ``front`` (an arrow marked for the other front is disregarded)."""
    out = []
    for h in sorted(sc.map.hexes):
        for kind, to in sc.arrows_from(h, front):
            if to is not None:
                out.append(F("b_arrow_to", [S(h), S(to), F(kind)]))
    return out


def advance_probe_facts(bot: Bot, uid: str, start: str, target: str) -> list[clingo.Symbol]:
    """What 12.83 reads of supply and proximity with ``uid`` in ``target``
    (botadvance.lp): the traces of route 3 (enables supply; as for 9.21 method 3), whether
    Soviet supply reaches the hex left (b_ssup), the units it would cut off (b_adv_cuts)
    and the towns it would expose (b_adv_exposes)."""
    out = supply_line_facts(bot, uid, [target], {target})
    if start in _soviet_supply(bot, [start]):
        out.append(F("b_ssup", [S(start)]))
    out += [F("b_adv_cuts", [S(uid), S(v)]) for v in traces_lost(bot, uid, target)]
    out += [F("b_adv_exposes", [S(uid), S(h)]) for h in towns_opened(bot, uid, target)]
    return out


def _advance_ask(bot: Bot, uid: str, start: str, into: str, arrived: int,
                 second: bool = False, path: str | None = None) -> tuple[Any, list]:
    """The 12.83 question for ``uid`` (in ``start``) advancing into ``into``."""
    u = bot.unit(uid)
    base = [F("b_vacated", [S(into)]), F("b_advancer", [S(uid)]),
            F("b_in_hex", [N(arrived)])] + _arrow_facts(bot.sc, u.front)
    if second:
        base.append(F("b_second", []))
        if path == into:
            base.append(F("b_path", [S(into)]))
    base += advance_probe_facts(bot, uid, start, into)
    if bot.sc.turn >= 6 and into in nearly_surrounded_at(bot, uid, [into]):
        base.append(F("b_adv_nearly", [S(uid)]))  # 12.83's game-turn 6 restriction
    return bot.ask("botadvance", base), base


def _second_hexes(bot: Bot, uid: str, target: str, mode: str, path: str | None) -> list[str]:
    """12.81: the hexes a mechanized unit may enter after the attacked hex (the rules-level
    encoding, advance.lp: next to the attacked hex, no zone-to-zone step off the path of
    retreat, no unbridged Donets or Dniepr crossing off it, stacking)."""
    extra = [F("adv_unit", [S(uid)]), F("adv_into", [S(target)]),
             F("adv_mode", [clingo.Function(mode)])]
    if path and mode != "eliminated":
        extra.append(F("adv_path", [S(path)]))
    ans = bot.solver.solve(bot.sc, "advance", extra=extra)
    return sorted(b for u, b, _r in ans.rows("adv_second", 3) if u == uid)


def _second_hex(bot: Bot, uid: str, target: str, cands: list[str],
                path: str | None) -> dict[str, Any] | None:
    """12.83 for a second hex: the table's chance of each hex the unit may enter; only
    the hex with the highest chance is checked (reading 12.83 for equal chances)."""
    rows = []
    for b in cands:
        arrived = sum(1 for v in bot.sc.units if v.side == "soviet" and v.hex == b)
        ans, base = _advance_ask(bot, uid, target, b, arrived, True, path)
        chance = next((c for x, c, _r in ans.rows("adv_chance", 3) if x == uid), 0)
        refused = [w for x, w, _r in ans.rows("adv_refused", 3) if x == uid]
        routes = [{"row": r, "why": w} for x, r, w in ans.rows("adv_row", 3) if x == uid]
        rows.append({"hex": b, "chance": 0 if refused else chance, "table": chance,
                     "routes": routes, "refused": refused, "already_there": arrived,
                     "base": base})
    if not rows:
        return None
    best = max(r["chance"] for r in rows)
    if best == 0:
        return {"hex": None, "candidates": [_plain(r) for r in rows]}
    top = [r for r in rows if r["chance"] == best]
    pick, tie = top[0], None
    if len(top) > 1 and _reading(bot, "12.83") == "highest-number":
        top.sort(key=lambda r: -hex_number(r["hex"]))
        pick, tie = top[0], "the highest hex number (reading 12.83)"
    elif len(top) > 1:  # reading 12.83 (default route-then-objective)
        def rank(r: dict) -> tuple:
            order = list(ADV_ROUTES)
            first = min((order.index(x["why"]) for x in r["routes"] if x["why"] in order),
                        default=len(order))
            obj = _adv_objective_distance(bot, uid, r["hex"])
            return (first, obj, -hex_number(r["hex"]))
        top.sort(key=rank)
        pick = top[0]
        tie = "the first route of the table, then the hex closest to the objective, then " \
              "the highest hex number (reading 12.83)"
    return {**_plain(pick), "candidates": [_plain(r) for r in rows], "tie": tie,
            "base": pick["base"]}


def _plain(r: dict) -> dict:
    return {k: v for k, v in r.items() if k != "base"}


#: the routes of 12.83's table in the book's order (their wording in botadvance.lp)
ADV_ROUTES = ["into a VP hex", "the primary forward direction", "enables supply",
              "across a river and closer to the objective", "the secondary forward direction",
              "a second hex along the path of retreat", "causes surround",
              "closer to the objective", "into the attacked hex"]


def _adv_objective_distance(bot: Bot, uid: str, h: str) -> int:
    u = bot.unit(uid)
    for o in bot.sc.objectives:
        if o.army is None and o.front == u.front:
            return distance(bot.sc, h, o.hex)
    return 0


def advance_step(bot: Bot, target: str, attackers: list[str],
                 retreat_path: list[str] | None = None) -> list[dict[str, Any]]:
    """12.83: victorious attacking units, in ascending selector order, each checked for an
    advance into the vacated hex (the table by route and units already there; a roll);
    a mechanized unit that advanced goes on to a second hex when the defenders retreated
    two hexes (``retreat_path``: the hexes they retreated through) or were eliminated
    (12.81; no ``retreat_path``), by the same table (route 6: along the path of
    retreat), checking only the hex with the highest chance."""
    out = []
    arrived = 0
    if retreat_path:
        mode = "two" if len(retreat_path) >= 2 else "one"
    else:
        mode = "eliminated"
    path = retreat_path[0] if retreat_path else None
    for uid in sorted(attackers, key=bot.sel_key):
        u = bot.unit(uid)
        if u is None or u.dispersed:
            continue
        ans, base = _advance_ask(bot, uid, u.hex, target, arrived)
        rows = [{"row": r, "why": w} for x, r, w in ans.rows("adv_row", 3) if x == uid]
        chance = next((c for x, c, _r in ans.rows("adv_chance", 3) if x == uid), 0)
        refused = [w for x, w, _r in ans.rows("adv_refused", 3) if x == uid]
        rec: dict[str, Any] = {"unit": uid, "from": u.hex, "into": target, "routes": rows,
                               "already_there": arrived, "chance": chance,
                               "refused": refused, "rules": ["12.8", "12.83"]}
        if any(x == uid for (x,) in ans.rows("adv_needs_roll", 1)):
            roll = bot.roll(f"advance of {uid} into {target} (12.83)")
            rec["roll"] = roll
            ans = bot.ask("botadvance", base + [F("b_roll", [N(roll)])])
        result = next((str(r) for x, r, _ in ans.rows("adv_result", 3) if x == uid), "stay")
        rec["advances"] = result == "advance"
        seconds = (_second_hexes(bot, uid, target, mode, path)
                   if rec["advances"] and mode != "one" else [])
        if rec["advances"]:
            bot.set_unit(uid, hex=target)
            arrived += 1
            army_objective_check(bot, target)
        if seconds:
            second = _second_hex(bot, uid, target, seconds, path)
            rec["second"] = second
            rec["rules"] = ["12.8", "12.81", "12.83"]
            if second and second.get("hex"):
                b = second["hex"]
                if 0 < second["chance"] < 10:
                    roll = bot.roll(f"advance of {uid} into a second hex, {b} (12.83)")
                    second["roll"] = roll
                    second["advances"] = roll <= second["chance"]
                else:
                    second["advances"] = second["chance"] >= 10
                second.pop("base", None)
                if second["advances"]:
                    bot.set_unit(uid, hex=b)
                    arrived -= 1
                    army_objective_check(bot, b)
        out.append(rec)
    return out


# --- 8.12, 16.1 Soviet replacements ---------------------------------------------------------
def replacement(bot: Bot, army: str) -> dict[str, Any]:
    """16.1: the unit of ``army`` that receives the one Soviet replacement step: an
    eliminated unit goes to the reserve box on its one-step side, a reduced unit on the map
    regains its step."""
    sc = bot.sc
    facts = [F("b_repl_army", [S(army)])]
    facts += [F("b_elim", [S(e.id), S(e.army), unit_kind(e.type), N(selector(e.selector)),
                           N(e.max_steps)]) for e in sc.eliminated_box]
    ans = bot.ask("botreplace", facts)
    cands, prefs = _prefs((ans.rows("bot_cand", 2), ans.rows("bot_pref", 4)), "repl")
    out: dict[str, Any] = {"army": army, "candidates": sorted(cands), "rules": ["16.1", "16.2"],
                           "refused": [{"unit": u, "why": w}
                                       for u, w, _r in ans.rows("repl_refused", 3)]}
    if not cands:
        out["unit"] = None
        return out
    chosen, trail = prefer(cands, prefs, ["priority", "lowest selector"], rule="16.1")
    chosen = chosen or sorted(cands)[0]
    out.update(unit=chosen, trail=trail)
    elim = next((e for e in sc.eliminated_box if e.id == chosen), None)
    if elim is not None:
        moved = elim.model_copy(update={"steps": 1})
        bot.sc = sc.model_copy(update={
            "eliminated_box": [e for e in sc.eliminated_box if e.id != chosen],
            "reserve_box": [*sc.reserve_box, moved]})
        out["to"] = "reserve box, one-step side"
    else:
        bot.set_unit(chosen, steps=2)
        out["to"] = "two-step side"
    return out
