"""All output goes through here: human views (Rich on a terminal, plain text when
piped), JSON documents, JSON Lines, and errors with their exit codes.

Rich is imported only when a human view is drawn on a terminal, so piped and
--json output never pay for it. JSON is written with sys.stdout.write, never
through Rich (which would eat `[markup]` and wrap lines).
"""

from __future__ import annotations

import sys

from campaign_cli.errors import CampaignError
from campaign_cli.i18n import GENDERS, _, status_of
from campaign_cli.run import RUN

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: the fast path (cli/fast.py)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator, Sequence
    from typing import Any


# Views: what a command shows a person. Plain classes, not dataclasses: this module
# is on every command's start-up path and @dataclass costs a millisecond to build.
class Table:
    """A titled table. ROWS is a sequence, or a function giving the rows afresh each time
    it is called: a table is then written as it is read (a pass for the widths, another
    for the units only when a cell must be broken, one for the lines), never held whole
    (`log` on a long journal), on a terminal as piped."""

    def __init__(
        self,
        title: str,
        columns: Sequence[str],
        rows: Sequence[Sequence[Any]] | Callable[[], Iterable[Sequence[Any]]],
        roles: Sequence[str] = (),
    ) -> None:
        # ROLES: each column's role (render/layout.py ROLES: "id", "name", "marker", "status",
        # "text", ""), which decides its layout and colour; never its header's words
        self.title, self.columns, self._rows, self.roles = title, columns, rows, roles

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


class AnswerLost(Exception):
    """Standard output was closed before the command's answer could be written (`>&-`)."""


def write_text(text: str) -> None:
    """A command's text (a sheet, an export, a Markdown recap) on stdout; a line of a batch
    prints nothing (its result is the data it returns, and a text is none)."""
    if RUN.capture is None:
        sys.stdout.write(text)


def is_stdout(output: str) -> bool:
    """Whether OUTPUT names this process's standard output (`--output /dev/stdout`, a pipe or
    a terminal by path): the answer is then the document itself, as with `--output -`."""
    import os

    try:
        here, there = os.fstat(1), os.stat(output)
    except (OSError, ValueError):
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


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


def later(module: str, name: str, *args: Any) -> Callable[[], Any]:
    """The views function NAME of MODULE draws of ARGS, as a function called only when a
    person is shown them (`emit`): a `--json` answer never loads MODULE."""

    def draw() -> Any:
        return getattr(__import__(module, fromlist=[name]), name)(*args)  # (importlib itself is a module to load)

    return draw


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
        render(list(shown_views) if isinstance(shown_views, (list, tuple)) else [shown_views], data)


def force_color() -> bool:
    """FORCE_COLOR set and not empty (force-color.org): colour, and the terminal's layout,
    even when piped; NO_COLOR (no-color.org) still takes the colour away."""
    import os

    return bool(os.environ.get("FORCE_COLOR"))


def names_in(data: Any, limit: int = 20_000) -> set[str]:
    """The names DATA holds in its name fields (a walk of at most LIMIT values), for
    keep_whole."""
    # the fields of a result that hold a person's or an enemy's name (or a list of them)
    fields = {"name", "character", "target", "who", "by", "attacker", "enemy", "owner", "hitter", "other", "from", "to"}
    found: set[str] = set()
    stack, seen = [data], 0
    while stack and seen < limit:
        value = stack.pop()
        seen += 1
        if isinstance(value, dict):
            for key, v in value.items():
                if key in fields and isinstance(v, str):
                    found.add(v)
                elif key in fields and isinstance(v, list):
                    found.update(n for n in v if isinstance(n, str))
                elif isinstance(v, (dict, list)):
                    stack.append(v)
        elif isinstance(value, list):
            stack.extend(value)
    return found


def keep_whole(names: Iterable[str]) -> None:
    """NAMES (those of several words) stay on one line while they fit, on a terminal."""
    from campaign_cli.render import layout

    layout.NAMES.update(n for n in names if " " in n.strip() and len(n) <= 100)


def render(views: list[View], data: Any = None) -> None:
    """VIEWS laid out for the terminal's width, in colour and bold; piped, the same text
    never wrapped, whatever `COLUMNS` says (render/layout.py: a row is one line for grep).
    On a terminal, a name of several words DATA holds stays on one line while it fits."""
    terminal = sys.stdout.isatty() or force_color()
    width: int | None = None
    if terminal:
        from rich.console import Console

        console = Console(highlight=False)
        width = console.width
        keep_whole(names_in(data))
    try:
        for view, pieces in _lines(views, width, terminal):
            if terminal:
                console.print(_styled(view, pieces), soft_wrap=True)
            else:
                sys.stdout.write("".join(text for text, _col in pieces) + "\n")
    finally:
        from campaign_cli.render import layout  # (loaded by _lines: a view was drawn)

        layout.NAMES.clear()  # the names were this view's: none outlives it


def _lines(views: list[View], width: int | None, terminal: bool) -> Iterator[tuple[View, list[tuple[str, int]]]]:
    """Each line of VIEWS as (its view, its pieces: text and column; -1 for none, -2 for a
    stacked row's head, -3 for a title); a blank line between views, none between lines
    of text. A line of text is wrapped on a terminal; piped, it stays one line (grep)."""
    from campaign_cli.render import layout
    from campaign_cli.render.text import clean  # only when words are shown: a JSON answer never loads it

    said = False
    for view in views:
        if isinstance(view, Line):
            said = True
            text = clean(view.text)
            yield from ((view, [(line, -1)]) for line in (layout.wrap(text, width) if terminal else [text]))
            continue
        if said:
            yield view, []
        said = True
        if isinstance(view, Fields):
            pairs = [(k, clean(v)) for k, v in view.pairs]
            yield from ((view, p) for p in layout.field_lines(clean(view.title), pairs, width))
            continue
        count = [0]

        def rows(view: Table = view, count: list[int] = count) -> Iterator[list[str]]:
            count[0] = 0
            for row in view.each():
                count[0] += 1
                yield [clean(c) for c in row]

        yield from ((view, p) for p in layout.table_lines(clean(view.title), view.columns, rows, width, view.roles))
        if not count[0]:
            yield view, [(_("(none)"), -1)]


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


def _styled(view: View, pieces: list[tuple[str, int]]) -> Any:
    """A line on a terminal: a title and a stacked row's head in bold, statuses in colour
    (Rich leaves colour out under NO_COLOR)."""
    from rich.text import Text

    line = Text()
    roles = view.roles if isinstance(view, Table) else ()
    forms: dict[str, str] | None = None
    for text, col in pieces:
        style = "bold" if col in (-2, -3) else ""
        if 0 <= col < len(roles) and roles[col] == "status":
            if forms is None:
                forms = {status_of(w, g): st for w, st in STATUS_STYLES.items() for g in GENDERS}
            style = forms.get(text.strip(), "") or forms.get(text.strip().split(" (")[0], "")  # `skipped (dead, R11a)`
        line.append(text, style=style)
    return line


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


class _Held:
    """Standard output held while a view is drawn, for the pager: it says it is the
    terminal it stands for (colour, width), and keeps what is written."""

    def __init__(self, real: Any) -> None:
        import io

        self.real, self.text = real, io.StringIO()

    def write(self, text: str) -> int:
        return self.text.write(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        return int(self.real.fileno())

    @property
    def encoding(self) -> str:
        return str(getattr(self.real, "encoding", "utf-8"))


class paged:  # noqa: N801  # used as a function: `with paged(...):`
    """`log` and `recap` on a terminal, longer than its height, go through a pager as `git
    log` does (CLI.md "Global behaviour"): $CAMPAIGN_PAGER, else $PAGER, else `less -FRX`;
    never piped, with --json/--jsonl, --no-pager, or in a batch line."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled and RUN.capture is None and sys.stdout is not None and sys.stdout.isatty()

    def __enter__(self) -> None:
        if self.enabled:
            self.held = _Held(sys.stdout)
            sys.stdout = self.held  # a text stream for what is drawn

    def __exit__(self, kind: object, exc: object, tb: object) -> None:
        if not self.enabled:
            return
        sys.stdout = self.held.real
        if kind is not None:
            return  # an error: what was drawn is dropped, the error said as ever
        text = self.held.text.getvalue()
        import os
        import shutil

        if text.count("\n") < shutil.get_terminal_size().lines:
            sys.stdout.write(text)
            return
        _page(text, os.environ.get("CAMPAIGN_PAGER") or os.environ.get("PAGER") or "less -FRX")


def _page(text: str, pager: str) -> None:
    """TEXT through PAGER (a shell command line, as git runs $PAGER); where it cannot be
    started, TEXT as it is."""
    import os
    import subprocess

    sys.stdout.flush()
    env = {**os.environ, "LESS": os.environ.get("LESS", "FRX")}
    try:
        proc = subprocess.Popen(pager, shell=True, stdin=subprocess.PIPE, env=env)
    except OSError:
        sys.stdout.write(text)
        return
    assert proc.stdin is not None
    try:
        proc.stdin.write(text.encode(getattr(sys.stdout, "encoding", None) or "utf-8", "replace"))
        proc.stdin.close()
    except BrokenPipeError:
        pass  # the reader quit the pager early: not an error
    proc.wait()
