"""How Kharkov Battles positions are drawn (``adjudicator show``, ``adjudicator serve``):
cities and towns, Fortified Zones and printed supply sources; rivers (the Dnepr darker),
impassable hexsides and bridges; counters with their strength and steps."""

from __future__ import annotations

from adjudicator.render import Style

RIVER = {"minor": ("#1f6fd1", 2.5), "major": ("#1f6fd1", 4.5), "dnepr": ("#0c3d8a", 7)}


class Kb42Style(Style):
    terrain_fill = {"clear": "#f4efd8", "woods": "#b9d7a1", "rough": "#d6c2a0",
                    "marsh": "#b7d3d0", "prohibited": "#9e9e9e"}
    legend = (
        ("#1f6fd1", "river (thicker: major; dark: Dnepr)"),
        ("#111", "impassable hexside"),
        ("#6b4f2a", "Fortified Zone (FZ)"),
    )

    def hex_features(self, spec, x: float, y: float) -> list[str]:
        out: list[str] = []
        if spec.city:
            r = 7 if spec.city == "major" else 4.5
            out.append(f'<circle cx="{x:.1f}" cy="{y + 14:.1f}" r="{r}" fill="#444"/>')
        if spec.town:
            out.append(f'<rect x="{x - 3:.1f}" y="{y + 11:.1f}" width="6" height="6" fill="#666"/>')
        if spec.fz:
            out.append(f'<text x="{x - 17:.1f}" y="{y + 19:.1f}" font-size="8" fill="#6b4f2a" '
                       f'font-weight="bold">FZ</text>')
        if spec.supply_source:
            out.append(f'<text x="{x + 10:.1f}" y="{y + 19:.1f}" font-size="8" fill="#00695c" '
                       f'font-weight="bold">S</text>')
        return out

    def hexside_features(self, key: str, hs, seg: str, cseg: str,
                         middle: tuple[float, float]) -> list[str]:
        out: list[str] = []
        if hs.river:
            colour, width = RIVER[hs.river]
            out.append(f'<line {seg} stroke="{colour}" stroke-width="{width}"/>')
        if hs.impassable:
            out.append(f'<line {seg} stroke="#111" stroke-width="5"/>')
        if hs.bridge:
            mx, my = middle
            out.append(f'<rect x="{mx - 4:.1f}" y="{my - 4:.1f}" width="8" height="8" '
                       f'fill="#fff" stroke="#000"><title>{hs.bridge} bridge {key}</title></rect>')
        return out

    def unit_outline(self, u) -> tuple[str, float]:
        return {"operational": ("#222", 1), "oos": ("#e0a000", 2.2),
                "isolated": ("#d00000", 2.2)}[u.supply]

    def unit_tip(self, u) -> str:
        return (f"{u.id} ({u.side} {u.type}) strength {u.strength}, steps "
                f"{u.steps_left}/{u.max_steps}, {u.supply}" + (", cadre" if u.cadre else "")
                + (", white band" if u.white_band else ""))

    def unit_label(self, u) -> str:
        return str(u.strength)


STYLE = Kb42Style()
