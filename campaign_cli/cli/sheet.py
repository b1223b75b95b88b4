"""`campaign character sheet`: the whole character on one page, as Markdown or as one
self-contained printable HTML file (no network: styles inline, user text escaped)."""

from typing import Annotated, Any

import typer

from campaign_cli.cli.common import JsonOpt, complete, help_text, looking
from campaign_cli.cli.lazy import command_app
from campaign_cli.cli.output import emit, write_text
from campaign_cli.errors import UsageProblem
from campaign_cli.i18n import _
from campaign_cli.library.documents import Documents
from campaign_cli.run import RUN

sheet_app = command_app()


@sheet_app.command(
    "sheet",
    help=help_text(
        "The whole character on one page: Markdown to paste, or one self-contained HTML file to print; "
        "several names or --all: the party, one printed page per character (A4 or Letter).",
        "campaign character sheet Ajax > ajax.md",
        "campaign character sheet Ajax --format html > ajax.html",
        "campaign character sheet --all --format html > party.html",
    ),
)
def sheet(
    names: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[NAME]...", help="The characters (name or id), in this order.", autocompletion=complete.characters
        ),
    ] = None,
    all_: Annotated[bool, typer.Option("--all", help="Every character, as created.")] = False,
    format_: Annotated[
        str, typer.Option("--format", metavar="md|html|json", help="md (default), html, or json (as --json).")
    ] = "md",
    json_out: JsonOpt = False,
) -> None:
    if format_ not in ("md", "html", "json"):
        raise UsageProblem(_("--format takes md, html or json, not {format!r}").format(format=format_))
    json_out = json_out or format_ == "json" or RUN.capture is not None  # --json, or a line of a batch
    camp = looking(Documents)
    if json_out:
        lib: Any = camp  # one name or several: the library's overloads type each
        emit(lib.character_sheet(*(names or []), all=all_, format="json"), json_out=True)
        return
    write_text(camp.character_sheet(*(names or []), all=all_, format="html" if format_ == "html" else "md"))
