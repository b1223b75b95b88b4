"""Where things sit in the campaign file (imported by the TAB path too: nothing heavy here).

Catalog packs live in the `packs` table, one document `{"text": "[...]"}` holding every
pack as one JSON text: commands that never look into packs pay a string scan, not a
parse, and stock TinyDB reads the table (`TinyDB(path).table("packs").all()`). Schema 2
kept the text directly under `packs`; it is read the same way and converted on the next
write.

The document may also carry `judged`: the digest of the text as the file holds it (the
bytes between the quotes of its JSON string) when the judge last found it sound. The
campaign file writes the packs table last; a read that finds the file ending in a packs
document whose bytes still have that digest (`split`) neither decodes nor judges them:
they are kept as they stand (`jsontext.Encoded`), decoded only by a command that looks
into packs, and copied back unchanged by the writer (`joined`). A pack of 50,000 items
costs a command that never uses it a digest of its bytes, not a parse, a verdict and an
encode. A text edited by hand no longer matches, is read in full and judged when used.
"""

from __future__ import annotations

from campaign_cli import jsontext
from campaign_cli.jsontext import Encoded, string_body

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from typing import Any

# The digest of the judge's sources (campaign_cli/model.py `judge_digest`, written by
# `python -m campaign_cli.model --write`; a test keeps it true): the key of the verdict a
# writer leaves in the lock file (store/campaign.py `verdict`).
JUDGE = "8fd67de9d7d57e66"

SCHEMA_VERSION = 5
APP = "campaign"
META_ID = 1
TABLES = ("meta", "characters", "enemies")
DOCUMENT_TABLES = ("characters", "enemies")  # documents by id, each changed alone
PACKS = "packs"
PACKS_DOC = "1"


def _packs_doc(data: dict[str, Any]) -> dict[str, Any] | None:
    """The packs table's one document (schema 3), or None."""
    value = data.get(PACKS)
    doc = value.get(PACKS_DOC) if isinstance(value, dict) else None
    return doc if isinstance(doc, dict) else None


def packs_value(data: dict[str, Any]) -> object:
    """The packs' text as stored (a str, a `jsontext.Encoded` not yet decoded, or None):
    the same object in two states means the packs did not change."""
    value = data.get(PACKS)
    if isinstance(value, str):
        return value
    doc = _packs_doc(data)
    return doc.get("text") if doc is not None else None


def packs_text(data: dict[str, Any]) -> str:
    """The packs' JSON text (`[]` when there are none), from either layout."""
    value = packs_value(data)
    if isinstance(value, str):
        return value or "[]"
    return value.text if isinstance(value, Encoded) else "[]"


def set_packs_text(data: dict[str, Any], text: str) -> None:
    """Store TEXT as the packs table (an empty table when there are no packs)."""
    data[PACKS] = {PACKS_DOC: {"text": text}} if text not in ("", "[]") else {}


def packs_digest(text: str | Encoded) -> str:
    """The digest `judged` records of a packs text: of its bytes as the file holds them."""
    return _digest(text.body if isinstance(text, Encoded) else string_body(text))


def _digest(body: bytes | memoryview) -> str:
    try:
        from _blake2 import blake2b  # hashlib's own, without hashlib (OpenSSL): benchmarks/startup.py
    except ImportError:
        from hashlib import blake2b

    return blake2b(body, digest_size=16).hexdigest()


def trusted(data: dict[str, Any]) -> bool:
    """The packs text stands as the judge last found it sound (`judged`)."""
    value = packs_value(data)
    if isinstance(value, Encoded) and value.sealed:
        return True  # its digest was compared when the file was read (`split`)
    judged = packs_judged(data)
    return judged is not None and isinstance(value, (str, Encoded)) and judged == packs_digest(value)


def packs_judged(data: dict[str, Any]) -> str | None:
    """The digest of the packs text the judge last found sound, if the file records one."""
    judged = (_packs_doc(data) or {}).get("judged")
    return judged if isinstance(judged, str) else None


def mark_judged(data: dict[str, Any]) -> None:
    """Record that the packs text as it stands was found sound."""
    doc = _packs_doc(data)
    if doc is not None and isinstance(doc.get("text"), (str, Encoded)):
        doc["judged"] = packs_digest(doc["text"])


def upgrade_judged(data: dict[str, Any]) -> None:
    """A `judged` as 0.2 wrote it (the digest of the decoded text) as it is written now,
    so a file from then reads its packs as they stand from its next write on."""
    doc = _packs_doc(data)
    text = doc.get("text") if doc is not None else None
    judged = packs_judged(data)
    if judged is not None and isinstance(text, str) and judged == _digest(text.encode("utf-8", "surrogatepass")):
        mark_judged(data)


# The campaign file's end when the packs table is written last: the document's text, then
# its digest (32 hex digits), then the document, the table and the file closed.
_OPEN = b',"' + PACKS.encode() + b'":{"' + PACKS_DOC.encode() + b'":{"text":"'
_JUDGED = b'","judged":"'
_CLOSE = b'"}}}'
_HEX = frozenset(b"0123456789abcdef")


def split(raw: bytes) -> tuple[bytes, Encoded, str] | None:
    """RAW without its packs table, the packs text kept as it stands and its digest, if RAW ends in a
    packs document whose text still has the digest it records (the writer's `joined`);
    else None (read the file whole). The last `,"packs":` with its quotes unescaped is
    a key, and one that closes the file with three braces is the top level's: the rest
    then parses as an object only if it was (else the caller's parse refuses the file)."""
    end = len(raw.rstrip())
    hex_at = end - len(_CLOSE) - 32
    body_end = hex_at - len(_JUDGED)
    if body_end < 0 or raw[hex_at - len(_JUDGED) : hex_at] != _JUDGED or raw[end - len(_CLOSE) : end] != _CLOSE:
        return None
    digest = raw[hex_at : end - len(_CLOSE)]
    if not _HEX.issuperset(digest):
        return None
    cut = raw.rfind(_OPEN, 0, body_end)
    if cut < 1:
        return None
    body = memoryview(raw)[cut + len(_OPEN) : body_end]
    judged = digest.decode()
    if _digest(body) != judged:
        return None
    return raw[:cut] + b"}", Encoded(bytes(body), sealed=True), judged


def joined(head: bytes, data: dict[str, Any]) -> bytes:
    """The campaign file's bytes from HEAD (the tables but packs, as one JSON object) and
    the packs table written last: one judged document's text copied as it stands (its
    bytes neither decoded nor encoded again), any other table as JSON."""
    table = data[PACKS]
    doc = _packs_doc(data)
    value, judged = (doc.get("text"), doc.get("judged")) if doc is not None else (None, None)
    if (
        len(table) == 1
        and set(doc or ()) == {"text", "judged"}
        and isinstance(value, (str, Encoded))
        and isinstance(judged, str)
        and head != b"{}"
    ):
        body = value.body if isinstance(value, Encoded) else string_body(value)
        return b"".join((head[:-1], _OPEN, body, _JUDGED, judged.encode(), _CLOSE))
    table_text = jsontext.dumps(table, separators=(",", ":")).encode()
    return b"".join((head[:-1], b"," if head != b"{}" else b"", b'"', PACKS.encode(), b'":', table_text, b"}"))
