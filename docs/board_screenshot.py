"""Make the board's picture in the docs (``docs/_static/board.png``).

Starts ``adjudicator serve`` on the bundled demo (in process, on a free port), opens it in
Chromium driven by Playwright (the browser the board's tests use: ``/usr/bin/chromium``, or
``ADJUDICATOR_CHROMIUM``), clicks the Soviet stack in 0605, asks *Retreat N* and holds the
pointer over the best end, so that the ends are lit by fate, ranked, and one path is drawn::

    python3 docs/board_screenshot.py [OUT.png]
"""

from __future__ import annotations

import os
import socket
import sys
import threading
import time
from pathlib import Path

CHROMIUM = os.environ.get("ADJUDICATOR_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
OUT = Path(__file__).parent / "_static" / "board.png"


def main(argv: list[str]) -> int:
    import uvicorn
    from playwright.sync_api import sync_playwright

    from adjudicator.web.app import Config, create_app

    out = Path(argv[0]) if argv else OUT
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(Config()), host="127.0.0.1", port=port,
                                        log_level="warning"))
    t = threading.Thread(target=srv.run, daemon=True)
    t.start()
    while not srv.started:
        time.sleep(0.05)
    try:
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            pg = b.new_page(viewport={"width": 1360, "height": 780})
            pg.goto(f"http://127.0.0.1:{port}/?open=demo:s42")
            pg.wait_for_selector("body[data-loaded]", timeout=60_000)

            def answered(action) -> None:
                before = pg.evaluate("document.body.getAttribute('data-answered')")
                action()
                pg.wait_for_function("document.body.getAttribute('data-answered') !== "
                                     f"{'null' if before is None else repr(before)}",
                                     timeout=60_000)

            answered(lambda: pg.click('#terrain polygon.hex[data-hex="0605"]', force=True))
            time.sleep(1.0)  # the server prepares the retreat meanwhile, as for a player
            pg.click('#asks button[data-ask="retreat"]')
            answered(lambda: pg.click("#ask-go"))
            pg.hover('#terrain polygon.hex[data-hex="0806"]', force=True)
            pg.screenshot(path=str(out))
            b.close()
    finally:
        srv.should_exit = True
        t.join(10)
    print(f"wrote {out} ({out.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
