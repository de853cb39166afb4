"""Line of sight and spotting for Streets of Stalingrad: the geometry from
``facts.draw``, the rules from ``asp/sos/los.lp`` and ``asp/sos/spotting.lp``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import clingo

from adjudicator.errors import did_you_mean, usage_error
from adjudicator.games.sos import facts
from adjudicator.paths import asp_dir
from adjudicator.scenario import Scenario


@dataclass
class LosAnswer:
    a: str
    b: str
    distance: int
    clear: bool
    rules: list[str]
    blockers: list[dict[str, Any]] = field(default_factory=list)
    seen_over: list[str] = field(default_factory=list)
    volga_ignored: list[str] = field(default_factory=list)
    along: list[list[str]] = field(default_factory=list)
    hexes: list[list[str]] = field(default_factory=list)
    #: which inputs decided: geometry, features, map verdicts, a per-pair ruling
    used: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {"from": self.a, "to": self.b, "distance": self.distance,
                "los": "clear" if self.clear else "blocked", "rules": self.rules,
                "blockers": self.blockers, "seen_over": self.seen_over,
                "volga_ignored": self.volga_ignored, "along_hexsides": self.along,
                "intervening": self.hexes, "used": self.used}


def _solve(program: str, files: list[str]) -> list[clingo.Symbol]:
    ctl = clingo.Control(["--warn=none"])
    for f in files:
        ctl.load(str(asp_dir() / f))
    ctl.add("base", [], program)
    ctl.ground([("base", [])])
    atoms: list[clingo.Symbol] = []
    ctl.solve(on_model=lambda m: atoms.extend(m.symbols(shown=True)))
    return atoms


def check_hex(sc: Scenario, hex_id: str, option: str) -> None:
    if hex_id not in sc.map.hexes:
        raise usage_error(f"'{hex_id}' is not a hex of this position"
                          f"{did_you_mean(hex_id, sc.map.hexes)}", option)


def _text(sym: clingo.Symbol) -> str:
    if sym.type == clingo.SymbolType.String:
        return sym.string
    if sym.type == clingo.SymbolType.Function and sym.arguments and not sym.name:
        return "-".join(_text(a) for a in sym.arguments)
    return str(sym).replace("_", "-")


def lines_of_sight(sc: Scenario, pairs: list[tuple[str, str]], aa: bool = False,
                   extra: list[str] | None = None, files: tuple[str, ...] = ("sos/los.lp",)
                   ) -> tuple[list[LosAnswer], list[clingo.Symbol]]:
    """The verdict on each line (pairs of hexes), and every shown atom."""
    lines = [facts.draw(sc, a, b) for a, b in pairs]
    program = facts.map_facts(sc) + facts.crossing_facts(sc)
    for p, line in enumerate(lines):
        program += facts.line_facts(sc, p, line, aa)
    atoms = _solve("\n".join(program + (extra or [])), list(files))
    answers = []
    for p, line in enumerate(lines):
        mine = [s for s in atoms if s.arguments and s.arguments[0].type ==
                clingo.SymbolType.Number and s.arguments[0].number == p]
        verdicts = [s for s in mine if s.name == "los"]
        clear = any(s.arguments[1].name == "clear" for s in verdicts)
        rules = sorted({s.arguments[2].string for s in verdicts})
        blockers = [{"kind": s.arguments[1].name, "where": _text(s.arguments[2]),
                     "what": _text(s.arguments[3]), "rule": s.arguments[4].string}
                    for s in mine if s.name == "blocker"]
        ans = LosAnswer(line.a, line.b, line.distance, clear, rules,
                        sorted(blockers, key=lambda d: (d["where"], d["what"])),
                        sorted(_text(s.arguments[1]) for s in mine if s.name == "seen_over"),
                        sorted(_text(s.arguments[1]) for s in mine
                               if s.name == "volga_ignored"),
                        [list(x) for x in line.along], [list(x) for x in line.steps])
        ans.used = _used(sc, ans)
        answers.append(ans)
    return answers, atoms


def _used(sc: Scenario, ans: LosAnswer) -> list[str]:
    used = ["geometry: adjacent hexes" if ans.distance == 1 else
            "geometry: the hexes the line crosses" + (" and runs between (both sides count)"
                                                      if ans.along else "")]
    if "9.37" in ans.rules or "15.44" in ans.rules:
        return used
    ruling = next((r for r in sc.los if {ans.a, ans.b} == set(r.between)), None)
    if ruling is not None:
        used.append("the position's ruling for this pair")
        if ruling.note:
            used.append(f"its note: {ruling.note}")
        return used
    if "14.26" in ans.rules:
        return used + ["the hill tops named in 14.26"]
    whats = {b["what"] for b in ans.blockers if b["kind"] == "hex"}
    if whats - {"map"}:
        used.append("blocking hexes: their features")
    if "map" in whats:
        used.append("blocking hexes: the printed map's verdict")
    swhats = {b["what"] for b in ans.blockers if b["kind"] == "hexside"}
    if swhats - {"map"}:
        used.append("blocking hexsides: their features")
    if "map" in swhats:
        used.append("blocking hexsides: the printed map's verdict")
    if len(used) == 1:
        used.append("the features of the intervening hexes and hexsides (none blocks)")
    if ans.seen_over:
        from adjudicator.games import get_game

        name = sc.readings.get("14.26") or get_game(sc.game).default_readings().get("14.26")
        used.append(f"reading {name} of 14.26")
    return used


def spotter_facts(sc: Scenario, units: list) -> list[str]:
    """The spotters' class, state, hex and the spotting they did earlier in the position's
    phase (14.22-14.24), with the neighbours and markers of their hexes."""
    from adjudicator.games.sos.facts import q, spot_record_facts

    out = [f"phase({sc.phase}).", *spot_record_facts(sc, units)]
    hexes = set()
    for u in units:
        i = q(u.id)
        out.append(f'unit_class({i},{u.unit_class.replace("-", "_")}).')
        if u.pinned:
            out.append(f"pinned({i}).")
        if u.unit_class == "op":
            out.append(f"op({i}).")
        if u.oob.division:
            out.append(f"div({i},{q(u.oob.division)}).")
        if u.hex in sc.map.hexes:
            out.append(f"at({i},{q(u.hex)}).")
            hexes.add(u.hex)
    for h in sorted(hexes):
        out += [f"adj({q(h)},{q(n)})." for n in sc.grid.neighbours(h)]
        out += [f"marker({q(h)},{m})." for m in sc.map.hexes[h].markers]
    return out


def sees(sc: Scenario, spotters: list, target: str) -> dict[str, list[tuple[str, str]]]:
    """Whether each of ``spotters`` (units on the map) may spot the hex ``target`` now
    (14.2: line, range, state and limits of the position's phase): unit id -> the reasons
    it may not, empty when it may."""
    on = [u for u in spotters if u.hex in sc.map.hexes and u.hex != target]
    extra = [f'look({p},{facts.q(u.id)},"target").' for p, u in enumerate(on)]
    extra += spotter_facts(sc, on)
    _, atoms = lines_of_sight(sc, [(u.hex, target) for u in on], extra=extra,
                              files=("sos/los.lp", "sos/spotting.lp"))
    out: dict[str, list[tuple[str, str]]] = {u.id: [] for u in on}
    for u in spotters:
        if u.hex == target:  # its own hex: seen (9.37 reaches adjacent hexes; this is closer)
            out[u.id] = []
    for s in atoms:
        if s.name == "cannot":
            out[s.arguments[0].string].append((s.arguments[2].name.replace("_", "-"),
                                               s.arguments[3].string))
    return out
