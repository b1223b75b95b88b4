"""Skills used (R23, R25, R25a): a skill's check or contest, then its effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Unpack, cast, overload

from campaign_cli.library.core import Core, Pairs, checked, given_dice, given_text, pairs, thrown, whole_number
from campaign_cli.library.rolls import other_side
from campaign_cli.options import Dice

if TYPE_CHECKING:
    from campaign_cli import results
    from campaign_cli.store import Stored
else:
    from campaign_cli.library.core import results


class Skills(Core):
    """A skill used: its check, then its effect."""

    @overload
    def skill_use(
        self,
        character: str | int,
        skill: str,
        /,
        *,
        heal: Pairs | None = None,
        give: Pairs | None = None,
        for_: str | None = None,
        doses: int | None = None,
        boost: str | None = None,
        against: None = None,
        **roll: Unpack[results.RollOptions],
    ) -> results.SkillCheck: ...
    @overload
    def skill_use(
        self,
        character: str | int,
        skill: str,
        /,
        *,
        heal: Pairs | None = None,
        give: Pairs | None = None,
        for_: str | None = None,
        doses: int | None = None,
        boost: str | None = None,
        against: str | int,
        other_dice: Dice | None = None,
        **roll: Unpack[results.RollOptions],
    ) -> results.SkillContest: ...
    @overload
    def skill_use(
        self,
        character: str | int,
        skill: str,
        /,
        *,
        heal: Pairs | None = None,
        give: Pairs | None = None,
        for_: str | None = None,
        doses: int | None = None,
        boost: str | None = None,
        against: str | int | None = None,
        other_dice: Dice | None = None,
        **roll: Unpack[results.RollOptions],
    ) -> results.SkillUse: ...
    @checked
    def skill_use(
        self,
        character: str | int,
        skill: str,
        /,
        *,
        heal: Pairs | None = None,
        give: Pairs | None = None,
        for_: str | None = None,
        doses: int | None = None,
        boost: str | None = None,
        against: str | int | None = None,
        other_dice: Dice | None = None,
        **roll: Unpack[results.RollOptions],
    ) -> results.SkillUse:
        """CHARACTER uses SKILL (R23): its check, then on success its effect (R25), within the
        limits of R25a (a use beyond them is refused before any roll; a failed check spends
        the use); the character's action of the round (R32a).

        Medic heals damage from the last fight (`heal={"Ajax": 2}` or ["Ajax=2"]); Bard
        gives karma for this adventure (`give=`); Leadership adds the level to someone's next
        check (`for_=`); Herbalist brews a healing potion of DOSES; Alchemist spends 1 XP on
        a potion that raises an attribute or skill (`boost=`). Contested skills (Charm,
        Diplomacy, Tactics, Animal Handler, Merchant) take AGAINST.

            camp.skill_use("Kate", "Medic", heal={"Ajax": 2})
            camp.skill_use("Kate", "Charm", against="11")

        ROLL: `RollOptions`.
        """
        from campaign_cli.acts import skills
        from campaign_cli.rules.skills import find_skill

        found = find_skill(given_text(skill, "skill"))
        r = thrown(roll)
        if doses is not None:
            whole_number(doses, "doses")
        given = {"heal": heal, "give": give, "for_": for_, "doses": doses, "boost": boost}
        theirs = given_dice(other_dice, "other_dice")
        against = other_side(against)
        skills.check_options(found, given, against, theirs)
        options = {
            "heal": pairs(heal, "heal") if heal else None,
            "give": pairs(give, "give") if give else None,
            "for_": for_,
            "doses": doses,
            "boost": boost,
        }

        def run(stored: Stored) -> results.SkillUse:
            data = skills.use(stored, character, found, options, against, r, theirs)
            return cast("results.SkillUse", data)

        return self._act("skill use", True, run, (character, found.name))
