"""The fast path of a TAB in bash: a name completed without importing Click or Typer.

Every TAB runs the whole program. Completing a name (a character, an item, an enemy on
the board...) needs only the command's shape (which word is which argument, which
options take a value) and the campaign file. That shape is generated from the command
tree into `_tabs.py` (`python -m campaign_cli.tab --write`; a test keeps it fresh), and
this module answers from it as Click's own completion would: the same words split the
same way, the same slot chosen, the same completer called, the same quoting. Anything
else (a command or option name, `--opt=value`, `--`, a choice list, an unknown word)
returns None and the full program answers.
"""

from __future__ import annotations

import os


def split(string: str) -> list[str]:
    """COMP_WORDS as Click splits it: shlex, a missing closing quote forgiven."""
    import shlex

    lex = shlex.shlex(string, posix=True)
    lex.whitespace_split = True
    lex.commenters = ""
    out = []
    try:
        for token in lex:
            out.append(token)
    except ValueError:
        out.append(lex.token)
    return out


def slot(words: list[str], incomplete: str) -> tuple[str, dict, dict] | None:
    """(the completer's name, the command's params, the root's params) for the word being
    completed after WORDS, or None when the full program must answer."""
    from campaign_cli._tabs import COMMANDS, ROOT

    if incomplete.startswith("-") or "--" in words:
        return None
    root: dict = {}
    i = 0
    while i < len(words) and words[i].startswith("-"):  # the root's own options
        takes = ROOT.get(words[i])
        if takes is None:
            return None
        if takes:
            if i + 1 >= len(words):
                return None  # completing the root option's value
            root[takes] = words[i + 1]
        i += 1 + bool(takes)
    path: tuple[str, ...] = ()
    while i < len(words) and (*path, words[i]) in COMMANDS:
        path = (*path, words[i])
        i += 1
    shape = COMMANDS.get(path)
    if shape is None or "args" not in shape:  # not a command, or a group: its commands' names
        return None
    options, arguments = shape["opts"], shape["args"]
    params: dict = {}
    given: list[str] = []
    while i < len(words):
        word = words[i]
        if word.startswith("-") and len(word) > 1:
            if word not in options:
                return None  # `--opt=value`, bundled short options, a typo: Click decides
            name, takes, _completer = options[word]
            if takes and i + 1 < len(words):
                params[name] = words[i + 1]
            i += 1 + bool(takes)
            continue
        given.append(word)
        i += 1
    if words and words[-1] in options and options[words[-1]][1]:
        name, _takes, completer = options[words[-1]]  # the last word is an option with a value to come
        return (completer, params, root) if completer else None
    for name, nargs, completer in arguments:
        if nargs == -1:
            params[name] = tuple(given)
            return (completer, params, root) if completer else None
        if not given:
            return (completer, params, root) if completer else None
        params[name] = given.pop(0)
    return None


def answer(environ) -> str | None:
    """What a TAB in bash prints (Click's format: one candidate a line, quoted for the word
    typed), or None for the full program to answer."""
    try:
        words = split(environ["COMP_WORDS"])
        cword = int(environ["COMP_CWORD"])
    except (KeyError, ValueError):
        return None
    args, incomplete = words[1:cword], words[cword] if cword < len(words) else ""
    found = slot(args, incomplete)
    if found is None:
        return None
    name, params, root = found
    from campaign_cli.cli import complete
    from campaign_cli.i18n import requested

    complete.LANGUAGE, complete.TYPED = requested([], environ), incomplete
    try:
        values = getattr(complete, name)(complete.Context(params, complete.Context(root)), "")
    finally:
        complete.LANGUAGE = ""
    cur = environ.get("COMP_CUR", "")  # the completers kept what starts with TYPED (complete._pick)
    return "".join(complete.quote_for(cur, v) + "\n" for v in values) or "\n"


def table() -> str:
    """`_tabs.py`: each command's arguments and options, from the command tree."""
    import pprint

    from typer import _click as click

    from campaign_cli.cli.app import get_command

    def completer(param) -> str | None:
        hook = getattr(param, "_custom_shell_complete", None)
        for cell in getattr(hook, "__closure__", None) or ():
            fn = getattr(cell.cell_contents, "__wrapped__", None)
            if fn is not None and fn.__module__ == "campaign_cli.cli.complete":
                return fn.__name__
        return None

    def options(command) -> dict:
        out = {}
        for param in command.params:
            if type(param).__name__.endswith("Option"):
                takes = not (param.is_flag or param.count)
                if takes and param.nargs != 1:
                    continue  # not ours to parse: such a command's words fall back
                for opt in [*param.opts, *param.secondary_opts]:
                    out[opt] = (param.name, takes, completer(param) if takes else None)
        return out

    root = get_command()
    ctx = click.core.Context(root, info_name="campaign")
    commands: dict = {}

    def walk(command, path: tuple, ctx) -> None:
        if hasattr(command, "list_commands"):
            commands[path] = {}
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                walk(sub, (*path, name), click.core.Context(sub, parent=ctx, info_name=name))
            return
        arguments = [p for p in command.params if type(p).__name__.endswith("Argument")]
        if any(p.nargs not in (1, -1) for p in arguments) or any(p.nargs == -1 for p in arguments[:-1]):
            return  # a shape this parser does not follow: the full program answers
        commands[path] = {"opts": options(command), "args": [(p.name, p.nargs, completer(p)) for p in arguments]}

    walk(root, (), ctx)
    del commands[()]
    rooted = {opt: (name if takes else "") for opt, (name, takes, _c) in options(root).items()}
    return (
        '"""Generated by `python -m campaign_cli.tab --write` from the command tree: each\n'
        "command's arguments (name, nargs, completer) and options (param, takes a value,\n"
        'completer), for the fast path of a TAB (tab.py). Do not edit."""\n\n'
        f"ROOT: dict[str, str] = {pprint.pformat(rooted, width=110)}\n\n"
        f"COMMANDS: dict[tuple[str, ...], dict] = {pprint.pformat(commands, width=110)}\n"
    )


TABLE_PATH = os.path.join(os.path.dirname(__file__), "_tabs.py")

if __name__ == "__main__":
    import sys

    text = table()
    if sys.argv[1:] == ["--write"]:
        with open(TABLE_PATH, "w", encoding="utf-8") as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)
