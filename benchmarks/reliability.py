"""Costs that must not grow with history (issue 17), each against a baseline in the same run.

    python benchmarks/reliability.py [--lines 100000] [--undos 500] [--signals 60]
        [--writers 16 --commands 100] [--kills 370]

- journal bytes for one change on a character holding 300 items, against the change's
  own size (goal: the same order, not the character's 60 KB);
- the 1st against the 500th consecutive undo (goal: within 1.5x);
- peak memory of a 100,000-line batch against a 1,000-line one (goal: within 2x), and of
  batches of 20,000 and 60,000 rolling lines (checks and awards) against 1,000 (within 2x);
- a failed batch with an `--output` line (goal: no file left);
- `check` signalled at random moments (--signals): saved yet reported "nothing saved"
  (goal 0), and signals swept over the first 40 ms of start-up (goal: 0 tracebacks);
- writers against a loop that removes and recreates the lock file (--vandal-rounds),
  every acknowledged write found (goal: 0 lost, 0 duplicate seqs);
- journal forgeries re-sealed with a valid CRC (goal: undo refuses every one);
- with --writers: that many processes x --commands mixed commands on one file, then every
  change accounted for (journal seq without gaps); with --kills: a writer killed that
  many times at random moments, the file loading every time and the next write never blocked.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from startup import campaign_exe

CAMP = campaign_exe()


def run(path: Path, *args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([*CAMP, "-c", str(path), *args], input=stdin, capture_output=True, check=True)


def jsonl(lines) -> bytes:
    return "".join(json.dumps({"args": a}) + "\n" for a in lines).encode()


def journal_last(path: Path) -> int:
    return len(Path(str(path) + ".journal").read_bytes().splitlines()[-1])


def entry_size(folder: Path) -> tuple[int, int, int]:
    path = folder / "items.json"
    run(path, "init")
    run(path, "character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9")
    run(
        path,
        "batch",
        "-",
        stdin=jsonl(["item", "add", "Ajax", f"Pebble {i}", "--custom", "--weight", "0"] for i in range(300)),
    )
    doc = json.loads(run(path, "character", "show", "Ajax", "--json").stdout)
    run(path, "item", "add", "Ajax", "Pebble 300", "--custom")
    item_entry = journal_last(path)
    item_size = len(json.dumps(doc["items"][-1], separators=(",", ":")))
    return len(json.dumps(doc, separators=(",", ":"))), item_entry, item_size


def undo_times(folder: Path, count: int) -> tuple[float, float]:
    """In one process (as a script driving `campaign` in a loop would, minus start-up)."""
    code = f"""
import sys, time, json
from campaign_cli.cli.app import get_command, run
cmd, path = get_command(), {str(folder / 'undo.json')!r}
run(cmd, ["-c", path, "init"])
run(cmd, ["-c", path, "character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9"])
for i in range({count}):
    run(cmd, ["-c", path, "gold", "add", "Ajax", "1", "--json"])
times = []
for i in range({count}):
    start = time.perf_counter()
    assert run(cmd, ["-c", path, "undo", "--json"]) == 0
    times.append(time.perf_counter() - start)
print(json.dumps(times))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    times = json.loads(out.splitlines()[-1])
    return statistics.median(times[:10]) * 1000, statistics.median(times[-10:]) * 1000


def batch_memory(folder: Path, lines: int) -> int:
    """Peak RSS (KB) of `campaign batch` over LINES lines, in a fresh process."""
    path = folder / f"batch{lines}-{time.monotonic_ns()}.json"
    run(path, "init")
    run(path, "character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9")
    source = folder / f"batch{lines}.jsonl"
    source.write_bytes(jsonl(["gold", "add", "Ajax", "1"] for _ in range(lines)))
    code = (
        "import resource, subprocess, sys\n"
        f"subprocess.run({[*CAMP, '-c', str(path), 'batch', str(source)]!r}, stdout=subprocess.DEVNULL, check=True)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    return int(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)


def rolling_batch_memory(folder: Path, lines: int) -> int:
    """Peak RSS (KB) of `campaign batch` over LINES lines that roll (checks) and award, in a fresh process."""
    path = folder / f"rolling{lines}-{time.monotonic_ns()}.json"
    run(path, "init")
    run(path, "character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9")
    source = folder / f"rolling{lines}.jsonl"
    source.write_bytes(
        jsonl(["check", "Ajax", "3/DX"] if n % 2 else ["xp", "award", "1", "Ajax"] for n in range(lines))
    )
    code = (
        "import resource, subprocess, sys\n"
        f"subprocess.run({[*CAMP, '-c', str(path), 'batch', str(source)]!r}, stdout=subprocess.DEVNULL, check=True)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    return int(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)


def failed_batch_output(folder: Path) -> tuple[str, bool]:
    """A batch whose --output line is followed by a failing line: no file may be left."""
    path, side = folder / "outputs.json", folder / "side.txt"
    run(path, "init")
    run(path, "character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9")
    lines = [
        ["character", "export", "Ajax", "--format", "statblock", "--output", str(side)],
        ["gold", "add", "No", "1"],
    ]
    done = subprocess.run([*CAMP, "-c", str(path), "batch", "-"], input=jsonl(lines), capture_output=True)
    ok = done.returncode == 1 and not side.exists()
    return f"a failed batch with an --output line: exit {done.returncode}, file left: {side.exists()} (goal: none)", ok


def roll_entries(path: Path) -> int:
    journal = Path(str(path) + ".journal")
    return sum(1 for line in journal.read_bytes().splitlines() if b'"kind": "roll"' in line or b'"kind":"roll"' in line)


def signals_after_rolls(folder: Path, count: int) -> tuple[str, bool]:
    """`check` signalled at moments swept over the end of its run (its median time, from 60%
    to 110%): a roll in the journal with an exit of 130/143 ("nothing saved") is a roll
    saved yet reported as failed."""
    path = folder / "signals.json"
    run(path, "init")
    run(path, "character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9")
    took = []
    for _ in range(5):
        start = time.perf_counter()
        run(path, "check", "Ajax", "3/DX")
        took.append(time.perf_counter() - start)
    median = statistics.median(took)
    lied = interrupted = saved = 0
    for n in range(count):
        before = roll_entries(path)
        proc = subprocess.Popen(
            [*CAMP, "-c", str(path), "check", "Ajax", "3/DX"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        time.sleep(median * (0.6 + 0.5 * n / max(count - 1, 1)))
        proc.send_signal(signal.SIGINT if n % 2 else signal.SIGTERM)
        proc.communicate()
        grew = roll_entries(path) > before
        saved += grew
        if proc.returncode in (130, 143):
            interrupted += 1
            lied += grew
    text = (
        f"check signalled {count} times over the end of its run ({median * 1000:.0f} ms): {interrupted} interrupted, "
        f"{saved} saved, {lied} saved yet reported 'nothing saved' (goal 0)"
    )
    return text, lied == 0


def signals_at_startup(folder: Path, count: int) -> tuple[str, bool]:
    """SIGINT or SIGTERM swept over the first 60 ms: once our first line has run (entry.py),
    one line and 130/143, never a traceback of ours. Before it, the interpreter's own
    start-up (and the `import re` of pip's wrapper script) answers as Python does: counted
    apart, they are not this program's to handle."""
    path = folder / "startup.json"
    run(path, "init")
    ours = before_us = handled = 0
    for n in range(count):
        proc = subprocess.Popen([*CAMP, "-c", str(path), "status"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        time.sleep(0.06 * n / max(count - 1, 1))
        proc.send_signal(signal.SIGINT if n % 2 else signal.SIGTERM)
        _out, err = proc.communicate()
        if b"Traceback" in err and re.search(rb"campaign_cli[/\\]", err):  # a frame of the package's own code
            ours += 1
        elif proc.returncode in (130, 143, 0):
            handled += 1
        else:
            before_us += 1
    text = (
        f"signals over start-up x{count}: {handled} answered by the program (130/143 or done), {ours} tracebacks "
        f"from its code (goal 0), {before_us} arrived before its first line ran (Python's own start-up)"
    )
    return text, ours == 0


WRITER = """
import random, sys
from campaign_cli.cli.app import get_command, run
cmd = get_command()
path, tag, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
rng = random.Random(tag)
for i in range(1, count + 1):
    words = rng.choice([["character", "set", "Ajax", "--attr", f"{tag}={i}"], ["gold", "add", "Ajax", "1"],
                        ["xp", "award", "1", "Ajax"], ["check", "Ajax", "3/DX"], ["karma", "add", "Ajax", "1"]])
    if words[0] != "character" and i == count:
        words = ["character", "set", "Ajax", "--attr", f"{tag}={i}"]
    if run(cmd, ["-c", path, *words, "--json"]):
        sys.exit(1)
"""


def concurrency(folder: Path, writers: int, commands: int) -> str:
    path = folder / "busy.json"
    run(path, "init")
    run(path, "character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9")
    env = {**os.environ, "CAMPAIGN_LOCK_WAIT": "600"}
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path), f"W{w}", str(commands)], env=env, stdout=subprocess.DEVNULL
        )
        for w in range(writers)
    ]
    codes = [p.wait() for p in procs]
    log = json.loads(run(path, "log", "--json").stdout)
    changes = [e for e in log if e.get("seq") is not None]
    seqs = [e["seq"] for e in changes]
    attrs = json.loads(run(path, "character", "show", "Ajax", "--json").stdout)["attributes"]
    done = sum(
        1
        for e in log
        if (e.get("args") or [None])[0] in ("character", "gold", "xp", "check", "karma")
        and e["args"][:2] != ["character", "create"]
    )
    ok = (
        codes == [0] * writers
        and seqs == list(range(len(seqs)))
        and all(attrs.get(f"W{w}") == commands for w in range(writers))
    )
    return (
        f"{writers} writers x {commands} commands: exit codes all 0: {codes == [0] * writers}; "
        f"{done} of {writers * commands} commands journaled; seq 0..{seqs[-1]} without gaps: "
        f"{seqs == list(range(len(seqs)))}; last values all present: {ok}"
    )


def kills(folder: Path, rounds: int) -> str:
    from campaign_cli.store import campaign as stored  # the module itself: a package attribute only once imported

    path = folder / "killed.json"
    run(path, "init")
    run(path, "character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9")
    rng = random.Random(2026)
    blocked = 0
    for _ in range(rounds):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(path), "K", "100000"], stdout=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.1, 0.35))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        stored.parse(path, path.read_bytes())  # raises if torn
        env = {**os.environ, "CAMPAIGN_LOCK_WAIT": "0"}
        if subprocess.run(
            [*CAMP, "-c", str(path), "gold", "add", "Ajax", "1"], env=env, capture_output=True
        ).returncode:
            blocked += 1
    undo = subprocess.run([*CAMP, "-c", str(path), "undo"], capture_output=True, text=True)
    return (
        f"{rounds} SIGKILLs: file always loads; next write blocked {blocked} times; "
        f"undo afterwards exits {undo.returncode}"
    )


def lock_removal(folder: Path, writers: int, commands: int, rounds: int) -> tuple[str, bool]:
    """Writers against a loop that unlinks and recreates the lock file: every acknowledged
    write must be in the file, each seq committed once."""
    import threading

    lost = dupes = total = 0
    for r in range(rounds):
        path = folder / f"vandal{r}.json"
        run(path, "init")
        run(path, "character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9")
        lock, stop = Path(str(path) + ".lock"), threading.Event()

        def vandal(lock: Path = lock, stop: threading.Event = stop) -> None:
            while not stop.is_set():
                try:
                    lock.unlink()
                    lock.write_bytes(b"")
                except OSError:
                    pass

        thread = threading.Thread(target=vandal)
        thread.start()
        code = (
            "import sys\nfrom campaign_cli.cli.app import get_command, run\ncmd = get_command()\n"
            "for i in range(int(sys.argv[3])):\n"
            "    if run(cmd, ['-c', sys.argv[1], 'xp', 'award', '1', 'Ajax', '--json']) == 0:\n"
            "        print('ack', flush=True)\n"
        )
        env = {**os.environ, "CAMPAIGN_LOCK_WAIT": "600"}
        procs = [
            subprocess.Popen(
                [sys.executable, "-c", code, str(path), "x", str(commands)], env=env, stdout=subprocess.PIPE, text=True
            )
            for _ in range(writers)
        ]
        acked = sum(p.communicate()[0].count("ack") for p in procs)
        stop.set()
        thread.join()
        xp = json.loads(run(path, "character", "show", "Ajax", "--json").stdout)["xp"]
        seqs = [e["seq"] for e in json.loads(run(path, "log", "--json").stdout)]
        total += acked
        lost += acked - xp
        dupes += len(seqs) - len(set(seqs))
    return (
        f"lock file removed in a loop: {rounds} rounds, {writers} writers x {commands} awards: {total} acknowledged, "
        f"{lost} lost, {dupes} duplicate seqs (goal: 0 and 0)"
    ), lost == 0 and dupes == 0


def forgery(folder: Path) -> tuple[str, bool]:
    """Journal forgeries that pass a CRC: an entry edited and re-sealed, an old entry replayed
    with the current seq. Undo must refuse each (exit 3) and leave the file as it was."""
    from campaign_cli.store import journal

    cases = {
        "xp -50": lambda e, old: e["patch"]["characters"]["1"]["$d"].update({"xp": {"$v": -50}}),
        "gold 'lots'": lambda e, old: e["patch"]["characters"]["1"]["$d"].update({"gold": {"$v": "lots"}}),
        "app 'evil'": lambda e, old: e["patch"].update({"meta": {"1": {"$d": {"app": {"$v": "evil"}}}}}),
        "replayed": lambda e, old: e.update({k: v for k, v in old.items() if k != "seq"}),
    }
    refused = 0
    for name, forge in cases.items():
        path = folder / f"forged-{len(name)}-{refused}.json"
        run(path, "init")
        run(path, "character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9")
        run(path, "gold", "add", "Ajax", "2")
        run(path, "gold", "add", "Ajax", "5")
        jpath = Path(str(path) + ".journal")
        lines = jpath.read_bytes().splitlines()
        entry, old = json.loads(lines[-1]), json.loads(lines[-2])
        entry.pop("sum")
        old.pop("sum")
        forge(entry, old)
        jpath.write_bytes(b"\n".join([*lines[:-1], journal._seal(entry)]) + b"\n")
        before = path.read_bytes()
        undo = subprocess.run([*CAMP, "-c", str(path), "undo"], capture_output=True)
        refused += undo.returncode == 3 and path.read_bytes() == before
    return (
        f"journal forgeries re-sealed with a valid CRC: {refused} of {len(cases)} refused, file unchanged",
        refused == len(cases),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--undos", type=int, default=500)
    parser.add_argument("--writers", type=int, default=0)
    parser.add_argument("--commands", type=int, default=100)
    parser.add_argument("--kills", type=int, default=0)
    parser.add_argument("--vandal-rounds", type=int, default=3, help="rounds of writers against lock removal")
    parser.add_argument("--signals", type=int, default=60, help="signals sent after rolls and over start-up")
    args = parser.parse_args()
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        doc, entry, item = entry_size(folder)
        print(
            f"journal entry for adding 1 item to a character of {doc:,} bytes (300 items): {entry:,} bytes "
            f"(the item itself: {item:,} bytes)"
        )
        failed |= entry > 4 * item + 600
        first, last = undo_times(folder, args.undos)
        print(f"undo: 1st {first:.2f} ms, {args.undos}th {last:.2f} ms: {last / first:.2f}x (goal <= 1.5x)")
        failed |= last / first > 1.5
        small, big = batch_memory(folder, 1000), batch_memory(folder, args.lines)
        print(
            f"batch peak memory: 1,000 lines {small / 1024:.1f} MB, {args.lines:,} lines {big / 1024:.1f} MB: "
            f"{big / small:.2f}x (goal <= 2x)"
        )
        failed |= big / small > 2
        sizes = (1000, 20_000, 60_000) if args.lines >= 60_000 else (1000, args.lines)
        rolling = [rolling_batch_memory(folder, n) for n in sizes]
        print(
            "batch peak memory, rolling lines (checks and awards): "
            + ", ".join(f"{n:,} lines {kb / 1024:.1f} MB" for n, kb in zip(sizes, rolling))
            + f": {rolling[-1] / rolling[0]:.2f}x (goal <= 2x)"
        )
        failed |= rolling[-1] / rolling[0] > 2
        for text, ok in (
            failed_batch_output(folder),
            signals_after_rolls(folder, args.signals),
            signals_at_startup(folder, args.signals),
        ):
            print(text)
            failed |= not ok
        if args.writers:
            print(concurrency(folder, args.writers, args.commands))
        if args.kills:
            print(kills(folder, args.kills))
        for text, ok in (lock_removal(folder, 4, 40, args.vandal_rounds), forgery(folder)):
            print(text)
            failed |= not ok
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
