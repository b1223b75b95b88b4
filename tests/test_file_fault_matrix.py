"""The file-fault matrix (issue 64, CLI.md "Reliability guarantees"): `init`, `import`, a
write, `undo`, `batch` and `export`, each with a FIFO, a folder, a device or a symlink in
place of the campaign, its journal, its lock or the `--output`, and in a read-only folder,
on a full disk and under `ulimit -f`. Each answers with the exit code CLI.md names: 3 for
the campaign's own files, 2 for an output that cannot be used, or the command's documented
refusal; never an internal error, nothing left behind, no device or FIFO replaced.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.conftest import Cli

COMMANDS = ("init", "import", "write", "undo", "batch", "export")
PLACES = ("campaign", "journal", "lock", "output")
KINDS = ("fifo", "folder", "device", "symlink")
ROOT = os.geteuid() == 0


def _args(command: str, folder: Path) -> tuple[list[str], str | None]:
    """The command line (after `-c FILE`) and its standard input."""
    line = '{"args": ["xp", "award", "1", "Ajax"]}\n'
    return {
        "init": (["init"], None),
        "import": (["import", str(folder / "export.json")], None),
        "write": (["xp", "award", "1", "Ajax"], None),
        "undo": (["undo"], None),
        "batch": (["batch", "-"], line),
        "export": (["export", "--output", str(folder / "out.json"), "--force"], None),
    }[command]


def _campaign(folder: Path) -> Path:
    """A campaign with Ajax and one award to undo, and its export beside it."""
    cli = Cli(folder / "c.json")
    cli.json("init")
    cli.json("character", "create", "Ajax", "--st", "12", "--dx", "10", "--iq", "10")
    cli.json("xp", "award", "1", "Ajax")
    cli.json("export", "--output", str(folder / "export.json"))
    return folder / "c.json"


def _path(place: str, folder: Path) -> Path:
    return {
        "campaign": folder / "c.json",
        "journal": folder / "c.json.journal",
        "lock": folder / "c.json.lock",
        "output": folder / "out.json",
    }[place]


def _plant(kind: str, where: Path, tmp_path: Path) -> None:
    """Put a KIND where WHERE was (what stood there moved aside, into tmp_path/aside)."""
    aside = tmp_path / "aside"
    aside.mkdir()
    if kind == "symlink" and where.name == "c.json":  # a campaign kept elsewhere, its journal beside it
        for name in ("c.json", "c.json.journal"):
            if (where.parent / name).exists():
                shutil.move(str(where.parent / name), aside / name)
        where.symlink_to(aside / "c.json")
        return
    if where.exists() or where.is_symlink():
        shutil.move(str(where), aside / where.name)
    if kind == "fifo":
        os.mkfifo(where)
    elif kind == "folder":
        where.mkdir()
    elif kind == "device":
        os.mknod(where, 0o600 | stat.S_IFCHR, os.makedev(1, 3))  # /dev/null's numbers
    else:  # a symlink to what stood there (or to where a file of that name would be)
        where.symlink_to(aside / where.name)


def _expected(command: str, place: str, kind: str) -> int:
    """The exit code CLI.md names for COMMAND with a KIND at PLACE."""
    if command in ("init", "import"):
        if place == "campaign":  # a link to nothing yet is made through; a FIFO, folder, device: no campaign (3)
            return 0 if kind == "symlink" else 3
        if place in ("journal", "lock"):
            return 3  # the campaign's own files: made nowhere else
        return 0  # they write no output
    if place == "output":
        if command != "export":
            return 0
        return 2 if kind == "folder" else 0  # a device or FIFO is a stream; a symlink is followed
    if place == "campaign":
        return 0 if kind == "symlink" else 3  # a link to the campaign is followed (writes replace its target)
    if command == "export":
        return 0  # a read: the journal and the lock are not used
    return 3


def _reader(path: Path) -> threading.Thread:
    """Read a FIFO until its writer closes it (an export into it must not block)."""
    done = threading.Thread(target=lambda: Path(path).read_bytes(), daemon=True)
    done.start()
    return done


CELLS = [(c, p, k) for c in COMMANDS for p in PLACES for k in KINDS]


@pytest.mark.parametrize(("command", "place", "kind"), CELLS, ids=["-".join(c) for c in CELLS])
def test_a_fault_in_place_of_a_file_gets_its_exit_code_and_nothing_else(tmp_path, command, place, kind):
    if kind == "device" and not ROOT:
        pytest.skip("making a device node needs root")
    folder = tmp_path / "here"
    folder.mkdir()
    campaign = _campaign(folder)
    if command in ("init", "import"):  # they make the campaign: start with none (but the export)
        for name in ("c.json", "c.json.journal", "c.json.lock"):
            (folder / name).unlink(missing_ok=True)
    where = _path(place, folder)
    _plant(kind, where, tmp_path)
    before = {p.name: (p.lstat().st_mode, _bytes(p)) for p in folder.iterdir()}
    reader = _reader(where) if kind == "fifo" and place == "output" and command == "export" else None
    args, given = _args(command, folder)
    result = Cli(campaign)(*args, input=given)
    if reader is not None:
        reader.join(timeout=10)
    assert "internal error" not in result.stderr
    assert result.exit_code == _expected(command, place, kind), (result.stdout, result.stderr)
    # what stood at PLACE is still what it was: never unlinked, renamed over or replaced
    planted = os.lstat(where).st_mode
    assert stat.S_IFMT(planted) == stat.S_IFMT(before[where.name][0])
    left = {p.name for p in folder.iterdir()} - set(before)
    if result.exit_code:  # a refusal leaves nothing behind and changes nothing
        assert not left, left
        for p in folder.iterdir():
            if p.name != "c.json.lock":  # the lock's bytes are the lock's own
                assert _bytes(p) == before[p.name][1], p.name


def _bytes(path: Path) -> bytes | None:
    """A regular file's bytes (its link followed), else None."""
    return path.read_bytes() if stat.S_ISREG(path.lstat().st_mode) or (path.is_symlink() and path.is_file()) else None


# -- the folder, the disk and the process's limit ---------------------------------------------
def _tmpfs(folder: Path, size: str) -> Path:
    """FOLDER made and mounted as a tmpfs of SIZE (root only; else the test is skipped)."""
    folder.mkdir()
    mount = ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)]
    if not ROOT or subprocess.run(mount, capture_output=True).returncode:
        pytest.skip("needs root and a tmpfs mount")
    return folder


@pytest.fixture
def small_disk(tmp_path):
    """A tmpfs of 256 KB, to fill."""
    yield _tmpfs(tmp_path / "disk", "256k")
    subprocess.run(["umount", str(tmp_path / "disk")], check=True)


def _fill(folder: Path) -> None:
    with open(folder / "filler", "wb") as fh:
        try:
            while True:
                fh.write(b"\0" * 65536)
                fh.flush()
        except OSError:
            pass


def _run(campaign: Path, *args: str, limit: int | None = None, stdin: str | None = None) -> subprocess.CompletedProcess:
    """The installed program, as a user runs it (a file-size limit set for it alone)."""
    code = "import sys; from campaign_cli.entry import main; sys.argv = ['campaign', *sys.argv[1:]]; main()"
    if limit is not None:
        code = f"import resource; resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, {limit})); " + code
    env = {**os.environ, "CAMPAIGN_LANG": "en"}
    return subprocess.run(
        [sys.executable, "-c", code, "-c", str(campaign), *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


def _refused_as_named(folder: Path, command: str, limit: int | None = None) -> None:
    """COMMAND run on the campaign in FOLDER (init and import make a new one there; export
    writes its output there) fails as CLI.md names it, exit 2 for the output and 3 for the
    campaign's own files, never an internal error, and leaves every file of FOLDER as it was
    (the test's filler aside)."""
    campaign = folder / ("new.json" if command in ("init", "import") else "c.json")
    args, given = _args(command, folder)

    def files() -> dict[str, bytes]:
        return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file() and p.name != "filler"}

    before = files()
    done = _run(campaign, *args, limit=limit, stdin=given)
    assert "internal error" not in done.stderr and "Traceback" not in done.stderr
    assert done.returncode == (2 if command == "export" else 3), done.stderr
    assert files() == before  # nothing half-written, nothing left behind


@pytest.mark.parametrize("command", COMMANDS)
def test_a_full_disk(small_disk, command):
    _campaign(small_disk)
    _fill(small_disk)
    _refused_as_named(small_disk, command)


@pytest.mark.parametrize("command", COMMANDS)
def test_a_file_size_limit(tmp_path, command):
    """`ulimit -f`: a write past the limit fails (EFBIG; Python ignores SIGXFSZ)."""
    _campaign(tmp_path)
    _refused_as_named(tmp_path, command, limit=64)


@pytest.fixture
def read_only(tmp_path):
    """A campaign, then its folder remounted read-only (EROFS, which root does not lift)."""
    folder = _tmpfs(tmp_path / "ro", "1m")
    _campaign(folder)
    subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)
    yield folder
    subprocess.run(["umount", str(folder)], check=True)


@pytest.mark.parametrize("command", COMMANDS)
def test_a_read_only_folder(read_only, command):
    _refused_as_named(read_only, command)
