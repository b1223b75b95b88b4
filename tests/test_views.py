"""Human views that show everything (CLI.md "Global behaviour", checks, `item show`,
"Recaps and sheets"): what a person reads on a terminal, piped, and in a sheet."""

import os
import pty
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.test_terminal import drained

ROOT = Path(__file__).resolve().parent.parent


def on_terminal(camp, *args: str, columns: int = 80, env: dict | None = None) -> str:
    """Run `campaign ARGS` on a pseudo-terminal of COLUMNS columns; its screen output."""
    main, sub = pty.openpty()
    environ = {
        **os.environ,
        "COLUMNS": str(columns),
        "LINES": "50",
        "TERM": "xterm",
        "CAMPAIGN_PAGER": "cat",
        **(env or {}),
    }
    environ.pop("NO_COLOR", None) if "NO_COLOR" not in (env or {}) else None
    proc = subprocess.Popen(
        [sys.executable, "-m", "campaign_cli", "-c", str(camp.path), *args],
        stdin=sub,
        stdout=sub,
        stderr=sub,
        env=environ,
        close_fds=True,
    )
    os.close(sub)
    out = drained(main)
    proc.wait(timeout=30)
    os.close(main)
    return out.decode("utf-8", "replace")


@pytest.fixture
def armed(camp):
    camp.json("item", "add", "Ajax", "Broadsword", "--slots", "3", "--weight", "3", "--value", "40")
    camp.json("item", "add", "Ajax", "Rune of Power", "--kind", "upgrade", "--darkstone-icon")
    camp.json("item", "upgrade", "Ajax", "Broadsword", "Rune of Power")
    camp.json("town", "enter", "Brimstone", "--blacksmith")
    camp.json("darkstone", "add", "Ajax", "2")
    camp.json("forge", "Ajax", "Broadsword", "--stones", "2", "--name", "Void Edge")
    camp.json("item", "hold", "Ajax", "Broadsword")
    camp.json("item", "add", "Ajax", "Chainmail")
    camp.json("item", "wear", "Ajax", "Chainmail")
    camp.json("curse", "apply", "Ajax", "Rot")
    return camp


def test_a_check_line_names_every_modifier(armed):
    out = armed("check", "Ajax", "3/DX+Sword", "--dice", "3,3,3").stdout
    assert out == (
        "Ajax 3/DX+Sword: rolled 3, 3, 3 +1 (curse Rot) = 10 vs 10 "
        "(DX 11 -3 (armor restriction (R30)) +2 (skill Sword)): success (chance 37.5%)\n"
    )


def test_a_damage_roll_names_the_skill_and_the_curse(armed):
    armed.json("character", "set", "Ajax", "--combat", "Sword=damage")
    out = armed("roll", "--character", "Ajax", "--weapon", "Палаш", "--dice", "2,5").stdout
    assert out == "2D6: 2, 5 +2 (skill Sword (R24)) -1 (curse Rot) = 8 damage by Ajax\n"


def test_item_show_and_list_show_upgrades_and_forged_stones(armed):
    out = armed("item", "show", "Ajax", "Broadsword").stdout
    for text in (
        "slots (R39)            2 used, 1 free of 3",
        "Rune of Power (1 slot, dark stone)",
        "Void Edge (1 slot, forged, 2 stones)",
        "state                  held",
    ):
        assert text in out
    listing = armed("item", "list", "Ajax").stdout
    assert "+Void Edge (1 slot, forged, 2 stones)" in listing


def test_the_character_view_shows_hands_with_to_hit_and_damage(armed):
    out = armed("character", "show", "Ajax").stdout
    assert "in hand               Broadsword: hits on 3/DX under 10, damage 2D6-1" in out
    assert "worn                  Chainmail" in out and "curses                Rot" in out


@pytest.mark.parametrize("columns", [80, 120])
def test_tables_on_a_terminal_never_cut_names(camp, columns):
    camp.json("character", "create", "Sheridan Featherstonehaugh", "--st", "10", "--dx", "11", "--iq", "11")
    camp.json("item", "add", "Sheridan Featherstonehaugh", "Grandmother's Enchanted Umbrella", "--kind", "artifact")
    screen = on_terminal(camp, "character", "list", columns=columns) + on_terminal(
        camp, "item", "list", "Sheridan Featherstonehaugh", columns=columns
    )
    assert "…" not in screen
    assert "Featherstonehaugh" in screen and "Umbrella" in screen and "artifact" in screen
    visible = re.sub(r"\x1b\[[0-9;]*m", "", screen)
    assert max(len(line.rstrip("\r")) for line in visible.splitlines()) <= columns


def test_statuses_have_colour_on_a_terminal_unless_no_color(camp):
    camp.json("damage", "Merlin", "16")
    coloured = on_terminal(camp, "character", "list")
    assert "\x1b[31mdead" in coloured or "\x1b[31m" in coloured
    plain = on_terminal(camp, "character", "list", env={"NO_COLOR": "1"})
    assert "dead" in plain and "\x1b[31m" not in plain


def test_piped_log_is_one_row_per_event_and_not_padded_to_the_longest_line(camp, monkeypatch):
    """Piped (CLI.md, seventh revision): a row is one line, never wrapped; a 5,000-character
    cell does not widen its column, so no other row moves (issue 76)."""
    monkeypatch.setenv("COLUMNS", "80")
    camp.json("xp", "award", "1", "Ajax", "--reason", "x" * 490)
    camp.json("roll", "100d100", "--seed", "1")
    camp.json("gold", "add", "Ajax", "1")
    lines = camp("log").stdout.splitlines()
    assert len(lines) == 2 + len(camp.json("log"))  # the title, the header, one line an event
    assert any(len(line) > 400 for line in lines)
    gold = next(line for line in lines if "Ajax gets 1 gold" in line)
    assert len(gold.rstrip()) < 200


def test_deaths_and_the_dying_are_announced(camp):
    camp.json("fight", "start")
    camp.json("damage", "Ajax", "13")
    out = camp("fight", "end", "--won").stdout
    assert "Ajax is dying: heal below ST 12 before the next fight end, rest or adventure end (R20)" in out
    assert "Ajax dies (R20)" in camp("rest").stdout.splitlines()


def test_plurals(camp):
    assert camp("wish", "add", "Ajax", "1").stdout == "Ajax has 1 wish\n"
    assert camp("wish", "add", "Ajax", "1").stdout == "Ajax has 2 wishes\n"
    assert camp("curse", "apply", "Ajax", "Rot").stdout == "Ajax is cursed: every roll 1 worse (R18)\n"


@pytest.mark.parametrize(
    "shell, env, expect",
    [
        ("bash", {"COMP_WORDS": "campaign character show A", "COMP_CWORD": "3"}, "Ajax"),
        ("zsh", {"_TYPER_COMPLETE_ARGS": "campaign item hold Ajax Dag"}, "Dagger"),
        (
            "fish",
            {"_TYPER_COMPLETE_ARGS": "campaign skill use Ajax Пла", "_TYPER_COMPLETE_FISH_ACTION": "get-args"},
            "Плавание",
        ),
    ],
)
def test_completion_of_names_through_the_shell_protocol(camp, shell, env, expect):
    camp.json("item", "add", "Ajax", "Dagger")
    environ = {**os.environ, **env, "_CAMPAIGN_COMPLETE": f"complete_{shell}", "CAMPAIGN_FILE": str(camp.path)}
    done = subprocess.run(
        [sys.executable, "-m", "campaign_cli"], env=environ, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0 and expect in done.stdout and "Merlin" not in done.stdout


def test_completion_without_a_campaign_is_quiet(tmp_path):
    environ = {
        **os.environ,
        "_CAMPAIGN_COMPLETE": "complete_bash",
        "COMP_WORDS": "campaign character show A",
        "COMP_CWORD": "3",
        "CAMPAIGN_FILE": str(tmp_path / "none.json"),
    }
    done = subprocess.run(
        [sys.executable, "-m", "campaign_cli"], env=environ, capture_output=True, text=True, timeout=60
    )
    assert (done.returncode, done.stdout.strip(), done.stderr) == (0, "", "")


def test_the_character_sheet_in_markdown_and_html(armed):
    md = armed("character", "sheet", "Ajax").stdout
    html = armed("character", "sheet", "Ajax", "--format", "html").stdout
    for text in (
        "ST / DX / IQ",
        "12 / 11 / 9",
        "8 / 4",
        "Sword",
        "level 2",
        "hits on 3/DX under 10, damage 2D6-1",
        "Chainmail",
        "Void Edge (1 slot, forged, 2 stones)",
        "3 of 17",
        "Rot",
        "XP / karma / wishes",
    ):
        assert text in md and text in html, text
    tree = ET.fromstring(html.split("\n", 1)[1])  # well-formed (XHTML-compatible) after the doctype
    assert tree.tag == "html" and tree.find("head/style") is not None
    assert "http" not in html and "<script" not in html  # self-contained


def test_sheet_escapes_user_text(camp):
    camp.json("character", "create", "<b>Rogue</b> & Co", "--st", "10", "--dx", "11", "--iq", "11")
    html = camp("character", "sheet", "<b>Rogue</b> & Co", "--format", "html").stdout
    assert "&lt;b&gt;Rogue&lt;/b&gt; &amp; Co" in html and "<b>Rogue" not in html


def test_a_table_too_wide_for_80_columns_is_stacked_not_cut(camp):
    camp.json("catalog", "import", str(ROOT / "samples" / "packs" / "frontier.json"))
    screen = re.sub(r"\x1b\[[0-9;]*m", "", on_terminal(camp, "catalog", "items", columns=80))
    assert "…" not in screen and max(len(line.rstrip("\r")) for line in screen.splitlines()) <= 80
    assert "Grandfather's Compass" in screen and "source: frontier" in screen and "heft: 10" in screen
    wide = re.sub(r"\x1b\[[0-9;]*m", "", on_terminal(camp, "catalog", "items", "--search", "rope", columns=120))
    assert "Верёвка / Веревка" in wide and "frontier" in wide and "source:" not in wide


def test_stacked_rows_are_headed_by_id_and_name_in_either_language(camp):
    camp.json("item", "add", "Ajax", "Broadsword", "--weight", "3", "--value", "40", "--slots", "2")
    camp.json("item", "add", "Ajax", "Leather", "--weight", "4")
    screen = re.sub(r"\x1b\[[0-9;]*m", "", on_terminal(camp, "item", "list", "Ajax", columns=40))
    assert re.search(r"^#3 Broadsword\s*$", screen, re.M) and "  kind: weapon" in screen and "item:" not in screen
    russian = re.sub(
        r"\x1b\[[0-9;]*m", "", on_terminal(camp, "item", "list", "Ajax", columns=40, env={"CAMPAIGN_LANG": "ru"})
    )
    assert re.search(r"^#4 Кожа\s*$", russian, re.M) and "  вид: броня" in russian and "  где: в рюкзаке" in russian
