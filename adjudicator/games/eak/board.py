"""What the Enemy Action: Kharkov board offers in the browser (``adjudicator serve``).

Each ask calls the function its command calls (``zoc``, ``bot terms``), so the answer is
the one ``adjudicator <command> --json`` prints; this module only picks what to light.
This game chooses its readings in the position (``readings:``), so a reading switched on
the board is asked on a copy of the position that says so.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from adjudicator.games.eak.commands.bot import terms_answer
from adjudicator.games.eak.commands.zoc import zoc_answer
from adjudicator.scenario import Scenario
from adjudicator.solver import Solver
from adjudicator.web.asks import (
    Ask,
    Drawing,
    Edit,
    Param,
    Reply,
    line,
    readings_note,
    with_readings,
)


def _zoc(sc: Scenario, solver: Solver, readings: dict[str, str]) -> dict[str, Any]:
    memo = sc.__dict__.setdefault("_board_memo", {})
    key = ("zoc", tuple(sorted(readings.items())))
    if key not in memo:
        memo[key] = zoc_answer(with_readings(sc, readings), solver)
    return memo[key]


def ask_hex(sc: Scenario, solver: Solver, readings: dict[str, str],
            p: dict[str, Any]) -> Reply:
    h = p["hex"]
    ids = {u.id for u in sc.units_at(h)}
    a = _zoc(sc, solver, readings)
    d = Drawing()
    d.hex(h, "selected", h)
    who = a["zoc"].get(h, [])
    lines = [line(f"ZOC in {h}: {', '.join(who) if who else 'none'}", ["11.0"], "zoc")]
    for s in a["sources"]:
        if ids & set(s["units"]):
            d.hex(s["hex"], "zoc", f"{s['hex']}: in the {s['side']} ZOC of "
                                   f"{', '.join(s['units'])}")
    for n in a["no_zoc"]:
        if n["unit"] in ids:
            lines.append(line(f"{n['unit']} exerts no ZOC", n["rules"], "zoc"))
    for g in a["garrison_zoc"]:
        if g["garrison"] == h:
            lines.append(line(f"the Garrison in {h} exerts a ZOC into {' '.join(g['hexes'])}",
                              g["rules"], "zoc"))
            for x in g["hexes"]:
                d.hex(x, "zoc", f"{x}: in the Garrison's ZOC")
    for u in a["units"]:
        if u["unit"] not in ids:
            continue
        lines.append(line(f"{u['unit']} leaves {h} for {u['exit_cost']} extra MP"
                          if u["exit_cost"] else f"{u['unit']} leaves {h} freely",
                          u["exit_rules"] or ["10.1"], "ok"))
        for st in u["steps"]:
            kind = "refused" if not st["allowed"] else "stop" if st["stop"] else "allowed"
            text = {"refused": "may not step into", "stop": "may step into, and stops in",
                    "allowed": "may step into"}[kind]
            lines.append(line(f"{u['unit']} {text} {st['hex']}", st["rules"], kind))
            d.hex(st["hex"], kind, f"{u['unit']} {text} it")
    return Reply(a, ["adjudicator zoc FILE --json" + readings_note(readings)], lines, d)


def ask_terms(sc: Scenario, solver: Solver, readings: dict[str, str],
              p: dict[str, Any]) -> Reply:
    h = p["hex"]
    a = terms_answer(with_readings(sc, readings), h, solver)
    d = Drawing()
    d.hex(h, "selected", h)
    lines = []
    if not a["units"]:
        lines.append(line(f"no units in {h}", a["rules"]))
    for u in a["units"]:
        lines.append(line(f"{u['unit']}: " + ("surrounded" if u["surrounded"] else
                                              "not surrounded, open toward "
                                              + " ".join(u["open_hexes"])),
                          u["rules"], "refused" if u["surrounded"] else "ok"))
        for x in u["open_hexes"]:
            d.hex(x, "open", f"{u['unit']} is open toward {x}")
    by = a["causing_surround_of_this_hex"]
    if by["units"]:
        lines.append(line(f"causing the surround of {h}: {', '.join(by['units'])}", by["rules"],
                          "surround"))
        for uid in by["units"]:
            u = sc.units_by_id.get(uid)
            if u is not None:
                d.hex(u.hex, "surround", f"{uid} causes the surround of {h}")
    of = a["this_hex_causes_surround_of"]
    if of["hexes"]:
        lines.append(line(f"the units in {h} cause the surround of {' '.join(of['hexes'])}",
                          of["rules"], "surround"))
        for x in of["hexes"]:
            d.hex(x, "surround", f"surrounded by the units in {h}")
    for u in a["units"]:
        if u["nearly_surrounded"]:
            by = "; ".join(f"{n['german']} moving to {n['moving_to']}"
                           for n in u["nearly_surrounded_by"])
            lines.append(line(f"{u['unit']}: nearly surrounded ({by})", u["rules"], "surround"))
        if u["proximate_enemies"]:
            lines.append(line(f"proximate to {u['unit']}: {', '.join(u['proximate_enemies'])}",
                              u["rules"]))
    p_ = a["proximate_to_this_hex"]
    lines.append(line(f"proximate to {h}: {', '.join(p_['units']) or 'none'}", p_["rules"]))
    lines.append(line(f"movement costs: {a['tec'].get('note') or a['tec']['title']}", []))
    cli = f"adjudicator bot terms FILE --hex {h} --json" + readings_note(readings)
    return Reply(a, [cli], lines, d)


HEX = Param("hex", "hex", "hex")
ASKS = [
    Ask("hex", "This hex", "its ZOC and each unit's next step under the ZOCs.", (HEX,), ask_hex,
        ("adjacency",)),
    Ask("terms", "Bot terms", "the Soviet procedure's terms for the units of a hex: "
        "surrounded, open hexes, who causes the surround.", (HEX,), ask_terms, ("adjacency",)),
]
CLICK = "hex"
EDITS = (Edit("steps", "steps left", highest="max_steps"),
         Edit("supply", "supply", ("in-supply", "out-of-supply", "isolated")))


def warm(sc: Scenario, solver: Solver) -> Iterator[None]:
    """The ZOCs a click reads, then the bot's terms (the position's answers the board's
    solver keeps, so that a click on any hex reads them), a step at a time."""
    _zoc(sc, solver, {})
    yield
    here = next((u.hex for u in sc.units if u.hex in sc.map.hexes), None)
    if here is not None:
        terms_answer(sc, here, solver)
