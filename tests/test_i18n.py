"""Issue 15: the interface in Russian (CLI.md "Language").

The catalog is whole (every string in the code has a Russian entry, the template is not
stale, the compiled catalog matches); the language is chosen as CLI.md says; a Russian
run speaks Russian everywhere a person reads, and JSON, error codes, exit codes and
stored data are the same in every language.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from campaign_cli import i18n
from campaign_cli.cli.app import app
from campaign_cli.run import RUN
from tests.runner import CliRunner

ROOT = Path(__file__).resolve().parent.parent


@functools.cache
def _tool():  # loaded once: it reads the package's code once a run
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def ru(path: Path, *args: str, input: str | None = None):
    return CliRunner().invoke(app, ["--lang", "ru", "-c", str(path), *args], input=input)


def en(path: Path, *args: str, input: str | None = None):
    return CliRunner().invoke(app, ["-c", str(path), *args], input=input)


@pytest.fixture
def party(tmp_path: Path) -> Path:
    return seat_party(tmp_path / "c.json")


def seat_party(path: Path) -> Path:
    """A campaign at PATH with Ajax (hero) and Merlin (wizard)."""
    for args in (
        ["init", "--name", "Road"],
        [
            "character",
            "create",
            "Ajax",
            "--st",
            "12",
            "--dx",
            "11",
            "--iq",
            "9",
            "--skill",
            "Swimming",
            "--skill",
            "Sword=2",
        ],
        [
            "character",
            "create",
            "Merlin",
            "--st",
            "8",
            "--dx",
            "10",
            "--iq",
            "14",
            "--wizard",
            "--spell",
            "Fireball=12",
            "--skill",
            "Medic",
        ],
    ):
        assert en(path, *args).exit_code == 0
    return path


# --- the catalog --------------------------------------------------------------------


def test_catalog_is_whole_template_fresh_and_compiled():
    """Every translatable string has a non-empty, non-fuzzy Russian entry with the same
    placeholders; campaign.pot is what the code holds; ru.mo is ru.po compiled."""
    assert _tool().problems() == []


def test_catalog_check_catches_a_lost_placeholder_and_a_missing_plural_form():
    tool = _tool()
    assert tool.mismatched("{name} has {n} wish", "{name} has {n} wishes", ["у {name} {n} желание"]) == []
    assert tool.mismatched("{name} has {n} wish", "{name} has {n} wishes", ["у него {n} желание"]) == [
        "у него {n} желание"
    ]
    assert tool.mismatched("no {what} named {name!r}", None, ["не найдено: {what}"]) == ["не найдено: {what}"]
    # a name in «ёлочки» fills the field the English repr fills (CLI.md "Language")
    assert tool.mismatched("no {what} named {name!r}", None, ["не найдено: {what} «{name}»"]) == []


def test_check_reports_an_f_string_given_to_the_translator(tmp_path: Path, monkeypatch):
    tool = _tool()
    (tmp_path / "campaign_cli").mkdir()
    (tmp_path / "campaign_cli" / "x.py").write_text('name = "Ajax"\nprint(_(f"no {name}"), _("fine {name}"))\n')
    monkeypatch.setattr(tool, "PACKAGE", tmp_path / "campaign_cli")
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    assert tool.formatted_too_early() == ["campaign_cli/x.py:2: an f-string given to _()"]


def test_extractor_finds_messages_help_and_click_words():
    found = {msgid for msgid, _plural in _tool().extract()}
    assert "R16: a new {what} may only be learned between adventures" in found  # a rules refusal
    assert "Show one character." in found  # a help_text summary
    assert "The character's name (any case) or id." in found  # an option's help=
    assert "Show this message and exit." in found and "Usage: " in found  # Click's own words
    assert ("{n} wound", "{n} wounds") in _tool().extract()  # a plural pair


def test_the_catalog_read_in_place_answers_as_the_standard_library():
    """i18n.Catalog (a binary search of the .mo, nothing decoded at load) gives what
    gettext.GNUTranslations gives for every message, context and plural form shipped."""
    import gettext

    import polib

    from campaign_cli.i18n import Catalog

    folder = ROOT / "campaign_cli" / "locale" / "ru" / "LC_MESSAGES"
    for name in ("campaign", "campaign-examples"):
        data = (folder / f"{name}.mo").read_bytes()
        ours, theirs = Catalog(data), gettext.GNUTranslations(__import__("io").BytesIO(data))
        for e in polib.mofile(str(folder / f"{name}.mo")):
            if e.msgid_plural:
                for n in (0, 1, 2, 5, 11, 21, 22, 101, 1_000_000):
                    assert ours.ngettext(e.msgid, e.msgid_plural, n) == theirs.ngettext(e.msgid, e.msgid_plural, n)
            elif e.msgctxt:
                assert ours.pgettext(e.msgctxt, e.msgid) == theirs.pgettext(e.msgctxt, e.msgid)
            else:
                assert ours.gettext(e.msgid) == theirs.gettext(e.msgid)
        for missing in ("no such message", "zzz", "\x00"):  # before the first and after the last
            assert ours.gettext(missing) == theirs.gettext(missing) == missing
        assert ours.ngettext("no wish", "no wishes", 2) == "no wishes"


def test_mo_round_trips_through_the_standard_library(tmp_path: Path):
    """Our .mo writer's output is read by gettext.GNUTranslations with Russian plural rules."""
    import gettext

    tool = _tool()
    po = tmp_path / "x.po"
    tool.write_po(
        po,
        "ru",
        [
            {
                "msgid": "{n} wish",
                "msgid_plural": "{n} wishes",
                "flags": [],
                "comments": [],
                "msgstr": {0: "{n} желание", 1: "{n} желания", 2: "{n} желаний"},
            },
            {
                "msgid": "Line\none \"quoted\"",
                "msgid_plural": None,
                "flags": [],
                "comments": [],
                "msgstr": {0: "Строка\nодна «в кавычках»"},
            },
        ],
    )
    (tmp_path / "x.mo").write_bytes(tool.mo_bytes(po))
    with open(tmp_path / "x.mo", "rb") as fp:
        cat = gettext.GNUTranslations(fp)
    assert [cat.ngettext("{n} wish", "{n} wishes", n).replace("{n}", str(n)) for n in (1, 2, 5, 11, 21, 22, 25)] == [
        "1 желание",
        "2 желания",
        "5 желаний",
        "11 желаний",
        "21 желание",
        "22 желания",
        "25 желаний",
    ]
    assert cat.gettext('Line\none "quoted"') == "Строка\nодна «в кавычках»"


# --- choosing the language ----------------------------------------------------------


@pytest.mark.parametrize(
    "args, env, lang",
    [
        (["--lang", "ru", "status"], {}, "ru"),
        (["--lang=ru", "status"], {}, "ru"),
        (["-c", "x.json", "--lang", "ru", "status"], {}, "ru"),
        (["--lang", "en", "status"], {"CAMPAIGN_LANG": "ru"}, "en"),  # the option wins
        (["status"], {"CAMPAIGN_LANG": "ru"}, "ru"),
        (["status"], {"CAMPAIGN_LANG": "en", "LANG": "ru_RU.UTF-8"}, "en"),  # CAMPAIGN_LANG before the locale
        (["status"], {"LC_ALL": "ru_RU.UTF-8"}, "ru"),
        (["status"], {"LC_MESSAGES": "ru_RU", "LANG": "en_US.UTF-8"}, "ru"),  # LC_MESSAGES before LANG
        (["status"], {"LC_ALL": "en_GB.UTF-8", "LC_MESSAGES": "ru_RU"}, "en"),  # LC_ALL first
        (["status"], {"LANG": "ru_RU.UTF-8"}, "ru"),
        (["status"], {"LANG": "de_DE.UTF-8"}, "en"),  # unknown: English, no error
        (["--lang", "klingon", "status"], {}, "en"),
        (["status"], {}, "en"),
        (["--lang", "ru", "status", "--json"], {}, "ru"),  # a JSON error's message speaks it (sixth revision)
        (["--lang", "ru", "recap", "--format", "json"], {}, "ru"),
        (["status", "--lang", "ru"], {}, "en"),  # --lang is a root option: after the command it is not one
        (["--lang", "ru", "batch", "-"], {}, "ru"),  # batch's JSON errors speak it too
        (["-c", "x.json", "batch", "lines.jsonl"], {"CAMPAIGN_LANG": "ru"}, "ru"),
        (["--lang", "ru", "batch", "--help"], {}, "ru"),  # its help is for a person
    ],
)
def test_language_is_chosen_as_cli_md_says(args, env, lang):
    assert i18n.requested(args, env) == lang


def test_an_unknown_locale_falls_back_to_english_silently(party: Path, monkeypatch):
    """CLI.md (sixth revision): an unknown locale means English without a word; an unknown
    `--lang` is a usage error (test_an_unknown_language_is_never_english_in_silence)."""
    for var in ("CAMPAIGN_LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "xx_XX.UTF-8")
    result = CliRunner().invoke(app, ["-c", str(party), "character", "show", "Ajax"])
    assert result.exit_code == 0 and result.stderr == "", result.stderr
    assert "adjusted DX / MA" in result.stdout


def test_the_locale_alone_chooses_russian(party: Path, monkeypatch):
    for var in ("CAMPAIGN_LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    result = en(party, "character", "show", "Ajax")
    assert "действительная DX / MA" in result.stdout


def test_english_runs_never_load_the_catalog(party: Path, monkeypatch):
    i18n.use("en")
    loaded: list[str] = []
    real = i18n.load_catalog
    monkeypatch.setattr(i18n, "load_catalog", lambda name: loaded.append(name) or real(name))
    en(party, "character", "show", "Ajax", "--json")
    en(party, "character", "show", "Ajax")
    assert loaded == [] and RUN.catalog is None
    said = ru(
        party, "character", "show", "Ajx", "--json"
    ).stderr  # a Russian run, JSON or not: its errors speak Russian
    assert loaded == ["campaign"] and "нет персонажа «Ajx»" in said
    assert RUN.catalog is None  # the run's language is its own: nothing of it outlives the command


# --- what a Russian speaker reads ---------------------------------------------------


def test_russian_character_view_uses_the_seeds_words(party: Path):
    out = ru(party, "character", "show", "Ajax").stdout
    assert "действительная DX / MA" in out and "XP / карма / желания" in out and "повреждения / усталость" in out
    assert "Плавание 1, Меч 2" in out  # R23's Russian names
    assert "Меч 2 (на меткость)" in out  # R24: levels go to hit
    assert "состояние" in out and "в строю" in out
    assert "kind" not in out and "hero" not in out
    # issue 74: no `label: value` glued inside a field, no `Меч=1`
    assert re.search(r"тёмный камень\s+0 отдельно, всего 0", out) and "=" not in out, out


def test_russian_plurals_of_wishes(party: Path):
    lines = [ru(party, "wish", "add", "Ajax", n).stdout.strip() for n in ("1", "1", "3", "16", "1")]
    assert lines == [
        "Ajax: 1 желание",
        "Ajax: 2 желания",
        "Ajax: 5 желаний",
        "Ajax: 21 желание",
        "Ajax: 22 желания",
    ]


def test_russian_refusals_name_the_rule_and_leave_the_file_alone(party: Path):
    before = party.read_bytes()
    cases = [
        (
            ["character", "create", "Hector", "--st", "12", "--dx", "12", "--iq", "12"],
            "R2: ST+DX+IQ в сумме должны давать 32, а здесь 12+12+12 = 36",
        ),
        (
            ["item", "add", "Ajax", "Бочка", "--weight", "30", "--custom"],
            "R33: вес предмета «Бочка» — 30, а Ajax уже несёт 0 из 17",
        ),
        (["forge", "Ajax", "Палаш"], "Ajax: нет предмета «Палаш»"),
        (["curse", "remove", "Ajax", "Rot", "--pay", "karma"], "Ajax: нет проклятия «Rot»"),
        (["cast", "Merlin", "Light"], "Merlin: нет заклинания «Light»"),
        (["character", "show", "Ajxa"], "нет персонажа «Ajxa»; может быть, «Ajax»?"),
    ]
    for args, message in cases:
        result = ru(party, *args)
        assert result.exit_code == 1, (args, result.stderr)
        assert result.stderr == f"campaign: ошибка: {message}\n"
    assert party.read_bytes() == before


def test_a_rule_refusal_after_a_change_is_russian_too(party: Path):
    assert ru(party, "adventure", "start", "Склеп").exit_code == 0
    result = ru(party, "xp", "spend", "Ajax", "--skill", "Stealth")
    assert result.stderr == "campaign: ошибка: R16: новое умение можно изучить только между приключениями\n"


def test_click_words_and_usage_errors_in_russian(party: Path):
    help_ = ru(party, "character", "create", "--help").stdout
    assert help_.startswith("Использование: campaign character create [ОПЦИИ]")
    assert "Создать персонажа: ST+DX+IQ = 32" in help_ and "Примеры:" in help_
    assert "Аргументы:" in help_ and "Опции:" in help_ and "Показать эту справку и выйти." in help_
    assert "[обязательно]" in help_
    assert "Usage" not in help_ and "Options" not in help_
    typo = ru(party, "character", "creat")
    assert typo.exit_code == 2
    assert typo.stderr == (
        "campaign: ошибка: Нет такой команды «creat». Может быть, «create»? (см. `campaign character --help`)\n"
    )
    option = ru(party, "character", "show", "Ajax", "--jsn")
    assert option.exit_code == 2 and "Нет такой опции: --jsn" in option.stderr
    number = ru(party, "character", "create", "A", "--st", "x", "--dx", "1", "--iq", "1")
    assert number.exit_code == 2 and "Неверное значение для «--st»: «x» — не целое число." in number.stderr


def test_root_help_groups_are_russian(tmp_path: Path):
    out = CliRunner().invoke(app, ["--lang", "ru"]).stdout
    assert "Кампания:" in out and "Персонажи:" in out and "Броски:" in out and "Снаряжение:" in out
    assert "--lang ru|en" in out


def test_russian_sheet(party: Path):
    md = ru(party, "character", "sheet", "Ajax").stdout
    assert md.startswith("# Ajax\n\n*герой, #")
    assert "## Атрибуты" in md and "## Умения и заклинания" in md and "| Плавание | уровень 1 |" in md
    assert "| Меч | уровень 2, на меткость (R24) |" in md
    html = ru(party, "character", "sheet", "Ajax", "--format", "html").stdout
    assert '<html lang="ru">' in html and "<h2>Состояние</h2>" in html


def test_russian_recap_markdown(party: Path):
    ru(party, "adventure", "start", "Склеп")
    ru(party, "damage", "Ajax", "3")
    md = ru(party, "recap", "--format", "md").stdout
    assert md.startswith("## Итоги: Склеп\n")
    assert "- **Бои:** 0" in md and "- получено 3 повреждения" in md


# --- what never changes with the language -------------------------------------------

SEEDED = [
    ["check", "Ajax", "3/DX", "--seed", "4"],
    ["check", "--party", "3/IQ", "--who", "all", "--seed", "2"],
    ["wish", "add", "Ajax", "2"],
    ["item", "add", "Ajax", "Палаш"],
    ["item", "list", "Ajax"],
    ["character", "show", "Ajax"],
    ["xp", "spend", "Ajax", "--attribute", "ST", "--dry-run"],
    ["roll", "2D6", "--seed", "9"],
    ["catalog", "show", "Кожа"],
    ["character", "show", "Nobody"],  # an error object
    ["cast", "Merlin", "Fireball", "--seed", "1"],
]


def _json_run(tmp_path: Path, name: str, lang: list[str], env: dict) -> list[tuple]:
    path = tmp_path / name
    runner = CliRunner(env=env)
    out = []
    for args in [
        ["init", "--name", "Road"],
        ["character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9", "--skill", "Swimming"],
        [
            "character",
            "create",
            "Merlin",
            "--st",
            "8",
            "--dx",
            "10",
            "--iq",
            "14",
            "--wizard",
            "--spell",
            "Fireball=12",
        ],
        *SEEDED,
    ]:
        result = runner.invoke(app, [*lang, "-c", str(path), *args, "--json"])
        error = json.loads(result.stderr)["error"] if result.stderr.startswith("{") else None
        if error is not None:  # the message speaks the run's language (CLI.md); the rest never changes
            error["message"] = bool(error.get("message"))
        said = json.dumps(error) if error is not None else result.stderr
        out.append((result.exit_code, result.stdout.replace(str(path), "FILE"), said.replace(str(path), "FILE")))
    return out


def test_json_is_byte_identical_in_every_language(tmp_path: Path):
    english = _json_run(tmp_path, "en.json", [], {"CAMPAIGN_LANG": "en"})
    assert _json_run(tmp_path, "ru1.json", ["--lang", "ru"], {}) == english
    assert _json_run(tmp_path, "ru2.json", [], {"CAMPAIGN_LANG": "ru"}) == english
    assert (
        _json_run(
            tmp_path, "ru3.json", [], {"CAMPAIGN_LANG": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "ru_RU.UTF-8"}
        )
        == english
    )
    assert any(code == 1 and '"code": "unknown_character"' in err for code, _out, err in english)
    russian = CliRunner(env={"CAMPAIGN_LANG": "ru"}).invoke(
        app, ["-c", str(tmp_path / "ru2.json"), "gold", "add", "X", "1", "--json"]
    )
    assert json.loads(russian.stderr)["error"]["message"].startswith("нет персонажа")


def test_stored_data_is_english_after_a_russian_run(party: Path):
    ru(party, "check", "Ajax", "3/DX", "--dice", "1,2,3")
    ru(party, "curse", "apply", "Ajax", "Гниль")
    lines = '{"args": ["wish", "add", "Ajax", "1"]}\n{"args": ["gold", "add", "Ajax", "2"]}\n'
    assert ru(party, "batch", "-", input=lines).exit_code == 0
    stored = [json.loads(line) for line in Path(f"{party}.journal").read_text().splitlines()]
    assert stored[-3]["summary"] == "Ajax 3/DX: rolled 1, 2, 3 = 6 vs 11: success"  # the journal: English facts
    assert stored[-3]["events"] == [{"event": "checked", "name": "Ajax", "spec": "3/DX", "total": 6, "success": True}]
    assert stored[-2]["events"] == [{"event": "cursed", "name": "Ajax", "curse": "Гниль"}]
    assert stored[-1]["summary"] == "batch of 2 commands"
    entries = json.loads(en(party, "log", "--json").stdout)  # said in the reader's language when read
    assert entries[-3]["summary"] == "Ajax passes the check 3/DX (rolled 6)"
    assert entries[-2]["summary"] == "Ajax is cursed with Гниль"
    assert entries[-1]["summary"] == "Ajax gets 1 wish; Ajax gets 2 gold (now 2)"
    doc = json.loads(party.read_text())
    assert "успех" not in json.dumps(doc, ensure_ascii=False)


def test_russian_log_shows_commands_instead_of_english_summaries(party: Path):
    out = ru(party, "log", "--limit", "1").stdout
    assert out.splitlines()[1].split() == ["#", "время", "вид", "что", "произошло", "команда"]
    assert "campaign character create Merlin" in out and "created" not in out


# --- the Russian demo ---------------------------------------------------------------

# The words any language keeps: attribute abbreviations and command words.
ALLOWED = {"campaign", "ST", "DX", "IQ", "MA", "XP", "EOF", "id"}  # the demo's names are Russian in Russian


def english_words(line: str) -> list[str]:
    """The Latin-letter words in LINE that are not names, rule numbers, dice or command words."""
    line = re.sub(r"`[^`]*`", "", line)  # a command quoted in a sentence
    line = re.sub(r"/\S+", "", line)  # a file's path
    line = re.sub(r"--[a-z][a-z-]*", "", line)  # an option's name (CLI.md: option names stay)
    line = re.sub(r"\bcampaign .*", "", line)  # a command line (the journal, undo)
    line = re.sub(r"\d{4}-\d\d-\d\dT[\d:]+Z", "", line)  # a time
    line = re.sub(r"\bR\d+[a-z]?\b", "", line)  # a rule's number (R32a)
    words = re.findall(r"[A-Za-z][A-Za-z']*", line)
    return [w for w in words if w not in ALLOWED and not re.fullmatch(r"R\d+|\d*[dD]\d*|[AR]\d*", w)]


def test_russian_demo_shows_no_english_sentence():
    result = subprocess.run(
        [sys.executable, "-m", "campaign_cli", "--lang", "ru", "demo"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={"PATH": "/usr/bin:/bin", "CAMPAIGN_LANG": ""},
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "# Новый файл кампании." in out and "Демо-кампания была временной и уже удалена." in out
    text = re.sub(r"<<'EOF'\n.*?\nEOF", "", out, flags=re.S)  # the board a user pastes (JSON)
    text = re.sub(r"\n\{\n.*?\n\}\n", "\n", text, flags=re.S)  # the step that shows --json
    leftovers = [
        (line, english_words(line))
        for line in text.splitlines()
        if not line.startswith("$ campaign") and english_words(line)
    ]
    assert leftovers == []
    # the demo's characters have no gender: nothing may agree with one (issue 23)
    agreeing = re.findall(r"\b(вышел|вышла|погиб|погибла|проклят|проклята|убил|убила|мёртв|мертва|жив|жива)\b", out)
    assert agreeing == []


def test_english_demo_is_unchanged_in_english():
    result = subprocess.run(
        [sys.executable, "-m", "campaign_cli", "demo"],
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin", "CAMPAIGN_LANG": "en"},
    )
    assert result.returncode == 0
    assert "# A new campaign file." in result.stdout and "Ajax gets Broadsword (#6); carries 5 of 17" in result.stdout
    assert not re.search(r"[А-Яа-яЁё]", result.stdout.replace("Палаш", ""))


def test_a_typo_is_answered_in_the_language_it_was_typed_in(party: Path):
    """The resolver suggests each entry's closest name: Палш -> Палаш, Broadsord -> Broadsword,
    in either interface language (and the same in the JSON error)."""
    for run in (ru, en):
        error = json.loads(run(party, "catalog", "show", "Палш", "--json").stderr)["error"]
        assert error["suggestions"] == ["Палаш"]
        error = json.loads(run(party, "catalog", "show", "Broadsord", "--json").stderr)["error"]
        assert error["suggestions"][0] == "Broadsword"
    assert ru(party, "catalog", "show", "Палш").stderr == (
        "campaign: ошибка: нет записи каталога «Палш»; может быть, «Палаш»?\n"
    )
    for run in (ru, en):  # item add's "did you mean" (R26) too, by the spelling typed
        before = party.read_bytes()
        error = json.loads(run(party, "item", "add", "Ajax", "Кольчюга", "--json").stderr)["error"]
        assert error["suggestions"] == ["Кольчуга"] and party.read_bytes() == before
        error = json.loads(run(party, "item", "add", "Ajax", "Chainmal", "--json").stderr)["error"]
        assert error["suggestions"] == ["Chainmail"]
    assert ru(party, "item", "add", "Ajax", "Кольчюга").stderr == (
        "campaign: ошибка: в каталоге нет предмета «Кольчюга»; может быть, «Кольчуга»? "
        "(добавьте --custom, чтобы создать новый предмет с этим именем)\n"
    )


def test_catalog_names_are_correct_russian_and_the_seeds_spelling_still_finds_them(party: Path):
    """Стёганая, Двуручный меч, Копьё, Учёный are shown; Стеганная, 2-ручный меч, Копье and
    Ученый (the seed's spellings) name the same entries."""
    armor = ru(party, "catalog", "armor").stdout
    assert re.search(r"^Стёганая\s+Padded / Стеганная / Стеганая\s", armor, re.M), armor
    for typed, shown in (("Стеганная", "Стёганая"), ("2-ручный меч", "Двуручный меч"), ("Копье", "Копьё")):
        assert ru(party, "catalog", "show", typed).stdout.splitlines()[0].startswith(shown), typed
    assert "Учёный" in ru(party, "catalog", "skills").stdout
    assert (
        en(party, "character", "create", "S", "--st", "10", "--dx", "11", "--iq", "11", "--skill", "Ученый").exit_code
        == 0
    )


# (setup commands, the refused command, the Russian message it gives): one per rule a user meets.
RULE_REFUSALS = [
    (
        [],
        ["character", "create", "H", "--st", "10", "--dx", "11", "--iq", "11", "--spell", "Light"],
        "R3: у нового героя только очки умений; заклинания покупаются за XP позже (R15)",
    ),
    (
        [["xp", "award", "20", "Merlin"], ["xp", "spend", "Merlin", "--spell", "Big=20"]],
        ["cast", "Merlin", "Big"],
        "R9: рейтинг заклинания «Big» — 20, а IQ лишь 14: Merlin не может его наложить",
    ),
    (
        [],
        ["check", "Ajax", "3/DX", "--karma", "--dice", "6,6,6"],
        "Ajax: нет ни кармы, ни желания для переброса (R17)",
    ),
    (
        [["curse", "apply", "Ajax", "Гниль"]],
        ["curse", "apply", "Ajax", "гниль"],
        "R18: Ajax уже под проклятием «Гниль»; одно и то же проклятие дважды — всё равно одно проклятие",
    ),
    (
        [],
        ["skill", "use", "Merlin", "Medic", "--heal", "Ajax=1", "--dice", "1,1,1"],
        "R25: медик лечит только повреждения последнего боя; Ajax: таких повреждений 0, а не 1",
    ),
    (
        [
            ["item", "add", "Ajax", "Two-Handed Sword"],
            ["item", "add", "Ajax", "Малый щит"],
            ["item", "wear", "Ajax", "Малый щит"],
        ],
        ["item", "hold", "Ajax", "2-ручный меч"],  # the seed's spelling (an alias)
        "R26/R32: Двуручный меч — двуручное оружие и не сочетается со щитом; сначала снимите щит «Малый щит»",
    ),
    (
        [["item", "add", "Merlin", "Дубина", "--custom", "--damage", "1D6", "--heft", "12"]],
        ["item", "hold", "Merlin", "Дубина"],
        "R27: Merlin не удержит «Дубина»: громоздкость 12, а ST лишь 8",
    ),
    (
        [],
        ["item", "add", "Ajax", "Камень", "--custom", "--weight", "30"],
        "R33: вес предмета «Камень» — 30, а Ajax уже несёт 0 из 17",
    ),
    (
        [["item", "add", "Merlin", "Жезл", "--custom", "--requires", "Закон"]],
        ["item", "hold", "Merlin", "Жезл"],
        "R34: Жезл — только для тех, у кого есть ключевое слово «Закон»; Merlin: такого ключевого слова нет",
    ),
    (
        [
            ["item", "add", "Ajax", "Шляпа", "--custom", "--clothing", "голова"],
            ["item", "add", "Ajax", "Шлем", "--custom", "--clothing", "голова"],
            ["item", "wear", "Ajax", "Шляпа"],
        ],
        ["item", "wear", "Ajax", "Шлем"],
        "R35: Ajax: на часть тела «голова» уже надет предмет «Шляпа»; сначала снимите его",
    ),
    (
        [["item", "add", "Ajax", "Амулет", "--custom", "--personal"]],
        ["item", "drop", "Ajax", "Амулет"],
        "R36: «Амулет» — личный предмет (владелец — Ajax), его никогда нельзя выбросить",
    ),
    (
        [["item", "add", "Ajax", "Dagger"]],
        ["item", "sell", "Ajax", "Merlin", "Кинжал", "--price", "100"],
        "R38: цена предмета «Кинжал» — 100\u00a0зол., а Merlin может заплатить лишь 0\u00a0зол.",
    ),
    (
        [["item", "add", "Ajax", "Палаш", "--slots", "2"], ["darkstone", "add", "Ajax", "1"]],
        ["forge", "Ajax", "Палаш"],
        "R39: ковать можно только в городе с кузней (партия не в городе); `campaign town enter ГОРОД --blacksmith`",
    ),
    (
        [["damage", "Ajax", "20"]],
        ["check", "Ajax", "3/DX"],
        "R11a: Ajax не может проходить проверки: персонаж вышел из строя",
    ),
]


@pytest.mark.parametrize("setup, args, message", RULE_REFUSALS, ids=[m.split(":")[0] for *_x, m in RULE_REFUSALS])
def test_each_rule_refuses_in_russian_and_changes_nothing(party: Path, setup, args, message):
    for step in setup:
        assert ru(party, *step).exit_code == 0, step
    before = party.read_bytes()
    result = ru(party, *args)
    assert (result.exit_code, result.stderr) == (1, f"campaign: ошибка: {message}\n")
    assert party.read_bytes() == before
    english = en(party, *args, "--json")  # the same refusal for a script: English, the same code
    assert english.exit_code == 1 and json.loads(english.stderr)["error"]["code"] != "internal"


def test_catalog_tables_in_russian_name_entries_by_the_seeds_names(party: Path):
    skills = ru(party, "catalog", "skills").stdout
    assert "Умения (R23)" in skills
    assert re.search(r"^боевые\s+Меч\s+Sword\s+-\s+\+1 с мечами \(R24\)\.$", skills, re.M)
    assert re.search(r"^атлетические\s+Плавание\s+Swimming\s+3/ST\s+Плавать\.$", skills, re.M)
    armor = ru(party, "catalog", "armor").stdout
    assert re.search(r"^Кожа\s+Leather\s+броня\s+A2 R2", armor, re.M)
    english = en(party, "catalog", "skills").stdout
    assert re.search(r"^combat\s+Sword\s+Меч\s+-\s+\+1 with swords \(R24\)\.$", english, re.M)


def test_a_missing_catalog_means_english_not_a_crash(party: Path, monkeypatch, tmp_path: Path):
    monkeypatch.setattr(i18n, "LOCALE_DIR", str(tmp_path / "nowhere"))
    result = ru(party, "character", "show", "Ajax")
    assert result.exit_code == 0 and "adjusted DX / MA" in result.stdout
    (tmp_path / "bad" / "ru" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "bad" / "ru" / "LC_MESSAGES" / "campaign.mo").write_bytes(b"not a catalog")
    monkeypatch.setattr(i18n, "LOCALE_DIR", str(tmp_path / "bad"))
    result = ru(party, "character", "show", "Ajax")
    assert result.exit_code == 0 and "adjusted DX / MA" in result.stdout


def test_batch_answers_the_same_json_in_every_language(party: Path, tmp_path: Path):
    lines = '{"args": ["wish", "add", "Ajax", "1"]}\n{"args": ["gold", "add", "Nobody", "2"]}\n'
    english = en(party, "batch", "-", input=lines)
    russian = ru(party, "batch", "-", input=lines)
    said = [json.loads(r.stderr)["error"] for r in (english, russian)]
    assert (russian.exit_code, russian.stdout) == (english.exit_code, english.stdout)
    assert said[0]["message"] == "no character named 'Nobody'" and said[1]["message"] == "нет персонажа «Nobody»"
    assert [{k: v for k, v in e.items() if k != "message"} for e in said] == [
        {k: v for k, v in said[0].items() if k != "message"}
    ] * 2  # CLI.md: the message speaks the run's language; codes and facts never change
    assert "Выполнить команды из JSON Lines" in ru(party, "batch", "--help").stdout


def test_an_obsolete_entry_as_msgmerge_and_poedit_write_it_is_read_past(tmp_path: Path):
    """`#~` entries (what msgmerge and Poedit leave for a removed string) do not break the tool."""
    tool = _tool()
    po = tmp_path / "x.po"
    keep = {"msgid": "Keep", "msgid_plural": None, "flags": [], "comments": [], "msgstr": {0: "Оставить"}}
    tool.write_po(po, "ru", [keep])
    po.write_text(po.read_text(encoding="utf-8") + '#~ msgid "Gone"\n#~ msgstr "Ушло"\n', encoding="utf-8")
    entries = [e for e in tool.read_po(po) if e["msgid"]]
    assert [(e["msgid"], e["msgstr"][0]) for e in entries] == [("Keep", "Оставить")]
    assert b"Keep" in tool.mo_bytes(po) and b"Gone" not in tool.mo_bytes(po)


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
def test_msgfmt_checks_the_russian_catalog():
    po = ROOT / "campaign_cli" / "locale" / "ru" / "LC_MESSAGES" / "campaign.po"
    done = subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(po)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


# -- grammar that fits the person (issue 23) -------------------------------------------------
def seat_people(path: Path) -> Path:
    """A campaign at PATH with Велимира (f), Мирон (m) and Лада (no gender given)."""
    for args in (
        ["init"],
        ["character", "create", "Велимира", "--st", "10", "--dx", "12", "--iq", "10", "--gender", "f"],
        ["character", "create", "Мирон", "--st", "10", "--dx", "12", "--iq", "10", "--gender", "m"],
        ["character", "create", "Лада", "--st", "10", "--dx", "12", "--iq", "10"],
    ):
        assert en(path, *args).exit_code == 0
    return path


@pytest.fixture
def people(tmp_path: Path) -> Path:
    return seat_people(tmp_path / "c.json")


def test_russian_messages_agree_with_a_known_gender_and_stay_neutral_without_one(people: Path):
    said = {name: ru(people, "curse", "apply", name, "Гниль").stdout.strip() for name in ("Велимира", "Мирон", "Лада")}
    assert said["Велимира"].startswith("Велимира проклята:")
    assert said["Мирон"].startswith("Мирон проклят:")
    assert said["Лада"].startswith("Лада под проклятием")  # no gender: nothing has to agree
    for name in ("Велимира", "Мирон", "Лада"):
        assert en(people, "damage", name, "10").exit_code == 0
    out = {name: ru(people, "check", name, "3/DX").stderr for name in ("Велимира", "Мирон", "Лада")}
    assert "Велимира вышла из строя" in out["Велимира"] and "Мирон вышел из строя" in out["Мирон"]
    assert "Лада не может проходить проверки: персонаж вышел из строя" in out["Лада"]


def test_no_name_is_declined_after_a_preposition(people: Path):
    out = (
        ru(people, "karma", "add", "Лада", "5").stdout
        + ru(people, "curse", "remove", "Лада", "Нет", "--pay", "xp").stderr
    )
    assert "у Лада" not in out and "Лада: 5 очков кармы" in out


def test_gender_is_in_the_json_and_set_changes_it(people: Path):
    assert json.loads(en(people, "character", "show", "Лада", "--json").stdout)["gender"] is None
    assert json.loads(en(people, "character", "set", "Лада", "--gender", "ж", "--json").stdout)["gender"] == "f"
    assert en(people, "character", "set", "Лада", "--gender", "x").exit_code == 2


def test_russian_numbers_and_chances(party: Path):
    """1 000 000 with a narrow no-break space, 62,5 %, and a chance says of what (issue 23)."""
    out = ru(party, "check", "Ajax", "3/DX", "--dice", "6,6,6").stdout
    assert re.search(r"провал \(вероятность успеха \d+,\d\u202f%\)", out), out
    assert ru(party, "odds", "3/DX", "--value", "11").stdout.strip().endswith("вероятность успеха 62,5\u202f% (5/8)")
    refused = ru(party, "contest", "Ajax", "3/ST", "2000000", "3/ST").stderr
    assert "1\u202f000\u202f000" in refused and "1,000,000" not in refused
    assert en(party, "odds", "3/DX", "--value", "11").stdout.strip().endswith("62.5%")  # English unchanged


def test_no_english_left_in_defaults_party_titles_and_check_syntax(tmp_path: Path):
    path = tmp_path / "c.json"
    assert ru(path, "init").exit_code == 0
    assert json.loads(en(path, "status", "--json").stdout)["name"] == "Кампания"  # created without a name
    en(path, "character", "create", "Лада", "--st", "12", "--dx", "10", "--iq", "10", "--skill", "Плавание")
    checked = json.loads(ru(path, "check", "Лада", "3/ST для плавания", "--dice", "1,1,1", "--json").stdout)
    assert checked["success"] and checked["target"] == 12  # `для` is `for`: the attribute alone (R6)
    assert ru(path, "check", "--party", "3/IQ", "--who", "all").stdout.startswith("Проверка партии 3/IQ (все)")
    assert "для плавания" in ru(path, "check", "Лада", "3 по ST").stderr  # the error's examples are Russian
    # the default title is not repeated (issue 74)
    assert ru(path, "adventure", "start").stdout.strip() == "Начинается приключение"


def test_the_russian_catalog_uses_the_seeds_words():
    """Issue 36 (GLOSSARY.md): повреждения, not урон; партия, not отряд; порций, not доз.
    Issue 49, the reader's list: наложить заклинание (not сотворить), персональное
    заклинание (not личное), НИП (not NPC), сид (not зерно), на меткость (not в),
    действ. DX (not испр.), and how an item left (never потерян)."""
    import polib

    po = polib.pofile(str(ROOT / "campaign_cli" / "locale" / "ru" / "LC_MESSAGES" / "campaign.po"))
    texts = [t for e in po for t in (e.msgstr, *e.msgstr_plural.values())]
    off = r"урон|отряд|\bдоз[аыу]?\b|(?i:сотвор|личн\w* заклинан|зерн|\bв меткость|испр\. DX|потерян)|NPC"
    found = [t for t in texts if re.search(off, t)]
    assert found == []
    assert re.search(off, "Сотворить заклинание") and re.search(off, "потерян предмет")  # the pattern finds them
    party = [
        e.msgstr
        for e in po
        if re.search(r"\bpart(y|ies)\b", e.msgid, re.I) and re.search(r"групп\w*(?! врагов)\b", e.msgstr)
    ]
    assert party == []  # the party is a партия; a группа is of enemies or of players


def test_the_catalog_check_finds_a_name_placed_in_an_oblique_case():
    """Issue 36: `{enemy} атакует {name}` or `промах по {enemy}` would need the name declined;
    the check refuses them, and the catalog has none (test_catalog_is_whole...)."""
    tool = _tool()
    bad = [
        {"msgid": "{enemy} attacks {name}", "msgstr": {0: "{enemy} атакует {name}"}},
        {"msgid": "{name} misses {enemy}", "msgstr": {0: "{name}: промах по {enemy}"}},
        {"msgid": "+{value} to {target}", "msgstr": {0: "+{value} к {target}"}},  # a number: fine
        {"msgid": "{enemy} attacks {name}", "msgstr": {0: "{enemy} → {name}: атака"}},
    ]
    found = tool.oblique_names(bad)
    assert len(found) == 2 and "атакует {name}" in found[0] and "по {enemy}" in found[1]


def test_the_catalog_check_finds_a_field_dump_and_the_catalog_has_none():
    """Issue 49: "R38: Мара Тёмная: золота 60; цена предмета Латы: 500" listed fields where
    a sentence belongs; a planted dump is found, help's option lists are not dumps, and
    the catalog holds none (test_catalog_is_whole...)."""
    tool = _tool()
    assert tool.field_dump("R38: {name}: золота {value}; цена предмета {name2}: {price}")
    assert tool.field_dump("бои: {fights}; убиты враги: {names}; ключевые слова: {words}")
    assert not tool.field_dump("R38: {name2} стоит {price} зол., а {name} может заплатить лишь {value} зол.")
    assert not tool.field_dump("Ночной сон: вся усталость восстанавливается (R21); --week: неделя отдыха (R22).")
    planted = [{"msgid": "x", "msgstr": {0: "{a}: {n}; {b}: {m}"}}]
    assert len(tool.field_dumps(planted)) == 1


def test_every_word_a_name_can_name_has_its_russian_genitive():
    """Issue 49: "не найдено (предмет) «Топор»" is "Ajax: нет предмета «Топор»": the words
    of rules.names.WHAT are declined from the catalog (a finite list), names never are."""
    from campaign_cli.errors import Genitive
    from campaign_cli.i18n import use
    from campaign_cli.rules.names import WHAT

    use("ru")
    try:
        forms = {w: str(Genitive(w)) for w in WHAT}
    finally:
        use("en")
    assert all(form and form != w for w, form in forms.items()), forms
    assert (forms["item"], forms["curse"], forms["catalog entry"]) == ("предмета", "проклятия", "записи каталога")
    assert str(Genitive("item")) == "item"  # English has no case to decline


def test_every_built_in_items_russian_name_has_its_case_forms():
    """Issue 49: the catalog's own names (a finite list) are declined from a table kept with
    the catalog (data/cases.ru.json): every built-in weapon, armor and gear, and every
    potion a skill brews, in each case; a user's own name is never declined."""
    from campaign_cli.i18n import shown, use
    from campaign_cli.render.character import object_shown
    from campaign_cli.rules import catalog
    from campaign_cli.rules.craft import boost_potion, healing_potion

    names = [e["name"] for e in (*catalog.weapons(), *catalog.armor(), *catalog.gear())]
    names += [healing_potion(1, 1)["name"], boost_potion(1, "ST")["name"], boost_potion(1, "Swimming")["name"]]
    use("ru")
    try:
        russian = [shown(n) for n in names]
        missing = [(n, case) for n in russian for case in catalog._cases()[0] if not catalog.in_case(n, case)]
        said = [object_shown({"name": n}) for n in ("Cutlass", "Plate", "Ore Crate")]
        stack = object_shown({"name": "Ore Crate", "count": 3})
    finally:
        use("en")
    assert missing == [] and len(russian) == len(set(russian))
    assert said == ["Абордажную саблю", "Латы", "предмет «Ore Crate»"] and stack == "предмет «Ore Crate» ×3"
    assert catalog.in_case("Палаш (2)", "genitive") == "Палаша (2)"
    assert catalog.in_case("Зелье «ST»", "instrumental") == "Зельем «ST»"
    assert catalog.in_case("Ладa Светлая", "accusative") is None  # a person's name: never


def test_an_unknown_language_is_never_english_in_silence(tmp_path, monkeypatch):
    """Issue 61 (CLI.md "Language"): `--lang de` is a usage error naming en and ru;
    CAMPAIGN_LANG=de runs in English with a one-line warning (none in a JSON run)."""
    from tests.conftest import Cli

    cli = Cli(tmp_path / "c.json")
    cli.json("init")
    wrong = cli("--lang", "de", "status")
    assert wrong.exit_code == 2 and "en" in wrong.stderr and "ru" in wrong.stderr
    monkeypatch.setenv("CAMPAIGN_LANG", "de")
    warned = cli("status")
    assert warned.exit_code == 0 and warned.stderr.count("\n") == 1 and "CAMPAIGN_LANG=de" in warned.stderr
    assert cli("status", "--json").stderr == ""
    monkeypatch.setenv("CAMPAIGN_LANG", "ru_RU.UTF-8")
    assert cli("status").stderr == ""
