"""Where vehicles may cross the blocking terrain drawn through a hex (8.12, Appendices A
and B): the printed lists (``kb/sos/tables/vehicle_crossings.yaml``) and the geometry of a
position's ``crossings``.

A balka, a Volga cliff, the Tartar Wall, a railroad cut or an embankment drawn through two
or more sides of a hex splits the hex's other neighbours into banks; a vehicle that passes
through the hex from one bank to another crosses the feature (8.12; a cliff as a balka,
8.67, by the reading 8.12#cliff). The position says which sides the feature runs through
(``through``: the neighbours across them) and may give the verdict (``vehicles``); without
one, Appendix A (blocked) or B (may cross) decides, else 8.12's default (blocked). A line
of sight through such a hex from one bank of a cliff or the Tartar Wall to another is
blocked (9.33, ``asp/sos/los.lp``). Python does the geometry; the rules are in
``asp/sos/crossing.lp``.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from adjudicator.hexgrid import DIRECTIONS, Cube
from adjudicator.paths import kb_dir

#: the appendices' marks after a hex id -> the scenario format's feature
MARKS = {"": "balka", "T": "tartar-wall", "RR": "rail-cut", "E": "rail-embankment"}
ENTRY = re.compile(r"^(\d{4})(?:\((RR|T|E)\))?$")


def parse_entry(text: str) -> tuple[str, str]:
    """``"1543(RR)"`` -> (``"1543"``, ``"rail-cut"``); an unmarked entry is a balka."""
    m = ENTRY.match(text)
    if not m:
        raise ValueError(f"not an appendix entry: {text!r}")
    return m.group(1), MARKS[m.group(2) or ""]


def entries(columns: dict[str, list[str]]) -> list[str]:
    """A list as the data file keeps it (column -> rows) as hex entries: ``"1543(RR)"``."""
    return [f"{col}{row}" for col, rows in columns.items() for row in rows]


@cache
def appendix() -> dict[tuple[str, str], str]:
    """(hex, feature) -> ``blocked`` (Appendix A) or ``cross`` (Appendix B); a pair printed
    on both lists is left out (the appendices decide nothing for it)."""
    from adjudicator.kb.loader import read_yaml

    doc: dict[str, Any] = read_yaml(kb_dir() / "sos" / "tables" / "vehicle_crossings.yaml")
    found: dict[tuple[str, str], set[str]] = {}
    for key, verdict in (("blocked", "blocked"), ("crossable", "cross")):
        for text in entries(doc[key]):
            found.setdefault(parse_entry(text), set()).add(verdict)
    return {k: next(iter(v)) for k, v in found.items() if len(v) == 1}


def verdict(hex_id: str, feature: str, given: str | None) -> tuple[str, str]:
    """(``blocked`` or ``cross``, where it came from: ``position``, ``appendix-a``,
    ``appendix-b`` or ``8.12``)."""
    if given:
        return given, "position"
    listed = appendix().get((hex_id, feature))
    if listed:
        return listed, "appendix-a" if listed == "blocked" else "appendix-b"
    # 8.67: a balka/cliff hex is crossed by vehicles only by a road or bridge (the
    # appendices list no cliffs)
    return "blocked", "8.67" if feature == "cliff" else "8.12"


def cliff_barrier(readings: dict[str, str]) -> bool:
    """Reading 8.12#cliff: a cliff drawn through a hex stops vehicles as a balka does
    (as-balka, the default) or not at all (not-a-barrier)."""
    return readings.get("8.12#cliff", "as-balka") == "as-balka"


#: the drawn features a bridge unit or a river-landing arrow opens to vehicles (17.12,
#: 8.67: balka/cliff hexes)
OPENED = ("balka", "cliff")


def _direction(grid, centre: str, other: str) -> int | None:
    d = grid.cube(other) - grid.cube(centre)
    try:
        return DIRECTIONS.index((d.q, d.r, d.s))
    except ValueError:
        return None


def banks(grid, hex_id: str, through: list[str]) -> list[list[str]]:
    """The hex's neighbours (on the map) between the sides the feature runs through, bank
    by bank, clockwise."""
    marks = sorted({d for h in through if (d := _direction(grid, hex_id, h)) is not None})
    centre = grid.cube(hex_id)
    out: list[list[str]] = []
    for i, start in enumerate(marks):
        end = marks[(i + 1) % len(marks)] + (6 if i + 1 == len(marks) else 0)
        bank = []
        for k in range(start + 1, end):
            c = centre + Cube(*DIRECTIONS[k % 6])
            h = grid.hex_at(c)
            if h is not None:
                bank.append(h)
        out.append(bank)
    return [b for b in out if b]


def across(grid, hex_id: str, through: list[str]) -> list[tuple[str, str]]:
    """The ordered pairs of neighbours on different banks: passing through the hex from one
    to the other crosses the feature."""
    parts = banks(grid, hex_id, through)
    return [(x, y) for i, a in enumerate(parts) for j, b in enumerate(parts) if i != j
            for x in a for y in b]
