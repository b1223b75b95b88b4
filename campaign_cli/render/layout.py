"""Views laid out for a width (CLI.md "A terminal is a first-class surface"): a terminal's
width; piped (a width of None), nothing is wrapped at all, whatever `COLUMNS` says, so a
row is one line for grep, and a cell over PIPED_CELL characters does not widen its column
(the rest of its row moves right), as git, gh and kubectl print. Words are never cut; a name stays with its number
(`Упырь 1`) and a number with its unit (`3 кг`): such a pair is one unit, wrapped whole.
Only a unit wider than its whole column is folded.

Pure text: lines of (text, column) pieces, so the terminal can colour a status cell
(cli/output.py) and a pipe writes the same lines without Rich.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import chain

from campaign_cli.rules.names import MAX_NAME

PAD_LIMIT = MAX_NAME  # no column is laid out wider than a name can be
PIPED_CELL = 40  # piped, no cell longer than this widens its column (CLI.md)
GAP = "  "  # between columns
# Lines break at spaces only (a no-break space holds: `62,5 %`). One unit each: a command
# in backquotes (`campaign fight order`); a date with its time (`03.12.2026 11:15`); a
# number with its unit (`3 кг`, `12 gold`); a name with its number (`Crawler 1`, `раунд 2`).
_UNIT = r"(?:kg|lb|кг|gold|золот\w*|зол\.|XP|ОО|%|шт\.)"
_PATTERN = (
    r"[^ ]*`[^`]*`[^ ]*"
    r"|\d[\d.:/-]* \d[\d.:/-]*(?= |$)"
    rf"|[+\u2212-]?\d+ {_UNIT}(?=[ ,.;:)]|$)[^ ]*"
    rf"|[^ ]+(?: \d+[,.;:)]?(?= |$)(?! {_UNIT}(?:[ ,.;:)]|$)))+"
    r"|[^ ]+"
)
_UNITS: list[re.Pattern[str]] = []  # compiled when a text must be broken: most views fit as they are
Piece = tuple[str, int]  # a line's text and the column it belongs to (-1: none)


def cells(text: str) -> int:
    """The terminal cells TEXT takes: an East Asian wide or full-width letter two, a
    combining mark none (the width a monospaced terminal gives it)."""
    from unicodedata import combining, east_asian_width

    if text.isascii():
        return len(text)
    return sum(0 if combining(c) else 2 if east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, width: int) -> str:
    return text + " " * (width - cells(text))


def units(text: str) -> list[str]:
    """TEXT's pieces that are never broken across lines."""
    if not _UNITS:
        _UNITS.append(re.compile(_PATTERN))
    return _UNITS[0].findall(text)


def _fold(unit: str, width: int) -> Iterator[str]:
    """A unit wider than WIDTH, cut into pieces of WIDTH cells (the one place a word is cut)."""
    piece = ""
    for c in unit:
        if cells(piece + c) > width and piece:
            yield piece
            piece = ""
        piece += c
    if piece:
        yield piece


def wrap(text: str, width: int | None) -> list[str]:
    """TEXT in lines of at most WIDTH cells, broken between units only (None: piped, whole)."""
    if width is None:
        return [text]
    width = max(width, 1)
    if cells(text) <= width:
        return [text]
    body = text.lstrip(" ")
    indent = text[: len(text) - len(body)]
    if indent and len(indent) < width // 2:  # an indented line (a character's items) wraps under its indent
        return [indent + line for line in wrap(body, width - len(indent))]
    lines: list[str] = []
    line = ""
    for unit in units(text):
        if cells(unit) > width:
            if line:
                lines.append(line)
            *whole, line = _fold(unit, width)
            lines += whole
        elif not line:
            line = unit
        elif cells(line) + 1 + cells(unit) <= width:
            line += " " + unit
        else:
            lines.append(line)
            line = unit
    return [*lines, line] if line or not lines else lines


def widest_unit(text: str) -> int:
    return max((cells(u) for u in units(text)), default=0)


Rows = Callable[[], Iterable[Sequence[str]]]  # the rows afresh at each call: a long log is never held


def widths(header: Sequence[str], rows: Rows, width: int | None) -> list[int] | None:
    """Each column's width for a table of ROWS within WIDTH cells, or None when not even
    each column's widest unit fits (the rows are then stacked); WIDTH None (piped): each
    column as wide as its widest cell of at most PIPED_CELL. The rows are read as they
    come (a long log is never held), a second time only when some cell must be broken."""
    natural = [cells(h) for h in header]
    limit = PAD_LIMIT if width is not None else PIPED_CELL
    for row in rows():
        for i, c in enumerate(row):
            natural[i] = max(natural[i], min(cells(c), limit))
    if width is None:
        return natural
    room = width - len(GAP) * (len(header) - 1)
    if sum(natural) <= room:
        return natural  # fits as it is: no cell is broken
    least = [cells(h) for h in header]  # a header is never wrapped
    for row in rows():
        for i, c in enumerate(row):
            if cells(c) > least[i]:
                least[i] = max(least[i], min(widest_unit(c), PAD_LIMIT))
    if sum(least) > room:
        return None
    got = list(natural)
    while sum(got) > room:  # narrow the column with most to spare, a cell at a time
        i = max(range(len(got)), key=lambda k: got[k] - least[k])
        got[i] -= 1
    return got


def table_lines(
    title: str, header: Sequence[str], rows: Rows, width: int | None, lead: int = 1
) -> Iterator[list[Piece]]:
    """A table as lines of pieces: the title, the header, then each row, its cells wrapped
    within their columns; stacked (a row's first LEAD cells, then `column: value` lines)
    where the columns cannot stand side by side."""
    if title:
        yield from ([(line, -3)] for line in wrap(title, width))
    got = widths(header, rows, width)
    if got is None:  # only a width can be too narrow: piped, the columns always stand
        assert width is not None
        yield from stacked(header, rows(), width, lead)
        return
    for row in chain([header], rows()):
        cut = [wrap(c, None if width is None else w) for c, w in zip(row, got)]  # piped: a row is one line
        for k in range(max(len(c) for c in cut)):
            pieces = [(pad(c[k] if k < len(c) else "", w), i) for i, (c, w) in enumerate(zip(cut, got))]
            yield _trimmed(pieces)


def _trimmed(pieces: list[Piece]) -> list[Piece]:
    """The pieces joined by the gap, no spaces after the last text."""
    out: list[Piece] = []
    for n, (text, col) in enumerate(pieces):
        out.append((text if n == len(pieces) - 1 else text + GAP, col))
    while out and not out[-1][0].strip():
        out.pop()
    if out:
        out[-1] = (out[-1][0].rstrip(), out[-1][1])
    return out


def stacked(header: Sequence[str], rows: Iterable[Sequence[str]], width: int, lead: int) -> Iterator[list[Piece]]:
    """Each row as its head (its first LEAD cells: `#3 Ajax`; a marker column with no
    header, the turn's `>`, joins the name: `> Merlin`), then a `column: value` line for
    each other cell that holds something (a column with no header: the value alone)."""
    marker = len(header) > 1 and not header[0].strip()
    for row in rows:
        if marker:
            first, lead = f"{row[0]} {row[1]}".strip(), 2
        else:
            first = f"#{row[0]} {row[1]}" if lead == 2 else row[0]
        yield from ([(line, -2)] for line in wrap(first, width))
        for i, (col, cell) in enumerate(zip(header[lead:], row[lead:]), start=lead):
            if cell in ("", "-", "—"):
                continue
            label = f"  {col}: " if col.strip() else "  "
            lines = wrap(cell, width - cells(label))
            yield [(label, -1), (lines[0], i)]
            yield from ([(" " * cells(label) + line, i)] for line in lines[1:])


def field_lines(title: str, pairs: Sequence[tuple[str, str]], width: int | None) -> Iterator[list[Piece]]:
    """`key  value` lines under a title, each value wrapped beside its key (or under it
    where the keys leave a value too little room); piped (WIDTH None), never wrapped."""
    if title:
        yield from ([(line, -3)] for line in wrap(title, width))
    keys = max((cells(k) for k, _v in pairs), default=0)
    if width is None:
        yield from (_trimmed([(pad("  " + pad(key, keys), keys + 2), -1), (value, 1)]) for key, value in pairs)
        return
    room = width - keys - 4
    for key, value in pairs:
        if room >= 12 or not value:
            lines = wrap(value, room) if value else [""]
            yield _trimmed([(pad("  " + pad(key, keys), keys + 2), -1), (lines[0], 1)])
            yield from ([(" " * (keys + 4) + line, 1)] for line in lines[1:])
        else:
            yield [("  " + key, -1)]
            yield from ([("    " + line, 1)] for line in wrap(value, width - 4))
