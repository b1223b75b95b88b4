"""`campaign recap`: what happened this adventure (or since a date, or the last game
night), from the journal, for a group chat or a script."""

from typing import Annotated

import typer

from campaign_cli.cli.common import JsonOpt, NoPagerOpt, help_text, looking
from campaign_cli.cli.lazy import command_app
from campaign_cli.cli.output import Line, emit, paged, write_text
from campaign_cli.errors import UsageProblem
from campaign_cli.i18n import _
from campaign_cli.library.documents import Documents
from campaign_cli.render.recap import lines
from campaign_cli.run import RUN

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
    if format_ not in ("text", "md", "json"):
        raise UsageProblem(_("--format takes text, md or json, not {format!r}").format(format=format_))
    camp = looking(Documents)
    if format_ == "md" and not json_out and RUN.capture is None:
        write_text(camp.recap(adventure=adventure, since=since, last=last, format="md"))
        return
    data = camp.recap(adventure=adventure, since=since, last=last)
    genders = {c["name"]: c["gender"] for c in camp.character_list()}
    with paged(not no_pager and not json_out and format_ == "text"):
        emit(data, lambda: [Line(t) for t in lines(data, genders)], json_out=json_out or format_ == "json")
