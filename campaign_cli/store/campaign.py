"""The campaign file: a TinyDB JSON document with tables `meta`, `characters`, `enemies`.

One transaction per command: lock the sidecar, read, apply, validate, append
the journal entry, write atomically, release. Read-only commands take no lock
and never create anything.
"""

from __future__ import annotations

import os
import time
from contextlib import contextmanager

from campaign_cli import jsontext
from campaign_cli.errors import COMMIT, N_, Cmd, FileProblem, NameTaken, Refused, Say
from campaign_cli.i18n import _, os_reason
from campaign_cli.rules.names import resolve
from campaign_cli.store import files  # journal and patch: loaded by what writes or walks the journal
from campaign_cli.store.index import Spans, Tables, indexed, laid_out, noted
from campaign_cli.store.layout import APP as APP  # the file's shape: its own module's (index.py reads it too)
from campaign_cli.store.layout import DOCUMENT_TABLES as DOCUMENT_TABLES
from campaign_cli.store.layout import (
    JUDGE,
    PACKS,
    PACKS_DOC,
    mark_judged,
    packs_text,
    packs_value,
    set_packs_text,
    split,
    trusted,
    upgrade_judged,
)
from campaign_cli.store.layout import META_ID as META_ID
from campaign_cli.store.layout import SCHEMA_VERSION as SCHEMA_VERSION
from campaign_cli.store.layout import TABLES as TABLES

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: the fast path (cli/fast.py)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Mapping
    from pathlib import Path
    from typing import Any

    from campaign_cli.model import Board, Character

# Catalog packs: a table whose one document holds every pack as one JSON text (layout.py).
# Journal bookkeeping in meta: moves forward on every change, never undone.
# An entry written since every act records its events carries this key: `log` says it from
# its events alone; an older one is said from its patch (CLI.md "Events": no history rewritten).
EVENTS_COMPLETE = "events_complete"
ROLLS_PER_ENTRY = 500  # a batch's rolls go to the journal in entries of at most this many

BOOKKEEPING = ("seq", "next_id", "campaign_id", "undo_top", "undo_at", "journal_hash", "undo_hash")


def new_campaign_id() -> str:
    return os.urandom(8).hex()


def _v1_to_v2(data: dict[str, Any]) -> None:
    """Schema 2: the file carries a campaign id, and undo pointers (absent until the next
    change, so older journals are walked as before)."""
    data["meta"][str(META_ID)].setdefault("campaign_id", new_campaign_id())


def _v2_to_v3(data: dict[str, Any]) -> None:
    """Schema 3: the packs' text moves into a `packs` table, so stock TinyDB reads every
    top-level key as a table."""
    if isinstance(data.get(PACKS, ""), str):
        set_packs_text(data, packs_text(data))


def _v3_to_v4(data: dict[str, Any]) -> None:
    """Schema 4: stacks. Every item says how many pieces it is; one written before is one."""
    for doc in (data.get("characters") or {}).values():
        items = doc.get("items") if isinstance(doc, dict) else None
        for item in items if isinstance(items, list) else ():
            if isinstance(item, dict):
                item.setdefault("count", 1)


def _v4_to_v5(data: dict[str, Any]) -> None:
    """Schema 5: a reloading weapon (R26: flags R, R3) says whether it is loaded (CLI.md's
    item JSON): loaded unless fired and not yet reloaded."""
    from campaign_cli.rules.gear import RELOADS

    for doc in (data.get("characters") or {}).values():
        items = doc.get("items") if isinstance(doc, dict) else None
        for item in items if isinstance(items, list) else ():
            flags = item.get("flags") if isinstance(item, dict) else None
            if isinstance(flags, list) and any(f in RELOADS for f in flags if isinstance(f, str)):
                item.setdefault("loaded", not item.get("unloaded"))


# Migrations: MIGRATIONS[n] upgrades a file of schema n to n + 1, in place (a file read, an
# export imported).
MIGRATIONS: dict[int, Callable[[dict[str, Any]], None]] = {1: _v1_to_v2, 2: _v2_to_v3, 3: _v3_to_v4, 4: _v4_to_v5}


def resolve_path(path: str | os.PathLike[str]) -> Path:
    """Follow symlinks so that writes replace the file a link points at, not the link."""
    from pathlib import Path

    return Path(resolved(path))


def resolved(path: str | os.PathLike[str]) -> str:
    """PATH with `~` expanded and its links followed, as text (a command's: files.FilePath)."""
    return os.path.realpath(os.path.expanduser(os.fspath(path)))


def belongs_to(path: Path, other: Path) -> bool:
    """Whether OTHER is the campaign file at PATH, its journal or its lock (by path or by inode)."""
    from campaign_cli.store import journal

    own = (path, journal.journal_path(path), files.lock_path_of(path))
    for mine in own:
        if os.fspath(other) == os.fspath(mine):  # a Path and a command's FilePath alike
            return True
        try:
            if os.path.samefile(mine, other):
                return True
        except OSError:
            pass
    return False


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def _not_campaign(path: Path, why: str) -> FileProblem:
    return FileProblem(_('{path} is not a campaign file ({why})').format(path=path, why=why), "not_a_campaign")


def _decoded(raw: bytes, trusted: bool = False) -> Any:
    """RAW's JSON data, the packs the file vouches for kept as they stand (layout.py);
    TRUSTED: bytes our writer vouched for (their nesting not counted again)."""
    packs = split(raw)
    if packs is not None:
        head, text, judged = packs
        try:
            data = jsontext.loads(head, trusted)
        except (ValueError, RecursionError):
            pass  # not the top level's packs after all: read whole
        else:
            if isinstance(data, dict):
                data[PACKS] = {PACKS_DOC: {"text": text, "judged": judged}}
                return data
    return jsontext.loads(raw, trusted)


def parse(path: Path, raw: bytes, check: bool = True) -> dict[str, Any]:
    """Decode, migrate and (with CHECK) validate the bytes of a campaign file."""
    if not raw.strip():
        raise _not_campaign(path, _("it is empty"))
    judged = check and (raw == _SOUND[0] or vouched(path, raw))  # bytes our writer judged and vouched for
    try:
        data = _decoded(raw, judged)
    except RecursionError:
        raise FileProblem(
            _('{path} is not a campaign file (JSON nested too deeply)').format(path=path), "corrupt"
        ) from None
    except (ValueError, UnicodeDecodeError) as exc:
        why = _("corrupt or truncated") if isinstance(exc, (jsontext.Malformed, UnicodeDecodeError)) else str(exc)
        raise FileProblem(_('{path} is not valid JSON ({why})').format(path=path, why=why), "corrupt") from None
    if not isinstance(data, dict):
        raise _not_campaign(path, _("top level is not an object"))
    if b"\\ud" in raw or b"\\uD" in raw:  # an escaped surrogate: paired (an emoji) or lone (no text can hold it)
        from campaign_cli.judge import first_surrogate

        where = first_surrogate(data)
        if where is not None:
            raise _not_campaign(
                path, _("{where} holds a lone surrogate (U+D800..U+DFFF), which no file can store").format(where=where)
            )
    meta = data.get("meta")
    doc = meta.get(str(META_ID)) if isinstance(meta, dict) else None
    if not isinstance(doc, dict) or doc.get("app") != APP:
        raise _not_campaign(path, _("no campaign metadata"))
    version = doc.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise _not_campaign(path, _("bad schema_version"))
    if version > SCHEMA_VERSION:
        raise FileProblem(
            _(
                '{path} was written by a newer campaign (schema {version}; this version reads '
                '{SCHEMA_VERSION}): upgrade campaign-cli'
            ).format(path=path, version=version, SCHEMA_VERSION=SCHEMA_VERSION),
            "newer_schema",
        )
    if version < SCHEMA_VERSION and version not in MIGRATIONS:
        raise _not_campaign(path, _("schema {version} is older than any this version reads").format(version=version))
    if version < SCHEMA_VERSION:  # a file from before every table was written
        for table in TABLES:
            data.setdefault(table, {})
    while version < SCHEMA_VERSION:
        MIGRATIONS[version](data)
        version += 1
        doc["schema_version"] = version
    if check:
        if not judged:  # bytes no writer of ours vouched for: read again, every key once
            _no_repeated_key(path, raw)
        check_shape(path, data, judged=judged)
        _SOUND[0] = raw
    return data


def _no_repeated_key(path: Path, raw: bytes) -> None:
    """A key twice in one object (`"1": {Ajax}, "1": {Bob}`) is damage: JSON readers keep the
    last, so a read showed Bob alone and the next write dropped Ajax for good (issue 64)."""
    key = jsontext.repeated_key(raw)
    if key is not None:
        raise _not_campaign(path, _("the key {key!r} stands twice in one object").format(key=key))


# The bytes this process last read and found sound. The judge's verdict is a function of
# the bytes alone, so the same bytes read again (the next command of an API block or of
# the test suite, a command that reads twice) are not judged again.
_SOUND = [b""]


def verdict(raw: bytes) -> bytes:
    """What the lock file keeps of bytes the judge found sound (the writer's, once it has
    written them): the judge's own digest (layout.JUDGE) and the schema, so a verdict is
    never taken from another judge, stricter or not; then the bytes' length and two
    checksums of them (CRC-32 and Adler-32, 64 bits together), which any change by hand,
    by git or by another program alters. Checksums, not a cryptographic digest: the note
    guards against accidents, and whoever can write the file can write its lock file too.
    zlib is loaded with Typer already; a digest module was a cost on every read (benchmarks/startup.py).
    The writer puts on the note's second line where the meta and each document stand in
    those bytes, with its own checksum (`index.laid_out`, `indexed`)."""
    last = _VERDICT[0]
    if last is not None and last[0] is raw and last[1] == JUDGE:  # asked again (`vouched`, `indexed`)
        return last[2]
    from zlib import adler32, crc32

    said = f"sound {JUDGE} {SCHEMA_VERSION} {len(raw)} {crc32(raw):08x}{adler32(raw):08x}".encode()
    _VERDICT[0] = (raw, JUDGE, said)
    return said


# The last bytes given a verdict (the object itself), by which judge, and the verdict: a
# transaction asks twice of the same bytes (whether vouched for, then where each document stands).
_VERDICT: list[tuple[bytes, str, bytes] | None] = [None]


def vouched(path: Path, raw: bytes) -> bool:
    """The last writer found these very bytes sound: the lock file keeps its verdict on
    what it wrote. A file changed since in any way (by hand, by git, by another version)
    no longer matches and is judged in full; so is one whose lock file holds nothing."""
    note, mark, index = files.read_note(files.lock_path_of(path)).partition(b"\n")
    return bool(note) and note == verdict(raw) and (not mark or bool(index))


def check_documents(
    path: Path,
    data: dict[str, Any],
    writing: bool = False,
    sound: dict[str, Any] | None = None,
    loaded: dict[str, Any] | None = None,
) -> None:
    """Every document and every field, by the one model (campaign_cli/model.py): a
    hand-edited file with a field out of type or range, a key that is not its document's
    id, a repeated id or name is refused (exit 3) before a command could trip over it, and
    so is a change (a batch, an undo, a merge) that would write one."""
    from campaign_cli import judge, verdict

    try:
        verdict.check_campaign(data, sound=sound, loaded=loaded)
    except judge.Invalid as err:
        why = _("{where} {why}").format(where=err.where, why=err.why)
        if writing:
            raise FileProblem(
                _("{path}: the change would write an unsound campaign ({why}); nothing saved").format(
                    path=path, why=why
                ),
                "unsound_change",
            ) from None
        raise _not_campaign(path, why) from None


def check_packs(
    path: Path, data: dict[str, Any], text: str, writing: bool = False, trusted: bool = False
) -> list[dict[str, Any]]:
    """The packs' text, decoded and judged by the model (exit 3 naming the pack and field).
    Packs are judged when first decoded, not on every read: a command that never looks
    into them pays a string scan, not a parse (layout.py); TRUSTED: the file records that
    this very text was judged sound, so it is only decoded."""
    from campaign_cli import judge, verdict

    try:
        packs = jsontext.loads(text)
        if not (trusted and type(packs) is list):
            twice = jsontext.repeated_key(text)  # judged as a document is: a key twice is damage
            if twice is not None:
                raise judge.Invalid("packs", _("repeat the key {key!r} in one object").format(key=twice))
            verdict.check_packs(data, packs)
            if not writing:  # a text edited by hand: its items completed as an import completes them
                from campaign_cli.rules.packs import entry_of

                packs = [{**p, "items": [entry_of(i) for i in p.get("items", [])]} for p in packs]
    except (ValueError, RecursionError):
        packs, why = None, _("packs are malformed")
    except judge.Invalid as err:
        packs, why = None, _("{where} {why}").format(where=err.where, why=err.why)
    if packs is None:
        if writing:
            raise FileProblem(
                _("{path}: the change would write an unsound campaign ({why}); nothing saved").format(
                    path=path, why=why
                ),
                "unsound_change",
            )
        raise _not_campaign(path, why)
    returned: list[dict[str, Any]] = packs
    return returned


def encode_packs(packs: list[dict[str, Any]]) -> str:
    return jsontext.dumps(packs, separators=(",", ":"))


def check_shape(
    path: Path,
    data: dict[str, Any],
    writing: bool = False,
    judged: bool = False,
    sound: dict[str, Any] | None = None,
    loaded: dict[str, Any] | None = None,
) -> None:
    """The tables every command relies on, and every document in them (check_documents,
    unless JUDGED: these very bytes were found sound before; SOUND: tables found sound,
    whose equal documents are not judged again)."""
    if isinstance(data.get(PACKS), str):  # an undo of a change written before schema 3
        set_packs_text(data, data[PACKS])
    packs = data.setdefault(PACKS, {})
    if not isinstance(packs, dict) or any(
        not isinstance(d, dict) or not isinstance(d.get("text"), (str, jsontext.Encoded)) for d in packs.values()
    ):
        raise _not_campaign(path, _("packs are malformed"))
    for table in TABLES:
        if table not in data:  # every writer writes every table: a file without one was cut short
            raise _not_campaign(path, _("table {table!r} is missing").format(table=table))
        docs = data[table]
        if not isinstance(docs, dict) or not all(isinstance(d, dict) for d in docs.values()):
            raise _not_campaign(path, _('table {table!r} is malformed').format(table=table))
    unknown = sorted(t for t in set(data) - {*TABLES, PACKS} if not (t == "_default" and data[t] == {}))
    if unknown:  # CLI.md: a table the model does not know is damage, never rewritten without it
        # (stock TinyDB's own empty `_default` table is not one: TinyDB may leave it)
        raise _not_campaign(path, _("table {table!r} is not one of a campaign's").format(table=unknown[0]))
    if not judged:
        check_documents(path, data, writing, sound, loaded)


def read_bytes(path: Path) -> bytes:
    """The campaign file's bytes; missing or unreadable is a campaign-file problem (exit 3).
    Only a regular file with one link is a campaign file: a FIFO, folder or device is
    refused at once (opened without blocking), and so is a file hard-linked elsewhere."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        missing = FileProblem(_('no campaign file at {path}').format(path=path), "no_campaign")
        missing.path = path  # which file: only the campaign in use gets the hint to `init` it
        raise missing from None
    except OSError as exc:
        raise FileProblem(
            _('cannot read {path}: {strerror}').format(path=path, strerror=os_reason(exc)), "unreadable"
        ) from None
    try:
        files.check_regular(fd, path, _("campaign file"))  # before fdopen, which refuses a folder itself
    except BaseException:
        os.close(fd)
        raise
    with os.fdopen(fd, "rb") as fh:
        try:
            return fh.read()
        except OSError as exc:
            raise FileProblem(
                _('cannot read {path}: {strerror}').format(path=path, strerror=os_reason(exc)), "unreadable"
            ) from None


def load(path: Path) -> dict[str, Any]:
    return parse(path, read_bytes(path))


def _dumps(data: dict[str, Any]) -> bytes:
    """The campaign file's bytes (`index.laid_out`)."""
    return laid_out(data)[0]


class Stored:
    """An open campaign: the loaded tables, plus the pending journal entry.

    Reads go straight to the loaded tables (copies of the documents); a change replaces a
    document in its table under its id, as TinyDB keys it, and the file is written as
    TinyDB's own JSON storage writes it (stock TinyDB reads every table). TinyDB itself
    is not loaded: its import (and `json`'s: benchmarks/startup.py) was most of what a write
    adds to a read.
    """

    def __init__(
        self,
        path: Path,
        data: dict[str, Any],
        before: dict[str, Any] | None = None,
        words: list[str] | None = None,
        shared: bool = False,
        spans: Spans | None = None,
    ):
        self.path = path  # a FilePath for a command (text: no pathlib), a Path for init, import, merge
        self._data = data
        self.target = path  # the file commit() writes: the campaign itself, or a merge driver's OURS
        self.written: bytes | None = None  # what commit() wrote to the campaign file
        self.index: dict[str, Any] = {}  # where its meta and characters stand in it (`index.laid_out`)
        # Inside a batch: each character as it was before the current line first read it (recap's tally).
        self.line_before: dict[str, dict[str, Any]] | None = None
        self._before = before
        # SHARED: BEFORE's characters and enemies are the very documents read (`_shared_before`),
        # none ever changed in place: each is handed out as a copy of its own and stored back
        # as a new object, so a write costs what it changed, not the campaign. Whoever takes
        # `data` itself may change anything: the before-state is then copied whole (`_unshare`).
        self._shared = shared and before is not None
        if type(data) is Tables and before is not None:  # a transaction reading one character alone
            data.on_whole = self._read_whole
        self._spans = spans  # where each document read stands in the file's bytes (`index._spliced`)
        # the tables' documents as read (the objects themselves): verdict.check_campaign
        # skips one still untouched; only a transaction, whose start was judged, has them
        self._loaded = {t: dict(data.get(t) or {}) for t in ("characters", "enemies")} if before is not None else None
        self.words = words or []
        self.summary = ""
        self.kind = "change"
        self.extra: dict[str, Any] = {}
        self.touched: list[str] = []  # character names this command concerns
        self.rolls: list[dict[str, Any]] = []
        self.roll_spool: Any = None  # a batch's or block's rolls past ROLLS_PER_ENTRY, on disk
        self.reverted = False  # an undo moves the undo pointer itself
        self.settles = False  # `resolve`: the one change made while a merge's conflicts are open
        self._packs: tuple[str, list[Any]] | None = None
        self._keywords: tuple[list[str], int, set[str]] | None = None  # the party's, casefolded (knows_keyword)
        self._packs_judged_now = False  # judged in full by this command (a file from before `judged`, or edited)

    # -- raw data --------------------------------------------------------------
    @property
    def data(self) -> dict[str, Any]:
        """The tables themselves, to change in place (an undo, a merge): the before-state
        stops sharing documents with them first. To read, `table`."""
        if type(self._data) is Tables:
            self._data.whole()
        if self._shared:
            self._unshare()
        return self._data

    @property
    def _lazy(self) -> Tables | None:
        """The tables, while only the characters found by name were read (`Tables`)."""
        data = self._data
        return data if type(data) is Tables and data.lazy else None

    def _read_whole(self, read: dict[str, Any]) -> None:
        """The file was read whole in a transaction (`Tables.whole`): READ, the documents as
        read, are the before-state's (shared) and the judge's as read."""
        assert self._before is not None
        self._before.update(read)
        self._loaded = {table: dict(docs) for table, docs in read.items()}

    def changed_pairs(self, table: str) -> tuple[dict[str, Any], dict[str, Any]]:
        """TABLE's documents this transaction may have changed, as they were and as they are
        (by key; one removed is in the first alone): every document unless the before-state
        still shares the untouched ones (`_shared`: then those it does not share)."""
        lazy = self._lazy
        if lazy is not None:
            if table != "characters":
                return {}, {}
            keys = [key for key in lazy.rows or () if key in lazy.saved]  # the table's order
            return {key: lazy.originals[key] for key in keys}, {key: lazy.saved[key] for key in keys}
        was, now = self.before_tables()[table], self._data[table]
        changed = {k for k, d in now.items() if was.get(k) is not d} if self._shared else set(now)
        return (
            {k: d for k, d in was.items() if k in changed or k not in now},
            {k: d for k, d in now.items() if k in changed},
        )

    def table(self, name: str) -> Mapping[str, Any]:
        """The documents of table NAME by key, as they stand: to read, never to change."""
        returned: Mapping[str, Any] = self._data[name]
        return returned

    def _unshare(self) -> None:
        assert self._before is not None
        self._shared = False
        for table in DOCUMENT_TABLES:  # the documents read, never changed in place: copied as they were
            self._before[table] = jsontext.copied(self._before[table])

    @property
    def writable(self) -> bool:
        return self._before is not None

    def before_tables(self) -> dict[str, Any]:
        """The tables as the transaction found them (read-only: the journal diffs against them)."""
        assert self._before is not None  # writable: opened by a transaction
        return self._before

    # -- meta ------------------------------------------------------------------
    @property
    def meta(self) -> dict[str, Any]:
        returned: dict[str, Any] = self._data["meta"][str(META_ID)]
        return returned

    def set_meta(self, **fields: Any) -> None:
        self.meta.update(fields)

    def drop_meta(self, field: str) -> None:
        self.meta.pop(field, None)

    def knows_keyword(self, word: str) -> bool:
        """Whether the party knows WORD (any case), in constant time: a batch of thousands of
        `keyword learn` lines costs each the same (CLI.md: linear in its lines). The index
        follows the list itself: another list (a savepoint taken back) is indexed anew."""
        words = self.meta["keywords"]
        cached = self._keywords
        if cached is None or cached[0] is not words or cached[1] != len(words):
            cached = self._keywords = (words, len(words), {k.casefold() for k in words})
        return word.casefold() in cached[2]

    def add_keyword(self, word: str) -> list[str]:
        """WORD learned by the party (not known: `knows_keyword` first); the keywords now."""
        self.knows_keyword(word)  # the index of this very list
        words: list[str] = self.meta["keywords"]
        words.append(word)
        assert self._keywords is not None
        self._keywords[2].add(word.casefold())
        self._keywords = (words, len(words), self._keywords[2])
        return words

    def next_id(self) -> int:
        nid = self.meta["next_id"]
        self.set_meta(next_id=nid + 1)
        returned: int = nid
        return returned

    # -- documents (characters, enemies) -----------------------------------------
    def docs(self, table: str) -> list[dict[str, Any]]:
        return [self._checked(table, d) for d in sorted(self._data[table].values(), key=lambda d: d["id"])]

    def find(self, table: str, name: str | int, what: str) -> dict[str, Any]:
        """A document by its name (any case) or id; a miss is refused with suggestions."""
        if table == "characters" and type(self._data) is Tables:
            alone = self._data.character(name, what)  # read alone: the file was indexed
            if alone is not None:
                return self._checked(table, alone)
        docs = self._data[table].values()
        return self._checked(table, resolve(name, ((d, (d["name"],), d["id"]) for d in docs), what))

    def _checked(self, table: str, doc: dict[str, Any]) -> dict[str, Any]:
        """A copy of DOC (every document was checked when the file was read): a copy of its
        own, lists and all, while the before-state shares DOC (`_shared`)."""
        if self.line_before is not None and table == "characters" and str(doc["id"]) not in self.line_before:
            self.line_before[str(doc["id"])] = snapshot(doc)
        if self._shared and self._as_read(table, doc):
            copy: dict[str, Any] = jsontext.copied(doc)
            return copy
        return dict(doc)

    def _as_read(self, table: str, doc: dict[str, Any]) -> bool:
        """Whether DOC is the very document read, which the before-state shares (once stored
        back, a document is a new object of the tables' own: a batch's next lines need no
        copy of it of their own)."""
        key = str(doc["id"])
        lazy = self._lazy
        if lazy is not None and table == "characters":
            return lazy.originals.get(key) is doc
        assert self._before is not None
        return self._before.get(table, {}).get(key) is doc

    def exists(self, table: str, name: str | int) -> bool:
        key = str(name).strip().casefold()
        return any(d["name"].casefold() == key for d in self._data[table].values())

    def insert(self, table: str, doc: dict[str, Any], what: str) -> dict[str, Any]:
        if self.exists(table, doc["name"]):
            taken = (
                N_("an {what} named {name!r} already exists")
                if what[:1] in "aeiou"
                else N_("a {what} named {name!r} already exists")
            )
            raise NameTaken(Say(taken, what=Say(what), name=doc["name"]), "name_taken")
        doc = {"id": self.next_id(), **doc}
        self.put(table, doc)
        return doc

    def put(self, table: str, doc: Mapping[str, Any], key: str | None = None) -> None:
        """Store DOC under KEY, by default its own id, as TinyDB keys a document: as text."""
        self._data[table][str(doc["id"]) if key is None else key] = dict(doc)

    def save(self, table: str, doc: Mapping[str, Any]) -> None:
        """Replace the stored document with DOC (matched by its stable id)."""
        key = str(doc["id"])
        lazy = self._lazy
        if lazy is not None and table == "characters" and key in lazy.originals:
            lazy.saved[key] = dict(doc)  # the one read stays as it was: the before-state's
            return
        stored = self._data[table][key]
        if stored is doc:
            return
        if self._shared:  # the document read stays as it was: the before-state holds it
            self._data[table][key] = dict(doc)
        else:
            stored.clear()
            stored.update(doc)

    def remove(self, table: str, doc: Mapping[str, Any]) -> None:
        del self._data[table][str(doc["id"])]

    def boards(self) -> list[tuple[dict[str, Any], str]]:
        """Every enemy board with where it comes from: the campaign's own ("campaign"), then
        the packs' that no own board of the same name hides (CLI.md "Catalog packs")."""
        own = [(b, "campaign") for b in self.docs("enemies")]
        taken = {b["name"].casefold() for b, _ in own}
        return [
            *own,
            *((b, p["pack"]) for p in self.packs() for b in p["enemies"] if b["name"].casefold() not in taken),
        ]

    def board(self, name: str | int) -> Board:
        """An enemy board by name (or id, for the campaign's own), refused with suggestions."""
        found = resolve(name, ((b, (b["name"],), b.get("id")) for b, _ in self.boards()), "enemy")
        return dict(found)  # type: ignore[return-value]  # a stored or a pack's board: judged when read

    def packs(self) -> list[dict[str, Any]]:
        """The catalog packs stored in this campaign, oldest first (decoded on first use)."""
        text = packs_text(self._data)
        if self._packs is None or self._packs[0] is not text:
            sound = trusted(self._data)
            self._packs = (text, check_packs(self.path, self._data, text, trusted=sound))
            self._packs_judged_now = not sound  # the next write records the verdict (commit)
        return self._packs[1]

    def set_packs(self, packs: list[dict[str, Any]]) -> None:
        set_packs_text(self._data, encode_packs(packs))

    # -- characters ------------------------------------------------------------
    def characters(self) -> list[Character]:
        return self.docs("characters")  # type: ignore[return-value]  # judged as Character when read

    def character(self, name: str | int) -> Character:
        return self.find("characters", name, "character")  # type: ignore[return-value]  # judged when read

    def own_board(self, name: str | int) -> Board:
        """The campaign's own enemy board NAME (not a pack's: `board` finds either)."""
        return self.find("enemies", name, "enemy")  # type: ignore[return-value]  # judged when read

    def add_character(self, doc: Mapping[str, Any]) -> Character:
        """DOC stored as a new character with the next id (refused if the name is taken)."""
        return self.insert("characters", dict(doc), "character")  # type: ignore[return-value]  # judged

    # -- journal -----------------------------------------------------------------
    def note(self, summary: str, *names: str, **extra: Any) -> None:
        """Describe this command's change for the journal."""
        self.summary = summary
        self.touched.extend(n for n in names if n not in self.touched)
        self.extra.update(extra)

    def event(self, kind: str, /, **fields: Any) -> None:
        """A fact of this command for its journal entry (`{"event": "killed", "enemy": ...,
        "by": ...}`): what `log` and `recap` say, in any language, is read from these and
        from the documents' changes, never from the English summary."""
        self.extra.setdefault("events", []).append({"event": kind, **fields})

    def record_roll(self, roll: dict[str, Any]) -> None:
        self.rolls.append(roll)
        if self.roll_spool is not None and len(self.rolls) >= ROLLS_PER_ENTRY:
            self.roll_spool.write((jsontext.dumps(self.rolls) + "\n").encode())
            self.rolls = []

    def spool_rolls(self) -> None:
        """Many commands in one transaction (a batch, an API block): their rolls wait on disk
        in parts, not in memory, and go to the journal as `roll` entries of at most
        ROLLS_PER_ENTRY rolls each, so memory and the change's own entry stay small however
        many lines roll (CLI.md "Reliability guarantees")."""
        import tempfile

        self.roll_spool = tempfile.TemporaryFile()

    def mark(self) -> tuple[Any, ...]:
        """A savepoint (the library's `attempt`): the data, the entry's summary, extras and
        names, and the rolls so far, in memory and on the spool."""
        spooled = self.roll_spool.tell() if self.roll_spool is not None else None
        if self._lazy is not None:
            self._lazy.whole()  # a copy of every table: read them all
        return (
            jsontext.copied(self._data),
            self._packs,
            self.summary,
            dict(self.extra),
            list(self.touched),
            list(self.rolls),  # a copy: a flush to the spool replaces the list
            spooled,
        )

    def back_to(self, mark: tuple[Any, ...]) -> None:
        """Take back everything done since MARK (`mark`)."""
        data, self._packs, self.summary, self.extra, self.touched, self.rolls, spooled = mark
        self._data = data
        if spooled is not None:
            self.roll_spool.seek(spooled)
            self.roll_spool.truncate()

    def _roll_parts(self) -> Iterator[list[dict[str, Any]]]:
        """The spooled rolls in their parts, then the rest; none when nothing was spooled."""
        spool = self.roll_spool
        if spool is None or not spool.tell():
            return
        spool.seek(0)
        for line in spool:
            yield jsontext.loads(line)
        if self.rolls:
            yield self.rolls

    def _append_roll_parts(self, of: int | None, base: dict[str, Any]) -> int:
        """Journal the spooled rolls (the commit has begun); returns how many there were."""
        from campaign_cli.store import journal

        count = 0
        for part, rolls in enumerate(self._roll_parts(), 1):
            entry = {"kind": "roll", "after": self.meta["seq"], **base, "rolls": rolls, "part": part}
            if part > 1:  # the events go with the first part alone: said once
                entry.pop("events", None)
            if of is not None:
                entry["of"] = of  # the change these rolls belong to: undone with it (recap)
            journal.append(self.path, entry)
            count += len(rolls)
        return count

    def commit(self) -> None:
        from campaign_cli.store import patch

        if not self.writable:
            raise RuntimeError("read-only campaign")
        lazy = self._lazy
        if lazy is not None and not self._lazy_sound(lazy):
            lazy.whole()  # not shown sound from what was read alone: judged whole
            lazy = None
        after = self._data
        assert self._before is not None  # writable: opened by a transaction
        if lazy is not None:
            after.setdefault(PACKS, {})  # as check_shape leaves it
            self._judge_packs(after)  # (packs judged anew read every id: the file whole)
        if lazy is not None and self._lazy is not None:
            changes = self._lazy_changes(lazy)
        else:
            check_shape(self.path, after, writing=True, sound=self._before, loaded=self._loaded)  # it started judged
            self._judge_packs(after)
            changes = patch.tables_diff(self._before, after, BOOKKEEPING)
        if changes:
            self._refuse_while_conflicted()
        ident = self.meta.setdefault("campaign_id", new_campaign_id())
        self.extra.setdefault("events", [])  # what the acts did (CLI.md "Events"), complete since EVENTS_COMPLETE
        base = {
            EVENTS_COMPLETE: True,
            "campaign": ident,
            "time": now(),
            "command": self.words,
            "summary": self.summary,
            "characters": self.touched,
        }
        spooled = self.roll_spool is not None and self.roll_spool.tell() > 0
        if self.rolls and not spooled:
            base["rolls"] = self.rolls
        if changes:
            self._write_change(after, changes, base, spooled)
        elif spooled or self.rolls:
            self._write_rolls(base, spooled)

    def _lazy_sound(self, lazy: Tables) -> bool:
        """Whether the campaign, the characters read alone changed and the rest as the
        writer vouched for them, is sound, shown from what was read: the meta and each
        changed character judged; its name no other's; its ids its own before or new
        (at or above the next id the file had), unrepeated, below the next id now. False
        when that does not show it (the file is then read and judged whole: the verdict
        and the problem named are the judge's)."""
        from campaign_cli import judge, verdict

        assert self._before is not None
        meta = lazy["meta"][str(META_ID)]
        was_next, next_id = self._before["meta"][str(META_ID)]["next_id"], meta.get("next_id")
        try:
            verdict.check("Meta", meta, "meta")
            if set(lazy["meta"]) != {str(META_ID)} or next_id < was_next:
                return False
            names = {row[1].strip().casefold() for key, row in (lazy.rows or {}).items() if key not in lazy.saved}
            new: set[int] = set()
            for key, doc in lazy.saved.items():
                old = lazy.originals[key]
                if repr(doc) != repr(old):
                    verdict.check("Character", doc, f"characters.{key}")
                ids = [doc["id"], *(item["id"] for item in doc["items"])]
                own = {old["id"], *(item["id"] for item in old["items"])}
                fresh = [i for i in ids if i not in own]
                if str(doc["id"]) != key or len(set(ids)) != len(ids) or max(ids) >= next_id:
                    return False
                if any(i < was_next or i in new for i in fresh):
                    return False
                new.update(fresh)
                if not verdict.claimed(doc["name"], names):
                    return False
        except judge.Invalid:
            return False
        return True

    def _lazy_changes(self, lazy: Tables) -> dict[str, Any]:
        """The journal's patch (`patch.tables_diff`) of a change to characters read alone."""
        from campaign_cli.store import patch

        assert self._before is not None
        rest = [{t: v for t, v in tables.items() if t not in DOCUMENT_TABLES} for tables in (self._before, lazy)]
        changes = patch.tables_diff(rest[0], rest[1], BOOKKEEPING)
        changed = {
            key: patch.diff(lazy.originals[key], doc) for key, doc in lazy.saved.items() if lazy.originals[key] != doc
        }
        if changed:
            changes["characters"] = changed
        return changes

    def _judge_packs(self, after: dict[str, Any]) -> None:
        """The catalog packs judged before a write (CLI.md: every table, packs too), once:
        a text found sound is marked so that later reads decode it without judging it."""
        if not _same_packs(after, self._before or {}):
            check_packs(self.path, after, packs_text(after), writing=True)
            mark_judged(after)  # this text is sound: later reads decode it without judging it again
        elif self._packs_judged_now and self._packs is not None and self._packs[0] is packs_text(after):
            mark_judged(after)  # found sound by this command: recorded with the change
        elif isinstance(packs_value(after), str):
            upgrade_judged(after)
        value = packs_value(after)
        empty = value is None or (isinstance(value, str) and value in ("", "[]"))
        if not empty and not trusted(after):
            self.packs()  # exit 3 naming the pack and the field; nothing written
            mark_judged(after)

    def _refuse_while_conflicted(self) -> None:
        """A change while a merge's conflicts are open is refused (but the settling ones)."""
        assert self._before is not None
        still_open = self._before["meta"][str(META_ID)].get("conflicts")
        if still_open and self.kind == "change" and not self.settles:
            raise Refused(
                Say(
                    "{n} merge conflict is open: see {conflicts}, settle it with {resolve}",
                    plural="{n} merge conflicts are open: see {conflicts}, settle them with {resolve}",
                    quantity=len(still_open),
                    n=len(still_open),
                    conflicts=Cmd("conflicts"),
                    resolve=Cmd("resolve"),
                ),
                "unresolved_conflicts",
            )

    def _write_rolls(self, base: dict[str, Any], spooled: bool) -> None:
        """Nothing changed but dice were rolled: the rolls alone go to the journal."""
        from campaign_cli.store import journal

        with files.writing_to(self.path):
            files.check_writable(self.path)
            COMMIT["started"] = True  # the roll is saved from here: a signal no longer says otherwise
            if spooled:
                self._append_roll_parts(None, {**base, **self.extra})
            else:
                journal.append(self.path, {"kind": "roll", "after": self.meta["seq"], **base, **self.extra})

    def _write_change(self, after: dict[str, Any], changes: Any, base: dict[str, Any], spooled: bool) -> None:
        """The change's journal entry (chained to the last, undoable unless it reverts),
        then the campaign written atomically; a failed write takes the entry back out."""
        from campaign_cli.store import journal

        seq = self.meta["seq"] + 1
        entry = {"seq": seq, "kind": self.kind, **base, **self.extra, "patch": changes}
        if not self.reverted:
            if "undo_top" not in self.meta:  # the first change since schema 2: find the chain's end once
                older = journal.last_undoable(self.path, self.meta["seq"])
                self.meta["undo_top"], self.meta["undo_at"] = (older["seq"], None) if older else (None, None)
            entry["prev"], entry["prev_at"] = self.meta["undo_top"], self.meta["undo_at"]
            entry["prev_undo_hash"] = self.meta.get("undo_hash")
        entry["prev_hash"] = self.meta.get("journal_hash")  # the chain (journal.py)
        with files.writing_to(self.target):
            files.check_writable(self.target)
            COMMIT["started"] = True  # from here a signal no longer stops the command (entry.py)
            kept, was = journal.length(self.path), dict(self.meta)
            try:
                if spooled:  # the rolls first, in parts; the change's entry counts them
                    entry["rolls_in_parts"] = self._append_roll_parts(
                        seq, {k: base[k] for k in ("campaign", "time", "command")}
                    )
                offset, sealed = journal.append(self.path, entry)
                self.meta["seq"], self.meta["journal_hash"] = seq, sealed
                if not self.reverted:
                    self.meta["undo_top"], self.meta["undo_at"], self.meta["undo_hash"] = seq, offset, sealed
                text, index = laid_out(after, self._spans if self._shared else None)
                files.write_atomic(self.target, text)
            except OSError:  # the change did not happen (a full disk): nor does its entry stay
                if kept is not None:
                    journal.cut(self.path, kept)
                self.meta.clear()
                self.meta.update(was)
                raise
            if self.target == self.path:
                self.written, self.index = text, index


def _same_packs(one: dict[str, Any], other: dict[str, Any]) -> bool:
    """The two states hold the same packs text (not decoded when it is the same object)."""
    value = packs_value(one)
    return value is packs_value(other) or packs_text(one) == packs_text(other)


def _before_state(data: dict[str, Any]) -> dict[str, Any]:
    """An independent copy of DATA, the before-state the journal diff and a refusal fall
    back on: the tables by a JSON round trip (faster than copy.deepcopy), the packs' one
    document copied with its text shared (a text is never changed in place: a pack of
    50,000 items is not parsed a second time)."""
    out = {table: jsontext.copied(docs) for table, docs in data.items() if table != PACKS}
    if PACKS in data:
        packs = data[PACKS]
        out[PACKS] = (
            {k: dict(v) if isinstance(v, dict) else v for k, v in packs.items()} if isinstance(packs, dict) else packs
        )
    return out


def _shared_before(data: dict[str, Any]) -> dict[str, Any]:
    """The before-state of a transaction, sharing the documents read (Stored `_shared`):
    its characters and enemies are the tables' own documents, the meta a copy, the packs'
    document copied with its text shared (`_before_state`). Costs a key a document, not a
    copy of the campaign (issue 80: a write of 4 MB spent a third of its time copying)."""
    out = _before_state({table: docs for table, docs in data.items() if table not in DOCUMENT_TABLES})
    if not (type(data) is Tables and data.lazy):  # else each table as it is read (Stored `_read_whole`)
        out.update({table: dict(data[table]) for table in DOCUMENT_TABLES})
    return out


def snapshot(doc: dict[str, Any]) -> dict[str, Any]:
    """A character as a batch line found it, for the recap's tally of that line: a copy as
    deep as the acts change a character in place (its lists and maps, each item, each
    item's upgrades; nothing deeper is ever changed in place, only replaced). A JSON round
    trip of the whole document cost a batch line a tenth of its time."""
    out = {k: v.copy() if isinstance(v, (dict, list)) else v for k, v in doc.items()}
    out["items"] = [{**i, "upgrades": [*i.get("upgrades", ())]} for i in doc.get("items", ())]
    return out


def open_read(path: str | os.PathLike[str]) -> Stored:
    """Open for reading: no lock, nothing created. Bytes the last writer vouched for and
    indexed are read a table at a time (`Tables`): one character is read alone."""
    p = files.FilePath(resolved(path))
    raw = read_bytes(p)
    return Stored(p, Tables.of(p, raw, indexed(p, raw, verdict(raw)), parse) or parse(p, raw))


@contextmanager
def transaction(
    path: str | os.PathLike[str], words: list[str] | None = None, wait: float | None = None
) -> Iterator[Stored]:
    """Lock (waiting WAIT seconds, else $CAMPAIGN_LOCK_WAIT's), read, let the caller change,
    then validate, journal and write atomically.

    If the body raises, nothing is written: the file stays byte-for-byte as it was.
    """
    p = files.FilePath(resolved(path))  # text with a path's few operations: no pathlib for a command
    if not p.exists():  # never leave a lock file behind for a campaign that is not there
        read_bytes(p)
    with files.locked(p, wait) as lock:  # the folder's flock: no other writer until we have renamed
        files.clean_temporaries(p)
        raw = read_bytes(p)
        where = indexed(p, raw, verdict(raw))  # where each document stands, as the last writer said (read once)
        data = Tables.of(p, raw, where, parse) or parse(p, raw)  # one character read alone when the file is indexed
        before = _shared_before(data)
        spans = Spans.of_index(raw, where, before)
        camp = Stored(p, data, before, words, shared=True, spans=spans)
        try:
            yield camp
            camp.commit()
        finally:
            if type(data) is Tables:  # the tables' call back to the campaign: no cycle outlives the change
                data.on_whole = None
            if camp.roll_spool is not None:  # closed now, not when a collection finds it (a bot's
                camp.roll_spool.close()  # hundreds of blocks held as many files open)
                camp.roll_spool = None
        COMMIT["saved"] = True  # what the command did is saved: its exit follows this (cli/door.answered)
        if camp.written is not None:  # judged before it was written: the next read need not judge it
            lock.note(noted(verdict(camp.written), camp.index))


def create(
    path: str | os.PathLike[str],
    name: str,
    words: list[str] | None = None,
    data: dict[str, Any] | None = None,
    verb: str = "created",
) -> Stored:
    """Create a new campaign file (from DATA's tables when importing). Refused (exit 1) if one exists."""
    from campaign_cli.store import journal

    p = resolve_path(path)
    if not p.parent.is_dir():
        raise FileProblem(_('folder {parent} does not exist').format(parent=p.parent), "no_folder")
    # what this call makes, and only that, goes if it fails: never a path someone else put
    # there (a symlink, dangling or not, a FIFO), which `exists()` alone would not see
    made = [f for f in (journal.journal_path(p), files.lock_path_of(p)) if not os.path.lexists(f)]
    there = os.path.lexists(p)  # a file, FIFO or folder already at PATH: refused, never ours
    try:
        return _create(p, name, words, data, verb)
    except BaseException:
        if there or not p.exists():  # CLI.md: a refused init or import leaves nothing behind
            for left in made:
                try:
                    left.unlink(missing_ok=True)
                except OSError:  # a read-only folder: nothing was made there to remove
                    pass
        raise


def _create(p: Path, name: str, words: list[str] | None, data: dict[str, Any] | None, verb: str) -> Stored:
    from campaign_cli.store import journal

    with files.locked(p):
        if p.exists():
            import stat

            if not stat.S_ISREG(p.stat().st_mode):
                raise files.not_regular(p, _("campaign file"))
            raise Refused(_('{p} already exists').format(p=p), "exists")
        meta = {
            "app": APP,
            "schema_version": SCHEMA_VERSION,
            "name": name,
            "created": now(),
            "phase": "between",
            "adventure": None,
            "location": None,
            "keywords": [],
            "adventures": 0,  # counted from the start: `recap` knows when there is none to look for
            "seq": 0,
            "next_id": 1,
            "campaign_id": new_campaign_id(),
            "undo_top": None,
            "undo_at": None,
            "undo_hash": None,
        }
        if data is None:
            data = {"meta": {str(META_ID): meta}, "characters": {}, "enemies": {}}
        else:  # an import is a new campaign with its own journal
            data["meta"][str(META_ID)].update(
                {k: meta[k] for k in ("campaign_id", "undo_top", "undo_at", "undo_hash", "seq")}
            )
            data["meta"][str(META_ID)].setdefault("adventures", 0)
        check_shape(p, data)
        summary = f"campaign {data['meta'][str(META_ID)]['name']!r} {verb}"
        files.clean_temporaries(p)
        with files.writing_to(p):
            COMMIT["started"] = True  # from here a signal no longer stops the command (entry.py)
            _offset, sealed = journal.append(
                p,
                {
                    "campaign": data["meta"][str(META_ID)]["campaign_id"],
                    "seq": 0,
                    "kind": "init",
                    "time": now(),
                    "command": words or [],
                    "summary": summary,
                    "characters": [],
                    "events": [{"event": f"campaign_{verb}", "name": data["meta"][str(META_ID)]["name"]}],
                    EVENTS_COMPLETE: True,
                },
                fresh=True,  # a new campaign's history: whatever journal an old file of that name left
            )
            data["meta"][str(META_ID)]["journal_hash"] = sealed
            files.write_atomic(p, _dumps(data))
            COMMIT["saved"] = True
    return Stored(p, data)


def write_merge(
    target: Path,
    before: dict[str, Any],
    after: dict[str, Any],
    words: list[str],
    local: Path | None,
    summary: str,
    conflicts: int = 0,
) -> None:
    """Write a merge's result to TARGET (git's OURS). With LOCAL (the campaign file the
    merge is for), one `merge` entry goes to LOCAL's journal first, so `undo` there takes
    the whole merge back; without, the file alone is written."""
    check_shape(target, after, writing=True)
    if local is None:
        with files.writing_to(target):
            files.write_atomic(target, _dumps(after))
        return
    with files.locked(local):
        camp = Stored(local, after, before, words)
        camp.target, camp.kind = target, "merge"
        camp.note(summary)
        camp.event("merged", conflicts=conflicts)
        camp.commit()
