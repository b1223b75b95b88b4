"""`campaign character create` (R1-R4), in a module of its own: neither a read nor
`character set` builds its options."""

from typing import Annotated

import typer

from campaign_cli.cli.charopts import AttrOpt, GenderOpt, KeywordOpt
from campaign_cli.cli.common import MAX_AMOUNT, JsonOpt, acting, complete, fast, help_text
from campaign_cli.cli.drawn import character_lines
from campaign_cli.cli.lazy import command_app
from campaign_cli.cli.output import emit
from campaign_cli.library.characters import Characters

create_app = command_app()


@create_app.command(
    "create",
    help=help_text(
        "Create a character: ST+DX+IQ = 32, each at least 8 (R2); 4 starting points (R3).",
        "campaign character create Ajax --st 12 --dx 11 --iq 9 --skill Swimming --skill Sword=2",
        "campaign character create Merlin --st 8 --dx 10 --iq 14 --wizard --spell Fireball --skill Literacy",
        "campaign character create Kate --st 10 --dx 12 --iq 10 --attr Lore=3 --attr Luck=2 --keyword Law",
    ),
)
@fast
def create(
    name: Annotated[str, typer.Argument(metavar="NAME", help="The new character's name.")],
    st: Annotated[int, typer.Option("--st", metavar="N", min=0, max=MAX_AMOUNT, help="Strength (R1).")],
    dx: Annotated[int, typer.Option("--dx", metavar="N", min=0, max=MAX_AMOUNT, help="Dexterity (R1).")],
    iq: Annotated[int, typer.Option("--iq", metavar="N", min=0, max=MAX_AMOUNT, help="Intelligence (R1).")],
    wizard: Annotated[bool, typer.Option("--wizard", help="A wizard instead of a hero (R3).")] = False,
    skill: Annotated[
        list[str] | None,
        typer.Option(
            "--skill",
            metavar="SKILL[=LEVEL]",
            help="Starting skill (English or Russian name), level 1 by default.",
            autocompletion=complete.skills,
        ),
    ] = None,
    spell: Annotated[
        list[str] | None,
        typer.Option("--spell", metavar="SPELL[=RATING]", help="Starting spell (wizards); rating optional (R9)."),
    ] = None,
    keyword: KeywordOpt = None,
    attr: AttrOpt = None,
    gender: GenderOpt = None,
    json_out: JsonOpt = False,
) -> None:
    with acting(Characters) as camp:
        ch = camp.character_create(
            name, st=st, dx=dx, iq=iq, wizard=wizard, skill=skill, spell=spell, keyword=keyword, attr=attr,
            gender=gender,  # type: ignore[arg-type]  # checked by the library (м and ж too)
        )  # fmt: skip
    emit(ch, lambda: character_lines(ch), json_out=json_out)
