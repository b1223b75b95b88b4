"""The root command: global options, the error boundary, and the sub-apps."""

from __future__ import annotations

import os
import sys
from typing import Annotated, Any

import typer
from typer import _click as click
from typer.core import TyperGroup

from campaign_cli import __version__
from campaign_cli.cli import output
from campaign_cli.cli.common import CTX, help_text
from campaign_cli.cli.lazy import LazyGroup, build
from campaign_cli.errors import CampaignError, ExitStatus, UsageProblem


class CampaignGroup(LazyGroup):
    """The root group. Runs every command inside one error boundary: domain errors become exit codes,
    usage errors exit 2 (as JSON when --json is among the arguments), and no
    traceback ever reaches the user."""

    # noun -> module in campaign_cli.cli with a Typer `app`, imported on first use
    lazy_nouns = {
        "init": "campaign:init_app",
        "status": "campaign:status_app",
        "log": "campaign:log_app",
        "undo": "campaign:undo_app",
        "demo": "demo:demo_app",
        "character": "characters",
        "xp": "xp",
        "karma": "karma",
        "wish": "karma:wish_app",
        "curse": "curses",
        "adventure": "flow:adventure_app",
        "town": "flow:town_app",
        "keyword": "flow:keyword_app",
        "fight": "flow:fight_app",
        "item": "items",
        "gold": "items:gold_app",
        "darkstone": "items:darkstone_app",
        "forge": "items:forge_app",
        "enemy": "enemies",
        "damage": "wounds:damage_app",
        "heal": "wounds:heal_app",
        "rest": "wounds:rest_app",
        "catalog": "catalog",
        "batch": "batch:batch_app",
        "export": "transfer:export_app",
        "import": "transfer:import_app",
        "check": "checks:check_app",
        "contest": "checks:contest_app",
        "initiative": "checks:initiative_app",
        "roll": "checks:roll_app",
        "odds": "checks:odds_app",
    }

    def main(self, args: Any = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        args = list(sys.argv[1:] if args is None else args)
        code = run(self, args, prog_name or "campaign", complete_var, **extra)
        if standalone_mode:
            sys.exit(code)
        return code


def execute(command: click.Command, args: list[str], prog_name: str = "campaign",
            complete_var: str | None = None, **extra: Any) -> int:
    """Run one command line in this process. Returns its exit code; domain and usage
    errors are raised as CampaignError (usage errors as UsageProblem)."""
    try:
        rv = TyperGroup.main(command, args=args, prog_name=prog_name, complete_var=complete_var,
                             standalone_mode=False, **extra)
    except click.exceptions.UsageError as err:
        hint = f" (see `{err.ctx.command_path} --help`)" if err.ctx is not None else ""
        raise UsageProblem(err.format_message() + hint) from None
    except click.exceptions.ClickException as err:
        raise CampaignError(err.format_message()) from None
    except typer.Abort:
        raise CampaignError("aborted", "aborted") from None
    return rv if isinstance(rv, int) and not isinstance(rv, bool) else 0


def run(command: click.Command, args: list[str], prog_name: str = "campaign",
        complete_var: str | None = None, **extra: Any) -> int:
    """Run one command line as the user typed it: errors reported, an exit code returned."""
    words = args[: args.index("--")] if "--" in args else args
    output.STATE.json_errors = "--json" in words or "--jsonl" in words
    CTX.words = journal_words(args)
    CTX.campaign = ""
    try:
        return execute(command, args, prog_name, complete_var, **extra)
    except CampaignError as err:
        return output.fail(err)
    except BrokenPipeError:
        sys.stdout = open(os.devnull, "w")  # a closed pipe (| head) is not an error
        return int(ExitStatus.OK)
    except Exception as exc:  # the last line of defence: a bug, reported in one line
        if os.environ.get("CAMPAIGN_DEBUG"):
            raise
        return output.fail(CampaignError(f"internal error: {type(exc).__name__}: {exc} "
                                         "(set CAMPAIGN_DEBUG=1 for a traceback)", "internal"))


def journal_words(args: list[str]) -> list[str]:
    """The command's words for the journal, without the leading global --campaign PATH."""
    i = 0
    while i < len(args):
        if args[i] in ("-c", "--campaign"):
            i += 2
        elif args[i].startswith("--campaign=") or (args[i].startswith("-c") and len(args[i]) > 2):
            i += 1
        else:
            break
    return list(args[i:])


def _version(value: bool) -> None:
    if value:
        if output.STATE.json_errors:
            output.write_json({"version": __version__})
        else:
            sys.stdout.write(f"campaign {__version__}\n")
        raise typer.Exit()


app = typer.Typer(
    cls=CampaignGroup,
    name="campaign",
    help=help_text(
        "Keep a tabletop campaign in one file and change it from the shell.",
        "campaign init --name 'Gold Road'",
        "campaign character create Ajax --st 12 --dx 11 --iq 9 --skill Swimming",
        "campaign character show Ajax --json | jq .xp",
    ),
    no_args_is_help=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    add_completion=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.callback()
def root(
    campaign: Annotated[
        str | None,
        typer.Option("--campaign", "-c", envvar="CAMPAIGN_FILE", metavar="PATH",
                     help="Campaign file (default: campaign.json here)."),
    ] = None,
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    CTX.campaign = campaign or ""


def get_command() -> click.Command:
    return build(app)


def main() -> None:
    get_command().main(prog_name="campaign")
