"""man/ is generated from the command tree; this fails when the committed pages are stale."""

import re
import shutil
import subprocess
from pathlib import Path

import manpage
import pytest

MAN = Path(__file__).resolve().parent.parent / "man"


def test_man_pages_are_up_to_date():
    want = manpage.pages()
    have = {p.name: p.read_text() for p in MAN.glob("*.1")}
    stale = sorted(n for n in set(want) | set(have) if want.get(n) != have.get(n))
    assert not stale, f"stale man pages {stale}: run `python tools/manpage.py man`"


def test_russian_man_pages_are_up_to_date_and_russian():
    want = manpage.pages("ru")
    have = {p.name: p.read_text() for p in (MAN / "ru").glob("*.1")}
    stale = sorted(n for n in set(want) | set(have) if want.get(n) != have.get(n))
    assert not stale, f"stale man pages {stale}: run `python tools/manpage.py man/ru --lang ru`"
    assert set(want) == set(manpage.pages())
    page = want["campaign-character-create.1"]
    for text in (
        ".SH ИМЯ",
        ".SH ОПИСАНИЕ",
        ".SH ПРИМЕРЫ",
        ".SH КОД ВОЗВРАТА",
        "Создать персонажа: ST+DX+IQ = 32",
        "Сила (R1).",
        "Показать эту справку и выйти.",
    ):
        assert text in page
    assert "Usage" not in page and "Examples" not in page


def test_every_command_has_a_page_with_an_example():
    pages = manpage.pages()
    assert "campaign.1" in pages and "campaign-character-create.1" in pages
    leaf = [text for name, text in pages.items() if ".SH COMMANDS" not in text]
    assert leaf and all(".SH EXAMPLES" in text and "$ campaign" in text for text in leaf)


def test_pyproject_puts_every_page_under_share_man():
    """pyproject.toml's data-files take every page, English and Russian, into share/man.
    (.ci/run checks the built wheel holds all of them: building one here cost the suite
    5-11 s.)"""
    import tomllib

    files = tomllib.loads((MAN.parent / "pyproject.toml").read_text())["tool"]["setuptools"]["data-files"]
    assert files == {"share/man/man1": ["man/*.1"], "share/man/ru/man1": ["man/ru/*.1"]}
    assert len(list(MAN.glob("*.1"))) == len(list((MAN / "ru").glob("*.1"))) > 100


def test_pages_have_exit_status_environment_and_files():
    text = (MAN / "campaign-item-add.1").read_text()
    for section in (
        ".SH EXIT STATUS",
        ".SH ENVIRONMENT",
        ".SH FILES",
        "CAMPAIGN_LANG",
        "CAMPAIGN_LOCK_WAIT",
        "NO_COLOR",
        "CAMPAIGN_DEBUG",
        "campaign.json.journal",
        "campaign.json.lock",
    ):
        assert section in text


@pytest.mark.skipif(shutil.which("groff") is None, reason="groff is not installed")
def test_pages_render_at_80_columns_without_split_identifiers_or_long_examples():
    """`.nh`: groff never hyphenates (CAM-PAIGN_FILE); examples are wrapped as shell continuations."""
    for folder in (MAN, MAN / "ru"):
        pages = sorted(folder.glob("*.1"))
        for page in pages:
            assert "\n.nh\n" in page.read_text(), page
        shown = subprocess.run(  # one groff for a folder's pages: each page starts anew at its .TH
            ["groff", "-k", "-man", "-Tutf8", "-rLL=80n", "-P-c", *map(str, pages)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for line in re.sub(".\x08", "", shown).splitlines():  # bold and underline are overstrikes
            assert len(line) <= 80, (folder, line)
            assert not re.search(r"\w-$", line.rstrip()), (folder, line)


def test_every_page_names_the_short_help_option_too():
    """CLI.md: man pages list every option as --help does, `-h, --help` included (issue 76)."""
    root = Path(__file__).resolve().parent.parent / "man"
    pages = [*root.glob("*.1"), *(root / "ru").glob("*.1")]
    assert pages and all("\\fB\\-h, \\-\\-help\\fR" in p.read_text(encoding="utf-8") for p in pages)
