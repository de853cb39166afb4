"""Recover a rulebook's section tree and cross-references from its plain text.

The rulebooks arrive as PDF extractions, so the parser is built from small, forgiving rules
rather than one grammar:

* **Headings.** A heading is a section number at the start of a line, in any of the printed
  forms ``7.1 Title``, ``### 7.1 Title``, ``## § 23.4 Title``, ``(12.1.3) text``,
  ``**(12.1.3) Title:** text``, ``[7.11] text``, ``4. TITLE`` (a chapter, in books that print
  chapters that way), ``S1. TITLE`` (scenarios), and, for books lettered inside chapters,
  ``A. TITLE`` / ``1) text`` / ``a) text`` (ids ``10.A``, ``10.A.1``, ``10.A.1.a``). Books whose
  extraction ran the text together (``"inline"`` style) also have headings in mid-line: a
  number that starts a sentence, is not in parentheses and is not preceded by a word such as
  *see*, *rule* or *and*.
* **Acceptance.** A candidate becomes a heading only if its chapter is known, it has not
  been seen before, and, for chapter headings, it continues the chapter sequence. This is
  what keeps numbered list items, table rows and stray decimals out.
* **Parents.** ``12.1.3`` belongs to ``12.1``; a two-part id with a long fraction (``9.114``,
  ``12.36``) belongs to the longest known prefix (``9.11``, ``12.3``), unless it continues
  the sequence of sections (``9.10`` right after ``9.9`` is a section of chapter 9).
* **Citations.** Every other section number in the text is a citation of the section it
  appears in, when it names a known section or stands in a citing context (parentheses,
  brackets, after *see*, *rule*, *section*, ``§``). Ranges ``12.2-12.4`` (also *through*)
  expand to the known sections between the ends, slash lists ``16.32/16.34`` to each.
  Hex ids, strengths, odds, turn and die-roll ranges have no decimal point and are never
  read as sections; decimals are rejected when their chapter does not exist, when they are
  measurements (``8.5 x 11``, ``6.5 miles``), elevations (``Hill 115.4``) or versions.
* **Tables of contents and indexes** list section numbers too. Table-of-contents lines are
  recognised (dot leaders, page numbers, or many numbers with short titles in one line) and
  used only as a source of titles; everything after the index heading is ignored.

Titles are taken as printed (they are short headings, i.e. facts). A rule printed without a
heading gets a made-up title naming its parent, so no rulebook sentence is ever copied.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import networkx as nx
from pydantic import BaseModel, ConfigDict, Field

from adjudicator.kb.ids import expand_range, id_key, sort_ids
from adjudicator.kb.model import SectionEntry, SectionsFile

Style = Literal["lines", "inline", "lettered"]

# ---------------------------------------------------------------------------------------------
# Tokens
# ---------------------------------------------------------------------------------------------

_NUM_ID = r"\d{1,2}(?:\.\d{1,3}){1,3}"
_LET_ID = r"\d{1,2}\.[A-Z](?:\.(?:\d{1,2}|[a-z]))*"
_SCN_ID = r"S\d{1,2}(?:\.\d{1,2})*"
_ID = rf"(?:{_LET_ID}|{_NUM_ID}|{_SCN_ID})"
_ID_TOKEN = re.compile(rf"(?<![\w.,/])(?:§\s*)?({_ID})(?![\w°%]|\.\d|-\d-)")
_RANGE_TAIL = re.compile(rf"^\s*(?:-|–|—|through|thru|to)\s*({_ID})(?![\w]|\.\d)")
_SLASH_TAIL = re.compile(rf"^/({_ID})(?![\w]|\.\d)")

_CITE_BEFORE = re.compile(
    r"(?:\bsee(?:\s+also)?|\brules?|\bsections?|\bcases?|\bper|\bunder|\bin|§|\bexception:?"
    r"|\band|\bor|&|,|\bthrough|\bto)\s*$",
    re.IGNORECASE,
)
_NOT_SECTION_BEFORE = re.compile(
    r"(?:\bhill|\bhexes|\bhex|\bversion|\bv|\bedition|\bcopyright|\bx|\$|\bpage|\bpages)\s*$",
    re.IGNORECASE,
)
_NOT_SECTION_AFTER = re.compile(
    r"^\s*(?::\d|x\b|×|-?inch|\"|in\.|mps?\b|movement points|miles|km\b|kilomet|%|percent"
    r"|points?\b|vps?\b|hexes\b|mm\b|meters?\b|m\b)",
    re.IGNORECASE,
)
_HEADING_KEYWORD_BEFORE = re.compile(
    r"(?:\bsee|\brules?|\bsections?|\bcases?|\band|\bor|&|\bthrough|\bto|\bof|\bin|\bper"
    r"|\bunder|\bafter|\bwith|\bfrom|\bby|\bat|\bhill|\bhex|\bhexes|\bversion|\bexception:?"
    r"|\bchange|\bnew|\brevised|,|\bthe|\ba)\s*$",
    re.IGNORECASE,
)
_SMALL_WORDS = {
    "of",
    "and",
    "the",
    "in",
    "to",
    "a",
    "an",
    "&",
    "for",
    "on",
    "with",
    "or",
    "at",
    "vs",
    "vs.",
    "by",
    "from",
    "into",
    "after",
    "before",
    "as",
    "per",
    "not",
    "-",
    "–",
}
_MARKUP = re.compile(r"</?u>|</?sup>|\*+|(?<!\w)_(?!\w)")
_TOC_LEADER = re.compile(r"(?:\.\s?){3,}|\.{2,}\s*-?\s*\d")
_TOC_PAGE = re.compile(r"(?:\t|\s{2,})-?\s*\d{1,3}\s*-?\s*(?:\t|$)")
_TURN_MARK = re.compile(r"^(?:\d{1,2}(?:\+|[.,&-]\d{1,2}\+?)\s+)(?=[A-Z])|\s+\d{1,2}\+?$")


def _same_start(a: str, b: str) -> bool:
    """Whether two printed titles share a significant word (case-insensitive)."""
    wa = {w.strip(",:()") for w in a.lower().split()} - _SMALL_WORDS
    wb = {w.strip(",:()") for w in b.lower().split()} - _SMALL_WORDS
    return bool(wa & wb)


def _clean(text: str) -> str:
    return re.sub(r"\s+", " ", _MARKUP.sub("", text)).strip()


def _clean_title(text: str) -> str:
    text = _clean(text)
    text = re.split(rf"\[{_NUM_ID}\]", text)[0]  # a heading glued to the next one
    text = re.sub(r"\s*(?:\.\s?){2,}.*$", "", text)  # TOC dot leaders and page numbers
    text = text.replace("§", "").strip()
    text = _TURN_MARK.sub("", text).strip()
    text = _TURN_MARK.sub("", text).strip()
    return text.strip(" :.–-—").strip()


def _is_title_like(text: str, max_words: int = 10) -> bool:
    """Short, without sentence punctuation, and (mostly) capitalised words."""
    words = text.split()
    if not words or len(words) > max_words:
        return False
    if re.search(r"[.;!?]\s|[.;!?]$", text):
        return False
    caps = [w for w in words if w.lower() not in _SMALL_WORDS]
    if not caps:
        return False
    good = sum(1 for w in caps if w[0].isupper() or w[0].isdigit() or w[0] in "(\"“'")
    # one word left in lower case in a longer heading ("Barrage Combat tactic Bonus")
    return good == len(caps) or len(caps) >= 5 and good == len(caps) - 1


# ---------------------------------------------------------------------------------------------
# Result types
# ---------------------------------------------------------------------------------------------


@dataclass
class Heading:
    id: str
    title: str
    line: int | None
    kind: str = "section"
    untitled: bool = False
    parent: str | None = None
    from_toc: bool = False


@dataclass
class Citation:
    source: str | None  # the section it appears in (None: front matter)
    printed: str  # the citation as printed, e.g. "12.2-12.4"
    targets: list[str]
    line: int
    resolved: bool
    is_range: bool = False


@dataclass
class IngestResult:
    game: str
    source: str
    style: str
    headings: list[Heading]
    citations: list[Citation]
    toc: dict[str, str] = field(default_factory=dict)

    @property
    def ids(self) -> list[str]:
        return [h.id for h in self.headings]

    def refs(self) -> dict[str, list[str]]:
        known = set(self.ids)
        out: dict[str, list[str]] = defaultdict(list)
        for cite in self.citations:
            if cite.source is None:
                continue
            for target in cite.targets:
                if target in known and target != cite.source and target not in out[cite.source]:
                    out[cite.source].append(target)
        order = {h.id: n for n, h in enumerate(self.headings)}  # the book's order
        return {k: sort_ids(v, order) for k, v in out.items()}

    def dangling(self) -> list[tuple[str | None, str, int]]:
        """(citing section, printed citation, line) for citations naming no section."""
        return [(c.source, c.printed, c.line) for c in self.citations if not c.resolved]

    def ranges(self) -> list[tuple[str | None, str, list[str]]]:
        return [(c.source, c.printed, c.targets) for c in self.citations if c.is_range]

    def graph(self) -> nx.DiGraph:
        graph = nx.DiGraph()
        graph.add_nodes_from(self.ids)
        for source, targets in self.refs().items():
            for target in targets:
                graph.add_edge(source, target)
        return graph

    def cycles(self, length_bound: int = 3, limit: int = 500) -> list[list[str]]:
        out: list[list[str]] = []
        for cycle in nx.simple_cycles(self.graph(), length_bound=length_bound):
            if len(cycle) > 1:
                start = min(range(len(cycle)), key=lambda i: id_key(cycle[i]))
                out.append(cycle[start:] + cycle[:start])
                if len(out) >= limit:
                    break
        return sorted(out, key=lambda c: [id_key(x) for x in c])

    def to_sections_file(self) -> SectionsFile:
        refs = self.refs()
        unresolved: dict[str, list[str]] = defaultdict(list)
        for cite in self.citations:
            if cite.source is not None and not cite.resolved:
                if cite.printed not in unresolved[cite.source]:
                    unresolved[cite.source].append(cite.printed)
        entries = [
            SectionEntry(
                id=h.id,
                title=h.title,
                parent=h.parent,
                refs=refs.get(h.id, []),
                line=h.line,
                kind=h.kind,  # type: ignore[arg-type]
                untitled=h.untitled,
                unresolved=unresolved.get(h.id, []),
            )
            for h in self.headings
        ]
        return SectionsFile(game=self.game, source=self.source, sections=entries)


# ---------------------------------------------------------------------------------------------
# The parser
# ---------------------------------------------------------------------------------------------


def detect_style(text: str) -> Style:
    lines = text.splitlines()
    lettered = sum(1 for ln in lines if re.match(r"^[A-Z]\. [A-Z][A-Z '\-]{3,}$", ln.strip()))
    numbered = sum(1 for ln in lines if re.match(rf"^\W{{0,6}}{_NUM_ID}\b", ln.strip()))
    chapters = sum(1 for ln in lines if re.match(r"^\d{1,2}\.0 [A-Z]", ln.strip()))
    if lettered >= 3 and chapters >= 1 and numbered - chapters < lettered:
        return "lettered"
    inline = len(re.findall(rf"[.!?”\"] {_NUM_ID} [A-Z]", text))
    if inline > 40:
        return "inline"
    return "lines"


class _Parser:
    def __init__(self, text: str, style: Style, fixes: IngestFixes | None = None):
        self.fixes = fixes or IngestFixes()
        self.lines = self.fixes.apply(text.splitlines())
        self.owners = {fix.line: fix.section for fix in self.fixes.owners}
        self.style = style
        self.headings: dict[str, Heading] = {}
        self.order: list[str] = []
        self.toc: dict[str, str] = {}
        self.chapters: list[int] = []  # chapter numbers in order of appearance
        self.current: str | None = None
        self.current_chapter: str | None = None
        self.last_section: dict[str, str] = {}  # chapter number -> latest section id
        self.duplicates: dict[str, str] = {}
        self.raw_citations: list[tuple[str | None, str, list[str], int, bool, bool]] = []
        self.max_chapter = 0
        self.in_index = False
        self.first_chapter: int | None = None  # the body starts at this chapter's heading
        self.started = True

    # ---- table of contents ------------------------------------------------------------

    def _is_toc_line(self, line: str) -> bool:
        if _TOC_LEADER.search(line) and re.search(r"\d", line):
            return True
        stripped = line.strip()
        if re.match(rf"^\[?{_NUM_ID}\]?|^\d{{1,2}}\. [A-Z]", stripped) and _TOC_PAGE.search(line):
            return True
        tokens = list(re.finditer(rf"(?<![\w.]){_NUM_ID}(?=\s+[A-Z])", line))
        if len(tokens) >= 3:
            gaps = [
                len(line[a.end() : b.start()].split())
                for a, b in zip(tokens, tokens[1:], strict=False)
            ]
            sentences = len(re.findall(r"[a-z]{3,}[.!?]\s+[A-Z]", line))
            # a contents line ends with a title; a run of headings that opens a page of
            # interleaved columns ends with the first rule's text ("15.21 After they ...")
            tail = line[tokens[-1].end() :].split()
            if len(tail) > 15 and not _TOC_PAGE.search(line):
                return False
            if sum(gaps) / len(gaps) <= 7 and sentences <= len(tokens) // 3:
                return True
        return False

    @staticmethod
    def _is_index_line(line: str) -> bool:
        """An index entry list: 'Term – 9.58, 9.82 Term – 14.82, ...'."""
        return len(re.findall(rf"\s[–-]\s{_NUM_ID}", line)) >= 2

    def _read_toc_line(self, line: str) -> None:
        text = _clean(line)
        pattern = re.compile(
            rf"\[?(?P<id>{_NUM_ID}|\d{{1,2}}\.|{_SCN_ID}\.?)\]?\s+(?P<title>.+?)"
            rf"(?=\s*(?:\.\s?){{2,}}|\s+-?\s*\d{{1,3}}\s*-?\s*(?=\[?\d{{1,2}}(?:\.\d+)*\]?\s|$)"
            rf"|\s+\[?{_NUM_ID}\]?\s|$)"
        )
        for match in pattern.finditer(text):
            raw = match.group("id").rstrip(".")
            section_id = f"{raw}.0" if re.fullmatch(r"\d{1,2}", raw) else raw
            title = _clean_title(match.group("title"))
            title = re.sub(r"\s+-?\s*\d{1,3}\s*-?$", "", title).strip()
            if title.count("(") > title.count(")"):
                title = title[: title.rindex("(")].strip()
            if not title or len(title.split()) > 12 or re.search(_NUM_ID, title):
                continue
            known = self.toc.get(section_id)
            if known is None or (len(title) > len(known) and title.startswith(known)):
                self.toc[section_id] = title
                chapter = section_id.split(".")[0]
                if chapter.isdigit():
                    self.max_chapter = max(self.max_chapter, int(chapter))

    @staticmethod
    def _is_index_start(line: str) -> bool:
        stripped = line.strip()
        return bool(re.match(r"^#*\s*INDEX( TO THE RULES)?\s*$", stripped)) or stripped.startswith(
            "INDEX TO THE RULES"
        )

    # ---- heading bookkeeping ----------------------------------------------------------

    def _chapter_of(self, section_id: str) -> str:
        return section_id.split(".")[0]

    def _known_chapter(self, chapter: str) -> bool:
        if chapter.startswith("S"):
            return f"{chapter}" in self.headings
        if f"{chapter}.0" in self.headings:
            return True
        return self.style == "inline" and chapter.isdigit() and int(chapter) <= self.max_chapter

    def _accept(self, heading: Heading) -> None:
        if heading.id in self.headings:
            return
        if not self.started:
            if heading.kind == "chapter" and heading.id == f"{self.first_chapter}.0":
                self.started = True
            else:
                return
        self.headings[heading.id] = heading
        self.order.append(heading.id)
        self.current = heading.id
        chapter = self._chapter_of(heading.id)
        if (
            heading.kind in ("chapter", "scenario")
            and heading.id.endswith(".0")
            or (heading.id.startswith("S") and "." not in heading.id)
        ):
            self.current_chapter = chapter
            if chapter.isdigit():
                self.chapters.append(int(chapter))
        parts = heading.id.split(".")
        if len(parts) == 2 and parts[1] != "0":
            fraction = parts[1]
            if len(fraction) == 1 or heading.kind == "section":
                self.last_section[chapter] = heading.id

    def _continues_sections(self, section_id: str) -> bool:
        """``9.10`` after the section ``9.9`` is a section of chapter 9, not a case of ``9.1``.

        ``X.10`` continues when ``X.9`` is known (printed or in the table of contents);
        ``X.11`` and later only when the one before was accepted as a section.
        """
        chapter, _, fraction = section_id.partition(".")
        if len(fraction) < 2 or not fraction.isdigit() or fraction.startswith("0"):
            return False
        previous = f"{chapter}.{int(fraction) - 1}"
        if int(fraction) == 10:
            return previous in self.headings or previous in self.toc
        existing = self.headings.get(previous)
        return existing is not None and existing.kind == "section"

    def _chapter_heading_ok(self, number: int, explicit_zero: bool) -> bool:
        if not self.chapters:
            return True
        last = self.chapters[-1]
        if explicit_zero:
            return number > last
        return number == last + 1

    def _add_numbered(self, section_id: str, title: str, line_no: int, untitled: bool) -> bool:
        """Try to accept a (non-chapter) numbered heading; True when accepted."""
        chapter = self._chapter_of(section_id)
        if not self._known_chapter(chapter):
            return False
        kind = "rule"
        parts = section_id.split(".")
        if len(parts) == 2 and (len(parts[1]) == 1 or self._continues_sections(section_id)):
            kind = "section"
        if section_id.startswith("S"):
            kind = "scenario" if len(parts) == 1 else "section"
        if section_id in self.headings:
            existing = self.headings[section_id]
            if (
                kind == "section"
                and existing.kind == "rule"
                and self._continues_sections(section_id)
            ):
                # the same number printed twice: the case keeps a suffixed id
                renamed = f"{section_id}a"
                existing.id = renamed
                self.headings[renamed] = existing
                self.order[self.order.index(section_id)] = renamed
                del self.headings[section_id]
                self.duplicates[section_id] = renamed
                self.raw_citations = [
                    (renamed if src == section_id else src, *rest)
                    for src, *rest in self.raw_citations
                ]
            else:
                return False
        if kind == "section" and section_id in self.toc and (self.style == "inline" or not title):
            title = self.toc[section_id]
            untitled = False
        self._accept(Heading(section_id, title, line_no, kind, untitled))
        return True

    # ---- line parsing -----------------------------------------------------------------

    _LINE_HEADING = re.compile(
        rf"^(?P<md>#{{1,6}}\s*)?(?:[§ΩΔ∆]\s*)?(?P<bold>\*\*)?(?:[§ΩΔ∆]\s*)?"
        rf"(?:\[(?P<b>{_NUM_ID}|{_SCN_ID})\]|\((?P<p>{_NUM_ID})\)|(?P<n>{_NUM_ID}|{_SCN_ID})\)?"
        rf"|(?P<c>\d{{1,2}}|S\d{{1,2}})\.)"
        rf"(?P<rest>(?:\s|\*\*|:|$).*)$"
    )

    def _parse_line_heading(self, raw: str, line_no: int) -> tuple[str, int] | None:
        """Accept a heading at the start of ``raw``; returns (id, end offset in the clean line)."""
        stripped = raw.strip()
        if not stripped or re.match(r"^[-•▶]\s", stripped):
            return None
        line = re.sub(r"^(</?u>)+", "", stripped)
        match = self._LINE_HEADING.match(line)
        if not match:
            return None
        is_md = bool(match.group("md"))
        rest_raw = match.group("rest")
        section_id = match.group("b") or match.group("p") or match.group("n")
        chapter_no = match.group("c")
        rest = _clean(rest_raw)
        # a title printed in bold right after the number: "**(8.5.1) 40 Attack Factors:** ..."
        bold_title = None
        if match.group("bold"):
            inner = re.match(
                r"^\s*(?:\([^)]*\)|\S+)?\s*\**\s*(.*?)\*\*", line[match.start("rest") :]
            )
            bold_inner = re.match(r"^\s*(.*?)\*\*", rest_raw)
            if bold_inner and bold_inner.group(1).strip():
                bold_title = bold_inner.group(1)
            elif inner:
                bold_title = None
        lead = re.match(r"^\s*\*\*(.+?)\*\*\s*[-–:]", rest_raw)
        if chapter_no is not None:
            # "4. TITLE" or "S1. TITLE"
            title = _clean_title(rest)
            if chapter_no.startswith("S"):
                if not title or not (title.isupper() or is_md):
                    return None
                if chapter_no in self.headings:
                    return None
                self._accept(Heading(chapter_no, title, line_no, "scenario"))
                return chapter_no, len(line)
            number = int(chapter_no)
            if not title or not re.match(r"^[A-Z][A-Z0-9 ,&'()/\-–:]+$", title):
                return None
            if not self._chapter_heading_ok(number, explicit_zero=False):
                return None
            section_id = f"{number}.0"
            if section_id in self.headings:
                return None
            self._accept(Heading(section_id, title, line_no, "chapter"))
            return section_id, len(line)
        assert section_id is not None
        if section_id.endswith(".0") and section_id.count(".") == 1:
            number = int(section_id.split(".")[0])
            # a first section printed on the chapter's own line: "[11.0] TITLE**[11.1] TITLE"
            nested = re.search(rf"\[{_NUM_ID}\]", rest_raw)
            if nested is not None:
                rest = _clean(rest_raw[: nested.start()])
            title = _clean_title(rest)
            if not is_md and not _is_title_like(title, 8):
                caps = re.match(r"^([A-Z][A-Z0-9 ,&'()/\-–]+?)(?=\s+\d|\s+[A-Z][a-z]|$)", title)
                title = _clean_title(caps.group(1)) if caps else ""
            toc_title = self.toc.get(section_id)
            if toc_title and (not title or not _same_start(title, toc_title)):
                title = toc_title if not title else ""
            if section_id in self.headings or not title:
                return None
            if not self._chapter_heading_ok(number, explicit_zero=True):
                return None
            self._accept(Heading(section_id, title, line_no, "chapter"))
            if nested is not None:
                inner = self._parse_line_heading(rest_raw[nested.start() :], line_no)
                if inner is not None:
                    return inner[0], len(line)
            return section_id, len(line)
        # a numbered heading: find its title
        title, untitled = "", True
        if bold_title:
            title, untitled = _clean_title(bold_title), False
        elif lead:
            title, untitled = _clean_title(lead.group(1)), False
        elif is_md or _is_title_like(_clean_title(rest), 12) and not rest.endswith("."):
            title, untitled = _clean_title(rest), False
        else:
            label = re.match(r"^\s*([^:.]{2,60}?):\s", rest + " ")
            if label and _is_title_like(label.group(1), 9):
                title, untitled = _clean_title(label.group(1)), False
            else:
                label = re.match(r"^\s*([^.]{2,50}?)\.\s", rest + " ")
                if label and _is_title_like(label.group(1), 5):
                    title, untitled = _clean_title(label.group(1)), False
        if title and not untitled and len(title.split()) > 12:
            title, untitled = "", True
        if section_id.startswith("S") and section_id in self.headings:
            return None
        if not self._add_numbered(section_id, title, line_no, untitled):
            return None
        return section_id, match.start("rest")

    def _parse_lettered(self, raw: str, line_no: int) -> bool:
        stripped = raw.strip()
        chapter = re.match(r"^(\d{1,2})\.0\s+(.+)$", stripped)
        if chapter:
            number = int(chapter.group(1))
            if self._chapter_heading_ok(number, explicit_zero=True):
                if not self.chapters and self.order:
                    self._adopt_orphans(number - 1)
                self._accept(
                    Heading(f"{number}.0", _clean_title(chapter.group(2)), line_no, "chapter")
                )
                return True
        section = re.match(r"^([A-Z])\.\s+([A-Z][^a-z]+)$", stripped)
        if section:
            chapter_id = self.current_chapter or "?"
            section_id = f"{chapter_id}.{section.group(1)}"
            if section_id not in self.headings:
                heading = Heading(section_id, _clean_title(section.group(2)), line_no, "section")
                heading.parent = f"{chapter_id}.0"
                self._accept(heading)
                self._last_lettered = section_id
                return True
        item = re.match(r"^(?:-\s+)?(\d{1,2})\)\s+(.*)$", stripped)
        sub = re.match(r"^(?:-\s+)?([a-z])\)\s+(.*)$", stripped)
        if item or sub:
            base = getattr(self, "_last_lettered", None)
            if base is None:
                return False
            if item:
                section_id = f"{base}.{item.group(1)}"
                self._last_item = section_id
                rest = item.group(2)
            else:
                parent = getattr(self, "_last_item", None)
                if parent is None or not parent.startswith(base + "."):
                    return False
                section_id = f"{parent}.{sub.group(1)}"
                rest = sub.group(2)
            label = re.match(r"^([^:.]{2,40}):", rest)
            title, untitled = "", True
            if label and _is_title_like(label.group(1), 5):
                title, untitled = _clean_title(label.group(1)), False
            if section_id not in self.headings:
                self._accept(Heading(section_id, title, line_no, "rule", untitled))
            return True
        return False

    def _adopt_orphans(self, chapter_number: int) -> None:
        """Lettered sections met before the first chapter heading belong to the chapter before."""
        chapter_id = f"{chapter_number}.0"
        renamed: dict[str, str] = {}
        for section_id in self.order:
            if section_id.startswith("?."):
                renamed[section_id] = f"{chapter_number}.{section_id[2:]}"
        for old, new in renamed.items():
            heading = self.headings.pop(old)
            heading.id = new
            if heading.parent and heading.parent.startswith("?."):
                heading.parent = f"{chapter_number}.{heading.parent[2:]}"
            heading.parent = chapter_id if heading.parent == "?.0" else heading.parent
            self.headings[new] = heading
        self.order = [renamed.get(x, x) for x in self.order]
        self.raw_citations = [
            (renamed.get(s, s) if s else s, p, t, ln, r, g)
            for s, p, t, ln, r, g in self.raw_citations
        ]
        chapter = Heading(
            chapter_id,
            f"Chapter {chapter_number} (heading not in the text)",
            None,
            "chapter",
            untitled=True,
        )
        self.headings[chapter_id] = chapter
        self.order.insert(0, chapter_id)
        self.chapters.append(chapter_number)
        last = getattr(self, "_last_lettered", None)
        if last in renamed:
            self._last_lettered = renamed[last]
        item = getattr(self, "_last_item", None)
        if item is not None:
            for old, new in renamed.items():
                if item.startswith(old):
                    self._last_item = new + item[len(old) :]

    # ---- inline headings (run-together extractions) -----------------------------------

    def _inline_headings(self, line: str, line_no: int) -> list[tuple[int, str]]:
        """(offset, id) of every heading accepted inside ``line``."""
        found: list[tuple[int, str]] = []
        for match in re.finditer(rf"(?<![\w,/(\[-])(?<!\d\.)({_NUM_ID})(?=\s)", line):
            section_id = match.group(1)
            before = line[: match.start()]
            after = line[match.end() :]
            if before.count("(") > before.count(")"):
                continue
            if _HEADING_KEYWORD_BEFORE.search(before) and not self._fills_gap(section_id, after):
                continue
            nxt = re.match(r"^\s+([ΩΔ∆]\s*)?([\"“‘'(]?)(\S+)", after)
            if not nxt or not (nxt.group(3)[0].isupper() or nxt.group(3)[0] == "“"):
                continue
            if nxt.group(3) in ("x", "X") or _NOT_SECTION_AFTER.match(after):
                continue
            chapter = section_id.split(".")[0]
            if not chapter.isdigit() or int(chapter) > max(self.max_chapter, 1):
                continue
            if section_id.endswith(".0"):
                title_match = re.match(
                    r"^\s+([A-Z][A-Z0-9 ,&'()/\-–]+?)(?=\s+\d|\s+[A-Z][a-z]|$)", after
                )
                title = _clean_title(title_match.group(1)) if title_match else ""
                if not title:
                    title = self.toc.get(section_id, "")
                if not title or section_id in self.headings:
                    continue
                toc_title = self.toc.get(section_id)
                if toc_title is not None:
                    if not _same_start(title, toc_title):
                        continue
                    title = toc_title if len(toc_title) >= len(title) else title
                elif not self._chapter_heading_ok(int(chapter), explicit_zero=True):
                    continue
                self._accept(Heading(section_id, title, line_no, "chapter"))
                if section_id in self.headings:
                    found.append((match.start(), section_id))
                continue
            # the title: the TOC's, a title-cased phrase up to the next number, or a label
            title, untitled = "", True
            upto = re.match(rf"^\s+(.+?)(?=\s+{_NUM_ID}\s)", after)
            label = re.match(r"^\s+([^.:]{2,50}?)[.:]\s", after)
            ending = re.match(r"^\s+([^.:]{2,50}?)\s*$", after)  # a heading that ends the line
            if upto and _is_title_like(upto.group(1), 8):
                title, untitled = _clean_title(upto.group(1)), False
            elif label and _is_title_like(label.group(1), 5):
                title, untitled = _clean_title(label.group(1)), False
            elif ending and _is_title_like(ending.group(1), 6):
                title, untitled = _clean_title(ending.group(1)), False
            if (
                self._add_numbered(section_id, title, line_no, untitled)
                and section_id in self.headings
            ):
                found.append((match.start(), section_id))
        return found

    def _fills_gap(self, section_id: str, after: str) -> bool:
        """A case printed mid-sentence (``... eliminated by 9.83 If a leader ...``): read as a
        heading although a word such as *by* precedes it, when it is not known yet, both its
        neighbours (``9.82``, ``9.84``) are, and a sentence starts right after it."""
        chapter, _, fraction = section_id.partition(".")
        if section_id in self.headings or len(fraction) < 2 or not fraction.isdigit():
            return False
        if not re.match(r"^\s+(?:If|When|A|An|The|Units?|All|Each|Only|No)\s", after):
            return False
        number = int(fraction)
        width = len(fraction)
        before_id = f"{chapter}.{number - 1:0{width}d}"
        after_id = f"{chapter}.{number + 1:0{width}d}"
        return before_id in self.headings and after_id in self.headings

    # ---- citations --------------------------------------------------------------------

    def _citations(self, text: str, line_no: int, source: str | None, skip: set[int]) -> None:
        for match in _ID_TOKEN.finditer(text):
            if match.start(1) in skip:
                continue
            first = match.group(1)
            before = text[: match.start()]
            after = text[match.end() :]
            if _NOT_SECTION_BEFORE.search(before) or _NOT_SECTION_AFTER.match(after):
                continue
            chapter = first.split(".")[0]
            if chapter.isdigit() and int(chapter) == 0:
                continue
            context = (
                before.count("(") > before.count(")")
                or before.count("[") > before.count("]")
                or bool(_CITE_BEFORE.search(before))
            )
            printed = first
            targets = [first]
            is_range = False
            tail = _RANGE_TAIL.match(after)
            if tail:
                last = tail.group(1)
                printed = f"{first}-{last}"
                is_range = True
                targets = [first, last]
                skip.add(match.end() + tail.start(1))
            else:
                rest = after
                while (slash := _SLASH_TAIL.match(rest)) is not None:
                    targets.append(slash.group(1))
                    printed += "/" + slash.group(1)
                    rest = rest[slash.end() :]
            self.raw_citations.append((source, printed, targets, line_no, context, is_range))

    # ---- driver -----------------------------------------------------------------------

    def run(self) -> None:
        # first pass: the table of contents, for titles and the highest chapter number
        for line in self.lines:
            if self._is_index_start(line):
                break
            if self._is_toc_line(line) and not self._is_index_line(line):
                self._read_toc_line(line)
        chapters = [int(k.split(".")[0]) for k in self.toc if re.fullmatch(r"\d+\.0", k)]
        if chapters:
            self.first_chapter = min(chapters)
            self.started = False
        for number, raw in enumerate(self.lines, 1):
            stripped = raw.strip()
            if self._is_toc_line(raw):
                continue
            if self._is_index_start(raw):
                self.in_index = True
            if self.in_index or self._is_index_line(raw):
                continue
            if not self.started and re.match(rf"^\[?{_NUM_ID}\]?\s+\S", stripped):
                self._read_toc_line(raw)  # a contents entry on a line of its own
            if re.match(r"^#*\s*(TABLE OF CONTENTS|CONTENTS)\s*$", stripped):
                continue
            text = _clean(raw)
            skip: set[int] = set()
            start_source = self.owners.get(number, self.current)
            if self.style == "lettered":
                before = self.current
                if self._parse_lettered(raw, number):
                    heading_id = self.current
                    if heading_id != before:
                        # citations on a heading line belong to the new heading
                        self._citations(text, number, heading_id, skip)
                        continue
                self._citations(text, number, self.current, skip)
                continue
            accepted = self._parse_line_heading(raw, number)
            if accepted is not None:
                heading_id, _ = accepted
                clean_rest = text
                # do not read the numbers of the headings on this line as citations
                for on_line in [h.id for h in self.headings.values() if h.line == number]:
                    own = re.search(re.escape(on_line.removesuffix(".0")), clean_rest)
                    if own is not None:
                        skip.add(own.start())
                head = re.match(r"^\W*(\d{1,2}|S\d{1,2})\.\s", clean_rest)
                if head:
                    skip.add(head.start(1))
                start_source = heading_id
            if self.style == "inline":
                found = self._inline_headings(text, number)
                if found:
                    segments = []
                    previous = 0
                    source = start_source
                    for offset, section_id in found:
                        segments.append((previous, offset, source))
                        previous, source = offset, section_id
                        skip.add(offset)
                    segments.append((previous, len(text), source))
                    for lo, hi, source in segments:
                        seg_skip = {s - lo for s in skip if lo <= s < hi}
                        self._citations(text[lo:hi], number, source, seg_skip)
                    continue
            self._citations(text, number, start_source, skip)
        self._add_from_toc()
        for section_id, title in self.fixes.titles.items():
            if section_id in self.headings:
                self.headings[section_id].title = title
                self.headings[section_id].untitled = False
        self._resolve_parents()

    def _add_from_toc(self) -> None:
        """Chapters and sections the table of contents lists but the body text lost."""
        for section_id, title in sorted(self.toc.items(), key=lambda kv: id_key(kv[0])):
            if section_id in self.headings or section_id.startswith("S"):
                continue
            parts = section_id.split(".")
            if len(parts) != 2 or len(parts[1]) > 1 and parts[1] != "0":
                continue
            kind = "chapter" if parts[1] == "0" else "section"
            if kind == "section" and f"{parts[0]}.0" not in self.headings:
                continue
            heading = Heading(section_id, title, None, kind, from_toc=True)
            self.headings[section_id] = heading
            self.order.append(section_id)
        self.order.sort(key=id_key)

    def _resolve_parents(self) -> None:
        known = set(self.headings)
        for section_id in self.order:
            heading = self.headings[section_id]
            if heading.parent is not None or heading.kind in ("chapter",):
                if heading.kind == "chapter":
                    heading.parent = None
                continue
            heading.parent = self._parent_of(section_id, heading, known)
            if not heading.title:
                heading.untitled = True
        for section_id in self.order:
            heading = self.headings[section_id]
            if heading.untitled and not heading.title:
                ancestor = heading.parent
                while ancestor and self.headings[ancestor].untitled:
                    ancestor = self.headings[ancestor].parent
                name = self.headings[ancestor].title if ancestor else ""
                heading.title = f"{name} ({section_id})" if name else f"Rule {section_id}"

    def _parent_of(self, section_id: str, heading: Heading, known: set[str]) -> str | None:
        parts = section_id.split(".")
        if section_id.startswith("S"):
            if len(parts) == 1:
                return None
            candidate = ".".join(parts[:-1])
            return candidate if candidate in known else None
        chapter = f"{parts[0]}.0"
        if len(parts) >= 3:
            for cut in range(len(parts) - 1, 1, -1):
                candidate = ".".join(parts[:cut])
                if candidate in known:
                    return candidate
            return chapter if chapter in known else None
        fraction = parts[1]
        if re.fullmatch(r"\d{2,}[a-z]", fraction):  # a renamed duplicate such as 9.11a
            fraction = fraction[:-1]
        if heading.kind != "section" and re.fullmatch(r"[1-9]0", fraction):
            # 8.70 right after 8.69 is the tenth case of 8.6, not a case of 8.7
            section = f"{parts[0]}.{int(fraction[0]) - 1}"
            if f"{section}9" in known and section in known:
                return section
        if heading.kind != "section" and len(fraction) >= 2 and fraction.isdigit():
            for cut in range(len(fraction) - 1, 0, -1):
                candidate = f"{parts[0]}.{fraction[:cut]}"
                if candidate in known and candidate != chapter:
                    return candidate
        return chapter if chapter in known else None

    def _tree_order(self) -> list[Heading]:
        """Depth first: chapters by number, then each one's children by number."""
        children: dict[str | None, list[str]] = defaultdict(list)
        for section_id in self.order:
            children[self.headings[section_id].parent].append(section_id)
        out: list[Heading] = []

        def walk(parent: str | None) -> None:
            for child in sorted(children.get(parent, []), key=id_key):
                out.append(self.headings[child])
                walk(child)

        walk(None)
        return out

    def result(self, game: str, source: str) -> IngestResult:
        known = set(self.headings)
        has_scenarios = any(k.startswith("S") for k in known)
        top = max([self.max_chapter] + [int(k.split(".")[0]) for k in known if k[0].isdigit()])
        headings = self._tree_order()
        citations: list[Citation] = []
        for source_id, printed, targets, line_no, context, is_range in self.raw_citations:
            targets = [self.duplicates.get(t, t) if False else t for t in targets]
            if not has_scenarios and any(t.startswith("S") for t in targets):
                continue
            if any(t[0].isdigit() and int(t.split(".")[0]) > top for t in targets):
                continue  # an elevation, a measurement or a date, not a section
            if is_range:
                first, last = targets
                expanded = expand_range(first, last, known)
                ok = first in known and last in known or bool(expanded)
                if ok or context:
                    citations.append(
                        Citation(source_id, printed, expanded or [first, last], line_no, ok, True)
                    )
                continue
            resolved = [t for t in targets if t in known]
            if not resolved:
                # "13" printed as "13.0" chapter ids, "7" for "7.0"
                resolved = [f"{t}.0" for t in targets if f"{t}.0" in known]
            if resolved:
                citations.append(Citation(source_id, printed, resolved, line_no, True))
                missing = [t for t in targets if t not in known]
                for target in missing:
                    citations.append(Citation(source_id, target, [target], line_no, False))
            elif context:
                citations.append(Citation(source_id, printed, targets, line_no, False))
        return IngestResult(game, source, self.style, headings, citations, dict(self.toc))


def parse_text(
    text: str,
    game: str = "game",
    source: str = "<text>",
    style: Style | None = None,
    fixes: IngestFixes | None = None,
) -> IngestResult:
    """Parse a rulebook's text; ``style`` is detected when not given.

    ``fixes`` are a reader's corrections for what the text alone cannot tell (see
    :class:`IngestFixes`).
    """
    if fixes is not None:
        fixes.check(text.splitlines())
    parser = _Parser(text, style or detect_style(text), fixes)
    parser.run()
    return parser.result(game, source)


def parse_file(
    path: Path, game: str, style: Style | None = None, fixes: IngestFixes | None = None
) -> IngestResult:
    text = Path(path).read_text(encoding="utf-8", errors="replace")
    return parse_text(text, game, Path(path).name, style, fixes)


# ---------------------------------------------------------------------------------------------
# A reader's corrections (kb/<game>/ingest.yaml)
# ---------------------------------------------------------------------------------------------


class Renumber(BaseModel):
    """A heading printed with a wrong number: at ``line`` the printed ``printed`` is ``id``."""

    model_config = ConfigDict(extra="forbid")
    line: int = Field(ge=1, description="line of the source text")
    printed: str = Field(pattern=rf"^{_NUM_ID}$", description="the number as printed")
    id: str = Field(pattern=rf"^{_NUM_ID}$", description="the id the KB gives it")
    why: str = Field(min_length=1, description="the evidence, in our words")


class Owner(BaseModel):
    """Text on ``line`` (before any heading on it) belongs to ``section``, not to the
    section the parser has open: two columns of text were interleaved."""

    model_config = ConfigDict(extra="forbid")
    line: int = Field(ge=1)
    section: str = Field(pattern=rf"^{_NUM_ID}$")
    why: str = Field(min_length=1)


class IngestFixes(BaseModel):
    """Corrections a reader made where the extracted text misleads the parser.

    Kept in ``kb/<game>/ingest.yaml`` and applied by ``adjudicator kb ingest``, so the
    committed ``sections.yaml`` stays reproducible from the rulebook text.
    """

    model_config = ConfigDict(extra="forbid")
    renumber: list[Renumber] = Field(default_factory=list)
    owners: list[Owner] = Field(default_factory=list)
    titles: dict[str, str] = Field(
        default_factory=dict, description="id -> printed heading the parser cannot cut out"
    )

    def problems(self, lines: list[str]) -> list[tuple[tuple, str]]:
        """(location, message) for each correction naming a line that does not print what
        it says: every correction must point at real text."""
        out: list[tuple[tuple, str]] = []
        for index, fix in enumerate(self.renumber):
            if fix.line > len(lines) or not _token(fix.printed).search(lines[fix.line - 1]):
                out.append((("renumber", index), f"line {fix.line} does not print {fix.printed}"))
        for index, owner in enumerate(self.owners):
            if owner.line > len(lines) or not lines[owner.line - 1].strip():
                out.append((("owners", index), f"line {owner.line} has no text"))
        return out

    def check(self, lines: list[str]) -> None:
        found = self.problems(lines)
        if found:
            raise ValueError("; ".join(f"{'.'.join(map(str, loc))}: {msg}" for loc, msg in found))

    def apply(self, lines: list[str]) -> list[str]:
        """The text with every renumbered heading printed under its KB id."""
        out = list(lines)
        for fix in self.renumber:
            out[fix.line - 1] = _token(fix.printed).sub(fix.id, out[fix.line - 1], count=1)
        return out


def _token(section_id: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\d.]){re.escape(section_id)}(?![\d])")


def load_fixes(path: Path, text: str | None = None) -> IngestFixes:
    """Read ``ingest.yaml`` (checked against the rulebook ``text`` when given); problems are
    reported as ``FILE:LINE: PATH: message``."""
    from pydantic import ValidationError

    from adjudicator.errors import Problem
    from adjudicator.kb.loader import KBError, _line_of, _loc_text, _plain, _problems, read_yaml

    path = Path(path)
    data = read_yaml(path) or {}
    if not isinstance(data, dict):
        raise KBError([Problem(str(path), 1, "", "expected a mapping at the top of the file")])
    try:
        fixes = IngestFixes.model_validate(_plain(data))
    except ValidationError as exc:
        raise KBError(_problems(path, data, exc)) from None
    if text is not None:
        found = fixes.problems(text.splitlines())
        if found:
            raise KBError(
                [Problem(str(path), _line_of(data, loc), _loc_text(loc), msg) for loc, msg in found]
            )
    return fixes


def sections_yaml(result: IngestResult) -> str:
    """``sections.yaml`` text for a parse result: one flow mapping per section."""
    import io

    from ruamel.yaml import YAML
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    data = result.to_sections_file().model_dump(exclude_defaults=True)
    rows = CommentedSeq()
    for entry in data["sections"]:
        row = CommentedMap()
        for key in ("id", "title", "parent", "kind", "untitled", "line", "refs", "unresolved"):
            if key in entry:
                value = entry[key]
                if isinstance(value, list):
                    value = CommentedSeq(value)
                    value.fa.set_flow_style()
                row[key] = value
        rows.append(row)
    top = CommentedMap()
    top["game"] = data["game"]
    top["source"] = data.get("source")
    top["sections"] = rows
    yaml = YAML()
    yaml.width = 200
    yaml.indent(mapping=2, sequence=4, offset=2)
    buffer = io.StringIO()
    buffer.write(
        "# Section tree recovered by `adjudicator kb ingest` and reviewed by hand.\n"
        "# Titles are the printed headings; `untitled: true` marks a made-up title.\n"
    )
    yaml.dump(top, buffer)
    return buffer.getvalue()
