"""The acts on items (R25-R39): made, dropped, given and sold, held, worn and stowed,
stored and fetched, changed, reloaded, upgraded, forged and drunk; gold and dark stone.
Each guards its actor once (`acts.ACTS`), changes the documents, writes the journal's
English summary and returns the documents for the views."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

from campaign_cli import acts
from campaign_cli.errors import N_, Say, Shown, UsageProblem
from campaign_cli.rules import gear

if TYPE_CHECKING:
    from campaign_cli.model import Character, Item, PotionEffect
    from campaign_cli.store.campaign import Stored


def new_item(camp: Stored, item: str, custom: bool, options: dict[str, Any]) -> Item:
    """The item `item add` and `shop buy` make: catalog values, options over them, a new id.
    A built-in item's name never reads the packs (no pack may repeat one: `catalog import`
    refuses it), so a pack of 50,000 items costs it nothing beyond the file's size."""
    from campaign_cli.rules import catalog

    packs = [] if catalog.lookup(item) is not None else camp.packs()
    return {"id": camp.next_id(), **gear.make_item(item, options, custom, packs)}


# Where a name answers to several items (a stack and a piece of it in hand), the one the
# act can take: stowing takes what is held or worn, holding or wearing what is in the pack.
PREFER: dict[str, Callable[[Item], bool]] = {
    "item stow": lambda i: i["state"] in ("held", "worn"),
    "item wear": lambda i: i["state"] == "carried",
    "item store": lambda i: i["state"] != "stored",
    "item fetch": lambda i: i["state"] == "stored",
}


def _on(
    camp: Stored,
    path: str,
    name: str | int,
    ref: str,
    change: Callable[[Character, Item], Any],
    verb: str,
    count: int | None = None,
    moves: bool = False,
) -> tuple[Any, ...]:
    """Act PATH by NAME on its item REF: CHANGE(doc, item) changes them, returning the item
    the act ends with when it is another (pieces split off a stack, a stack they joined);
    the journal says "NAME VERB ITEM (#id)". MOVES: the act moves COUNT pieces of a stack
    (default: all), and the journal names them. Returns (the character, the item, the
    pieces moved or None)."""
    doc = acts.actor(camp, path, name)
    item = gear.find_item(doc, ref, PREFER.get(path))
    moved = gear.check_pieces(doc, item, count) if moves else None
    item = change(doc, item) or item
    acts.acted(camp, path, doc["name"])  # R32a: wearing, stowing, dropping: the round's action
    camp.save("characters", doc)
    what = gear.piece_name(item, moved) if moves else item["name"]
    camp.note(f"{doc['name']} {verb} {what} (#{item['id']})", doc["name"])
    if path in HANDLED:  # where the item went: the log's sentence (its state is no change the recap says)
        camp.event("item_moved", name=doc["name"], items=[item["name"]], count=moved or 1, how=HANDLED[path])
    return doc, item, moved


# The acts that only move an item on its holder, as their `item_moved` events name them.
HANDLED = {"item wear": "worn", "item stow": "stowed", "item store": "stored", "item fetch": "fetched"}


def add(
    camp: Stored, name: str | int, item: str, custom: bool, options: dict[str, Any], count: int = 1
) -> tuple[Character, Item]:
    """`item add`: a catalog or custom item into the pack (R33: the weight carried), COUNT
    pieces of it as one stack, onto the stack of the same item the pack holds. Returns
    (the character, the stack)."""
    doc = acts.actor(camp, "item add", name)  # R11a: the dead receive nothing
    made = new_item(camp, item, custom, {**options, "count": count})
    added = gear.add_item(doc, made)
    camp.save("characters", doc)
    camp.event("item_added", name=doc["name"], item=made["name"], count=gear.pieces(made))
    camp.note(f"{doc['name']} gets {gear.piece_name(made)} (#{added['id']})", doc["name"])
    return doc, added


def drop(camp: Stored, name: str, ref: str, count: int | None = None) -> tuple[Character, Item, int]:
    """`item drop`: COUNT pieces of a stack (default: all); never a personal item (R36).
    Returns (the character, the pieces dropped, how many)."""
    drop_them = lambda doc, item: gear.take_out(doc, item, N_("dropped"), count, camp.next_id)  # noqa: E731
    doc, gone, moved = _on(camp, "item drop", name, ref, drop_them, "drops", count, moves=True)
    left(camp, doc, gone, moved, "dropped")
    return doc, gone, moved


def left(camp: Stored, doc: Character, item: Item, count: int, how: str) -> None:
    """The journal's fact of pieces that left DOC: HOW (dropped, given, sold, drunk, spent),
    so the log says how an item left, never only that it is gone (GLOSSARY.md)."""
    camp.event("item_left", name=doc["name"], item=item["name"], count=count, how=how)


def trade(
    camp: Stored,
    src_name: str | int,
    dst_name: str | int,
    ref: str | int,
    price: int | None,
    selling: bool,
    count: int | None = None,
) -> tuple[Any, ...]:
    """`item give` and `item sell`: COUNT pieces of the item (default: all) move to DST (R33
    on the receiver; never a personal item, R36); selling, DST pays PRICE, by default their
    value (R38). Returns (from, to, the receiver's stack, the pieces moved, the price paid
    or None)."""
    path = "item sell" if selling else "item give"
    src = acts.actor(camp, path, src_name)  # R11a: the giver, or the seller
    dst = acts.actor(camp, path, dst_name, "buyer" if selling else "receiver")  # the buyer pays: his own doing
    item = gear.find_item(src, ref)
    moved = gear.check_pieces(src, item, count)
    paid = None
    if selling:
        stack, paid = gear.sell(src, dst, item, price, moved, camp.next_id)
    else:
        stack = gear.give(src, dst, item, moved, camp.next_id)
    acts.acted(camp, path, src["name"])  # R32a: a trade is the giver's (or seller's) action
    for doc in (src, dst):
        camp.save("characters", doc)
    if selling:
        camp.event("sold", seller=src["name"], buyer=dst["name"], item=stack["name"], count=moved, price=paid)
    else:
        camp.event("given", giver=src["name"], receiver=dst["name"], item=stack["name"], count=moved)
    what = f"{gear.piece_name(stack, moved)} (#{stack['id']})"
    verb = f"sells {what} to {dst['name']} for {paid} gold" if selling else f"gives {what} to {dst['name']}"
    camp.note(f"{src['name']} {verb}", src["name"], dst["name"])
    return src, dst, stack, moved, paid


def hold(camp: Stored, name: str | int, refs: list[str]) -> tuple[Character, list[Item]]:
    """`item hold`: these items in hand, the previous choice replaced (R32, R34); in a fight
    whose order is rolled, the round's action (R32a)."""
    doc = acts.actor(camp, "item hold", name)
    carried = lambda i: i["state"] == "carried"  # noqa: E731  # a name both held and in the pack: take from the pack
    chosen = gear.hold(doc, [gear.find_item(doc, ref, carried) for ref in refs], camp.next_id)
    acts.acted(camp, "item hold", doc["name"])
    camp.save("characters", doc)
    camp.note(f"{doc['name']} holds {', '.join(i['name'] for i in chosen) or 'nothing'}", doc["name"])
    camp.event("item_moved", name=doc["name"], items=[i["name"] for i in chosen], count=1, how="held")
    return doc, chosen


def wear(camp: Stored, name: str, ref: str) -> tuple[Character, Item]:
    """`item wear`: one item per body part (R35; R29, R30)."""
    return _on(camp, "item wear", name, ref, lambda doc, item: gear.wear(doc, item, camp.next_id), "wears")


def stow(camp: Stored, name: str, ref: str) -> tuple[Character, Item]:
    """`item stow`: a held or worn item back in the pack."""
    return _on(camp, "item stow", name, ref, gear.stow, "stows")


def store(camp: Stored, name: str, ref: str, count: int | None = None) -> tuple[Character, Item, int]:
    """`item store`: COUNT pieces (default: all) put away, not carried (R33); between
    adventures or in a town. Returns (the character, the stored stack they joined, how
    many)."""
    store_them = lambda doc, item: gear.store(doc, item, count, camp.next_id)  # noqa: E731
    return _on(camp, "item store", name, ref, store_them, "stores", count, moves=True)


def fetch(camp: Stored, name: str, ref: str, count: int | None = None) -> tuple[Character, Item, int]:
    """`item fetch`: COUNT stored pieces (default: all) back into the pack (R33 checked).
    Returns (the character, the carried stack they joined, how many)."""
    fetch_them = lambda doc, item: gear.fetch(doc, item, count, camp.next_id)  # noqa: E731
    return _on(camp, "item fetch", name, ref, fetch_them, "fetches", count, moves=True)


def set_numbers(camp: Stored, name: str, ref: str, changes: dict[str, Any]) -> tuple[Character, Item]:
    """`item set`: an item's numbers changed (R39: not fewer slots than its upgrades fill)."""
    doc, item, _moved = _on(
        camp, "item set", name, ref, lambda doc, item: gear.set_numbers(doc, item, changes), "changes"
    )
    camp.event("item_changed", name=doc["name"], item=item["name"], fields=sorted(changes))
    return doc, item


def reload(camp: Stored, name: str | int, ref: str) -> tuple[Character, Item, int]:
    """`item reload` (R26): in a fight whose order is rolled, one action of the round (R32a);
    out of one, at once. Returns the reloading actions still needed too."""
    from campaign_cli.rules.fights import order_rolled

    left: list[int] = []

    def change(doc: Character, item: Item) -> None:
        left.append(gear.reload(item, whole=not order_rolled(camp.meta.get("fight"))))
        acts.acted(camp, "item reload", doc["name"])

    doc, item, _moved = _on(camp, "item reload", name, ref, change, "reloads")
    camp.event("reloaded", name=doc["name"], item=item["name"], left=left[0])
    return doc, item, left[0]


def upgrade(camp: Stored, name: str, ref: str, upgrade_ref: str) -> tuple[Character, Item]:
    """`item upgrade`: an upgrade item from the pack fitted into an item's free slots (R39)."""
    doc = acts.actor(camp, "item upgrade", name)
    used = gear.find_item(doc, upgrade_ref)
    fitted, target = gear.fit_upgrade(doc, gear.find_item(doc, ref), used, camp.next_id)
    camp.event("fitted", name=doc["name"], item=fitted["name"], into=target["name"])
    camp.save("characters", doc)
    camp.note(f"{doc['name']} fits {fitted['name']} into {target['name']} (#{target['id']})", doc["name"])
    return doc, target


def forge(
    camp: Stored, name: str, ref: str, stones: int, slots: int, gold: int, label: str | None
) -> tuple[Character, Item]:
    """`forge`: loose dark stone forged into an item's slots at a town's blacksmith (R39)."""
    doc = acts.actor(camp, "forge", name)
    fitted, target = gear.forge(
        doc, gear.find_item(doc, ref), camp.meta["location"], stones, slots, gold, label, camp.next_id
    )
    camp.save("characters", doc)
    camp.note(f"{doc['name']} forges {fitted['name']} into {target['name']} (#{target['id']})", doc["name"])
    camp.event("forged", name=doc["name"], item=fitted["name"], into=target["name"], gold=gold)
    return doc, target


def drink(
    camp: Stored, name: str | int, ref: str | int, on: str | int | None, count: int = 1
) -> tuple[Character, Item, PotionEffect]:
    """`item use`: COUNT pieces of a potion (default one) drunk by NAME, or given by NAME to
    ON (R25); used up. Healing potions heal for each piece; a boost lasts one fight and a
    second of the same kind does not stack, so one is drunk at a time. Returns (who drank,
    the potion, its effect)."""
    from campaign_cli.rules.craft import drink as effect_of

    doc = acts.actor(camp, "item use", name)  # R11a: the drinker, or the giver of --on
    potion = gear.find_item(doc, ref)
    gear.check_at_hand(potion)
    gear.check_pieces(doc, potion, count)
    target = acts.actor(camp, "item use", on, "given") if on else doc  # R11a: the dead receive nothing
    target = doc if target["id"] == doc["id"] else target
    effect = effect_of(potion, target)  # not a potion: refused here, nothing saved
    if count > 1 and not potion.get("heals"):
        raise UsageProblem(
            Say("R25: {item} does not stack with itself: drink one at a time", item=Shown(potion["name"])),
            "bad_value",
        )
    for _n in range(count - 1):  # each further piece heals what is left
        effect["healed"] += effect_of(potion, target)["healed"]
    gear.spend(doc, potion, count)
    left(camp, doc, potion, count, "drunk")
    acts.acted(camp, "item use", doc["name"])  # R32a: the drinker's, or the giver's, action
    for changed in {id(doc): doc, id(target): target}.values():
        camp.save("characters", changed)
    camp.note(
        f"{target['name']} drinks {gear.piece_name(potion, count)} (#{potion['id']})", doc["name"], target["name"]
    )
    if effect.get("healed"):
        camp.event("healed", name=target["name"], amount=effect["healed"], item=potion["name"])
    return target, potion, effect


def count(camp: Stored, field: Literal["gold", "darkstone"], name: str | int, change: int, label: str) -> Character:
    """`gold add|remove`, `darkstone add|remove`: never below 0 (R11a: the dead receive nothing)."""
    doc = acts.actor(camp, f"{field} {'add' if change > 0 else 'remove'}", name)
    before = doc.get(field, 0)
    gear.change_count(doc, field, change, label)
    camp.save("characters", doc)
    camp.event(field, name=doc["name"], change=change, before=before, after=doc.get(field, 0))
    camp.note(f"{doc['name']}: {'+' if change > 0 else '-'}{abs(change)} {label}", doc["name"])
    return doc
