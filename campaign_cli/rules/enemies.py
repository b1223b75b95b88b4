"""Enemy threat boards (R40-R42): validation, elite rolls, defense, kill XP."""

from __future__ import annotations

from campaign_cli.errors import Refused
from campaign_cli.i18n import _, number
from campaign_cli.rules.names import MAX_AMOUNT, MAX_NAME, unsafe_char

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

    def __init__(self, field: str, why: str) -> None:
        super().__init__(_("bad board: {field} {why}").format(field=field, why=why), "bad_board")
        self.field, self.why = field, why


def _bad(field: str, why: str) -> Refused:
    return BoardProblem(field, why)


def _text_list(value, field: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() and len(v) <= MAX_TEXT for v in value):
        raise _bad(field, _("must be a list of non-empty texts of at most {limit} characters").format(limit=MAX_TEXT))
    if any(unsafe_char(v) for v in value):
        raise _bad(field, _("holds control characters"))
    return [v.strip() for v in value]


def _whole(value, where: str, low: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= MAX_AMOUNT:
        raise _bad(
            where,
            _('must be a whole number from {low} to {high}, not {value!r}').format(
                low=low, high=number(MAX_AMOUNT), value=value
            ),
        )
    return value


def _elite_entry(entry, where: str):
    """An elite table entry (R42): a text (`"Tough: +2 health"`), or an object whose
    numbers are added to that field of every instance of the group:
    `{"name": "Tough", "text": "...", "health": 2}`."""
    if isinstance(entry, str):
        return _text_list([entry], where)[0]
    if not isinstance(entry, dict):
        raise _bad(where, _("must be a text or an object with name, text and numbers"))
    unknown = sorted(set(entry) - {"name", "text", *ELITE_NUMBERS})
    if unknown:
        raise _bad(
            f"{where}.{unknown[0]}",
            _("is not an elite field (name, text, {fields})").format(fields=", ".join(ELITE_NUMBERS)),
        )
    out: dict[str, str | int] = {
        "name": _text_list([entry.get("name")] if isinstance(entry.get("name"), str) else [None], f"{where}.name")[0]
    }
    if "text" in entry:
        out["text"] = _text_list([entry["text"]], f"{where}.text")[0]
    for key in ELITE_NUMBERS:
        if key in entry:
            out[key] = _whole(entry[key], f"{where}.{key}", -MAX_AMOUNT)
    return out


def elite_text(entry) -> str:
    """How an elite entry reads: the text as given, or `Name: text`."""
    if isinstance(entry, str):
        return entry
    return f"{entry['name']}: {entry['text']}" if entry.get("text") else entry["name"]


def elite_numbers(entry) -> dict[str, int]:
    """What an elite entry adds to each instance's fields (nothing for a text entry)."""
    return {k: v for k, v in entry.items() if k in ELITE_NUMBERS} if isinstance(entry, dict) else {}


def _side(data, where: str) -> dict:
    if not isinstance(data, dict):
        raise _bad(where, _("must be an object with {fields}").format(fields=", ".join(NUMBERS + LISTS)))
    unknown = sorted(set(data) - set(NUMBERS) - set(OPTIONAL) - set(LISTS))
    if unknown:
        raise _bad(f"{where}.{unknown[0]}", _("is not a board field"))
    side: dict = {}
    for key in (*NUMBERS, *OPTIONAL):
        if key not in data:
            if key in OPTIONAL:
                continue
            raise _bad(f"{where}.{key}", _("is missing"))
        side[key] = _whole(data[key], f"{where}.{key}")
    for key in LISTS:
        if key not in data:
            raise _bad(f"{where}.{key}", _("is missing"))
    side["abilities"] = _text_list(data["abilities"], f"{where}.abilities")
    side["elite"] = (
        [_elite_entry(e, f"{where}.elite[{i}]") for i, e in enumerate(data["elite"])]
        if isinstance(data["elite"], list)
        else _text_list(data["elite"], f"{where}.elite")
    )
    if len(side["elite"]) != ELITE_ENTRIES:
        raise _bad(
            f"{where}.elite",
            _('must have exactly {ELITE_ENTRIES} entries (has {count})').format(
                ELITE_ENTRIES=ELITE_ENTRIES, count=len(side['elite'])
            ),
        )
    return side


def validate_board(data) -> dict:
    """A complete, typed board (R40), or Refused naming the first bad field."""
    if not isinstance(data, dict):
        raise _bad("board", _("must be a JSON object"))
    unknown = sorted(set(data) - {"name", "keywords", "size", "gender", *SIDES})
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
        raise _bad(
            "size",
            _('must be one of {value} (or {value2}), not {value3!r}').format(
                value=', '.join(SIZES), value2=', '.join(RUSSIAN_SIZES), value3=data.get('size')
            ),
        )
    gender = data.get("gender")
    if gender not in (None, "m", "f"):
        raise _bad("gender", _("must be m or f, not {value!r}").format(value=gender))
    return {
        "name": name.strip(),
        "keywords": keywords,
        "size": size,
        **({"gender": gender} if gender else {}),
        **{s: _side(data.get(s), s) for s in SIDES},
    }


def side_of(board: dict, brutal: bool) -> dict:
    return board["brutal" if brutal else "normal"]


def elite(board: dict, brutal: bool, die: int) -> str:
    """R42: one die picks the elite ability (as it reads)."""
    return elite_text(elite_entry(board, brutal, die))


def elite_entry(board: dict, brutal: bool, die: int):
    """R42: the elite table's entry for DIE: a text, or an object with numbers."""
    return side_of(board, brutal)["elite"][die - 1]


def wounds(board: dict, brutal: bool, damage: int) -> int:
    """R41: defense is subtracted from each hit's damage; never below 0."""
    return max(damage - side_of(board, brutal)["defense"], 0)


def kill_xp(board: dict, brutal: bool) -> int:
    """R41: the killer wins the enemy's XP."""
    return side_of(board, brutal)["xp"]
