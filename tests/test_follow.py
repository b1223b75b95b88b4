"""The change feed (issue 72; CLI.md `campaign log --after/--follow`, `campaign_cli.follow`):
a follower in one process sees what a writer in another commits, by any way in, within a
second; it never shows what was not committed; idle, it costs next to nothing; Ctrl-C
ends it with exit 130 and nothing said."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import campaign_cli

CAMPAIGN = [sys.executable, "-m", "campaign_cli"]


def _run(path: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([*CAMPAIGN, "-c", str(path), *args], input=stdin, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done


@pytest.fixture
def party(tmp_path: Path) -> Path:
    path = tmp_path / "c.json"
    campaign_cli.init(path, "Feed")
    with campaign_cli.open(path) as camp:
        camp.character_create("Ajax", st=12, dx=11, iq=9)
        camp.character_create("Kate", st=10, dx=12, iq=10)
    return path


class Follower:
    """`campaign log --follow --jsonl` in a process of its own, its lines read as they come."""

    def __init__(self, path: Path, *args: str) -> None:
        self.proc = subprocess.Popen(
            [*CAMPAIGN, "-c", str(path), "log", "--follow", "--jsonl", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line)

    def next(self, within: float) -> dict:
        return json.loads(self.lines.get(timeout=within))

    def quiet(self, within: float) -> bool:
        try:
            self.lines.get(timeout=within)
        except queue.Empty:
            return True
        return False

    def stop(self) -> tuple[int, str]:
        self.proc.send_signal(signal.SIGINT)
        _out, err = self.proc.communicate(timeout=10)
        return self.proc.returncode, err


def test_a_follower_sees_each_write_of_another_process_within_a_second(party: Path):
    follower = Follower(party)
    try:
        backlog = [follower.next(10) for _ in range(2)]  # init, the block that made the party
        assert [e["seq"] for e in backlog] == [0, 1]
        for n in range(3):  # each write renames a new campaign file in: the follower goes on
            began = time.monotonic()
            _run(party, "xp", "award", str(n + 1), "Ajax", "--reason", f"riddle {n}")
            entry = follower.next(10)
            assert time.monotonic() - began < 1 + 1.5  # the writer's own start-up counted: under a second after
            assert entry["seq"] == 2 + n and entry["events"][0]["reason"] == f"riddle {n}"
            assert entry["summary"] == f"Ajax gets {n + 1} XP: riddle {n}"
        _run(
            party,
            "batch",
            "-",
            stdin='{"args": ["gold", "add", "Kate", "2"]}\n{"args": ["wish", "add", "Kate", "1"]}\n',
        )
        batch = follower.next(10)
        assert batch["block"] == "batch" and [e["event"] for e in batch["events"]] == ["gold", "wish_added"]
        _run(party, "undo")
        assert follower.next(10)["events"] == [{"event": "undone", "seqs": [5]}]
        _run(party, "redo")
        assert follower.next(10)["events"] == [{"event": "redone", "seqs": [5]}]
        _run(party, "check", "Ajax", "3/DX", "--dice", "1,2,3")  # a roll that changes nothing
        roll = follower.next(10)
        assert roll["seq"] is None and roll["events"][0]["event"] == "checked"
        with campaign_cli.open(party, label="gm script") as camp:  # a library block
            camp.xp_award(4, "Ajax", reason="the riddle")
            camp.gold_add("Ajax", 1)
        block = follower.next(10)
        assert block["command"] == "gm script" and block["events"][0]["reason"] == "the riddle"
    finally:
        code, err = follower.stop()
    assert code == 130 and err == ""  # Ctrl-C: nothing said, nothing saved


def test_an_entry_whose_writer_died_before_committing_is_never_shown(party: Path):
    """A writer appends its entry, then replaces the file: one killed between the two left an
    entry the file never reached. The follower waits for it, then takes the next writer's
    entry of that number instead (it supersedes the dead one)."""
    journal = Path(f"{party}.journal")
    follower = Follower(party)
    try:
        assert [follower.next(10)["seq"] for _ in range(2)] == [0, 1]
        dead = json.loads(journal.read_text().splitlines()[-1])
        dead.update(seq=2, summary="a writer killed before its commit", events=[{"event": "gold", "name": "X"}])
        dead.pop("sum", None)
        with journal.open("a") as fh:
            fh.write(json.dumps(dead) + "\n")
        assert follower.quiet(1.5)  # not committed: not shown
        _run(party, "gold", "add", "Kate", "3")
        entry = follower.next(10)
        assert entry["seq"] == 2 and entry["summary"] == "Kate gets 3 gold (now 3)"
        assert follower.quiet(1)
    finally:
        follower.stop()


def test_follow_after_a_number_and_the_library_generator(party: Path):
    _run(party, "gold", "add", "Ajax", "5")
    _run(party, "xp", "award", "2", "Kate")
    seen = []

    def writer() -> None:
        time.sleep(0.4)
        _run(party, "karma", "add", "Ajax", "1")

    threading.Thread(target=writer).start()
    for entry in campaign_cli.follow(party, after=2, lang="ru", poll=0.05):
        seen.append(entry)
        if entry["seq"] == 4:
            break
    assert [e["seq"] for e in seen] == [3, 4]
    assert seen[0]["summary"] == "Kate получает 2 XP (R13)" and seen[1]["events"][0]["event"] == "karma_added"
    # the same reading without following: `log --after` and `camp.log(after=)`
    assert [e["seq"] for e in json.loads(_run(party, "log", "--after", "2", "--json").stdout)] == [3, 4]
    with campaign_cli.read(party) as camp:
        assert [e["seq"] for e in camp.log(after=3)] == [4]
    with pytest.raises(campaign_cli.UsageProblem):
        next(campaign_cli.follow(party, poll=0))


def test_follow_with_json_is_a_usage_error(party: Path):
    done = subprocess.run([*CAMPAIGN, "-c", str(party), "log", "-f", "--json"], capture_output=True, text=True)
    assert done.returncode == 2 and json.loads(done.stderr)["error"]["code"] == "usage"
    assert done.stdout == ""


def test_an_idle_follower_costs_under_a_hundredth_of_a_core(party: Path):
    """CLI.md: it idles at under 1 % of a core: 10 idle seconds cost it under 0.1 s of CPU."""
    follower = Follower(party)
    try:
        [follower.next(10) for _ in range(2)]
        time.sleep(1)  # its start-up is behind it

        def cpu() -> float:
            fields = Path(f"/proc/{follower.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

        before = cpu()
        time.sleep(10)
        assert cpu() - before < 0.1
    finally:
        follower.stop()


def test_the_plain_follower_prints_a_row_per_event(party: Path):
    proc = subprocess.Popen(
        [*CAMPAIGN, "-c", str(party), "--lang", "ru", "log", "-f", "--limit", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        first = [proc.stdout.readline(), proc.stdout.readline()]  # the block: two events
        assert first[0].startswith("1  ") and "Ajax вступает в партию" in first[0] and "Kate" in first[1]
        _run(party, "wish", "add", "Kate", "2")
        line = proc.stdout.readline()
        assert line.startswith("2  ") and "Kate получает 2 желания" in line and "campaign wish add Kate 2" in line
    finally:
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate(timeout=10)
    assert proc.returncode == 130 and err == ""


def test_the_chat_bot_in_docs_api_posts_each_xp_award_with_its_reason(party: Path):
    """docs/api.md's bot (samples/xp_bot.py, shown there whole), run against a CLI writer in
    another process: it posts every XP award, in the group's language, and nothing else."""
    root = Path(__file__).resolve().parent.parent
    bot = (root / "samples" / "xp_bot.py").read_text()
    assert bot in (root / "docs" / "api.md").read_text() and len(bot.strip().splitlines()) <= 30
    _run(party, "xp", "award", "7", "Ajax", "--reason", "before the bot")  # history: not posted
    proc = subprocess.Popen(
        [sys.executable, str(root / "samples" / "xp_bot.py"), str(party), "ru"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        time.sleep(1.5)  # the bot has started and read where the journal stands
        _run(party, "xp", "award", "3", "Kate", "--reason", "за загадку")
        _run(party, "gold", "add", "Kate", "5")  # not an award: not posted
        _run(party, "xp", "award", "2", "--party", "--reason", "засада")
        assert proc.stdout is not None
        said = [proc.stdout.readline().strip() for _ in range(3)]
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=10)
    assert said == [
        "Kate получает 3 XP: за загадку (#3)",
        "Ajax получает 2 XP: засада (#5)",
        "Kate получает 2 XP: засада (#5)",
    ]


def test_a_changes_rolls_in_parts_all_reach_the_follower(party: Path, monkeypatch):
    """A block's rolls go to the journal in parts before its change (store ROLLS_PER_ENTRY):
    the feed shows every part, then the change (each part was once taken for the last)."""
    from campaign_cli.store import campaign as stored

    monkeypatch.setattr(stored, "ROLLS_PER_ENTRY", 3)
    with campaign_cli.open(party) as camp:
        for n in range(7):
            camp.check("Ajax", "3/DX", seed=n)
        camp.gold_add("Ajax", 1)
    seen = []
    for entry in campaign_cli.follow(party, after=1, poll=0.05):
        seen.append(entry)
        if entry["seq"] == 2:
            break
    parts = [e for e in seen if e["kind"] == "roll"]
    assert sum(len(e.get("rolls", [])) for e in parts) == 7 and len(parts) >= 2
    assert seen[-1]["seq"] == 2 and [e["event"] for e in seen[-1]["events"]][-1] == "gold"
