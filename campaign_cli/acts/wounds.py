"""The game master's tools on a character's wounds (R19-R21, R29): damage and fatigue
taken, and healed. Never limited by turn or condition (R32a; others may heal anyone,
R11a): their guards, declared in `acts.ACTS`, refuse nobody."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from campaign_cli import acts
from campaign_cli.rules import wounds
from campaign_cli.rules.characters import gear_totals

if TYPE_CHECKING:
    from campaign_cli.model import Character
    from campaign_cli.store.campaign import Stored


def damage(camp: Stored, name: str | int, amount: int, fatigue: bool, armor: bool) -> tuple[Character, dict[str, Any]]:
    """`damage`: AMOUNT damage (or fatigue, R21), less worn armor and shield with ARMOR (R29).
    Returns the character and what was applied and absorbed."""
    doc = acts.actor(camp, "damage", name)
    worn = gear_totals(doc["items"], doc.get("keywords", []))["armor"] if armor else 0
    before = acts.condition(doc)
    applied = wounds.take(doc, amount, fatigue=fatigue, armor=worn)
    camp.save("characters", doc)
    taken = applied["fatigue"] or applied["damage"]  # R21: fatigue taken while out counts as damage
    camp.event(
        "damaged",
        name=doc["name"],
        amount=taken,
        fatigue=bool(applied["fatigue"]),
        absorbed=applied["absorbed"],
        status=acts.condition(doc),
    )
    acts.fallen(camp, doc, before, "R19")
    what = ", ".join(f"{v} {k}" for k, v in applied.items() if v) or "nothing"
    camp.note(f"{doc['name']} takes {what}", doc["name"])
    return doc, applied


def heal(camp: Stored, name: str | int, amount: int, fatigue: bool) -> tuple[Character, int]:
    """`heal`: AMOUNT damage (or fatigue) healed (R20). Returns the character and how much."""
    doc = acts.actor(camp, "heal", name)
    healed = wounds.heal(doc, amount, fatigue=fatigue)
    camp.save("characters", doc)
    camp.event("healed", name=doc["name"], amount=healed, **({"fatigue": True} if fatigue else {}))
    camp.note(f"{doc['name']} heals {healed} {'fatigue' if fatigue else 'damage'}", doc["name"])
    return doc, healed
