"""The rules' tests' campaigns: two characters and a board (`path`), the same in an open
fight (`fight`), and a party with Kate's skills (`party`)."""

from __future__ import annotations

from pathlib import Path

import pytest

import campaign_cli
from tests.rules.support import BOARD


@pytest.fixture
def path(tmp_path: Path) -> Path:
    file = tmp_path / "c.json"
    with campaign_cli.open(file, create=True) as camp:
        camp.character_create("Ajax", st=12, dx=11, iq=9, skill=["Sword=2"])
        camp.character_create("Merlin", st=8, dx=10, iq=14, wizard=True, spell=["Light"], skill=["Herbalist=2"])
        camp.enemy_add(file=str(BOARD))
    return file


@pytest.fixture
def fight(path: Path) -> Path:
    with campaign_cli.open(path) as camp:
        camp.item_add("Ajax", "Dagger")
        camp.item_add("Ajax", "Broadsword")
        camp.fight_start()
        camp.fight_add("Bog Lurker", count=2)
        assert camp.fight_order(dice=[6, 1])["fight"]["order"] == ["Ajax", "Merlin", "Bog Lurker"]
    return path


@pytest.fixture
def party(camp):
    """Ajax and Merlin, plus Kate (Medic 1, Bard 1, Leadership 1, Merchant 1, Charm 1)."""
    camp.json(
        "character",
        "create",
        "Kate",
        "--st",
        "10",
        "--dx",
        "10",
        "--iq",
        "12",
        "--skill",
        "Medic",
        "--skill",
        "Bard",
        "--skill",
        "Leadership",
        "--skill",
        "Charm",
    )
    camp.json("xp", "award", "40", "Kate")
    camp.json("xp", "spend", "Kate", "--skill", "Merchant")
    return camp
