"""Reliability suites (issue 7): concurrent writers, killed writers, bad files, fuzzing.

Bounded for CI; `pytest --slow` runs the fuzzers with 10,000 cases each.
"""

import json
import os
import random
import signal
import subprocess
import sys
import time

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from campaign_cli import store
from campaign_cli.cli.app import app
from campaign_cli.store import journal
from tests.runner import CliRunner

WRITER = """
import sys
from campaign_cli.cli.app import get_command, run
cmd = get_command()
path, tag, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
for i in range(1, count + 1):
    code = run(cmd, ["-c", path, "character", "set", "Ajax", "--attr", f"{tag}={i}", "--json"])
    if code:
        sys.exit(code)
"""


def _writer(path, tag, count):
    return subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path), tag, str(count)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, "CAMPAIGN_LOCK_WAIT": "60"},
    )


def test_eight_writer_processes_fifty_commands_each_lose_nothing(camp):
    writers, count = 8, 50
    procs = [_writer(camp.path, f"W{w}", count) for w in range(writers)]
    assert [p.wait(timeout=300) for p in procs] == [0] * writers
    assert camp.json("character", "show", "Ajax")["attributes"] == {f"W{w}": count for w in range(writers)}
    entries = camp.json("log")
    assert len(entries) == 3 + writers * count  # init, two creations, 400 changes: the journal is complete
    assert [e["seq"] for e in entries] == list(range(len(entries)))
    assert {tuple(e["args"][-2:]) for e in entries[3:]} == {
        (f"W{w}={i}", "--json") for w in range(writers) for i in range(1, count + 1)
    }


# A writer process per round, forked from one that has imported the program and built the
# command: a round costs the random wait, not an interpreter's start-up (issue 38). Each
# line on stdin forks a writer; the server prints its pid, reaps it, and prints its status.
FORKING_WRITERS = """
import contextlib, io, os, sys
from campaign_cli.cli.app import get_command, run
cmd = get_command()
path, tag = sys.argv[1], sys.argv[2]
with contextlib.redirect_stdout(io.StringIO()):
    run(cmd, ["-c", path, "character", "show", "Ajax", "--json"])  # the noun's module, loaded
for _line in sys.stdin:
    pid = os.fork()
    if pid == 0:
        os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
        for i in range(1, 100_000):
            if run(cmd, ["-c", path, "character", "set", "Ajax", "--attr", f"{tag}={i}", "--json"]):
                os._exit(1)
        os._exit(0)
    print(pid, flush=True)
    print(os.waitpid(pid, 0)[1], flush=True)
"""


def test_writer_killed_at_random_moments_a_hundred_times(camp):
    rng = random.Random(2026)
    server = subprocess.Popen(
        [sys.executable, "-c", FORKING_WRITERS, str(camp.path), "K"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "CAMPAIGN_LOCK_WAIT": "60"},
    )
    try:
        for round_ in range(100):
            server.stdin.write("\n")
            server.stdin.flush()
            pid = int(server.stdout.readline())
            time.sleep(rng.uniform(0.0, 0.04))  # a write takes a few ms: the kill lands anywhere in one
            os.kill(pid, signal.SIGKILL)
            assert int(server.stdout.readline()) == signal.SIGKILL, (round_, server.stderr)
            data = store.campaign.parse(camp.path, camp.path.read_bytes())  # loads: never torn
            meta = data["meta"]["1"]
            value = data["characters"]["1"]["attributes"].get("K")
            last = journal.read_entries(camp.path, meta["seq"], limit=1)[0]
            assert last["seq"] == meta["seq"], round_
            if value is None:
                assert last["summary"] == "created wizard Merlin"
            else:  # the last committed entry is the command that set this value
                assert last["command"][-2:] in ([f"K={value}", "--json"], ["--attr", f"K={value}"])
            os.environ["CAMPAIGN_LOCK_WAIT"] = "1"
            try:  # no stale lock: the next write goes through at once
                result = camp("character", "set", "Ajax", "--attr", "K=0")
            finally:
                del os.environ["CAMPAIGN_LOCK_WAIT"]
            assert result.exit_code == 0, result.stderr
    finally:
        server.stdin.close()
        server.wait(timeout=60)
    assert not list(camp.path.parent.glob(".campaign.json.*.tmp"))


def same_document(raw: bytes, good: bytes) -> bool:
    """RAW reads as GOOD (cutting the last "}" and adding it back is no damage). A cut
    between two tables closed by a "}" is damage: every writer writes every table, so a
    file without one was cut short (it once read as a campaign without its characters)."""
    try:
        return json.loads(raw) == json.loads(good)
    except ValueError:
        return False


def test_a_file_cut_inside_its_meta_and_closed_is_damage_not_an_empty_campaign(camp):
    """Found by the property below: the file cut inside meta's last value and closed by
    `"}}}` read as a campaign of no characters (exit 0), and the next write kept it so."""
    good = camp.path.read_bytes()
    cut = good[: good.index(b',"characters"')]
    for bad in (cut + b"}", cut[: cut.rindex(b'"')] + b'"}}}'):
        camp.path.write_bytes(bad)
        assert camp("status", "--json").exit_code == 3
        assert camp("xp", "award", "1", "Ajax", "--json").exit_code == 3
        assert camp.path.read_bytes() == bad


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.floats(0, 1, exclude_max=True), noise=st.binary(min_size=0, max_size=64))
def test_truncated_and_noisy_files_exit_3_byte_identical(camp, cut, noise):
    good = camp.path.read_bytes()
    bad = good[: int(len(good) * cut)] + noise
    assume(not same_document(bad, good))  # cutting the last "}" and adding it back is no damage
    camp.path.write_bytes(bad)
    try:
        for args in (["status"], ["character", "set", "Ajax", "--attr", "X=1"]):
            result = camp(*args, "--json")
            assert result.exit_code == 3, (bad, result.stderr)
            assert json.loads(result.stderr)["error"]["code"] in ("corrupt", "not_a_campaign")
            assert camp.path.read_bytes() == bad
    finally:
        camp.path.write_bytes(good)


WORDS = [
    "character",
    "create",
    "show",
    "list",
    "set",
    "delete",
    "xp",
    "award",
    "spend",
    "karma",
    "add",
    "wish",
    "curse",
    "apply",
    "remove",
    "damage",
    "heal",
    "rest",
    "check",
    "contest",
    "roll",
    "odds",
    "initiative",
    "item",
    "hold",
    "wear",
    "stow",
    "sell",
    "give",
    "drop",
    "upgrade",
    "gold",
    "darkstone",
    "forge",
    "enemy",
    "elite",
    "hit",
    "kill",
    "adventure",
    "start",
    "end",
    "town",
    "enter",
    "leave",
    "keyword",
    "learn",
    "fight",
    "status",
    "log",
    "catalog",
    "skills",
    "weapons",
    "armor",
    "export",
    "cast",
    "skill",
    "use",
    "Medic",
    "Bard",
    "Leadership",
    "--heal",
    "Ajax=1",
    "--for",
    "--boost",
    "--doses",
    "order",
    "next",
    "Bog Lurker 1",
    "recap",
    "--last",
    "--since",
    "--adventure",
    "--plot",
    "sheet",
    "--format",
    "html",
    "md",
    "items",
    "enemies",
    "packs",
    "import",
    "--custom",
    "--heft",
    "--week",
    "--against",
    "Unarmed",
    "--weapon",
    "--count",
    "--elite",
    "--brutal",
    "--lang",
    "ru",
    "Плавание",
    "Кольчуга",
    "#1",
    "2",
    "Ajax",
    "Merlin",
    "Nobody",
    "3/DX",
    "3/ST for Swimming",
    "Lore 5+",
    "DX 7+",
    "2D6-1",
    "D0",
    "1,3,6",
    "9,9",
    "0",
    "1",
    "-1",
    "5",
    "100",
    "99999999999999999999",
    "x",
    "",
    "[bold]x",
    "\x1b[2J",
    "=",
    "Lore=3",
    "ST=1",
    "--json",
    "--jsonl",
    "--st",
    "--dx",
    "--iq",
    "--dice",
    "--seed",
    "--party",
    "--who",
    "all",
    "--karma",
    "--attr",
    "--skill",
    "--spell",
    "--armor",
    "--fatigue",
    "--pay",
    "xp",
    "--weight",
    "--slots",
    "--by",
    "--brutal",
    "--limit",
    "--character",
    "--won",
    "--fled",
    "--value",
    "--modifier",
    "--help",
]


def _examples(slow):
    return 10_000 if slow else 300


def test_fuzz_argument_lists_never_crash(camp, slow):
    @settings(max_examples=_examples(slow), deadline=None, database=None)
    @given(st.lists(st.sampled_from(WORDS) | st.text(max_size=8), min_size=1, max_size=7))
    def run(args):
        result = camp(*args)
        assert result.exit_code in (0, 1, 2, 3), (args, result.exit_code, result.stderr)
        assert "internal error" not in result.stderr and "Traceback" not in result.stderr, (args, result.stderr)

    run()


def test_fuzz_batch_lines_never_crash(camp, slow):
    line = st.one_of(
        st.builds(lambda a: json.dumps({"args": a}), st.lists(st.sampled_from(WORDS), min_size=0, max_size=6)),
        st.builds(
            json.dumps,
            st.recursive(
                st.none() | st.integers() | st.text(max_size=5),
                lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=5), c, max_size=3),
                max_leaves=6,
            ),
        ),
        st.text(max_size=20),
    )

    @settings(max_examples=_examples(slow), deadline=None, database=None)
    @given(st.lists(line, min_size=1, max_size=5))
    def run(lines):
        before = camp.path.read_bytes()
        result = CliRunner().invoke(app, ["-c", str(camp.path), "batch", "-"], input="\n".join(lines) + "\n")
        assert result.exit_code in (0, 1, 2, 3), (lines, result.stderr)
        assert "internal error" not in result.stderr and "Traceback" not in result.stderr, (lines, result.stderr)
        if result.exit_code:
            assert result.stdout == "" and camp.path.read_bytes() == before
            assert "line" in json.loads(result.stderr)["error"]

    run()


def test_a_key_twice_in_one_object_is_damage_and_nothing_is_written(camp):
    """Issue 64.2: with `"characters": {"1": {Ajax}, "1": {Bob}}` a read showed Bob alone
    (exit 0) and `xp award 1 Bob` rewrote the file without Ajax."""
    camp.json("character", "create", "Bob", "--st", "12", "--dx", "11", "--iq", "9")
    data = json.loads(camp.path.read_bytes())
    bob = next(k for k, d in data["characters"].items() if d["name"] == "Bob")
    raw = camp.path.read_text(encoding="utf-8").replace(f'"{bob}":{{', '"1":{', 1)
    assert raw.count('"1":{') >= 2
    camp.path.write_text(raw, encoding="utf-8")
    for args in (["character", "list"], ["xp", "award", "1", "Bob"]):
        error = camp.error(*args, code=3)
        assert error["code"] == "not_a_campaign" and "'1'" in error["message"], error
    assert camp.path.read_text(encoding="utf-8") == raw
