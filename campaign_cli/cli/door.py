"""What every command line does around its command, whether Typer parses it (cli/app.py)
or the fast path does (cli/fast.py): the campaign file it names, its words for the journal,
the bound on an argument's size, and the answer to anything that goes wrong. Typer-free:
the fast path imports it."""

from __future__ import annotations

import os
import sys

from campaign_cli import i18n
from campaign_cli.cli import output
from campaign_cli.errors import COMMIT, CampaignError, ExitStatus
from campaign_cli.i18n import _
from campaign_cli.run import RUN

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: the fast path
if TYPE_CHECKING:
    from contextlib import AbstractContextManager
    from typing import TypeVar

    from campaign_cli.library.core import Core

    A = TypeVar("A", bound=Core)

MAX_ARGUMENT = 200  # CLI.md "Sizes": a spec, dice list, expression or name longer than this exits 2
FREE_TEXT = frozenset({"note", "reason", "source", "output", "file", "campaign"})  # notes and paths


def campaign_path() -> str:
    return RUN.campaign or os.environ.get("CAMPAIGN_FILE") or "campaign.json"


def acting(area: type[A]) -> AbstractContextManager[A]:
    """The library's campaign for this command's one act, of AREA (a class of acts in
    campaign_cli/library: only its own module is loaded): its own transaction, or the
    open batch's (the act's summary is then the line's)."""
    from campaign_cli.library.core import command

    return command(area, campaign_path(), RUN.words)


def looking(area: type[A], optional: bool = False) -> A:
    """The library's campaign for a command that reads, of AREA (no lock; the open batch's
    inside one). OPTIONAL: no campaign file is none, not a refusal (the catalog's tables)."""
    from campaign_cli.library.core import reader

    return reader(area, campaign_path(), optional)


def json_wanted(args: list[str]) -> bool:
    """Whether a command line asks for JSON, so its errors are JSON too: `--json`, `--jsonl`,
    or `--format json` wherever `--format` takes it (CLI.md); the words after `--` are
    arguments."""
    words = args[: args.index("--")] if "--" in args else args
    if "--json" in words or "--jsonl" in words or "--format=json" in words:
        return True
    from itertools import pairwise

    return any(a == "--format" and b == "json" for a, b in pairwise(words))


def journal_words(args: list[str]) -> list[str]:
    """The command's words for the journal, without the root's options (--campaign PATH, --lang)."""
    return list(args[i18n.root_split(args)[1] :])


def answered(exc: BaseException) -> int:
    """EXC, raised by a command line, reported as the line's answer: its exit status. A
    refusal or a usage problem in one line (a missing campaign with the `init` to make
    it); a closed pipe (`| head`) is no error; anything else is an internal error, said in
    one line (CAMPAIGN_DEBUG=1 raises it for its traceback). Not an exception: re-raised.
    From here the command's answer is being given: a signal no longer adds a second one
    (entry.py), the line said is the answer."""
    COMMIT["answered"] = True
    if isinstance(exc, CampaignError):
        if exc.code == "no_campaign" and _is_campaign_in_use(exc.path):  # the hint repeats the -c the user gave
            from shlex import quote

            where = f"-c {quote(RUN.campaign)} " if RUN.campaign else ""
            exc.message += _("; create one with `{command}`").format(command=f"campaign {where}init")
        return output.fail(exc)
    lost = _answer_lost(exc)
    if lost is not None:
        return _unanswered(exc, lost)
    if not isinstance(exc, Exception) or os.environ.get("CAMPAIGN_DEBUG"):
        raise exc
    return output.fail(
        CampaignError(
            _("internal error: {name}: {exc} (set CAMPAIGN_DEBUG=1 for a traceback)").format(
                name=type(exc).__name__, exc=exc
            ),
            "internal",
        )
    )


# What writing an answer to standard output meets when it cannot be written.
OUTPUT_ERRNOS = frozenset({28, 122, 27, 5, 9, 32})  # ENOSPC, EDQUOT, EFBIG, EIO, EBADF, EPIPE


def _answer_lost(exc: BaseException) -> str | None:
    """Why the command's answer could not be written to standard output (closed, full, a
    broken device), or None when EXC is something else."""
    if isinstance(exc, output.AnswerLost) or sys.stdout is None:
        return _("standard output is closed")
    if isinstance(exc, OSError) and exc.errno in OUTPUT_ERRNOS:
        return i18n.os_reason(exc)
    return None


def _unanswered(exc: BaseException, why: str) -> int:
    """CLI.md "Reliability" (seventh revision): the exit follows the commit. A command that
    saved its change exits 0, saying in one line on stderr that its answer was lost; a read
    with nowhere to write exits 0 on a closed pipe (`| head`), 2 otherwise."""
    from campaign_cli.errors import COMMIT

    try:
        sys.stdout = open(os.devnull, "w")  # nothing more is written where nothing could be
    except OSError:
        pass
    if COMMIT.get("saved"):
        _say(_("campaign: saved; its answer could not be written: {why}").format(why=why))
        return int(ExitStatus.OK)
    if isinstance(exc, BrokenPipeError):
        return int(ExitStatus.OK)  # a closed pipe (| head) is not an error
    _say(_("campaign: error: the answer could not be written: {why}").format(why=why))
    return int(ExitStatus.USAGE)


def _say(line: str) -> None:
    try:
        if sys.stderr is not None:
            sys.stderr.write(line + "\n")
            sys.stderr.flush()
    except OSError:
        pass


def _is_campaign_in_use(path: os.PathLike[str] | str | None) -> bool:
    """Whether a missing file PATH is the campaign this run uses (or not said): a file given
    to a command (`merge BASE OURS THEIRS`) is not a campaign to create with `init`."""
    if path is None:
        return True
    from campaign_cli.store import resolve_path

    return resolve_path(path) == resolve_path(campaign_path())
