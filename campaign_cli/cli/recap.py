"""`campaign recap`: what happened this adventure (or since a date, or the last game
night), from the journal, for a group chat or a script."""

from typing import Annotated

import typer

from campaign_cli.cli import answers
from campaign_cli.cli.common import JsonOpt, NoPagerOpt, fast, help_text
from campaign_cli.cli.lazy import command_app

recap_app = command_app()


@recap_app.command(
    "recap",
    help=help_text(
        "What happened, from the journal: per character XP, karma, wishes, curses, damage, knock-outs, deaths, "
        "items, gold, dark stone, checks; fights, kills and keywords. Default: the current adventure, or the last one.",
        "campaign recap",
        "campaign recap --format md > recap.md",
        "campaign recap --adventure 2 --json",
        "campaign recap --since 2026-11-01",
        "campaign recap --last",
    ),
)
@fast
def recap(
    adventure: Annotated[
        int | None, typer.Option("--adventure", min=1, max=1_000_000, metavar="N", help="The Nth adventure.")
    ] = None,
    since: Annotated[
        str | None, typer.Option("--since", metavar="DATE", help="Everything since DATE (YYYY-MM-DD or an ISO time).")
    ] = None,
    last: Annotated[
        bool, typer.Option("--last", help="The last game night: the newest entries with no 6-hour gap.")
    ] = False,
    format_: Annotated[
        str, typer.Option("--format", metavar="text|md|json", help="md: Markdown for a group chat; json: as --json.")
    ] = "text",
    no_pager: NoPagerOpt = False,
    json_out: JsonOpt = False,
) -> None:
    answers.recap(adventure, since, last, format_, no_pager=no_pager, json_out=json_out)
