"""Advancement and luck (R13-R18, R25): XP won and spent, karma (a Bard's too), wishes and
curses. Each act takes the open campaign, guards its actor once (`acts.ACTS`), changes the
documents, writes the journal's English summary, and returns facts for the views."""

from __future__ import annotations

from collections.abc import Callable

from campaign_cli import acts
from campaign_cli.errors import Arg, Cmd, Opt, Refused, Say, Shown, UsageProblem
from campaign_cli.rules import advancement as adv
from campaign_cli.rules.characters import CORE, alive, core_attribute, current_status

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: an award never needs it
if TYPE_CHECKING:
    from typing import Any

    from campaign_cli.model import Character, Curse
    from campaign_cli.store.campaign import Stored


def award_xp(camp: Stored, amount: int, names: list[str] | None, party: bool, reason: str | None) -> list[Character]:
    """`xp award`: AMOUNT XP to each named character, or to every living one (R13, R11a)."""
    if bool(names) == party:
        raise UsageProblem(Say("name characters or give {party} (one or the other)", party=Opt("party")))
    if party:
        docs = [c for c in camp.characters() if alive(c)]
    else:
        found: dict[int, Character] = {}
        for name in names or []:
            doc = acts.actor(camp, "xp award", name)  # R11a: the dead win nothing
            found[doc["id"]] = doc
        docs = list(found.values())
    if not docs:
        raise Refused(Say("no living character to award XP to"), "nobody")
    for doc in docs:
        doc["xp"] += amount
        camp.save("characters", doc)
        xp_won(camp, doc, amount, reason)
    who = [d["name"] for d in docs]
    camp.note(f"+{amount} XP to {', '.join(who)}" + (f": {reason}" if reason else ""), *who, reason=reason)
    return docs


def xp_won(camp: Stored, doc: Character, amount: int, reason: str | None, rule: str = "R13") -> None:
    """The journal's fact of AMOUNT XP won by DOC (its XP already raised), and why."""
    after = doc["xp"]
    camp.event(
        "xp_awarded", name=doc["name"], amount=amount, before=after - amount, after=after, reason=reason, rule=rule
    )


class Step:
    """One step bought with XP: what it is (`attribute`, `skill`, `spell`), its name, the
    level before (a spell: 0), its cost, and how it is applied."""

    __slots__ = ("apply", "cost", "kind", "level", "name")

    def __init__(self, kind: str, name: str, level: int, cost: int, apply: Callable[[], None]) -> None:
        self.kind, self.name, self.level, self.cost, self.apply = kind, name, level, cost, apply

    @property
    def stored(self) -> str:
        """The step in the journal's and JSON's English ("ST 12 -> 13", "learns Light")."""
        return f"learns {self.name}" if self.kind == "spell" else f"{self.name} {self.level} -> {self.level + 1}"


def step(doc: Character, phase: str, attribute: str | None, skill: str | None, spell: tuple[Any, ...] | None) -> Step:
    """The one step ATTRIBUTE, SKILL or SPELL (name, rating) names, priced for DOC (R14-R16)."""
    if attribute is not None:
        key = core_attribute(attribute) or attribute.strip().upper()
        if key not in CORE:
            raise UsageProblem(
                Say("{option} takes ST, DX or IQ, not {attribute!r}", option=Opt("attribute"), attribute=attribute)
            )
        field = key.lower()
        value = doc[field]  # type: ignore[literal-required]  # st, dx or iq
        return Step("attribute", key, value, adv.attribute_cost(value), lambda: doc.__setitem__(field, value + 1))
    if skill is not None:
        from campaign_cli.rules.skills import find_skill

        name = find_skill(skill).name
        level = doc["skills"].get(name, 0)
        adv.check_learning(phase, level == 0, "skill")
        return Step(
            "skill", name, level, adv.skill_cost(doc["kind"], name), lambda: doc["skills"].__setitem__(name, level + 1)
        )
    name, rating = spell or ("", None)
    if any(s["name"].casefold() == name.casefold() for s in doc["spells"]):
        raise Refused(Say("{name} already knows {name2}", name=doc["name"], name2=name), "known_spell")
    adv.check_learning(phase, True, "spell")
    return Step(
        "spell", name, 0, adv.spell_cost(doc["kind"]), lambda: doc["spells"].append({"name": name, "rating": rating})
    )


def price_step(camp: Stored, name: str | int, karma: bool, **what: Any) -> tuple[dict[str, Any], Step, Character]:
    """`xp spend --dry-run`: what the step costs and whether NAME can pay it; nothing changes.
    Returns the facts, the step and the character. Judged as the real act (R11a, sixth
    reading): the out, the dying and the dead are refused here too."""
    doc = acts.actor(camp, "xp spend", name)
    bought = step(doc, camp.meta["phase"], **what)
    paying: Any = dict(doc)  # a copy pays: R11a, a dry run refuses as the act would (not_enough_xp)
    adv.pay_xp(paying, bought.cost, karma)
    data = {
        "cost": bought.cost,
        "xp_before": doc["xp"],
        "xp_after": paying["xp"],
        "affordable": True,  # what cannot be paid is refused
        "step": bought.stored,
        "dry_run": True,
    }
    return data, bought, doc


def spend_xp(camp: Stored, name: str | int, karma: bool, **what: Any) -> tuple[dict[str, Any], Step, Character]:
    """`xp spend`: one step paid in XP, karma covering what XP lacks with KARMA (R14-R17, R20).
    Returns the facts, the step bought and the character."""
    doc = acts.actor(camp, "xp spend", name)  # R20, R11a
    before = doc["xp"]
    bought = step(doc, camp.meta["phase"], **what)
    paid = adv.pay_xp(doc, bought.cost, karma)
    bought.apply()
    camp.save("characters", doc)
    camp.note(f"{doc['name']}: {bought.stored} for {bought.cost} XP", doc["name"])
    rule = {"attribute": "R14", "skill": "R15", "spell": "R16"}[bought.kind]
    camp.event(
        "xp_spent",
        name=doc["name"],
        on=bought.name,
        what=bought.kind,
        **{"from": bought.level, "to": bought.level + 1},
        cost=bought.cost,
        karma=paid["karma"],
        rule=rule,
    )
    data = {
        "cost": bought.cost,
        "xp_before": before,
        "xp_after": doc["xp"],
        "karma_spent": paid["karma"],
        "step": bought.stored,
        "dry_run": False,
    }
    return data, bought, doc


def add_karma(camp: Stored, name: str | int, n: int, bard: bool = False, by: str | int | None = None) -> Character:
    """`karma add`: N karma; with BARD, karma a Bard sang, lasting this adventure (R17, R25),
    which spends that bard's use of the adventure as `skill use BARD Bard` does (R25a)."""
    doc = acts.actor(camp, "karma add", name)  # the dead: refused (R11a)
    if bard and by is not None:
        acts.actor(camp, "karma add", by, "bard")  # R11a: singing is the bard's own doing
    singer = doc
    if bard:
        from campaign_cli.rules import craft  # Bard karma only (R25)

        if camp.meta["phase"] != "adventure":
            raise Refused(Say("R25: Bard karma is for the current adventure; start one first"), "no_adventure")
        singer = _singer(camp, doc, by)
        if by is None:  # the one bard who could sing: guarded as the bard, turn and all (R11a, R32a)
            acts.guard(camp, "karma add", singer, "bard")
        craft.check_bard(craft.level_of(singer, "Bard"), {doc["name"]: n}, {doc["name"]: doc})  # R25
        craft.spend_occasion(singer, "Bard", camp.meta)  # R25a: as `skill use` spends it
        acts.acted(camp, "karma add", singer["name"])  # R32a: singing is the bard's action of the round
        if singer is not doc:
            camp.save("characters", singer)
            camp.touched.append(singer["name"])
        doc["bard_karma"] = doc.get("bard_karma", 0) + n
    else:
        doc["karma"] += n
    camp.save("characters", doc)
    camp.note(f"{doc['name']}: +{n} {'Bard ' if bard else ''}karma", doc["name"])
    camp.event("karma_added", name=doc["name"], amount=n, bard=singer["name"] if bard else None)
    return doc


def _singer(camp: Stored, doc: Character, by: str | int | None) -> Character:
    """The bard whose song this karma is (R25, R25a): the one BY names, or the only one who
    can sing now (knows Bard, can act, has not sung this adventure); DOC itself when DOC is
    that bard. Refused, naming why, when none can, or when several could."""
    from campaign_cli.rules import craft

    if by is not None:
        singer = camp.character(by)  # guarded as the bard by add_karma (R11a)
        singer = doc if singer["id"] == doc["id"] else singer
        craft.level_of(singer, "Bard")  # R23: refused when the singer does not know Bard
        craft.check_occasion(singer, "Bard", camp.meta)  # R25a
        return singer
    able = []
    for other in camp.characters():
        other = doc if other["id"] == doc["id"] else other
        sung = other.get("uses", {}).get("Bard") == craft.occasion("Bard", camp.meta)
        if other.get("skills", {}).get("Bard") and current_status(other) == "ok" and not sung:
            able.append(other)
    if not able:
        raise Refused(
            Say(
                "R25, R25a: no bard can sing: Bard karma needs a character with the Bard skill who can act "
                "and has not sung this adventure ({command})",
                command=Cmd("skill use", Arg("character"), Shown("Bard"), give=Arg("who")),  # Бард in Russian
            ),
            "no_bard",
        )
    if len(able) > 1:
        raise Refused(
            Say(
                "R25: several bards could sing ({names}): name one with {by}",
                names=", ".join(b["name"] for b in able),
                by=Opt("by"),
            ),
            "which_bard",
        )
    return able[0]


def add_wishes(camp: Stored, name: str | int, n: int) -> Character:
    """`wish add`: N wishes (R17; the dead receive nothing, R11a)."""
    doc = acts.actor(camp, "wish add", name)
    doc["wishes"] += n
    camp.save("characters", doc)
    camp.note(f"{doc['name']}: +{n} wish", doc["name"])
    camp.event("wish_added", name=doc["name"], amount=n)
    return doc


def spend_wish(camp: Stored, name: str | int) -> tuple[Character, int]:
    """`wish spend`: all damage cancelled, even a killing blow (R17): so the just-killed
    may spend one. Returns the character and the damage cancelled."""
    doc = camp.character(name)
    acts.guard(camp, "wish spend", doc)
    cancelled = adv.spend_wish(doc)
    camp.save("characters", doc)
    camp.note(f"{doc['name']}: a wish cancels {cancelled} damage", doc["name"])
    camp.event("wish_spent", name=doc["name"], cancelled=cancelled)
    return doc, cancelled


def apply_curse(camp: Stored, name: str | int, curse: str, note: str | None) -> tuple[Character, Curse]:
    """`curse apply`: different curses stack; the same curse twice is refused (R18)."""
    doc = acts.actor(camp, "curse apply", name)
    added = adv.add_curse(doc, curse, note)
    camp.save("characters", doc)
    camp.note(f"{doc['name']} cursed: {curse}", doc["name"])
    camp.event("cursed", name=doc["name"], curse=added["name"])
    return doc, added


def lift_curse(camp: Stored, name: str | int, curse: str, pay: str) -> tuple[Character, dict[str, Any]]:
    """`curse remove`: paid with 1 wish, 3 karma or 10 XP (R18; the dead spend nothing)."""
    doc = acts.actor(camp, "curse remove", name)
    held = [c["name"] for c in doc.get("curses", [])]
    paid = adv.remove_curse(doc, curse, pay)
    lifted = next(iter(set(held) - {c["name"] for c in doc.get("curses", [])}), curse.strip())
    camp.save("characters", doc)
    camp.note(f"{doc['name']}: curse {curse.strip()} lifted for {paid[pay]} {pay}", doc["name"])
    camp.event("curse_lifted", name=doc["name"], curse=lifted, pay=pay, paid=paid[pay])
    return doc, paid
