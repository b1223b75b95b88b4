"""The root command: global options, the error boundary, and the sub-apps."""

import os
import sys
from typing import Any

import typer

from campaign_cli import __version__, i18n
from campaign_cli.cli import output
from campaign_cli.cli.common import MAX_AMOUNT, help_text
from campaign_cli.cli.door import answered, journal_words, json_wanted
from campaign_cli.cli.framework import TyperGroup, click
from campaign_cli.cli.lazy import LazyGroup, build, summary
from campaign_cli.errors import COMMIT, CampaignError, UsageProblem
from campaign_cli.i18n import N_, _, number
from campaign_cli.run import RUN


class CampaignGroup(LazyGroup):
    """The root group. Runs every command inside one error boundary: domain errors become exit codes,
    usage errors exit 2 (as JSON when --json is among the arguments), and no
    traceback ever reaches the user."""

    def __init__(self, *args: Any, **settings: Any) -> None:
        super().__init__(*args, **settings)
        self.params = [*root_options(), *self.params]
        self.callback = _root  # the root's options are Click's own (root_options): no Typer wrapper

    # noun -> module in campaign_cli.cli with a Typer `app`, imported on first use
    lazy_nouns = {
        "init": "campaign:init_app",
        "status": "campaign:status_app",
        "log": "campaign:log_app",
        "undo": "campaign:undo_app",
        "redo": "campaign:redo_app",
        "demo": "demo:demo_app",
        "character": "characters",
        "xp": "xp",
        "karma": "karma",
        "wish": "karma:wish_app",
        "curse": "curses",
        "adventure": "course:adventure_app",
        "town": "course:town_app",
        "keyword": "course:keyword_app",
        "fight": "fights",
        "item": "items",
        "gold": "items:gold_app",
        "darkstone": "items:darkstone_app",
        "forge": "items:forge_app",
        "shop": "shop",
        "enemy": "enemies",
        "damage": "wounds:damage_app",
        "heal": "wounds:heal_app",
        "rest": "wounds:rest_app",
        "catalog": "catalog",
        "batch": "batch:batch_app",
        "export": "transfer:export_app",
        "import": "transfer:import_app",
        "check": "rolls:check_app",
        "contest": "rolls:contest_app",
        "initiative": "rolls:initiative_app",
        "roll": "rolls:roll_app",
        "odds": "rolls:odds_app",
        "cast": "rolls:cast_app",
        "skill": "skills",
        "recap": "recap:recap_app",
        "share": "share:share_app",
        "merge": "share:merge_app",
        "conflicts": "share:conflicts_app",
        "resolve": "share:resolve_app",
        "schema": "schema:schema_app",
        "can": "can:can_app",
    }

    # The root help's titled groups (CLI.md "Global behaviour"), in this order.
    help_groups = {
        N_("Campaign"): ("init", "status", "adventure", "town", "keyword", "fight", "log", "undo", "redo", "recap"),
        N_("Characters"): ("character", "can", "xp", "karma", "wish", "curse", "skill", "damage", "heal", "rest"),
        N_("Rolls"): ("check", "contest", "cast", "initiative", "roll", "odds"),
        N_("Gear"): ("item", "shop", "gold", "darkstone", "forge", "catalog"),
        N_("Enemies"): ("enemy",),
        N_("Automation"): ("batch", "export", "import", "share", "merge", "conflicts", "resolve", "schema", "demo"),
    }

    def format_commands(self, ctx: click.Context, formatter: Any) -> None:
        names = self.list_commands(ctx)
        grouped = [n for group in self.help_groups.values() for n in group]
        sections = [*self.help_groups.items(), (N_("Other"), tuple(n for n in names if n not in grouped))]
        for title, group in sections:
            rows = []
            for name in group:
                cmd = self.get_command(ctx, name)
                if cmd is not None and not cmd.hidden:
                    rows.append((name, summary(cmd)))
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)

    def main(  # type: ignore[override]  # returns the exit code (standalone_mode=False)
        self,
        args: Any = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        args = list(sys.argv[1:] if args is None else args)
        before = dict(vars(RUN))  # the language is the command line's own, as is all it sets
        try:
            speak(i18n.requested(args))  # once per command line: `campaign demo` runs its lines in it
            _unknown_language(args)
            code = run(self, args, prog_name or "campaign", complete_var, **extra)
        finally:
            vars(RUN).clear()
            vars(RUN).update(before)
        if standalone_mode:
            sys.exit(code)
        return code


def _unknown_language(args: list[str]) -> None:
    """CLI.md "Language": an unknown CAMPAIGN_LANG means English, said in one warning line
    (not in a JSON run: its stderr is the error object alone); `--lang` itself takes only
    en or ru (run() refuses the rest, exit 2)."""
    value = i18n.unknown_setting()
    if value is None or i18n.root_split(args)[0] is not None:
        return
    if not {"--json", "--jsonl"} & set(args):
        sys.stderr.write(
            _("campaign: warning: CAMPAIGN_LANG={value} is not a language here (en or ru); speaking English").format(
                value=value
            )
            + "\n"
        )


def execute(
    command: Any, args: list[str], prog_name: str = "campaign", complete_var: str | None = None, **extra: Any
) -> int:
    """Run one command line in this process. Returns its exit code; domain and usage
    errors are raised as CampaignError (usage errors as UsageProblem)."""
    try:
        main = TyperGroup.main if isinstance(command, TyperGroup) else type(command).main  # not our root's own
        rv = main(command, args=args, prog_name=prog_name, complete_var=complete_var, standalone_mode=False, **extra)
    except click.exceptions.NoSuchOption as err:
        if err.option_name.lstrip("-").isdigit():  # `karma add A -1`: a number, not an option
            raise UsageProblem(
                _('{option_name} is negative: amounts are whole numbers from 0 to {MAX_AMOUNT}').format(
                    option_name=err.option_name, MAX_AMOUNT=number(MAX_AMOUNT)
                )
            ) from None
        raise UsageProblem(_usage_message(err)) from None
    except click.exceptions.UsageError as err:
        # `campaign`, `campaign item` or `campaign --lang ru` alone: that level's help, as
        # --help prints it (exit 0); a batch line must be a whole command
        alone = isinstance(err, click.exceptions.NoArgsIsHelpError) or err.message == _("Missing command.")
        if not alone or err.ctx is None:
            raise UsageProblem(_usage_message(err)) from None
        if RUN.batch is not None:
            raise UsageProblem(
                _("`{command_path}` needs a command (see `{command_path} --help`)").format(
                    command_path=err.ctx.command_path
                )
            ) from None
        sys.stdout.write(err.ctx.get_help() + "\n")
        return 0
    except click.exceptions.ClickException as err:
        raise CampaignError(err.format_message()) from None
    except typer.Abort:
        raise CampaignError(_("aborted"), "aborted") from None
    except SystemExit:
        # Click answers a closed pipe (`campaign log | head`) with exit 1 and stdout pacified:
        # the pipe's error goes on to the boundary, as on the fast path (cli/door.py
        # `answered`: a read exits 0, a saved change says in one line that it was saved)
        if type(sys.stdout).__name__ == "PacifyFlushWrapper":
            raise BrokenPipeError(32, os.strerror(32)) from None
        raise
    return rv if isinstance(rv, int) and not isinstance(rv, bool) else 0


def _usage_message(err: click.exceptions.UsageError) -> str:
    from campaign_cli.cli.speech import click_message

    message = click_message(err.format_message())
    if err.ctx is None:
        return message
    return _("{message} (see `{command} --help`)").format(message=message, command=err.ctx.command_path)


def run(
    command: click.Command, args: list[str], prog_name: str = "campaign", complete_var: str | None = None, **extra: Any
) -> int:
    """Run one command line as the user typed it: errors reported, an exit code returned.
    Nothing the command sets survives it (CLI.md "Reliability guarantees"): the run's state
    is as it was after, in a demo's next step as in a test's next command; only a signal
    kept while it committed (`COMMIT["deferred"]`) is left for the demo to obey."""
    before = dict(vars(RUN))
    try:
        return _run(command, args, prog_name, complete_var, **extra)
    finally:
        vars(RUN).clear()
        vars(RUN).update(before)
        COMMIT["started"] = COMMIT["saved"] = COMMIT["answered"] = False


def _run(command: click.Command, args: list[str], prog_name: str, complete_var: str | None, **extra: Any) -> int:
    args = _help_alias(args)
    RUN.json_errors = json_wanted(args)
    RUN.words = journal_words(args)
    RUN.campaign = ""
    RUN.front = "cli"
    COMMIT["started"], COMMIT["deferred"], COMMIT["saved"] = False, 0, False  # a command of its own (a demo step)
    if RUN.catalog is not None:  # Russian: the root's help and placeholders too
        from campaign_cli.cli.speech import translate_command

        translate_command(command)
    try:
        lang = i18n.root_split(args)[0]
        if lang is not None and lang.lower() not in i18n.LANGUAGES:  # CLI.md "Language": never English in silence
            raise UsageProblem(_("--lang takes en or ru, not {value!r}").format(value=lang), "usage")
        for arg in args:
            try:
                arg.encode("utf-8")
            except UnicodeEncodeError:
                raise UsageProblem(
                    _('an argument is not valid UTF-8 text: {value!r}').format(value=arg.encode('utf-8', 'replace')),
                    "bad_encoding",
                ) from None
        code = execute(command, args, prog_name, complete_var, **extra)
        if sys.stdout is not None:
            sys.stdout.flush()  # here, where an answer that cannot be written is answered, not at the exit
        else:  # standard output closed (`>&-`): nowhere to write
            raise output.AnswerLost(None)
        return code
    except Exception as exc:  # the error boundary: a refusal, a closed pipe, or a bug said in one line
        return answered(exc)


ROOT_VALUED = ("-c", "--campaign", "--lang", "--show-completion", "--install-completion")


def _help_alias(args: list[str]) -> list[str]:
    """`campaign help [COMMAND...]` is `campaign [COMMAND...] --help`, as git, gh and cargo
    users type it (the root's options before it kept)."""
    i = 0
    while i < len(args) and args[i].startswith("-"):
        i += 2 if args[i] in ROOT_VALUED else 1
    if i < len(args) and args[i] == "help":
        return [*args[:i], *args[i + 1 :], "--help"]
    return args


def _completion_shell(shell: str) -> str:
    if shell not in ("bash", "zsh", "fish"):
        raise UsageProblem(_('completion is for bash, zsh or fish, not {shell!r}').format(shell=shell), "bad_value")
    return shell


def _show_completion(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is not None:
        from campaign_cli.cli.framework import completion_script
        from campaign_cli.cli.shells import register

        register()
        sys.stdout.write(completion_script(_completion_shell(value), "campaign", "_CAMPAIGN_COMPLETE") + "\n")
        raise typer.Exit()


def _install_completion(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is not None:
        from campaign_cli.cli.framework import install_completion
        from campaign_cli.cli.shells import register

        register()
        shell, path = install_completion(_completion_shell(value), "campaign", "_CAMPAIGN_COMPLETE")
        sys.stdout.write(
            _("{shell} completion installed in {path}; it works in a new shell").format(shell=shell, path=path) + "\n"
        )
        raise typer.Exit()


def _version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value:
        if RUN.json_errors:
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
    add_completion=False,  # our own --show-completion SHELL / --install-completion SHELL below
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _root(campaign: str | None = None) -> None:
    """The root's callback: the campaign file the command line names (`--campaign`, else
    $CAMPAIGN_FILE), which completers read from the root's params too."""
    RUN.campaign = campaign or ""


def root_options() -> list[click.Parameter]:
    """The root's options, made as Click options here: every command line makes the root,
    and Typer's reading of a callback's signature (inspect, type hints) for these five is a
    cost on every run (benchmarks/startup.py). Typer's own defaults for an option (a default and an
    environment variable shown in help) are kept."""
    from campaign_cli.cli import framework

    def _files(
        ctx: Any, param: Any, incomplete: str
    ) -> list[Any]:  # the campaign file: the shell completes a file name
        from campaign_cli.cli.complete import FILES

        return [framework.completion_item(FILES)]

    def option(*decls: str, expose_value: bool = False, **settings: Any) -> Any:
        return framework.option(*decls, show_default=True, show_envvar=True, expose_value=expose_value, **settings)

    campaign = option(
        "campaign",
        "--campaign",
        "-c",
        envvar="CAMPAIGN_FILE",
        metavar="PATH",
        expose_value=True,
        help="Campaign file (default: campaign.json here).",
    )
    campaign._custom_shell_complete = _files  # Typer's own `autocompletion` keeps only what starts with the word
    return [
        campaign,
        # chosen before the line is parsed (CampaignGroup.main, i18n.requested): here for --help
        option(
            "lang",
            "--lang",
            metavar="ru|en",
            help="Language of help, messages and views: ru or en "
            "(default: CAMPAIGN_LANG, then the locale). JSON is the same in every language.",
        ),
        option(
            "version",
            "--version",
            "-V",
            flag=True,
            default=False,
            callback=_version,
            is_eager=True,
            help="Print the version and exit.",
        ),
        # Completion on the root only, naming its shell (Typer's own flag printed bash's
        # script for `--show-completion zsh`).
        option(
            "show_completion",
            "--show-completion",
            metavar="bash|zsh|fish",
            callback=_show_completion,
            is_eager=True,
            help="Print the shell's completion script.",
        ),
        option(
            "install_completion",
            "--install-completion",
            metavar="bash|zsh|fish",
            callback=_install_completion,
            is_eager=True,
            help="Install completion for the shell.",
        ),
    ]


@app.callback()
def root() -> None:
    """The root's options are made by root_options, its callback is _root: Typer only knows
    the root is a group."""


def speak(lang: str) -> None:
    """Speak LANG: the library's messages (campaign_cli.i18n), and for Russian Click's and
    Typer's own words too (cli/speech.py, loaded only then)."""
    i18n.use(lang)
    if RUN.catalog is not None:
        from campaign_cli.cli.speech import speak_click

        speak_click()
    elif "--help" in sys.argv or "-h" in sys.argv:  # English help: its examples broken between words too
        from campaign_cli.cli.speech import format_help

        format_help()


def get_command() -> click.Command:
    return build(app)


def main() -> None:
    if "_CAMPAIGN_COMPLETE" in os.environ:  # a TAB: register the shell classes (only then)
        from campaign_cli.cli.shells import register

        register()
    get_command().main(prog_name="campaign")
