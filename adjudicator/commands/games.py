"""``adjudicator games``: every game, its dice and the commands it answers."""

from __future__ import annotations

from typing import Any

import typer
from rich.table import Table
from ruamel.yaml import YAML

from adjudicator.games import default_game_id, game_ids, get_game
from adjudicator.output import JsonOpt, emit
from adjudicator.paths import kb_dir


def games_data() -> dict[str, Any]:
    """The adjudicated games (registered), then those with a knowledge base only."""
    from adjudicator.cli import game_queries

    out = []
    default = default_game_id()
    for gid in game_ids():
        g = get_game(gid)
        out.append({
            "id": g.id, "title": g.title,
            "dice": {"sides": g.dice.sides, "count": g.dice.count, "note": g.dice.note},
            "adjudicated": True, "default": g.id == default,
            "demo": g.demo_path.name if g.demo_path else None,
            "queries": game_queries(gid),
        })
    yaml = YAML(typ="safe")
    for f in sorted(kb_dir().glob("*/game.yaml")):
        gid = f.parent.name
        if gid in game_ids():
            continue
        meta = yaml.load(f.read_text(encoding="utf-8")) or {}
        dice = meta.get("dice") or {}
        out.append({
            "id": gid, "title": meta.get("title", gid),
            "dice": {"sides": dice.get("sides"), "count": dice.get("count"),
                     "note": dice.get("notes", "")},
            "adjudicated": False, "default": False, "demo": None, "queries": [],
        })
    return {"games": out}


def _print(data: dict[str, Any], console) -> None:
    table = Table("id", "title", "dice", "commands", title="Games")
    for g in data["games"]:
        d = g["dice"]
        dice = f"{d['count']}d{d['sides']}" if d["sides"] else ""
        cmds = (", ".join(g["queries"]) if g["adjudicated"]
                else "knowledge base only (rules, search)")
        table.add_row(g["id"] + (" (default)" if g["default"] else ""), g["title"], dice, cmds)
    console.print(table)


def games(json: JsonOpt = False) -> None:
    """Every game: its id, title, dice and the commands it answers."""
    data = games_data()
    emit(data, lambda c: _print(data, c), json)


def register(app: typer.Typer) -> None:
    app.command()(games)
