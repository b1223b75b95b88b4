"""Following the journal (CLI.md `campaign log --follow`, `campaign_cli.follow`): each entry
as it is committed, by any process or way in, read from what was appended.

A writer appends its entry first and replaces the campaign file after (store/journal.py),
so an entry is committed once the file's `seq` has reached it; an entry a later line with
the same seq supersedes, or whose writer died before the file was replaced, is never
shown. A roll that changed nothing is committed when it is appended; the rolls of a
change (`of`) with that change. The follower never takes the lock and never writes: it
stats the journal each poll and reads only the bytes appended since the last (its cost
does not grow with the journal), and reads the campaign file's bookkeeping only while an
appended change waits to be committed. The campaign file renamed over by a write is read
again by its name; a journal replaced (a campaign made anew at that path) is read from
its start, entries already shown skipped."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from campaign_cli import jsontext
from campaign_cli.store.journal import decode, intact, journal_path

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from typing import Any

META = "1"  # the meta document's key (store.campaign.META_ID, as TinyDB keys it)


def committed(path: Path) -> tuple[int, str | None] | None:
    """The campaign file's last committed seq and its campaign id, or None while it cannot
    be read (a write renames a whole file in: a read sees the old one or the new one)."""
    try:
        data = jsontext.loads(path.read_bytes())
        meta = data["meta"][META]
        return int(meta["seq"]), meta.get("campaign_id")
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return None


def start_after(path: Path, seq: int) -> int:
    """Where the journal's lines after the entry SEQ begin: found from the end, reading
    only what follows it (0 when no entry at or before SEQ is there)."""
    from campaign_cli.store.journal import lines_backwards_at

    for at, line in lines_backwards_at(journal_path(path)):
        entry = decode(line)
        if entry is None:
            continue
        found = entry.get("seq")
        if isinstance(found, int) and not isinstance(found, bool) and found <= seq and entry.get("kind") != "roll":
            return at + len(line) + 1
    return 0


def start_of_newest(path: Path, limit: int) -> int:
    """Where the newest LIMIT committed entries begin (0: the journal is shorter)."""
    from campaign_cli.store.journal import valid_backwards

    state = committed(path)
    if state is None or limit <= 0:
        return os.stat(journal_path(path)).st_size if limit <= 0 and journal_path(path).exists() else 0
    for count, (at, _entry) in enumerate(valid_backwards(path, state[0]), 1):
        if count >= limit:
            return at
    return 0


def entries(
    path: Path,
    start: int = 0,
    poll: float = 0.2,
    after: int | None = None,
    idle: Callable[[], None] | None = None,
) -> Iterator[dict[str, Any]]:
    """Each committed journal entry from byte START on, then each new one as it is
    committed, forever (the caller stops iterating). AFTER: an entry number, those at or
    before it not shown (a journal read again from its start). IDLE: called after each
    poll that found nothing (a front end flushes its output there)."""
    follower = _Follower(path, start, after)
    while True:
        grew = follower.read()
        if follower.pending:
            yield from follower.committed(grew)
        if not grew:
            if idle is not None:
                idle()
            time.sleep(poll)


class _Follower:
    """The journal read as it grows (`read`), and its entries held until the campaign file
    says they are committed (`committed`)."""

    def __init__(self, path: Path, start: int, after: int | None) -> None:
        self.path, self.jpath = path, journal_path(path)
        self.offset, self.rest = start, b""
        self.inode: int | None = None
        self.pending: dict[Any, dict[str, Any]] = {}  # appended, not committed: by seq (a change's roll: its `of`)
        self.shown = after if after is not None else -1  # the newest entry number shown
        self.state = committed(path)
        self.checked_at: tuple[int, int] | None = None  # the campaign file's (inode, mtime) when read

    def read(self) -> bool:
        """The lines appended since the last read, held as pending; whether any came."""
        try:
            info = os.stat(self.jpath)
        except OSError:
            return False
        if self.inode is not None and (info.st_ino != self.inode or info.st_size < self.offset):
            self.offset, self.rest = 0, b""  # a journal made anew, or cut back by a failed write
        self.inode = info.st_ino
        if info.st_size <= self.offset:
            return False
        with open(self.jpath, "rb") as fh:
            fh.seek(self.offset)
            block = fh.read(info.st_size - self.offset)
        self.offset += len(block)
        *lines, self.rest = (self.rest + block).split(b"\n")
        for line in lines:
            self._hold(line)
        return bool(lines)

    def _hold(self, line: bytes) -> None:
        entry = decode(line) if line.strip() else None
        if entry is None or ("sum" in entry and not intact(line)):
            return  # torn by a killed writer, or damaged
        seq = entry.get("seq")
        if entry.get("kind") == "roll":  # a change's rolls come in parts, each its own
            of, part = entry.get("of"), entry.get("part", 0)
            key = ("of", of, part) if isinstance(of, int) else ("roll", self.offset, len(self.pending))
            self.pending[key] = entry
        elif isinstance(seq, int) and not isinstance(seq, bool):
            self.pending[seq] = entry  # a later line with the same seq supersedes it

    def committed(self, grew: bool) -> Iterator[dict[str, Any]]:
        """The pending entries the campaign file now says are committed, in the order told."""
        stat = _stat(self.path)
        if grew or stat != self.checked_at or self.state is None:
            self.state, self.checked_at = committed(self.path), stat
        if self.state is None:
            return
        top, ident = self.state
        for key in sorted(self.pending, key=_order):
            entry = self.pending[key]
            if not _committed(key, top):
                continue
            del self.pending[key]
            if ident is not None and entry.get("campaign") not in (None, ident):
                continue  # another campaign's line
            if self._shown_already(entry):
                continue
            if isinstance(entry.get("seq"), int):
                self.shown = max(self.shown, entry["seq"])
            yield entry

    def _shown_already(self, entry: dict[str, Any]) -> bool:
        """An entry at or before what was shown (or asked to start after)."""
        seq = entry.get("seq")
        if isinstance(seq, int) and seq <= self.shown and entry.get("kind") != "roll":
            return True
        after = entry.get("after")  # a roll from before what was asked for
        return entry.get("kind") == "roll" and isinstance(after, int) and after < self.shown


def _stat(path: Path) -> tuple[int, int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_ino, info.st_mtime_ns


def _order(key: Any) -> tuple[int, int, int]:
    """Pending entries in the order they are told: a change's rolls with it, before it."""
    if isinstance(key, int):
        return key, 1, 0
    if key[0] == "of":
        return key[1], 0, key[2] if isinstance(key[2], int) else 0
    return -1, key[1], key[2]  # a roll of no change: as soon as it is read


def _committed(key: Any, top: int) -> bool:
    if isinstance(key, int):
        return key <= top
    if key[0] == "of":
        return bool(key[1] <= top)
    return True  # a roll that changed nothing is saved when appended
