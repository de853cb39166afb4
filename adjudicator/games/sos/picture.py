"""How a Streets of Stalingrad position is drawn: the Volga, the hex features as short
labels, the blocking features drawn through hexes (their ``crossings``), and a line of sight
with what blocks it."""

from __future__ import annotations

from html import escape

from adjudicator.render import Layer, Line, Mark, Shade, Style

SHORT = {"city": "C", "industrial": "I", "fortified": "F", "suburb": "S", "village": "V",
         "forest": "W", "balka": "B", "cliff": "K", "hill-top": "H", "slope": "sl",
         "slope-top": "st", "strong-point": "SP", "tartar-wall": "TW", "cemetery": "+",
         "volga": "", "road": "rd", "railroad": "rr"}
CLEAR, BLOCKED, BLOCKER, SEEN = "#2e8b57", "#d00000", "#d00000", "#1f6fbf"
#: the colour of a feature drawn through a hex (8.12, Appendices A and B)
THROUGH = {"balka": "#8b5a2b", "tartar-wall": "#3a3a3a", "rail-cut": "#6a3d9a",
           "rail-embankment": "#b15928", "cliff": "#5a3a1a"}


class SosStyle(Style):
    terrain_fill = {"clear": "#f4efd8", "volga": "#9cc3e0"}
    legend = (("#9cc3e0", "Volga"),)

    def hex_features(self, spec, x: float, y: float) -> list[str]:
        text = " ".join(SHORT.get(f, f) for f in spec.features if SHORT.get(f, f))
        if not text:
            return []
        return [f'<text x="{x:.1f}" y="{y + 14:.1f}" font-size="8" text-anchor="middle" '
                f'fill="#444">{escape(text)}</text>']

    def hex_drawing(self, hex_id: str, spec, g) -> list[str]:
        """Each feature drawn through the hex as a line from the middle of one side it runs
        through, by the centre, to the next: solid and broad where vehicles may not cross
        it, dashed and thin where they may (the position's ``vehicles``, else Appendix A or
        B, else 8.12)."""
        from adjudicator.games.sos.crossings import verdict

        out: list[str] = []
        cx, cy = g.centre(hex_id)
        for c in spec.crossings:
            v, src = verdict(hex_id, c.feature, c.vehicles)
            ends = []
            for n in c.through:
                nx, ny = g.centre(n)
                ends.append(((cx + nx) / 2, (cy + ny) / 2))
            if len(ends) == 2:
                (x1, y1), (x2, y2) = ends
                d = f"M{x1:.1f},{y1:.1f} Q{cx:.1f},{cy:.1f} {x2:.1f},{y2:.1f}"
            else:
                d = " ".join(f"M{cx:.1f},{cy:.1f} L{x:.1f},{y:.1f}" for x, y in ends)
            look = ('stroke-width="4"' if v == "blocked"
                    else 'stroke-width="2.5" stroke-dasharray="5 3"')
            says = "vehicles blocked" if v == "blocked" else "vehicles may cross"
            title = (f"{hex_id}: {c.feature} through the sides towards "
                     f"{', '.join(c.through)}; {says} ({src}) [8.12]")
            out.append(f'<path class="crossing crossing-{v}" d="{d}" fill="none" '
                       f'stroke="{THROUGH.get(c.feature, "#555")}" {look} '
                       f'stroke-linecap="round"><title>{escape(title)}</title></path>')
        return out

    def hexside_features(self, key, hs, seg, cseg, middle) -> list[str]:
        if not hs.features:
            return []
        colour = "#5a3a1a" if {"cliff", "tartar-wall"} & set(hs.features) else "#8a7a5a"
        return [f'<line {seg} stroke="{colour}" stroke-width="4">'
                f'<title>{key}: {", ".join(hs.features)}</title></line>']


STYLE = SosStyle()


def los_layer(ans) -> Layer:
    """The line of sight of a ``LosAnswer``: green when clear, red when blocked; blocking
    hexes shaded red, blocking hexsides marked red, hexes seen over from a height blue."""
    colour = CLEAR if ans.clear else BLOCKED
    verdict = "clear" if ans.clear else "blocked"
    layer = Layer(name="los", legend=[(colour, f"LOS {ans.a}-{ans.b}: {verdict} "
                                                f"[{', '.join(ans.rules)}]")])
    layer.lines.append(Line(ans.a, ans.b, colour, width=3, title=f"LOS {verdict}"))
    for b in ans.blockers:
        if b["kind"] == "hex":
            layer.shades.append(Shade(b["where"], BLOCKER, 0.45,
                                      f"{b['where']}: {b['what']} [{b['rule']}]"))
        else:
            layer.marks.append(Mark(b["where"], BLOCKER, 6, None,
                                    f"{b['where']}: {b['what']} [{b['rule']}]"))
    if any(b["kind"] == "hex" for b in ans.blockers):
        layer.legend.append((BLOCKER, "blocks the line"))
    for h in ans.seen_over:
        layer.shades.append(Shade(h, SEEN, 0.35, f"{h}: seen over from the height [14.26]"))
    if ans.seen_over:
        layer.legend.append((SEEN, "seen over from the height [14.26]"))
    return layer
