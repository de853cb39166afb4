"""``adjudicator serve``: the board in a browser."""

from __future__ import annotations

import ipaddress
from pathlib import Path
from typing import Annotated

import typer

from adjudicator.errors import usage_error

LOOPBACK = "127.0.0.1"


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def serve(
    path: Annotated[str | None, typer.Argument(
        metavar="[FILE | FOLDER]",
        help="A position file, or a folder of them (default: the bundled demos).")] = None,
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8642,
    host: Annotated[str, typer.Option(
        "--host", help="Address to listen on (default: this machine only).")] = LOOPBACK,
    docs: Annotated[str | None, typer.Option(
        "--docs", help="The built rules site (default: docs/_build/html, from make docs).")]
    = None,
) -> None:
    """Show a position in the browser: click a stack to see what it may do and why."""
    import uvicorn

    from adjudicator.web.app import Config, create_app

    root = None
    if path is not None:
        root = Path(path)
        if not root.exists():
            raise usage_error(f"no such file or folder: {path}", "FILE | FOLDER")
        if root.is_file() and root.suffix.lower() not in (".yaml", ".yml", ".json"):
            raise usage_error("expected a .yaml, .yml or .json file, or a folder",
                              "FILE | FOLDER")
    if not 0 < port < 65536:
        raise usage_error(f"port must be 1-65535, got {port}", "--port")
    hosts = ["127.0.0.1", "localhost", "::1"]
    if not is_loopback(host):
        typer.echo(f"warning: listening on {host}: anyone who can reach this address can "
                   "open the positions served here", err=True)
        hosts = ["*"]
    config = Config(root=root.resolve() if root else None,
                    docs=Path(docs) if docs else None, hosts=hosts)
    app = create_app(config)
    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"Serving the board at http://{shown}:{port}/ (Ctrl-C stops)")
    uvicorn.run(app, host=host, port=port, log_level="warning")


def register(app: typer.Typer) -> None:
    app.command()(serve)
