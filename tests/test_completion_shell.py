"""TAB in a real bash on a pseudo-terminal (issue 24): type a line, press TAB, run the line,
and compare the arguments the command received with the ones meant. Names with spaces,
quotes and `$`, Russian names and option values."""

from __future__ import annotations

import os
import re
import select
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import Cli

pytestmark = pytest.mark.skipif(shutil.which("bash") is None or sys.platform == "win32", reason="needs bash and a pty")


def _ready(fd: int, seconds: float = 0.05) -> bool:
    """Whether FD has something to read within SECONDS. poll, not select: select refuses a
    descriptor past 1,023, which a test process that has opened many files may hand out."""
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    return bool(poller.poll(seconds * 1000))


def _reaped(pid: int, seconds: float = 5) -> None:
    """The shell PID waited for; killed if it has not ended in SECONDS (a line left open,
    such as a quote a TAB did not close, waits for more forever): the test fails on what
    it saw, it never hangs the suite (CI once waited on one for eight minutes)."""
    end = time.time() + seconds
    while time.time() < end:
        if os.waitpid(pid, os.WNOHANG)[0]:
            return
        time.sleep(0.05)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)


def _read(fd: int, seconds: float) -> str:
    out, end = b"", time.time() + seconds
    while time.time() < end:
        if _ready(fd):
            try:
                chunk = os.read(fd, 4096)
            except OSError:  # the shell has gone (EIO)
                break
            if not chunk:
                break
            out += chunk
    return out.decode(errors="replace")


# How each shell is started on the pty, knows its prompt, and loads our completion beside a
# `campaign` function that prints the argv it receives (completion runs the real one). The
# script is what `campaign --show-completion SHELL` printed, once for the module (shell_env).
_ANSI = re.compile(r"\x1b\[[0-9;?]*[a-zA-Z]")
SHELLS = {
    "bash": (
        ["bash", "--norc", "--noprofile", "-i"],
        {"PS1": "$ "},
        lambda out: out.endswith("$ "),
        None,
        [b'source "$COMPLETION"\n', b'campaign(){ printf "<%s>" "$@"; echo "<END>"; }\n'],
    ),
    "zsh": (  # its prompt is followed by terminal modes (bracketed paste): read past them
        ["zsh", "-f", "-i"],
        {"PS1": "$ "},
        lambda out: _ANSI.sub("", out).endswith("$ "),
        None,
        [b'source "$COMPLETION"\n', b'campaign(){ printf "<%s>" "$@"; echo "<END>"; }\n'],
    ),
    "fish": (
        ["fish", "--no-config", "-i"],
        {},
        lambda out: out.rstrip().endswith("$"),
        lambda out: ">" in out or "#" in out,  # fish's own first prompt, before ours is set
        [
            b"function fish_prompt; echo '$ '; end\n",
            b"source $COMPLETION\n",
            b'function campaign; printf "<%s>" $argv; echo "<END>"; end\n',
        ],
    ),
}


def typed_in(shell: str, line: str, env: dict, *, installed: Path | None = None) -> tuple[list[str], str]:
    """LINE typed into an interactive SHELL (TAB where it says \\t), then Enter: the argv
    `campaign` received, and all the terminal showed after the line. INSTALLED: a home
    where `campaign --install-completion SHELL` was run; the shell starts there as a user's
    would, reading its own start-up files, in the campaign's folder."""
    import pty

    argv, extra, prompt, first, setup = SHELLS[shell]
    extra = {**extra, "COMPLETION": str(Path(env["COMPLETIONS"]) / shell)}
    if installed is not None:
        argv, extra, prompt, first, setup = FRESH[shell]
        extra = {**extra, "HOME": str(installed)}
    pid, fd = pty.fork()
    if pid == 0:
        if installed is not None:
            os.chdir(Path(env["CAMPAIGN_FILE"]).parent)
        os.execvpe(argv[0], argv, {**env, **extra, "TERM": "dumb"})

    def until(done, seconds: float = 30) -> str:
        """What the shell shows until DONE says so, read as it comes (never a guessed pause)."""
        got, end = b"", time.time() + seconds
        while not done(got.decode(errors="replace")) and time.time() < end:
            if _ready(fd):
                try:
                    chunk = os.read(fd, 4096)
                except OSError:  # the shell has gone
                    break
                if not chunk:
                    break
                got += chunk
        return got.decode(errors="replace")

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
        shown = until(lambda out: "><END>" in out)  # the spy's line (its definition, echoed, has "<END>")
        os.write(fd, b"exit\n")
        _read(fd, 5)  # to the shell's end: the read fails once it has gone
    finally:
        _reaped(pid)
    printed = next(row for row in shown.splitlines() if "><END>" in row)
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
        "COMPLETIONS": str(folder / "completions"),
    }
    (folder / "completions").mkdir()
    for shell in SHELLS:  # as the shell would source it: `source <(campaign --show-completion bash)`
        done = subprocess.run(["campaign", "--show-completion", shell], env=env, capture_output=True, text=True)
        assert done.returncode == 0 and done.stdout, done.stderr
        (folder / "completions" / shell).write_text(done.stdout)
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
        ("campaign check Merlin \t", ["check", "Merlin"]),  # an empty word: zsh put Merlin back (issue 59)
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
        if not line.endswith(" \t"):  # (where nothing is to be offered, zsh rings it)
            assert "\a" not in shown  # the first TAB in a new zsh rang the bell


# -- a fresh shell with the installed script (issue 59) --------------------------------------
# As a user has it after `campaign --install-completion SHELL`: zsh autoloads `_campaign` from
# ~/.zfunc on the first TAB, bash sources its file from ~/.bashrc, fish reads
# ~/.config/fish/completions. Only the prompt and the spy are added; each case is a new shell.
_SPY = b'campaign(){ printf "<%s>" "$@"; echo "<END>"; }\n'
FRESH = {
    "bash": (  # the system's bashrc sets its own prompt first
        ["bash", "-i"],
        {},
        SHELLS["bash"][2],
        lambda out: _ANSI.sub("", out).rstrip().endswith(("#", "$")),
        [b"PS1='$ '\n", _SPY],
    ),
    "zsh": (["zsh", "-i"], {}, SHELLS["zsh"][2], lambda out: "%" in out or "#" in out, [b"PS1='$ '\n", _SPY]),
    "fish": (["fish", "-i"], {}, *SHELLS["fish"][2:]),
}


@pytest.fixture(scope="module")
def homes(tmp_path_factory, shell_env):
    """A home for each shell with `campaign --install-completion SHELL` run in it."""

    made = {}
    for shell in FRESH:
        if shutil.which(shell) is None:
            continue
        home = tmp_path_factory.mktemp(f"home-{shell}")
        done = subprocess.run(
            ["campaign", "--install-completion", shell],
            env={**shell_env, "HOME": str(home), "SHELL": f"/bin/{shell}"},
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stderr
        made[shell] = home
    return made


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
@pytest.mark.parametrize(
    "line, argv",
    [
        # the first TAB of a new shell completes (zsh's autoloaded _campaign did nothing)
        ("campaign character show Luc\t", ["character", "show", "Lucky Jack"]),
        # an empty word: never the word before it again (zsh joined the words with newlines)
        ("campaign check Merlin \t", ["check", "Merlin"]),
        # nothing after the last argument: no file name (the folder holds campaign.json)
        ("campaign character show Merlin \t", ["character", "show", "Merlin"]),
        # --weapon: the attacker's items
        (
            "campaign fight attack 'Lucky Jack' 'Пепельный пёс 1' --weapon Wiz\t",
            ["fight", "attack", "Lucky Jack", "Пепельный пёс 1", "--weapon", "Wizard's Staff"],
        ),
        # an enemy on the board as the attacker
        ("campaign fight attack Пеп\t Merlin", ["fight", "attack", "Пепельный пёс 1", "Merlin"]),
        # a Cyrillic name typed in lowercase, е for ё (fish left `еж` as typed)
        ("campaign character show еж\t", ["character", "show", "Ёж"]),
        # a file where a file is taken
        ("campaign import campaign.j\t", ["import", "campaign.json"]),
    ],
)
def test_tab_in_a_fresh_shell_with_the_installed_script(shell_env, homes, shell, line, argv):
    from campaign_cli.folding import fold

    if shell not in homes:
        pytest.skip(f"{shell} is not installed (CI installs it)")
    got, shown = typed_in(shell, line, shell_env, installed=homes[shell])
    if shell == "fish":  # fish keeps the case typed where only case differs
        got, argv = [fold(w) for w in got], [fold(w) for w in argv]
    assert got == argv, (got, shown[-400:])
