"""Events said once (issue 72; CLI.md "Events: what happened, said once"): every kind of
`results.Event` has its sentence in both languages, made by one template, never glued from
translated fragments; the journal keeps the events of every way in."""

from __future__ import annotations

import ast
import re
import typing
from pathlib import Path

import pytest

import campaign_cli
from campaign_cli import results
from campaign_cli.render import events as said

ROOT = Path(__file__).resolve().parent.parent
NAMES = {"name": "Ajax", "by": "Kate", "attacker": "Ajax", "target": "Bog Lurker 1", "enemy": "Bog Lurker 1"}


def _value(key: str, hint: object) -> object:
    """A value of HINT's type for KEY, as an act would record it."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Literal:
        return args[-1]
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        return _value(key, next(a for a in args if a is not type(None)))
    if origin is list:
        return [2, 1] if args[0] is int else ["Ajax", "Kate"]
    if origin is dict:
        return {"Ajax": 1}
    if hint is bool:
        return True
    if hint is int:
        return 3
    return NAMES.get(key, "Dagger" if key in ("item", "potion", "into") else "Mummy Rot" if key == "curse" else "Xena")


def examples() -> list[dict[str, object]]:
    """One event of each kind, every key filled."""
    out = []
    for kind in typing.get_args(results.Event):
        hints = typing.get_type_hints(kind)
        for tag in typing.get_args(hints["event"]):
            out.append({k: tag if k == "event" else _value(k, h) for k, h in hints.items()})
    return out


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_kind_of_event_has_its_sentence_in_both_languages(lang: str) -> None:
    cases = examples()
    assert len(cases) == 60
    for event in cases:
        text = campaign_cli.sentence(event, lang=lang)  # type: ignore[arg-type]
        assert text and text != event["event"], event  # its template, not its kind's name
        assert text[0].isupper() or text[0].isdigit() or text.startswith("#"), text  # a sentence's start
        assert " | " not in text and "{" not in text, text
        if lang == "ru":
            latin = set(re.findall(r"[A-Za-z][A-Za-z']+", text)) - {
                "Ajax",
                "Kate",
                "Bog",
                "Lurker",
                "XP",
                "ST",
                "DX",
                "IQ",
            }
            assert latin <= {"Dagger", "Mummy", "Rot", "Medic", "hero", "Xena", "R13", "R19"}, (event, text)


def test_no_sentence_is_glued_from_translated_fragments() -> None:
    """Each sentence is one template: render/events.py adds no translated text to another
    (`+`), joins none (`"; ".join(...)` of `_()`), and formats every template it says."""
    tree = ast.parse((ROOT / "campaign_cli" / "render" / "events.py").read_text(encoding="utf-8"))

    def translated(node: ast.AST) -> bool:
        return any(
            isinstance(n, ast.Call) and getattr(n.func, "id", None) in ("_", "ngettext", "of_thing")
            for n in ast.walk(node)
        )

    glued = [
        node.lineno
        for node in ast.walk(tree)
        if (
            isinstance(node, ast.BinOp)
            and isinstance(node.op, ast.Add)
            and (translated(node.left) or translated(node.right))
        )
        or (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", None) == "join"
            and any(translated(a) for a in node.args)
        )
    ]
    assert glued == []


def test_an_event_a_hand_edit_broke_is_said_by_its_kind_never_an_error() -> None:
    assert said.sentence({"event": "gold", "name": "Ajax"}) == "gold"
    assert said.sentence({"event": "from_a_newer_version"}) == "from_a_newer_version"


def test_every_way_in_stores_its_events(tmp_path: Path) -> None:
    """One command, a batch, a library block, undo and redo: each entry keeps its events,
    and an entry from before the events were complete keeps its English summary."""
    import json
    import subprocess
    import sys

    path = tmp_path / "c.json"
    campaign_cli.init(path, "Ways")
    with campaign_cli.open(path, label="gm") as camp:
        camp.character_create("Ajax", st=12, dx=11, iq=9)
        camp.xp_award(2, "Ajax", reason="riddle")
    run = [sys.executable, "-m", "campaign_cli", "-c", str(path)]
    subprocess.run([*run, "gold", "add", "Ajax", "3"], check=True, capture_output=True)
    subprocess.run(
        [*run, "batch", "-"],
        input='{"args": ["wish", "add", "Ajax", "1"]}\n',
        text=True,
        check=True,
        capture_output=True,
    )
    subprocess.run([*run, "undo"], check=True, capture_output=True)
    subprocess.run([*run, "redo"], check=True, capture_output=True)
    journal = [json.loads(line) for line in Path(f"{path}.journal").read_text().splitlines()]
    kinds = [[e["event"] for e in entry["events"]] for entry in journal]
    assert kinds == [
        ["campaign_created"],
        ["created", "xp_awarded"],
        ["gold"],
        ["wish_added"],
        ["undone"],
        ["redone"],
    ]
    assert all(entry["events_complete"] for entry in journal)
    older = {**journal[2], "events_complete": False, "events": []}  # as a journal from before
    from campaign_cli.library.core import entry_view

    assert entry_view(older)["summary"] == "Ajax: +3 gold" and entry_view(older)["events"] == []


def test_a_roll_with_a_modifier_is_said_with_it_in_the_log(tmp_path):
    """A regression: `roll 2к6−1` answered «2к6−1: 2, 5 −1 = 6» but the log said «Бросок
    2к6−1: 2, 5 = 6» (its event had no modifier); the event keeps it, the sentence says it."""
    import campaign_cli

    path = tmp_path / "c.json"
    campaign_cli.init(path, "R")
    with campaign_cli.open(path) as camp:
        rolled = camp.roll("2D6-1", dice=[2, 5])
    assert rolled["total"] == 6
    with campaign_cli.read(path, lang="ru") as camp:
        entry = camp.log(limit=1)[-1]
    event = next(e for e in entry["events"] if e["event"] == "rolled")
    assert event["modifier"] == -1 and campaign_cli.sentence(event, lang="ru") == "Бросок 2к6\u22121: 2, 5 \u22121 = 6"
    assert campaign_cli.sentence(event, lang="en") == "Rolled 2D6-1: 2, 5 -1 = 6"
