"""Checks, contests, spells, initiative, rolls, odds and skills (R5-R11, R17, R18, R23-R26)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, Unpack, cast, overload

from campaign_cli.errors import Opt, Say, UsageProblem
from campaign_cli.library.core import (
    Core,
    checked,
    given_dice,
    given_name,
    given_seed,
    given_text,
    thrown,
    whole_number,
)
from campaign_cli.options import Dice

if TYPE_CHECKING:
    from campaign_cli import results
    from campaign_cli.store import Stored
else:
    from campaign_cli.library.core import results


class Rolls(Core):
    """Checks, contests, spells cast, initiative, rolls, odds, skills used."""

    # -- checks and rolls (R5-R11, R17, R18, R23-R26) -----------------------------------
    @overload
    def check(
        self, character: str | int, spec: str, /, *, plot: bool = False, **roll: Unpack[results.RollOptions]
    ) -> results.CheckResult: ...

    @overload
    def check(
        self, spec: str, /, *, party: Literal[True], who: Literal["all", "random"], **roll: Unpack[results.PartyRoll]
    ) -> results.PartyTest: ...

    @overload
    def check(
        self,
        first: str | int,
        spec: str | None = None,
        /,
        *,
        party: bool,
        who: Literal["all", "random"] | None = None,
        plot: bool = False,
        **roll: Unpack[results.RollOptions],
    ) -> results.CheckResult | results.PartyTest: ...  # `party=flag`, a bool known when it runs

    @checked
    def check(
        self,
        first: str | int,
        spec: str | None = None,
        /,
        *,
        party: bool = False,
        who: Literal["all", "random"] | None = None,
        plot: bool = False,
        **roll: Unpack[results.RollOptions],
    ) -> results.CheckResult | results.PartyTest:
        """Roll a check: "N/ATTR", "N/ATTR+SKILL", "N/ATTR for SKILL" (R5, R6) or a pool test
        "ATTR T+" (R10), with curses (R18) and `modifier` (+ to the target or - to the
        threshold). `karma=True`: a failure is rolled again for 1 karma, else 1 wish (R17).
        `dice`: physical dice typed in; `plot=True` adds the roll's whole distribution
        (ROLL: `RollOptions`).

        With `party=True` the check is a party test (R11): everyone who can act (`who="all"`)
        or one picked at random (`who="random"`); `dice` are everyone's, in party order.

            camp.check("Ajax", "3/DX", dice=[1, 3, 6])
            camp.check("Kate", "Lore 5+", seed=7, karma=True)
            camp.check("3/IQ", party=True, who="all")
        """
        from campaign_cli.acts import rolls
        from campaign_cli.rules import checks

        r = thrown(roll)
        if party:
            if plot:
                raise UsageProblem(Say("{option} is for one character's check", option=Opt("plot")))
            if who not in ("all", "random"):
                raise UsageProblem(Say("{party} needs {who} all or random", party=Opt("party"), who=Opt("who")))
            if r.karma:
                raise UsageProblem(Say("{option} is for one character's check, not a party test", option=Opt("karma")))
            if spec is not None:
                raise UsageProblem(Say("a party test takes the check alone, no character"), "usage")
            test = checks.parse_spec(given_text(first, "spec"))

            def party_run(stored: Stored) -> results.PartyTest:
                data = rolls.party_test(stored, test, who, r)
                return cast("results.PartyTest", data)

            return self._act("check", True, party_run)
        if who is not None:
            raise UsageProblem(Say("{who} goes with {party}", who=Opt("who"), party=Opt("party")))
        if spec is None:
            raise UsageProblem(Say("give a character and a check (or a party test)"))
        parsed = checks.parse_spec(given_text(spec, "spec"))

        def run(stored: Stored) -> results.CheckResult:
            prep, result = rolls.check(stored, first, parsed, r)
            if plot:
                limit = (prep.target or 0) - prep.curses if parsed.type == "sum" else (prep.need or 0)
                rows = checks.distribution(parsed.type, prep.dice, limit)
                result["distribution"] = checks.fractions(rows)
                result["plot"] = {"dice": prep.dice, "limit": limit}
            return cast("results.CheckResult", result)

        return self._act("check", True, run, (first, spec))

    @checked
    def contest(
        self,
        character: str | int,
        spec: str,
        other: str | int,
        other_spec: str,
        /,
        *,
        dice: Dice | None = None,
        other_dice: Dice | None = None,
        seed: int | None = None,
        karma: bool = False,
        reroll_dice: Dice | None = None,
    ) -> results.Contest:
        """A contested check (R7): both roll; over one's attribute fails; the higher total
        wins; ties go to the higher attribute. OTHER is a character, or a number: an unnamed
        opponent's attribute. `karma=True` rolls CHARACTER's side again when it does not win (R17).

            camp.contest("Ajax", "3/ST", "Hector", "3/ST")
            camp.contest("Ajax", "3/ST", "11", "3/ST", dice=[6, 4, 3], other_dice=[2, 3, 4])
        """
        from campaign_cli.acts import rolls

        r = thrown({"dice": dice, "seed": seed, "karma": karma, "reroll_dice": reroll_dice})
        theirs = given_dice(other_dice, "other_dice")

        def run(stored: Stored) -> results.Contest:
            data = rolls.contest(stored, character, spec, other_side(other), other_spec, r, theirs)
            return cast("results.Contest", data)

        return self._act("contest", True, run, (character, spec, other, other_spec))

    @overload
    def cast(
        self, character: str | int, spell: str, /, *, against: None = None, **roll: Unpack[results.RollOptions]
    ) -> results.CastCheck: ...
    @overload
    def cast(
        self,
        character: str | int,
        spell: str,
        /,
        *,
        against: str | int,
        other_dice: Dice | None = None,
        **roll: Unpack[results.RollOptions],
    ) -> results.CastContest: ...
    @overload
    def cast(
        self,
        character: str | int,
        spell: str,
        /,
        *,
        against: str | int | None = None,
        other_dice: Dice | None = None,
        **roll: Unpack[results.RollOptions],
    ) -> results.Cast: ...
    @checked
    def cast(
        self,
        character: str | int,
        spell: str,
        /,
        *,
        against: str | int | None = None,
        other_dice: Dice | None = None,
        **roll: Unpack[results.RollOptions],
    ) -> results.Cast:
        """CHARACTER casts SPELL (R9): a 3/IQ check; with AGAINST (a character, or a number:
        an unnamed enemy's IQ) a contested IQ check (R7). Only a known spell whose rating is
        not above the caster's IQ; the caster's action of the round (R32a). `karma=True`
        rolls a failure again (R17) (ROLL: `RollOptions`).

            camp.cast("Merlin", "Fireball")
            camp.cast("Merlin", "Sleep", against="11", dice=[2, 3, 4], other_dice=[5, 5, 5])
        """
        from campaign_cli.acts import rolls

        r = thrown(roll)
        if other_dice is not None and against is None:
            raise UsageProblem(Say("{option} goes with {flag}", option=Opt("other_dice"), flag=Opt("against")))
        theirs = given_dice(other_dice, "other_dice")

        def run(stored: Stored) -> results.Cast:
            data = rolls.cast(stored, character, spell, other_side(against), r, theirs)
            return cast("results.Cast", data)

        return self._act("cast", True, run, (character, spell))

    @checked
    def initiative(self, /, *names: str | int, seed: int | None = None, dice: Dice | None = None) -> results.Initiative:
        """Initiative (R8): one die for each of NAMES (characters, or any side's names),
        highest first; ties roll again. DICE: one per name in order, then the tie rolls.

            camp.initiative("Ajax", "Merlin", "Kate", seed=3)["order"]
        """
        from campaign_cli.acts import rolls
        from campaign_cli.rules import checks
        from campaign_cli.rules import dice as d

        sides = [given_name(n, "names") for n in names]
        if not sides:
            raise UsageProblem(Say("name the sides that roll"), "missing_argument")
        queue = d.Queue(given_dice(dice, "dice"), checks.SIDES, d.rng_for(given_seed(seed)), at_least=len(sides))

        def run(stored: Stored) -> results.Initiative:
            data = rolls.initiative(stored, sides, queue, seed)
            queue.used_up()
            return cast("results.Initiative", data)

        return self._act("initiative", True, run, tuple(sides))

    @checked
    def roll(
        self,
        expr: str | None = None,
        /,
        *,
        character: str | int | None = None,
        weapon: str | None = None,
        against: str | int | None = None,
        seed: int | None = None,
        dice: Dice | None = None,
        karma: bool = False,
        reroll_dice: Dice | None = None,
    ) -> results.Roll:
        """Roll dice ("D6", "2D6-1", "3d6+2", "D3", "D2"); with CHARACTER, a damage roll: at
        least 1, curses and combat skills apply (R18, R24, R26); WEAPON's damage when EXPR is
        not given; AGAINST: the character hit (an unarmed blow deals +1 if the attacker is
        stronger, R26). `karma=True` rolls the damage again, the new roll kept (R17).

            camp.roll("3D6", seed=4)["total"]
            camp.roll(character="Ajax", weapon="Broadsword", dice=[5, 2])
        """
        from campaign_cli.acts import rolls
        from campaign_cli.rules import dice as d

        if (weapon is not None or against is not None or karma) and character is None:
            raise UsageProblem(
                Say(
                    "{a}, {b} and {c} go with {d}",
                    a=Opt("weapon"),
                    b=Opt("against"),
                    c=Opt("karma"),
                    d=Opt("character"),
                )
            )
        r = thrown({"dice": dice, "seed": seed, "karma": karma, "reroll_dice": reroll_dice})
        if expr is None and weapon is None:
            raise UsageProblem(Say("give a dice expression, or a character and a weapon"))
        if expr is not None:
            d.parse(given_text(expr, "expr"))  # a malformed expression is refused before the lock is taken

        def run(stored: Stored) -> results.Roll:
            data = rolls.roll(stored, expr, character, weapon, against, r)
            return cast("results.Roll", data)

        return self._act("roll", True, run, tuple(x for x in (expr,) if x))

    @checked
    def odds(self, spec: str, /, *, value: int, modifier: int = 0, curses: int = 0, plot: bool = False) -> results.Odds:
        """The exact chance of a check before rolling: "N/ATTR" against an attribute of
        VALUE, or a pool test ("Lore 5+") with VALUE dice; MODIFIER and CURSES (R18) as a
        roll would have them. `plot=True` adds the whole distribution. Changes nothing.

            camp.odds("3/DX", value=11)["fraction"]
        """
        self._ready()
        return odds(spec, value=value, modifier=modifier, curses=curses, plot=plot)


def odds(spec: str, /, *, value: int, modifier: int = 0, curses: int = 0, plot: bool = False) -> results.Odds:
    """The exact chance of a check before rolling, with no campaign: "N/ATTR" against an
    attribute of VALUE, or a pool test ("Lore 5+") with VALUE dice; MODIFIER and CURSES
    (R18) as a roll would have them. `plot=True` adds the whole distribution.

        campaign_cli.odds("3/DX", value=11)["fraction"]
    """
    from campaign_cli.library import judged
    from campaign_cli.rules import checks
    from campaign_cli.rules import dice as d

    for name, given in (("spec", spec), ("value", value), ("modifier", modifier), ("curses", curses), ("plot", plot)):
        judged.check(odds, name, given, name == "spec")  # no Campaign here: judged as a method's are
    whole_number(value, "value", 0)
    whole_number(modifier, "modifier", -100, 100)
    whole_number(curses, "curses", 0, 100)
    parsed = checks.parse_spec(given_text(spec, "spec"))
    if parsed.type == "sum":
        p = checks.sum_odds(parsed.dice, value, modifier, curses)
    else:
        if not 0 <= value <= d.MAX_DICE:
            raise UsageProblem(
                Say("{option}: a pool test rolls 0 to {most} dice", option=Opt("value"), most=d.MAX_DICE)
            )
        p = checks.pool_odds(value, parsed.threshold, modifier, curses)
    data: dict[str, Any] = {
        "spec": parsed.text,
        "type": parsed.type,
        "value": value,
        "modifier": modifier,
        "curses": curses,
        "probability": float(p),
        "fraction": f"{p.numerator}/{p.denominator}",
    }
    if plot:
        if parsed.type == "sum":
            count, limit = parsed.dice, value + modifier - curses
            rows = checks.distribution("sum", count, limit)
        else:
            count, limit = value, parsed.threshold - modifier + curses
            rows = checks.distribution("pool", count, limit)
        data["distribution"] = checks.fractions(rows)
        data["plot"] = {"dice": count, "limit": limit}
    return cast("results.Odds", data)


@overload
def other_side(value: str | int) -> str: ...


@overload
def other_side(value: str | int | None) -> str | None: ...


def other_side(value: str | int | None) -> str | None:
    """The other side of a contest: a character's name, or a number (an unnamed side's attribute)."""
    if isinstance(value, bool) or not isinstance(value, (str, int, type(None))):
        raise UsageProblem(Say("{option}: {value!r} is not a name or a number", option=Opt("against"), value=value))
    return str(value) if isinstance(value, int) else value
