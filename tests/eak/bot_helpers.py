"""Small positions for the rulings on the Soviet procedure (tests/eak/test_bot_*.py).

Hex ids: the first pair grows southward, the second westward. Neighbours on this grid:
a hex with an even first pair (08xx) touches xx and xx+1 in the rows 07 and 09; one with
an odd first pair (09xx) touches xx-1 and xx in the rows 08 and 10.
"""

from __future__ import annotations

from adjudicator.games.eak.bot import Bot
from adjudicator.games.eak.botdata import load_data
from adjudicator.scenario import parse_scenario

ROWS = range(5, 13)
COLS = range(4, 14)


def position(units: list[str], extra: str = "", turn: int = 4,
             hexes: dict[str, str] | None = None, objective: str | None = "0812"):
    lines = ["game: eak", f"turn: {turn}", "phasing: soviet"]
    if objective:
        lines += ["objectives:", f"  - {{front: voronezh, direction: west, hex: '{objective}'}}"]
    lines += ["map:", "  hexes:"]
    for r in ROWS:
        for c in COLS:
            h = f"{r:02d}{c:02d}"
            lines.append(f'    "{h}": {(hexes or {}).get(h, "clear")}')
    lines += ["units:", *[f"  - {u}" for u in units]]
    return parse_scenario("\n".join(lines) + "\n" + extra, "pos.yaml")


def sov(uid: str, h: str, sel: str = "01", strength: int = 4, ma: int = 4, steps: int = 2,
        army: str = "69", front: str = "voronezh", kind: str = "infantry",
        more: str = "") -> str:
    return (f"{{id: {uid}, side: soviet, hex: '{h}', type: {kind}, strength: {strength}, "
            f"ma: {ma}, max_steps: {steps}, selector: '{sel}', army: '{army}', "
            f"front: {front}, active: true{more}}}")


def ger(uid: str, h: str, strength: int = 3, steps: int = 2, kind: str = "infantry",
        more: str = "", ma: int = 4) -> str:
    return (f"{{id: {uid}, side: german, hex: '{h}', type: {kind}, strength: {strength}, "
            f"ma: {ma}, max_steps: {steps}{more}}}")


def make_bot(sc, seed: int | None = 1, rolls: list[int] | None = None) -> Bot:
    return Bot(sc, load_data(), seed=seed, rolls=rolls)
