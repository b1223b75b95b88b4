"""`library.core.checked` reads a method's parameters off its code object and its
annotations as written (the fast path cannot afford `inspect` and `typing`): for every
method of the library that reading agrees with `inspect.signature` and
`typing.get_type_hints` (issue 79), and what it lets through without judging fits the type."""

from __future__ import annotations

import inspect
import typing

import pytest

from campaign_cli import api
from campaign_cli.library import core, judged


def checked_methods() -> list[tuple[str, typing.Any]]:
    out = []
    run = core.checked(lambda self: None).__code__  # the code every checked method runs first
    for name in dir(api.Campaign):
        wrapper = getattr(api.Campaign, name)
        if getattr(wrapper, "__code__", None) is run:
            method = wrapper.__wrapped__
            out.append((name, getattr(method, "method", method)))  # a bundle's _Spread holds the method
    return out


METHODS = checked_methods()
SAMPLES = ["x", "", 1, 0, -3, 10**20, True, None, 1.5, ["a"], [1, 2], ["a", 1], {}, {"a": 1}, ("a",)]


def test_the_flags_are_inspects():
    assert (core.CO_VARARGS, core.CO_VARKEYWORDS) == (inspect.CO_VARARGS, inspect.CO_VARKEYWORDS)
    assert len(METHODS) > 60  # every act of the library


@pytest.mark.parametrize(("name", "method"), METHODS, ids=[n for n, _m in METHODS])
def test_the_reading_agrees_with_inspect_and_typing(name, method):
    declared, positional, bundle, star = core.reading(method)
    params = list(inspect.signature(method).parameters.values())[1:]  # after self
    hints = typing.get_type_hints(method)
    kinds = inspect.Parameter
    taken = (kinds.POSITIONAL_ONLY, kinds.POSITIONAL_OR_KEYWORD, kinds.VAR_POSITIONAL)
    assert positional == {p.name for p in params if p.kind in taken}
    assert star == next((p.name for p in params if p.kind is kinds.VAR_POSITIONAL), None)
    spread = next((p.name for p in params if p.kind is kinds.VAR_KEYWORD), None)
    assert bundle == (typing.get_args(hints[spread])[0] if spread else None)
    assert set(declared) == {p.name for p in params if p.kind is not kinds.VAR_KEYWORD}
    for param, written in declared.items():
        for value in SAMPLES:
            if core._plainly_fits(value, written):  # let through without judging: it must fit
                assert judged.fits(value, hints[param]), (param, written, value)
