"""A merge of three versions and the conflicts it leaves settled, called directly (no
command line, no git): tests/test_share.py keeps git, the merge driver and the words."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from campaign_cli.acts import advancement, sharing
from campaign_cli.errors import FileProblem
from tests.table import Game, new_game


@pytest.fixture
def three(tmp_path: Path) -> tuple[Game, Game, Game]:
    base = new_game(tmp_path / "base.json")
    for name in ("ours", "theirs"):
        shutil.copy(base.path, tmp_path / f"{name}.json")
        shutil.copy(base.path.with_name("base.json.journal"), tmp_path / f"{name}.json.journal")
    return base, Game(tmp_path / "ours.json"), Game(tmp_path / "theirs.json")


def merged(base: Game, ours: Game, theirs: Game) -> list:
    done = sharing.merge(str(base.path), str(ours.path), str(theirs.path), str(ours.path), ["merge"])
    _result, conflicts, written = done  # as git's driver runs it: --path names the campaign
    assert written == ours.path
    return conflicts


def test_changes_to_different_fields_merge_to_both(three):
    base, ours, theirs = three
    ours(advancement.award_xp, 3, ["Ajax"], False, None)
    theirs(advancement.add_karma, "Merlin", 2)
    assert merged(base, ours, theirs) == []
    assert (ours.character("Ajax")["xp"], ours.character("Merlin")["karma"]) == (3, 2)
    assert ours.journal()[-1]["summary"].startswith("merged ")


def test_a_conflict_is_kept_until_resolved_and_then_takes_the_side_chosen(three):
    base, ours, theirs = three
    ours(advancement.award_xp, 3, ["Ajax"], False, None)
    theirs(advancement.award_xp, 5, ["Ajax"], False, None)
    [conflict] = merged(base, ours, theirs)
    assert conflict.field == "xp" and ours.character("Ajax")["xp"] == 3  # ours, until resolved
    assert ours.refused(advancement.add_karma, "Ajax", 1).code == "unresolved_conflicts"  # resolve first
    chosen, left = ours(sharing.resolve, None, "theirs")
    assert ([c["field"] for c in chosen], left) == (["xp"], [])
    assert ours.character("Ajax")["xp"] == 5 and "conflicts" not in ours.read().meta
    assert ours.refused(sharing.resolve, None, "ours").code == "no_conflicts"


def test_a_value_settles_a_conflict_and_an_unknown_one_is_refused(three):
    base, ours, theirs = three
    ours(advancement.award_xp, 3, ["Ajax"], False, None)
    theirs(advancement.award_xp, 5, ["Ajax"], False, None)
    [conflict] = merged(base, ours, theirs)
    stored = ours.read().meta["conflicts"][0]
    assert ours.refused(sharing.resolve, stored["id"] + 1, "ours").code == "unknown_conflict"
    ours(sharing.resolve, stored["id"], "value", 4)
    assert ours.character("Ajax")["xp"] == 4 and conflict.as_dict()["theirs"] == 5


def test_versions_of_two_campaigns_are_not_merged(three, tmp_path):
    base, ours, _theirs = three
    other = new_game(tmp_path / "other.json")
    before = ours.path.read_bytes()
    with pytest.raises(FileProblem) as err:
        merged(base, ours, other)
    assert err.value.code == "different_campaigns" and ours.path.read_bytes() == before
