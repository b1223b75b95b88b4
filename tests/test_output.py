"""The output module: Rich only on a terminal, NO_COLOR honoured, user text literal."""

import io
import subprocess
import sys

from campaign_cli.cli import output
from campaign_cli.cli.output import Fields, Line, Table
from campaign_cli.render import layout


class Tty(io.StringIO):
    def isatty(self):
        return True


def _render_on_tty(monkeypatch, views):
    fake = Tty()
    monkeypatch.setattr(sys, "stdout", fake)
    monkeypatch.setenv("COLUMNS", "120")
    output.render(views)
    return fake.getvalue()


def test_terminal_output_uses_rich_and_keeps_markup_literal(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("FORCE_COLOR", "1")
    text = _render_on_tty(monkeypatch, [Table("Characters", ["name"], [["[bold]x[/bold]"]]), Fields("A", [("k", "v")])])
    assert "[bold]x[/bold]" in text
    assert "\x1b[" in text  # styled: this really went through Rich


def test_no_color_drops_colours_on_a_terminal(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    text = _render_on_tty(monkeypatch, [Fields("Ajax", [("status", "ok")])])
    assert "\x1b[36m" not in text and "Ajax" in text


def test_escape_sequences_are_shown_not_obeyed(monkeypatch):
    text = _render_on_tty(monkeypatch, [Line("evil\x1b[2Jname")])
    assert "\\x1b[2J" in text and "\x1b[2J" not in text


def test_piped_output_does_not_import_rich():
    import subprocess

    code = (
        "import sys; from campaign_cli.cli import output; "
        "output.render([output.Table('T', ['a'], [['1']])]); "
        "sys.exit(1 if 'rich' in sys.modules else 0)"
    )
    assert subprocess.run([sys.executable, "-c", code], capture_output=True).returncode == 0


def test_json_is_written_verbatim(capsys):
    output.emit({"name": "[bold]x[/bold]", "long": "y" * 300}, json_out=True)
    out = capsys.readouterr().out
    assert '"[bold]x[/bold]"' in out and "y" * 300 in out


def _campaign(*args: str, env: dict | None = None, cwd=None) -> subprocess.CompletedProcess[str]:
    import os

    base = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "NO_COLOR")}
    return subprocess.run(
        [sys.executable, "-m", "campaign_cli", *args],
        capture_output=True,
        text=True,
        env={**base, "CAMPAIGN_LANG": "en", **(env or {})},
        cwd=cwd,
    )


def test_dash_capital_v_prints_the_version():
    from campaign_cli import __version__

    done = _campaign("-V")
    assert done.returncode == 0 and done.stdout == f"campaign {__version__}\n"


def test_force_color_colours_piped_output_and_no_color_takes_it_away(tmp_path):
    assert _campaign("init", cwd=tmp_path).returncode == 0
    _campaign("character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9", cwd=tmp_path)
    plain = _campaign("character", "list", cwd=tmp_path).stdout
    forced = _campaign("character", "list", env={"FORCE_COLOR": "1"}, cwd=tmp_path).stdout
    both = _campaign("character", "list", env={"FORCE_COLOR": "1", "NO_COLOR": "1"}, cwd=tmp_path).stdout
    assert "\x1b[" not in plain and "\x1b[" in forced and "Ajax" in forced
    assert "\x1b[3" not in both  # no colour (Rich may still draw bold)
    assert _campaign("character", "list", "--json", env={"FORCE_COLOR": "1"}, cwd=tmp_path).stdout.startswith("[")


def test_plain_columns_line_up_with_long_and_wide_names(tmp_path):
    names = ["Ajax", "Sir Reginald Montgomery-Fitzwilliam of the Eastern Marches", "李小龍", "Святослав"]
    assert _campaign("init", cwd=tmp_path).returncode == 0
    for name in names:
        made = _campaign("character", "create", name, "--st", "12", "--dx", "11", "--iq", "9", cwd=tmp_path)
        assert made.returncode == 0, made.stderr
    lines = _campaign("character", "list", cwd=tmp_path).stdout.splitlines()
    rows = {name: next(line for line in lines if name in line) for name in names}

    def next_column_at(row: str, name: str) -> int:  # in terminal cells
        end = row.index(name) + len(name)
        return layout.cells(row[:end]) + len(row[end:]) - len(row[end:].lstrip())

    # piped (CLI.md, seventh revision): names up to 40 cells line up; a longer one does not
    # widen its column, the rest of its row moves right, and every row stays one line
    short = {name: row for name, row in rows.items() if layout.cells(name) <= 40}
    assert len({next_column_at(row, name) for name, row in short.items()}) == 1, lines
    long = names[1]
    assert next_column_at(rows[long], long) > next_column_at(rows["Ajax"], "Ajax")
    assert len(lines) == 2 + len(names)  # the title, the header, one line a row


def test_the_html_sheet_heads_each_row_with_th(tmp_path):
    assert _campaign("init", cwd=tmp_path).returncode == 0
    _campaign("character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9", cwd=tmp_path)
    page = _campaign("character", "sheet", "Ajax", "--format", "html", cwd=tmp_path).stdout
    assert '<th scope="row">' in page and "<td>Ajax" not in page


def test_json_escapes_every_control_and_format_character_wherever_it_comes_from(tmp_path):
    """U+0085, U+009B (CSI), U+202E (right-to-left override), DEL: escaped as \\uXXXX in
    --json, --jsonl and the export, never written raw; the data decodes the same."""
    import json

    from campaign_cli import jsontext

    nasty = "x\x7f\x85\x9b2J\u202eevil\u200b\U000e0041"
    text = jsontext.shown({"reason": nasty})
    assert all(c not in text for c in "\x7f\x85\x9b\u202e\u200b\U000e0041") and json.loads(text)["reason"] == nasty
    assert "\\u202e" in text and "\\udb40\\udc41" in text  # a character beyond the BMP as a surrogate pair
    assert _campaign("init", cwd=tmp_path).returncode == 0
    _campaign("character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9", cwd=tmp_path)
    before = (tmp_path / "campaign.json").read_bytes()
    refused = _campaign("xp", "award", "1", "Ajax", "--reason", nasty, cwd=tmp_path)  # CLI.md: bad input, exit 2
    assert refused.returncode == 2 and "--reason" in refused.stderr
    assert (tmp_path / "campaign.json").read_bytes() == before
    for args in (("log", "--json"), ("log", "--jsonl"), ("export",)):
        out = _campaign(*args, cwd=tmp_path).stdout
        assert all(c not in out for c in "\x7f\x85\x9b\u202e\u200b"), args


def test_the_stat_block_writes_no_raw_control_character():
    from campaign_cli.rules import interchange

    ch = {
        "name": "Evil\nWeapons: Nuke (9d6)\x1b]0;pwned\x07",
        "kind": "hero",
        "st": 12,
        "dx": 11,
        "iq": 9,
        "skills": {},
        "spells": [],
        "items": [{"name": "Rope\u202e", "kind": "gear"}],
    }
    block = interchange.to_statblock(ch)
    assert "\x1b" not in block and "\x07" not in block and "\u202e" not in block
    assert [line for line in block.splitlines() if line.startswith("Weapons:")] == []  # no forged line
    assert "Evil\\x0aWeapons" in block
