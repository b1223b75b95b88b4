"""Using a skill (R23, R25, R25a), once: its occasion, its costs, its check (the
attribute alone, or a contest), then its effect on success (a Medic's healing, a Bard's
karma, Leadership, a brewed potion), with the events the journal keeps. Returns facts;
cli/skills.py puts them into words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from campaign_cli import acts
from campaign_cli.acts.rolls import rolled_check, skill_contest
from campaign_cli.errors import Opt, Refused, Say, Shown, UsageProblem
from campaign_cli.rules import craft
from campaign_cli.rules.checks import parse_spec, prepare
from campaign_cli.rules.gear import add_item, make_item
from campaign_cli.rules.skills import Skill
from campaign_cli.rules.wounds import check_not_dead

if TYPE_CHECKING:
    from collections.abc import Callable

    from campaign_cli.model import Character
    from campaign_cli.rules.dice import Throw
    from campaign_cli.store.campaign import Stored


OWN_OPTION = {"Medic": "heal", "Bard": "give", "Leadership": "for_", "Herbalist": "doses", "Alchemist": "boost"}


def check_options(found: Skill, options: dict[str, Any], against: str | None, other_dice: str | None) -> None:
    """Each acting skill takes exactly its own option (R25); contested skills take AGAINST (R23)."""
    own = OWN_OPTION.get(found.name)
    skill = Shown(found.name)
    if own and options[own] is None:
        raise UsageProblem(Say("{skill} needs {option}", skill=skill, option=Opt(own)), "missing_option")
    stray = [Opt(key) for key, value in options.items() if value is not None and key != own]
    if stray:
        raise UsageProblem(
            Say("{options} does not go with {skill}", options=", ".join(map(str, stray)), skill=skill), "bad_option"
        )
    if found.check == "-":
        raise Refused(
            Say(
                "{skill} modifies attacks (R24): its levels count in a character's damage roll and on a held weapon",
                skill=skill,
            ),
            "not_a_check_skill",
        )
    contested_skill = found.check.startswith("c-")
    if contested_skill and against is None:
        raise UsageProblem(
            Say(
                "{skill} is a contested IQ check (R23): give {option} (a character or a number)",
                skill=skill,
                option=Opt("against"),
            ),
            "missing_option",
        )
    if not contested_skill and (against is not None or other_dice is not None):
        raise UsageProblem(
            Say(
                "{a} and {b} are for contested skills, not {skill}", a=Opt("against"), b=Opt("other_dice"), skill=skill
            ),
            "bad_option",
        )
    if other_dice is not None and against is None:
        raise UsageProblem(Say("{option} goes with {flag}", option=Opt("other_dice"), flag=Opt("against")))


def use(
    camp: Stored,
    name: str | int,
    found: Skill,
    options: dict[str, Any],
    against: str | None,
    throw: Throw,
    other_dice: str | None = None,
) -> dict[str, Any]:
    """`skill use`: NAME uses the skill FOUND; OPTIONS are its effect's (`heal`, `give`,
    `for`, `doses`, `boost`); AGAINST and OTHER_DICE a contested skill's other side.
    Returns the check (or contest) with `skill` and `effect`."""
    dice, rng, modifier, karma, reroll_dice = throw.dice, throw.rng, throw.modifier, throw.karma, throw.again
    doc = acts.actor(camp, "skill use", name)
    level = craft.level_of(doc, found.name)
    craft.check_occasion(doc, found.name, camp.meta)  # R25a: before any roll
    apply = _prepare_effect(camp, doc, found.name, level, **options)
    craft.spend_occasion(doc, found.name, camp.meta)
    if found.name == "Herbalist":
        craft.use_herbs(doc, options["doses"] or 1)  # R25a: a dose is a Herb, used up also on a failure
        camp.event("item_left", name=doc["name"], item=craft.HERB, count=options["doses"] or 1, how="spent")
    if found.name == "Alchemist":
        craft.pay_alchemy(doc)  # R25a: once per XP paid, a failed check included
    if found.check.startswith("c-"):
        assert against is not None  # the CLI checks it: a contested skill takes --against
        result = skill_contest(camp, doc, found.name, against, dice, other_dice, rng, modifier, karma, reroll_dice)
    else:
        # R23: a use is the seed's "для" form, the attribute alone; the level acts through the effect
        prep = prepare(doc, parse_spec(f"3/{found.attribute}"), modifier)
        result = rolled_check(doc, prep, dice, rng, karma, reroll_dice)
    effect = apply() if result["success"] and apply else None
    done = effect or {}
    camp.event("skill_used", name=doc["name"], skill=found.name, success=result["success"])
    for who, amount in done.get("healed", {}).items():  # R25: what the Medic healed
        camp.event("healed", name=who, amount=amount, by=doc["name"], skill=found.name)
    for who, amount in done.get("karma", {}).items():  # R25: what the Bard sang
        camp.event("karma_added", name=who, amount=amount, bard=doc["name"])
    if done.get("leadership"):
        lead = done["leadership"]
        camp.event("led", name=doc["name"], follower=lead["for"], bonus=lead["value"])
    if done.get("potion"):
        camp.event("brewed", by=doc["name"], skill=found.name, potion=done["potion"]["name"])
    acts.acted(camp, "skill use", doc["name"])  # R32a
    result["skill"] = found.name
    result["effect"] = effect
    camp.save("characters", doc)
    camp.record_roll(result)
    camp.note(
        f"{doc['name']} uses {found.name}: {'success' if result['success'] else 'failure'}",
        doc["name"],
        *done.get("characters", []),
    )
    return result


def _named(camp: Stored, plan: dict[str, int], me: Character) -> tuple[dict[str, int], dict[str, Character]]:
    """PLAN's names resolved to characters (ME when named): (plan by stored name, documents by stored name)."""
    docs: dict[str, Character] = {}
    out: dict[str, int] = {}
    for who, n in plan.items():
        doc = acts.actor(camp, "skill use", who, "target")  # R11a: the dead receive nothing
        doc = me if doc["id"] == me["id"] else doc
        docs[doc["name"]] = doc
        out[doc["name"]] = out.get(doc["name"], 0) + n
    return out, docs


def _prepare_effect(
    camp: Stored,
    doc: Character,
    skill: str,
    level: int,
    heal: dict[str, Any] | None,
    give: dict[str, Any] | None,
    for_: str | None,
    doses: int | None,
    boost: str | None,
) -> Callable[[], dict[str, Any]] | None:
    """Check everything the effect needs before the roll (R25, R25a); return the change
    to make on success, or None for a skill with no effect of its own."""
    if skill == "Medic":
        if camp.meta.get("fight"):
            raise Refused(Say("R25: a Medic heals after the fight; end it first"), "fight_open")
        plan, docs = _named(camp, heal or {}, doc)
        craft.check_medic(level, plan, docs)
        return lambda: _done(camp, doc, docs, healed=craft.medic(plan, docs))
    if skill == "Bard":
        if camp.meta["phase"] != "adventure":
            raise Refused(Say("R25: Bard karma is for the current adventure; start one first"), "no_adventure")
        plan, docs = _named(camp, give or {}, doc)
        craft.check_bard(level, plan, docs)
        return lambda: _done(camp, doc, docs, karma=craft.bard(plan, docs))
    if skill == "Leadership":
        assert for_ is not None  # check_options: each skill's own option is given
        follower = acts.actor(camp, "skill use", for_, "target")  # R11a: the dead follow nobody
        follower = doc if follower["id"] == doc["id"] else follower
        check_not_dead(follower)

        def lead() -> dict[str, Any]:
            bonus = craft.leadership(level, doc["name"], follower)
            _save_others(camp, doc, {follower["name"]: follower})
            return {"leadership": {"for": follower["name"], "value": bonus["value"]}, "characters": [follower["name"]]}

        return lead
    if skill in ("Herbalist", "Alchemist"):
        assert doses is not None if skill == "Herbalist" else boost is not None  # check_options
        potion = (
            craft.healing_potion(level, doses or 0) if skill == "Herbalist" else craft.boost_potion(level, boost or "")
        )
        item = make_item(potion["name"], {"kind": "potion", "hands": 0}, custom=True)
        item.update({k: v for k, v in potion.items() if k in ("heals", "boost")})  # type: ignore[typeddict-item]

        def brew() -> dict[str, Any]:
            added = add_item(doc, {"id": camp.next_id(), **item})
            return {"potion": added, "xp_spent": craft.ALCHEMY_XP if skill == "Alchemist" else 0}

        return brew
    return None


def _done(camp: Stored, doc: Character, docs: dict[str, Character], **effect: dict[str, Any]) -> dict[str, Any]:
    _save_others(camp, doc, docs)
    (value,) = effect.values()
    return {**effect, "characters": list(value)}


def _save_others(camp: Stored, doc: Character, docs: dict[str, Character]) -> None:
    for other in docs.values():
        if other is not doc:
            camp.save("characters", other)
