"""Worked examples, brought to life at build time.

For each example of the knowledge base (``kb/<game>/examples/*.yaml``, a scenario file with
an ``example:`` block) this runs, in-process, the adjudicator command the example names
(``example.command``) on the file and ``adjudicator show`` for a picture of the position,
so that the example's page can show the position, the question, the adjudicator's answer
and the rulebook's expected result side by side. Results are cached under the generated
folder, keyed by the example file, the command and the code and encodings that answer it.

No Sphinx here; ``kbpages`` writes the pages.
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import tempfile
from dataclasses import dataclass
from pathlib import Path

# show options that draw what a query command asks about
_OVERLAY_OPTIONS = {
    "--hex": "--retreat-hex",
    "--length": "--length",
    "--vacated": "--vacated",
    "--allowance": "--allowance",
    "--units": "--units",
    "--group": "--units",
    "--side": "--side",
}
_SHOW_SIDES = {"axis", "soviet"}
# the overlay layers that show what each command is about (the others only clutter)
_LAYERS = {
    "retreats": ["zoc", "bonds", "retreat"],
    "advances": ["zoc", "bonds", "advance"],
    "breakthrough": ["zoc", "bonds", "advance"],
    "bonds": ["zoc", "bonds"],
    "check": ["zoc", "bonds"],
    "supply": ["zoc", "bonds", "supply"],
    "odds": ["zoc"],
    "combat": ["zoc"],
    "zoc": ["zoc"],
}


@dataclass
class Computed:
    args: list[str]  # the command line after ``adjudicator``, with the file's name
    output: str  # what the command printed
    code: int  # its exit status
    svg: str | None  # the picture, or None when ``show`` failed
    svg_error: str = ""


def command_args(command: str | None, file_name: str) -> list[str]:
    """``"retreats --hex 0404"`` -> ``["retreats", FILE, "--hex", "0404"]``; a path in the
    command is replaced by the example's file."""
    args = shlex.split(command or "")
    if not args:
        return []
    for i, arg in enumerate(args):
        if arg.endswith((".yaml", ".yml", ".json")) and not arg.startswith("-"):
            args[i] = file_name
            return args
    return [args[0], file_name, *args[1:]]


def show_args(args: list[str], file_name: str, svg: str) -> list[str]:
    """The ``show`` command line that draws what ``args`` asks about."""
    out = ["show", file_name, "--svg", svg]
    wanted = args[0] if args else ""
    i = 1
    while i < len(args):
        option = args[i]
        value = args[i + 1] if i + 1 < len(args) else None
        mapped = _OVERLAY_OPTIONS.get(option)
        if mapped and value is not None and not value.startswith("--"):
            if mapped == "--retreat-hex" and wanted != "retreats":
                pass
            elif mapped == "--side" and value not in _SHOW_SIDES:
                pass
            elif mapped not in out:
                out += [mapped, value]
            i += 2
            continue
        i += 1
    for layer in _LAYERS.get(wanted, []):
        out += ["--layer", layer]
    return out


def _fingerprint(paths: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(path.as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def code_fingerprint(repo: Path) -> str:
    """A hash of the code and encodings that answer the examples."""
    files = [p for p in (repo / "adjudicator").rglob("*.py")]
    files += [p for p in (repo / "asp").rglob("*.lp")]
    files += [p for p in (repo / "kb").rglob("*.yaml") if "examples" not in p.parts]
    files.append(Path(__file__))  # how the pictures are asked for
    return _fingerprint([p for p in files if p.is_file()])


def _invoke(app, args: list[str]) -> tuple[int, str]:
    from typer.testing import CliRunner

    runner = CliRunner()
    env = {"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}
    result = runner.invoke(app, args, env=env, catch_exceptions=True)
    output = result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        output += f"\n{type(result.exception).__name__}: {result.exception}"
    return result.exit_code, output


def compute(path: Path, command: str | None, cache_dir: Path, code_hash: str) -> Computed:
    """Run the example's command and ``show`` on ``path`` (cached)."""
    name = path.name
    args = command_args(command, name)
    key = hashlib.sha256(
        json.dumps([code_hash, path.read_text(encoding="utf-8"), command]).encode()
    ).hexdigest()[:24]
    cached = cache_dir / f"{path.stem}-{key}.json"
    if cached.is_file():
        data = json.loads(cached.read_text(encoding="utf-8"))
        return Computed(**data)
    from adjudicator.cli import app

    output, code = "", 0
    svg: str | None = None
    svg_error = ""
    old = Path.cwd()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / name).write_bytes(path.read_bytes())
        os.chdir(work)
        try:
            if args:
                code, output = _invoke(app, args)
            show = show_args(args, name, "position.svg")
            show_code, show_out = _invoke(app, show)
            if show_code != 0 and "--layer" in show:  # a layer this version lacks: all
                show = show[: show.index("--layer")]
                show_code, show_out = _invoke(app, show)
            if show_code != 0 and len(show) > 4:  # overlays refused: the bare position
                show_code, show_out = _invoke(app, show[:4])
            if show_code == 0 and (work / "position.svg").is_file():
                svg = (work / "position.svg").read_text(encoding="utf-8")
            else:
                svg_error = show_out.strip()
        finally:
            os.chdir(old)
    result = Computed(args=args, output=output.rstrip(), code=code, svg=svg, svg_error=svg_error)
    cache_dir.mkdir(parents=True, exist_ok=True)
    for old_file in cache_dir.glob(f"{path.stem}-*.json"):
        old_file.unlink()
    cached.write_text(json.dumps(result.__dict__), encoding="utf-8")
    return result


def header_notes(path: Path) -> str:
    """The comment lines at the top of an example file: the position, in our words."""
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        lines.append(line.lstrip("#").strip())
    return " ".join(x for x in lines if x)
