"""The one resolver for every name a user types: characters, items, enemies, skills,
spells, curses and catalog entries, by any of their names (English, Russian, aliases)
or by id, case-insensitively. A miss is refused with the closest known names.

Pure functions; difflib is imported only on a miss, so a command whose names all
resolve never pays for the suggestions.
"""

from __future__ import annotations

from campaign_cli.errors import N_, Genitive, Joined, NotFound, Quoted, Refused, Say, Shown, UsageProblem
from campaign_cli.folding import key

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: this module is on the TAB path
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any, TypeVar

    Value = TypeVar("Value")  # what an entry holds: a character, an item, a board...

MAX_NAME = 100  # CLI.md "Names": longer names are refused at creation
MAX_AMOUNT = 1_000_000  # CLI.md "Names": counts and amounts are whole numbers 0..1,000,000
MAX_ID = 2**53  # ids, counters and seeds stay exact in JSON (and in jq)
MAX_TEXT = 200  # CLI.md "Sizes": any name or spec longer than this exits 2 before any work

# An entry: (the value, the names it answers to (the first is shown), its id or None)
Entry = tuple["Any", tuple[str, ...], "int | None"]


# Russian case and number endings, longest first: enough to tell `плавания`, `плаванию`,
# `плаванием` from `плавание`, `пращу` from `праща` (no dictionary; names are matched by
# it only when nothing else matches, and only when one name alone has that stem).
ENDINGS = sorted(
    [
        "иями",
        "ыми",  # adjectives: Светлыми, Тёмными (a two-word name in any case: Лада Светлая, Мара Тёмная)
        "ими",
        "ого",
        "его",
        "ому",
        "ему",
        "ую",
        "юю",
        "ым",
        "им",
        "ых",
        "их",
        "ями",
        "ами",
        "ией",
        "ием",
        "иях",
        "ах",
        "ях",
        "ом",
        "ем",
        "ой",
        "ей",
        "ий",
        "ый",
        "ая",
        "яя",
        "ое",
        "ее",
        "ые",
        "ие",
        "ия",
        "ии",
        "ию",
        "ью",
        "ов",
        "ев",
        "ам",
        "ям",
        "у",
        "ю",
        "а",
        "я",
        "о",
        "е",
        "ы",
        "и",
        "ь",
    ],
    key=len,
    reverse=True,
)


def stems(text: str) -> tuple[str, ...]:
    """Each word of TEXT (folded) without its Russian ending, kept at least 3 letters."""
    out = []
    for word in text.split():
        for ending in ENDINGS:
            if word.endswith(ending) and len(word) - len(ending) >= 3:
                word = word[: -len(ending)]
                break
        out.append(word)
    return tuple(out)


# A stack's pieces beside its name (CLI.md "Stacks"): a sign, so no name is ever declined.
STACK_SIGN = " ×"


def with_pieces(name: str, n: int) -> str:
    """NAME with the pieces meant when more than one: `Torch ×3`."""
    return name if n == 1 else f"{name}{STACK_SIGN}{n}"


def without_pieces(text: str) -> tuple[str, int]:
    """A name with its stack's sign apart: `Torch ×3` -> (`Torch`, 3); (`Torch`, 1) without one."""
    name, sign, n = text.rpartition(STACK_SIGN)
    return (name, int(n)) if sign and n.isdecimal() and len(n) < 9 else (text, 1)


def parse_id(ref: str) -> int | None:
    """`7` or `#7` names an id."""
    text = ref.strip().lstrip("#")
    return int(text) if text.isdigit() and len(text) < 16 else None


# What a name can name, as messages say it (the English word is also the error code's).
WHAT = (
    N_("character"),
    N_("item"),
    N_("curse"),
    N_("spell"),
    N_("skill"),
    N_("enemy on the board"),
    N_("catalog entry"),
    N_("pack"),
    N_("enemy"),
    N_("body part"),
    N_("attribute"),
    N_("keyword"),
    N_("adventure"),
    N_("town"),
    N_("fight"),
)


def resolve(
    ref: str | int,
    entries: Iterable[tuple[Value, tuple[str, ...], int | None]],
    what: str,
    code: str | None = None,
    where: str = "",
) -> Value:
    """The value whose id or one of whose names is REF; refused with suggestions when none is.
    An int REF is an id (the library's `character_show(2)`; the command line types `2`)."""
    if not isinstance(ref, str):
        ref = str(ref)
    if len(ref) > MAX_TEXT:
        raise UsageProblem(
            Say(
                "a {what} name is at most {limit} characters, not {count}",
                what=Say(what),
                limit=MAX_TEXT,
                count=len(ref),
            ),
            "too_long",
        )
    if not ref.strip() or unsafe_char(ref) is not None:
        check_text(ref, what, MAX_TEXT)  # a name looked up is bad input as a name given is: exit 2
    entries = list(entries)
    ident = parse_id(ref)
    if ident is not None:
        for value, _names, eid in entries:
            if eid == ident:
                return value
    wanted = key(ref)
    found = [(value, names, eid) for value, names, eid in entries if any(key(n) == wanted for n in names)]
    if not found and any("а" <= c <= "я" or c == "ё" for c in wanted):
        # a Russian name in another case (`для ПЛАВАНИЯ`, `пращу`): one name of that stem only
        stem = stems(wanted)
        by_stem = [(value, names, eid) for value, names, eid in entries if any(stems(key(n)) == stem for n in names)]
        found = by_stem if len(by_stem) == 1 else []
    if not found and what == "character" and " " not in wanted:
        found = _first_name(wanted, entries)
    if len(found) == 1:
        return found[0][0]
    if len(found) > 1:
        from campaign_cli.rules.choices import Choice

        # each id as typed where the name was, with what tells the things apart (issue 74)
        ids = Joined(" or ", [Choice(f"#{eid}", eid, _told(value, names)) for value, names, eid in found])
        text = (
            N_("{owner} has {count} {what}s named {name!r}; name one by id: {ids}")
            if where
            else N_("there are {count} {what}s named {name!r}; name one by id: {ids}")
        )
        raise Refused(
            Say(text, owner=where, count=len(found), what=Say(what), name=ref.strip(), ids=ids),
            f"ambiguous_{what.replace(' ', '_')}",
        )
    raise not_found(ref, [names for _, names, _ in entries], what, code, where)


def _told(value: Any, names: Any) -> list[Any]:
    """What tells one of several things of a name apart: its name, and an item's place or a
    thing's kind (`Dagger, carried`)."""
    told: list[Any] = [Shown(names[0])] if names else []
    if isinstance(value, dict):
        for field in ("state", "kind"):
            if isinstance(value.get(field), str):
                told.append(Shown(value[field]))
                break
    return told


def _first_name(wanted: str, entries: list[Any]) -> list[Any]:
    """The one character whose first name is WANTED, in any case (`Лада`, `Лады` for Лада
    Светлая; CLI.md "Language"), or nothing: a first name two characters share names nobody."""
    russian = any("а" <= c <= "я" or c == "ё" for c in wanted)
    stem = stems(wanted) if russian else None

    def first(name: str) -> str:
        return key(name).split(" ", 1)[0]

    found = [e for e in entries if any(" " in key(n) and first(n) == wanted for n in e[1])]
    if not found and stem is not None:
        found = [e for e in entries if any(" " in key(n) and stems(first(n)) == stem for n in e[1])]
    return found if len(found) == 1 else []


def not_found(
    ref: str, names: Iterable[tuple[str, ...]], what: str, code: str | None = None, where: str = ""
) -> NotFound:
    """The refusal for a name that matches nothing: the closest known names in the
    message and as `suggestions` (for the JSON error)."""
    close = suggest(ref, names)
    text = N_("{owner} has no {what} named {name!r}") if where else N_("no {what} named {name!r}")
    err = NotFound(
        Say(text, owner=where, what=Genitive(what), name=ref.strip()) + did_you_mean(close),
        code or f"unknown_{what.replace(' ', '_')}",
    )
    err.extra["suggestions"] = close
    return err


def did_you_mean(close: list[str]) -> Say | str:
    """The hint a refusal ends with ("; did you mean 'X' or 'Y'?"), or "" with nothing close."""
    return Say("; did you mean {names}?", names=Joined(N_(" or "), list(map(Quoted, close)))) if close else ""


def suggest(ref: str, names: Iterable[tuple[str, ...]], limit: int = 3) -> list[str]:
    """Up to LIMIT names close to REF (or containing it), each group's closest name: a
    Russian typo is answered with the Russian name, an English one with the English."""
    from difflib import SequenceMatcher

    wanted = key(ref)
    words = set(stems(wanted))
    scored: dict[str, float] = {}
    for group in names:
        if not group:
            continue
        best, shown = 0.0, group[0]
        for name in group:
            k = key(name)
            score = SequenceMatcher(None, wanted, k).ratio()
            if wanted and (wanted in k or k in wanted):
                score = max(score, 0.8)
            if words and words < set(stems(k)):  # part of a longer name, in any case: «Ладу», «Светлой»
                score = max(score, 0.8)
            if distance(wanted, k, 2) <= 2:
                score = max(score, 0.75)
            elif (
                len(wanted) > 3
                and " " in k
                and all(w.isalpha() for w in k.split())
                and any(distance(wanted, w, 1) <= 1 for w in k.split())
            ):
                score = max(score, 0.75)  # a typo in one word of a longer name: «Ладаа» for Лада Светлая
            if score > best:
                best, shown = score, name
        if best >= 0.7:
            scored[shown] = max(scored.get(shown, 0.0), best)
    return [n for n, _ in sorted(scored.items(), key=lambda p: (-p[1], p[0]))[:limit]]


def distance(a: str, b: str, cap: int = 2) -> int:
    """Edit distance between A and B (insert, delete, substitute), counted up to CAP + 1."""
    if abs(len(a) - len(b)) > cap:
        return cap + 1
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        if min(cur) > cap:
            return cap + 1
        prev = cur
    return min(prev[-1], cap + 1)


def near(ref: str, names: Iterable[tuple[str, ...]], edits: int = 2) -> str | None:
    """The name within EDITS edits of REF (not equal) closest to it, or None: the spelling
    the user was reaching for, so `Кольчюга` is answered with `Кольчуга`, not `Chainmail`.
    Names under 6 letters allow one edit only (`Crate` is not a typo of `Plate`)."""
    wanted = key(ref)
    edits = edits if len(wanted) >= 6 else min(edits, 1)
    best: tuple[int, str] | None = None
    for group in names:
        for name in group:
            d = distance(wanted, key(name), edits)
            if 0 < d <= edits and (best is None or d < best[0]):
                best = (d, name)
    return best[1] if best else None


# What no name may hold (CLI.md "Reliability"): control and format characters, and, in a
# name given or imported from now on, the line and paragraph separators and private use
GIVEN = ("Cc", "Cf", "Zl", "Zp", "Co")
STORED = ("Cc", "Cf")  # what a stored file may not hold (an older one keeps the others, shown escaped)


def unsafe_char(text: str, categories: tuple[str, ...] = GIVEN) -> str | None:
    """The first character of TEXT in one of Unicode's CATEGORIES (by default what a name
    given may not hold: Cc, Cf, Zl, Zp, Co), or None."""
    if text.isascii() and text.isprintable():  # none of them among these: no Unicode table to load
        return None
    import unicodedata

    return next((c for c in text if unicodedata.category(c) in categories), None)


def check_text(text: str, what: str, limit: int = MAX_NAME) -> str:
    """A name a user gives: not empty, at most LIMIT characters, no control or format
    characters (Cc, Cf: newline, escape, C1 controls, bidi overrides). Exit 2 otherwise."""
    clean = text.strip()
    if not clean:
        raise UsageProblem(Say("every {what} needs a name", what=Say(what)), "bad_name")
    if len(clean) > limit:
        raise UsageProblem(
            Say(
                "a {what} name is at most {limit} characters, not {count}",
                what=Say(what),
                limit=limit,
                count=len(clean),
            ),
            "bad_name",
        )
    bad = unsafe_char(clean)
    if bad is not None:
        import unicodedata

        text = (
            N_("a {what} name cannot hold line separators or private-use characters (U+{code:04X})")
            if unicodedata.category(bad) in ("Zl", "Zp", "Co")
            else N_("a {what} name cannot hold control or format characters (U+{code:04X})")
        )
        raise UsageProblem(Say(text, what=Say(what), code=ord(bad)), "bad_name")
    return clean
