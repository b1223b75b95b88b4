"""Where each document stands in the campaign file's bytes (issue 80: a command costs what
it reads and changes, not the campaign).

A writer lays the tables out (`laid_out`) and knows where the meta and each character and
enemy stand in the bytes it wrote; it leaves that index in the lock file beside its verdict
(`noted`). The next command finds it there (`indexed`) when the verdict matches the bytes,
and each row is checked against the bytes before it is used (`_rows`). With it a read of
one character reads the meta and that character alone (`Tables`), and a write copies every
document it did not change as its bytes stood (`Spans`). Anything the index cannot show
reads the file whole, exactly as before (`Tables.whole`, store/campaign.py `parse`)."""

from __future__ import annotations

from campaign_cli import jsontext
from campaign_cli.errors import Refused
from campaign_cli.rules.names import resolve
from campaign_cli.store import files
from campaign_cli.store.layout import (
    APP,
    DOCUMENT_TABLES,
    META_ID,
    PACKS,
    PACKS_DOC,
    SCHEMA_VERSION,
    TABLES,
    joined,
    split,
)

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: the fast path (cli/fast.py)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from pathlib import Path
    from typing import Any

    # A table as `_written` lays it out: its whole value's bytes, or its documents as rows of
    # key, bytes, id and name.
    Laid = bytes | Iterable[tuple[str, bytes, Any, Any]]


class Spans:
    """Where each character and enemy stands in bytes the last writer wrote and indexed
    (`indexed`), with the documents read from them (LOADED: the tables as read, the very
    objects): a write copies a document that is still that object back as its bytes stood,
    instead of encoding it again (`_spliced`)."""

    __slots__ = ("loaded", "raw", "where")

    def __init__(self, raw: bytes, where: dict[str, dict[str, tuple[int, int]]], loaded: dict[str, Any]) -> None:
        self.raw, self.where, self.loaded = raw, where, loaded

    @classmethod
    def of_index(cls, raw: bytes, index: dict[str, Any] | None, loaded: dict[str, Any]) -> Spans | None:
        """The spans INDEX gives, or None: no index, or a row that is not a span of RAW."""
        where = {}
        for table in DOCUMENT_TABLES:
            rows = _rows(index, table, raw)
            if rows is None:
                return None
            where[table] = {key: (start, end) for key, (_ident, _name, start, end) in rows.items()}
        return cls(raw, where, loaded)

    def of(self, table: str, key: str, doc: Any) -> bytes | None:
        """DOC's bytes as they stood, if DOC is the very document read under KEY."""
        span = self.where[table].get(key)
        if span is None or self.loaded.get(table, {}).get(key) is not doc:
            return None
        return self.raw[span[0] : span[1]]


def laid_out(data: dict[str, Any], spans: Spans | None = None) -> tuple[bytes, dict[str, Any]]:
    """The campaign file's bytes, and where its meta, characters and enemies stand in them
    (the index a writer leaves beside its verdict: a read of one character reads it alone,
    `Tables`; the next write copies what it did not change, `Spans`). The tables as
    `_spliced` or, when only some characters were read, `_lazy_layout` lays them out; the
    packs table last, its text copied as it stands when it is one judged document
    (layout.py). The bytes are `_encoded`'s, whichever way they are made."""
    if type(data) is Tables and data.lazy:
        head, index = _lazy_layout(data)
    else:
        head, index = _spliced({k: v for k, v in data.items() if k != PACKS}, spans)
    if PACKS in data:
        head = joined(head, data)
        index["packs"] = True
    return head, index


def _written(tables: Iterable[tuple[str, Laid]]) -> tuple[bytes, dict[str, Any]]:
    """TABLES, each a name and how it is laid out, as one object's bytes, with where each
    whole table and each document stands (rows of key, id, name, start, end)."""
    parts: list[bytes] = []
    at = 1  # after the opening brace
    index: dict[str, Any] = {}
    for table, laid in tables:
        name = f"{',' if parts else ''}{_encoded(table)}:".encode()
        parts.append(name)
        at += len(name)
        if isinstance(laid, bytes):
            parts.append(laid)
            index[table] = [at, at + len(laid)]
            at += len(laid)
            continue
        rows = index[table] = []
        parts.append(b"{")
        at += 1
        for n, (key, body, ident, named) in enumerate(laid):
            start = f"{',' if n else ''}{_encoded(key)}:".encode()
            parts += (start, body)
            at += len(start)
            rows.append([key, ident, named, at, at + len(body)])
            at += len(body)
        parts.append(b"}")
        at += 1
    return b"".join((b"{", *parts, b"}")), index


def _lazy_layout(tables: Tables) -> tuple[bytes, dict[str, Any]]:
    """The tables (not the packs) as `_spliced` lays them out, when only some characters
    were read: each table in the file's order, the meta encoded, each character stored back
    encoded, every other document copied as its bytes stood."""

    def laid(table: str) -> Laid:
        if table not in DOCUMENT_TABLES:
            return _encoded(dict.__getitem__(tables, table)).encode()
        rows, saved = (tables.rows or {}, tables.saved) if table == "characters" else (tables.enemies, {})
        return [
            (key, tables.raw[start:end], ident, named)
            if (doc := saved.get(key)) is None
            else (key, _encoded(doc).encode(), doc["id"], doc["name"])
            for key, (ident, named, start, end) in rows.items()
        ]

    return _written((table, laid(table)) for table in tables.order)


def _encoded(value: Any) -> str:
    return jsontext.dumps(value, separators=(",", ":"))


def _spliced(tables: dict[str, Any], spans: Spans | None) -> tuple[bytes, dict[str, Any]]:
    """TABLES as `_encoded` writes them, with where the meta table and each document stand
    (`_written`); each document SPANS still holds as read is copied as its bytes stood: a
    write costs what it changed, not the campaign (issue 80). Only a transaction whose
    documents were never changed in place (Stored `_shared`) passes SPANS."""

    def laid(table: str, docs: Any) -> Laid:
        if table not in DOCUMENT_TABLES or type(docs) is not dict:
            return _encoded(docs).encode()
        return [(key, body(table, key, doc), doc.get("id"), doc.get("name")) for key, doc in docs.items()]

    def body(table: str, key: str, doc: Any) -> bytes:
        return (spans.of(table, key, doc) if spans is not None else None) or _encoded(doc).encode()

    return _written((table, laid(table, docs)) for table, docs in tables.items())


class Tables(dict):  # type: ignore[type-arg]  # the tables, as `parse` returns them
    """The tables of a file whose last writer vouched for these very bytes (`verdict`) and
    left beside its verdict where the meta and each character stand (`laid_out`): the
    meta is read, the characters are known by key, id and name (`rows`), and one is read
    alone when found by name or id (Stored `find`). Any other use of a table not read
    (`__missing__`) reads the file whole, as `parse` does: nothing else changes. A row that
    does not match the document it points at is the same: the file is read whole."""

    def __init__(self, path: Path, raw: bytes, rows: dict[str, tuple[int, str, int, int]]) -> None:
        super().__init__()
        self.path, self.raw = path, raw
        self.rows: dict[str, tuple[int, str, int, int]] | None = rows
        # A transaction's (Stored `_lazy`): the characters read alone, as read (never changed
        # in place: each is handed out as a copy), those stored back, the index's table
        # order and enemy rows (the file written from them: `_lazy_layout`), and who is told
        # when the file is read whole after all (the before-state takes what was read).
        self.originals: dict[str, dict[str, Any]] = {}
        self.saved: dict[str, dict[str, Any]] = {}
        self.order: list[str] = []
        self.enemies: dict[str, tuple[int, str, int, int]] = {}
        self.on_whole: Callable[[dict[str, Any]], None] | None = None
        self.parse: Callable[[Path, bytes], dict[str, Any]] | None = None  # how the file is read whole

    @classmethod
    def of(
        cls, path: Path, raw: bytes, index: dict[str, Any] | None, parse: Callable[[Path, bytes], dict[str, Any]]
    ) -> Tables | None:
        """The tables, read lazily, or None: no INDEX (the file's, `indexed`), or one these
        bytes do not match. PARSE reads the file whole (store/campaign.py `parse`), when a
        use needs it."""
        if index is None or b"\\ud" in raw or b"\\uD" in raw:  # an escaped surrogate: judged whole (parse)
            return None
        rows = _rows(index, "characters", raw)
        try:
            start, end = index["meta"]
            meta = jsontext.loads(raw[start:end], trusted=True)
        except (ValueError, KeyError, TypeError, RecursionError, UnicodeDecodeError):
            return None
        if rows is None:
            return None
        doc = meta.get(str(META_ID)) if isinstance(meta, dict) else None
        if not isinstance(doc, dict) or doc.get("app") != APP or doc.get("schema_version") != SCHEMA_VERSION:
            return None
        enemies = _rows(index, "enemies", raw)
        order = [t for t in index if t != "packs"]
        if enemies is None or sorted(order) != sorted(TABLES):  # a table beside them (TinyDB's `_default`)
            return None
        tables = cls(path, raw, rows)
        tables.enemies, tables.order, tables.parse = enemies, order, parse
        tables["meta"] = meta
        if index.get("packs"):
            packs = split(raw)
            if packs is not None:
                tables[PACKS] = {PACKS_DOC: {"text": packs[1], "judged": packs[2]}}
            elif raw.endswith(_NO_PACKS):
                tables[PACKS] = {}
            else:
                return None
        return tables

    def __missing__(self, table: str) -> Any:
        self.whole()
        return dict.__getitem__(self, table)  # KeyError: no such table

    def whole(self) -> None:
        """Every table read, as `parse` reads them, in the file's order. In a transaction,
        the characters read alone stay the very objects read, those stored back are the
        tables' now, and the meta and packs are the ones the acts changed."""
        if self.rows is not None and self.parse is not None:
            full = self.parse(self.path, self.raw)
            self.rows = None
            read = full["characters"]
            read.update(self.originals)  # the objects read alone: the before-state's own
            if self.on_whole is not None:
                self.on_whole({t: dict(full[t]) for t in DOCUMENT_TABLES})
            read.update(self.saved)
            for table in ("meta", PACKS):
                if dict.__contains__(self, table):
                    full[table] = dict.__getitem__(self, table)
            self.clear()
            self.update(full)
            self.saved, self.originals = {}, {}

    @property
    def lazy(self) -> bool:
        return self.rows is not None

    def character(self, name: str | int, what: str) -> dict[str, Any] | None:
        """The character NAME names, read alone (resolved by the index, as `find` resolves);
        None once the file is read whole (the caller then looks there)."""
        rows = self.rows
        if rows is None:
            return None
        if any(doc["name"] != rows[key][1] for key, doc in self.saved.items()):
            self.whole()  # a character renamed: the index's names are not the campaign's now
            return None
        try:
            key = resolve(name, ((k, (row[1],), row[0]) for k, row in rows.items()), what)
        except Refused as refused:
            if not str(refused.code).startswith("ambiguous"):
                raise  # a name nobody has: the same refusal, the same suggestions, as read whole
            self.whole()  # several: the refusal tells them apart by what only their documents say
            return None
        now = self.saved.get(key) or self.originals.get(key)
        if now is not None:  # read already (and perhaps changed): as it stands
            return now
        ident, named, start, end = rows[key]
        try:
            doc = jsontext.loads(self.raw[start:end], trusted=True)
        except (ValueError, RecursionError, UnicodeDecodeError):
            doc = None
        if isinstance(doc, dict) and doc.get("id") == ident and doc.get("name") == named and str(ident) == key:
            self.originals[key] = doc
            return doc
        self.whole()  # the index does not match the bytes: read whole
        return None


def _rows(index: dict[str, Any] | None, table: str, raw: bytes) -> dict[str, tuple[int, str, int, int]] | None:
    """TABLE's rows in INDEX by key (id, name, start, end), or None: no index, or a row that
    is not a document's key, id, name and span in RAW: an object right after its key, then
    a comma or the table's end. The index's checksum guards against accidents, as the
    verdict's does (`verdict`); this catches a row moved by hand (another's span, a shift)."""
    rows = index.get(table, []) if index is not None else None
    if type(rows) is not list:
        return None
    out = {}
    for row in rows:
        if type(row) is not list or len(row) != 5:
            return None
        key, ident, name, start, end = row
        if type(key) is not str or type(ident) is not int or type(name) is not str:
            return None
        if type(start) is not int or type(end) is not int or not 0 < start < end < len(raw):
            return None
        said = b'"%s":{' % jsontext.string_body(key)
        if raw[start - len(said) + 1 : start + 1] != said or raw[end - 1 : end + 1] not in (b"},", b"}}"):
            return None
        out[key] = (ident, name, start, end)
    return out


def indexed(path: Path, raw: bytes, sound: bytes) -> dict[str, Any] | None:
    """Where the meta and each document stand in RAW, as the writer of these very bytes left
    it beside its verdict (`laid_out`, `noted`): None when the lock file holds no verdict on
    RAW (SOUND: the verdict a sound RAW has, store/campaign.py `verdict`), or no index, or one
    whose checksum fails. The rows are checked by who uses them."""
    note, _mark, rest = files.read_note(files.lock_path_of(path), 0).partition(b"\n")
    check, _space, text = rest.partition(b" ")
    if not text or note != sound or check != _crc(text):
        return None
    try:
        index = jsontext.loads(text)
    except (ValueError, RecursionError, UnicodeDecodeError):
        return None
    return index if isinstance(index, dict) else None


_NO_PACKS = b',"' + PACKS.encode() + b'":{}}'  # the end of a file with an empty packs table (layout.joined)


def _crc(text: bytes) -> bytes:
    from zlib import crc32

    return b"%08x" % crc32(text)


def noted(sound: bytes, index: dict[str, Any]) -> bytes:
    """What a writer leaves in the lock file for the bytes it wrote: the verdict SOUND, and on
    the second line INDEX (`laid_out`) with its own checksum (read back by `indexed`)."""
    text = jsontext.dumps(index, separators=(",", ":")).encode()
    return b"%s\n%s %s" % (sound, _crc(text), text)
