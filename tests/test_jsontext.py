"""campaign_cli.jsontext: the same JSON text as the standard library's `json`, read and
written on its C scanner and encoder without importing `json`."""

import ast
import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from campaign_cli import jsontext

TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)
SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | TEXT
VALUES = st.recursive(
    SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4), max_leaves=25
)


@settings(max_examples=100, deadline=None)
@given(VALUES)
def test_the_text_is_what_json_writes_and_reads_back_the_same(value):
    for options in ({"indent": 2}, {"indent": 2, "sort_keys": True}, {"separators": (",", ":")}, {}):
        assert jsontext.dumps(value, **options) == json.dumps(value, ensure_ascii=False, **options)
    assert jsontext.loads(json.dumps(value)) == value
    assert jsontext.loads(json.dumps(value, indent=1).encode()) == value


def test_keys_that_are_not_strings_and_values_it_cannot_write_go_as_json_has_them():
    data = {3: "a", 2.5: None, True: [], None: {}}
    assert jsontext.dumps(data, indent=2) == json.dumps(data, ensure_ascii=False, indent=2)
    assert jsontext.dumps({"x": {1, 2}}, default=sorted, indent=2) == json.dumps({"x": [1, 2]}, indent=2)
    with pytest.raises(TypeError):
        jsontext.dumps({"x": object()}, indent=2)
    with pytest.raises(TypeError):
        jsontext.dumps({"x": object()})


@pytest.mark.parametrize(
    "text", ["", "   ", "{", '{"a": 1,}', "[1] x", '{"a" 1}', "\ufeff{}", "[1, 2", '"\x01"', "nul"]
)
def test_text_that_is_not_json_is_malformed_and_says_where_as_json_does(text):
    with pytest.raises(json.JSONDecodeError) as stdlib:
        json.loads(text)
    with pytest.raises(jsontext.Malformed) as got:
        jsontext.loads(text)
    assert str(got.value) == str(stdlib.value)


@pytest.mark.parametrize("text", ["NaN", "[Infinity]", '{"a": -Infinity}'])
def test_nan_and_infinity_are_refused_but_are_not_malformed_text(text):
    with pytest.raises(ValueError, match="is not a number JSON allows") as got:
        jsontext.loads(text)
    assert not isinstance(got.value, jsontext.Malformed)


def test_nesting_deeper_than_the_bound_is_refused_at_the_bound_exactly():
    limit = sys.getrecursionlimit()
    deepest = "[" * jsontext.MAX_DEPTH + "]" * jsontext.MAX_DEPTH
    assert jsontext.loads(deepest) is not None
    with pytest.raises(RecursionError):
        jsontext.loads("[" + deepest + "]")
    with pytest.raises(RecursionError):
        jsontext.loads(b'{"a": ' * 200 + b"1" + b"}" * 200)
    assert sys.getrecursionlimit() == limit  # nothing process-wide is touched


@pytest.mark.parametrize(
    ("text", "levels"),
    [
        ("1", 0),
        ('{"a": [1, {"b": []}]}', 4),
        ('["[[[[", "}}}"]', 1),  # brackets inside strings are text
        ('["\\"", "[[["]', 1),  # an escaped quote does not end the string
        ('["\\\\", [[]]]', 3),  # an escaped backslash does not escape the quote after it
        ('["\\\\\\"[", [[]]]', 3),  # three backslashes: the quote is escaped
        ("[[[", 0),  # unpaired: not JSON, the scanner says so
    ],
)
def test_depth_counts_levels_outside_strings(text, levels):
    assert jsontext.depth(text.encode()) == levels


@given(
    st.recursive(
        st.none() | st.integers() | st.text(), lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner)
    )
)
def test_depth_is_the_nesting_of_any_json_value(value):
    def nesting(v: object) -> int:
        if isinstance(v, list):
            return 1 + max(map(nesting, v), default=0)
        if isinstance(v, dict):
            return 1 + max(map(nesting, v.values()), default=0)
        return 0

    for text in (json.dumps(value), json.dumps(value, ensure_ascii=False)):
        assert jsontext.depth(text.encode()) == min(nesting(value), jsontext.MAX_DEPTH + 1)


def test_bytes_are_utf8_with_or_without_a_byte_order_mark():
    assert jsontext.loads('{"имя": "Аякс"}'.encode()) == {"имя": "Аякс"}
    assert jsontext.loads(b'\xef\xbb\xbf {"a": 1}\n') == {"a": 1}
    with pytest.raises(UnicodeDecodeError):
        jsontext.loads(b'{"a": "\xff"}')


def _modules_after(tmp_path, *args: str) -> tuple[str, set[str]]:
    """The installed program run on a campaign of one character (Аякс) with ARGS: its
    standard output and every module it had loaded when it finished."""
    path = tmp_path / "c.json"
    env = {"CAMPAIGN_FILE": str(path), "CAMPAIGN_LANG": "en", "PATH": "/usr/bin:/bin"}
    code = (
        "import sys\nfrom campaign_cli.entry import main\nsys.argv = ['campaign', *sys.argv[1:]]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "sys.stderr.write(repr(sorted(sys.modules)))"
    )

    def run(*words: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-c", code, *words], capture_output=True, text=True, env=env, timeout=60)

    if not path.exists():
        run("init")
        run("character", "create", "Аякс", "--st", "12", "--dx", "11", "--iq", "9")
    done = run(*args)
    return done.stdout, set(ast.literal_eval(done.stderr))


def test_a_read_with_json_output_imports_neither_json_nor_the_views_nor_the_completers(tmp_path):
    """What `character show NAME --json` leaves off its start-up (issue 38): `json` (the
    file is read and the answer written by jsontext), the views (no view is drawn),
    cli/complete.py (the completers load on a TAB), Click's decorators (the help option
    is made by cli/lazy.py) and a digest module (the lock file's verdict is zlib's)."""
    costly = {
        "json",
        "campaign_cli.cli.views",
        "campaign_cli.cli.said",
        "campaign_cli.cli.complete",
        "campaign_cli.cli.sheet",
        "typer._click.decorators",
        "_blake2",
        "hashlib",
    }
    shown, loaded = _modules_after(tmp_path, "character", "show", "Аякс", "--json")
    assert json.loads(shown)["name"] == "Аякс" and not loaded & costly
    plain, loaded = _modules_after(tmp_path, "character", "show", "Аякс")
    assert "Аякс" in plain and loaded & costly == {"campaign_cli.cli.views"}


# The modules a `--json` read may load, frozen (issue 65): a module new on this path is a
# cost every script's loop pays (`for n in ...; do campaign character show "$n" --json`),
# so it is added here on purpose or not at all. Third-party packages by their top name
# (Typer and what it brings; Rich never: JSON is not printed through it).
FROZEN_JSON_READ = {  # the fast path (cli/fast.py): no Typer, no command module
    "campaign_cli",
    "campaign_cli._commands",
    "campaign_cli.tokens",
    "campaign_cli.cli",
    "campaign_cli.cli.door",
    "campaign_cli.cli.fast",
    "campaign_cli.cli.output",
    "campaign_cli.entry",
    "campaign_cli.errors",
    "campaign_cli.folding",
    "campaign_cli.i18n",
    "campaign_cli.jsontext",
    "campaign_cli.library",
    "campaign_cli.library.core",
    "campaign_cli.rules",
    "campaign_cli.rules.characters",
    "campaign_cli.rules.names",
    "campaign_cli.run",
    "campaign_cli.store",
    "campaign_cli.store.campaign",
    "campaign_cli.store.files",
    "campaign_cli.store.index",
    "campaign_cli.store.layout",
}
THIRD_PARTY_JSON_READ: set[str] = set()  # issue 66: neither Typer nor Click nor Rich


def test_a_json_read_loads_its_frozen_set_of_modules_and_no_other(tmp_path):
    shown, loaded = _modules_after(tmp_path, "character", "show", "Аякс", "--json")
    assert json.loads(shown)["name"] == "Аякс"
    loaded = {m for m in loaded if not m.startswith("_")}
    ours = {m for m in loaded if m.split(".")[0] == "campaign_cli"}
    assert ours == FROZEN_JSON_READ, (sorted(ours - FROZEN_JSON_READ), sorted(FROZEN_JSON_READ - ours))
    others = {m.split(".")[0] for m in loaded} - set(sys.stdlib_module_names) - {"campaign_cli", "__main__"}
    assert others == THIRD_PARTY_JSON_READ, sorted(others)


def test_bytes_our_writer_vouched_for_are_not_counted_for_nesting_again(tmp_path, monkeypatch):
    """Issue 80: counting a 4 MB file's nesting was 40% of a read. Bytes the last writer
    judged and vouched for (the lock file's note) are decoded without the count; any other
    bytes (edited by hand, or with no note) are counted as before."""
    import campaign_cli
    from campaign_cli import jsontext

    path = tmp_path / "c.json"
    campaign_cli.init(path, "R")
    with campaign_cli.open(path) as camp:
        camp.character_create("Ajax", st=12, dx=11, iq=9)
        for n in range(40):  # enough brackets that the count would run
            camp.item_add("Ajax", f"Pebble {n}", custom=True, weight=0)
    counted: list[int] = []
    real = jsontext.depth
    monkeypatch.setattr(jsontext, "depth", lambda data, most=jsontext.MAX_DEPTH: counted.append(1) or real(data, most))
    from campaign_cli.store import campaign as stored

    stored._SOUND[0] = b""  # not the bytes this process last judged
    with campaign_cli.read(path) as camp:
        assert len(camp.character_show("Ajax")["items"]) == 40
    assert counted == []  # vouched: not counted
    path.write_bytes(path.read_bytes().replace(b'"Pebble 0"', b'"Pebble Zero"'))  # a hand edit
    with campaign_cli.read(path) as camp:
        assert camp.character_show("Ajax")["items"][0]["name"] == "Pebble Zero"
    assert counted  # not vouched: counted again
    deep = b"[" * (jsontext.MAX_DEPTH + 1) + b"]" * (jsontext.MAX_DEPTH + 1)
    with pytest.raises(RecursionError):
        jsontext.loads(deep)
