"""The fast path of a TAB in bash: a name completed without importing Click or Typer.

Every TAB runs the whole program. Completing a name (a character, an item, an enemy on
the board...) needs only the command's shape (which word is which argument, which
options take a value) and the campaign file. That shape is generated from the command
tree into `_tabs.py` (`python -m campaign_cli.cli.tabtable --write`; a test keeps it fresh), and
this module answers from it as Click's own completion would: the same words split the
same way, the same slot chosen, the same completer called, the same quoting. Anything
else (a command or option name, `--opt=value`, `--`, a choice list, an unknown word)
returns None and the full program answers.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any


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


def slot(words: list[str], incomplete: str) -> tuple[str, dict[str, Any], dict[str, Any]] | None:
    """(the completer's name, the command's params, the root's params) for the word being
    completed after WORDS ("" for no completer: the word is past the last argument), or
    None when the full program must answer."""
    from campaign_cli._tabs import COMMANDS, ROOT

    if incomplete.startswith("-") or "--" in words:
        return None
    root: dict[str, Any] = {}
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
    params: dict[str, Any] = {}
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
        for name, nargs, _completer in arguments:  # the arguments given so far, for the completer
            if given:
                params[name] = tuple(given) if nargs == -1 else given.pop(0)
        name, _takes, completer = options[words[-1]]  # the last word is an option with a value to come
        return (completer, params, root) if completer else None
    for name, nargs, completer in arguments:
        if nargs == -1:
            params[name] = tuple(given)
            return (completer, params, root) if completer else None
        if not given:
            return (completer, params, root) if completer else None
        params[name] = given.pop(0)
    return ("", params, root)  # past the last argument: nothing to offer (no file names)


def candidates(args: list[str], incomplete: str, language: str = "") -> list[str] | None:
    """The names a TAB offers for INCOMPLETE after ARGS (none past the last argument), in
    LANGUAGE (default: the one in use), or None when the words are not the fast path's to
    read. Every shell's answer comes from here (cli/shells.py), bash's fast path too."""
    found = slot(args, incomplete)
    if found is None:
        return None
    name, params, root = found
    if not name:
        return []
    from campaign_cli.cli import complete

    complete.LANGUAGE, complete.TYPED = language, incomplete
    try:
        returned: list[str] | None = getattr(complete, name)(complete.Context(params, complete.Context(root)), "")
        return returned
    finally:
        complete.LANGUAGE, complete.TYPED = "", ""  # nothing is left for the next completion to match


def answer(environ: Mapping[str, str]) -> str | None:
    """What a TAB in bash prints (Click's format: one candidate a line, quoted for the word
    typed), or None for the full program to answer."""
    try:
        words = split(environ["COMP_WORDS"])
        cword = int(environ["COMP_CWORD"])
    except (KeyError, ValueError):
        return None
    args, incomplete = words[1:cword], words[cword] if cword < len(words) else ""
    from campaign_cli.i18n import requested

    values = candidates(args, incomplete, requested([], environ))
    if values is None:
        return None
    from campaign_cli.cli import complete

    if values == [complete.FILES]:
        return complete.FILES + "\n"
    cur = environ.get("COMP_CUR", "")  # the completers kept what starts with TYPED (complete.pick)
    return "".join(complete.quote_for(cur, v) + "\n" for v in values) or "\n"
