"""The journal's acts (undo, redo) and the catalog packs' (import, remove), called directly
on an open campaign: no command line. The commands' words stay in test_undo_redo.py and
test_packs.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from campaign_cli.acts import advancement, history, packs
from campaign_cli.acts import items as gear
from campaign_cli.rules.packs import validate
from tests.table import ROOT, Game, new_game


@pytest.fixture
def game(tmp_path: Path) -> Game:
    return new_game(tmp_path / "campaign.json")


def frontier() -> dict:
    return validate(json.loads((ROOT / "samples" / "packs" / "frontier.json").read_text(encoding="utf-8")))


def test_undo_takes_back_one_change_and_redo_puts_it_back(game):
    before = game.read().data["characters"]
    game(advancement.award_xp, 3, ["Ajax"], False, "crypt")
    done, changes = game(history.undo, None)
    assert [e["summary"] for e in done] == ["+3 XP to Ajax: crypt"]
    [(was, became)] = changes["characters"].values()  # what the change did, for the view's words
    assert (was["xp"], became["xp"]) == (0, 3)
    assert game.read().data["characters"] == before
    entry, again = game(history.redo)
    assert again == [done[0]["seq"]] and entry["kind"] == "undo"
    assert game.character("Ajax")["xp"] == 3
    assert game.refused(history.redo).code == "nothing_to_redo"  # a redo follows an undo


def test_undo_to_walks_back_several_changes_in_one_entry(game):
    before = game.read().data["characters"]
    for amount in (1, 2, 3):
        game(advancement.award_xp, amount, ["Ajax"], False, None)
    first = game.journal()[-3]["seq"]
    done, _changes = game(history.undo, first)
    assert [e["seq"] for e in done] == [first + 2, first + 1, first]
    assert game.read().data["characters"] == before
    assert game.journal()[-1]["undoes_all"] == [first + 2, first + 1, first]
    assert game.refused(history.undo, first + 5).code == "not_undoable"


def test_nothing_to_undo_is_refused_and_changes_nothing(tmp_path):
    from campaign_cli.store import campaign as store

    store.create(tmp_path / "empty.json", "Empty")
    assert Game(tmp_path / "empty.json").refused(history.undo, None).code == "nothing_to_undo"


def test_a_pack_imported_replaced_and_removed(game):
    pack = frontier()
    assert game(packs.import_pack, pack) is None
    game(gear.add, "Ajax", "Frontier Saber", False, {})  # a pack's item, at the pack's values
    saber = game.character("Ajax")["items"][0]
    old = game(packs.import_pack, {**pack, "version": "1.1"})
    assert old["version"] == "1.0" and [p["version"] for p in game.read().packs()] == ["1.1"]
    removed = game(packs.remove_pack, "FRONTIER")
    assert removed["pack"] == "frontier" and game.read().packs() == []
    assert game.character("Ajax")["items"][0] == saber  # items given out keep their values
    assert game.refused(packs.remove_pack, "frontier").code.startswith("unknown_")


def test_a_pack_whose_names_another_pack_holds_is_refused(game):
    game(packs.import_pack, frontier())
    err = game.refused(packs.import_pack, {**frontier(), "pack": "other"})
    assert err.code == "bad_pack" and "already in pack 'frontier'" in err.message
