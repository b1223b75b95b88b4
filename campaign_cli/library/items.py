"""Gear and money: items, stacks, upgrades, the forge, gold and dark stone (R26-R39)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, Unpack, cast

from campaign_cli.errors import N_, Joined, Opt, Say, UsageProblem
from campaign_cli.library.core import (
    Core,
    character_view,
    checked,
    given_name,
    item_options,
    whole_number,
)

if TYPE_CHECKING:
    from campaign_cli import results
    from campaign_cli.store import Stored
else:
    from campaign_cli.library.core import results


class Items(Core):
    """Items and their stacks, upgrades, the forge, gold and dark stone."""

    # -- gold and dark stone (R37, R38) --------------------------------------------
    @checked
    def gold_add(self, character: str | int, count: int, /) -> results.Counted:
        """Give CHARACTER COUNT gold.

        camp.gold_add("Ajax", 50)
        """
        return self._count("gold", "add", character, count)

    @checked
    def gold_remove(self, character: str | int, count: int, /) -> results.Counted:
        """Take COUNT gold from CHARACTER (refused below 0).

        camp.gold_remove("Ajax", 20)
        """
        return self._count("gold", "remove", character, count)

    @checked
    def darkstone_add(self, character: str | int, count: int, /) -> results.Counted:
        """Give CHARACTER COUNT loose dark stone shards (R37).

        camp.darkstone_add("Ajax", 3)
        """
        return self._count("darkstone", "add", character, count)

    @checked
    def darkstone_remove(self, character: str | int, count: int, /) -> results.Counted:
        """Take COUNT loose dark stone shards from CHARACTER (refused below 0).

        camp.darkstone_remove("Ajax", 1)
        """
        return self._count("darkstone", "remove", character, count)

    def _count(
        self, field: Literal["gold", "darkstone"], verb: str, character: str | int, count: int
    ) -> results.Counted:
        from campaign_cli.acts import items

        whole_number(count, "count")
        change = count if verb == "add" else -count

        def run(stored: Stored) -> results.Counted:
            ch = character_view(
                items.count(stored, field, character, change, "gold" if field == "gold" else "dark stone")
            )
            return cast("results.Counted", {field: ch[field], "change": change, "character": ch})

        return self._act(f"{field} {verb}", True, run, (character, count))

    # -- gear (R25-R39) ----------------------------------------------------------------
    @checked
    def item_add(
        self,
        character: str | int,
        item: str,
        /,
        *,
        custom: bool = False,
        count: int = 1,
        **options: Unpack[results.ItemOptions],
    ) -> results.ItemChange:
        """Add an item to CHARACTER's pack: a catalog weapon, armor or gear (its English or
        Russian name), or a new item the keywords describe (R33: the weight carried).
        COUNT identical pieces make one stack (weight and value are each piece's), piled
        onto an equal stack the pack holds; `item` is that stack, `count` the pieces added.

        OPTIONS: `ItemOptions` (hands, weight, value, requires, clothing, personal,
        darkstone_icon, slots, damage, armor, restriction, shield, heft, kind), each
        overriding the catalog's value. custom: a new item even if its name is close to a
        catalog name.

            camp.item_add("Ajax", "Broadsword")
            camp.item_add("Ajax", "Lucky Hat", clothing="hat", personal=True)
            camp.item_add("Ajax", "Torch", count=3)
        """
        from campaign_cli.acts import items

        whole_number(count, "count")

        described = item_options(options)

        def run(stored: Stored) -> results.ItemChange:
            doc, added = items.add(stored, character, item, custom, described, count)
            return {"item": added, "count": count, "character": character_view(doc)}

        return self._act("item add", True, run, (character, item))

    @checked
    def item_show(self, character: str | int, item: str | int, /) -> results.Item:
        """One of CHARACTER's items in full, by name (any case) or id.

        sword = camp.item_show("Ajax", "Broadsword")
        """
        from campaign_cli.rules import gear

        return self._act(
            "item show", False, lambda stored: gear.find_item(stored.character(character), item), (character, item)
        )

    @checked
    def item_list(self, character: str | int, /) -> list[results.Item]:
        """CHARACTER's items, in the order they were got.

        names = [i["name"] for i in camp.item_list("Ajax")]
        """
        return self._act("item list", False, lambda stored: list(stored.character(character)["items"]), (character,))

    @checked
    def item_drop(self, character: str | int, item: str | int, /, *, count: int | None = None) -> results.ItemChange:
        """CHARACTER drops ITEM, COUNT pieces of a stack (default: all); never a personal
        one (R36). `item` is what was dropped.

            camp.item_drop("Ajax", "Crate")
            camp.item_drop("Ajax", "Torch", count=2)
        """
        from campaign_cli.acts import items

        return self._on_item("item drop", items.drop, character, item, count, moves=True)

    @checked
    def item_give(
        self, giver: str | int, receiver: str | int, item: str | int, /, *, count: int | None = None
    ) -> results.Given:
        """GIVER gives ITEM to RECEIVER, COUNT pieces of a stack (default: all) (R38; R33 on
        the receiver; never a personal item, R36). `item` is the receiver's stack they
        joined, `count` the pieces given.

            camp.item_give("Ajax", "Merlin", "Dagger")
            camp.item_give("Ajax", "Merlin", "Torch", count=1)
        """
        from campaign_cli.acts import items

        if count is not None:
            whole_number(count, "count")

        def run(stored: Stored) -> results.Given:
            src, dst, stack, moved, _paid = items.trade(stored, giver, receiver, item, None, False, count)
            return {"item": stack, "count": moved, "from": character_view(src), "to": character_view(dst)}

        return self._act("item give", True, run, (giver, receiver, item))

    @checked
    def item_sell(
        self,
        seller: str | int,
        buyer: str | int,
        item: str | int,
        /,
        *,
        price: int | None = None,
        count: int | None = None,
    ) -> results.Sold:
        """SELLER sells ITEM to BUYER, COUNT pieces of a stack (default: all); BUYER pays
        PRICE for them, by default their value (R38).

            camp.item_sell("Ajax", "Merlin", "Dagger", price=5)
            camp.item_sell("Ajax", "Merlin", "Arrow", count=10, price=3)
        """
        from campaign_cli.acts import items

        if price is not None:
            whole_number(price, "price", 0)
        if count is not None:
            whole_number(count, "count")

        def run(stored: Stored) -> results.Sold:
            src, dst, stack, moved, paid = items.trade(stored, seller, buyer, item, price, True, count)
            return {
                "item": stack,
                "count": moved,
                "price": paid,
                "from": character_view(src),
                "to": character_view(dst),
            }

        return self._act("item sell", True, run, (seller, buyer, item))

    @checked
    def item_hold(self, character: str | int, /, *items: str | int, none: bool = False) -> results.Held:
        """CHARACTER holds these items, replacing what was held (R32: two hands; R34
        keywords); `none=True` empties the hands. In a fight whose order is rolled, the
        round's action (R32a).

            camp.item_hold("Ajax", "Broadsword")
            camp.item_hold("Ajax", none=True)
        """
        from campaign_cli.acts import items as acts

        refs = [given_name(i, "items") for i in items]
        if bool(refs) == none:
            raise UsageProblem(
                Say("name the items to hold, or {none} to empty the hands (one or the other)", none=Opt("none")),
                "missing_argument",
            )

        def run(stored: Stored) -> results.Held:
            doc, chosen = acts.hold(stored, character, refs)
            return {"held": chosen, "character": character_view(doc)}

        return self._act("item hold", True, run, (character, *refs))

    @checked
    def item_wear(self, character: str | int, item: str | int, /) -> results.ItemChange:
        """CHARACTER wears clothing, armor or a shield (R35: one item per body part; R29, R30).

        camp.item_wear("Ajax", "Leather")
        """
        from campaign_cli.acts import items

        return self._on_item("item wear", items.wear, character, item)

    @checked
    def item_stow(self, character: str | int, item: str | int, /) -> results.ItemChange:
        """CHARACTER puts a held or worn item back in the pack.

        camp.item_stow("Ajax", "Leather")
        """
        from campaign_cli.acts import items

        return self._on_item("item stow", items.stow, character, item)

    @checked
    def item_store(self, character: str | int, item: str | int, /, *, count: int | None = None) -> results.ItemChange:
        """CHARACTER puts ITEM away where it is not carried (no weight, R33), COUNT pieces of
        a stack (default: all); only between adventures or in a town. `item` is the stored
        stack they joined.

            camp.item_store("Ajax", "Ore Crate")
        """
        from campaign_cli.acts import items

        return self._on_item("item store", items.store, character, item, count, moves=True)

    @checked
    def item_fetch(self, character: str | int, item: str | int, /, *, count: int | None = None) -> results.ItemChange:
        """CHARACTER takes a stored item back into the pack (R33 checked), COUNT pieces of a
        stack (default: all); between adventures or in a town. `item` is the carried stack
        they joined.

            camp.item_fetch("Ajax", "Ore Crate")
        """
        from campaign_cli.acts import items

        return self._on_item("item fetch", items.fetch, character, item, count, moves=True)

    @checked
    def item_set(
        self,
        character: str | int,
        item: str | int,
        /,
        *,
        name: str | None = None,
        weight: int | None = None,
        value: int | None = None,
        slots: int | None = None,
        damage: str | None = None,
        armor: int | None = None,
        restriction: int | None = None,
        heft: int | None = None,
        hands: int | None = None,
    ) -> results.ItemChange:
        """Change ITEM's numbers after the fact (R39: not fewer slots than its upgrades
        fill; R33: the new weight carried); `name` renames it. A forged item keeps its
        upgrades.

            camp.item_set("Ajax", "Broadsword", value=40, weight=3)
        """
        from campaign_cli.acts import items

        changes: dict[str, Any] = {"name": name, "damage": damage, "hands": hands}
        changes |= item_options(
            {"weight": weight, "value": value, "slots": slots, "armor": armor, "restriction": restriction, "heft": heft}
        )
        if all(v is None for v in changes.values()):
            options = Joined(N_(", "), [Opt(k) for k in changes])
            raise UsageProblem(Say("give at least one of {options}", options=options), "missing_option")
        return self._on_item("item set", lambda s, c, i: items.set_numbers(s, c, i, changes), character, item)

    @checked
    def item_reload(self, character: str | int, weapon: str, /) -> results.ItemChange:
        """CHARACTER reloads a fired (R) or (R3) weapon (R26): in a fight whose order is
        rolled, one action of the round (three for R3, R32a); out of one, at once.
        `reloads_left` says how many reloading actions are still needed.

            camp.item_reload("Ajax", "Crossbow")
        """
        from campaign_cli.acts import items

        def run(stored: Stored) -> results.ItemChange:
            doc, done, left = items.reload(stored, character, weapon)
            return {"item": done, "reloads_left": left, "character": character_view(doc)}

        return self._act("item reload", True, run, (character, weapon))

    @checked
    def item_upgrade(self, character: str | int, item: str | int, upgrade: str, /) -> results.ItemChange:
        """CHARACTER fits an upgrade item from the pack into ITEM's free slots (R39).

        camp.item_upgrade("Ajax", "Broadsword", "Rune of Power")
        """
        from campaign_cli.acts import items

        return self._on_item("item upgrade", lambda s, c, i: items.upgrade(s, c, i, upgrade), character, item)

    @checked
    def item_use(
        self, character: str | int, item: str | int, /, *, on: str | int | None = None, count: int = 1
    ) -> results.Used:
        """CHARACTER drinks a potion, or gives it to ON to drink (R25): it heals, or raises an
        attribute or skill for one fight; it is used up. COUNT: pieces of a stack of
        healing potions drunk at once (each heals).

            camp.item_use("Ajax", "Healing Potion")
            camp.item_use("Kate", "Potion of ST", on="Ajax")
        """
        from campaign_cli.acts import items

        whole_number(count, "count")

        def run(stored: Stored) -> results.Used:
            target, potion, effect = items.drink(stored, character, item, on, count)
            return {"item": potion, "effect": effect, "character": character_view(target)}

        return self._act("item use", True, run, (character, item))

    @checked
    def forge(
        self,
        character: str | int,
        item: str | int,
        /,
        *,
        stones: int = 1,
        slots: int = 1,
        gold: int = 0,
        name: str | None = None,
    ) -> results.ItemChange:
        """CHARACTER has loose dark stone forged into ITEM's upgrade slots, in a town with a
        blacksmith (R39): STONES shards fill SLOTS slots for GOLD, the upgrade named NAME.

            camp.forge("Ajax", "Broadsword", stones=2, slots=1, gold=50, name="Void Edge")
        """
        from campaign_cli.acts import items
        from campaign_cli.rules.gear import MAX_SLOTS

        whole_number(stones, "stones")
        whole_number(slots, "slots", 1, MAX_SLOTS)
        whole_number(gold, "gold", 0)
        return self._on_item("forge", lambda s, c, i: items.forge(s, c, i, stones, slots, gold, name), character, item)

    def _on_item(
        self,
        path: str,
        act: Callable[..., tuple[Any, ...]],
        character: str | int,
        item: str | int,
        count: int | None = None,
        moves: bool = False,
    ) -> results.ItemChange:
        """An act on one item. MOVES (drop, store, fetch): it moves COUNT pieces of a stack,
        default all, and returns how many, the result's `count`."""
        if count is not None:
            whole_number(count, "count")

        def run(stored: Stored) -> results.ItemChange:
            if not moves:
                doc, changed = act(stored, character, item)[:2]
                return {"item": changed, "character": character_view(doc)}
            doc, changed, moved = act(stored, character, item, count)
            return {"item": changed, "count": moved, "character": character_view(doc)}

        return self._act(path, True, run, (character, item))
