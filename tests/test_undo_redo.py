"""`undo --to SEQ` and `redo` (issue 39, CLI.md "Campaign"): walking back several changes
as one entry, and putting back what an undo took, while nothing else changed since."""

from __future__ import annotations

import json

import pytest

from tests.conftest import Cli


@pytest.fixture
def gold(tmp_path) -> Cli:
    """Ajax (#1), then four changes #2..#5: +1, +2, +3, +4 gold."""
    cli = Cli(tmp_path / "c.json")
    cli.json("init")
    cli.json("character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9")
    for n in range(1, 5):
        cli.json("gold", "add", "Ajax", str(n))
    return cli


def gold_of(cli: Cli) -> int:
    return cli.json("character", "show", "Ajax")["gold"]


def test_undo_to_walks_back_until_that_change_is_undone_as_one_entry(gold):
    data = gold.json("undo", "--to", "3")
    assert [e["seq"] for e in data["undone_all"]] == [5, 4, 3] and gold_of(gold) == 1
    last = gold.json("log")[-1]
    assert last["kind"] == "undo" and last["undoes_all"] == [5, 4, 3]
    gold.json("undo")  # one more: #2
    assert gold_of(gold) == 0


def test_undo_to_a_change_not_still_to_undo_is_refused_and_changes_nothing(gold):
    assert gold.error("undo", "--to", "9", code=1)["code"] == "not_undoable"
    gold.json("undo", "--to", "4")
    assert gold.error("undo", "--to", "5", code=1)["code"] == "not_undoable"  # already undone
    assert gold.error("undo", "--to", "0", code=2)["code"] == "usage"


def test_redo_puts_back_one_undo_or_a_whole_undo_to(gold):
    gold.json("undo", "--to", "3")
    back = gold.json("redo")
    assert back["changes"] == [5, 4, 3] and gold_of(gold) == 10
    assert gold.error("redo", code=1)["code"] == "nothing_to_redo"
    gold.json("undo")
    gold.json("undo")
    assert gold_of(gold) == 3
    gold.json("redo")
    gold.json("redo")  # several undos, several redos: back in order
    assert gold_of(gold) == 10
    gold.json("undo")  # and undo still walks back from the top
    assert gold_of(gold) == 6


def test_redo_after_any_other_change_exits_1_but_rolls_do_not_count(gold):
    gold.json("undo")
    gold.json("roll", "2D6")  # a roll changes nothing
    gold.json("redo")
    assert gold_of(gold) == 10
    gold.json("undo")
    gold.json("gold", "add", "Ajax", "1")
    err = gold.error("redo", code=1)
    assert err["code"] == "nothing_to_redo" and gold_of(gold) == 7


def test_the_recap_counts_a_redone_change_once(gold):
    since = gold.json("log")[0]["time"]
    gold.json("undo", "--to", "4")
    recap = lambda: {r["name"]: r["gold_gained"] for r in gold.json("recap", "--since", since)["characters"]}  # noqa: E731
    assert recap() == {"Ajax": 3}
    gold.json("redo")
    assert recap() == {"Ajax": 10}


def test_redo_in_russian_and_undo_to_in_the_russian_log(gold):
    gold.json("undo", "--to", "4")
    gold.json("redo")
    out = gold("--lang", "ru", "log").stdout
    assert "Изменения #4…#5 отменены" in out and "Изменения #4…#5 возвращены" in out
    assert json.loads(gold("log", "--json").stdout)[-1]["redoes"] == 6


def test_the_log_and_undo_say_what_happened_from_the_facts_in_english_too(gold):
    """Issue 33: `log` and `undo` read an entry's facts, in English as in Russian; the
    English summary stored with it shows only where the facts say nothing (an entry from
    before events). A roll of dice says what `roll` said (issue 49: it was `-` in Russian)."""
    rolled = gold("roll", "2d6", "--seed", "1").stdout.strip()
    lines = gold("log", "--limit", "3").stdout.splitlines()
    assert any("Ajax gets 4 gold (now 10)" in line and "campaign gold add Ajax 4" in line for line in lines), lines
    assert rolled.startswith("2D6: ") and any(f" roll    Rolled {rolled}  " in line for line in lines), lines
    assert gold("undo").stdout == "undid #5: Ajax gets 4 gold (now 10)\n"
    assert "Change #5 taken back" in gold("log", "--limit", "1").stdout
    assert gold("--lang", "ru", "undo").stdout == "Отменено #4: Ajax получает 3 золотых (теперь 6)\n"


def test_undo_says_what_it_took_back_without_walking_the_journal(gold, monkeypatch):
    """The 500th undo in a row cost 12x the first: saying what it undid walked the journal
    back to it. The words come from the documents the undo itself touches."""
    from campaign_cli.store import history

    for _ in range(3):
        gold.json("undo")

    def walked(camp, wanted=None):
        raise AssertionError("undo walked the journal")

    monkeypatch.setattr(history, "history", walked)
    assert gold("undo").stdout == "undid #2: Ajax gets 1 gold (now 1)\n"
    assert gold("--lang", "ru", "undo").stdout == "Отменено #1: Ajax вступает в партию (герой; ST 12, DX 11, IQ 9)\n"
