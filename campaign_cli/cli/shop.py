"""`campaign shop buy|sell`: trade with a merchant who is not a character (R38), haggling
with the Merchant skill (R25: a contested IQ check, 10% per level)."""

from typing import Annotated, Any

import typer

from campaign_cli.cli import said
from campaign_cli.cli.common import MAX_AMOUNT, JsonOpt, NameArg, acting, fast, help_text, takes
from campaign_cli.cli.diceopts import DiceOpt, SeedOpt
from campaign_cli.cli.itemopts import (
    CatalogArg,
    CustomOpt,
    ItemArg,
    takes_item_options,
)
from campaign_cli.cli.lazy import noun_app
from campaign_cli.cli.output import emit
from campaign_cli.library.shop import Shop

app = noun_app(
    help_text(
        "Trade with a merchant who is not a character (R38); --haggle with the Merchant skill (R25).",
        "campaign shop buy Ajax Broadsword --price 40",
        "campaign shop sell Ajax Dagger --haggle 10",
    )
)

PriceOpt = Annotated[
    int | None,
    typer.Option(
        "--price", min=0, max=MAX_AMOUNT, metavar="GOLD", help="The asking price (default: the item's value)."
    ),
]
ShopCountOpt = Annotated[
    int,
    typer.Option("--count", min=1, max=MAX_AMOUNT, metavar="N", help="Pieces of a stack, at --price each (default 1)."),
]
MerchantDiceOpt = Annotated[
    str | None, typer.Option("--other-dice", metavar="LIST", help="With --haggle: the merchant's physical dice.")
]


def _haggle(iq: str, help: str) -> Any:  # as Typer names it (and the catalog reads `help=`)
    return Annotated[int | None, typer.Option("--haggle", min=0, max=MAX_AMOUNT, metavar=iq, help=help)]


# A trade's options (options.TradeOptions), declared once for both commands, which hand them
# on as one mapping, `trade`; --haggle says whose IQ it is in each.
TRADE_PARAMETERS: dict[str, tuple[Any, Any]] = {
    "price": (PriceOpt, None),
    "haggle": (_haggle("SELLER_IQ", help="Haggle (Merchant skill): the seller's IQ."), None),  # sell: the buyer's
    "dice": (DiceOpt, None),
    "other_dice": (MerchantDiceOpt, None),
    "seed": (SeedOpt, None),
}


@app.command(
    help=help_text(
        "Buy an item from a merchant: added as `item add` adds it, its price (default: its value) taken from "
        "NAME's gold "
        "(R38, R33). --haggle IQ: a contested IQ check with the Merchant skill against the merchant's IQ; a "
        "win takes 10% "
        "per Merchant level off (R25).",
        "campaign shop buy Ajax Broadsword --price 40",
        "campaign shop buy Ajax Chainmail --price 100 --haggle 11 --seed 4",
        "campaign shop buy Ajax Arrow --count 20 --price 1",
        "campaign shop buy Ajax 'Lucky Hat' --clothing hat --value 5",
    )
)
@takes_item_options
@takes(TRADE_PARAMETERS, "trade")
@fast
def buy(
    name: NameArg,
    item: CatalogArg,
    trade: Any = None,  # always given: price, haggle, dice, other_dice, seed (TRADE_PARAMETERS)
    options: Any = None,  # always given: the item options (cli/itemopts.py)
    custom: CustomOpt = False,
    count: ShopCountOpt = 1,
    json_out: JsonOpt = False,
) -> None:
    with acting(Shop) as camp:
        data = camp.shop_buy(name, item, custom=custom, count=count, **trade, **options)
    emit(data, lambda: said.bought(data, count), json_out=json_out)


@app.command(
    help=help_text(
        "Sell an item to a merchant: removed, its price (default: its value) paid to NAME; never a personal "
        "item (R36). "
        "--haggle IQ: a contested IQ check with the Merchant skill against the buyer's IQ; a win adds 10% per Merchant "
        "level (R25).",
        "campaign shop sell Ajax Dagger",
        "campaign shop sell Ajax Arrow --count 10 --price 1",
        "campaign shop sell Ajax Broadsword --price 30 --haggle 10 --dice 2,3,3 --other-dice 5,5,6",
    )
)
@takes(
    {**TRADE_PARAMETERS, "haggle": (_haggle("BUYER_IQ", help="Haggle (Merchant skill): the buyer's IQ."), None)},
    "trade",
)
@fast
def sell(
    name: NameArg,
    item: ItemArg,
    trade: Any = None,  # always given: price, haggle, dice, other_dice, seed (TRADE_PARAMETERS)
    count: ShopCountOpt = 1,
    json_out: JsonOpt = False,
) -> None:
    with acting(Shop) as camp:
        data = camp.shop_sell(name, item, count=count, **trade)
    emit(data, lambda: said.sold(data), json_out=json_out)
