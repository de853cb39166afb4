"""One command name, several games: the command answers for the game of the position.

Command modules register their commands through a recorder (``CommandTable.recorder``)
that notes which game each command answers for (``None`` for the core's commands, which
answer for every game). When the table is installed:

* a name only one module registers becomes a command as before; a game's command refuses,
  with a usage error, a position file of another game;
* a name several games (or a game and the core) register becomes one dispatching
  command: it reads the ``game`` of the first position file among its arguments and runs
  that game's command with all the arguments (``--game GAME`` names it outright), else
  the core's, else the default game's.
  ``COMMAND --help`` with no file prints every game's help.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer
import typer.main

from adjudicator.errors import usage_error

SUFFIXES = (".yaml", ".yml", ".json")


def position_game(token: Any) -> str | None:
    """The ``game`` a position file names, if ``token`` is the name of a readable one."""
    if not isinstance(token, str | Path) or str(token).startswith("-"):
        return None
    path = Path(token)
    if path.suffix.lower() not in SUFFIXES:
        return None
    try:
        if not path.is_file():
            return None
        from ruamel.yaml import YAML

        data = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
    except Exception:  # noqa: BLE001 - unreadable files are the command's to report
        return None
    game = data.get("game") if isinstance(data, dict) else None
    return game if isinstance(game, str) else None


class _Recorder:
    """What a module's ``register(app)`` is given: ``command`` is recorded with the game
    it answers for; everything else (``add_typer``...) goes to the real app."""

    def __init__(self, table: CommandTable, app: typer.Typer, game: str | None):
        self._table, self._app, self._game = table, app, game

    def command(self, name: str | None = None, **kw: Any) -> Callable:
        def record(fn: Callable) -> Callable:
            cmd = typer.main.get_command_name(name or fn.__name__)
            self._table.entries.setdefault(cmd, {})[self._game] = (fn, kw)
            return fn

        return record

    def __getattr__(self, attr: str) -> Any:
        return getattr(self._app, attr)


class CommandTable:
    def __init__(self) -> None:
        #: command name -> game id (None: the core) -> (function, typer options)
        self.entries: dict[str, dict[str | None, tuple[Callable, dict]]] = {}

    def recorder(self, app: typer.Typer, game: str | None) -> _Recorder:
        return _Recorder(self, app, game)

    def install(self, app: typer.Typer) -> None:
        for name, impls in self.entries.items():
            if len(impls) == 1:
                (game, (fn, kw)), = impls.items()
                app.command(name=name, **kw)(fn if game is None else _guarded(name, game, fn))
            else:
                app.command(name=name, help=_help(name, impls),
                            context_settings={"allow_extra_args": True,
                                              "ignore_unknown_options": True,
                                              "help_option_names": []},
                            add_help_option=False)(_dispatcher(name, impls))


def _guarded(name: str, game: str, fn: Callable) -> Callable:
    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Any:
        for value in (*args, *kwargs.values()):
            other = position_game(value)
            if other is not None and other != game:
                raise usage_error(f"'{name}' answers for {game} positions; {value} is a "
                                  f"{other} position", name)
        return fn(*args, **kwargs)

    return run


def _label(game: str | None) -> str:
    return "every game" if game is None else f"{game} positions"


def _help(name: str, impls: dict) -> str:
    parts = []
    for game, (fn, _) in impls.items():
        first = (fn.__doc__ or "").strip().split("\n")[0]
        parts.append(f"For {_label(game)}: {first}")
    return ("\n\n".join(parts) + f"\n\nThe position file's game chooses; `{name} FILE --help` "
            "shows that game's options.")


def _command(name: str, fn: Callable, kw: dict):
    sub = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
    sub.command(name=name, **kw)(fn)
    return typer.main.get_command(sub)


def choose(impls: dict, args: list[str]) -> str | None:
    """The key of ``impls`` that answers for these arguments (see the module's doc)."""
    from adjudicator.games import default_game_id

    games = [g for g in (position_game(a) for a in args) if g is not None]
    for i, a in enumerate(args):
        if a == "--game" and i + 1 < len(args):
            games.insert(0, args[i + 1])
        elif a.startswith("--game="):
            games.insert(0, a.partition("=")[2])
    if games:
        if games[0] in impls:
            return games[0]
        if None in impls:
            return None
        known = ", ".join(sorted(g for g in impls if g))
        raise usage_error(f"this command does not answer for {games[0]} positions "
                          f"(it answers for: {known})")
    if None in impls:
        return None
    default = default_game_id()
    return default if default in impls else sorted(g for g in impls if g)[0]


def _dispatcher(name: str, impls: dict) -> Callable:
    def run(ctx: typer.Context) -> None:
        args = list(ctx.args)
        if "--help" in args and not any(position_game(a) for a in args):
            for game, (fn, kw) in impls.items():
                typer.echo(f"== {name} for {_label(game)} ==")
                _command(name, fn, kw).main(args=["--help"], prog_name=ctx.command_path,
                                            standalone_mode=False)
            return
        fn, kw = impls[choose(impls, args)]
        code = _command(name, fn, kw).main(args=args, prog_name=ctx.command_path,
                                           standalone_mode=False)
        if isinstance(code, int) and code:
            raise typer.Exit(code)

    run.__doc__ = _help(name, impls)
    return run
