"""Enemy threat boards (R40-R42): validation, elite rolls, defense, kill XP."""

from __future__ import annotations

from campaign_cli.errors import Refused
from campaign_cli.i18n import _
from campaign_cli.rules.names import MAX_AMOUNT, MAX_NAME, unsafe_char

MAX_TEXT = 1000  # an ability's or keyword's text

SIZES = ("small", "medium", "large", "huge", "giant")  # R40
# R40: the seed's Russian size words (CLI.md), stored as the English size
RUSSIAN_SIZES = {"маленький": "small", "средний": "medium", "большой": "large", "очень большой": "huge",
                 "огромный": "huge", "гигантский": "giant"}


def size_of(text: str) -> str | None:
    """The English size for an English or Russian size word, or None."""
    word = " ".join(text.split()).casefold()
    return word if word in SIZES else RUSSIAN_SIZES.get(word)
SIDES = ("normal", "brutal")
NUMBERS = ("initiative", "move", "escape", "to_hit", "combat", "damage", "defense", "health", "xp")
LISTS = ("abilities", "elite")
ELITE_ENTRIES = 6  # R42: one die on the table


def _bad(field: str, why: str) -> Refused:
    err = Refused(_("bad board: {field} {why}").format(field=field, why=why), "bad_board")
    err.detail = f"{field} {why}"  # what a pack's message quotes
    return err


def _text_list(value, field: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() and len(v) <= MAX_TEXT for v in value):
        raise _bad(field, _("must be a list of non-empty texts of at most {limit} characters").format(limit=MAX_TEXT))
    if any(unsafe_char(v) for v in value):
        raise _bad(field, _("holds control characters"))
    return [v.strip() for v in value]


def _side(data, where: str) -> dict:
    if not isinstance(data, dict):
        raise _bad(where, _("must be an object with {fields}").format(fields=", ".join(NUMBERS + LISTS)))
    unknown = sorted(set(data) - set(NUMBERS) - set(LISTS))
    if unknown:
        raise _bad(f"{where}.{unknown[0]}", _("is not a board field"))
    side: dict = {}
    for key in NUMBERS:
        if key not in data:
            raise _bad(f"{where}.{key}", _("is missing"))
        value = data[key]
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_AMOUNT:
            raise _bad(f"{where}.{key}", _('must be a whole number from 0 to {high:,}, not {value!r}').format(
                    high=MAX_AMOUNT, value=value))
        side[key] = value
    for key in LISTS:
        if key not in data:
            raise _bad(f"{where}.{key}", _("is missing"))
        side[key] = _text_list(data[key], f"{where}.{key}")
    if len(side["elite"]) != ELITE_ENTRIES:
        raise _bad(f"{where}.elite", _('must have exactly {ELITE_ENTRIES} entries (has {count})').format(
                ELITE_ENTRIES=ELITE_ENTRIES, count=len(side['elite'])))
    return side


def validate_board(data) -> dict:
    """A complete, typed board (R40), or Refused naming the first bad field."""
    if not isinstance(data, dict):
        raise _bad("board", _("must be a JSON object"))
    unknown = sorted(set(data) - {"name", "keywords", "size", *SIDES})
    if unknown:
        raise _bad(unknown[0], _("is not a board field"))
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
        raise _bad("name", _("must be a name of 1 to {limit} characters").format(limit=MAX_NAME))
    if unsafe_char(name):
        raise _bad("name", _("holds control characters"))
    if "keywords" not in data:
        raise _bad("keywords", _("is missing"))
    keywords = _text_list(data["keywords"], "keywords")
    size = size_of(data["size"]) if isinstance(data.get("size"), str) else None
    if size is None:
        raise _bad("size", _('must be one of {value} (or {value2}), not {value3!r}').format(
                value=', '.join(SIZES), value2=', '.join(RUSSIAN_SIZES), value3=data.get('size')))
    return {"name": name.strip(), "keywords": keywords, "size": size,
            **{s: _side(data.get(s), s) for s in SIDES}}


def side_of(board: dict, brutal: bool) -> dict:
    return board["brutal" if brutal else "normal"]


def elite(board: dict, brutal: bool, die: int) -> str:
    """R42: one die picks the elite ability."""
    return side_of(board, brutal)["elite"][die - 1]


def wounds(board: dict, brutal: bool, damage: int) -> int:
    """R41: defense is subtracted from each hit's damage; never below 0."""
    return max(damage - side_of(board, brutal)["defense"], 0)


def kill_xp(board: dict, brutal: bool) -> int:
    """R41: the killer wins the enemy's XP."""
    return side_of(board, brutal)["xp"]
