"""A three-way merge of three versions of one campaign (the git merge driver's work),
field by field: what only one side changed is taken, what both changed the same way too;
a field both changed differently is a conflict and keeps our value.

Documents are matched by id (characters and enemies in their tables, items inside
characters); documents both sides created get distinct ids (theirs move to fresh ids
above every id in use). Lists of names (keywords) merge as sets; lists of objects with
an id or a name (items, spells, curses, packs) merge entry by entry. Pure: tables in,
tables and conflicts out.
"""

from __future__ import annotations

from typing import Any

MISSING = object()  # a key one version does not have
LOCAL = ("seq", "undo_top", "undo_at", "journal_hash", "undo_hash", "campaign_id", "app", "schema_version", "conflicts")
COUNTERS = ("adventures", "fights")  # events counted on both sides add up


class Conflict:
    """One field both sides changed differently: where (what kind of document, its name),
    the field's path, both values and the base's; PATH, the steps from the tables to the
    value (a str a key, a (key, value) pair the list entry whose key has that value), or
    None where the conflict is a whole document's."""

    __slots__ = ("base", "field", "ours", "path", "theirs", "where")

    def __init__(
        self,
        where: tuple[str, str],
        field: str,
        ours: Any,
        theirs: Any,
        base: Any = MISSING,
        path: tuple[Any, ...] = (),
    ) -> None:
        self.where, self.field, self.ours, self.theirs = where, field, ours, theirs
        self.base, self.path = base, path or None

    def as_dict(self) -> dict[str, Any]:
        return {
            "where": " ".join(w for w in self.where if w),
            "kind": self.where[0],
            "name": self.where[1],
            "field": self.field,
            "base": _shown(self.base),
            "ours": _shown(self.ours),
            "theirs": _shown(self.theirs),
        }

    def stored(self, number: int) -> dict[str, Any]:
        """As meta.conflicts keeps it (model.Conflict): values as JSON texts, absent when a
        side has none; the path as JSON, when a resolution can write there."""
        from campaign_cli import jsontext

        out: dict[str, Any] = {"id": number, "where": self.as_dict()["where"] or "campaign", "field": self.field or "-"}
        for side in ("base", "ours", "theirs"):
            value = getattr(self, side)
            if value is not MISSING:
                out[side] = jsontext.dumps(value, sort_keys=True)
        if self.path:
            out["path"] = jsontext.dumps([list(step) if isinstance(step, tuple) else step for step in self.path])
        return out


def _shown(value: Any) -> Any:
    return None if value is MISSING else value


def _key(entry: Any) -> Any:
    if isinstance(entry, dict):
        for k in ("id", "name", "pack"):
            if k in entry:
                return (k, entry[k] if not isinstance(entry[k], str) else entry[k].casefold())
    return None


def _merge_list(
    base: list[Any],
    ours: list[Any],
    theirs: list[Any],
    where: tuple[str, str],
    field: str,
    out: list[Conflict],
    path: tuple[Any, ...] = (),
) -> list[Any]:
    if all(not isinstance(v, (dict, list)) for v in (*base, *ours, *theirs)):
        removed = [v for v in base if v not in ours or v not in theirs]
        merged = [v for v in ours if v not in removed]
        return merged + [v for v in theirs if v not in merged and v not in base]
    keys = [_key(v) for v in (*base, *ours, *theirs)]
    if None in keys:
        out.append(Conflict(where, field, ours, theirs, base, path))
        return ours
    b, o, t = ({_key(v): v for v in side} for side in (base, ours, theirs))
    merged = []
    for key in dict.fromkeys([*o, *t]):
        value = merge_value(
            b.get(key, MISSING),
            o.get(key, MISSING),
            t.get(key, MISSING),
            where,
            f"{field}[{key[1]}]",
            out,
            (*path, key) if path else (),
        )
        if value is not MISSING:
            merged.append(value)
    return merged


def merge_value(
    base: Any,
    ours: Any,
    theirs: Any,
    where: tuple[str, str],
    field: str,
    out: list[Conflict],
    path: tuple[Any, ...] = (),
) -> Any:
    """The three-way merge of one value; conflicts go to OUT and keep ours. PATH: where the
    value is in the tables (empty: nowhere a resolution can write)."""
    if ours == theirs:
        return ours
    if base == ours:
        return theirs
    if base == theirs:
        return ours
    if isinstance(ours, dict) and isinstance(theirs, dict):
        base = base if isinstance(base, dict) else {}
        merged = {}
        for key in dict.fromkeys([*ours, *theirs]):
            value = merge_value(
                base.get(key, MISSING),
                ours.get(key, MISSING),
                theirs.get(key, MISSING),
                where,
                f"{field}.{key}" if field else key,
                out,
                (*path, key) if path else (),
            )
            if value is not MISSING:
                merged[key] = value
        return merged
    if isinstance(ours, list) and isinstance(theirs, list):
        return _merge_list(base if isinstance(base, list) else [], ours, theirs, where, field, out, path)
    out.append(Conflict(where, field, ours, theirs, base, path))
    return ours


def ids_of(tables: dict[str, Any]) -> set[int]:
    """Every id in use: documents and the items inside characters."""
    found: set[int] = set()
    for table in ("characters", "enemies"):
        for doc in tables.get(table, {}).values():
            found.add(doc["id"])
            found.update(i["id"] for i in doc.get("items", []) if isinstance(i, dict) and "id" in i)
    return found


def renumber(tables: dict[str, Any], mapping: dict[int, int]) -> dict[str, Any]:
    """TABLES with every id in MAPPING moved (documents, their table keys, items)."""
    out = dict(tables)
    for table in ("characters", "enemies"):
        moved = {}
        for doc in tables.get(table, {}).values():
            doc = {**doc, "id": mapping.get(doc["id"], doc["id"])}
            if "items" in doc:
                doc["items"] = [{**i, "id": mapping.get(i["id"], i["id"])} for i in doc["items"]]
            moved[str(doc["id"])] = doc
        out[table] = moved
    return out


def merge(base: dict[str, Any], ours: dict[str, Any], theirs: dict[str, Any]) -> tuple[dict[str, Any], list[Conflict]]:
    """Merge three campaigns' tables (meta, characters, enemies, and packs as a list);
    returns the merged tables (our bookkeeping kept) and the conflicts."""
    conflicts: list[Conflict] = []
    new_ours, new_theirs = ids_of(ours) - ids_of(base), ids_of(theirs) - ids_of(base)
    clash = sorted(new_ours & new_theirs)
    top = max(ids_of(ours) | ids_of(theirs) | {_meta(ours).get("next_id", 1) - 1, _meta(theirs).get("next_id", 1) - 1})
    theirs = renumber(theirs, {old: top + 1 + n for n, old in enumerate(clash)})
    result: dict[str, Any] = {}
    for table in ("characters", "enemies"):
        b, o, t = (side.get(table, {}) for side in (base, ours, theirs))
        merged = {}
        for key in dict.fromkeys([*o, *t]):
            name = _name(o.get(key) or t.get(key) or {}, table)
            value = merge_value(
                b.get(key, MISSING), o.get(key, MISSING), t.get(key, MISSING), name, "", conflicts, (table, key)
            )
            if value is not MISSING:
                merged[key] = value
        result[table] = _unique_names(merged, o, table, conflicts)
    result["packs"] = merge_value(base["packs"], ours["packs"], theirs["packs"], ("packs", ""), "", conflicts)
    # every id either side holds stays unused: a conflict settled with theirs brings theirs' ids back
    top_id = max(ids_of(result) | ids_of(ours) | ids_of(theirs), default=0)
    result["meta"] = {"1": _merge_meta(_meta(base), _meta(ours), _meta(theirs), top_id, conflicts)}
    return result, conflicts


def record(tables: dict[str, Any], conflicts: list[Conflict]) -> None:
    """Keep CONFLICTS in the merged TABLES' meta (after any still open there), numbered on,
    so neither side's value is lost unseen until `campaign resolve` settles it."""
    meta = _meta(tables)
    kept = list(meta.get("conflicts", []))
    start = max((c["id"] for c in kept), default=0) + 1
    meta["conflicts"] = kept + [c.stored(start + n) for n, c in enumerate(conflicts)]


def _meta(tables: dict[str, Any]) -> dict[str, Any]:
    returned: dict[str, Any] = tables["meta"]["1"]
    return returned


def _name(doc: dict[str, Any], table: str) -> tuple[str, str]:
    return ("character" if table == "characters" else "enemy", str(doc.get("name", "?")))


def _unique_names(merged: dict[str, Any], ours: dict[str, Any], table: str, out: list[Conflict]) -> dict[str, Any]:
    """Two documents may not share a name (both sides created one): ours stays; theirs is
    the conflict's, which `resolve --theirs` adds as a new document under a free name (its
    path, [TABLE, None], is "a new document in TABLE")."""
    seen: dict[str, str] = {}
    for key in sorted(merged, key=lambda k: (k not in ours, int(k))):
        name = merged[key]["name"].casefold()
        if name in seen:
            where = _name(merged[key], table)
            out.append(Conflict(where, "created on both sides", merged[seen[name]], merged[key], path=(table, None)))
            del merged[key]
        else:
            seen[name] = key
    return merged


def _merge_meta(
    base: dict[str, Any], ours: dict[str, Any], theirs: dict[str, Any], top_id: int, out: list[Conflict]
) -> dict[str, Any]:
    shared = [k for k in dict.fromkeys([*ours, *theirs]) if k not in LOCAL and k not in COUNTERS and k != "next_id"]
    meta = {k: ours[k] for k in LOCAL if k in ours}
    for key in shared:
        value = merge_value(
            base.get(key, MISSING),
            ours.get(key, MISSING),
            theirs.get(key, MISSING),
            ("campaign", ""),
            key,
            out,
            ("meta", "1", key),
        )
        if value is not MISSING:
            meta[key] = value
    for key in (k for k in COUNTERS if k in ours or k in theirs):
        start = base.get(key, 0)
        meta[key] = start + (ours.get(key, 0) - start) + (theirs.get(key, 0) - start)
    meta["next_id"] = max(ours.get("next_id", 1), theirs.get("next_id", 1), top_id + 1)
    return meta
