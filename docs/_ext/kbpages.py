"""Generate the rulebook pages of the docs from the knowledge base, at build time.

On ``builder-inited`` this writes reStructuredText into ``docs/rules/`` (git-ignored):

* ``rules/index.rst``: the list of games; ``rules/games.inc`` the same for the landing page;
* ``rules/<game>/index.rst``: one page per game, and ``rules/<game>/rule-index.rst`` every
  section of it in rulebook order;
* ``rules/<game>/ch-<id>.rst``: one page per chapter, every section a ``rule`` block with,
  first, what a player needs (summary, notes, known misprints of the book, tables drawn as
  grids, named readings, worked examples, the sections it cites and that cite it, counting
  the ids its prose links) and then the rule groups of the encodings that decide it
  (source folded) and the tests that rule on it, by readable name;
* ``rules/<game>/asp-<file>.rst``: every rule group of ``asp/<game>/<file>.lp`` (found by
  glob), with the sections it decides (see ``aspgroups.py``) and its source;
* ``rules/rulings/*.rst``: the source of every ruling test, one page per test file (tests
  are found wherever the KB loader finds them, ``tests/**/test_*.py``);
* ``rules/glossary.rst``: every term the KB defines, as a Sphinx glossary;
* ``rules/readings.inc``: every named reading, included by ``docs/readings.rst``.

A file is rewritten only when its text changes, so incremental builds re-read only the pages
whose knowledge changed. Files left over from an earlier run (a chapter that went away) are
removed.

The KB is read through ``adjudicator.kb`` (``list_games``/``load_game``). Configuration:

``kb_games``
    Game ids to render, in order; default: every game the KB lists, the default game first.
``kb_root``, ``kb_asp_root``, ``kb_tests_root``
    Override where the KB, the encodings and the tests are (used by the docs' own tests).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

logger = logging.getLogger(__name__)

OUT_DIR = "rules"

# -- reStructuredText helpers ------------------------------------------------------------------

_INLINE_SPECIAL = re.compile(r"([\\*`|_])")
_LIST_START = re.compile(r"^(?:[-+*•]\s|[#\w]{1,3}[.)]\s|\(\w{1,3}\)\s|\.\.\s|:|>|=)")
_ID_TOKEN = re.compile(r"(?<![\w.])(\d+(?:\.[0-9A-Za-z]+)+|[A-Z]\d*(?:\.\d+)+)(?![\w]|\.\d)")
_GROUP = re.compile(r"[(\[]([^()\[\]]*)[)\]]")
_SEE = re.compile(r"\b(?:see|section|sections|rule|rules|per|under)\s+$", re.IGNORECASE)
# A number that names a section except where it reads as a quantity or an edition.
_NOT_BEFORE = re.compile(r"\b(?:version|edition|ver|rev|v)\.?\s*$|[$£€]$", re.IGNORECASE)
_NOT_AFTER = re.compile(
    r"^(?:\s*(?:times|x|%|mps?|mp|vps?|hexes|points|km|miles|inch|inches)\b|%|x\b)",
    re.IGNORECASE,
)


def esc(text: str) -> str:
    """Escape text so reStructuredText shows it literally (inline context)."""
    text = _INLINE_SPECIAL.sub(r"\\\1", text)
    return text.replace("::", ":\\:")


def one_line(text: str) -> str:
    return " ".join(str(text).split())


def paragraphs(text: str, linker=None) -> list[str]:
    """Prose from YAML -> safe RST paragraphs (one line each; ``- item`` runs become lists)."""
    out: list[str] = []
    for block in re.split(r"\n\s*\n", str(text).strip()):
        lines = [ln.strip() for ln in block.splitlines() if ln.strip()]
        if not lines:
            continue
        if len(lines) > 1 and all(ln.startswith("- ") for ln in lines):
            out.append("\n".join("- " + inline(ln[2:], linker) for ln in lines))
            continue
        para = inline(" ".join(lines), linker)
        if _LIST_START.match(para) or re.fullmatch(r"(\W)\1{3,}", para):
            para = "\\" + para
        out.append(para)
    return out


def inline(text: str, linker=None) -> str:
    """Escape one paragraph; with ``linker``, cited rule ids become links.

    An id is taken as a citation when it stands in brackets (``(12.2)``, ``[5.5.5]``,
    ``(see 12.2-12.4)``), right after a word such as "see" or "section", or anywhere else
    when the linker knows it as a section id, unless it reads as a quantity or an edition
    ("1.5 times", "2.5 MP", "version 2.0"). Unknown numbers are left alone.
    """
    if linker is None:
        return esc(text)
    spans: dict[int, tuple[int, str]] = {}
    for group in _GROUP.finditer(text):
        for token in _ID_TOKEN.finditer(group.group(1)):
            start = group.start(1) + token.start()
            spans[start] = (group.start(1) + token.end(), token.group(1))
    for token in _ID_TOKEN.finditer(text):
        if token.start() in spans:
            continue
        before, after = text[: token.start()], text[token.end():]
        if _SEE.search(before) or not (_NOT_BEFORE.search(before) or _NOT_AFTER.match(after)):
            spans[token.start()] = (token.end(), token.group(1))
    pieces: list[str] = []
    pos = 0
    for start in sorted(spans):
        end, token = spans[start]
        role = linker(token)
        if role is None or start < pos:
            continue
        before = "" if start == 0 or text[start - 1].isspace() else "\\ "
        after = "" if end >= len(text) or text[end].isspace() else "\\ "
        pieces += [esc(text[pos:start]), before, role, after]
        pos = end
    pieces.append(esc(text[pos:]))
    return "".join(pieces)


def role_safe(text: str) -> bool:
    return not re.search(r"[`<>\\]", text)


_ACRONYMS = {"ZOC", "ZOCS", "EZOC", "ASU", "ASUS", "SP", "SPS", "VP", "VPS", "HQ", "HQS", "CRT",
             "DS", "LOS", "OOS", "TEC", "TQ", "DRM", "MP", "MPS", "MA", "AAC", "NKVD", "II",
             "III", "IV", "AI", "US", "USSR", "ICA", "AF", "DF", "PO", "OKH", "STAVKA"}
_SMALL = {"and", "or", "of", "the", "to", "in", "on", "for", "at", "by", "a", "an", "with"}


def display_title(title: str) -> str:
    """Printed headings are often in capitals; show them in title case, acronyms kept."""
    title = one_line(title)
    words = []
    for i, word in enumerate(title.split(" ")):
        letters = re.sub(r"[^A-Za-z]", "", word)
        if len(letters) > 1 and letters.isupper() and not word.startswith("("):
            bare = letters.upper()
            if bare in _ACRONYMS or (bare.endswith("S") and bare[:-1] in _ACRONYMS):
                word = word if not bare.endswith("S") or bare in _ACRONYMS else word[:-1] + "s"
            elif i > 0 and letters.lower() in _SMALL:
                word = word.lower()
            else:
                word = re.sub(r"[A-Za-z]+", lambda m: m.group(0).capitalize(), word)
        words.append(word)
    return " ".join(words)


def sentence(text: str) -> str:
    text = one_line(text)
    return text[:1].upper() + text[1:] if text[:1].islower() else text


def heading(text: str, char: str) -> list[str]:
    line = esc(one_line(text))
    return [line, char * max(len(line), 4), ""]


def indent(lines: list[str], by: int = 3) -> list[str]:
    """Indent every line, also the lines inside a multi-line item (a list paragraph)."""
    pad = " " * by
    return [pad + ln if ln else "" for item in lines for ln in item.split("\n")]


def slug(section_id: str) -> str:
    return "ch-" + re.sub(r"[^a-z0-9]+", "-", section_id.lower()).strip("-")


def depth(section_id: str) -> int:
    parts = section_id.split(".")
    while len(parts) > 1 and parts[-1] == "0":
        parts.pop()
    return len(parts)


# -- the generator ---------------------------------------------------------------------------


class Pages:
    """Builds the text of every generated page; ``files`` maps relative path -> text."""

    def __init__(self, app: Sphinx, kbs: list[Any], asp_root: Path | None):
        self.app = app
        self.srcdir = Path(app.srcdir)
        self.outdir = self.srcdir / OUT_DIR
        self.default_game = app.config.rule_default_game
        self.kbs = kbs
        self.by_game = {kb.id: kb for kb in kbs}
        self.asp_root = asp_root
        self.files: dict[str, str] = {}
        self.binary: dict[str, str] = {}  # generated pictures: relative path -> text
        self.titles = {kb.id: kb.game.title for kb in kbs}

    def short(self, game: str) -> str:
        from ruledomain import game_short

        return game_short(self.app.config, game)

    # links -----------------------------------------------------------------------------

    def target(self, game: str, section_id: str) -> str:
        return section_id if game == self.default_game else f"{game}:{section_id}"

    def resolve(self, game: str, ref: str) -> tuple[str, str] | None:
        """``(game, id)`` of a KB reference if that section exists, else None."""
        ref_game, _, bare = ref.rpartition(":")
        ref_game = ref_game or game
        kb = self.by_game.get(ref_game)
        if kb is None:
            return None
        sid = kb.normalize(bare)
        return (ref_game, sid) if sid in kb.sections else None

    def link(self, game: str, ref: str) -> str:
        found = self.resolve(game, ref)
        if found is None:
            return f"{esc(ref)} *(not in the knowledge base)*"
        target = self.target(*found)
        if found[0] == game and target != found[1]:
            return f":rule:`{found[1]} <{target}>`"  # same game: the bare id reads better
        return f":rule:`{target}`"

    def linker(self, game: str):
        def make(token: str) -> str | None:
            found = self.resolve(game, token)
            if found is None:
                return None
            g, sid = found
            return f":rule:`{esc(token)} <{self.target(g, sid)}>`"

        return make

    def term_name(self, game: str, term: str) -> str:
        term = one_line(term)
        return term if game == self.default_game else f"{term} ({game})"

    # pages -----------------------------------------------------------------------------

    # citations that summaries, notes and readings add ----------------------------------

    @staticmethod
    def prose(section: Any) -> list[str]:
        texts = [section.summary or "", section.notes or ""]
        for reading in section.readings:
            texts += [reading.text or "", reading.why or "", reading.question or ""]
        return [t for t in texts if t]

    def collect_citations(self) -> None:
        """``cites``/``cited_by``: the KB's citations plus every id the prose links."""
        self.cites: dict[tuple[str, str], list[tuple[str, str]]] = {}
        self.cited_by: dict[tuple[str, str], list[tuple[str, str]]] = {}

        def add(source: tuple[str, str], dest: tuple[str, str]) -> None:
            if dest == source:
                return
            if dest not in self.cites.setdefault(source, []):
                self.cites[source].append(dest)
            if source not in self.cited_by.setdefault(dest, []):
                self.cited_by[dest].append(source)

        for kb in self.kbs:
            for section in kb.sections.values():
                here = (kb.id, section.id)
                for ref in section.refs:
                    if (found := self.resolve(kb.id, ref)) is not None:
                        add(here, found)
                for text in self.prose(section):
                    for para in re.split(r"\n\s*\n", text):
                        inline(one_line(para), self.capture(kb.id, here, add))

    def capture(self, game: str, here: tuple[str, str], add):
        def seen(token: str) -> None:
            found = self.resolve(game, token)
            if found is not None:
                add(here, found)

        return seen

    def ref_list(self, game: str, keys: list[tuple[str, str]], raw: list[str]) -> str:
        """Links to ``keys`` (resolved) and ``raw`` ids the KB does not have, in rule order."""
        order = {k: i for i, k in enumerate(self.order)}
        ordered = sorted(keys, key=lambda k: (k[0] != game, order.get(k, 0)))
        links = [self.link(game, f"{g}:{sid}" if g != game else sid) for g, sid in ordered]
        links += [self.link(game, r) for r in raw if self.resolve(game, r) is None]
        return ", ".join(links)

    def build(self) -> dict[str, str]:
        self.order = [(kb.id, sid) for kb in self.kbs for sid in kb.sections]
        self.position = {kb.id: {sid: i for i, sid in enumerate(kb.sections)} for kb in self.kbs}
        self.collect_citations()
        self.collect_groups()
        self.encoding_pages()
        self.rules_index()
        for kb in self.kbs:
            self.game_page(kb)
            self.game_rule_index(kb)
            for chapter in kb.chapters():
                self.chapter_page(kb, chapter)
        self.games_include()
        self.glossary()
        self.readings()
        self.ruling_pages()
        for kb in self.kbs:
            self.example_pages(kb)
        return self.files

    def rules_index(self) -> None:
        out = [".. This page is generated from the knowledge base by docs/_ext/kbpages.py.", ""]
        out += heading("Rulebooks", "=")
        out += [
            "The rules of every game in the knowledge base, one page per chapter. Each "
            "section gives our own summary of what the rulebook says (never its text), the "
            "sections it cites and that cite it, and where the adjudicator encodes and tests "
            "it. The :ref:`rule-index` lists every section id.",
            "",
        ]
        if not self.kbs:
            out += ["The knowledge base holds no games yet.", ""]
        for kb in self.kbs:
            with_summary = sum(1 for s in kb.sections.values() if s.summary)
            out.append(
                f"- :doc:`{kb.id}/index`: {len(kb.sections)} sections, "
                f"{with_summary} summarised"
            )
        out += ["- :doc:`glossary`", ""]
        out += [".. toctree::", "   :hidden:", ""]
        out += [f"   {kb.id}/index" for kb in self.kbs]
        out += ["   glossary", "   rulings/index", ""]
        self.files["index.rst"] = "\n".join(out)

    def game_page(self, kb: Any) -> None:
        game = kb.game
        out = [".. Generated from the knowledge base by docs/_ext/kbpages.py.", ""]
        out += heading(game.title, "=")
        facts = [
            ("Game id", f"``{kb.id}``"),
            ("Publisher", esc(game.publisher) if game.publisher else None),
            ("Rules edition", esc(game.edition) if game.edition else None),
            ("Map", esc(game.map) if game.map else None),
            ("Dice", self.dice(game.dice)),
            ("Section ids", esc(one_line(game.id_scheme)) if game.id_scheme else None),
        ]
        for name, value in facts:
            if value:
                out.append(f":{name}: {value}")
        out.append("")
        total = len(kb.sections)
        summarised = sum(1 for s in kb.sections.values() if s.summary)
        encoded = sum(1 for s in kb.sections if self.groups_of(kb, s))
        ruled = sum(1 for s in kb.sections.values() if s.rulings)
        readings = sum(1 for s in kb.sections.values() if s.readings)
        out += [
            f"The knowledge base holds {total} sections of this rulebook; {summarised} have a "
            f"summary in our own words, {encoded} are encoded in ASP, {ruled} have rulings "
            f"(tests) and {readings} have named readings of a disputed point.",
            "",
        ]
        out += [
            f"Every section by its id: :doc:`{esc(self.short(kb.id))} rule index <rule-index>`.",
            "",
        ]
        if kb.examples:
            out += [
                f"The rulebook's :doc:`worked examples <examples/index>` ({len(kb.examples)}), "
                "each with a picture of the position and the adjudicator's answer.",
                "",
            ]
        out += heading("Chapters", "-")
        chapters = kb.chapters()
        if not chapters:
            out += ["No sections yet.", ""]
        for chapter in chapters:
            count = len(kb.descendants(chapter.id))
            extra = f" ({count} subsections)" if count else ""
            out.append(
                f"- :rule:`{self.target(kb.id, chapter.id)}` "
                f":doc:`{esc(display_title(chapter.title))} <{slug(chapter.id)}>`{extra}"
            )
        out.append("")
        if chapters:
            out += [".. toctree::", "   :hidden:", "", "   rule-index"]
            out += [f"   {slug(c.id)}" for c in chapters]
            out += [f"   {d}" for d in getattr(self, "asp_docs", {}).get(kb.id, [])]
            if kb.examples:
                out.append("   examples/index")
            out.append("")
        self.files[f"{kb.id}/index.rst"] = "\n".join(out)

    def game_rule_index(self, kb: Any) -> None:
        """``rules/<game>/rule-index``: every section of one game, in rulebook order."""
        short = self.short(kb.id)
        out = [".. Generated from the knowledge base by docs/_ext/kbpages.py.", ""]
        out += heading(f"{short} rule index", "=")
        out += [
            f"Every section of *{esc(kb.game.title)}* in rulebook order, with its title. "
            "Type an id in the *Go to rule* box at the top of any page to jump straight to it.",
            "",
        ]
        for chapter in kb.chapters():
            out += heading(f"{chapter.id} {display_title(chapter.title)}", "-")
            for sid in [chapter.id, *kb.descendants(chapter.id)]:
                section = kb.sections[sid]
                pad = "  " * max(0, depth(sid) - 2) if sid != chapter.id else ""
                title = esc(display_title(section.title)) if section.title else ""
                link = f":rule-link:`{sid} <{self.target(kb.id, sid)}>`"
                out.append(f"{pad}- {link} {title}".rstrip())
                out.append("")
        if not kb.chapters():
            out += ["No sections yet.", ""]
        self.files[f"{kb.id}/rule-index.rst"] = "\n".join(out)

    def games_include(self) -> None:
        """``rules/games.inc``: the games, for the landing page."""
        out = [".. Generated from the knowledge base by docs/_ext/kbpages.py.", ""]
        for kb in self.kbs:
            total = len(kb.sections)
            summarised = sum(1 for s in kb.sections.values() if s.summary)
            examples = len(kb.examples)
            extra = f", {examples} worked examples" if examples else ""
            out.append(
                f"- **{esc(kb.game.title)}** ({esc(self.short(kb.id))}, ``{kb.id}``): "
                f":doc:`chapters </rules/{kb.id}/index>` · "
                f":doc:`rule index </rules/{kb.id}/rule-index>` "
                f"({total} sections, {summarised} summarised{extra})"
            )
        if not self.kbs:
            out.append("The knowledge base holds no games yet.")
        out.append("")
        self.files["games.inc"] = "\n".join(out)

    @staticmethod
    def dice(dice: Any) -> str | None:
        if dice is None:
            return None
        text = f"{dice.count} x d{dice.sides}"
        if dice.zero == "ten":
            text += " (a 0 reads as 10)"
        elif dice.zero == "zero":
            text += " (a 0 reads as 0)"
        if getattr(dice, "inferred", False):
            text += " (inferred: the rulebook does not state it)"
        if dice.notes:
            text += ". " + esc(sentence(dice.notes))
        return text

    def chapter_page(self, kb: Any, chapter: Any) -> None:
        rel = f"{kb.id}/{slug(chapter.id)}.rst"
        out = [".. Generated from the knowledge base by docs/_ext/kbpages.py.", ""]
        out += heading(f"{self.short(kb.id)} {chapter.id} {display_title(chapter.title)}", "=")
        out += [
            f"*{esc(kb.game.title)}* · :doc:`all chapters <index>` · "
            f":doc:`every section <rule-index>`",
            "",
        ]
        for sid in [chapter.id, *kb.descendants(chapter.id)]:
            out += self.section_block(kb, kb.sections[sid], rel)
        self.files[rel] = "\n".join(out)

    def section_block(self, kb: Any, section: Any, rel: str) -> list[str]:
        game = kb.id
        out = [
            f".. rule:: {game}:{section.id}",
            f"   :title: {display_title(section.title)}",
            f"   :order: {self.position[game][section.id]}",
        ]
        if depth(section.id) > 2:
            out.append("   :no-contents-entry:")
        out.append("")
        body: list[str] = []
        linker = self.linker(game)
        if section.summary:
            for para in paragraphs(section.summary, linker):
                body += [para, ""]
        else:
            body += ["*Summary pending.*", ""]
        if section.notes:
            paras = paragraphs(section.notes, linker)
            body += [".. note::", ""]
            for para in paras:
                body += indent(para.splitlines()) + [""]
        for misprint in section.misprints:
            body += [".. admonition:: Misprint in the rulebook", ""]
            place = f" ({misprint.where})" if misprint.where else ""
            line = f" (source line {misprint.line})" if misprint.line else ""
            text = f"Printed{place}: {misprint.printed} Read as: {misprint.meant}{line}"
            if misprint.why:
                text += f" Why: {misprint.why}"
            for para in paragraphs(text, linker):
                body += indent(para.splitlines()) + [""]
        fields: list[tuple[str, str]] = []
        if section.parent:
            fields.append(("Part of", self.link(game, section.parent)))
        if section.children:
            fields.append(("Subsections", ", ".join(self.link(game, c) for c in section.children)))
        here = (game, section.id)
        cites, cited_by = self.cites.get(here, []), self.cited_by.get(here, [])
        if cites or section.refs:
            fields.append(("Cites", self.ref_list(game, cites, section.refs)))
        if cited_by:
            fields.append(("Cited by", self.ref_list(game, cited_by, [])))
        if section.terms:
            names = []
            for term in section.terms:
                name = self.term_name(game, term)
                names.append(f":term:`{esc(one_line(term))} <{name}>`" if role_safe(name)
                             else esc(name))
            fields.append(("Defines", ", ".join(names)))
        drawn: list[str] = []
        if section.tables:
            titles = []
            for tid in section.tables:
                table = kb.tables.get(tid)
                if table is None:
                    titles.append(f"``{tid}``")
                    continue
                if self.table_home(kb, tid) == section.id:
                    drawn.append(tid)
                titles.append(f":ref:`{esc(one_line(table.title))} <{table_label(game, tid)}>`")
            fields.append(("Tables", ", ".join(titles)))
        for tid in drawn:
            body += self.table_block(game, tid, kb.tables[tid])
        if section.readings:
            body += self.readings_block(section, linker)
        if section.examples:
            body += [".. rubric:: Worked examples", ""]
            for ex in section.examples:
                doc = self.example_doc(kb.id, ex)
                body.append(
                    f"- :doc:`{esc(one_line(ex.title))} </{OUT_DIR}/{doc}>`: "
                    f"{inline(one_line(ex.question))}"
                )
            body.append("")
        for name, value in fields:
            body.append(f":{name}: {value}")
        if fields:
            body.append("")
        groups = self.groups_of(kb, section.id)
        if groups:
            body += self.encodings_block(game, groups, rel)
        if section.rulings:
            body += self.rulings_block(kb, section)
        out += indent(body)
        return out

    def table_home(self, kb: Any, tid: str) -> str | None:
        """The section whose page draws a table: the first of its sections the KB has."""
        for sid in kb.tables[tid].sections:
            found = self.resolve(kb.id, sid)
            if found is not None and found[0] == kb.id:
                return found[1]
        return None

    def table_block(self, game: str, tid: str, table: Any) -> list[str]:
        """A KB table drawn as a grid (``list-table``), labelled ``table-<game>-<id>``."""
        extra = dict(table.model_extra or {})
        practice = bool(extra.get("practice"))
        title = one_line(table.title)
        if practice and "practice" not in title.lower():
            title = f"PRACTICE table, not the published one: {title}"
        grid = table_grid(extra)
        out = [f".. _{table_label(game, tid)}:", ""]
        if grid is None:  # a shape this page does not know how to draw: show the data
            out += [f".. rubric:: {esc(title)}", "", ".. code-block:: yaml", ""]
            out += indent(_yaml_text(extra).splitlines()) + [""]
            return out
        header, rows = grid
        classes = "kb-table practice-table" if practice else "kb-table"
        out += [
            f".. list-table:: {esc(title)}",
            "   :header-rows: 1",
            "   :stub-columns: 1",
            f"   :class: {classes}",
            f"   :name: kbtable-{game}-{re.sub(r'[^a-z0-9]+', '-', tid.lower())}",
            "",
        ]
        for row in [header, *rows]:
            out.append(f"   * - {grid_cell(row[0])}".rstrip())
            out += [f"     - {grid_cell(cell)}".rstrip() for cell in row[1:]]
        out.append("")
        for key in ("read", "modifier", "notes"):
            if isinstance(extra.get(key), str) and extra[key].strip():
                label = {"read": "Reading the roll", "modifier": "Modifier"}.get(key, "Notes")
                out += [f"*{label}:* {esc(one_line(extra[key]))}", ""]
        if practice:
            out += [
                "*Practice table*: the cells are invented for examples and tests; "
                "answers computed with it say so. Use the table printed with the game.",
                "",
            ]
        return out

    def readings_block(self, section: Any, linker) -> list[str]:
        groups = section.reading_groups()
        several = len(groups) > 1
        body = [".. rubric:: Readings of " + ("disputed points" if several else "a disputed point"),
                ""]
        for key, readings in groups.items():
            if several or key != section.id:
                body += [f"*Scenario key:* ``{key}``", ""]
            body += self.reading_group(readings, linker)
        return body

    def reading_group(self, readings: list[Any], linker) -> list[str]:
        """The question and the named readings of one disputed point."""
        body: list[str] = []
        question = next((r.question for r in readings if r.question), None)
        if question:
            body += [f"*Question:* {inline(one_line(question), linker)}", ""]
        for reading in readings:
            mark = " (default)" if reading.default else ""
            body.append(f"``{reading.name}``{mark}")
            text = [inline(one_line(reading.text), linker)]
            if reading.why:
                text += ["", f"*Why:* {inline(one_line(reading.why), linker)}"]
            if reading.sources:
                text += ["", "*Sources:* " + "; ".join(esc(one_line(s)) for s in reading.sources)]
            body += indent(text, 3)
            body.append("")
        return body

    # encodings: rule groups and their pages ---------------------------------------------

    def collect_groups(self) -> None:
        from aspgroups import game_groups

        self.groups = {
            kb.id: game_groups(self.asp_root, kb.id, list(kb.sections)) for kb in self.kbs
        }

    def groups_of(self, kb: Any, section_id: str) -> list[Any]:
        from aspgroups import groups_for

        # a chapter is encoded by its sections' groups; listing them all there is noise
        inner = [] if kb.sections[section_id].parent is None else kb.descendants(section_id)
        return groups_for(section_id, self.groups.get(kb.id, []), inner)

    @staticmethod
    def asp_doc(rel: str) -> str:
        """Generated page of one encoding file: ``s42/retreat.lp`` -> ``s42/asp-retreat``."""
        game, _, name = rel.partition("/")
        return f"{game}/asp-" + re.sub(r"[^a-z0-9]+", "-", name.lower().removesuffix(".lp"))

    @staticmethod
    def group_label(group: Any) -> str:
        return "asp-" + re.sub(r"[^a-z0-9]+", "-", group.file.lower()) + f"-{group.index}"

    def prose_page(self, rel: str) -> str | None:
        """The hand-written page that explains an encoding file: ``encodings/<stem>.rst``,
        else the encodings page that names the file."""
        folder = self.srcdir / "encodings"
        stem = Path(rel).stem
        if (folder / f"{stem}.rst").is_file():
            return f"encodings/{stem}"
        for page in sorted(folder.glob("*.rst")):
            if page.stem != "index" and f"{Path(rel).name}" in page.read_text(encoding="utf-8"):
                return f"encodings/{page.stem}"
        return None

    def encodings_block(self, game: str, groups: list[Any], rel: str) -> list[str]:
        body = [".. rubric:: How the adjudicator decides it", ""]
        doc_dir = (self.outdir / rel).parent
        for group in groups:
            name = Path(group.file).name
            lines = f"lines {group.start}-{group.end}"
            item = f"- :ref:`{esc(name)}: {esc(group.title)} <{self.group_label(group)}>` ({lines})"
            prose = self.prose_page(group.file)
            if prose:
                item += f"; explained in :doc:`/{prose}`"
            body += [item, ""]
            path = self.asp_root / group.file if self.asp_root else None
            if path is not None and path.is_file():
                relpath = Path(os.path.relpath(path, doc_dir)).as_posix()
                body += indent([
                    ".. raw:: html",
                    "",
                    "   <details class=\"asp-source\"><summary>ASP source</summary>",
                    "",
                    f".. literalinclude:: {relpath}",
                    "   :language: prolog",
                    f"   :lines: {group.start}-{group.end}",
                    "   :lineno-match:",
                    "",
                    ".. raw:: html",
                    "",
                    "   </details>",
                    "",
                ], 2)
        return body

    def encoding_pages(self) -> None:
        """``rules/<game>/asp-<file>``: every rule group of one encoding file, with what it
        decides and its source."""
        for kb in self.kbs:
            by_file: dict[str, list[Any]] = {}
            for group in self.groups.get(kb.id, []):
                by_file.setdefault(group.file, []).append(group)
            docs = []
            for rel_lp, groups in by_file.items():
                doc = self.asp_doc(rel_lp)
                docs.append(doc)
                path = self.asp_root / rel_lp
                relpath = Path(os.path.relpath(path, (self.outdir / doc).parent)).as_posix()
                out = [".. Generated from the encodings by docs/_ext/kbpages.py.", ""]
                out += heading(f"{self.short(kb.id)} encoding: {Path(rel_lp).name}", "=")
                prose = self.prose_page(rel_lp)
                intro = (
                    f"The rule groups of ``asp/{rel_lp}``, each with the rule sections it "
                    "decides and its source."
                )
                if prose:
                    intro += f" How the encoding works is explained in :doc:`/{prose}`."
                out += [intro, ""]
                for group in groups:
                    out += [f".. _{self.group_label(group)}:", ""]
                    out += heading(group.title, "-")
                    if group.decides:
                        links = ", ".join(
                            f":rule-link:`{sid} <{self.target(kb.id, sid)}>`"
                            for sid in group.decides
                        )
                        out += [f"Decides {links}.", ""]
                    out += [
                        f".. literalinclude:: {relpath}",
                        "   :language: prolog",
                        f"   :lines: {group.start}-{group.end}",
                        "   :lineno-match:",
                        "",
                    ]
                self.files[f"{doc}.rst"] = "\n".join(out)
            self.asp_docs = getattr(self, "asp_docs", {})
            self.asp_docs[kb.id] = [d.split("/", 1)[1] for d in docs]

    # worked examples ---------------------------------------------------------------------

    @staticmethod
    def example_doc(game: str, example: Any) -> str:
        return f"{game}/examples/" + re.sub(r"[^a-z0-9]+", "-", Path(example.file).stem.lower())

    def example_pages(self, kb: Any) -> None:
        """``rules/<game>/examples/<name>``: the position drawn, the question, the
        adjudicator's answer computed now and the rulebook's result beside it."""
        if not kb.examples:
            return
        import examplepages

        repo = Path(kb.root).parent
        cache = self.outdir / "_examples"
        code_hash = getattr(self, "_code_hash", None) or examplepages.code_fingerprint(repo)
        self._code_hash = code_hash
        short = self.short(kb.id)
        docs = []
        for ex in kb.examples:
            doc = self.example_doc(kb.id, ex)
            docs.append((doc, ex))
            path = Path(kb.root) / ex.file
            computed = examplepages.compute(path, ex.command, cache, code_hash)
            doc_dir = (self.outdir / doc).parent
            out = [".. Generated from the knowledge base by docs/_ext/kbpages.py.", ""]
            out += heading(f"{short} example: {one_line(ex.title)}", "=")
            rules = ", ".join(self.link(kb.id, sid) for sid in ex.sections)
            out += [f"*{esc(kb.game.title)}*, worked example for {rules}.", ""]
            out += [f"**Question.** {inline(one_line(ex.question), self.linker(kb.id))}", ""]
            notes = examplepages.header_notes(path)
            if notes:
                out += [f"**The position.** {inline(notes, self.linker(kb.id))}", ""]
            stem = Path(ex.file).stem
            if computed.svg:
                svg_name = f"{stem}.svg"
                self.binary[f"{Path(doc).parent.as_posix()}/{svg_name}"] = computed.svg
                out += [
                    f".. figure:: {svg_name}",
                    f"   :alt: The position of the example: {esc(one_line(ex.title))}",
                    "   :figclass: example-picture",
                    "   :width: 100%",
                    "",
                    "   The position, drawn by ``adjudicator show``.",
                    "",
                ]
            else:
                logger.warning("example %s: no picture (%s)", ex.file, computed.svg_error[:200],
                               type="kb", subtype="example")
            relpath = Path(os.path.relpath(path, doc_dir)).as_posix()
            out += [
                f"Download the position: :download:`{Path(ex.file).name} <{relpath}>` "
                "(a scenario file; the ``example:`` block holds the question and the "
                "rulebook's answer).",
                "",
            ]
            command = "adjudicator " + " ".join(computed.args) if computed.args else ""
            answer = computed.output or "(no output)"
            if computed.args and computed.code != 0:
                logger.warning("example %s: `%s` exited with status %d: %s", ex.file, command,
                               computed.code, computed.output[-300:], type="kb",
                               subtype="example")
            out += [".. container:: example-compare", ""]
            left = [".. container:: example-answer", ""]
            body = [".. rubric:: The adjudicator's answer", ""]
            if command:
                shown = f"``{command}``" if "``" not in command else esc(command)
                body += [f"Computed when this page was built, with {shown}:", ""]
                body += ["::", ""] + indent(answer.splitlines()) + [""]
            else:
                body += ["This example names no command.", ""]
            left += indent(body)
            right = [".. container:: example-expected", ""]
            body = [".. rubric:: The rulebook's result", ""]
            body += self.expected_block(ex.expected)
            right += indent(body)
            out += indent(left) + [""] + indent(right) + [""]
            self.files[f"{doc}.rst"] = "\n".join(out)
        out = [".. Generated from the knowledge base by docs/_ext/kbpages.py.", ""]
        out += heading(f"{short} worked examples", "=")
        out += [
            f"The worked examples of the *{esc(kb.game.title)}* rulebook, rebuilt as positions. "
            "Each page draws the position, asks the example's question and shows the "
            "adjudicator's answer next to the result the rulebook gives.",
            "",
        ]
        for doc, ex in docs:
            rules = ", ".join(self.link(kb.id, sid) for sid in ex.sections)
            out.append(f"- :doc:`{esc(one_line(ex.title))} </{OUT_DIR}/{doc}>` ({rules})")
        out += ["", ".. toctree::", "   :hidden:", ""]
        out += [f"   {doc.rsplit('/', 1)[1]}" for doc, _ in docs]
        self.files[f"{kb.id}/examples/index.rst"] = "\n".join(out) + "\n"

    @staticmethod
    def expected_block(expected: Any) -> list[str]:
        if isinstance(expected, dict):
            out = []
            for key, value in expected.items():
                text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
                out.append(f"- **{esc(str(key))}**: ``{esc(text)}``" if text else f"- {key}")
            return out + [""]
        if expected is None:
            return ["Not given.", ""]
        if isinstance(expected, str):
            return [esc(one_line(expected)), ""]
        return ["::", "", "   " + json.dumps(expected, ensure_ascii=False), ""]

    # rulings: readable names, linked to their source -------------------------------------

    @staticmethod
    def ruling_name(test: str) -> str:
        """``tests/x.py::TestA::test_12_2_enemy_hex_kills`` -> ``Enemy hex kills``."""
        name = test.rpartition("::")[2] if "::" in test else test
        name = re.sub(r"^test_?", "", name)
        name = re.sub(r"^(?:[0-9]+_)+", "", name) or name
        words = name.replace("_", " ").strip()
        return words[:1].upper() + words[1:] if words else test

    @staticmethod
    def ruling_doc(file: str) -> str:
        return "rulings/" + re.sub(r"[^a-z0-9]+", "-", file.lower().removesuffix(".py")).strip("-")

    @staticmethod
    def ruling_label(test: str) -> str:
        return "ruling-" + re.sub(r"[^a-z0-9]+", "-", test.lower()).strip("-")

    def rulings_block(self, kb: Any, section: Any) -> list[str]:
        body = [".. rubric:: Rulings (tests)", ""]
        for ruling in section.rulings:
            name = esc(self.ruling_name(ruling.test))
            body.append(f"- :ref:`{name} <{self.ruling_label(ruling.test)}>`")
        body.append("")
        return body

    def ruling_pages(self) -> None:
        """``rules/rulings/<file>``: the source of every ruling test, one page per file."""
        by_file: dict[str, dict[str, tuple[Any, list[tuple[str, str]]]]] = {}
        base = self.srcdir.parent
        for kb in self.kbs:
            base = Path(kb.root).parent
            for section in kb.sections.values():
                for ruling in section.rulings:
                    tests = by_file.setdefault(ruling.file, {})
                    entry = tests.setdefault(ruling.test, (ruling, []))
                    entry[1].append((kb.id, section.id))
        docs = []
        for file, tests in sorted(by_file.items()):
            doc = self.ruling_doc(file)
            docs.append(doc)
            path = base / file
            relpath = Path(os.path.relpath(path, (self.outdir / doc).parent)).as_posix()
            out = [".. Generated from the tests by docs/_ext/kbpages.py.", ""]
            out += heading(f"Rulings: {Path(file).name}", "=")
            out += [
                f"Tests in ``{file}`` that rule on a section: each names the sections it "
                "decides and shows its code. A test passes only when the adjudicator gives the "
                "answer the rule demands.",
                "",
            ]
            for test, (ruling, keys) in sorted(tests.items(), key=lambda kv: kv[1][0].line):
                out += [f".. _{self.ruling_label(test)}:", ""]
                out += heading(self.ruling_name(test), "-")
                links = ", ".join(
                    f":rule-link:`{self.short(g)} {sid} <{self.target(g, sid)}>`"
                    for g, sid in keys
                )
                out += [f"Rules on {links}. Test ``{esc(test.rpartition('::')[2])}``.", ""]
                if path.is_file() and "::" in test:
                    obj = ".".join(test.split("::")[1:])
                    out += [f".. literalinclude:: {relpath}", "   :language: python",
                            f"   :pyobject: {obj}", "   :lineno-match:", ""]
                elif path.is_file():
                    lo = max(1, ruling.line - 2)
                    out += [f".. literalinclude:: {relpath}", "   :language: python",
                            f"   :lines: {lo}-{ruling.line + 4}", "   :lineno-match:", ""]
            self.files[f"{doc}.rst"] = "\n".join(out)
        out = [".. Generated from the tests by docs/_ext/kbpages.py.", ""]
        out += heading("Rulings", "=")
        out += ["The tests that rule on rule sections, by file.", ""]
        out += [f"- :doc:`{d.split('/', 1)[1]}`" for d in docs] or ["No rulings yet."]
        out += ["", ".. toctree::", "   :hidden:", ""]
        out += [f"   {d.split('/', 1)[1]}" for d in docs]
        self.files["rulings/index.rst"] = "\n".join(out) + "\n"

    def glossary(self) -> None:
        out = [".. Generated from the knowledge base by docs/_ext/kbpages.py.", ""]
        out += heading("Glossary", "=")
        out += [
            "Terms the rulebooks define, explained in our own words, with the section that "
            "defines them. Terms of games other than the flagship carry the game id.",
            "",
        ]
        any_terms = False
        for kb in self.kbs:
            terms: dict[str, tuple[str, list[str], str]] = {}
            for section in kb.sections.values():
                for term, definition in section.terms.items():
                    key = one_line(term).lower()
                    if key in terms:
                        terms[key][1].append(section.id)
                    else:
                        terms[key] = (term, [section.id], definition)
            if not terms:
                continue
            any_terms = True
            out += heading(kb.game.title, "-")
            out += [".. glossary::", "   :sorted:", ""]
            linker = self.linker(kb.id)
            for _key, (term, sids, definition) in terms.items():
                out.append("   " + esc(self.term_name(kb.id, term)))
                text = inline(sentence(definition), linker)
                where = ", ".join(self.link(kb.id, s) for s in sids)
                out += [f"      {text} (Defined in {where}.)", ""]
        if not any_terms:
            out += ["No terms yet.", ""]
        self.files["glossary.rst"] = "\n".join(out)

    def readings(self) -> None:
        out = [".. Generated from the knowledge base by docs/_ext/kbpages.py.", ""]
        found = False
        for kb in self.kbs:
            sections = [s for s in kb.sections.values() if s.readings]
            if not sections:
                continue
            found = True
            out += heading(kb.game.title, "-")
            for section in sections:
                for key, readings in section.reading_groups().items():
                    topic = key.partition("#")[2]
                    title = display_title(section.title) + (f" ({topic})" if topic else "")
                    out += heading(f"{section.id} {title}", "~")
                    out += [
                        f"Rule {self.link(kb.id, section.id)}. In a scenario file: "
                        f"``readings: {{\"{key}\": NAME}}``.",
                        "",
                    ]
                    out += self.reading_group(readings, self.linker(kb.id))
        if not found:
            out += ["The knowledge base names no readings yet.", ""]
        self.files["readings.inc"] = "\n".join(out)


def table_label(game: str, tid: str) -> str:
    return f"table-{game}-{re.sub(r'[^a-z0-9]+', '-', tid.lower())}"


def grid_cell(text: str) -> str:
    """A table cell as literal text: "-" or "1." alone would start a list."""
    text = esc(one_line(text))
    if text and (_LIST_START.match(text + " ") or re.fullmatch(r"[-+*•]+", text)):
        text = "\\" + text
    return text


def _band_label(band: dict[str, Any]) -> str:
    lo, hi = band.get("min"), band.get("max")
    if lo is None and hi is None:
        return ""
    if lo is None:
        return f"{hi} or less"
    if hi is None:
        return f"{lo} or more"
    return str(lo) if lo == hi else f"{lo}-{hi}"


def _roll_range(key: Any) -> list[int] | None:
    text = str(key).strip()
    match = re.fullmatch(r"(\d+)(?:\s*-\s*(\d+))?", text)
    if not match:
        return None
    lo, hi = int(match.group(1)), int(match.group(2) or match.group(1))
    return list(range(lo, hi + 1)) if lo <= hi else None


def _tec_grid(body: dict[str, Any]) -> tuple[list[str], list[list[str]]] | None:
    """A terrain effects chart: one row per terrain, road or hexside feature (and per
    weather, or ground condition, that changes it), one column per unit class."""
    by = "ground" if body.get("ground") and not body.get("weather") else "weather"
    blocks = [("", body)] + [(str(w), b) for w, b in (body.get(by) or {}).items()
                             if isinstance(b, dict)]
    classes: list[str] = []
    rows: list[tuple[str, str, str, dict]] = []
    for weather, block in blocks:
        for part in ("terrain", "roads", "hexsides"):
            for name, costs in (block.get(part) or {}).items():
                if not isinstance(costs, dict):
                    return None
                classes += [str(c) for c in costs if str(c) not in classes]
                rows.append((weather, part, str(name), costs))
    if not rows:
        return None
    header = [by.capitalize(), "Entry", *classes]
    return header, [
        [weather or "any", f"{part}: {name}", *(one_line(costs.get(c, "")) for c in classes)]
        for weather, part, name, costs in rows
    ]


def table_grid(body: dict[str, Any]) -> tuple[list[str], list[list[str]]] | None:
    """``(header, rows)`` of a table body (``columns`` with ``rows`` or ``by_column``).

    ``rows`` maps a roll (or any row name) to one cell per column; ``by_column`` maps each
    column to ``{"1-2": cell, ...}``. Anything else gives None.
    """
    if body.get("kind") == "tec":
        return _tec_grid(body)
    bands = body.get("bands")
    if isinstance(bands, list) and bands and all(isinstance(b, dict) for b in bands):
        keys: list[str] = []
        for band in bands:
            keys += [k for k in band if k not in ("min", "max") and k not in keys]
        header = ["Roll" if body.get("die") else "", *keys]
        return header, [
            [_band_label(band), *(one_line(band.get(k, "")) for k in keys)] for band in bands
        ]
    columns = body.get("columns")
    if not isinstance(columns, list) or not columns:
        return None
    columns = [one_line(c) for c in columns]
    corner = "Roll" if body.get("die") else ""
    header = [corner, *columns]
    rows = body.get("rows")
    if isinstance(rows, dict) and rows:
        out = []
        for key, cells in rows.items():
            if not isinstance(cells, list):
                cells = [cells]
            cells = [one_line(c) for c in cells] + [""] * (len(columns) - len(cells))
            out.append([one_line(key), *cells[: len(columns)]])
        return header, out
    by_column = body.get("by_column")
    if isinstance(by_column, dict) and by_column:
        cells: dict[int, dict[str, str]] = {}
        for col in columns:
            for key, value in (by_column.get(col) or {}).items():
                rolls = _roll_range(key)
                if rolls is None:
                    return None
                for roll in rolls:
                    cells.setdefault(roll, {})[col] = one_line(value)
        out = [[str(roll), *(cells[roll].get(c, "") for c in columns)] for roll in sorted(cells)]
        return header, out
    return None


def _yaml_text(data: Any) -> str:
    import io
    import json

    from ruamel.yaml import YAML

    # The KB reader's own scalar types (ruamel's round-trip floats and ints) are plain
    # numbers to the safe writer only after a trip through JSON.
    data = json.loads(json.dumps(data))
    stream = io.StringIO()
    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = False
    yaml.dump(data, stream)
    return stream.getvalue()


def _games(app: Sphinx, kb_root: Path | None) -> list[str]:
    from adjudicator.kb import list_games

    wanted = app.config.kb_games
    games = list(wanted) if wanted else list_games(kb_root)
    default = app.config.rule_default_game
    return sorted(games, key=lambda g: (g != default, g))


def load_kbs(app: Sphinx) -> tuple[list[Any], Path | None]:
    cfg = app.config
    kb_root = Path(cfg.kb_root) if cfg.kb_root else None
    asp_root = Path(cfg.kb_asp_root) if cfg.kb_asp_root else None
    tests_root = Path(cfg.kb_tests_root) if cfg.kb_tests_root else None
    try:
        from adjudicator.kb import load_game
    except ImportError as exc:
        logger.warning("cannot import the knowledge base (adjudicator.kb): %s", exc,
                       type="kb", subtype="import")
        return [], asp_root
    if asp_root is None:
        try:
            from adjudicator.paths import asp_dir

            asp_root = asp_dir()
        except (ImportError, FileNotFoundError):
            asp_root = None
    kbs = []
    for game in _games(app, kb_root):
        try:
            if kb_root is None:
                kbs.append(load_game(game))
            else:
                kbs.append(load_game(game, kb_root=kb_root, asp_root=asp_root,
                                     tests_root=tests_root))
        except Exception as exc:  # a broken KB must fail the -W build, with the reason
            problems = getattr(exc, "problems", None) or [exc]
            for problem in problems[:20]:
                logger.warning("knowledge base %s: %s", game, problem, type="kb", subtype="load")
    return kbs, asp_root


def write_if_changed(path: Path, text: str) -> bool:
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return True


def generate(app: Sphinx) -> None:
    kbs, asp_root = load_kbs(app)
    pages = Pages(app, kbs, asp_root)
    files = pages.build()
    changed = 0
    for rel, text in files.items():
        changed += write_if_changed(pages.outdir / rel, text.rstrip() + "\n")
    for rel, text in pages.binary.items():
        changed += write_if_changed(pages.outdir / rel, text)
    keep = {(pages.outdir / rel).resolve() for rel in [*files, *pages.binary]}
    for old in sorted(pages.outdir.rglob("*")):
        if (old.is_file() and old.suffix in (".rst", ".inc", ".svg")
                and old.resolve() not in keep):
            old.unlink()
    logger.info("kbpages: %d generated files, %d changed", len(files), changed)


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("ruledomain")
    app.add_config_value("kb_games", [], "env", types=(list, tuple))
    app.add_config_value("kb_root", None, "env", types=(str, type(None)))
    app.add_config_value("kb_asp_root", None, "env", types=(str, type(None)))
    app.add_config_value("kb_tests_root", None, "env", types=(str, type(None)))
    app.connect("builder-inited", generate)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
