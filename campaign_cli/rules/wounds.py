"""Damage, fatigue, healing and the after-fight rules (R19-R22)."""

from __future__ import annotations

from campaign_cli.errors import N_, Cmd, Refused, Say
from campaign_cli.rules.characters import alive, current_status, raised

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: a wound's rules never need it
if TYPE_CHECKING:
    from typing import Any

    from campaign_cli.model import Character


def can_act(doc: Character) -> bool:
    """R11a: only a character whose status is ok checks, contests, casts or uses a skill."""
    return current_status(doc) == "ok"


def check_can_act(doc: Character, action: str = N_("act")) -> None:
    """R11a: refused, naming the status, for an out-of-action, dying or dead character."""
    state = current_status(doc)
    if state != "ok":
        gender, name, act = doc.get("gender"), doc["name"], Say(action)
        if state == "out":
            raise Refused(
                Say("R11a: {name} is out of action and cannot {action}", agreeing=gender, name=name, action=act),
                "cannot_act",
            )
        if state == "dying":
            raise Refused(
                Say("R11a: {name} is dying and cannot {action}", agreeing=gender, name=name, action=act), "cannot_act"
            )
        raise Refused(
            Say("R11a: {name} is dead and cannot {action}", agreeing=gender, name=name, action=act), "cannot_act"
        )


def check_not_dead(doc: Character) -> None:
    """R11a: a dead character takes no further part: wins and spends nothing."""
    if current_status(doc) == "dead":
        raise Refused(
            Say("R11a: {name} is dead: the dead win and spend nothing", name=doc["name"], agreeing=doc.get("gender")),
            "dead",
        )


def take(doc: Character, amount: int, fatigue: bool = False, armor: int = 0) -> dict[str, Any]:
    """Apply a hit. Armor subtracts from damage (R29); fatigue taken while out of action
    counts as damage (R21). Returns what was applied."""
    if amount < 0:
        raise Refused(Say("damage cannot be negative; use {command}", command=Cmd("heal")), "bad_amount")
    if current_status(doc) == "dead":
        raise Refused(
            Say('{name} is dead (R20); only a wish can help', name=doc['name'], agreeing=doc.get('gender')), "dead"
        )
    if fatigue:
        if current_status(doc) in ("out", "dying"):
            doc["damage"] += amount  # R21
            doc["fight_damage"] = doc.get("fight_damage", 0) + amount
            return {"damage": amount, "fatigue": 0, "absorbed": 0}
        doc["fatigue"] += amount
        return {"damage": 0, "fatigue": amount, "absorbed": 0}
    taken = max(amount - armor, 0)
    doc["damage"] += taken
    doc["fight_damage"] = doc.get("fight_damage", 0) + taken  # what a Medic may heal after the fight (R25)
    if doc["damage"] >= 2 * raised(doc, "ST"):
        doc["dead"] = True  # R20: beyond saving (twice ST, a potion's counting: R25a)
    return {"damage": taken, "fatigue": 0, "absorbed": amount - taken}


def heal(doc: Character, amount: int, fatigue: bool = False) -> int:
    """Heal damage (or fatigue); a dead character cannot be healed (R20). Returns points healed."""
    if amount < 0:
        raise Refused(Say("healing cannot be negative"), "bad_amount")
    if current_status(doc) == "dead":
        raise Refused(
            Say('{name} is dead (R20); only a wish can help (R17)', name=doc['name'], agreeing=doc.get('gender')),
            "dead",
        )
    if fatigue:
        healed = min(amount, doc["fatigue"])
        doc["fatigue"] -= healed
    else:
        healed = min(amount, doc["damage"])
        doc["damage"] -= healed
    if doc["damage"] < doc["st"]:
        doc["dying"] = False  # R20: healed below ST in time
    return healed


def settle_dying(doc: Character) -> None:
    """R20: a dying character still at or past ST when the moment passes is dead."""
    if doc.get("dying") and not doc.get("dead") and doc["damage"] >= doc["st"]:
        doc["dead"] = True
    doc["dying"] = False if doc.get("dead") else doc.get("dying", False)


def _settled_alive(doc: Character) -> bool:
    """Settle the dying (R20); True if the character is still alive afterwards. A death
    that was already there is now settled, and so is one this settling makes (R17, seventh
    revision: the dying who die at a fight end, rest or adventure end): no wish brings the
    character back."""
    if not alive(doc):
        doc["death_settled"] = True
        return False
    settle_dying(doc)
    if doc.get("dead"):
        doc["death_settled"] = True
        return False
    return True


def settle_death(doc: Character) -> None:
    """R20: the moment passes for a dying character the command did not name (a rest of
    others): at or past ST still, it is dead; healed in time, it lives on."""
    _settled_alive(doc)


def after_fight(doc: Character) -> None:
    """R20, R21: the dying from an earlier fight die; damage at ST makes a character dying;
    one fatigue point is recovered after each encounter."""
    doc["last_fight_damage"] = doc.pop("fight_damage", 0)  # R25: the Medic heals this fight's damage
    doc.pop("boosts", None)  # potions last one fight (R25)
    if not _settled_alive(doc):
        return
    if doc["damage"] >= doc["st"]:
        doc["dying"] = True
    doc["fatigue"] = max(doc["fatigue"] - 1, 0)


def night(doc: Character) -> None:
    """R21: a full night's sleep clears fatigue; R20: the dying do not wake."""
    if _settled_alive(doc):
        doc["fatigue"] = 0


def new_fight(doc: Character) -> None:
    """A fight starts: damage taken from now on is this fight's (R25: what a Medic heals)."""
    doc.pop("fight_damage", None)


def recover_fully(doc: Character) -> None:
    """R22: between adventures, or after a week of rest, characters recover fully (the
    dying who were not saved are dead, as at any rest: R20). The out of action who are not
    dying (damage at ST taken with no fight open: `dying` is set only when a fight ends)
    live through the week and are healed (seventh revision). Potions' boosts end with the
    encounter (R25). A week of rest and an adventure's end recover alike."""
    doc.pop("boosts", None)
    if _settled_alive(doc):
        doc["damage"] = 0
        doc["fatigue"] = 0
        doc["dying"] = False
        doc.pop("fight_damage", None)
        doc.pop("last_fight_damage", None)
