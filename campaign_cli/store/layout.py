"""Where things sit in the campaign file (imported by the TAB path too: nothing heavy here).

Catalog packs live in the `packs` table, one document `{"text": "[...]"}` holding every
pack as one JSON text: commands that never look into packs pay a string scan, not a
parse, and stock TinyDB reads the table (`TinyDB(path).table("packs").all()`). Schema 2
kept the text directly under `packs`; it is read the same way and converted on the next
write.

The document may also carry `judged`: the digest of the text the judge last found sound.
A command reading packs whose text still has that digest decodes them without judging
them again (a pack of 50,000 items costs a decode, not a verdict, on every `item add`);
a text edited by hand no longer matches and is judged in full.
"""

from __future__ import annotations

PACKS = "packs"
PACKS_DOC = "1"


def _packs_doc(data: dict) -> dict | None:
    """The packs table's one document (schema 3), or None."""
    value = data.get(PACKS)
    doc = value.get(PACKS_DOC) if isinstance(value, dict) else None
    return doc if isinstance(doc, dict) else None


def packs_text(data: dict) -> str:
    """The packs' JSON text (`[]` when there are none), from either layout."""
    value = data.get(PACKS)
    if isinstance(value, str):
        return value or "[]"
    doc = _packs_doc(data)
    return doc["text"] if doc is not None and isinstance(doc.get("text"), str) else "[]"


def set_packs_text(data: dict, text: str) -> None:
    """Store TEXT as the packs table (an empty table when there are no packs)."""
    data[PACKS] = {PACKS_DOC: {"text": text}} if text not in ("", "[]") else {}


def packs_digest(text: str) -> str:
    """The digest `judged` records of a packs text."""
    import hashlib

    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def packs_judged(data: dict) -> str | None:
    """The digest of the packs text the judge last found sound, if the file records one."""
    judged = (_packs_doc(data) or {}).get("judged")
    return judged if isinstance(judged, str) else None


def mark_judged(data: dict) -> None:
    """Record that the packs text as it stands was found sound."""
    doc = _packs_doc(data)
    if doc is not None and isinstance(doc.get("text"), str):
        doc["judged"] = packs_digest(doc["text"])
