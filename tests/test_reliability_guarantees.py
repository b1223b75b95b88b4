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
    assert b.json("status")["schema_version"] == 5  # B is at seq 2, as A's journal is
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
    code = (
        "import resource, sys; resource.setrlimit(resource.RLIMIT_FSIZE, ({0}, {0})); "
        "from campaign_cli.entry import main; sys.argv = ['campaign', '-c', {1!r}, 'xp', 'award', '5', 'Ajax']; main()"
    ).format(size + 20, str(camp.path))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 3, done.stderr
    assert "short write" in done.stderr or "too large" in done.stderr.lower()
    assert camp.path.read_bytes() == before
    camp.json("xp", "award", "1", "Ajax")  # the torn line is skipped, the journal goes on
    assert camp.json("undo")["undone"]["summary"].startswith("Ajax gets 1 XP")


def test_undo_walks_back_through_the_chain_exactly(camp):
    states = [camp.path.read_bytes()]
    for args in (
        ["xp", "award", "3", "Ajax"],
        ["item", "add", "Ajax", "Dagger"],
        ["check", "Ajax", "3/DX", "--seed", "1"],
        ["gold", "add", "Merlin", "4"],
        ["character", "delete", "Merlin"],
    ):
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
    assert c.json("status")["schema_version"] == 5
    assert c.json("character", "show", "Ajax")["gold"] == 7
    c.json("xp", "award", "1", "Ajax")  # a schema-2 entry on top of the old journal
    assert c.json("undo")["undone"]["summary"].startswith("Ajax gets 1 XP")
    assert c.json("undo")["undone"]["summary"] == "Ajax: +7 gold"  # the old format still reverts
    assert c.json("character", "show", "Ajax")["gold"] == 0
    assert json.loads((tmp_path / "campaign.json").read_text())["meta"]["1"]["schema_version"] == 5


# -- 2. files no one can plant --------------------------------------------------------------
def test_temporary_names_are_unpredictable_and_never_followed(tmp_path, monkeypatch):
    target, victim = tmp_path / "out.json", tmp_path / "victim"
    victim.write_text("secret")
    victim.chmod(0o600)
    tokens = iter(["planted0", "fresh001"])
    monkeypatch.setattr(files, "token", lambda: next(tokens))
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
def test_a_lock_deleted_under_a_writer_keeps_the_next_writer_out(camp):
    lock = Path(str(camp.path) + ".lock")
    with store.transaction(camp.path, ["test"]) as mine:
        doc = mine.character("Ajax")
        doc["gold"] = 99
        mine.save("characters", doc)
        mine.note("mine")
        lock.unlink()
        other = subprocess.run(
            [sys.executable, "-m", "campaign_cli", "-c", str(camp.path), "gold", "add", "Merlin", "3"],
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "CAMPAIGN_LOCK_WAIT": "0.3"},
        )
        assert other.returncode == 3 and "locked by another writer" in other.stderr  # the folder's flock holds
    assert camp.json("character", "show", "Ajax")["gold"] == 99
    assert camp.json("character", "show", "Merlin")["gold"] == 0
    seqs = [e["seq"] for e in camp.json("log")]
    assert seqs == list(range(len(seqs)))


def test_writers_against_a_loop_that_removes_and_recreates_the_lock_file_lose_nothing(camp):
    import threading

    from tests.test_reliability import _writer

    lock, stop = Path(str(camp.path) + ".lock"), threading.Event()

    def vandal() -> None:
        while not stop.is_set():
            try:
                lock.unlink()
                lock.write_bytes(b"")
            except OSError:
                pass

    thread = threading.Thread(target=vandal)
    thread.start()
    try:
        writers, count = 4, 40
        procs = [_writer(camp.path, f"W{w}", count) for w in range(writers)]
        assert [p.wait(timeout=300) for p in procs] == [0] * writers
    finally:
        stop.set()
        thread.join()
    assert camp.json("character", "show", "Ajax")["attributes"] == {f"W{w}": count for w in range(writers)}
    seqs = [e["seq"] for e in camp.json("log")]
    assert seqs == list(range(3 + writers * count))  # every acknowledged write, each seq once


# -- 4. Ctrl-C ------------------------------------------------------------------------------------
def test_sigint_before_the_commit_point_saves_nothing(camp):
    before = camp.path.read_bytes()
    code = (
        "import os, signal, sys, campaign_cli.store.campaign as c\n"
        "orig = c.Stored.commit\n"
        "def commit(self):\n    os.kill(os.getpid(), signal.SIGINT)\n    orig(self)\n"
        "c.Stored.commit = commit\n"
        "from campaign_cli.entry import main\n"
        f"sys.argv = ['campaign', '-c', {str(camp.path)!r}, 'gold', 'add', 'Ajax', '5']\nmain()\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (130, "interrupted: nothing saved\n")
    assert camp.path.read_bytes() == before


def test_sigterm_after_the_commit_began_completes_and_reports_success(camp):
    code = (
        "import os, signal, sys, campaign_cli.store.journal as j\n"
        "orig = j.append\n"
        "def append(path, entry):\n    os.kill(os.getpid(), signal.SIGTERM)\n    return orig(path, entry)\n"
        "j.append = append\n"
        "from campaign_cli.entry import main\n"
        f"sys.argv = ['campaign', '-c', {str(camp.path)!r}, 'gold', 'add', 'Ajax', '5', '--json']\nmain()\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["gold"] == 5 and camp.json("character", "show", "Ajax")["gold"] == 5


def test_an_interrupt_python_wrapped_while_building_a_class_is_still_one_line(monkeypatch, capsys):
    """A signal landing in `__set_name__` (an import's class being built) reaches us as a
    RuntimeError caused by our Interrupted: still exit 130 and one line, no traceback."""
    from campaign_cli import entry
    from campaign_cli.cli import app as app_module

    def starting():
        try:
            raise entry.Interrupted(signal.SIGINT)
        except entry.Interrupted as stop:
            raise RuntimeError("Error calling __set_name__ on 'cached_property' instance") from stop

    monkeypatch.setattr(app_module, "main", starting)
    monkeypatch.setitem(entry._STATE, "done", False)
    try:
        with pytest.raises(SystemExit) as done:
            entry.main()
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    assert done.value.code == 130
    assert capsys.readouterr().err == "interrupted: nothing saved\n"


def test_a_signal_while_the_answer_is_given_adds_no_second_line(monkeypatch):
    """A refusal being said (`no campaign file at ...`) is the command's answer: a SIGINT
    landing between its line and the exit is not a second line (`interrupted: nothing
    saved`); before the answer, it still interrupts."""
    from campaign_cli import entry, errors

    monkeypatch.setitem(entry._STATE, "armed", True)
    monkeypatch.setitem(entry._STATE, "done", False)
    monkeypatch.setitem(errors.COMMIT, "answered", False)
    with pytest.raises(entry.Interrupted):
        entry._on_signal(signal.SIGINT, None)
    monkeypatch.setitem(errors.COMMIT, "answered", True)
    entry._on_signal(signal.SIGINT, None)  # nothing raised
    assert errors.COMMIT["deferred"] == 0


def test_the_answer_marks_itself_given_before_it_is_said(monkeypatch, capsys):
    from campaign_cli import errors
    from campaign_cli.cli.door import answered

    monkeypatch.setitem(errors.COMMIT, "answered", False)
    seen = []
    monkeypatch.setattr("campaign_cli.cli.output.fail", lambda exc: seen.append(errors.COMMIT["answered"]) or 3)
    assert answered(errors.FileProblem("no campaign file at x", "corrupt")) == 3
    assert seen == [True]


def test_sigint_while_starting_up_is_one_line_never_a_traceback(tmp_path):
    exe = Path(sys.executable).with_name("campaign")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "campaign_cli"]
    seen = set()
    # a command the fast path answers (status, in a few milliseconds) and one Typer's (log)
    lines = [
        (delay, words)
        for words in (["status"], ["log"])
        for delay in (0.0, 0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.08, 0.1, 0.15, 0.25, 0.4)
    ]
    for delay, words in lines:
        proc = subprocess.Popen(
            [*cmd, "-c", str(tmp_path / "c.json"), *words], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        time.sleep(delay)
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate(timeout=60)
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
@pytest.mark.parametrize(
    "args",
    [
        ["roll", "d6" + " " * 40000 + "x"],
        ["check", "Ajax", "3/DX" + " " * 16000],
        ["odds", " " * 16000 + "3/DX", "--value", "11"],
    ],
)
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
    "heavy weight": lambda d: d["characters"][0]["items"].append(
        {**d["characters"][0]["items"][0], "id": 90, "weight": "heavy"}
    ),
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
    done = subprocess.run(
        [sys.executable, "-m", "campaign_cli", "-c", str(camp.path), "batch", "/dev/zero", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and json.loads(done.stderr)["error"]["code"] == "line_too_long"


def test_non_utf8_arguments_exit_2(camp):
    done = subprocess.run(
        [sys.executable, "-m", "campaign_cli", "-c", str(camp.path), "character", "show", b"\xff\xfe"],
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 2 and b"not valid UTF-8" in done.stderr and b"Traceback" not in done.stderr


def test_tied_typed_initiative_dice_exit_2(camp):
    assert camp.error("initiative", "A", "B", "--dice", ",".join(["1"] * 100), code=2)["code"] == "bad_dice"


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
def test_c1_and_bidi_characters_are_escaped_in_log_output(camp, unjudged):
    data = json.loads(camp.path.read_text())
    data["characters"]["1"]["name"] = "Evil\x9b2J\u202eX"
    camp.path.write_text(json.dumps(data))
    camp.json("gold", "add", "1", "3")
    out = camp("log").stdout + camp("character", "show", "1").stdout
    assert "\x9b" not in out and "\u202e" not in out and "\\x9b" in out and "\\u202e" in out


# -- 11. costs -------------------------------------------------------------------------------------
def test_a_journal_entry_holds_what_changed_not_whole_documents(camp):
    assert (
        camp(
            "batch",
            "-",
            input="".join(
                json.dumps({"args": ["item", "add", "Ajax", f"Pebble {i}", "--custom"]}) + "\n" for i in range(300)
            ),
        ).exit_code
        == 0
    )
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
    assert (
        camp(
            "batch", "-", input="".join(json.dumps({"args": ["gold", "add", "Ajax", "1"]}) + "\n" for _ in range(5))
        ).exit_code
        == 0
    )
    for _ in range(30):
        camp.json("gold", "add", "Ajax", "1")
    reads = []
    original = journal.line_at
    monkeypatch.setattr(journal, "line_at", lambda *a: reads.append(a) or original(*a))
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


# -- third pass (issue 28) -------------------------------------------------------------------
SELF_SIGNAL = """
import os, signal, sys
from campaign_cli.store import files
real = os.replace
def replace_then_signal(a, b):
    real(a, b)
    os.kill(os.getpid(), signal.SIGINT)  # lands right after the rename: the file is written
files.os.replace = replace_then_signal
sys.argv = ["campaign", *sys.argv[1:]]
from campaign_cli.entry import main
main()
"""


@pytest.mark.parametrize("args", [("init",), ("export", "--output", "OUT"), ("gold", "add", "Ajax", "1")])
def test_a_signal_after_the_rename_changes_nothing_about_success(camp, tmp_path, args):
    path = tmp_path / "new.json" if args[0] == "init" else camp.path
    args = tuple(str(tmp_path / "out.json") if a == "OUT" else a for a in args)
    run = subprocess.run(
        [sys.executable, "-c", SELF_SIGNAL, "-c", str(path), *args], capture_output=True, text=True, timeout=60
    )
    assert (run.returncode, run.stderr) == (0, "")
    assert "interrupted" not in run.stdout


def test_after_the_answer_signals_are_ignored_so_shutdown_cannot_turn_them_into_a_kill(camp):
    code = (
        "import signal, sys\nsys.argv = ['campaign', '-c', sys.argv[1], 'gold', 'add', 'Ajax', '1']\n"
        "from campaign_cli import entry\ntry:\n    entry.main()\nexcept SystemExit:\n    pass\n"
        "assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN\n"
        "assert signal.getsignal(signal.SIGTERM) == signal.SIG_IGN\n"
        "import os\nos.kill(os.getpid(), signal.SIGINT)\nos.kill(os.getpid(), signal.SIGTERM)\n"
    )
    run = subprocess.run([sys.executable, "-c", code, str(camp.path)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr


def _forge(camp, change):
    """Edit the journal's newest change entry with CHANGE and re-seal its CRC, as a forger would."""
    jpath = Path(str(camp.path) + ".journal")
    lines = jpath.read_bytes().splitlines()
    entry = json.loads(lines[-1])
    entry.pop("sum")
    change(entry)
    lines[-1] = journal._seal(entry)
    jpath.write_bytes(b"\n".join(lines) + b"\n")


@pytest.mark.parametrize(
    "change",
    [
        lambda e: e["patch"]["characters"]["1"]["$d"].update({"xp": {"$v": -50}}),
        lambda e: e["patch"]["characters"]["1"]["$d"].update({"gold": {"$v": "lots"}}),
        lambda e: e["patch"].update({"meta": {"1": {"app": {"$v": "evil"}}}}),
        lambda e: e.update({"summary": "edited"}),
    ],
)
def test_undo_refuses_an_edited_and_resealed_entry(camp, change):
    camp.json("gold", "add", "Ajax", "5")
    _forge(camp, change)
    before = camp.path.read_bytes()
    err = camp.error("undo", code=3)
    assert err["code"] == "journal_broken" and "re-sealed" in err["message"]
    assert camp.path.read_bytes() == before


def test_undo_refuses_an_old_entry_replayed_with_the_current_seq(camp):
    camp.json("gold", "add", "Ajax", "5")
    camp.json("gold", "add", "Merlin", "3")
    jpath = Path(str(camp.path) + ".journal")
    lines = jpath.read_bytes().splitlines()
    old = json.loads(lines[-2])
    old.pop("sum")
    old["seq"] = json.loads(lines[-1])["seq"]
    jpath.write_bytes(b"\n".join([*lines[:-1], journal._seal(old)]) + b"\n")
    assert camp.error("undo", code=3)["code"] == "journal_broken"


def test_the_journal_is_a_chain(camp):
    camp.json("gold", "add", "Ajax", "5")
    camp.json("gold", "add", "Ajax", "1")
    lines = Path(str(camp.path) + ".journal").read_bytes().splitlines()
    entries = [json.loads(line) for line in lines]
    assert [e.get("prev_hash") for e in entries[1:]] == [journal.digest(line) for line in lines[:-1]]
    assert json.loads(camp.path.read_bytes())["meta"]["1"]["journal_hash"] == journal.digest(lines[-1])
    camp.json("undo")
    camp.json("undo")  # each undo follows the verified pointer chain
    assert camp.json("character", "show", "Ajax")["gold"] == 0


def test_undo_never_writes_what_import_refuses_nor_crashes_on_a_malformed_patch(camp):
    camp.json("gold", "add", "Ajax", "5")
    data = json.loads(camp.path.read_bytes())
    data["meta"]["1"].pop("journal_hash")  # a file from before the chain: only the CRC protects it
    data["meta"]["1"].pop("undo_hash")
    camp.path.write_text(json.dumps(data))
    _forge(camp, lambda e: e["patch"]["characters"]["1"]["$d"].update({"xp": {"$v": -50}}))
    before = camp.path.read_bytes()
    err = camp.error("undo", code=3)
    assert "import refuses" in err["message"] and camp.path.read_bytes() == before
    _forge(camp, lambda e: e.update({"patch": {"characters": {"1": 7}}}))
    assert camp.error("undo", code=3)["code"] == "journal_broken"


def test_a_damaged_patch_is_refused_by_undo_in_either_language_and_log_still_reads(camp):
    """Describing the change (what undo and log say) walks the patches; a damaged one is
    described as far as it can be and `undo` refuses it (exit 3), never an internal error."""
    camp.json("gold", "add", "Ajax", "5")
    data = json.loads(camp.path.read_bytes())
    data["meta"]["1"].pop("journal_hash")
    data["meta"]["1"].pop("undo_hash")
    camp.path.write_text(json.dumps(data))
    _forge(camp, lambda e: e.update({"patch": {"characters": {"1": 7}}}))
    before = camp.path.read_bytes()
    assert camp.error("undo", code=3)["code"] == "journal_broken"
    for lang in ("en", "ru"):  # the human views, where the change is described first
        undone = camp("--lang", lang, "undo")
        assert undone.exit_code == 3 and "internal" not in undone.stderr and "внутренн" not in undone.stderr
        assert camp("--lang", lang, "log").exit_code == 0
    assert camp.path.read_bytes() == before


@pytest.mark.parametrize("field", ["health", "xp", "defense"])
def test_board_numbers_are_bounded(camp, tmp_path, field):
    board = (
        json.loads((Path(__file__).parent / "fixtures" / "bog_lurker.json").read_text())
        if (Path(__file__).parent / "fixtures" / "bog_lurker.json").exists()
        else None
    )
    if board is None:
        side = {
            "initiative": 3,
            "move": 4,
            "escape": 4,
            "to_hit": 4,
            "combat": 2,
            "damage": 2,
            "defense": 1,
            "health": 6,
            "xp": 15,
            "abilities": [],
            "elite": ["a", "b", "c", "d", "e", "f"],
        }
        board = {"name": "Bog", "keywords": [], "size": "medium", "normal": dict(side), "brutal": dict(side)}
    board["normal"][field] = 10**30
    (tmp_path / "b.json").write_text(json.dumps(board))
    err = camp.error("enemy", "add", "Bog", "--file", str(tmp_path / "b.json"), code=1)
    assert f"normal.{field}" in err["message"] and "1,000,000" in err["message"]


@pytest.mark.parametrize("name", ["A" * 101, "A\x1bB", "A\u202eB", "A\u200bB"])
def test_imports_refuse_names_users_could_not_give(camp, tmp_path, name):
    camp.json("export", "--output", str(tmp_path / "e.json"))
    doc = json.loads((tmp_path / "e.json").read_text())
    doc["characters"][0]["name"] = name
    (tmp_path / "e.json").write_text(json.dumps(doc))
    cli = type(camp)(tmp_path / "new.json")
    assert cli.error("import", str(tmp_path / "e.json"), code=1)["code"] == "bad_import"
    assert not (tmp_path / "new.json").exists()


def test_a_pack_item_name_with_a_bidi_override_is_refused(camp, tmp_path):
    (tmp_path / "p.json").write_text(json.dumps({"pack": "p", "version": "1", "items": [{"name": "Evil\u202eGem"}]}))
    assert camp.error("catalog", "import", str(tmp_path / "p.json"), code=1)["code"] == "bad_pack"


@pytest.mark.parametrize(
    "fight", [{"round": "x"}, "open", {"round": 1, "turn": 0, "order": [], "enemies": [{"name": 3}]}]
)
def test_imports_validate_meta_fight(camp, tmp_path, fight):
    camp.json("export", "--output", str(tmp_path / "e.json"))
    doc = json.loads((tmp_path / "e.json").read_text())
    doc["meta"]["fight"] = fight
    (tmp_path / "e.json").write_text(json.dumps(doc))
    assert type(camp)(tmp_path / "n.json").error("import", str(tmp_path / "e.json"), code=1)["code"] == "bad_import"


@pytest.mark.parametrize(
    "field, value",
    [
        ("xp", "lots"),
        ("xp", -3),
        ("skills", []),
        ("items", {}),
        ("st", 10**9),
        ("curses", [{"name": 5}]),
        ("damage", None),
        ("kind", "dragon"),
    ],
)
def test_a_hand_edited_character_field_exits_3_never_an_internal_error(camp, field, value):
    data = json.loads(camp.path.read_bytes())
    data["characters"]["1"][field] = value
    camp.path.write_text(json.dumps(data))
    for args in (
        ("character", "show", "Ajax"),
        ("gold", "add", "Ajax", "1"),
        ("character", "list"),
        ("xp", "award", "1", "--party"),
    ):
        assert camp.error(*args, code=3)["code"] == "not_a_campaign"


@pytest.mark.parametrize("value", [{"round": -1}, "x"])
def test_a_hand_edited_fight_exits_3(camp, value):
    data = json.loads(camp.path.read_bytes())
    data["meta"]["1"]["fight"] = value
    camp.path.write_text(json.dumps(data))
    assert camp.error("fight", "status", code=3)["code"] == "not_a_campaign"


def test_a_fifo_as_campaign_or_journal_exits_3_at_once(tmp_path):
    from tests.conftest import Cli

    fifo = tmp_path / "c.json"
    os.mkfifo(fifo)
    cli = Cli(fifo)
    start = time.monotonic()
    assert cli("status").exit_code == 3 and cli("gold", "add", "A", "1").exit_code == 3
    real = Cli(tmp_path / "r.json")
    real("init")
    real.json("character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9")
    jpath = Path(str(real.path) + ".journal")
    jpath.unlink()
    os.mkfifo(jpath)
    assert real.error("gold", "add", "Ajax", "1", code=3)["code"] == "not_a_file"
    assert real.error("undo", code=3)
    assert time.monotonic() - start < 10


def test_a_hard_linked_campaign_or_journal_is_refused(camp, tmp_path):
    os.link(camp.path, tmp_path / "elsewhere.json")
    assert camp.error("gold", "add", "Ajax", "1", code=3)["code"] == "hard_linked"
    os.unlink(tmp_path / "elsewhere.json")
    os.link(str(camp.path) + ".journal", tmp_path / "outside.log")
    assert camp.error("gold", "add", "Ajax", "1", code=3)["code"] == "hard_linked"


def _hostile_name(camp):
    data = json.loads(camp.path.read_bytes())
    data["characters"]["1"]["name"] = "*Doom*\x1b]0;owned\x07<script>\u202e"
    data["characters"]["1"]["curses"] = [{"name": "Rot | x", "note": None}]
    camp.path.write_text(json.dumps(data))


def test_sheets_show_old_files_control_characters_escaped_and_markdown_inert(camp, unjudged):
    _hostile_name(camp)
    md = camp("character", "sheet", "1").stdout
    assert "\x1b" not in md and "\x07" not in md and "\u202e" not in md
    # rendered, the heading reads *Doom*\x1b]0;owned\x07<script>\u202e: escapes shown, nothing obeyed
    assert md.startswith("# \\*Doom\\*\\\\x1b\\]0;owned\\\\x07&lt;script&gt;\\\\u202e\n")
    assert "Rot \\| x" in md
    html = camp("character", "sheet", "1", "--format", "html").stdout
    assert "\x1b" not in html and "&lt;script&gt;" in html and "<script>" not in html


def test_the_markdown_recap_is_inert(camp, unjudged):
    camp.json("adventure", "start", "*Bold* <b>")
    camp.json("xp", "award", "1", "Ajax")
    _hostile_name(camp)
    md = camp("recap", "--format", "md").stdout
    assert "\\*Bold\\* &lt;b&gt;" in md and "\x1b" not in md and "<script>" not in md


def test_completion_never_offers_a_name_holding_control_characters(camp):
    from campaign_cli.cli import complete

    _hostile_name(camp)
    ctx = type(
        "Ctx", (), {"find_root": lambda self: type("R", (), {"params": {"campaign": str(camp.path)}})(), "params": {}}
    )()
    assert complete.characters(ctx, "") == ["Merlin"]


@pytest.mark.parametrize(
    "args",
    [
        ("contest", "Ajax", "3/ST" + " " * 300, "10", "3/ST"),
        ("roll", "2D6", "--dice", "1," * 150 + "1"),
        ("damage", "A" * 16000, "1"),
        ("roll", "D6", "--character", "Ajax", "--weapon", "x" * 300),
        ("check", "Ajax", "3/DX", "--dice", "1," * 300 + "1"),
    ],
)
def test_oversized_arguments_exit_2_before_any_lock(camp, args):
    with files.locked(camp.path, wait=0):  # another writer holds the campaign
        start = time.perf_counter()
        err = camp.error(*args, code=2)
        assert err["code"] == "too_long" and time.perf_counter() - start < 2


def test_an_oversized_batch_line_exits_2_before_any_lock(camp):
    line = json.dumps({"args": ["gold", "add", "Ajax", "1" + " " * 70000]}) + "\n"
    with files.locked(camp.path, wait=0):
        start = time.perf_counter()
        result = camp("batch", "-", "--json", input=json.dumps({"args": ["gold", "add", "Ajax", "1"]}) + "\n" + line)
        assert result.exit_code == 2 and time.perf_counter() - start < 2
        assert json.loads(result.stderr)["error"]["line"] == 2


def test_a_hand_edited_enemy_board_exits_3(camp, tmp_path):
    side = {
        "initiative": 3,
        "move": 4,
        "escape": 4,
        "to_hit": 4,
        "combat": 2,
        "damage": 2,
        "defense": 1,
        "health": 6,
        "xp": 15,
        "abilities": [],
        "elite": ["a", "b", "c", "d", "e", "f"],
    }
    (tmp_path / "b.json").write_text(
        json.dumps({"name": "Bog", "keywords": [], "size": "medium", "normal": side, "brutal": side})
    )
    camp.json("enemy", "add", "--file", str(tmp_path / "b.json"))
    data = json.loads(camp.path.read_bytes())
    next(iter(data["enemies"].values()))["normal"]["health"] = "lots"
    camp.path.write_text(json.dumps(data))
    assert camp.error("enemy", "show", "Bog", code=3)["code"] == "not_a_campaign"


# -- the exit code says what was wrong (issue 50): every command's words, made hostile ----------
def _examples_of_every_command() -> list[tuple[str, list[str]]]:
    """(command path, words) of each example in every command's help, as typed."""
    import shlex

    from tests.words import leaves

    out = []
    for path, command in leaves():
        if path.split()[0] in ("demo", "batch", "share", "merge"):  # merge: paths only
            continue
        for line in (command.help or "").splitlines():
            if line.strip().startswith("$ campaign "):
                words = shlex.split(line.strip()[2:].split(" | ")[0])[1:]
                if words[: len(path.split())] == path.split():
                    out.append((path, words))
    return out


HOSTILE = {
    "control": lambda w: w + "\x1b[31m",
    "bidi": lambda w: "\u202e" + w,
    "surrogate": lambda w: w + "\ud800",
    "argv surrogate": lambda w: w + "\udcff",  # an invalid UTF-8 byte, as Python decodes argv
}


@pytest.mark.parametrize("kind", [*HOSTILE, "past its bound"])
def test_no_command_answers_hostile_input_with_an_internal_error_or_exit_3(camp, tmp_path, kind, monkeypatch):
    """Every word a user types in every command's examples (names, notes, reasons, labels,
    option values), made hostile: a control or format character, a lone surrogate, a
    number past its bound. Bad input is exit 2 (or a refusal, exit 1); never the
    catch-all `internal`, never exit 3 (the file is fine), and a refusal changes nothing."""
    monkeypatch.chdir(tmp_path)  # an example's --output lands here, never in the working tree
    sound = camp.path.read_bytes()
    cases = 0
    for path, words in _examples_of_every_command():
        for at in range(len(path.split()), len(words)):
            word = words[at]
            if (
                word.startswith("-")
                or word.endswith((".json", ".jsonl", ".txt", ".md", ".html", ".csv"))
                or "/" in word
            ):
                continue  # an option's name, or a path: a file that is not there has its own exit (3 for a campaign)
            if kind == "past its bound":
                if not word.isdigit():
                    continue
                hostile = "1000001"
            else:
                hostile = HOSTILE[kind](word)
            camp.path.write_bytes(sound)
            for stale in tmp_path.glob("campaign.json.*"):
                if stale.suffix != ".journal":
                    stale.unlink()
            given = [*words[:at], hostile, *words[at + 1 :]]
            result = camp(*given, "--json")
            cases += 1
            assert result.exit_code in (0, 1, 2), (given, result.exit_code, result.stderr)
            assert "internal" not in result.stderr and "Traceback" not in result.stderr, (given, result.stderr)
            if result.exit_code:
                assert json.loads(result.stderr)["error"]["code"] != "internal", given
                assert camp.path.read_bytes() == sound, (given, "a refused command changed the file")
    assert cases > (100 if kind != "past its bound" else 20), cases


def test_a_hand_edited_lone_surrogate_is_exit_3_naming_the_field_for_every_command(camp):
    """Issue 50: a lone surrogate in a hand-edited file passed `status` and made `character
    list`, `show`, `gold add`, `export` and `undo` fail `internal`."""
    for where, plant in (
        ("characters.1.name", lambda d: d["characters"]["1"].update(name="Aj\ud800")),
        ("characters.1.skills.Sw\ud800", lambda d: d["characters"]["1"]["skills"].update({"Sw\ud800": 1})),
        ("characters.1.notes", lambda d: d["characters"]["1"].update(notes="a\nb\udfff")),
    ):
        data = json.loads(camp.path.read_bytes())
        plant(data)
        camp.path.write_text(json.dumps(data))
        before = camp.path.read_bytes()
        for args in (
            ["status"],
            ["character", "list"],
            ["character", "show", "Merlin"],
            ["gold", "add", "Merlin", "1"],
            ["export"],
            ["undo"],
        ):
            result = camp(*args, "--json")
            error = json.loads(result.stderr)["error"]
            assert result.exit_code == 3 and error["code"] == "not_a_campaign", (args, result.stderr)
            assert where in error["message"], (where, error["message"])
            assert camp.path.read_bytes() == before
        data["characters"]["1"] = json.loads(
            json.dumps(data["characters"]["1"]).replace("\\ud800", "").replace("\\udfff", "")
        )
        camp.path.write_text(json.dumps(data))


# -- issue 64: internal errors that were still reachable ----------------------------------------
@pytest.fixture
def read_only_folder(tmp_path):
    """A read-only file system (EROFS, which root's permissions do not lift), where the
    machine lets the tests mount one."""
    import subprocess

    folder = tmp_path / "ro"
    folder.mkdir()
    mount = ["mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", str(folder)]
    if os.geteuid() != 0 or subprocess.run(mount, capture_output=True).returncode:
        pytest.skip("needs root and a tmpfs mount")
    yield folder
    subprocess.run(["umount", str(folder)], check=True)


def test_init_and_import_in_a_read_only_folder_are_exit_3_and_leave_nothing(read_only_folder, tmp_path):
    """`init` or `import` in a read-only folder was an internal error (its cleanup's unlink
    raised EROFS), exit 1. Run as a user runs it: the installed program."""
    from tests.conftest import Cli

    made = Cli(tmp_path / "made.json")
    made.json("init")
    export = tmp_path / "export.json"
    export.write_text(made("export").stdout, encoding="utf-8")
    target = str(read_only_folder / "campaign.json")
    for args in (["init"], ["import", str(export)]):
        done = subprocess.run(
            [sys.executable, "-m", "campaign_cli", "-c", target, *args, "--json"], capture_output=True, text=True
        )
        error = json.loads(done.stderr)["error"]
        assert done.returncode == 3 and error["code"] in ("unwritable", "lock_failed"), (args, error)
    assert list(read_only_folder.iterdir()) == []


def test_a_number_of_5000_digits_in_a_stat_block_is_a_clear_refusal(cli, tmp_path):
    """Python refuses to read an int of more than 4,300 digits: that was an internal error."""
    cli.json("init")
    block = tmp_path / "big.txt"
    block.write_text(f"Dolmar, wizard\nST {'1' * 5000}, DX 11, IQ 14, MA 10\n", encoding="utf-8")
    error = cli.error("character", "import", str(block), "--format", "statblock", code=1)
    assert error["code"] == "bad_character_file" and "5000 digits" in error["message"]


def test_a_lock_that_fails_lets_the_folder_go_for_the_next_writer_of_the_process(read_only_folder):
    """The folder's flock was kept when the lock file could not be made: a library (or a
    test) trying again in the same process was told the file was 'locked by another writer'."""
    import campaign_cli

    for _attempt in range(2):
        with pytest.raises(campaign_cli.FileProblem) as caught:
            campaign_cli.init(read_only_folder / "campaign.json")
        assert caught.value.code == "lock_failed", caught.value.message


def test_a_failed_batch_leaves_no_side_effect_share_git_is_not_a_batch_line(tmp_path):
    """Issue 64.8: `share git` then a failing line exited 1, yet .gitattributes, .gitignore
    and the merge driver were written. `share git` writes beside the campaign, outside any
    transaction: it is refused as a batch line, and the batch leaves the folder as it was."""
    from tests.conftest import Cli

    cli = Cli(tmp_path / "campaign.json")
    cli.json("init")
    before = sorted(p.name for p in tmp_path.iterdir())
    lines = '{"args": ["share", "git"]}\n{"args": ["xp", "award", "1", "Nobody"]}\n'
    error = cli.error("batch", "-", code=2, input=lines)
    assert error["code"] == "bad_line" and error["line"] == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == before


@pytest.mark.parametrize(
    "args",
    [
        ["item", "add", "Ajax", "X", "--custom", "--requires", "a\x1bb"],
        ["item", "add", "Ajax", "X", "--custom", "--requires", ""],
        ["item", "add", "Ajax", "X", "--custom", "--requires", " "],
        ["item", "add", "Ajax", "X", "--custom", "--requires", "k" * 101],
        ["curse", "apply", "Ajax", "Hex", "--note", ""],
        ["curse", "apply", "Ajax", "Hex", "--note", "  "],
        ["curse", "apply", "Ajax", "Hex", "--note", "n" * 10_000],
        ["xp", "award", "1", "Ajax", "--reason", "r" * 10_000],
    ],
)
def test_bad_text_in_an_option_is_exit_2_naming_it_never_exit_3(cli, args):
    """Issue 64.7: such values reached the write's judge and were exit 3 (`unsound_change`),
    which is reserved for the campaign file; `--reason` had no bound at all."""
    cli.json("init")
    cli.json("character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9")
    error = cli.error(*args, code=2)
    assert error["code"] == "bad_text" and error["facts"]["option"] == args[-2][2:], error


@pytest.mark.parametrize("name", ["Aj\x01ax", "Aj\x1b[31max", "Aj\u202eax", "Aj\u200bax", "", "   "])
@pytest.mark.parametrize(
    "args", [["character", "show", "{}"], ["xp", "award", "1", "{}"], ["item", "list", "{}"], ["damage", "{}", "1"]]
)
def test_a_looked_up_name_with_a_control_character_or_blank_is_exit_2(cli, name, args):
    """Issue 64.7: a control or format character (or nothing) in a name that is only looked
    up was exit 1 "no character named": bad input, as the same name given to `create` is."""
    cli.json("init")
    cli.json("character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9")
    error = cli.error(*[w.format(name) if w == "{}" else w for w in args], code=2)
    assert error["code"] == "bad_name", error


def test_an_import_of_many_weapons_packs_them_as_one_by_one_would(tmp_path):
    """Cost (issue 64): a stat block's items packed at once keep add_item's rules: the first
    weapons readied are held while hands are free (R32), equal items stack, and what goes
    past the carry limit is stored, in the file's order (R33)."""
    import campaign_cli

    weapons = ", ".join(["Dagger (1d-1)"] * 3 + [f"Blade{i} (1d)" for i in range(40)])
    block = tmp_path / "many.txt"
    block.write_text(f"Dolmar, wizard, age 22\nST 9, DX 11, IQ 14, MA 10\nWeapons: {weapons}\n")
    with campaign_cli.open(tmp_path / "c.json", create=True) as camp:
        dolmar = camp.character_import(str(block))
    held = [i["name"] for i in dolmar["items"] if i["state"] == "held"]
    daggers = [i for i in dolmar["items"] if i["name"] == "Dagger"]
    assert sum(i["hands"] for i in dolmar["items"] if i["state"] == "held") <= 2 and held
    assert sum(i["count"] for i in daggers) == 3 and len(daggers) <= 3  # equal pieces stack
    carried = sum(i["weight"] * i["count"] for i in dolmar["items"] if i["state"] != "stored")
    assert carried <= dolmar["carry_limit"] and dolmar["carry_weight"] == carried
    assert dolmar["stored_over_limit"] == [i["name"] for i in dolmar["items"] if i["state"] == "stored"]


@pytest.mark.parametrize("text", ['[{"pack": 5}]', "not json"])
def test_packs_are_judged_before_a_write_and_before_an_export(cli, text):
    """CLI.md "Reliability guarantees": every table is judged before a write and before an
    export, packs included: a corrupt packs table is exit 3 naming it, nothing written, and
    `export` never writes a document `import` refuses (issue 64, finding 3)."""
    assert cli("init").exit_code == 0
    assert cli("character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9").exit_code == 0
    data = json.loads(cli.path.read_text())
    data["packs"] = {"1": {"text": text}}
    cli.path.write_text(json.dumps(data))
    before = cli.path.read_bytes()
    for words in (["xp", "award", "1", "Ajax"], ["export"], ["undo"]):
        result = cli(*words)
        assert result.exit_code == 3 and "pack" in result.stderr and "internal error" not in result.stderr, words
        assert cli.path.read_bytes() == before


@pytest.mark.parametrize(
    "line",
    [
        '{"args": ["xp", "award", "1", "Ajax"], "args": ["xp", "award", "100", "Ajax"]}',
        '{"args": ["xp", "award", "1", "Ajax"], "note": "x"}',
    ],
)
def test_a_batch_line_is_a_strict_document(cli, line):
    """CLI.md (sixth revision): a duplicate or unknown key in a batch line is exit 2 naming
    the line, nothing run (JSON readers keep the last `args`: 100 XP nobody meant)."""
    assert cli("init").exit_code == 0
    assert cli("character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9").exit_code == 0
    before = cli.path.read_bytes()
    result = cli("batch", "-", "--json", input=line + "\n")
    error = json.loads(result.stderr)["error"]
    assert result.exit_code == 2 and error["code"] == "bad_line" and error["line"] == 1
    assert cli.path.read_bytes() == before


def test_a_table_the_model_does_not_know_is_exit_3_and_never_rewritten_without_it(cli):
    """CLI.md (sixth revision): an unknown top-level table is damage: every command that
    judges the file is exit 3, and none writes it back without the table. Stock TinyDB's own
    empty `_default` table is not one."""
    assert cli("init").exit_code == 0
    assert cli("character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9").exit_code == 0
    data = json.loads(cli.path.read_text())
    cli.path.write_text(json.dumps({**data, "_default": {}}))
    assert cli("xp", "award", "1", "Ajax").exit_code == 0  # TinyDB's default table, empty: a campaign still
    cli.path.write_text(json.dumps({**json.loads(cli.path.read_text()), "notes": {"1": {"text": "kept"}}}))
    before = cli.path.read_bytes()
    for words in (["status"], ["xp", "award", "1", "Ajax"], ["export"]):
        result = cli(*words)
        assert result.exit_code == 3 and "'notes'" in result.stderr, (words, result.stderr)
    assert cli.path.read_bytes() == before


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_a_fifo_or_a_device_as_the_lock_file_is_exit_3_before_anything_is_written(cli, kind):
    """CLI.md (sixth revision): a device, FIFO or folder where the lock belongs is exit 3
    before anything is written (a FIFO was taken as the lock, and the write went on)."""
    import os

    assert cli("init").exit_code == 0
    assert cli("character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9").exit_code == 0
    lock = cli.path.with_name(cli.path.name + ".lock")
    lock.unlink(missing_ok=True)
    if kind == "fifo":
        os.mkfifo(lock)
    else:
        try:
            os.mknod(lock, 0o600 | __import__("stat").S_IFCHR, os.makedev(1, 3))  # /dev/null's numbers
        except PermissionError:
            pytest.skip("making a device node needs root")
    before = cli.path.read_bytes()
    result = cli("xp", "award", "1", "Ajax")
    assert result.exit_code == 3 and "not a regular file" in result.stderr
    assert cli.path.read_bytes() == before


@pytest.mark.parametrize("value", ['"a\\u001bb"', "1000001", "-1"])
def test_resolve_value_past_its_bound_or_with_a_control_character_is_exit_2(cli, value):
    """Bad input where it is typed (issue 64, finding 7): a `--value` no campaign may hold is
    exit 2 naming the option, the file and its open conflict as they were."""
    import shutil

    assert cli("init").exit_code == 0
    assert cli("character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9").exit_code == 0
    base, theirs = cli.path.with_name("base.json"), cli.path.with_name("theirs.json")
    shutil.copy(cli.path, base)
    assert cli("gold", "add", "Ajax", "2").exit_code == 0
    shutil.copy(cli.path, theirs)
    assert cli("undo").exit_code == 0
    assert cli("gold", "add", "Ajax", "1").exit_code == 0
    merged = cli("merge", str(base), str(cli.path), str(theirs), "--path", str(cli.path))
    assert merged.exit_code == 1  # one conflict: Ajax's gold
    before = cli.path.read_bytes()
    result = cli("resolve", "--value", value)
    assert result.exit_code == 2 and "--value" in result.stderr, result.stderr
    assert cli.path.read_bytes() == before
