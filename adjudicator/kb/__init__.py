"""The rules knowledge base: sections, summaries, terms, tables, readings and examples.

Public API::

    from adjudicator.kb import load_game
    kb = load_game("s42")          # -> GameKB
    kb.sections["7.3"]             # -> Section (title, parent, children, summary, refs,
                                   #    referenced_by, terms, tables, readings, examples,
                                   #    encodings, rulings)
    kb["s42:7.3"], kb.get("7.3")   # namespaced or bare ids
    kb.graph                       # networkx.DiGraph of citations (citing -> cited)
    kb.search("zoc bond")          # [(Section, score), ...]
    kb.check()                     # CheckReport: dangling citations, cycles, ...
    list_games()                   # ["eak", "kb42", "p2p", "s42", "sos"]
    json_schemas()                 # JSON Schema per KB file kind, for the docs

The layout of ``kb/<game>/`` is described in ``kb/README.md``.
"""

from adjudicator.kb.ids import id_key, qualify, sort_ids, split_qualified, tree_order
from adjudicator.kb.loader import KBError, kb_files, list_games, load_game, validate_file
from adjudicator.kb.model import (
    CheckReport,
    Encoding,
    Example,
    ExampleBlock,
    GameFile,
    GameKB,
    Misprint,
    Reading,
    Ruling,
    Section,
    SectionEntry,
    SectionsFile,
    SummaryEntry,
    Table,
    json_schemas,
)

__all__ = [
    "CheckReport",
    "Encoding",
    "Example",
    "ExampleBlock",
    "GameFile",
    "GameKB",
    "KBError",
    "Misprint",
    "Reading",
    "Ruling",
    "Section",
    "SectionEntry",
    "SectionsFile",
    "SummaryEntry",
    "Table",
    "id_key",
    "json_schemas",
    "kb_files",
    "list_games",
    "load_game",
    "qualify",
    "sort_ids",
    "split_qualified",
    "tree_order",
    "validate_file",
]
