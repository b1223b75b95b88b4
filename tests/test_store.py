"""The store's guarantees: refusals leave the file byte-identical, concurrent writers lose
nothing, killed writers never tear the file, bad files are refused with exit 3."""

import fcntl
import json
import os
from pathlib import Path

import pytest

from campaign_cli import store
from campaign_cli.cli.app import app
from campaign_cli.store import campaign as campaign_mod
from campaign_cli.store import index as index_mod
from campaign_cli.store import journal


def test_writer_waits_for_the_lock_then_exits_3(camp, monkeypatch):
    monkeypatch.setenv("CAMPAIGN_LOCK_WAIT", "0.2")
    fd = os.open(str(camp.path) + ".lock", os.O_RDWR)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        err = camp.error("character", "set", "Ajax", "--attr", "Lore=1", code=3)
        assert err["code"] == "locked" and "locked" in err["message"]
        assert camp.json("character", "show", "Ajax")["name"] == "Ajax"  # readers take no lock
    finally:
        os.close(fd)
    camp.json("character", "set", "Ajax", "--attr", "Lore=1")


BAD_FILES = {
    "empty": b"",
    "truncated": None,  # filled from a real file below
    "noise": bytes(range(256)) * 4,
    "list": b"[1, 2, 3]",
    "foreign": json.dumps({"_default": {"1": {"a": 1}}}).encode(),
    "newer": None,
}


@pytest.mark.parametrize("kind", sorted(BAD_FILES))
@pytest.mark.parametrize(
    "args", [["status"], ["character", "list"], ["character", "set", "Ajax", "--attr", "X=1"], ["undo"], ["init"]]
)
def test_bad_files_exit_3_and_stay_byte_identical(camp, kind, args):
    good = camp.path.read_bytes()
    content = BAD_FILES[kind]
    if kind == "truncated":
        content = good[: len(good) // 2]
    elif kind == "newer":
        data = json.loads(good)
        data["meta"]["1"]["schema_version"] = store.SCHEMA_VERSION + 1
        content = json.dumps(data).encode()
    camp.path.write_bytes(content)
    err = camp.error(*args, code=1 if args == ["init"] else 3)
    expected = {
        "empty": "not_a_campaign",
        "truncated": "corrupt",
        "noise": "corrupt",
        "list": "not_a_campaign",
        "foreign": "not_a_campaign",
        "newer": "newer_schema",
    }[kind]
    assert err["code"] == ("exists" if args == ["init"] else expected)


def test_newer_schema_message_says_to_upgrade(camp):
    data = json.loads(camp.path.read_bytes())
    data["meta"]["1"]["schema_version"] = 99
    camp.path.write_text(json.dumps(data))
    assert "newer" in camp.error("status", code=3)["message"]


def test_migration_hook_upgrades_old_files_on_write(camp, monkeypatch):
    data = json.loads(camp.path.read_bytes())
    data["meta"]["1"]["schema_version"] = 0
    del data["enemies"]
    camp.path.write_text(json.dumps(data))

    def zero_to_one(d):
        d["meta"]["1"]["keywords"] = ["migrated"]

    monkeypatch.setitem(campaign_mod.MIGRATIONS, 0, zero_to_one)
    assert camp.json("status")["schema_version"] == 5
    assert json.loads(camp.path.read_bytes())["meta"]["1"]["schema_version"] == 0  # reads never write
    camp.json("character", "set", "Ajax", "--attr", "Lore=1")
    saved = json.loads(camp.path.read_bytes())
    assert saved["meta"]["1"]["schema_version"] == 5 and saved["meta"]["1"]["keywords"] == ["migrated"]


def test_file_is_a_tinydb_database_keyed_by_stable_ids(camp):
    from tinydb import TinyDB

    db = TinyDB(camp.path)
    names = {doc.doc_id: doc["name"] for doc in db.table("characters").all()}
    db.close()
    assert names == {1: "Ajax", 2: "Merlin"}


def test_write_keeps_permissions(camp):
    os.chmod(camp.path, 0o640)
    camp.json("character", "set", "Ajax", "--attr", "Lore=1")
    assert oct(os.stat(camp.path).st_mode & 0o777) == oct(0o640)


def test_write_through_a_symlink_keeps_the_link(tmp_path, camp):
    link = tmp_path / "link.json"
    link.symlink_to(camp.path)
    result = camp.runner.invoke(app, ["-c", str(link), "character", "set", "Ajax", "--attr", "Lore=5"])
    assert result.exit_code == 0, result.stderr
    assert link.is_symlink()
    assert json.loads(camp.path.read_bytes())["characters"]["1"]["attributes"] == {"Lore": 5}


def test_torn_journal_line_is_skipped_and_never_glued(camp):
    jpath = Path(str(camp.path) + ".journal")
    with open(jpath, "ab") as fh:
        fh.write(b'{"seq": 99, "kind": "cha')  # a writer killed mid-append
    camp.json("character", "set", "Ajax", "--attr", "Lore=1")
    entries = camp.json("log")
    assert entries[-1]["summary"] == "Ajax changes the sheet: extra attributes" and entries[-1]["seq"] == 3


def test_uncommitted_journal_entry_is_ignored(camp):
    seq = json.loads(camp.path.read_bytes())["meta"]["1"]["seq"]
    journal.append(camp.path, {"seq": seq + 1, "kind": "change", "summary": "never committed", "before": {}})
    assert "never committed" not in [e["summary"] for e in camp.json("log")]
    assert camp.json("undo")["undone"]["summary"] == "Merlin joins the party (wizard; ST 8, DX 10, IQ 14)"
    camp.json("character", "set", "Ajax", "--attr", "Lore=1")  # reuses that seq: the new entry wins
    assert camp.json("log")[-1]["summary"] == "Ajax changes the sheet: extra attributes"


def test_log_reads_only_the_tail(camp, monkeypatch):
    for i in range(30):
        camp.json("character", "set", "Ajax", "--attr", f"Lore={i}")
    monkeypatch.setattr(journal, "CHUNK", 256)  # force many backward reads
    entries = camp.json("log")
    assert [e["seq"] for e in entries] == list(range(33))
    assert [e["seq"] for e in camp.json("log", "--limit", "3")] == [30, 31, 32]


def test_recreated_campaign_does_not_inherit_an_old_journal(camp):
    camp.path.unlink()
    camp.json("init")
    assert [e["kind"] for e in camp.json("log")] == ["init"]
    assert camp.error("undo", code=1)["code"] == "nothing_to_undo"


def test_a_failed_write_exits_3_and_keeps_the_old_file(camp, monkeypatch):
    from campaign_cli.store import files

    good = camp.path.read_bytes()

    def disk_full(path, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files, "write_atomic", disk_full)
    err = camp.error("character", "set", "Ajax", "--attr", "Lore=1", code=3)
    assert err["code"] == "unwritable" and "No space left" in err["message"]
    assert camp.path.read_bytes() == good
    monkeypatch.undo()
    assert "Lore" not in camp.json("character", "show", "Ajax")["attributes"]  # the journal's orphan entry is ignored
    camp.json("character", "set", "Ajax", "--attr", "Lore=2")
    assert camp.json("log")[-1]["summary"] == "Ajax changes the sheet: extra attributes"


def test_schema_3_keeps_packs_in_a_table_stock_tinydb_reads(camp, tmp_path):
    from tinydb import TinyDB

    camp.json("catalog", "import", str(Path(__file__).resolve().parent.parent / "samples" / "packs" / "frontier.json"))
    db = TinyDB(str(camp.path))
    for table in db.tables():
        db.table(table).all()  # every top-level key is a table TinyDB reads
    (doc,) = db.table("packs").all()
    assert json.loads(doc["text"])[0]["pack"]
    db.close()


def test_a_schema_2_file_with_packs_as_text_opens_and_undoes(camp, tmp_path):
    camp.json("catalog", "import", str(Path(__file__).resolve().parent.parent / "samples" / "packs" / "frontier.json"))
    data = json.loads(camp.path.read_bytes())
    text = data["packs"]["1"]["text"]
    data["packs"] = text  # as schema 2 wrote it
    data["meta"]["1"]["schema_version"] = 2
    camp.path.write_text(json.dumps(data))
    assert camp.json("catalog", "packs")[0]["items"] > 0
    camp.json("gold", "add", "Ajax", "1")  # the first write stores schema 3
    saved = json.loads(camp.path.read_bytes())
    assert saved["meta"]["1"]["schema_version"] == 5 and saved["packs"]["1"]["text"] == text
    assert saved["packs"]["1"]["judged"]  # judged before the write (CLI.md), and the verdict kept
    camp.json("undo")
    camp.json("undo")  # the pack import, journaled when packs were text
    assert camp.json("catalog", "packs") == []


def test_a_write_is_durable_by_default_file_journal_and_folder_fsynced(tmp_path, monkeypatch):
    """Only the test suite turns fsync off (conftest.py); a user's write fsyncs the new
    file, the journal and the folder before it reports success."""
    import os

    from campaign_cli.store import files
    from tests.conftest import Cli

    cli = Cli(tmp_path / "c.json")
    cli.json("init")
    monkeypatch.setattr(files, "NO_FSYNC", False)
    synced: list[int] = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real(fd))[1])
    cli.json("character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9")
    assert len(synced) >= 3


def _judged_count(monkeypatch) -> list:
    from campaign_cli import verdict

    judged: list = []
    check = verdict.check_campaign
    monkeypatch.setattr(verdict, "check_campaign", lambda data, **kw: judged.append(1) or check(data, **kw))
    monkeypatch.setattr(campaign_mod, "_SOUND", [b""])  # nothing judged in this process yet
    return judged


def test_the_same_bytes_are_judged_once_and_any_other_bytes_again(camp, monkeypatch):
    """A process that reads the very bytes it last found sound does not judge them again
    (the judge's verdict is a function of the bytes); other bytes are judged, and an
    unsound file is refused however often it is read."""
    from campaign_cli.errors import FileProblem

    judged = _judged_count(monkeypatch)
    path = camp.path
    raw = path.read_bytes()
    assert b'"xp":0' in raw
    Path(f"{path}.lock").write_bytes(b"")  # no writer's verdict: this process's own only
    campaign_mod.open_read(path)
    campaign_mod.open_read(path)
    assert len(judged) == 1
    path.write_bytes(raw.replace(b'"xp":0', b'"xp":1', 1))
    assert campaign_mod.open_read(path).character("Ajax")["xp"] == 1
    assert len(judged) == 2
    path.write_bytes(raw.replace(b'"xp":0', b'"xp":-1', 1))
    for _ in range(2):
        with pytest.raises(FileProblem, match="xp"):
            campaign_mod.open_read(path)
    assert len(judged) == 4
    path.write_bytes(raw)
    campaign_mod.open_read(path)
    assert len(judged) == 5


def test_a_writer_leaves_its_verdict_in_the_lock_file_and_a_read_of_those_bytes_trusts_it(camp, monkeypatch):
    """The judge's verdict is a function of the bytes: a writer, which judged what it wrote,
    keeps the digest of those bytes in the lock file, and a read of the very same bytes
    (another process, a later command) does not judge them again."""
    judged = _judged_count(monkeypatch)
    camp.json("xp", "award", "2", "Ajax")
    raw, lock = camp.path.read_bytes(), Path(f"{camp.path}.lock")
    assert lock.read_bytes().partition(b"\n")[0] == campaign_mod.verdict(raw)
    before = len(judged)  # the write judged what it wrote
    monkeypatch.setattr(campaign_mod, "_SOUND", [b""])
    assert campaign_mod.open_read(camp.path).character("Ajax")["xp"] == 2
    assert len(judged) == before


def test_bytes_changed_after_the_verdict_are_judged_in_full(camp, monkeypatch):
    """A hand edit, a git checkout, another version's write: bytes the verdict was not given
    for are judged, and an unsound field is refused naming it (exit 3)."""
    from campaign_cli.errors import FileProblem

    judged = _judged_count(monkeypatch)
    raw = camp.path.read_bytes()
    assert Path(f"{camp.path}.lock").read_bytes().partition(b"\n")[0] == campaign_mod.verdict(raw)
    camp.path.write_bytes(raw.replace(b'"xp":0', b'"xp":-1', 1))
    with pytest.raises(FileProblem, match="xp"):
        campaign_mod.open_read(camp.path)
    err = camp.error("character", "show", "Ajax", code=3)
    assert err["code"] == "not_a_campaign" and "xp" in err["message"]
    camp.path.write_bytes(raw.replace(b'"xp":0', b'"xp":1', 1))
    campaign_mod.open_read(camp.path)
    assert len(judged) == 3


def test_a_verdict_is_taken_only_from_the_judge_that_gave_it(camp, monkeypatch):
    """A verdict keyed by another judge (an older or newer campaign-cli, whose judge may be
    more lenient) or a lock file holding anything else is no verdict: the bytes are judged."""
    from campaign_cli.store import layout

    judged = _judged_count(monkeypatch)
    raw, lock = camp.path.read_bytes(), Path(f"{camp.path}.lock")
    with monkeypatch.context() as other:
        other.setattr(campaign_mod, "JUDGE", "another judge")
        lock.write_bytes(campaign_mod.verdict(raw))
    assert lock.read_bytes() != campaign_mod.verdict(raw)
    for note in (lock.read_bytes(), b"", b"sound ", campaign_mod.verdict(raw) + b"\n", b"\xff" * 300):
        lock.write_bytes(note)
        monkeypatch.setattr(campaign_mod, "_SOUND", [b""])
        campaign_mod.open_read(camp.path)
    assert len(judged) == 5
    assert layout.JUDGE == campaign_mod.JUDGE


def test_a_lock_file_that_cannot_keep_the_verdict_costs_only_a_judge(camp, monkeypatch):
    """Writing the verdict comes after the commit and may fail (a full disk, a lock file
    someone made read-only): the change is saved and reported, the next read judges."""
    judged = _judged_count(monkeypatch)

    def refuse(*_args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "ftruncate", refuse)
    assert camp.json("xp", "award", "3", "Ajax")["characters"][0]["xp"] == 3
    monkeypatch.undo()
    judged = _judged_count(monkeypatch)
    assert campaign_mod.open_read(camp.path).character("Ajax")["xp"] == 3
    assert len(judged) == 1


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=60, deadline=None)
@given(
    lines=st.lists(st.binary(max_size=40).map(lambda b: b.replace(b"\n", b"x")), max_size=12), chunk=st.integers(1, 9)
)
def test_lines_read_backwards_know_where_each_starts(tmp_path_factory, lines, chunk):
    """The offsets `log` streams by: each (offset, line) read from the end is the file's
    bytes at that offset, for lines shorter and longer than a read, blank ones skipped."""
    path = tmp_path_factory.mktemp("j") / "j"
    data = b"\n".join(lines) + b"\n"
    path.write_bytes(data)
    old, journal.CHUNK = journal.CHUNK, chunk
    try:
        found = list(journal.lines_backwards_at(path))
    finally:
        journal.CHUNK = old
    assert [line for _at, line in reversed(found)] == [line for line in lines if line.strip()]
    for at, line in found:
        assert data[at : at + len(line)] == line and (at == 0 or data[at - 1 : at] == b"\n")


def test_log_streams_the_entries_it_found_from_the_end(camp, monkeypatch):
    """`log` without a limit holds where each entry starts, not the entries: the second
    pass reads them forward, and gives what the walk from the end found, oldest first."""
    for n in range(5):
        camp.json("gold", "add", "Ajax", str(n + 1))
    meta = json.loads(camp.path.read_bytes())["meta"]["1"]
    backwards = [e["seq"] for e in journal.entries_backwards(camp.path, meta["seq"])]
    streamed = journal.stream_entries(camp.path, meta["seq"])
    assert not isinstance(streamed, list)
    assert [e["seq"] for e in streamed] == backwards[::-1]
    assert [e["seq"] for e in journal.stream_entries(camp.path, meta["seq"], 2)] == backwards[:2][::-1]


# -- issue 80: a read of one character reads it alone; a write copies what it did not change --
def _index_note(path: Path) -> tuple[bytes, dict]:
    note = Path(f"{path}.lock").read_bytes()
    verdict, _, rest = note.partition(b"\n")
    _crc, _, text = rest.partition(b" ")
    return verdict, json.loads(text)


def _write_note(path: Path, verdict: bytes, index: dict) -> None:
    from zlib import crc32

    text = json.dumps(index, separators=(",", ":")).encode()
    Path(f"{path}.lock").write_bytes(verdict + b"\n" + b"%08x " % crc32(text) + text)


def test_a_writer_leaves_where_each_document_stands_beside_its_verdict(camp):
    camp.json("xp", "award", "2", "Ajax")
    raw = camp.path.read_bytes()
    verdict, index = _index_note(camp.path)
    assert verdict == campaign_mod.verdict(raw)
    data = json.loads(raw)
    assert [row[:3] for row in index["characters"]] == [[k, d["id"], d["name"]] for k, d in data["characters"].items()]
    for key, _ident, _name, start, end in index["characters"]:
        assert json.loads(raw[start:end]) == data["characters"][key]
    start, end = index["meta"]
    assert json.loads(raw[start:end]) == data["meta"]


def test_a_read_of_one_character_reads_it_alone_and_any_other_use_reads_the_file_whole(camp, monkeypatch):
    camp.json("xp", "award", "2", "Ajax")
    monkeypatch.setattr(campaign_mod, "_SOUND", [b""])
    parsed = []
    parse = campaign_mod.parse
    monkeypatch.setattr(campaign_mod, "parse", lambda *a, **k: parsed.append(1) or parse(*a, **k))
    stored = campaign_mod.open_read(camp.path)
    assert type(stored._data) is campaign_mod.Tables
    assert stored.character("ajax")["xp"] == 2 and stored.character(2)["name"] == "Merlin"
    assert parsed == []  # neither the file nor the other characters were read whole
    with pytest.raises(Exception) as missed:
        stored.character("Ajaks")
    assert parsed == []
    whole = campaign_mod.Stored(camp.path, parse(camp.path, camp.path.read_bytes()))
    with pytest.raises(Exception) as also:
        whole.character("Ajaks")
    assert str(missed.value) == str(also.value) and "Ajax" in str(missed.value)  # the same suggestions
    assert [c["name"] for c in stored.characters()] == ["Ajax", "Merlin"]  # the whole file, read as parse reads it
    assert len(parsed) == 1 and stored.data == whole.data


@pytest.mark.parametrize("damage", ["checksum", "shifted", "another's row", "not rows", "past the end"])
def test_an_index_that_does_not_match_its_bytes_is_not_used(camp, monkeypatch, damage):
    """A lock file edited or damaged: a checksum that fails, rows that point elsewhere (even
    with their checksum made again) are no index: the file is read whole, the answers and
    the next write the same."""
    camp.json("xp", "award", "2", "Ajax")
    raw = camp.path.read_bytes()
    verdict, index = _index_note(camp.path)
    rows = index["characters"]
    if damage == "checksum":
        note = Path(f"{camp.path}.lock").read_bytes()
        Path(f"{camp.path}.lock").write_bytes(note.replace(b"\n", b"\n0", 1)[: len(note)])
    else:
        if damage == "shifted":
            rows[0][3] += 1
        elif damage == "another's row":
            rows[0][3:], rows[1][3:] = rows[1][3:], rows[0][3:]
        elif damage == "not rows":
            index["characters"] = {"1": 1}
        else:
            rows[0][4] = len(raw) + 10
        _write_note(camp.path, verdict, index)
    monkeypatch.setattr(campaign_mod, "_SOUND", [b""])
    assert campaign_mod.open_read(camp.path).character("Ajax")["xp"] == 2
    assert camp.json("character", "show", "Merlin")["name"] == "Merlin"
    assert camp.json("xp", "award", "1", "Merlin")["characters"][0]["xp"] == 1
    data = json.loads(camp.path.read_bytes())
    assert [d["xp"] for d in data["characters"].values()] == [2, 1]
    assert campaign_mod.verdict(camp.path.read_bytes()) == _index_note(camp.path)[0]


def test_a_write_copies_the_documents_it_did_not_change_as_their_bytes_stood(camp, monkeypatch):
    """The next write after an indexed one encodes only what it changed: the others' bytes
    are copied (the suite checks in every write that they are what encoding them writes)."""
    camp.json("xp", "award", "2", "Ajax")
    for checked in ("_lazy_layout", "_spliced"):  # the suite's own checks encode everything again
        monkeypatch.setattr(index_mod, checked, getattr(index_mod, checked).__wrapped__)
    encoded = []
    real = index_mod._encoded
    monkeypatch.setattr(index_mod, "_encoded", lambda v: encoded.append(v) or real(v))
    camp.json("xp", "award", "1", "Merlin")
    docs = [v for v in encoded if isinstance(v, dict) and "xp" in v]
    assert [d["name"] for d in docs] == ["Merlin"]


def test_a_name_several_characters_answer_to_is_refused_as_when_the_file_is_read_whole(cli, monkeypatch):
    """`Алена` names both Алёна and Алена (ё as е): the refusal tells them apart by what
    their documents say, so the read by index turns to the whole file for it."""
    assert cli("init", "--name", "Т").exit_code == 0
    cli.json("character", "create", "Алёна", "--st", "10", "--dx", "11", "--iq", "11")
    cli.json("character", "create", "Алена", "--st", "8", "--dx", "10", "--iq", "14", "--wizard")
    monkeypatch.setattr(campaign_mod, "_SOUND", [b""])
    lazy = campaign_mod.open_read(cli.path)
    assert type(lazy._data) is campaign_mod.Tables
    whole = campaign_mod.Stored(cli.path, campaign_mod.parse(cli.path, cli.path.read_bytes()))
    refusals = []
    for stored in (lazy, whole):
        with pytest.raises(Exception) as refused:
            stored.character("алена")
        refusals.append(str(refused.value))
    assert refusals[0] == refusals[1] and "(Алёна, hero)" in refusals[0] and "(Алена, wizard)" in refusals[0]
    assert lazy.character("#2")["name"] == "Алена"


def test_a_write_to_one_character_reads_and_judges_that_character_alone(camp, monkeypatch):
    """After an indexed write, an award reads the meta and Ajax alone, judges what changed,
    and writes the file with every other document copied as its bytes stood: the file is
    never parsed whole, and what it holds is what a whole read and write make."""
    for checked in ("_lazy_layout", "_spliced"):  # the suite's own checks read everything again
        monkeypatch.setattr(index_mod, checked, getattr(index_mod, checked).__wrapped__)
    camp.json("xp", "award", "2", "Ajax")
    parsed = []
    parse = campaign_mod.parse
    monkeypatch.setattr(campaign_mod, "parse", lambda *a, **k: parsed.append(1) or parse(*a, **k))
    assert camp.json("xp", "award", "3", "Ajax")["characters"][0]["xp"] == 5
    assert camp.json("karma", "add", "Merlin", "1")["character"]["karma"] == 1
    assert parsed == []
    data = json.loads(camp.path.read_bytes())
    assert [(d["name"], d["xp"], d["karma"]) for d in data["characters"].values()] == [("Ajax", 5, 0), ("Merlin", 0, 1)]
    assert camp.json("undo")["undone"]["seq"] > 0 and camp.json("undo")["undone"]["seq"] > 0  # both taken back
    assert camp.json("character", "show", "Ajax")["xp"] == 2


@pytest.mark.parametrize(
    ("words", "why"),
    [
        (["character", "set", "Ajax", "--name", "Merlin"], "a name another has"),
        (["character", "create", "Bob", "--st", "10", "--dx", "11", "--iq", "11"], "a new character"),
        (["item", "give", "Ajax", "Merlin", "Broadsword"], "an item moved between characters"),
    ],
)
def test_a_write_that_cannot_be_shown_sound_from_one_character_is_judged_whole(camp, words, why):
    """What the characters read alone cannot show (a name taken, ids moved between
    characters, a new document) is judged on the whole file: the same answer as ever."""
    camp.json("item", "add", "Ajax", "Broadsword")
    before = camp.path.read_bytes()
    result = camp(*words, "--json")
    if why == "a name another has":
        assert result.exit_code != 0 and camp.path.read_bytes() == before
        return
    assert result.exit_code == 0, result.stderr
    data = json.loads(camp.path.read_bytes())
    ids = [d["id"] for d in data["characters"].values()]
    ids += [i["id"] for d in data["characters"].values() for i in d["items"]]
    assert len(ids) == len(set(ids))


def test_a_change_to_a_character_read_alone_and_to_the_packs_is_journaled_whole(camp):
    """Packs judged anew read every id (the file whole) in the middle of a commit that began
    with one character read alone: the journal's patch still holds that character's change,
    so `undo` takes both back."""
    from campaign_cli.rules.packs import entry_of
    from campaign_cli.store import transaction

    camp.json("xp", "award", "2", "Ajax")
    thing = entry_of({"name": "Thing", "weight": 1, "value": 2, "slots": 0, "clothing": None, "requires": []})
    with transaction(camp.path, ["test"]) as stored:
        ajax = stored.character("Ajax")
        assert stored._lazy is not None
        ajax["xp"] = 7
        stored.save("characters", ajax)
        stored.set_packs([{"pack": "mine", "version": "1", "id": 999_999, "items": [thing], "enemies": []}])
        stored.set_meta(next_id=1_000_000)
        stored.note("test")
    assert stored._lazy is None  # read whole by the packs' verdict
    assert camp.json("character", "show", "Ajax")["xp"] == 7
    camp.json("undo")
    assert camp.json("character", "show", "Ajax")["xp"] == 2


def test_blocks_close_their_files_when_they_end_not_when_a_collection_comes(camp):
    """A bot makes hundreds of library blocks in one process: each one's spool of rolls is
    closed as the block ends. Held until a collection found it, a test process once reached
    1,024 open files (and `select` refused the next)."""
    import gc

    import campaign_cli

    def open_files() -> int:
        return len(os.listdir("/proc/self/fd"))

    was = gc.isenabled()
    gc.disable()
    try:
        before = open_files()
        for _ in range(60):
            with campaign_cli.open(camp.path) as block:
                block.xp_award(1, "Ajax")
                block.check("Ajax", "3/DX", seed=1)
        assert open_files() - before < 5
    finally:
        if was:
            gc.enable()
    assert camp.json("character", "show", "Ajax")["xp"] == 60
