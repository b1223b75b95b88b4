"""Start-up cost of `campaign`, as ratios to `import typer` alone, measured in the same run.

    python benchmarks/startup.py [--runs 21] [--instructions [--ceilings | --everyday]]

Goals (issue 38), as ratios to `python -c "import typer"` in the same round (Typer is the
floor every command stands on; each round runs every case once, and the ratio is the
median of the rounds' ratios): `character show NAME --json` at most 1.15x, a write
(`character set NAME --attr Luck=1 --json`) at most 1.25x, `character show NAME` piped
(plain text, no Rich) at most 1.20x, a TAB at most 1.20x. Issue 15: the same view in Russian
(CAMPAIGN_LANG=ru: the catalog loaded) at most a few milliseconds more than in English,
`--json` too (its error messages speak the run's language, so the catalog is loaded: CLI.md
"Language", sixth revision). Run it with the interpreter of the
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


def paired(cases: dict[str, tuple[list[str], dict]], runs: int) -> dict[str, list[float]]:
    """Each case once per round, the baseline among them, rounds repeated RUNS times: the
    machine's drift weighs on all alike, and a ratio is taken within each round."""
    times: dict[str, list[float]] = {label: [] for label in cases}
    for _ in range(runs):
        for label, (cmd, env) in cases.items():
            times[label].append(median_ms(cmd, 1, env))
    return times


def sqlite_utils_case(camp: list[str], env: dict, folder: Path) -> tuple[list[str], dict] | None:
    """`sqlite-utils query` reading the same character from a SQLite file, when sqlite-utils
    is installed beside this Python (or on the PATH); None when it is not."""
    exe = Path(sys.executable).with_name("sqlite-utils")
    found = str(exe) if exe.exists() else shutil.which("sqlite-utils")
    if not found:
        return None
    import json
    import sqlite3

    doc = json.loads(
        subprocess.run([*camp, "character", "show", "Ajax", "--json"], env=env, capture_output=True).stdout
    )
    db = folder / "bench.sqlite"
    with sqlite3.connect(db) as conn:
        conn.execute("create table characters (id integer primary key, name text, doc text)")
        conn.execute("insert into characters values (?, ?, ?)", (doc["id"], doc["name"], json.dumps(doc)))
    return [found, "query", str(db), "select * from characters where name = 'Ajax'"], env


def instructions(cmd: list[str], env: dict) -> int:
    """The instructions CMD executes, counted by valgrind's callgrind (hash seed fixed)."""
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
        env={**env, "PYTHONHASHSEED": "0"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=True,
    )
    return int(done.stderr.split("Collected :")[1].split()[0])


# Issue 52: instructions as a ratio to `import typer`'s. GOALS are where start-up should
# be; CEILINGS are what CI enforces (`--instructions --ceilings`, run by .ci/run): the
# levels measured when the check went in (2026-12-02: read 1.158x, write 1.255x, plain
# 1.172x, TAB 0.323x) and a 1.5% margin, lowered as start-up comes down (the write to
# 1.225x when it stopped loading TinyDB: 1.211x; read 1.14x, write 1.208x, plain 1.155x
# when the library was split into areas and a read stopped judging the bytes the last
# writer judged: 1.123x, 1.190x, 1.138x; then 1.131x, 1.197x, 1.145x at 1.114x, 1.179x,
# 1.128x, with `xp award` at 1.179x beside them; then 0.991x, 1.057x, 1.057x, 1.005x at
# 0.976x, 1.041x, 1.041x, 0.990x when the console program stopped collecting garbage during
# start-up, which also spares Typer's own objects: see SAME_COLLECTOR), so it cannot regress
# unseen. A count is the same on every run; only Python or Typer changes it.
INSTRUCTION_GOALS = {  # issue 80's (issue 66's before: 0.45x, 0.55x, 0.55x, 0.50x)
    "character show Ajax --json": 0.33,
    "character set Ajax --attr Luck=1 --json": 0.55,
    "xp award 1 Ajax --json": 0.45,
    "character show Ajax (piped, plain)": 0.40,
    "TAB after character show A (bash)": 0.35,  # held
}
# Issue 66's fast path measured 0.404x, 0.491x, 0.542x, 0.478x (2026-12-03): the ceilings
# are those and about 1.5%. `character set` rose to 0.499x (2026-12-06) when the library
# began judging every argument by its declared type (issue 78: a list given is walked):
# its ceiling 0.505x. A read stopped loading pathlib (and its re, fnmatch, urllib.parse,
# ipaddress, ntpath): 0.349x and 0.422x plain (2026-12-06, issue 80), ceilings 0.355x, 0.43x;
# then no command did (its paths are store.files.FilePath, text): the writes 0.439x and
# 0.488x, ceilings 0.446x and 0.495x. The one command table (issue 79) holds each command's
# shape as JSON text, decoded a command at a time: a TAB 0.317x (ceiling 0.335x), a read
# 0.345x (ceiling 0.35x), measured on Typer 0.28, whose `import typer` is the lighter
# baseline (0.29's costs 257 M: the same counts are lower ratios there). The console script
# (entry.console) ends the process once its answer is out, without the interpreter's
# shutdown, and an award and a drawn view stopped loading `typing` and `re` (2026-12-06):
# 0.327x, 0.419x, 0.378x, 0.349x plain, a TAB 0.272x; ceilings about 2% above. The installed
# `campaign` became a plain script (bin/campaign) instead of the wrapper pip writes for an
# entry point, which imports `re` first (2026-12-06, sixth session): 0.268x, 0.409x, 0.321x,
# 0.291x plain, a TAB 0.264x; ceilings about 2% above.
INSTRUCTION_CEILINGS = {
    "character show Ajax --json": 0.274,
    "character set Ajax --attr Luck=1 --json": 0.418,
    "xp award 1 Ajax --json": 0.328,
    "character show Ajax (piped, plain)": 0.297,
    "TAB after character show A (bash)": 0.270,
}
# `import typer` with the garbage collector treated as the console program treats it
# (campaign_cli/entry.py: paused for start-up, what start-up made frozen): Typer's import
# then costs fewer instructions too, so the ratios to it say what our own code adds, and
# the plain `import typer` ratios above cannot hide it. Printed, not held.
SAME_COLLECTOR = "import gc; gc.disable(); import typer; gc.freeze()"


def instruction_ratios(cases: dict, goals: dict, path: Path, ceilings: bool = False) -> bool:
    """Each case's instructions as a ratio to `import typer`'s: machine noise cannot move
    them (a write starts from the same file each time). With CEILINGS, the verdict is the
    ceilings' (what CI holds); the goals are printed beside them."""
    if not shutil.which("valgrind"):
        print("valgrind is not installed here")
        return False
    saved = {
        f: f.read_bytes() for f in (path, *(path.with_name(path.name + s) for s in (".journal", ".lock"))) if f.exists()
    }
    counts = {}
    for label, (cmd, env) in cases.items():
        for f, data in saved.items():
            f.write_bytes(data)
        counts[label] = instructions(cmd, env)
    base = counts["import typer"]
    floor = counts.get("python -c pass")
    print(f"baseline  python -c 'import typer': {base / 1e6:.1f} M instructions")
    if floor:  # issue 80: the interpreter's own start-up, beside every figure
        print(f"floor     python -c pass: {floor / 1e6:.1f} M instructions ({floor / base:.3f}x import typer)")
    ok = True
    for label in goals:
        ratio = counts[label] / base
        goal, ceiling = INSTRUCTION_GOALS[label], INSTRUCTION_CEILINGS[label]
        limit = ceiling if ceilings else goal
        ok &= ratio <= limit
        verdict = "ok" if ratio <= limit else "OVER"
        over = f"  {counts[label] / floor:4.2f}x the floor" if floor else ""
        print(
            f"{label:42s} {counts[label] / 1e6:7.1f} M  {ratio:5.3f}x  (goal <= {goal}x, ceiling {ceiling}x) {verdict}"
            + over
        )
    if ceilings:
        return ok
    same = counts["import typer, same collector"]
    print(f"baseline  python -c '{SAME_COLLECTOR}': {same / 1e6:.1f} M instructions")
    for label in goals:
        extra = (counts[label] - same) / 1e6
        print(f"{label:42s} {counts[label] / same:5.3f}x  (our own {extra:+.1f} M over Typer's, same collector)")
    if "sqlite-utils query" in counts:
        ratio = counts["character show Ajax --json"] / counts["sqlite-utils query"]
        ok &= ratio <= 0.50
        peer = counts["sqlite-utils query"] / 1e6
        verdict = "ok" if ratio <= 0.50 else "OVER"
        print(f"{'show --json vs sqlite-utils query':42s} {peer:7.1f} M  {ratio:5.3f}x  (goal <= 0.5x) {verdict}")
    return ok


# Issue 80: the everyday commands, each answered without Typer, Click or Rich (the fast path;
# tests/test_fast.py proves they load none): what each costs, as `import typer`'s ratio.
EVERYDAY = [
    ["character", "show", "Ajax"],
    ["character", "list"],
    ["item", "list", "Ajax"],
    ["status"],
    ["log", "--limit", "5"],
    ["recap"],
    ["xp", "award", "1", "Ajax"],
    ["gold", "add", "Ajax", "5"],
    ["darkstone", "add", "Ajax", "1"],
    ["enemy", "list"],
    ["check", "Ajax", "3/DX", "--seed", "1"],
    ["item", "add", "Ajax", "Rope", "--weight", "1"],
    ["xp", "spend", "Ajax", "--attribute", "DX", "--dry-run"],
    ["damage", "Ajax", "1"],
    ["heal", "Ajax", "1"],
    ["karma", "add", "Ajax", "1"],
    ["can", "Ajax"],
]


def everyday(camp: list[str], env: dict, path: Path) -> None:
    """`--instructions --everyday`: each everyday command, piped and with --json, from the
    same campaign each time (one character with 20 XP and an item), as instructions and
    their ratio to `import typer`'s."""
    if not shutil.which("valgrind"):
        print("valgrind is not installed here")
        return
    english = {**env, "CAMPAIGN_LANG": "en"}
    for words in (["xp", "award", "20", "Ajax"], ["item", "add", "Ajax", "Torch"]):
        subprocess.run([*camp, *words], env=english, check=True, stdout=subprocess.DEVNULL)
    saved = {
        f: f.read_bytes() for f in (path, *(path.with_name(path.name + s) for s in (".journal", ".lock"))) if f.exists()
    }
    base = instructions([sys.executable, "-c", "import typer"], env)
    print(f"baseline  python -c 'import typer': {base / 1e6:.1f} M instructions")
    for words in EVERYDAY:
        said = []
        for form in ([], ["--json"]):
            for f, data in saved.items():
                f.write_bytes(data)
            count = instructions([*camp, *words, *form], english)
            said.append(f"{count / 1e6:6.1f} M {count / base:5.3f}x")
        print(f"{' '.join(words):42s} piped {said[0]}   --json {said[1]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count instructions under valgrind instead of timing: the same count every run, whatever the machine does",
    )
    parser.add_argument(
        "--everyday",
        action="store_true",
        help="with --instructions: count each of issue 80's 17 everyday commands, piped and with --json",
    )
    parser.add_argument(
        "--ceilings",
        action="store_true",
        help="with --instructions: hold the ceilings CI enforces, not the goals (exit 1 over them)",
    )
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
        english = {**env, "CAMPAIGN_LANG": "en"}
        tab = {
            **env,
            "_CAMPAIGN_COMPLETE": "complete_bash",
            "COMP_WORDS": "campaign character show A",
            "COMP_CWORD": "3",
        }
        goals = {  # issues 38, 66: wall-clock ratio to `import typer` in the same round
            "character show Ajax --json": ([*camp, "character", "show", "Ajax", "--json"], english, 0.6),
            "character set Ajax --attr Luck=1 --json": (
                [*camp, "character", "set", "Ajax", "--attr", "Luck=1", "--json"],
                english,
                0.7,
            ),
            "xp award 1 Ajax --json": ([*camp, "xp", "award", "1", "Ajax", "--json"], english, 0.75),
            "character show Ajax (piped, plain)": ([*camp, "character", "show", "Ajax"], english, 0.7),
            "TAB after character show A (bash)": (camp, tab, 0.5),
        }
        cases = {"import typer": (typer_only, env), **{k: (c, e) for k, (c, e, _g) in goals.items()}}
        cases["python -c pass"] = ([sys.executable, "-c", "pass"], env)  # the floor: the interpreter alone
        cases["import typer, same collector"] = ([sys.executable, "-c", SAME_COLLECTOR], env)
        cases["character show Ajax (piped), ru"] = (
            [*camp, "character", "show", "Ajax"],
            {**env, "CAMPAIGN_LANG": "ru"},
        )
        cases["character show Ajax --json, ru"] = (
            [*camp, "character", "show", "Ajax", "--json"],
            {**env, "CAMPAIGN_LANG": "ru"},
        )
        peer = sqlite_utils_case(camp, env, Path(folder))
        if peer:
            cases["sqlite-utils query"] = peer
        if args.instructions and args.everyday:
            everyday(camp, env, Path(env["CAMPAIGN_FILE"]))
            return
        if args.instructions:
            if args.ceilings:  # only what CI holds: the Russian and peer cases are the timing run's
                cases = {k: v for k, v in cases.items() if k in ("import typer", "python -c pass") or k in goals}
            sys.exit(0 if instruction_ratios(cases, goals, Path(env["CAMPAIGN_FILE"]), args.ceilings) else 1)
        times = paired(cases, args.runs)
        base = statistics.median(times["import typer"])
        print(f"baseline  python -c 'import typer': {base:.1f} ms (median of {args.runs} rounds)")
        ok = True
        for label, (_cmd, _env, goal) in goals.items():
            ratio = statistics.median(t / b for t, b in zip(times[label], times["import typer"]))
            ok &= ratio <= goal
            ms = statistics.median(times[label])
            print(f"{label:42s} {ms:7.1f} ms  {ratio:5.2f}x  (goal <= {goal}x) {'ok' if ratio <= goal else 'OVER'}")
        same = times["import typer, same collector"]
        print(f"baseline  python -c '{SAME_COLLECTOR}': {statistics.median(same):.1f} ms")
        for label in goals:
            ratio = statistics.median(t / b for t, b in zip(times[label], same))
            print(f"{label:42s} {ratio:5.2f}x  (our own over Typer's, same collector)")
        if peer:  # issue 38: the peer a user would pick for a record on disk, the same record
            ratio = statistics.median(
                t / b for t, b in zip(times["character show Ajax --json"], times["sqlite-utils query"])
            )
            ok &= ratio <= 0.50
            ms = statistics.median(times["sqlite-utils query"])
            print(
                f"{'show --json vs sqlite-utils query':42s} {ms:7.1f} ms  {ratio:5.2f}x  (goal <= 0.5x)"
                f" {'ok' if ratio <= 0.50 else 'OVER'}"
            )
        else:
            print("sqlite-utils is not installed here: `pip install sqlite-utils` to compare with it")
        # Issue 15: what the Russian interface costs, against English in the same rounds.
        for label, english_label, limit in (
            ("character show Ajax (piped), ru", "character show Ajax (piped, plain)", 5.0),
            ("character show Ajax --json, ru", "character show Ajax --json", 5.0),
        ):
            extra = statistics.median(r - e for r, e in zip(times[label], times[english_label]))
            ok &= extra <= limit
            print(
                f"{label + ' - en':42s} {extra:+7.1f} ms  (goal <= +{limit:g} ms) {'ok' if extra <= limit else 'OVER'}"
            )
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
