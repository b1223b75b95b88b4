"""The fast path: a command line answered without loading Typer, Click or Rich.

Scripts call `campaign ... --json` in loops; Typer's start-up is most of such a call. For
each command whose code is one library call answered as it came (cli/wordtable.py finds
them; `_words.py` holds their words, generated from the command tree), a line is parsed
here from that table, the library called as the command's code calls it, and the result
printed as the command prints it: JSON, or its views where a Typer-free function draws
them (cli/drawn.py; Rich is loaded only to draw on a terminal). Anything not read here with
certainty goes to Typer unchanged, so every message of the command line stays Click's:
help, a usage error, an unknown or repeated option, a malformed or out-of-range number, a
value that starts with a dash, an argument past the size bound, text that is not UTF-8, an
unknown language, a command not in the table, a view no Typer-free function draws.
tests/test_fast.py proves on generated lines that `parse` gives the very call Typer's
command makes, or None.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: the fast path
if TYPE_CHECKING:
    from typing import Any

ROOT_VALUED = ("-c", "--campaign", "--lang")  # the root's options the fast path reads


class Call:
    """A command line as the fast path read it: the library call its command makes."""

    __slots__ = ("area", "campaign", "json", "jsonl", "keywords", "method", "positional", "reads", "views")

    def __init__(
        self, entry: dict[str, Any], given: dict[str, Any], positional: list[Any], campaign: str | None
    ) -> None:
        self.area, self.reads, self.method = entry["area"], entry["reads"], entry["method"]
        self.positional, self.campaign = positional, campaign
        self.keywords = {keyword: given[name] for keyword, name in entry["keywords"].items()}
        self.json: bool = given["json_out"]  # else the views, drawn as the command draws them
        self.jsonl: bool = bool(given.get("jsonl"))
        self.views: tuple[str, str] | None = entry["views"]


def parse(args: list[str]) -> Call | None:
    """ARGS (the words after `campaign`) as the library call its command makes, or None:
    Typer's to answer."""
    from campaign_cli._words import COMMANDS

    root: dict[str, str] = {}  # c: the campaign (-c, --campaign), l: the language (--lang)
    i = 0
    while i < len(args) and args[i].startswith("-"):
        name, eq, value = args[i].partition("=") if args[i].startswith("--") else (args[i], "", "")
        key = name.lstrip("-")[:1]
        if name not in ROOT_VALUED or key in root:
            return None  # another root option (--version...), or one given twice
        if not eq:
            if i + 1 >= len(args) or args[i + 1].startswith("-"):
                return None
            value, i = args[i + 1], i + 1
        root[key] = value
        i += 1
    from campaign_cli.i18n import LANGUAGES

    if "l" in root and root["l"].lower() not in LANGUAGES:
        return None
    entry: dict[str, Any] | None = None
    path: list[str] = []
    for end in range(i + 1, min(i + 3, len(args)) + 1):
        found = COMMANDS.get(tuple(args[i:end]))
        if found is not None:
            entry, path = found, args[i:end]
    if entry is None:
        return None
    given = _given(entry, args[i + len(path) :])
    if given is None:
        return None
    try:
        for arg in args:
            arg.encode("utf-8")
    except UnicodeEncodeError:
        return None
    from campaign_cli.cli.door import FREE_TEXT, MAX_ARGUMENT

    for name, value in given.items():
        if name not in FREE_TEXT:
            for text in value if isinstance(value, list) else (value,):
                if isinstance(text, str) and len(text) > MAX_ARGUMENT:
                    return None
    positional: list[Any] = []
    for name in entry["positional"]:
        if name.startswith("*"):
            positional += given[name[1:]] or []
        else:
            positional.append(given[name])
    return Call(entry, given, positional, root.get("c"))


def _given(entry: dict[str, Any], words: list[str]) -> dict[str, Any] | None:
    """Each parameter of the command as Typer hands it to the command's code, read off
    WORDS; None where Click would say something (or might)."""
    from campaign_cli.i18n import unknown_setting

    options: dict[str, tuple[Any, ...]] = entry["options"]
    given: dict[str, Any] = {}
    loose = _options(options, list(words), given)
    if loose is None:
        return None
    if not (given.get("json_out") or given.get("jsonl") or (entry["views"] and unknown_setting() is None)):
        return None  # views the fast path cannot draw, or a CAMPAIGN_LANG to warn of first: Typer's
    for param, _kind, _low, _high, multiple, default, required in options.values():
        if param not in given:
            if required:
                return None
            given[param] = None if multiple else default
    return given if _arguments(entry["arguments"], loose, given) else None


def _options(options: dict[str, tuple[Any, ...]], words: list[str], given: dict[str, Any]) -> list[str] | None:
    """The options among WORDS read into GIVEN; the other words (the arguments) in order,
    or None where Click would say something."""
    loose: list[str] = []
    only_arguments = False
    while words:
        word = words.pop(0)
        if only_arguments or not word.startswith("-") or word == "-":
            loose.append(word)
            continue
        if word == "--":
            only_arguments = True
            continue
        name, eq, value = word.partition("=") if word.startswith("--") else (word, "", "")
        spec = options.get(name)
        if spec is None:
            return None
        param, kind, low, high, multiple, _default, _required = spec
        if kind == "flag":
            if eq or param in given:
                return None
            given[param] = True
            continue
        if not eq:
            if not words or words[0].startswith("-"):
                return None
            value = words.pop(0)
        read = _read(value, kind, low, high)
        if read is None or (param in given and not multiple):
            return None
        if multiple:
            given.setdefault(param, []).append(read)
        else:
            given[param] = read
    return loose


def _arguments(arguments: list[tuple[Any, ...]], loose: list[str], given: dict[str, Any]) -> bool:
    """The command's ARGUMENTS read off LOOSE into GIVEN; False where Click would say
    something (a word too many or missing, a value it refuses)."""
    for name, kind, low, high, nargs, required, default in arguments:
        if nargs == -1:
            read_all = [_read(w, kind, low, high) for w in loose]
            if any(r is None for r in read_all):
                return False
            given[name], loose = read_all or None, []
        elif loose:
            read = _read(loose.pop(0), kind, low, high)
            if read is None:
                return False
            given[name] = read
        elif required:
            return False
        else:
            given[name] = default
    return not loose


def _drawn(views: tuple[str, str], data: Any) -> Any:
    """DATA's views, drawn by the function VIEWS names (module, name): loaded only when a
    person is shown them, as the command's own views are."""
    module, name = views
    return getattr(__import__(module, fromlist=[name]), name)(data)


def _read(word: str, kind: str, low: int | None, high: int | None) -> Any:
    """WORD as a value of KIND, or None where Click would refuse it (or might)."""
    if kind == "str":
        return word
    digits = word[1:] if word.startswith("-") else word
    if not digits.isascii() or not digits.isdigit() or len(digits) > 18:
        return None
    number = int(word)
    if (low is not None and number < low) or (high is not None and number > high):
        return None
    return number


def answer(args: list[str]) -> int | None:
    """Run ARGS on the fast path: the exit status, or None when Typer must answer."""
    call = parse(args)
    if call is None:
        return None
    import os
    import sys
    from functools import partial  # (loaded already: the store's contextlib imports it)

    from campaign_cli import i18n
    from campaign_cli.cli.door import answered, campaign_path, journal_words
    from campaign_cli.cli.output import emit
    from campaign_cli.library.core import command, reader
    from campaign_cli.run import RUN

    i18n.use(i18n.requested(args))
    RUN.json_errors, RUN.front = call.json or call.jsonl, "cli"
    RUN.words = journal_words(args)
    # the root's option as Click reads it: given, else $CAMPAIGN_FILE
    RUN.campaign = call.campaign if call.campaign is not None else os.environ.get("CAMPAIGN_FILE") or ""
    try:
        module, name = call.area
        area = getattr(__import__(module, fromlist=[name]), name)  # (importlib itself is a module to load)
        # Start-up's modules are loaded before the collector resumes, so it never walks them:
        # the store, which every command opens (its paths are text: no pathlib, store/files.py).
        import campaign_cli.store.campaign  # noqa: F401

        if RUN.begin is not None:  # the command's own work begins (entry.py's collector)
            RUN.begin()
        if call.reads:
            data = getattr(reader(area, campaign_path()), call.method)(*call.positional, **call.keywords)
        else:
            with command(area, campaign_path(), RUN.words) as camp:
                data = getattr(camp, call.method)(*call.positional, **call.keywords)
        drawn = None if call.views is None else partial(_drawn, call.views, data)  # drawn only when shown
        emit(data, drawn, json_out=call.json, jsonl=call.jsonl)
        sys.stdout.flush()  # here, where a closed pipe is answered, not at the exit
        return 0
    except Exception as exc:
        return answered(exc)
