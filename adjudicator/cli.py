"""The ``adjudicator`` command line."""

from __future__ import annotations

import importlib
import pkgutil
import sys

import typer

from adjudicator import commands, dispatch
from adjudicator.errors import InputError
from adjudicator.games import game_ids, get_game

app = typer.Typer(
    name="adjudicator",
    help="Answers rules questions for hex-and-counter wargames, citing the rules that decide them.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _command_modules() -> list[tuple[object, str | None]]:
    """The core's command modules (``adjudicator/commands/``, for every game: ``None``) and
    every game's (``adjudicator/games/<game>/commands/``, with its id), by module name."""
    mods = [(importlib.import_module(f"{commands.__name__}.{info.name}"), None)
            for info in pkgutil.iter_modules(commands.__path__)]
    for gid in game_ids():
        mods.extend((m, gid) for m in get_game(gid).submodules("commands"))
    return sorted(mods, key=lambda m: m[0].__name__.rsplit(".", 1)[-1])


def _register_commands() -> None:
    table = dispatch.CommandTable()
    for module, gid in _command_modules():
        register = getattr(module, "register", None)
        if register is not None:
            register(table.recorder(app, gid))
    table.install(app)


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
