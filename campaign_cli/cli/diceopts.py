"""The options of every command that rolls (check, contest, cast, fight, skill use, shop
haggling): defined once, in a module of their own, so that a command that rolls nothing
does not build them."""

from typing import Annotated, Any

import typer

from campaign_cli.cli.common import MAX_SEED, complete, takes
from campaign_cli.cli.rolling import ModifierOpt

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
OtherDiceOpt = Annotated[
    str | None, typer.Option("--other-dice", metavar="LIST", help="With --against: OTHER's physical dice.")
]
AgainstOpt = Annotated[
    str | None,
    typer.Option(
        "--against",
        metavar="OTHER",
        help="A character, or a number: an unnamed enemy's IQ.",
        autocompletion=complete.characters,
    ),
]

# A character's check (options.RollOptions), declared once for the command line: `check`,
# `cast` and `skill use` get these in their signature and receive them as one mapping, `roll`.
ROLL_PARAMETERS: dict[str, tuple[Any, Any]] = {
    "dice": (DiceOpt, None),
    "seed": (SeedOpt, None),
    "modifier": (ModifierOpt, 0),
    "karma": (KarmaOpt, False),
    "reroll_dice": (RerollOpt, None),
}
takes_roll_options = takes(ROLL_PARAMETERS, "roll")
