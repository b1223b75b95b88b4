"""The run: everything one run of the program holds while it works, in one object.

A run is one command line, or a batch of them, or a block of the Python API. What it
holds is set where the run starts (the command line is read, the language chosen, a
transaction opened) and read wherever it is needed: the language's catalog (i18n), the
campaign path and the words of the line (the journal records them), the open batch
transaction and the files it will write, whether the campaign may be changed, and how
output goes (JSON errors, a batch capturing each line's result).

`RUN` is the run in progress in this context: each thread (and each `contextvars`
context) has its own, and `fresh()` starts a new one for a block, the one before it
back when the block ends. So two threads may each hold a campaign open through the
Python API, and nothing one run sets is seen by another."""

from __future__ import annotations

import contextvars

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: this module is on the TAB path
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any


class Run:
    def __init__(self) -> None:
        # the language (i18n.use): the catalog while Russian is in use, else None (English);
        # the help examples' catalog, loaded the first time a help page is shown
        self.catalog: Any = None
        self.examples: Any = None
        # the command line: the campaign file (the root's --campaign) and the words as typed
        self.campaign: str = "campaign.json"
        self.words: list[str] = []
        # a batch or a Python API block: one shared transaction (store.Campaign), the files
        # its lines write (--output), written only once it has committed, and whether it may
        # change the campaign (False inside campaign_cli.read(): an act that would raises)
        self.batch: Any = None
        self.staged: list[tuple[Path, bytes]] | None = None
        self.writable = True
        # the output: errors as JSON objects; a batch collects each command's result here
        self.json_errors = False
        self.capture: list | None = None


_CURRENT: contextvars.ContextVar[Run] = contextvars.ContextVar("campaign_run")


def current() -> Run:
    """The run in progress in this context (a new one the first time it is asked for)."""
    try:
        return _CURRENT.get()
    except LookupError:
        run = Run()
        _CURRENT.set(run)
        return run


class _Current:
    """`RUN.catalog`, `RUN.batch = camp`: the attributes of the current run."""

    __slots__ = ()

    def __getattr__(self, name: str) -> Any:
        return getattr(current(), name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(current(), name, value)


RUN: Run = _Current()  # type: ignore[assignment]  # reads and writes go to current()


class fresh:  # noqa: N801  # used as a function: `with fresh():`
    """`with fresh():` a new run for the block; the one before it comes back after."""

    def __enter__(self) -> Run:
        self.run = Run()
        self.token = _CURRENT.set(self.run)
        return self.run

    def __exit__(self, *exc: object) -> None:
        _CURRENT.reset(self.token)
