"""Costs that stay flat (issue 50, CLI.md "Reliability guarantees", Cost): the parsers say
what the patterns they replaced said, without backtracking; lookups go through an index
that answers as the scan did; the packs' verdict is kept with their text; `recap` with no
adventure to tell walks nothing. The times themselves are in benchmarks/costs.py."""

from __future__ import annotations

import json
import re

from hypothesis import given, settings
from hypothesis import strategies as st

import campaign_cli
from campaign_cli.folding import fold
from campaign_cli.rules import catalog, interchange

_PIECES = st.lists(st.sampled_from(["a", " ", "(", ")", ",", "2", "ё", "Sword"]), max_size=14).map("".join)


@settings(max_examples=300)
@given(entry=_PIECES)
def test_a_parenthesis_is_read_as_the_old_pattern_read_it(entry):
    old = re.match(r"^(?P<name>.*?)\s*\((?P<inner>[^)]*)\)\s*$", entry)
    want = (old["name"].strip(), old["inner"].strip()) if old else (entry.strip(), None)
    assert interchange._paren(entry) == want


@settings(max_examples=300)
@given(text=_PIECES)
def test_entries_split_at_commas_outside_parentheses_as_before(text):
    out, depth, cur = [], 0, ""
    for c in text:  # the old loop, character by character
        depth += (c == "(") - (c == ")")
        if c == "," and depth <= 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += c
    out.append(cur.strip())
    assert interchange._split(text) == [e for e in out if e]


def test_a_stat_block_of_many_talents_keeps_each_once_in_order():
    names = [f"Talent{i % 300}" for i in range(1200)] + ["Sword (2)"]
    block = "Dolmar, wizard\nST 9, DX 11, IQ 14\nTalents: " + ", ".join(names) + "\nLanguages: Klingon\n"
    plan = interchange.from_statblock(block)
    assert plan["talents"] == [f"Talent{i}" for i in range(300)] + ["Language (Klingon)"]
    assert plan["skills"] == {"Sword": 2} and "_talents" not in plan


def test_nested_parentheses_in_spells_are_refused_as_a_name_not_parsed_for_ever(tmp_path):
    block = "Dolmar, wizard\nST 9, DX 11, IQ 14\nSpells: " + "a (" * 20000 + ")" * 20000 + "\n"
    plan = interchange.from_statblock(block)
    assert len(plan["spells"]) == 1


_PACK = {
    "pack": "bench",
    "version": "1",
    "items": [{"name": f"Thing {i}", "aliases": [f"Вещь {i}"], "weight": 1} for i in range(50)]
    + [{"name": "Dagger", "aliases": ["Ёж"], "weight": 2}],  # a pack's name shadows the built-in one
}


@settings(max_examples=200)
@given(name=st.sampled_from(["Dagger", "dagger ", "ЕЖ", "ёж", "Thing 7", "вещь 49", "Broadsword", "Nope", "Кинжал"]))
def test_the_name_index_answers_as_the_scan_did(name):
    packs = [_PACK]
    key = fold(name.strip())
    scanned = next(
        (
            (kind, entry)
            for kind, entry in catalog.entries(packs)
            if key in (fold(n) for n in (entry["name"], *entry["aliases"]))
        ),
        None,
    )
    assert catalog.lookup(name, packs) == scanned


def _with_pack(tmp_path):
    path = tmp_path / "c.json"
    source = tmp_path / "pack.json"
    source.write_text(json.dumps({**_PACK, "items": _PACK["items"][:-1]}, ensure_ascii=False))  # no built-in name
    with campaign_cli.open(path, create=True) as camp:
        camp.character_create("Ajax", st=12, dx=11, iq=9)
        camp.catalog_import(str(source))
    return path


def test_packs_judged_once_are_only_decoded_after(tmp_path, monkeypatch):
    from campaign_cli import verdict

    path = _with_pack(tmp_path)
    assert json.loads(path.read_bytes())["packs"]["1"]["judged"]

    def judged(*_args):
        raise AssertionError("the packs were judged again")

    monkeypatch.setattr(verdict, "check_packs", judged)
    with campaign_cli.open(path) as camp:
        camp.item_add("Ajax", "Thing 3")
    assert json.loads(path.read_bytes())["packs"]["1"]["judged"]


def test_packs_edited_by_hand_are_judged_again(tmp_path):
    path = _with_pack(tmp_path)
    data = json.loads(path.read_bytes())
    packs = json.loads(data["packs"]["1"]["text"])
    packs[0]["items"][0]["weight"] = -5  # out of its bound; the recorded digest no longer matches
    data["packs"]["1"]["text"] = json.dumps(packs)
    path.write_text(json.dumps(data))
    _the_edited_pack_is_refused(path)


def _the_edited_pack_is_refused(path):
    """Using the pack edited out of bounds exits 3 naming the field, the file unchanged."""
    before = path.read_bytes()
    try:
        with campaign_cli.open(path) as camp:
            camp.item_add("Ajax", "Thing 0")
    except campaign_cli.FileProblem as err:
        assert err.exit_status == 3 and "weight" in err.message
    else:
        raise AssertionError("a pack edited out of bounds was used")
    assert path.read_bytes() == before


def test_recap_with_no_adventure_in_the_journal_walks_nothing(tmp_path, monkeypatch):
    from campaign_cli.store import history

    path = tmp_path / "c.json"
    with campaign_cli.open(path, create=True) as camp:
        camp.character_create("Ajax", st=12, dx=11, iq=9)
        camp.xp_award(2, "Ajax")

    def walked(camp, wanted=None):
        raise AssertionError("the journal was walked")

    monkeypatch.setattr(history, "history", walked)
    with campaign_cli.read(path) as camp:
        assert camp.recap()["characters"] == []
        try:
            camp.recap(adventure=1)
        except campaign_cli.Refused as err:
            assert err.code == "unknown_adventure"
        else:
            raise AssertionError("adventure 1 found in a journal without one")


def test_a_built_in_name_never_reads_the_packs(tmp_path, monkeypatch):
    """`item add Ajax Dagger` on a campaign with a pack decodes nothing: no pack may
    repeat a built-in name."""
    from campaign_cli.store.campaign import Stored

    path = _with_pack(tmp_path)
    read = []
    real = Stored.packs
    monkeypatch.setattr(Stored, "packs", lambda self: read.append(1) or real(self))
    with campaign_cli.open(path) as camp:
        camp.item_add("Ajax", "Dagger")
        assert read == []
        camp.item_add("Ajax", "вещь 3")  # a pack's alias, any case
        assert read and camp.character_show("Ajax")["items"][-1]["name"] == "Thing 3"


def test_a_pack_item_edited_by_hand_is_completed_as_an_import_completes_it(tmp_path):
    path = _with_pack(tmp_path)
    data = json.loads(path.read_bytes())
    packs = json.loads(data["packs"]["1"]["text"])
    packs[0]["items"].append({"name": "Zed's Lantern", "aliases": [], "weight": 3})
    data["packs"]["1"]["text"] = json.dumps(packs, ensure_ascii=False)  # no kind, no hands; `judged` left as it was
    path.write_text(json.dumps(data, ensure_ascii=False))
    with campaign_cli.open(path) as camp:
        item = camp.item_add("Ajax", "zed's lantern")["item"]
    assert (item["name"], item["weight"]) == ("Zed's Lantern", 3)


def test_packs_from_before_the_digest_are_recorded_sound_by_the_next_write(tmp_path):
    from campaign_cli.store.layout import packs_digest

    path = _with_pack(tmp_path)
    data = json.loads(path.read_bytes())
    del data["packs"]["1"]["judged"]
    path.write_text(json.dumps(data, ensure_ascii=False))
    with campaign_cli.open(path) as camp:
        camp.item_add("Ajax", "Thing 1")  # reads the packs: judged in full, and recorded so
    doc = json.loads(path.read_bytes())["packs"]["1"]
    assert doc["judged"] == packs_digest(doc["text"])


def _encoded_never_decoded(monkeypatch):
    from campaign_cli import jsontext

    def decoded(self):
        raise AssertionError("the packs were decoded")

    monkeypatch.setattr(jsontext.Encoded, "text", property(decoded))


def test_a_command_that_never_uses_the_packs_copies_their_bytes_as_they_stand(tmp_path, monkeypatch):
    path = _with_pack(tmp_path)
    raw = path.read_bytes()
    packs_bytes = raw[raw.rindex(b',"packs":') :]
    _encoded_never_decoded(monkeypatch)
    with campaign_cli.open(path) as camp:
        camp.item_add("Ajax", "Dagger")
        camp.xp_award(2, "Ajax")
    after = path.read_bytes()
    assert after.endswith(packs_bytes) and after != raw
    monkeypatch.undo()
    data = json.loads(after)  # still plain JSON, the packs table last
    assert list(data)[-1] == "packs" and json.loads(data["packs"]["1"]["text"])[0]["pack"] == "bench"
    with campaign_cli.read(path) as camp:
        assert [i["name"] for i in camp.character_show("Ajax")["items"]] == ["Dagger"]


def test_packs_bytes_edited_by_hand_in_place_are_read_whole_and_judged(tmp_path):
    path = _with_pack(tmp_path)
    raw = path.read_bytes()
    edited = raw.replace(b'\\"weight\\":1', b'\\"weight\\":-5', 1)  # the layout kept, the digest stale
    assert edited != raw
    path.write_bytes(edited)
    _the_edited_pack_is_refused(path)


def test_undo_of_a_catalog_change_puts_back_packs_that_were_never_decoded(tmp_path):
    path = _with_pack(tmp_path)
    before = json.loads(path.read_bytes())["packs"]["1"]["text"]
    second = tmp_path / "second.json"
    second.write_text(json.dumps({"pack": "more", "version": "1", "items": [{"name": "Rope Ladder", "weight": 2}]}))
    with campaign_cli.open(path) as camp:
        camp.catalog_import(str(second))
    assert json.loads(path.read_bytes())["packs"]["1"]["text"] != before
    campaign_cli.undo(path)
    assert json.loads(path.read_bytes())["packs"]["1"]["text"] == before


def test_a_digest_written_by_0_2_is_rewritten_by_the_next_write_of_any_kind(tmp_path, monkeypatch):
    import hashlib

    path = _with_pack(tmp_path)
    data = json.loads(path.read_bytes())
    doc = data["packs"]["1"]
    doc["judged"] = hashlib.blake2b(doc["text"].encode(), digest_size=16).hexdigest()  # as 0.2 wrote it
    path.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")))
    with campaign_cli.open(path) as camp:
        camp.xp_award(1, "Ajax")  # never looks into the packs
    _encoded_never_decoded(monkeypatch)
    with campaign_cli.open(path) as camp:
        camp.xp_award(1, "Ajax")  # the packs now stand as the file vouches for them


_TEXTS = st.text(alphabet=st.sampled_from(['"', "\\", ",", ":", "{", "}", "p", "a", "c", "k", "s", "ё", " "]))


@settings(max_examples=150, deadline=None)
@given(name=_TEXTS, notes=_TEXTS)
def test_the_packs_split_from_a_file_are_the_packs_json_reads(tmp_path_factory, name, notes):
    """Whatever the names hold (quotes, backslashes, a `,"packs":` of their own), the file
    read with its packs kept as they stand says what `json` says of it."""
    from campaign_cli.store import campaign as store

    folder = tmp_path_factory.mktemp("split")
    path = _with_pack(folder)
    source = folder / "odd.json"
    items = [{"name": f"Odd {name}!", "aliases": [], "weight": 1}]
    source.write_text(json.dumps({"pack": f"p{notes}", "version": "1", "items": items}))
    with campaign_cli.open(path) as camp:
        camp.catalog_import(str(source))
        camp.curse_apply("Ajax", "Curse of Clumsiness", note=f',"packs":{{"1":{{"text":"{notes}')
    raw = path.read_bytes()
    data = store.parse(path, raw)
    plain = json.loads(raw)
    assert store.packs_text(data) == plain["packs"]["1"]["text"]
    assert {k: v for k, v in data.items() if k != "packs"} == {k: v for k, v in plain.items() if k != "packs"}
