"""A library method's arguments judged against the types its signature declares (CLI.md
"Python API": a value of the wrong type is `UsageProblem`, `bad_value`, naming the keyword
and saying the value in words, never a raw TypeError deep in an act).

The common case costs nothing: a text where text is declared, a whole number where a
number is, None where None is, is let through by library.core reading the annotation as
written, and this module is not loaded. Any other value is judged against the declared
type itself (`typing.get_type_hints`, read once per method and kept): list elements, a
dict's keys and values, a Literal's choices, NaN, a bool where a number is."""

from __future__ import annotations

import math
from collections.abc import Mapping

from campaign_cli.errors import N_, Arg, Joined, Opt, Say, UsageProblem, Words

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: every library call passes here
if TYPE_CHECKING:
    from typing import Any

_HINTS: dict[Any, dict[str, Any]] = {}  # a method (or bundle): its parameters' types, resolved once


def hints(owner: Any) -> dict[str, Any]:
    """OWNER's (a method's, or a bundle's) declared types, resolved once."""
    found = _HINTS.get(owner)
    if found is None:
        import typing

        found = _HINTS[owner] = typing.get_type_hints(owner)
    return found


def check(owner: Any, name: str, value: object, positional: bool) -> None:
    """VALUE, given for parameter NAME of OWNER, is of its declared type, or bad_value."""
    declared = hints(owner).get(name)
    if declared is None or fits(value, declared) or (isinstance(value, str) and _chooses_text(declared)):
        return  # a text among a Literal's choices is the act's to judge: its refusal names them (`--gender ж`)
    raise UsageProblem(
        Say(
            "{option} takes {kind}, not {given}",
            option=Arg(name) if positional else Opt(name),
            kind=Words(kind_of(declared)),
            given=Words(described(value)),
        ),
        "bad_value",
    )


def _chooses_text(hint: Any) -> bool:
    """Whether HINT is (or has an arm that is) a choice of texts (`Literal["m", "f"]`)."""
    import types
    import typing

    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Literal:
        return all(isinstance(a, str) for a in args)
    return origin in (typing.Union, types.UnionType) and any(_chooses_text(arm) for arm in args)


def fits(value: object, hint: Any) -> bool:
    """Whether VALUE is of the type HINT (as typing resolved it), all the way down."""
    import types
    import typing

    if hint is typing.Any or hint is object:
        return True
    if hint is None or hint is type(None):
        return value is None
    scalar = _SCALARS.get(hint)
    if scalar is not None:
        return bool(scalar(value))
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return any(fits(value, arm) for arm in args)
    if origin is typing.Literal:
        return any(value == choice and type(value) is type(choice) for choice in args)
    if origin is typing.Annotated:
        return fits(value, args[0])
    return _fits_container(value, hint, origin, args)


# the scalars: a bool is no number, a float is finite
_SCALARS: dict[Any, Any] = {
    bool: lambda value: isinstance(value, bool),
    int: lambda value: isinstance(value, int) and not isinstance(value, bool),
    float: lambda value: isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value),
    str: lambda value: isinstance(value, str),
}


def _fits_container(value: object, hint: Any, origin: Any, args: tuple[Any, ...]) -> bool:
    """Whether VALUE is the list, mapping or class HINT names (its items fitting ARGS)."""
    name = getattr(origin, "__name__", "") if origin is not None else ""
    if origin in (list, tuple) or name == "Sequence":
        return isinstance(value, (list, tuple)) and all(fits(v, args[0]) for v in value) if args else True
    if origin is dict or name == "Mapping":
        return isinstance(value, dict) and all(fits(k, args[0]) and fits(v, args[1]) for k, v in value.items())
    if isinstance(origin, type):
        return isinstance(value, origin)  # os.PathLike[str]
    return not isinstance(hint, type) or isinstance(value, hint)


KINDS = {
    str: N_("text"),
    int: N_("a whole number"),
    float: N_("a number"),
    bool: N_("True or False"),
    type(None): N_("None"),
}


# what a list holds, in words
MANY = {str: N_("texts"), int: N_("whole numbers"), float: N_("numbers"), bool: N_("True or False values")}


def kind_of(hint: Any, many: bool = False) -> Say:
    """HINT in words: `list[str] | None` is "a list of texts or None" (MANY: as a list's)."""
    import types
    import typing

    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is None:
        return Say(KINDS[type(None)])
    if many and hint in MANY:
        return Say(MANY[hint])
    if origin in (typing.Union, types.UnionType):
        return Say("{rest}", rest=Joined(N_(" or "), [kind_of(arm, many) for arm in args]))
    if origin is typing.Literal:
        return Say("one of {choices}", choices=Joined(", ", [str(c) for c in args]))
    if origin is typing.Annotated:
        return kind_of(args[0])
    if hint in KINDS:
        return Say(KINDS[hint])
    if origin in (list, tuple) or getattr(origin, "__name__", "") == "Sequence":
        return Say("a list of {kind}", kind=kind_of(args[0], True)) if args else Say("a list")
    if origin is dict or getattr(origin, "__name__", "") == "Mapping":
        return Say("a mapping of {key} to {value}", key=kind_of(args[0]), value=kind_of(args[1]))
    return Say("a path") if getattr(origin or hint, "__name__", "") == "PathLike" else Say("a value of its type")


def described(value: object) -> Say:
    """VALUE in words, never its repr (a number of 5,000 digits is not written out)."""
    if value is None:
        return Say("None")
    if isinstance(value, bool):
        return Say("True or False")
    if isinstance(value, int):
        return Say("the number {n}", n=value)  # a huge one is said by its digits (errors.said)
    if isinstance(value, float):
        return Say("a fractional number") if math.isfinite(value) else Say("a number that is not finite")
    if isinstance(value, str):
        return Say("text")
    if isinstance(value, (bytes, bytearray)):
        return Say("bytes")
    if isinstance(value, (list, tuple)):
        odd = next((v for v in value if not isinstance(v, str)), None) if value else None
        return Say("a list holding {given}", given=described(odd)) if odd is not None else Say("a list")
    if isinstance(value, Mapping):
        return Say("a mapping")
    return Say("a {kind} value", kind=type(value).__name__)
