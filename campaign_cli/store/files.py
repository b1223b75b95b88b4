"""Low-level file safety: a sidecar lock and atomic replacement."""

from __future__ import annotations

import fcntl
import os
import stat
import time
from contextlib import contextmanager
from pathlib import Path

from campaign_cli.errors import FileProblem


def lock_wait() -> float:
    """Seconds a writer waits for the lock (CAMPAIGN_LOCK_WAIT, default 5)."""
    try:
        return float(os.environ.get("CAMPAIGN_LOCK_WAIT", "5"))
    except ValueError:
        return 5.0


def lock_path_of(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


@contextmanager
def locked(path: Path, wait: float | None = None):
    """Hold an exclusive lock on PATH.lock (never the data file: os.replace swaps it).

    The lock is an flock: a killed writer's lock dies with its process, so no
    stale lock ever blocks the next write.
    """
    wait = lock_wait() if wait is None else wait
    lock_path = lock_path_of(path)
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise FileProblem(f"cannot create lock file {lock_path}: {exc.strerror}", "lock_failed") from exc
    try:
        deadline = time.monotonic() + wait
        delay = 0.002
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise FileProblem(
                        f"{path} is locked by another writer (waited {wait:g} s); try again", "locked"
                    ) from None
                time.sleep(delay)
                delay = min(delay * 2, 0.05)
        yield
    finally:
        os.close(fd)  # closing releases the flock


@contextmanager
def writing_to(path: Path):
    """A failed write (disk full, read-only folder) is a campaign-file problem (exit 3);
    the old file is still in place, since only a complete temporary file replaces it."""
    try:
        yield
    except OSError as exc:
        raise FileProblem(f"cannot write {path}: {exc.strerror or exc}", "unwritable") from None


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def clean_temporaries(path: Path) -> None:
    """Remove temporary files a killed writer left. Call only while holding the lock."""
    prefix = f".{path.name}."
    for tmp in path.parent.glob(f"{prefix}*.tmp"):
        try:
            tmp.unlink()
        except OSError:
            pass


def write_atomic(path: Path, data: bytes) -> None:
    """Write DATA to PATH: temporary file in the same folder, fsync, os.replace.

    Keeps the old file's permissions. PATH must already be resolved (symlinks
    followed), so a symlink keeps pointing at the file it named.
    """
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
