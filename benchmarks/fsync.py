"""What each fsync of a write costs, and SQLite's own sequence beside it, on this disk.

    python benchmarks/fsync.py [--writes 200]

A write of `campaign` syncs three things, in this order (store/campaign.py, commit):
the journal entry (journal.append), the new campaign file before it replaces the old
one (files.write_atomic), and the folder after the rename. The same writes run in one
process through the Python API with each fsync timed where it happens, then with none;
SQLite's rollback-journal and WAL commits of a row of the same size run beside them.
docs/reliability.md says which guarantee each fsync carries.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path


def ours(folder: Path, writes: int, durable: bool) -> tuple[float, dict[str, list[float]]]:
    """Median ms per write (`gold add`) and the time each kind of fsync took."""
    import campaign_cli
    from campaign_cli.store import files

    path = folder / f"bench-{durable}.json"
    with campaign_cli.open(path, create=True) as camp:
        camp.character_create("Ajax", st=12, dx=11, iq=9)
    spent: dict[str, list[float]] = {"journal": [], "file": [], "folder": []}
    real = os.fsync

    def timed(fd: int) -> None:
        start = time.perf_counter()
        real(fd)
        took = (time.perf_counter() - start) * 1000
        name = os.readlink(f"/proc/self/fd/{fd}") if os.path.exists(f"/proc/self/fd/{fd}") else ""
        kind = "journal" if name.endswith(".journal") else "folder" if os.path.isdir(name) else "file"
        spent[kind].append(took)

    files.NO_FSYNC = not durable
    os.fsync = timed
    try:
        times = []
        for _ in range(writes):
            start = time.perf_counter()
            with campaign_cli.open(path) as camp:
                camp.gold_add("Ajax", 1)
            times.append((time.perf_counter() - start) * 1000)
    finally:
        os.fsync = real
        files.NO_FSYNC = False
    return statistics.median(times), spent


def sqlite(folder: Path, writes: int, mode: str) -> float:
    """Median ms per committed one-row update, synchronous=FULL, in MODE (delete or wal)."""
    db = sqlite3.connect(folder / f"bench-{mode}.db", isolation_level=None)
    db.execute(f"PRAGMA journal_mode={mode}")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, doc TEXT)")
    db.execute("INSERT INTO t VALUES (1, ?)", ("x" * 4000,))
    times = []
    for i in range(writes):
        start = time.perf_counter()
        db.execute("BEGIN IMMEDIATE")
        db.execute("UPDATE t SET doc = ? WHERE id = 1", (f"{i}" + "x" * 4000,))
        db.execute("COMMIT")
        times.append((time.perf_counter() - start) * 1000)
    db.close()
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writes", type=int, default=200)
    args = parser.parse_args()
    os.environ.pop("CAMPAIGN_TEST_NO_FSYNC", None)
    with tempfile.TemporaryDirectory(dir=os.environ.get("BENCH_DIR")) as tmp:
        folder = Path(tmp)
        durable, spent = ours(folder, args.writes, True)
        loose, _ = ours(folder, args.writes, False)
        print(f"campaign write (gold add, in process): {durable:.2f} ms with its fsyncs, {loose:.2f} ms without")
        for kind, took in spent.items():
            if took:
                print(f"  fsync of the {kind:8s} median {statistics.median(took):.2f} ms  ({len(took)} calls)")
        for mode in ("delete", "wal"):
            print(f"sqlite3 commit, journal_mode={mode}, synchronous=FULL: {sqlite(folder, args.writes, mode):.2f} ms")
    sys.exit(0)


if __name__ == "__main__":
    main()
