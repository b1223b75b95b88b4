"""Where things sit in the campaign file (imported by the TAB path too: nothing heavy here).

Catalog packs live in the `packs` table, one document `{"text": "[...]"}` holding every
pack as one JSON text: commands that never look into packs pay a string scan, not a
parse, and stock TinyDB reads the table (`TinyDB(path).table("packs").all()`). Schema 2
kept the text directly under `packs`; it is read the same way and converted on the next
write.
"""

from __future__ import annotations

PACKS = "packs"
PACKS_DOC = "1"


def packs_text(data: dict) -> str:
    """The packs' JSON text (`[]` when there are none), from either layout."""
    value = data.get(PACKS)
    if isinstance(value, str):
        return value or "[]"
    doc = value.get(PACKS_DOC) if isinstance(value, dict) else None
    return doc["text"] if isinstance(doc, dict) and isinstance(doc.get("text"), str) else "[]"


def set_packs_text(data: dict, text: str) -> None:
    """Store TEXT as the packs table (an empty table when there are no packs)."""
    data[PACKS] = {PACKS_DOC: {"text": text}} if text not in ("", "[]") else {}
