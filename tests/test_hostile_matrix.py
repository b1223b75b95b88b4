"""The hostile-input matrix (issue 64, CLI.md "Reliability guarantees"): every front end a
user's input comes through, against every class of hostile input, with the exit code
CLI.md names for that class; a refusal leaves every file as it was and makes none.

Front ends: an argument, an option, a name that is only looked up, a batch line, a library
keyword, an import's field, a board's field, a pack's field. Classes: C0 and C1 controls,
bidi and zero-width marks, a lone surrogate, empty and blank text, 10,000 characters,
numbers past their bounds and of 5,000 digits, NaN and infinity, wrong JSON types,
duplicate and unknown keys. Bad input typed by a person (or a script) is exit 2; a file
brought in (import, board, pack) is exit 1 and creates nothing.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

import campaign_cli
from tests.conftest import BOARD_SIDE, Cli

TEXT = {
    "c0": "a\x01b",
    "c1": "a\x85b",
    "bidi": "a\u202eb",
    "zero_width": "a\u200bb",
    "line_separator": "a\u2028b",  # Zl, Zp and Co: refused in names given or brought in from now on
    "paragraph_separator": "a\u2029b",
    "private_use": "a\ue000b",
    "lone_surrogate": "a\udc80b",  # what a shell's undecodable byte becomes (surrogateescape)
    "empty": "",
    "blank": "   ",
    "long": "x" * 10_000,
}
NUMBER = {"past_bound": "1000001", "digits_5000": "9" * 5000, "nan": "nan", "infinity": "inf"}
JSON_ONLY = ("wrong_type", "duplicate_key", "unknown_key")
CLASSES = (*TEXT, *NUMBER, *JSON_ONLY)

SIDE = BOARD_SIDE


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> Path:
    """A campaign with Ajax and its export, made once for the module."""
    folder = tmp_path_factory.mktemp("made")
    cli = Cli(folder / "c.json")
    cli.json("init")
    cli.json("character", "create", "Ajax", "--st", "12", "--dx", "10", "--iq", "10")
    cli.json("export", "--output", str(folder / "export.json"))
    return folder


@pytest.fixture
def cli(made: Path, tmp_path: Path) -> Cli:
    for name in ("c.json", "c.json.journal", "export.json"):
        if (made / name).exists():
            shutil.copy(made / name, tmp_path / name)
    return Cli(tmp_path / "c.json")


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file() and p.suffix != ".lock"}


def _json_value(kind: str) -> Any:
    """A hostile value as it stands in a JSON document (a number class as the number)."""
    if kind in TEXT:
        return TEXT[kind].replace("\udc80", "\ud800")  # a lone surrogate, escaped in the file
    return {"past_bound": 1_000_001, "duplicate_key": "Zed", "unknown_key": "Zed"}.get(kind)


def _dumped(doc: Any, kind: str, where: str) -> str:
    """DOC as JSON text with the class KIND planted at its key WHERE (a text or number)."""
    marker = "__PLANT__"
    text = json.dumps(doc).replace(json.dumps(marker), "__SLOT__")
    literal = {
        "digits_5000": "9" * 5000,
        "nan": "NaN",
        "infinity": "Infinity",
        "wrong_type": '{"x": 1}',
    }.get(kind)
    if literal is None:
        literal = json.dumps(_json_value(kind))
    text = text.replace("__SLOT__", literal)
    if kind == "duplicate_key":  # the key stands twice in its object
        text = text.replace(f'"{where}": ', f'"{where}": "x", "{where}": ', 1)
    if kind == "unknown_key":
        text = text.replace(f'"{where}": ', f'"sparkle": 1, "{where}": ', 1)
    return text


# -- each front end: how a value of a class reaches it, and what it must answer -----------------
def argument(cli: Cli, kind: str) -> int:
    if kind in NUMBER:
        return cli("xp", "award", NUMBER[kind], "Ajax").exit_code
    return cli("character", "create", TEXT[kind], "--st", "12", "--dx", "10", "--iq", "10").exit_code


def option(cli: Cli, kind: str) -> int:
    if kind in NUMBER:
        return cli("check", "Ajax", "3/DX", "--modifier", NUMBER[kind]).exit_code
    return cli("xp", "award", "1", "Ajax", "--reason", TEXT[kind]).exit_code


def looked_up(cli: Cli, kind: str) -> int:
    if kind in NUMBER:  # an id: a number no campaign holds
        return cli("gold", "add", NUMBER[kind], "1").exit_code
    return cli("gold", "add", TEXT[kind], "1").exit_code


def batch_line(cli: Cli, kind: str) -> int:
    line: dict[str, Any] = {"args": ["character", "create", "X", "--st", "12", "--dx", "10", "--iq", "10"]}
    if kind in TEXT:
        text = json.dumps({"args": ["character", "create", "__PLANT__", "--st", "12", "--dx", "10", "--iq", "10"]})
        text = text.replace('"__PLANT__"', json.dumps(_json_value(kind)))
    elif kind in NUMBER:
        text = json.dumps({"args": ["xp", "award", NUMBER[kind], "Ajax"]})
        if kind in ("nan", "infinity"):  # the JSON's own NaN, where a line's value goes
            text = text.replace(json.dumps(NUMBER[kind]), {"nan": "NaN", "infinity": "Infinity"}[kind])
    elif kind == "wrong_type":
        text = json.dumps({"args": ["xp", "award", 1, "Ajax"]})  # a number where a word is
    else:
        text = _dumped(line, kind, "args")
    return cli("batch", "-", input=text + "\n").exit_code


def library(cli: Cli, kind: str) -> int:
    try:
        with campaign_cli.open(cli.path) as camp:
            if kind in TEXT:
                camp.character_create(TEXT[kind].replace("\udc80", "\ud800"), st=12, dx=10, iq=10)
            elif kind == "past_bound":
                camp.xp_award(1_000_001, "Ajax")
            elif kind == "digits_5000":
                camp.xp_award(int("9" * 4000), "Ajax")  # as large as Python takes
            elif kind in ("nan", "infinity"):
                camp.check("Ajax", "3/DX", modifier=float(kind))  # type: ignore[arg-type]
            elif kind == "wrong_type":
                camp.xp_award("two", "Ajax")  # type: ignore[arg-type]
    except campaign_cli.CampaignError as err:
        return err.exit_status
    return 0


def import_field(cli: Cli, kind: str) -> int:
    doc = json.loads((cli.path.parent / "export.json").read_text())
    key = "name" if kind in TEXT or kind in JSON_ONLY else "xp"
    doc["characters"][0][key] = "__PLANT__"
    (cli.path.parent / "in.json").write_text(_dumped(doc, kind, key), encoding="utf-8", errors="surrogatepass")
    return Cli(cli.path.parent / "new.json")("import", str(cli.path.parent / "in.json")).exit_code


def board_field(cli: Cli, kind: str) -> int:
    key = "name" if kind in TEXT or kind in JSON_ONLY else "health"
    board: dict[str, Any] = {"name": "Bog", "keywords": [], "size": "medium", "normal": dict(SIDE)}
    board["brutal"] = dict(SIDE)
    if key == "name":
        board["name"] = "__PLANT__"
    else:
        board["normal"]["health"] = "__PLANT__"
    (cli.path.parent / "b.json").write_text(_dumped(board, kind, key), encoding="utf-8", errors="surrogatepass")
    return cli("enemy", "add", "--file", str(cli.path.parent / "b.json")).exit_code


def pack_field(cli: Cli, kind: str) -> int:
    key = "name" if kind in TEXT or kind in JSON_ONLY else "weight"
    item: dict[str, Any] = {"name": "Gem", "weight": 1}
    item[key] = "__PLANT__"
    pack = {"pack": "p", "version": "1", "items": [item]}
    (cli.path.parent / "p.json").write_text(_dumped(pack, kind, key), encoding="utf-8", errors="surrogatepass")
    return cli("catalog", "import", str(cli.path.parent / "p.json")).exit_code


TYPED, BROUGHT = 2, 1  # typed by a person or a script: a usage error; a file brought in: refused
FRONTS = {
    "argument": (argument, TYPED),
    "option": (option, TYPED),
    "looked_up_name": (looked_up, TYPED),
    "batch_line": (batch_line, TYPED),
    "library_keyword": (library, TYPED),
    "import_field": (import_field, BROUGHT),
    "board_field": (board_field, BROUGHT),
    "pack_field": (pack_field, BROUGHT),
}
# Cells no input can reach: a command line holds only text (no JSON type, no key), and
# Python itself refuses a keyword given twice or unknown before the library runs.
UNREACHABLE = {
    (front, kind)
    for front in ("argument", "option", "looked_up_name")
    for kind in ("wrong_type", "duplicate_key", "unknown_key")
} | {("library_keyword", "duplicate_key"), ("library_keyword", "unknown_key")}
# Where a class has a narrower answer of its own in CLI.md.
EXPECTED = {  # a name that is only looked up and holds nothing a name may not: found or not found
    ("looked_up_name", "past_bound"): 1,  # an id no campaign holds
    ("looked_up_name", "nan"): 1,  # "nan" is a name like any other
    ("looked_up_name", "infinity"): 1,
}
CELLS = [(f, k) for f in FRONTS for k in CLASSES if (f, k) not in UNREACHABLE]


@pytest.mark.parametrize(("front", "kind"), CELLS, ids=[f"{f}-{k}" for f, k in CELLS])
def test_hostile_input_is_refused_with_its_exit_code_and_changes_nothing(cli, front, kind):
    run, code = FRONTS[front]
    before = _files(cli.path.parent)
    assert run(cli, kind) == EXPECTED.get((front, kind), code)
    after = _files(cli.path.parent)
    planted = {"in.json", "b.json", "p.json"}  # the test's own input files
    assert {k: v for k, v in after.items() if k not in planted} == before, f"{front}/{kind} changed a file"


def test_the_matrix_covers_every_front_end_and_class():
    assert len(FRONTS) == 8 and len(CLASSES) == 18
    for kind in CLASSES:  # every class reaches at least the JSON front ends
        assert sum((f, kind) in CELLS for f in FRONTS) >= 4, kind
    assert len(CELLS) == 8 * 18 - len(UNREACHABLE)
