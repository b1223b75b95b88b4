"""XP, karma, wishes and curses (R13-R18, R25)."""

from __future__ import annotations

from campaign_cli.errors import N_, Refused, Say

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from typing import Any

    from campaign_cli.model import Character, Curse

KILL_XP = 1  # R13: per fight won, per keyword learned
CURSE_PRICES = {"wish": ("wishes", 1), "karma": ("karma", 3), "xp": ("xp", 10)}  # R18
WIZARD_CHEAP_SKILLS = ("Sorcerous Language", "Alchemist")  # R15 exceptions from the skill table


def attribute_cost(current: int) -> int:
    """R14: raising an attribute by one costs the new value."""
    return current + 1


def skill_cost(kind: str, skill: str) -> int:
    """R15: 10 XP per level for heroes, 20 for wizards, except the seed's two cheap skills."""
    from campaign_cli.rules.skills import find_skill  # a skill's price only: an award never loads the table

    name = find_skill(skill).name
    if kind == "wizard" and name not in WIZARD_CHEAP_SKILLS:
        return 20
    return 10


def spell_cost(kind: str) -> int:
    """R15: a hero pays 20 XP per spell, a wizard 10."""
    return 10 if kind == "wizard" else 20


def check_learning(phase: str, new: bool, what: str) -> None:
    """R16: only what is already known may be raised during an adventure."""
    if new and phase == "adventure":
        raise Refused(
            Say('R16: a new {what} may only be learned between adventures', what=Say(what)), "between_adventures"
        )


def karma_total(doc: Character) -> int:
    return doc.get("karma", 0) + doc.get("bard_karma", 0)


def pay_xp(doc: Character, cost: int, use_karma: bool = False) -> dict[str, Any]:
    """Take COST XP from DOC; with USE_KARMA, karma covers what XP lacks, one for one (R17).

    Returns what was paid: {"xp": n, "karma": k}. Refused, naming the shortfall, if it cannot pay.
    """
    xp = doc.get("xp", 0)
    karma = karma_total(doc) if use_karma else 0
    if xp + karma < cost:
        text = N_("needs {cost} XP, has {xp} and {karma} karma") if use_karma else N_("needs {cost} XP, has {xp}")
        raise Refused(Say(text, cost=cost, xp=xp, karma=karma), "not_enough_xp")
    from_xp = min(xp, cost)
    from_karma = cost - from_xp
    doc["xp"] = xp - from_xp
    spend_karma(doc, from_karma)
    return {"xp": from_xp, "karma": from_karma}


def spend_karma(doc: Character, amount: int) -> None:
    """Spend karma, Bard karma first (it expires with the adventure, R25)."""
    bard = min(doc.get("bard_karma", 0), amount)
    doc["bard_karma"] = doc.get("bard_karma", 0) - bard
    doc["karma"] = doc.get("karma", 0) - (amount - bard)
    if doc["karma"] < 0:
        raise Refused(Say("not enough karma"), "not_enough_karma")


def require_reroll(doc: Character) -> None:
    """R17: a reroll needs 1 karma or 1 wish; refused up front without either."""
    if karma_total(doc) == 0 and doc.get("wishes", 0) == 0:
        raise Refused(Say('{name} has no karma and no wish to reroll with (R17)', name=doc['name']), "no_karma")


def reroll_payment(doc: Character) -> str:
    """R17: a reroll costs 1 karma, or 1 wish in its place. Returns which was spent."""
    require_reroll(doc)
    if karma_total(doc) > 0:
        spend_karma(doc, 1)
        return "karma"
    doc["wishes"] -= 1
    return "wish"


def spend_wish(doc: Character) -> int:
    """R17: a wish cancels all damage, even a killing blow. Returns the damage cancelled."""
    if doc.get("wishes", 0) < 1:
        raise Refused(Say('{name} has no wish to spend', name=doc['name']), "no_wish")
    if not doc.get("damage", 0) and not doc.get("dead") and not doc.get("dying"):
        raise Refused(
            Say("R17: {name} has no damage for a wish to cancel; the wish is kept", name=doc["name"]),
            "nothing_to_cancel",
        )
    if doc.get("death_settled"):
        raise Refused(
            Say(
                "R17: {name}'s death has been settled (a fight end, rest or adventure end came since); a wish "
                "brings back only someone just killed",
                name=doc['name'],
            ),
            "death_settled",
        )
    doc["wishes"] -= 1
    cancelled = doc.get("damage", 0)
    doc["damage"] = 0
    doc["dying"] = False
    doc["dead"] = False
    doc.pop("death_settled", None)
    return cancelled


def add_curse(doc: Character, name: str, note: str | None) -> Curse:
    """R18: different curses stack; the same curse twice is one curse (refused)."""
    held = next((c["name"] for c in doc.get("curses", []) if c["name"].casefold() == name.casefold()), None)
    if held:
        raise Refused(
            Say(
                'R18: {name} already has the curse {held!r}; the same curse twice is one curse',
                name=doc['name'],
                held=held,
            ),
            "already_cursed",
        )
    curse: Curse = {"name": name, "note": note}
    doc.setdefault("curses", []).append(curse)
    return curse


def curse_modifier(doc: Character) -> int:
    """R18: each curse makes every check and damage roll 1 worse; curses stack."""
    return len(doc.get("curses", []))


def remove_curse(doc: Character, curse: str, pay: str) -> dict[str, Any]:
    """R18: lift one curse for 1 wish, 3 karma or 10 XP, as the player chooses."""
    from campaign_cli.rules.names import resolve

    match = resolve(curse, ((c, (c["name"],), None) for c in doc.get("curses", [])), "curse", where=doc["name"])
    if pay not in CURSE_PRICES:
        raise Refused(Say('pay with wish, karma or xp, not {pay!r}', pay=pay), "bad_payment")
    field, price = CURSE_PRICES[pay]
    have = karma_total(doc) if field == "karma" else doc["xp"] if field == "xp" else doc["wishes"]
    if have < price:
        text = {
            "wishes": N_("R18: lifting a curse with wish needs {price} wish, {name} has {have}"),
            "karma": N_("R18: lifting a curse with karma needs {price} karma, {name} has {have}"),
            "xp": N_("R18: lifting a curse with XP needs {price} XP, {name} has {have}"),
        }[field]
        raise Refused(Say(text, price=price, name=doc["name"], have=have), "cannot_pay")
    if field == "karma":
        spend_karma(doc, price)
    elif field == "xp":
        doc["xp"] -= price
    else:
        doc["wishes"] -= price
    doc["curses"].remove(match)
    return {pay: price}
