"""Command ``generate``: write a random, valid Stalingrad '42 position (seeded)."""

from __future__ import annotations

import json as jsonlib
from pathlib import Path
from typing import Annotated

import typer

from adjudicator.errors import usage_error
from adjudicator.games.s42.generate import full_position, scenario, small_position
from adjudicator.output import JsonOpt, emit


def generate(
    out: Annotated[Path, typer.Option("-o", "--out", help="Where to write (.json or .yaml).")],
    seed: Annotated[int, typer.Option("--seed", help="Same seed, same position.")] = 42,
    cols: Annotated[int, typer.Option("--cols", help="Columns (at most 100).")] = 64,
    rows: Annotated[int, typer.Option("--rows", help="Rows (at most 100).")] = 62,
    units: Annotated[int, typer.Option("--units", help="About this many units.")] = 300,
    small: Annotated[bool, typer.Option(
        "--small", help="A small position with a bit of every rule feature instead of a "
        "front (as the differential tests use); --cols/--rows/--units then bound it.")] = False,
    json: JsonOpt = False,
) -> None:
    """Generate a random position: a map with rivers, roads, rail, cities, entry areas
    and units of both sides in contact along a front."""
    if not (1 <= cols <= 100 and 1 <= rows <= 100):
        raise usage_error("four-digit hex ids allow 1 to 100 columns and rows", "--cols")
    if units < 0:
        raise usage_error("the number of units cannot be negative", "--units")
    if out.suffix.lower() not in (".json", ".yaml", ".yml"):
        raise usage_error("write a .json, .yaml or .yml file", "--out")
    if small:
        data = small_position(seed, min(cols, 8), min(rows, 8), min(units, 30))
    else:
        data = full_position(seed, cols, rows, units)
    sc = scenario(data)  # valid by construction: a generator bug shows up here
    text = jsonlib.dumps(data, indent=1)
    if out.suffix.lower() != ".json":
        from ruamel.yaml import YAML

        out.parent.mkdir(parents=True, exist_ok=True)
        with out.open("w", encoding="utf-8") as fh:
            YAML(typ="safe").dump(data, fh)
    else:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text + "\n", encoding="utf-8")
    info = {"file": str(out), "seed": seed, "hexes": len(sc.map.hexes),
            "units": len(sc.units), "entry_areas": sorted(sc.map.entry_areas)}
    emit(info, lambda c: c.print(
        f"wrote {out}: {len(sc.map.hexes)} hexes, {len(sc.units)} units (seed {seed})"), json)


def register(app: typer.Typer) -> None:
    app.command()(generate)
