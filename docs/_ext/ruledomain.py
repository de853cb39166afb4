"""A Sphinx domain for numbered rulebook sections.

Modelled on Sphinx's own ``citation`` and ``std`` domains:

``.. rule:: s42:7.3``
    Defines rule section 7.3 of game ``s42``: an anchor, an entry in the general index and in
    the rule index, and (optionally) a title, given either as the ``:title:`` option or as the
    text after the id on the directive line (``.. rule:: s42:7.3 Negating ZOC bonds``). The
    game prefix may be left out; ``rule_default_game`` is used then. The content is the body.
    ``:order: N`` is the rule's place in its rulebook (the KB's tree order), so the rule index
    keeps a book's own order even where it numbers cases decimally (2.21 inside 2.2).

``:rule:`7.3```, ``:rule:`sos:12.3```, ``:rule:`the bond rule <7.3>```
    Cites a rule section. Without a prefix the game is ``rule_default_game``. A bare chapter
    number (``:rule:`7```) also finds a chapter defined as ``7.0``.

``:rule-soft:`7.3```
    Like ``:rule:`` but without a warning when nothing defines the id (for generated text).

``:ref:`rule-index```
    The index page of every defined rule, grouped by game.

Consistency checks, all emitted as warnings so that ``sphinx-build -W`` fails on them:

* a rule id defined twice (``rule.duplicate``);
* a citation of an id that no page defines (``rule.dangling``, at write time);
* a defined id that nothing cites (``rule.uncited``), for the games named in
  ``rule_warn_uncited`` (default: the default game only; ``True`` for all, ``False`` for none).
  Any ``:rule:`` reference counts as a citation except one made from inside the rule's own
  block.

The domain data is keyed by document, so ``clear_doc`` and ``merge_domaindata`` make
incremental and parallel (``-j N``) builds give the same result as a fresh serial one.
Duplicates are only judged in the consistency check, after all parallel chunks are merged.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Set
from typing import Any, NamedTuple

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.addnodes import desc_signature, pending_xref
from sphinx.application import Sphinx
from sphinx.builders import Builder
from sphinx.directives import ObjectDescription
from sphinx.domains import Domain, Index, IndexEntry, ObjType
from sphinx.environment import BuildEnvironment
from sphinx.roles import XRefRole
from sphinx.util import logging
from sphinx.util.nodes import make_id, make_refnode

logger = logging.getLogger(__name__)

DOMAIN = "rule"
_ID_RE = re.compile(r"^[A-Za-z0-9]+(\.[A-Za-z0-9]+)*$")
_GAME_RE = re.compile(r"^[a-z][a-z0-9_]*$")
_PART_RE = re.compile(r"(\d+)|(\D+)")


class RuleDef(NamedTuple):
    """Where a rule is defined: document, anchor id, title, line, place in its rulebook."""

    docname: str
    anchor: str
    title: str
    lineno: int
    order: int = -1  # position in the rulebook (``:order:``); -1: sort by id


class Citation(NamedTuple):
    """Where a rule is cited, and the rule block (if any) the citation sits in."""

    docname: str
    lineno: int
    inside: str  # key of the rule whose block contains the citation, or ""


def id_sort_key(section_id: str) -> tuple:
    """Sort ids part by part, numbers numerically (``9.2`` before ``9.10``)."""
    key = []
    for part in section_id.split("."):
        key.append(
            tuple(
                (0, int(num), "") if num else (1, 0, text.upper())
                for num, text in _PART_RE.findall(part)
            )
        )
    return tuple(key)


def key_sort(key: str) -> tuple:
    game, _, sid = key.partition(":")
    return (game, id_sort_key(sid))


def book_sort(key: str, order: int) -> tuple:
    """Rulebook order where it is known (``:order:``), else by id; games apart."""
    game, _, sid = key.partition(":")
    return (game, 0, order, ()) if order >= 0 else (game, 1, 0, id_sort_key(sid))


def parse_target(text: str, default_game: str) -> tuple[str, str] | None:
    """``"sos:12.3"`` -> ``("sos", "12.3")``; ``"7.3"`` -> ``(default_game, "7.3")``."""
    text = text.strip()
    game, sep, sid = text.partition(":")
    if not sep:
        game, sid = default_game, text
    game, sid = game.strip(), sid.strip()
    if not _GAME_RE.match(game) or not _ID_RE.match(sid):
        return None
    return game, sid


def anchor_for(game: str, sid: str) -> str:
    return make_id_plain(f"rule-{game}-{sid}")


def make_id_plain(text: str) -> str:
    return nodes.make_id(text.replace(".", "-"))


def game_short(config: Any, game: str) -> str:
    """The short name of a game for titles and search results (``S'42``)."""
    return (config.rule_game_short or {}).get(game) or game.upper()


def _default_game(env: BuildEnvironment) -> str:
    return env.config.rule_default_game


def display_name(game: str, sid: str, default_game: str) -> str:
    return sid if game == default_game else f"{game}:{sid}"


# -- directive -----------------------------------------------------------------------------


class RuleDirective(ObjectDescription[str]):
    """``.. rule:: [game:]id [title]`` defines a rule section."""

    has_content = True
    required_arguments = 1
    optional_arguments = 0
    final_argument_whitespace = True
    option_spec = {
        **ObjectDescription.option_spec,
        "title": directives.unchanged,
        "order": directives.nonnegative_int,
    }

    def run(self):  # noqa: D102
        # The same class serves ``.. rule::`` and ``.. rule:rule::``; file both under the domain.
        self.name = f"{DOMAIN}:rule"
        return super().run()

    def get_signatures(self) -> list[str]:
        # One rule per directive: the whole argument is one signature.
        return [" ".join(self.arguments[0].split())]

    def handle_signature(self, sig: str, signode: desc_signature) -> str:
        ident, _, trailing = sig.partition(" ")
        parsed = parse_target(ident, _default_game(self.env))
        if parsed is None:
            logger.warning(
                "malformed rule id %r (expected [game:]id such as s42:7.3)",
                ident,
                location=signode,
                type=DOMAIN,
                subtype="malformed",
            )
            raise ValueError(ident)
        game, sid = parsed
        title = (self.options.get("title") or trailing).strip()
        signode["rule_game"] = game
        signode["rule_id"] = sid
        signode["rule_title"] = title
        signode += addnodes.desc_name(sid, sid)
        if title:
            signode += addnodes.desc_sig_space()
            signode += addnodes.desc_annotation(title, title, classes=["rule-title"])
        if game != _default_game(self.env):
            signode += addnodes.desc_sig_space()
            label = f"[{game}]"
            signode += addnodes.desc_annotation(label, label, classes=["rule-game"])
        return f"{game}:{sid}"

    def add_target_and_index(self, name: str, sig: str, signode: desc_signature) -> None:
        game, sid = name.split(":", 1)
        anchor = anchor_for(game, sid)
        if anchor in self.state.document.ids:
            # A duplicate in the same page: keep HTML ids unique; the domain warns later.
            anchor = make_id(self.env, self.state.document, "rule", anchor)
        signode["ids"].append(anchor)
        title = signode.get("rule_title", "")
        domain: RuleDomain = self.env.domains[DOMAIN]  # type: ignore[assignment]
        domain.note_rule(game, sid, anchor, title, self.lineno, self.options.get("order", -1))
        if "no-index-entry" not in self.options:
            games = self.env.config.rule_game_titles
            head = games.get(game, game)
            text = f"{sid} {title}".strip()
            self.indexnode["entries"].append(("single", f"{head}; {text}", anchor, "", None))

    def before_content(self) -> None:
        if self.names:
            self.env.ref_context["rule:current"] = self.names[-1]

    def after_content(self) -> None:
        self.env.ref_context.pop("rule:current", None)

    def _object_hierarchy_parts(self, sig_node: desc_signature) -> tuple[str, ...]:
        if "rule_id" not in sig_node:
            return ()
        return (sig_node["rule_game"], *sig_node["rule_id"].split("."))

    def _toc_entry_name(self, sig_node: desc_signature) -> str:
        if "rule_id" not in sig_node:
            return ""
        title = sig_node.get("rule_title", "")
        return f"{sig_node['rule_id']} {title}".strip()


# -- role ----------------------------------------------------------------------------------


class RuleRole(XRefRole):
    """``:rule:`[game:]id``` or ``:rule:`title <[game:]id>```.

    Registered both in the domain (``:rule:rule:``) and globally (``:rule:``), so it always
    resolves through this domain, whatever the page's default domain.
    """

    def __init__(self, warn_dangling: bool = True, counts: bool = True) -> None:
        super().__init__(warn_dangling=warn_dangling, innernodeclass=nodes.inline)
        self.counts = counts  # False: a plain link (an index), not a citation

    def run(self):  # noqa: D102 - see XRefRole.run
        self.refdomain, self.reftype = DOMAIN, "rule"
        self.classes = ["xref", DOMAIN, f"{DOMAIN}-rule"]
        if self.disabled:
            return self.create_non_xref_node()
        return self.create_xref_node()

    def process_link(
        self,
        env: BuildEnvironment,
        refnode: nodes.Element,
        has_explicit_title: bool,
        title: str,
        target: str,
    ) -> tuple[str, str]:
        default = _default_game(env)
        parsed = parse_target(target, default)
        if parsed is None:
            logger.warning(
                "malformed rule reference %r (expected [game:]id such as 7.3 or sos:12.3)",
                target,
                location=refnode,
                type=DOMAIN,
                subtype="malformed",
            )
            return title, target.strip()
        game, sid = parsed
        key = f"{game}:{sid}"
        domain: RuleDomain = env.domains[DOMAIN]  # type: ignore[assignment]
        if self.counts:
            domain.note_citation(
                key, refnode.line or 0, env.ref_context.get("rule:current", "")
            )
        if not has_explicit_title:
            title = display_name(game, sid, default)
        return title, key


# -- index ---------------------------------------------------------------------------------


class RuleIndex(Index):
    """Every defined rule section, grouped by game, nested by id."""

    name = "index"
    localname = "Rule index"
    shortname = "rules"

    def generate(
        self, docnames: Iterable[str] | None = None
    ) -> tuple[list[tuple[str, list[IndexEntry]]], bool]:
        domain: RuleDomain = self.domain  # type: ignore[assignment]
        titles = domain.env.config.rule_game_titles
        wanted = set(docnames) if docnames is not None else None
        by_game: dict[str, list[IndexEntry]] = {}
        keys = sorted(domain.rules, key=lambda k: book_sort(k, domain.rules[k][0].order))
        defined = set(keys)
        for key in keys:
            definition = domain.rules[key][0]
            if wanted is not None and definition.docname not in wanted:
                continue
            game, sid = key.split(":", 1)
            parent = sid.rpartition(".")[0]
            has_children = any(k.startswith(key + ".") for k in defined)
            subtype = 2 if parent and f"{game}:{parent}" in defined else (1 if has_children else 0)
            by_game.setdefault(game, []).append(
                IndexEntry(sid, subtype, definition.docname, definition.anchor, "", "",
                           definition.title)
            )
        default = domain.env.config.rule_default_game
        content = [
            (titles.get(game, game), entries)
            for game, entries in sorted(by_game.items(), key=lambda kv: (kv[0] != default, kv[0]))
        ]
        return content, True


# -- domain --------------------------------------------------------------------------------


class RuleDomain(Domain):
    """Rule sections of one or more rulebooks."""

    name = DOMAIN
    label = "Rule"
    object_types = {"rule": ObjType("rule", "rule")}
    directives = {"rule": RuleDirective}
    roles = {"rule": RuleRole(), "soft": RuleRole(warn_dangling=False)}
    indices = [RuleIndex]
    initial_data: dict[str, Any] = {
        "rules": {},  # key "game:id" -> list[RuleDef] (more than one: a duplicate)
        "citations": {},  # key "game:id" -> list[Citation]
    }
    dangling_warnings = {"rule": "rule %(target)s is cited but no page defines it"}
    data_version = 2

    def get_type_name(self, type: ObjType, primary: bool = False) -> str:
        # Search results read "(section, in S'42 12.0 Retreats)".
        return "section"

    @property
    def rules(self) -> dict[str, list[RuleDef]]:
        return self.data.setdefault("rules", {})

    @property
    def citations(self) -> dict[str, list[Citation]]:
        return self.data.setdefault("citations", {})

    # recording ---------------------------------------------------------------------------

    def note_rule(
        self, game: str, sid: str, anchor: str, title: str, lineno: int, order: int = -1
    ) -> None:
        docname = self.env.current_document.docname
        self.rules.setdefault(f"{game}:{sid}", []).append(
            RuleDef(docname, anchor, title, lineno or 0, order)
        )

    def note_citation(self, key: str, lineno: int, inside: str) -> None:
        docname = self.env.current_document.docname
        self.citations.setdefault(key, []).append(Citation(docname, lineno, inside))

    # incremental and parallel builds -----------------------------------------------------

    def clear_doc(self, docname: str) -> None:
        for table in (self.rules, self.citations):
            for key, entries in list(table.items()):
                kept = [e for e in entries if e.docname != docname]
                if kept:
                    table[key] = kept
                else:
                    del table[key]

    def merge_domaindata(self, docnames: Set[str], otherdata: dict[str, Any]) -> None:
        for name, table in (("rules", self.rules), ("citations", self.citations)):
            for key, entries in otherdata.get(name, {}).items():
                mine = [e for e in entries if e.docname in docnames]
                if mine:
                    table.setdefault(key, []).extend(mine)

    def lookup(self, key: str) -> str | None:
        """The defined key a citation means: itself, or ``N.0`` for a bare chapter ``N``."""
        if key in self.rules:
            return key
        if "." not in key.split(":", 1)[1] and f"{key}.0" in self.rules:
            return f"{key}.0"
        return None

    def docs_citing(self, keys: Iterable[str]) -> set[str]:
        return {c.docname for key in keys for c in self.citations.get(key, [])}

    # checks ------------------------------------------------------------------------------

    def _uncited_games(self) -> set[str] | bool:
        setting = self.env.config.rule_warn_uncited
        if setting is None:
            return {self.env.config.rule_default_game}
        if isinstance(setting, bool):
            return setting
        if isinstance(setting, str):
            return {setting}
        return set(setting)

    def check_consistency(self) -> None:
        for key in sorted(self.rules, key=key_sort):
            defs = sorted(self.rules[key], key=lambda d: (d.docname, d.lineno))
            for other in defs[1:]:
                logger.warning(
                    "duplicate rule %s, also defined in %s",
                    key,
                    self.env.doc2path(defs[0].docname),
                    location=(other.docname, other.lineno),
                    type=DOMAIN,
                    subtype="duplicate",
                )
        games = self._uncited_games()
        if games is False:
            return
        cited: set[str] = set()
        for key, citations in self.citations.items():
            found = self.lookup(key)
            if found and any(c.inside != found for c in citations):
                cited.add(found)
        for key in sorted(self.rules, key=key_sort):
            game = key.split(":", 1)[0]
            if games is not True and game not in games:
                continue
            if key in cited:
                continue
            first = self.rules[key][0]
            logger.warning(
                "rule %s is defined but never cited",
                key,
                location=(first.docname, first.lineno),
                type=DOMAIN,
                subtype="uncited",
            )

    # resolving ---------------------------------------------------------------------------

    def resolve_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        typ: str,
        target: str,
        node: pending_xref,
        contnode: nodes.Element,
    ) -> nodes.reference | None:
        found = self.lookup(target)
        if found is None:
            return None
        first = self.rules[found][0]
        game, sid = found.split(":", 1)
        tip = f"{self.env.config.rule_game_titles.get(game, game)} {sid} {first.title}".strip()
        return make_refnode(builder, fromdocname, first.docname, first.anchor, contnode, tip)

    def resolve_any_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        target: str,
        node: pending_xref,
        contnode: nodes.Element,
    ) -> list[tuple[str, nodes.reference]]:
        parsed = parse_target(target, _default_game(env))
        if parsed is None:
            return []
        ref = self.resolve_xref(
            env, fromdocname, builder, "rule", ":".join(parsed), node, contnode
        )
        return [("rule:rule", ref)] if ref is not None else []

    def get_objects(self) -> Iterator[tuple[str, str, str, str, str, int]]:
        # The search shows the display name: the game's short name, the id and the title
        # ("S'42 12.0 Retreats").
        for key in sorted(self.rules, key=key_sort):
            first = self.rules[key][0]
            game, sid = key.split(":", 1)
            shown = f"{game_short(self.env.config, game)} {sid} {first.title}".strip()
            yield key, shown, "rule", first.docname, first.anchor, 1

    def get_full_qualified_name(self, node: nodes.Element) -> str | None:
        return node.get("reftarget")


# -- incremental rebuilds of citing pages ---------------------------------------------------

_REREAD_KEY = "_rule_reread_keys"


def _before_read(app: Sphinx, env: BuildEnvironment, docnames: list[str]) -> None:
    """Remember which rules the pages about to be re-read defined (before they are cleared)."""
    domain: RuleDomain = env.domains[DOMAIN]  # type: ignore[assignment]
    changed = set(docnames)
    keys = {k for k, defs in domain.rules.items() if any(d.docname in changed for d in defs)}
    setattr(app, _REREAD_KEY, (changed, keys))


def _pages_to_rewrite(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """Pages citing a rule that moved, appeared or vanished must be written again."""
    changed, keys = getattr(app, _REREAD_KEY, (set(), set()))
    domain: RuleDomain = env.domains[DOMAIN]  # type: ignore[assignment]
    keys = set(keys) | {
        k for k, defs in domain.rules.items() if any(d.docname in changed for d in defs)
    }
    keys |= {k.removesuffix(".0") for k in keys}  # bare chapter citations too
    return sorted(domain.docs_citing(keys) - changed)


# -- the rule map: every rule's page, for the go-to-rule box and the search ----------------


def _add_rule_map_script(app: Sphinx) -> None:
    if app.builder.format == "html" and app.config.rule_map_js:
        app.add_js_file(app.config.rule_map_js, priority=200)


def rule_map(app: Sphinx) -> dict[str, Any]:
    """``{"default", "games": {id: [short, title]}, "rules": {key: [uri, title]}}``."""
    env = app.env
    domain: RuleDomain = env.domains[DOMAIN]  # type: ignore[assignment]
    config = app.config
    rules: dict[str, list[str]] = {}
    games: dict[str, list[str]] = {}
    for key in sorted(domain.rules, key=key_sort):
        first = domain.rules[key][0]
        game = key.split(":", 1)[0]
        games.setdefault(game, [game_short(config, game), config.rule_game_titles.get(game, game)])
        uri = app.builder.get_target_uri(first.docname) + "#" + first.anchor
        rules[key] = [uri, first.title]
    return {"default": config.rule_default_game, "games": games, "rules": rules}


def _write_rule_map(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html" or not app.config.rule_map_js:
        return
    import json
    from pathlib import Path

    path = Path(app.outdir) / "_static" / app.config.rule_map_js
    path.parent.mkdir(parents=True, exist_ok=True)
    data = json.dumps(rule_map(app), ensure_ascii=False, separators=(",", ":"))
    path.write_text(f"var RULE_MAP = {data};\n", encoding="utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("rule_default_game", "s42", "env", types=(str,))
    app.add_config_value(
        "rule_warn_uncited", None, "env", types=(bool, list, tuple, str, type(None))
    )
    app.add_config_value("rule_game_titles", {}, "env", types=(dict,))
    app.add_domain(RuleDomain)
    # Unprefixed forms, usable whatever the page's default domain is.
    app.add_directive("rule", RuleDirective)
    app.add_role("rule", RuleRole())
    # For generated text that mentions ids the docs may not define: links when it can,
    # plain text (no warning) otherwise.
    app.add_role("rule-soft", RuleRole(warn_dangling=False))
    # For indexes and lists of every rule: a link that is not a citation.
    app.add_role("rule-link", RuleRole(counts=False))
    app.add_config_value("rule_game_short", {}, "env", types=(dict,))
    app.add_config_value("rule_map_js", "rulemap.js", "html", types=(str,))
    app.connect("builder-inited", _add_rule_map_script)
    app.connect("build-finished", _write_rule_map)
    app.connect("env-before-read-docs", _before_read)
    app.connect("env-get-updated", _pages_to_rewrite)
    return {
        "version": "1.0",
        "env_version": 1,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
