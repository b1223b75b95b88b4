"""`campaign batch [FILE|-]`: many commands, one process, one transaction."""

import sys
from collections.abc import Iterable, Iterator
from contextlib import nullcontext
from typing import Annotated, Any

import typer

from campaign_cli import jsontext, store
from campaign_cli.cli import fast, output
from campaign_cli.cli.app import execute
from campaign_cli.cli.common import JsonOpt, complete, help_text
from campaign_cli.cli.door import campaign_path
from campaign_cli.cli.lazy import LazyGroup, command_app, line_command
from campaign_cli.errors import CampaignError, UsageProblem
from campaign_cli.i18n import _, os_reason
from campaign_cli.library.block import Block
from campaign_cli.run import RUN
from campaign_cli.store import files

batch_app = command_app()

# Commands that manage files or the journal themselves cannot run inside another transaction.
# share: it writes files beside the campaign (.gitattributes, the merge driver) that no
# transaction keeps, so a failing later line could not take them back (issue 64)
NOT_IN_BATCH = {"batch", "init", "import", "export", "undo", "redo", "demo", "resolve", "share"}


class LineFailed(Exception):
    def __init__(self, line: int, error: CampaignError) -> None:
        super().__init__(error.message)
        self.line, self.error = line, error


MAX_LINE = 64 * 1024  # CLI.md "Sizes": a longer line exits 2 with its number


def spool_source(source: str) -> Any:
    """The input, copied in chunks to a temporary file (memory stays flat, and the lock
    is not held while a slow producer writes to stdin)."""
    import tempfile

    if source == "-" and sys.stdin is None:  # `batch - <&-`: nothing to read (CLI.md: exit 2)
        raise UsageProblem(
            _('cannot read {source}: {strerror}').format(
                source=_("standard input"), strerror=_("standard input is closed")
            ),
            "bad_file",
        )
    spool = tempfile.TemporaryFile()
    try:
        fh = sys.stdin.buffer if source == "-" else open(source, "rb")
    except OSError as exc:
        raise UsageProblem(
            _('cannot read {source}: {strerror}').format(source=source, strerror=os_reason(exc)), "bad_file"
        ) from None
    with fh if source != "-" else nullcontext():
        while chunk := fh.read(1 << 16):
            spool.write(chunk)
            if b"\n" not in chunk and spool.tell() > MAX_LINE * 2 and b"\n" not in _tail(spool):
                break  # one endless line (`batch /dev/zero`): what was read is enough to refuse it
    spool.seek(0)
    return spool


def _tail(spool: Any) -> bytes:
    pos = spool.tell()
    spool.seek(max(pos - MAX_LINE - 1, 0))
    data = spool.read()
    spool.seek(pos)
    return bytes(data)


def check_lengths(spool: Any) -> None:
    """CLI.md "Sizes": a line over 64 KB exits 2 with its number, before the lock is taken
    (one streaming pass over the spool: memory stays flat)."""
    number = 0
    while raw := spool.readline(MAX_LINE + 1):
        number += 1
        if len(raw) > MAX_LINE:  # as parse_lines counts it
            raise LineFailed(
                number, UsageProblem(_('a line is at most {value} KB').format(value=MAX_LINE // 1024), "line_too_long")
            )
    spool.seek(0)


def _strict(number: int, obj: dict[str, Any], raw: bytes) -> None:
    """A batch line is a strict document (CLI.md): a key it does not know, or a key twice
    (JSON readers keep the last: the line would run what its writer did not mean), is exit
    2 naming the line."""
    unknown = sorted(set(obj) - {"args"})
    if unknown:
        raise LineFailed(
            number, UsageProblem(_("unknown key {key!r}: a line has only args").format(key=unknown[0]), "bad_line")
        )

    twice = jsontext.repeated_key(raw)
    if twice is not None:
        raise LineFailed(number, UsageProblem(_("the key {key!r} stands twice").format(key=twice), "bad_line"))


def parse_lines(spool: Any) -> Iterator[tuple[int, list[str]]]:
    """JSON Lines of {"args": [...]}, one at a time; blank lines are skipped; a malformed
    or over-long line fails the batch."""
    number = 0
    while raw := spool.readline(MAX_LINE + 1):
        number += 1
        if len(raw) > MAX_LINE:
            raise LineFailed(
                number, UsageProblem(_('a line is at most {value} KB').format(value=MAX_LINE // 1024), "line_too_long")
            )
        if not raw.strip():
            continue
        try:
            obj = jsontext.loads(raw.decode("utf-8"))
        except (ValueError, RecursionError, UnicodeDecodeError):
            raise LineFailed(number, UsageProblem(_("not a JSON object (or nested too deeply)"), "bad_line")) from None
        if isinstance(obj, dict) and (set(obj) != {"args"} or raw.count(b'"args"') > 1):
            _strict(number, obj, raw)  # CLI.md: a line is a strict document
        args = obj.get("args") if isinstance(obj, dict) else None
        if not isinstance(args, list) or not args or not all(isinstance(a, str) for a in args):
            raise LineFailed(
                number,
                UsageProblem(_('expected {"args": ["command", ...]} with a non-empty list of strings'), "bad_line"),
            )
        if "--help" in args:  # a line runs a command; its help is for a person, not for the results
            raise LineFailed(number, UsageProblem(_("a batch line cannot ask for --help"), "bad_line"))
        if args[0] in NOT_IN_BATCH or args[0].startswith("-"):
            raise LineFailed(
                number, UsageProblem(_('{value!r} cannot run inside a batch').format(value=args[0]), "bad_line")
            )
        yield number, args


class Lines:
    """Command lines run one after another in one open transaction (a batch): each line's
    result, and what the one journal entry keeps of them (the library's Block: summaries,
    events, and the recap's tally of every line)."""

    def __init__(self, root: Any, camp: store.Stored, block: Block | None = None) -> None:
        self.root, self.camp = root, camp
        self.block = block or Block(camp)
        self.leaves: dict[tuple[str, ...], Any] = {}

    @property
    def count(self) -> int:
        return self.block.count

    def leaf(self, args: list[str]) -> tuple[Any, list[str], str]:
        """The command ARGS name, its own words and its name as a usage line shows it
        (`campaign xp award`): a line runs its command directly, without parsing the root's
        and its group's options again for every line. A group alone, or a word that names
        nothing, goes through the root as typed (its usage error is the root's)."""
        path: tuple[str, ...] = ()
        command = self.root
        while isinstance(command, LazyGroup) and len(path) < len(args):
            found = self.leaves.get((*path, args[len(path)]))
            if found is None:
                found = command.get_command(None, args[len(path)])
                if found is None:
                    return self.root, args, "campaign"
                if not isinstance(found, LazyGroup):
                    found = line_command(found)
                self.leaves[(*path, args[len(path)])] = found
            command, path = found, (*path, args[len(path)])
        if isinstance(command, LazyGroup):
            return self.root, args, "campaign"
        return command, args[len(path) :], " ".join(["campaign", *path])

    def run(self, number: int, args: list[str]) -> Any:
        """Run ARGS; returns what the command gives as JSON (None if nothing). A failure
        raises LineFailed, the line's changes still in the open transaction."""
        self.block.begin()
        captured: list[Any] = []
        RUN.capture = captured
        try:
            call = fast.read(args, batch=True)  # the command table's, as a single command is read
            if call is not None:
                code = fast.run(call)
            else:
                command, words, name = self.leaf(args)
                code = execute(command, words, prog_name=name)
        except CampaignError as err:
            self.block.abandon()
            raise LineFailed(number, err) from None
        finally:
            RUN.capture = None
        if code:
            self.block.abandon()
            raise LineFailed(number, CampaignError(_('exited with {code}').format(code=code), "failed"))
        self.block.end(number, args)
        return captured[-1] if captured else None

    def seal(self, summary_one: str, summary_many: str, block: str) -> None:
        self.block.seal(summary_one, summary_many, block)


def run_lines(root: Any, camp: store.Stored, lines: Iterable[tuple[int, list[str]]], results: Any) -> Lines:
    """Run every line against the shared campaign, writing each result to RESULTS;
    the first failure raises LineFailed."""
    ran = Lines(root, camp)
    for number, args in lines:
        result = ran.run(number, args)
        results.write(jsontext.dumps({"line": number, "result": result}, separators=(",", ":")).encode() + b"\n")
    return ran


@batch_app.command(
    "batch",
    help=help_text(
        "Run JSON Lines of commands in one process and one transaction: all are saved, or none.",
        "printf '%s\\n' '{\"args\": [\"xp\", \"award\", \"5\", \"Ajax\"]}' | campaign batch -",
        "campaign batch session.jsonl > results.jsonl",
    ),
)
def batch(
    ctx: typer.Context,
    source: Annotated[
        str,
        typer.Argument(
            metavar="[FILE|-]", help="JSON Lines file; - or nothing reads stdin.", autocompletion=complete.files
        ),
    ] = "-",
    json_out: JsonOpt = False,
) -> None:
    import tempfile

    root = ctx.find_root().command
    spool = spool_source(source)
    results = tempfile.TemporaryFile()
    staged: list[Any] = []
    try:
        check_lengths(spool)
        with store.transaction(campaign_path(), RUN.words) as camp:
            RUN.batch, RUN.staged = camp, staged
            camp.spool_rolls()  # memory flat in the number of lines
            try:
                ran = run_lines(root, camp, parse_lines(spool), results)
            finally:
                RUN.batch, RUN.staged = None, None
                RUN.capture = None
            ran.seal("batch of {n} command", "batch of {n} commands", "batch")
        files.publish(staged)  # committed: the files its lines wrote (--output) appear now, not before
    except LineFailed as failed:
        RUN.json_errors = True  # CLI.md: the error object carries "line"
        raise typer.Exit(output.fail(failed.error, line=failed.line)) from None
    results.seek(0)
    sys.stdout.flush()
    while chunk := results.read(1 << 16):
        sys.stdout.buffer.write(chunk) if hasattr(sys.stdout, "buffer") else sys.stdout.write(chunk.decode())
    sys.stdout.flush()
