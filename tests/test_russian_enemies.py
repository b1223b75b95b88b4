"""Enemy status words (issue 74; CLI.md "Language"): a killed enemy is «убит», «убита» or
«убито» by its board's grammatical gender (`m`, `f`, `n`: «Щупальце» is neuter), «вне боя»
when the board gives none, in `fight status`, the kill line and the log; characters
«погибают»."""

from __future__ import annotations

import json
from pathlib import Path

from campaign_cli.cli.app import app
from tests.runner import CliRunner

BOARD = Path(__file__).resolve().parent.parent / "samples" / "enemies" / "bog-lurker.json"


def test_a_killed_enemy_agrees_with_its_boards_gender(tmp_path: Path):
    path = tmp_path / "c.json"

    def ru(*args: str) -> str:
        done = CliRunner().invoke(app, ["--lang", "ru", "-c", str(path), *args])
        assert done.exit_code == 0, done.stdout + done.stderr
        return done.stdout

    ru("init")
    ru("character", "create", "Горазд", "--st", "12", "--dx", "11", "--iq", "9")
    board = json.loads(BOARD.read_text())
    for name, gender in (("Щупальце", "n"), ("Упырица", "f"), ("Душитель", "m"), ("Нечто", None)):
        (tmp_path / "b.json").write_text(json.dumps({**board, "name": name, **({"gender": gender} if gender else {})}))
        ru("enemy", "add", "--file", str(tmp_path / "b.json"))
    ru("fight", "start")
    said = {}
    for name in ("Щупальце", "Упырица", "Душитель", "Нечто"):
        ru("fight", "add", name)
        said[name] = ru("fight", "hit", f"{name} 1", "20", "--by", "Горазд")
    assert "Щупальце 1 убито" in said["Щупальце"] and "Упырица 1 убита" in said["Упырица"]
    assert "Душитель 1 убит," in said["Душитель"] and "Нечто 1 вне боя" in said["Нечто"]
    rows = {
        line.split()[0] + " " + line.split()[1]: line
        for line in ru("fight", "status").splitlines()[2:]
        if " 1 " in line
    }
    assert " убито " in rows["Щупальце 1"] and " убита " in rows["Упырица 1"] and " убит " in rows["Душитель 1"]
    assert " вне боя " in rows["Нечто 1"]
    log = ru("log")
    assert "Щупальце 1 убито: добивает Горазд" in log and "Нечто 1 вне боя: добивает Горазд" in log
    assert "погиб" not in log and "гибнет" not in "".join(said.values())
