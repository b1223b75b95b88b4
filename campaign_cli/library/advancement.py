"""The acts on a character's counts: advancement and luck (R13-R18, R25)."""

from __future__ import annotations

from campaign_cli.errors import Opt, Say, UsageProblem
from campaign_cli.library.core import (
    MAX_REASON,
    Core,
    character_view,
    checked,
    free_text,
    given_name,
    spell_rating,
    whole_number,
)

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (library/core.py: an award never needs it)
if TYPE_CHECKING:
    from typing import cast

    from campaign_cli import results
    from campaign_cli.store import Stored
else:
    from campaign_cli.library.core import cast, results


class Advancement(Core):
    """XP, karma and wishes."""

    # -- advancement and luck (R13-R18, R25) ---------------------------------------
    @checked
    def xp_award(
        self, amount: int, /, *names: str | int, party: bool = False, reason: str | None = None
    ) -> results.XpAward:
        """Give AMOUNT experience points to each named character, or with `party=True` to
        every living character (R13; R11a: the dead win nothing).

        amount: XP each character wins, 1 or more.
        names: the characters, by name (any case) or id; or none, with party=True.
        reason: why, kept in the journal.

            camp.xp_award(2, "Ajax", "Cora", reason="cleared the crypt")
            camp.xp_award(3, party=True)
        """
        from campaign_cli.acts import advancement

        whole_number(amount, "amount")
        who = [given_name(n, "names") for n in names]
        free_text(reason, "reason", MAX_REASON, blank=False)

        def run(stored: Stored) -> results.XpAward:
            docs = advancement.award_xp(stored, amount, who, party, reason)
            return {"amount": amount, "reason": reason, "characters": [character_view(d) for d in docs]}

        return self._act("xp award", True, run, (amount, *who))

    @checked
    def xp_spend(
        self,
        character: str | int,
        /,
        *,
        attribute: str | None = None,
        skill: str | None = None,
        spell: str | None = None,
        karma: bool = False,
        dry_run: bool = False,
    ) -> results.XpSpend:
        """Spend XP on one step: an attribute (R14: costs the new value), a skill level or a
        spell (R15, R16); `karma=True` lets karma pay what XP lacks (R17). The out of action
        and the dying spend no XP (R20, R11a).

        character: who spends.
        attribute, skill, spell: exactly one: "ST", "DX" or "IQ"; a skill's name; a spell's
            name, with its rating after "=" ("Light=10").
        dry_run: only price the step; nothing changes.

            camp.xp_spend("Ajax", attribute="ST")
            camp.xp_spend("Merlin", spell="Light=10", dry_run=True)
        """
        from campaign_cli.acts import advancement

        if sum(x is not None for x in (attribute, skill, spell)) != 1:
            raise UsageProblem(
                Say("give exactly one of {a}, {b} or {c}", a=Opt("attribute"), b=Opt("skill"), c=Opt("spell"))
            )
        what = {"attribute": attribute, "skill": skill, "spell": None if spell is None else spell_rating(spell)}

        def run(stored: Stored) -> results.XpSpend:
            if dry_run:
                data, bought, doc = advancement.price_step(stored, character, karma, **what)
            else:
                data, bought, doc = advancement.spend_xp(stored, character, karma, **what)
            step = {"kind": bought.kind, "name": bought.name, "level": bought.level}
            return cast("results.XpSpend", {**data, "raises": step, "character": character_view(doc)})

        return self._act("xp spend", not dry_run, run, (character,))

    @checked
    def karma_add(
        self, character: str | int, count: int, /, *, bard: bool = False, by: str | int | None = None
    ) -> results.Gained:
        """Give CHARACTER karma (R17). `bard=True`: karma a Bard made, gone when the adventure
        ends (R25), the same act as a Bard's skill use without its roll, so it spends that
        bard's use of this adventure (R25a); `by` names the bard when several could sing.

            camp.karma_add("Ajax", 2)
            camp.karma_add("Merlin", 1, bard=True, by="Kate")
        """
        from campaign_cli.acts import advancement

        whole_number(count, "count")
        if by is not None and not bard:
            raise UsageProblem(Say("{option} goes with {flag}", option=Opt("by"), flag=Opt("bard")))

        def run(stored: Stored) -> results.Gained:
            doc = advancement.add_karma(stored, character, count, bard, by)
            return {"added": count, "bard": bard, "character": character_view(doc)}

        return self._act("karma add", True, run, (character, count))

    @checked
    def wish_add(self, character: str | int, count: int, /) -> results.Gained:
        """Give CHARACTER COUNT wishes (R17).

        camp.wish_add("Ajax", 1)
        """
        from campaign_cli.acts import advancement

        whole_number(count, "count")

        def run(stored: Stored) -> results.Gained:
            return {"added": count, "character": character_view(advancement.add_wishes(stored, character, count))}

        return self._act("wish add", True, run, (character, count))

    @checked
    def wish_spend(self, character: str | int, /) -> results.WishSpent:
        """Spend one of CHARACTER's wishes: all damage is cancelled, even a killing blow (R17).

        camp.wish_spend("Ajax")
        """
        from campaign_cli.acts import advancement

        def run(stored: Stored) -> results.WishSpent:
            doc, cancelled = advancement.spend_wish(stored, character)
            return {"cancelled": cancelled, "character": character_view(doc)}

        return self._act("wish spend", True, run, (character,))
