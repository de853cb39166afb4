"""The ``adjudicator`` command line."""

from __future__ import annotations

import functools
import importlib
import inspect
import pkgutil
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer

from adjudicator import commands
from adjudicator.errors import InputError, usage_error
from adjudicator.games import default_game_id, game_ids, get_game

app = typer.Typer(
    name="adjudicator",
    help="Answers rules questions for hex-and-counter wargames, citing the rules that decide them.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


class _Recorder:
    """Stands in for the Typer app while a game's command modules register their
    commands: records each command's name, function and Typer settings."""

    def __init__(self) -> None:
        self.commands: dict[str, tuple[Callable[..., Any], dict[str, Any]]] = {}

    def command(self, name: str | None = None, **kw: Any) -> Callable:
        def record(fn: Callable[..., Any]) -> Callable[..., Any]:
            self.commands[name or fn.__name__.lower().replace("_", "-")] = (fn, kw)
            return fn

        return record


@functools.cache
def game_commands(game_id: str) -> dict[str, tuple[Callable[..., Any], dict[str, Any]]]:
    """The commands a game's modules (``adjudicator/games/<game>/commands/``) register."""
    rec = _Recorder()
    for module in get_game(game_id).submodules("commands"):
        register = getattr(module, "register", None)
        if register is not None:
            register(rec)
    return rec.commands


def game_queries(game_id: str) -> list[str]:
    """Every command that answers for a position of this game: the core's position
    commands and the game's own."""
    from adjudicator.commands.core import POSITION_COMMANDS

    return sorted({*POSITION_COMMANDS, *game_commands(game_id)})


_GAME_LINE = re.compile(r"""^game\s*:\s*["']?([A-Za-z0-9_-]+)""", re.M)
_GAME_JSON = re.compile(r'"game"\s*:\s*"([A-Za-z0-9_-]+)"')


def position_game(file: Any) -> str | None:
    """The ``game`` a scenario file names, read without loading it (None if unreadable)."""
    if not isinstance(file, str | Path):
        return None
    try:
        text = Path(file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    m = _GAME_JSON.search(text) if str(file).lower().endswith(".json") else _GAME_LINE.search(text)
    return m.group(1) if m else None


def _dispatcher(name: str, fallback: Callable[..., Any]) -> Callable[..., Any]:
    """The command ``name`` for every game: the implementation of the game the
    position names (its ``file`` argument); refused, naming what the game answers,
    for a game that lacks it. Without a position, or for a game nobody registered
    (its file is then refused by the loader), the default game's implementation."""

    @functools.wraps(fallback)
    def run(**kwargs: Any) -> Any:
        fn = fallback
        gid = position_game(kwargs.get("file"))
        if gid is not None and gid in game_ids():
            own = game_commands(gid)
            if name not in own:
                raise usage_error(
                    f"game {gid} has no '{name}' command; it answers: "
                    f"{', '.join(game_queries(gid))}", "command")
            fn = own[name][0]
        accepted = inspect.signature(fn).parameters
        return fn(**{k: v for k, v in kwargs.items() if k in accepted})

    return run


def _register_commands() -> None:
    """The core's commands (``adjudicator/commands/``), then every command some game
    answers, once, dispatched on the position's game (options as the default game,
    or the first game that has the command, declares them)."""
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(app)
    default = default_game_id()
    order = [default, *(g for g in game_ids() if g != default)]
    seen: set[str] = set()
    for gid in order:
        for name, (fn, kw) in game_commands(gid).items():
            if name not in seen:
                seen.add(name)
                app.command(name=name, **kw)(_dispatcher(name, fn))


_register_commands()


def main(argv: list[str] | None = None) -> None:
    """Entry point: input problems are printed one per line and exit with status 2."""
    try:
        app(args=argv, standalone_mode=True)
    except InputError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
