"""A recap: what happened over a stretch of the journal, per character and for the party.

Pure: it reads journal entries (oldest first), each with the character documents it
changed as (before, after), and adds up the differences. Changes later undone, and the
undos themselves, count for nothing.
"""

from __future__ import annotations

from campaign_cli.rules.wounds import current_status

FIELDS = (
    "xp_won",
    "xp_spent",
    "karma_won",
    "karma_spent",
    "wishes_won",
    "wishes_spent",
    "damage_taken",
    "knocked_out",
    "died",
    "curses_gained",
    "curses_lifted",
    "items_gained",
    "items_lost",
    "gold_gained",
    "gold_lost",
    "darkstone_found",
    "darkstone_forged",
    "checks",
    "checks_passed",
)


def _blank(name: str) -> dict:
    return {
        "name": name,
        **{f: [] if f.startswith(("curses", "items")) else False if f == "died" else 0 for f in FIELDS},
    }


def _state(doc: dict | None) -> str | None:
    return None if doc is None else current_status(doc)


def _add(row: dict, won: str, lost: str, before: int, after: int) -> None:
    if after > before:
        row[won] += after - before
    elif before > after:
        row[lost] += before - after


def _character(row: dict, before: dict | None, after: dict | None) -> None:
    b, a = before or {}, after or {}
    _add(row, "xp_won", "xp_spent", b.get("xp", 0), a.get("xp", 0))
    karma = lambda d: d.get("karma", 0) + d.get("bard_karma", 0)  # noqa: E731
    _add(row, "karma_won", "karma_spent", karma(b), karma(a))
    _add(row, "wishes_won", "wishes_spent", b.get("wishes", 0), a.get("wishes", 0))
    _add(row, "gold_gained", "gold_lost", b.get("gold", 0), a.get("gold", 0))
    if a.get("darkstone", 0) > b.get("darkstone", 0):
        row["darkstone_found"] += a["darkstone"] - b.get("darkstone", 0)
    if a.get("damage", 0) > b.get("damage", 0):
        row["damage_taken"] += a["damage"] - b.get("damage", 0)
    was, now = _state(before), _state(after)
    if was == "ok" and now in ("out", "dying", "dead"):
        row["knocked_out"] += 1
    if now == "dead" and was != "dead":
        row["died"] = True
    if was == "dead" and now != "dead":
        row["died"] = False  # a wish brought them back
    had = [c["name"] for c in b.get("curses", [])]
    has = [c["name"] for c in a.get("curses", [])]
    row["curses_gained"] += [c for c in has if c not in had]
    row["curses_lifted"] += [c for c in had if c not in has]
    items_b = {i["id"]: i for i in b.get("items", [])}
    items_a = {i["id"]: i for i in a.get("items", [])}
    row["items_gained"] += [i["name"] for k, i in items_a.items() if k not in items_b]
    row["items_lost"] += [i["name"] for k, i in items_b.items() if k not in items_a]
    for key, item in items_a.items():
        if key in items_b:  # upgrades are only ever appended: what is past the old list is new
            fresh = item.get("upgrades", [])[len(items_b[key].get("upgrades", [])) :]
            row["darkstone_forged"] += sum(u.get("darkstone", 0) for u in fresh if u.get("forged"))


def _rolls(rows: dict[str, dict], entry: dict) -> None:
    for roll in entry.get("rolls", []):
        results = roll.get("results") or [roll]
        for result in results:
            who = result.get("character")
            if who and "success" in result:
                row = rows.setdefault(who, _blank(who))
                row["checks"] += 1
                row["checks_passed"] += bool(result["success"])


def recap(entries: list[tuple[dict, dict]], names: dict[int, str]) -> dict:
    """ENTRIES oldest first, each (entry, {table: {key: (before, after)}}); NAMES: character
    id -> name now (a deleted character keeps the name it had)."""
    undone = {e.get("undoes") for e, _ in entries if e.get("kind") == "undo"}
    rows: dict[str, dict] = {}
    fights, kills, keywords = 0, [], []
    for entry, changes in entries:
        if entry.get("kind") == "undo" or entry.get("seq") in undone:
            continue
        _rolls(rows, entry)
        for key, (before, after) in changes.get("characters", {}).items():
            name = names.get(int(key)) or (after or before or {}).get("name", f"#{key}")
            _character(rows.setdefault(name, _blank(name)), before, after)
        for part in entry.get("lines") or [entry]:  # a batch keeps each line's words and extras
            words = part.get("args") or part.get("command", [])
            if words[:2] == ["fight", "end"]:
                fights += 1
            kills += part.get("kills", [])
            if part.get("keyword"):
                keywords.append(part["keyword"])
    return {
        "fights": fights,
        "kills": kills,
        "keywords": keywords,
        "characters": sorted(rows.values(), key=lambda r: r["name"].casefold()),
    }
