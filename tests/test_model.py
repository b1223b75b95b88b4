"""One document model (issue 32): every way into the campaign file is judged by one
validator, and `campaign schema` is written from the same model.

The property test mutates a real export field by field and asks four judges: the
published JSON Schema, `import`, the loader (the mutated documents placed in a campaign
file) and `undo` of a journal entry that would write them. On a field's type, bound,
name, presence or an unknown field they all say the same; what a schema cannot say
(repeated ids) the other three still say alike. Every refusal leaves every file as it was.
"""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from campaign_cli import model
from campaign_cli.errors import CampaignError, FileProblem, Refused
from campaign_cli.rules.documents import check_tables
from campaign_cli.rules.schemas import schema
from campaign_cli.store import campaign as store
from campaign_cli.store import journal, transfer
from campaign_cli.store.layout import set_packs_text

jsonschema = pytest.importorskip("jsonschema")

ROOT = Path(__file__).resolve().parent.parent


def _edit(path: Path, change) -> None:
    data = json.loads(path.read_bytes())
    change(data)
    path.write_text(json.dumps(data))


# -- the red team's cases, each by what it protects --------------------------------------------
def test_a_key_that_is_not_its_documents_id_never_lets_a_write_replace_another_character(camp):
    _edit(camp.path, lambda d: d["characters"]["2"].update(id=1))
    err = camp.error("gold", "add", "Merlin", "5", code=3)
    assert "characters.2.id is 1, but the document is stored under 2" in err["message"]
    assert err["code"] == "not_a_campaign"


def test_two_items_with_one_id_are_refused_so_a_drop_cannot_pick_either(camp):
    camp.json("item", "add", "Ajax", "Rope")
    camp.json("item", "add", "Ajax", "Torch", "--custom")

    def twin(d):
        items = d["characters"]["1"]["items"]
        items[1]["id"] = items[0]["id"]

    _edit(camp.path, twin)
    err = camp.error("item", "drop", "Ajax", "Rope", code=3)
    assert "characters.1.items[1].id repeats id" in err["message"]


def test_an_id_at_or_above_next_id_is_refused_so_the_next_insert_cannot_reuse_it(camp):
    _edit(camp.path, lambda d: d["meta"]["1"].update(next_id=2))
    err = camp.error("character", "list", code=3)
    assert "characters.2.id is at or above meta.next_id (2)" in err["message"]


def test_two_characters_sharing_a_name_in_any_case_are_refused(camp):
    _edit(camp.path, lambda d: d["characters"]["2"].update(name="AJAX"))
    err = camp.error("character", "show", "Ajax", code=3)
    assert "characters.2.name is taken by characters.1" in err["message"]


def test_two_enemy_boards_sharing_a_name_are_refused_on_import(camp, tmp_path):
    camp.json("enemy", "add", "--file", str(ROOT / "samples" / "enemies" / "cinder-hound.json"))
    doc = json.loads(camp("export").stdout)
    doc["enemies"].append({**doc["enemies"][0], "id": doc["meta"]["next_id"], "name": "CINDER HOUND"})
    doc["meta"]["next_id"] += 1
    (tmp_path / "twins.json").write_text(json.dumps(doc))
    err = camp.__class__(tmp_path / "new.json").error("import", str(tmp_path / "twins.json"), code=1)
    assert "name is taken by enemies." in err["message"] and not (tmp_path / "new.json").exists()


@pytest.mark.parametrize("field", ["phase", "keywords", "name", "next_id"])
def test_a_meta_without_a_required_field_exits_3_naming_it_never_an_internal_error(camp, field):
    _edit(camp.path, lambda d: d["meta"]["1"].pop(field))
    for words in (("status",), ("gold", "add", "Ajax", "1"), ("adventure", "start", "Crypt")):
        err = camp.error(*words, code=3)
        assert f"meta.{field} is missing" in err["message"]


def test_a_file_older_than_any_migration_exits_3_never_an_internal_error(camp):
    _edit(camp.path, lambda d: d["meta"]["1"].update(schema_version=0))
    err = camp.error("status", code=3)
    assert err["code"] == "not_a_campaign" and "schema 0 is older than any this version reads" in err["message"]


def test_the_models_schema_version_is_the_stores():
    assert model.compiled(model.Meta).fields["schema_version"].high == store.SCHEMA_VERSION


def test_import_refuses_counts_above_a_million_so_no_later_award_breaks_the_file(camp, tmp_path):
    doc = json.loads(camp("export").stdout)
    doc["characters"][0]["xp"] = 2**53 - 1
    source = tmp_path / "big.export.json"
    source.write_text(json.dumps(doc))
    err = camp.__class__(tmp_path / "new.json").error("import", str(source), code=1)
    assert err["code"] == "bad_import"
    assert "characters.1.xp must be a whole number from 0 to 1,000,000" in err["message"]
    assert not (tmp_path / "new.json").exists()


def test_a_hand_edited_count_above_a_million_is_refused_on_read(camp):
    _edit(camp.path, lambda d: d["characters"]["1"].update(gold=1_000_001))
    assert "characters.1.gold must be a whole number" in camp.error("gold", "add", "Ajax", "1", code=3)["message"]


def test_merge_with_an_unrelated_campaign_leaves_the_campaigns_journal_alone(camp, tmp_path):
    other = camp.__class__(tmp_path / "other.json")
    assert other("init", "--name", "Other").exit_code == 0
    journal_before = Path(str(camp.path) + ".journal").read_bytes()
    copies = []
    for name in ("base", "ours", "theirs"):
        shutil.copy(other.path, tmp_path / f"{name}.json")
        copies.append(str(tmp_path / f"{name}.json"))
    err = camp.error("merge", *copies, "--path", str(camp.path), code=3)
    assert err["code"] == "different_campaigns"
    assert Path(str(camp.path) + ".journal").read_bytes() == journal_before
    assert [e["kind"] for e in camp.json("log")] == ["init", "change", "change"]
    assert camp.json("undo")["undone"]["seq"] > 0  # the journal still proves


def _strict_patch(want: dict, current: dict) -> dict:
    """The undo patch from CURRENT back to WANT, each changed document whole; unlike the
    journal's own diff, `true` and `1` differ here (a forger writes what he likes)."""
    same = lambda a, b: json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)  # noqa: E731
    out: dict = {}
    for table in ("meta", "characters", "enemies", "packs"):
        old, new = want.get(table, {}), current.get(table, {})
        changed = {
            k: (None if k not in old else {"$v": old[k]}) for k in {*old, *new} if not same(old.get(k), new.get(k))
        }
        if changed:
            out[table] = changed
    return out


def _forge_undo(path: Path, want: dict) -> None:
    """Rewrite the newest journal entry so that undoing it writes WANT, and re-seal the
    chain and the file's hashes, as a forger who rewrites both would."""
    jpath = Path(str(path) + ".journal")
    lines = jpath.read_bytes().splitlines()
    entry = json.loads(lines[-1])
    entry.pop("sum")
    current = json.loads(path.read_bytes())
    entry["patch"] = _strict_patch(want, current)
    lines[-1] = journal._seal(entry)
    jpath.write_bytes(b"\n".join(lines) + b"\n")
    sealed = journal.digest(lines[-1])
    current["meta"]["1"]["journal_hash"] = current["meta"]["1"]["undo_hash"] = sealed
    path.write_text(json.dumps(current))


@pytest.mark.parametrize(
    "forgery",
    [
        lambda d: d["meta"]["1"].update(app="evil"),
        lambda d: d["characters"]["2"].update(name="AJAX"),
        lambda d: d["characters"]["1"].update(xp=2**53 - 1),
    ],
    ids=["meta.app", "a second AJAX", "xp 2^53"],
)
def test_undo_of_a_forged_entry_never_writes_what_import_refuses(camp, forgery):
    camp.json("gold", "add", "Ajax", "5")
    want = json.loads(camp.path.read_bytes())
    forgery(want)
    _forge_undo(camp.path, want)
    err = camp.error("undo", code=3)
    said = ("import refuses", "changes nothing a command changes")  # the file's kind: never moved by an undo
    assert err["code"] == "journal_broken" and any(s in err["message"] for s in said)


def test_a_batch_whose_lines_would_leave_an_unsound_campaign_writes_nothing(camp, monkeypatch):
    from campaign_cli.rules import gear

    real = gear.add_item

    def careless(doc, item):  # a procedure that forgets a bound: the commit's judge catches it
        added = real(doc, item)
        added["weight"] = 2_000_000
        return added

    monkeypatch.setattr(gear, "add_item", careless)
    lines = '{"args": ["gold", "add", "Ajax", "1"]}\n{"args": ["item", "add", "Ajax", "Rope"]}\n'
    err = camp.error("batch", "-", input=lines, code=3)
    assert err["code"] == "unsound_change" and "weight must be a whole number" in err["message"]


# -- the schema is the model's ------------------------------------------------------------------
def test_the_export_schemas_character_is_the_models_every_field():
    character = schema("export")["properties"]["characters"]["items"]
    assert set(character["properties"]) == set(model.compiled(model.Character).fields)
    assert set(character["required"]) == set(model.Character.__required_keys__)
    assert character["properties"]["xp"] == {"type": "integer", "minimum": 0, "maximum": 1_000_000}
    assert character["additionalProperties"] is False


def test_the_judge_is_compiled_from_the_model_as_it_stands():
    """campaign_cli/_judged.py is what `python -m campaign_cli.model --write` makes now."""
    assert (ROOT / "campaign_cli" / "_judged.py").read_text() == model.source()


def test_the_verdicts_key_is_the_digest_of_the_judge_as_it_stands():
    """store/layout.py's JUDGE names the judge whose verdicts the lock file keeps: any change
    to judge.py, verdict.py or the compiled checkers changes it (`model --write`), so no
    file is trusted on the word of another judge."""
    from campaign_cli.store import layout

    assert model.judge_digest() == layout.JUDGE
    assert model.judge_digest(ROOT / "campaign_cli") == layout.JUDGE


def test_a_read_of_the_bytes_a_writer_judged_never_loads_the_judge(tmp_path):
    """The writer's verdict in the lock file spares a read the judge's import and its run."""
    import subprocess
    import sys

    from campaign_cli.store import campaign as store_mod

    path = tmp_path / "c.json"
    store_mod.create(path, "T")
    with store_mod.transaction(path, ["test"]) as camp:
        camp.meta["keywords"] = ["Law"]
    code = (
        "import sys\nfrom campaign_cli.store import campaign\n"
        f"assert campaign.open_read({str(path)!r}).meta['keywords'] == ['Law']\n"
        "assert 'campaign_cli.judge' not in sys.modules, 'the judge was loaded'\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    path.write_bytes(path.read_bytes().replace(b'"Law"', b'"Chaos"'))
    run = subprocess.run([sys.executable, "-c", code.replace("'Law'", "'Chaos'")], capture_output=True, text=True)
    assert "the judge was loaded" in run.stderr  # bytes no writer judged: judged


def test_a_run_that_reads_a_campaign_builds_no_typeddict(tmp_path):
    """The judge runs from the compiled checkers: reading a campaign never imports the model."""
    import subprocess
    import sys

    code = (
        "import sys\nfrom campaign_cli.store import campaign\n"
        f"campaign.open_read({str(tmp_path / 'c.json')!r}).characters()\n"
        "assert 'campaign_cli.model' not in sys.modules, 'the model was imported'\n"
        "assert 'campaign_cli._judged' in sys.modules\n"
    )
    from campaign_cli.store import campaign as store_mod

    store_mod.create(tmp_path / "c.json", "T")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr


def test_the_reference_describes_the_model_as_the_code_has_it():
    text = (ROOT / "docs" / "reference.md").read_text()
    begin, end = "<!-- model: begin -->\n", "<!-- model: end -->"
    assert text[text.index(begin) + len(begin) : text.index(end)].strip() == model.fields_table().strip()


# -- the property: four judges, one verdict -----------------------------------------------------
@pytest.fixture(scope="module")
def real(tmp_path_factory):
    """A real campaign file and its export: gear, upgrades, curses, spells, a pack, a board,
    an adventure, a town and an open fight."""
    from campaign_cli.cli.app import app
    from tests.runner import CliRunner

    folder = tmp_path_factory.mktemp("real")
    path = folder / "campaign.json"
    runner = CliRunner()

    def run(*words):
        result = runner.invoke(app, ["-c", str(path), *words, "--json"], env={"CAMPAIGN_LANG": "en"})
        assert result.exit_code == 0, (words, result.stdout, result.stderr)
        return json.loads(result.stdout) if result.stdout.strip() else None

    run("init", "--name", "Real")
    run("character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9", "--skill", "Sword=2")
    run("character", "create", "Merlin", "--st", "8", "--dx", "10", "--iq", "14", "--wizard", "--spell", "Fireball=12")
    run("catalog", "import", str(ROOT / "samples" / "packs" / "frontier.json"))
    run("enemy", "add", "--file", str(ROOT / "samples" / "enemies" / "cinder-hound.json"))
    run("item", "add", "Ajax", "Chainmail")
    run("item", "wear", "Ajax", "Chainmail")
    run("item", "add", "Ajax", "Broadsword", "--slots", "2")
    run("curse", "apply", "Ajax", "Rot", "--note", "the idol")
    run("character", "set", "Ajax", "--attr", "Lore=3", "--keyword", "Law")
    run("adventure", "start", "Crypt")
    run("fight", "start", "--title", "Ambush")
    run("town", "enter", "Brimstone", "--blacksmith")
    run("fight", "add", "Cinder Hound", "--count", "2")
    result = runner.invoke(app, ["-c", str(path), "export"], env={"CAMPAIGN_LANG": "en"})
    return path, json.loads(result.stdout)


def _paths(doc, here=()):
    """Every place in DOC: (path, the value there)."""
    yield here, doc
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _paths(v, (*here, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _paths(v, (*here, i))


def _at(doc, path):
    for step in path:
        doc = doc[step]
    return doc


BAD_VALUES = [None, True, -1, 0, 1_000_001, 2**53, 1.5, "", "  ", "x", "A\x1bB", "A\u202eB", "Ω" * 101, [], {}]


def _verdict_schema(doc) -> bool:
    return jsonschema.Draft202012Validator(schema("export")).is_valid(doc)


def _verdict_import(doc) -> bool:
    try:
        tables = transfer.tables_from_export(copy.deepcopy(doc))
        packs = list(tables.pop("packs").values())
        check_tables(tables, packs)
    except Refused:
        return False
    return True


def _placed(base: dict, doc) -> dict | None:
    """The export's documents placed in a campaign file (BASE's bookkeeping): each under the
    key of its own id; None where the export cannot be placed (not an export at all, or two
    documents would share one key)."""
    if not isinstance(doc, dict) or not isinstance(doc.get("meta"), dict):
        return None
    data = {
        "meta": {"1": {**doc["meta"], **{k: base["meta"]["1"][k] for k in model.LOCAL_META if k in base["meta"]["1"]}}}
    }
    data["meta"]["1"].setdefault("next_id", base["meta"]["1"]["next_id"])
    for table in ("characters", "enemies"):
        docs = doc.get(table)
        if not isinstance(docs, list) or not all(isinstance(d, dict) for d in docs):
            return None
        keys = [str(d.get("id")) for d in docs]
        if len(set(keys)) != len(keys):
            return None
        data[table] = dict(zip(keys, docs))
    packs = doc.get("packs", [])
    set_packs_text(data, json.dumps(packs, ensure_ascii=False))
    return data


def _verdict_loader(data: dict, where: Path) -> bool:
    """The file as read: every document at once, the packs when first decoded."""
    try:
        store.Stored(where, store.parse(where, json.dumps(data).encode())).packs()
    except FileProblem:
        return False
    return True


def _verdict_undo(real_path: Path, folder: Path, data: dict) -> bool:
    from campaign_cli.cli.app import app
    from tests.runner import CliRunner

    path = folder / "campaign.json"
    shutil.copy(real_path, path)
    shutil.copy(str(real_path) + ".journal", str(path) + ".journal")
    runner = CliRunner()
    assert runner.invoke(app, ["-c", str(path), "gold", "add", "Ajax", "1"]).exit_code == 0
    want = json.loads(path.read_bytes())
    for key in ("meta", "characters", "enemies", "packs"):
        want[key] = (
            data[key]
            if key != "meta"
            else {
                "1": {
                    **data["meta"]["1"],
                    **{k: want["meta"]["1"][k] for k in store.BOOKKEEPING if k in want["meta"]["1"]},
                }
            }
        )
    _forge_undo(path, want)
    before = [path.read_bytes(), Path(str(path) + ".journal").read_bytes()]
    result = runner.invoke(app, ["-c", str(path), "undo", "--json"])
    assert result.exit_code in (0, 3), (result.stdout, result.stderr)  # never an internal error
    if result.exit_code == 3:
        assert [path.read_bytes(), Path(str(path) + ".journal").read_bytes()] == before
        assert json.loads(result.stderr)["error"]["code"] == "journal_broken"
    return result.exit_code == 0


FIELD_MUTATIONS = st.sampled_from(["value", "remove", "extra"])


def _mutated(data, document, roots: tuple = ()):
    """DOCUMENT with one place (under ROOTS, if given) changed as HOW says: a bad value, the
    field removed, or an unknown field added. Returns (the copy, where, how)."""
    doc = copy.deepcopy(document)
    places = [p for p, _ in _paths(doc) if p and (not roots or p[0] in roots)]
    where = data.draw(st.sampled_from(places), label="where")
    how = data.draw(FIELD_MUTATIONS, label="how")
    parent, last = _at(doc, where[:-1]), where[-1]
    if how == "value":
        parent[last] = data.draw(st.sampled_from(BAD_VALUES), label="value")
    elif how == "remove":
        assume(isinstance(parent, dict))
        del parent[last]
    else:
        target = _at(doc, where)
        assume(isinstance(target, dict))
        target["zz_unknown"] = 1
    return doc, where, how


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_schema_import_loader_and_undo_give_one_verdict_on_every_mutated_field(real, tmp_path_factory, data):
    real_path, export = real
    doc, where, how = _mutated(data, export, ("meta", "characters", "enemies", "packs"))
    parent, last = _at(doc, where[:-1]), where[-1]
    assume(doc != export)
    base = json.loads(real_path.read_bytes())
    placed = _placed(base, doc)
    verdicts = {"schema": _verdict_schema(doc), "import": _verdict_import(doc)}
    if how == "value" and last in ("id", "next_id") and type(parent[last]) is int and 0 < parent[last] < 2**53 - 1:
        del verdicts["schema"]  # a sound number that repeats an id or passes next_id: beyond a schema
    if placed is not None:
        verdicts["loader"] = _verdict_loader(placed, real_path)
        if where[:2] != ("meta", "next_id"):  # undo never moves the id counter back: nothing to compare
            verdicts["undo"] = _verdict_undo(real_path, tmp_path_factory.mktemp("undo"), placed)
    assert len(set(verdicts.values())) == 1, (where, how, verdicts)


@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_repeated_id_is_refused_by_import_loader_and_undo_alike(real, tmp_path_factory, data):
    real_path, export = real
    doc = copy.deepcopy(export)
    owners = (
        list(doc["characters"]) + [i for c in doc["characters"] for i in c["items"]] + doc["enemies"] + doc["packs"]
    )
    a = data.draw(st.sampled_from(owners), label="a")
    b = data.draw(st.sampled_from([o for o in owners if o is not a]), label="b")
    a["id"] = b["id"]
    assert not _verdict_import(doc)
    placed = _placed(json.loads(real_path.read_bytes()), doc)
    if placed is not None:  # two characters or two boards on one key cannot be placed in a file
        assert not _verdict_loader(placed, real_path)
        assert not _verdict_undo(real_path, tmp_path_factory.mktemp("undo"), placed)


def _first_problem(data: dict, sound: dict | None = None) -> tuple[str, str] | None:
    from campaign_cli import verdict
    from campaign_cli.judge import Invalid

    try:
        verdict.check_campaign(data, sound=sound)
    except Invalid as err:
        return err.where, str(err.why)
    return None


@settings(max_examples=80, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_write_judged_against_the_sound_state_it_started_from_has_the_full_verdict(real, data):
    """Issue 52: a write judges only the documents it changed (and everything between
    documents): for any change of any field, or of several, or a document added, removed
    or swapped, the verdict and the problem it names are the full judge's."""
    real_path, export = real
    base = json.loads(real_path.read_bytes())
    assert _first_problem(base) is None  # the state a change starts from is sound
    doc = export
    for _ in range(data.draw(st.integers(1, 3), label="changes")):
        doc, _where, _how = _mutated(data, doc, ("meta", "characters", "enemies"))
    placed = _placed(base, doc)
    assume(placed is not None)
    tables = {t: placed[t] for t in ("meta", "characters", "enemies")}
    if data.draw(st.booleans(), label="a document removed or added"):
        table = data.draw(st.sampled_from(["characters", "enemies"]), label="table")
        keys = sorted(tables[table])
        if keys and data.draw(st.booleans(), label="remove"):
            del tables[table][data.draw(st.sampled_from(keys), label="key")]
        elif keys:
            twin = copy.deepcopy(tables[table][keys[0]])
            tables[table]["999"] = twin  # stored under a key that is not its id, a repeated name
    assert _first_problem(tables, sound=base) == _first_problem(tables)


@pytest.mark.parametrize(
    ("field", "was", "now"),
    [("dying", False, 0), ("dead", False, 0.0), ("st", 12, 12.0), ("xp", 1, True), ("gender", None, 0)],
)
def test_a_value_equal_in_python_but_not_in_json_is_judged(real, field, was, now):
    """Regression: the write's judge skipped a document equal (==) to the sound one it
    started from, and Python holds 0 == False and 12.0 == 12, which the judge refuses."""
    base = json.loads(real[0].read_bytes())
    doc = base["characters"][next(iter(base["characters"]))]
    doc[field] = was
    assert _first_problem(base) is None
    after = copy.deepcopy(base)
    next(iter(after["characters"].values()))[field] = now
    assert _first_problem(after) is not None
    assert _first_problem(after, sound=base) == _first_problem(after)


def test_no_judge_raises_anything_but_its_refusal_on_garbage(real):
    real_path, export = real
    base = json.loads(real_path.read_bytes())
    for garbage in BAD_VALUES:
        for table in ("meta", "characters", "enemies"):
            doc = {**copy.deepcopy(export), table: garbage}
            try:
                _verdict_import(doc)
                placed = _placed(base, doc)
                if placed is not None:
                    _verdict_loader(placed, real_path)
            except CampaignError:
                pass


@pytest.mark.parametrize(("kind", "sample"), [("board", "enemies/cinder-hound.json"), ("pack", "packs/frontier.json")])
@settings(
    max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_a_board_or_pack_file_has_one_verdict_from_its_schema_and_the_tool(kind, sample, data):
    """`enemy add --file` and `catalog import` read a board or a pack as the schema says."""
    from campaign_cli.rules import enemies, packs

    document = json.loads((ROOT / "samples" / sample).read_text())
    doc, _where, _how = _mutated(data, document)
    by_schema = jsonschema.Draft202012Validator(schema(kind)).is_valid(doc)
    try:
        (enemies.validate_board if kind == "board" else packs.validate)(copy.deepcopy(doc))
        by_tool = True
    except Refused:
        by_tool = False
    assert by_schema == by_tool


def test_the_models_boards_name_the_fields_the_fight_rules_read():
    from campaign_cli.rules import enemies

    side = model.compiled(model.Side).fields
    assert set(side) == {*enemies.NUMBERS, *enemies.OPTIONAL, *enemies.LISTS}
    assert set(model.compiled(model.EliteEntry).fields) == {"name", "text", *enemies.ELITE_NUMBERS}
    assert side["elite"].low == side["elite"].high == enemies.ELITE_ENTRIES
    assert model.compiled(model.Board).fields["size"].values == enemies.SIZES


def test_the_control_ranges_kept_for_this_unicode_are_what_unicodedata_says():
    """The schema's "no control or format character" class comes from a table by Unicode
    version (walking every code point cost 0.4 s a schema); for the running Python's
    version the table holds exactly the Cc and Cf ranges unicodedata gives."""
    import unicodedata

    from campaign_cli import judge

    kept = judge.CONTROL_RANGES.get(unicodedata.unidata_version)
    if kept is None:
        pytest.skip(f"no table for Unicode {unicodedata.unidata_version}: the schema walks it")
    assert list(kept) == judge.control_ranges_walked()
