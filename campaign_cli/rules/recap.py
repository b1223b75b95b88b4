"""A recap: what happened over a stretch of the journal, per character and for the party.

Pure: it reads journal entries (oldest first), each with the character documents it
changed as (before, after), and adds up the differences. Changes later undone, and the
undos themselves, count for nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from campaign_cli.errors import Opt, Refused, Say, UsageProblem
from campaign_cli.rules.characters import current_status
from campaign_cli.rules.names import with_pieces

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Mapping
    from typing import Any

    from campaign_cli.model import Character

FIELDS = (
    "xp_won",
    "xp_spent",
    "karma_won",
    "karma_spent",
    "wishes_won",
    "wishes_spent",
    "damage_taken",
    "damage_healed",
    "fatigue_taken",
    "fatigue_recovered",
    "knocked_out",
    "died",
    "curses_gained",
    "curses_lifted",
    "items_gained",
    "items_lost",
    "items_held",
    "items_worn",
    "items_stored",
    "gold_gained",
    "gold_lost",
    "darkstone_found",
    "darkstone_forged",
    "checks",
    "checks_passed",
    "karma_expired",
)


_LISTS = tuple(f for f in FIELDS if f.startswith(("curses", "items")))
# A blank row's fields, made once (a batch makes a row for every line)
_BLANK = {f: None if f in _LISTS else False if f == "died" else 0 for f in FIELDS}


def _blank(name: str) -> dict[str, Any]:
    row: dict[str, Any] = {"name": name, **_BLANK}
    for field in _LISTS:
        row[field] = []  # in place: the fields keep their order
    return row


def _state(doc: Character | None) -> str | None:
    return None if doc is None else current_status(doc)


def _add(row: dict[str, Any], won: str, lost: str, before: int, after: int) -> None:
    if after > before:
        row[won] += after - before
    elif before > after:
        row[lost] += before - after


def _character(row: dict[str, Any], before: Character | None, after: Character | None, expiring: bool = False) -> None:
    """Add what one command did to a character (BEFORE and AFTER it) to ROW. EXPIRING: the
    command ended the adventure, so Bard karma that went away lapsed (R25), unspent. A
    character created (or imported) or deleted did nothing: arriving with XP is not
    winning it, and a deletion spends nothing."""
    if before is None or after is None:
        return
    b, a = before, after
    _add(row, "xp_won", "xp_spent", b.get("xp", 0), a.get("xp", 0))
    bard_gone = max(b.get("bard_karma", 0) - a.get("bard_karma", 0), 0) if expiring else 0
    row["karma_expired"] += bard_gone

    def karma(d: Mapping[str, Any]) -> int:
        return int(d.get("karma", 0) + d.get("bard_karma", 0))

    _add(row, "karma_won", "karma_spent", karma(b), karma(a) + bard_gone)
    _add(row, "wishes_won", "wishes_spent", b.get("wishes", 0), a.get("wishes", 0))
    _add(row, "gold_gained", "gold_lost", b.get("gold", 0), a.get("gold", 0))
    if a.get("darkstone", 0) > b.get("darkstone", 0):
        row["darkstone_found"] += a["darkstone"] - b.get("darkstone", 0)
    _add(row, "damage_taken", "damage_healed", b.get("damage", 0), a.get("damage", 0))
    _add(row, "fatigue_taken", "fatigue_recovered", b.get("fatigue", 0), a.get("fatigue", 0))
    was, now = _state(before), _state(after)
    if was == "ok" and now in ("out", "dying", "dead"):
        row["knocked_out"] += 1
    if now == "dead" and was != "dead":
        row["died"] = True
    if was == "dead" and now != "dead":
        row["died"] = False  # a wish brought them back
        row["revived"] = True
    had = [c["name"] for c in b.get("curses", [])]
    has = [c["name"] for c in a.get("curses", [])]
    row["curses_gained"] += [c for c in has if c not in had]
    row["curses_lifted"] += [c for c in had if c not in has]
    items_b = {i["id"]: i for i in b.get("items", [])}
    items_a = {i["id"]: i for i in a.get("items", [])}
    if items_b != items_a:
        _items(row, b.get("items", []), a.get("items", []))
    for key, item in items_a.items():
        if key in items_b:  # upgrades are only ever appended: what is past the old list is new
            fresh = item.get("upgrades", [])[len(items_b[key].get("upgrades", [])) :]
            row["darkstone_forged"] += sum(u.get("darkstone", 0) for u in fresh if u.get("forged"))


def _pieces(items: list[Any], state: str | None = None) -> dict[str, int]:
    """Pieces by name (a stack counts its pieces), of the items in STATE or of all."""
    out: dict[str, int] = {}
    for i in items:
        if state is None or i.get("state") == state:
            out[i["name"]] = out.get(i["name"], 0) + i.get("count", 1)
    return out


def _more(before: dict[str, int], after: dict[str, int]) -> list[str]:
    """The names AFTER holds more pieces of than BEFORE, `Torch ×2` for more than one."""
    out = []
    for name, n in after.items():
        extra = n - before.get(name, 0)
        if extra > 0:
            out.append(with_pieces(name, extra))
    return out


def _items(row: dict[str, Any], before: list[Any], after: list[Any]) -> None:
    """Pieces gained and lost by name (a stack split or joined gains nothing), and those
    taken in hand, put on or stored away."""
    row["items_gained"] += _more(_pieces(before), _pieces(after))
    row["items_lost"] += _more(_pieces(after), _pieces(before))
    for state in ("held", "worn", "stored"):
        row[f"items_{state}"] += _more(_pieces(before, state), _pieces(after, state))


def _rolls(rows: dict[str, dict[str, Any]], entry: dict[str, Any]) -> None:
    for roll in entry.get("rolls", []):
        results = roll.get("results") or [roll]
        for result in results:
            who = result.get("character")
            if who and "success" in result:
                row = rows.setdefault(who, _blank(who))
                row["checks"] += 1
                row["checks_passed"] += bool(result["success"])


def tally(before: dict[str, Any], after: dict[str, Any], words: list[str]) -> dict[str, dict[str, Any]]:
    """What one command (WORDS) did to each character, from the characters table BEFORE and
    AFTER it: the rows a recap adds up, kept with a batch's entry so that a recap counts
    each line's events, not the batch's net change (10 XP won and 10 spent are both there)."""
    rows: dict[str, dict[str, Any]] = {}
    expiring = words[:2] == ["adventure", "end"]
    for key in dict.fromkeys([*before, *after]):
        old, new = before.get(key), after.get(key)
        if old != new:
            name = (new or old or {}).get("name", f"#{key}")
            _character(rows.setdefault(name, _blank(name)), old, new, expiring)
    return rows


def add_rows(into: dict[str, dict[str, Any]], rows: dict[str, dict[str, Any]]) -> None:
    """Add ROWS (by name) into INTO: counts summed, lists joined, died as the later says."""
    for name, row in rows.items():
        total = into.setdefault(name, _blank(name))
        row = {**_blank(name), **row}  # a compacted row (from a journal entry) leaves out its zeros
        for field in FIELDS:
            if field != "died":
                total[field] += row[field]
        if row.get("died"):
            total["died"] = True
        elif row.get("revived"):
            total["died"], total["revived"] = False, True


def compact(rows: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """ROWS without their zero fields (what a journal entry keeps)."""
    return {name: {k: v for k, v in row.items() if k != "name" and v} for name, row in rows.items()}


def alphabetical(name: str) -> str:
    """A name's sort key: any case, ё right after е as the Russian alphabet has it (not after я)."""
    return name.casefold().replace("ё", "е\uffff")


class Recap:
    """A recap folded as the journal is walked back, newest entry first (CLI.md `recap`: its
    memory stays flat however long the stretch): each entry's part is added as it is
    reached and dropped. Undos are met before the changes they took back, and redos before
    their undos, so what was undone is known when its change is reached; lists are kept
    newest first and turned at the end, and a character's death is the newest word on it.
    NAMES: character id -> name now (a deleted character keeps the name it had)."""

    def __init__(self, names: dict[int, str]) -> None:
        self.names = names
        self.rows: dict[str, dict[str, Any]] = {}
        self.decided: set[str] = set()  # whose death or return a newer entry already told
        self.undone: set[Any] = set()
        self.redone: set[Any] = set()
        self.fights = 0
        self.kills: list[str] = []
        self.keywords: list[str] = []
        self.killed_by: list[dict[str, Any]] = []
        self.healed: list[dict[str, Any]] = []

    def add(self, entry: dict[str, Any], changes: dict[str, Any]) -> None:
        """One entry, older than every one added before it (the journal walked back)."""
        kind = entry.get("kind")
        if kind == "redo":
            self.redone.add(entry.get("redoes"))
        if kind == "undo" and entry.get("seq") not in self.redone:
            self.undone.update(entry.get("undoes_all") or [entry.get("undoes")])
        if kind in ("undo", "redo") or entry.get("seq") in self.undone or entry.get("of") in self.undone - {None}:
            return
        rows: dict[str, dict[str, Any]] = {}
        _rolls(rows, entry)
        if isinstance(entry.get("tally"), dict):  # a batch: each line's events, as they happened
            add_rows(rows, {n: r for n, r in entry["tally"].items() if isinstance(r, dict)})
        else:
            expiring = (entry.get("command") or [])[:2] == ["adventure", "end"]
            for key, (before, after) in changes.get("characters", {}).items():
                name = self.names.get(int(key)) or (after or before or {}).get("name", f"#{key}")
                _character(rows.setdefault(name, _blank(name)), before, after, expiring)
        self._older(rows)
        kills: list[str] = []
        keywords: list[str] = []
        killed_by: list[dict[str, Any]] = []
        healed: list[dict[str, Any]] = []
        parts = entry.get("lines") or [entry]  # a batch keeps each line's words and extras
        events = (
            [*entry.get("events", ())] if entry.get("lines") else []
        )  # a block keeps its events on the entry (older ones: on its lines)
        for part in parts:
            words = part.get("args") or part.get("command", [])
            if words[:2] == ["fight", "start"]:  # a fight counts from its start: one under way too (issue 76)
                self.fights += 1
            kills += part.get("kills", [])
            events += part.get("events", [])  # who killed whom, what was healed (journals since 0.2)
            if part.get("keyword"):
                keywords.append(part["keyword"])
        for event in events:
            if event.get("event") == "killed":
                killed_by.append({"enemy": event["enemy"], "by": event["by"]})
            elif event.get("event") == "healed":  # the recap's keys: `who` (older journals: the event's own)
                fact = {k: v for k, v in event.items() if k not in ("event", "name", "fatigue")}
                if not event.get("fatigue") and ("by" in event or "item" in event):
                    healed.append({"who": event.get("name", event.get("who")), **fact})
        self.kills.extend(reversed(kills))  # each list kept newest first, turned in result()
        self.keywords.extend(reversed(keywords))
        self.killed_by.extend(reversed(killed_by))
        self.healed.extend(reversed(healed))

    def _older(self, rows: dict[str, dict[str, Any]]) -> None:
        """ROWS of an entry older than every one added so far, added in."""
        for name, row in rows.items():
            total = self.rows.setdefault(name, _blank(name))
            for field in FIELDS:
                if field in _LISTS:
                    total[field].extend(reversed(row.get(field) or []))
                elif field != "died":
                    total[field] += row.get(field) or 0
            if name not in self.decided and (row.get("died") or row.get("revived")):
                total["died"] = bool(row.get("died"))  # the newest word on it stands
                self.decided.add(name)

    def result(self) -> dict[str, Any]:
        for row in self.rows.values():
            for field in _LISTS:
                row[field].reverse()
        return {
            "fights": self.fights,
            "kills": self.kills[::-1],
            "keywords": self.keywords[::-1],
            "killed_by": self.killed_by[::-1],
            "healed": self.healed[::-1],
            "characters": sorted(
                ({k: v for k, v in r.items() if k != "revived"} for r in self.rows.values()),
                key=lambda r: alphabetical(r["name"]),
            ),
        }


# -- which stretch of the journal a recap tells (CLI.md `recap`) ---------------------------
GAP_HOURS = 6  # `--last`: a game night is the newest run of entries without a gap this long


def _hours(a: str, b: str) -> float:
    from datetime import datetime

    fmt = "%Y-%m-%dT%H:%M:%SZ"
    return abs((datetime.strptime(a, fmt) - datetime.strptime(b, fmt)).total_seconds()) / 3600


def _part(entry: dict[str, Any], *words: str) -> dict[str, Any] | None:
    """The entry, or the line of a batch entry, whose command starts with WORDS (a batch
    may start or end an adventure in one of its lines)."""
    for part in entry.get("lines") or [entry]:
        if (part.get("args") or part.get("command") or [])[: len(words)] == list(words):
            returned: dict[str, Any] | None = part
            return returned
    return None


def select(
    history: Callable[..., Iterator[tuple[dict[str, Any], dict[str, Any]]]],
    meta: dict[str, Any],
    adventure: int | None,
    since: str | None,
    last: bool,
    fold: Callable[[dict[str, Any], dict[str, Any]], None],
) -> tuple[str | None, str | None, str | None]:
    """Walk the journal back (newest first: HISTORY(wanted) gives (entry, changes), the
    changes only of entries WANTED accepts) and give each entry of the chosen stretch to
    FOLD as it is reached, stopping where the stretch starts: the cost follows the stretch,
    the memory does not, and the entries after it are only walked through. Returns (the
    title, the stretch's first and last times)."""

    def ends_it(entry: dict[str, Any]) -> bool:
        ended = _part(entry, "adventure", "end")
        return bool(ended and adventure in (None, ended.get("adventure_end")))

    newest: str | None = None
    oldest: str | None = None
    title = None
    current = meta["adventure"] if meta["phase"] == "adventure" else None
    in_current = current is not None and adventure in (None, current.get("number"))
    collecting = since is not None or last or in_current
    started = meta.get("adventures")  # how many adventures the journal holds (absent in files before it was counted)
    none = not collecting and isinstance(started, int) and (adventure or 1) > started
    walk = iter(()) if none else history(lambda entry: collecting or ends_it(entry))  # none: nothing to walk
    for entry, changes in walk:
        if since is not None and entry.get("time", "") < since:
            break
        if last and oldest is not None and _hours(oldest, entry.get("time", "")) >= GAP_HOURS:
            break
        if not collecting:  # an earlier adventure: from its end back to its start
            if not ends_it(entry):
                continue
            collecting = True
        fold(entry, changes)
        oldest = entry.get("time", "")
        newest = oldest if newest is None else newest
        started = _part(entry, "adventure", "start")
        if since is None and not last and started is not None:
            title = _title(started)
            break
    if adventure is not None and title is None and not in_current:
        raise Refused(Say("no adventure number {adventure} in the journal", adventure=adventure), "unknown_adventure")
    if in_current and title is None and not (since or last):
        title = (current or {})["title"]
    return title, oldest, newest


def _title(entry: dict[str, Any]) -> str | None:
    """The title an `adventure start` entry records (a fact of the entry); a journal from
    before it was recorded: read back from the English summary."""
    if isinstance(entry.get("adventure_title"), str):
        returned: str | None = entry["adventure_title"]
        return returned
    summary = entry.get("summary", "")
    return summary.split(": ", 1)[1] if ": " in summary else None


def since_date(text: str) -> str:
    """A date or time as the journal writes times (UTC), for comparing."""
    from datetime import datetime

    for fmt, out in (
        ("%Y-%m-%d", "%Y-%m-%dT00:00:00Z"),
        ("%Y-%m-%dT%H:%M:%SZ", "%Y-%m-%dT%H:%M:%SZ"),
        ("%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M:%SZ"),
        ("%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:00Z"),
    ):
        try:
            return datetime.strptime(text.strip(), fmt).strftime(out)
        except ValueError:
            continue
    raise UsageProblem(
        Say(
            "{option} {text!r}: give a date like 2026-11-30 or a time like 2026-11-30T18:00",
            option=Opt("since"),
            text=text,
        ),
        "bad_value",
    )
