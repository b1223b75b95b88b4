"""Wounds and rest (R19-R22, R29): damage, healing, a night's sleep and a week's rest."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from campaign_cli.errors import Opt, Say, UsageProblem
from campaign_cli.library.core import Core, character_view, checked, given_name, whole_number

if TYPE_CHECKING:
    from campaign_cli import results
    from campaign_cli.store import Stored
else:
    from campaign_cli.library.core import results


class Wounds(Core):
    """Damage, healing and rest."""

    # -- wounds and rest (R19-R22, R29) ---------------------------------------------
    @checked
    def damage(
        self, character: str | int, amount: int, /, *, fatigue: bool = False, armor: bool = False
    ) -> results.Damaged:
        """Wound CHARACTER by AMOUNT points of damage, or of fatigue with `fatigue=True`
        (R19-R21); `armor=True` takes off what worn armor and shield stop (R29). The GM's
        tool: never limited by turns (R32a).

            camp.damage("Ajax", 5)
            camp.damage("Ajax", 6, armor=True)
        """
        from campaign_cli.acts import wounds

        whole_number(amount, "amount", 0)
        if armor and fatigue:
            raise UsageProblem(
                Say("{armor} reduces damage from hits, not fatigue: give one of them", armor=Opt("armor"))
            )

        def run(stored: Stored) -> results.Damaged:
            doc, applied = wounds.damage(stored, character, amount, fatigue, armor)
            return cast("results.Damaged", {**applied, "character": character_view(doc)})

        return self._act("damage", True, run, (character, amount))

    @checked
    def heal(self, character: str | int, amount: int, /, *, fatigue: bool = False) -> results.Healed:
        """Heal AMOUNT points of CHARACTER's damage, or fatigue with `fatigue=True`; the
        dead cannot be healed (R20).

            camp.heal("Ajax", 3)
        """
        from campaign_cli.acts import wounds

        whole_number(amount, "amount", 0)

        def run(stored: Stored) -> results.Healed:
            doc, healed = wounds.heal(stored, character, amount, fatigue)
            return {"healed": healed, "fatigue": fatigue, "character": character_view(doc)}

        return self._act("heal", True, run, (character, amount))

    @checked
    def rest(self, /, *names: str | int, week: bool = False) -> results.Rested:
        """A night's sleep: all fatigue is recovered (R21); `week=True`: a week of rest heals
        fully (R22), for the named characters or every living one.

            camp.rest()
            camp.rest("Ajax", week=True)
        """
        from campaign_cli.acts import rest

        who = [given_name(n, "names") for n in names]
        if who and not week:
            raise UsageProblem(
                Say("a night's sleep is for the whole party; name characters only with {week}", week=Opt("week"))
            )

        def run(stored: Stored) -> results.Rested:
            docs, before = rest.rest(stored, who, week)
            return {"week": week, "characters": [character_view(d) for d in docs], "status_before": before}

        return self._act("rest", True, run, tuple(who))
