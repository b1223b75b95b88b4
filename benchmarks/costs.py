"""Costs that must stay flat as the data grows (issue 50; CLI.md "Reliability guarantees",
Cost), each a ratio of two sizes measured in the same run:

    python benchmarks/costs.py [--runs 5]

- `log` (plain, piped) peak memory with 2,000 and 20,000 journal entries (goal: within
  1.5x), and `log --json` the same;
- `recap --last` and `--since` peak memory with 2,000 and 100,000 entries in the stretch
  (goal: within 1.5x);
- `recap` time with 1,000 and 100,000 entries and one adventure, the newest (goal: within
  1.5x); also reported: the adventure played first and 100,000 entries after it (the walk
  back to it), and a journal with no adventure at all;
- `character import` of a stat block with 2,000 and 16,000 talents (goal: within 10x), and
  with 2,000 and 16,000 weapons (goal: within 10x; each weapon was compared with every one
  before it, 16,000 took minutes: issue 64);
- `character import` of a Foundry actor with 250 and 2,000 items (goal: within 10x);
- `item add` on a campaign holding a 50,000-item pack against one with no pack (goal:
  within 2x);
- a batch of 4,000 and 16,000 `keyword learn` lines (goal: within 6x; it was quadratic).

The journal is grown by appending real-shaped `xp award` entries (benchmarks/scale.py's
`grow_journal`): 100,000 separate commands would take hours of fsyncs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scale import grow_journal as grow
from startup import campaign_exe

CAMP = campaign_exe()


def run(path: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "CAMPAIGN_FILE": str(path), "CAMPAIGN_LANG": "en"}
    return subprocess.run([*CAMP, *args], env=env, capture_output=True, check=True)


def new(path: Path) -> Path:
    run(path, "init")
    run(path, "character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9")
    return path


def peak_kb(path: Path, *args: str) -> int:
    """Peak RSS (KB) of one command in a fresh process."""
    env = {**os.environ, "CAMPAIGN_FILE": str(path), "CAMPAIGN_LANG": "en"}
    code = (
        "import resource, subprocess, sys\n"
        f"subprocess.run({[*CAMP, *args]!r}, stdout=subprocess.DEVNULL, check=True)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    return int(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout)


def median_s(path: Path, runs: int, *args: str) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        run(path, *args)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def verdict(label: str, small: float, big: float, goal: float | None, unit: str) -> bool:
    ratio = big / small
    ok = goal is None or ratio <= goal
    said = "reported" if goal is None else f"goal <= {goal}x: {'ok' if ok else 'OVER'}"
    print(f"{label:48s} {small:9.2f} {unit} -> {big:9.2f} {unit}  {ratio:5.2f}x  ({said})")
    return ok


def log_memory(folder: Path) -> bool:
    ok = True
    paths = {}
    for n in (2000, 20000):
        paths[n] = new(folder / f"log{n}.json")
        grow(paths[n], n)
    for args in (["log"], ["log", "--json"]):
        small, big = (peak_kb(paths[n], *args) / 1024 for n in (2000, 20000))
        ok &= verdict(f"{' '.join(args)}: peak memory, 2,000 -> 20,000 entries", small, big, 1.5, "MB")
    return ok


def recap_memory(folder: Path) -> bool:
    """`recap --last` and `--since` read the whole stretch: one game night of 100,000 entries
    held 1.3 GB when the stretch was kept to be added up oldest first (issue 64)."""
    ok = True
    paths = {}
    for n in (2000, 100_000):
        paths[n] = new(folder / f"recap-memory{n}.json")
        grow(paths[n], n)
    for args in (["recap", "--last"], ["recap", "--since", "2026-01-01"]):
        small, big = (peak_kb(paths[n], *args) / 1024 for n in (2000, 100_000))
        ok &= verdict(f"{' '.join(args)}: peak memory, 2,000 -> 100,000", small, big, 1.5, "MB")
    return ok


def recap_time(folder: Path, runs: int) -> bool:
    def played(path: Path) -> None:
        run(path, "adventure", "start", "Crypt")
        run(path, "xp", "award", "2", "Ajax")
        run(path, "adventure", "end")

    times = {}
    for n in (1000, 100_000):
        path = new(folder / f"recap{n}.json")
        grow(path, n)
        played(path)
        times[n] = median_s(path, runs, "recap", "--json")
    ok = verdict("recap, the newest adventure, 1,000 -> 100,000 entries", times[1000], times[100_000], 1.5, "s ")
    first = new(folder / "recap-first.json")
    played(first)
    grow(first, 100_000)
    verdict(
        "recap, an adventure 100,000 entries back", times[1000], median_s(first, runs, "recap", "--json"), None, "s "
    )
    none = new(folder / "recap-none.json")
    grow(none, 100_000)
    ok &= verdict(
        "recap, no adventure in 100,000 entries", times[1000], median_s(none, runs, "recap", "--json"), 1.5, "s "
    )
    return ok


def import_time(folder: Path, runs: int, label: str, sources: dict[int, Path]) -> bool:
    """`character import` of each of SOURCES (by size) into a new campaign, the median of
    RUNS; the goal: the biggest within 10x of the smallest (linear, with room)."""
    times = {}
    for n, source in sources.items():
        samples = []
        for r in range(runs):
            path = folder / f"{source.stem}-{r}.json"
            run(path, "init")
            start = time.perf_counter()
            run(path, "character", "import", str(source))
            samples.append(time.perf_counter() - start)
        times[n] = statistics.median(samples)
    small, big = min(times), max(times)
    return verdict(f"{label}, {small:,} -> {big:,}", times[small], times[big], 10, "s ")


def statblock_time(folder: Path, runs: int) -> bool:
    sources = {}
    for n in (2000, 16000):
        talents = ", ".join(f"Talent{i}" for i in range(n))
        sources[n] = folder / f"block{n}.txt"
        sources[n].write_text(
            f"Dolmar, wizard, age 22\nST 9, DX 11, IQ 14, MA 10\nTalents: {talents}\nSpells: Fire (9)\n"
        )
    return import_time(folder, runs, "stat-block import, talents", sources)


def weapons_time(folder: Path, runs: int) -> bool:
    sources = {}
    for n in (2000, 16000):
        weapons = ", ".join(f"Blade{i} (1d)" for i in range(n))
        sources[n] = folder / f"weapons{n}.txt"
        sources[n].write_text(f"Dolmar, wizard, age 22\nST 9, DX 11, IQ 14, MA 10\nWeapons: {weapons}\n")
    return import_time(folder, runs, "stat-block import, weapons", sources)


def actor_time(folder: Path, runs: int) -> bool:
    fixture = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "foundry-actor.json"
    actor = json.loads(fixture.read_text())
    kept = [i for i in actor["items"] if i.get("type") == "equipment"]
    sources = {}
    for n in (250, 2000):
        items = [{**kept[k % len(kept)], "name": f"Thing {k}", "_id": f"{k:016d}"} for k in range(n)]
        sources[n] = folder / f"actor{n}.json"
        sources[n].write_text(json.dumps({**actor, "items": items}))
    return import_time(folder, runs, "Foundry actor import, items", sources)


def pack_time(folder: Path, runs: int) -> bool:
    source = folder / "pack50k.json"
    items = [{"name": f"Thing {i}", "aliases": [f"Вещь {i}"], "weight": i % 5, "value": i % 50} for i in range(50_000)]
    source.write_text(json.dumps({"pack": "bench", "version": "1", "items": items}, ensure_ascii=False))
    times = {}
    for label in ("none", "pack"):
        path = new(folder / f"pack-{label}.json")
        if label == "pack":
            run(path, "catalog", "import", str(source))
            # Thing 49995 weighs 0: no number of runs reaches the carry limit (R33)
            times["pack item"] = median_s(path, runs, "item", "add", "Ajax", "Thing 49995", "--json")
        times[label] = median_s(path, runs, "item", "add", "Ajax", "Dagger", "--json")
    ok = verdict("item add Dagger, no pack -> a 50,000-item pack", times["none"], times["pack"], 2, "s ")
    verdict("item add, a pack's own item (the packs decoded)", times["none"], times["pack item"], None, "s ")
    return ok


def keyword_batch_time(folder: Path, runs: int) -> bool:
    """A batch of `keyword learn` lines, 4,000 and 16,000 (issue 78: each line scanned every
    keyword known, 60,000 took 143 s); goal: within 6x."""
    times = {}
    for count in (4_000, 16_000):
        lines = folder / f"keywords{count}.jsonl"
        lines.write_text("".join(json.dumps({"args": ["keyword", "learn", f"Word {n}"]}) + "\n" for n in range(count)))
        spent = []
        for _ in range(max(runs // 2, 1)):
            path = new(folder / f"keywords-{count}-{len(spent)}.json")
            start = time.perf_counter()
            run(path, "batch", str(lines))
            spent.append(time.perf_counter() - start)
        times[count] = statistics.median(spent)
    return verdict("batch of keyword learn, 4,000 -> 16,000 lines", times[4_000], times[16_000], 6, "s ")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        results = [
            log_memory(folder),
            recap_memory(folder),
            recap_time(folder, args.runs),
            statblock_time(folder, args.runs),
            weapons_time(folder, args.runs),
            actor_time(folder, args.runs),
            pack_time(folder, args.runs),
            keyword_batch_time(folder, args.runs),
        ]
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
