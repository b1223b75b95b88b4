"""What the library returns is what it declares (issue 60): every act of the help's
examples, played through the library on the examples' campaign, returns a value whose
keys and value types are exactly those of its method's declared return type (the
TypedDicts of `campaign_cli.results`), checked at run time. A key the type forgets, a key
it declares required that is missing, a value of another type: the suite fails.
"""

from __future__ import annotations

import shlex
import shutil
import types
import typing
from pathlib import Path
from typing import Any

import pytest

import campaign_cli
from campaign_cli.acts import ACTS
from campaign_cli.api import Campaign
from tests import test_help_examples as examples
from tests import words as typed


def _keys(kind: Any) -> tuple[dict[str, Any], set[str]]:
    """A TypedDict's keys with their types, and the required ones (read from the hints:
    `__required_keys__` misses NotRequired written as a string, under postponed annotations)."""
    hints, required = {}, set()
    for key, hint in typing.get_type_hints(kind, include_extras=True).items():
        wrapper = typing.get_origin(hint)
        if wrapper in (typing.NotRequired, typing.Required):
            hint = typing.get_args(hint)[0]
        if wrapper is typing.Required or (wrapper is not typing.NotRequired and kind.__total__):
            required.add(key)
        while typing.get_origin(hint) is typing.Annotated:
            hint = typing.get_args(hint)[0]
        hints[key] = hint
    return hints, required


def problems(value: Any, kind: Any, where: str = "result") -> list[str]:
    """How VALUE differs from the type KIND (empty: it conforms)."""
    if kind is Any or kind is object:
        return []
    if kind is None or kind is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin is typing.Annotated:  # the model's bounds (Range, Pattern): the type is the first argument
        return problems(value, args[0], where)
    if origin is typing.Literal:
        return [] if value in args else [f"{where}: {value!r} is not one of {args}"]
    if origin in (typing.Union, types.UnionType):
        found = [problems(value, arm, where) for arm in args]
        return [] if any(not p for p in found) else min(found, key=len)
    if typing.is_typeddict(kind):
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__} is not {kind.__name__}"]
        hints, required = _keys(kind)
        out = [f"{where}: key {k!r} is not declared by {kind.__name__}" for k in value if k not in hints]
        out += [f"{where}: required key {k!r} of {kind.__name__} is missing" for k in sorted(required - set(value))]
        for key, hint in hints.items():
            if key in value:
                out += problems(value[key], hint, f"{where}.{key}")
        return out
    if origin is list or kind is list:
        if not isinstance(value, list):
            return [f"{where}: {type(value).__name__} is not a list"]
        return [p for i, v in enumerate(value) for p in problems(v, args[0] if args else Any, f"{where}[{i}]")]
    if origin is tuple:
        if not isinstance(value, (list, tuple)):  # JSON has no tuple
            return [f"{where}: {type(value).__name__} is not a tuple"]
        arms = [args[0]] * len(value) if len(args) == 2 and args[1] is Ellipsis else list(args)
        if len(arms) != len(value):
            return [f"{where}: {len(value)} values, not {len(arms)}"]
        return [p for i, (v, a) in enumerate(zip(value, arms)) for p in problems(v, a, f"{where}[{i}]")]
    if origin is dict or kind is dict:
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__} is not a dict"]
        key_kind, value_kind = args if args else (Any, Any)
        return [
            p
            for k, v in value.items()
            for p in (*problems(k, key_kind, f"{where} key"), *problems(v, value_kind, f"{where}[{k!r}]"))
        ]
    if kind is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        return [] if ok else [f"{where}: {value!r} is not a number"]
    if kind is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        return [] if ok else [f"{where}: {value!r} is not an int"]
    if isinstance(kind, type):
        return [] if isinstance(value, kind) else [f"{where}: {value!r} is not {kind.__name__}"]
    return [f"{where}: cannot judge {kind!r}"]


def returned(name: str) -> Any:
    return typing.get_type_hints(getattr(Campaign, name))["return"]


# -- the checker itself -----------------------------------------------------------------------
class Inner(typing.TypedDict):
    n: int


class Outer(typing.TypedDict):
    a: int
    b: typing.NotRequired[list[Inner]]
    c: typing.Literal["x", "y"] | None


@pytest.mark.parametrize(
    ("value", "found"),
    [
        ({"a": 1, "c": None}, []),
        ({"a": 1, "c": "x", "b": [{"n": 2}]}, []),
        ({"c": "x"}, ["required key 'a'"]),
        ({"a": 1, "c": "z"}, ["'z' is not one of"]),
        ({"a": True, "c": None}, ["True is not an int"]),
        ({"a": 1, "c": None, "d": 4}, ["key 'd' is not declared"]),
        ({"a": 1, "c": None, "b": [{"n": "2"}]}, ["result.b[0].n: '2' is not an int"]),
    ],
)
def test_the_checker_sees_each_kind_of_drift(value, found):
    said = problems(value, Outer)
    assert len(said) == len(found) and all(f in s for f, s in zip(found, said)), said


# -- the evening ------------------------------------------------------------------------------
# Commands that are not acts of a block (they have doors of their own), and lines that need
# what the block cannot give (a file from a redirect, another campaign's copy).
DOORS = set(typed.NOT_IN_BLOCK) | {"share git", "conflicts", "catalog import", "character import"}


READS = {"fight status"}  # an act of the guard table that changes nothing: no event


def _plays() -> list[tuple[str, list[str]]]:
    out = []
    for path, lines in examples._commands():
        if path.split()[0] in DOORS or path in DOORS:
            continue
        before = examples._before(path)
        if before is None or any(isinstance(b, tuple) or b.split()[0] in DOORS for b in before):
            continue
        out.append((path, [*before, *lines]))
    return out


def _path_of(words: list[str]) -> list[str]:
    """The command path at the head of WORDS (`fight attack`, `damage`)."""
    from campaign_cli.cli.framework import context

    group, path = typed._root(), []
    while hasattr(group, "list_commands"):
        group = group.get_command(context(group), words[len(path)])
        path.append(group.name)
    return path


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("types")
    path = folder / "campaign.json"
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(folder)
        (folder / "samples").symlink_to(examples.SAMPLES)
        with campaign_cli.open(path, create=True, lang="en"):
            pass
        for line in examples.SETUP.strip().splitlines()[1:]:  # after `init`, a block a line (as commands)
            with campaign_cli.open(path, lang="en") as camp:
                typed.run(camp, *shlex.split(line))
    return path


@pytest.mark.parametrize(("path", "lines"), _plays(), ids=lambda v: v if isinstance(v, str) else str(len(v)))
def test_every_act_returns_what_it_declares(world, tmp_path, monkeypatch, path, lines):
    shutil.copy(world, tmp_path / "campaign.json")
    shutil.copy(world.with_name("campaign.json.journal"), tmp_path / "campaign.json.journal")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "samples").symlink_to(examples.SAMPLES)
    shutil.copy(examples.SAMPLES / "enemies" / "bog-lurker.json", tmp_path / "board.json")
    found: list[str] = []
    with campaign_cli.open(tmp_path / "campaign.json", lang="en") as camp:
        for line in lines:
            for extra in examples.BEFORE_LINE.get(line, []):
                typed.run(camp, *shlex.split(extra))
            words = examples._words(line.removeprefix("campaign "))[0]
            words = words[: words.index(">")] if ">" in words else words
            words = words[1:] if words[:1] == ["campaign"] else words
            if "-f" in words or "--follow" in words:
                continue  # endless: campaign_cli.follow, tested in tests/test_follow.py
            told = len(camp.events)
            result = typed.run(camp, *words)
            act = " ".join(_path_of(words))
            acting = act in ACTS and act not in READS and "--dry-run" not in words  # a dry run does nothing
            if acting and len(camp.events) == told:  # issue 72: every act says what it did
                found.append(f"{' '.join(words)}: recorded no event")
            method = "_".join(_path_of(words)).replace("-", "_")
            if hasattr(Campaign, method) and result is not None and not isinstance(result, str):  # text: a sheet
                found += [f"{' '.join(words)}: {p}" for p in problems(result, returned(method))]
        found += [f"events: {p}" for p in problems(camp.events, typing.get_type_hints(Campaign.events.fget)["return"])]
    assert found == [], "\n".join(found)


# -- a refusal's facts, typed per code (campaign_cli/facts.py, generated from the code) --------
def test_every_refusal_raised_is_a_declared_code_whose_facts_have_their_declared_types(tmp_path, monkeypatch):
    """Refusals of every kind the suite's matrices make (each rule's refusal, hostile input
    through every front end): each code is one campaign_cli.facts declares, and its facts
    fit that code's TypedDict (keys it declares, values of their types)."""
    from campaign_cli import errors, facts
    from tests import test_hostile_matrix as hostile
    from tests import test_i18n

    raised: list[tuple[str, dict[str, Any]]] = []
    real = errors.CampaignError.__init__

    def noted(self: errors.CampaignError, message: Any, code: str | None = None) -> None:
        real(self, message, code)
        raised.append((self.code, self.facts))

    monkeypatch.setattr(errors.CampaignError, "__init__", noted)
    party = test_i18n.seat_party(tmp_path / "rules.json")
    for setup, args, _message in test_i18n.RULE_REFUSALS:
        copy = tmp_path / f"r{len(raised)}.json"
        shutil.copy(party, copy)
        for step in setup:
            test_i18n.en(copy, *step)
        test_i18n.en(copy, *args)
    made = tmp_path / "made"
    made.mkdir()
    cli = hostile.Cli(made / "c.json")
    cli.json("init")
    cli.json("character", "create", "Ajax", "--st", "12", "--dx", "10", "--iq", "10")
    cli.json("export", "--output", str(made / "export.json"))
    for front, kind in hostile.CELLS:
        hostile.FRONTS[front][0](cli, kind)
    town = made / "town.json"  # and through the library, each refusal in its own block
    shutil.copy(made / "c.json", town)
    with campaign_cli.open(town) as camp:
        camp.adventure_start("Crypt")
        camp.town_enter("Brimstone", blacksmith=True)
        camp.item_add("Ajax", "Broadsword", slots=1)
    for n, refused in enumerate(LIBRARY_REFUSALS):
        copy = made / f"l{n}.json"
        shutil.copy(town, copy)
        with pytest.raises(campaign_cli.CampaignError), campaign_cli.open(copy) as camp:
            refused(camp)
    codes = {code for code, _f in raised}
    assert len(codes) >= 30, sorted(codes)
    assert {"not_enough_gold", "not_enough_darkstone", "bad_allocation", "usage", "not_in_town"} <= codes
    for code, said in raised:
        if code in ("internal", "refused"):  # not a code of the library's own
            continue
        assert code in facts.CODES, f"{code} is raised but not declared"
        declared = getattr(facts, "".join(p.title() for p in code.split("_")) + "Facts")
        assert not problems(said, declared, code), (code, said, problems(said, declared, code))


# Refusals a script meets that the command line's matrices reach by other words (issue 73:
# `gold_remove` raised a code nobody declared, `darkstone_remove` facts nobody declared).
LIBRARY_REFUSALS = [
    lambda camp: camp.gold_remove("Ajax", 50),
    lambda camp: camp.darkstone_remove("Ajax", 3),
    lambda camp: camp.forge("Ajax", "Broadsword", stones=2),
    lambda camp: camp.adventure_start("Again"),
    lambda camp: camp.character_create("Bors", st=20, dx=10, iq=10),
    lambda camp: camp.check("3/DX", party=True, who="Ajax"),
    lambda camp: camp.check("Ajax", "3/DX", party=True, who="all"),
    lambda camp: camp.resolve(ours=True, theirs=True),
    lambda camp: camp.shop_buy("Ajax", "Dagger"),
    lambda camp: (camp.town_leave(), camp.town_leave()),
    lambda camp: camp.character_show("Ajx"),
    lambda camp: camp.character_show(99),
    lambda camp: camp.xp_award(-1, "Ajax"),
]


def facts_problems(err: campaign_cli.CampaignError) -> list[str]:
    """How ERR's facts differ from those its code declares (campaign_cli.facts)."""
    from campaign_cli import facts

    if err.code in ("internal", "refused"):
        return []
    if err.code not in facts.CODES:
        return [f"{err.code} is raised but not declared"]
    declared = getattr(facts, "".join(p.title() for p in err.code.split("_")) + "Facts")
    return problems(err.facts, declared, err.code)


def test_every_public_name_has_hints_that_resolve_and_none_is_any():
    """typing.get_type_hints works on every public name (typeguard, pydantic and the like
    read them) and no public type says Any (issue 73)."""
    from campaign_cli import errors, facts, results

    found = []
    named = [(f"{m.__name__}.{n}", getattr(m, n)) for m in (campaign_cli, results, facts) for n in dir(m)]
    named += [(f"Campaign.{n}", getattr(Campaign, n)) for n in dir(Campaign)]
    named += [(f"CampaignError.{n}", getattr(errors.CampaignError, n)) for n in dir(errors.CampaignError)]
    for name, value in named:
        if name.split(".")[-1].startswith("_") or isinstance(value, types.ModuleType):
            continue
        value = value.fget if isinstance(value, property) else value
        if not (isinstance(value, type) or callable(value)) or not getattr(value, "__module__", "").startswith(
            "campaign_cli"
        ):
            continue
        try:
            hints = typing.get_type_hints(value, include_extras=True)
        except Exception as err:
            found.append(f"{name}: {err!r}")
            continue
        found += [f"{name}.{key}: Any" for key, hint in hints.items() if "typing.Any" in repr(hint)]
    assert len(named) > 300
    assert found == [], "\n".join(found)
