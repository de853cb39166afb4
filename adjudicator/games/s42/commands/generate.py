"""Command ``generate``: write a random, valid Stalingrad '42 position (seeded)."""

from __future__ import annotations

import io
import json as jsonlib
from pathlib import Path
from typing import Annotated

import typer

from adjudicator.errors import usage_error
from adjudicator.games.s42.generate import full_position, scenario, small_position
from adjudicator.limits import MAX_UNITS
from adjudicator.output import ForceOpt, JsonOpt, check_output, emit, write_output

MAX_SEED = 2**63 - 1


def generate(
    out: Annotated[Path, typer.Option("-o", "--out", help="Where to write (.json or .yaml).")],
    seed: Annotated[int, typer.Option("--seed", min=0, max=MAX_SEED,
                                      help="Same seed, same position (0 to 2^63-1).")] = 42,
    cols: Annotated[int, typer.Option("--cols", min=1, max=100,
                                      help="Columns (1 to 100).")] = 64,
    rows: Annotated[int, typer.Option("--rows", min=1, max=100, help="Rows (1 to 100).")] = 62,
    units: Annotated[int, typer.Option("--units", min=0, max=MAX_UNITS,
                                       help=f"About this many units (0 to {MAX_UNITS}).")] = 300,
    small: Annotated[bool, typer.Option(
        "--small", help="A small position with a bit of every rule feature instead of a "
        "front (as the differential tests use); --cols/--rows/--units then bound it.")] = False,
    force: ForceOpt = False,
    json: JsonOpt = False,
) -> None:
    """Generate a random position: a map with rivers, roads, rail, cities, entry areas
    and units of both sides in contact along a front."""
    if out.suffix.lower() not in (".json", ".yaml", ".yml"):
        raise usage_error("write a .json, .yaml or .yml file", "--out")
    check_output(out, "--out", force=force)
    if small:
        data = small_position(seed, min(cols, 8), min(rows, 8), min(units, 30))
    else:
        data = full_position(seed, cols, rows, units)
    sc = scenario(data)  # valid by construction: a generator bug shows up here
    text = jsonlib.dumps(data, indent=1) + "\n"
    if out.suffix.lower() != ".json":
        from ruamel.yaml import YAML

        buf = io.StringIO()
        YAML(typ="safe").dump(data, buf)
        text = buf.getvalue()
    write_output(out, text, "--out", force=force)
    info = {"file": str(out), "seed": seed, "hexes": len(sc.map.hexes),
            "units": len(sc.units), "entry_areas": sorted(sc.map.entry_areas)}
    emit(info, lambda c: c.print(
        f"wrote {out}: {len(sc.map.hexes)} hexes, {len(sc.units)} units (seed {seed})"), json)


def register(app: typer.Typer) -> None:
    app.command()(generate)
