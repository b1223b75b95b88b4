"""`campaign character set`: the command that changes a character (R24), in a module of
its own so that a read does not build its options."""

from typing import Annotated

import typer

from campaign_cli.cli.charopts import AttrOpt, GenderOpt, KeywordOpt
from campaign_cli.cli.common import JsonOpt, NameArg, acting, fast, help_text
from campaign_cli.cli.drawn import character_lines
from campaign_cli.cli.lazy import command_app
from campaign_cli.cli.output import emit
from campaign_cli.library.characters import Characters

set_app = command_app()


@set_app.command(
    "set",
    help=help_text(
        "Change a character's extra attributes, keywords and combat-skill choices (R24).",
        "campaign character set Ajax --attr Luck=1 --keyword Law",
        "campaign character set Ajax --drop-keyword Law --drop-attr Luck",
        "campaign character set Ajax --combat Sword=damage",
    ),
)
@fast
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
