"""The shop (R25, R38): buying from and selling to a merchant who is not a character, with
the Merchant skill's haggling."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Unpack, cast

from campaign_cli.errors import Opt, Say, UsageProblem
from campaign_cli.library.core import Core, checked, given_dice, given_seed, item_options, whole_number

if TYPE_CHECKING:
    from campaign_cli import results
    from campaign_cli.acts.shop import Haggle
    from campaign_cli.store import Stored
else:
    from campaign_cli.library.core import results


class Shop(Core):
    """Buying and selling, haggled (R25) or at a price."""

    # -- the shop (R25, R38) -----------------------------------------------------------
    @checked
    def shop_buy(
        self,
        character: str | int,
        item: str,
        /,
        *,
        custom: bool = False,
        count: int = 1,
        **options: Unpack[results.Purchase],
    ) -> results.Bought:
        """CHARACTER buys ITEM from a merchant who is not a character: added as `item_add`
        adds it (its keywords are item_add's, `ItemOptions`), the price (default: its value)
        taken from the character's gold (R38, R33). The trade's keywords (`TradeOptions`):
        `price`; `haggle`, the seller's IQ, for a contested IQ check with the Merchant skill:
        a win takes 10% per Merchant level off (R25); `dice`, `other_dice`, `seed`.

            camp.shop_buy("Ajax", "Broadsword", price=40)
            camp.shop_buy("Ajax", "Chainmail", price=100, haggle=11, seed=4)
            camp.shop_buy("Ajax", "Arrow", price=1, count=20)  # PRICE is a piece's

        COUNT: pieces of a stack, bought at PRICE each.
        """
        from campaign_cli.acts import shop
        from campaign_cli.options import TradeOptions

        whole_number(count, "count", 1)
        given: dict[str, Any] = dict(options)
        price, terms = _haggling({k: given.pop(k) for k in TradeOptions.__annotations__ if k in given})
        described = item_options(given)

        def run(stored: Stored) -> results.Bought:
            data = shop.buy(stored, character, item, custom, described, price, terms, count)
            return cast("results.Bought", data)

        return self._act("shop buy", True, run, (character, item))

    @checked
    def shop_sell(
        self, character: str | int, item: str | int, /, *, count: int = 1, **trade: Unpack[results.TradeOptions]
    ) -> results.SoldOff:
        """CHARACTER sells ITEM to a merchant: it is removed and the price (default: its
        value) paid to the character; never a personal item (R36). The trade's keywords
        (`TradeOptions`): `price`; `haggle`, the buyer's IQ, for a contested IQ check with the
        Merchant skill: a win adds 10% per Merchant level (R25); `dice`, `other_dice`, `seed`.

            camp.shop_sell("Ajax", "Dagger")
            camp.shop_sell("Ajax", "Arrow", count=10, price=1)  # PRICE is a piece's

        COUNT: pieces of a stack (default one: never the whole stack unasked).
        """
        from campaign_cli.acts import shop

        whole_number(count, "count", 1)
        price, terms = _haggling(trade)

        def run(stored: Stored) -> results.SoldOff:
            sold = shop.sell(stored, character, item, price, terms, count)
            return cast("results.SoldOff", sold)

        return self._act("shop sell", True, run, (character, item))


def _haggling(trade: Mapping[str, Any]) -> tuple[int | None, Haggle]:
    """A trade's keywords checked: the price (or None) and the haggling terms the acts take."""
    from campaign_cli.acts.shop import Haggle

    price, haggle, seed = trade.get("price"), trade.get("haggle"), trade.get("seed")
    dice, other_dice = trade.get("dice"), trade.get("other_dice")
    if price is not None:
        whole_number(price, "price", 0)
    if haggle is not None:
        whole_number(haggle, "haggle", 0)
    given_seed(seed)
    if haggle is None and (dice is not None or other_dice is not None or seed is not None):
        raise UsageProblem(
            Say(
                "{a}, {b} and {c} roll the haggle: give {d}",
                a=Opt("dice"),
                b=Opt("other_dice"),
                c=Opt("seed"),
                d=Opt("haggle"),
            )
        )
    return price, Haggle(haggle, given_dice(dice, "dice"), given_dice(other_dice, "other_dice"), seed)
