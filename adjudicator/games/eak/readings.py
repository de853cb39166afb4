"""The ``--reading RULE=NAME`` option of Enemy Action: Kharkov's commands: the disputed
rules and their readings are this game's own (``kb/eak/readings/``), never another's."""

from __future__ import annotations

from typing import Annotated

import typer

from adjudicator.errors import usage_error
from adjudicator.games import get_game

GAME = "eak"


def _help() -> str:
    known = get_game(GAME).readings()
    rules = ", ".join(f"{rule} ({'/'.join(r['name'] for r in options)})"
                      for rule, options in sorted(known.items()))
    return f"Read a disputed rule of this game another way (repeatable): {rules}."


ReadingOpt = Annotated[
    list[str] | None,
    typer.Option("--reading", metavar="RULE=NAME", help=_help()),
]


def parse_readings(items: list[str] | None) -> dict[str, str]:
    """``RULE=NAME`` options checked against this game's named readings."""
    game = get_game(GAME)
    out: dict[str, str] = {}
    for item in items or []:
        rule, sep, name = item.partition("=")
        problem = game.reading_problem(rule, name) if sep else \
            f"expected RULE=NAME for a disputed rule of {game.title}, got '{item}'"
        if problem:
            raise usage_error(problem, "--reading")
        out[rule] = name
    return out
