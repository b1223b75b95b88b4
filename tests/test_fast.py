"""The fast path (issue 66): a command line with `--json` answered without Typer.

For every command declared fast in the command table (`campaign_cli/_commands.py`), generated command lines (valid and
invalid: options in any order, `--opt=value`, repeated options, `--`, negative numbers, big
numbers, Cyrillic, unknown options, root options) are read by the fast path and by Typer;
the fast path either makes exactly the library call Typer's command makes, or hands the
line to Typer. A Typer that refuses a line (a usage error) made no call: the fast path must
have handed it over."""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Annotated
from unittest import mock

import pytest
import typer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import campaign_cli
from campaign_cli._commands import COMMANDS as TABLE
from campaign_cli.cli import answers, fast
from campaign_cli.cli.app import get_command, run
from campaign_cli.tokens import shape_of

# the commands declared fast, each as its call with its arguments (name, kind, low, high,
# nargs, required, default) and options (flag: (param, kind, low, high, multiple, default,
# required)) as the fast path reads them from the command table
COMMANDS = {
    path: {
        **shape["call"],
        "arguments": [
            (n, kind, low, high, nargs, req, dflt) for n, nargs, _c, kind, low, high, req, dflt in shape["args"]
        ],
        "options": {flag: (spec[0], *spec[3:]) for flag, spec in shape["opts"].items()},
    }
    for path, shape in ((path, shape_of(row)) for path, row in TABLE.items())
    if "call" in shape
}

PATHS = sorted(COMMANDS)


class Made(Exception):
    """The library call was made: recorded, and the command stops there."""


@pytest.fixture(scope="module")
def campaign(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("fast") / "c.json"
    with campaign_cli.open(path, create=True) as camp:
        camp.character_create("Ajax", st=12, dx=11, iq=9)
        camp.character_create("Лада Светлая", st=10, dx=12, iq=10)
    return path


def typer_call(path: tuple[str, ...], args: list[str], campaign: Path) -> list[tuple[tuple, dict]]:
    """The calls Typer's command made of its library method for ARGS (none: it refused)."""
    entry = COMMANDS[path]
    area = getattr(importlib.import_module(entry["area"][0]), entry["area"][1])
    made: list[tuple[tuple, dict]] = []

    def recorded(self, *positional, **keywords):
        made.append((positional, keywords))
        raise Made

    def ran(*positional, **keywords):  # a command whose body is a Typer-free function
        made.append((positional, keywords))
        raise Made

    out, err = io.StringIO(), io.StringIO()
    env = {"CAMPAIGN_FILE": str(campaign), "CAMPAIGN_LANG": "en"}
    if entry["method"] is None:
        patched = mock.patch.object(importlib.import_module(entry["area"][0]), entry["area"][1], ran)
    else:
        patched = mock.patch.object(area, entry["method"], recorded)
    with patched, mock.patch.dict(os.environ, env), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        run(get_command(), args)
    return made


NUMBERS = ["1", "2", "007", "0", "-1", "-0", "+3", "1000001", "99999999999999999999", "٣", "1_0", " 4", "4.0"]
TEXTS = ["Ajax", "Лада Светлая", "ёж", "", "-", "--", "-x", "x" * 201, "a=b", "Ajax=1", "Luck=1", "all", "--json"]
ROOTS = [
    [],
    ["-c", "{c}"],
    ["--campaign={c}"],
    ["--campaign", "{c}"],
    ["--lang", "ru"],
    ["--lang=EN"],
    ["--lang", "xx"],
    ["-c", "{c}", "--lang", "ru"],
    ["-c", "{c}", "-c", "{c}"],
    ["-c{c}"],
    ["--version"],
    ["--json"],
]


@st.composite
def lines(draw, path: tuple[str, ...]) -> list[str]:
    """A command line for PATH's command: its arguments and options, right or wrong."""
    entry = COMMANDS[path]
    words: list[str] = []
    for _name, kind, _low, _high, nargs, _required, _default in entry["arguments"]:
        pool = NUMBERS if kind == "int" else TEXTS
        count = draw(st.integers(0, 3)) if nargs == -1 else draw(st.sampled_from([1, 1, 1, 1, 0, 2]))
        words += [draw(st.sampled_from(pool)) for _ in range(count)]
    for flag, (_param, kind, _low, _high, _multiple, _default, _required) in entry["options"].items():
        if flag != "--json" and not draw(st.booleans()):
            continue
        times = draw(st.sampled_from([1, 1, 1, 2]))
        for _ in range(times):
            if kind == "flag":
                words.insert(draw(st.integers(0, len(words))), draw(st.sampled_from([flag, flag, flag + "=1"])))
                continue
            value = draw(st.sampled_from(NUMBERS if kind == "int" else TEXTS))
            at = draw(st.integers(0, len(words)))
            joined = draw(st.booleans())
            words[at:at] = [f"{flag}={value}"] if joined else [flag, value]
    if flag_off := draw(st.sampled_from([None, None, None, "--json", "-h", "--help", "--nope", "--", "--jsonl"])):
        if flag_off == "--json":
            words = [w for w in words if w != "--json"]
        else:
            words.insert(draw(st.integers(0, len(words))), flag_off)
    root = draw(st.sampled_from(ROOTS))
    return [*root, *path, *words]


@pytest.mark.parametrize("path", PATHS, ids=[" ".join(p) for p in PATHS])
@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_fast_path_makes_the_call_typer_makes_or_hands_over(campaign, path, data):
    args = [w.replace("{c}", str(campaign)) for w in data.draw(lines(path))]
    read = fast.parse(args)
    if read is None:
        return  # Typer's to answer
    made = typer_call(path, args, campaign)
    assert made == _made(read), args
    assert (read.area, read.method) == (COMMANDS[path]["area"], COMMANDS[path]["method"])


@pytest.mark.parametrize("path", PATHS, ids=[" ".join(p) for p in PATHS])
def test_each_command_in_the_table_is_taken_on_a_plain_line(campaign, path):
    """The table is no list of commands the fast path always hands over: a line of the
    arguments it needs, with --json, is read, and makes Typer's call."""
    entry = COMMANDS[path]
    words = []
    for _name, kind, low, _high, nargs, required, _default in entry["arguments"]:
        if required or nargs == -1:
            words.append(str(max(low or 1, 1)) if kind == "int" else "Ajax")
    for flag, (_param, kind, low, _high, _multiple, _default, required) in entry["options"].items():
        if required:
            words += [flag, str(max(low or 1, 1)) if kind == "int" else "Ajax"]
    args = [*path, *words, "--json"]
    read = fast.parse(args)
    assert read is not None, args
    assert typer_call(path, args, campaign) == _made(read) != []


def _made(read: fast.Call) -> list[tuple[tuple, dict]]:
    """The calls the fast path makes for READ: one, its arguments with a bundle of options
    made one mapping; none when the bundle's adjustment refuses (as Typer's wrapper does)."""
    from campaign_cli.errors import CampaignError

    try:
        positional, keywords = read.made()
    except CampaignError:
        return []
    return [(tuple(positional), keywords)]


# Every command declared fast (`@fast`): the table is exactly these (issue 79: declared,
# never inferred from a command's shape; a command leaves or joins the fast path here, on purpose).
DECLARED = {
    ("adventure", "end"), ("adventure", "start"), ("catalog", "packs"), ("catalog", "remove"),
    ("character", "create"), ("character", "set"), ("character", "show"), ("contest",),
    ("curse", "apply"), ("curse", "list"), ("damage",), ("enemy", "add"), ("enemy", "delete"),
    ("enemy", "elite"), ("enemy", "hit"), ("enemy", "kill"), ("enemy", "show"), ("fight", "attack"),
    ("fight", "hit"), ("fight", "next"), ("fight", "start"), ("fight", "status"), ("heal",),
    ("item", "hold"), ("item", "sell"), ("item", "use"), ("karma", "add"), ("keyword", "learn"),
    ("rest",), ("status",), ("town", "enter"), ("town", "leave"), ("wish", "add"), ("wish", "spend"),
    ("xp", "award"), ("character", "list"), ("item", "list"),
    ("gold", "add"), ("gold", "remove"), ("darkstone", "add"), ("darkstone", "remove"), ("enemy", "list"), ("can",),
    ("xp", "spend"), ("recap",), ("log",), ("item", "add"), ("check",),
    ("item", "drop"), ("item", "give"), ("item", "wear"), ("item", "stow"), ("item", "store"),
    ("item", "fetch"), ("item", "set"), ("item", "reload"), ("item", "upgrade"), ("forge",),
    ("fight", "add"), ("fight", "order"), ("fight", "end"),
    ("cast",), ("initiative",), ("skill", "use"), ("roll",), ("odds",), ("curse", "remove"),
    ("shop", "buy"), ("shop", "sell"), ("item", "show"), ("undo",), ("redo",), ("character", "delete"),
    ("catalog", "skills"), ("catalog", "weapons"), ("catalog", "armor"), ("catalog", "items"),
    ("catalog", "enemies"), ("catalog", "show"), ("catalog", "import"),
}  # fmt: skip


def test_the_table_is_the_declared_set():
    """The generated table holds every command declared fast and no other; each of them
    carries the mark on its own code (what the generator reads)."""
    import inspect

    from tests.words import leaves

    marked = {tuple(path.split()) for path, cmd in leaves() if getattr(inspect.unwrap(cmd.callback), "fast", False)}
    assert set(COMMANDS) == DECLARED == marked


def test_a_declared_command_that_stops_qualifying_stops_the_generator():
    """`name = name.strip()` added to a fast command once took it off the fast path in
    silence; now the generator refuses, naming the command and what its code does."""
    import commandtable

    from campaign_cli.cli.common import fast, looking
    from campaign_cli.cli.framework import get_command
    from campaign_cli.cli.output import emit
    from campaign_cli.library.core import Core

    app = typer.Typer()

    @app.command()
    @fast
    def show(name: Annotated[str, typer.Argument()], json_out: Annotated[bool, typer.Option("--json")] = False) -> None:
        name = name.strip()
        ch = looking(Core).character_show(name)
        emit(ch, None, json_out=json_out)

    said = r"`campaign character show` is declared fast .*`name = name\.strip\(\)`"
    with pytest.raises(commandtable.NotFast, match=said):
        commandtable._entry(get_command(app), ("character", "show"))

    show.fast = False  # undeclared, the same code is simply Typer's
    assert commandtable._entry(get_command(app), ("character", "show")) is None


def test_a_body_that_is_one_function_call_is_fast_only_when_the_function_is_typer_free():
    """The generator's second form: the command's code one call of a Typer-free module's
    function given its parameters as they came (cli/answers.py). A function of a module that
    loads Typer, a parameter left out, a bundle of options adjusted in such a module: the
    generator refuses, saying why."""
    import commandtable

    from campaign_cli.cli.common import fast, takes
    from campaign_cli.cli.framework import get_command

    def entry_of(function):
        app = typer.Typer(add_completion=False)
        app.command()(function)
        return commandtable._entry(get_command(app), ("log",))

    @fast
    def log(
        limit: Annotated[int | None, typer.Option("--limit")] = None,
        json_out: Annotated[bool, typer.Option("--json")] = False,
    ) -> None:
        answers.log(limit, json_out=json_out)  # (the generator reads the code, never runs it)

    entry = entry_of(log)
    assert (entry["area"], entry["method"], entry["positional"]) == (
        ("campaign_cli.cli.answers", "log"),
        None,
        ["limit"],
    )
    assert entry["keywords"]["json_out"] == "json_out" and entry["formats"] == ["json_out"]

    @fast
    def echoed(
        limit: Annotated[int | None, typer.Option("--limit")] = None,
        json_out: Annotated[bool, typer.Option("--json")] = False,
    ) -> None:
        typer.echo(limit, err=json_out)

    with pytest.raises(commandtable.NotFast, match=r"`typer\.echo` is of typer\S*, which loads Typer"):
        entry_of(echoed)

    @fast
    def dropped(
        limit: Annotated[int | None, typer.Option("--limit")] = None,
        json_out: Annotated[bool, typer.Option("--json")] = False,
    ) -> None:
        answers.log(json_out=json_out)

    with pytest.raises(commandtable.NotFast, match="its option limit is not passed on"):
        entry_of(dropped)

    def adjust(options):
        options["limit"] = options["limit"] or 0

    adjust.__module__ = "campaign_cli.cli.itemopts"  # a module that loads Typer

    @takes({"limit": (Annotated[int | None, typer.Option("--limit")], None)}, "options", adjust)
    @fast
    def bundled(options: dict, json_out: Annotated[bool, typer.Option("--json")] = False) -> None:
        answers.log(json_out=json_out, options=options)

    with pytest.raises(commandtable.NotFast, match="adjusted by campaign_cli.cli.itemopts"):
        entry_of(bundled)


def test_the_table_holds_the_reads_and_writes_scripts_loop_over():
    for path in [("character", "show"), ("status",), ("xp", "award"), ("damage",), ("heal",), ("karma", "add")]:
        assert path in COMMANDS, path
    assert COMMANDS[("character", "show")]["reads"] and not COMMANDS[("xp", "award")]["reads"]
    assert COMMANDS[("character", "show")]["views"] == ("campaign_cli.cli.drawn", "character_lines")
    assert COMMANDS[("status",)]["views"] == ("campaign_cli.cli.views", "campaign_fields")
    # views given a parameter too, as the command's code gives it: drawn with the value read
    assert COMMANDS[("enemy", "show")]["views"] == ("campaign_cli.cli.views", "board_views", "brutal")
    assert COMMANDS[("town", "enter")]["views"] == ("campaign_cli.cli.said", "town_entered", "town", "blacksmith")
    assert all(entry["views"] is not None or entry["method"] is None for entry in COMMANDS.values())
    # a body that is one Typer-free function: it is the call (no method); a bundle adjusted as by Typer's wrapper
    assert (COMMANDS[("log",)]["area"], COMMANDS[("log",)]["method"]) == (("campaign_cli.cli.answers", "log"), None)
    assert COMMANDS[("item", "add")]["bundle"][0][2] == ["campaign_cli.cli.answers", "kind_in_english"]


def _program(campaign: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "CAMPAIGN_FILE": str(campaign), "CAMPAIGN_LANG": "en"}
    return subprocess.run(
        [str(Path(sys.executable).parent / "campaign"), *args], capture_output=True, text=True, env=env, timeout=60
    )


def _typer(campaign: Path, *args: str, lang: str = "en") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    env = {"CAMPAIGN_FILE": str(campaign), "CAMPAIGN_LANG": lang}
    with mock.patch.dict(os.environ, env), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        from campaign_cli.cli.app import CampaignGroup

        code = CampaignGroup.main(get_command(), list(args), standalone_mode=False)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(
    "args",
    [
        ["character", "show", "Лада Светлая", "--json"],
        ["character", "show", "Nobody", "--json"],  # a refusal, as JSON on stderr, exit 1
        ["--lang", "ru", "character", "show", "Никто", "--json"],  # in the language asked for
        ["status", "--json"],
        ["-c", "missing.json", "status", "--json"],  # no campaign: the hint names the -c given
        ["xp", "award", "2", "Ajax", "--reason", "a good fight", "--json"],
        ["xp", "award", "2", "Nobody", "--json"],
        ["damage", "Ajax", "3", "--json"],
        ["character", "show", "Ajax"],  # a view, drawn without Typer too (piped: plain text)
        ["--lang", "ru", "character", "show", "Лада Светлая"],
        ["character", "show", "Nobody"],  # a refusal in words, exit 1
        ["character", "set", "Ajax", "--attr", "Luck=1", "--keyword", "Law"],
        ["curse", "list", "Ajax", "--jsonl"],  # JSON Lines
        ["curse", "list", "Nobody", "--jsonl"],  # a refusal as JSON, as with --json
    ],
)
def test_the_installed_program_answers_as_typer_does(campaign, tmp_path, monkeypatch, args):
    """The same line through the fast path (the installed program) and through Typer (in
    this process), each on its own copy of the campaign: the same output, the same exit
    status, the same campaign after (the journal's times aside)."""
    ours, theirs = tmp_path / "fast" / "c.json", tmp_path / "typer" / "c.json"
    for copy in (ours, theirs):
        copy.parent.mkdir()
        shutil.copy(campaign, copy)
    monkeypatch.chdir(ours.parent)
    done = _program(ours, *args)
    fast_said = [done.returncode, *(t.replace(str(ours.parent), "<here>") for t in (done.stdout, done.stderr))]
    monkeypatch.chdir(theirs.parent)
    code, out, err = _typer(theirs, *args, lang="en")
    assert fast_said == [code, *(t.replace(str(theirs.parent), "<here>") for t in (out, err))]
    assert json.loads(ours.read_text())["characters"] == json.loads(theirs.read_text())["characters"]


def test_the_fast_path_loads_neither_typer_nor_click_nor_rich(campaign):
    code = (
        "import sys\nfrom campaign_cli.entry import main\nsys.argv = ['campaign', *sys.argv[1:]]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\nsys.stderr.write(repr(sorted(sys.modules)))"
    )
    env = {**os.environ, "CAMPAIGN_FILE": str(campaign), "CAMPAIGN_LANG": "en"}
    for args in (
        ["character", "show", "Ajax", "--json"],
        ["xp", "award", "1", "Ajax", "--json"],
        ["character", "show", "Ajax"],
        ["character", "list"],
        ["item", "list", "Ajax"],
    ):
        done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env)
        loaded = {m.split(".")[0] for m in eval(done.stderr.splitlines()[-1])}  # our own repr
        assert not loaded & {"typer", "click", "rich"}, args
    done = subprocess.run([sys.executable, "-c", code, "conflicts"], capture_output=True, text=True, env=env)
    assert "typer" in {
        m.split(".")[0] for m in eval(done.stderr.splitlines()[-1])
    }  # a view the fast path does not draw: Typer's


@pytest.mark.parametrize(
    "args",
    [
        ["character", "show", "Ajax", "--json"],
        ["character", "show", "Ajax"],
        ["log"],
        ["log", "--json"],
        ["conflicts"],
        ["conflicts", "--json"],
    ],
    ids=["fast, JSON", "fast, a view", "fast, a stream", "fast, a JSON stream", "Typer, a view", "Typer, JSON"],
)
def test_a_closed_pipe_is_no_error_on_either_path(campaign, args):
    """`campaign ... | true`: the reader has gone before the answer is written; nothing on
    stderr and exit 0, whichever path answered (Typer's own answer was a silent exit 1)."""
    program = shlex.join([str(Path(sys.executable).parent / "campaign"), *args])
    done = subprocess.run(
        ["bash", "-c", f'{program} | true; exit "${{PIPESTATUS[0]}}"'],
        capture_output=True,
        text=True,
        env={**os.environ, "CAMPAIGN_FILE": str(campaign), "CAMPAIGN_LANG": "en"},
        timeout=60,
    )
    assert (done.returncode, done.stderr) == (0, "")


def _where_said(said: tuple[int, str, str], campaign: Path) -> list[object]:
    """A status and its output, the campaign's own path written as `<c>` and a moment as
    `<time>` (the two runs may straddle a second: an adventure's start is stamped)."""
    import re

    def plain(text: str) -> str:
        return re.sub(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z?", "<time>", text.replace(str(campaign), "<c>"))

    return [said[0], plain(said[1]), plain(said[2])]


def _fast_in_process(campaign: Path, args: list[str]) -> tuple[int, str, str] | None:
    """ARGS answered by the fast path in this process (as the installed program answers
    them before Typer loads): its status and output, or None when it hands over."""
    from campaign_cli.run import fresh

    out, err = io.StringIO(), io.StringIO()
    env = {"CAMPAIGN_FILE": str(campaign), "CAMPAIGN_LANG": "en"}
    with fresh(), mock.patch.dict(os.environ, env), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = fast.answer(args)
    return None if code is None else (code, out.getvalue(), err.getvalue())


@pytest.mark.parametrize("path", PATHS, ids=[" ".join(p) for p in PATHS])
@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_random_lines_answer_the_same_through_the_fast_path_and_through_typer(campaign, tmp_path, path, data):
    """Issue 78: the red team's comparison, in the suite. A random line of each command in
    the fast path's table (names, numbers past their bounds, options twice, `--`, `-h`,
    unknown options) answered by the fast path and by Typer, each on its own copy of the
    campaign: the same status, stdout, stderr and campaign after."""
    import uuid

    folder = tmp_path / uuid.uuid4().hex
    ours, theirs = folder / "fast" / "c.json", folder / "typer" / "c.json"
    for copy in (ours, theirs):
        copy.parent.mkdir(parents=True)
        shutil.copy(campaign, copy)
    drawn = data.draw(lines(path))
    fast_said = _fast_in_process(ours, [w.replace("{c}", str(ours)) for w in drawn])
    if fast_said is None:
        return  # Typer's to answer: nothing to compare
    typer_said = _typer(theirs, *[w.replace("{c}", str(theirs)) for w in drawn])
    assert _where_said(fast_said, ours) == _where_said(typer_said, theirs), drawn
    assert json.loads(ours.read_text())["characters"] == json.loads(theirs.read_text())["characters"], drawn


BATCH_LINES = [
    ["xp", "award", "2", "Ajax", "--reason", "a fight"],
    ["gold", "add", "Ajax", "7"],
    ["darkstone", "add", "Лада Светлая", "2"],
    ["character", "show", "Ajax"],
    ["character", "list"],
    ["item", "list", "Ajax"],
    ["enemy", "list"],
    ["roll", "3D6", "--seed", "1"],  # not declared fast: Click's, in the same batch
    ["karma", "add", "Ajax", "1"],
    ["gold", "remove", "Ajax", "2"],
    ["check", "Ajax", "3/DX", "--seed", "1"],  # a body that is a Typer-free function: its result captured
    ["item", "add", "Ajax", "Rope", "--kind", "снаряжение", "--weight", "1"],  # a bundle, adjusted
    ["log", "--limit", "2"],
    ["recap"],
]


@pytest.mark.parametrize(
    ("failing", "status"),
    [([], 0), ([["gold", "remove", "Ajax", "999"]], 1), ([["xp", "award", "0", "Ajax"]], 2)],  # refused; out of range
)
def test_a_batch_reads_its_lines_as_click_does(tmp_path, campaign, failing, status):
    """A batch's lines of commands declared fast are read by the command table's tokenizer
    (fast.read), the others by Click: the results, the refusal and the campaign are the same
    as with every line read by Click."""
    import shutil

    lines = "".join(json.dumps({"args": words}) + "\n" for words in [*BATCH_LINES, *failing])
    said, ran = [], []
    run = fast.run

    def counted(*args, **keywords):
        ran.append(args[0].method)
        return run(*args, **keywords)

    for fast_lines in (True, False):
        copy = tmp_path / ("fast" if fast_lines else "click") / "c.json"
        copy.parent.mkdir()
        shutil.copy(campaign, copy)
        source = copy.parent / "lines.jsonl"
        source.write_text(lines, encoding="utf-8")
        reading = fast.read if fast_lines else lambda *a, **k: None
        with mock.patch.object(fast, "read", reading), mock.patch.object(fast, "run", counted):
            code, out, err = _typer(copy, "batch", str(source))
        data = json.loads(copy.read_text(encoding="utf-8"))
        said.append((code, out, err.replace(str(copy.parent), "<here>"), data["characters"]))
    assert said[0] == said[1]
    assert said[0][0] == status
    assert len(ran) >= len(BATCH_LINES) - 1  # every line but `roll` read by the tokenizer


EVERYDAY = [
    ["character", "show", "Ajax"],
    ["character", "list"],
    ["item", "list", "Ajax"],
    ["status"],
    ["xp", "award", "1", "Ajax"],
    ["character", "set", "Ajax", "--attr", "Luck=1"],
    ["damage", "Ajax", "1"],
    ["heal", "Ajax", "1"],
    ["karma", "add", "Ajax", "1"],
    ["gold", "add", "Ajax", "5"],
    ["darkstone", "add", "Ajax", "1"],
    ["enemy", "list"],
    ["can", "Ajax"],
    ["can"],
    ["fight", "start"],
    ["fight", "status"],
    ["wish", "add", "Ajax", "1"],
    ["damage", "Ajax", "2"],
    ["wish", "spend", "Ajax"],  # cancels that damage (R17)
    ["log", "--limit", "5"],
    ["recap"],
    ["check", "Ajax", "3/DX", "--seed", "1"],
    ["item", "add", "Ajax", "Rope", "--weight", "1", "--kind", "снаряжение"],  # a bundle, adjusted
    ["xp", "award", "12", "Ajax"],
    ["xp", "spend", "Ajax", "--attribute", "DX", "--dry-run"],
    ["check", "--party", "3/IQ", "--who", "все", "--seed", "2"],
]


@pytest.mark.parametrize("form", [["--json"], []], ids=["json", "piped"])
def test_everyday_commands_answer_without_typer_click_or_rich(tmp_path, form):
    """Issue 80: the everyday commands answer without loading the framework, in JSON and
    as plain text piped (the same text Typer's commands print: tests above)."""
    path = tmp_path / "c.json"
    with campaign_cli.open(path, create=True) as camp:
        camp.character_create("Ajax", st=12, dx=11, iq=9)
        camp.item_add("Ajax", "Torch")
    code = (
        "import sys\nfrom campaign_cli.entry import main\nsys.argv = ['campaign', *sys.argv[1:]]\n"
        "try:\n    main()\nexcept SystemExit as e:\n    sys.stderr.write(f'exit {e.code}\\n')\n"
        "sys.stderr.write(repr(sorted(sys.modules)))"
    )
    env = {**os.environ, "CAMPAIGN_FILE": str(path), "CAMPAIGN_LANG": "en"}
    for args in EVERYDAY:
        done = subprocess.run([sys.executable, "-c", code, *args, *form], capture_output=True, text=True, env=env)
        modules = set(eval(done.stderr.splitlines()[-1]))  # our own repr
        loaded = {m.split(".")[0] for m in modules}
        assert "exit 0" in done.stderr and done.stdout.strip(), (args, done.stderr[-300:])
        assert not loaded & {"typer", "click", "rich"}, args
        if form == ["--json"]:  # what a command says in words is made only when shown
            assert "campaign_cli.cli.said" not in modules, args


HOSTILE_LINES = [
    ["gold", "add", "Ajax", "-5"],
    ["gold", "add", "Ajax", "5", "6"],
    ["gold", "add", "Ajax"],
    ["gold", "add", "Ajax", "99999999999999999999"],
    ["item", "list", "Ajax", "--json=1"],
    ["item", "list", "Ajax", "--jsonl", "--json"],
    ["character", "list", "extra"],
    ["character", "list", "--", "x"],
    ["xp", "award", "1", "Ajax", "--reason"],
    ["xp", "award", "1", "Ajax", "--reason", "--party"],
    ["xp", "award", "1", "Ajax", "--reason=", "--party"],
    ["xp", "award", "1", "Ajax", "--reason", "a" * 2000],
    ["damage", "\ud800", "1"],
    ["damage", "Ajax", "1", "--armor", "--armor"],
    ["enemy", "list", "--jsonl"],
    ["fight", "status", "-x"],
    ["karma", "add", "Ajax", "1", "--by"],
    ["status", "--json", "--lang", "ru"],
]


@pytest.mark.parametrize("words", HOSTILE_LINES, ids=[" ".join(w)[:40] for w in HOSTILE_LINES])
def test_a_hostile_batch_line_is_answered_as_click_answers_it(tmp_path, campaign, words):
    """Each line alone in a batch: the tokenizer's reading and Click's give the same exit,
    output, refusal and campaign (a line the table cannot read with certainty is Click's)."""
    import shutil

    said = []
    for fast_lines in (True, False):
        copy = tmp_path / ("fast" if fast_lines else "click") / "c.json"
        copy.parent.mkdir()
        shutil.copy(campaign, copy)
        source = copy.parent / "lines.jsonl"
        source.write_text(json.dumps({"args": words}) + "\n", encoding="utf-8")
        with mock.patch.object(fast, "read", fast.read if fast_lines else lambda *a, **k: None):
            code, out, err = _typer(copy, "batch", str(source))
        data = json.loads(copy.read_text(encoding="utf-8"))
        said.append((code, out, err.replace(str(copy.parent), "<here>"), data["characters"], data["meta"]["1"]["seq"]))
    assert said[0] == said[1]


EVENING = [
    ["item", "add", "Ajax", "Broadsword"],
    ["item", "add", "Ajax", "Torch", "--count", "3"],
    ["item", "add", "Ajax", "Leather"],
    ["item", "add", "Ajax", "Rune of Power", "--kind", "upgrade", "--slots", "1"],
    ["item", "wear", "Ajax", "Leather"],
    ["item", "stow", "Ajax", "Leather"],
    ["item", "hold", "Ajax", "Broadsword"],
    ["item", "drop", "Ajax", "Torch", "--count", "1"],
    ["item", "give", "Ajax", "Лада Светлая", "Torch", "--count", "1"],
    ["gold", "add", "Ajax", "5"],
    ["item", "sell", "Лада Светлая", "Ajax", "Torch", "--price", "1"],
    ["shop", "buy", "Ajax", "Dagger", "--price", "1"],
    ["shop", "buy", "Ajax", "Dagger", "--price", "3", "--haggle", "11", "--seed", "4"],  # refused: no Merchant (R25)
    ["shop", "buy", "Ajax", "Lucky Hat", "--clothing", "hat", "--value", "1", "--kind", "артефакт"],
    ["shop", "sell", "Ajax", "Dagger", "--price", "2"],
    ["shop", "buy", "Ajax", "Rope", "--kind", "nothing"],  # refused: a kind no item has
    ["item", "store", "Ajax", "Torch"],
    ["item", "fetch", "Ajax", "Torch", "--count", "1"],
    ["item", "set", "Ajax", "Broadsword", "--value", "40", "--slots", "2"],
    ["item", "upgrade", "Ajax", "Broadsword", "Rune of Power"],
    ["darkstone", "add", "Ajax", "3"],
    ["town", "enter", "Brimstone", "--blacksmith"],
    ["forge", "Ajax", "Broadsword", "--stones", "2", "--gold", "0"],
    ["town", "leave"],
    ["curse", "apply", "Ajax", "Mummy Rot", "--note", "a tomb"],
    ["curse", "list"],
    ["keyword", "learn", "Sunken"],
    ["adventure", "start", "The Crypt"],
    ["enemy", "add", "Bog Lurker", "--file", "{samples}/enemies/bog-lurker.json"],
    ["enemy", "elite", "Bog Lurker", "--seed", "2"],
    ["enemy", "hit", "Bog Lurker", "6"],
    ["fight", "start"],
    ["fight", "add", "Bog Lurker", "--count", "2"],
    ["fight", "add", "Bog Lurker", "--elite", "--seed", "1"],
    ["fight", "order", "--seed", "3"],
    ["fight", "hit", "Bog Lurker 1", "5", "--by", "Ajax"],
    ["fight", "attack", "Ajax", "Bog Lurker 2", "--seed", "4"],  # refused: the enemies' turn (R32a)
    ["fight", "attack", "Bog Lurker 2", "Ajax", "--seed", "5"],
    ["fight", "next"],
    ["fight", "next"],
    ["fight", "attack", "Ajax", "Bog Lurker 2", "--seed", "4"],
    ["fight", "status"],
    ["fight", "end", "--won"],  # refused: they still stand (R13)
    ["fight", "end", "--routed"],
    ["contest", "Ajax", "3/ST", "Лада Светлая", "3/ST", "--seed", "5"],
    ["check", "Ajax", "3/DX", "--seed", "6", "--plot"],
    ["rest"],
    ["adventure", "end"],
    ["enemy", "kill", "Bog Lurker", "--by", "Ajax"],
    ["enemy", "delete", "Bog Lurker"],
    ["item", "reload", "Ajax", "Broadsword"],  # refused: not a fired weapon
    ["initiative", "Ajax", "Лада Светлая", "--seed", "3"],
    ["roll", "3D6", "--seed", "2"],
    ["roll", "2D6+"],  # refused before the lock: a malformed expression
    ["roll"],  # refused: nothing to roll
    ["odds", "3/DX", "--value", "11", "--plot"],
    ["cast", "Ajax", "Light"],  # refused: Ajax knows no spell
    ["skill", "use", "Ajax", "Swimming", "--seed", "1"],
    ["karma", "add", "Ajax", "3"],
    ["curse", "remove", "Ajax", "Mummy Rot", "--pay", "карма"],
    ["item", "show", "Ajax", "Broadsword"],
    ["item", "show", "Ajax", "Nothing"],  # refused: no such item
    ["undo"],
    ["redo"],
    ["undo", "--to", "40"],
    ["redo"],
    ["redo"],  # refused: nothing undone since
    ["character", "create", "Tom", "--st", "10", "--dx", "11", "--iq", "11"],
    ["character", "delete", "Tom"],
    ["catalog", "import", "{samples}/packs/frontier.json"],
    ["catalog", "import", "{samples}/packs/frontier.json"],  # replaced
    ["catalog", "skills", "--search", "лаз"],
    ["catalog", "weapons"],
    ["catalog", "armor", "--search", "Кожа"],
    ["catalog", "items", "--search", "rope"],
    ["catalog", "enemies"],
    ["catalog", "show", "Палаш"],
    ["catalog", "show", "Dust Stalker"],
    ["catalog", "show", "Кинжал", "--kind", "умение"],
    ["catalog", "show", "Nothing at all"],  # refused, with suggestions
    ["catalog", "packs"],
    ["log", "--limit", "6"],
    ["recap"],
]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_evening_reads_the_same_on_the_fast_path_and_through_typer(tmp_path, campaign, lang):
    """Every command of an evening, piped as plain text (and refused where the rules say so),
    answered by the fast path on one copy of the campaign and by Typer on another: the same
    status and words at every step, and each line answered by the fast path (none handed over)."""
    samples = Path(__file__).resolve().parent.parent / "samples"
    ours, theirs = tmp_path / "fast" / "c.json", tmp_path / "typer" / "c.json"
    for copy in (ours, theirs):
        copy.parent.mkdir()
        shutil.copy(campaign, copy)
    for words in EVENING:
        args = ["--lang", lang, *(w.replace("{samples}", str(samples)) for w in words)]
        fast_said = _fast_in_process(ours, args)
        assert fast_said is not None, words  # the fast path's to answer
        typer_said = _typer(theirs, *args, lang=lang)
        assert _where_said(fast_said, ours) == _where_said(typer_said, theirs), words
        assert fast_said[1] or fast_said[2], words
    assert json.loads(ours.read_text())["characters"] == json.loads(theirs.read_text())["characters"]
