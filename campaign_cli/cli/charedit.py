"""`campaign character create` and `campaign character set`: the commands that make and
change a character (R1-R4, R24), in a module of their own so that a read does not build
their options."""

from typing import Annotated

import typer

from campaign_cli.cli.common import MAX_AMOUNT, JsonOpt, NameArg, acting, character_lines, complete, help_text
from campaign_cli.cli.lazy import command_app
from campaign_cli.cli.output import emit
from campaign_cli.library.characters import Characters

create_app, set_app = command_app(), command_app()

AttrOpt = Annotated[
    list[str] | None,
    typer.Option("--attr", metavar="NAME=VALUE", help="Extra named attribute for pool tests (R10), e.g. Lore=3."),
]
GenderOpt = Annotated[
    str | None,
    typer.Option("--gender", metavar="m|f", help="Grammatical gender, so Russian messages agree with the character."),
]
KeywordOpt = Annotated[
    list[str] | None, typer.Option("--keyword", metavar="WORD", help="Keyword the character has (R34).")
]


@create_app.command(
    "create",
    help=help_text(
        "Create a character: ST+DX+IQ = 32, each at least 8 (R2); 4 starting points (R3).",
        "campaign character create Ajax --st 12 --dx 11 --iq 9 --skill Swimming --skill Sword=2",
        "campaign character create Merlin --st 8 --dx 10 --iq 14 --wizard --spell Fireball --skill Literacy",
        "campaign character create Kate --st 10 --dx 12 --iq 10 --attr Lore=3 --attr Luck=2 --keyword Law",
    ),
)
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


@set_app.command(
    "set",
    help=help_text(
        "Change a character's extra attributes, keywords and combat-skill choices (R24).",
        "campaign character set Ajax --attr Luck=1 --keyword Law",
        "campaign character set Ajax --drop-keyword Law --drop-attr Luck",
        "campaign character set Ajax --combat Sword=damage",
    ),
)
def set_(
    name: NameArg,
    attr: AttrOpt = None,
    keyword: KeywordOpt = None,
    drop_keyword: Annotated[
        list[str] | None, typer.Option("--drop-keyword", metavar="WORD", help="Remove a keyword.")
    ] = None,
    drop_attr: Annotated[
        list[str] | None, typer.Option("--drop-attr", metavar="NAME", help="Remove an extra attribute.")
    ] = None,
    combat: Annotated[
        list[str] | None,
        typer.Option("--combat", metavar="SKILL=hit|damage", help="Where a combat skill's levels go (R24)."),
    ] = None,
    gender: GenderOpt = None,
    json_out: JsonOpt = False,
) -> None:
    with acting(Characters) as camp:
        ch = camp.character_set(
            name, attr=attr, keyword=keyword, drop_keyword=drop_keyword, drop_attr=drop_attr, combat=combat,
            gender=gender,  # type: ignore[arg-type]  # checked by the library (м and ж too)
        )  # fmt: skip
    emit(ch, lambda: character_lines(ch), json_out=json_out)
