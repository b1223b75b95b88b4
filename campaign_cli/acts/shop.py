"""Trading with a merchant who is not a character (R38), once: buying and selling, with
the Merchant's haggle (R25: a contested IQ check; a win moves the price 10% per level).
Returns facts; cli/shop.py puts them into words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from campaign_cli import acts
from campaign_cli.acts.items import new_item
from campaign_cli.acts.rolls import skill_contest
from campaign_cli.errors import Opt, Refused, Say, Shown
from campaign_cli.rules import craft, gear
from campaign_cli.rules import dice as d
from campaign_cli.rules.characters import view

if TYPE_CHECKING:
    from campaign_cli.model import Character
    from campaign_cli.store.campaign import Stored


class Haggle(NamedTuple):
    """A trade's haggling (R25, R38), one bundle for buying and selling: the merchant's IQ
    (None: no haggling), the physical dice of each side, the seed."""

    iq: int | None = None
    dice: str | None = None
    other_dice: str | None = None
    seed: int | None = None


def haggle(camp: Stored, doc: Character, terms: Haggle, price: int, buying: bool) -> tuple[Any, ...]:
    """R25, R38: with an IQ to haggle against, a contested IQ check with the Merchant
    skill; a win moves the price by 10% per Merchant level in DOC's favour. Returns (price,
    the contest or None)."""
    if terms.iq is None:
        return price, None
    level = craft.level_of(doc, "Merchant")
    rng = d.rng_for(terms.seed)
    contest = skill_contest(camp, doc, "Merchant", str(terms.iq), terms.dice, terms.other_dice, rng)
    camp.record_roll(contest)
    return (gear.haggled(price, level, buying) if contest["success"] else price), contest


def buy(
    camp: Stored,
    name: str | int,
    item: str,
    custom: bool,
    options: dict[str, Any],
    price: int | None,
    terms: Haggle,
    count: int = 1,
) -> dict[str, Any]:
    """`shop buy`: NAME buys COUNT pieces of ITEM (a catalog entry, or new, described by
    OPTIONS) at PRICE a piece (default: its value), haggling against IQ when given."""
    doc = acts.actor(camp, "shop buy", name)
    thing = new_item(camp, item, custom, {**options, "count": count})
    if price is None and not thing.get("value") and options.get("value") is None:
        raise Refused(
            Say(
                "R38: no price for {item}: give {price} (the seeds print no prices)",
                item=Shown(thing["name"]),
                price=Opt("price"),
            ),
            "no_price",
        )
    asked = (thing.get("value", 0) if price is None else price) * count  # a piece's price, times the pieces
    paid, contest = haggle(camp, doc, terms, asked, True)
    if options.get("value") is None:
        thing["value"] = round(paid / count)  # R38: what was paid is what it is worth (a piece's)
    added = gear.buy(doc, thing, paid)
    camp.save("characters", doc)
    camp.event("bought", buyer=doc["name"], item=added["name"], count=count, price=paid, asked=asked)
    camp.note(f"{doc['name']} buys {added['name']} (#{added['id']}) for {paid} gold", doc["name"])
    return {"price": asked, "paid": paid, "haggle": contest, "item": added, "character": view(doc)}


def sell(
    camp: Stored,
    name: str | int,
    item: str | int,
    price: int | None,
    terms: Haggle,
    count: int = 1,
) -> dict[str, Any]:
    """`shop sell`: NAME sells COUNT pieces of ITEM (default one, never the whole stack
    unasked) at PRICE a piece (default: its value), haggling against IQ when given."""
    doc = acts.actor(camp, "shop sell", name)
    thing = gear.find_item(doc, item)
    gear.check_tradeable(doc, thing, "sold")  # R36, before any haggling
    asked = (thing.get("value", 0) if price is None else price) * count
    received, contest = haggle(camp, doc, terms, asked, False)
    gone = gear.sell_off(doc, thing, received, count, camp.next_id)
    camp.save("characters", doc)
    camp.event("sold", seller=doc["name"], buyer=None, item=gone["name"], count=gear.pieces(gone), price=received)
    camp.note(f"{doc['name']} sells {gear.piece_name(gone)} (#{gone['id']}) for {received} gold", doc["name"])
    return {"price": asked, "received": received, "haggle": contest, "item": gone, "character": view(doc)}
