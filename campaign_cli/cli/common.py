"""What every command module shares: the campaign path, transactions, option types, parsers."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Annotated, Any, TypeVar, cast

import typer

from campaign_cli.cli.door import FREE_TEXT, MAX_ARGUMENT
from campaign_cli.cli.door import acting as acting  # a command's act, and a read: Typer-free
from campaign_cli.cli.door import looking as looking
from campaign_cli.errors import UsageProblem
from campaign_cli.i18n import _
from campaign_cli.rules.names import MAX_AMOUNT as MAX_AMOUNT  # the bound every number option states
from campaign_cli.rules.names import MAX_ID
from campaign_cli.run import RUN

if TYPE_CHECKING:
    from collections.abc import Callable

MAX_SEED = MAX_ID  # a seed stays exact in JSON (and in jq)


class _Completers:
    """`complete.NAME`, a parameter's completer, loads cli/complete.py when a TAB calls it,
    not when the command is defined: a command that runs never imports it (1 M
    instructions, and Typer evaluating its string annotations). Typer passes the context
    and the word by these parameters' names; tab.py's table finds the completer's name."""

    def __getattr__(self, name: str) -> Callable[[object, str], list[object]]:
        # Typer reads these annotations at run time (get_type_hints): builtins only.
        def completer(ctx: object, incomplete: str) -> list[object]:
            from campaign_cli.cli import complete as names

            found: list[object] = getattr(names, name)(ctx, incomplete)
            return found

        completer.__name__ = completer.__qualname__ = name
        completer.__module__ = "campaign_cli.cli.complete"
        return completer


complete = _Completers()

JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON document on stdout and nothing else.")]
NoPagerOpt = Annotated[
    bool, typer.Option("--no-pager", help="Never through a pager, even when longer than the terminal.")
]
OutputOpt = Annotated[
    str | None,
    typer.Option(
        "--output",
        "-o",
        metavar="FILE",
        help="Write here (atomically) instead of stdout; - is stdout.",
        autocompletion=complete.files,
    ),
]
ForceOpt = Annotated[
    bool, typer.Option("--force", help="Replace FILE if it exists (never the campaign, its journal or its lock).")
]
JsonlOpt = Annotated[bool, typer.Option("--jsonl", help="Print one compact JSON object per line.")]
# Options and arguments several command modules take: defined here once, so no command
# module imports another for them.
NameArg = Annotated[
    str,
    typer.Argument(metavar="NAME", help="The character's name (any case) or id.", autocompletion=complete.characters),
]


Command = TypeVar("Command", bound=Callable[..., None])


def fast(function: Command) -> Command:
    """Declare FUNCTION (a command) one the fast path runs without Typer (cli/fast.py): its
    body must stay one library call answered as it came, or one call of a Typer-free
    function given its parameters as they came (cli/answers.py), or `tools/generate.py` stops
    saying why (tools/commandtable.py); tests/test_fast.py pins the declared set."""
    function.fast = True  # type: ignore[attr-defined]
    return function


def check_sizes(params: dict[str, Any], labels: dict[str, str]) -> None:
    """CLI.md "Sizes": every argument that names or specifies something (a name, a check
    spec, a dice list or expression) is at most 200 characters; refused (exit 2) before
    any parsing or locking. Notes and paths are free text. LABELS: each parameter as the
    usage line shows it."""
    for key, value in params.items():
        if key in FREE_TEXT:
            continue
        for text in value if isinstance(value, (list, tuple)) else (value,):
            if isinstance(text, str) and len(text) > MAX_ARGUMENT:
                label = labels.get(key, key)
                if RUN.catalog is not None:  # an argument's placeholder as usage lines say it: `ИМЯ`
                    from campaign_cli.cli.speech import metavar

                    label = metavar(label)
                raise UsageProblem(
                    _("{option}: at most {limit} characters, not {count}").format(
                        option=label, limit=MAX_ARGUMENT, count=len(text)
                    ),
                    "too_long",
                )


def takes(
    parameters: Mapping[str, tuple[Any, Any]], into: str, adjust: Callable[[dict[str, Any]], None] | None = None
) -> Callable[[Command], Command]:
    """A decorator: the command's parameter INTO stands where PARAMETERS (name: (annotation,
    default)) go as the command line sees them (Typer reads the signature); the command gets
    them as one mapping under INTO, ADJUST applied to it. A name the command declares itself
    keeps its own declaration (its own help) and is handed in the mapping all the same. So a
    bundle of options (options.py: the item options, a roll's) is declared once."""

    def splice(command: Command) -> Command:
        import functools
        import inspect

        signature = inspect.signature(command)
        own = list(signature.parameters.values())
        at = [p.name for p in own].index(into)
        spliced = [
            inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=default, annotation=kind)
            for name, (kind, default) in parameters.items()
            if name not in signature.parameters
        ]

        @functools.wraps(command)
        def run(**given: Any) -> None:
            bundle = {name: given.pop(name) for name in parameters}
            if adjust is not None:
                adjust(bundle)
            command(**given, **{into: bundle})

        run.bundle = (into, tuple(parameters), adjust)  # type: ignore[attr-defined]  # the command table's
        run.__signature__ = signature.replace(parameters=[*own[:at], *spliced, *own[at + 1 :]])  # type: ignore[attr-defined]
        notes = {k: v for k, v in command.__annotations__.items() if k != into}
        run.__annotations__ = notes | {p.name: p.annotation for p in spliced}
        return cast("Command", run)

    return splice


def help_text(summary: str, *examples: str) -> str:
    """A command's help: a one-line summary, then example command lines (kept as typed)."""
    lines = "\n".join(f"  $ {e}" for e in examples)
    return f"{summary}\n\n\b\nExamples:\n{lines}"


def to_stdout(output: str | None, json_out: bool) -> bool:
    """Whether OUTPUT (`--output`) names standard output (none given, `-`, `/dev/stdout`);
    `--output -` with `--json`, or in a batch line, is exit 2: standard output holds one
    JSON answer there (CLI.md "Reliability")."""
    from campaign_cli.cli.output import is_stdout

    if output is None:
        return True
    if output != "-" and not is_stdout(output):
        return False
    if json_out or RUN.capture is not None:
        raise UsageProblem(
            _("--output - writes the document on standard output, which holds the one JSON answer here; name a file"),
            "usage",
        )
    return True
