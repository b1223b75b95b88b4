"""The campaign's history, read from its journal: the entries newest first with what each
changed (`log`, `recap`), and undo and redo (a change taken back, put back), each proved
against the journal's chain first. Loaded by what walks the journal, not by every command."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from campaign_cli import jsontext
from campaign_cli.errors import FileProblem, Refused
from campaign_cli.i18n import _
from campaign_cli.store.campaign import BOOKKEEPING, TABLES, check_shape
from campaign_cli.store.layout import PACKS, packs_text

if TYPE_CHECKING:
    from typing import Any

    from campaign_cli.store.campaign import Stored


def entries(
    camp: Stored, limit: int | None = None, keep: Callable[[dict[str, Any]], bool] | None = None
) -> Iterator[dict[str, Any]]:
    """The newest LIMIT journal entries KEEP accepts, oldest first, one at a time: this
    campaign's own (an entry naming another campaign, a journal an old file of this name
    left or one copied beside it, is none of its history)."""
    from campaign_cli.store import journal

    ident = camp.meta.get("campaign_id")

    def ours(entry: dict[str, Any]) -> bool:
        named = entry.get("campaign")
        return (named is None or named == ident) and (keep is None or keep(entry))

    return journal.stream_entries(camp.path, camp.meta["seq"], limit, ours)


def undo_target(camp: Stored) -> dict[str, Any] | None:
    """The newest change still to undo, after proving the journal is this file's (exit 3 if not)."""
    from campaign_cli.store import journal

    journal.prove(camp.path, camp.meta)
    return journal.undo_target(camp.path, camp.meta)


def history(
    camp: Stored, wanted: Callable[[dict[str, Any]], bool] | None = None
) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """The journal newest first, each entry with the documents it changed as
    {table: {key: (before, after)}}: the current state is copied once and walked back
    through the entries' patches, so the cost follows how far back the caller reads.
    An entry WANTED refuses is walked through without copying its documents (its
    changes are {})."""
    from campaign_cli.store import journal, patch

    state = jsontext.copied(camp.data)  # walking back changes the state in place
    for entry in journal.entries_backwards(camp.path, camp.meta["seq"]):
        changes: dict[str, dict[str, Any]] = {}
        patches = patch.of_entry(entry)
        if wanted is not None and not wanted(entry):
            patch.tables_apply(state, patches)
            yield entry, changes
            continue
        for table, docs in patches.items():
            if table == "meta" or not isinstance(state.get(table), dict) or "$whole" in docs:
                continue
            changes[table] = {k: jsontext.copied(state[table].get(k)) for k in docs}
        patch.tables_apply(state, patches)
        for table, docs in changes.items():
            changes[table] = {k: (jsontext.copied(state[table].get(k)), after) for k, after in docs.items()}
        yield entry, changes


# What an undo or a redo never moves back: the file's own bookkeeping, its schema and its
# kind (a journal entry's patch that sets them, forged or from before a migration, is not
# applied there; one that sets nothing else changes nothing a command changes: refused).
KEPT = ("seq", "next_id", "campaign_id", "journal_hash", "schema_version", "app")


def revert(camp: Stored, entry: dict[str, Any]) -> dict[str, Any]:
    """Undo ENTRY's changes (ids and seq keep moving forward); the undo pointer moves
    to the change before it. Returns what ENTRY had changed, as `history` gives it
    ({table: {key: (before, after)}}): the documents it touches, read around the undo
    (no walk through the journal: every change after ENTRY is undone already)."""
    from campaign_cli.store import journal, patch

    keep: dict[str, Any] = {k: camp.meta[k] for k in KEPT if k in camp.meta}
    changes: dict[str, dict[str, Any]] = {}
    try:
        patches = _judged_patch(camp, entry)
        for table, docs in patches.items():
            if table != "meta" and isinstance(camp.data.get(table), dict) and "$whole" not in docs:
                changes[table] = {k: jsontext.copied(camp.data[table].get(k)) for k in docs}
        patch.tables_apply(camp.data, patches)
    except (AttributeError, KeyError, TypeError, ValueError, IndexError):
        raise journal.broken(
            camp.path, _("entry #{seq} holds a malformed patch").format(seq=entry.get("seq"))
        ) from None
    camp.meta.update(keep)
    if "prev" in entry:
        camp.meta["undo_top"], camp.meta["undo_at"] = entry["prev"], entry.get("prev_at")
        camp.meta["undo_hash"] = entry.get("prev_undo_hash")
    else:  # an entry from before schema 2 has no pointer: the next undo walks back as they did
        for key in ("undo_top", "undo_at", "undo_hash"):
            camp.meta.pop(key, None)
    camp.reverted = True
    return {
        table: {k: (jsontext.copied(camp.data[table].get(k)), after) for k, after in docs.items()}
        for table, docs in changes.items()
    }


def undo_pointer(camp: Stored) -> dict[str, Any]:
    """Where the next undo starts, as `redo` puts it back (an old journal without
    pointers: the change undo will find, walked back to from the file's last change)."""
    if "undo_top" not in camp.meta:
        target = undo_target(camp)
        return {"top": target["seq"] if target else None, "at": None, "hash": None}
    return {"top": camp.meta["undo_top"], "at": camp.meta.get("undo_at"), "hash": camp.meta.get("undo_hash")}


def redo_target(camp: Stored) -> dict[str, Any] | None:
    """The undo the next redo re-applies: walking back from the file's last change over
    undos and the redos that re-applied them; None once anything else changed since
    (CLI.md `campaign redo`). Proves the journal first, as undo does."""
    from campaign_cli.store import journal

    journal.prove(camp.path, camp.meta)
    pending = 0
    for entry in journal.entries_backwards(camp.path, camp.meta["seq"]):
        kind = entry.get("kind")
        if kind == "roll":
            continue
        if entry.get("campaign") != camp.meta.get("campaign_id"):
            return None
        if kind == "redo":
            pending += 1
        elif kind == "undo" and isinstance(entry.get("redo"), dict):
            if not pending:
                return entry
            pending -= 1
        else:
            return None
    return None


def reapply(camp: Stored, entry: dict[str, Any]) -> None:
    """Redo: put back what the undo ENTRY took back, and the undo pointer it moved."""
    from campaign_cli.store import journal, patch

    keep: dict[str, Any] = {k: camp.meta[k] for k in KEPT if k in camp.meta}
    try:
        patch.tables_apply(camp.data, _judged_patch(camp, entry))
        pointer = entry["redo"]
        top, at, sealed = pointer["top"], pointer.get("at"), pointer.get("hash")
    except (AttributeError, KeyError, TypeError, ValueError, IndexError):
        raise journal.broken(
            camp.path, _("entry #{seq} holds a malformed patch").format(seq=entry.get("seq"))
        ) from None
    camp.meta.update(keep)
    camp.meta["undo_top"], camp.meta["undo_at"], camp.meta["undo_hash"] = top, at, sealed
    camp.reverted = True


def _judged_patch(camp: Stored, entry: dict[str, Any]) -> dict[str, Any]:
    """ENTRY's undo patches, if they are a change a command could make (`patch.judge`);
    a forged patch of any other shape is refused (exit 3), nothing written."""
    from campaign_cli.store import journal, patch

    patches = patch.of_entry(entry)
    try:
        patch.judge(patches, (*TABLES, PACKS), (PACKS,))
        if "campaign" in entry:  # a sealed entry (schema 2 on); an older one's upgrade set the schema itself
            _judge_meta(camp, patches)
    except patch.Forged as where:
        raise journal.broken(
            camp.path,
            _("entry #{seq} holds a patch no command writes (at {where})").format(seq=entry.get("seq"), where=where),
        ) from None
    return patches


def _judge_meta(camp: Stored, patches: dict[str, Any]) -> None:
    """Field by field, the meta fields no command's patch touches (CLI.md "Reliability"):
    the file's kind, schema and id, its journal's seals and pointers, its change number;
    `next_id` only back from ids the undone entry itself made (its documents deleted
    again), never forward. Any of them, even beside legitimate fields: Forged."""
    from campaign_cli.store import patch

    meta = (patches.get("meta") or {}).get("1")
    if not isinstance(meta, dict) or "$d" not in meta:  # meta put back whole: its bookkeeping is kept (KEPT)
        return
    fields: Any = meta["$d"]
    for field in fields if isinstance(fields, dict) else ():
        if field not in (*KEPT, *BOOKKEEPING):
            continue
        if field == "next_id":
            made = any(sub is None for table, docs in patches.items() if table != "meta" for sub in docs.values())
            back = fields[field].get("$v") if isinstance(fields[field], dict) else None
            if made and isinstance(back, int) and not isinstance(back, bool) and 1 <= back <= camp.meta["next_id"]:
                continue
        raise patch.Forged(f"meta.1.{field}")


def check_sound(camp: Stored, entry: dict[str, Any]) -> None:
    """The document an undo of ENTRY would write passes every check `import` makes, and
    changes what a command changes (not only the journal's bookkeeping); a journal entry
    that would make anything else is refused (exit 3), nothing written."""
    from campaign_cli.rules.documents import check_tables
    from campaign_cli.store import journal, patch

    if not patch.tables_diff(camp.before_tables(), camp.data, BOOKKEEPING):
        raise journal.broken(
            camp.path, _("entry #{seq} changes nothing a command changes").format(seq=entry.get("seq"))
        )
    data = jsontext.copied(camp.data)
    tables = {t: data.get(t, {}) for t in TABLES}
    try:
        check_shape(camp.path, data)
        check_tables(tables, jsontext.loads(packs_text(data)))
    except (Refused, FileProblem) as err:
        raise journal.broken(
            camp.path,
            _("undoing entry #{seq} would write a campaign that import refuses ({why})").format(
                seq=entry.get("seq"), why=err.message
            ),
        ) from None
    except (AttributeError, KeyError, TypeError, ValueError, IndexError):
        raise journal.broken(
            camp.path, _("undoing entry #{seq} would write a malformed campaign").format(seq=entry.get("seq"))
        ) from None
