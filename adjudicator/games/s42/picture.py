"""How Stalingrad '42's positions are drawn (``adjudicator show``): its hex features
(cities, towns, fortifications, victory points), hexside features (rivers and the
Volga, lakes, impassable and alpine sides, roads, railways, bridges) and counters
(printed factors, status, supply, Train markers)."""

from __future__ import annotations

from adjudicator.render import Style, _poly


class S42Style(Style):
    legend = (
        ("#1f6fd1", "river (thicker: major; dark: Volga)"),
        ("#111", "impassable hexside"),
        ("#b5651d", "road"),
        ("#d00000", "unit outline: red = Full Retreat, amber = Disrupted"),
    )

    def hex_features(self, spec, x: float, y: float) -> list[str]:
        out: list[str] = []
        if spec.city:
            r = 7 if spec.city == "major" else 4.5
            out.append(f'<circle cx="{x:.1f}" cy="{y + 14:.1f}" r="{r}" fill="#444"/>')
        if spec.town:
            out.append(f'<rect x="{x - 3:.1f}" y="{y + 11:.1f}" width="6" height="6" fill="#666"/>')
        if spec.fortification:
            out.append(
                f'<polygon points="{_poly([(x - 8, y + 22), (x, y + 16), (x + 8, y + 22)])}" '
                f'fill="none" stroke="#222" stroke-width="1.5"/>'
            )
        if spec.vp:
            out.append(
                f'<text x="{x + 14:.1f}" y="{y + 18:.1f}" font-size="9" fill="#b00">'
                f"{spec.vp}</text>"
            )
        return out

    def hexside_features(self, key: str, hs, seg: str, cseg: str,
                         middle: tuple[float, float]) -> list[str]:
        out: list[str] = []
        if hs.river:
            width = {"minor": 2.5, "major": 4.5, "volga": 8}[hs.river]
            colour = "#1f6fd1" if hs.river != "volga" else "#0c3d8a"
            out.append(f'<line {seg} stroke="{colour}" stroke-width="{width}"/>')
        if hs.lake:
            out.append(f'<line {seg} stroke="#7fb7e6" stroke-width="6"/>')
        if hs.impassable:
            out.append(f'<line {seg} stroke="#111" stroke-width="5"/>')
        if hs.alpine:
            out.append(f'<line {seg} stroke="#8a5a2b" stroke-width="4" stroke-dasharray="4 3"/>')
        if hs.road:
            w = 3 if hs.road == "primary" else 1.8
            out.append(f'<line {cseg} stroke="#b5651d" stroke-width="{w}"/>')
        if hs.rail:
            out.append(f'<line {cseg} stroke="#222" stroke-width="1.5" stroke-dasharray="6 3"/>')
        if hs.bridge:
            mx, my = middle
            out.append(
                f'<rect x="{mx - 4:.1f}" y="{my - 4:.1f}" width="8" height="8" fill="#fff" '
                f'stroke="#000"><title>{hs.bridge} bridge {key}</title></rect>'
            )
        return out

    def unit_outline(self, u) -> tuple[str, float]:
        stroke = {"good-order": "#222", "disrupted": "#e0a000", "full-retreat": "#d00000"}[
            u.status
        ]
        return stroke, 2.2 if u.status != "good-order" else 1

    def unit_tip(self, u) -> str:
        return (
            f"{u.id} ({u.side} {u.type}) {u.attack}-{u.defense}-{u.ma}, steps "
            f"{u.steps_left}/{u.max_steps}, {u.status}, {u.supply}"
            + (", train" if u.train else "")
        )

    def unit_label(self, u) -> str:
        return f"{u.attack}-{u.defense}-{u.ma}"


STYLE = S42Style()
