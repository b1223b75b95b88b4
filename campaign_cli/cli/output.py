"""All output goes through here: human views (Rich on a terminal, plain text when
piped), JSON documents, JSON Lines, and errors with their exit codes.

Rich is imported only when a human view is drawn on a terminal, so piped and
--json output never pay for it. JSON is written with sys.stdout.write, never
through Rich (which would eat `[markup]` and wrap lines).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from campaign_cli.errors import CampaignError
from campaign_cli.i18n import GENDERS, _, status_of
from campaign_cli.rules.names import MAX_NAME
from campaign_cli.run import RUN


# Views: what a command shows a person. Plain classes, not dataclasses: this module
# is on every command's start-up path and @dataclass costs a millisecond to build.
class Table:
    """A titled table. ROWS is a sequence, or a function giving the rows afresh each time
    it is called: a plain table is then written as it is read (one pass for the widths,
    one for the lines), never held whole (`log` on a long journal)."""

    def __init__(
        self, title: str, columns: Sequence[str], rows: Sequence[Sequence[Any]] | Callable[[], Iterable[Sequence[Any]]]
    ) -> None:
        self.title, self.columns, self._rows = title, columns, rows

    @property
    def rows(self) -> Sequence[Sequence[Any]]:
        """Every row at once (a terminal's table is laid out whole)."""
        if callable(self._rows):
            self._rows = [tuple(r) for r in self._rows()]
        return self._rows

    def each(self) -> Iterable[Sequence[Any]]:
        """The rows one by one: a stream read afresh, or the sequence."""
        return self._rows() if callable(self._rows) else self._rows


class Fields:
    def __init__(self, title: str, pairs: list[tuple[str, Any]] | None = None) -> None:
        self.title, self.pairs = title, pairs or []


class Line:
    def __init__(self, text: str) -> None:
        self.text = text


View = Table | Fields | Line


def write_text(text: str) -> None:
    """A command's text (a sheet, an export, a Markdown recap) on stdout; a line of a batch
    prints nothing (its result is the data it returns, and a text is none)."""
    if RUN.capture is None:
        sys.stdout.write(text)


def write_json(data: Any) -> None:
    from campaign_cli import jsontext  # only a JSON answer pays for it

    if RUN.capture is not None:  # a line of a batch: its result
        RUN.capture.append(data)
        return
    sys.stdout.write(jsontext.shown(data, indent=2) + "\n")


def write_jsonl(rows: Iterable[Any]) -> None:
    """One line a row, written as each row comes (a stream stays a stream)."""
    from campaign_cli import jsontext

    for r in rows:
        sys.stdout.write(jsontext.shown(r, separators=(",", ":")) + "\n")


def write_json_array(rows: Iterable[Any]) -> None:
    """ROWS as one JSON array, the very text `write_json(list(ROWS))` writes, each row
    written as it comes: a stream of rows is never held whole."""
    from campaign_cli import jsontext

    first = True
    for r in rows:
        sys.stdout.write(("[\n  " if first else ",\n  ") + jsontext.shown(r, indent=2).replace("\n", "\n  "))
        first = False
    sys.stdout.write("[]\n" if first else "\n]\n")


def emit(
    data: Any,
    views: View | Sequence[View] | Callable[[], Any] | None = None,
    *,
    json_out: bool = False,
    jsonl: bool = False,
) -> None:
    """Print a command's result: JSON, JSON Lines, or its human views (VIEWS may be a
    function, called only when a person is shown them: JSON runs never build them)."""
    if RUN.capture is not None:
        RUN.capture.append(data)
    elif jsonl:
        write_jsonl(data if isinstance(data, list) else [data])
    elif json_out:
        write_json(data)
    elif views is not None:
        shown_views: Any = views() if callable(views) else views
        render(list(shown_views) if isinstance(shown_views, (list, tuple)) else [shown_views])


def force_color() -> bool:
    """FORCE_COLOR set and not empty (force-color.org): colour, and the terminal's layout,
    even when piped; NO_COLOR (no-color.org) still takes the colour away."""
    import os

    return bool(os.environ.get("FORCE_COLOR"))


def render(views: list[View]) -> None:
    if sys.stdout.isatty() or force_color():
        _render_rich(views)
    else:
        write = sys.stdout.write
        for line in _plain_lines(views):
            write(line + "\n")


def _plain_lines(views: list[View]) -> Iterator[str]:
    from campaign_cli.render.text import clean  # only when words are shown: a JSON answer never loads it

    said = False
    for view in views:
        if isinstance(view, Line):
            said = True
            yield clean(view.text)
            continue
        if said:
            yield ""
        said = True
        if isinstance(view, Fields):
            if view.title:
                yield clean(view.title)
            width = max((cells(k) for k, _ in view.pairs), default=0)
            yield from (f"  {pad(k, width)}  {clean(v)}".rstrip() for k, v in view.pairs)
            continue
        # columns line up, wide (East Asian) letters counted as two cells; a name lines up
        # whatever its length, one long text (a 673-character roll) pads nothing else
        widths = [cells(h) for h in view.columns]
        count = 0
        for row in view.each():
            count += 1
            for i, c in enumerate(row):
                w = cells(clean(c))
                if widths[i] < w <= PAD_LIMIT:
                    widths[i] = w
        if view.title:
            yield clean(view.title)
        yield "  ".join(pad(c, w) for c, w in zip(view.columns, widths)).rstrip()
        for row in view.each():
            yield "  ".join(pad(clean(c), w) for c, w in zip(row, widths)).rstrip()
        if not count:
            yield _("(none)")


PAD_LIMIT = MAX_NAME  # a longer cell (a roll's text) overflows its column, padding no other row


def cells(text: str) -> int:
    """The terminal cells TEXT takes: an East Asian wide or full-width letter two, a
    combining mark none (the width a monospaced terminal gives it)."""
    from unicodedata import combining, east_asian_width

    if text.isascii():
        return len(text)
    return sum(0 if combining(c) else 2 if east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, width: int) -> str:
    return text + " " * (width - cells(text))


STATUS_STYLES = {
    "ok": "green",
    "alive": "green",
    "out": "yellow",
    "dying": "bold red",
    "dead": "red",
    "success": "green",
    "failure": "red",
    "skipped": "yellow",
}


def _styled(text: str, column: str):
    """A cell on a terminal: statuses in colour (Rich leaves colour out under NO_COLOR)."""
    from rich.text import Text

    style = None
    if column in (_("status"), _("result")):
        forms = {status_of(word, gender): style for word, style in STATUS_STYLES.items() for gender in GENDERS}
        style = forms.get(text)
    return Text(text, style=style or "")


def _stacked(console, view: Table) -> None:
    """A table too wide for the terminal: each row as its first cell (an id with the name
    beside it: `#5 Broadsword`), then `column: value` lines."""
    from rich.text import Text

    from campaign_cli.render.text import clean  # only when words are shown: a JSON answer never loads it

    if view.title:
        console.print(Text(clean(view.title), style="bold"))
    lead = 2 if view.columns[0] in ("#", _("id")) and len(view.columns) > 2 else 1
    for row in view.rows:
        console.print(Text(f"#{clean(row[0])} {clean(row[1])}" if lead == 2 else clean(row[0]), style="bold"))
        for col, cell in zip(view.columns[lead:], row[lead:]):
            if clean(cell) not in ("", "-"):
                line = Text(f"  {col}: ")
                line.append_text(_styled(clean(cell), col))
                console.print(line)
    if not view.rows:
        console.print(_("(none)"))


def _render_rich(views: list[View]) -> None:
    from rich import box
    from rich.console import Console
    from rich.table import Table as RichTable
    from rich.text import Text

    from campaign_cli.render.text import clean  # only when words are shown: a JSON answer never loads it

    console = Console(highlight=False)
    for view in views:
        if isinstance(view, Line):
            console.print(Text(clean(view.text)))
        elif isinstance(view, Fields):
            table = RichTable(title=Text(clean(view.title), style="bold"), show_header=False, box=box.ROUNDED)
            table.add_column(style="cyan", overflow="fold")
            table.add_column(overflow="fold")
            for key, value in view.pairs:
                table.add_row(Text(key), _styled(clean(value), key))
            console.print(table)
        else:
            # wrap at spaces, never cut a name to "Sher…"; too many columns for the width: stack each row
            widths = [
                min(
                    max(
                        [*(len(w) for w in col.split()), *(len(w) for row in view.rows for w in clean(row[i]).split())]
                    ),
                    20,
                )
                for i, col in enumerate(view.columns)
            ]
            if sum(widths) + 3 * len(widths) > console.width:
                _stacked(console, view)
                continue
            table = RichTable(title=Text(clean(view.title), style="bold") if view.title else None, box=box.SIMPLE_HEAD)
            for col, width in zip(view.columns, widths):
                table.add_column(col, overflow="fold", min_width=width)
            for row in view.rows:
                table.add_row(*(_styled(clean(c), col) for c, col in zip(row, view.columns)))
            console.print(table)


def fail(err: CampaignError, **extra: Any) -> int:
    """Report an error on stderr (JSON with --json) and return its exit status."""
    from campaign_cli.render.text import clean  # only when words are shown: a JSON answer never loads it

    if RUN.json_errors:
        from campaign_cli import jsontext

        facts = err.facts  # a refusal's fields, as the rules raised them
        error = {"code": err.code, "message": err.message, **({"facts": facts} if facts else {}), **err.extra, **extra}
        sys.stderr.write(jsontext.shown({"error": error}, default=str) + "\n")
    else:
        if "line" in extra:
            text = _("campaign: error (line {line}): {message}").format(line=extra["line"], message=clean(err.message))
        else:
            text = _("campaign: error: {message}").format(message=clean(err.message))
        sys.stderr.write(text + "\n")
    return int(err.status)
