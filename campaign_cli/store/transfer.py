"""Export and import: the whole campaign as one stable, sorted, diff-friendly document."""

from __future__ import annotations

from campaign_cli import jsontext
from campaign_cli.errors import Refused
from campaign_cli.i18n import _
from campaign_cli.rules.names import MAX_ID
from campaign_cli.store.campaign import APP, META_ID, MIGRATIONS, SCHEMA_VERSION, new_campaign_id
from campaign_cli.store.layout import PACKS, packs_text

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from typing import Any

FORMAT = "campaign-export"
# Journal bookkeeping stays with the file it belongs to; a new file starts a new journal.
LOCAL_META = ("seq", "campaign_id", "undo_top", "undo_at", "journal_hash", "undo_hash")


def export_document(data: dict[str, Any], packs: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The export of DATA; PACKS: its packs as the store judged them (CLI.md: every table is
    judged before an export, so `export` never writes a document `import` refuses)."""
    meta = {k: v for k, v in data["meta"][str(META_ID)].items() if k not in LOCAL_META and k != "app"}
    return {
        "format": FORMAT,
        "meta": meta,
        "characters": sorted(data["characters"].values(), key=lambda d: d["id"]),
        "enemies": sorted(data["enemies"].values(), key=lambda d: d["id"]),
        "packs": jsontext.loads(packs_text(data)) if packs is None else packs,
    }


def dumps(doc: dict[str, Any]) -> str:
    return jsontext.shown(doc, indent=2, sort_keys=True) + "\n"


def _bad(why: str) -> Refused:
    return Refused(_('not a campaign export: {why}').format(why=why), "bad_import")


def tables_from_export(doc: Any) -> dict[str, Any]:
    """Check an export's structure and turn it back into campaign tables."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise _bad(_('no "format": "campaign-export"'))
    meta = doc.get("meta")
    if not isinstance(meta, dict):
        raise _bad(_("meta is missing"))
    version = meta.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool) or version > SCHEMA_VERSION:
        raise _bad(
            _('schema {version!r} (this version reads up to {SCHEMA_VERSION})').format(
                version=version, SCHEMA_VERSION=SCHEMA_VERSION
            )
        )
    # The file's own bookkeeping starts anew (create() gives the journal's); what the export
    # holds of it is not the new file's.
    own = {k: v for k, v in meta.items() if k not in LOCAL_META and k != "app"}
    tables: dict[str, Any] = {"meta": {str(META_ID): {**own, "app": APP, "seq": 0, "campaign_id": new_campaign_id()}}}
    if type(version) is int and version >= 1:  # written in today's layout: the new file is of today's schema
        tables["meta"][str(META_ID)]["schema_version"] = SCHEMA_VERSION
    ids: list[int] = []
    for table in ("characters", "enemies", PACKS):
        docs = doc.get(table, [] if table == PACKS else None)  # packs are optional (schema "export")
        if not isinstance(docs, list) or not all(isinstance(d, dict) for d in docs):
            raise _bad(_('{table} must be a list of objects').format(table=table))
        tables[table] = {}
        for i, d in enumerate(docs):
            # keyed by id, as the file keeps them; the model judges every field (rules/documents.py)
            ident = d.get("id")
            key = str(ident) if type(ident) is int else f"[{i}]"
            if key in tables[table]:
                raise Refused(
                    _("bad import: {where} {why}").format(
                        where=f"{table}[{i}].id",
                        why=_("repeats id {ident} of {other}").format(ident=ident, other=table),
                    ),
                    "bad_import",
                )
            tables[table][key] = d
            ids.append(ident if type(ident) is int else 0)
            if table == "characters" and isinstance(d.get("items"), list):
                ids.extend(item["id"] for item in d["items"] if isinstance(item, dict) and type(item.get("id")) is int)
    if "next_id" not in meta:  # the new file counts on from its highest id; a given one is judged
        tables["meta"][str(META_ID)]["next_id"] = min(max(ids, default=0), MAX_ID - 2) + 1
    for older in range(max(version, 3), SCHEMA_VERSION):  # the documents of an older export, as a file's are
        MIGRATIONS[older](tables)
    return tables


def read_export(text: str) -> dict[str, Any]:
    """An export's JSON: strict (no NaN or Infinity, not nested too deeply), else refused (exit 1)."""
    try:
        returned: dict[str, Any] = jsontext.loads(text)
    except RecursionError:
        raise _bad(_("nested too deeply")) from None
    except ValueError as exc:
        raise _bad(_("not valid JSON") if isinstance(exc, jsontext.Malformed) else str(exc)) from None
    key = jsontext.repeated_key(text)
    if key is not None:  # a reader would keep the last and drop the first without a word
        raise _bad(_("the key {key!r} stands twice in one object").format(key=key))
    return returned
