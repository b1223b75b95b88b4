"""Dice: a small grammar for expressions (never eval), a seedable roller, typed-in
physical dice, and exact distributions with fractions."""

from __future__ import annotations

from functools import lru_cache

from campaign_cli.errors import N_, Opt, Say, UsageProblem
from campaign_cli.rules.names import MAX_TEXT  # CLI.md "Sizes": longer specs and expressions exit 2 before parsing

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: an item's views load this module
if TYPE_CHECKING:  # random and fractions load only when something is rolled or weighed
    import random
    import re
    from fractions import Fraction

MAX_DICE = 100
MIN_SIDES, MAX_SIDES = 2, 100
MAX_MODIFIER = 1000


def check_length(text: str, what: str) -> None:
    if len(text or "") > MAX_TEXT:
        raise UsageProblem(
            Say(
                '{what} is at most {MAX_TEXT} characters, not {count}',
                what=Say(what),
                MAX_TEXT=MAX_TEXT,
                count=len(text),
            ),
            "too_long",
        )


_EXPR: list[re.Pattern[str]] = []  # compiled when an expression is first parsed (`re` is not loaded before)


def _expression() -> re.Pattern[str]:
    """[COUNT] D SIDES [(+|-) N], e.g. D6, 2D6-1, 3d6+2, D3, D2 (к: the Russian d, 2к6)."""
    if not _EXPR:
        import re

        _EXPR.append(re.compile(r"\s*(\d*)\s*[dDкК]\s*(\d+)\s*(?:([+\-\u2212])\s*(\d+))?\s*"))
    return _EXPR[0]


class Dice:
    """A parsed expression: COUNT dice of SIDES sides, plus MODIFIER."""

    __slots__ = ("count", "modifier", "sides")

    def __init__(self, count: int, sides: int, modifier: int = 0) -> None:
        self.count, self.sides, self.modifier = count, sides, modifier

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dice) and (self.count, self.sides, self.modifier) == (
            other.count,
            other.sides,
            other.modifier,
        )

    def __repr__(self) -> str:
        return f"Dice({self.text()!r})"

    def text(self) -> str:
        mod = f"{self.modifier:+d}" if self.modifier else ""
        return f"{self.count if self.count > 1 else ''}D{self.sides}{mod}"

    @property
    def low(self) -> int:
        return self.count + self.modifier

    @property
    def high(self) -> int:
        return self.count * self.sides + self.modifier


def check_counts(count: int, sides: int) -> None:
    if not 1 <= count <= MAX_DICE:
        raise UsageProblem(Say('{count} dice: roll 1 to {MAX_DICE} dice', count=count, MAX_DICE=MAX_DICE), "bad_dice")
    if not MIN_SIDES <= sides <= MAX_SIDES:
        raise UsageProblem(
            Say(
                'a die of {sides} sides: dice have {MIN_SIDES} to {MAX_SIDES} sides',
                sides=sides,
                MIN_SIDES=MIN_SIDES,
                MAX_SIDES=MAX_SIDES,
            ),
            "bad_dice",
        )


def parse(expr: str) -> Dice:
    """Parse a dice expression; anything else is a usage error (exit 2)."""
    check_length(expr, N_("a dice expression"))
    match = _expression().fullmatch(expr or "")
    if not match:
        raise UsageProblem(Say('{expr!r} is not a dice expression (like D6, 2D6-1, 3d6+2)', expr=expr), "bad_dice")
    count_text, sides_text, sign, mod_text = match.groups()
    if len(count_text) > 4 or len(sides_text) > 4 or (mod_text and len(mod_text) > 5):
        raise UsageProblem(Say('{expr!r}: numbers too large', expr=expr), "bad_dice")
    count = int(count_text) if count_text else 1
    sides = int(sides_text)
    modifier = int(mod_text or 0) * (1 if sign in (None, "+") else -1)
    check_counts(count, sides)
    if abs(modifier) > MAX_MODIFIER:
        raise UsageProblem(
            Say('{expr!r}: the modifier is at most {MAX_MODIFIER}', expr=expr, MAX_MODIFIER=MAX_MODIFIER),
            "bad_dice",
        )
    return Dice(count, sides, modifier)


def roll(count: int, sides: int, rng: random.Random) -> list[int]:
    return [rng.randint(1, sides) for _ in range(count)]


LISTED_DICE = 1000  # a roll of more dice is kept as how many dice showed each face, not as a list


def faces(count: int, sides: int, rng: random.Random) -> list[int]:
    """How many of COUNT dice show each face 1..SIDES, rolled in chunks: the memory a roll
    takes does not grow with COUNT (an enemy's combat may be a million dice, R41)."""
    out = [0] * sides
    left = count
    while left:
        chunk = min(left, 4096)
        for value in rng.choices(range(sides), k=chunk):
            out[value] += 1
        left -= chunk
    return out


def typed(text: str, count: int | None, sides: int, option: str = "dice") -> list[int]:
    """Physical dice typed in (`1,3,6`): exactly COUNT values (any number when COUNT is
    None), each 1..SIDES, or exit 2."""
    if len(text or "") > 4 * MAX_DICE * 4:
        raise UsageProblem(Say('{option}: too long a list of dice', option=Opt(option)), "too_long")
    parts = [p.strip() for p in (text or "").replace(" ", ",").split(",") if p.strip()]
    try:
        values = [int(p) for p in parts]
    except ValueError:
        raise UsageProblem(
            Say('{option} {text!r}: give whole numbers separated by commas', option=Opt(option), text=text), "bad_dice"
        ) from None
    if count is not None and len(values) != count:
        raise UsageProblem(
            Say(
                '{option}: this roll needs {count} dice, got {count2}',
                option=Opt(option),
                count=count,
                count2=len(values),
            ),
            "bad_dice",
        )
    bad = [v for v in values if not 1 <= v <= sides]
    if bad:
        raise UsageProblem(
            Say('{option}: a D{sides} cannot show {value}', option=Opt(option), sides=sides, value=bad[0]), "bad_dice"
        )
    return values


def obtain(count: int, sides: int, typed_text: str | None, rng: random.Random, option: str = "dice") -> list[int]:
    """The dice of a roll: the physical dice typed in when given (validated), else rolled."""
    return typed(typed_text, count, sides, option) if typed_text is not None else roll(count, sides, rng)


class Queue:
    """Dice one at a time, for a roll whose count is known only as it goes (initiative and
    its ties, R8): the physical dice typed in, in order, else rolled with RNG. `rest()`
    says how many typed dice were not used, and `used_up()` refuses any left over once the
    roll is done."""

    def __init__(self, typed_text: str | None, sides: int, rng: random.Random, at_least: int = 0) -> None:
        self.sides, self.rng = sides, rng
        self.typed = None if typed_text is None else typed(typed_text, None, sides)
        if self.typed is not None and len(self.typed) < at_least:
            raise UsageProblem(
                Say(
                    "{option}: at least {count} dice are needed, {given} given",
                    option=Opt("dice"),
                    count=at_least,
                    given=len(self.typed),
                ),
                "bad_dice",
            )

    def __call__(self) -> int:
        if self.typed is None:
            return self.rng.randint(1, self.sides)
        if not self.typed:
            raise UsageProblem(
                Say("{option}: the ties need more dice; add the tie rolls", option=Opt("dice")), "bad_dice"
            )
        return self.typed.pop(0)

    def rest(self) -> int:
        return len(self.typed or ())

    def used_up(self) -> None:
        """Every die typed in was rolled: one left over is refused, naming --dice."""
        if self.rest():
            raise UsageProblem(
                Say(
                    "{option}: {n} die left over",
                    plural="{option}: {n} dice left over",
                    quantity=self.rest(),
                    option=Opt("dice"),
                    n=self.rest(),
                ),
                "bad_dice",
            )


class Throw:
    """How one roll is made, as an act takes it (one bundle from the command line through
    the library, campaign_cli/options.py, to the act): DICE typed in (the rules' text,
    "1,3,6") or None, RNG for the dice not typed, SEED (journaled with the roll), the
    MODIFIER (+ to a sum's target, - to a pool's threshold, R5, R10), KARMA (a failure rolled
    again, R17) and AGAIN, that roll's typed dice."""

    __slots__ = ("again", "dice", "karma", "modifier", "rng", "seed")

    def __init__(
        self,
        dice: str | None,
        rng: random.Random,
        seed: int | None = None,
        modifier: int = 0,
        karma: bool = False,
        again: str | None = None,
    ) -> None:
        self.dice, self.rng, self.seed, self.modifier, self.karma, self.again = dice, rng, seed, modifier, karma, again


def rng_for(seed: int | None) -> random.Random:
    """The same seed gives the same rolls; no seed, fresh entropy."""
    import random

    return random.Random(seed) if seed is not None else random.Random()


@lru_cache(maxsize=256)
def sum_distribution(count: int, sides: int) -> tuple[tuple[int, Fraction], ...]:
    """Exact distribution of the sum of COUNT dice with SIDES sides: ((total, P), ...)."""
    from fractions import Fraction

    check_counts(count, sides)
    ways = [1]  # ways[i]: ways to make total i (offset by the number of dice rolled so far)
    for _n in range(count):
        nxt = [0] * (len(ways) + sides - 1)
        for i, w in enumerate(ways):
            if w:
                for face in range(sides):
                    nxt[i + face] += w
        ways = nxt
    whole = sides**count
    return tuple((count + i, Fraction(w, whole)) for i, w in enumerate(ways))


@lru_cache(maxsize=1024)
def prob_sum_at_most(count: int, sides: int, limit: int) -> Fraction:
    """P(sum of the dice <= LIMIT) (kept: a batch of checks asks the same few again)."""
    from fractions import Fraction

    if limit < count:
        return Fraction(0)
    if limit >= count * sides:
        return Fraction(1)
    return sum((p for total, p in sum_distribution(count, sides) if total <= limit), Fraction(0))


@lru_cache(maxsize=256)
def pool_distribution(count: int, need: int, sides: int = 6) -> tuple[tuple[int, Fraction], ...]:
    """Exact distribution of how many of COUNT dice show NEED or more: ((hits, P), ...)."""
    from fractions import Fraction
    from math import comb

    p = Fraction(min(max(sides - need + 1, 0), sides), sides)
    return tuple((k, comb(count, k) * p**k * (1 - p) ** (count - k)) for k in range(count + 1))


def prob_any_at_least(count: int, need: int, sides: int = 6) -> Fraction:
    """P(at least one of COUNT dice shows NEED or more)."""
    from fractions import Fraction

    if count <= 0 or need > sides:
        return Fraction(0)
    if need <= 1:
        return Fraction(1)
    return 1 - Fraction(need - 1, sides) ** count
