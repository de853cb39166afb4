"""Rule section ids: their shape, ordering, namespacing and ranges.

A section id is a string of dot-separated parts, each a number or a short code made of
letters and digits: ``7``, ``7.1``, ``12.1.3``, ``S1``, ``10.A.1``. Ids are compared part by
part, numbers numerically, so ``9.2`` sorts before ``9.10`` and ``7.0`` before ``7.1``.

That is not always the book's order. Some rulebooks number cases decimally: ``2.21`` is the
first case of section ``2.2`` and comes before ``2.3`` and ``2.5``, although ``21 > 5``. The
id alone cannot tell which scheme a book uses, but its section tree can: ``tree_order``
walks the tree (siblings by ``id_key``) and gives each id its place in the book, and
``sort_ids(ids, order)`` sorts by that place (ids outside the tree go last, by ``id_key``).
Inside the knowledge base a section of another game can be named in the namespaced form
``game:id`` (``s42:12.2``); JSON output uses the bare id and gives the game separately.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

ID_PATTERN = r"^[A-Za-z0-9]+(\.[A-Za-z0-9]+)*$"
GAME_PATTERN = r"^[a-z][a-z0-9_]*$"
_ID_RE = re.compile(ID_PATTERN)
_PART_RE = re.compile(r"(\d+)|(\D+)")


def is_section_id(text: str) -> bool:
    return bool(_ID_RE.match(text))


def id_key(section_id: str) -> tuple:
    """Sort key: part by part, numbers numerically, letters alphabetically.

    A part that starts with letters (``S1``, ``A``) sorts after all numeric parts, so the
    scenarios ``S1``.. and appendices follow the numbered chapters.
    """
    key: list[tuple] = []
    for part in section_id.split("."):
        pieces: list[tuple] = []
        for number, text in _PART_RE.findall(part):
            # "01" sorts just before "1": 8.01 (a case of chapter 8) precedes section 8.1
            pieces.append((0, int(number), -len(number), "") if number else (1, 0, 0, text.upper()))
        key.append(tuple(pieces))
    return tuple(key)


def tree_order(parents: Mapping[str, str | None]) -> dict[str, int]:
    """Each id's place in the book: depth first through the tree, siblings by ``id_key``.

    ``parents`` maps every id to its parent (``None`` for a chapter); an id whose parent is
    not in the mapping is taken as a root.
    """
    children: dict[str | None, list[str]] = {}
    for section_id, parent in parents.items():
        children.setdefault(parent if parent in parents else None, []).append(section_id)
    order: dict[str, int] = {}
    stack = sorted(children.get(None, []), key=id_key, reverse=True)
    while stack:
        section_id = stack.pop()
        if section_id in order:
            continue
        order[section_id] = len(order)
        stack.extend(sorted(children.get(section_id, []), key=id_key, reverse=True))
    for section_id in sorted(parents, key=id_key):  # a cycle of parents: keep them all
        order.setdefault(section_id, len(order))
    return order


def sort_ids(ids: Iterable[str], order: Mapping[str, int] | None = None) -> list[str]:
    """Distinct ids sorted by ``id_key``, or by their place in ``order`` (see ``tree_order``)."""
    if order is None:
        return sorted(set(ids), key=id_key)
    return sorted(set(ids), key=lambda i: (0, order[i], ()) if i in order else (1, 0, id_key(i)))


def split_qualified(text: str, default_game: str | None = None) -> tuple[str | None, str]:
    """``"s42:12.2"`` -> ``("s42", "12.2")``; ``"12.2"`` -> ``(default_game, "12.2")``."""
    if ":" in text:
        game, _, bare = text.partition(":")
        return game.strip(), bare.strip()
    return default_game, text.strip()


TOPIC_PATTERN = r"^[a-z0-9][a-z0-9-]*$"


def reading_section(key: str) -> str:
    """The section a readings key belongs to: ``"12.72#closer"`` -> ``"12.72"``.

    A section with one disputed point keys its readings by its id. A section with several
    keys each one ``<id>#<topic>``; that whole key is what a scenario's ``readings:`` uses.
    """
    return key.partition("#")[0]


def qualify(game: str, section_id: str) -> str:
    return f"{game}:{section_id}"


def expand_range(first: str, last: str, known: Iterable[str]) -> list[str]:
    """The known ids from ``first`` to ``last`` inclusive, at the depth of the two ends.

    ``12.2``-``12.4`` gives ``12.2, 12.3, 12.4`` (their subsections are not listed: a citation
    of a section covers its subsections anyway). Ends that differ in depth, or whose common
    prefix differs, give every known id between them in sort order at either end's depth.
    """
    lo, hi = id_key(first), id_key(last)
    if lo > hi:
        lo, hi = hi, lo
    depths = {first.count("."), last.count(".")}
    return [k for k in sort_ids(known) if k.count(".") in depths and lo <= id_key(k) <= hi]
