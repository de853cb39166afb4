"""Printing answers: readable text by default, one JSON object with ``--json``."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Annotated, Any

import typer
from rich.console import Console

JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object instead of text.")]
ScenarioArg = Annotated[str, typer.Argument(help="Scenario file (.yaml, .yml or .json).")]

console = Console(highlight=False, soft_wrap=True)


def cite(rules: list[str] | tuple[str, ...]) -> str:
    """Rule ids as a short citation, e.g. ``[6.1, 13.3.2]``."""
    return "[" + ", ".join(rules) + "]" if rules else ""


def emit(data: dict[str, Any], text: Callable[[Console], None], as_json: bool) -> None:
    """Print ``data`` as JSON, or call ``text`` to print it for a reader."""
    if as_json:
        sys.stdout.write(json.dumps(data, indent=2, sort_keys=False) + "\n")
    else:
        text(console)
