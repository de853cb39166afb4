"""The picture of a replayed Soviet activation: the map at the start, the printed
movement arrows, the objective markers, each moved unit's move as an arrow from its
starting hex to its end hex (numbered in the order of the moves, with the method), and
each attack as an arrow from the attackers to the target."""

from __future__ import annotations

import math
from html import escape
from typing import Any

from adjudicator.games.eak.bot import method_name
from adjudicator.render import Geometry, Layer, Shade, render_svg

MOVE = "#1f5fbf"
ATTACK = "#c0392b"
PRINTED = "#7a7a7a"
OBJECTIVE = "#8e44ad"


def _arrow(x1: float, y1: float, x2: float, y2: float, colour: str, width: float,
           title: str, dash: str | None = None, shorten: float = 12.0) -> str:
    d = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / d, (y2 - y1) / d
    x2s, y2s = x2 - ux * shorten, y2 - uy * shorten
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    head = 9.0
    px, py = -uy, ux
    tip = (x2s + ux * head, y2s + uy * head)
    left = (x2s + px * head * 0.55, y2s + py * head * 0.55)
    right = (x2s - px * head * 0.55, y2s - py * head * 0.55)
    return (f'<g><title>{escape(title)}</title>'
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2s:.1f}" y2="{y2s:.1f}" '
            f'stroke="{colour}" stroke-width="{width}"{dash_attr} stroke-linecap="round"/>'
            f'<polygon points="{tip[0]:.1f},{tip[1]:.1f} {left[0]:.1f},{left[1]:.1f} '
            f'{right[0]:.1f},{right[1]:.1f}" fill="{colour}"/></g>')


def replay_svg(sc: Any, result: dict[str, Any]) -> str:
    """The SVG of ``result`` (``bot.replay``) drawn on the position ``sc`` it started from."""
    layer = Layer("Soviet activation", legend=[
        (MOVE, "a unit's move (numbered in order; M = movement method of 9.21, "
                "A = army objective method of 9.26, U = unsupplied unit's step of 9.27)"),
        (ATTACK, "an attack (from each attacking unit to the target)"),
        (PRINTED, "printed movement arrow"),
        (OBJECTIVE, "objective marker"),
    ])
    for o in sc.objectives:
        if not o.placed:
            continue
        layer.shades.append(Shade(o.hex, OBJECTIVE, 0.35,
                                  f"{o.front} objective ({o.direction or '-'})"))
        layer.labels.append((o.hex, f"OBJ {o.direction or ''}".strip(), OBJECTIVE))
    svg = render_svg(sc, [layer])
    g = Geometry(sc)
    extra: list[str] = []
    for h in sorted(sc.map.hexes):
        for which, n in sc.arrows_from(h):
            x1, y1 = g.centre(h)
            if n is not None:
                x2, y2 = g.centre(n)
                x1, y1 = x1 + (x2 - x1) * 0.25, y1 + (y2 - y1) * 0.25
                x2, y2 = x1 + (x2 - x1) * 0.75, y1 + (y2 - y1) * 0.75
                extra.append(_arrow(x1, y1, x2, y2, PRINTED, 1.5 if which == "secondary"
                                    else 2.2, f"{which} movement arrow to {n}",
                                    "3,2" if which == "secondary" else None, 0.0))
    n = 0
    for m in result.get("moves", []):
        if not m.get("to"):
            continue
        n += 1
        x1, y1 = g.centre(m["from"])
        x2, y2 = g.centre(m["to"])
        extra.append(_arrow(x1, y1, x2, y2, MOVE, 3.0,
                            f"{n}. {m['unit']} {m['from']} to {m['to']} by "
                            f"{method_name(m)} ({m.get('title', '')})"))
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        extra.append(f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="8" fill="#ffffff" '
                     f'stroke="{MOVE}"/><text x="{mx:.1f}" y="{my + 3.5:.1f}" font-size="9" '
                     f'text-anchor="middle" fill="{MOVE}">{n}</text>'
                     f'<text x="{mx + 10:.1f}" y="{my - 6:.1f}" font-size="8" '
                     f'fill="{MOVE}">{m.get("label", "M" + str(m["method"]))}</text>')
    end = result.get("end_hexes", {})
    for a in result.get("attacks", []):
        if not a.get("attack"):
            continue
        tx, ty = g.centre(a["target"])
        where = a.get("combat", {}).get("positions") or end
        for uid in where:
            h = where.get(uid)
            if h is None or h not in sc.map.hexes:
                continue
            x1, y1 = g.centre(h)
            extra.append(_arrow(x1, y1, tx, ty, ATTACK, 2.0,
                                f"{uid} attacks {a['target']}", "5,3", 14.0))
    extra.append('<text x="30" y="40" font-size="11" fill="#444">compass: south is to the '
                 'right, west is down</text>')
    return svg.replace("</svg>", "\n".join(extra) + "\n</svg>")
