"""How Enemy Action: Kharkov positions are drawn (``adjudicator show``, ``adjudicator
serve``): towns with their names and victory points, villages, friendly map edges,
Garrison and Forward Support markers; rivers (the Donets and Dniepr thicker), roads and
bridges; counters with strength and movement allowance."""

from __future__ import annotations

from html import escape

from adjudicator.render import Style

RIVER = {"minor": ("#1f6fd1", 2.5), "donets": ("#1f6fd1", 5), "dniepr": ("#0c3d8a", 7),
         "blocked-dniepr": ("#0c3d8a", 7)}


class EakStyle(Style):
    terrain_fill = {"clear": "#f4efd8", "broken": "#d6c2a0", "woods": "#b9d7a1",
                    "marsh": "#b7d3d0", "town": "#e3d3c0", "city": "#d8c4ad"}
    legend = (
        ("#1f6fd1", "river (thicker: Donets; dark: Dniepr)"),
        ("#b5651d", "road"),
    )

    def hex_features(self, spec, x: float, y: float) -> list[str]:
        out: list[str] = []
        if spec.name:
            out.append(f'<text x="{x:.1f}" y="{y + 22:.1f}" font-size="7" text-anchor="middle" '
                       f'fill="#333">{escape(spec.name)}</text>')
        if spec.village:
            out.append(f'<rect x="{x - 3:.1f}" y="{y + 11:.1f}" width="6" height="6" fill="#666"/>')
        if spec.vp:
            out.append(f'<text x="{x + 14:.1f}" y="{y + 14:.1f}" font-size="9" fill="#b00">'
                       f'{spec.vp}</text>')
        if spec.edge:
            out.append(f'<text x="{x - 20:.1f}" y="{y + 4:.1f}" font-size="7" fill="#555">'
                       f'{escape(spec.edge[:3])} edge</text>')
        if spec.garrison:
            out.append(f'<text x="{x - 18:.1f}" y="{y + 16:.1f}" font-size="8" fill="#9a2e1c" '
                       f'font-weight="bold">G</text>')
        if spec.forward_support:
            out.append(f'<text x="{x - 18:.1f}" y="{y + 16:.1f}" font-size="8" fill="#38546e" '
                       f'font-weight="bold">FS</text>')
        return out

    def hexside_features(self, key: str, hs, seg: str, cseg: str,
                         middle: tuple[float, float]) -> list[str]:
        out: list[str] = []
        if hs.river:
            colour, width = RIVER[hs.river]
            out.append(f'<line {seg} stroke="{colour}" stroke-width="{width}"/>')
        if hs.road:
            out.append(f'<line {cseg} stroke="#b5651d" stroke-width="2.5"/>')
        if hs.bridge:
            mx, my = middle
            out.append(f'<rect x="{mx - 4:.1f}" y="{my - 4:.1f}" width="8" height="8" '
                       f'fill="#fff" stroke="#000"><title>bridge {key}</title></rect>')
        return out

    def unit_outline(self, u) -> tuple[str, float]:
        return {"in-supply": ("#222", 1), "out-of-supply": ("#e0a000", 2.2),
                "isolated": ("#d00000", 2.2)}[u.supply]

    def unit_tip(self, u) -> str:
        return (f"{u.id} ({u.side} {u.type}) {u.strength}-{u.ma}, steps "
                f"{u.steps_left}/{u.max_steps}, {u.supply}" + (", active" if u.active else "")
                + (", dispersed" if u.dispersed else ""))

    def unit_label(self, u) -> str:
        return f"{u.strength}-{u.ma}"


STYLE = EakStyle()
