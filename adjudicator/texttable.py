"""Plain boxed text tables, drawn with string formatting.

A long answer (the supply status of three hundred units, each with its line) is drawn
here in a few milliseconds, where a general-purpose renderer measures every cell piece
by piece and takes a large share of a command's time. The look is the usual one: a
heavy header box, columns as wide as their text, narrowed (widest first, never below the
longest word) and the cells word-wrapped to fit the console's width. Colour is added
only when the console is a colour terminal.
"""

from __future__ import annotations

import unicodedata
from typing import Any

#: style name -> ANSI select graphic rendition code
_ANSI = {"bold": "1", "italic": "3", "red": "31", "green": "32", "yellow": "33",
         "blue": "34", "magenta": "35", "cyan": "36", "dim": "2"}


def cell_len(text: str) -> int:
    """Columns the text takes on a terminal (wide East Asian characters take two)."""
    if text.isascii():
        return len(text)
    n = 0
    for ch in text:
        if unicodedata.combining(ch):
            continue
        n += 2 if unicodedata.east_asian_width(ch) in "WF" else 1
    return n


def _wrap(text: str, width: int) -> list[str]:
    """The lines of ``text`` (its own line breaks kept) word-wrapped to ``width``
    columns; a word longer than the width is cut."""
    out: list[str] = []
    for para in text.split("\n"):
        if cell_len(para) <= width:
            out.append(para)
            continue
        line, used = "", 0
        for word in para.split():
            n = cell_len(word)
            while n > width:  # fold a word longer than a line
                if line:
                    out.append(line)
                    line, used = "", 0
                cut = _cut(word, width)
                out.append(word[:cut])
                word = word[cut:]
                n = cell_len(word)
            if not line:
                line, used = word, n
            elif used + 1 + n <= width:
                line += " " + word
                used += 1 + n
            else:
                out.append(line)
                line, used = word, n
        out.append(line)
    return out


def _cut(word: str, width: int) -> int:
    if word.isascii():
        return width
    used = 0
    for i, ch in enumerate(word):
        used += cell_len(ch)
        if used > width:
            return max(1, i)
    return len(word)


class TextTable:
    """Rows of text cells under a header, drawn in a box. A cell is a string, or a
    (string, style) pair to colour it on a colour terminal (``"green"``, ``"bold"``)."""

    def __init__(self, *headers: str, title: str | None = None) -> None:
        self.headers = list(headers)
        self.title = title
        self.rows: list[list[tuple[str, str | None]]] = []

    def add_row(self, *cells: Any) -> None:
        row = [c if isinstance(c, tuple) else (str(c), None) for c in cells]
        if len(row) != len(self.headers):
            raise ValueError(f"{len(row)} cells for {len(self.headers)} columns")
        self.rows.append(row)

    def widths(self, width: int) -> list[int]:
        """Each column's width: its widest line, the widest columns narrowed together
        (ties alike) until the table fits ``width`` columns."""
        n = len(self.headers)
        widths = [max(1, cell_len(h)) for h in self.headers]
        for row in self.rows:
            for i, (text, _) in enumerate(row):
                for line in text.split("\n") if "\n" in text else (text,):
                    k = cell_len(line)
                    if k > widths[i]:
                        widths[i] = k
        excess = sum(widths) - max(n, width - 3 * n - 1)
        while excess > 0:
            top = max(widths)
            if top <= 1:
                break
            tied = [i for i in range(n) if widths[i] == top]
            second = max((w for w in widths if w < top), default=1)
            step = min(top - second, -(-excess // len(tied)))
            for i in tied:
                cut = min(step, excess)
                widths[i] -= cut
                excess -= cut
        return widths

    def render(self, width: int = 80, color: bool = False) -> str:
        """The table as text, ``width`` columns at most."""
        widths = self.widths(width)

        def paint(text: str, style: str | None) -> str:
            if not color or not style or not text:
                return text
            codes = ";".join(_ANSI[s] for s in style.split() if s in _ANSI)
            return f"\x1b[{codes}m{text}\x1b[0m" if codes else text

        def block(cells: list[tuple[str, str | None]], bar: str, bottom: bool) -> list[str]:
            # each cell as a column of padded lines, then the columns side by side
            columns = []
            height = 1
            for (text, style), w in zip(cells, widths, strict=True):
                lines = _wrap(text, w)
                padded = [" " + paint(x, style) + " " * (w - cell_len(x) + 1) for x in lines]
                columns.append((padded, " " * (w + 2)))
                height = max(height, len(padded))
            rows = []
            for padded, blank in columns:
                fill = [blank] * (height - len(padded))
                rows.append(fill + padded if bottom else padded + fill)
            return [bar + bar.join(parts) + bar for parts in zip(*rows, strict=True)]

        out: list[str] = []
        if self.title:
            out.append(paint(self.title, "italic"))
        out.append("┏" + "┳".join("━" * (w + 2) for w in widths) + "┓")
        out += block([(h, "bold") for h in self.headers], "┃", bottom=True)
        out.append("┡" + "╇".join("━" * (w + 2) for w in widths) + "┩")
        for row in self.rows:
            out += block(row, "│", bottom=False)
        out.append("└" + "┴".join("─" * (w + 2) for w in widths) + "┘")
        return "\n".join(out) + "\n"


def print_table(console: Any, table: TextTable) -> None:
    """Write the table to a rich console's output as it is (no markup, no re-wrapping):
    as wide as the console, in colour on a colour terminal."""
    color = bool(console.is_terminal and console.color_system and not console.no_color)
    text = table.render(console.width, color)
    if console.record or getattr(console, "_buffer_index", 0):
        # a recording or capturing console keeps what it prints: hand it the text
        from rich.text import Text

        console.print(Text.from_ansi(text) if color else Text(text), end="",
                      soft_wrap=True, highlight=False, markup=False)
        return
    console.file.write(text)
    console.file.flush()
