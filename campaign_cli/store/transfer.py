"""Export and import: the whole campaign as one stable, sorted, diff-friendly document."""

from __future__ import annotations

import json

from campaign_cli.errors import Refused
from campaign_cli.rules.names import MAX_ID
from campaign_cli.store.campaign import APP, META_ID, SCHEMA_VERSION, loads
from campaign_cli.store.layout import PACKS, packs_text
from campaign_cli.i18n import _

FORMAT = "campaign-export"
# Journal bookkeeping stays with the file it belongs to; a new file starts a new journal.
LOCAL_META = ("seq", "campaign_id", "undo_top", "undo_at", "journal_hash", "undo_hash")


def export_document(data: dict) -> dict:
    meta = {k: v for k, v in data["meta"][str(META_ID)].items() if k not in LOCAL_META and k != "app"}
    return {
        "format": FORMAT,
        "meta": meta,
        "characters": sorted(data["characters"].values(), key=lambda d: d["id"]),
        "enemies": sorted(data["enemies"].values(), key=lambda d: d["id"]),
        "packs": json.loads(packs_text(data)),
    }


def dumps(doc: dict) -> str:
    return json.dumps(doc, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def _bad(why: str) -> Refused:
    return Refused(_('not a campaign export: {why}').format(why=why), "bad_import")


def tables_from_export(doc) -> dict:
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
    tables: dict = {"meta": {str(META_ID): {**meta, "app": APP, "seq": 0}}}
    seen_ids: set[int] = set()
    for table in ("characters", "enemies", PACKS):
        docs = doc.get(table, [])
        if not isinstance(docs, list) or not all(isinstance(d, dict) for d in docs):
            raise _bad(_('{table} must be a list of objects').format(table=table))
        names = set()
        for d in docs:
            ident, name = d.get("id"), d.get("pack" if table == PACKS else "name")
            if not isinstance(ident, int) or isinstance(ident, bool) or not 0 < ident < MAX_ID or ident in seen_ids:
                raise _bad(_('{table}: id {ident!r} is missing or repeated').format(table=table, ident=ident))
            if not isinstance(name, str) or name.casefold() in names:
                raise _bad(_('{table}: name {name!r} is missing or repeated').format(table=table, name=name))
            seen_ids.add(ident)
            names.add(name.casefold())
            for item in d.get("items", []) if table == "characters" else []:
                item_id = item.get("id") if isinstance(item, dict) else None
                if (
                    not isinstance(item_id, int)
                    or isinstance(item_id, bool)
                    or not 0 < item_id < MAX_ID
                    or item_id in seen_ids
                ):
                    raise _bad(_('{name}: an item id is missing or repeated').format(name=name))
                seen_ids.add(item["id"])
        tables[table] = {str(d["id"]): d for d in docs}
    next_id = meta.get("next_id")
    if "next_id" in meta and (not isinstance(next_id, int) or isinstance(next_id, bool) or not 0 < next_id < MAX_ID):
        raise _bad(_('meta.next_id must be a whole number from 1 to 2^53, not {next_id!r}').format(next_id=next_id))
    if next_id is None or any(i >= next_id for i in seen_ids):
        tables["meta"][str(META_ID)]["next_id"] = max(seen_ids, default=0) + 1
    return tables


def read_export(text: str) -> dict:
    """An export's JSON: strict (no NaN or Infinity, not nested too deeply), else refused (exit 1)."""
    try:
        return loads(text)
    except RecursionError:
        raise _bad(_("nested too deeply")) from None
    except ValueError as exc:
        raise _bad(_("not valid JSON") if isinstance(exc, json.JSONDecodeError) else str(exc)) from None
