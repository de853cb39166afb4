"""What the Streets of Stalingrad board offers in the browser (``adjudicator serve``).

Each ask calls the function its command calls (``los``, ``spotted``), so the answer is the
one ``adjudicator <command> --json`` prints; this module only picks what to light.
"""

from __future__ import annotations

from typing import Any

from adjudicator.errors import usage_error
from adjudicator.games.sos.commands.los import spotting
from adjudicator.games.sos.los import lines_of_sight
from adjudicator.scenario import Scenario
from adjudicator.web.asks import Ask, Drawing, Param, Reply, line, readings_note, with_readings

SIDES = ("german", "soviet")


def _spotting(sc: Scenario, side: str, readings: dict[str, str]) -> dict[str, Any]:
    """A side's spotting, kept on the position; this game reads its readings from the
    position, so a reading switched on the board is asked of a copy that chooses it."""
    memo = sc.__dict__.setdefault("_board_memo", {})
    key = ("spotted", side, tuple(sorted(readings.items())))
    if key not in memo:
        memo[key] = spotting(with_readings(sc, readings), side)
    return memo[key]


def _draw_spotting(data: dict[str, Any], d: Drawing, lines: list, spotter_hex: str | None):
    for t in data["targets"]:
        rows = [r for r in t["by"] if spotter_hex is None or r["hex"] == spotter_hex]
        if not rows:
            continue
        seen = any(r["spots"] for r in rows)
        d.hex(t["hex"], "spotted" if seen else "unspotted",
              f"{t['unit']}: " + ("spotted" if seen else "not spotted"))
        by = [r["spotter"] for r in rows if r["spots"]]
        lines.append(line(f"{t['unit']} in {t['hex']}"
                          + (" (hidden)" if t["hidden"] else "") + ": "
                          + (f"spotted by {', '.join(by)}" if by else "not spotted"),
                          ["14.21"], "ok" if seen else "refused"))
        for r in rows:
            if spotter_hex is not None:
                d.path([r["hex"], t["hex"]], f"los-{r['los']}",
                       f"{r['spotter']} to {t['unit']}: line of sight {r['los']}",
                       hover=t["hex"])
            if not r["spots"]:
                for w in r["why_not"]:
                    lines.append(line(f"  {r['spotter']} in {r['hex']}: {w['reason']}",
                                      [w["rule"]], "refused"))


def ask_hex(sc: Scenario, warm: Any, readings: dict[str, str], p: dict[str, Any]) -> Reply:
    h = p["hex"]
    sides = sorted({u.side for u in sc.units_at(h)})
    d = Drawing()
    d.hex(h, "selected", h)
    if len(sides) != 1:
        lines = [line(f"click a hex holding one side's units to see what they spot "
                      f"({h} holds {'none' if not sides else 'both sides'})", ["14.21"])]
        return Reply({"hex": h, "units": [u.id for u in sc.units_at(h)]}, [], lines, d)
    data = _spotting(sc, sides[0], readings)
    lines = [line(f"what the {sides[0]} units in {h} spot", data["rules"])]
    _draw_spotting(data, d, lines, h)
    return Reply(data, [f"adjudicator spotted FILE --side {sides[0]} --json"
                        + readings_note(readings)], lines, d)


def ask_los(sc: Scenario, warm: Any, readings: dict[str, str], p: dict[str, Any]) -> Reply:
    a, b = p["from"], p["to"]
    if a == b:
        raise usage_error("the two ends are the same hex", "params.to")
    ans = lines_of_sight(with_readings(sc, readings), [(a, b)], aa=p["aa"] == "yes")[0][0]
    d = Drawing()
    verdict = "clear" if ans.clear else "blocked"
    d.path([a, b], f"los-{verdict}", f"line of sight {verdict}")
    d.hex(a, "selected", "from")
    lines = [line(f"line of sight {a} to {b} ({ans.distance} hexes): {verdict}", ans.rules,
                  "ok" if ans.clear else "refused")]
    for x in ans.blockers:
        what = f"{x['where']}: {x['what']}"
        lines.append(line(f"blocked by {what}", [x["rule"]], "refused"))
        if x["kind"] == "hex":
            d.hex(x["where"], "refused", what)
        else:
            d.hexside(x["where"], "cut", what)
    for x in ans.seen_over:
        d.hex(x, "seen", "seen over from the height")
        lines.append(line(f"seen over {x} from the height", ["14.26"], "ok"))
    for x, y in ans.along:
        lines.append(line(f"runs along the hexside {x}-{y}: both hexes count", ["9.36"]))
    lines.append(line("used: " + "; ".join(ans.used), []))
    cli = f"adjudicator los FILE --from {a} --to {b}" + (" --aa" if p["aa"] == "yes" else "")
    return Reply(ans.as_dict(), [cli + " --json" + readings_note(readings)], lines, d)


def ask_spotted(sc: Scenario, warm: Any, readings: dict[str, str],
                p: dict[str, Any]) -> Reply:
    data = _spotting(sc, p["side"], readings)
    d = Drawing()
    lines = [line(f"spotting by the {p['side']} side", data["rules"])]
    for u in sc.units:
        if u.side == p["side"] and u.hex in sc.map.hexes:
            d.hex(u.hex, "attacker", f"{u.id} looks")
    _draw_spotting(data, d, lines, None)
    if data["spotters_off_map"]:
        lines.append(line("in off-map boxes (no line of sight): "
                          + ", ".join(data["spotters_off_map"]), ["14.28"]))
    return Reply(data, [f"adjudicator spotted FILE --side {p['side']} --json"
                        + readings_note(readings)], lines, d)


ASKS = [
    Ask("hex", "This hex", "what the units in it spot, with each line of sight drawn.",
        (Param("hex", "hex", "hex"),), ask_hex, ("los",)),
    Ask("los", "Line of sight", "Is the line of sight between two hexes clear, and why?",
        (Param("from", "hex", "from hex"), Param("to", "hex", "to hex"),
         Param("aa", "choice", "Soviet AA fire at Stukas", default="no", choices=("no", "yes"))),
        ask_los, ("los",)),
    Ask("spotted", "Spotted", "Which enemy units each unit of a side spots, and why not.",
        (Param("side", "choice", "spotting side", default=SIDES[0], choices=SIDES),),
        ask_spotted, ("los",)),
]
CLICK = "hex"


def check(sc: Scenario) -> None:
    """The format's own checks are all this game has (no validate query)."""


def warm(sc: Scenario, warm: Any) -> None:
    for side in SIDES:
        _spotting(sc, side, {})
