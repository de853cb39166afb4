"""The ``adjudicator`` command line.

Every command keeps one contract: the answer on standard output (one JSON object with
``--json``) and exit status 0; or each problem with the input as one line
``FILE:LINE: PATH: message`` on standard error (``{"errors": [...]}`` on standard output
with ``--json``) and exit status 2, never a traceback.
"""

from __future__ import annotations

import functools
import gc
import importlib
import importlib.util
import inspect
import json
import os
import pkgutil
import re
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
import typer.main

from adjudicator import commands
from adjudicator.clock import DEFAULT_TIME_LIMIT, MAX_TIME_LIMIT, time_limit_message
from adjudicator.errors import InputError, Problem, TimeLimitError, usage_error
from adjudicator.games import default_game_id, game_ids, get_game

#: The Typer app. Its commands are registered when first needed: ``main`` registers only
#: the command it runs (see ``_register``); ``adjudicator.cli.app`` from outside is the
#: app with every command.
_app = typer.Typer(
    name="adjudicator",
    help="Answers rules questions for hex-and-counter wargames, citing the rules that decide them.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

#: Set by ``main`` when it runs as the program (not called in-process, as the tests do):
#: the time limit is then also enforced by a watchdog that ends the process.
_WATCHDOG = {"armed": False, "json": False}


@_app.callback()
def _options(
    ctx: typer.Context,
    time_limit: Annotated[float, typer.Option(
        "--time-limit", metavar="SECONDS", min=0.1, max=MAX_TIME_LIMIT,
        envvar="ADJUDICATOR_TIME_LIMIT",
        help="Stop the command when its solving takes longer than this many seconds "
             "(give it before the command name; 0.1 to 86400)."),
    ] = DEFAULT_TIME_LIMIT,
) -> None:
    """Answers rules questions for hex-and-counter wargames, citing the rules that decide them."""
    from adjudicator import clock

    clock.start(time_limit)
    ctx.call_on_close(lambda: clock.start(None))  # the limit ends with the command
    if _WATCHDOG["armed"]:
        _arm_watchdog(time_limit)


class _Recorder:
    """Stands in for the Typer app while command modules register their commands:
    records each command's name, function and Typer settings, and the name of each
    group a module adds (``add_typer``, which goes to the real app)."""

    def __init__(self, real: typer.Typer | None = None) -> None:
        self.commands: dict[str, tuple[Callable[..., Any], dict[str, Any]]] = {}
        self.groups: list[str] = []
        self._real = real

    def __getattr__(self, attr: str) -> Any:
        if self._real is None:
            raise AttributeError(attr)
        return getattr(self._real, attr)

    def command(self, name: str | None = None, **kw: Any) -> Callable:
        def record(fn: Callable[..., Any]) -> Callable[..., Any]:
            self.commands[name or fn.__name__.lower().replace("_", "-")] = (fn, kw)
            return fn

        return record

    def add_typer(self, group: typer.Typer, *args: Any, **kw: Any) -> Any:
        if self._real is None:
            raise AttributeError("add_typer")
        self.groups.append(kw.get("name") or "")
        return self._real.add_typer(group, *args, **kw)


@functools.cache
def _module_commands(module: str, core: bool) -> _Recorder:
    """What one command module registers (its ``register`` is called once)."""
    rec = _Recorder(_app if core else None)
    register = getattr(importlib.import_module(module), "register", None)
    if register is not None:
        register(rec)
    return rec


def _recorded(modules: list[str], core: bool = False,
              ) -> dict[str, tuple[Callable[..., Any], dict[str, Any]]]:
    out: dict[str, tuple[Callable[..., Any], dict[str, Any]]] = {}
    for module in modules:
        out.update(_module_commands(module, core).commands)
    return out


def _module_names(gid: str | None) -> list[str]:
    """The command modules of the core (None) or of a game, sorted by module name."""
    if gid is None:
        pkg = commands
    else:
        package = f"{get_game(gid).package}.commands"
        try:
            pkg = importlib.import_module(package)
        except ModuleNotFoundError as exc:
            if exc.name != package:
                raise
            return []
    return [f"{pkg.__name__}.{info.name}"
            for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name)]


@functools.cache
def core_commands(name: str | None = None,
                  ) -> dict[str, tuple[Callable[..., Any], dict[str, Any]]]:
    """The commands the core's modules (``adjudicator/commands/``) register (with
    ``name``: those of the modules that register it, when the index knows them)."""
    return _recorded(_modules_for(None, name), core=True)


@functools.cache
def game_commands(game_id: str, name: str | None = None,
                  ) -> dict[str, tuple[Callable[..., Any], dict[str, Any]]]:
    """The commands a game's modules (``adjudicator/games/<game>/commands/``) register
    (with ``name``: those of the modules that register it, when the index knows them)."""
    return _recorded(_modules_for(game_id, name))


def _modules_for(gid: str | None, name: str | None) -> list[str]:
    """The command modules of the core (None) or a game that may register ``name``
    (all of them without a name, or when the index does not know it); a module the
    index does not know is kept."""
    modules = _module_names(gid)
    index = _index() if name is not None else None
    if index is None or name not in index["names"]:
        return modules
    known = index["modules"]
    return [m for m in modules if m not in known or name in known[m]]


def _index() -> dict[str, Any]:
    """Which command module registers which command names (and groups), for the games
    registered now."""
    return _index_for(tuple(_games_in_order()))


@functools.cache
def _index_for(game_order: tuple[str, ...]) -> dict[str, Any]:
    """``_index``: read from the on-disk cache (``adjudicator/cache.py``), keyed by the
    command modules' files, or made by importing every command module once (and then
    stored, when the cache can be written)."""
    from adjudicator import cache

    gids = [None, *game_order]
    names = {gid: _module_names(gid) for gid in gids}
    files = [__file__]
    for modules in names.values():
        for m in modules:
            spec = importlib.util.find_spec(m)
            files.append(str(spec.origin) if spec is not None else m)
    key = cache.digest_of_files([*files, repr(gids)])
    data = cache.read_json("commands", key)
    if (isinstance(data, dict) and isinstance(data.get("names"), list)
            and isinstance(data.get("modules"), dict)):
        data["names"] = set(data["names"])
        return data
    modules: dict[str, list[str]] = {}
    for gid, ms in names.items():
        for m in ms:
            rec = _module_commands(m, gid is None)
            modules[m] = [*rec.commands, *rec.groups]
    data = {"modules": modules, "names": sorted({n for v in modules.values() for n in v})}
    cache.write_json("commands", key, data)
    data["names"] = set(data["names"])
    return data


def game_queries(game_id: str) -> list[str]:
    """Every command that answers for a position of this game: the core's position
    commands and the game's own."""
    from adjudicator.commands.core import POSITION_COMMANDS

    return sorted({*POSITION_COMMANDS, *game_commands(game_id)})


_GAME_LINE = re.compile(r"""^game\s*:\s*["']?([A-Za-z0-9_-]+)""", re.M)
_GAME_JSON = re.compile(r'"game"\s*:\s*"([A-Za-z0-9_-]+)"')
_POSITION_SUFFIXES = (".yaml", ".yml", ".json")


def position_game(file: Any) -> str | None:
    """The ``game`` a scenario file names, read without loading it (None if unreadable)."""
    if not isinstance(file, str | Path) or str(file).startswith("-"):
        return None
    if not str(file).lower().endswith(_POSITION_SUFFIXES):
        return None
    from adjudicator.limits import read_text

    try:  # (bounded, and only a regular file: never a device or a pipe)
        text = read_text(file)
    except InputError:
        return None
    m = _GAME_JSON.search(text) if str(file).lower().endswith(".json") else _GAME_LINE.search(text)
    return m.group(1) if m else None


def _games_in_order() -> list[str]:
    default = default_game_id()
    return [default, *(g for g in game_ids() if g != default)]


def implementation(name: str, gid: str | None) -> tuple[Callable[..., Any], dict[str, Any]]:
    """The one rule of dispatch: the implementation of command ``name`` for a position of
    game ``gid``: the game's own command, else the core's; refused, naming what the game
    answers, when it has neither. Without a position (or for a game nobody registered,
    whose file the loader then refuses): the core's, else the default game's, else the
    first game's that has the command."""
    core = core_commands(name)
    if gid is not None and gid in game_ids():
        own = game_commands(gid, name)
        if name in own:
            return own[name]
        if name in core:
            return core[name]
        raise usage_error(f"game {gid} has no '{name}' command; it answers: "
                          f"{', '.join(game_queries(gid))}", "command")
    if name in core:
        return core[name]
    for g in _games_in_order():
        if name in game_commands(g, name):
            return game_commands(g, name)[name]
    raise usage_error(f"no game has a '{name}' command", "command")


def _dispatcher(name: str, fallback: Callable[..., Any]) -> Callable[..., Any]:
    """A command every game declares with the same options (those of ``fallback``): run
    the implementation for the game its position (``file``) names, with the options
    that implementation accepts."""

    @functools.wraps(fallback)
    def run(**kwargs: Any) -> Any:
        fn = implementation(name, position_game(kwargs.get("file")))[0]
        accepted = inspect.signature(fn).parameters
        return fn(**{k: v for k, v in kwargs.items() if k in accepted})

    return run


def _chosen_game(args: list[str]) -> str | None:
    """The game the arguments name: ``--game GAME`` outright, else the first position
    file's."""
    for i, a in enumerate(args):
        if a in ("--game", "-g") and i + 1 < len(args):
            return args[i + 1]
        if a.startswith("--game="):
            return a.partition("=")[2]
    return next((g for g in map(position_game, args) if g is not None), None)


def _label(gid: str | None) -> str:
    return "every game" if gid is None else f"{gid} positions"


def _click_command(name: str, fn: Callable[..., Any], kw: dict[str, Any]) -> Any:
    sub = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
    sub.command(name=name, **kw)(fn)
    return typer.main.get_command(sub)


def _by_game(name: str, impls: dict[str | None, tuple]) -> Callable[..., Any]:
    """A command several games declare with options of their own: the arguments are
    passed unparsed to the implementation for the position's game, which parses them
    with its own options. ``NAME --help`` with no position shows every game's help."""

    def run(ctx: typer.Context) -> None:
        args = list(ctx.args)
        if "--help" in args and _chosen_game(args) is None:
            for gid, (fn, kw) in impls.items():
                typer.echo(f"== {name} for {_label(gid)} ==")
                _click_command(name, fn, kw).main(args=["--help"], prog_name=ctx.command_path,
                                                  standalone_mode=False)
            return
        fn, kw = implementation(name, _chosen_game(args))
        code = _click_command(name, fn, kw).main(args=args, prog_name=ctx.command_path,
                                                  standalone_mode=False)
        if isinstance(code, int) and code:
            raise typer.Exit(code)

    parts = [f"For {_label(gid)}: {((fn.__doc__ or '').strip().splitlines() or [name])[0]}"
             for gid, (fn, _) in impls.items()]
    run.__doc__ = "\n\n".join(parts) + (f"\n\nThe position file's game chooses; `{name} "
                                        "FILE --help` shows that game's options.")
    return run


#: Names registered in the app so far ("*" once every command is); a name registered
#: with the implementations of one game only (see ``_register``), with its entry in the app
_REGISTERED: set[str] = set()
_PARTIAL: dict[str, Any] = {}


def _register_commands(only: str | None = None, game: str | None = None) -> None:
    """Every command name once (or only the name ``only``, with every implementation
    of it, or, when several games declare it and ``game`` is given, with that game's
    and the core's only): the core's (``adjudicator/commands/``), then every one some
    game answers. A name with one implementation keeps its own options; a name
    several games (or a game and the core) declare with options of their own runs the
    position's game's implementation with that game's options (``_by_game``). Either
    way ``implementation`` chooses, at run time, so a game registered later answers too."""
    if "*" in _REGISTERED or (only in _REGISTERED and (game is not None
                                                       or only not in _PARTIAL)):
        return
    games = _games_in_order()
    partial = (only is not None and game in games and len(_declared_by(only)) > 1)
    impls = _implementations(only, [game] if partial else games)
    if partial and only not in impls:
        # The position's game lacks the command: register every game's, so that
        # dispatch refuses it naming what that game does answer.
        partial = False
        impls = _implementations(only, games)
    for name, by in impls.items():
        if (only is not None and name != only) or (name in _REGISTERED
                                                   and name not in _PARTIAL):
            continue
        if name in _PARTIAL:  # registered for one game before: now for all of them
            _app.registered_commands.remove(_PARTIAL.pop(name))
        _REGISTERED.add(name)
        if len(by) == 1 and None in by and not partial:
            fn, kw = by[None]
            _app.command(name=name, **kw)(fn)
        elif len(by) == 1 and not partial:
            (fn, kw), = by.values()
            _app.command(name=name, **kw)(_dispatcher(name, fn))
        else:
            _app.command(name=name, context_settings={"allow_extra_args": True,
                                           "ignore_unknown_options": True,
                                           "help_option_names": []},
                         add_help_option=False)(_by_game(name, by))
            if partial:
                _PARTIAL[name] = _app.registered_commands[-1]
    if only is None:
        _REGISTERED.add("*")
    else:
        _REGISTERED.add(only)


def _implementations(only: str | None, games: list[str]
                     ) -> dict[str, dict[str | None, tuple]]:
    """Each command name (or only ``only``) with its implementations: the core's (None)
    and those of ``games``."""
    impls: dict[str, dict[str | None, tuple]] = {}
    for name, entry in core_commands(only).items():
        impls.setdefault(name, {})[None] = entry
    for gid in games:
        for name, entry in game_commands(gid, only).items():
            impls.setdefault(name, {})[gid] = entry
    return impls


def _declared_by(name: str) -> set[str | None]:
    """The core (None) and the games whose command modules register ``name``, by the
    index."""
    known = _index()["modules"]
    return {gid for gid in [None, *_games_in_order()]
            if any(name in known.get(m, ()) for m in _module_names(gid))}


def _command_name(argv: list[str]) -> int | None:
    """Where the command name is in the arguments (None for top-level options such as
    ``--help``)."""
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--time-limit":
            i += 2
            continue
        if a.startswith("--time-limit="):
            i += 1
            continue
        return None if a.startswith("-") else i
    return None


def _register(argv: list[str]) -> None:
    """Register what ``argv`` needs: only its command when the index of command modules
    knows it (so a fresh process imports only that command's modules), and of a command
    several games declare only the implementation of the game its position names (and
    the core's); else every command."""
    at = _command_name(argv)
    name = argv[at] if at is not None else None
    index = _index() if name is not None else None
    if index is None or name not in index["names"]:
        _register_commands()
        return
    rest = argv[at + 1:]
    game = _chosen_game(rest) if "--help" not in rest else None
    _register_commands(name, game if game in game_ids() else None)


def __getattr__(attr: str) -> Any:
    if attr == "app":  # the app with every command, for callers outside ``main``
        _register_commands()
        return _app
    raise AttributeError(f"module {__name__!r} has no attribute {attr!r}")


def _arm_watchdog(seconds: float) -> None:
    """End the process with the time-limit message if the command is still running after
    ``seconds`` (a single long ground call cannot be interrupted from Python)."""

    def fire() -> None:
        _report([Problem("<command line>", 0, "--time-limit", time_limit_message(seconds))],
                _WATCHDOG["json"])
        os._exit(2)

    timer = threading.Timer(seconds, fire)
    timer.daemon = True
    timer.start()


def _wants_json(argv: list[str]) -> bool:
    head = argv[:argv.index("--")] if "--" in argv else argv
    return "--json" in head


def _report(problems: list[Problem], as_json: bool) -> None:
    err = InputError(problems)  # (a list capped before keeps its hidden problems)
    if as_json:
        sys.stdout.write(json.dumps(err.to_json(), indent=2) + "\n")
        sys.stdout.flush()
    sys.stderr.write("\n".join(err.lines()) + "\n")
    sys.stderr.flush()


def _option_name(exc: Any) -> str:
    """The option or argument a usage error is about, as the user typed it."""
    param = getattr(exc, "param", None)
    if param is not None:
        opts = [o for o in getattr(param, "opts", []) if o.startswith("--")]
        if opts:
            return opts[0]
        name = getattr(param, "human_readable_name", None) or getattr(param, "name", None)
        if name:
            return str(name)
    option = getattr(exc, "option_name", None)
    return str(option) if option else "arguments"


def _usage_problem(exc: Any) -> Problem:
    message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
    ctx = getattr(exc, "ctx", None)
    if ctx is not None:
        message += f" (see '{ctx.command_path} --help')"
    message = re.sub(r"^(Invalid value for '[^']*'|Invalid value)( \(env var: '[^']*'\))?: ",
                     "", " ".join(message.split()))
    return Problem("<command line>", 0, _option_name(exc), message)


def _is_click(exc: BaseException, name: str) -> bool:
    return any(c.__name__ == name for c in type(exc).__mro__)


def main(argv: list[str] | None = None) -> None:
    """Entry point: run one command; input problems are printed one per line (and as
    ``{"errors": [...]}`` with ``--json``) and exit with status 2."""
    if argv is None:
        _WATCHDOG["armed"] = True
        argv = sys.argv[1:]
        # A command's process needs no pydantic plugins: skip looking through every
        # installed package's metadata for them (tens of ms of each start).
        os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
        # One question per process: the cyclic garbage collector runs less often while
        # the modules are imported and the map's 80,000 symbols are made, and never
        # scans the imported modules again once they are frozen below (collections took
        # 70-80 ms of processor time of a full-size ``supply``). Garbage is still
        # collected.
        gc.set_threshold(20_000, 20, 20)
    as_json = _WATCHDOG["json"] = _wants_json(argv)
    code = 0
    try:
        if any("\x00" in a for a in argv):
            # (a shell cannot pass one; a program calling main() can)
            raise InputError([Problem("<command line>", 0, "arguments",
                                      "an argument holds a NUL character")])
        _register(argv)
        if _WATCHDOG["armed"]:
            gc.freeze()  # what the imports made lives as long as the process
        rv = _app(args=argv, standalone_mode=False, prog_name="adjudicator")
        code = rv if isinstance(rv, int) else 0
    except InputError as exc:
        _report(exc.problems, as_json)
        code = 2
    except TimeLimitError as exc:
        _report([Problem("<command line>", 0, "--time-limit", str(exc))], as_json)
        code = 2
    except (KeyboardInterrupt, typer.Abort):
        sys.stderr.write("interrupted\n")
        code = 130
    except RecursionError:
        _report([Problem("<input>", 0, "(nesting)", "the input is nested too deeply to "
                         "read")], as_json)
        code = 2
    except MemoryError:
        _report([Problem("<input>", 0, "(size)", "the input needs more memory than this "
                         "machine has")], as_json)
        code = 2
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): nothing more to say to it.
        sys.stderr.close()
        os._exit(0)
    except Exception as exc:  # noqa: BLE001 - the last-resort net of the error contract
        if _is_click(exc, "NoArgsIsHelpError"):
            _show_help(exc)
            code = 2
        elif _is_click(exc, "ClickException"):
            _report([_usage_problem(exc)], as_json)
            code = getattr(exc, "exit_code", 2) or 2
        else:
            _report([Problem("<command line>", 0, "(internal error)",
                             f"the command failed unexpectedly: {type(exc).__name__}: "
                             f"{' '.join(str(exc).split())[:300]} (this is a bug; please "
                             "report it with the command and its input)")], as_json)
            code = 2
    finally:
        from adjudicator import clock

        clock.start(None)
    if code:
        sys.exit(code)


def _show_help(exc: Any) -> None:
    try:
        from typer import rich_utils

        rich_utils.rich_format_error(exc)
    except Exception:  # noqa: BLE001 - plain help if rich formatting is not available
        sys.stderr.write(exc.ctx.get_help() + "\n")


if __name__ == "__main__":
    main()
