"""Undo patches: what a change replaced, and no more.

`diff(old, new)` returns a patch P with `apply(new, P) == old`, whose size follows the
change, not the document: a dict records only its changed keys, a list only the slice
between the common prefix and suffix (adding one item to a list of 300 records nothing
of the 300), anything else its old value.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: a write never needs it at run time
if TYPE_CHECKING:
    from typing import Any

ABSENT = {"$absent": 1}


def diff(old: Any, new: Any) -> dict[str, Any] | None:
    """The undo patch from NEW back to OLD, or None when they are equal."""
    if old == new:
        return None
    if isinstance(old, dict) and isinstance(new, dict):
        keys = {k: (ABSENT if k not in old else diff(old[k], new.get(k, _MISSING))) for k in {*old, *new}}
        return {"$d": {k: p for k, p in keys.items() if p is not None}}
    if isinstance(old, list) and isinstance(new, list):
        start = 0
        while start < len(old) and start < len(new) and old[start] == new[start]:
            start += 1
        end = 0
        while end < len(old) - start and end < len(new) - start and old[-1 - end] == new[-1 - end]:
            end += 1
        return {"$s": [start, len(new) - start - end, old[start : len(old) - end]]}
    return {"$v": old}


class _Missing:
    def __eq__(self, other: object) -> bool:
        return False


_MISSING = _Missing()


def apply(value: Any, patch: dict[str, Any]) -> Any:
    """NEW patched back to OLD (returns the old value; dicts and lists are changed in place)."""
    if "$v" in patch:
        return patch["$v"]
    if "$s" in patch:
        start, count, old = patch["$s"]
        value[start : start + count] = old
        return value
    for key, sub in patch["$d"].items():
        if sub == ABSENT:
            value.pop(key, None)
        else:
            value[key] = apply(value.get(key), sub)
    return value


def tables_diff(before: dict[str, Any], after: dict[str, Any], skip_meta: tuple[str, ...] = ()) -> dict[str, Any]:
    """Per table, per document key: None if the document did not exist before (undo
    deletes it), else its patch. Meta keys in SKIP_META are bookkeeping and never undone."""
    out: dict[str, dict[str, Any]] = {}
    for table in {*before, *after}:
        b, a = before.get(table, {}), after.get(table, {})
        if not (isinstance(b, dict) and isinstance(a, dict)):  # a value kept whole (the packs' text)
            if b != a:
                out[table] = {"$whole": before.get(table, ABSENT)}
            continue
        changed: dict[str, Any] = {}
        for key in {*b, *a}:
            old, new = b.get(key), a.get(key)
            if old is new:  # the very document read (store/campaign.py `_shared_before`)
                continue
            if table == "meta" and isinstance(old, dict) and isinstance(new, dict):
                old = {k: v for k, v in old.items() if k not in skip_meta}
                new = {k: v for k, v in new.items() if k not in skip_meta}
            if old == new:
                continue
            changed[key] = None if old is None else ({"$v": old} if new is None else diff(old, new))
        if changed:
            out[table] = changed
    return out


def of_entry(entry: dict[str, Any]) -> dict[str, Any]:
    """A journal entry's undo patches; entries written before schema 2 kept whole documents
    (`before`), which read as patches that put each document back whole."""
    if "patch" in entry:
        returned: dict[str, Any] = entry["patch"]
        return returned
    return {
        table: {key: None if doc is None else {"$v": doc} for key, doc in docs.items()}
        for table, docs in entry.get("before", {}).items()
    }


class Forged(ValueError):
    """A patch no command could have written (see `judge`)."""


def _node(sub: Any, where: str) -> None:
    """SUB is a patch of a value inside a document: `$v`, `$s` or `$d` (ABSENT for a key
    the value did not have), as `diff` writes them, and nothing else."""
    if not isinstance(sub, dict) or len(sub) != 1:
        raise Forged(where)
    ((tag, body),) = sub.items()
    if tag == "$v":
        return
    if tag == "$s":
        if not (isinstance(body, list) and len(body) == 3 and isinstance(body[2], list)):
            raise Forged(where)
        for n in body[:2]:
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise Forged(where)
        return
    if tag != "$d" or not isinstance(body, dict):
        raise Forged(where)
    for key, inner in body.items():
        if inner != ABSENT:
            _node(inner, f"{where}.{key}")


def judge(patches: Any, tables: tuple[str, ...], whole: tuple[str, ...]) -> None:
    """A journal entry's undo patches may touch only what a command changes: the documents
    of TABLES under their keys (a document's key is its id; meta has the one document "1"),
    each deleted (None), put back whole (`$v`, a document) or changed field by field
    (`$d`), and a table kept whole only if it is in WHOLE (the packs' text of schema 2).
    Anything else is Forged, naming where. (What the patched campaign holds is the
    model's judge's, after the patch.)"""
    if not isinstance(patches, dict):
        raise Forged("patch")
    for table, docs in patches.items():
        if table not in tables or not isinstance(docs, dict):
            raise Forged(str(table))
        if "$whole" in docs:
            kept = docs["$whole"]
            if table not in whole or len(docs) != 1 or not (kept == ABSENT or isinstance(kept, str)):
                raise Forged(f"{table}.$whole")
            continue
        for key, sub in docs.items():
            where = f"{table}.{key}"
            if not (key.isascii() and key.isdigit() and key[0] != "0") or (table == "meta" and key != "1"):
                raise Forged(where)
            if sub is None and table != "meta":
                continue
            if isinstance(sub, dict) and set(sub) == {"$v"} and isinstance(sub["$v"], dict):
                continue
            if not (isinstance(sub, dict) and set(sub) == {"$d"}):
                raise Forged(where)
            _node(sub, where)


def tables_apply(data: dict[str, Any], patches: dict[str, Any]) -> None:
    """Undo one entry's patches on the loaded tables."""
    for table, docs in patches.items():
        if "$whole" in docs:
            if docs["$whole"] == ABSENT:
                data.pop(table, None)
            else:
                data[table] = docs["$whole"]
            continue
        stored = data.setdefault(table, {})
        for key, sub in docs.items():
            if sub is None:
                stored.pop(key, None)
            elif "$v" in sub:
                stored[key] = sub["$v"]
            else:
                stored[key] = apply(stored[key], sub)
