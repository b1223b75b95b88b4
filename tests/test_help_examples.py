"""Every help example runs, in English and in Russian (issue 59, CLI.md "Help").

Each command's examples are typed, in the order its help shows them, into a copy of a
campaign where they make sense (the party of the examples, a board, a town, a fight), each
in the language its page is shown in: the Russian page's names (`Аякс`, `Палаш`) are the
Russian campaign's. An example must exit 0; a pipe into `jq` must get JSON; `> FILE` is
written. The only line not run is the one that needs a git server (`git clone keeper:...`).
"""

from __future__ import annotations

import json
import shlex
import shutil
from itertools import groupby
from pathlib import Path

import pytest

from campaign_cli import i18n
from campaign_cli.cli.app import app
from tests.runner import CliRunner
from tests.test_help import _examples

SAMPLES = Path(__file__).parent.parent / "samples"
FOUNDRY = Path(__file__).parent / "fixtures" / "foundry-actor.json"

# The party and the things the examples name, typed in English; the Russian campaign gets
# the same lines with the Russian examples' names (`_names`).
SETUP = """
init --name 'Gold Road'
character create Ajax --st 12 --dx 11 --iq 9 --skill Swimming --skill Sword=2
character create Merlin --st 8 --dx 10 --iq 14 --wizard --spell Fireball --spell Sleep --skill Literacy
character create Kate --st 10 --dx 12 --iq 10 --skill Medic --attr Lore=3 --attr Luck=2 --keyword Law
character create Hector --st 12 --dx 10 --iq 10
xp award 3000 --party
xp spend Ajax --skill Leadership
xp spend Ajax --skill Merchant
xp spend Merlin --spell Charm
xp spend Merlin --skill Alchemist
xp spend Kate --skill Bard
xp spend Kate --skill Bard
xp spend Kate --skill Herbalist
xp spend Kate --skill Charm
xp spend Kate --skill Medic
xp spend Kate --skill Medic
enemy add 'Bog Lurker' --file samples/enemies/bog-lurker.json
enemy add 'Cinder Hound' --file samples/enemies/cinder-hound.json
gold add Ajax 500
gold add Merlin 100
darkstone add Ajax 5
item add Ajax Broadsword
item set Ajax Broadsword --slots 3
item add Ajax Dagger
item add Ajax Torch --count 5
item add Ajax Crate --weight 1
item add Ajax 'Ore Crate' --weight 1
item add Ajax Leather
item add Ajax 'Small Shield'
item add Ajax Crossbow
item add Ajax Arrow --count 20
item add Ajax 'Rune of Power' --kind upgrade --slots 1 --darkstone-icon
item add Kate Herb --count 6
skill use Kate Herbalist --doses 1 --dice 1,1,1
skill use Kate Herbalist --doses 1 --dice 1,1,1
skill use Kate Herbalist --doses 1 --dice 1,1,1
item give Kate Ajax 'Healing Potion' --count 3
skill use Merlin Alchemist --boost ST --dice 1,1,1
item give Merlin Kate 'Potion of ST'
karma add Ajax 3
karma add Kate 2
karma add Merlin 2
wish add Ajax 2
adventure start 'The Old Mill'
adventure end
adventure start 'The Sunken Crypt'
adventure end
"""
ADVENTURE = ["adventure start 'The Dark Road'"]
# Our side of a merge with three conflicts (theirs: the same fields changed otherwise).
OURS, THEIRS = (
    ["xp award 1 Ajax", "gold add Ajax 1", "darkstone add Ajax 1"],
    ["xp award 2 Ajax", "gold add Ajax 2", "darkstone add Ajax 2"],
)
# A merge's sides beside the campaign: the clean example's, and the conflicting side.
SIDES = {"base": [], "ours": ["xp award 1 Ajax"], "theirs": ["gold add Merlin 1"], "conflict": THEIRS}
CONFLICTS = [*OURS, ("merge base.json campaign.json conflict.json --path campaign.json", 1)]
FIGHT = [
    *ADVENTURE,
    "item hold Ajax Broadsword",
    "fight start",
    "fight add 'Bog Lurker' --count 3",
    "fight add 'Cinder Hound'",
]
TOWN = ["town enter Brimstone --blacksmith"]
WOUNDED = ["damage Ajax 4", "damage Kate 2"]
# What a command's examples need first (a command's own examples run in order, on one copy).
BEFORE: dict[str, list[str | tuple[str, int]] | None] = {
    "init": None,  # an empty folder
    "character create": ["init"],
    "character import": ["character export Hector --format statblock --output hector.txt"],
    "karma add": ADVENTURE,  # each example gives a bard's karma once an adventure: apart
    "wish spend": WOUNDED,
    "curse remove": ["curse apply Ajax 'Mummy Rot'"],
    "adventure end": ADVENTURE,
    "town leave": TOWN,
    "fight start": ADVENTURE,
    "fight add": [*ADVENTURE, "fight start"],
    "fight order": FIGHT,
    "fight": [*FIGHT, "fight order --dice 6,1 --party Ajax --party Kate"],
    "fight end": [*ADVENTURE, "fight start", "fight add 'Bog Lurker'", "fight order --dice 6,1"],
    "item reload": [
        *ADVENTURE,
        "item hold Ajax Crossbow",
        "fight start",
        "fight add 'Bog Lurker'",
        "fight order --dice 6,1",
        "fight attack Ajax 'Bog Lurker 1' --weapon Crossbow --seed 1",
        "fight next",
        "fight next",
    ],
    "item fetch": ["item store Ajax 'Ore Crate'", "item store Ajax Torch --count 2"],
    "item stow": ["item wear Ajax Leather"],
    "item use": WOUNDED,
    "forge": TOWN,
    "shop": TOWN,
    "enemy add": ["enemy delete 'Bog Lurker'"],
    "catalog remove": ["catalog import samples/packs/frontier.json"],
    "batch": [],
    "import": ["export --output gold-road.export.json"],
    "skill use": [
        *ADVENTURE,
        "fight start",
        "fight add 'Bog Lurker'",
        "fight order --dice 6,1",
        *WOUNDED,
        "fight end --fled",
    ],
    "cast": ["enemy delete 'Bog Lurker'"],
    "conflicts": CONFLICTS,
    "resolve": CONFLICTS,
}
# What one example needs first, after its command's BEFORE.
BEFORE_LINE = {
    "campaign fight end --won": ["fight hit 'Bog Lurker 1' 99 --by Ajax"],
    "campaign fight attack 'Bog Lurker 2' Ajax --seed 7": [
        "fight next",
        "fight next",
    ],  # the hound's turn, then the lurkers'
    "campaign fight attack Ajax 'Cinder Hound 1' --karma": ["fight next"],
}
# Examples that are alternatives (each on its own copy, after its command's BEFORE).
APART = {"karma add", "fight start", "fight end", "forge", "export", "merge", "share git", "resolve", "enemy add"}
# The examples' placeholders that git fills in (`merge %O %A %B --path %P`).
GIT = {"%O": "base.json", "%A": "ours.json", "%B": "theirs.json", "%P": "campaign.json"}
# Words the English examples use for two things the Russian ones name apart.
APART_NAMES = {"ru": {"--spell Charm": "--spell Чары"}}
NO_SERVER = "git clone keeper:gold-road"
GIT_WORK_TREE = {"share", "merge", "conflicts", "resolve"}  # the commands that read the folder's git


def _names(lang: str) -> dict[str, str]:
    """English name -> the name the LANG examples type in its place (the examples' catalog
    keeps each example's shape, so the words align; names are capitalized, command words
    and values such as `karma` are not; file names are)."""
    from campaign_cli.cli.speech import example

    names: dict[str, str] = {}
    for _path, line in _examples():
        ours, theirs = shlex.split(line), shlex.split(example(line))
        if len(ours) == len(theirs):
            names.update((a, b) for a, b in zip(ours, theirs) if a != b and (a[:1].isupper() or "." in a))
    return names


def _words(line: str) -> list[list[str]]:
    """LINE's stages (split at `|`), each a list of words (quotes as the shell reads them)."""
    lex = shlex.shlex(line, posix=True, punctuation_chars="|>&")
    lex.whitespace_split = True
    stages: list[list[str]] = [[]]
    for word in lex:
        stages.append([]) if word == "|" else stages[-1].append(word)
    return stages


class Shell:
    """Runs lines as the shell would: pipes between stages, `> FILE`, printf as input."""

    def __init__(self, folder: Path, lang: str, names: dict[str, str]) -> None:
        self.folder, self.lang, self.names = folder, lang, names
        self.runner = CliRunner()

    def say(self, line: str) -> str:
        """LINE (typed in English, without `campaign`) with this language's names."""
        for ours, theirs in APART_NAMES.get(self.lang, {}).items():
            line = line.replace(ours, theirs)
        return "campaign " + shlex.join(self.names.get(w, w) for w in shlex.split(line))

    def __call__(self, line: str, code: int = 0) -> None:
        """Run LINE; its last `campaign` must exit CODE."""
        given: str | None = None
        for words in _words(line):
            words = [GIT.get(w, w) for w in words]
            output = None
            if ">" in words:
                words, output = words[: words.index(">")], words[words.index(">") + 1]
            if words[0] == "printf":
                given = words[2] + "\n"
                continue
            if words[0] == "jq":  # what jq reads: JSON, or a JSON document a line
                assert given is not None
                docs = given.splitlines() if "--jsonl" in line else [given]
                assert [json.loads(doc) for doc in docs], line
                continue
            assert words[0] == "campaign", line
            env = {"CAMPAIGN_FILE": str(self.folder / "campaign.json"), "CAMPAIGN_LANG": self.lang}
            if "-f" in words or "--follow" in words:  # endless: a process of its own, ended by Ctrl-C
                given = self.follow(words, env)
                continue
            result = self.runner.invoke(app, words[1:], input=given, env=env)
            said = (result.stdout + result.stderr).strip()
            assert result.exit_code == code, f"{line}\n  exit {result.exit_code}: {said[-400:]}"
            assert "Traceback" not in said and "internal error" not in said, line
            given = result.stdout
            if output:
                (self.folder / output).write_text(given, encoding="utf-8")

    def follow(self, words: list[str], env: dict[str, str]) -> str:
        """`campaign log --follow ...` run for a second and a half, then Ctrl-C: exit 130,
        nothing said on stderr; what it printed (the entries there are)."""
        import os
        import signal
        import subprocess
        import sys
        import time

        proc = subprocess.Popen(
            [sys.executable, "-m", "campaign_cli", *words[1:]],
            env={**os.environ, **env},
            cwd=self.folder,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        time.sleep(1.5)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
        assert proc.returncode == 130 and err == "" and out, (words, proc.returncode, err)
        return out


@pytest.fixture(scope="module")
def worlds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, dict[str, str]]]:
    """A campaign for each language, built once: the party, a board, items, two adventures;
    and a merge's three sides beside it."""
    made = {}
    for lang in ("en", "ru"):
        i18n.use(lang)
        with pytest.MonkeyPatch.context() as patch:
            names = _names(lang) if lang != "en" else {}
            folder = tmp_path_factory.mktemp(f"world-{lang}")
            patch.chdir(folder)
            (folder / "samples").symlink_to(SAMPLES)
            shell = Shell(folder, lang, names)
            for line in SETUP.strip().splitlines():
                shell(shell.say(line))
            for side, changes in SIDES.items():
                for change in changes:
                    shell(shell.say(change))
                shutil.copy(folder / "campaign.json", folder / f"{side}.json")
                for _change in changes:
                    shell("campaign undo")
            made[lang] = (folder, names)
    i18n.use("en")
    return made


def _before(path: str) -> list[str | tuple[str, int]] | None:
    for key in sorted(BEFORE, key=len, reverse=True):
        if path == key or path.startswith(key + " "):
            return BEFORE[key]
    return []


def _commands() -> list[tuple[str, list[str]]]:
    out = []
    for path, group in groupby(_examples(), key=lambda pair: pair[0]):
        lines = [line for _, line in group if not line.startswith(NO_SERVER)]
        out += [(path, [line]) for line in lines] if path in APART else [(path, lines)]
    return out


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(("path", "lines"), _commands(), ids=lambda v: v if isinstance(v, str) else str(len(v)))
def test_every_help_example_runs(worlds, tmp_path, monkeypatch, lang, path, lines):
    from campaign_cli.cli.speech import example

    world, names = worlds[lang]
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.chdir(tmp_path)
    before = _before(path)
    (tmp_path / "samples").symlink_to(SAMPLES)
    shutil.copy(FOUNDRY, tmp_path / ("ульдор.json" if lang == "ru" else "uldor.json"))
    if before is not None and before[:1] != ["init"]:  # else an empty folder
        for name in (
            "campaign.json",
            "campaign.json.journal",
            "base.json",
            "ours.json",
            "theirs.json",
            "conflict.json",
        ):
            shutil.copy(world / name, tmp_path / name)
        if path.split()[0] in GIT_WORK_TREE:
            subprocess_git_init(tmp_path)
    shell = Shell(tmp_path, lang, names)
    i18n.use(lang)
    try:
        board = json.loads((SAMPLES / "enemies" / "bog-lurker.json").read_text(encoding="utf-8"))
        (tmp_path / ("board.json")).write_text(json.dumps(board), encoding="utf-8")
        pack = {"pack": "house-rules", "version": "1", "items": [{"name": "Tent", "weight": 5, "value": 10}]}
        (tmp_path / "house-rules.json").write_text(json.dumps(pack), encoding="utf-8")
        award = {"args": ["xp", "award", "1", names.get("Ajax", "Ajax")]}
        (tmp_path / "session.jsonl").write_text(json.dumps(award, ensure_ascii=False) + "\n", encoding="utf-8")
        for line in before or []:
            line, code = line if isinstance(line, tuple) else (line, 0)
            shell(shell.say(line), code)
        for line in lines:
            for typed in BEFORE_LINE.get(line, []):
                shell(shell.say(typed))
            shell(example(line) if lang != "en" else line)
    finally:
        i18n.use("en")


def subprocess_git_init(folder: Path) -> None:
    """`share git` and `merge --path` read the folder's git work tree."""
    import subprocess

    if shutil.which("git"):
        subprocess.run(["git", "init", "-q", str(folder)], check=True)
