"""Generate the command-line reference from the CLI itself.

On ``builder-inited`` this imports the Typer app named by ``cliref_app``
(default ``adjudicator.cli:app``), turns it into its click command with
``typer.main.get_command`` and writes ``docs/_generated/cli.inc`` (git-ignored), which
``docs/cli.rst`` includes: for every command its usage line, help text, arguments and options.
Commands added by other modules appear on the next build with no page to edit. The file is
rewritten only when its text changes.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from typing import Any

import click
from sphinx.application import Sphinx
from sphinx.util import logging

logger = logging.getLogger(__name__)

OUT = Path("_generated") / "cli.inc"
_SPECIAL = re.compile(r"([\\*`|_])")
_BLOCK_START = re.compile(r"^(?:[-+*•]\s|[#\w]{1,3}[.)]\s|\(\w{1,3}\)\s|\.\.\s|:|>|=)")


def esc(text: str) -> str:
    return _SPECIAL.sub(r"\\\1", text).replace("::", ":\\:")


def help_paragraphs(text: str | None) -> list[str]:
    """Click help text -> safe RST paragraphs (``\\f`` ends the help, ``\\b`` keeps lines)."""
    if not text:
        return []
    text = text.split("\f", 1)[0]
    out: list[str] = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = [ln.strip() for ln in block.splitlines() if ln.strip()]
        if lines and lines[0] == "\b":
            lines = lines[1:]
            out.append("\n".join("| " + esc(ln) for ln in lines))
            continue
        if not lines:
            continue
        para = esc(" ".join(lines))
        if _BLOCK_START.match(para):
            para = "\\" + para
        out.append(para)
    return out


def load_app(spec: str) -> Any:
    module_name, _, attr = spec.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attr or "app")


def to_click(app_obj: Any) -> click.Command:
    if isinstance(app_obj, click.Command):
        return app_obj
    import typer.main

    return typer.main.get_command(app_obj)


def walk(cmd: click.Command, path: list[str]):
    """Yield ``(path, command, context)`` for the command and every subcommand, depth first."""
    ctx = click.Context(cmd, info_name=" ".join(path))
    yield path, cmd, ctx
    if isinstance(cmd, click.Group):
        for name in sorted(cmd.list_commands(ctx)):
            sub = cmd.get_command(ctx, name)
            if sub is None or getattr(sub, "hidden", False):
                continue
            yield from walk(sub, [*path, name])


def param_row(param: click.Parameter, ctx: click.Context) -> tuple[str, str]:
    if isinstance(param, click.Option):
        names = ", ".join(param.opts)
        if param.secondary_opts:
            names += " / " + ", ".join(param.secondary_opts)
        if not param.is_flag and not param.count:
            names += " " + param.make_metavar(ctx)
        parts = [param.help or ""]
        default = param.default
        if param.required:
            parts.append("Required.")
        elif param.show_default is not False and default not in (None, (), [], False, ""):
            if not callable(default):
                parts.append(f"Default: {default}.")
        if isinstance(param.type, click.Choice):
            parts.append("One of: " + ", ".join(map(str, param.type.choices)) + ".")
        return names, " ".join(p for p in parts if p)
    metavar = param.make_metavar(ctx)
    text = getattr(param, "help", None) or ""
    if not param.required:
        text = (text + " Optional.").strip()
    return metavar, text


def render(root: click.Command, prog: str) -> str:
    out: list[str] = []
    for path, cmd, ctx in walk(root, [prog]):
        if cmd is root and isinstance(cmd, click.Group):
            title = f"``{prog}``"
        else:
            title = f"``{' '.join(path)}``"
        anchor = "cli-" + "-".join(path[1:]) if len(path) > 1 else "cli-top"
        out += [f".. _{anchor}:", "", title, "-" * (len(title) + 2), ""]
        usage = " ".join(cmd.collect_usage_pieces(ctx))
        out += ["::", "", f"   {' '.join(path)} {usage}".rstrip(), ""]
        for para in help_paragraphs(cmd.help):
            out += [para, ""]
        params = [p for p in cmd.get_params(ctx) if not getattr(p, "hidden", False)]
        args = [p for p in params if isinstance(p, click.Argument)]
        opts = [p for p in params if isinstance(p, click.Option)]
        for label, group in (("Arguments", args), ("Options", opts)):
            if not group:
                continue
            out += [f".. rubric:: {label}", ""]
            for param in group:
                name, text = param_row(param, ctx)
                out.append(f"``{name}``")
                out.append(f"   {esc(' '.join(text.split())) or '(no description)'}")
                out.append("")
        if isinstance(cmd, click.Group) and cmd is root:
            names = [n for n in cmd.list_commands(ctx) if not getattr(
                cmd.get_command(ctx, n), "hidden", False)]
            if names:
                out += ["Commands: " + ", ".join(f":ref:`{n} <cli-{n}>`" for n in sorted(names))]
                out.append("")
    return "\n".join(out) + "\n"


def generate(app: Sphinx) -> None:
    spec = app.config.cliref_app
    try:
        root = to_click(load_app(spec))
        text = render(root, app.config.cliref_prog)
    except RuntimeError as exc:  # a Typer app with no commands yet
        text = f"No commands are registered yet ({esc(str(exc))}).\n"
    except Exception as exc:  # noqa: BLE001 - any failure should fail the -W build, explained
        logger.warning("cannot build the CLI reference from %s: %r", spec, exc,
                       type="cliref", subtype="load")
        text = "The command-line reference could not be generated in this build.\n"
    path = Path(app.srcdir) / OUT
    if not (path.is_file() and path.read_text(encoding="utf-8") == text):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("cliref_app", "adjudicator.cli:app", "env", types=(str,))
    app.add_config_value("cliref_prog", "adjudicator", "env", types=(str,))
    app.connect("builder-inited", generate)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
