"""`character show` on a big campaign (1,000 characters, 100,000 journaled commands)
against the same command on a new campaign, measured in the same run.

    python benchmarks/scale.py [--characters 1000] [--journal 100000] [--runs 15] [--pack 5000]

The characters are made with real commands (one batch); the journal is then grown to
the given number of entries by appending real `xp award` entries, as 100,000 separate
commands would have left it (running them one by one would take hours of fsyncs).
Goal (issue 7): at most 1.5x: ordinary commands never read the journal.

The recap case (issue 16): one short adventure played on both campaigns after the journal
has grown, then `recap` timed on each (goal: within 1.5x: it reads back to the adventure's
start, not the whole journal).

The pack case (issue 13): a catalog pack of 5,000 items imports in under a second, and
`character show` and a write (`gold add`) on a campaign holding it are timed against the
same commands on a new campaign.

The items cases (issue 80; `--only-items` runs them alone): campaigns of 1,000 characters
of 20 items each (a 4.3 MB file, a "west marches" server) and of 300 characters of 100 items
each, against a one-character campaign in the same run: `character show --json` (goal
<= 3x: one character is read alone) and `xp award --json` (goal <= 4x: a write copies the
documents it did not change as their bytes stood).
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
from startup import campaign_exe


def median_ms(cmd, env, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def grow_journal(path: Path, entries: int) -> None:
    """Append ENTRIES change entries shaped as `xp award` writes them (its campaign id, its
    events, a patch holding what it changed) and move the file's seq to match."""
    data = json.loads(path.read_bytes())
    meta = data["meta"]["1"]
    first = meta["seq"] + 1
    ajax = next(iter(data["characters"].values()))
    with open(str(path) + ".journal", "a", encoding="utf-8") as fh:
        for seq in range(first, first + entries):
            entry = {
                "seq": seq,
                "kind": "change",
                "campaign": meta["campaign_id"],
                "time": "2026-11-30T00:00:00Z",
                "command": ["xp", "award", "1", ajax["name"]],
                "summary": f"+1 XP to {ajax['name']}",
                "characters": [ajax["name"]],
                "events": [
                    {
                        "event": "xp_awarded",
                        "name": ajax["name"],
                        "amount": 1,
                        "before": ajax["xp"],
                        "after": ajax["xp"] + 1,
                        "reason": None,
                        "rule": "R13",
                    }
                ],
                "events_complete": True,
                "patch": {"characters": {str(ajax["id"]): {"$d": {"xp": {"$v": ajax["xp"]}}}}},
            }
            fh.write(json.dumps(entry, separators=(",", ":")) + "\n")
    meta["seq"] = first + entries - 1
    path.write_text(json.dumps(data, separators=(",", ":")))


def pack_case(camp: list[str], folder: Path, entries: int, runs: int) -> bool:
    pack = {
        "pack": "bench",
        "version": "1",
        "items": [
            {
                "name": f"Thing {i}",
                "aliases": [f"Вещь {i}"],
                "weight": i % 5,
                "value": i % 50,
                "slots": i % 4,
                "clothing": None if i % 7 else "hat",
                "requires": ["Law"] if i % 11 == 0 else [],
            }
            for i in range(entries)
        ],
    }
    source = folder / "pack.json"
    source.write_text(json.dumps(pack, ensure_ascii=False))
    results = {}
    for label in ("new", "pack"):
        path = folder / f"{label}-pack.json"
        env = {**os.environ, "CAMPAIGN_FILE": str(path)}
        subprocess.run([*camp, "init"], env=env, check=True, stdout=subprocess.DEVNULL)
        subprocess.run(
            [*camp, "character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9"],
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        if label == "pack":
            start = time.perf_counter()
            subprocess.run([*camp, "catalog", "import", str(source)], env=env, check=True, stdout=subprocess.DEVNULL)
            results["import"] = (time.perf_counter() - start) * 1000
        results[label] = (
            median_ms([*camp, "character", "show", "Ajax", "--json"], env, runs),
            median_ms([*camp, "gold", "add", "Ajax", "1", "--json"], env, runs),
        )
    read, write = results["pack"][0] / results["new"][0], results["pack"][1] / results["new"][1]
    print(f"catalog import of a {entries:,}-item pack: {results['import']:.0f} ms (goal < 1000 ms)")
    print(f"character show with the pack: {results['pack'][0]:.1f} ms vs {results['new'][0]:.1f} ms: {read:.2f}x")
    print(f"gold add (a write) with the pack: {results['pack'][1]:.1f} ms vs {results['new'][1]:.1f} ms: {write:.2f}x")
    return results["import"] < 1000 and read <= 1.5


def items_case(camp: list[str], folder: Path, characters: int, items: int, runs: int) -> dict[str, float]:
    """Issue 80: a "west marches" campaign, CHARACTERS characters of ITEMS items each (made
    through the library in two blocks), against a one-character campaign: `character show`
    (a read) and `xp award` (a write), each in ms, and the file's size in MB."""
    import campaign_cli

    big, small = folder / "items.json", folder / "items-small.json"
    campaign_cli.init(big, "West Marches")
    campaign_cli.init(small, "One")
    with campaign_cli.open(small) as one:
        one.character_create("Hero0", st=12, dx=10, iq=10)
    with campaign_cli.open(big) as many:
        for n in range(characters):
            many.character_create(f"Hero{n}", st=12, dx=10, iq=10)
    with campaign_cli.open(big) as many:
        for n in range(characters):
            for k in range(items):
                many.item_add(f"Hero{n}", f"Trinket {k}", custom=True, weight=0, value=k)
    out = {"size": big.stat().st_size / 1e6}
    for label, words in (
        ("read", ["character", "show", "Hero0", "--json"]),
        ("write", ["xp", "award", "1", "Hero0", "--json"]),
    ):
        for name, path in (("small", small), ("big", big)):
            env = {**os.environ, "CAMPAIGN_FILE": str(path)}
            median_ms([*camp, *words], env, 2)
            out[f"{label} {name}"] = median_ms([*camp, *words], env, runs)
    print(f"{characters} characters x {items} items ({out['size']:.1f} MB) against one character:")
    for label, goal in ITEMS_GOALS.items():
        ratio = out[f"{label} big"] / out[f"{label} small"]
        out[f"{label} ratio"] = ratio
        verdict = "ok" if ratio <= goal else "OVER"
        print(
            f"  {label:5s} {out[f'{label} big']:7.1f} ms vs {out[f'{label} small']:6.1f} ms: "
            f"{ratio:5.2f}x (goal <= {goal:g}x) {verdict}"
        )
    return out


ITEMS_GOALS = {"read": 3.0, "write": 4.0}  # issue 80
ITEMS_SHAPES = ((1000, 20), (300, 100))  # characters, items each


def items_cases(camp: list[str], folder: Path, runs: int, shapes: tuple[tuple[int, int], ...]) -> bool:
    """Each shape's case in its own folder; whether every ratio keeps to its goal."""
    ok = True
    for n, (characters, items) in enumerate(shapes):
        sub = folder / f"items{n}"
        sub.mkdir()
        out = items_case(camp, sub, characters, items, runs)
        ok = ok and all(out[f"{label} ratio"] <= goal for label, goal in ITEMS_GOALS.items())
    return ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--characters", type=int, default=1000)
    parser.add_argument("--journal", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--pack", type=int, default=5000)
    parser.add_argument("--items", type=int, default=20, help="items a character for the west-marches case (0: none)")
    parser.add_argument("--only-items", action="store_true", help="the west-marches case alone")
    args = parser.parse_args()
    shapes = ITEMS_SHAPES if args.items == 20 and args.characters == 1000 else ((args.characters, args.items),)
    if args.only_items:
        with tempfile.TemporaryDirectory() as folder:
            sys.exit(0 if items_cases(campaign_exe(), Path(folder), args.runs, shapes) else 1)
    camp = campaign_exe()
    with tempfile.TemporaryDirectory() as folder:
        small, big = Path(folder) / "new.json", Path(folder) / "big.json"
        for path in (small, big):
            env = {**os.environ, "CAMPAIGN_FILE": str(path)}
            subprocess.run([*camp, "init"], env=env, check=True, stdout=subprocess.DEVNULL)
        env_small = {**os.environ, "CAMPAIGN_FILE": str(small)}
        env_big = {**os.environ, "CAMPAIGN_FILE": str(big)}
        subprocess.run(
            [*camp, "character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9"],
            env=env_small,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        lines = [
            {
                "args": [
                    "character",
                    "create",
                    f"Hero{i:04d}" if i else "Ajax",
                    "--st",
                    "12",
                    "--dx",
                    "11",
                    "--iq",
                    "9",
                    "--skill",
                    "Swimming",
                    "--attr",
                    "Lore=3",
                ]
            }
            for i in range(args.characters)
        ]
        lines += [
            {"args": ["item", "add", f"Hero{i:04d}", "Broadsword", "--weight", "3"]} for i in range(1, args.characters)
        ]
        batch = "".join(json.dumps(line) + "\n" for line in lines)
        subprocess.run([*camp, "batch", "-"], env=env_big, input=batch.encode(), check=True, stdout=subprocess.DEVNULL)
        grow_journal(big, args.journal)
        for env in (env_small, env_big):
            for words in (
                ["adventure", "start", "Bench"],
                ["gold", "add", "Ajax", "3"],
                ["xp", "award", "2", "Ajax"],
                ["check", "Ajax", "3/DX", "--seed", "1"],
                ["adventure", "end"],
            ):
                subprocess.run([*camp, *words], env=env, check=True, stdout=subprocess.DEVNULL)
        recap_cmd = [*camp, "recap", "--json"]
        recap_base, recap_big = median_ms(recap_cmd, env_small, args.runs), median_ms(recap_cmd, env_big, args.runs)
        size = big.stat().st_size / 1e6
        jsize = Path(str(big) + ".journal").stat().st_size / 1e6
        cmd = [*camp, "character", "show", "Ajax", "--json"]
        median_ms(cmd, env_big, 2)
        base = median_ms(cmd, env_small, args.runs)
        heavy = median_ms(cmd, env_big, args.runs)
        pack_ok = pack_case(camp, Path(folder), args.pack, args.runs) if args.pack else True
        items_ok = items_cases(camp, Path(folder), args.runs, shapes) if args.items else True
    ratio = heavy / base
    print(f"new campaign (1 character):          {base:7.1f} ms")
    print(
        f"{args.characters} characters, {args.journal} journal entries: {heavy:7.1f} ms  "
        f"(file {size:.1f} MB, journal {jsize:.0f} MB)"
    )
    print(f"ratio: {ratio:.2f}x  (goal <= 1.5x) {'ok' if ratio <= 1.5 else 'OVER'}")
    recap_ratio = recap_big / recap_base
    print(
        f"recap of the last adventure: {recap_big:.1f} ms vs {recap_base:.1f} ms on a new campaign: "
        f"{recap_ratio:.2f}x (goal <= 1.5x) {'ok' if recap_ratio <= 1.5 else 'OVER'}"
    )
    sys.exit(0 if ratio <= 1.5 and recap_ratio <= 1.5 and pack_ok and items_ok else 1)


if __name__ == "__main__":
    main()
