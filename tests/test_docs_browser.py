"""The published docs, read in a real browser (Chromium, driven by Playwright).

Builds the site as CI does (``sphinx -W``), serves it on a local port and checks what a
player meets: the go-to-rule box, the search ranking of an exact section id, a worked
example's picture and answer, no page wider than the window at 1280 and 400 px, and (a
crawler over the built pages) that every internal link resolves. Screenshots are saved
under ``out/docs-browser/`` (git-ignored) for a person to look at.

Needs Chromium at ``/usr/bin/chromium`` (Debian's ``chromium`` package; or set
``ADJUDICATOR_CHROMIUM``) and the ``playwright`` package; Playwright's own browser download
is not used. Without them the browser tests are skipped, saying why; the link crawler runs
anyway.
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import subprocess
import sys
import threading
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

pytest.importorskip("sphinx")

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "out" / "docs-browser"
CHROMIUM = os.environ.get("ADJUDICATOR_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


# -- the site --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
         str(ROOT / "docs"), str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=900,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    return out


@pytest.fixture(scope="module")
def base_url(site: Path):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):  # noqa: D102
            pass

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Quiet, directory=str(site))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="playwright is not installed (pip install '.[test]')"
    )
    if not Path(CHROMIUM).is_file():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium, or set "
                    "ADJUDICATOR_CHROMIUM)")
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture()
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    yield pg
    context.close()
    assert not errors, errors


def shot(pg, name: str, full: bool = False) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full)


def pages(site: Path) -> list[str]:
    return sorted(
        p.relative_to(site).as_posix()
        for p in site.rglob("*.html")
        if not p.relative_to(site).parts[0].startswith("_")
    )


# -- go to a rule ----------------------------------------------------------------------------


def go(pg, text: str) -> None:
    pg.fill("#gotorule-input", text)
    with pg.expect_navigation():
        pg.press("#gotorule-input", "Enter")


def test_go_to_rule_by_id_and_by_game(page, base_url: str) -> None:
    page.goto(base_url + "index.html")
    shot(page, "landing-1280")
    go(page, "12.2")
    assert page.url.endswith("rules/s42/ch-12-0.html#rule-s42-12-2")
    assert page.locator("#rule-s42-12-2").is_visible()
    assert "S'42 12.0 Retreats" in page.title()
    go(page, "kb42 12.6")
    assert page.url.endswith("rules/kb42/ch-12-0.html#rule-kb42-12-6")
    # on a Kharkov Battles page a bare id means a Kharkov Battles section
    go(page, "12.2")
    assert page.url.endswith("rules/kb42/ch-12-0.html#rule-kb42-12-2")
    go(page, "s42:16.3")
    assert page.url.endswith("rules/s42/ch-16-0.html#rule-s42-16-3")
    go(page, "16")  # a chapter by its number
    assert page.url.endswith("rules/s42/ch-16-0.html#rule-s42-16-0")


def test_go_to_rule_says_when_there_is_no_such_rule(page, base_url: str) -> None:
    page.goto(base_url + "rules/s42/index.html")
    page.fill("#gotorule-input", "99.9")
    page.press("#gotorule-input", "Enter")
    note = page.locator(".gotorule-note")
    note.wait_for(state="visible")
    assert "No section 99.9 in S'42" in note.inner_text()
    assert page.url.endswith("rules/s42/index.html")
    page.fill("#gotorule-input", "nosuchgame 1.0")
    page.press("#gotorule-input", "Enter")
    assert "No game called 'nosuchgame'" in note.inner_text()


# -- search ----------------------------------------------------------------------------------


def results(pg, base_url: str, query: str, game: str = "s42") -> list[str]:
    pg.goto(f"{base_url}search.html?q={query}&game={game}")
    pg.wait_for_selector("#search-results ul.search li", timeout=30000)
    pg.wait_for_function(
        "document.querySelector('#search-results h2') && "
        "!document.querySelector('#search-results h2').innerText.includes('Searching')"
    )
    return pg.locator("#search-results ul.search li > a").all_inner_texts()


def test_search_ranks_the_exact_id_of_the_current_game_first(page, base_url: str) -> None:
    found = results(page, base_url, "12.2")
    assert found[0] == "S'42 12.2 Elimination Due to a Retreat", found[:5]
    assert not any("&#x27;" in r or "&amp;" in r for r in found)
    shot(page, "search-12-2")
    found = results(page, base_url, "16.3")
    assert found[0] == "S'42 16.3 Line of Supply", found[:5]
    # the same id read from a Kharkov Battles page: that game's section first
    found = results(page, base_url, "12.2", game="kb42")
    assert found[0].startswith("KB42 12.2 "), found[:5]
    # naming the game in the query picks it
    found = results(page, base_url, "sos 12.3")
    assert found[0].startswith("SoS 12.3 "), found[:5]


# -- a worked example ------------------------------------------------------------------------


def test_example_page_shows_picture_question_answer_and_result(page, base_url: str) -> None:
    page.goto(base_url + "rules/s42/examples/retreat-12-1-a.html")
    img = page.locator("figure.example-picture img")
    img.wait_for()
    assert page.evaluate(
        "(el) => el.complete && el.naturalWidth > 100", img.element_handle()
    ), "the position picture did not load"
    assert "Where can German A end a 2-hex retreat from 0404?" in page.inner_text("div.body")
    answer = page.inner_text("div.example-answer")
    assert "adjudicator retreats retreat_12_1_a.yaml --hex 0404 --length 2" in answer
    assert "0403-0402" in answer  # the way out the rulebook gives
    expected = page.inner_text("div.example-expected")
    assert "survives" in expected and "0402" in expected
    # answer and result side by side on a wide screen
    left = page.locator("div.example-answer").bounding_box()
    right = page.locator("div.example-expected").bounding_box()
    assert right["x"] > left["x"] + left["width"] - 1
    download = page.locator("a.download")
    assert download.count() == 1
    response = page.request.get(base_url + "rules/s42/examples/" + download.get_attribute("href"))
    assert response.ok and b"example:" in response.body()
    shot(page, "example-retreat-12-1-a", full=True)


# -- no page wider than the window -----------------------------------------------------------


@pytest.mark.parametrize("width", [1280, 400])
def test_no_page_is_wider_than_the_window(browser, site: Path, base_url: str, width: int):
    context = browser.new_context(viewport={"width": width, "height": 900})
    pg = context.new_page()
    too_wide = []
    try:
        for name in pages(site):
            pg.goto(base_url + name, wait_until="load")
            scroll = pg.evaluate("document.documentElement.scrollWidth")
            if scroll > width:
                too_wide.append((name, scroll))
        pg.goto(base_url + "rules/s42/ch-12-0.html")
        shot(pg, f"chapter-12-{width}")
        if width == 400:
            # the contents come first, the sidebar after them, dark on light
            body = pg.locator("div.body").bounding_box()
            side = pg.locator("div.sphinxsidebar").bounding_box()
            assert side["y"] > body["y"] + body["height"] - 1
            colours = pg.evaluate(
                "() => { const s = getComputedStyle(document.querySelector("
                "'div.sphinxsidebar')); const a = getComputedStyle(document.querySelector("
                "'div.sphinxsidebar li')); return [s.backgroundColor, a.color]; }"
            )
            assert contrast(*colours) >= 4.5, colours
    finally:
        context.close()
    assert not too_wide, too_wide


def _rgb(text: str) -> tuple[float, ...]:
    return tuple(float(x) for x in re.findall(r"[\d.]+", text)[:3])


def contrast(background: str, foreground: str) -> float:
    def luminance(rgb: tuple[float, ...]) -> float:
        def channel(c: float) -> float:
            c /= 255
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

        r, g, b = (channel(c) for c in rgb)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    hi, lo = sorted((luminance(_rgb(background)), luminance(_rgb(foreground))), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


# -- every internal link resolves ------------------------------------------------------------


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):  # noqa: D102
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("name"):
            self.ids.add(attrs["name"])
        if tag in ("a", "link") and attrs.get("href"):
            self.hrefs.append(attrs["href"])
        if tag in ("img", "script") and attrs.get("src"):
            self.hrefs.append(attrs["src"])


def test_every_internal_link_resolves(site: Path) -> None:
    parsed: dict[Path, _Links] = {}

    def parse(path: Path) -> _Links:
        if path not in parsed:
            links = _Links()
            links.feed(path.read_text(encoding="utf-8"))
            parsed[path] = links
        return parsed[path]

    broken = []
    checked = 0
    for name in pages(site):
        source = site / name
        for href in parse(source).hrefs:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:")):
                continue
            url, fragment = parts.path, parts.fragment
            target = (source.parent / unquote(url)).resolve() if url else source
            if target.is_dir():
                target = target / "index.html"
            checked += 1
            if not target.is_file() or site.resolve() not in target.parents:
                broken.append(f"{name}: {href}")
            elif fragment and target.suffix == ".html" and unquote(fragment) not in parse(
                target
            ).ids:
                broken.append(f"{name}: {href} (no such anchor)")
    assert checked > 1000
    assert not broken, broken[:30]
