"""The options of every command that rolls (check, contest, cast, fight, skill use, shop
haggling): defined once, in a module of their own, so that a command that rolls nothing
does not build them."""

from typing import Annotated

import typer

from campaign_cli.cli.common import MAX_SEED

SeedOpt = Annotated[
    int | None,
    typer.Option(
        "--seed", metavar="N", min=0, max=MAX_SEED, help="Seed the dice: same seed, same campaign, same result."
    ),
]
DiceOpt = Annotated[str | None, typer.Option("--dice", metavar="LIST", help="Physical dice typed in, e.g. 1,3,6.")]
KarmaOpt = Annotated[
    bool, typer.Option("--karma", help="If the roll fails, spend 1 karma (else 1 wish) and roll again (R17).")
]
RerollOpt = Annotated[
    str | None, typer.Option("--reroll-dice", metavar="LIST", help="Physical dice for the --karma reroll.")
]
