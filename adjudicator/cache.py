"""A small on-disk cache for what a fresh process would otherwise rebuild every time.

Entries live in the user cache directory: ``$ADJUDICATOR_CACHE_DIR`` if set, else
``$XDG_CACHE_HOME/adjudicator``, else ``~/.cache/adjudicator``. Setting
``ADJUDICATOR_CACHE_DIR`` to an empty string or ``off`` turns the cache off. Each entry is
named by its kind and a digest of everything it was made from, so a stale entry is never
read: a changed input has another name. Reading or writing may fail (a read-only home, a
full disk, a half-written file from a crashed run): then the caller rebuilds what it
needed, as it would without a cache, and nothing is reported.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

#: Bumped when the layout of the entries changes.
VERSION = 1


def cache_dir() -> Path | None:
    """The cache directory, or None when the cache is off."""
    env = os.environ.get("ADJUDICATOR_CACHE_DIR")
    if env is not None:
        return None if env.strip() in ("", "off") else Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "adjudicator"


def digest_of_files(paths: list[str]) -> str:
    """A digest of the names, sizes and modification times of files (missing ones too)."""
    h = hashlib.sha256(f"v{VERSION}".encode())
    for p in sorted(paths):
        try:
            st = os.stat(p)
            h.update(f"{p}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
        except OSError:
            h.update(f"{p}\0missing\n".encode())
    return h.hexdigest()[:32]


def _path(kind: str, key: str) -> Path | None:
    d = cache_dir()
    return None if d is None else d / f"{kind}-{key}.json"


def read_json(kind: str, key: str) -> Any:
    """The entry ``kind``/``key``, or None if there is none or it cannot be read."""
    path = _path(kind, key)
    if path is None:
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def write_json(kind: str, key: str, value: Any) -> bool:
    """Store an entry atomically (write, then rename); False if it could not be stored."""
    path = _path(kind, key)
    if path is None:
        return False
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{kind}-", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(value, f)
        os.replace(tmp, path)
        return True
    except OSError:
        try:
            os.unlink(tmp)  # type: ignore[possibly-undefined]
        except (OSError, UnboundLocalError):
            pass
        return False
