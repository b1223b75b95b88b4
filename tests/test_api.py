"""The Python API (CLI.md "Python API"): the commands as methods of an open campaign, one
transaction a block, results equal to `--json`, errors with the CLI's codes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import campaign_cli

ROOT = Path(__file__).resolve().parent.parent


def test_the_examples_in_docs_api_run(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "docs" / "api.md").read_text(), re.S)
    assert len(blocks) >= 4
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, "docs/api.md", "exec"), namespace)


def test_a_block_is_one_journal_entry_and_one_undo_takes_it_back(camp):
    before = camp.json("character", "show", "Ajax")
    with campaign_cli.open(camp.path) as api:
        api.xp_award(3, "Ajax")
        api.gold_add("Ajax", 7)
        api.item_add("Ajax", "Rope")
    log = camp.json("log")
    assert log[-1]["summary"] == "Ajax gets 3 XP (R13); Ajax gets 7 gold (now 7); Ajax gets Rope"
    assert log[-1]["characters"] == ["Ajax"] and log[-1]["block"] == "python" and log[-1]["command"] == "python"
    assert [e["event"] for e in log[-1]["events"]] == ["xp_awarded", "gold", "item_added"]
    after = camp.json("character", "show", "Ajax")
    assert (after["xp"], after["gold"], [i["name"] for i in after["items"]]) == (3, 7, ["Rope"])
    camp.json("undo")
    assert camp.json("character", "show", "Ajax") == before


def test_an_exception_leaves_every_file_byte_identical(camp):
    files = [camp.path, Path(str(camp.path) + ".journal")]
    before = [f.read_bytes() for f in files]
    with pytest.raises(ZeroDivisionError), campaign_cli.open(camp.path) as api:
        api.gold_add("Ajax", 5)
        1 / 0  # noqa: B018  a script's own bug
    assert [f.read_bytes() for f in files] == before


def test_a_refusal_caught_inside_the_block_still_saves_nothing(camp):
    before = camp.path.read_bytes()
    with pytest.raises(campaign_cli.UsageProblem) as leaving, campaign_cli.open(camp.path) as api:
        api.gold_add("Ajax", 5)
        with pytest.raises(campaign_cli.Refused):
            api.gold_remove("Merlin", 50)  # has none
        with pytest.raises(campaign_cli.UsageProblem) as next_act:
            api.gold_add("Merlin", 1)
        assert next_act.value.code == "act_failed"
    assert leaving.value.code == "act_failed" and leaving.value.exit_status == 2
    assert camp.path.read_bytes() == before


@pytest.mark.parametrize(
    ("act", "kind", "code", "status"),
    [
        (lambda api: api.xp_award(2, "Nobody"), campaign_cli.Refused, "unknown_character", 1),
        (lambda api: api.character_create("ajax", st=12, dx=10, iq=10), campaign_cli.Refused, "name_taken", 1),
        (lambda api: api.check("Ajax", "3/XX"), campaign_cli.UsageProblem, None, 2),
        (lambda api: api.gold_add("Ajax", 2_000_000), campaign_cli.UsageProblem, None, 2),
    ],
)
def test_errors_carry_the_commands_code_and_exit_status(camp, act, kind, code, status):
    before = camp.path.read_bytes()
    with pytest.raises(kind) as raised, campaign_cli.open(camp.path) as api:
        act(api)
    assert raised.value.exit_status == status and raised.value.message
    if code is not None:
        assert raised.value.code == code
    assert camp.path.read_bytes() == before


def test_a_misspelt_keyword_is_pythons_own_type_error_and_saves_nothing(camp):
    before = camp.path.read_bytes()
    with pytest.raises(TypeError, match="sparkle"), campaign_cli.open(camp.path) as api:
        api.gold_add("Ajax", 1, sparkle=True)  # type: ignore[call-arg]
    assert camp.path.read_bytes() == before


def test_a_missing_file_is_a_file_problem_unless_created(tmp_path):
    with pytest.raises(campaign_cli.FileProblem) as missing, campaign_cli.open(tmp_path / "none.json"):
        pass
    assert missing.value.exit_status == 3 and missing.value.code == "no_campaign"
    assert not (tmp_path / "none.json").exists()
    with campaign_cli.open(tmp_path / "new.json", create=True) as api:
        assert api.status()["name"] == "new"


def test_reading_takes_no_lock_and_refuses_to_change(camp, monkeypatch):
    from campaign_cli.store import files

    monkeypatch.setenv("CAMPAIGN_LOCK_WAIT", "0.2")
    before = camp.path.read_bytes()
    with files.locked(camp.path.resolve()):  # a writer holds the lock: a reader does not wait for it
        with campaign_cli.read(camp.path) as api:
            assert api.character_show("Merlin")["kind"] == "wizard"
            with pytest.raises(campaign_cli.UsageProblem) as refused:
                api.gold_add("Ajax", 5)
        with pytest.raises(campaign_cli.FileProblem) as busy, campaign_cli.open(camp.path):
            pass  # a writer does wait, and gives up
    assert refused.value.code == "read_only" and busy.value.exit_status == 3
    assert camp.path.read_bytes() == before


def test_an_unknown_method_names_no_command(camp):
    with campaign_cli.read(camp.path) as api:
        with pytest.raises(AttributeError):
            getattr(api, "character_fly")  # noqa: B009  the name is the point
        assert "character_create" in dir(api) and "import_" not in dir(api)
    assert callable(campaign_cli.import_) and callable(campaign_cli.undo)  # its own transaction each


def test_the_cli_never_imports_the_api():
    import subprocess
    import sys

    code = (
        "import sys\nfrom campaign_cli.cli.app import get_command\nget_command()\n"
        "assert 'campaign_cli.api' not in sys.modules"
    )
    assert subprocess.run([sys.executable, "-c", code], timeout=60).returncode == 0


@pytest.mark.parametrize(
    ("words", "areas"),
    [
        (["character", "show", "Ajax", "--json"], []),  # the core's reading: no area's acts
        (["xp", "award", "1", "Ajax", "--json"], ["advancement"]),
        (["item", "add", "Ajax", "Dagger", "--json"], ["items"]),
        (["damage", "Ajax", "1", "--json"], ["wounds"]),
        (["fight", "start", "--json"], ["fights"]),
    ],
)
def test_a_command_loads_only_its_own_area_of_the_library(camp, words, areas):
    """A command opens the class of its own area (campaign_cli/library), never the whole
    Campaign: its start-up pays for the code of its own acts."""
    import subprocess
    import sys

    code = (
        "import sys\nfrom campaign_cli.entry import main\n"
        f"sys.argv = ['campaign', '-c', {str(camp.path)!r}, *{words!r}]\n"
        "try:\n    main()\nexcept SystemExit as stop:\n    assert not stop.code, stop.code\n"
        "sys.stderr.write(' '.join(sorted(m.rpartition('.')[2] for m in sys.modules "
        "if m.startswith('campaign_cli.library.') or m == 'campaign_cli.api')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stderr.split() == sorted(["core", *areas])


# -- the same acts through the API and through the command line ---------------------------------
NAMES = st.sampled_from(["Ajax", "Merlin"])
STEPS = st.one_of(
    st.tuples(st.just("xp_award"), st.tuples(st.integers(0, 20), NAMES), st.just({})),
    st.tuples(st.just("gold_add"), st.tuples(NAMES, st.integers(0, 50)), st.just({})),
    st.tuples(st.just("karma_add"), st.tuples(NAMES, st.integers(0, 3)), st.just({})),
    st.tuples(st.just("item_add"), st.tuples(NAMES, st.sampled_from(["Rope", "Dagger", "Leather"])), st.just({})),
    st.tuples(
        st.just("check"),
        st.tuples(NAMES, st.sampled_from(["3/DX", "3/ST", "4/IQ"])),
        st.fixed_dictionaries({"dice": st.lists(st.integers(1, 6), min_size=4, max_size=4)}),
    ),
    st.tuples(
        st.just("curse_apply"),
        st.tuples(NAMES, st.sampled_from(["Rot", "Gloom"])),
        st.fixed_dictionaries({"note": st.sampled_from(["the idol", "a well"])}),
    ),
    st.tuples(
        st.just("character_set"),
        st.tuples(NAMES),
        st.fixed_dictionaries({"keyword": st.lists(st.sampled_from(["Law", "Sea"]), max_size=2)}),
    ),
)
WORDS = {
    "xp_award": lambda a: ["xp", "award", str(a[0]), a[1]],
    "gold_add": lambda a: ["gold", "add", a[0], str(a[1])],
    "karma_add": lambda a: ["karma", "add", a[0], str(a[1])],
    "item_add": lambda a: ["item", "add", a[0], a[1]],
    "check": lambda a: ["check", a[0], a[1]],
    "curse_apply": lambda a: ["curse", "apply", a[0], a[1]],
    "character_set": lambda a: ["character", "set", a[0]],
}


def _cli_words(method, args, options) -> list[str]:
    words = WORDS[method](args)
    for key, value in options.items():
        if key == "dice":
            words += ["--dice", ",".join(map(str, value[: 4 if "4/" in args[1] else 3]))]
        else:
            for v in value if isinstance(value, list) else [value]:
                words += [f"--{key}", v]
    return words


def _error(error: dict, status: int) -> dict:
    """An error as both fronts must agree on it: a refusal word for word; a bad argument by its
    exit status alone (the command line names `--options` in Click's words, the library keywords)."""
    said = {"code": error["error"]["code"], "message": error["error"]["message"]}
    return {"status": status, **({"error": said} if status != 2 else {})}


def _documents(path: Path) -> dict:
    data = json.loads(path.read_bytes())
    return {"characters": data["characters"], "enemies": data["enemies"]}


@settings(max_examples=15, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(STEPS, min_size=1, max_size=6))
def test_an_api_block_and_the_same_commands_leave_equal_files_and_results(camp, tmp_path_factory, steps):
    folder = tmp_path_factory.mktemp("twins")
    by_cli, by_api = folder / "cli.json", folder / "api.json"
    for twin in (by_cli, by_api):
        twin.write_bytes(camp.path.read_bytes())
        Path(str(twin) + ".journal").write_bytes(Path(str(camp.path) + ".journal").read_bytes())
    cli = type(camp)(by_cli)
    cli_results, api_results = [], []
    for method, args, options in steps:
        if method == "check":
            options = {"dice": options["dice"][: 4 if "4/" in args[1] else 3]}
        result = cli(*_cli_words(method, args, options), "--json")
        cli_results.append(
            json.loads(result.stdout) if result.exit_code == 0 else _error(json.loads(result.stderr), result.exit_code)
        )
    try:
        with campaign_cli.open(by_api) as api:
            for method, args, options in steps:
                if method == "check":
                    options = {"dice": options["dice"][: 4 if "4/" in args[1] else 3]}
                try:
                    api_results.append(getattr(api, method)(*args, **options))
                except campaign_cli.CampaignError as err:
                    api_results.append(_error({"error": {"code": err.code, "message": err.message}}, err.exit_status))
                    raise
    except campaign_cli.CampaignError:
        # the API block is all or nothing: compare up to the refusal, and nothing saved
        assert api_results == cli_results[: len(api_results)]
        assert by_api.read_bytes() == camp.path.read_bytes()
        return
    assert api_results == cli_results
    assert _documents(by_api) == _documents(by_cli)


def test_two_threads_each_hold_a_campaign_open_and_neither_sees_the_other(tmp_path):
    """The run (campaign_cli/run.py) is each thread's own: two blocks open at once, in two
    threads, each writes its own file, one journal entry each (before, the second block
    was refused: one run per process)."""
    import threading

    paths = [tmp_path / who / "campaign.json" for who in ("a", "b")]  # the lock is a folder's
    for path in paths:
        path.parent.mkdir()
    for path, name in zip(paths, ("Ajax", "Lada")):
        with campaign_cli.open(path, create=True) as camp:
            camp.character_create(name, st=12, dx=11, iq=9)
    both_open = threading.Barrier(2, timeout=30)
    errors: list[BaseException] = []

    def play(path, name: str) -> None:
        try:
            with campaign_cli.open(path) as camp:
                both_open.wait()  # the other thread's block is open too
                for _ in range(20):
                    camp.xp_award(1, name)
        except BaseException as err:  # reported by the test below
            errors.append(err)

    threads = [threading.Thread(target=play, args=(p, n)) for p, n in zip(paths, ("Ajax", "Lada"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == []
    for path, name in zip(paths, ("Ajax", "Lada")):
        with campaign_cli.read(path) as camp:
            assert camp.character_show(name)["xp"] == 20
            assert [len(e["events"]) for e in camp.log(limit=1)] == [20]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_block_of_writes_loads_neither_typer_click_nor_rich(camp, lang):
    """CLI.md "Python API": the library is not the command line replayed, in any language
    (in Russian it loaded Typer to put Click's words into Russian, and changed Typer's
    module for any app of the script's own)."""
    import os
    import subprocess
    import sys

    script = (
        "import sys, campaign_cli\n"
        f"with campaign_cli.open({str(camp.path)!r}) as camp:\n"
        "    camp.xp_award(1, 'Ajax')\n"
        "    camp.gold_add('Ajax', 2)\n"
        "    camp.check('Ajax', '3/DX', dice=[1, 2, 3])\n"
        "    camp.character_sheet('Ajax', format='html')\n"
        "    camp.recap(format='md')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('typer', 'click', 'rich')))\n"
    )
    env = {**os.environ, "CAMPAIGN_LANG": lang}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, env=env)
    assert done.stdout.strip() == "[]"


def test_blocks_in_two_threads_at_once_leave_the_process_stdout_as_it_was(tmp_path):
    """A line's output is captured by swapping sys.stdout, which the threads share: two
    threads' blocks take turns at it. (Before, 6 rounds in 10 left one thread's capture
    buffer as sys.stdout for good: every later print of the process went nowhere.)"""
    import sys
    import threading

    before = sys.stdout
    for round_ in range(5):
        paths = [tmp_path / f"{round_}{who}" / "campaign.json" for who in "ab"]
        for path in paths:
            path.parent.mkdir()
            with campaign_cli.open(path, create=True) as camp:
                camp.character_create("Ajax", st=12, dx=11, iq=9)
        both_open = threading.Barrier(2, timeout=30)

        def play(path: Path, both_open: threading.Barrier) -> None:
            with campaign_cli.open(path) as camp:
                both_open.wait()
                for _ in range(30):
                    camp.xp_award(1, "Ajax")

        threads = [threading.Thread(target=play, args=(path, both_open)) for path in paths]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert sys.stdout is before, f"round {round_}: sys.stdout left as {sys.stdout!r}"
        for path in paths:
            with campaign_cli.read(path) as camp:
                assert camp.character_show("Ajax")["xp"] == 30


def test_module_functions_and_the_doors_speak_the_language_asked(tmp_path, monkeypatch):
    """Issue 73: `lang=` on every module function, and `open`/`read`'s own file errors in the
    language asked (else CAMPAIGN_LANG); the command line's own language is untouched."""
    path = tmp_path / "c.json"
    campaign_cli.init(path, "L", lang="ru")
    with pytest.raises(campaign_cli.Refused) as none:
        campaign_cli.undo(path, lang="ru")
    assert none.value.code == "nothing_to_undo" and none.value.message == "отменять нечего"
    with pytest.raises(campaign_cli.Refused) as again:
        campaign_cli.redo(path, lang="ru")
    assert again.value.message.startswith("возвращать нечего")
    for door in (campaign_cli.open, campaign_cli.read):
        with pytest.raises(campaign_cli.FileProblem) as missing, door(tmp_path / "nope.json", lang="ru"):
            pass
        assert missing.value.message.startswith("нет файла кампании")
    with pytest.raises(campaign_cli.CampaignError) as taken:
        campaign_cli.init(path, lang="ru")
    assert "уже существует" in taken.value.message
    with pytest.raises(campaign_cli.CampaignError) as nowhere:
        campaign_cli.export(tmp_path / "nope.json", lang="ru")
    assert nowhere.value.message.startswith("нет файла кампании")
    monkeypatch.setenv("CAMPAIGN_LANG", "ru")
    with pytest.raises(campaign_cli.Refused) as env:
        campaign_cli.undo(path)
    assert env.value.message == "отменять нечего"
    with pytest.raises(campaign_cli.UsageProblem):
        campaign_cli.undo(path, lang="de")
