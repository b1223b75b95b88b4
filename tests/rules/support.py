"""What the rules' tests share besides their campaigns (conftest.py): a refusal that
changes nothing (`refused`), a character's items and view, and a contest's side for the
pure rules (`side`)."""

from __future__ import annotations

from pathlib import Path

import pytest

import campaign_cli
from tests import words as typed

ROOT = Path(__file__).resolve().parents[2]
BOARD = ROOT / "samples" / "enemies" / "bog-lurker.json"
RANK = {"a": 2, None: 1, "b": 0}


def side(name, raw, target, attribute=None, curses=0):
    return {
        "name": name,
        "raw": raw,
        "total": raw,
        "target": target,
        "attribute": target if attribute is None else attribute,
        "curses": curses,
    }


def refused(file: Path, *words: str) -> campaign_cli.Refused:
    """WORDS must be refused, leaving FILE byte for byte as it was."""
    before = file.read_bytes()
    with pytest.raises(campaign_cli.Refused) as caught, campaign_cli.open(file) as camp:
        typed.run(camp, *words)
    assert file.read_bytes() == before and caught.value.exit_status == 1
    return caught.value


def items(file: Path, who: str) -> list[str]:
    with campaign_cli.read(file) as camp:
        return [i["name"] for i in camp.item_list(who)]


def show(camp, name):
    return camp.json("character", "show", name)
