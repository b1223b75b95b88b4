"""The journal: an append-only JSON Lines sidecar (CAMPAIGN.journal).

It lives beside the campaign file, not inside it, so a campaign with 100,000
entries opens as fast as a new one: ordinary commands never read it, writers
only append, and `log`/`undo` read it backwards from the end.

Crash safety: a writer appends its entry (seq S+1) and fsyncs it *before* it
replaces the campaign file, whose meta records the last committed seq. An
entry whose seq is above the file's seq, or that an entry written later with
the same seq supersedes, belongs to a writer that died before committing:
readers skip it. A line torn by a kill is skipped too, and the next append
starts on a fresh line.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path

CHUNK = 1 << 16


def journal_path(path: Path) -> Path:
    return path.with_name(path.name + ".journal")


def append(path: Path, entry: dict) -> None:
    line = json.dumps(entry, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"
    jpath = journal_path(path)
    fd = os.open(jpath, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        size = os.fstat(fd).st_size
        if size and os.pread(fd, 1, size - 1) != b"\n":
            line = b"\n" + line  # a killed writer left a torn line: never glue onto it
        os.write(fd, line)
        os.fsync(fd)
    finally:
        os.close(fd)


def _lines_backwards(jpath: Path) -> Iterator[bytes]:
    try:
        fh = open(jpath, "rb")
    except FileNotFoundError:
        return
    with fh:
        pos = fh.seek(0, os.SEEK_END)
        rest = b""
        while pos > 0:
            step = min(CHUNK, pos)
            pos -= step
            fh.seek(pos)
            block = fh.read(step) + rest
            lines = block.split(b"\n")
            rest = lines.pop(0)
            for line in reversed(lines):
                if line.strip():
                    yield line
        if rest.strip():
            yield rest


def entries_backwards(path: Path, committed_seq: int) -> Iterator[dict]:
    """Valid entries, newest first (see the module docstring for what is valid)."""
    limit = committed_seq + 1
    for line in _lines_backwards(journal_path(path)):
        try:
            entry = json.loads(line)
        except ValueError:
            continue  # torn by a killed writer
        if not isinstance(entry, dict):
            continue
        seq = entry.get("seq")
        if entry.get("kind") == "roll":
            yield entry
        elif isinstance(seq, int) and seq < limit:
            limit = seq
            yield entry
            if entry.get("kind") == "init":
                return  # older lines belong to a campaign that was deleted and re-created


def read_entries(
    path: Path, committed_seq: int, limit: int | None = None, keep: Callable[[dict], bool] | None = None
) -> list[dict]:
    """The newest LIMIT valid entries that KEEP accepts, oldest first."""
    out: list[dict] = []
    if limit is not None and limit <= 0:
        return out
    for entry in entries_backwards(path, committed_seq):
        if keep is None or keep(entry):
            out.append(entry)
            if limit is not None and len(out) >= limit:
                break
    out.reverse()
    return out


def last_undoable(path: Path, committed_seq: int) -> dict | None:
    """The newest change that no later undo has reverted, or None."""
    undone: set[int] = set()
    for entry in entries_backwards(path, committed_seq):
        kind = entry.get("kind")
        if kind == "undo":
            undone.add(entry.get("undoes"))
        elif kind == "change" and entry["seq"] not in undone:
            return entry
        elif kind == "init":
            return None
    return None
