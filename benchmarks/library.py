"""What an act costs through the library, against the same line through `campaign batch`,
measured in the same run (CLI.md "Python API (the library)").

    python benchmarks/library.py [--acts 1000] [--rounds 5]

The library: N awards in one `campaign_cli.open` block, less an empty block. The batch:
N award lines in one `campaign batch` process, less a one-line batch (the process around
the lines is not counted). Goal (issue 80): a batch line at most 1.5x an act in a library
block (a line of a command declared fast is read by the command table's tokenizer, not by
Click: cli/batch.py, cli/fast.py `read`), and an act under 0.2 ms. (Issue 38's goal, the
library at most half a batch line, measured a batch line that Click parsed.)
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

import campaign_cli


def library_seconds(path: Path, acts: int) -> float:
    start = time.perf_counter()
    with campaign_cli.open(path) as camp:
        for _ in range(acts):
            camp.xp_award(1, "Ajax")
    return time.perf_counter() - start


def batch_seconds(camp: list[str], env: dict, acts: int) -> float:
    lines = "".join(json.dumps({"args": ["xp", "award", "1", "Ajax"]}) + "\n" for _ in range(acts))
    start = time.perf_counter()
    subprocess.run([*camp, "batch", "-"], env=env, input=lines.encode(), check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--acts", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    camp = campaign_exe()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.json"
        env = {**os.environ, "CAMPAIGN_FILE": str(path)}
        with campaign_cli.open(path, create=True) as block:
            block.character_create("Ajax", st=12, dx=11, iq=9)
        library, batch = [], []
        for _ in range(args.rounds):  # paired: each round measures both, one after the other
            library.append((library_seconds(path, args.acts) - library_seconds(path, 0)) / args.acts)
            batch.append((batch_seconds(camp, env, args.acts) - batch_seconds(camp, env, 1)) / (args.acts - 1))
    lib, bat = statistics.median(library), statistics.median(batch)
    print(f"library: {lib * 1e6:7.1f} us an act   (median of {args.rounds} rounds of {args.acts} awards in one block)")
    print(f"batch:   {bat * 1e6:7.1f} us a line   (the same lines through `campaign batch`, the process not counted)")
    ratio = bat / lib
    print(f"batch / library: {ratio:.2f}x (goal <= 1.5x) {'ok' if ratio <= 1.5 else 'OVER'}")
    print(f"an act: {lib * 1e3:.3f} ms (goal < 0.2 ms) {'ok' if lib < 0.0002 else 'OVER'}")


if __name__ == "__main__":
    main()
