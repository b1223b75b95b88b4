"""The judge's verdict on whole documents: one document by its model's name, a campaign's
tables and what holds between them (ids, names), its packs and boards. The judge itself
(judge.py: the nodes; _judged.py: the model compiled into them) imports no rule; this
module is where the verdict meets the rules that check packs and boards."""

from __future__ import annotations

from campaign_cli._judged import DOCUMENTS
from campaign_cli.i18n import _
from campaign_cli.judge import IntNode, Invalid
from campaign_cli.rules.names import MAX_ID

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: a write never needs it at run time
if TYPE_CHECKING:
    from typing import Any


def check(name: str, doc: Any, where: str = "") -> None:
    """DOC is a sound document NAME (`Character`, `Item`, `Meta`...), or Invalid names the
    first field that is not."""
    DOCUMENTS[name].check(doc, where)


# -- a whole campaign ------------------------------------------------------------------------
TABLES = ("characters", "enemies")


def check_campaign(
    data: dict[str, Any],
    meta_key: str = "1",
    sound: dict[str, Any] | None = None,
    loaded: dict[str, Any] | None = None,
) -> None:
    """Every document of a campaign's tables and what holds between them: the meta; each
    character (key = id); each stored enemy board (a board, key = id); ids unique across
    characters, their items, enemies and packs, and below `next_id`; character names unique
    case-insensitively. Invalid names the first problem.

    SOUND: tables already judged sound (the state a change started from). A document equal
    to its namesake there is not judged again, for a document's verdict is a function of
    the document; what holds between documents is always judged. The verdict, and the
    problem it names, is the same as without (tests/test_model.py proves it).

    LOADED: the tables as read, before the change (the very objects the file's bytes made):
    a document that is still that object and equal to its namesake in SOUND was not touched
    (its repr, a tenth of a write on a 4 MB campaign, is not taken)."""
    judged_before = (sound or {}).get("characters", {}), (sound or {}).get("enemies", {})
    as_read = (loaded or {}).get("characters", {}), (loaded or {}).get("enemies", {})

    def unjudged(doc: Any, before: Any, read: Any = None) -> bool:
        if before is None:
            return True
        if doc is read and (doc is before or doc == before):
            return False  # the object the file's judged bytes made, untouched
        # repr, not ==: Python's equality takes 0 for false and 1.0 for 1, which the judge
        # does not (a document that only looks equal is judged)
        return repr(doc) != repr(before)

    meta = data["meta"][meta_key]
    check("Meta", meta, "meta")
    try:
        if _between_sound(data, meta["next_id"], judged_before, as_read, unjudged):
            return
    except Invalid:
        pass  # a document's own problem: the walk below names the first problem in order
    _first_problem(data, meta["next_id"], judged_before, as_read, unjudged)


def _between_sound(data: dict[str, Any], next_id: int, judged_before: Any, as_read: Any, unjudged: Any) -> bool:
    """Whether every document is sound and what holds between them holds, in one pass that
    names nothing (ids gathered in a list, their places never spelled): a write to a
    campaign of 20,000 items spent a tenth of its time spelling places (issue 80). False
    (or Invalid) sends `_first_problem` to name the first problem, in its order."""
    ids: list[int] = []
    names: set[str] = set()
    for key, doc in data["characters"].items():
        if unjudged(doc, judged_before[0].get(key), as_read[0].get(key)):
            check("Character", doc, f"characters.{key}")
        ident = doc["id"]
        if str(ident) != key:
            return False
        ids.append(ident)
        ids += [item["id"] for item in doc["items"]]
        if not claimed(doc["name"], names):
            return False
    names = set()
    for key, board in data["enemies"].items():
        if unjudged(board, judged_before[1].get(key), as_read[1].get(key)):
            check_board(board, f"enemies.{key}")
        ident = board.get("id")
        if str(ident) != key:
            return False
        ids.append(ident)
        if not claimed(board["name"], names):
            return False
    return len(set(ids)) == len(ids) and (not ids or max(ids) < next_id)


def claimed(name: str, names: set[str]) -> bool:
    """NAME added to NAMES (names as the judge compares them: ends trimmed, any case), or
    False when one there already is it."""
    folded = name.strip().casefold()
    if folded in names:
        return False
    names.add(folded)
    return True


def _first_problem(data: dict[str, Any], next_id: int, judged_before: Any, as_read: Any, unjudged: Any) -> None:
    """The documents and what holds between them walked in order: Invalid names the first
    problem (`_between_sound` found one)."""
    seen: dict[int, str] = {}

    def own(ident: int, where: str) -> None:
        if ident in seen:
            raise Invalid(f"{where}.id", _("repeats id {ident} of {other}").format(ident=ident, other=seen[ident]))
        if ident >= next_id:
            raise Invalid(f"{where}.id", _("is at or above meta.next_id ({next_id})").format(next_id=next_id))
        seen[ident] = where

    names: dict[str, str] = {}
    for key, doc in data["characters"].items():
        where = f"characters.{key}"
        if unjudged(doc, judged_before[0].get(key), as_read[0].get(key)):
            check("Character", doc, where)
        if str(doc["id"]) != key:
            raise Invalid(
                f"{where}.id", _("is {ident}, but the document is stored under {key}").format(ident=doc["id"], key=key)
            )
        own(doc["id"], where)
        for i, item in enumerate(doc["items"]):
            own(item["id"], f"{where}.items[{i}]")
        folded = doc["name"].strip().casefold()
        if folded in names:
            raise Invalid(f"{where}.name", _("is taken by {other}").format(other=names[folded]))
        names[folded] = where
    boards: dict[str, str] = {}
    for key, board in data["enemies"].items():
        where = f"enemies.{key}"
        if unjudged(board, judged_before[1].get(key), as_read[1].get(key)):
            check_board(board, where)
        if str(board.get("id")) != key:
            raise Invalid(
                f"{where}.id",
                _("is {ident}, but the document is stored under {key}").format(ident=board.get("id"), key=key),
            )
        own(board["id"], where)
        folded = board["name"].strip().casefold()
        if folded in boards:
            raise Invalid(f"{where}.name", _("is taken by {other}").format(other=boards[folded]))
        boards[folded] = where


def ids_of(data: dict[str, Any]) -> set[int]:
    """Every id the campaign's characters, their items and its enemy boards hold."""
    ids = set()
    for doc in data["characters"].values():
        ids.add(doc["id"])
        ids.update(item["id"] for item in doc["items"])
    ids.update(board["id"] for board in data["enemies"].values())
    return ids


def check_packs(tables: dict[str, Any], packs: Any) -> None:
    """The stored packs: each a pack (CLI.md "Catalog packs") with an id of its own, unique
    among every id of the campaign and below `next_id`, and a name no other pack has."""
    from campaign_cli.errors import Refused
    from campaign_cli.rules import packs as pack_rules

    if type(packs) is not list:
        raise Invalid("packs", _("must be a list"))
    ids = ids_of(tables)
    next_id = tables["meta"]["1"]["next_id"]
    names: set[str] = set()
    for i, pack in enumerate(packs):
        where = f"packs[{i}]"
        if type(pack) is not dict:
            raise Invalid(where, _("must be an object"))
        IntNode(1, MAX_ID - 1).check(pack.get("id"), f"{where}.id")
        if pack["id"] in ids or pack["id"] >= next_id:
            raise Invalid(f"{where}.id", _("repeats an id or is at or above meta.next_id"))
        ids.add(pack["id"])
        unknown = sorted(set(pack) - {"id", *pack_rules.FIELDS})
        if unknown:
            raise Invalid(f"{where}.{unknown[0]}", _("is not a field of this document"))
        try:
            pack_rules.validate({k: v for k, v in pack.items() if k != "id"})
        except Refused as err:
            raise Invalid(where, err.message) from None
        name = str(pack.get("pack", "")).casefold()
        if name in names:
            raise Invalid(f"{where}.pack", _("is taken by another pack"))
        names.add(name)


def check_board(board: Any, where: str) -> None:
    """A stored enemy board: its id, then the board as `enemy add` takes it (R40)."""
    from campaign_cli.errors import Refused
    from campaign_cli.rules.enemies import BoardProblem, validate_board

    if type(board) is not dict:
        raise Invalid(where, _("must be an object"))
    IntNode(1, MAX_ID - 1).check(board.get("id"), f"{where}.id")
    try:
        validate_board({k: v for k, v in board.items() if k != "id"}, stored=True)
    except BoardProblem as err:
        raise Invalid(f"{where}.{err.field}", err.why) from None
    except Refused as err:  # pragma: no cover - validate_board raises BoardProblem
        raise Invalid(where, err.message) from None
