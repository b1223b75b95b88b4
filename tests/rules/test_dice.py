"""The dice core and checks (R5-R11, R17, R18, R24, R26): grammar, rolls, exact odds."""

import itertools
import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from campaign_cli.errors import Refused, UsageProblem
from campaign_cli.rules import checks, dice
from campaign_cli.rules.characters import new_character

exprs = st.builds(lambda c, s, m: (c, s, m), st.integers(1, 12), st.integers(2, 20), st.integers(-10, 10))


def _text(c, s, m):
    return f"{c}d{s}{m:+d}" if m else f"{c}D{s}"


@given(exprs, st.integers(0, 2**32))
def test_every_roll_lies_within_the_expression_range(expr, seed):
    c, s, m = expr
    parsed = dice.parse(_text(c, s, m))
    rolled = dice.roll(parsed.count, parsed.sides, random.Random(seed))
    assert len(rolled) == c and all(1 <= v <= s for v in rolled)
    assert parsed.low <= sum(rolled) + parsed.modifier <= parsed.high


@given(st.integers(1, 8), st.integers(2, 12))
def test_every_distribution_sums_to_exactly_one(count, sides):
    dist = dice.sum_distribution(count, sides)
    assert sum(p for _, p in dist) == 1
    assert dist[0][0] == count and dist[-1][0] == count * sides


def test_distribution_matches_brute_force():
    brute = {}
    for faces in itertools.product(range(1, 7), repeat=3):
        brute[sum(faces)] = brute.get(sum(faces), 0) + 1
    assert dict(dice.sum_distribution(3, 6)) == {t: Fraction(n, 216) for t, n in brute.items()}


@pytest.mark.parametrize(
    "text,expected",
    [
        ("D6", (1, 6, 0)),
        ("2D6-1", (2, 6, -1)),
        ("3d6+2", (3, 6, 2)),
        ("D3", (1, 3, 0)),
        ("D2", (1, 2, 0)),
        (" 2 d 6 - 2 ", (2, 6, -2)),
    ],
)
def test_r26_dice_expressions_parse(text, expected):
    p = dice.parse(text)
    assert (p.count, p.sides, p.modifier) == expected


@pytest.mark.parametrize(
    "text", ["", "6", "D", "D1", "0D6", "101D6", "D101", "2D6*2", "__import__('os')", "1D6+1D6", "D6+99999"]
)
def test_dice_grammar_refuses_everything_else(text):
    with pytest.raises(UsageProblem):
        dice.parse(text)


def test_typed_dice_are_validated_never_rerolled():
    assert dice.typed("1,3,6", 3, 6) == [1, 3, 6]
    for bad in ("1,3", "1,3,6,2", "1,3,7", "0,1,2", "a,b,c"):
        with pytest.raises(UsageProblem):
            dice.typed(bad, 3, 6)


def test_seeded_rolls_repeat():
    assert dice.roll(5, 6, dice.rng_for(42)) == dice.roll(5, 6, dice.rng_for(42))


@given(st.integers(1, 20), st.integers(1, 7))
def test_r10_pool_odds_match_complement(count, need):
    expected = Fraction(0) if need > 6 else 1 - Fraction(max(need - 1, 0), 6) ** count
    assert dice.prob_any_at_least(count, need) == expected


def ajax(**fields):
    doc = new_character("Ajax", "hero", 12, 11, 9, skills={"Swimming": 1, "Sword": 2})
    doc.update(fields)
    return doc


def test_r5_seed_example_ajax_dx_11_rolls_1_3_6():
    prep = checks.prepare(ajax(), checks.parse_spec("3/DX"))
    assert prep.succeeds([1, 3, 6]) and prep.total([1, 3, 6]) == 10
    assert not prep.succeeds([6, 6, 1])
    assert prep.probability == Fraction(135, 216)  # 3d6 <= 11


def test_r6_for_skill_needs_the_skill_and_rolls_against_the_attribute_alone():
    with pytest.raises(Refused, match="R6"):
        checks.prepare(ajax(), checks.parse_spec("3/ST for Climbing"))
    assert checks.prepare(ajax(), checks.parse_spec("3/ST for Swimming")).target == 12  # the attribute alone
    assert checks.prepare(ajax(), checks.parse_spec("3/ST+Climbing")).target == 12
    assert checks.prepare(ajax(), checks.parse_spec("3/st + плавание")).target == 13


@pytest.mark.parametrize("text", ["3/LK", "3/", "/DX", "DX", "Lore 0+", "Lore 7+", "3 DX", "0/DX"])
def test_spec_grammar_refuses_malformed(text):
    with pytest.raises(UsageProblem):
        checks.parse_spec(text)


def test_r7_seed_example_hector_wins_when_ajax_goes_over():
    a = {"name": "Ajax", "total": 13, "target": 12, "attribute": 12}
    h = {"name": "Hector", "total": 9, "target": 11, "attribute": 11}
    assert checks.contest_winner(a, h) == "Hector"


def test_r7_ties_and_double_failure():
    a = {"name": "A", "total": 9, "target": 12, "attribute": 10}
    b = {"name": "B", "total": 9, "target": 11, "attribute": 11}
    assert checks.contest_winner(a, b) == "B"  # equal totals: higher attribute itself, skill not counted
    assert checks.contest_winner(a, {**b, "attribute": 10}) is None
    assert checks.contest_winner({**a, "total": 13}, {**b, "total": 12}) is None  # both over
    assert checks.contest_winner(a, {**b, "total": 5}) == "A"


def test_r8_initiative_rerolls_ties_only_among_the_tied():
    faces = iter([4, 4, 2, 6, 1])
    order, rolls = checks.initiative(["A", "B", "C"], lambda: next(faces))
    assert rolls == {"A": [4, 6], "B": [4, 1], "C": [2]}
    assert order == ["A", "B", "C"]


def test_r10_pool_test_on_adjusted_dx_and_extra_attribute():
    doc = ajax(attributes={"Lore": 3}, items=[{"state": "worn", "armor": 2, "restriction": 2, "weight": 0}])
    dx = checks.prepare(doc, checks.parse_spec("DX 5+"))
    assert dx.dice == 9  # R30: adjusted DX 11 - 2
    lore = checks.prepare(doc, checks.parse_spec("lore 5+"))
    assert lore.dice == 3 and lore.succeeds([1, 2, 5]) and not lore.succeeds([1, 2, 4])
    with pytest.raises(Refused):
        checks.prepare(doc, checks.parse_spec("Luck 5+"))


def test_r18_curses_worsen_sum_totals_and_pool_dice():
    doc = ajax(curses=[{"name": "Rot"}, {"name": "Eye"}], attributes={"Lore": 3})
    prep = checks.prepare(doc, checks.parse_spec("3/DX"))
    assert prep.total([1, 3, 6]) == 12 and not prep.succeeds([1, 3, 6])
    assert prep.probability == dice.prob_sum_at_most(3, 6, 9)
    pool = checks.prepare(doc, checks.parse_spec("Lore 5+"))
    assert pool.need == 7 and not pool.succeeds([6, 6, 6])  # 5+ needs a 7 after two curses
    assert pool.probability == 0


def test_r10_modifier_lowers_a_pool_threshold():
    prep = checks.prepare(ajax(attributes={"Lore": 2}), checks.parse_spec("Lore 5+"), modifier=1)
    assert prep.need == 4 and prep.succeeds([4, 1])


def test_r5_modifier_helps_the_roller():
    prep = checks.prepare(ajax(), checks.parse_spec("3/DX"), modifier=2)
    assert prep.target == 13 and prep.modifiers == [
        {"source": "modifier", "kind": "modifier", "name": None, "value": 2, "applies_to": "target"}
    ]


def test_r24_combat_skill_levels_go_to_hit_or_damage():
    hit = checks.prepare(ajax(), checks.parse_spec("3/DX+Sword"))
    assert hit.target == 13
    dmg = checks.prepare(ajax(combat={"Sword": "damage"}), checks.parse_spec("3/DX+Sword"))
    assert dmg.target == 11


def test_r26_damage_is_at_least_one_and_curses_reduce_it():
    expr = dice.parse("D6-1")
    assert checks.damage_total([1], expr) == 1
    assert checks.damage_total([6], expr, bonus=2, curses=1) == 6
    assert checks.damage_total([2], dice.parse("D6"), curses=3) == 1


def test_r5_r10_odds_for_every_kind_of_check():
    assert checks.sum_odds(3, 10) == Fraction(1, 2)
    assert checks.sum_odds(4, 14, curses=1) == dice.prob_sum_at_most(4, 6, 13)
    assert checks.pool_odds(3, 5) == Fraction(19, 27)
    assert checks.pool_odds(3, 5, modifier=1) == 1 - Fraction(3, 6) ** 3
