"""Fire combat for Streets of Stalingrad up to the CRT column: who may fire, each firer's
factor, the total, the column and every die roll modifier with its rule id (9.1x-9.7x,
9.9x-9.11x, 11.x), breakthrough attacks and markers (10.x) and unit integrity (9.73).

Python does the geometry (distances, neighbours, opposite hexsides, lines of sight from
``los.py``) and the presentation; the rules are in ``asp/sos/fire.lp``,
``asp/sos/integrity.lp`` and ``asp/sos/breakthrough.lp``.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

import clingo

from adjudicator.errors import did_you_mean, usage_error
from adjudicator.games.sos import charts
from adjudicator.games.sos.facts import (
    const,
    crossing_facts,
    map_facts,
    q,
    spot_record_facts,
)
from adjudicator.games.sos.los import _solve, lines_of_sight, sees
from adjudicator.games.sos.tec import Tec, tec_chart
from adjudicator.scenario import Scenario

KINDS = ("attack", "defensive", "opportunity")
#: The tables fire is resolved on (9.19, 14.45): the CRT and the West and East Bank
#: Bombardment Tables.
TABLES = ("crt", "wbbt", "ebbt")
#: The side whose units move in each phase (4.3): OF is fired at them (11.1).
MOVING_SIDE = {3: "german", 4: "soviet", 7: "german", 10: "soviet", 11: "german",
               14: "soviet"}
#: Retreat before combat happens in the enemy's Attack Phases (9.41, 11.1).
RETREAT_SIDE = {5: "soviet", 8: "soviet", 12: "german", 15: "german"}
SEPT26 = datetime.date(1942, 9, 26)
FILES = ("sos/los.lp", "sos/integrity.lp", "sos/fire.lp")


@dataclass
class FireRequest:
    kind: str
    firers: list[str]
    target: str
    movers: list[str] = field(default_factory=list)
    defending: str | None = None
    close_assault: bool = False
    declined: list[str] = field(default_factory=list)
    spotter: str | None = None
    spotting_drm: int | None = None
    retreat: bool = False
    breakthrough: bool = False
    #: German 88mm AT/AA guns fired as IF artillery (14.03, 14.38)
    as_if: list[str] = field(default_factory=list)
    #: the table: crt, wbbt or ebbt (14.45); None: the EBBT at an East Bank box, else CRT
    table: str | None = None


def unit_map(sc: Scenario) -> dict[str, Any]:
    return {u.id: u for u in sc.units}


def check_units(sc: Scenario, ids: list[str], option: str) -> None:
    units = unit_map(sc)
    for uid in ids:
        if uid not in units:
            raise usage_error(f"'{uid}' is not a unit of this position"
                              f"{did_you_mean(uid, units)}", option)


def unit_facts(sc: Scenario) -> list[str]:
    out = []
    for u in sc.units:
        i = q(u.id)
        out.append(f"unit({i},{u.side},{q(u.hex)}).")
        if u.hex not in sc.map.hexes:
            out.append(f"offmap({i}).")
        out.append(f"cls({i},{const(u.unit_class)}).")
        out.append(f"af({i},{u.attack}). df({i},{u.defense}). rng({i},{u.range}). "
                   f"mp({i},{u.movement}).")
        out.append(f"troops({i},{u.troops}).")
        for flag in ("pinned", "spent", "underlined", "red_af", "dismounted", "moved",
                     "opportunity_fired", "luftwaffe"):
            if getattr(u, flag):
                out.append(f"{flag}({i}).")
        if u.isolation:
            out.append(f"isolation({i},{u.isolation}).")
        if u.name:
            out.append(f"named({i},{q(u.name)}).")
        o = u.oob
        for pred, val in (("bn", o.battalion), ("rgt", o.regiment), ("div", o.division),
                          ("corps", o.corps)):
            if val:
                out.append(f"{pred}({i},{q(val)}).")
        if o.independent:
            out.append(f"independent({i}).")
    return out + spot_record_facts(sc, sc.units)


def hex_facts(sc: Scenario, around: set[str]) -> list[str]:
    out = []
    table = sc.grid.table()
    for hid, spec in sc.map.hexes.items():
        h = q(hid)
        out.append(f"hex({h}).")
        for m in spec.markers:
            out.append(f"marker({h},{m}).")
        if spec.breakthru:
            out.append(f"breakthru({h},{spec.breakthru}).")
        for flag in ("interdicted", "breakthrough_tried"):
            if getattr(spec, flag):
                out.append(f"{flag}({h}).")
    for hid in sorted(around):
        row = table.get(hid)
        if row is None:
            continue
        for n in row:
            if n is not None:
                out.append(f"adj({q(hid)},{q(n)}).")
        for d in range(3):
            a, b = row[d], row[d + 3]
            if a is not None and b is not None:
                out.append(f"opposite({q(hid)},{q(a)},{q(b)}).")
    return out


def chart_facts(attc: charts.Chart, seq: charts.Chart, tec: Tec) -> list[str]:
    out = [f"col({i},{q(label)},{lo},{hi})."
           for i, (label, lo, hi) in enumerate(charts.crt_columns())]
    for af, vals in attc.data["rows"].items():
        for r, v in zip(attc.data["ranges"], vals, strict=True):
            out.append(f"attc({af},{r},{v}).")
    for f, v in tec.combat.items():
        out.append(f"terrain_drm({const(f)},{v}).")
    for k, v in seq.data["drm"].items():
        out.append(f"drm_value({k},{v}).")
    return out


def world_facts(sc: Scenario, retreat: bool = False) -> list[str]:
    out = [f"phase({sc.phase}).", f"phasing({sc.phasing})."]
    if sc.date is not None and sc.date >= SEPT26:
        out.append("after_sept26.")
    if sc.date is not None:
        out.append(f"today({sc.date:%Y%m%d}).")
    side = RETREAT_SIDE.get(sc.phase) if retreat else MOVING_SIDE.get(sc.phase)
    if side:
        out.append(f"moving_side({side}).")
    return out


def _related(sc: Scenario, req: FireRequest) -> set[str]:
    """The hexes whose neighbours the rules look at: the target, its neighbours and the
    firers' hexes."""
    around = {req.target}
    if req.target in sc.map.hexes:
        around |= set(sc.grid.neighbours(req.target))
    units = unit_map(sc)
    for uid in req.firers:
        if units[uid].hex in sc.map.hexes:
            around.add(units[uid].hex)
    return around


def east_bank_facts(sc: Scenario, uid: str, box: str, target: str) -> list[str]:
    """A firer in an East Bank box (14.51): its range to the target counted through the
    Volga hexes' small numbers for that box (14.53: the number, then the hexes from that
    Volga hex on, the shortest way; with the reading box-hexes-only, from the box's own
    hexes only), and whether the target is a West Bank cliff hex
    along the Volga, which the box sees without a spotter (14.28)."""
    area = sc.map.entry_areas.get(box)
    if area is None or area.kind != "east-bank":
        return []
    out = [f"east_bank({q(uid)})."]
    only_box = sc.readings.get("14.53", "shortest") == "box-hexes-only"
    ranges = [n + sc.grid.distance(h, target) for h, spec in sc.map.hexes.items()
              for b, n in spec.volga_range.items()
              if b == box and (not only_box or h in area.hexes)]
    if ranges and target in sc.map.hexes:
        out.append(f"dist({q(uid)},{min(ranges)}).")
    spec = sc.map.hexes.get(target)
    if spec is not None and "cliff" in spec.features and any(
            n in sc.map.hexes and ("volga" in sc.map.hexes[n].features
                                   or sc.map.hexes[n].terrain == "volga")
            for n in sc.grid.neighbours(target)):
        out.append(f"los({q(uid)}). east_bank_sees({q(uid)}).")
    return out


def box_range(sc: Scenario, hex_id: str, box: str) -> int | None:
    """Hexes from a map hex to an East Bank box (14.52, 14.53): the small number of a Volga
    hex for that box plus the hexes from that Volga hex, the shortest way."""
    ranges = [n + sc.grid.distance(h, hex_id) for h, spec in sc.map.hexes.items()
              for b, n in spec.volga_range.items() if b == box]
    return min(ranges) if ranges else None


def is_box_target(sc: Scenario, target: str) -> bool:
    area = sc.map.entry_areas.get(target)
    return area is not None and area.kind == "east-bank"


def stuka_facts(sc: Scenario, req: FireRequest, box: bool) -> list[str]:
    """With Stukas among the firers: the German Luftwaffe OPs that may spot the target hex
    now (15.14, 15.17: its line, range and state, 14.2), and those on hex 1039 for an East
    Bank box (15.31)."""
    units = unit_map(sc)
    if not any(units[f].unit_class == "stuka" for f in req.firers):
        return []
    lw = [u for u in sc.units if u.luftwaffe and u.side == "german"
          and u.hex in sc.map.hexes]
    if box:
        return [f"lw_on_1039({q(u.id)})." for u in lw if u.hex == "1039"]
    if req.target not in sc.map.hexes:
        return []
    return [f"lw_sees({q(uid)})." for uid, why in sees(sc, lw, req.target).items()
            if not why]


def request_facts(sc: Scenario, req: FireRequest) -> tuple[list[str], list[tuple[str, str]]]:
    units = unit_map(sc)
    out = [f"kind({req.kind}).", f"target({q(req.target)})."]
    box = is_box_target(sc, req.target)
    table = req.table or ("ebbt" if box else "crt")
    out.append(f"table({table}).")
    if box:
        out.append(f"target_box({q(req.target)}).")
    for uid in req.as_if:
        out.append(f"as_if({q(uid)}).")
    if req.spotter:
        out.append("spotter_given.")
    pairs: list[tuple[str, str]] = []
    extra: list[str] = []
    for uid in req.firers:
        u = units[uid]
        out.append(f"firer({q(uid)}).")
        if u.hex in sc.map.hexes and box:
            d2 = box_range(sc, u.hex, req.target)
            if d2 is not None:
                out.append(f"dist({q(uid)},{d2}).")
        elif u.hex in sc.map.hexes:
            d = sc.grid.distance(u.hex, req.target)
            out.append(f"dist({q(uid)},{d}).")
            if u.hex != req.target and u.unit_class != "stuka":  # Stukas see it (15.13)
                extra.append(uid)
                pairs.append((u.hex, req.target))
        else:
            out += east_bank_facts(sc, uid, u.hex, req.target)
    out += stuka_facts(sc, req, box)
    movers = req.movers
    if req.kind == "opportunity" and not movers:
        side = (RETREAT_SIDE if req.retreat else MOVING_SIDE).get(sc.phase)
        movers = [u.id for u in sc.units if u.hex == req.target and u.side == side]
    for m in movers:
        out.append(f"mover({q(m)}).")
    if req.defending:
        out.append(f"defending({q(req.defending)}).")
    if req.close_assault:
        out.append("close_assault.")
    for d in req.declined:
        out.append(f"declined({q(d)}).")
    if req.spotting_drm is not None:
        out.append(f"spotting_drm({req.spotting_drm}).")
    if req.breakthrough:
        out.append("breakthrough.")
    spot_pair = None
    if req.spotter:
        out.append(f"spotter({q(req.spotter)}).")
        s = units[req.spotter]
        if s.hex in sc.map.hexes and not box:
            out.append(f"spot_dist({q(req.spotter)},{sc.grid.distance(s.hex, req.target)}).")
        if s.hex in sc.map.hexes and s.hex != req.target and not box:
            spot_pair = (s.hex, req.target)
        elif s.hex == req.target:
            out.append(f"spot_los({q(req.spotter)}).")
    answers: list = []
    asked = pairs + ([spot_pair] if spot_pair else [])
    if asked:
        answers = lines_of_sight(sc, asked)[0]
    mine = answers[:len(extra)]
    for uid, ans in zip(extra, mine, strict=True):
        if ans.clear:
            out.append(f"los({q(uid)}).")
    if spot_pair and answers[-1].clear:
        out.append(f"spot_los({q(req.spotter)}).")
    los_info = dict(zip(extra, mine, strict=True))
    return out, [(uid, los_info[uid].rules) for uid in extra]  # type: ignore[misc]


def _s(sym: clingo.Symbol) -> Any:
    if sym.type == clingo.SymbolType.String:
        return sym.string
    if sym.type == clingo.SymbolType.Number:
        return sym.number
    return str(sym).replace("_", "-")


def solve_fire(sc: Scenario, req: FireRequest, attc_path: str | None = None,
               seq_path: str | None = None, files: tuple[str, ...] = FILES,
               tec_path: str | None = None) -> tuple[dict[str, Any], list[clingo.Symbol]]:
    """The answer to one fire question, and every atom derived (for callers that read
    more, such as breakthroughs)."""
    attc = charts.attc(attc_path)
    seq = charts.sequence(seq_path)
    tec = tec_chart(tec_path)
    facts, los_rules = request_facts(sc, req)
    program = (map_facts(sc) + unit_facts(sc) + hex_facts(sc, _related(sc, req))
               + chart_facts(attc, seq, tec) + world_facts(sc, req.retreat)
               + crossing_facts(sc) + facts)
    atoms = _solve("\n".join(program), list(files) + ["sos/fire_show.lp"])
    by = {}
    for a in atoms:
        by.setdefault(a.name, []).append([_s(x) for x in a.arguments])
    units = unit_map(sc)
    firers = []
    los_of = dict(los_rules)
    for uid in req.firers:
        u = units[uid]
        why = sorted({(r, rule) for x, r, rule in by.get("cannot", []) if x == uid})
        fac = [f for f in by.get("factor", []) if f[0] == uid]
        row = {"unit": uid, "hex": u.hex, "class": u.unit_class,
               "distance": (sc.grid.distance(u.hex, req.target)
                            if u.hex in sc.map.hexes and req.target in sc.map.hexes
                            else next((d for x, d in by.get("dist", []) if x == uid),
                                      None)),
               "may_fire": any(o[0] == uid for o in by.get("ok", [])),
               "why_not": [{"reason": r, "rule": rule} for r, rule in why]}
        if any(x == uid for x, _ in by.get("no_attc", [])):
            row["factor"] = 0
            row["uses"] = "attc"
            row["factor_rule"] = "9.94"
            row["note"] = "the Anti-Tank Target Chart has no entry for its AF at this range"
        if (u.unit_class in ("leader", "commissar") and not row["may_fire"]
                and not row["why_not"]):
            row["role"] = "leader"
        if fac:
            row["factor"] = fac[0][1]
            row["uses"] = fac[0][2]
            row["factor_rule"] = fac[0][3]
        if uid in los_of:
            row["los_rules"] = los_of[uid]
        notes = [{"note": n, "rule": r} for x, n, r in by.get("fire_note", []) if x == uid]
        if notes:
            row["notes"] = sorted(notes, key=lambda n: n["rule"])
        if u.hex not in sc.map.hexes:
            row["distance"] = next((d for x, d in by.get("dist", []) if x == uid), None)
        firers.append(row)
    total = by.get("total", [[0]])[0][0]
    col = by.get("column", [])
    off = {i: (t, r) for i, t, r in by.get("off_table", [])}
    drms = sorted(({"id": i, "value": v, "rule": r} for i, v, r in by.get("drm", [])
                   if i not in off), key=lambda d: (d["rule"], d["id"]))
    verdicts = by.get("verdict", [])
    forbidden = [r for v, r in verdicts if v == "forbidden"]
    data: dict[str, Any] = {
        "kind": req.kind, "target": req.target, "firers": firers, "total": total,
        "column": col[0][0] if col else None,
        "column_shift": col[0][1] if col else 0,
        "column_rule": col[0][2] if col else None,
        "drms": drms, "net_drm": by.get("net", [[0]])[0][0],
        "waived": [{"id": i, "rule": r} for i, r in by.get("drm_waived", [])]
        + [{"id": i, "rule": r, "table": t} for i, (t, r) in sorted(off.items())],
        "table": req.table or ("ebbt" if is_box_target(sc, req.target) else "crt"),
        "negated": [{"id": i, "rule": r} for i, r in by.get("integrity_note", [])],
        "fires": bool(total) and not forbidden,
        "forbidden_by": forbidden,
        "attack_marker_needed": bool(by.get("needs_marker")),
        "close_assault_refused": [r[0] for r in by.get("cannot_assault", [])],
        "tables": {"crt": "kb/sos/tables/crt.yaml", "attc": attc.describe(),
                   "sequence": seq.describe(), "tec": tec.describe()},
        "rules": ["9.19", "9.13", "9.21", "9.31", "9.71" if req.kind == "attack" else "9.72",
                  "9.73"],
    }
    if data["table"] != "crt":
        data["rules"] += ["14.45", "14.6"]
    if is_box_target(sc, req.target):
        data["rules"] += ["14.29", "14.52", "14.53", "14.54"]
    if req.as_if:
        data["rules"] += ["14.03", "14.38"]
    if any(units[f].unit_class == "stuka" for f in req.firers):
        data["rules"] += ["15.11", "15.12", "15.13", "15.14"]
    if attc.practice and any(f.get("uses") == "attc" for f in firers):
        data["practice_note"] = charts.PRACTICE_NOTE
    elif tec.practice and any(d["id"] == "terrain" for d in drms):
        data["practice_note"] = charts.PRACTICE_NOTE
    return data, atoms
