"""man/ is generated from the command tree; this fails when the committed pages are stale."""

from pathlib import Path

from campaign_cli.cli import manpage

MAN = Path(__file__).resolve().parent.parent / "man"


def test_man_pages_are_up_to_date():
    want = manpage.pages()
    have = {p.name: p.read_text() for p in MAN.glob("*.1")}
    stale = sorted(n for n in set(want) | set(have) if want.get(n) != have.get(n))
    assert not stale, f"stale man pages {stale}: run `python -m campaign_cli.cli.manpage man`"


def test_every_command_has_a_page_with_an_example():
    pages = manpage.pages()
    assert "campaign.1" in pages and "campaign-character-create.1" in pages
    leaf = [text for name, text in pages.items() if ".SH COMMANDS" not in text]
    assert leaf and all(".SH EXAMPLES" in text and "$ campaign" in text for text in leaf)
