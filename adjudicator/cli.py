"""The ``adjudicator`` command line.

Commands live in the core's ``adjudicator/commands/`` and in each game's
``adjudicator/games/<game>/commands/``. Importing all of them costs about as much as a
small question itself, so a question imports only the module of its own command: which
module registers which command is kept in a small index in the user cache directory
(``cache.py``), keyed by a digest of the command modules' names, sizes and times, and
rebuilt (by importing them all once) when it is missing, stale or unreadable. Help, a
mistyped command and ``adjudicator.cli.app`` (for documentation tools) get every command.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from typing import Any

import typer

from adjudicator import commands
from adjudicator.errors import InputError
from adjudicator.games import game_ids, get_game

_APP = typer.Typer(
    name="adjudicator",
    help="Answers rules questions for hex-and-counter wargames, citing the rules that decide them.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)



@_APP.callback()
def _root() -> None:
    # A callback keeps the app a group of commands even when a question has registered
    # its own command alone.
    pass


#: Command modules already registered on the app, by module name.
_REGISTERED: set[str] = set()


def _module_names() -> list[tuple[str, str]]:
    """(module name, file path) of the core's command modules and every game's, sorted by
    the module's own name (the order in which they register)."""
    found = [(f"{commands.__name__}.{info.name}", info)
             for info in pkgutil.iter_modules(commands.__path__)]
    for gid in game_ids():
        pkg_name = f"{get_game(gid).package}.commands"
        try:
            pkg = importlib.import_module(pkg_name)
        except ModuleNotFoundError as exc:
            if exc.name != pkg_name:
                raise
            continue
        found += [(f"{pkg_name}.{info.name}", info) for info in pkgutil.iter_modules(pkg.__path__)]
    out = []
    for name, info in found:
        path = getattr(info.module_finder, "path", "")
        out.append((name, f"{path}/{info.name}.py"))
    return sorted(out, key=lambda t: t[0].rsplit(".", 1)[-1])


def _command_names() -> set[str]:
    names = {(c.name or c.callback.__name__).lower().replace("_", "-")
             for c in _APP.registered_commands}
    names |= {g.name or g.typer_instance.info.name for g in _APP.registered_groups}
    return {n for n in names if n}


def _register(module_name: str) -> set[str]:
    """Register one command module; the command names it added."""
    if module_name in _REGISTERED:
        return set()
    before = _command_names()
    module = importlib.import_module(module_name)
    register = getattr(module, "register", None)
    if register is not None:
        register(_APP)
    _REGISTERED.add(module_name)
    return _command_names() - before


def _register_all(modules: list[tuple[str, str]] | None = None) -> dict[str, str]:
    """Register every command module; command name -> module name."""
    index: dict[str, str] = {}
    for name, _ in modules or _module_names():
        for cmd in _register(name):
            index[cmd] = name
    return index


def _register_for(argv: list[str]) -> None:
    """Register what ``argv`` needs: its command's module alone when the index knows it."""
    from adjudicator import cache

    word = next((a for a in argv if not a.startswith("-")), None)
    if word is None:  # help or usage: every command
        _register_all()
        return
    modules = _module_names()
    key = cache.digest_of_files([p for _, p in modules])
    index = cache.read_json("commands", key)
    if isinstance(index, dict) and isinstance(index.get(word), str):
        try:
            _register(index[word])
        except ImportError:
            pass
        if word in _command_names():
            return
    index = _register_all(modules)
    if _REGISTERED == {n for n, _ in modules}:
        cache.write_json("commands", key, index)


def __getattr__(name: str) -> Any:
    if name == "app":  # every command, for tools that read the whole command line
        _register_all()
        return _APP
    raise AttributeError(name)


def main(argv: list[str] | None = None) -> None:
    """Entry point: input problems are printed one per line and exit with status 2."""
    args = list(sys.argv[1:] if argv is None else argv)
    _register_for(args)
    try:
        _APP(args=args, standalone_mode=True)
    except InputError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
