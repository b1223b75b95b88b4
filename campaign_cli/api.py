"""The Python API (CLI.md "Python API"): every command, from Python, in one transaction.

    import campaign_cli

    with campaign_cli.open("campaign.json") as camp:
        camp.character_create("Ajax", st=12, dx=11, iq=9, skill=["Swimming", "Sword=2"])
        camp.xp_award(2, party=True, reason="crypt")
        result = camp.check("Ajax", "3/DX", dice=[1, 3, 6])

A method is named by its command path (`character_create` is `campaign character
create`; a Python keyword takes a trailing underscore: `import_`); positional arguments
are the command's arguments, keyword arguments its options by name (a list repeats an
option that repeats, and joins with commas one that takes a list: `dice=[1, 3, 6]`;
`True` gives a flag). Each returns what the command prints with `--json`, as plain data.

Leaving the block commits every change as one journal entry (`undo` takes it back, `log`
shows it); an exception leaves the file as it was. A block is all or nothing, as a batch
is: once an act has failed, even if the exception was caught, the block saves nothing. Refusals raise `Refused`, usage
problems `UsageProblem`, file problems `FileProblem`, each with `.code`, `.message` and
`.exit_status` (1, 2, 3), as the command's JSON error has.

The commands run as `campaign batch` runs its lines: the same parsing, the same procedures,
the same judge on what is written. Nothing here is imported by the command line.
"""

from __future__ import annotations

import keyword
import os
from _thread import _local  # threading.local, without importing threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from campaign_cli import jsontext
from campaign_cli.errors import CampaignError, ExitStatus, FileProblem, Refused, UsageProblem

WORDS = ["python"]  # what the journal shows as the command of an API block


def _typed(err: CampaignError) -> CampaignError:
    """ERR as the class its exit status names: every refusal (not found, name taken...) is a Refused."""
    kinds = {ExitStatus.REFUSED: Refused, ExitStatus.USAGE: UsageProblem, ExitStatus.FILE: FileProblem}
    kind = kinds.get(err.status, Refused)
    if type(err) is kind:
        return err
    typed = kind(err._message, err.code)  # the Say itself: its facts, said when read
    typed.extra, typed.path = dict(err.extra), err.path
    return typed


class Campaign:
    """An open campaign: each command of the CLI as a method (see the module's help)."""

    def __init__(self, lines: Any, root: Any, writable: bool) -> None:
        self._lines, self._root, self._writable = lines, root, writable
        self._failed: CampaignError | None = None  # an act that failed: this block saves nothing

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        command, path = _command(self._root, name)

        def act(*args: Any, **options: Any) -> Any:
            return self._act(command, path, args, options)

        act.__name__, act.__doc__ = name, command.help
        return act

    def run(self, *words: str) -> Any:
        """One command line as its words, as a `campaign batch` line runs it:
        `camp.run("check", "Ajax", "3/DX", "--dice", "1,2,3")`; returns what the method would."""
        root, path, rest = self._root, list[str](), list(words)
        while rest and hasattr(root, "list_commands"):
            from typer import _click as click

            sub = root.get_command(click.core.Context(root), rest[0])
            if sub is None:
                raise UsageProblem(f"no command {' '.join([*path, rest[0]])!r}", "usage")
            root, path = sub, [*path, rest.pop(0)]
        if not path or hasattr(root, "list_commands"):
            raise UsageProblem(f"{' '.join(words)!r} names no command", "usage")
        return self._act(root, path, (), {}, rest)

    def __dir__(self) -> list[str]:
        return sorted({*super().__dir__(), *(n for n, _c in _commands(self._root))})

    def _act(self, command: Any, path: list[str], args: tuple, options: dict, words: list[str] | None = None) -> Any:
        from campaign_cli.cli.batch import NOT_IN_BATCH, LineFailed

        if self._failed is not None:
            raise UsageProblem(
                f"an earlier act in this block failed ({self._failed.message}): nothing will be saved; "
                "leave the block and open the campaign again",
                "act_failed",
            )
        if path[0] in NOT_IN_BATCH:
            raise UsageProblem(f"{' '.join(path)} cannot run inside campaign_cli.open()", "not_in_api")
        words = [*path, *(_words(command, args, options) if words is None else words)]
        try:
            result = self._lines.run(self._lines.count + 1, words)
        except LineFailed as failed:
            if self._writable:  # its changes may be half made: the block commits nothing
                self._failed = failed.error
            raise _typed(failed.error) from None
        if isinstance(result, str):  # a command that prints text (an export, a sheet): the text
            return result
        return jsontext.copied(result)  # plain data, equal to --json, not the campaign's own


def _commands(group: Any, prefix: tuple[str, ...] = ()) -> Iterator[tuple[str, Any]]:
    """(method name, command) for every command under GROUP."""
    from typer import _click as click

    ctx = click.core.Context(group)
    for name in group.list_commands(ctx):
        sub = group.get_command(ctx, name)
        path = (*prefix, name)
        if hasattr(sub, "list_commands"):
            yield from _commands(sub, path)
        else:
            method = "_".join(p.replace("-", "_") for p in path)
            yield (method + "_" if keyword.iskeyword(method) else method), sub


def _command(root: Any, name: str) -> tuple[Any, list[str]]:
    """The command a method NAME stands for, and its path; AttributeError if none."""
    from typer import _click as click

    parts = name.rstrip("_").split("_")
    group, path = root, []
    while parts:
        ctx = click.core.Context(group)
        for take in range(len(parts), 0, -1):  # the longest word first (`fight_start`, `share_git`)
            word = "-".join(parts[:take])
            sub = group.get_command(ctx, word) or group.get_command(ctx, word.replace("-", "_"))
            if sub is not None:
                path.append(sub.name)
                parts = parts[take:]
                break
        else:
            raise AttributeError(f"no command {name!r} (campaign {' '.join([*path, *parts])})")
        if not hasattr(sub, "list_commands"):
            if parts:
                raise AttributeError(f"no command {name!r}")
            return sub, path
        group = sub
    raise AttributeError(f"{name!r} is a command group, not a command")


def _words(command: Any, args: tuple, options: dict) -> list[str]:
    """The command line for ARGS and OPTIONS, as the command's own parameters read it."""
    out: list[str] = []
    positional = [p for p in command.params if p.param_type_name == "argument"]
    named = {p.name: p for p in command.params if p.param_type_name == "option"}
    values = list(args)
    for param in positional:
        if not values:
            break
        if param.nargs == -1:
            out += [_text(v) for v in values]
            values = []
        else:
            value = values.pop(0)
            out += [_text(v) for v in value] if isinstance(value, (list, tuple)) else [_text(value)]
    if values:
        raise UsageProblem(f"too many arguments for {command.name}: {values!r}", "usage")
    for key, value in options.items():
        param = named.get(key) or named.get(key + "_") or named.get(key.rstrip("_"))
        if param is None or key in ("json_out", "jsonl"):
            raise UsageProblem(f"{command.name} has no option {key!r}", "no_such_option")
        if value is None or (value is False and not param.secondary_opts):
            continue
        flag = param.opts[0]
        if param.is_flag:
            out.append(flag if value else param.secondary_opts[0])
        elif param.multiple:
            for v in value if isinstance(value, (list, tuple)) else [value]:
                out += [flag, _text(v)]
        else:
            out += [flag, ",".join(map(_text, value)) if isinstance(value, (list, tuple)) else _text(value)]
    return out


def _text(value: Any) -> str:
    return str(value) if not isinstance(value, bool) else ("true" if value else "false")


class _Trees(_local):
    """The command trees of this thread, by language: built once a thread (a command is put
    into words for good when Russian first asks for it, i18n.translate_command), so a block
    and each act in it find the commands and their parsers made (2.6 ms a block and act
    before, 0.5 ms after). One per thread, never shared: Typer's wrapper of a command keeps
    the arguments of a call in one dict per command, which two threads would overwrite."""

    def __init__(self) -> None:
        self.by_language: dict[str, Any] = {}


_TREES = _Trees()


@contextmanager
def _session(path: str | os.PathLike, camp: Any, writable: bool) -> Iterator[Campaign]:
    from campaign_cli.cli.app import get_command
    from campaign_cli.cli.batch import Lines
    from campaign_cli.run import RUN, fresh

    if RUN.batch is not None:
        raise UsageProblem("a campaign is already open in this thread", "already_open")
    from campaign_cli import i18n

    with fresh():  # the block's own run: another thread's block, or the caller's, is not touched
        i18n.use(i18n.requested([]))  # messages in the language CAMPAIGN_LANG or the locale asks for
        root = _TREES.by_language.get(i18n.language())
        if root is None:
            root = _TREES.by_language[i18n.language()] = get_command()
        lines = Lines(root, camp)
        if writable:
            camp.spool_rolls()  # memory flat in the number of acts
        RUN.batch, RUN.writable, RUN.words, RUN.staged = camp, writable, list(WORDS), []
        api = Campaign(lines, root, writable)
        yield api
        if api._failed is not None:  # a failure was caught inside the block: all or nothing, as a batch
            raise UsageProblem(f"an act in this block failed ({api._failed.message}): nothing was saved", "act_failed")
        if writable:
            lines.seal("python: {n} command", "python: {n} commands")


def _staged() -> list:
    from campaign_cli.run import RUN

    assert RUN.staged is not None  # set by _session
    return RUN.staged


def _published(staged: list) -> None:
    """The files the block's acts wrote (--output), once it has committed."""
    from campaign_cli.cli.common import publish

    publish(staged)


@contextmanager
def open(path: str | os.PathLike, *, create: bool = False) -> Iterator[Campaign]:  # CLI.md names it so
    """One transaction on the campaign at PATH, holding its lock like a command; every
    change is committed as one journal entry when the block ends, none if it raises.
    A missing file is a FileProblem, unless CREATE (a new campaign named after the file)."""
    from campaign_cli import store

    try:
        if create and not store.resolve_path(path).exists():
            store.create(path, Path(path).stem or "Campaign", list(WORDS))
        with store.transaction(path, list(WORDS)) as camp, _session(path, camp, True) as api:
            staged = _staged()
            yield api
        _published(staged)  # committed: the files its acts wrote (--output)
    except CampaignError as err:
        raise _typed(err) from None


@contextmanager
def read(path: str | os.PathLike) -> Iterator[Campaign]:
    """The campaign at PATH for reading, without the lock: an act that would change it
    raises UsageProblem, and nothing is ever written."""
    from campaign_cli import store

    try:
        with _session(path, store.open_read(path), False) as api:
            staged = _staged()
            yield api
        _published(staged)
    except CampaignError as err:
        raise _typed(err) from None
