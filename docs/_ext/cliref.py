"""Generate the command-line reference from the CLI itself.

On ``builder-inited`` this imports the Typer app named by ``cliref_app``
(default ``adjudicator.cli:app``), turns it into its click command with
``typer.main.get_command`` and writes ``docs/_generated/cli.inc`` (git-ignored), which
``docs/cli.rst`` includes: for every command its usage line, help text, arguments and options.
Commands added by other modules appear on the next build with no page to edit. The file is
rewritten only when its text changes.
"""

from __future__ import annotations

import enum
import importlib
import re
import typing
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

logger = logging.getLogger(__name__)

OUT = Path("_generated") / "cli.inc"
_SPECIAL = re.compile(r"([\\*`|_])")
_BLOCK_START = re.compile(r"^(?:[-+*•]\s|[#\w]{1,3}[.)]\s|\(\w{1,3}\)\s|\.\.\s|:|>|=)")


def esc(text: str) -> str:
    text = _SPECIAL.sub(r"\\\1", text).replace("::", ":\\:")
    # "FILE:LINE" would read as a link with the scheme "file"; no help text means a URI.
    return _SCHEME.sub(r"\1\\:", text)


_SCHEME = re.compile(r"\b([A-Za-z][A-Za-z0-9+.-]*):(?=[^\s:\\])")


_GROUP = re.compile(r"\(([^()]*)\)")
_ID = re.compile(r"(?<![\w.:])(\d+(?:\.\d+)+)(?![\w]|\.\d)")


def linked(text: str) -> str:
    """Escape help text; rule ids in brackets, such as ``(6.1)``, link to their section.

    The links use ``:rule-soft:``, which renders plain text for an id the docs do not define.
    """
    out: list[str] = []
    pos = 0
    for group in _GROUP.finditer(text):
        for token in _ID.finditer(group.group(1)):
            start, end = group.start(1) + token.start(), group.start(1) + token.end()
            before = "" if text[start - 1].isspace() else "\\ "
            after = "" if end >= len(text) or text[end].isspace() else "\\ "
            out += [esc(text[pos:start]), before, f":rule-soft:`{token.group(1)}`", after]
            pos = end
    out.append(esc(text[pos:]))
    return "".join(out)


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
        para = linked(" ".join(lines))
        if _BLOCK_START.match(para):
            para = "\\" + para
        out.append(para)
    return out


def load_app(spec: str) -> Any:
    module_name, _, attr = spec.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attr or "app")


def to_click(app_obj: Any) -> Any:
    # Duck typing throughout: recent Typer ships its own copy of click, whose classes are not
    # the installed click's.
    if hasattr(app_obj, "get_params") and hasattr(app_obj, "context_class"):
        return app_obj
    import typer.main

    return typer.main.get_command(app_obj)


def is_group(cmd: Any) -> bool:
    return hasattr(cmd, "list_commands") and hasattr(cmd, "get_command")


def walk(cmd: Any, path: list[str]):
    """Yield ``(path, command, context)`` for the command and every subcommand, depth first."""
    ctx = cmd.context_class(cmd, info_name=" ".join(path))
    yield path, cmd, ctx
    if is_group(cmd):
        for name in sorted(cmd.list_commands(ctx)):
            sub = cmd.get_command(ctx, name)
            if sub is None or getattr(sub, "hidden", False):
                continue
            yield from walk(sub, [*path, name])


def _annotation(param: Any) -> Any:
    descriptor = getattr(param, "type_descriptor", None)
    if descriptor is not None:
        return getattr(descriptor, "annotation", None)
    return None


def choices(param: Any) -> list[str]:
    """The allowed values of a parameter, if it has a fixed set."""
    found = getattr(getattr(param, "type", None), "choices", None)
    if found:
        return [str(c) for c in found]
    ann = _annotation(param)
    for candidate in (ann, *typing.get_args(ann)):
        if isinstance(candidate, type) and issubclass(candidate, enum.Enum):
            return [str(m.value) for m in candidate]
    if typing.get_origin(ann) is typing.Literal:
        return [str(a) for a in typing.get_args(ann)]
    return []


_KIND = {int: "INTEGER", float: "FLOAT", str: "TEXT", bool: "BOOLEAN", Path: "PATH"}


def metavar(param: Any) -> str:
    explicit = getattr(param, "metavar", None)
    if explicit:
        return str(explicit)
    if param.param_type_name == "argument":
        return (param.name or "ARG").upper()
    values = choices(param)
    if values:
        return "[" + "|".join(values) + "]"
    ann = _annotation(param)
    args = typing.get_args(ann)
    base = ann if ann in _KIND else next((a for a in args if a in _KIND), None)
    type_obj = getattr(param, "type", None)
    name = getattr(type_obj, "name", None)
    return _KIND.get(base) or (name.upper() if name else "VALUE")


def is_flag(param: Any) -> bool:
    return bool(getattr(param, "is_flag", False) or getattr(param, "count", False))


def param_row(param: Any) -> tuple[str, str]:
    if param.param_type_name == "option":
        names = ", ".join(param.opts)
        if getattr(param, "secondary_opts", None):
            names += " / " + ", ".join(param.secondary_opts)
        if not is_flag(param):
            names += " " + metavar(param)
        parts = [getattr(param, "help", None) or ""]
        default = param.default
        if getattr(param, "multiple", False):
            parts.append("May be given more than once.")
        if param.required:
            parts.append("Required.")
        elif getattr(param, "show_default", None) is not False and not is_flag(param) \
                and default not in (None, (), [], "") and not callable(default):
            shown = getattr(default, "value", default)
            parts.append(f"Default: {shown}.")
        values = choices(param)
        if values and not is_flag(param):
            parts.append("One of: " + ", ".join(values) + ".")
        return names, " ".join(p for p in parts if p)
    text = getattr(param, "help", None) or ""
    if not param.required:
        text = (text + " Optional.").strip()
    return metavar(param), text


def usage(path: list[str], cmd: Any, params: list[Any]) -> str:
    pieces = [" ".join(path), "[OPTIONS]"]
    for param in params:
        if param.param_type_name != "argument":
            continue
        name = metavar(param)
        if getattr(param, "nargs", 1) != 1:
            name += "..."
        pieces.append(name if param.required else f"[{name}]")
    if is_group(cmd):
        pieces.append("COMMAND [ARGS]...")
    return " ".join(pieces)


def render(root: Any, prog: str) -> str:
    out: list[str] = []
    for path, cmd, ctx in walk(root, [prog]):
        if cmd is root and is_group(cmd):
            title = f"``{prog}``"
        else:
            title = f"``{' '.join(path)}``"
        anchor = "cli-" + "-".join(path[1:]) if len(path) > 1 else "cli-top"
        underline = "-" if len(path) <= 2 else "~"
        out += [f".. _{anchor}:", "", title, underline * (len(title) + 2), ""]
        params = [
            p for p in cmd.get_params(ctx)
            if not getattr(p, "hidden", False) and "--help" not in (p.opts or [])
        ]
        out += ["::", "", "   " + usage(path, cmd, params), ""]
        for para in help_paragraphs(cmd.help):
            out += [para, ""]
        args = [p for p in params if p.param_type_name == "argument"]
        opts = [p for p in params if p.param_type_name == "option"]
        for label, group in (("Arguments", args), ("Options", opts)):
            if not group:
                continue
            out += [f".. rubric:: {label}", ""]
            for param in group:
                name, text = param_row(param)
                out.append(f"``{name}``")
                out.append(f"   {esc(' '.join(text.split())) or '(no description)'}")
                out.append("")
        if is_group(cmd) and cmd is root:
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
