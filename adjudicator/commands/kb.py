"""``adjudicator rules`` and the ``adjudicator kb`` sub-commands (ingest, check)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from adjudicator.errors import InputError, usage_error
from adjudicator.games import default_game_id
from adjudicator.kb import list_games
from adjudicator.output import ForceOpt, JsonOpt, check_output, cite, emit, write_output

DEFAULT_GAME = default_game_id()

LimitOpt = Annotated[int, typer.Option("--limit", min=1, max=1000,
                                      help="Most search results to show (1 to 1000).")]
GameOpt = Annotated[
    str, typer.Option("--game", "-g", help=f"Game id ({', '.join(list_games())}).")
]


def _load(game: str):
    from adjudicator.kb import load_game

    return load_game(game)


def section_json(kb, section) -> dict[str, Any]:
    """The ``rules`` answer for one section (contract fields first)."""
    return {
        "id": section.id,
        "title": section.title,
        "summary": section.summary,
        "refs": list(section.refs),
        "referenced_by": list(section.referenced_by),
        "game": kb.id,
        "parent": section.parent,
        "children": list(section.children),
        "kind": section.kind,
        "terms": dict(section.terms),
        "tables": list(section.tables),
        "readings": [r.model_dump(exclude_defaults=True) for r in section.readings],
        "examples": [{"file": e.file, "title": e.title} for e in section.examples],
        "encodings": [e.model_dump() for e in section.encodings],
        "rulings": [r.model_dump() for r in section.rulings],
        "unresolved": list(section.unresolved),
        "notes": section.notes,
        "misprints": [m.model_dump(exclude_none=True) for m in section.misprints],
    }


def _misprint_text(misprint) -> str:
    """One line: printed -> meant, where, and why."""
    place = f" ({misprint.where})" if misprint.where else ""
    line = f", line {misprint.line}" if misprint.line else ""
    why = f": {misprint.why}" if misprint.why else ""
    return f"printed {misprint.printed!r}, meant {misprint.meant!r}{place}{line}{why}"


def _print_section(console: Console, kb, section) -> None:
    console.print(f"[bold]{kb.id} {section.id}[/bold]  {section.title}")
    if section.parent:
        parent = kb.sections[section.parent]
        console.print(f"  in {parent.id} {parent.title}")
    console.print()
    console.print(section.summary or "(no summary yet)")
    if section.terms:
        console.print()
        for term, definition in section.terms.items():
            console.print(f"  [bold]{term}[/bold]: {definition}")
    for label, values in (
        ("subsections", section.children),
        ("cites", section.refs),
        ("cited by", section.referenced_by),
        ("tables", section.tables),
    ):
        if values:
            console.print(f"{label}: {', '.join(values)}")
    if section.notes:
        console.print(f"note: {section.notes}")
    for misprint in section.misprints:
        console.print(f"misprint: {_misprint_text(misprint)}")
    for reading in section.readings:
        mark = " (default)" if reading.default else ""
        where = f" \\[{reading.key}]" if reading.key else ""
        console.print(f"reading{where} [bold]{reading.name}[/bold]{mark}: {reading.text}")
    for example in section.examples:
        console.print(f"example: {example.title} ({example.file})")
    for encoding in section.encodings:
        lines = ", ".join(str(n) for n in encoding.lines)
        console.print(f"encoded in: asp/{encoding.file} (lines {lines})")
    for ruling in section.rulings:
        console.print(f"tested by: {ruling.test}")


def _search(kb, text: str, as_json: bool, limit: int) -> None:
    hits = kb.search(text)[:limit]
    data = {
        "game": kb.id,
        "query": text,
        "results": [
            {"id": s.id, "title": s.title, "summary": s.summary, "score": score}
            for s, score in hits
        ],
    }

    def show(console: Console) -> None:
        if not hits:
            console.print(f"nothing in {kb.id} matches {text!r}")
        for section, _ in hits:
            console.print(f"{section.id:10} {section.title}")

    emit(data, show, as_json)


def rules(
    section_id: Annotated[
        str | None, typer.Argument(help="Section id, e.g. 12.2 (or GAME:12.2).")
    ] = None,
    game: GameOpt = DEFAULT_GAME,
    search: Annotated[
        str | None, typer.Option("--search", "-s", help="Search titles, terms and summaries.")
    ] = None,
    limit: LimitOpt = 20,
    as_json: JsonOpt = False,
) -> None:
    """Show what the knowledge base holds about a rule section, or search it."""
    if section_id and ":" in section_id:
        game, _, section_id = section_id.partition(":")
    kb = _load(game)
    if search is not None:
        _search(kb, search, as_json, limit)
        return
    if not section_id:
        raise usage_error("give a section id (e.g. 12.2) or --search TEXT", "ID")
    section = kb.get(section_id)
    if section is None:
        hint = kb.suggest(section_id)
        more = f"; did you mean {', '.join(hint)}?" if hint else ""
        raise usage_error(f"no section {section_id!r} in game {kb.id}{more}", "ID")
    emit(section_json(kb, section), lambda c: _print_section(c, kb, section), as_json)


def search_cmd(
    text: Annotated[str, typer.Argument(help="Words to look for.")],
    game: GameOpt = DEFAULT_GAME,
    limit: LimitOpt = 20,
    as_json: JsonOpt = False,
) -> None:
    """Search section titles, terms and summaries (every word must match)."""
    _search(_load(game), text, as_json, limit)


kb_app = typer.Typer(
    help="Build and check the rules knowledge base.", no_args_is_help=True, add_completion=False
)


@kb_app.command("ingest")
def ingest(
    rulebook: Annotated[Path, typer.Argument(help="Rulebook as plain text.")],
    game: Annotated[str, typer.Option("--game", "-g", help="Game id for the output.")],
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Folder to write sections.yaml into (default: print)."),
    ] = None,
    style: Annotated[
        str | None, typer.Option(help="Numbering style: lines, inline or lettered (detected).")
    ] = None,
    fixes: Annotated[
        Path | None,
        typer.Option(
            "--fixes",
            help="A reader's corrections (renumbered headings, line owners, titles); "
            "default: ingest.yaml in the --out folder when there is one.",
        ),
    ] = None,
    force: ForceOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Parse a rulebook's text into a section tree with cross-references."""
    from adjudicator.kb.ingest import load_fixes, parse_file, sections_yaml

    if not rulebook.is_file():
        raise usage_error(f"no such file: {rulebook}", "RULEBOOK")
    if out is not None:
        if not out.is_dir():
            raise usage_error(f"no folder {out}: create it first", "--out")
        check_output(out / "sections.yaml", "--out", [rulebook, fixes], force)
    if not re.fullmatch(r"[a-z][a-z0-9_]*", game):
        raise usage_error(f"a game id is lower-case letters, digits and _, starting with a "
                          f"letter, got {game!r}", "--game")
    if style not in (None, "lines", "inline", "lettered"):
        raise usage_error(f"unknown style {style!r} (lines, inline, lettered)", "--style")
    if fixes is None and out is not None and (out / "ingest.yaml").is_file():
        fixes = out / "ingest.yaml"
    if fixes is not None and not fixes.is_file():
        raise usage_error(f"no such file: {fixes}", "--fixes")
    text = rulebook.read_text(encoding="utf-8", errors="replace")
    corrections = load_fixes(fixes, text) if fixes is not None else None
    result = parse_file(rulebook, game, style, corrections)  # type: ignore[arg-type]
    text = sections_yaml(result)
    written = None
    if out is not None:
        written = write_output(out / "sections.yaml", text, "--out", [rulebook, fixes], force)
    data = {
        "game": game,
        "source": rulebook.name,
        "style": result.style,
        "sections": len(result.headings),
        "citations": sum(len(v) for v in result.refs().values()),
        "dangling": [{"section": s, "cited": c, "line": ln} for s, c, ln in result.dangling()],
        "ranges": [{"section": s, "printed": p, "ids": ids} for s, p, ids in result.ranges()],
        "cycles": result.cycles(),
        "written": str(written) if written else None,
    }
    if out is None and not as_json:
        typer.echo(text, nl=False)
        return

    def show(console: Console) -> None:
        console.print(
            f"{game}: {data['sections']} sections, {data['citations']} citations "
            f"({result.style} style) -> {written}"
        )
        for item in data["dangling"]:
            console.print(
                f"  dangling: {item['section']} cites {item['cited']} (line {item['line']})"
            )

    emit(data, show, as_json)


def _misprint_for(section, cited: str) -> str | None:
    """What an unresolved citation means, when the KB records it as a misprint."""
    return next((m.meant for m in section.misprints if m.printed == cited), None)


@kb_app.command("check")
def check(game: GameOpt = DEFAULT_GAME, as_json: JsonOpt = False) -> None:
    """Validate a game's KB files and report dangling citations and cycles.

    Exit status 2 when something is broken (a dangling citation in refs, an orphan section,
    or a summary, reading, table or example naming a section that does not exist). Sections
    still without a summary are listed as ``pending`` (not an error).
    """
    kb = _load(game)
    report = kb.check()
    unresolved = [
        {"section": s.id, "cited": c, "misprint_for": _misprint_for(s, c)}
        for s in kb.sections.values()
        for c in s.unresolved
    ]
    data = report.model_dump()
    data["ok"] = report.ok
    data["unresolved"] = unresolved
    data["summaries"] = sum(1 for s in kb.sections.values() if s.summary)
    data["pending"] = [s.id for s in kb.sections.values() if not s.summary]  # book order

    def show(console: Console) -> None:
        console.print(
            f"{kb.id}: {report.sections} sections, {report.citations} citations, "
            f"{data['summaries']} summaries ({len(data['pending'])} pending)"
        )
        if data["pending"]:
            shown = ", ".join(data["pending"][:12])
            more = f" and {len(data['pending']) - 12} more" if len(data["pending"]) > 12 else ""
            console.print(f"  summary pending: {shown}{more}")
        for source, target in report.dangling:
            console.print(f"  dangling: {source} cites {target}, which does not exist")
        for item in unresolved:
            known = f" (a misprint for {item['misprint_for']})" if item["misprint_for"] else ""
            console.print(
                f"  unresolved in the rulebook: {item['section']} cites {item['cited']}{known}"
            )
        for orphan in report.orphans:
            console.print(f"  orphan: {orphan} has a parent that does not exist")
        for where, section_id in report.unknown_ids:
            console.print(f"  unknown id: {where} names {section_id}")
        if report.self_citations:
            console.print(f"  cites itself: {cite(report.self_citations)}")
        console.print(f"  citation cycles (up to 4 sections): {len(report.cycles)}")
        for cycle in report.cycles[:10]:
            console.print("    " + " -> ".join([*cycle, cycle[0]]))
        console.print("ok" if report.ok else "problems found")

    emit(data, show, as_json)
    if not report.ok:
        raise typer.Exit(2)


def register(app: typer.Typer) -> None:
    app.command("rules")(rules)
    app.command("search")(search_cmd)
    app.add_typer(kb_app, name="kb")


__all__ = ["register", "section_json", "InputError"]
