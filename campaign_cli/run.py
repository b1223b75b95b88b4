"""The run: everything one run of the program holds while it works, in one object.

A run is one command line, or a batch of them, or a block of the Python API. What it
holds is set where the run starts (the command line is read, the language chosen, a
transaction opened) and read wherever it is needed: the language's catalog (i18n), the
campaign path and the words of the line (the journal records them), the open batch
transaction and the files it will write, whether the campaign may be changed, and how
output goes (JSON errors, a batch capturing each line's result).

`RUN` holds each thread's own values (it is a thread-local object), and `fresh()` starts
a new run for a block (a Python API block does), the one before it back when the block
ends. So two threads may each hold a campaign open through the Python API, and nothing
one sets is seen by the other."""

from __future__ import annotations

from _thread import _local  # threading.local itself, without importing threading

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: this module is on the TAB path
if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path
    from typing import Any


class Run(_local):
    def __init__(self) -> None:  # run again, for its own values, in each thread that reads RUN
        # the language (i18n.use): the catalog while Russian is in use, else None (English);
        # the help examples' catalog, loaded the first time a help page is shown
        self.catalog: Any = None
        self.examples: Any = None
        # the command line: the campaign file (the root's --campaign) and the words as typed
        self.campaign: str = "campaign.json"
        self.words: list[str] = []
        # a batch or a Python API block: one shared transaction (store.Stored), the files
        # its lines write (--output), written only once it has committed, and whether it may
        # change the campaign (False inside campaign_cli.read(): an act that would raises)
        self.batch: Any = None
        self.staged: list[tuple[Path, bytes]] | None = None
        self.writable = True
        # the output: errors as JSON objects; a batch collects each command's result here
        self.json_errors = False
        # who shows the messages: "cli" names options as `--by`, the library as `by=`
        self.front = "library"
        self.capture: list[Any] | None = None
        # called as a command's own work begins, its arguments checked (cli/lazy.py): the
        # console script resumes the garbage collector it paused for start-up (entry.py)
        self.begin: Callable[[], None] | None = None
        # judging a document brought in (import, a board file, a pack), not the campaign's
        # own: its names refuse what names given refuse (Zl, Zp, Co as well as Cc, Cf)
        self.bringing_in = False


RUN = Run()


class fresh:  # noqa: N801  # used as a function: `with fresh():`
    """`with fresh():` a new run in this thread for the block; the one before it comes
    back after."""

    def __enter__(self) -> Run:
        self.before = dict(vars(RUN))
        Run.__init__(RUN)
        return RUN

    def __exit__(self, *exc: object) -> None:
        vars(RUN).clear()
        vars(RUN).update(self.before)
