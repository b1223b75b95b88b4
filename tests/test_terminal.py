"""The terminal as a surface (issue 59, CLI.md "A terminal is a first-class surface"): an
evening's views and writes run on a real pseudo-terminal of 40, 60, 80 and 120 columns
(its size set as a terminal's is, not by COLUMNS), in English and Russian. No internal
error, no line wider than the terminal, never a name, a name with its number or a number
with its unit broken across lines. Piped, tables take COLUMNS, else 80.

Also here, the rest of the surfaces issue 59 names: `--output -`, `--jsonl` on every list
command, Ctrl-C during the demo, and the DX column of `character list`."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest

from campaign_cli.cli.demo import SCRIPT
from tests.conftest import Cli

ROOT = Path(__file__).resolve().parent.parent
ANSI = re.compile(r"\x1b\[[0-9;?]*[a-zA-Z]")


def drained(fd: int) -> bytes:
    """All a pseudo-terminal's program wrote until it closed (30 s at most between writes)."""
    out = b""
    while True:
        ready, _, _ = select.select([fd], [], [], 30)
        if not ready:
            break
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    return out


def on_terminal(path: Path, args: list[str], columns: int, lang: str = "en") -> tuple[int, str]:
    """`campaign -c PATH ARGS` on a pseudo-terminal COLUMNS wide: its exit code and screen."""
    pid, fd = pty.fork()
    if pid == 0:
        environ = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR", "FORCE_COLOR")}
        environ.update(
            TERM="xterm", CAMPAIGN_LANG=lang, CAMPAIGN_PAGER="cat"
        )  # the screen itself (the pager: test_pager.py)
        os.execve(sys.executable, [sys.executable, "-m", "campaign_cli", "-c", str(path), *args], environ)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
    out = drained(fd)
    _pid, status = os.waitpid(pid, 0)
    os.close(fd)
    return os.waitstatus_to_exitcode(status), ANSI.sub("", out.decode("utf-8", "replace")).replace("\r", "")


@pytest.fixture(scope="module")
def evening(tmp_path_factory) -> Path:
    """A campaign as a group has it mid-fight: people with long and Russian names, items
    with long names, enemies on the board before `fight order` (the terminal's internal
    error), curses, gold, a log."""
    folder = tmp_path_factory.mktemp("terminal")
    cli = Cli(folder / "campaign.json")
    cli.json("init", "--name", "Золотая дорога")
    cli.json("character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9", "--skill", "Swimming")
    cli.json("character", "create", "Лада Светлая", "--st", "10", "--dx", "12", "--iq", "10", "--gender", "f")
    cli.json("character", "create", "Sir Bartholomew Longname", "--st", "11", "--dx", "11", "--iq", "10")
    cli.json("item", "add", "Ajax", "Broadsword")
    cli.json("item", "add", "Ajax", "Chainmail")
    cli.json("item", "wear", "Ajax", "Chainmail")
    cli.json("item", "add", "Лада Светлая", "Верёвка из шерсти горного яка с узлами", "--custom", "--weight", "2")
    cli.json("curse", "apply", "Ajax", "Mark of the Cinder Hound")
    cli.json("gold", "add", "Ajax", "120")
    cli.json("enemy", "add", "Tunnel Crawler", "--file", str(ROOT / "samples" / "enemies" / "bog-lurker.json"))
    cli.json("fight", "start")
    cli.json("fight", "add", "Tunnel Crawler", "--count", "2")
    cli.json("damage", "Ajax", "3")
    return cli.path


VIEWS = [
    ["fight", "status"],  # before `fight order`: an internal error on a terminal only
    ["status"],
    ["character", "list"],
    ["character", "show", "Ajax"],
    ["character", "show", "Лада Светлая"],
    ["item", "list", "Ajax"],
    ["item", "list", "Лада Светлая"],
    ["curse", "list", "Ajax"],
    ["enemy", "list"],
    ["log"],
    ["recap"],
    ["catalog", "weapons"],
]
# What must stand whole on one line wherever it is shown: words, and a name's last word with
# its number (a name of several words may wrap between them).
WHOLE = ["Crawler 1", "Crawler 2", "Светлая", "Bartholomew", "Longname", "Broadsword", "Chainmail"]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("columns", [40, 60, 80, 120])
def test_an_evenings_views_fit_the_terminal_and_break_no_word(evening, columns, lang):
    for args in VIEWS:
        code, screen = on_terminal(evening, args, columns, lang)
        assert code == 0 and "internal error" not in screen and "Traceback" not in screen, (args, screen)
        from campaign_cli.render.layout import cells

        wide = [line for line in screen.splitlines() if cells(line.rstrip()) > columns]
        assert wide == [], (args, columns, wide)
        lines = screen.splitlines()
        flat = " ".join(" ".join(line.split()) for line in lines)
        for unit in WHOLE:
            if unit.split()[-1] in flat and unit in flat.replace("  ", " "):
                assert any(unit in line for line in lines), (args, columns, unit, screen)


def test_fight_status_before_the_order_prints_the_fight_on_a_terminal(evening):
    """Issue 59: `max() arg is an empty sequence` (a column with an empty header and no
    value), on a terminal only."""
    for columns in (80, 120):
        code, screen = on_terminal(evening, ["fight", "status"], columns)
        assert code == 0 and "Tunnel Crawler 1" in screen and "Tunnel Crawler 2" in screen, screen


def test_piped_tables_never_wrap_whatever_columns_says(evening, monkeypatch):
    """Piped (CLI.md, seventh revision), a row is one line whatever COLUMNS says, as git, gh
    and kubectl print: grep sees whole rows."""
    cli = Cli(evening)
    monkeypatch.delenv("COLUMNS")
    default = cli("item", "list", "Лада Светлая").stdout
    for columns in ("40", "200"):
        monkeypatch.setenv("COLUMNS", columns)
        assert cli("item", "list", "Лада Светлая").stdout == default
    rope = [line for line in default.splitlines() if "Верёвка из шерсти горного яка с узлами" in line]
    assert len(rope) == 1 and len(rope[0].split()) > 8  # the item and the rest of its row on one line


def test_a_line_never_breaks_a_name_from_its_number_or_a_number_from_its_unit():
    from campaign_cli.render.layout import wrap

    assert wrap("hits Tunnel Crawler 12 for 3 kg of damage", 18) == ["hits Tunnel", "Crawler 12 for", "3 kg of damage"]
    assert wrap("killed Tunnel Crawler 1, Tunnel Crawler 2", 20) == ["killed Tunnel", "Crawler 1, Tunnel", "Crawler 2"]
    assert wrap("успех 62,5\u202f% при 03.12.2026 11:15", 16) == ["успех 62,5\u202f% при", "03.12.2026 11:15"]
    assert wrap("see `campaign fight order` now", 24) == ["see", "`campaign fight order`", "now"]
    assert wrap("Ajax: +100 золотых, −20 золотых", 13) == ["Ajax:", "+100 золотых,", "−20 золотых"]
    assert wrap("Supercalifragilistic", 8) == ["Supercal", "ifragili", "stic"]  # only a unit wider than all is cut


# -- --output - (CLI.md: `-` is standard output wherever --output is taken) -------------------------
def test_output_dash_writes_to_stdout_not_a_file_named_dash(evening, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cli = Cli(evening)
    whole = cli("export", "--output", "-")
    assert whole.exit_code == 0 and json.loads(whole.stdout)["characters"]
    sheet = cli("character", "export", "Ajax", "--format", "statblock", "--output", "-")
    assert sheet.exit_code == 0 and "Ajax" in sheet.stdout
    assert not (tmp_path / "-").exists()
    named = cli("export", "--output", "./-")  # a file named - is ./-
    assert named.exit_code == 0 and (tmp_path / "-").is_file()


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="needs /dev/null")
def test_output_force_never_replaces_a_device_or_a_fifo(evening, tmp_path):
    """Issue 64.1: `--output null --force` on a device left a regular file in its place.
    CLI.md (sixth revision): a device or FIFO is written into as a stream, with or without
    --force, never unlinked or renamed over; a folder is exit 2 naming the output."""
    import threading

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    link = tmp_path / "null"
    link.symlink_to("/dev/null")
    folder = tmp_path / "folder"
    folder.mkdir()
    cli = Cli(evening)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    assert cli("export", "--output", str(fifo), "--force").exit_code == 0
    reader.join(timeout=10)
    assert json.loads(got[0])["format"] == "campaign-export"  # the whole document came through the pipe
    assert cli("export", "--output", str(link)).exit_code == 0  # no --force needed: nothing is replaced
    error = cli.error("export", "--output", str(folder), "--force", code=2)
    assert error["code"] == "bad_file", error
    assert fifo.is_fifo() and link.is_symlink() and Path("/dev/null").is_char_device() and folder.is_dir()


def test_every_list_command_takes_jsonl(evening):
    """Every command whose result is a list (the library's methods that return `list[...]`)
    prints it as JSON Lines with --jsonl: one object a line, the same as --json's items."""
    import typing

    from campaign_cli.api import Campaign

    listing = [
        name
        for name in dir(Campaign)
        if not name.startswith("_")
        and callable(getattr(Campaign, name))
        and str(typing.get_type_hints(getattr(Campaign, name)).get("return", "")).startswith("list[")
    ]
    assert "conflicts" in listing and "character_list" in listing
    arguments = {"item_list": ["Ajax"], "curse_list": ["Ajax"]}
    cli = Cli(evening)
    for name in listing:
        if name == "character_not_ascii":  # not a command: export's warning, asked by the shell
            continue
        words = [*name.split("_"), *arguments.get(name, [])]
        as_json = cli.json(*words)
        lines = cli(*words, "--jsonl")
        assert lines.exit_code == 0, (words, lines.stdout, lines.stderr)
        assert [json.loads(line) for line in lines.stdout.splitlines()] == as_json, words


def test_character_list_shows_the_dx_under_dx_and_the_adjusted_beside_it(evening):
    """Issue 59: the DX column showed the adjusted DX (Ajax 8 in chainmail, JSON `dx` 11)."""
    cli = Cli(evening)
    ajax = next(c for c in cli.json("character", "list") if c["name"] == "Ajax")
    assert ajax["dx"] == 11 and ajax["adjusted_dx"] < 11
    row = next(line for line in cli("character", "list").stdout.splitlines() if " Ajax " in line)
    assert f"11 ({ajax['adjusted_dx']})" in row


# -- Ctrl-C in the demo (CLI.md: it stops at once and says how many steps were saved) ---------------
def _campaign() -> str:
    return str(Path(sys.executable).parent / "campaign")


@pytest.mark.parametrize("after", [2, 12])
def test_ctrl_c_stops_the_demo_at_once_and_says_what_was_saved(after):
    """Issue 59: the first step's commit left a process-wide flag set, and every later Ctrl-C
    was ignored (exit 0 after all 61 steps)."""
    proc = subprocess.Popen([_campaign(), "demo"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    fcntl.fcntl(proc.stdout, 1031, 4096)  # F_SETPIPE_SZ: the demo waits on its reader, never far ahead
    steps = 0
    for line in proc.stdout:  # type: ignore[union-attr]
        steps += line.startswith("$ campaign")
        if steps == after:
            proc.send_signal(signal.SIGINT)
            break
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, (proc.returncode, err)
    said = re.fullmatch(r"interrupted: (\d+) steps? saved\n", err)
    # at once: the steps saved are those it had run when the signal came (the pipe's 4 KB
    # let it run a few ahead of its reader), far from the demo's end
    assert said and after - 1 <= int(said[1]) <= after + 8 < len(SCRIPT), err
    assert out.count("$ campaign") <= 9


def test_an_indented_line_wraps_under_its_indent():
    """Issue 76: on a terminal, `recap` printed a character's items at column 0 once a line
    wrapped (layout.wrap dropped the leading spaces), so they read as the party's."""
    from campaign_cli.render.layout import wrap

    text = "    items: Broadsword, Chainmail, Rope, Torch, Lantern, Healing Potion, Rune of Power"
    lines = wrap(text, 40)
    assert len(lines) > 1 and all(line.startswith("    ") and len(line) <= 40 for line in lines), lines
    assert " ".join(line.strip() for line in lines) == text.strip()  # nothing lost, nothing added
    assert wrap("no indent here " * 5, 20)[1][0] != " "


def test_the_stacked_layout_joins_the_turn_marker_to_the_name_and_labels_no_unnamed_column():
    """Issue 76 (`COLUMNS=40 fight status`): a blank line for the empty marker cell, the name
    shown as a field («кто: Merlin»), the unnamed last column as `  : damage 0, fatigue 0`."""
    from campaign_cli.render.layout import stacked

    header = ["", "who", "left", "status", ""]
    rows = [
        [">", "Merlin", "########## 10/10", "ok", "damage 0, fatigue 0"],
        ["", "Bog Lurker 1", "###### 6/6", "alive", "normal; initiative 3, defense 1"],
    ]
    lines = [
        "".join(text for text, _col in pieces)
        for pieces in stacked(header, rows, 40, ("marker", "name", "", "status", "text"))
    ]
    assert lines[0] == "> Merlin" and lines[4] == "Bog Lurker 1", lines
    assert "  damage 0, fatigue 0" in lines and not any(line.strip().startswith(":") for line in lines)
    assert not any(line.strip() in ("", "who: Merlin") for line in lines)


# -- issue 76: names whole, a role for each column ---------------------------------------------
RU_NAMES = ["Лада Светлая", "Мара Тёмная", "Адская летучая мышь", "Демон, Создание пустоты"]


@pytest.fixture(scope="module")
def russian_fight(tmp_path_factory) -> Path:
    """The Russian evening's second fight: two-word heroines, enemies of three words."""
    from tests.conftest import BOARD_SIDE

    folder = tmp_path_factory.mktemp("ru-fight")
    cli = Cli(folder / "campaign.json")
    cli.json("init", "--name", "Топь")
    for name, st, dx, iq in (("Лада Светлая", 12, 12, 8), ("Мара Тёмная", 8, 12, 12), ("Горазд", 14, 10, 8)):
        cli.json("character", "create", name, "--st", str(st), "--dx", str(dx), "--iq", str(iq), "--gender", "f")
    cli.json("item", "add", "Лада Светлая", "Палаш")
    side = {**BOARD_SIDE, "elite": [{"name": f"Злоба {n}", "text": "+1 к защите", "defense": 1} for n in range(1, 7)]}
    for name in ("Адская летучая мышь", "Демон, Создание пустоты"):
        board = folder / f"{len(name)}.json"
        board.write_text(
            json.dumps(
                {"name": name, "gender": "f", "keywords": ["Зверь"], "size": "medium", "normal": side, "brutal": side}
            )
        )
        cli.json("enemy", "add", "--file", str(board))
    cli.json("adventure", "start", "Топь")
    cli.json("fight", "start")
    cli.json("fight", "add", "Адская летучая мышь", "--count", "2", "--elite", "--seed", "2")
    cli.json("fight", "add", "Демон, Создание пустоты")
    cli.json("fight", "order", "--seed", "1")
    cli.json("check", "--party", "DX 5+", "--who", "all", "--seed", "1")
    return cli.path


RU_VIEWS = [
    ["fight", "status"],
    ["enemy", "list"],
    ["check", "--party", "DX 5+", "--who", "all", "--seed", "1"],
    ["item", "list", "Лада Светлая"],
    ["log"],
    ["recap"],
]


@pytest.mark.parametrize("columns", [40, 60, 80, 120])
def test_a_name_is_never_broken_while_it_fits_and_no_dash_starts_a_line(russian_fight, columns):
    """Issue 76: «Лада / Светлая», «Адская летучая / мышь 1» at 60-80 columns; «— Злоба 1»
    at a line's start. Each name of several words stands whole on its line wherever the
    column it is in can hold it (a free-text column narrower than a name aside)."""
    from campaign_cli.render.layout import cells

    for args in RU_VIEWS:
        code, screen = on_terminal(russian_fight, args, columns, "ru")
        assert code == 0 and "Traceback" not in screen, (args, screen)
        lines = screen.splitlines()
        assert [line for line in lines if cells(line.rstrip()) > columns] == [], (args, columns)
        assert not [line for line in lines if line.lstrip().startswith(("— ", "→ "))], (args, columns, screen)
        if args[0] in ("log", "recap") and columns < 60:
            continue  # a sentence's column at 40 is narrower than «Адская летучая мышь»
        for name in RU_NAMES:
            first = name.split()[0]
            assert screen.count(first) == sum(line.count(name) for line in lines), (args, columns, name, screen)


def test_layout_is_chosen_by_column_roles_not_header_words():
    """Issue 76: the layout and colour read each column's role; a header's words (translated
    or not) decide nothing. A free-text column narrows first, an aside column gives way on a
    narrow terminal, a column empty in every row gives way before the rows are stacked."""
    from campaign_cli.render.layout import table_lines

    def screen(header, rows, width, roles):
        return ["".join(t for t, _c in p).rstrip() for p in table_lines("", header, lambda: rows, width, roles)]

    rows = [["1", "Sir Bartholomew Longname", "a long remark about the knight and his horse", "ok"]]
    named = screen(["x", "y", "z", "w"], rows, 50, ("id", "name", "text", "status"))
    assert any("Sir Bartholomew Longname" in line for line in named), named  # the name whole, the remark wrapped
    stacked = screen(["x", "y", "z", "w"], rows, 20, ("id", "name", "text", "status"))
    assert stacked[0] == "#1 Sir Bartholomew" or stacked[0].startswith("#1 "), stacked  # headed by id and name
    aside = screen(["#", "what", "command"], [["7", "Ajax takes 3 damage " * 3, "campaign damage Ajax 3"]], 45,
                   ("", "text", "aside"))  # fmt: skip
    assert "command" not in aside[0] and "campaign damage" not in " ".join(aside), aside
    wide = screen(["#", "what", "command"], [["7", "Ajax takes 3 damage", "campaign damage Ajax 3"]], 120,
                  ("", "text", "aside"))  # fmt: skip
    assert "command" in wide[0], wide
    empty = screen(
        ["who", "total", "mods", "result"], [["Лада Светлая", "—", "—", "success"]], 24, ("name", "", "", "")
    )
    assert empty[0].split() == ["who", "result"], empty  # the empty columns gave way, the rows stand


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_help_examples_break_between_words_as_a_shell_reads_them(evening, lang):
    """Issue 76: at 60 columns a terminal broke help examples mid-word («--haggle 1 / 1»,
    «г / олова»). A long example is broken between words with a shell's `\\`, an option kept
    with its value and a quoted name whole; joined again it is the example as piped."""
    for words in (["item", "add"], ["shop", "buy"]):
        code, screen = on_terminal(evening, [*words, "--help"], 50, lang)
        assert code == 0
        lines = screen.splitlines()
        start = next(i for i, line in enumerate(lines) if "$ campaign" in line)
        block = lines[start : next(i for i in range(start, len(lines)) if not lines[i].strip())]
        assert all(len(line) <= 50 for line in block), block
        joined = re.sub(r" \\\n\s+", " ", "\n".join(block))
        piped = subprocess.run(
            [sys.executable, "-m", "campaign_cli", "-c", str(evening), *words, "--help"],
            capture_output=True,
            text=True,
            env={**os.environ, "CAMPAIGN_LANG": lang},
        ).stdout
        for example in joined.splitlines():
            assert example.strip() in piped, (example, piped)
        continued = [line for line in block if "$ " not in line]
        assert continued and all(line.lstrip().startswith("--") for line in continued), block


def test_the_item_list_stands_as_a_table_at_60_columns_in_russian(russian_fight):
    """Issue 74/76: at 60 columns the item list was stacked, «золото: 40» meaning the price.
    Its price column is «цена», and the columns stand side by side."""
    code, screen = on_terminal(russian_fight, ["item", "list", "Лада Светлая"], 60, "ru")
    lines = screen.splitlines()
    assert code == 0 and lines[1].split()[:2] == ["id", "предмет"] and "цена" in lines[1], screen
    assert any(line.split()[1:2] == ["Палаш"] for line in lines[2:]) and "золото:" not in screen, screen


def test_piped_log_is_one_row_per_event_and_a_long_sentence_moves_only_its_own_row(tmp_path, monkeypatch):
    """Issue 76: piped, rows wrapped at 80 columns (`log | grep 'init --name'` missed) and one
    long summary pushed every other row's columns right. A row is one line, the longest
    sentence a command can make (a 500-character reason) among them, and the other rows
    keep their columns."""
    cli = Cli(tmp_path / "c.json")
    cli.json("init", "--name", "T")
    cli.json("character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9")
    cli.json("xp", "award", "1", "Ajax", "--reason", "a long tale " * 41 + "end")
    cli.json("xp", "award", "2", "Ajax")
    monkeypatch.setenv("COLUMNS", "80")
    piped = cli("log").stdout.splitlines()
    events = sum(len(e["events"]) for e in cli.json("log"))
    assert len(piped) == 2 + events, piped  # the title, the header, a line an event
    assert [line for line in piped if "init --name" in line], piped  # grep finds the command
    rows = [line for line in piped[2:] if "a long tale" not in line]
    starts = {line.index("Ajax") if "Ajax" in line else None for line in rows} - {None}
    assert len(starts) == 1, piped  # "what happened" starts at one column in every other row
