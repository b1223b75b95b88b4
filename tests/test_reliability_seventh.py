"""CLI.md "Reliability", seventh revision (issue 78, in part): the commit decides the exit;
`--output -` beside `--json` is exit 2; every input document is read with a bound; a closed
standard input is exit 2, never an internal error."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import campaign_cli
from campaign_cli.cli.app import app
from tests.runner import CliRunner

CAMPAIGN = [sys.executable, "-m", "campaign_cli"]
FULL = Path("/dev/full")


@pytest.fixture
def party(tmp_path: Path) -> Path:
    path = tmp_path / "c.json"
    campaign_cli.init(path, "R")
    with campaign_cli.open(path) as camp:
        camp.character_create("Ajax", st=12, dx=11, iq=9)
    return path


def _shell(path: Path, line: str) -> subprocess.CompletedProcess[str]:
    """LINE (after `campaign -c PATH`) in bash, its redirections as a user types them."""
    command = " ".join([*CAMPAIGN, "-c", str(path)])
    return subprocess.run(["bash", "-c", f"{command} {line}"], capture_output=True, text=True)


def _xp(path: Path) -> int:
    with campaign_cli.read(path) as camp:
        return camp.character_show("Ajax")["xp"]


@pytest.mark.skipif(not FULL.exists(), reason="no /dev/full here")
@pytest.mark.parametrize("json_out", ["--json", ""])  # the fast path, and Typer's
def test_a_committed_write_exits_0_when_its_answer_cannot_be_written(party: Path, json_out: str):
    done = _shell(party, f"xp award 5 Ajax {json_out} > /dev/full")
    assert done.returncode == 0, done.stderr
    assert (
        done.stderr.startswith("campaign: saved; its answer could not be written: ") and "internal" not in done.stderr
    )
    assert _xp(party) == 5
    closed = _shell(party, f"xp award 5 Ajax {json_out} >&-")
    assert closed.returncode == 0 and "standard output is closed" in closed.stderr, closed.stderr
    assert _xp(party) == 10


@pytest.mark.skipif(not FULL.exists(), reason="no /dev/full here")
@pytest.mark.parametrize("words", ["character show Ajax --json", "character show Ajax", "log", "export"])
def test_a_read_with_nowhere_to_write_exits_2_and_0_on_a_closed_pipe(party: Path, words: str):
    full = _shell(party, f"{words} > /dev/full")
    assert full.returncode == 2 and "could not be written" in full.stderr and "internal" not in full.stderr
    closed = _shell(party, f"{words} >&-")
    assert closed.returncode == 2 and "standard output is closed" in closed.stderr, closed.stderr
    piped = _shell(party, f"{words} | true")
    assert piped.returncode == 0 and piped.stderr == "", piped.stderr


def test_output_dash_beside_json_is_a_usage_error(party: Path):
    before = party.read_bytes()
    for words in (
        ["export", "--output", "-"],
        ["character", "export", "Ajax", "--format", "statblock", "--output", "-"],
    ):
        done = CliRunner().invoke(app, ["-c", str(party), *words, "--json"])
        assert done.exit_code == 2 and json.loads(done.stderr)["error"]["code"] == "usage", done.stderr
    line = json.dumps({"args": ["character", "export", "Ajax", "--format", "statblock", "--output", "-"]}) + "\n"
    done = CliRunner().invoke(app, ["-c", str(party), "batch", "-"], input=line)
    assert done.exit_code == 2 and done.stdout == ""
    assert party.read_bytes() == before


def test_an_input_document_past_the_bound_is_refused_having_read_no_more(tmp_path: Path, monkeypatch):
    from campaign_cli import inputs

    monkeypatch.setattr(inputs, "MAX_INPUT", 4096)
    target = tmp_path / "new.json"
    for words in (
        ["-c", str(target), "import", "/dev/zero"],  # an endless device
        ["-c", str(target), "import", "-"],  # an endless stream: stdin
    ):
        done = CliRunner().invoke(app, [*words, "--json"], input="x" * 10_000)
        assert done.exit_code == 2 and json.loads(done.stderr)["error"]["code"] == "too_large", done.stderr
    big = tmp_path / "big.json"
    big.write_text(" " * 5000 + "{}")  # a regular file: its size is known before a byte is read
    done = CliRunner().invoke(app, ["-c", str(target), "import", str(big), "--json"])
    assert done.exit_code == 2 and json.loads(done.stderr)["error"]["code"] == "too_large"
    assert not target.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["big.json"]


@pytest.mark.parametrize("words", ["batch -", "import -", "character import -", "enemy add --file -"])
def test_a_closed_standard_input_is_exit_2(party: Path, words: str):
    before = party.read_bytes()
    target = party if not words.startswith("import") else party.with_name("new.json")
    done = subprocess.run(
        ["bash", "-c", " ".join([*CAMPAIGN, "-c", str(target), words]) + " <&-"], capture_output=True, text=True
    )
    assert done.returncode == 2, done.stderr
    assert "standard input is closed" in done.stderr and "internal" not in done.stderr
    assert party.read_bytes() == before and not party.with_name("new.json").exists()
    assert os.path.exists(party)


def test_keywords_learned_in_one_block_are_known_at_once_and_forgotten_with_an_attempt(party: Path):
    """The index that makes a batch of `keyword learn` linear (benchmarks/costs.py: 16,000
    lines within 6x of 4,000) says exactly what the list says: a word learned earlier in the
    block is known in any case; one an attempt took back is not."""
    with campaign_cli.open(party) as camp:
        for n in range(300):
            camp.keyword_learn(f"Word {n}")
        with pytest.raises(campaign_cli.Refused) as twice, camp.attempt():
            camp.keyword_learn("word 7")
        assert twice.value.code == "known_keyword"
        with pytest.raises(campaign_cli.Refused), camp.attempt():
            camp.keyword_learn("Sunken")
            camp.keyword_learn("SUNKEN")
        camp.keyword_learn("sunken")  # taken back with the attempt: not known
    with campaign_cli.read(party) as camp:
        words = camp.status()["keywords"]
    assert len(words) == 301 and words[-1] == "sunken" and words.count("Word 7") == 1


@pytest.mark.parametrize("char", ["\u2028", "\u2029", "\ue000", "\U000f0001"])
def test_a_name_given_with_a_separator_or_private_use_is_refused_and_an_old_one_is_shown_escaped(
    party: Path, char: str
):
    """CLI.md "Reliability" (seventh revision): names given from now on refuse the line and
    paragraph separators and private-use characters as control characters are refused
    (exit 2, nothing written); a file written before keeps them, and views show them
    escaped, never raw (a U+2028 broke a piped row in two)."""
    before = party.read_bytes()
    given = CliRunner().invoke(app, ["-c", str(party), "character", "create", f"Zed{char}x", "--st", "12",
                                     "--dx", "10", "--iq", "10"])  # fmt: skip
    assert given.exit_code == 2 and party.read_bytes() == before, given.stderr
    with pytest.raises(campaign_cli.UsageProblem), campaign_cli.open(party) as camp:
        camp.curse_apply("Ajax", f"H{char}ex")
    data = json.loads(party.read_text(encoding="utf-8"))  # a file written before: edited by hand
    (doc,) = [d for d in data["characters"].values() if d["name"] == "Ajax"]
    doc["name"] = f"Aj{char}ax"
    party.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    shown = CliRunner().invoke(app, ["-c", str(party), "character", "list"])
    assert shown.exit_code == 0 and char not in shown.stdout, shown.stderr
    assert f"Aj\\u{ord(char):04x}ax" in shown.stdout or f"Aj\\U{ord(char):08x}ax" in shown.stdout
    with campaign_cli.read(party) as camp:  # the library hands the name back as stored
        assert f"Aj{char}ax" in [c["name"] for c in camp.character_list()]


@pytest.mark.parametrize("kind", ["folder", "fifo", "device"])
@pytest.mark.parametrize("verb", ["init", "import"])
def test_init_or_import_onto_a_non_regular_file_is_exit_3(tmp_path: Path, kind: str, verb: str):
    """CLI.md "Reliability" (seventh revision): every other command exits 3 on a FIFO, a
    folder or a device as the campaign file; init and import exited 1 ("already exists")."""
    target = {"folder": tmp_path / "d", "fifo": tmp_path / "f", "device": Path("/dev/null")}[kind]
    if kind == "folder":
        target.mkdir()
    elif kind == "fifo":
        os.mkfifo(target)
    export = tmp_path / "e.json"
    campaign_cli.init(tmp_path / "c.json")
    campaign_cli.export(tmp_path / "c.json", export)
    words = ["init"] if verb == "init" else ["import", str(export)]
    done = CliRunner().invoke(app, ["-c", str(target), *words])
    assert done.exit_code == 3 and "not a regular file" in done.stderr, done.stderr


@pytest.mark.parametrize("qty", [1.5, 0.5, "2"])
def test_an_imported_count_that_is_not_a_whole_number_is_refused_naming_it(tmp_path: Path, qty: object):
    """CLI.md "Reliability" (seventh revision): a Foundry `qty: 1.5` became a count of 1
    silently; an import refuses what it would otherwise coerce, exit 1 naming the field."""
    path = tmp_path / "c.json"
    campaign_cli.init(path)
    ration = {"name": "Ration", "type": "equipment", "system": {"qty": qty, "wt": 1}}
    hero = {"type": "hero", "st": {"max": 12}, "dx": {"max": 12}, "iq": {"max": 8}}
    actor = {"name": "Tam", "type": "character", "system": hero, "items": [ration]}
    (tmp_path / "tam.json").write_text(json.dumps(actor))
    before = path.read_bytes()
    done = CliRunner().invoke(app, ["-c", str(path), "character", "import", str(tmp_path / "tam.json")])
    assert done.exit_code == 1 and "items[0].system.qty" in done.stderr, done.stderr
    assert path.read_bytes() == before


@pytest.mark.parametrize("name", ["Bad\x01Name", "X" * 150])
def test_a_bad_name_in_a_character_file_is_exit_1_as_import_refuses_it(tmp_path: Path, name: str):
    """`character import` exited 2 for a bad name in the file where `import` exits 1: every
    refusal of an import's content is exit 1; a bad `--name` typed is still a usage error."""
    path = tmp_path / "c.json"
    campaign_cli.init(path)
    (tmp_path / "b.txt").write_text(f"{name}, hero\nST 12, DX 10, IQ 10\n", encoding="utf-8")
    done = CliRunner().invoke(app, ["-c", str(path), "character", "import", str(tmp_path / "b.txt")])
    assert done.exit_code == 1 and "bad character file" in done.stderr, done.stderr
    typed = CliRunner().invoke(
        app, ["-c", str(path), "character", "import", str(tmp_path / "b.txt"), "--name", "A\x01"]
    )
    assert typed.exit_code == 2, typed.stderr


def test_a_replayed_newest_journal_line_is_refused_by_undo(party: Path):
    """An older line replayed was refused, the newest one repeated was undone (exit 0)."""
    journal = party.with_name(party.name + ".journal")
    journal.write_bytes(journal.read_bytes() + journal.read_bytes().splitlines(keepends=True)[-1])
    before = party.read_bytes()
    with pytest.raises(campaign_cli.FileProblem) as caught:
        campaign_cli.undo(party)
    assert caught.value.exit_status == 3 and "replayed" in caught.value.message
    assert party.read_bytes() == before


def test_a_write_never_appends_to_another_campaigns_journal(tmp_path: Path, party: Path):
    """A file copied beside another campaign's journal: the write appended to it and `log`
    showed that campaign's history as this one's. Exit 3, nothing written."""
    other = tmp_path / "o.json"
    campaign_cli.init(other, "O")
    journal = party.with_name(party.name + ".journal")
    other.with_name(other.name + ".journal").write_bytes(journal.read_bytes())
    saved = {p: p.read_bytes() for p in (other, other.with_name(other.name + ".journal"))}
    done = CliRunner().invoke(app, ["-c", str(other), "character", "create", "Bob", "--st", "12", "--dx", "10",
                                    "--iq", "10"])  # fmt: skip
    assert done.exit_code == 3 and "another campaign" in done.stderr, done.stderr
    assert {p: p.read_bytes() for p in saved} == saved


def test_a_duplicate_key_in_a_stored_packs_text_is_exit_3_and_never_blessed(tmp_path: Path):
    """A duplicate key inside a stored pack's text was accepted and, after the next write,
    blessed with a new digest: the packs' text is judged as any document is."""
    path = tmp_path / "c.json"
    campaign_cli.init(path)
    with campaign_cli.open(path) as camp:
        camp.catalog_import(Path(__file__).resolve().parent.parent / "samples" / "packs" / "frontier.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    (stored,) = data["packs"].values()
    stored["text"] = stored["text"].replace('"pack":', '"pack": "other", "pack":', 1)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    before = path.read_bytes()
    for words in (["catalog", "items"], ["character", "create", "Bob", "--st", "12", "--dx", "10", "--iq", "10"]):
        done = CliRunner().invoke(app, ["-c", str(path), *words])
        assert done.exit_code == 3 and "'pack'" in done.stderr, (words, done.stderr)
    assert path.read_bytes() == before


@pytest.mark.parametrize(("sig", "status"), [("INT", 130), ("TERM", 143)])
@pytest.mark.parametrize("words", ["export --output {fifo}", "character export Ajax --format foundry --output {fifo}"])
def test_an_output_fifo_without_a_reader_is_waited_for_interruptibly(party: Path, sig: str, status: int, words: str):
    """`--output FIFO` with no reader blocked forever in open(), deaf to Ctrl-C and SIGTERM:
    the wait now ends with 130 or 143, nothing written; with a reader the document arrives."""
    import signal
    import time

    fifo = party.parent / "pipe"
    os.mkfifo(fifo)
    line = words.format(fifo=fifo).split()
    waiting = subprocess.Popen([*CAMPAIGN, "-c", str(party), *line], stderr=subprocess.PIPE, text=True)
    time.sleep(1.0)
    assert waiting.poll() is None  # still waiting for a reader
    waiting.send_signal(getattr(signal, f"SIG{sig}"))
    assert waiting.wait(timeout=10) == status, waiting.stderr.read() if waiting.stderr else ""
    reading = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    done = subprocess.run([*CAMPAIGN, "-c", str(party), *line], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0 and b'"Ajax"' in reading.communicate(timeout=10)[0]


def test_log_shows_only_this_campaigns_history(tmp_path: Path, party: Path):
    """Another campaign's journal beside a file (copied, or left by an old file of that
    name) was shown by `log` as this campaign's history."""
    other = tmp_path / "o.json"
    campaign_cli.init(other, "O")
    other.with_name(other.name + ".journal").write_bytes(party.with_name(party.name + ".journal").read_bytes())
    with campaign_cli.read(other) as camp:
        assert camp.log() == []
    with campaign_cli.read(party) as camp:
        assert [e["kind"] for e in camp.log()] == ["init", "change"]


@pytest.mark.parametrize("words", [["export"], ["character", "export", "Ajax", "--format", "foundry"]])
def test_a_socket_as_output_is_a_usage_error_naming_it(party: Path, words: list[str]):
    """CLI.md "Reliability" (seventh revision): a socket as `--output` is exit 2 (it was
    "cannot write …: No such device or address"), the socket and the campaign untouched."""
    import socket
    import stat

    where = party.parent / "sock"
    listening = socket.socket(socket.AF_UNIX)
    try:
        listening.bind(str(where))
        before = party.read_bytes()
        done = CliRunner().invoke(app, ["-c", str(party), *words, "--output", str(where), "--force", "--json"])
        assert done.exit_code == 2, done.stderr
        error = json.loads(done.stderr)["error"]
        assert error["code"] == "bad_file" and "is a socket" in error["message"], error
        ru = CliRunner().invoke(app, ["--lang", "ru", "-c", str(party), *words, "--output", str(where)])
        assert ru.exit_code == 2 and "сокет" in ru.stderr, ru.stderr
        assert stat.S_ISSOCK(os.lstat(where).st_mode) and party.read_bytes() == before
    finally:
        listening.close()


def test_export_onto_the_campaigns_own_journal_or_lock_is_refused_even_before_they_exist(tmp_path: Path):
    """A command's paths are text now (store.files.FilePath, issue 80): the own-file check
    compares them with the output's Path as text, so a journal not yet written is still the
    campaign's own."""
    path = tmp_path / "c.json"
    campaign_cli.init(path, "R")
    for suffix in (".journal", ".lock"):
        own = Path(str(path) + suffix)
        own.unlink(missing_ok=True)
        done = CliRunner().invoke(app, ["-c", str(path), "export", "--output", str(own), "--json"])
        assert done.exit_code == 1 and json.loads(done.stderr)["error"]["code"] == "own_file", done.stderr
        assert not own.exists()  # nothing written in its place
