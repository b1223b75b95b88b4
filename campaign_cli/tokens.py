"""One tokenizer over the command table (`_commands.py`), for the two readers of a command
line that run without Click: the fast path (cli/fast.py), which runs a command, and TAB
(tab.py), which completes a word. Both find the command's path here and read its words as
options and arguments here; each then decides, by its own rule, whether it may answer or
the full program must (the fast path refuses anything Click might say something about; a
TAB refuses what it cannot complete with certainty).

Imports nothing: it is on the start-up path of both.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: the fast path, TAB
if TYPE_CHECKING:
    from typing import Any


def command_at(args: list[str], i: int) -> tuple[tuple[str, ...], dict[str, Any] | None, int]:
    """The longest command path in the table at ARGS[i:], its shape (None where no command
    or group starts there; `{}` for a group) and the index of the word after it."""
    from campaign_cli._commands import COMMANDS

    path: tuple[str, ...] = ()
    while i < len(args) and (*path, args[i]) in COMMANDS:
        path = (*path, args[i])
        i += 1
    if not path:
        return path, None, i
    shape = _SHAPES.get(path)
    if shape is None:  # decoded once a process: a batch reads the same few commands many times
        shape = _SHAPES[path] = shape_of(COMMANDS[path])
    return path, shape, i


_SHAPES: dict[tuple[str, ...], dict[str, Any]] = {}  # each command's shape, as decoded (never changed)


def shape_of(row: str) -> dict[str, Any]:
    """A command's row of the table (its JSON text) as its readers use it: `args`, `opts`
    by flag, and `call` for a command declared fast; `{}` for a group."""
    if not row:
        return {}
    from campaign_cli.jsontext import loads

    args, opts, call = loads(row, trusted=True)  # our own generator's text
    shape: dict[str, Any] = {"args": args, "opts": dict(opts)}
    if call is not None:
        area, reads, method, positional, keywords, formats, views, part, bundle = call
        shape["call"] = {
            "area": tuple(area),
            "reads": reads,
            "method": method,
            "positional": positional,
            "keywords": dict(keywords),
            "formats": formats,
            "views": None if views is None else tuple(views),
            "part": part,
            "bundle": bundle,  # each [into, the options' names, the adjusting function or None], or None
        }
    return shape


def split(words: list[str], options: dict[str, tuple[Any, ...]]) -> tuple[list[str], list[tuple[Any, ...]]] | None:
    """WORDS (after the command's path) as (the arguments' words in order, the options
    given in order), or None at a word that looks like an option the command does not
    have (a typo, bundled short options). An argument's word: `-` alone, and every word
    after `--`. An option given: (SPEC, its row of the table; VALUE, the word it takes:
    `--gold=5` JOINED, else the next word, None when the line ends first; None for a flag
    given alone; JOINED)."""
    loose: list[str] = []
    given: list[tuple[Any, ...]] = []
    i, rest = 0, False
    while i < len(words):
        word = words[i]
        i += 1
        if rest or not word.startswith("-") or word == "-":
            loose.append(word)
            continue
        if word == "--":
            rest = True
            continue
        name, eq, value = word.partition("=") if word.startswith("--") else (word, "", "")
        spec = options.get(name)
        if spec is None:
            return None
        taken: str | None = value if eq else None
        if spec[1] and not eq:  # takes a value: the next word
            taken = words[i] if i < len(words) else None
            i += taken is not None
        given.append((spec, taken, bool(eq)))
    return loose, given
