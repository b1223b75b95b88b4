"""Skills that act (R25): Medic, Bard, Leadership, Herbalist, Alchemist, and the
potions they make. Each effect follows a successful 3/IQ check (rolled by the caller);
these functions check the limits and change the documents in place."""

from __future__ import annotations

from typing import TYPE_CHECKING

from campaign_cli.errors import N_, Cmd, Opt, Refused, Say, Shown, UsageProblem
from campaign_cli.rules.characters import CORE, current_status
from campaign_cli.rules.skills import find_skill
from campaign_cli.rules.wounds import check_not_dead

if TYPE_CHECKING:
    from typing import Any

    from campaign_cli.model import Character, Item, Leadership, PotionEffect

ACTING = ("Medic", "Bard", "Leadership", "Herbalist", "Alchemist")
ALCHEMY_XP = 1  # R25: an Alchemist potion costs 1 XP to make


def level_of(doc: Character, skill: str) -> int:
    """The level DOC has in SKILL; refused when DOC does not know it."""
    name = find_skill(skill).name
    level = doc.get("skills", {}).get(name, 0)
    if not level:
        raise Refused(
            Say(
                '{name} does not know {name2} (R23); learn it with {command}',
                command=Cmd("xp spend"),
                name=doc['name'],
                name2=Shown(name),
            ),
            "unknown_skill",
        )
    return level


def _split(level: int, plan: dict[str, int], skill: str, what: Say) -> None:
    total = sum(plan.values())
    if not plan or total < 1:
        raise UsageProblem(Say('{skill}: say who gets how much, e.g. WHO=1', skill=Shown(skill)), "bad_value")
    if total > level:
        raise Refused(
            Say(
                'R25: {skill} level {level} gives at most {level} {what} in all; this asks {total}',
                skill=Shown(skill),
                level=level,
                what=what,
                total=total,
            ),
            "over_level",
        )


def occasion(skill: str, meta: dict[str, Any]) -> str | None:
    """R25a: the occasion one use of SKILL belongs to (one use per occasion), or None for
    a skill without a limit. Fights are counted by `meta.fights` (fights ended)."""
    fights = meta.get("fights", 0)
    if skill == "Bard":
        return f"adventure {meta.get('adventures', 0)}"
    if skill == "Medic":
        return f"fight {fights}"  # after the last fight that ended
    if skill == "Leadership":
        return f"fight {fights + 1}" if meta.get("fight") else f"after fight {fights}"
    return None


def check_occasion(doc: Character, skill: str, meta: dict[str, Any]) -> None:
    """R25a: refused, before any roll, when DOC already used SKILL on this occasion."""
    when = occasion(skill, meta)
    if when is None or doc.get("uses", {}).get(skill) != when:
        return
    text = {
        "Bard": N_("R25a: {name} has used Bard this adventure: once per adventure per bard"),
        "Medic": N_("R25a: {name} has used Medic after this fight: once per fight per medic"),
        "Leadership": N_(
            "R25a: {name} has used Leadership in this fight (or since the last): once per fight per leader"
        ),
    }
    raise Refused(Say(text[skill], name=doc["name"]), "skill_used")


def spend_occasion(doc: Character, skill: str, meta: dict[str, Any]) -> None:
    """R25a: the use is spent, whether the check succeeds or not."""
    when = occasion(skill, meta)
    if when is not None:
        doc.setdefault("uses", {})[skill] = when


def check_medic(level: int, plan: dict[str, int], patients: dict[str, Character]) -> None:
    """R25: at most LEVEL damage in all, split as given, only damage taken in the last
    fight (R25a). PLAN maps patient names to points; PATIENTS names to documents."""
    _split(level, plan, "Medic", Say("damage healed"))
    for who, points in plan.items():
        doc = patients[who]
        if current_status(doc) == "dead":
            raise Refused(
                Say('R20: {name} is dead; only a wish can help (R17)', name=doc['name'], agreeing=doc.get('gender')),
                "dead",
            )
        fresh = min(doc.get("last_fight_damage", 0), doc["damage"])
        if points > fresh:
            raise Refused(
                Say(
                    'R25: a Medic heals only damage from the last fight; {name} has {value} such damage, not {points}',
                    name=doc['name'],
                    value=fresh,
                    points=points,
                ),
                "not_fight_damage",
            )


def medic(plan: dict[str, int], patients: dict[str, Character]) -> dict[str, int]:
    """Apply a Medic's healing that check_medic allowed."""
    for who, points in plan.items():
        doc = patients[who]
        doc["damage"] -= points
        doc["last_fight_damage"] = doc.get("last_fight_damage", 0) - points
        if doc["damage"] < doc["st"]:
            doc["dying"] = False  # R20: healed below ST in time
    return dict(plan)


def check_bard(level: int, plan: dict[str, int], party: dict[str, Character]) -> None:
    """R25: karma equal to the Bard's level at most, shared as given; R11a: not to the dead."""
    _split(level, plan, "Bard", Say("karma"))
    for doc in party.values():
        check_not_dead(doc)


def bard(plan: dict[str, int], party: dict[str, Character]) -> dict[str, int]:
    """R25: the Bard's karma, for this adventure only."""
    for who, points in plan.items():
        party[who]["bard_karma"] = party[who].get("bard_karma", 0) + points
    return dict(plan)


def leadership(level: int, leader: str, follower: Character) -> Leadership:
    """R25: the leader's level is added to the follower's next check."""
    lead: Leadership = {"value": level, "from": leader}
    follower["leadership"] = lead
    return lead


def healing_potion(level: int, doses: int) -> dict[str, Any]:
    """R25 Herbalist: a potion healing level x doses damage."""
    if doses < 1:
        raise UsageProblem(Say("{option} is at least 1", option=Opt("doses")), "bad_value")
    return {"name": "Healing Potion", "kind": "potion", "hands": 0, "heals": level * doses}


HERB = "Herb"  # R25a: the catalog's name of a dose (Трава)


def herbs(doc: Character) -> list[Any]:
    """R25a: the Herb items DOC carries (not stored away), a dose a piece."""
    return [i for i in doc["items"] if i["name"] == HERB and i["state"] != "stored"]


def use_herbs(doc: Character, doses: int) -> None:
    """R25a: the Herbalist brews DOSES doses, each one Herb piece carried, used up whatever
    the check gives; refused before any roll when there are fewer."""

    from campaign_cli.rules.gear import pieces, spend

    carried = herbs(doc)
    have = sum(pieces(i) for i in carried)
    if have < doses:
        raise Refused(
            Say(
                "R25a: {name} carries {herbs} Herb; {doses} doses need {doses} ({command})",
                name=doc["name"],
                command=Cmd("item add", doc["name"], "Herb"),
                herbs=have,
                doses=doses,
            ),
            "no_herbs",
        )
    left = doses
    for item in carried:
        used = min(left, pieces(item))
        spend(doc, item, used)
        left -= used
        if not left:
            break


def boost_target(target: str) -> str:
    """What an Alchemist's potion raises: ST, DX, IQ or a skill (R25)."""
    from campaign_cli.rules.characters import core_attribute

    return core_attribute(target) or find_skill(target).name


def pay_alchemy(doc: Character) -> None:
    """R25: an Alchemist potion costs 1 XP; R25a: the XP is paid for each use, a failed
    check included."""
    if doc.get("xp", 0) < ALCHEMY_XP:
        raise Refused(
            Say(
                'R25: an Alchemist potion costs {ALCHEMY_XP} XP; {name} has {value}',
                ALCHEMY_XP=ALCHEMY_XP,
                name=doc['name'],
                value=doc.get('xp', 0),
            ),
            "not_enough_xp",
        )
    doc["xp"] -= ALCHEMY_XP


def boost_potion(level: int, target: str) -> dict[str, Any]:
    """R25 Alchemist: a potion raising an attribute or skill by the level for one encounter."""
    name = boost_target(target)
    return {"name": f"Potion of {name}", "kind": "potion", "hands": 0, "boost": {"target": name, "value": level}}


def drink(potion: Item, doc: Character) -> PotionEffect:
    """Use a potion on DOC: it heals damage, or boosts for one fight. Returns the effect."""
    if potion.get("kind") != "potion":
        raise Refused(Say('{name} is not a potion', name=Shown(potion['name'])), "not_a_potion")
    if current_status(doc) == "dead":
        raise Refused(
            Say('R20: {name} is dead; only a wish can help (R17)', name=doc['name'], agreeing=doc.get('gender')), "dead"
        )
    heals = potion.get("heals")
    if heals:
        healed = min(heals, doc["damage"])
        doc["damage"] -= healed
        if doc["damage"] < doc["st"]:
            doc["dying"] = False
        return {"healed": healed}
    boost = potion.get("boost")
    if not boost:
        return {}
    target = boost["target"]
    if target not in CORE and not doc.get("skills", {}).get(find_skill(target).name):
        raise Refused(
            Say(
                "R25: a potion of {skill} raises a skill the drinker has; {name} does not know {skill}",
                skill=Shown(find_skill(target).name),
                name=doc["name"],
            ),
            "unknown_skill",
        )
    boosts = doc.setdefault("boosts", {})
    # R25: one encounter; a second potion of the same kind does not stack, the stronger counts
    boosts[target] = max(boosts.get(target, 0), boost["value"])
    return {"boost": {"target": boost["target"], "value": boost["value"]}}
