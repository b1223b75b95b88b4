"""The options `character create` and `character set` share: one module both import, so
neither imports the other."""

from typing import Annotated

import typer

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
