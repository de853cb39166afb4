"""The ``adjudicator`` command line.

Every command keeps one contract: the answer on standard output (one JSON object with
``--json``) and exit status 0; or each problem with the input as one line
``FILE:LINE: PATH: message`` on standard error (``{"errors": [...]}`` on standard output
with ``--json``) and exit status 2, never a traceback.
"""

from __future__ import annotations

import functools
import importlib
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

from adjudicator import commands
from adjudicator.clock import DEFAULT_TIME_LIMIT, MAX_TIME_LIMIT, time_limit_message
from adjudicator.errors import InputError, Problem, TimeLimitError, usage_error
from adjudicator.games import default_game_id, game_ids, get_game

app = typer.Typer(
    name="adjudicator",
    help="Answers rules questions for hex-and-counter wargames, citing the rules that decide them.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

#: Set by ``main`` when it runs as the program (not called in-process, as the tests do):
#: the time limit is then also enforced by a watchdog that ends the process.
_WATCHDOG = {"armed": False, "json": False}


@app.callback()
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
    from adjudicator.limits import read_text

    try:  # (bounded, and only a regular file: never a device or a pipe)
        text = read_text(file)
    except InputError:
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
    as_json = _WATCHDOG["json"] = _wants_json(argv)
    code = 0
    try:
        if any("\x00" in a for a in argv):
            # (a shell cannot pass one; a program calling main() can)
            raise InputError([Problem("<command line>", 0, "arguments",
                                      "an argument holds a NUL character")])
        rv = app(args=argv, standalone_mode=False, prog_name="adjudicator")
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
