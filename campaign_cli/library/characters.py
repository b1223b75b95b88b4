"""Characters and their curses: made, changed, deleted (R1-R4, R18, R24)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, cast, overload

from campaign_cli.errors import N_, Joined, Opt, Say, UsageProblem
from campaign_cli.i18n import english_word
from campaign_cli.library.core import Core, Pairs, character_view, checked, free_text, given_text, pairs, whole_number

if TYPE_CHECKING:
    from campaign_cli import results
    from campaign_cli.store import Stored
else:
    from campaign_cli.library.core import results


class Characters(Core):
    """Characters made, changed and deleted; curses laid and lifted; what each may do."""

    # -- what a character may do now (CLI.md `campaign can`) ------------------------------
    @overload
    def can(self, character: str | int, /) -> results.Can: ...
    @overload
    def can(self, character: None = None, /) -> list[results.Can]: ...
    @checked
    def can(self, character: str | int | None = None, /) -> results.Can | list[results.Can]:
        """What CHARACTER may do now (every character's, in the party's order, when None), as
        python-chess's `legal_moves` says what a position allows: the acts allowed (by
        command path) and for the others the guard's refusal (code and sentence), judged by
        the guard the acts themselves call (R11a: condition; R32a: turns; the phase).

            [r["act"] for r in camp.can("Ajax")["refused"]]
        """
        from campaign_cli import acts

        if character is not None and (isinstance(character, bool) or not isinstance(character, (str, int))):
            raise UsageProblem(Say("character: a name or an id is needed"), "bad_value")

        def judged(stored: Stored, doc: Any) -> results.Can:
            allowed, refused = acts.can(stored, doc)
            said = [{"act": e.extra.get("act", ""), "code": e.code, "message": e.message} for e in refused]
            return cast("results.Can", {"character": doc["name"], "allowed": allowed, "refused": said})

        def run(stored: Stored) -> results.Can | list[results.Can]:
            if character is not None:
                return judged(stored, stored.character(str(character)))
            return [judged(stored, doc) for doc in stored.characters()]

        return self._act("can", False, run)

    # -- characters (R1-R4, R24) --------------------------------------------------------
    @checked
    def character_create(
        self,
        name: str,
        /,
        *,
        st: int,
        dx: int,
        iq: int,
        wizard: bool = False,
        skill: Pairs | None = None,
        spell: Pairs | None = None,
        keyword: list[str] | None = None,
        attr: Pairs | None = None,
        gender: Literal["m", "f"] | None = None,
    ) -> results.CharacterView:
        """Create a character named NAME: ST + DX + IQ = 32, each at least 8 (R2); a hero
        has 4 starting points for skills, a wizard for spells and skills (R3).

        skill: starting skills, "Name" (level 1) or "Name=LEVEL", English or Russian;
            or a dict of name to level.
        spell: starting spells (wizards), "Name" or "Name=RATING" (R9).
        keyword: keywords the character has (R34). attr: extra named attributes for pool
            tests (R10), "Lore=3" or a dict. gender: "m" or "f", so Russian agrees.

            camp.character_create("Ajax", st=12, dx=11, iq=9, skill=["Swimming", "Sword=2"])
        """
        from campaign_cli.acts import characters as lives
        from campaign_cli.rules import characters as rules

        for value, option in ((st, "st"), (dx, "dx"), (iq, "iq")):
            whole_number(value, option, 0)
        sex = rules.check_gender(gender)
        doc = rules.new_character(
            given_text(name, "name"),
            "wizard" if wizard else "hero",
            st,
            dx,
            iq,
            skills=pairs(skill, "skill", default=1),
            spells=pairs(spell, "spell", allow_null=True),
            keywords=keyword,
            attributes=pairs(attr, "attr"),
        )
        doc["gender"] = sex
        return self._act("character create", True, lambda stored: character_view(lives.create(stored, doc)), (name,))

    @checked
    def character_set(
        self,
        character: str | int,
        /,
        *,
        attr: Pairs | None = None,
        keyword: list[str] | None = None,
        drop_keyword: list[str] | None = None,
        drop_attr: list[str] | None = None,
        combat: list[str] | dict[str, Literal["hit", "damage"]] | None = None,
        gender: Literal["m", "f"] | None = None,
    ) -> results.CharacterView:
        """Change CHARACTER's extra attributes, keywords and combat-skill choices (R24).

        attr: "Luck=1" or a dict, set; drop_attr: names removed. keyword, drop_keyword:
        keywords added and removed (R34). combat: where a combat skill's levels go,
        "Sword=damage" or {"Sword": "damage"} (hit or damage, R24). gender: "m" or "f".

            camp.character_set("Ajax", attr=["Luck=1"], keyword=["Law"])
            camp.character_set("Ajax", combat={"Sword": "damage"})
        """
        from campaign_cli.acts import characters as lives
        from campaign_cli.rules import characters as rules

        if not (attr or keyword or drop_keyword or drop_attr or combat or gender):
            options = Joined(N_(", "), [Opt(k) for k in ("attr", "keyword", "drop_keyword", "drop_attr", "combat")])
            raise UsageProblem(
                Say("nothing to change: give {options} or {last}", options=options, last=Opt("gender")), "usage"
            )
        sex = rules.check_gender(gender)
        values = pairs(attr, "attr")
        modes: dict[str, str] = {}
        for skill, mode in (
            combat.items() if isinstance(combat, dict) else (raw.partition("=")[::2] for raw in combat or [])
        ):
            mode = english_word(str(mode).strip(), ("hit", "damage"))  # `Топор=меткость`, as the sheet says it
            if mode not in ("hit", "damage"):
                raise UsageProblem(
                    Say(
                        "{option} {raw!r}: expected SKILL=hit or SKILL=damage",
                        option=Opt("combat"),
                        raw=f"{skill}={mode}",
                    )
                )
            modes[skill] = mode

        def run(stored: Stored) -> results.CharacterView:
            doc = lives.change(
                stored,
                character,
                values=values,
                drop_attr=drop_attr or [],
                modes=modes,
                keywords=keyword or [],
                drop_keywords=drop_keyword or [],
                gender=sex,
            )
            return character_view(doc)

        return self._act("character set", True, run, (character,))

    @checked
    def character_delete(self, character: str | int, /) -> results.Deleted:
        """Delete CHARACTER (`undo` brings the character back).

        camp.character_delete("Ajax")
        """
        from campaign_cli.acts import characters as lives

        return self._act(
            "character delete",
            True,
            lambda stored: cast("results.Deleted", {"deleted": character_view(lives.delete(stored, character))}),
            (character,),
        )

    # -- curses (R18) ----------------------------------------------------------------------
    @checked
    def curse_apply(self, character: str | int, curse: str, /, *, note: str | None = None) -> results.Cursed:
        """Curse CHARACTER: every roll is 1 worse for each curse, and different curses stack;
        the same curse twice is refused (R18). `note` says where it came from.

            camp.curse_apply("Ajax", "Mummy Rot", note="opened the sarcophagus")
        """
        from campaign_cli.acts import advancement
        from campaign_cli.rules.characters import check_name

        name = check_name(given_text(curse, "curse"), "curse")
        free_text(note, "note", blank=False)

        def run(stored: Stored) -> results.Cursed:
            doc, added = advancement.apply_curse(stored, character, name, note)
            ch = character_view(doc)
            return {"curse": added, "modifier": len(ch["curses"]), "character": ch}

        return self._act("curse apply", True, run, (character, name))

    @checked
    def curse_list(self, character: str | int | None = None, /) -> list[results.CurseRow]:
        """The active curses of CHARACTER, or of every character.

        for row in camp.curse_list():
            print(row["character"], row["name"])
        """

        def run(stored: Stored) -> list[results.CurseRow]:
            docs = [stored.character(character)] if character else stored.characters()
            return [
                {"character": d["name"], "name": c["name"], "note": c.get("note")} for d in docs for c in d["curses"]
            ]

        return self._act("curse list", False, run)

    @checked
    def curse_remove(
        self, character: str | int, curse: str, /, *, pay: Literal["wish", "karma", "xp"]
    ) -> results.Lifted:
        """Lift CHARACTER's CURSE, paying 1 wish, 3 karma or 10 XP (R18; the dead spend nothing).

        camp.curse_remove("Ajax", "Mummy Rot", pay="karma")
        """
        from campaign_cli.acts import advancement
        from campaign_cli.rules import advancement as adv

        if pay not in adv.CURSE_PRICES:
            raise UsageProblem(Say("{option} takes wish, karma or xp, not {pay!r}", option=Opt("pay"), pay=pay))

        def run(stored: Stored) -> results.Lifted:
            doc, paid = advancement.lift_curse(stored, character, curse, pay)
            return {"removed": curse.strip(), "paid": paid, "character": character_view(doc)}

        return self._act("curse remove", True, run, (character, curse))
