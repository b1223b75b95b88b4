"""The fast path of a TAB (campaign_cli/tab.py) answers exactly as the full program does:
for every command's every argument and option that completes a name, through the same
words, the same completer and the same quoting; and it leaves the rest to the full program."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from campaign_cli import tab
from campaign_cli._commands import COMMANDS
from campaign_cli.tokens import shape_of
from tests.conftest import Cli

SAMPLE = {"characters": "Lucky Jack", "items": "Wizard's Staff", "on_board": "Bog Lurker 1"}


@pytest.fixture(scope="module")
def path(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("tab")
    cli = Cli(folder / "campaign.json")
    cli("init")
    cli.json(
        "character", "create", "Merlin", "--st", "8", "--dx", "10", "--iq", "14", "--wizard", "--spell", "Огненный шар"
    )
    cli.json("character", "create", "Lucky Jack", "--st", "12", "--dx", "10", "--iq", "10", "--skill", "Medic")
    cli.json("character", "create", "Ёж", "--st", "11", "--dx", "12", "--iq", "9")
    for item in ("Wizard's Staff", "Палаш", "Cost $5"):
        cli.json("item", "add", "Lucky Jack", item, *(["--custom"] if item == "Cost $5" else []))
    cli.json("curse", "apply", "Lucky Jack", "Mummy Rot")
    board = Path(__file__).resolve().parent.parent / "samples" / "enemies" / "bog-lurker.json"
    cli.json("enemy", "add", "--file", str(board))
    cli.json("fight", "start")
    cli.json("fight", "add", "Bog Lurker", "--count", "2")
    return folder / "campaign.json"


def slow(path: Path, line: str, monkeypatch, lang: str = "") -> str:
    """What the full program (Click and Typer, our bash class) prints for LINE."""
    from campaign_cli import i18n
    from campaign_cli.cli.app import get_command
    from campaign_cli.cli.shells import QuotingBash

    for key, value in env(path, line, lang).items():
        monkeypatch.setenv(key, value)
    i18n.use(i18n.requested([]))
    try:
        return QuotingBash(get_command(), {}, "campaign", "_CAMPAIGN_COMPLETE").complete() + "\n"
    finally:
        i18n.use("en")


def env(path: Path, line: str, lang: str = "") -> dict:
    # the words as bash holds them, quotes and backslashes kept: `Lucky\ Jack`, `"Lucky Jack"`
    words = re.findall(r"""(?:"[^"]*"?|'[^']*'?|\\.|[^\s"'\\])+""", line) + ([""] if line.endswith(" ") else [])
    return {
        "COMP_WORDS": "\n".join(["campaign", "-c", str(path), *words[1:]]),
        "COMP_CWORD": str(len(words) + 1),
        "COMP_CUR": words[-1],
        "_CAMPAIGN_COMPLETE": "complete_bash",
        "CAMPAIGN_LANG": lang,
    }


def lines() -> list[str]:
    """A line ending in each slot that completes a name, for every command, empty and typed."""
    out = []
    for words, row in COMMANDS.items():
        shape = shape_of(row)
        before = ["campaign", *words]
        for _name, _nargs, completer, *_kind in shape.get("args", []):
            if completer:
                out += [" ".join([*before, ""]), " ".join([*before, SAMPLE.get(completer, "x")[:1]])]
            before.append(SAMPLE.get(completer or "", "1").replace(" ", "\\ "))
        for opt, (_name, takes, completer, *_kind) in shape.get("opts", {}).items():
            if takes and completer:
                out.append(" ".join(["campaign", *words, opt, ""]))
    return out


@pytest.mark.parametrize("line", lines())
def test_the_fast_path_answers_as_the_full_program(path, line, monkeypatch):
    fast = tab.answer(env(path, line))
    assert fast is not None, line  # a name's slot: answered fast
    assert fast == slow(path, line, monkeypatch), line


@pytest.mark.parametrize(
    "line",
    [
        "campaign character show Е",  # ё as е
        "campaign character show 'Lu",  # inside a quote
        'campaign item show "Lucky Jack" Co',  # a dollar, inside double quotes
        "campaign item show Lucky\\ Jack W",  # a quote in the name
        "campaign item add Lucky\\ Jack п",  # a catalog name in Russian, typed in lowercase
        "campaign fight attack Lucky\\ Jack B",
        "campaign curse remove Lucky\\ Jack ",
        "campaign xp award 3 Merlin ",  # NAME... takes any number
        "campaign check Merlin 3/IQ ",
        "campaign skill use Lucky\\ Jack ",
    ],
)
def test_the_fast_path_on_awkward_lines(path, line, monkeypatch):
    fast = tab.answer(env(path, line))
    assert fast is not None and fast == slow(path, line, monkeypatch), (fast, line)


def test_the_fast_path_speaks_the_language_in_use(path, monkeypatch):
    line = "campaign skill use Lucky\\ Jack "
    fast = tab.answer(env(path, line, "ru"))
    assert fast == slow(path, line, monkeypatch, "ru") and "Медик" in fast.split("\n")


def test_past_the_last_argument_the_fast_path_offers_nothing(path, monkeypatch):
    """Issue 59: after the last argument a TAB offered file names; now no candidate, the same
    answer the full program gives."""
    line = "campaign character show Merlin "
    assert tab.answer(env(path, line)) == "\n" == slow(path, line, monkeypatch)


@pytest.mark.parametrize(
    "line",
    [
        "campaign char",  # a command's name
        "campaign character show --",  # an option's name
        "campaign item add Merlin Sword --kind ",  # a choice, not a name
        "campaign --lang ",  # the root option's value
        "campaign character show -- ",  # after --
        "campaign character show Merlin --json=",  # an option with =
        "campaign character ",  # a group
    ],
)
def test_the_rest_is_left_to_the_full_program(path, line):
    assert tab.answer(env(path, line)) is None


def test_a_tab_on_a_name_imports_neither_click_nor_typer(path):
    code = (
        "import sys; sys.argv = ['campaign']; import campaign_cli.entry as e; e.main(); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('typer', 'click', 'typing', 'rich')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, **env(path, "campaign character show L")},
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["Lucky\\ Jack", "[]"]


def test_a_completion_leaves_nothing_typed_behind_for_the_next(tmp_path, monkeypatch):
    """A regression: the word a TAB completed stayed in `complete.TYPED`, so the next
    completion in the same process (the suite's, a library user's) matched against it and
    offered nothing."""
    import campaign_cli
    from campaign_cli import tab
    from campaign_cli.cli import complete

    path = tmp_path / "c.json"
    campaign_cli.init(path, "R")
    with campaign_cli.open(path) as camp:
        camp.character_create("Merlin", st=8, dx=10, iq=14)
    environ = {
        "_CAMPAIGN_COMPLETE": "complete_bash",
        "COMP_WORDS": f"campaign -c {path} character show Ze",
        "COMP_CWORD": "5",
    }
    tab.answer(environ)
    assert complete.TYPED == "" and complete.LANGUAGE == ""
    monkeypatch.setenv("CAMPAIGN_FILE", str(path))
    assert complete.characters(None, "") == ["Merlin"]
