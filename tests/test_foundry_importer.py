"""Our stat block read by the fantasy-trip system's own importer (`importStandardText` in
its src/module/util/transfer.mjs), run for real under node, as issue 51 asks: spells by
their names (no rating inside), stacks as `qty`, weapons, armor and attributes. The
system's code is not ours to copy into this repository, so the test runs where node is
installed and FANTASYTRIP_SRC names a checkout of pumbers/fantasytrip-foundryvtt;
elsewhere it is skipped (test_interchange.py checks the same lines against the
importer's patterns in Python)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

SRC = os.environ.get("FANTASYTRIP_SRC", "")
TRANSFER = Path(SRC) / "src" / "module" / "util" / "transfer.mjs"
needs_importer = pytest.mark.skipif(
    shutil.which("node") is None or not SRC or not TRANSFER.is_file(),
    reason="needs node and FANTASYTRIP_SRC (a checkout of pumbers/fantasytrip-foundryvtt)",
)

# Foundry's `game` as the system's own import test stands it in (no compendium: every name
# is new), the importer's logging silenced, its answer alone on stdout.
DRIVER = """
globalThis.game = { items: { find: () => undefined } };
console.log = () => {};
console.error = () => {};
const { importStandardText } = await import(process.argv[2]);
let text = "";
for await (const chunk of process.stdin) text += chunk;
process.stdout.write(JSON.stringify(importStandardText(text)));
"""


def imported(block: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    driver = tmp_path / "driver.mjs"
    driver.write_text(DRIVER, encoding="utf-8")
    return subprocess.run(
        ["node", str(driver), TRANSFER.resolve().as_uri()],
        input=block,
        capture_output=True,
        text=True,
        timeout=60,
    )


@needs_importer
def test_the_systems_importer_reads_our_stat_block_by_name(camp, tmp_path):
    camp.json("character", "create", "Dolmar", "--st", "9", "--dx", "11", "--iq", "12", "--wizard",
              "--spell", "Fireball=12", "--spell", "Light")  # fmt: skip
    for args in (["Broadsword"], ["Leather"], ["Torches", "--custom", "--count", "2"], ["Rope", "--custom"]):
        camp.json("item", "add", "Dolmar", *args)
    camp.json("item", "wear", "Dolmar", "Leather")
    block = camp("character", "export", "Dolmar", "--format", "statblock").stdout
    done = imported(block, tmp_path)
    assert done.returncode == 0, done.stderr
    actor = json.loads(done.stdout)
    assert actor["name"] == "Dolmar" and actor["system"]["type"] == "wizard"
    assert (actor["system"]["st"]["max"], actor["system"]["dx"]["max"], actor["system"]["iq"]["max"]) == (9, 11, 12)
    by_type: dict[str, list] = {}
    for item in actor["items"]:
        by_type.setdefault(item["type"], []).append(item)
    assert sorted(s["name"] for s in by_type["spell"]) == ["Fireball", "Light"]  # not `Fireball (12)`
    gear = {i["name"]: i["system"] for i in by_type["equipment"]}
    assert gear["Torches"]["qty"] == 2 and gear["Rope"]["qty"] == 1
    assert gear["Broadsword"]["attacks"][0]["baseDamage"].startswith("2D6")
    assert gear["Leather"]["defenses"][0]["hitsStopped"] == 2


@needs_importer
def test_a_cyrillic_name_stops_the_importer_so_the_export_warns(camp, tmp_path):
    """Its patterns are ASCII-only (issue 51: `Cannot read properties of undefined`); the
    export says so on stderr rather than handing over a block that silently fails."""
    camp.json("character", "create", "Аякс", "--st", "12", "--dx", "11", "--iq", "9")
    exported = camp("character", "export", "Аякс", "--format", "statblock")
    assert "warning" in exported.stderr
    assert imported(exported.stdout, tmp_path).returncode != 0
