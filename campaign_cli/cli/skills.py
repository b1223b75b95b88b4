"""`campaign skill use`: skills that act (R25), each a 3/IQ check and then its effect."""

from typing import Annotated, Any

import typer

from campaign_cli.cli import said
from campaign_cli.cli.common import (
    MAX_AMOUNT,
    JsonOpt,
    NameArg,
    acting,
    complete,
    fast,
    help_text,
)
from campaign_cli.cli.diceopts import (
    AgainstOpt,
    OtherDiceOpt,
    takes_roll_options,
)
from campaign_cli.cli.lazy import noun_app
from campaign_cli.cli.output import emit
from campaign_cli.library.skills import Skills

app = noun_app(
    help_text("Use a skill: a check, then its effect on success (R25).", "campaign skill use Kate Medic --heal Ajax=2")
)


@app.command(
    help=help_text(
        "Use a skill the character has (R23): its check, then on success its effect (R25), within the limits of R25a "
        "(a use beyond them is refused before any roll; a failed check spends the use). Medic heals damage "
        "from the last "
        "fight, up to the level in all, once per fight; Bard gives karma up to the level for this adventure, once per "
        "adventure; Leadership adds the level to someone's next check, once per fight; Herbalist brews a "
        "healing potion "
        "(level x doses); Alchemist spends 1 XP on a potion that raises an attribute or skill by the level for one "
        "encounter. Contested skills (Charm, Diplomacy, Tactics, Animal Handler, Merchant) take --against. "
        "Other skills: "
        "the check alone.",
        "campaign skill use Kate Medic --heal Ajax=2 --heal Kate=1",
        "campaign skill use Kate Bard --give Ajax=1 --give Merlin=1",
        "campaign skill use Ajax Leadership --for Kate",
        "campaign skill use Kate Herbalist --doses 2",
        "campaign skill use Merlin Alchemist --boost ST",
        "campaign skill use Ajax Swimming --dice 2,3,4 --karma",
        "campaign skill use Kate Charm --against 11",
    )
)
@takes_roll_options
@fast
def use(
    name: NameArg,
    skill: Annotated[
        str, typer.Argument(metavar="SKILL", help="The skill, in English or Russian.", autocompletion=complete.skills)
    ],
    heal: Annotated[
        list[str] | None,
        typer.Option(
            "--heal",
            metavar="WHO=N",
            help="Medic: heal N damage from the last fight.",
            autocompletion=complete.characters,
        ),
    ] = None,
    give: Annotated[
        list[str] | None,
        typer.Option(
            "--give", metavar="WHO=N", help="Bard: N karma for this adventure.", autocompletion=complete.characters
        ),
    ] = None,
    for_: Annotated[
        str | None,
        typer.Option(
            "--for",
            metavar="WHO",
            help="Leadership: whose next check gets the level.",
            autocompletion=complete.characters,
        ),
    ] = None,
    doses: Annotated[
        int | None, typer.Option("--doses", min=1, max=MAX_AMOUNT, metavar="N", help="Herbalist: doses in the potion.")
    ] = None,
    boost: Annotated[
        str | None, typer.Option("--boost", metavar="ATTR_OR_SKILL", help="Alchemist: what the potion raises.")
    ] = None,
    against: AgainstOpt = None,
    other_dice: OtherDiceOpt = None,
    roll: Any = None,  # always given: dice, seed, modifier, karma, reroll_dice (cli/diceopts.py)
    json_out: JsonOpt = False,
) -> None:
    with acting(Skills) as camp:
        result = camp.skill_use(
            name, skill, heal=heal, give=give, for_=for_, doses=doses, boost=boost, against=against,
            other_dice=other_dice, **roll,
        )  # fmt: skip
    emit(result, lambda: said.skill_used(result), json_out=json_out)
