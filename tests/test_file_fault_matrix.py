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


# -- standard output and standard input (CLI.md "Reliability", seventh revision) -------------
# Each class of command with its answer meeting a full device, a closed descriptor and a pipe
# whose reader is gone; each command reading standard input with it closed, an empty device,
# an endless device, and a FIFO or a terminal that nobody writes to.
STREAM_COMMANDS = {  # class: (the command line after `-c FILE`, whether it saves a change)
    "init": (["init", "--name", "N"], True),
    "import": (["import", "{folder}/export.json"], True),
    "write-fast": (["xp", "award", "1", "Ajax", "--json"], True),
    "write": (["xp", "award", "1", "Ajax"], True),
    "undo": (["undo"], True),
    "batch": (["batch", "{folder}/lines.jsonl"], True),
    "export": (["export"], False),
    "read-fast": (["character", "show", "Ajax", "--json"], False),
    "read": (["character", "show", "Ajax"], False),
    "log": (["log"], False),
}
STDOUT_FAULTS = ("full", "closed", "gone")


def _stream_program(limit: int | None = None) -> list[str]:
    """The installed program as `campaign`, its input bound lowered to LIMIT bytes if given."""
    code = "import sys; from campaign_cli.entry import main; sys.argv = ['campaign', *sys.argv[1:]]; main()"
    if limit is not None:
        code = f"from campaign_cli import inputs; inputs.MAX_INPUT = {limit}; " + code
    return [sys.executable, "-c", code]


def _stream_campaign(folder: Path, command: str) -> tuple[Path, list[str]]:
    campaign = _campaign(folder)
    (folder / "lines.jsonl").write_text('{"args": ["xp", "award", "1", "Ajax"]}\n')
    if command in ("init", "import"):
        campaign = folder / "new.json"
    args = [a.format(folder=folder) for a in STREAM_COMMANDS[command][0]]
    return campaign, args


def _state(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file() and not p.name.endswith(".lock")}


CELLS_OUT = [(c, f) for c in STREAM_COMMANDS for f in STDOUT_FAULTS]


@pytest.mark.parametrize(("command", "fault"), CELLS_OUT, ids=["-".join(c) for c in CELLS_OUT])
def test_an_answer_that_cannot_be_written_never_undoes_the_exit_of_a_commit(tmp_path, command, fault):
    """A command that saved exits 0 and says in one line that the answer was lost; a read
    exits 2 (0 on a pipe whose reader is gone, as `| head`); never "internal"."""
    if fault == "full" and not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    campaign, args = _stream_campaign(tmp_path, command)
    saves = STREAM_COMMANDS[command][1]
    before = _state(tmp_path)
    env = {**os.environ, "CAMPAIGN_LANG": "en", "COLUMNS": "80"}
    line = [*_stream_program(), "-c", str(campaign), *args]
    if fault == "full":
        with open("/dev/full", "w") as full:
            done = subprocess.run(line, stdout=full, stderr=subprocess.PIPE, text=True, env=env, timeout=60)
    elif fault == "closed":
        done = subprocess.run(
            ["bash", "-c", 'exec "$@" >&-', "bash", *line], stderr=subprocess.PIPE, text=True, env=env, timeout=60
        )
    else:
        read, write = os.pipe()
        os.close(read)
        try:
            done = subprocess.run(line, stdout=write, stderr=subprocess.PIPE, text=True, env=env, timeout=60)
        finally:
            os.close(write)
    assert "internal" not in done.stderr and "Traceback" not in done.stderr, done.stderr
    said = done.stderr.strip().splitlines()
    if saves:
        assert done.returncode == 0, done.stderr
        assert len(said) == 1 and said[0].startswith("campaign: saved; its answer could not be written: "), said
        assert _state(tmp_path) != before  # the change is saved
    else:
        assert done.returncode == (0 if fault == "gone" else 2), done.stderr
        if fault == "gone":
            assert said == []
        else:
            assert len(said) == 1 and "could not be written" in said[0], said
        assert _state(tmp_path) == before


STDIN_COMMANDS = {
    "batch": ["batch", "-"],
    "import": ["import", "-"],
    "character-import": ["character", "import", "-"],
    "enemy-add": ["enemy", "add", "--file", "-"],
    "catalog-import": ["catalog", "import", "-"],
}
STDIN_FAULTS = ("closed", "empty-device", "endless-device", "fifo-no-writer", "terminal-no-writer")


def _stdin_expected(command: str, fault: str) -> int:
    if fault in ("closed", "endless-device"):
        return 2  # unreadable, or past the bound: bad input
    if fault == "empty-device":
        return 0 if command == "batch" else 1  # an empty batch does nothing; an empty document is refused
    return 143 if fault == "fifo-no-writer" else 130  # the wait, ended by SIGTERM / Ctrl-C


CELLS_IN = [(c, f) for c in STDIN_COMMANDS for f in STDIN_FAULTS]


@pytest.mark.parametrize(("command", "fault"), CELLS_IN, ids=["-".join(c) for c in CELLS_IN])
def test_standard_input_that_cannot_be_read_is_refused_or_waited_for_interruptibly(tmp_path, command, fault):
    import pty
    import signal
    import time

    campaign = _campaign(tmp_path)
    if command == "import":
        campaign = tmp_path / "new.json"
    (tmp_path / "fifo").exists() or os.mkfifo(tmp_path / "fifo")
    before = _state(tmp_path)
    env = {**os.environ, "CAMPAIGN_LANG": "en"}
    line = [*_stream_program(limit=4096), "-c", str(campaign), *STDIN_COMMANDS[command]]
    held: list[int] = []
    if fault == "closed":
        line = ["bash", "-c", 'exec "$@" <&-', "bash", *line]
        stdin: int | None = None
    elif fault == "empty-device":
        stdin = os.open("/dev/null", os.O_RDONLY)
    elif fault == "endless-device":
        stdin = os.open("/dev/zero", os.O_RDONLY)
    elif fault == "fifo-no-writer":  # held open for writing by this test, never written
        stdin = os.open(tmp_path / "fifo", os.O_RDWR)
    else:  # a terminal where nobody types
        main, stdin = pty.openpty()
        held.append(main)
    if stdin is not None:
        held.append(stdin)
    try:
        running = subprocess.Popen(
            line, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
        )
        if fault in ("fifo-no-writer", "terminal-no-writer"):
            time.sleep(1.0)
            assert running.poll() is None  # still waiting for input
            running.send_signal(signal.SIGTERM if fault == "fifo-no-writer" else signal.SIGINT)
        out, err = running.communicate(timeout=60)
    finally:
        for fd in held:
            os.close(fd)
    assert "internal" not in err and "Traceback" not in err, err
    assert running.returncode == _stdin_expected(command, fault), (out, err)
    if fault == "closed":
        assert "standard input is closed" in (out + err)
    if fault in ("fifo-no-writer", "terminal-no-writer"):
        assert "interrupted: nothing saved" in err
    assert _state(tmp_path) == before  # nothing saved
