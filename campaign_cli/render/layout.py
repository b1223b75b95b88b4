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

from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import chain

from campaign_cli.rules.names import MAX_NAME

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from typing import Any

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
    rf"|[^ \d][^ ]*(?: \d+[,.;:)]?(?= |$)(?! {_UNIT}(?:[ ,.;:)]|$)))+"
    r"|[^ ]+"
)
_UNITS: list[Any] = []  # compiled when a text must be broken: most views fit as they are (re: loaded then)
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
        import re

        _UNITS.append(re.compile(_PATTERN))
    found: list[str] = _UNITS[0].findall(text)
    return found


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
    bound = [n for n in NAMES if n in text and cells(n) <= width]
    if bound:  # a name of several words shown (`Лада Светлая`, `Адская летучая мышь 1`): whole while it fits
        for name in sorted(bound, key=len, reverse=True):
            text = text.replace(name, name.replace(" ", "\0"))
        return [line.replace("\0", " ") for line in _wrap(text, width)]
    return _wrap(text, width)


# The names of several words the view being drawn shows (cli/output.py `render`, from the
# command's result): each is kept on one line while it fits, in any cell or line.
NAMES: set[str] = set()


def _wrap(text: str, width: int) -> list[str]:
    if cells(text) <= width:
        return [text]
    if " \u2192 " in text:  # an order or a blow (`Лада Светлая → Душитель 2`): each side whole while it fits
        sides = text.split(" \u2192 ")
        bound = " \u2192 ".join(p.replace(" ", "\0") if cells(p) <= width // 2 else p for p in sides)
        if bound != text:
            return [line.replace("\0", " ") for line in _wrap(bound, width)]
    body = text.lstrip(" ")
    indent = text[: len(text) - len(body)]
    if indent and len(indent) < width // 2:  # an indented line (a character's items) wraps under its indent
        return [indent + line for line in _wrap(body, width - len(indent))]
    if " \u2014 " in text or " \u2192 " in text:  # a dash or an arrow never starts a line: it ends the one before
        joined = text.replace(" \u2014 ", "\0\u2014 ").replace(" \u2192 ", "\0\u2192 ")
        return [line.replace("\0", " ") for line in _units_wrapped(joined, width)]
    return _units_wrapped(text, width)


def _pieces(text: str, width: int) -> Iterator[str]:
    """TEXT's units; one bound whole (a name, a dash with its word) but wider than WIDTH
    comes apart at its binding again, never cut inside a word."""
    for unit in units(text):
        if "\0" in unit and cells(unit) > width:
            yield from unit.split("\0")
        else:
            yield unit


def _units_wrapped(text: str, width: int) -> list[str]:
    lines: list[str] = []
    line = ""
    for unit in _pieces(text, width):
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


# A column's role decides its layout (and on a terminal its colour, cli/output.py), never its
# header's words: "id" (an id, heading a stacked row with the name), "name" (a character's or
# an enemy's whole name: one unit, never broken while it fits), "marker" (the turn's `>`,
# joined to the name), "status" (a status word, coloured), "text" (free text: narrowed
# first), "" (anything else).
# "aside" (a column a narrow terminal leaves out, in order, before free text is squeezed
# below ROOMY cells or the rows are stacked: the journal's kind and command).
ROLES = ("id", "name", "marker", "status", "text", "aside", "")
ROOMY = 30
WHOLE = ("id", "name", "marker")  # roles whose cells are never broken while they fit


def widths(header: Sequence[str], rows: Rows, width: int | None, roles: Sequence[str] = ()) -> list[int] | None:
    """Each column's width for a table of ROWS within WIDTH cells, or None when not even
    each column's narrowest (its widest unit; a whole name for a name column) fits (the
    rows are then stacked); WIDTH None (piped): each column as wide as its widest cell of
    at most PIPED_CELL. The free-text columns are narrowed first, then the others. The rows
    are read as they come (a long log is never held), a second time only when some cell
    must be broken."""
    body = [0] * len(header)  # each column's widest cell, its header aside
    limit = PAD_LIMIT if width is not None else PIPED_CELL
    for row in rows():
        for i, c in enumerate(row):
            body[i] = max(body[i], min(cells(c), limit))
    natural = [max(cells(h), b) for h, b in zip(header, body)]
    if width is None:
        return natural
    room = width - len(GAP) * (len(header) - 1)
    if sum(natural) <= room:
        return natural  # fits as it is: no cell is broken
    role = [roles[i] if i < len(roles) else "" for i in range(len(header))]
    least = [widest_unit(h) for h in header]  # a header wraps at its spaces
    for row in rows():
        for i, c in enumerate(row):
            need = min(cells(c), PAD_LIMIT) if role[i] in WHOLE else min(widest_unit(c), PAD_LIMIT)
            least[i] = max(least[i], need)
    if sum(least) > room:
        return None
    got = list(natural)
    # narrowed a cell at a time: free text first, then a header wider than its cells (it
    # wraps at its spaces), then the column with most to spare
    floors = (
        [least[k] if role[k] in ("text", "aside") else got[k] for k in range(len(got))],
        [max(least[k], body[k]) for k in range(len(got))],
        least,
    )
    for floor in floors:
        while sum(got) > room:
            spare = [k for k in range(len(got)) if got[k] > floor[k]]
            if not spare:
                break
            i = max(spare, key=lambda k: got[k] - floor[k])
            got[i] -= 1
    return got


def table_lines(
    title: str, header: Sequence[str], rows: Rows, width: int | None, roles: Sequence[str] = ()
) -> Iterator[list[Piece]]:
    """A table as lines of pieces: the title, the header, then each row, its cells wrapped
    within their columns; stacked (each row headed by its id and name, then `column: value`
    lines) where the columns cannot stand side by side."""
    if title:
        yield from ([(line, -3)] for line in wrap(title, width))
    got = widths(header, rows, width, roles)
    while width is not None and "aside" in roles and _squeezed(got, header, rows, roles):
        header, roles, rows = _only(
            [i for i in range(len(header)) if i != list(roles).index("aside")], header, roles, rows
        )
        got = widths(header, rows, width, roles)
    if got is None:  # only a width can be too narrow: piped, the columns always stand
        assert width is not None
        keep = _filled(header, rows)
        if len(keep) < len(header):  # on a terminal, a column empty in every row gives way first
            header, roles, rows = _only(keep, header, roles, rows)
            got = widths(header, rows, width, roles)
    if got is None:
        assert width is not None
        yield from stacked(header, rows(), width, roles)
        return
    for row in chain([header], rows()):
        cut = [wrap(c, None if width is None else w) for c, w in zip(row, got)]  # piped: a row is one line
        for k in range(max(len(c) for c in cut)):
            pieces = [(pad(c[k] if k < len(c) else "", w), i) for i, (c, w) in enumerate(zip(cut, got))]
            yield _trimmed(pieces)


EMPTY = ("", "-", "—")  # what an empty cell holds


def _squeezed(got: list[int] | None, header: Sequence[str], rows: Rows, roles: Sequence[str]) -> bool:
    """Whether the columns cannot stand, or stand with a free-text column narrower than both
    ROOMY cells and its widest cell."""
    if got is None:
        return True
    text = [k for k in range(len(got)) if k < len(roles) and roles[k] == "text"]
    if not text or all(got[k] >= ROOMY for k in text):
        return False
    widest = {k: cells(header[k]) for k in text}
    for row in rows():
        for k in text:
            widest[k] = max(widest[k], cells(row[k]))
    return any(got[k] < min(ROOMY, widest[k]) for k in text)


def _filled(header: Sequence[str], rows: Rows) -> list[int]:
    """The columns holding something in some row."""
    filled = [False] * len(header)
    for row in rows():
        for i, c in enumerate(row):
            filled[i] = filled[i] or c not in EMPTY
    return [i for i, f in enumerate(filled) if f]


def _only(
    keep: list[int], header: Sequence[str], roles: Sequence[str], rows: Rows
) -> tuple[list[str], list[str], Rows]:
    """The table with only the columns KEEP names: their headers, roles and cells."""
    kept: Rows = lambda: ([row[i] for i in keep] for row in rows())  # noqa: E731  (read afresh each call)
    return [header[i] for i in keep], [roles[i] for i in keep if i < len(roles)], kept


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


def stacked(
    header: Sequence[str], rows: Iterable[Sequence[str]], width: int, roles: Sequence[str] = ()
) -> Iterator[list[Piece]]:
    """Each row as its head (its leading id, marker and name cells: `#3 Ajax`, `> Merlin`),
    then a `column: value` line for each other cell that holds something (a column with no
    header: the value alone)."""
    role = [roles[i] if i < len(roles) else "" for i in range(len(header))]
    lead = 0
    while lead < len(header) and role[lead] in WHOLE and (lead == 0 or role[lead - 1] != "name"):
        lead += 1
    lead = max(lead, 1)  # a table without roles: its first cell heads each row
    for row in rows:
        head = [f"#{c}" if role[i] == "id" else c for i, c in enumerate(row[:lead])]
        first = " ".join(c for c in head if c.strip())
        yield from ([(line, -2)] for line in wrap(first, width))
        for i, (col, cell) in enumerate(zip(header[lead:], row[lead:]), start=lead):
            if cell in EMPTY:
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
