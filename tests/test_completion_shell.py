"""TAB in a real bash on a pseudo-terminal (issue 24): type a line, press TAB, run the line,
and compare the arguments the command received with the ones meant. Names with spaces,
quotes and `$`, Russian names and option values."""

from __future__ import annotations

import os
import re
import select
import shutil
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import Cli

pytestmark = pytest.mark.skipif(shutil.which("bash") is None or sys.platform == "win32", reason="needs bash and a pty")


def _read(fd: int, seconds: float) -> str:
    out, end = b"", time.time() + seconds
    while time.time() < end:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                out += os.read(fd, 4096)
            except OSError:
                break
    return out.decode(errors="replace")


# How each shell is started on the pty, knows its prompt, and loads our completion beside a
# `campaign` function that prints the argv it receives (completion runs the real one).
_ANSI = re.compile(r"\x1b\[[0-9;?]*[a-zA-Z]")
SHELLS = {
    "bash": (
        ["bash", "--norc", "--noprofile", "-i"],
        {"PS1": "$ "},
        lambda out: out.endswith("$ "),
        None,
        [b"source <(campaign --show-completion bash)\n", b'campaign(){ printf "<%s>" "$@"; echo "<END>"; }\n'],
    ),
    "zsh": (  # its prompt is followed by terminal modes (bracketed paste): read past them
        ["zsh", "-f", "-i"],
        {"PS1": "$ "},
        lambda out: _ANSI.sub("", out).endswith("$ "),
        None,
        [b"source <(campaign --show-completion zsh)\n", b'campaign(){ printf "<%s>" "$@"; echo "<END>"; }\n'],
    ),
    "fish": (
        ["fish", "--no-config", "-i"],
        {},
        lambda out: out.rstrip().endswith("$"),
        lambda out: ">" in out or "#" in out,  # fish's own first prompt, before ours is set
        [
            b"function fish_prompt; echo '$ '; end\n",
            b"campaign --show-completion fish | source\n",
            b'function campaign; printf "<%s>" $argv; echo "<END>"; end\n',
        ],
    ),
}


def typed_in(shell: str, line: str, env: dict) -> tuple[list[str], str]:
    """LINE typed into an interactive SHELL (TAB where it says \\t), then Enter: the argv
    `campaign` received, and all the terminal showed after the line."""
    import pty

    argv, extra, prompt, first, setup = SHELLS[shell]
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(argv[0], argv, {**env, **extra, "TERM": "dumb"})

    def until(done, seconds: float = 30) -> str:
        out, end = "", time.time() + seconds
        while not done(out) and time.time() < end:
            out += _read(fd, 0.05)
        return out

    shown = ""
    try:
        # Each line once the shell shows its prompt (bash drops what was typed before); the
        # line with the TAB in one go: the shell finishes a TAB's completion (running
        # `campaign`) before it reads the next key, so nothing waits on a guessed delay.
        until(first or prompt, 10 if first else 30)
        for command in setup:
            os.write(fd, command)
            until(prompt)
        os.write(fd, (line + "\n").encode())
        shown = until(lambda out: "<END>" in out)
        os.write(fd, b"exit\n")
        _read(fd, 0.1)
    finally:
        os.waitpid(pid, 0)
    printed = next(row for row in shown.splitlines() if "<END>" in row)
    printed = printed[printed.index("<") :]
    return printed[1 : printed.index("><END>")].split("><"), shown


def typed(line: str, env: dict) -> list[str]:
    """LINE typed into an interactive bash: the argv `campaign` received."""
    return typed_in("bash", line, env)[0]


@pytest.fixture(scope="module")
def shell_env(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tab")
    cli = Cli(folder / "campaign.json")
    cli("init")
    cli.json(
        "character", "create", "Merlin", "--st", "8", "--dx", "10", "--iq", "14", "--wizard", "--spell", "Огненный шар"
    )
    cli.json("character", "create", "Lucky Jack", "--st", "12", "--dx", "10", "--iq", "10")
    cli.json("character", "create", "Ёж", "--st", "11", "--dx", "12", "--iq", "9")
    cli.json("item", "add", "Lucky Jack", "Wizard's Staff")
    cli.json("item", "add", "Lucky Jack", "Cost $5", "--custom")
    board = Path(__file__).resolve().parent.parent / "samples" / "enemies" / "cinder-hound.json"
    cli.json("enemy", "add", "Пепельный пёс", "--file", str(board))
    cli.json("fight", "start")
    cli.json("fight", "add", "Пепельный пёс")
    env = {
        **os.environ,
        "CAMPAIGN_FILE": str(cli.path),
        "CAMPAIGN_LANG": "en",
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
    }
    return env


@pytest.mark.parametrize(
    "line, argv",
    [
        ("campaign cast Merlin Ог\t", ["cast", "Merlin", "Огненный шар"]),  # a spell with a space
        ('campaign cast Merlin "Ог\t', ["cast", "Merlin", "Огненный шар"]),  # inside an open quote
        ("campaign character show Luc\t", ["character", "show", "Lucky Jack"]),  # a character
        ("campaign item show 'Lucky Jack' Wiz\t", ["item", "show", "Lucky Jack", "Wizard's Staff"]),  # a quote inside
        ('campaign item show "Lucky Jack" Co\t', ["item", "show", "Lucky Jack", "Cost $5"]),  # a dollar
        ("campaign fight hit Пеп\t 3 --by Merlin", ["fight", "hit", "Пепельный пёс 1", "3", "--by", "Merlin"]),
        (
            "campaign character create X --st 10 --dx 11 --iq 11 --skill Плав\t",
            ["character", "create", "X", "--st", "10", "--dx", "11", "--iq", "11", "--skill", "Плавание"],
        ),
        ("campaign item add Merlin р\t", ["item", "add", "Merlin", "Рапира"]),  # a lowercase prefix
        ("campaign character show Е\t", ["character", "show", "Ёж"]),  # е finds ё (CLI.md "Language")
    ],
)
def test_tab_puts_exactly_the_meant_argument_on_the_line(shell_env, line, argv):
    assert typed(line, shell_env) == argv


# -- zsh and fish (issue 51): the same matching in any case, ё as е, in the real shells ----------
@pytest.mark.parametrize("shell", ["zsh", "fish"])
@pytest.mark.parametrize(
    "line, argv",
    [
        ("campaign character show luc\t", ["character", "show", "Lucky Jack"]),  # any case, a space
        ("campaign item add Merlin р\t", ["item", "add", "Merlin", "Рапира"]),  # a lowercase Russian prefix
        ("campaign cast Merlin ог\t", ["cast", "Merlin", "Огненный шар"]),
        ("campaign character show е\t", ["character", "show", "Ёж"]),  # е finds ё
    ],
)
def test_tab_in_zsh_and_fish_finds_a_name_in_any_case(shell_env, shell, line, argv):
    from campaign_cli.folding import fold

    if shutil.which(shell) is None:
        pytest.skip(f"{shell} is not installed (CI installs it)")
    got, shown = typed_in(shell, line, shell_env)
    assert [fold(w) for w in got] == [fold(w) for w in argv], (got, shown[-300:])
    if shell == "zsh":
        assert got == argv  # zsh puts the name itself on the line
        assert "\a" not in shown  # the first TAB in a new zsh rang the bell
