"""Where the package data lives.

In a wheel, ``kb/`` and ``asp/`` are installed under ``adjudicator/_data``.
In a source checkout (or an editable install) they sit at the repository top.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PKG = Path(__file__).resolve().parent


@cache
def data_root(name: str) -> Path:
    """Folder of the package data called ``name`` (``kb`` or ``asp``)."""
    installed = _PKG / "_data" / name
    if installed.is_dir():
        return installed
    source = _PKG.parent / name
    if source.is_dir():
        return source
    raise FileNotFoundError(f"package data folder {name!r} is missing from this installation")


def asp_dir() -> Path:
    return data_root("asp")


def kb_dir() -> Path:
    return data_root("kb")
