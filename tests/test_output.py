"""The output module: Rich only on a terminal, NO_COLOR honoured, user text literal."""

import io
import sys

from campaign_cli.cli import output
from campaign_cli.cli.output import Fields, Line, Table


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
