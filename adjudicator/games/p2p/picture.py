"""An SVG picture of a p2p position: points, lines with capacity used and left, units."""

from __future__ import annotations

from html import escape

from adjudicator.games.p2p.position import Position
from adjudicator.games.p2p.queries import CapacityAnswer

WIDTH, HEIGHT, MARGIN = 1200, 820, 70
CONTROL = {"axis": "#8c8c8c", "soviet": "#c8453c", None: "#ffffff"}
STROKE = {"major": 5.0, "minor": 3.0, "inferior": 1.6}


def _half(h: int) -> str:
    whole, half = divmod(h, 2)
    return (str(whole) if whole or not half else "") + ("½" if half else "")


def render_svg(pos: Position, cap: CapacityAnswer) -> str:
    g = pos.graph
    raw = g.layout()
    xs = [x for x, _ in raw.values()]
    ys = [y for _, y in raw.values()]
    sx = (WIDTH - 2 * MARGIN) / ((max(xs) - min(xs)) or 1)
    sy = (HEIGHT - 2 * MARGIN) / ((max(ys) - min(ys)) or 1)
    scale = min(sx, sy)
    # centre the drawing in the frame
    ox = (WIDTH - 2 * MARGIN - (max(xs) - min(xs)) * scale) / 2
    oy = (HEIGHT - 2 * MARGIN - (max(ys) - min(ys)) * scale) / 2

    def at(n: str) -> tuple[float, float]:
        x, y = raw[n]
        return (MARGIN + ox + (x - min(xs)) * scale,
                HEIGHT - MARGIN - oy - (y - min(ys)) * scale)

    loads = {}
    for x in cap.lines:
        loads.setdefault(x.index, []).append(x)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
           f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif">',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#f4f1e8"/>',
           f'<text x="16" y="26" font-size="17" font-weight="bold">{escape(pos.game)} turn '
           f'{pos.turn}, {escape(pos.phasing)} {escape(pos.phase)} phase, '
           f'{escape(pos.weather)} weather: line load used/capacity (armour used/cap) '
           f'[12.A, 12.B]</text>']
    for line in g.lines:
        (x1, y1), (x2, y2) = at(line.a), at(line.b)
        width = STROKE.get(line.class_, 2.0)
        if line.highway:
            out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                       f'stroke="#e0a800" stroke-width="{width + 5:.1f}"/>')
        dash = ' stroke-dasharray="6 4"' if line.special else ""
        out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                   f'stroke="#3a3a3a" stroke-width="{width:.1f}"{dash}>'
                   f'<title>{escape(line.label)}: {escape(line.class_)}'
                   f'{" highway" if line.highway else ""}'
                   f'{" (" + escape(line.special) + ")" if line.special else ""}</title></line>')
        for k, x in enumerate(loads.get(line.index, [])):
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2 + 13 * k
            full = x.room_halves <= 1 or x.armor_room_halves <= 1
            label = (f"{_half(x.used_halves)}/{x.capacity} "
                     f"(A{_half(x.armor_used_halves)}/{x.armor_capacity})")
            colour = "#b00000" if full else "#1a4d8f"
            out.append(f'<rect x="{mx - 40:.1f}" y="{my - 10:.1f}" width="80" height="14" '
                       f'rx="3" fill="#ffffffd0" stroke="{colour}" stroke-width="0.8"/>')
            out.append(f'<text x="{mx:.1f}" y="{my + 1:.1f}" font-size="10.5" '
                       f'text-anchor="middle" fill="{colour}">{escape(label)}</text>')
    for pid, p in pos.map.points.items():
        x, y = at(pid)
        r = 9 + 3 * min(p.vp, 2)
        if p.fortress:
            out.append(f'<rect x="{x - r - 4:.1f}" y="{y - r - 4:.1f}" width="{2 * r + 8}" '
                       f'height="{2 * r + 8}" fill="none" stroke="#000" stroke-width="2"/>')
        stroke = "#1a4d8f" if p.port else "#000"
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{CONTROL[p.control]}" '
                   f'stroke="{stroke}" stroke-width="{3 if p.port else 1.5}"/>')
        if p.vp:
            out.append(f'<text x="{x:.1f}" y="{y + 4:.1f}" font-size="11" text-anchor="middle" '
                       f'fill="#fff" font-weight="bold">{p.vp}</text>')
        out.append(f'<text x="{x:.1f}" y="{y - r - 7:.1f}" font-size="12" text-anchor="middle" '
                   f'font-weight="bold">{escape(p.name or pid)}</text>')
        units = pos.units_at(pid)
        if units:
            text = " ".join(u.id + ("*" if u.dispersed else "") for u in units)
            out.append(f'<text x="{x:.1f}" y="{y + r + 13:.1f}" font-size="10" '
                       f'text-anchor="middle" fill="#333">{escape(text)}</text>')
    for tid, t in pos.map.transit.items():
        x, y = at(tid)
        out.append(f'<rect x="{x - 44:.1f}" y="{y - 14:.1f}" width="88" height="28" rx="12" '
                   f'fill="#fff" stroke="#555" stroke-dasharray="4 3"/>')
        out.append(f'<text x="{x:.1f}" y="{y + 4:.1f}" font-size="11" text-anchor="middle">'
                   f'{escape(t.name or tid)}</text>')
        units = pos.units_at(tid)
        if units:
            out.append(f'<text x="{x:.1f}" y="{y + 27:.1f}" font-size="10" '
                       f'text-anchor="middle">{escape(" ".join(u.id for u in units))}</text>')
    legend = ("lines: thick major, medium minor, thin inferior; gold = highway; dashed = "
              "special (no strategic movement); square = fortress; blue ring = port; "
              "number = VP; red label = full")
    out.append(f'<text x="16" y="{HEIGHT - 14}" font-size="11" fill="#333">'
               f'{escape(legend)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
