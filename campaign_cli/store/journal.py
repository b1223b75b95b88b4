"""The journal: an append-only JSON Lines sidecar (CAMPAIGN.journal).

It lives beside the campaign file, not inside it, so a campaign with 100,000
entries opens as fast as a new one: ordinary commands never read it, writers
only append, and `log`/`undo` read it backwards from the end or jump to an entry
by its byte offset.

Every entry carries the campaign's id, its seq and a checksum (CRC-32 of the line,
written as its last field), so `undo` can prove that the journal belongs to the
file and is intact before it touches anything.

The journal is a chain, as git chains commits: each change carries the hash (SHA-256)
of the change before it (`prev_hash`) and of the change an undo would go back to next
(`prev_undo_hash`), and the campaign file carries the hash of its last change
(`journal_hash`) and of the change `undo` reverts next (`undo_hash`). A CRC only catches
accidents; an entry edited and re-sealed, or an old one replayed with the current seq,
no longer matches its hash and `undo` refuses. What the chain cannot stop: someone who
rewrites the campaign file and the journal together. Rolls are not chained: they change
nothing undo relies on.

Crash safety: a writer appends its entry (seq S+1) and fsyncs it *before* it
replaces the campaign file, whose meta records the last committed seq. An
entry whose seq is above the file's, or that a later entry with the same seq
supersedes, belongs to a writer that died before committing: readers skip it. A
line torn by a kill is skipped too, and the next append starts on a fresh line.
A short append (disk full, `ulimit -f`) fails the command before the file is replaced.
"""

from __future__ import annotations

import os
import sys
import zlib
from collections.abc import Callable, Iterator

from campaign_cli import jsontext
from campaign_cli.errors import FileProblem
from campaign_cli.i18n import _, os_reason
from campaign_cli.store import files
from campaign_cli.store.files import check_regular

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from pathlib import Path  # a command's paths are store.files.FilePath: text
    from typing import Any

CHUNK = 1 << 16
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_SUM = b',"sum":"'  # the checksum field closes every line: ...,"sum":"1a2b3c4d"}
_SUM_LEN = len(_SUM) + 8 + 2


def journal_path(path: Path) -> Path:
    return path.with_name(path.name + ".journal")


def _seal(entry: dict[str, Any]) -> bytes:
    body = jsontext.dumps(entry, separators=(",", ":")).encode()
    return body[:-1] + _SUM + b"%08x" % zlib.crc32(body) + b'"}'


def intact(line: bytes) -> bool:
    """Whether LINE carries a checksum that matches it."""
    line = line.rstrip(b"\r\n")
    if len(line) < _SUM_LEN or line[-_SUM_LEN:-10] != _SUM:
        return False
    body = line[:-_SUM_LEN] + b"}"
    return b"%08x" % zlib.crc32(body) == line[-10:-2]


def _open(jpath: Path, flags: int) -> int:
    """The journal, never through a symlink, never blocking: only a regular file with one
    link is a journal (exit 3 otherwise)."""
    try:
        fd = os.open(jpath, flags | NOFOLLOW | os.O_NONBLOCK, 0o644)
    except IsADirectoryError:
        raise FileProblem(_('journal {jpath} is a folder').format(jpath=jpath), "journal_unusable") from None
    except FileNotFoundError:
        raise
    except OSError as exc:
        if os.path.islink(jpath):
            raise FileProblem(
                _('journal {jpath} is a symbolic link; refusing to follow it').format(jpath=jpath), "journal_link"
            ) from None
        raise FileProblem(
            _('cannot open the journal {jpath}: {why}').format(jpath=jpath, why=os_reason(exc)), "journal_unusable"
        ) from None
    try:
        check_regular(fd, jpath, _("journal"))
    except FileProblem:
        os.close(fd)
        raise
    return fd


_SHA256: list[Any] = []  # the constructor, found once a process: a failed import searches sys.path again each time


def digest(line: bytes) -> str:
    """An entry's hash in the chain: SHA-256 of its line, loaded only by writes and undo,
    never by a read command. CPython's own SHA-256 module where it has one (3 ms to load),
    else hashlib (which loads OpenSSL: 7 ms); the same digest either way."""
    if not _SHA256:
        try:
            if sys.version_info >= (3, 12):
                from _sha2 import sha256
            else:
                from _sha256 import sha256
        except ImportError:
            from hashlib import sha256
        _SHA256.append(sha256)
    returned: str = _SHA256[0](line.rstrip(b"\r\n")).hexdigest()
    return returned


def append(path: Path, entry: dict[str, Any], fresh: bool = False) -> tuple[int, str]:
    """Append ENTRY (sealed with its checksum) and fsync; returns the byte offset of its
    line and its hash. A short write is an error: the caller must not commit. Never onto a
    journal of another campaign, unless FRESH (init or import: a new campaign starts a new
    history after whatever an old file of that name left)."""
    sealed = _seal(entry)
    line = sealed + b"\n"
    jpath = journal_path(path)
    fd = _open(jpath, os.O_RDWR | os.O_CREAT | os.O_APPEND)
    try:
        size = os.fstat(fd).st_size
        if size and not fresh and entry.get("campaign") is not None:
            _same_campaign(path, entry["campaign"])
        if size and os.pread(fd, 1, size - 1) != b"\n":
            line = b"\n" + line  # a killed writer left a torn line: never glue onto it
            size += 1
        written = os.write(fd, line)
        if written != len(line):
            raise OSError(0, f"short write to the journal ({written} of {len(line)} bytes)")
        files.sync(fd)
    finally:
        os.close(fd)
    return size, digest(sealed)


def _same_campaign(path: Path, ident: str) -> None:
    """The journal's newest entry names campaign IDENT (or none: written before schema 2);
    a journal of another campaign (a file copied or renamed beside another's journal) is
    never appended to: exit 3, nothing written (CLI.md "Reliability")."""
    for line in _lines_backwards(journal_path(path)):
        entry = decode(line)
        if entry is None:
            continue
        named = entry.get("campaign")
        if named is not None and named != ident:
            raise FileProblem(
                _("the journal {value} belongs to another campaign; nothing was written").format(
                    value=journal_path(path)
                ),
                "journal_broken",
            )
        return


def length(path: Path) -> int | None:
    """The journal's size in bytes, or None when there is none."""
    try:
        return os.stat(journal_path(path)).st_size
    except OSError:
        return None


def cut(path: Path, size: int) -> None:
    """Take back what a failed commit appended (the campaign file could not be written: a
    full disk): the journal cut back to SIZE bytes, so a refusal leaves it as it was. Best
    effort: a truncate frees space, and a journal it could not cut is an uncommitted tail
    that undo never takes (its seq is past the file's)."""
    try:
        fd = _open(journal_path(path), os.O_WRONLY)
    except OSError:
        return
    try:
        if os.fstat(fd).st_size > size:
            os.ftruncate(fd, size)
            files.sync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def line_at(path: Path, offset: int) -> bytes | None:
    """The line that starts at OFFSET, or None when there is no journal."""
    try:
        fd = _open(journal_path(path), os.O_RDONLY)
    except FileNotFoundError:
        return None
    try:
        chunks = []
        pos = offset
        while True:
            block = os.pread(fd, CHUNK, pos)
            if not block:
                break
            end = block.find(b"\n")
            if end >= 0:
                chunks.append(block[:end])
                break
            chunks.append(block)
            pos += len(block)
    finally:
        os.close(fd)
    return b"".join(chunks)


def decode(line: bytes) -> dict[str, Any] | None:
    try:
        entry = jsontext.loads(line)
    except (ValueError, RecursionError):
        return None
    return entry if isinstance(entry, dict) else None


def _lines_backwards(jpath: Path) -> Iterator[bytes]:
    """Lines from the end, each read once: linear in what is read, however long a line."""
    for _at, line in lines_backwards_at(jpath):
        yield line


def lines_backwards_at(jpath: Path) -> Iterator[tuple[int, bytes]]:
    """(the byte offset where a line starts, the line), from the end, each line read once."""
    try:
        fd = _open(jpath, os.O_RDONLY)
    except FileNotFoundError:
        return
    with os.fdopen(fd, "rb") as fh:
        pos = fh.seek(0, os.SEEK_END)
        tail: list[bytes] = []  # pieces of the line being read, last piece first
        while pos > 0:
            step = min(CHUNK, pos)
            pos -= step
            fh.seek(pos)
            block = fh.read(step)
            parts = block.split(b"\n")
            if len(parts) == 1:
                tail.append(block)
                continue
            at = pos + len(block) - len(parts[-1])  # where the last piece starts
            tail.append(parts[-1])
            line = b"".join(reversed(tail))
            if line.strip():
                yield at, line
            for piece in reversed(parts[1:-1]):
                at -= len(piece) + 1
                if piece.strip():
                    yield at, piece
            tail = [parts[0]]
        line = b"".join(reversed(tail))
        if line.strip():
            yield 0, line


def valid_backwards(path: Path, committed_seq: int) -> Iterator[tuple[int, dict[str, Any]]]:
    """(offset, entry) of the valid entries, newest first (see the module docstring)."""
    limit = committed_seq + 1
    for at, line in lines_backwards_at(journal_path(path)):
        entry = decode(line)
        if entry is None or ("sum" in entry and not intact(line)):
            continue  # torn by a killed writer, or damaged
        seq = entry.get("seq")
        if entry.get("kind") == "roll":
            yield at, entry
        elif isinstance(seq, int) and not isinstance(seq, bool) and seq < limit:
            limit = seq
            yield at, entry
            if entry.get("kind") == "init":
                return  # older lines belong to a campaign that was deleted and re-created


def entries_backwards(path: Path, committed_seq: int) -> Iterator[dict[str, Any]]:
    """Valid entries, newest first (see the module docstring for what is valid)."""
    for _at, entry in valid_backwards(path, committed_seq):
        yield entry


def read_entries(
    path: Path, committed_seq: int, limit: int | None = None, keep: Callable[[dict[str, Any]], bool] | None = None
) -> list[dict[str, Any]]:
    """The newest LIMIT valid entries that KEEP accepts, oldest first."""
    return list(stream_entries(path, committed_seq, limit, keep))


def stream_entries(
    path: Path, committed_seq: int, limit: int | None = None, keep: Callable[[dict[str, Any]], bool] | None = None
) -> Iterator[dict[str, Any]]:
    """The newest LIMIT valid entries that KEEP accepts, oldest first, one at a time: a
    first pass from the end keeps only where each starts (8 bytes an entry), a second
    reads them forward; memory does not grow with the journal's entries."""
    from array import array

    offsets = array("q")
    if limit is None or limit > 0:
        for at, entry in valid_backwards(path, committed_seq):
            if keep is None or keep(entry):
                offsets.append(at)
                if limit is not None and len(offsets) >= limit:
                    break
    offsets.reverse()
    if not offsets:
        return
    with os.fdopen(_open(journal_path(path), os.O_RDONLY), "rb") as fh:
        for at in offsets:
            fh.seek(at)
            found = decode(fh.readline())
            if found is not None:  # valid when the first pass read it; the journal only grows
                yield found


def broken(path: Path, why: str) -> FileProblem:
    return FileProblem(
        _('cannot undo: the journal {value} {why}; nothing was changed').format(value=journal_path(path), why=why),
        "journal_broken",
    )


def prove(path: Path, meta: dict[str, Any]) -> None:
    """The journal's newest committed entry must be the file's last change: same campaign
    id, same seq, intact. Otherwise the journal was cut, damaged or belongs elsewhere."""
    seq, ident = meta["seq"], meta.get("campaign_id")
    if not journal_path(path).exists():
        raise broken(path, _("is missing"))
    newest: bytes | None = None
    for line in _lines_backwards(journal_path(path)):
        entry = decode(line)
        if entry is None or entry.get("kind") == "roll":
            continue
        found = entry.get("seq")
        if not isinstance(found, int) or isinstance(found, bool) or found > seq:
            continue  # a writer that died before committing
        if newest is not None:  # the line before the newest: the same change again is a replay
            if found == seq and entry.get("campaign") == ident and ident is not None:
                raise broken(path, _("entry #{seq} stands twice (replayed)").format(seq=seq))
            return
        newest = line
        if found < seq:
            raise broken(
                path,
                _('ends at change #{found} but the campaign is at #{seq} (cut short or damaged)').format(
                    found=found, seq=seq
                ),
            )
        if "campaign" not in entry and "sum" not in entry:
            return  # written before schema 2 (no id, no checksum): the seq is all there is to prove
        if entry.get("campaign") != ident:
            raise broken(path, _("belongs to another campaign"))
        if not intact(line):
            raise broken(path, _('entry #{seq} is damaged').format(seq=seq))
        if meta.get("journal_hash") and digest(line) != meta["journal_hash"]:
            raise broken(
                path,
                _("entry #{seq} is not the change the campaign file records (edited, re-sealed or replayed)").format(
                    seq=seq
                ),
            )
    if newest is None:
        raise broken(path, _("holds no entry for this campaign"))


def undo_target(path: Path, meta: dict[str, Any]) -> dict[str, Any] | None:
    """The newest change no undo has reverted, found through the file's undo pointer
    (one read at a byte offset) and checked: seq, campaign id and checksum."""
    top, offset = meta.get("undo_top"), meta.get("undo_at")
    if "undo_top" not in meta or (top is not None and offset is None):
        return last_undoable(path, meta["seq"], top)
    if top is None:
        return None
    line = line_at(path, offset) if isinstance(offset, int) and not isinstance(offset, bool) and offset >= 0 else None
    entry = decode(line) if line is not None and intact(line) else None
    if entry is None or entry.get("seq") != top or entry.get("campaign") != meta.get("campaign_id"):
        raise broken(path, _('entry #{top} is missing or damaged').format(top=top))
    if meta.get("undo_hash") and line is not None and digest(line) != meta["undo_hash"]:
        raise broken(
            path,
            _("entry #{top} is not the change the campaign file records (edited, re-sealed or replayed)").format(
                top=top
            ),
        )
    return entry


def last_undoable(path: Path, committed_seq: int, wanted: int | None = None) -> dict[str, Any] | None:
    """Older journals without undo pointers: walk back to the newest change that no
    later undo has reverted (or to change WANTED)."""
    undone: set[int | None] = set()
    for entry in entries_backwards(path, committed_seq):
        kind = entry.get("kind")
        if kind == "undo":
            undone.add(entry.get("undoes"))
        elif kind in ("change", "merge") and entry["seq"] not in undone and (wanted is None or entry["seq"] == wanted):
            return entry
        elif kind == "init":
            return None
    return None
