"""Enemy threat boards (R40-R42): validation, elite rolls, defense, kill XP."""

from __future__ import annotations

from typing import TYPE_CHECKING

from campaign_cli.errors import Refused, Say

if TYPE_CHECKING:
    from typing import Any

    from campaign_cli.model import Board, Side

MAX_TEXT = 1000  # an ability's or keyword's text

SIZES = ("small", "medium", "large", "huge", "giant")  # R40
# R40: the seed's Russian size words (CLI.md), stored as the English size
RUSSIAN_SIZES = {
    "маленький": "small",
    "средний": "medium",
    "большой": "large",
    "очень большой": "huge",
    "огромный": "huge",
    "гигантский": "giant",
}


def size_of(text: str) -> str | None:
    """The English size for an English or Russian size word, or None."""
    word = " ".join(text.split()).casefold()
    return word if word in SIZES else RUSSIAN_SIZES.get(word)


SIDES = ("normal", "brutal")
NUMBERS = ("initiative", "move", "escape", "to_hit", "combat", "damage", "defense", "health", "xp")
OPTIONAL = ("wound_xp",)  # R41: XP a character wins for each wound dealt ("large and dangerous enemies")
LISTS = ("abilities", "elite")
ELITE_NUMBERS = ("health", "defense", "damage", "combat", "to_hit", "move", "initiative", "escape")
ELITE_ENTRIES = 6  # R42: one die on the table


class BoardProblem(Refused):
    """A bad board field: `field` and `why`, which a pack's message quotes."""

    def __init__(self, field: str, why: str | Say) -> None:
        super().__init__(Say("bad board: {field} {why}", field=field, why=why), "bad_board")
        self.field, self.why = field, why


def _bad(field: str, why: str | Say) -> Refused:
    return BoardProblem(field, why)


def stripped(value: Any) -> Any:
    """Texts as typed, without the spaces around them (in lists and objects too); anything
    else as it is: the judge says what is wrong with it."""
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, list):
        return [stripped(v) for v in value]
    if isinstance(value, dict):
        return {k: stripped(v) for k, v in value.items()}
    return value


def elite_text(entry: Any) -> str:
    """How an elite entry reads: the text as given, or `Name: text`."""
    if isinstance(entry, str):
        return entry
    return f"{entry['name']}: {entry['text']}" if entry.get("text") else entry["name"]


def elite_numbers(entry: Any) -> dict[str, int]:
    """What an elite entry adds to each instance's fields (nothing for a text entry)."""
    return {k: v for k, v in entry.items() if k in ELITE_NUMBERS} if isinstance(entry, dict) else {}


def normalized(data: dict[str, Any], texts: bool = True) -> dict[str, Any]:
    """A board as it is stored: texts stripped (with TEXTS: a stored board's were stripped
    when it was stored), the size in English (R40: the seed's Russian words are read too),
    no `gender` when it is null."""
    board = stripped(data) if texts else dict(data)
    if isinstance(board.get("size"), str):
        board["size"] = size_of(board["size"]) or board["size"]
    if "gender" in board and board["gender"] is None:
        del board["gender"]
    return board


def validate_board(data: Any, stored: bool = False) -> Board:
    """A complete, typed board (R40), or Refused naming the first bad field: the judge's
    verdict (campaign_cli/model.py `Board`) on the board as it would be stored. A STORED
    board (the campaign file's, judged on every read) is not copied to strip its texts
    again: they were stripped when it was stored (a text a hand edit padded with spaces
    is judged as it stands)."""
    from campaign_cli import judge
    from campaign_cli._judged import DOCUMENTS

    if not isinstance(data, dict):
        raise _bad("board", Say("must be a JSON object"))
    board = normalized(data, texts=not stored)
    try:
        DOCUMENTS["Board"].check(board)
    except judge.Invalid as err:
        raise BoardProblem(err.where, err.why) from None
    return board  # type: ignore[return-value]  # judged a Board just above


def side_of(board: Board, brutal: bool) -> Side:
    return board["brutal" if brutal else "normal"]


def elite(board: Board, brutal: bool, die: int) -> str:
    """R42: one die picks the elite ability (as it reads)."""
    return elite_text(elite_entry(board, brutal, die))


def elite_entry(board: Board, brutal: bool, die: int) -> Any:
    """R42: the elite table's entry for DIE: a text, or an object with numbers."""
    return side_of(board, brutal)["elite"][die - 1]


def wounds(board: Board, brutal: bool, damage: int) -> int:
    """R41: defense is subtracted from each hit's damage; never below 0."""
    return max(damage - side_of(board, brutal)["defense"], 0)


def kill_xp(board: Board, brutal: bool) -> int:
    """R41: the killer wins the enemy's XP."""
    return side_of(board, brutal)["xp"]
