"""The library's core: an open campaign's block (`Core`: one act run with its books kept),
the checks every act makes of what it is given, and the doors the command line opens
(`command`, `reader`) for one act of one area. The areas' acts are in the modules beside
this one; `campaign_cli.api.Campaign` has them all."""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager, nullcontext

from campaign_cli.errors import (
    N_,
    Arg,
    CampaignError,
    ExitStatus,
    FileProblem,
    Opt,
    Refused,
    Say,
    Shown,
    UsageProblem,
    Words,
)
from campaign_cli.rules.names import MAX_AMOUNT, MAX_NAME
from campaign_cli.run import RUN

# typing.TYPE_CHECKING without importing typing: a read on the fast path (cli/fast.py) loads
# this module and never needs `typing` (a large share of such a read: benchmarks/startup.py); its
# type variables and `cast` exist for mypy, `cast` at run time is the identity it is.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any, TypeVar, cast

    from campaign_cli import results
    from campaign_cli.library.block import Block
    from campaign_cli.options import Dice
    from campaign_cli.rules.dice import Throw
    from campaign_cli.store import Stored

    R = TypeVar("R")
    Method = TypeVar("Method", bound=Callable[..., Any])
    A = TypeVar("A", bound="Core")
else:

    def cast(kind: object, value: object) -> object:
        return value

    class _Results:
        """`campaign_cli.results`, imported when a type hint is read (typing.get_type_hints):
        building its TypedDicts costs every command a few milliseconds it never needs."""

        def __getattr__(self, name: str) -> Any:
            from campaign_cli import results as module

            return getattr(module, name)

    results = _Results()


LABEL = "python"  # what the journal shows as the command of a block with no label


def typed(err: CampaignError) -> CampaignError:
    """ERR as the class its exit status names: every refusal (not found, name taken...) is a Refused."""
    kinds = {ExitStatus.REFUSED: Refused, ExitStatus.USAGE: UsageProblem, ExitStatus.FILE: FileProblem}
    kind = kinds.get(err.status, Refused)
    if type(err) is not kind:
        again = kind(err._message, err.code)  # the Say itself: its facts, said when read
        again.extra, again.path = dict(err.extra), err.path
        err = again
    err.front = err.front or RUN.front  # its options named as the caller names them, whenever it is read
    return err


# A method's parameters are read off its code object and its annotations as written, not by
# `inspect.signature` and `typing.get_type_hints`: every act on the fast path runs `checked`,
# and those imports would be most of such a command's start-up (benchmarks/startup.py).
# tests/test_checked.py holds this reading to inspect's and typing's for every method.
CO_VARARGS = 0x04  # inspect.CO_VARARGS: the method takes *names
CO_VARKEYWORDS = 0x08  # inspect.CO_VARKEYWORDS: the method takes **options


def _positional(code: Any) -> set[str]:
    """The names of a method's positional parameters (its arguments, not its options)."""
    names = set(code.co_varnames[1 : code.co_argcount])  # co_argcount counts the positional-only too
    if code.co_flags & CO_VARARGS:  # *names
        names.add(code.co_varnames[code.co_argcount + code.co_kwonlyargcount])
    return names


_ARMS: dict[str | None, frozenset[str]] = {}  # an annotation as written: its arms (`str | None`: str, None)


def _written(annotation: object) -> str | None:
    """An annotation as written: a string, or a TypedDict's ForwardRef of one."""
    text = getattr(annotation, "__forward_arg__", annotation)
    return text if isinstance(text, str) else None


def _plainly_fits(value: object, annotation: str | None) -> bool:
    """Whether VALUE plainly fits ANNOTATION as written (a text where `str` is one of its
    arms, a whole number where `int` is, None where `None` is), without reading the type:
    anything else is judged against the type itself (library/judged.py)."""
    written = _ARMS.get(annotation)
    if written is None:
        parts, depth, start, text = [], 0, 0, annotation or ""
        for n, c in enumerate(text):
            depth += (c == "[") - (c == "]")
            if c == "|" and depth == 0:
                parts.append(text[start:n].strip())
                start = n + 1
        parts.append(text[start:].strip())
        written = _ARMS[annotation] = frozenset(a for part in parts for a in _ALIASES.get(part, (part,)))
    if isinstance(value, bool):
        return "bool" in written
    if isinstance(value, str):
        return "str" in written
    if isinstance(value, int):
        return "int" in written and -(10**18) < value < 10**18
    if isinstance(value, list):  # `attr=["Luck=1"]`, `dice=[1, 3, 6]`: the common lists
        if "list[str]" in written and all(type(v) is str for v in value):
            return True
        return "list[int]" in written and all(type(v) is int and -(10**18) < v < 10**18 for v in value)
    return value is None and "None" in written


# the aliases the library's annotations use, as their arms are written (library.core.Pairs, options.Dice)
_ALIASES = {"Pairs": ("list[str]", "dict[str, int]"), "Dice": ("list[int]", "str")}


# a method's code: each parameter's annotation as written, its positional parameters' names,
# the keyword bundle its `**` takes (or None) and its `*` parameter's name (or None)
_KINDS: dict[Any, tuple[dict[str, str | None], set[str], type | None, str | None]] = {}


def checked(method: Method) -> Method:
    """An act's method whose arguments are checked, as given, before it runs: each of the
    type its signature declares (`_kinds`) and text a file can hold (`_texts`). What the
    caller gave is read from the call itself, never from a frame's local variables."""
    import functools

    code = method.__code__
    count = code.co_argcount + code.co_kwonlyargcount
    names = code.co_varnames[1 : code.co_argcount]  # after self
    star = code.co_varnames[count] if code.co_flags & CO_VARARGS else None

    @functools.wraps(method)
    def run(self: Any, *args: Any, **keywords: Any) -> Any:
        given = dict(zip(names, args), **keywords)
        if star is not None and len(args) > len(names):
            given[star] = args[len(names) :]
        _texts(given, _kinds(method, code, given))
        return method(self, *args, **keywords)

    if code.co_flags & CO_VARKEYWORDS:  # **options: Unpack[Bundle]: inspect.signature and help() show its keys
        run.__wrapped__ = _Spread(method)
    return cast("Method", run)


class _Spread:
    """What `inspect.signature` and `help()` read for a method taking a keyword bundle
    (`**roll: Unpack[RollOptions]`): its signature with the bundle's keys spread as
    keyword-only parameters of their declared types (`item_add(..., weight: int | None =
    None, ...)`). Worked out only when asked (by inspect, already imported then); what
    unwraps further (`inspect.getsource`) reaches the method itself."""

    __slots__ = ("method",)

    def __init__(self, method: Callable[..., Any]) -> None:
        self.method = method

    def __call__(self, *args: Any, **keywords: Any) -> Any:
        return self.method(*args, **keywords)

    @property
    def __wrapped__(self) -> Callable[..., Any]:  # inspect.getsource and typing.get_type_hints go on to it
        return self.method

    @property
    def __signature__(self) -> Any:
        import inspect
        import typing

        signature = inspect.signature(self.method)
        hints = typing.get_type_hints(self.method)
        spread = []
        for param in signature.parameters.values():
            if param.kind is not param.VAR_KEYWORD:
                spread.append(param.replace(annotation=hints.get(param.name, param.annotation)))
                continue
            (bundle,) = typing.get_args(hints[param.name])  # Unpack[Bundle]
            for key, hint in typing.get_type_hints(bundle).items():
                kinds = typing.get_args(hint) or (hint,)
                default = None if type(None) in kinds else False if hint is bool else 0 if hint is int else param.empty
                spread.append(inspect.Parameter(key, param.KEYWORD_ONLY, default=default, annotation=hint))
        return signature.replace(parameters=spread, return_annotation=hints.get("return", signature.empty))


def _kinds(method: Callable[..., Any], code: Any, given: dict[str, Any]) -> set[str]:
    """Each argument of the act's method is of the type its signature declares, all the way
    down (library/judged.py): a text where a list is declared (`keyword="Law"`, stored as
    ['L', 'a', 'w']), a number where a text is, an int inside a list of texts, a bool where
    a number is, NaN, a Literal's stranger: `UsageProblem` (`bad_value`, exit 2) naming the
    parameter and saying the value in words. A `**options: Unpack[Bundle]` admits the
    bundle's keys alone, each of its declared type (campaign_cli/options.py); any other
    keyword is a TypeError, as Python says it. Returns the method's positional parameters."""
    known = _KINDS.get(code)
    if known is None:
        known = _KINDS[code] = reading(method)
    kinds, positional, bundle, star = known
    for name, value in given.items():
        if name in kinds:
            values = value if name == star and isinstance(value, tuple) else (value,)
            for each in values:
                if not _plainly_fits(each, kinds[name]):  # the common case judged here, the rest by its type
                    from campaign_cli.library import judged

                    judged.check(method, name, each, name in positional)
        elif bundle is not None:
            if name not in bundle.__annotations__:
                raise TypeError(f"{method.__name__}() got an unexpected keyword argument {name!r}")
            if not _plainly_fits(value, _written(bundle.__annotations__[name])):
                from campaign_cli.library import judged

                judged.check(bundle, name, value, False)
    return positional


def reading(method: Callable[..., Any]) -> tuple[dict[str, str | None], set[str], type | None, str | None]:
    """What `checked` reads of METHOD: each parameter's annotation as written, its positional
    parameters' names, the keyword bundle its `**` takes (or None), its `*` parameter's name
    (or None)."""
    code = method.__code__
    notes = getattr(method, "__annotations__", {})
    declared = {k: _written(v) for k, v in notes.items() if k != "return"}
    count = code.co_argcount + code.co_kwonlyargcount
    star = code.co_varnames[count] if code.co_flags & CO_VARARGS else None  # *names: each one judged
    bundle: type | None = None
    if code.co_flags & CO_VARKEYWORDS:  # **options: Unpack[Bundle]
        from campaign_cli.options import BUNDLES

        stars = code.co_varnames[count + bool(code.co_flags & CO_VARARGS)]
        bundle = BUNDLES[str(declared.pop(stars)).partition("[")[2].rstrip("]").rpartition(".")[2]]
    return declared, _positional(code), bundle, star


def _texts(given: dict[str, Any], positional: Collection[str] = ()) -> None:
    """Every text an act was given (a name, a note, a list of them) is text a file can hold:
    a lone surrogate (`"\\ud800"`) is refused naming its parameter (exit 2), not left to
    fail when the campaign is written."""
    for name, value in given.items():
        values = value if isinstance(value, (list, tuple)) else value.keys() if isinstance(value, dict) else [value]
        for text in values:
            if isinstance(text, str) and not text.isascii():
                try:
                    text.encode("utf-8")
                except UnicodeEncodeError:
                    shown = text.encode("utf-8", "backslashreplace").decode()
                    raise UsageProblem(
                        Say(
                            "{option}: {value!r} is not text (a lone surrogate)",
                            option=Arg(name) if name in positional else Opt(name),
                            value=shown,
                        ),
                        "bad_text",
                    ) from None


MAX_REASON = 500  # an award's reason, a block's label in the journal (CLI.md "Reliability guarantees")


def free_text(value: str | None, option: str, limit: int = 1000, blank: bool = True) -> str | None:  # model.MAX_NOTE
    """A note, a reason, a label, a keyword an item requires: any text of at most LIMIT
    characters (not blank unless BLANK) but a control or format character (CLI.md "Global
    behaviour": bad input wherever it is typed); refused naming the option (exit 2), not
    found unsound when the campaign is written (exit 3, which is the file's)."""
    from campaign_cli.rules.names import unsafe_char

    if value is None:
        return None
    if len(given_text(value, option)) > limit or (not blank and not value.strip()):
        raise UsageProblem(
            Say(
                "{option}: a text of 1 to {limit} characters, not {count}",
                option=Opt(option),
                limit=limit,
                count=len(value.strip()),
            ),
            "bad_text",
        )
    bad = unsafe_char(value)
    if bad is not None:
        raise UsageProblem(
            Say("{option}: no control or format characters (U+{code:04X})", option=Opt(option), code=ord(bad)),
            "bad_text",
        )
    return value


COUNTS = {  # a character's stored counts, as a refusal names them
    "xp": N_("XP"),
    "karma": N_("karma"),
    "bard_karma": N_("karma"),
    "wishes": N_("wishes"),
    "gold": N_("gold"),
    "darkstone": N_("dark stone"),
    "damage": N_("damage"),
    "fatigue": N_("fatigue"),
}


def _within_bounds(stored: Stored, in_block: bool) -> None:
    """CLI.md "Names": a change that would carry a stored count past its bound is refused
    (exit 1, `over_bound`, naming the bound), not found unsound when the file is written.
    In a block, the characters the act read; else those it changed (the others were
    judged within bounds when read)."""
    if in_block:
        docs = stored.table("characters")
        changed = [docs[key] for key in (stored.line_before or {}) if key in docs]
    else:
        changed = list(stored.changed_pairs("characters")[1].values())
    for doc in changed:
        for field, label in COUNTS.items():
            value = doc.get(field, 0)
            if isinstance(value, int) and value > MAX_AMOUNT:
                raise Refused(
                    Say(
                        "{name}'s {field} would be {value}, past its bound of {most}: nothing changed",
                        name=doc["name"],
                        field=Say(label),
                        value=Shown(value),
                        most=Shown(MAX_AMOUNT),
                    ),
                    "over_bound",
                )
        for item in doc.get("items", ()):
            if item.get("count", 1) > MAX_AMOUNT:
                raise Refused(
                    Say(
                        "{name}'s stack of {item} would be {value} pieces, past its bound of {most}: nothing changed",
                        name=doc["name"],
                        item=Shown(item["name"]),
                        value=Shown(item["count"]),
                        most=Shown(MAX_AMOUNT),
                    ),
                    "over_bound",
                )


def whole_number(value: object, option: str, low: int = 1, high: int = MAX_AMOUNT) -> int:
    """VALUE as a whole number from LOW to HIGH, or a usage problem naming OPTION."""
    if not isinstance(value, int) or isinstance(value, bool):
        from campaign_cli.library.judged import described

        said = Say("{option} takes a whole number, not {given}", option=Opt(option), given=Words(described(value)))
        raise UsageProblem(said, "bad_value")
    if not low <= value <= high:
        raise UsageProblem(
            Say(
                "{option}: {value} is not in the range {low} to {high}",
                option=Opt(option),
                value=value,
                low=low,
                high=high,
            ),
            "bad_value",
        )
    return value


def given_name(value: object, option: str) -> str:
    """A name as an act takes it: text, or an int, which is an id (`xp_award(1, 2)`)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return given_text(value, option)


def given_text(value: object, option: str) -> str:
    if not isinstance(value, str):
        from campaign_cli.library.judged import described

        said = Say("{option} takes text, not {given}", option=Opt(option), given=Words(described(value)))
        raise UsageProblem(said, "bad_value")
    return value


def character_view(doc: Any) -> results.CharacterView:
    from campaign_cli.rules.characters import view

    return cast("results.CharacterView", view(doc))


class Core:
    """An open campaign's block: what every act shares (its books, a savepoint, the events
    so far) and `_act`, which runs one act. Each area of the game is a class of acts built
    on it (the modules beside this one); `campaign_cli.Campaign` joins them all, and a
    command of the command line opens only its own area's.
    """

    def __init__(self, stored: Stored, writable: bool, block: Block | None = None, in_line: bool = False) -> None:
        self._camp = stored
        self._writable = writable
        self._block = block  # per-act bookkeeping: a block of the library
        self._in_line = in_line  # a line of `campaign batch`: the batch keeps the books
        self._open = True
        self._failed: CampaignError | None = None  # an act failed outside an attempt: nothing is saved
        self._attempts = 0
        self._staged: list[Any] = []  # the files the block's acts wrote (an export's output), written once it commits
        from _thread import get_ident

        self._thread = get_ident()  # the thread that opened it: the only one that may use it (as sqlite3)

    # -- the block ---------------------------------------------------------------
    @property
    def events(self) -> list[results.Event]:
        """The events the block's acts recorded so far (`killed`, `healed`, `blow`...), as
        the journal stores them."""
        self._ready()
        if self._block is not None:
            return cast("list[results.Event]", [dict(e) for e in self._block.events])
        return cast("list[results.Event]", [dict(e) for e in self._camp.extra.get("events", ())])

    @contextmanager
    def attempt(self) -> Iterator[None]:
        """A savepoint: an act that fails inside `with camp.attempt():` takes back what the
        attempt did and re-raises, and the block goes on and can commit.

            with campaign_cli.open("campaign.json") as camp:
                try:
                    with camp.attempt():
                        camp.gold_remove("Ajax", 50)
                except campaign_cli.Refused:
                    camp.gold_add("Ajax", 5)
        """
        self._ready()
        stored = self._camp
        saved = stored.mark()
        mark = self._block.mark() if self._block is not None else None
        failed = self._failed
        self._attempts += 1
        try:
            yield
        except BaseException:
            stored.back_to(saved)
            if mark is not None and self._block is not None:
                self._block.back_to(mark)
            self._failed = failed
            raise
        finally:
            self._attempts -= 1

    def _ready(self, write: bool = False) -> None:
        from _thread import get_ident

        if get_ident() != self._thread:  # its run state (language, the block's books) is its thread's
            raise UsageProblem(
                Say("this campaign was opened in another thread: use it there, or open it in this one"),
                "wrong_thread",
            )
        if not self._open:
            raise UsageProblem(Say("this campaign's block has ended: open it again"), "closed")
        if self._failed is not None:
            raise UsageProblem(
                Say(
                    "an earlier act in this block failed ({failure}): nothing will be saved; "
                    "leave the block and open the campaign again",
                    failure=self._failed.message,
                ),
                "act_failed",
            )
        if write and not self._writable:
            raise UsageProblem(
                Say("the campaign is open for reading: open it with campaign_cli.open to change it"), "read_only"
            )

    def _act(self, path: str, write: bool, run: Callable[[Stored], R], args: tuple[Any, ...] = ()) -> R:
        """Run one act: the caller's texts checked, the block's books kept, the dead checked
        (R11a), a failure spoiling the block unless an attempt takes it back."""
        self._ready(write)
        for value in args:  # the names the act was given: a name is text (or an id)
            if not isinstance(value, (str, int)) or isinstance(value, bool):
                raise UsageProblem(Say("{value!r} is not a name", value=value), "bad_value")
        stored, block = self._camp, self._block
        if block is not None:
            block.begin()
        try:
            result = run(stored)
            if write and not stored.reverted:
                from campaign_cli.rules.characters import check_the_dead

                _within_bounds(stored, block is not None or self._in_line)

                given = () if stored.meta.get("fight") else TAKEN_FROM_THE_DEAD.get(path, ())  # R11a, seventh reading
                if block is not None or self._in_line:  # R11a: the characters this act read, as they were
                    check_the_dead(stored.line_before or {}, stored.table("characters"), given)
                else:
                    check_the_dead(*stored.changed_pairs("characters"), given)
        except CampaignError as err:
            if block is not None:
                block.abandon()
            if write and self._attempts == 0:
                self._failed = err
            raise typed(err) from None
        except BaseException:
            if write and self._attempts == 0:
                self._failed = UsageProblem(Say("an act was interrupted"), "interrupted")
            raise
        if block is not None:
            block.end(block.count, [*path.split(), *(str(a) for a in args)])
            if write:  # the documents stay open to the block's next acts: the result is what this act left
                from campaign_cli import jsontext

                result = jsontext.copied(result)
        return result

    # -- reading: a character, as every area shows one ----------------------------------
    @checked
    def character_show(self, character: str | int, /) -> results.CharacterView:
        """CHARACTER as the command line shows it as JSON: the stored fields and the derived
        ones (adjusted DX, MA, carry weight, armor, status).

            ajax = camp.character_show("Ajax")
            print(ajax["status"], ajax["adjusted_dx"])
        """
        return self._act(
            "character show", False, lambda stored: character_view(stored.character(character)), (character,)
        )

    @checked
    def character_list(self) -> list[results.CharacterView]:
        """Every character, in id order.

        names = [c["name"] for c in camp.character_list()]
        """
        return self._act("character list", False, lambda stored: [character_view(d) for d in stored.characters()])


def given_dice(value: Dice | None, option: str) -> str | None:
    """Dice as the rules read them (a text "1,3,6"); a list must hold whole numbers."""
    if value is None or isinstance(value, str):
        return value
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise UsageProblem(
            Say("{option}: {value!r} is not a list of dice", option=Opt(option), value=value), "bad_dice"
        )
    return ",".join(map(str, value))


def given_seed(value: int | None) -> int | None:
    from campaign_cli.rules.names import MAX_ID

    return None if value is None else whole_number(value, "seed", 0, MAX_ID)


def thrown(roll: Mapping[str, Any]) -> Throw:
    """A roll's keywords (options.PartyRoll, options.RollOptions) checked once, as the acts
    take them (`rules.dice.Throw`): the modifier, the dice typed in and the karma reroll's,
    the seed and the random source it seeds."""
    from campaign_cli.acts.rolls import karma_options
    from campaign_cli.rules.dice import Throw, rng_for

    modifier = whole_number(roll.get("modifier", 0), "modifier", -100, 100)
    dice, again = given_dice(roll.get("dice"), "dice"), given_dice(roll.get("reroll_dice"), "reroll_dice")
    karma: bool = roll.get("karma", False)
    karma_options(karma, again)
    seed = given_seed(roll.get("seed"))
    return Throw(dice, rng_for(seed), seed, modifier, karma, again)


def _integer(text: str, option: str, name: str) -> int:
    """TEXT (NAME's value, given to OPTION) read as a whole number, or a usage problem."""
    try:
        return int(text.strip())
    except ValueError:
        raise UsageProblem(
            Say("{option} {name}: {raw!r} is not a whole number", option=Opt(option), name=name, raw=text), "bad_value"
        ) from None


def given_number(text: str, option: str, name: str) -> int:
    """TEXT as a whole number, negative or not, within the bounds of an amount."""
    return whole_number(_integer(text, option, name), option, -MAX_AMOUNT)


Pairs = list[str] | dict[str, int]  # "Name=VALUE" texts, as the command line takes them, or a dict


def pairs(values: Pairs | None, option: str, default: int | None = None, allow_null: bool = False) -> dict[str, Any]:
    """NAME=VALUE texts (`["Lore=3"]`, `["Swimming", "Sword=2"]`) or a dict, as a dict of
    name to a whole number (or DEFAULT, or None where ALLOW_NULL, for a bare name)."""
    out: dict[str, int | None] = {}
    given = values.items() if isinstance(values, dict) else ((*_split(raw, option),) for raw in values or [])
    for name, value in given:
        if any(k.casefold() == name.casefold() for k in out):
            raise UsageProblem(Say("{option} {name!r} is given twice", option=Opt(option), name=name), "repeated_name")
        if value is None:
            if default is None and not allow_null:
                raise UsageProblem(
                    Say("{option} {raw!r}: expected NAME=VALUE", option=Opt(option), raw=name), "bad_value"
                )
            out[name] = default
            continue
        if isinstance(value, str):
            value = _integer(value, option, name)
        out[name] = whole_number(value, option, 0)
    return out


def _split(raw: object, option: str) -> tuple[str, str | None]:
    name, sep, value = given_text(raw, option).partition("=")
    if not name.strip():
        raise UsageProblem(Say("{option} {raw!r}: expected NAME=VALUE", option=Opt(option), raw=raw), "bad_value")
    return name.strip(), (value if sep else None)


def spell_rating(text: str) -> tuple[str, int | None]:
    """`Light=10`: the spell's name and its rating (none given: None)."""
    ((name, rating),) = pairs([text], "spell", allow_null=True).items()
    return name, rating


def status_view(stored: Stored) -> results.CampaignStatus:
    meta = stored.meta
    return {
        "name": meta["name"],
        "schema_version": meta["schema_version"],
        "phase": meta["phase"],
        "adventure": meta["adventure"],
        "location": meta["location"],
        "keywords": list(meta["keywords"]),
        "characters": len(stored.table("characters")),
        "conflicts": len(meta.get("conflicts", [])),  # a merge's, until `resolve`
        "file": str(stored.path),
    }


SUMMARY_SENTENCES = 100  # a summary says this many events, then how many more there are


# R11a, seventh reading: with no fight open the party takes what the dead had: their items
# by `item give` (the dead give), their gold and dark stone by `gold remove`/`darkstone remove`.
TAKEN_FROM_THE_DEAD = {"item give": ("items",), "gold remove": ("gold",), "darkstone remove": ("darkstone",)}


def entry_view(entry: dict[str, Any]) -> results.LogEntry:
    """A journal entry as `log` shows it: its command as typed (a library block: its label),
    what it did in sentences of the run's language (its events; an entry from before the
    events were complete: the English summary it stored), the characters, its events."""
    import shlex

    from campaign_cli.store.campaign import EVENTS_COMPLETE

    words = entry.get("command") or []
    events = entry.get("events", []) if entry.get(EVENTS_COMPLETE) else []
    block = entry.get("block")
    out = {
        "seq": entry.get("seq"),
        "kind": entry.get("kind"),
        "time": entry.get("time"),
        "command": " ".join(words) if block == "python" else shlex.join(["campaign", *words]),
        "args": words,
        "summary": summary_of(events, entry.get("more_events", 0)) if events else entry.get("summary", ""),
        "characters": entry.get("characters", []),
        "events": events,
    }
    if block:
        out["block"] = block
    for key in ("rolls", "undoes", "undoes_all", "redoes"):
        if key in entry:
            out[key] = entry[key]
    return cast("results.LogEntry", out)


def write_file(stored: Any, text: str, output: str, force: bool) -> Path:
    """TEXT written atomically to OUTPUT: never the campaign file, its journal or its lock
    (refused), another existing file only with FORCE. Inside a block, staged and written
    when it commits. Returns the file (to be) written."""
    from pathlib import Path

    from campaign_cli import store
    from campaign_cli.store.files import is_socket, is_stream

    given, target = Path(os.path.expanduser(output)), store.resolve_path(output)
    if store.belongs_to(stored.path, target):
        raise Refused(
            Say(
                "{option} {output} is the campaign's own file; export to another name",
                option=Opt("output"),
                output=output,
            ),
            "own_file",
        )
    if is_socket(given):  # CLI.md "Reliability" (seventh revision): nothing to open and write into
        raise UsageProblem(
            Say("{option}: {output} is a socket; name a file, a device or a FIFO", option=Opt("output"), output=output),
            "bad_file",
        )
    if is_stream(given):  # a device or FIFO (`/dev/stdout`): written as a stream (CLI.md)
        if RUN.staged is not None:
            RUN.staged.append((given, text.encode()))
        else:
            publish([(given, text.encode())])
        return given
    if target.is_dir():
        raise UsageProblem(Say("{option}: {output} is a folder", option=Opt("output"), output=output), "bad_file")
    if not target.parent.is_dir():
        raise UsageProblem(
            Say("{option}: folder {parent} does not exist", option=Opt("output"), parent=str(target.parent)), "bad_file"
        )
    staged = RUN.staged
    if (target.exists() or (staged and any(t == target for t, _data in staged))) and not force:
        raise Refused(
            Say(
                "{option} {output} exists; add {force} to replace it",
                option=Opt("output"),
                output=output,
                force=Opt("force"),
            ),
            "exists",
        )
    if staged is not None:
        staged[:] = [(t, d) for t, d in staged if t != target] + [(target, text.encode())]
        return target
    publish([(target, text.encode())])
    return target


def publish(staged: list[Any]) -> None:
    from campaign_cli.store import files

    files.publish(staged)


# -- one command of the command line ------------------------------------------------


def command(area: type[A], path: str | os.PathLike[str], words: list[str]) -> AbstractContextManager[A]:
    """One command line's transaction (the command line's door), for an act of AREA: the
    act's own summary is the journal entry's. Inside `campaign batch`, the batch's open
    transaction (as it stands: a line opens nothing, and pays for no generator)."""
    if RUN.batch is not None:
        return nullcontext(area(RUN.batch, RUN.writable, in_line=True))
    return _transacting(area, path, words)


@contextmanager
def _transacting(area: type[A], path: str | os.PathLike[str], words: list[str]) -> Iterator[A]:
    from campaign_cli import store

    with store.transaction(path, words) as stored:
        yield area(stored, True)


def reader(area: type[A], path: str | os.PathLike[str], optional: bool = False) -> A:
    """The campaign for one reading command of AREA; inside `campaign batch`, the batch's.
    OPTIONAL: a missing file is the built-in catalog alone (listing the catalog needs no
    campaign)."""
    from campaign_cli import store

    if RUN.batch is not None:
        return area(RUN.batch, RUN.writable, in_line=True)
    try:
        return area(store.open_read(path), False)
    except FileProblem as err:
        if not optional or err.code != "no_campaign":
            raise
        return area(cast("Stored", _NoCampaign()), False)


class _NoCampaign:
    """No campaign file: no packs and no boards of its own, for the catalog's readings."""

    reverted = False

    def packs(self) -> list[dict[str, Any]]:
        return []

    def boards(self) -> list[tuple[dict[str, Any], str]]:
        return []


def item_options(given: Mapping[str, Any]) -> dict[str, Any]:
    """The item options (`item_add`, `shop_buy`, `item_set`) as the acts take them, the
    numbers checked (a key left out keeps the catalog's value, as None does)."""
    for key in ("weight", "value", "armor", "restriction", "heft", "slots"):
        if given.get(key) is not None:
            whole_number(given[key], key, 0)
    if given.get("hands") is not None:
        whole_number(given["hands"], "hands", 0, 2)
    for word in given.get("requires") or ():
        free_text(word, "requires", MAX_NAME, blank=False)  # a keyword: a name's bounds
    return dict(given)


def summary_of(events: list[dict[str, Any]], more: int = 0) -> str:
    """What EVENTS did, as sentences in the run's language (at most SUMMARY_SENTENCES, then
    how many more), each a whole sentence: `Ajax gets 4 XP: riddle; Ajax gets 1 gold (now 1)`."""
    from campaign_cli.i18n import ngettext
    from campaign_cli.render.events import sentence

    said = [sentence(e) for e in events[:SUMMARY_SENTENCES]]
    left = len(events) - len(said) + more
    if left > 0:
        said.append(ngettext("and {n} more event", "and {n} more events", left))
    return "; ".join(said)
