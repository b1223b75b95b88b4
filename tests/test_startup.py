"""The console program's start-up (campaign_cli/entry.py): the garbage collector is paused
while Typer, Click and our modules are imported and the command is found (a collection
then frees nothing, and walking those objects cost a read a tenth of its instructions),
and runs again, with what start-up made frozen, as soon as the command's own work begins:
a batch of thousands of lines, or an import, is collected as any program is."""

import subprocess
import sys

import pytest

SPY = """
import gc, json, sys
from campaign_cli import i18n
from campaign_cli.library import core
seen = {}
def spy(name, real):
    def call(*args, **kwargs):
        seen.setdefault(name, (gc.isenabled(), gc.get_freeze_count() > 0))
        return real(*args, **kwargs)
    return call
i18n.use = spy("start-up", i18n.use)  # the language chosen: Typer's path and the fast path alike
core.reader = spy("command", core.reader)
gc.unfreeze()
from campaign_cli.entry import main
sys.argv = ["campaign", *sys.argv[1:]]
try:
    main()
except SystemExit as stop:
    seen["code"] = stop.code or 0
seen["after"] = (gc.isenabled(), gc.get_freeze_count() > 0)
sys.stderr.write("\\n" + json.dumps(seen))
"""


def _seen(camp, *words: str, code: int = 0) -> dict:
    """What the spy saw of the collector (running, start-up's objects frozen) at start-up,
    as the command began and after the program; the exit code must be CODE."""
    import json

    done = subprocess.run(
        [sys.executable, "-c", SPY, "-c", str(camp.path), *words], capture_output=True, text=True, timeout=60
    )
    seen = json.loads(done.stderr.splitlines()[-1])
    assert seen.pop("code", 0) == code, done.stderr
    return {k: tuple(v) for k, v in seen.items()}


@pytest.mark.parametrize("answer", [["--json"], []], ids=["fast path", "Typer"])
def test_the_collector_is_paused_for_start_up_and_runs_for_the_command(camp, answer):
    # (collector running, start-up's objects frozen)
    assert _seen(camp, "character", "show", "Ajax", *answer) == {
        "start-up": (False, False),
        "command": (True, True),
        "after": (True, True),
    }


def test_every_line_of_a_batch_runs_with_the_collector(camp, tmp_path):
    lines = tmp_path / "lines.jsonl"
    lines.write_text('{"args": ["character", "show", "Ajax"]}\n' * 3)
    seen = _seen(camp, "batch", str(lines), "--json")
    assert seen["command"] == (True, True) and seen["after"] == (True, True)


@pytest.mark.parametrize(
    ("words", "code"), [(("character", "show", "--help"), 0), (("--version",), 0), (("xp", "awrd"), 2)]
)
def test_a_command_line_that_runs_no_command_leaves_the_collector_as_it_found_it(camp, words, code):
    """Help, the version or a usage error: no command began, nothing was frozen, and the
    collector runs again before the program ends (or a caller in the same process goes on)."""
    seen = _seen(camp, *words, code=code)
    assert seen["after"] == (True, False) and "command" not in seen


def test_the_library_and_an_in_process_command_line_never_touch_the_collector(camp):
    """Only the console program pauses it: the library, and the CLI run in a test's
    process, leave the collector (and the caller's objects) alone."""
    import gc

    import campaign_cli

    frozen = gc.get_freeze_count()
    with campaign_cli.open(camp.path) as c:
        c.xp_award(1, "Ajax")
    assert camp.json("character", "show", "Ajax")["xp"] == 1
    assert gc.isenabled() and gc.get_freeze_count() == frozen


LOADED = """
import sys
before = set(sys.modules)  # an editable install's finder may have loaded pathlib already
from campaign_cli.entry import main
sys.argv = ["campaign", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
new = set(sys.modules) - before
sys.stderr.write("\\n" + " ".join(sorted(m for m in ("pathlib", "re", "urllib.parse", "typer") if m in new)))
"""


@pytest.mark.parametrize("words", [["character", "show", "Ajax", "--json"], ["character", "show", "Ajax"]])
def test_a_command_on_the_fast_path_never_loads_pathlib(camp, words):
    """Issue 80: a command's paths are text (store.files.FilePath); pathlib, with the re,
    fnmatch, urllib.parse and ipaddress it loads, was a seventh of a read's instructions
    and a tenth of a write's."""
    done = subprocess.run(
        [sys.executable, "-c", LOADED, "-c", str(camp.path), *words], capture_output=True, text=True, timeout=60
    )
    loaded = done.stderr.splitlines()[-1].split()  # (CI installs with `pip install .`: nothing preloaded)
    assert "typer" not in loaded and "pathlib" not in loaded and "urllib.parse" not in loaded, done.stderr
    assert campaign_cli_read(camp.path)["name"] == "Ajax"  # and the text path opens the same file
    wrote = subprocess.run(
        [sys.executable, "-c", LOADED, "-c", str(camp.path), "xp", "award", "1", "Ajax", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "pathlib" not in wrote.stderr.splitlines()[-1].split(), wrote.stderr  # a write's paths are text too
    assert campaign_cli_read(camp.path)["xp"] == 1


def campaign_cli_read(path):
    import campaign_cli

    with campaign_cli.read(path) as camp:
        return camp.character_show("Ajax")


def test_a_signal_while_the_errors_module_is_half_loaded_is_an_interrupt(monkeypatch):
    """A regression (CI, once in a dozen SIGINTs at start-up): the signal landed while
    `campaign_cli.errors` was being imported, in sys.modules but without COMMIT yet, and the
    handler's `errors.COMMIT` raised AttributeError: a traceback instead of one line."""
    import types

    from campaign_cli import entry

    half = types.ModuleType("campaign_cli.errors")  # what sys.modules holds mid-import
    monkeypatch.setitem(sys.modules, "campaign_cli.errors", half)
    monkeypatch.setitem(entry._STATE, "armed", True)
    monkeypatch.setitem(entry._STATE, "done", False)
    with pytest.raises(entry.Interrupted):
        entry._on_signal(2, None)


CONSOLE = """
import atexit, sys
atexit.register(lambda: sys.stderr.write("shut down\\n"))
if sys.argv[1] == "profiled":
    sys.setprofile(lambda *a: None)
sys.argv = ["campaign", *sys.argv[2:]]
from campaign_cli.entry import console
console()
"""


@pytest.mark.parametrize(
    ("words", "code"), [(["character", "show", "Ajax"], 0), (["character", "show", "Nobody"], 1), (["xp", "awrd"], 2)]
)
def test_the_console_script_ends_once_its_answer_is_out_unless_a_profiler_watches(camp, words, code):
    """`campaign` ends the process as soon as its answer is written and flushed (the
    interpreter's shutdown only freed objects: a tenth of a read's instructions): the
    same answer and exit status, nothing after it runs; a profiler or tracer watching
    gets the usual shutdown, to report."""
    answers = {}
    for how in ("plain", "profiled"):
        done = subprocess.run(
            [sys.executable, "-c", CONSOLE, how, "-c", str(camp.path), *words],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == code, done.stderr
        answers[how] = (done.stdout, done.stderr.replace("shut down\n", ""))
        assert ("shut down" in done.stderr) == (how == "profiled")
    assert answers["plain"] == answers["profiled"]
    assert ("Ajax (#1)" in answers["plain"][0]) == (code == 0)


def test_the_installed_campaign_loads_no_re_before_a_read(camp):
    """The installed `campaign` is a plain script (bin/campaign): the wrapper pip writes for
    an entry point imports `re` (and `enum`) before our code runs, a fifth of a read's
    instructions. A read on the fast path loads neither, from the interpreter's start on."""
    from pathlib import Path

    program = Path(sys.executable).with_name("campaign")
    done = subprocess.run(
        [str(program), "-c", str(camp.path), "character", "show", "Ajax", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**__import__("os").environ, "PYTHONPROFILEIMPORTTIME": "1", "CAMPAIGN_LANG": "en"},
    )
    assert done.returncode == 0 and '"name": "Ajax"' in done.stdout, done.stderr[-500:]
    loaded = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert "campaign_cli.cli.fast" in loaded  # the fast path answered, and the count is of its imports
    if any(name.startswith("__editable__") for name in loaded):
        pytest.skip("an editable install: setuptools' finder loads re itself (CI installs the project as users do)")
    assert not loaded & {"re", "enum", "typing"}, sorted(loaded & {"re", "enum", "typing"})
