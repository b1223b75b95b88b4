"""One campaign on several machines (CLI.md "Sharing through git"): three versions of a
campaign merged into one (`merge`, git's merge driver), and the conflicts a merge left
settled (`resolve`). The merge works on files, not on an open campaign: OURS is written
with a journal entry in the campaign's own journal."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from campaign_cli.store.campaign import Stored

from campaign_cli import jsontext
from campaign_cli.errors import CampaignError, FileProblem, Opt, Refused, Say, UsageProblem

ABSENT = object()  # a side that has no value there: resolving to it removes the field


def merge(
    base: str, ours: str, theirs: str, path: str | None, words: list[str]
) -> tuple[dict[str, Any], list[Any], Path]:
    """`merge BASE OURS THEIRS [--path P]`: the three versions merged field by field (the
    result judged as `import` judges a file; ours, whole, if it would not read back), and
    written over OURS. Returns the result, the conflicts and the file written."""
    from campaign_cli import store
    from campaign_cli.rules import merge as rules
    from campaign_cli.rules.documents import check_tables
    from campaign_cli.store.layout import packs_text, set_packs_text

    files = [store.resolve_path(p) for p in (base, ours, theirs)]
    versions = [store.campaign.load(p) for p in files]  # not a campaign: exit 3
    tables = [{**v, "packs": jsontext.loads(packs_text(v))} for v in versions]
    ids = {v["meta"]["1"].get("campaign_id") for v in versions}
    if len(ids) != 1:
        raise FileProblem(
            Say(
                "{base}, {ours} and {theirs} are not versions of one campaign (their campaign ids differ)",
                base=base,
                ours=ours,
                theirs=theirs,
            ),
            "different_campaigns",
        )
    local = store.resolve_path(path) if path is not None else None
    if local is not None and local.exists():  # P's journal takes only P's own campaign (CLI.md)
        own = store.campaign.load(local)["meta"]["1"].get("campaign_id")
        if ids != {own}:
            raise FileProblem(
                Say(
                    "{base}, {ours} and {theirs} are not versions of {path} (their campaign ids differ)",
                    base=base,
                    ours=ours,
                    theirs=theirs,
                    path=path,
                ),
                "different_campaigns",
            )
    result, conflicts = rules.merge(*tables)
    if conflicts:
        rules.record(result, conflicts)
    try:
        check_tables(
            jsontext.copied({t: result[t] for t in ("meta", "characters", "enemies")}),
            jsontext.copied(result["packs"]),
        )
        set_packs_text(result, store.campaign.encode_packs(result["packs"]))
    except CampaignError as err:  # never write what the tool could not read back: ours, whole
        result, conflicts = versions[1], [rules.Conflict(("campaign", ""), "merge", "ours, whole", err.message)]
        result = jsontext.copied(result)
        rules.record(result, conflicts)
    summary = f"merged {path} (git)" if path is not None else f"merged {theirs} into {ours}"
    summary += f": {len(conflicts)} conflicts" if conflicts else ""
    store.campaign.write_merge(files[1], versions[1], result, words, local, summary, len(conflicts))
    return result, conflicts, files[1]


def resolve(
    camp: Stored, conflict: int | None, how: str, value: Any = None
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """`resolve [ID] --ours|--theirs|--value V`: the conflict ID (default: every open one)
    settled with HOW ("ours", "theirs" or "value", VALUE). Returns (the conflicts settled,
    those still open)."""
    camp.settles = True  # the one change the open conflicts let through
    open_ = list(camp.meta.get("conflicts", []))
    if not open_:
        raise Refused(Say("no merge conflicts to resolve"), "no_conflicts")
    chosen = [c for c in open_ if conflict is None or c["id"] == conflict]
    if not chosen:
        raise Refused(
            Say("no conflict #{id}: the open ones are {ids}", id=conflict, ids=", ".join(f"#{c['id']}" for c in open_)),
            "unknown_conflict",
        )
    for c in chosen:
        if how == "ours":
            continue
        if "path" not in c:
            raise Refused(
                Say(
                    "conflict #{id} ({where}: {field}) can only be settled with {ours}",
                    ours=Opt("ours"),
                    id=c["id"],
                    where=c["where"],
                    field=c["field"],
                ),
                "ours_only",
            )
        settled = value if how == "value" else jsontext.loads(c["theirs"]) if "theirs" in c else ABSENT
        _put(camp, jsontext.loads(c["path"]), settled)
    if how == "value":  # a value the user gave that the campaign cannot hold: bad input (exit 2), not a bad file
        from campaign_cli import judge, verdict

        try:
            verdict.check_campaign(camp.data)
        except judge.Invalid as err:
            raise UsageProblem(
                Say(
                    "{option}: the value is no sound document: {where} {why}",
                    option=Opt("value"),
                    where=err.where,
                    why=err.why,
                ),
                "bad_value",
            ) from None
    left = [c for c in open_ if c not in chosen]
    if left:
        camp.set_meta(conflicts=left)
    else:
        camp.drop_meta("conflicts")
    how_said = {"ours": "ours", "theirs": "theirs"}.get(how, "a value")
    camp.note(f"resolved {', '.join('#' + str(c['id']) for c in chosen)} with {how_said}")
    camp.event("resolved", conflicts=[c["id"] for c in chosen], how=how)
    return chosen, left


def _put(camp: Stored, path: list[Any], value: Any) -> None:
    """Write VALUE at PATH (a conflict's steps from the tables), or remove it (ABSENT)."""
    table, key, *steps = path
    if table == "meta":
        top, steps = steps[0], steps[1:]
        if not steps:
            if value is ABSENT:
                camp.drop_meta(top)
            else:
                camp.set_meta(**{top: value})
            return
        node = jsontext.copied(camp.meta.get(top))
        _set(node, steps, value)
        camp.set_meta(**{top: node})
        return
    if key is None:  # a document both sides created under one name: theirs added anew
        _put_new(camp, table, value)
        return
    if not steps:  # a whole document one side deleted and the other changed (or created)
        _put_whole(camp, table, key, value)
        return
    doc = jsontext.copied(camp.data[table][key])
    _set(doc, steps, value)
    camp.save(table, doc)


def _free_name(camp: Stored, table: str, name: str) -> str:
    """NAME, or the first of `NAME (2)`, `NAME (3)`... that no document of TABLE has."""
    n, free = 1, name
    while camp.exists(table, free):
        n += 1
        free = f"{name} ({n})"
    return free


def _put_new(camp: Stored, table: str, value: Any) -> None:
    """VALUE (theirs, or a value given) added to TABLE as a new document: a free name, a
    new id, new ids for its items (ids are never reused)."""
    if value is ABSENT:
        return  # theirs had none: nothing to add
    if not isinstance(value, dict) or not isinstance(value.get("name"), str):
        raise Refused(Say("conflict on a whole document: its value must be a JSON object"), "bad_value")
    doc = {**jsontext.copied(value), "name": _free_name(camp, table, value["name"])}
    doc.pop("id", None)
    if isinstance(doc.get("items"), list):
        doc["items"] = [{**i, "id": camp.next_id()} if isinstance(i, dict) else i for i in doc["items"]]
    _put_whole(camp, table, str(camp.next_id()), doc)


def _put_whole(camp: Stored, table: str, key: str, value: Any) -> None:
    """The document at KEY of TABLE becomes VALUE: removed (ABSENT), replaced, or put back
    under its own id (theirs kept a character ours deleted)."""
    stored = camp.data[table].get(key)
    if value is ABSENT:
        if stored is not None:
            camp.remove(table, stored)
        return
    if not isinstance(value, dict):
        raise Refused(Say("conflict on a whole document: its value must be a JSON object"), "bad_value")
    doc = {**jsontext.copied(value), "id": int(key)}
    from campaign_cli import judge, verdict

    try:  # judged before it is put: a value no file may hold is a refusal, not an unusable file
        if table == "enemies":  # a board as stored: the board, and its id
            verdict.check("Board", {k: v for k, v in doc.items() if k != "id"}, f"{table}.{key}")
        else:
            verdict.check("Character", doc, f"{table}.{key}")
    except judge.Invalid as err:
        raise Refused(
            Say("the value is no sound document: {where} {why}", where=err.where, why=err.why), "bad_value"
        ) from None
    if stored is not None:
        camp.save(table, doc)
    else:
        camp.put(table, doc, key)


def _set(node: Any, steps: list[Any], value: Any) -> None:
    for step in steps[:-1]:
        node = _child(node, step)
    last = steps[-1]
    if isinstance(last, list):  # a list entry, by its key
        entries = node
        found = next((i for i, e in enumerate(entries) if _matches(e, last)), None)
        if value is ABSENT:
            if found is not None:
                del entries[found]
        elif found is None:
            entries.append(value)
        else:
            entries[found] = value
    elif value is ABSENT:
        node.pop(last, None)
    else:
        node[last] = value


def _matches(entry: Any, step: list[Any]) -> bool:
    key, wanted = step
    got = entry.get(key) if isinstance(entry, dict) else None
    returned: bool = (got.casefold() if isinstance(got, str) else got) == wanted
    return returned


def _child(node: Any, step: Any) -> Any:
    if isinstance(step, list):
        return next(e for e in node if _matches(e, step))
    return node[step]
