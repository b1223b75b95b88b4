"""Rules, second pass (R9, R18, R25, R40): the pure rules, each test named after its rule and
failing if the rule breaks. The same pass's procedures (R6, R9, R11a, R17, R18, R22, R25,
R26, R27, R36) are played through the acts in tests/test_acts_checks.py."""

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from campaign_cli.errors import Refused
from campaign_cli.rules import checks, craft, enemies
from campaign_cli.rules.checks import contest_winner, contest_with_curses

ROOT = Path(__file__).resolve().parent.parent


def side(name, raw, target, attribute=None, curses=0):
    return {
        "name": name,
        "raw": raw,
        "total": raw,
        "target": target,
        "attribute": target if attribute is None else attribute,
        "curses": curses,
    }


# -- R18 ---------------------------------------------------------------------------------
def test_r18_a_curse_never_turns_a_lost_contest_into_a_win():
    # Hector ST 11, cursed, rolls 10; Ajax ST 12 rolls 10: uncursed, Ajax wins the tie on ST.
    hector, ajax = side("Hector", 10, 11, curses=1), side("Ajax", 10, 12)
    assert contest_with_curses(hector, ajax) == "Ajax"
    assert hector["total"] != 11  # +1 would have made Hector win: the curse went the other way


RANK = {"a": 2, None: 1, "b": 0}


@given(
    st.integers(3, 18), st.integers(3, 18), st.integers(3, 18), st.integers(3, 18), st.integers(0, 3), st.integers(0, 3)
)
def test_r18_a_curse_never_helps_the_cursed_side_in_a_contest(ra, rb, ta, tb, ca, cb):
    plain = contest_winner(side("a", ra, ta), side("b", rb, tb))
    only_a = contest_with_curses(side("a", ra, ta, curses=ca), side("b", rb, tb))
    assert RANK[only_a] <= RANK[plain]
    only_b = contest_with_curses(side("a", ra, ta), side("b", rb, tb, curses=cb))
    assert RANK[only_b] >= RANK[plain]


# -- R25 ---------------------------------------------------------------------------------
def test_r25_pure_limits():
    with pytest.raises(Refused, match="at most 2"):
        craft.check_bard(2, {"A": 3}, {"A": {"name": "A", "st": 10}})
    assert craft.healing_potion(2, 3)["heals"] == 6


# -- R40 ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "word, size",
    [
        ("маленький", "small"),
        ("Средний", "medium"),
        ("большой", "large"),
        ("очень большой", "huge"),
        ("огромный", "huge"),
        ("гигантский", "giant"),
    ],
)
def test_r40_sizes_in_russian(word, size):
    board = json.loads((ROOT / "samples" / "enemies" / "bog-lurker.json").read_text())
    assert enemies.validate_board({**board, "size": word})["size"] == size


def test_r40_a_bad_size_names_the_field():
    board = json.loads((ROOT / "samples" / "enemies" / "bog-lurker.json").read_text())
    with pytest.raises(Refused, match="size"):
        enemies.validate_board({**board, "size": "tiny"})


def test_r9_castable_is_pure():
    doc = {"name": "M", "iq": 10, "spells": [{"name": "Light", "rating": None}, {"name": "Fire", "rating": 11}]}
    assert checks.castable(doc, "light")["name"] == "Light"
    with pytest.raises(Refused, match="R9"):
        checks.castable(doc, "Fire")
