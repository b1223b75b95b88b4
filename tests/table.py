"""A campaign played through its acts, in process: no command line, no parsing, no fsync.

The rules' procedures are tested here (issue "Acts, not commands"); the CLI tests keep
what the command line itself does (its words, its JSON, its exit codes).

    game(fights.start_fight, "Ford")          # one act, in its own transaction
    err = game.refused(fights.next_turn)      # refused (exit 1), the file byte for byte as it was
    game.character("Ajax")["xp"]              # as `character show --json` shows it
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from campaign_cli.acts import characters, enemies
from campaign_cli.errors import CampaignError, Refused
from campaign_cli.rules.characters import new_character
from campaign_cli.rules.enemies import validate_board
from campaign_cli.store import campaign as store

ROOT = Path(__file__).resolve().parent.parent
BOARDS = ROOT / "samples" / "enemies"


class Game:
    """One campaign file, changed only by acts (each call one transaction, one journal entry)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __call__(self, act: Any, *args: Any, **kwargs: Any) -> Any:
        with store.transaction(self.path) as camp:
            return act(camp, *args, **kwargs)

    def refused(self, act: Any, *args: Any, kind: type[CampaignError] = Refused, **kwargs: Any) -> CampaignError:
        """ACT refused: the exception (KIND, or what exits as it does: 1 for a refusal, 2
        for a usage problem), and the file byte for byte as it was."""
        before = self.path.read_bytes()
        with pytest.raises(CampaignError) as err:
            self(act, *args, **kwargs)
        assert err.value.status == kind.status, (err.value.status, err.value.message)
        assert self.path.read_bytes() == before, "a refused act changed the campaign file"
        return err.value

    def read(self) -> Any:
        return store.open_read(self.path)

    def character(self, name: str) -> Any:
        """NAME as `character show --json` shows it (karma counts the Bard's, R25; status)."""
        from campaign_cli.rules.characters import view

        return view(self.read().character(name))

    def journal(self) -> list[dict]:
        """The journal's entries, oldest first."""
        from campaign_cli.store import journal

        return journal.read_entries(self.path, self.read().meta["seq"])

    def create(self, name: str, st: int, dx: int, iq: int, wizard: bool = False, **more: Any) -> Any:
        """`character create`: R2/R3 kept, as the command keeps them."""
        return self(characters.create, new_character(name, "wizard" if wizard else "hero", st, dx, iq, **more))

    def board(self, file: str) -> Any:
        """`enemy add --file samples/enemies/FILE`."""
        import json

        board = validate_board(json.loads((BOARDS / file).read_text(encoding="utf-8")))
        return self(enemies.add_board, board, False, lambda b: None)


def use_skill(camp: Any, name: str, skill: str, rolled: str | None = None, **more: Any) -> dict:
    """`skill use NAME SKILL --dice ROLLED`, with MORE its effect's options (`heal={"Ajax": 2}`,
    `give`, `for_`, `doses`, `boost`) or the roll's (`against`, `other_dice`, `modifier`,
    `karma`, `reroll_dice`)."""
    from campaign_cli.acts import skills
    from campaign_cli.rules.dice import Throw
    from campaign_cli.rules.skills import find_skill

    roll = {"against": None, "other_dice": None, "modifier": 0, "karma": False, "reroll_dice": None}
    roll.update((k, more.pop(k)) for k in list(more) if k in roll)
    options = {"heal": None, "give": None, "for_": None, "doses": None, "boost": None, **more}
    throw = Throw(rolled, rng(), None, roll["modifier"], roll["karma"], roll["reroll_dice"])
    return skills.use(camp, name, find_skill(skill), options, roll["against"], throw, roll["other_dice"])


def dice(*rolled: int) -> Any:
    """A die roller that gives ROLLED in turn (an act's `next_die`)."""
    return iter(rolled).__next__


def rng(seed: int = 1) -> random.Random:
    return random.Random(seed)


def new_game(path: Path) -> Game:
    """A campaign with Ajax (hero) and Merlin (wizard), as the CLI tests' `camp` has."""
    store.create(path, "Test")
    game = Game(path)
    game.create("Ajax", 12, 11, 9, skills={"Swimming": 1, "Sword": 2})
    game.create("Merlin", 8, 10, 14, wizard=True, spells={"Fireball": 12})
    return game
