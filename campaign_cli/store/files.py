"""Low-level file safety: a sidecar lock, exclusive temporary files and atomic replacement.

- The lock is an flock on the campaign's folder, which nobody can delete or replace
  while it holds the campaign, taken before an flock on PATH.lock (the sidecar older
  versions lock, never opened through a symlink). A lock file deleted or replaced under
  a writer therefore never lets a second writer in: both wait on the folder.
- Temporary files are created exclusively (O_EXCL, O_NOFOLLOW) with unpredictable names
  `.NAME.<pid>.<random>.tmp` in the target's folder; permissions are set on the open file.
  Leftovers of a killed writer are recognised by a dead pid and matched literally.
- A target without its owner's write permission is never replaced (also for root).
"""

from __future__ import annotations

import fcntl
import math
import os
import stat
import time
from contextlib import contextmanager

from campaign_cli.errors import COMMIT, FileProblem
from campaign_cli.i18n import _, os_reason

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:  # the type checker holds a FilePath to what a Path offers; the store uses no more
    from collections.abc import Callable, Iterator
    from pathlib import Path
    from pathlib import Path as FilePath
    from typing import BinaryIO

    __all__ = ["FilePath"]
else:

    class FilePath(str):
        """A file's path as text, with the few `pathlib.Path` operations the store uses (name,
        parent, with_name, `/`, exists, is_dir, read_bytes, unlink): a command's paths, so that
        no command loads pathlib, whose imports (re, fnmatch, urllib.parse, ipaddress, ntpath)
        were a seventh of a read's instructions. Equal to its text; `os` takes it as it is."""

        __slots__ = ()

        @property
        def name(self) -> str:
            return os.path.basename(self)

        @property
        def parent(self) -> FilePath:
            return FilePath(os.path.dirname(self) or ".")

        def with_name(self, name: str) -> FilePath:
            return FilePath(os.path.join(os.path.dirname(self), name))

        def __truediv__(self, name: str) -> FilePath:  # type: ignore[override]
            return FilePath(os.path.join(self, name))

        def __fspath__(self) -> str:
            return str.__str__(self)

        def exists(self) -> bool:
            return os.path.exists(self)

        def is_dir(self) -> bool:
            return os.path.isdir(self)

        def read_bytes(self) -> bytes:
            with open(self, "rb") as fh:
                return fh.read()

        def unlink(self, missing_ok: bool = False) -> None:
            try:
                os.unlink(self)
            except FileNotFoundError:
                if not missing_ok:
                    raise


NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
DEFAULT_WAIT = 5.0


def not_regular(path: Path, what: str) -> FileProblem:
    """PATH, WHAT the command needs (the campaign file, its journal), is a FIFO, folder or
    device: no campaign can be there (exit 3)."""
    return FileProblem(_("{path}: the {what} is not a regular file").format(path=path, what=what), "not_a_file")


def check_regular(fd: int, path: Path, what: str) -> None:
    """Only a regular file with one link is a campaign file or journal (exit 3 otherwise):
    a FIFO would hang every command, a second link lets another path change it unseen."""
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        raise not_regular(path, what)
    if st.st_nlink > 1:
        raise FileProblem(
            _("{path}: the {what} has {count} hard links; refusing a file that other paths can change").format(
                path=path, what=what, count=st.st_nlink
            ),
            "hard_linked",
        )


def lock_wait() -> float:
    """Seconds a writer waits for the lock (CAMPAIGN_LOCK_WAIT, default 5; nonsense means 5)."""
    try:
        wait = float(os.environ.get("CAMPAIGN_LOCK_WAIT", DEFAULT_WAIT))
    except ValueError:
        return DEFAULT_WAIT
    return wait if math.isfinite(wait) and 0 <= wait <= 86400 else DEFAULT_WAIT


def lock_path_of(path: Path) -> Path:
    """The lock file beside PATH (a Path, or the text a read keeps: the same type back)."""
    return type(path)(os.fspath(path) + ".lock")


def _open_lock(lock_path: Path) -> int:
    """The lock file, opened (made if missing); only a regular file is one (CLI.md: a device,
    FIFO or folder where the lock belongs is exit 3 before anything is written). Opened
    without blocking, so a FIFO there is refused, not waited on."""
    import stat

    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | NOFOLLOW | os.O_NONBLOCK, 0o644)
    except OSError as exc:
        why = _("it is a symbolic link") if os.path.islink(lock_path) else os_reason(exc)
        raise FileProblem(
            _('cannot open lock file {lock_path}: {why}').format(lock_path=lock_path, why=why), "lock_failed"
        ) from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise FileProblem(
            _('cannot open lock file {lock_path}: {why}').format(
                lock_path=lock_path, why=_("it is not a regular file")
            ),
            "lock_failed",
        )
    return fd


def _same_file(fd: int, lock_path: Path) -> bool:
    try:
        there = os.stat(lock_path, follow_symlinks=False)
    except OSError:
        return False
    mine = os.fstat(fd)
    return (mine.st_dev, mine.st_ino) == (there.st_dev, there.st_ino)


class Lock:
    """An exclusive flock on the campaign's folder, then on PATH.lock (never the data
    file: os.replace swaps it).

    A killed writer's flocks die with its process, so no stale lock ever blocks the next
    write. The folder's flock is what keeps two writers apart: a folder holding the
    campaign cannot be removed, and a lock file removed or replaced (by a person, a sync
    tool) changes nothing about it. The sidecar's flock keeps older versions out, and is
    taken again if its file was replaced while we waited.
    """

    def __init__(self, path: Path, wait: float | None = None) -> None:
        self.path, self.lock_path = path, lock_path_of(path)
        self.wait = lock_wait() if wait is None else wait
        self.fd: int | None = None
        self.folder_fd: int | None = None

    def take(self) -> None:
        self.release()
        deadline = time.monotonic() + self.wait
        self.folder_fd = self._flock(lambda: _open_folder(self.path.parent), deadline, self.path.parent)
        try:
            while True:
                fd = self._flock(lambda: _open_lock(self.lock_path), deadline, self.lock_path)
                if _same_file(fd, self.lock_path):
                    self.fd = fd
                    return
                os.close(fd)  # the lock file was deleted or replaced: lock the one there now
        except BaseException:  # no lock file (a read-only folder): the folder's flock is let go
            self.release()  # too, or the next writer of this process waits on its own flock
            raise

    def _flock(self, opener: Callable[[], int], deadline: float, held: Path) -> int:
        """An flock on what OPENER opens (HELD: the folder or the lock file), waited for until
        DEADLINE; a refusal names HELD, the lock another writer holds (which may be a
        campaign's next to ours, in the same folder)."""
        delay = 0.002
        while True:
            fd = opener()
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return fd
            except BlockingIOError:
                os.close(fd)
                if time.monotonic() >= deadline:
                    self.release()
                    raise FileProblem(
                        _(
                            '{path} is locked by another writer: the lock on {held} is held '
                            '(waited {wait:g} s); try again'
                        ).format(path=self.path, held=held, wait=self.wait),
                        "locked",
                    ) from None
                time.sleep(delay)
                delay = min(delay * 2, 0.05)

    def note(self, text: bytes) -> None:
        """TEXT kept in the lock file we hold, in place of what it held (the verdict on the
        bytes just written, store/campaign.py). Best effort: a lock file that cannot take
        it only costs the next read a judge."""
        if self.fd is None:
            return
        try:
            os.ftruncate(self.fd, 0)
            os.pwrite(self.fd, text, 0)
        except OSError:
            pass

    def held(self) -> bool:
        """Whether we still keep every other writer out: the folder's flock does, whatever
        became of the lock file."""
        return self.folder_fd is not None

    def release(self) -> None:
        for name in ("fd", "folder_fd"):
            fd = getattr(self, name)
            if fd is not None:
                os.close(fd)  # closing releases the flock
                setattr(self, name, None)

    def __enter__(self) -> Lock:
        self.take()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def read_note(lock_path: Path, most: int = 128) -> bytes:
    """The start of what LOCK_PATH holds, without its lock (MOST bytes; all of it when MOST
    is 0): b"" when it is missing, a link, or anything but a regular file."""
    try:
        fd = os.open(lock_path, os.O_RDONLY | NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return b""
    try:
        if not most:
            import stat

            status = os.fstat(fd)
            if not stat.S_ISREG(status.st_mode):
                return b""
            most = status.st_size or 1
        return os.read(fd, most)
    except OSError:
        return b""
    finally:
        os.close(fd)


def _open_folder(folder: Path) -> int:
    try:
        return os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError as exc:
        raise FileProblem(
            _('cannot lock the folder {folder}: {why}').format(folder=folder, why=os_reason(exc)), "lock_failed"
        ) from None


def locked(path: Path, wait: float | None = None) -> Lock:
    return Lock(path, wait)


@contextmanager
def writing_to(path: Path) -> Iterator[None]:
    """A failed write (disk full, read-only folder) is a campaign-file problem (exit 3);
    the old file is still in place, since only a complete temporary file replaces it."""
    try:
        yield
    except OSError as exc:
        raise FileProblem(
            _('cannot write {path}: {value}').format(path=path, value=os_reason(exc)), "unwritable"
        ) from None


# Every write is durable: the file, the journal and the folder are fsynced. The test suite
# alone turns that off for its throw-away campaigns (tests/conftest.py sets the variable
# below): a process killed mid-write still leaves whole files, since the page cache outlives
# it; only a power cut needs the fsync, and no test cuts the power.
NO_FSYNC = os.environ.get("CAMPAIGN_TEST_NO_FSYNC") == "1"


def sync(fd: int) -> None:
    """fsync FD (the durable default)."""
    if not NO_FSYNC:
        os.fsync(fd)


def _fsync_dir(folder: Path) -> None:
    if NO_FSYNC:
        return
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


def _pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # exists, owned by someone else
    return True


def clean_temporaries(path: Path) -> None:
    """Remove the temporary files that killed writers left beside PATH: names
    `.NAME.<pid>.<random>.tmp` whose pid is gone, compared literally (no globbing)."""
    prefix, folder = f".{path.name}.", path.parent
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        if not (name.startswith(prefix) and name.endswith(".tmp")):
            continue
        pid, _sep, token = name[len(prefix) : -len(".tmp")].partition(".")
        if not (pid.isdigit() and token and token.isalnum()) or _pid_alive(int(pid)):
            continue
        try:
            os.unlink(folder / name)
        except OSError:
            pass


def check_writable(path: Path) -> int | None:
    """`chmod a-w` protects a file: without its owner's write bit it is not replaced.
    Returns the file's permission bits (None when there is no file yet)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return None
    if not mode & stat.S_IWUSR:
        raise FileProblem(
            _('{path} is read-only (chmod u+w {name} to allow changes)').format(path=path, name=path.name), "read_only"
        )
    return stat.S_IMODE(mode)


def write_atomic(path: Path, data: bytes) -> None:
    """Write DATA to PATH: an exclusive temporary file in the same folder, fsync, os.replace.

    Keeps the old file's permissions (set on the open file, never through a path).
    PATH must already be resolved (symlinks followed), so a symlink keeps pointing at
    the file it named. A read-only PATH is refused (exit 3).
    """
    mode = check_writable(path)
    if mode is None:
        mode = 0o666 & ~_umask()
    COMMIT["started"] = True  # init, import, export: from here the file is written, whatever signal comes
    while True:
        tmp = path.with_name(f".{path.name}.{os.getpid()}.{token()}.tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | NOFOLLOW, 0o600)
            break
        except FileExistsError:
            continue
    try:
        with os.fdopen(fd, "wb") as fh:
            view = memoryview(data)
            while view:
                view = view[fh.write(view) :]
            fh.flush()
            os.fchmod(fh.fileno(), mode)
            sync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def token() -> str:
    """An unpredictable name part: 64 bits from the OS (os.urandom, as `secrets` uses,
    without importing `secrets` and its hashlib on every command)."""
    return os.urandom(8).hex()


def publish(staged: list[tuple[Path, bytes]]) -> None:
    """Write each staged output (a batch or a library block has committed: the files its
    acts wrote, an export's output, appear now, not before): a regular file atomically; a
    device, FIFO or socket (`/dev/stdout`) as a stream, never unlinked or renamed over. An
    output that cannot be written (full disk, read-only) is exit 2 naming it: exit 3 is
    the campaign's own files' (CLI.md "Reliability guarantees")."""
    from campaign_cli.errors import Opt, Say, UsageProblem

    for target, data in staged:
        try:
            if is_stream(target):
                stream = _open_stream(target)  # a FIFO waits for its reader here, interruptibly
                COMMIT["started"] = True  # from here the output is written, whatever signal comes
                with stream:
                    stream.write(data)
                continue
            clean_temporaries(target)  # what a killed export left
            write_atomic(target, data)
        except BrokenPipeError:
            raise  # the reader went away (`--output /dev/stdout | head`): not an error of ours
        except (OSError, FileProblem) as exc:
            why = os_reason(exc) if isinstance(exc, OSError) else exc.message
            raise UsageProblem(
                Say("{option}: cannot write {output}: {why}", option=Opt("output"), output=str(target), why=why),
                "bad_file",
            ) from None


def _open_stream(target: Path) -> BinaryIO:
    """TARGET (a device, FIFO or socket) opened for writing. A FIFO with no reader yet is
    waited for as a shell's `>` waits, but in steps that Ctrl-C or SIGTERM end (exit 130 or
    143, nothing written): a blocking open() would hold the process in the kernel, deaf to
    both (CLI.md "Reliability")."""
    import errno
    import stat
    import time

    if not stat.S_ISFIFO(os.stat(target).st_mode):
        return open(target, "wb")
    while True:
        try:
            fd = os.open(target, os.O_WRONLY | os.O_NONBLOCK)
            break
        except OSError as exc:
            if exc.errno != errno.ENXIO:  # ENXIO: no reader has opened it yet
                raise
            time.sleep(0.05)
    os.set_blocking(fd, True)
    return os.fdopen(fd, "wb")


def is_socket(path: Path) -> bool:
    """Whether PATH (its link followed) is a socket: no output can be opened there."""
    import stat

    try:
        return stat.S_ISSOCK(os.stat(path).st_mode)
    except OSError:
        return False


def is_stream(path: Path) -> bool:
    """Whether PATH (its link followed) is a device, a FIFO or a socket: written as a stream."""
    import stat

    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
