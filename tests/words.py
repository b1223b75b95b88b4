"""Command lines run inside a library block, as `campaign batch` runs its lines: the
command line parses the words and calls the block's method. For tests that drive every
act by its words (the guard table, the CLI-equals-library properties): a script calls
the methods themselves."""

from __future__ import annotations

import keyword
from _thread import _local  # threading.local, without importing threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from campaign_cli import jsontext
from campaign_cli.errors import UsageProblem

if TYPE_CHECKING:
    from campaign_cli.api import Campaign

NOT_IN_BLOCK = {"batch", "init", "import", "export", "undo", "redo", "demo", "resolve", "merge", "share"}


class _Trees(_local):
    """This thread's command trees, by language: never shared between threads, since
    Typer's wrapper of a command keeps a call's arguments in one dict per command."""

    def __init__(self) -> None:
        self.by_language: dict[str, Any] = {}
        self.lines: dict[int, Any] = {}


_TREES = _Trees()


def _root() -> Any:
    from campaign_cli import i18n
    from campaign_cli.cli.app import get_command

    root = _TREES.by_language.get(i18n.language())
    if root is None:
        root = _TREES.by_language[i18n.language()] = get_command()
    return root


def leaves() -> Iterator[tuple[str, Any]]:
    """(command path, Click command) of every command that runs (not a group), in the
    order the help lists them."""
    from campaign_cli.cli.app import get_command
    from campaign_cli.cli.framework import context

    def walk(group: Any, prefix: tuple[str, ...] = ()) -> Iterator[tuple[str, Any]]:
        ctx = context(group)
        for name in group.list_commands(ctx):
            sub = group.get_command(ctx, name)
            if hasattr(sub, "list_commands"):
                yield from walk(sub, (*prefix, name))
            else:
                yield " ".join((*prefix, name)), sub

    yield from walk(get_command())


def _lines(camp: Campaign) -> Any:
    from campaign_cli.cli.batch import Lines

    lines = _TREES.lines.get(id(camp))
    if lines is None or lines.block is not camp._block:
        lines = _TREES.lines[id(camp)] = Lines(_root(), camp._camp, camp._block)
    return lines


def method(camp: Campaign, name: str) -> Any:
    """The command a method NAME stands for, as a callable taking the method's arguments."""
    command, path = _command(_root(), name)

    def act(*args: Any, **options: Any) -> Any:
        return _run(camp, command, path, _words(command, args, options))

    act.__name__ = name
    act.__doc__ = command.help
    return act


def run(camp: Campaign, *given: str) -> Any:
    """One command line as its words (`run(camp, "check", "Ajax", "3/DX")`), in CAMP's block."""
    return words(camp, list(given))


def words(camp: Campaign, given: list[str]) -> Any:
    from campaign_cli.cli.framework import context

    root, path, rest = _root(), list[str](), list(given)
    while rest and hasattr(root, "list_commands"):
        sub = root.get_command(context(root), rest[0])
        if sub is None:
            raise UsageProblem(f"no command {' '.join([*path, rest[0]])!r}", "usage")
        root, path = sub, [*path, rest.pop(0)]
    if not path or hasattr(root, "list_commands"):
        raise UsageProblem(f"{' '.join(given)!r} names no command", "usage")
    return _run(camp, root, path, rest)


def names() -> list[str]:
    """The method names of every command, those not yet methods of their own included."""
    return [name for name, _command in commands(_root())]


def _run(camp: Campaign, command: Any, path: list[str], rest: list[str]) -> Any:
    from campaign_cli.api import typed
    from campaign_cli.cli.batch import LineFailed

    camp._ready()
    if path[0] in NOT_IN_BLOCK:
        raise UsageProblem(f"{' '.join(path)} cannot run inside campaign_cli.open()", "not_in_api")
    lines = _lines(camp)
    try:
        result = lines.run(lines.count + 1, [*path, *rest])
    except LineFailed as failed:
        if camp._writable and camp._attempts == 0:  # its changes may be half made: the block commits nothing
            camp._failed = failed.error
        raise typed(failed.error) from None
    if isinstance(result, str):  # a command that prints text (an export, a sheet): the text
        return result
    return jsontext.copied(result)  # plain data, equal to --json, not the campaign's own


def _command(root: Any, name: str) -> tuple[Any, list[str]]:
    """The command a method NAME stands for, and its path; AttributeError if none."""
    from campaign_cli.cli.framework import context

    parts = name.rstrip("_").split("_")
    group, path = root, []
    while parts:
        ctx = context(group)
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


def commands(group: Any, prefix: tuple[str, ...] = ()) -> Iterator[tuple[str, Any]]:
    """(method name, command) for every command under GROUP."""
    from campaign_cli.cli.framework import context

    ctx = context(group)
    for name in group.list_commands(ctx):
        sub = group.get_command(ctx, name)
        path = (*prefix, name)
        if hasattr(sub, "list_commands"):
            yield from commands(sub, path)
        else:
            method = "_".join(p.replace("-", "_") for p in path)
            yield (method + "_" if keyword.iskeyword(method) else method), sub


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


# The command line's own options: how it prints, not what the act does (the library returns data;
# `log --follow` is the library's `campaign_cli.follow`, a generator, not a method's keyword).
PRINTING = {"json_out", "jsonl", "format_", "follow", "no_pager"}


def call(camp: Campaign, *given: str) -> Any:
    """One command line's act called as the library's own method, not through the command
    line: the words parsed as the command line parses them (its usage errors are its own),
    the arguments passed positionally and each option the line gave as its keyword
    (`--for` as `for_=`, a repeated option as a list), as a script would call it."""
    from campaign_cli.cli.framework import ParameterSource, context

    root, path, rest = _root(), list[str](), list(given)
    while rest and hasattr(root, "list_commands"):
        root = root.get_command(context(root), rest[0])
        path.append(rest.pop(0))
    ctx = root.make_context(path[-1], rest)
    args: list[Any] = []
    keywords: dict[str, Any] = {}
    for param in root.params:
        value = ctx.params.get(param.name)
        if param.param_type_name == "argument":
            args.extend(value or ()) if param.nargs == -1 else args.append(value)
        elif param.name not in PRINTING and ctx.get_parameter_source(param.name) is ParameterSource.COMMANDLINE:
            name = param.opts[0].lstrip("-").replace("-", "_") + ("_" if param.opts[0] == "--for" else "")
            keywords[name] = list(value) if isinstance(value, tuple) else value
    while args and args[-1] is None:  # an optional argument not given
        args.pop()
    return getattr(camp, "_".join(path).replace("-", "_"))(*args, **keywords)
