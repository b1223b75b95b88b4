"""Lazy command groups: a command's function becomes a Click command only when it is
invoked (or listed for help), and a noun's module is imported only when its noun is.

Typer converts every registered function (signature inspection, type hints) when
it builds a group; with dozens of commands that is most of our start-up beyond
importing Typer itself. Scripts call `campaign` in loops, so each run pays only
for the one command it runs.
"""

import importlib
from difflib import get_close_matches
from typing import Any

import typer

from campaign_cli.cli import framework
from campaign_cli.cli.framework import TyperCommand, TyperGroup, click
from campaign_cli.errors import N_, Joined, Quoted
from campaign_cli.i18n import _
from campaign_cli.run import RUN


def summary(cmd: Any) -> str:
    """A command's summary in a list: the whole first sentence of its help (CLI.md), never
    cut with an ellipsis at a fixed width; the list wraps it to the terminal."""
    import re

    text = cmd.short_help or cmd.help or ""
    first = " ".join(text.split("\n\n")[0].replace("\b", "").split())
    return re.split(r"(?<=[.!?])\s+(?=[A-ZА-ЯЁ])", first, maxsplit=1)[0]


def _show_help(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        click.echo(ctx.get_help(), color=ctx.color)
        ctx.exit()


def help_option(command: click.Command, ctx: click.Context) -> Any:
    """COMMAND's `-h/--help`, as Click's own help option is (an eager flag that prints the
    help and exits), made here once per command: Click makes it with its decorators
    module, which every command line would then import for this one option (0.5 M
    instructions). One object per command: Click orders eager options by identity."""
    if not command.add_help_option:  # a batch line's command (line_command)
        return None
    names = command.get_help_option_names(ctx)
    if not names:
        return None
    made = command.__dict__.get("help_made")
    if made is None:
        made = command.__dict__["help_made"] = framework.option(
            *names,
            flag=True,
            expose_value=False,
            is_eager=True,
            help="Show this message and exit.",
            callback=_show_help,
            required=False,
        )
    return made


class Command(TyperCommand):
    """A command of ours: Click's with the help option made by `help_option`."""

    get_help_option = help_option


def ours(info: Any) -> None:
    """A command Typer would make as its own TyperCommand made as ours (`Command`)."""
    if info.cls in (None, TyperCommand):
        info.cls = Command


class LazyGroup(TyperGroup):
    get_help_option = help_option

    lazy_commands: dict[str, Any] | None = None  # name -> Typer CommandInfo, converted on first use
    # name -> "module[:attr]" in campaign_cli.cli; attr (default `app`) is a Typer: a noun, or
    # a command of this noun kept in a module of its own (noun_app's ELSEWHERE)
    lazy_nouns: dict[str, str] = {}

    order: tuple[str, ...] = ()  # the commands in this order first (help, man pages), then the rest

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """The commands with their whole summaries (CLI.md: not cut at a fixed width)."""
        rows = []
        for name in self.list_commands(ctx):
            cmd = self.get_command(ctx, name)
            if cmd is not None and not cmd.hidden:
                rows.append((name, summary(cmd)))
        if rows:
            with formatter.section(_("Commands")):
                formatter.write_dl(rows)

    def list_commands(self, ctx: Any) -> list[str]:
        names = list(dict.fromkeys([*(self.lazy_commands or {}), *super().list_commands(ctx), *self.lazy_nouns]))
        rank = {name: i for i, name in enumerate(self.order)}
        return sorted(names, key=lambda name: rank.get(name, len(rank)))

    def get_command(self, ctx: Any, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands:
            info = (self.lazy_commands or {}).get(cmd_name)
            if info is not None:
                ours(info)
                self.commands[cmd_name] = framework.command_from_info(info)
            elif cmd_name in self.lazy_nouns:
                module_name, _, attr = self.lazy_nouns[cmd_name].partition(":")
                module = importlib.import_module(f"campaign_cli.cli.{module_name}")
                noun = getattr(module, attr or "app")
                for info in noun.registered_commands:
                    ours(info)
                # a noun app with a callback is a group; a lone command stays a command
                sub = build(noun) if noun.registered_callback else framework.get_command(noun)
                sub.name = cmd_name
                self.commands[cmd_name] = sub
            if cmd_name in self.commands:
                guard_sizes(self.commands[cmd_name])
                plain_usage(self.commands[cmd_name])
        if cmd_name in self.commands and RUN.catalog is not None:  # Russian: its help and placeholders too
            from campaign_cli.cli.speech import translate_command

            translate_command(self.commands[cmd_name])
        return super().get_command(ctx, cmd_name)

    def resolve_command(self, ctx: click.Context, args: list[str]) -> Any:
        # Typer suggests only among commands already loaded; suggest among all of them.
        try:
            return framework.resolve_unsuggested(self, ctx, args)
        except click.exceptions.UsageError as err:
            if args and err.message.startswith(_("No such command {name!r}.").partition("{")[0]):
                matches = get_close_matches(args[0], self.list_commands(ctx))
                if matches:
                    err.message = _("{message}. Did you mean {names}?").format(
                        message=err.message.rstrip("."), names=Joined(N_(" or "), [Quoted(m) for m in matches])
                    )  # the alternatives as every list of them: `'list' or 'set'`, «list», «set» или …
            raise


def guard_sizes(command: click.Command) -> None:
    """Arguments over the size bound exit 2 before the command runs (so before any lock)."""
    callback = command.callback
    if isinstance(command, TyperGroup) or callback is None or getattr(callback, "sized", False):
        return
    from campaign_cli.cli.common import check_sizes

    labels = {p.name or "": framework.label(p) for p in command.params}

    def sized(*args: Any, **params: Any) -> Any:
        check_sizes(params, labels)
        if RUN.begin is not None:  # the command's own work begins (entry.py's collector)
            RUN.begin()
        return callback(*args, **params)

    sized.sized = True  # type: ignore[attr-defined]
    sized.__wrapped__ = callback  # type: ignore[attr-defined]  # the command's own code (tools/commandtable.py reads it)
    command.callback = sized


def plain_usage(command: click.Command) -> None:
    """Usage lines in Click's convention (`campaign fight attack [OPTIONS] ATTACKER TARGET`):
    Typer puts a required argument in braces, which mean "one of" to a reader of usage lines."""
    for param in getattr(command, "params", ()):
        framework.plain_usage(param)


def line_command(command: click.Command) -> click.Command:
    """COMMAND as the lines of one batch run it: a copy (the command itself still answers
    `--help` elsewhere in this process) without a help option, since a line cannot ask
    for help (cli/batch.py refuses it) and parsing the option cost every line a twentieth
    of its work; and its option parser made on the first line and kept: Click makes one
    for every invocation, a tenth of a line's time. A parser holds its options, and the
    context only for the line being parsed. (Not for a single command: keeping costs a
    run that parses once.)"""
    import copy

    line = copy.copy(command)
    line.add_help_option = False
    made = line.make_parser
    kept: list[Any] = []

    def make_parser(ctx: click.Context) -> Any:
        if not kept:
            kept.append(made(ctx))
            return kept[0]
        parser = kept[0]
        parser.ctx = ctx
        parser.allow_interspersed_args = ctx.allow_interspersed_args
        parser.ignore_unknown_options = ctx.ignore_unknown_options
        return parser

    line.make_parser = make_parser  # type: ignore[method-assign]
    return line


def build(app: typer.Typer) -> LazyGroup:
    """APP's group (a noun's, or the root's), made here from its settings: a group of ours
    has no parameter for Typer to convert (the root's options are Click's own) and a
    callback that does nothing, so Typer's conversion of it (signature, type hints, on every
    command line for the root and the noun: benchmarks/startup.py) is skipped. Its commands
    convert on demand."""
    setting = framework.default_setting
    info = app.info
    cls = setting(info.cls)
    assert isinstance(cls, type) and issubclass(cls, LazyGroup), "noun apps need cls=LazyGroup and a callback"
    group = cls(
        name=setting(info.name) or "",
        commands={},
        help=setting(info.help),
        no_args_is_help=bool(setting(info.no_args_is_help)),
        context_settings=setting(info.context_settings),
        rich_markup_mode=None,
    )
    elsewhere = getattr(app, "elsewhere", None)
    if elsewhere:
        group.lazy_nouns = elsewhere
    group.order = getattr(app, "order", ())
    group.lazy_commands = {
        command.name or framework.command_name(getattr(command.callback, "__name__", "")): command
        for command in app.registered_commands
    }
    return group


def command_app() -> typer.Typer:
    """A Typer app holding one top-level command, loaded lazily (`campaign check ...`)."""
    return typer.Typer(rich_markup_mode=None, add_completion=False)


def noun_app(help: str, elsewhere: dict[str, str] | None = None, order: tuple[str, ...] = ()) -> typer.Typer:
    """A Typer app for one noun (`character`, `catalog` ...), built lazily. ELSEWHERE: its
    commands kept in other modules, as LazyGroup.lazy_nouns names them, loaded only when
    run (or listed for help), so the noun's module stays small to import. ORDER: how its
    help lists the commands (else as registered, then those elsewhere)."""
    app = typer.Typer(cls=LazyGroup, help=help, no_args_is_help=True, rich_markup_mode=None, add_completion=False)
    app.elsewhere, app.order = elsewhere or {}, order  # type: ignore[attr-defined]

    @app.callback()
    def _group() -> None:
        pass

    _group.__doc__ = help
    return app
