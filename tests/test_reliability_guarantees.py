"""CLI.md "Reliability guarantees": an undo that proves its journal, files no one can plant,
the lock, Ctrl-C, bounded parsing, strict imports, exit codes, costs."""

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from campaign_cli import store
from campaign_cli.errors import FileProblem
from campaign_cli.store import files, journal, patch

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def snapshot(folder: Path) -> dict:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


def jlines(camp) -> list[bytes]:
    return Path(str(camp.path) + ".journal").read_bytes().splitlines(keepends=True)


# -- 1. undo proves its journal ----------------------------------------------------------
def test_undo_refuses_a_journal_cut_short(camp):
    camp.json("xp", "award", "1111", "Ajax")
    jpath = Path(str(camp.path) + ".journal")
    jpath.write_bytes(b"".join(jlines(camp)[:-1]))
    before = snapshot(camp.path.parent)
    err = camp.error("undo", code=3)
    assert err["code"] == "journal_broken" and "cut short" in err["message"]
    assert snapshot(camp.path.parent) == before
    assert camp.json("character", "show", "Ajax")["xp"] == 1111


def test_undo_refuses_a_journal_with_a_flipped_byte(camp):
    camp.json("xp", "award", "1111", "Ajax")
    lines = jlines(camp)
    lines[-1] = lines[-1].replace(b"1111", b"1112")
    Path(str(camp.path) + ".journal").write_bytes(b"".join(lines))
    assert camp.error("undo", code=3)["code"] == "journal_broken"
    assert camp.json("character", "show", "Ajax")["xp"] == 1111


def test_undo_refuses_another_campaigns_journal(camp, cli, tmp_path):
    other = tmp_path / "b"
    other.mkdir()
    b = type(cli)(other / "campaign.json")
    b("init")
    b.json("character", "create", "Bob", "--st", "10", "--dx", "11", "--iq", "11")
    b.json("character", "create", "Bea", "--st", "10", "--dx", "11", "--iq", "11")
    assert b.json("status")["schema_version"] == 2  # B is at seq 2, as A's journal is
    shutil.copy(str(camp.path) + ".journal", str(b.path) + ".journal")
    err = b.error("undo", code=3)
    assert err["code"] == "journal_broken" and "another campaign" in err["message"]
    assert [c["name"] for c in b.json("character", "list")] == ["Bob", "Bea"]


def test_undo_refuses_a_missing_journal(camp):
    os.unlink(str(camp.path) + ".journal")
    assert camp.error("undo", code=3)["code"] == "journal_broken"


def test_a_short_journal_append_fails_the_command_and_keeps_the_file(camp):
    size = os.path.getsize(str(camp.path) + ".journal")
    before = camp.path.read_bytes()
    code = ("import resource, sys; resource.setrlimit(resource.RLIMIT_FSIZE, ({0}, {0})); "
            "from campaign_cli.entry import main; sys.argv = ['campaign', '-c', {1!r}, 'xp', 'award', '5', 'Ajax']; main()"
            ).format(size + 20, str(camp.path))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 3, done.stderr
    assert "short write" in done.stderr or "too large" in done.stderr.lower()
    assert camp.path.read_bytes() == before
    camp.json("xp", "award", "1", "Ajax")  # the torn line is skipped, the journal goes on
    assert camp.json("undo")["undone"]["summary"].startswith("+1 XP")


def test_undo_walks_back_through_the_chain_exactly(camp):
    states = [camp.path.read_bytes()]
    for args in (["xp", "award", "3", "Ajax"], ["item", "add", "Ajax", "Dagger"], ["check", "Ajax", "3/DX", "--seed", "1"],
                 ["gold", "add", "Merlin", "4"], ["character", "delete", "Merlin"]):
        camp.json(*args)
        states.append(camp.path.read_bytes())
    docs = [{k: v for k, v in json.loads(raw).items() if k != "meta"} for raw in states]
    distinct = [d for i, d in enumerate(docs) if i == 0 or d != docs[i - 1]]  # the roll changed nothing
    for expected in reversed(distinct[:-1]):
        camp.json("undo")
        assert {k: v for k, v in json.loads(camp.path.read_bytes()).items() if k != "meta"} == expected
    camp.json("undo")
    camp.json("undo")  # the two creations
    assert camp.json("character", "list") == []
    assert camp.error("undo", code=1)["code"] == "nothing_to_undo"


def test_a_file_of_schema_1_undoes_at_once_after_the_upgrade(tmp_path, cli):
    for name in ("campaign.json", "campaign.json.journal"):
        shutil.copy(FIXTURES / "v1" / name, tmp_path / name)
    c = type(cli)(tmp_path / "campaign.json")
    assert c.json("undo")["undone"]["summary"] == "Ajax: +7 gold"
    assert c.json("undo")["undone"]["summary"].startswith("Ajax gets Dagger")
    assert c.json("character", "show", "Ajax")["items"] == []


def test_a_file_of_schema_1_with_its_old_journal_opens_and_undoes(tmp_path, cli):
    for name in ("campaign.json", "campaign.json.journal"):
        shutil.copy(FIXTURES / "v1" / name, tmp_path / name)
    c = type(cli)(tmp_path / "campaign.json")
    assert c.json("status")["schema_version"] == 2
    assert c.json("character", "show", "Ajax")["gold"] == 7
    c.json("xp", "award", "1", "Ajax")  # a schema-2 entry on top of the old journal
    assert c.json("undo")["undone"]["summary"].startswith("+1 XP")
    assert c.json("undo")["undone"]["summary"] == "Ajax: +7 gold"  # the old format still reverts
    assert c.json("character", "show", "Ajax")["gold"] == 0
    assert json.loads((tmp_path / "campaign.json").read_text())["meta"]["1"]["schema_version"] == 2


# -- 2. files no one can plant --------------------------------------------------------------
def test_temporary_names_are_unpredictable_and_never_followed(tmp_path, monkeypatch):
    target, victim = tmp_path / "out.json", tmp_path / "victim"
    victim.write_text("secret")
    victim.chmod(0o600)
    tokens = iter(["planted0", "fresh001"])
    monkeypatch.setattr(files.secrets, "token_hex", lambda n: next(tokens))
    (tmp_path / f".out.json.{os.getpid()}.planted0.tmp").symlink_to(victim)
    files.write_atomic(target, b"data")
    assert target.read_bytes() == b"data"
    assert victim.read_text() == "secret" and (victim.stat().st_mode & 0o777) == 0o600


def test_a_journal_symlink_is_refused(camp, tmp_path):
    jpath = Path(str(camp.path) + ".journal")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.write_bytes(jpath.read_bytes())
    jpath.unlink()
    jpath.symlink_to(elsewhere)
    before = elsewhere.read_bytes()
    assert camp.error("gold", "add", "Ajax", "1", code=3)["code"] == "journal_link"
    assert elsewhere.read_bytes() == before


def test_a_dangling_lock_symlink_is_refused_and_creates_nothing(camp, tmp_path):
    target = tmp_path / "created-by-lock"
    Path(str(camp.path) + ".lock").unlink(missing_ok=True)
    Path(str(camp.path) + ".lock").symlink_to(target)
    assert camp.error("gold", "add", "Ajax", "1", code=3)["code"] == "lock_failed"
    assert not target.exists()


@pytest.mark.parametrize("name", ["[x].json", "*", "camp?.json"])
def test_cleaning_temporaries_matches_names_literally(tmp_path, name):
    path = tmp_path / name
    dead = 2**22 + 12345  # no such process
    leftover = tmp_path / f".{name}.{dead}.abcdef12.tmp"
    others = [tmp_path / f".other.json.{dead}.abcdef12.tmp", tmp_path / f".x.json.{dead}.abcdef12.tmp"]
    for p in [leftover, *others]:
        p.write_text("x")
    files.clean_temporaries(path)
    assert not leftover.exists() and all(p.exists() for p in others)


def test_a_killed_exports_leftover_is_cleaned_by_the_next_export(camp, tmp_path):
    out = tmp_path / "out.json"
    leftover = tmp_path / f".out.json.{2**22 + 7}.deadbeef.tmp"
    leftover.write_text("half")
    camp.json("export", "-o", str(out))
    assert not leftover.exists()


def test_chmod_a_minus_w_protects_the_campaign(camp):
    camp.path.chmod(0o444)
    try:
        before = camp.path.read_bytes()
        assert camp.error("gold", "add", "Ajax", "1", code=3)["code"] == "read_only"
        assert camp.path.read_bytes() == before
    finally:
        camp.path.chmod(0o644)


# -- 3. the lock ---------------------------------------------------------------------------------
def test_a_lock_deleted_under_a_writer_never_lets_two_commit_the_same_seq(camp):
    lock = Path(str(camp.path) + ".lock")
    with pytest.raises(FileProblem, match="changed while this command ran"):
        with store.transaction(camp.path, ["test"]) as mine:
            doc = mine.character("Ajax")
            doc["gold"] = 99
            mine.save("characters", doc)
            mine.note("mine")
            lock.unlink()
            other = subprocess.run([sys.executable, "-m", "campaign_cli", "-c", str(camp.path), "gold", "add", "Merlin", "3"],
                                   capture_output=True, text=True, timeout=60)
            assert other.returncode == 0, other.stderr
    assert camp.json("character", "show", "Merlin")["gold"] == 3  # the acknowledged change stays
    assert camp.json("character", "show", "Ajax")["gold"] == 0
    seqs = [e["seq"] for e in camp.json("log")]
    assert len(seqs) == len(set(seqs))


# -- 4. Ctrl-C ------------------------------------------------------------------------------------
def test_sigint_before_the_commit_point_saves_nothing(camp):
    before = camp.path.read_bytes()
    code = ("import os, signal, sys, campaign_cli.store.campaign as c\n"
            "orig = c.Campaign.commit\n"
            "def commit(self):\n    os.kill(os.getpid(), signal.SIGINT)\n    orig(self)\n"
            "c.Campaign.commit = commit\n"
            "from campaign_cli.entry import main\n"
            f"sys.argv = ['campaign', '-c', {str(camp.path)!r}, 'gold', 'add', 'Ajax', '5']\nmain()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (130, "interrupted: nothing saved\n")
    assert camp.path.read_bytes() == before


def test_sigterm_after_the_commit_began_completes_and_reports_success(camp):
    code = ("import os, signal, sys, campaign_cli.store.journal as j\n"
            "orig = j.append\n"
            "def append(path, entry):\n    os.kill(os.getpid(), signal.SIGTERM)\n    return orig(path, entry)\n"
            "j.append = append\n"
            "from campaign_cli.entry import main\n"
            f"sys.argv = ['campaign', '-c', {str(camp.path)!r}, 'gold', 'add', 'Ajax', '5', '--json']\nmain()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["gold"] == 5 and camp.json("character", "show", "Ajax")["gold"] == 5


def test_sigint_while_starting_up_is_one_line_never_a_traceback(tmp_path):
    exe = Path(sys.executable).with_name("campaign")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "campaign_cli"]
    seen = set()
    for delay in (0.0, 0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.08, 0.1, 0.15, 0.25, 0.4):
        proc = subprocess.Popen([*cmd, "-c", str(tmp_path / "c.json"), "status"], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        time.sleep(delay)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        ours = [line for line in err.splitlines() if "campaign_cli/" in line and "campaign_cli/__init__.py" not in line]
        said = [line for line in err.splitlines() if line.startswith(("campaign:", "interrupted:"))]
        if not ours and ("Traceback" in err or not said):
            # the interpreter, site or pip's wrapper script was still starting: no code of ours had
            # run (Python's own KeyboardInterrupt, exit 1 or -2, with or without its traceback)
            continue
        assert "Traceback" not in err, err
        assert len(said) == 1, err  # one line of ours
        seen.add(proc.returncode)
    # interrupted (130), finished first (3: no campaign there), or killed while exiting (-2)
    assert seen and seen <= {130, 3, -2} and 130 in seen


# -- 5. bounded parsing ------------------------------------------------------------------------
@pytest.mark.parametrize("args", [["roll", "d6" + " " * 40000 + "x"], ["check", "Ajax", "3/DX" + " " * 16000],
                                  ["odds", " " * 16000 + "3/DX", "--value", "11"]])
def test_long_specs_exit_2_at_once(camp, args):
    start = time.perf_counter()
    assert camp.error(*args, code=2)["code"] == "too_long"
    assert time.perf_counter() - start < 2


# -- 6, 7. strict files ----------------------------------------------------------------------
def _export(camp) -> dict:
    return json.loads(camp("export").stdout)


CRAFTED = {
    "bool schema": lambda d: d["meta"].update(schema_version=True),
    "bool next_id": lambda d: d["meta"].update(next_id=True),
    "heavy weight": lambda d: d["characters"][0]["items"].append({**d["characters"][0]["items"][0], "id": 90, "weight": "heavy"}),
    "curse number": lambda d: d["characters"][0].update(curses=[5]),
    "huge id": lambda d: d["characters"][0].update(id=2**60),
    "bool st": lambda d: d["characters"][0].update(st=True),
    "negative gold": lambda d: d["characters"][0].update(gold=-1),
    "bad state": lambda d: d["characters"][0]["items"][0].update(state="flying"),
    "bad damage": lambda d: d["characters"][0]["items"][0].update(damage="lots"),
    "unknown skill": lambda d: d["characters"][0]["skills"].update(Knitting=1),
    "string keyword": lambda d: d["characters"][0].update(keywords="Law"),
    "bad phase": lambda d: d["meta"].update(phase="sleeping"),
}


@pytest.mark.parametrize("case", sorted(CRAFTED))
def test_import_refuses_what_would_break_later(camp, tmp_path, case):
    camp.json("item", "add", "Ajax", "Dagger")
    doc = _export(camp)
    CRAFTED[case](doc)
    src = tmp_path / "crafted.json"
    src.write_text(json.dumps(doc))
    new = type(camp)(tmp_path / "new.json")
    assert new.error("import", str(src), code=1)["code"] == "bad_import"
    assert not new.path.exists()


@pytest.mark.parametrize("text", ['{"format": NaN}', '{"format": Infinity}', "[" * 1000 + "]" * 1000])
def test_import_refuses_nan_infinity_and_deep_nesting(tmp_path, cli, text):
    src = tmp_path / "crafted.json"
    src.write_text(text)
    assert cli.error("import", str(src), code=1)["code"] == "bad_import"


@pytest.mark.parametrize("depth", [100, 1000, 100000])
def test_a_deeply_nested_campaign_file_exits_3(camp, depth):
    camp.path.write_text('{"meta": ' + "[" * depth + "]" * depth + "}")
    assert camp.error("status", code=3)["code"] == "corrupt"


def test_a_deeply_nested_board_exits_1_and_batch_line_exits_2(camp, tmp_path):
    board = tmp_path / "board.json"
    board.write_text("[" * 5000 + "]" * 5000)
    assert camp.error("enemy", "add", "X", "--file", str(board), code=1)["code"] == "bad_board"
    line = '{"args": ' + "[" * 5000 + "]" * 5000 + "}\n"
    err = camp.error("batch", "-", input=line, code=2)
    assert (err["code"], err["line"]) == ("bad_line", 1)


def test_batch_refuses_a_line_over_64_kb_with_its_number(camp):
    text = '{"args": ["gold", "add", "Ajax", "1"]}\n' + '{"args": ["' + "x" * 70000 + '"]}\n'
    err = camp.error("batch", "-", input=text, code=2)
    assert (err["code"], err["line"]) == ("line_too_long", 2)


def test_batch_of_dev_zero_ends_with_exit_2(camp):
    done = subprocess.run([sys.executable, "-m", "campaign_cli", "-c", str(camp.path), "batch", "/dev/zero", "--json"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and json.loads(done.stderr)["error"]["code"] == "line_too_long"


def test_non_utf8_arguments_exit_2(camp):
    done = subprocess.run([sys.executable, "-m", "campaign_cli", "-c", str(camp.path), "character", "show", b"\xff\xfe"],
                          capture_output=True, timeout=60)
    assert done.returncode == 2 and b"not valid UTF-8" in done.stderr and b"Traceback" not in done.stderr


def test_tied_typed_initiative_dice_exit_2(camp):
    assert camp.error("initiative", "A", "B", "--dice", ",".join(["1"] * 390), code=2)["code"] == "bad_dice"


def test_a_journal_that_is_a_folder_exits_3(camp):
    jpath = Path(str(camp.path) + ".journal")
    jpath.unlink()
    jpath.mkdir()
    assert camp.error("gold", "add", "Ajax", "1", code=3)["code"] == "journal_unusable"


@pytest.mark.parametrize("value", ["nan", "inf", "-5", "lots"])
def test_nonsense_lock_wait_means_the_default(monkeypatch, value):
    monkeypatch.setenv("CAMPAIGN_LOCK_WAIT", value)
    assert files.lock_wait() == files.DEFAULT_WAIT


# -- 8. terminal injection ------------------------------------------------------------------------
def test_c1_and_bidi_characters_are_escaped_in_log_output(camp):
    data = json.loads(camp.path.read_text())
    data["characters"]["1"]["name"] = "Evil\x9b2J\u202eX"
    camp.path.write_text(json.dumps(data))
    camp.json("gold", "add", "1", "3")
    out = camp("log").stdout + camp("character", "show", "1").stdout
    assert "\x9b" not in out and "\u202e" not in out and "\\x9b" in out and "\\u202e" in out


# -- 11. costs -------------------------------------------------------------------------------------
def test_a_journal_entry_holds_what_changed_not_whole_documents(camp):
    assert camp("batch", "-", input="".join(json.dumps({"args": ["item", "add", "Ajax", f"Pebble {i}", "--custom"]}) + "\n"
                                           for i in range(300))).exit_code == 0
    size = len(jlines(camp)[-1])
    camp.json("gold", "add", "Ajax", "1")
    assert len(jlines(camp)[-1]) < 1000 < size  # the 300 items are not copied into the entry
    camp.json("item", "add", "Ajax", "Pebble 300", "--custom")
    assert len(jlines(camp)[-1]) < 1500


def test_patches_round_trip():
    old = {"a": 1, "items": [{"id": 1}, {"id": 2}, {"id": 3}], "n": {"x": [1, 2]}}
    new = {"a": 2, "items": [{"id": 1}, {"id": 3}, {"id": 4}], "n": {"x": [1, 2, 5]}, "b": True}
    p = patch.diff(old, new)
    assert patch.apply(json.loads(json.dumps(new)), json.loads(json.dumps(p))) == old


def test_each_undo_reads_one_entry_whatever_the_history(camp, monkeypatch):
    assert camp("batch", "-", input="".join(json.dumps({"args": ["gold", "add", "Ajax", "1"]}) + "\n" for _ in range(5))).exit_code == 0
    for _ in range(30):
        camp.json("gold", "add", "Ajax", "1")
    reads = []
    original = journal.read_at
    monkeypatch.setattr(journal, "read_at", lambda *a: reads.append(a) or original(*a))
    for _ in range(25):
        camp.json("undo")
    assert len(reads) == 25
    assert camp.json("character", "show", "Ajax")["gold"] == 10


def test_an_interrupt_python_cannot_raise_or_one_after_the_end_prints_nothing(monkeypatch):
    from types import SimpleNamespace

    from campaign_cli import entry
    from campaign_cli.errors import COMMIT

    monkeypatch.setitem(COMMIT, "started", False)
    seen = []
    hook = entry._unraisable(seen.append)
    hook(SimpleNamespace(exc_value=entry.Interrupted(2)))  # lost in an import-machinery callback
    assert seen == []
    other = SimpleNamespace(exc_value=ValueError("x"))
    hook(other)
    assert seen == [other]  # anything else still reaches Python's own hook
    monkeypatch.setitem(entry._STATE, "done", True)
    monkeypatch.setitem(entry._STATE, "armed", True)
    assert entry._on_signal(2, None) is None  # finished: shutting down is not interrupted
    monkeypatch.setitem(entry._STATE, "done", False)
    with pytest.raises(entry.Interrupted):
        entry._on_signal(2, None)
