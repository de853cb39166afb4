"""The knowledge-base schema: what each file under ``kb/<game>/`` may hold, and the merged view.

Two layers live here:

* **File models** (``GameFile``, ``SectionsFile``, ``SummaryEntry``, ``Reading``, ``Table``,
  ``ExampleBlock``) describe one YAML file each and are what ``tests/test_kb_schema.py``
  validates. ``json_schemas()`` exports them as JSON Schema for the docs.
* **The merged view** (``Section``, ``GameKB``) is what ``load_game`` returns: every section
  with its summary, terms, tables, readings, worked examples, the ASP files that encode it
  and the tests that rule on it, plus the citation graph in both directions.

``kb/README.md`` describes the layout in prose.
"""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any, Literal

import networkx as nx
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from adjudicator.kb.ids import (
    GAME_PATTERN,
    ID_PATTERN,
    id_key,
    sort_ids,
    split_qualified,
    tree_order,
)

SectionId = str  # see adjudicator.kb.ids for the shape


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


# --------------------------------------------------------------------------------------------
# File models
# --------------------------------------------------------------------------------------------


class Dice(_Strict):
    """The dice a game rolls."""

    count: int = Field(1, ge=1, description="how many dice are thrown together")
    sides: int = Field(6, ge=2, description="faces per die")
    zero: Literal["ten", "zero"] | None = Field(
        None,
        description="for d10 games: whether a rolled 0 reads as 10 ('ten') or as 0 ('zero')",
    )
    notes: str | None = Field(None, description="anything else, in our own words")
    inferred: bool = Field(
        False,
        description="the rulebook does not state the die; count and sides are an inference "
        "(notes say from what)",
    )


class GameFile(_Strict):
    """``kb/<game>/game.yaml``: who and what the game is."""

    id: str = Field(pattern=GAME_PATTERN, description="game id used on the command line")
    title: str
    publisher: str | None = None
    edition: str | None = Field(None, description="rules version or edition the KB follows")
    source: str = Field(description="file name of the rulebook text the skeleton was parsed from")
    dice: Dice
    map: str | None = Field(None, description="kind of map: hex grid, point-to-point, ...")
    id_scheme: str = Field(description="how this game's section ids are formed, in our words")


class SectionEntry(_Strict):
    """One section in ``sections.yaml``: the reviewed output of the rulebook parser."""

    id: SectionId = Field(pattern=ID_PATTERN)
    title: str = Field(min_length=1, description="the printed heading (a short fact)")
    parent: SectionId | None = Field(None, description="id of the enclosing section")
    refs: list[SectionId] = Field(default_factory=list, description="ids this section cites")
    line: int | None = Field(None, ge=1, description="line of the heading in the source text")
    kind: Literal["chapter", "section", "rule", "scenario", "appendix", "other"] = "section"
    untitled: bool = Field(
        False, description="the rulebook prints no heading here; the title is made up"
    )
    unresolved: list[str] = Field(
        default_factory=list,
        description="citations printed in this section that name no section of this rulebook",
    )


class SectionsFile(_Strict):
    """``kb/<game>/sections.yaml``."""

    game: str = Field(pattern=GAME_PATTERN)
    source: str | None = None
    sections: list[SectionEntry]

    @model_validator(mode="after")
    def _consistent(self) -> SectionsFile:
        seen: set[str] = set()
        for entry in self.sections:
            if entry.id in seen:
                raise ValueError(f"section {entry.id!r} is listed twice")
            seen.add(entry.id)
        for entry in self.sections:
            if entry.parent is not None and entry.parent not in seen:
                raise ValueError(f"section {entry.id!r}: parent {entry.parent!r} is not listed")
        return self


class Misprint(_Strict):
    """A known misprint of the rulebook in or about one section (recorded, not silently fixed)."""

    printed: str = Field(min_length=1, description="what the book prints, e.g. '13.31'")
    meant: str = Field(min_length=1, description="what it should say, e.g. '12.41'")
    where: str | None = Field(
        None, description="where it is printed, if not in the section's own text (caption, TOC)"
    )
    line: int | None = Field(None, ge=1, description="line of the misprint in the source text")
    why: str | None = Field(None, description="the evidence, in our own words")


class SummaryEntry(_Strict):
    """One value in ``kb/<game>/summaries/*.yaml`` (the file maps section id -> entry)."""

    summary: str = Field(min_length=1, description="what the section says, in our own words")
    terms: dict[str, str] = Field(
        default_factory=dict, description="terms this section defines: term -> our definition"
    )
    notes: str | None = Field(None, description="clarifications, errata, designer answers")
    misprints: list[Misprint] = Field(
        default_factory=list, description="known misprints of the book concerning this section"
    )


class Reading(_Strict):
    """One way of reading a disputed rule (``kb/<game>/readings/*.yaml``: id -> list)."""

    name: str = Field(
        pattern=r"^[a-z0-9][a-z0-9-]*$",
        description="short slug, as used in a scenario's `readings:` mapping",
    )
    default: bool = Field(False, description="exactly one reading per section is the default")
    text: str = Field(min_length=1, description="the reading, in our own words")
    why: str | None = Field(None, description="reason to prefer (or not) this reading")
    question: str | None = Field(None, description="the ambiguity this reading resolves")
    sources: list[str] = Field(default_factory=list, description="errata, forum answers, ...")
    key: str | None = Field(
        None,
        description="set by the loader, not written in files: the scenario key '<id>#<topic>' "
        "when the readings file keys this dispute with a topic",
    )


class ReadingsFileEntry(BaseModel):
    """Validation wrapper for the list under one section id in a readings file."""

    readings: list[Reading]

    @field_validator("readings")
    @classmethod
    def _one_default(cls, value: list[Reading]) -> list[Reading]:
        if not value:
            raise ValueError("at least one reading is needed")
        names = [r.name for r in value]
        if len(set(names)) != len(names):
            raise ValueError(f"reading names repeat: {names}")
        defaults = [r.name for r in value if r.default]
        if len(defaults) != 1:
            raise ValueError(f"exactly one reading must be the default, found {len(defaults)}")
        return value


class Table(BaseModel):
    """One table in ``kb/<game>/tables/*.yaml``.

    A file holds either one table (top-level ``title:``; its id is ``id:`` or the file
    name) or a mapping of table id -> table. Only ``title`` and ``sections`` (also spelled
    ``rules``) are fixed; the body (kind, die, columns, rows, notes, ...) is free.
    """

    model_config = ConfigDict(extra="allow")

    title: str
    sections: list[SectionId] = Field(
        default_factory=list, description="ids of the sections that use this table"
    )

    @model_validator(mode="before")
    @classmethod
    def _rules_alias(cls, data: Any) -> Any:
        # tables may name their sections under `rules:` (as findings do) or `sections:`
        if isinstance(data, dict) and "sections" not in data and "rules" in data:
            data = {**data, "sections": data["rules"]}
        return data

    @field_validator("sections", mode="before")
    @classmethod
    def _one_or_many(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value


class ExampleBlock(_Strict):
    """The top-level ``example:`` key of a scenario file under ``kb/<game>/examples/``.

    The scenario loader ignores this key; the rest of the file is an ordinary scenario.
    """

    section: SectionId | list[SectionId] = Field(description="the section(s) it illustrates")
    title: str
    question: str = Field(description="what is being asked, in our words")
    command: str | None = Field(
        None, description="adjudicator arguments that answer it, e.g. 'retreats --hex 0405 ...'"
    )
    expected: Any = Field(description="the answer the rulebook gives (JSON fragment or text)")

    @property
    def sections(self) -> list[str]:
        return [self.section] if isinstance(self.section, str) else list(self.section)


# --------------------------------------------------------------------------------------------
# Merged view
# --------------------------------------------------------------------------------------------


class Encoding(BaseModel):
    """An ASP file that mentions the section id as a string literal."""

    file: str = Field(description="path relative to the asp/ folder, e.g. '<game>/bonds.lp'")
    lines: list[int]


class Ruling(BaseModel):
    """A test carrying ``@pytest.mark.rules(...)`` with the section id."""

    test: str = Field(description="pytest node id, e.g. 'tests/test_bonds.py::test_negated'")
    file: str
    line: int


class Example(BaseModel):
    """A worked example, as found in ``kb/<game>/examples/``."""

    file: str = Field(description="path relative to the kb/ folder")
    title: str
    question: str
    command: str | None = None
    expected: Any = None
    sections: list[SectionId]


class Section(BaseModel):
    """One rule section with everything the KB knows about it."""

    id: SectionId
    game: str
    title: str
    parent: SectionId | None = None
    children: list[SectionId] = Field(default_factory=list)
    kind: str = "section"
    untitled: bool = False
    line: int | None = None
    unresolved: list[SectionId] = Field(default_factory=list)
    summary: str | None = None
    notes: str | None = None
    misprints: list[Misprint] = Field(default_factory=list)
    refs: list[SectionId] = Field(default_factory=list)
    referenced_by: list[SectionId] = Field(default_factory=list)
    terms: dict[str, str] = Field(default_factory=dict)
    tables: list[str] = Field(default_factory=list)
    readings: list[Reading] = Field(default_factory=list)
    examples: list[Example] = Field(default_factory=list)
    encodings: list[Encoding] = Field(default_factory=list)
    rulings: list[Ruling] = Field(default_factory=list)

    @property
    def qualified_id(self) -> str:
        return f"{self.game}:{self.id}"

    @property
    def default_reading(self) -> Reading | None:
        return next((r for r in self.readings if r.default), None)

    def reading_groups(self) -> dict[str, list[Reading]]:
        """Scenario key -> its readings: one group per disputed point of this section."""
        groups: dict[str, list[Reading]] = {}
        for reading in self.readings:
            groups.setdefault(reading.key or self.id, []).append(reading)
        return groups


class CheckReport(BaseModel):
    """Problems in a game's citation graph (``adjudicator kb check``)."""

    game: str
    sections: int
    citations: int
    dangling: list[tuple[SectionId, SectionId]] = Field(
        default_factory=list, description="(citing section, cited id that does not exist)"
    )
    cycles: list[list[SectionId]] = Field(default_factory=list)
    self_citations: list[SectionId] = Field(default_factory=list)
    orphans: list[SectionId] = Field(
        default_factory=list, description="ids whose parent is missing (should be empty)"
    )
    unknown_ids: list[tuple[str, SectionId]] = Field(
        default_factory=list,
        description="(where, id) for summaries/readings/tables/examples naming no section",
    )
    ranges: list[tuple[SectionId, str, list[SectionId]]] = Field(
        default_factory=list, description="(citing section, printed range, expanded ids)"
    )

    @property
    def ok(self) -> bool:
        return not (self.dangling or self.orphans or self.unknown_ids)


class GameKB:
    """Everything the knowledge base holds about one game."""

    def __init__(
        self,
        game: GameFile,
        sections: dict[str, Section],
        tables: dict[str, Table],
        examples: list[Example],
        root: Path,
        unknown_ids: list[tuple[str, str]] | None = None,
    ):
        self.game = game
        self.id = game.id
        self.sections = dict(sections)  # in the order of sections.yaml (the book's tree)
        self.tables = tables
        self.examples = examples
        self.root = root
        self.unknown_ids = unknown_ids or []
        #: each id's place in the book (the section tree walked depth first)
        self.order = tree_order({s.id: s.parent for s in self.sections.values()})
        for section in self.sections.values():
            section.refs = self.sort_ids(section.refs)
            section.referenced_by = self.sort_ids(section.referenced_by)
            section.children = self.sort_ids(section.children)
        self.graph = nx.DiGraph()
        for section in self.sections.values():
            self.graph.add_node(section.id)
        for section in self.sections.values():
            for ref in section.refs:
                self.graph.add_edge(section.id, ref)

    # ---- order -------------------------------------------------------------------------

    def sort_key(self, section_id: str) -> tuple:
        """Sort key in the book's order (2.21 before 2.5 where 2.21 is a case of 2.2)."""
        if section_id in self.order:
            return (0, self.order[section_id], ())
        return (1, 0, id_key(section_id))

    def sort_ids(self, ids) -> list[str]:
        """Distinct ids in the book's order; ids the book lacks go last."""
        return sort_ids(ids, self.order)

    # ---- lookup ------------------------------------------------------------------------

    def __contains__(self, section_id: str) -> bool:
        return self.normalize(section_id) in self.sections

    def __getitem__(self, section_id: str) -> Section:
        return self.sections[self.normalize(section_id)]

    def get(self, section_id: str) -> Section | None:
        return self.sections.get(self.normalize(section_id))

    def normalize(self, text: str) -> str:
        """Accept ``s42:7.3``, ``7.3``, ``7``, ``[7.3]``, ``(7.3)`` and ``§7.3``."""
        game, bare = split_qualified(text.strip(), self.id)
        bare = bare.strip("()[]§ ").rstrip(".")
        if bare in self.sections:
            return bare
        if f"{bare}.0" in self.sections:  # "7" names the chapter printed as "7.0"
            return f"{bare}.0"
        for section_id in self.sections:
            if section_id.upper() == bare.upper():
                return section_id
        return bare

    def suggest(self, section_id: str, limit: int = 3) -> list[str]:
        """Known ids close to ``section_id``: same prefix first, then similar spelling."""
        bare = self.normalize(section_id)
        close = difflib.get_close_matches(bare, list(self.sections), n=limit, cutoff=0.5)
        prefix = bare.rsplit(".", 1)[0]
        siblings = [s for s in self.sections if s.startswith(prefix + ".")][:limit]
        out: list[str] = []
        for candidate in [*close, *siblings]:
            if candidate not in out:
                out.append(candidate)
        return out[:limit]

    def chapters(self) -> list[Section]:
        return [s for s in self.sections.values() if s.parent is None]

    def descendants(self, section_id: str) -> list[str]:
        out: list[str] = []
        stack = list(reversed(self[section_id].children))
        while stack:
            child = stack.pop()
            out.append(child)
            stack.extend(reversed(self.sections[child].children))
        return out

    def ancestors(self, section_id: str) -> list[str]:
        out: list[str] = []
        parent = self[section_id].parent
        while parent is not None:
            out.append(parent)
            parent = self.sections[parent].parent
        return out

    def glossary(self) -> dict[str, tuple[str, str]]:
        """Every defined term -> (section id, definition), sorted by term."""
        terms: dict[str, tuple[str, str]] = {}
        for section in self.sections.values():
            for term, definition in section.terms.items():
                terms.setdefault(term, (section.id, definition))
        return dict(sorted(terms.items(), key=lambda kv: kv[0].lower()))

    def search(self, text: str) -> list[tuple[Section, float]]:
        """Sections whose id, title, summary or terms mention every word of ``text``.

        Scored: a hit in the title counts more than one in a term, which counts more than one
        in the summary. Best first.
        """
        words = [w for w in text.lower().split() if w]
        results: list[tuple[Section, float]] = []
        for section in self.sections.values():
            title = section.title.lower()
            summary = (section.summary or "").lower()
            terms = " ".join(f"{k} {v}" for k, v in section.terms.items()).lower()
            score = 0.0
            for word in words:
                hit = 0.0
                if word == section.id.lower():
                    hit = 5
                elif word in title:
                    hit = 3
                elif word in terms:
                    hit = 2
                elif word in summary:
                    hit = 1
                if not hit:
                    break
                score += hit
            else:
                if words:
                    results.append((section, score))
        results.sort(key=lambda pair: (-pair[1], self.sort_key(pair[0].id)))
        return results

    # ---- checks ------------------------------------------------------------------------

    def _rotate(self, cycle: list[str]) -> list[str]:
        """A cycle started at its first id in book order, its direction kept."""
        start = min(range(len(cycle)), key=lambda i: self.sort_key(cycle[i]))
        return cycle[start:] + cycle[:start]

    def check(self, ranges: list[tuple[str, str, list[str]]] | None = None) -> CheckReport:
        dangling = sorted(
            {(s.id, r) for s in self.sections.values() for r in s.refs if r not in self.sections},
            key=lambda pair: (self.sort_key(pair[0]), self.sort_key(pair[1])),
        )
        graph = self.graph.copy()
        graph.remove_nodes_from([n for n in list(graph) if n not in self.sections])
        selfies = self.sort_ids(n for n in graph if graph.has_edge(n, n))
        graph.remove_edges_from(nx.selfloop_edges(graph))
        cycles = [
            self._rotate(c) for c in nx.simple_cycles(graph, length_bound=4) if len(c) > 1
        ]
        cycles.sort(key=lambda c: [self.sort_key(x) for x in c])
        orphans = self.sort_ids(
            s.id for s in self.sections.values() if s.parent and s.parent not in self.sections
        )
        return CheckReport(
            game=self.id,
            sections=len(self.sections),
            citations=sum(len(s.refs) for s in self.sections.values()),
            dangling=dangling,
            cycles=cycles,
            self_citations=selfies,
            orphans=orphans,
            unknown_ids=self.unknown_ids,
            ranges=ranges or [],
        )


def json_schemas() -> dict[str, dict[str, Any]]:
    """JSON Schema of every KB file kind, keyed by the file pattern it governs."""
    from pydantic import RootModel

    class SummariesFile(RootModel[dict[SectionId, SummaryEntry]]):
        """kb/<game>/summaries/*.yaml: section id -> summary entry."""

    class ReadingsFile(RootModel[dict[SectionId, list[Reading]]]):
        """kb/<game>/readings/*.yaml: section id (or '<id>#<topic>' for one of several
        disputed points of a section) -> readings (exactly one default)."""

    class TablesFile(RootModel[Table | dict[str, Table]]):
        """kb/<game>/tables/*.yaml: one table, or table id -> table."""

    class ExampleFile(BaseModel):
        """kb/<game>/examples/*.yaml: a scenario file (contract section 2) plus `example:`."""

        model_config = ConfigDict(extra="allow")
        game: str
        example: ExampleBlock

    return {
        "kb/<game>/game.yaml": GameFile.model_json_schema(),
        "kb/<game>/sections.yaml": SectionsFile.model_json_schema(),
        "kb/<game>/summaries/*.yaml": SummariesFile.model_json_schema(),
        "kb/<game>/readings/*.yaml": ReadingsFile.model_json_schema(),
        "kb/<game>/tables/*.yaml": TablesFile.model_json_schema(),
        "kb/<game>/examples/*.yaml": ExampleFile.model_json_schema(),
    }
