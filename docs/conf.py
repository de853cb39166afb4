"""Sphinx configuration for the adjudicator's published rules docs.

Build (what CI runs)::

    python3 -m sphinx -W --keep-going -b html docs docs/_build/html

The rulebook pages (``rules/``), the glossary, the list of readings and the CLI reference
are generated at build time from the knowledge base and from the CLI itself; see
``_ext/kbpages.py`` and ``_ext/cliref.py``. The ``rule`` domain is ``_ext/ruledomain.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))
sys.path.insert(0, str(HERE.parent))  # the adjudicator package, even when not installed

project = "adjudicator"
author = "the adjudicator developers"
copyright = "the adjudicator developers; rule summaries are our own words"  # noqa: A001
release = "0.1"

extensions = ["ruledomain", "kbpages", "cliref"]

root_doc = "index"
exclude_patterns = ["_build", "_generated", "Thumbs.db", ".DS_Store"]
templates_path = ["_templates"]
nitpicky = False
toc_object_entries = True
# No typographic quotes: "Stalingrad '42" keeps its apostrophe (an opening quote is wrong).
smartquotes = False
highlight_language = "none"  # plain "::" blocks are command lines and output
toc_object_entries_show_parents = "hide"

# -- rule domain ---------------------------------------------------------------------------
rule_default_game = "s42"
# Warn about rules no page cites, for the flagship only.
rule_warn_uncited = ["s42"]
# Short names for page titles and search results ("S'42 12.0 Retreats").
rule_game_short = {"s42": "S'42", "sos": "SoS", "kb42": "KB42", "p2p": "P2P", "eak": "EAK"}
rule_game_titles = {
    "s42": "Stalingrad '42",
    "sos": "Streets of Stalingrad",
    "kb42": "Kharkov Battles",
    "p2p": "Point-to-point fragment",
    "eak": "Enemy Action: Kharkov",
}

# -- pages generated from the knowledge base and the CLI ------------------------------------
kb_games: list[str] = []  # empty: every game in the KB, the flagship first
cliref_app = "adjudicator.cli:app"

# The encodings folder fills with one page per rule area as the encodings land. Until the
# first one does, its glob toctree would match nothing, and Sphinx's warning about that cannot
# be suppressed, so the empty toctree is swapped for a sentence (see setup() below).
ENCODINGS_DIR = HERE / "encodings"


def _empty_encodings(app, docname: str, source: list[str]) -> None:
    if docname != "encodings/index":
        return
    if any(p.name != "index.rst" for p in ENCODINGS_DIR.glob("*.rst")):
        return
    text = source[0]
    start = text.find(".. toctree::")
    if start >= 0:
        source[0] = text[:start] + "No rule-area pages have been written yet.\n"
        # Re-read this page when the first rule-area page appears (as for a glob toctree).
        app.env.glob_toctrees.add(docname)


def setup(app):
    app.connect("source-read", _empty_encodings)


# -- HTML ----------------------------------------------------------------------------------
html_theme = "alabaster"
html_title = "adjudicator: rules and rulings"
html_static_path = ["_static"]
html_css_files = ["rules.css"]
html_js_files = ["gotorule.js"]
html_search_scorer = str(HERE / "_static" / "scorer.js")
html_theme_options = {
    "description": "Rules questions for hex-and-counter wargames, answered with the rule ids "
    "that decide them.",
    "fixed_sidebar": False,
    "page_width": "1100px",
    "sidebar_width": "250px",
    "show_relbars": True,
}
html_sidebars = {
    "**": ["about.html", "navigation.html", "localtoc.html", "relations.html"],
}
html_domain_indices = True
html_use_index = True
