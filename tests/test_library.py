"""The library's shape (CLI.md "Python API (the library)"): real methods with real
signatures and types, a script checked by `mypy --strict`, help that reads as Python,
savepoints, and every generated file (the reference in docs/api.md among them) fresh."""

from __future__ import annotations

import inspect
import json
import re
import shutil
import subprocess
import sys
import typing
from pathlib import Path
from typing import Any

import pytest

import campaign_cli
from campaign_cli import api

ROOT = Path(__file__).resolve().parent.parent
METHODS = [  # each area's acts (campaign_cli/library), which Campaign joins
    (name, fn)
    for area in api.Campaign.__mro__
    for name, fn in vars(area).items()
    if inspect.isfunction(fn) and name[0] != "_"
]
FUNCTIONS = [getattr(api, n) for n in ("open", "read", "init", "import_", "export", "undo", "redo", "merge", "odds")]
SHELL = re.compile(r"(?<![\w-])--[a-z]|`campaign |\bcampaign [a-z]+ [a-z]")


@pytest.fixture
def party(tmp_path: Path) -> Path:
    """Ajax (hero) and Merlin (wizard), made through the library itself."""
    path = tmp_path / "campaign.json"
    with campaign_cli.open(path, create=True) as camp:
        camp.character_create("Ajax", st=12, dx=11, iq=9, skill=["Swimming"])
        camp.character_create("Merlin", st=8, dx=10, iq=14, wizard=True, spell=["Light"])
    return path


def test_every_act_is_a_method_defined_on_the_class():
    assert len(METHODS) >= 80
    for name, function in METHODS:  # a real function, found on the class itself without calling anything
        assert inspect.getattr_static(api.Campaign, name) is function
    assert not hasattr(api.Campaign, "__getattr__")  # nothing is made on attribute access
    assert not any(hasattr(type(area), "__getattr__") for area in api.Campaign.__mro__)


@pytest.mark.parametrize(("name", "function"), METHODS, ids=[n for n, _f in METHODS])
def test_a_method_has_a_signature_a_return_type_and_python_help(name, function):
    written = inspect.signature(inspect.unwrap(function))  # as the source writes it
    for star in (p for p in written.parameters.values() if p.kind is p.VAR_KEYWORD):
        assert star.annotation.startswith("Unpack[results."), f"{name}: **{star.name} takes anything"
    hints = typing.get_type_hints(function)
    assert hints["return"] is not typing.Any and "return" in hints
    assert all(p.name in hints for p in list(written.parameters.values())[1:])  # every parameter typed
    # as inspect.signature and help() show it: a bundle's keys spread, each typed (issue 73)
    shown = inspect.signature(function)
    assert not any(p.kind is p.VAR_KEYWORD for p in shown.parameters.values()), f"{name}: a bundle hidden"
    assert all(p.annotation is not p.empty for p in list(shown.parameters.values())[1:]), name
    doc = inspect.getdoc(function) or ""
    assert doc and "camp." in doc, f"{name}: no example"
    assert not SHELL.search(doc), f"{name}: shell syntax in its help: {SHELL.search(doc)}"


@pytest.mark.parametrize("function", FUNCTIONS, ids=[f.__name__ for f in FUNCTIONS])
def test_a_module_function_is_typed_too(function):
    assert typing.get_type_hints(function)["return"] is not typing.Any
    assert "campaign_cli." in (inspect.getdoc(function) or "")
    assert all(p.kind is not p.VAR_KEYWORD for p in inspect.signature(function).parameters.values())


def _mypy(tmp_path: Path, script: str, *more: Path) -> subprocess.CompletedProcess:
    """`mypy --strict` on SCRIPT (and the files MORE, in the same run), the package seen as a
    typed library (py.typed) is seen."""
    pytest.importorskip("mypy")
    (tmp_path / "script.py").write_text(script)
    (tmp_path / "mypy.ini").write_text("[mypy]\nstrict = True\n\n[mypy-campaign_cli.*]\nignore_errors = True\n")
    env = {"MYPYPATH": str(Path(campaign_cli.__file__).resolve().parent.parent), "PATH": "/usr/bin:/bin"}
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", "mypy.ini", "--no-incremental", "script.py", *map(str, more)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )


SAMPLE = ROOT / "samples" / "evening.py"  # a script reading every key of the results a group reads most


def test_the_evening_in_docs_api_and_the_sample_script_pass_mypy_strict(tmp_path):
    """Both in one run of mypy (it costs seconds to start). The sample reads every key of a
    contest, a cast, a blow of either side, every event and the recap (the next test), with
    no `cast`, no `Any` and nothing ignored: what it reads is what the library declares."""
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "docs" / "api.md").read_text(), re.S)
    done = _mypy(tmp_path, "\n".join(blocks), SAMPLE)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "in 2 source files" in done.stdout
    text = SAMPLE.read_text()
    assert not re.search(r"(?<![.\w])cast\(|typing\.cast|\bAny\b|type: ignore", text)
    assert len(text.splitlines()) >= 200


def _read_keys(path: Path, compared: bool = False) -> set[str]:
    """The keys PATH's code reads from a result: `r["key"]`, `r.get("key", ...)` and `"key" in r`; COMPARED: the
    texts a value is compared with (`e["event"] == "killed"`)."""
    import ast

    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if compared:
            if isinstance(node, ast.Compare) and isinstance(node.ops[0], ast.Eq):
                found.update(c.value for c in node.comparators if isinstance(c, ast.Constant))
        elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            found.add(node.slice.value)
        elif isinstance(node, ast.Compare) and isinstance(node.left, ast.Constant) and isinstance(node.ops[0], ast.In):
            found.add(node.left.value)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "get" and node.args:
            found.add(getattr(node.args[0], "value", None))
    return found


def test_the_sample_script_reads_every_key_and_runs(tmp_path):
    from campaign_cli import results

    read = _read_keys(SAMPLE)
    kinds = [results.Contest, results.ContestSide, results.CastCheck, results.CastContest, results.Modifier]
    kinds += [results.CharacterBlow, results.EnemyBlow, *typing.get_args(results.Event)]
    kinds += [results.Recap, results.RecapRow, results.KilledBy, results.HealedBy]
    unread = {f"{k.__name__}.{key}" for k in kinds for key in typing.get_type_hints(k) if key not in read}
    assert not unread, f"samples/evening.py does not read {sorted(unread)}"
    done = subprocess.run([sys.executable, str(SAMPLE), str(tmp_path / "e.json")], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    said = done.stdout.splitlines()
    kinds_of_event = {
        v for e in typing.get_args(results.Event) for v in typing.get_args(typing.get_type_hints(e)["event"])
    }
    assert len(kinds_of_event) == 60 and not kinds_of_event - _read_keys(SAMPLE, compared=True)
    for line in ("Kate brewed Potion of ST (Alchemist)",):
        assert line in said
    assert any(s.startswith("Ajax killed Bog Lurker 1 (") for s in said)
    assert any(s.startswith("Ajax healed 1 by Kate (Medic)") for s in said)
    assert (
        any(s.startswith("fight over: won") for s in said)
        and "round 1: party" in said
        and "Ajax: 1 Torch dropped" in said
    )
    assert any(s.startswith("Bog Lurker 1 (Bog Lurker 1, to-hit 4) at Ajax: [6, 6], hit True, 2 hits") for s in said)


def test_a_wrong_type_or_a_misspelt_keyword_is_a_mypy_error(tmp_path):
    done = _mypy(
        tmp_path,
        "import campaign_cli\n\n"
        'with campaign_cli.open("c.json") as camp:\n'
        '    camp.xp_award("two", "Ajax")\n'
        '    camp.gold_add("Ajax", 5, sparkle=True)\n'
        '    total: str = camp.character_show("Ajax")["xp"]\n'
        "    everyone: bool = len(total) > 0  # a party test chosen at run time (issue 60)\n"
        '    camp.check("3/IQ", party=everyone, who="all")\n'
        '    camp.item_add("Ajax", "Rope", colour="red")\n'
        '    camp.shop_buy("Ajax", "Rope", hands="two")\n',
    )
    assert done.returncode == 1 and "Found 5 errors" in done.stdout, done.stdout
    assert 'Unexpected keyword argument "colour" for "item_add"' in done.stdout  # a bundle's keys are known
    assert 'Argument "hands" to "shop_buy" of "Shop" has incompatible type "str"' in done.stdout
    assert '"xp_award" of "Advancement" has incompatible type "str"; expected "int"' in done.stdout
    assert 'Unexpected keyword argument "sparkle" for "gold_add"' in done.stdout
    assert 'expression has type "int", variable has type "str"' in done.stdout


def test_an_attempt_takes_back_only_what_it_did(party):
    with campaign_cli.open(party) as block:
        block.gold_add("Ajax", 3)
        with pytest.raises(campaign_cli.Refused), block.attempt():
            block.xp_award(4, "Ajax")
            block.gold_remove("Ajax", 99)
        kept = block.character_show("Ajax")
        assert (kept["gold"], kept["xp"]) == (3, 0)
        block.gold_add("Ajax", 1)
    with campaign_cli.read(party) as block:
        after = block.character_show("Ajax")
        assert (after["gold"], after["xp"]) == (4, 0)
        entry = block.log(limit=1)[0]  # the attempt's acts are not there
        assert [e["event"] for e in entry["events"]] == ["gold", "gold"]
        assert entry["summary"] == "Ajax gets 3 gold (now 3); Ajax gets 1 gold (now 4)"


def test_an_attempt_whose_rolls_reached_the_spool_takes_back_only_its_own(party, monkeypatch):
    """A regression: the savepoint kept the rolls' count, and a flush to the spool during the
    attempt journaled the attempt's rolls and lost the earlier ones."""
    from campaign_cli.store import campaign as stored

    monkeypatch.setattr(stored, "ROLLS_PER_ENTRY", 3)  # the attempt's third roll flushes the spool
    with campaign_cli.open(party) as block:
        kept = [block.check("Ajax", "3/DX", seed=n)["dice"] for n in (1, 2)]
        with pytest.raises(campaign_cli.Refused), block.attempt():
            for n in (3, 4, 5):
                block.check("Ajax", "3/DX", seed=n)
            block.gold_remove("Ajax", 99)
        block.gold_add("Ajax", 1)
    journal = party.with_name(party.name + ".journal").read_text().splitlines()
    assert [r["dice"] for line in journal for r in json.loads(line).get("rolls", ())] == kept


def test_a_failure_outside_an_attempt_spoils_the_block(party):
    before = party.read_bytes()
    with pytest.raises(campaign_cli.UsageProblem) as leaving, campaign_cli.open(party) as block:
        block.gold_add("Ajax", 3)
        with pytest.raises(campaign_cli.Refused):
            block.gold_remove("Ajax", 99)
    assert leaving.value.code == "act_failed" and party.read_bytes() == before


def test_events_and_a_closed_handle(party):
    with campaign_cli.open(party) as block:
        block.damage("Ajax", 2)
        block.heal("Ajax", 1)
        assert block.events == [  # each act says what it did, before and after (issue 72)
            {"event": "damaged", "name": "Ajax", "amount": 2, "fatigue": False, "absorbed": 0, "status": "ok"},
            {"event": "healed", "name": "Ajax", "amount": 1},
        ]
        block.item_add("Ajax", "Healing Potion", kind="potion")
    before = party.read_bytes()
    with pytest.raises(campaign_cli.UsageProblem) as closed:
        block.gold_add("Ajax", 1)
    assert closed.value.code == "closed" and party.read_bytes() == before


def test_a_second_block_in_a_thread_is_refused_at_once(party):
    import time

    with campaign_cli.open(party, lock_wait=30):
        began = time.monotonic()
        with pytest.raises(campaign_cli.UsageProblem) as twice, campaign_cli.open(party, lock_wait=30):
            pass
        assert twice.value.code == "already_open" and time.monotonic() - began < 1


def test_a_refusal_names_keywords_not_options(camp):
    with pytest.raises(campaign_cli.UsageProblem) as problem, campaign_cli.open(camp.path) as block:
        block.karma_add("Ajax", 1, by="Merlin")
    assert "by=" in problem.value.message and "--" not in problem.value.message
    result = camp("karma", "add", "Ajax", "1", "--by", "Merlin")
    assert result.exit_code == 2 and "--by" in result.stderr and "--bard" in result.stderr


def test_a_name_that_matches_nothing_carries_suggestions(party):
    with pytest.raises(campaign_cli.Refused) as missing, campaign_cli.read(party) as block:
        block.character_show("Ajx")
    assert missing.value.suggestions == ["Ajax"] and missing.value.facts


def test_every_generated_file_is_fresh():
    """One command makes every generated file (tools/generate.py); this checks them all."""
    if shutil.which("git") is None and not (ROOT / "tools" / "generate.py").exists():
        pytest.skip("no tools/ in this tree")
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "generate.py"), "--check"], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr


def _imports() -> dict[str, set[str]]:
    """campaign_cli's import graph from the source: every import, at module level, in a
    function or for type checkers alike."""
    import ast

    package = ROOT / "campaign_cli"
    modules = {}
    for path in package.rglob("*.py"):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        modules[name.removesuffix(".__init__")] = path
    edges: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        here = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = here.split(".")[: len(here.split(".")) - node.level + 1]
                    base = ".".join([*parts, *([base] if base else [])])
                for alias in node.names:
                    target = f"{base}.{alias.name}"
                    edges[name].add(target if target in modules else base)
            elif isinstance(node, ast.Import):
                edges[name].update(a.name for a in node.names)
    return {m: {t for t in targets if t in modules and t != m} for m, targets in edges.items()}


def test_no_import_cycle_and_the_library_never_imports_the_shell():
    graph = _imports()
    seen: dict[str, int] = {}  # 1: on the path, 2: done

    def visit(module: str, path: list[str]) -> None:
        seen[module] = 1
        for target in sorted(graph[module]):
            assert seen.get(target) != 1, "import cycle: " + " -> ".join([*path, module, target])
            if target not in seen:
                visit(target, [*path, module])
        seen[module] = 2

    for module in sorted(graph):
        if module not in seen:
            visit(module, [])
    doors = {"campaign_cli.entry", "campaign_cli.tab", "campaign_cli.__main__"}
    shell = sorted(
        (m, t)
        for m, targets in graph.items()
        if not m.startswith("campaign_cli.cli") and m not in doors
        for t in targets
        if t.startswith("campaign_cli.cli")
    )
    assert shell == []


def test_no_module_imports_another_modules_private_names():
    """A helper one module shares with others is public (issue 65: `_shown`, `_whole`... were
    imported across ten files): a name with a leading underscore stays in its module. The
    generated modules (`_judged`, `_commands`) and gettext's `_` and `N_` are names, not helpers."""
    import ast

    found = []
    for path in sorted((ROOT / "campaign_cli").rglob("*.py")) + sorted((ROOT / "tests").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("campaign_cli"):
                found += [
                    f"{path.relative_to(ROOT)}: {a.name}"
                    for a in node.names
                    if a.name.startswith("_")
                    and not a.name.startswith("__")
                    and a.name not in ("_", "_judged", "_commands")
                ]
    assert found == []


MODULE_LEVEL = {"init", "import", "export", "undo", "redo", "merge"}  # module functions, each its own transaction
SHELL_ONLY = {"batch", "demo", "share git", "schema"}  # the command line's own: no act of the game
from tests.words import PRINTING as FORMAT_ONLY  # noqa: E402  (how the command line prints; the library returns data)


def test_every_command_is_one_method_whose_keywords_are_its_options():
    """CLI.md: a method named by its command path, its options keyword-only under their
    long names (`--name` is `name=`, `--for` is `for_=`), its arguments positional-only."""
    from tests.words import leaves

    for path, command in leaves():
        if path in SHELL_ONLY:
            continue
        name = path.replace(" ", "_").replace("-", "_")
        holder = api if path in MODULE_LEVEL else api.Campaign
        method = getattr(holder, name + "_" if path == "import" else name)
        params = inspect.signature(method).parameters.values()
        keywords = {p.name for p in params if p.kind is p.KEYWORD_ONLY}
        keywords |= {key for p in params if p.kind is p.VAR_KEYWORD for key in _bundle(p.annotation)}
        positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.VAR_POSITIONAL) and p.name != "self"]
        options = {
            o.opts[0].lstrip("-").replace("-", "_") + ("_" if o.opts[0] == "--for" else "")
            for o in command.params
            if o.param_type_name == "option" and o.name not in FORMAT_ONLY
        }
        if path in MODULE_LEVEL:  # the campaign's path comes first; options may be positional there
            keywords |= {p.name for p in params}
        assert options <= keywords, f"{path}: options {sorted(options - keywords)} are no keywords of {name}"
        arguments = [a for a in command.params if a.param_type_name == "argument"]
        if path not in MODULE_LEVEL and path != "check":  # check: one or two words, by overload
            assert len(positional) == len(arguments), (path, [p.name for p in positional], [a.name for a in arguments])


@pytest.mark.parametrize(
    ("act", "code", "option"),
    [
        (lambda c: c.gold_add(None, 1), "bad_value", None),  # type: ignore[arg-type]
        (lambda c: c.character_create("\ud800", st=12, dx=10, iq=10), "bad_text", "name:"),
        (lambda c: c.xp_award(1, "Ajax", reason="\ud800"), "bad_text", "reason="),
        (lambda c: c.curse_apply("Ajax", "Rot", note="a\x1b[31m"), "bad_text", "note="),
        (lambda c: c.item_add("Aj\ud800ax", "Rope"), "bad_text", "character:"),
        (lambda c: c.skill_use("Ajax", "Medic", heal={"Aj\ud800": 1}), "bad_text", "heal="),
        (lambda c: c.check("Ajax", "3/DX", dice=[1, "2", 3]), "bad_value", "dice="),  # type: ignore[list-item]
        (lambda c: c.gold_add("Ajax", "1"), "bad_value", "count"),  # type: ignore[arg-type]
        (lambda c: c.item_add("Ajax", "Rope", clothing=3), "bad_value", "clothing="),  # type: ignore[arg-type]
        (lambda c: c.shop_buy("Ajax", "Rope", price=0, hands="2"), "bad_value", "hands="),  # type: ignore[arg-type]
        (lambda c: c.item_add("Ajax", "Rope", requires=["\ud800"]), "bad_text", "requires="),
    ],
)
def test_bad_input_from_python_is_a_usage_problem_naming_its_keyword(party, act, code, option):
    """Never an internal error, never a broken write: a wrong value is exit 2, the file as it was."""
    before = party.read_bytes()
    with pytest.raises(campaign_cli.UsageProblem) as bad, campaign_cli.open(party) as block:
        act(block)
    assert bad.value.code == code and bad.value.exit_status == 2 and party.read_bytes() == before
    assert option is None or bad.value.message.startswith(option)


def test_a_control_character_in_a_note_is_exit_2_on_the_command_line(camp):
    before = camp.path.read_bytes()
    result = camp("curse", "apply", "Ajax", "Rot", "--note", "n\x1b[31m")
    assert result.exit_code == 2 and "--note" in result.stderr and camp.path.read_bytes() == before


@pytest.mark.parametrize(
    ("act", "field"),
    [
        (lambda c: c.gold_add("Ajax", 5), "gold"),
        (lambda c: c.xp_award(5, "Ajax"), "xp"),
        (lambda c: c.karma_add("Ajax", 5), "karma"),
        (lambda c: c.darkstone_add("Ajax", 5), "darkstone"),
        (lambda c: c.wish_add("Ajax", 5), "wishes"),
    ],
)
def test_a_count_carried_past_its_bound_is_over_bound_not_an_unusable_file(party, act, field):
    """CLI.md: exit 1 `over_bound`, naming the bound; exit 3 is only for a file that cannot be used."""
    fill = {"gold": "gold_add", "karma": "karma_add", "darkstone": "darkstone_add", "wishes": "wish_add"}
    with campaign_cli.open(party) as camp:
        if field == "xp":
            camp.xp_award(999_999, "Ajax")
        else:
            getattr(camp, fill[field])("Ajax", 999_999)
    before = party.read_bytes()
    with pytest.raises(campaign_cli.Refused) as over, campaign_cli.open(party) as camp:
        act(camp)
    assert over.value.code == "over_bound" and over.value.exit_status == 1 and "1,000,000" in over.value.message
    assert party.read_bytes() == before


def test_over_bound_on_the_command_line_and_in_a_batch(camp):
    camp.json("gold", "add", "Ajax", "999999")
    result = camp("gold", "add", "Ajax", "5", "--json")
    assert result.exit_code == 1 and json.loads(result.stderr)["error"]["code"] == "over_bound"
    lines = '{"args": ["xp", "award", "1", "Ajax"]}\n{"args": ["gold", "add", "Ajax", "5"]}\n'
    batch = camp("batch", "-", input=lines)
    error = json.loads(batch.stderr)["error"]
    assert batch.exit_code == 1 and (error["code"], error["line"]) == ("over_bound", 2)


def test_a_refused_init_or_import_leaves_nothing_behind(tmp_path, camp):
    """Issue 50: `init --name $'E\\e'` exited 3 and left its lock; an import holding a lone
    surrogate was an internal error and left a journal and a lock."""
    folder = tmp_path / "fresh"
    folder.mkdir()
    with pytest.raises(campaign_cli.UsageProblem) as bad:
        campaign_cli.init(folder / "c.json", name="E\x1b")
    assert bad.value.exit_status == 2 and sorted(p.name for p in folder.iterdir()) == []
    export = folder / "e.json"
    export.write_text(campaign_cli.export(camp.path).replace('"Ajax"', '"Aj\\ud800ax"'))
    with pytest.raises(campaign_cli.Refused) as held:
        campaign_cli.import_(folder / "c.json", export)
    assert held.value.code == "bad_import" and sorted(p.name for p in folder.iterdir()) == ["e.json"]
    result = camp("-c", str(folder / "c.json"), "init", "--name", "E\x1b")
    assert result.exit_code == 2 and sorted(p.name for p in folder.iterdir()) == ["e.json"]


def test_dice_typed_in_and_left_over_are_refused_by_both_acts_that_roll_as_they_go(party):
    """Initiative (and its ties) and a fight's order take dice one at a time: a die typed in
    and never rolled is a mistake in what was typed, refused naming `dice` (the library's
    name for it), and the block saves nothing of the act."""
    with campaign_cli.open(party) as camp:
        with pytest.raises(campaign_cli.UsageProblem) as left, camp.attempt():
            camp.initiative("Ajax", "Merlin", dice=[5, 2, 6])
        assert left.value.code == "bad_dice" and "dice" in left.value.message and "1" in left.value.message
        camp.fight_start()
        with pytest.raises(campaign_cli.UsageProblem) as order, camp.attempt():
            camp.fight_order(dice=[5, 2, 6, 1], party=["Ajax", "Merlin"])
        assert order.value.code == "bad_dice" and "dice" in order.value.message
        assert camp.initiative("Ajax", "Merlin", dice=[5, 2])["order"] == ["Ajax", "Merlin"]  # none left over


# -- issue 60: wrong use is refused clearly, an id may be an int ---------------------------------
def _bundle(annotation: str) -> set[str]:
    """The keys of a `**options: Unpack[results.Bundle]`."""
    from campaign_cli.options import BUNDLES

    return set(BUNDLES[annotation.partition("[")[2].rstrip("]").rpartition(".")[2]].__annotations__)


def test_a_keyword_no_bundle_declares_is_a_type_error_and_the_file_is_kept(party):
    before = party.read_bytes()
    unexpected = "item_add\\(\\) got an unexpected keyword argument 'colour'"
    with pytest.raises(TypeError, match=unexpected), campaign_cli.open(party) as camp:
        camp.item_add("Ajax", "Rope", colour="red")  # type: ignore[call-arg]
    assert party.read_bytes() == before


def test_the_item_options_are_one_bundle_for_the_command_line_and_the_library():
    from campaign_cli.cli.diceopts import ROLL_PARAMETERS
    from campaign_cli.cli.itemopts import ITEM_OPTIONS
    from campaign_cli.cli.shop import TRADE_PARAMETERS
    from campaign_cli.options import ItemOptions, RollOptions, TradeOptions

    assert tuple(ItemOptions.__annotations__) == ITEM_OPTIONS
    assert set(TradeOptions.__annotations__) == set(TRADE_PARAMETERS)
    assert set(RollOptions.__annotations__) == set(ROLL_PARAMETERS)
    takes = {
        api.Campaign.item_add: ItemOptions,
        api.Campaign.shop_buy: ItemOptions.__annotations__ | TradeOptions.__annotations__,
        api.Campaign.shop_sell: TradeOptions,
        api.Campaign.check: RollOptions,
        api.Campaign.cast: RollOptions,
        api.Campaign.skill_use: RollOptions,
    }
    for method, bundle in takes.items():
        written = inspect.signature(inspect.unwrap(method)).parameters.values()
        (star,) = [p for p in written if p.kind is p.VAR_KEYWORD]
        assert _bundle(star.annotation) == set(getattr(bundle, "__annotations__", bundle)), method
        shown = inspect.signature(method).parameters  # what help() lists: the bundle's keys, keyword-only
        assert all(shown[key].kind is inspect.Parameter.KEYWORD_ONLY for key in _bundle(star.annotation)), method


def test_help_lists_the_keywords_of_a_bundle_with_their_types():
    """`help(camp.item_add)` did not list `weight`, `value`, `slots` (issue 73)."""
    import pydoc

    text = pydoc.render_doc(api.Campaign.item_add, renderer=pydoc.plaintext)
    assert "weight: int | None = None" in text and "slots: int | None = None" in text
    assert "**options" not in text
    check = str(inspect.signature(api.Campaign.check))
    assert "karma: bool = False" in check and "dice: list[int] | str | None = None" in check


def test_a_text_where_a_list_is_declared_is_refused_naming_the_keyword(tmp_path):
    """`character_set("Ajax", keyword="Law")` stored ['L', 'a', 'w']."""
    path = tmp_path / "c.json"
    with campaign_cli.open(path, create=True) as camp:
        camp.character_create("Ajax", st=12, dx=11, iq=9)
    before = path.read_bytes()
    for wrong in ({"keyword": "Law"}, {"attr": "Luck=1"}, {"keyword": 5}):
        with pytest.raises(campaign_cli.UsageProblem) as caught, campaign_cli.open(path) as camp:
            camp.character_set("Ajax", **wrong)
        assert caught.value.code == "bad_value" and f"{next(iter(wrong))}=" in caught.value.message
    assert path.read_bytes() == before
    with campaign_cli.open(path) as camp:
        camp.character_set("Ajax", keyword=["Law"])
        assert camp.character_show("Ajax")["keywords"] == ["Law"]


def test_an_int_is_an_id_wherever_a_name_is_taken(tmp_path):
    """`character_show(2)` raised a raw TypeError; the command line's `2` is the id."""
    path = tmp_path / "c.json"
    with campaign_cli.open(path, create=True) as camp:
        ajax = camp.character_create("Ajax", st=12, dx=11, iq=9)
        assert camp.character_show(ajax["id"])["name"] == "Ajax"
        camp.xp_award(1, ajax["id"])
        assert camp.character_show("Ajax")["xp"] == 1


def test_the_library_speaks_the_language_asked_for_after_the_block_too(tmp_path, monkeypatch):
    """Issue 60: with CAMPAIGN_LANG=ru the command line answered in Russian, the library in
    English (its refusals were put into words after the block, in the caller's language)."""
    path = tmp_path / "c.json"
    with campaign_cli.open(path, create=True) as camp:
        camp.character_create("Ajax", st=12, dx=11, iq=9)
    for how in ({"lang": "ru"}, {}):
        if not how:
            monkeypatch.setenv("CAMPAIGN_LANG", "ru")
        with pytest.raises(campaign_cli.Refused) as caught, campaign_cli.read(path, **how) as camp:
            camp.character_show("Нет такого")
        assert caught.value.message.startswith("нет персонажа"), caught.value.message
    monkeypatch.setenv("CAMPAIGN_LANG", "en")
    with pytest.raises(campaign_cli.Refused) as caught, campaign_cli.open(path) as camp:
        camp.character_show("Nobody")
    assert caught.value.message.startswith("no character named"), caught.value.message
    with pytest.raises(campaign_cli.UsageProblem) as wrong, campaign_cli.read(path, lang="de"):
        pass
    assert wrong.value.code == "bad_value" and "lang=" in wrong.value.message


def test_dir_of_the_package_lists_what_it_offers():
    """`dir(campaign_cli)` was ['TYPE_CHECKING', ...] without a method or class of its own."""
    listed = dir(campaign_cli)
    assert {"open", "read", "Campaign", "Refused", "init"} <= set(listed) and "TYPE_CHECKING" not in listed


# -- the library's own voice (issue 60: 41 templates spoke shell to a script) ------------------------
SHELL_WORDS = re.compile(r"--[a-z]|`campaign ")


def _templates(package: Path) -> list[tuple[str, int, str]]:
    """Every message template below the command line (acts/, rules/, store/, library/ and the
    modules they share): the first argument of Say, N_, _, ngettext, N_plural, and plural=."""
    import ast

    found = []
    for path in sorted(package.rglob("*.py")):
        if "cli" in path.relative_to(package).parts[:1]:
            continue  # the command line's own words may name its options
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            texts = [node.args[0]] if name in ("Say", "N_", "_", "ngettext", "N_plural") and node.args else []
            texts += [k.value for k in node.keywords if k.arg == "plural"] if name == "Say" else []
            texts += node.args[1:2] if name in ("ngettext", "N_plural") else []
            found += [
                (str(path), t.lineno, t.value)
                for t in texts
                if isinstance(t, ast.Constant) and isinstance(t.value, str)
            ]
    return found


def test_no_message_below_the_command_line_names_an_option_or_a_command_line():
    """A refusal a script gets names keywords (`dice=`) and methods (`fight_next()`), the CLI's
    the options and commands (`--dice`, `campaign fight next`), from one template: options and
    commands are fields (Opt, Arg, Cmd), never words of the template."""
    templates = _templates(Path(campaign_cli.__file__).parent)
    assert len(templates) > 300
    spoken = [f"{path}:{line}: {text}" for path, line, text in templates if SHELL_WORDS.search(text)]
    assert spoken == []


def test_the_scan_sees_a_planted_shell_word(tmp_path):
    planted = tmp_path / "pkg" / "rules"
    planted.mkdir(parents=True)
    (planted / "x.py").write_text('Say("give --price first")\nSay("ok", plural="see `campaign log`")\n')
    assert [t for *_, t in _templates(tmp_path / "pkg") if SHELL_WORDS.search(t)] == [
        "give --price first",
        "see `campaign log`",
    ]


def _cli(path: Path, lang: str, *words: str):
    from campaign_cli.cli.app import app
    from tests.runner import CliRunner

    return CliRunner().invoke(app, ["--lang", lang, "-c", str(path), *words])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_refusals_speak_the_front_end_that_asked(party, lang):
    """The same refusals from the library and from the command line: keywords and methods for
    the one, options and commands for the other, in the language asked for."""
    with pytest.raises(campaign_cli.Refused) as no_fight, campaign_cli.open(party, lang=lang) as camp:
        camp.fight_next()
    with pytest.raises(campaign_cli.UsageProblem) as dice, campaign_cli.open(party, lang=lang) as camp:
        camp.check("Ajax", "3/DX", dice="1,2")
    with pytest.raises(campaign_cli.UsageProblem) as who, campaign_cli.open(party, lang=lang) as camp:
        camp.xp_award(1)
    for err in (no_fight.value, dice.value, who.value):
        assert not SHELL_WORDS.search(err.message) and "campaign " not in err.message, err.message
    assert "`fight_start()`" in no_fight.value.message and dice.value.message.startswith("dice=")
    assert "party=" in who.value.message
    assert (dice.value.facts or {}).get("option") == "dice"
    said = _cli(party, lang, "fight", "next")
    assert said.exit_code == 1 and "`campaign fight start`" in said.stderr
    said = _cli(party, lang, "check", "Ajax", "3/DX", "--dice", "1,2")
    assert said.exit_code == 2 and "--dice:" in said.stderr
    if lang == "ru":
        assert "бой не начат" in no_fight.value.message and "кубиков" in dice.value.message


def test_a_handle_used_from_another_thread_is_refused_and_the_block_kept(party):
    """As sqlite3: a handle belongs to the thread that opened it; another thread's act is
    refused (`wrong_thread`, exit 2) before it touches anything, and the block goes on."""
    import threading

    refused: list[campaign_cli.CampaignError] = []
    with campaign_cli.open(party) as camp:

        def other() -> None:
            try:
                camp.xp_award(5, "Ajax")
            except campaign_cli.CampaignError as err:
                refused.append(err)

        thread = threading.Thread(target=other)
        thread.start()
        thread.join()
        camp.xp_award(1, "Ajax")
    assert [(e.code, e.exit_status) for e in refused] == [("wrong_thread", 2)]
    with campaign_cli.read(party) as camp:
        assert camp.character_show("Ajax")["xp"] == 1


def test_a_failed_creating_block_leaves_nothing_behind(tmp_path):
    with pytest.raises(ZeroDivisionError), campaign_cli.open(tmp_path / "n.json", create=True) as camp:
        camp.character_create("Ajax", st=12, dx=11, iq=9)
        _ = 1 / 0
    with pytest.raises(campaign_cli.Refused), campaign_cli.open(tmp_path / "m.json", create=True) as camp:
        camp.xp_award(1, "Nobody")
    assert sorted(p.name for p in tmp_path.iterdir()) == []


@pytest.mark.parametrize("wait", ["x", float("nan"), float("inf"), -1, True])
def test_a_lock_wait_that_is_not_seconds_is_refused_before_anything_is_made(tmp_path, wait):
    with (
        pytest.raises(campaign_cli.UsageProblem) as bad,
        campaign_cli.open(tmp_path / "n.json", create=True, lock_wait=wait),
    ):
        pass
    assert bad.value.code == "bad_value" and bad.value.message.startswith("lock_wait=")
    assert list(tmp_path.iterdir()) == []


def test_a_writer_waited_for_is_named_by_the_lock_it_holds(tmp_path):
    """Two campaigns in one folder share the folder's lock: the refusal says which lock is
    held, not only the file asked for."""
    from campaign_cli.store import files

    for name in ("a.json", "b.json"):
        with campaign_cli.open(tmp_path / name, create=True):
            pass
    held = files.locked(tmp_path / "a.json", 5)
    with (
        held,
        pytest.raises(campaign_cli.FileProblem) as locked,
        campaign_cli.open(tmp_path / "b.json", lock_wait=0.05),
    ):
        pass
    assert locked.value.code == "locked"
    assert (
        str(tmp_path / "b.json") in locked.value.message and f"the lock on {tmp_path} is held" in locked.value.message
    )


def test_cast_is_typed_by_against(tmp_path):
    """Issue 73: without `against=` a cast is a check (its `probability` reads), with it a
    contest (its `winner`); either read of the other is a mypy error."""
    script = (
        "import campaign_cli\n\n"
        'with campaign_cli.open("c.json") as camp:\n'
        '    chance: float = camp.cast("Merlin", "Fireball")["probability"]\n'
        '    winner = camp.cast("Merlin", "Sleep", against="11")["winner"]\n'
    )
    assert _mypy(tmp_path, script).returncode == 0
    wrong = script + '    camp.cast("Merlin", "Sleep", against=11)["probability"]\n'
    done = _mypy(tmp_path, wrong)
    assert done.returncode == 1 and "probability" in done.stdout, done.stdout


def test_a_name_may_be_an_id_in_the_types_as_at_run_time(tmp_path):
    """Issue 73: `camp.character_show(2)`, `camp.shop_sell("Kate", 4)`, `camp.xp_award(1, 1, 2)`
    worked at run time (CLI.md: an int names by id) but mypy refused them; an ambiguous name
    is refused with "name one by id", which the types then forbade. Both now."""
    path = tmp_path / "c.json"
    with campaign_cli.open(path, create=True) as camp:
        ajax = camp.character_create("Ajax", st=12, dx=10, iq=10)["id"]
        kate = camp.character_create("Kate", st=10, dx=12, iq=10)["id"]
        dagger = camp.item_add(ajax, "Dagger")["item"]["id"]
        camp.gold_add(kate, 20)
        camp.xp_award(2, ajax, kate)
        camp.item_sell(ajax, kate, dagger, price=3)
        camp.karma_add(ajax, 1)
        shown = camp.character_show(kate)
    assert shown["name"] == "Kate" and shown["xp"] == 2 and shown["gold"] == 17
    assert [i["name"] for i in shown["items"]] == ["Dagger"]
    script = (
        "import campaign_cli\n\n"
        'with campaign_cli.read("c.json") as camp:\n'
        "    name: str = camp.character_show(1)['name']\n"
        "    skill = camp.skill_use('Kate', 'Medic', heal={'Ajax': 1})['probability']\n"
        "    won = camp.skill_use('Kate', 'Merchant', against=11)['winner']\n"
        "try:\n"
        '    campaign_cli.read("c.json")\n'
        "except campaign_cli.CampaignError as err:\n"
        "    facts = campaign_cli.facts_of(err, err.code)\n"
        "    gold = campaign_cli.facts_of(err, 'not_enough_gold')\n"
        "    left: int | None = gold.get('value') if gold is not None else None\n"
    )
    done = _mypy(tmp_path, script)
    assert done.returncode == 0, done.stdout


# -- every method x every keyword x a value of another type (issue 78) ------------------------
BAD_VALUES = {
    "an int": 5,
    "None": None,
    "a bool": True,
    "bytes": b"Ajax",
    "a mixed list": ["Ajax", 5],
    "a dict": {"a": 1},
    "a huge int": 10**5000,
    "NaN": float("nan"),
    "text": "five",
}


def _sweep() -> list[tuple[str, str, str]]:
    cells = []
    for name, function in METHODS:
        for param in list(inspect.signature(function).parameters.values())[1:]:
            if param.kind is param.VAR_KEYWORD:
                continue
            cells += [(name, param.name, label) for label in BAD_VALUES]
    return cells


@pytest.mark.parametrize(("name", "param", "label"), _sweep(), ids=lambda v: str(v).replace(" ", "_"))
def test_a_value_of_another_type_is_bad_value_naming_the_keyword(tmp_path, name, param, label):
    """`character_set("Ajax", keyword=["Law", 5])` raised AttributeError, `curse_remove(pay=[...])`
    TypeError, a 5,000-digit number Python's advice: each keyword of each method given a value
    outside its declared type is `UsageProblem` (`bad_value`) naming it, the value in words."""
    from campaign_cli.library import judged

    function = getattr(api.Campaign, name)
    signature = inspect.signature(function)
    hint = typing.get_type_hints(inspect.unwrap(function), include_extras=True).get(param)
    shown = signature.parameters[param]
    if hint is None:  # a bundle's key: its type is the bundle's
        hint = shown.annotation
    value = BAD_VALUES[label]
    if judged.fits(value, hint):
        pytest.skip("the declared type admits it")
    args: list[Any] = []
    keywords: dict[str, Any] = {}
    for other in list(signature.parameters.values())[1:]:
        given = value if other.name == param else None
        if other.name != param and other.default is not other.empty:
            continue
        if other.name != param:
            given = _valid(typing.get_type_hints(inspect.unwrap(function)).get(other.name, str))
        if other.kind in (other.POSITIONAL_ONLY, other.POSITIONAL_OR_KEYWORD):
            args.append(given)
        elif other.kind is other.VAR_POSITIONAL:
            args.append(given if other.name == param else "Ajax")
        else:
            keywords[other.name] = given
    path = tmp_path / "c.json"
    with pytest.raises(campaign_cli.CampaignError) as refused, campaign_cli.open(path, create=True) as camp:
        getattr(camp, name)(*args, **keywords)
    if isinstance(value, str) and judged._chooses_text(hint):  # a choice of texts: the act names its choices
        return
    assert isinstance(refused.value, campaign_cli.UsageProblem) and refused.value.code == "bad_value", (
        refused.value.code,
        refused.value.message,
    )
    assert param in refused.value.message and "Traceback" not in refused.value.message
    if isinstance(value, (bytes, list, dict, str)):  # said in words, never as Python writes it
        assert repr(value) not in refused.value.message, refused.value.message


def _valid(hint: Any) -> Any:
    """A value of type HINT, for the parameters around the one judged."""
    from campaign_cli.library import judged

    for value in ("Ajax", 1, True, ["Ajax"], "3/DX"):
        if judged.fits(value, hint):
            return value
    args = typing.get_args(hint)
    return args[0] if args and not isinstance(args[0], type) else "Ajax"


def test_the_aliases_core_reads_as_written_are_the_aliases_themselves():
    """library.core judges the common lists without loading typing, reading `Pairs` and `Dice`
    as their arms are written: those arms are the aliases' own."""
    from campaign_cli.library import core
    from campaign_cli.options import Dice

    for alias, arms in core._ALIASES.items():
        real = {"Pairs": core.Pairs, "Dice": Dice}[alias]
        assert {a.__name__ if isinstance(a, type) else str(a) for a in typing.get_args(real)} == set(arms), alias
