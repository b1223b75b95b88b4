"""Per-command cost inside one 5,000-line batch, against a separate `campaign` process per
command, measured in paired rounds: each round times a process for each kind of line,
then the batch, and takes their ratio; the figure is the median of the rounds' ratios, so
the machine's drift weighs on both alike (as benchmarks/startup.py pairs its cases).

    python benchmarks/batch.py [--lines 5000] [--rounds 7] [--processes 10]

Goal (issue 66): a batch line costs at most 0.2 ms, what it cost before the fast path
(0.18-0.2 ms). The ratio to a process is printed beside it: issue 38 held it at 400x
while a process cost about 80 ms; the fast path (cli/fast.py) halved a process, so the
ratio halved with it while the line's own cost did not move. Goal (issue 80): a line
costs at most 1/400 of `python -c "import typer"`, timed in each round beside it.
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

LINE_KINDS = [
    ["xp", "award", "1", "Ajax"],
    ["character", "set", "Ajax", "--attr", "Luck=1"],
    ["check", "Ajax", "3/DX", "--seed", "1"],
    ["character", "show", "Merlin"],
    ["gold", "add", "Merlin", "1"],
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--processes", type=int, default=10, help="processes a round (the kinds of line in turn)")
    args = parser.parse_args()
    camp = campaign_exe()
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "CAMPAIGN_FILE": str(Path(folder) / "bench.json")}

        def run(words, **kw):
            return subprocess.run([*camp, *words], env=env, check=True, stdout=subprocess.PIPE, **kw)

        run(["init"])
        run(["character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9"])
        run(["character", "create", "Merlin", "--st", "8", "--dx", "10", "--iq", "14", "--wizard"])
        lines = "".join(json.dumps({"args": LINE_KINDS[i % len(LINE_KINDS)]}) + "\n" for i in range(args.lines))
        rounds = []
        typer_imports = []
        for _ in range(args.rounds):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", "import typer"], check=True)
            typer_imports.append(time.perf_counter() - start)
            per_process = []
            for i in range(args.processes):
                words = LINE_KINDS[i % len(LINE_KINDS)]
                start = time.perf_counter()
                run([*words, "--json"])
                per_process.append(time.perf_counter() - start)
            start = time.perf_counter()
            out = run(["batch", "-"], input=lines.encode())
            per_line = (time.perf_counter() - start) / args.lines
            assert len(out.stdout.splitlines()) == args.lines
            rounds.append((statistics.median(per_process), per_line))
            typer_imports[-1] /= per_line  # the round's `import typer` in lines
    ratios = sorted(process / line for process, line in rounds)
    ratio = statistics.median(ratios)
    process_cost = statistics.median(p for p, _ in rounds)
    batch_cost = statistics.median(b for _, b in rounds)
    print(f"separate process per command: {process_cost * 1000:8.2f} ms (median of {args.rounds} rounds)")
    print(
        f"inside a {args.lines}-line batch:  {batch_cost * 1000:8.3f} ms per command (whole batch, start-up included)"
    )
    print(f"ratio: {ratio:,.0f}x, rounds {ratios[0]:,.0f}x-{ratios[-1]:,.0f}x")
    ok = batch_cost <= 0.0002
    print(f"a batch line: {batch_cost * 1000:.3f} ms (goal <= 0.2 ms) {'ok' if ok else 'OVER'}")
    lines_a_typer = statistics.median(typer_imports)
    typer_ok = lines_a_typer >= 400
    print(
        f"`import typer` costs {lines_a_typer:,.0f} lines (median of the rounds'; goal >= 400: a line "
        f"<= 1/400 of it) {'ok' if typer_ok else 'OVER'}"
    )
    sys.exit(0 if ok and typer_ok else 1)


if __name__ == "__main__":
    main()
