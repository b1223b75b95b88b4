"""Following the journal costs what was appended, not what is there (issue 72; CLI.md
`campaign log --follow`): a follower started after the newest entry of a journal of 1,000
and of 100,000 entries reads the next 500 as they are committed. Reported: the time and
the peak memory (tracemalloc) of taking those 500 entries, each with its summary said in
sentences, and their ratios, 100,000 against 1,000 (goal: each within 1.5x).

    python benchmarks/follow.py [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from scale import grow_journal

import campaign_cli
from campaign_cli.library.core import entry_view
from campaign_cli.store import follow

NEW = 500


def campaign(folder: Path, entries: int) -> Path:
    path = folder / f"c{entries}.json"
    campaign_cli.init(path, "Follow")
    with campaign_cli.open(path) as camp:
        camp.character_create("Ajax", st=12, dx=11, iq=9)
    grow_journal(path, entries)
    return path


def one(path: Path) -> tuple[float, int]:
    """The time and peak memory of following NEW entries appended after the newest one."""
    after = follow.committed(path)[0]
    grow_journal(path, NEW)  # committed: appended, the file's seq moved
    tracemalloc.start()
    began = time.perf_counter()
    tail = follow.entries(path, follow.start_after(path, after), 0.01, after)
    for n, entry in enumerate(tail, 1):
        entry_view(entry)["summary"]
        if n == NEW:
            break
    spent = time.perf_counter() - began
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return spent, peak


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as folder:
        small, large = campaign(Path(folder), 1_000), campaign(Path(folder), 100_000)
        times: dict[str, list[float]] = {"1,000": [], "100,000": []}
        peaks: dict[str, list[int]] = {"1,000": [], "100,000": []}
        for _ in range(runs):
            for label, path in (("1,000", small), ("100,000", large)):
                spent, peak = one(path)
                times[label].append(spent)
                peaks[label].append(peak)
    t = {k: statistics.median(v) for k, v in times.items()}
    m = {k: statistics.median(v) for k, v in peaks.items()}
    for label in t:
        print(
            f"journal of {label:>7} entries: the next {NEW} in {t[label] * 1000:.1f} ms, peak {m[label] / 1024:.0f} KiB"
        )
    time_ratio, memory_ratio = t["100,000"] / t["1,000"], m["100,000"] / m["1,000"]
    print(f"100,000 / 1,000: time {time_ratio:.2f}x, memory {memory_ratio:.2f}x (goal: each within 1.5x)")
    return 0 if time_ratio <= 1.5 and memory_ratio <= 1.5 else 1


if __name__ == "__main__":
    sys.exit(main())
