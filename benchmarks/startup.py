"""Start-up cost of `campaign`, as ratios to `import typer` alone, measured in the same run.

    python benchmarks/startup.py [--runs 21]

Goals (issue 24), as ratios to `python -c "import typer"` in the same run (Typer is the
floor every command stands on): `character show NAME --json` at most 1.20x, a write
(`character set NAME --attr Luck=1 --json`) at most 1.35x, `character show NAME` piped
(plain text, no Rich) at most 1.35x, a TAB at most 1.20x. Issue 15: the same view in Russian
(CAMPAIGN_LANG=ru: the catalog loaded) at most a few milliseconds more than in English,
and `--json` with CAMPAIGN_LANG=ru no slower than in English (the catalog is not loaded;
+2 ms is the run-to-run noise of this comparison). Run it with the interpreter of the
environment where campaign-cli is installed.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def campaign_exe() -> list[str]:
    exe = Path(sys.executable).with_name("campaign")
    if exe.exists():
        return [str(exe)]
    found = shutil.which("campaign")
    return [found] if found else [sys.executable, "-m", "campaign_cli"]


def median_ms(cmd: list[str], runs: int, env: dict, extra: dict | None = None) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**env, **(extra or {})}, check=True)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    args = parser.parse_args()
    camp = campaign_exe()
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "CAMPAIGN_FILE": str(Path(folder) / "bench.json")}
        subprocess.run([*camp, "init"], env=env, check=True, stdout=subprocess.DEVNULL)
        subprocess.run(
            [*camp, "character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9"],
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        typer_only = [sys.executable, "-c", "import typer"]
        for cmd in ([*camp, "--version"], typer_only):  # warm caches
            median_ms(cmd, 3, env)
        base = median_ms(typer_only, args.runs, env)
        cases = [
            ("character show Ajax --json", ["character", "show", "Ajax", "--json"], 1.20),
            (
                "character set Ajax --attr Luck=1 --json",
                ["character", "set", "Ajax", "--attr", "Luck=1", "--json"],
                1.35,
            ),
            ("character show Ajax (piped, plain)", ["character", "show", "Ajax"], 1.35),
        ]
        print(f"baseline  python -c 'import typer': {base:.1f} ms (median of {args.runs})")
        ok = True
        english = {**env, "CAMPAIGN_LANG": "en"}
        for label, words, goal in cases:
            ms = median_ms([*camp, *words], args.runs, english)
            ratio = ms / base
            ok &= ratio <= goal
            print(f"{label:42s} {ms:7.1f} ms  {ratio:5.2f}x  (goal <= {goal}x) {'ok' if ratio <= goal else 'OVER'}")
            if label.startswith("character show Ajax --json"):
                read_ms = ms
        # A TAB: completing a character's name must cost no more than the read command.
        tab = {"_CAMPAIGN_COMPLETE": "complete_bash", "COMP_WORDS": "campaign character show A", "COMP_CWORD": "3"}
        ms = median_ms(camp, args.runs, env, tab)
        ok &= ms / base <= 1.20
        print(
            f"{'TAB after character show A (bash)':42s} {ms:7.1f} ms  {ms / base:5.2f}x  "
            f"(goal <= 1.2x; the read command: {read_ms:.1f} ms) {'ok' if ms / base <= 1.20 else 'OVER'}"
        )
        # Issue 15: what the Russian interface costs, against English in the same run (the
        # two alternate, run by run, so a machine growing busier weighs on both alike).
        for label, words, limit in (
            ("character show Ajax (piped), ru - en", ["character", "show", "Ajax"], 5.0),
            ("character show Ajax --json, ru - en", ["character", "show", "Ajax", "--json"], 2.0),
        ):
            runs: dict[str, list[float]] = {"en": [], "ru": []}
            for _ in range(args.runs):
                for lang in runs:
                    runs[lang].append(median_ms([*camp, *words], 1, {**env, "CAMPAIGN_LANG": lang}))
            ms_en, ms_ru = statistics.median(runs["en"]), statistics.median(runs["ru"])
            ok &= ms_ru - ms_en <= limit
            print(
                f"{label:42s} {ms_ru - ms_en:+7.1f} ms  (en {ms_en:.1f}, ru {ms_ru:.1f}; goal <= +{limit:g} ms) "
                f"{'ok' if ms_ru - ms_en <= limit else 'OVER'}"
            )
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
