"""A pager for `log` and `recap` on a terminal (issue 76; CLI.md "Global behaviour"): longer
than the terminal, they go through $CAMPAIGN_PAGER, else $PAGER, else `less -FRX`, as `git
log` does; never with --no-pager, never piped, never with --json."""

from __future__ import annotations

import os
import pty
import struct
import subprocess
import sys
from pathlib import Path

import pytest

import campaign_cli

EXE = Path(sys.executable).with_name("campaign")


@pytest.fixture
def long_journal(tmp_path: Path) -> Path:
    path = tmp_path / "c.json"
    campaign_cli.init(path, "Paged")
    with campaign_cli.open(path) as camp:
        camp.character_create("Ajax", st=12, dx=11, iq=9)
        for n in range(10):  # a recap of eleven characters: longer than a 20-row terminal
            camp.character_create(f"Hero {n}", st=12, dx=11, iq=9)
    for n in range(30):  # thirty entries: a log longer than a 20-row terminal
        with campaign_cli.open(path) as camp:
            camp.gold_add("Ajax", n + 1)
            camp.gold_add(f"Hero {n % 10}", 1)
    return path


def _pager(tmp_path: Path) -> tuple[Path, Path]:
    script, caught = tmp_path / "pager.sh", tmp_path / "paged.txt"
    script.write_text(f"#!/bin/sh\ncat > {caught}\n")
    script.chmod(0o755)
    return script, caught


def on_terminal(args: list[str], env: dict[str, str]) -> str:
    """ARGS run on a 100x20 pseudo-terminal: what its screen received."""
    import fcntl
    import termios

    pid, fd = pty.fork()
    if pid == 0:  # the child: the terminal's own process
        os.environ.update(env)
        os.execv(str(EXE), ["campaign", *args])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 20, 100, 0, 0))
    screen = b""
    while True:
        try:
            block = os.read(fd, 65536)
        except OSError:
            break
        if not block:
            break
        screen += block
    os.waitpid(pid, 0)
    return screen.decode("utf-8", "replace")


@pytest.mark.skipif(not EXE.exists(), reason="the console script is not installed beside this Python")
@pytest.mark.parametrize("command", [["log"], ["recap", "--since", "2000-01-01"]])
def test_a_long_view_on_a_terminal_goes_through_the_pager(long_journal: Path, tmp_path: Path, command: list[str]):
    script, caught = _pager(tmp_path)
    env = {"PAGER": str(script), "CAMPAIGN_LANG": "en", "LINES": "20", "COLUMNS": "100"}
    screen = on_terminal(["-c", str(long_journal), *command], env)
    assert caught.exists() and "Ajax" in caught.read_text() and "Ajax" not in screen
    caught.unlink()
    screen = on_terminal(["-c", str(long_journal), *command, "--no-pager"], env)
    assert not caught.exists() and "Ajax" in screen
    screen = on_terminal(["-c", str(long_journal), *command], {**env, "CAMPAIGN_PAGER": "cat", "PAGER": "false"})
    assert not caught.exists() and "Ajax" in screen  # $CAMPAIGN_PAGER first


def test_never_paged_when_piped_or_as_json(long_journal: Path, tmp_path: Path):
    script, caught = _pager(tmp_path)
    env = {**os.environ, "PAGER": str(script), "CAMPAIGN_LANG": "en"}
    for extra in ([], ["--json"]):
        done = subprocess.run(
            [sys.executable, "-m", "campaign_cli", "-c", str(long_journal), "log", *extra],
            capture_output=True,
            text=True,
            env=env,
        )
        assert done.returncode == 0 and "Ajax" in done.stdout and not caught.exists()


@pytest.mark.skipif(not EXE.exists(), reason="the console script is not installed beside this Python")
def test_a_short_view_is_not_paged(tmp_path: Path):
    path = tmp_path / "c.json"
    campaign_cli.init(path, "Short")
    script, caught = _pager(tmp_path)
    screen = on_terminal(["-c", str(path), "log"], {"PAGER": str(script), "CAMPAIGN_LANG": "en"})
    assert "Campaign Short created" in screen and not caught.exists()
