"""Issue 37, reliability fourth pass: rolls journaled compactly however many lines roll,
a roll of a million dice that costs what a roll of a thousand does, a roll-only command's
commit point."""

from __future__ import annotations

import json
from pathlib import Path

import campaign_cli
from tests.conftest import Cli

ROOT = Path(__file__).resolve().parent.parent


def journal_lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.with_name(path.name + ".journal").read_text().splitlines() if line]


def test_a_batch_of_many_rolling_lines_journals_its_rolls_in_parts(tmp_path):
    cli = Cli(tmp_path / "c.json")
    cli.json("init")
    cli.json("character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9")
    since = cli.json("log")[0]["time"]
    lines = [{"args": ["check", "Ajax", "3/DX", "--seed", str(n)]} for n in range(1200)]
    lines.append({"args": ["gold", "add", "Ajax", "1"]})
    done = cli("batch", "-", input="".join(json.dumps(line) + "\n" for line in lines))
    assert done.exit_code == 0, done.stderr
    entries = journal_lines(cli.path)
    parts = [e for e in entries if e.get("kind") == "roll" and "part" in e]
    change = entries[-1]
    assert [len(p["rolls"]) for p in parts] == [500, 500, 200] and {p["of"] for p in parts} == {change["seq"]}
    assert change["rolls_in_parts"] == 1200 and "rolls" not in change
    # the change's own entry holds no die: at most the first 1,000 lines' summaries, then a count
    assert len(change["lines"]) == 1000 and change["more_lines"] == 201 and len(json.dumps(change)) < 200_000
    recap = cli.json("recap", "--since", since)["characters"][0]
    assert recap["checks"] == 1200
    cli.json("undo")  # the batch undone: its rolls no longer count
    assert cli.json("recap", "--since", since)["characters"][0]["checks"] == 0


def test_a_small_batch_keeps_its_rolls_in_its_own_entry(tmp_path):
    cli = Cli(tmp_path / "c.json")
    cli.json("init")
    cli.json("character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9")
    lines = [{"args": ["check", "Ajax", "3/DX", "--seed", "1"]}, {"args": ["gold", "add", "Ajax", "1"]}]
    assert cli("batch", "-", input="".join(json.dumps(line) + "\n" for line in lines)).exit_code == 0
    assert len(journal_lines(cli.path)[-1]["rolls"]) == 1


def test_an_enemy_of_a_million_combat_dice_rolls_them_as_counts_per_face(tmp_path):
    board = json.loads((ROOT / "samples" / "enemies" / "bog-lurker.json").read_text())
    board["normal"].update(combat=1_000_000, to_hit=6, damage=1)
    (tmp_path / "b.json").write_text(json.dumps({**board, "name": "Horde"}))
    path = tmp_path / "c.json"
    with campaign_cli.open(path, create=True) as camp:
        camp.character_create("Ajax", st=12, dx=11, iq=9)
        camp.enemy_add(file=str(tmp_path / "b.json"))
        camp.fight_start()
        camp.fight_add("Horde")
        blow = camp.fight_attack("Horde 1", "Ajax", seed=3)
    assert sum(blow["faces"]) == 1_000_000 and blow["dice"] == []
    assert blow["hits"] == blow["faces"][5] and 150_000 < blow["hits"] < 183_000
    assert blow["target"]["status"] == "dead"  # R20: beyond saving; the other hits fall on nobody
    assert max(len(json.dumps(e)) for e in journal_lines(path)) < 20_000
