"""Campaign-wide commands: init, status, log, undo."""

from typing import Annotated

import typer

from campaign_cli.cli import answers
from campaign_cli.cli.common import (
    JsonlOpt,
    JsonOpt,
    NoPagerOpt,
    complete,
    fast,
    help_text,
    looking,
)
from campaign_cli.cli.door import campaign_path
from campaign_cli.cli.lazy import command_app
from campaign_cli.cli.output import Line, emit
from campaign_cli.cli.views import campaign_fields
from campaign_cli.i18n import _
from campaign_cli.library.course import Course


def init(
    name: Annotated[str | None, typer.Option("--name", metavar="NAME", help="The campaign's name.")] = None,
    json_out: JsonOpt = False,
) -> None:
    from campaign_cli import api

    data = api.init(campaign_path(), name)
    emit(data, [Line(_('created {file}').format(file=data['file'])), campaign_fields(data)], json_out=json_out)


@fast
def status(json_out: JsonOpt = False) -> None:
    data = looking(Course).status()
    emit(data, lambda: campaign_fields(data), json_out=json_out)


@fast
def log(
    limit: Annotated[int | None, typer.Option("--limit", metavar="N", min=0, help="Only the newest N entries.")] = None,
    character: Annotated[
        str | None,
        typer.Option(
            "--character", metavar="NAME", help="Only entries about this character.", autocompletion=complete.characters
        ),
    ] = None,
    after: Annotated[
        int | None,
        typer.Option("--after", metavar="SEQ", min=0, help="Only the entries after entry SEQ (from `log`)."),
    ] = None,
    follow: Annotated[
        bool,
        typer.Option("--follow", "-f", help="Then each new entry as it is committed, by any process, until Ctrl-C."),
    ] = False,
    no_pager: NoPagerOpt = False,
    json_out: JsonOpt = False,
    jsonl: JsonlOpt = False,
) -> None:
    answers.log(limit, character, after, follow, no_pager=no_pager, json_out=json_out, jsonl=jsonl)


@fast
def undo(
    to: Annotated[
        int | None,
        typer.Option("--to", min=1, metavar="SEQ", help="Walk back until change SEQ (from `log`) is undone."),
    ] = None,
    json_out: JsonOpt = False,
) -> None:
    answers.undo(to, json_out=json_out)


@fast
def redo(json_out: JsonOpt = False) -> None:
    answers.redo(json_out=json_out)


init_app, status_app, log_app, undo_app, redo_app = (command_app() for _ in range(5))
init_app.command(
    "init",
    help=help_text(
        "Create the campaign file (refused if it exists).",
        "campaign init --name 'Gold Road'",
        "campaign -c war.json init",
    ),
)(init)
status_app.command(
    "status",
    help=help_text(
        "Show the campaign: phase, location, keywords, characters.",
        "campaign status",
        "campaign status --json | jq .phase",
    ),
)(status)
log_app.command(
    "log",
    help=help_text(
        "Show the journal, newest last: what each entry did, a row per event; --follow goes on with each new "
        "entry as it is committed, by any process, until Ctrl-C.",
        "campaign log --limit 10",
        "campaign log --character Ajax --jsonl",
        "campaign log --after 12",
        "campaign log -f --jsonl | jq -r '.summary'",
    ),
)(log)
undo_app.command(
    "undo",
    help=help_text(
        "Revert the last change as a whole; repeat to walk further back, or --to SEQ to walk back until change "
        "SEQ (from `log`) is undone, as one entry.",
        "campaign undo",
        "campaign undo --to 12",
    ),
)(undo)
redo_app.command(
    "redo",
    help=help_text(
        "Put back what the last undo (or undo --to) took back, while nothing else changed since; repeat after "
        "several undos.",
        "campaign redo",
    ),
)(redo)
