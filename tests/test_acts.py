"""The guards (issue 33): every act declares once who may perform it and when
(campaign_cli.acts.ACTS); this runs every cell of the acts x conditions x phases table of
docs/rules.md against a campaign in that phase with a character in that condition. A
refused cell is a Refused (exit 1) naming the act's rule, the file byte for byte as it
was; an allowed cell is never refused by the guard (the act may still refuse for its own
reasons: no such item, no XP...)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import campaign_cli
from campaign_cli import acts
from campaign_cli.acts.__main__ import BEGIN, DOC, END, table
from campaign_cli.cli.app import app
from tests import words as typed
from tests.runner import CliRunner
from tests.test_result_types import facts_problems

ROOT = Path(__file__).resolve().parent.parent
BOARD = ROOT / "samples" / "enemies" / "bog-lurker.json"
WHO = {"ok": "Ajax", "out": "Bors", "dying": "Cato", "dead": "Dido"}  # ST 12 each

# One command line per act; {who} is the actor, Hero an able second character.
EXAMPLES = {
    "check": ["check", "{who}", "3/DX"],
    "contest": ["contest", "{who}", "3/ST", "Hero", "3/ST"],
    "cast": ["cast", "{who}", "Light"],
    "skill use": ["skill", "use", "{who}", "Swimming"],
    "fight start": ["fight", "start"],
    "fight add": ["fight", "add", "Bog Lurker"],
    "fight order": ["fight", "order", "--seed", "1"],
    "fight next": ["fight", "next"],
    "fight status": ["fight", "status"],
    "fight end": ["fight", "end", "--fled"],
    "fight hit": ["fight", "hit", "Bog Lurker 1", "1", "--by", "{who}"],
    "fight attack": ["fight", "attack", "{who}", "Bog Lurker 1", "--seed", "1"],
    "adventure start": ["adventure", "start", "Next"],
    "adventure end": ["adventure", "end"],
    "rest": ["rest"],
    "xp award": ["xp", "award", "1", "{who}"],
    "xp spend": ["xp", "spend", "{who}", "--attribute", "ST"],
    "karma add": ["karma", "add", "{who}", "1"],
    "wish add": ["wish", "add", "{who}", "1"],
    "wish spend": ["wish", "spend", "{who}"],
    "curse apply": ["curse", "apply", "{who}", "Rot"],
    "curse remove": ["curse", "remove", "{who}", "Hex", "--pay", "xp"],
    "item add": ["item", "add", "{who}", "Torch"],
    "item drop": ["item", "drop", "{who}", "Dagger"],
    "item give": ["item", "give", "{who}", "Hero", "Dagger"],
    "item sell": ["item", "sell", "{who}", "Hero", "Dagger", "--price", "0"],
    "item hold": ["item", "hold", "{who}", "Dagger"],
    "item wear": ["item", "wear", "{who}", "Leather"],
    "item stow": ["item", "stow", "{who}", "Dagger"],
    "item upgrade": ["item", "upgrade", "{who}", "Dagger", "Rune"],
    "item set": ["item", "set", "{who}", "Dagger", "--value", "3"],
    "item store": ["item", "store", "{who}", "Leather"],
    "item fetch": ["item", "fetch", "{who}", "Leather"],
    "item reload": ["item", "reload", "{who}", "Dagger"],
    "item use": ["item", "use", "{who}", "Healing Potion"],
    "gold add": ["gold", "add", "{who}", "1"],
    "gold remove": ["gold", "remove", "{who}", "1"],
    "darkstone add": ["darkstone", "add", "{who}", "1"],
    "darkstone remove": ["darkstone", "remove", "{who}", "1"],
    "forge": ["forge", "{who}", "Dagger"],
    "shop buy": ["shop", "buy", "{who}", "Torch", "--price", "0"],
    "shop sell": ["shop", "sell", "{who}", "Dagger"],
    "enemy kill": ["enemy", "kill", "Bog Lurker", "--by", "{who}"],
    "damage": ["damage", "{who}", "1"],
    "heal": ["heal", "{who}", "1"],
    "initiative": ["initiative", "{who}", "Hero", "--seed", "1"],
    "roll": ["roll", "D6", "--character", "{who}", "--karma"],
}
# The characters an act touches besides its actor, by role: {who} in that role, Hero the actor.
OTHER_ROLES = {
    ("contest", "opponent"): ["contest", "Hero", "3/ST", "{who}", "3/ST"],
    ("cast", "resisting"): ["cast", "Hero", "Light", "--against", "{who}"],
    ("karma add", "bard"): ["karma", "add", "Hero", "1", "--bard", "--by", "{who}"],
    ("item give", "receiver"): ["item", "give", "Hero", "{who}", "Dagger"],
    ("item sell", "buyer"): ["item", "sell", "Hero", "{who}", "Dagger", "--price", "0"],
    ("item use", "given"): ["item", "use", "Hero", "Healing Potion", "--on", "{who}"],
    ("skill use", "target"): ["skill", "use", "Hero", "Leadership", "--for", "{who}"],
}

# Commands naming a character that are no act of theirs: views, and the GM's bookkeeping.
NOT_ACTS = {
    "can",  # what a character may do: a reading of the guard table itself
    "character show",
    "character sheet",
    "character set",
    "character delete",
    "character export",
    "item show",
    "item list",
    "log",  # --character: whose entries to show
    "roll",  # --character: a damage roll, the dice of the table
}


def _party(folder: Path) -> Path:
    """A campaign with a character in each condition, each carrying what the examples use."""
    path = folder / "template.json"
    with campaign_cli.open(path, create=True) as camp:
        camp.enemy_add(file=str(BOARD))
        for name in WHO.values():
            camp.character_create(name, st=12, dx=10, iq=10, skill=["Swimming"])
        camp.character_create("Hero", st=12, dx=10, iq=10, wizard=True, spell=["Light"], skill=["Leadership"])
        for name in (*WHO.values(), "Hero"):
            for item in ("Dagger", "Leather"):
                camp.item_add(name, item)
            camp.item_add(name, "Rune", kind="upgrade", custom=True)
            camp.item_add(name, "Healing Potion", kind="potion", custom=True)
            camp.gold_add(name, 5)
            camp.darkstone_add(name, 2)
            camp.xp_award(30, name)
            camp.curse_apply(name, "Hex")
        camp.fight_start()
        camp.damage("Cato", 12)
        camp.fight_end(fled=True)  # R20: at ST after a fight: dying
        camp.damage("Bors", 12)  # R19: out of action
        camp.damage("Dido", 24)  # R20: beyond saving
    return path


@pytest.fixture(scope="module")
def phases(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("acts")
    template = _party(folder)
    steps = {
        "between": [],
        "adventure": [("adventure", "start", "Crypt")],
        "town": [("adventure", "start", "Crypt"), ("town", "enter", "Brimstone", "--blacksmith")],
        "fight": [("adventure", "start", "Crypt"), ("fight", "start"), ("fight", "add", "Bog Lurker")],
    }
    out = {}
    for phase, lines in steps.items():
        path = folder / f"{phase}.json"
        shutil.copy(template, path)
        with campaign_cli.open(path) as camp:
            for line in lines:
                typed.run(camp, *line)
            states = {c["name"]: c["status"] for c in camp.character_list()}
        assert states == {**{v: k for k, v in WHO.items()}, "Hero": "ok"}
        out[phase] = path
    return out


class Discard(Exception):
    """Leaves the block: nothing the cell did is kept."""


def _cell(path: Path, words: list[str], way: str = "line") -> campaign_cli.CampaignError | None:
    """WORDS run in a block on PATH, as a batch line runs them (`line`) or as a script calls
    the method itself (`method`); the refusal, or None. Nothing is kept either way."""
    try:
        with campaign_cli.open(path) as camp:
            (typed.run if way == "line" else typed.call)(camp, *words)
            raise Discard
    except Discard:
        return None
    except campaign_cli.CampaignError as err:
        return err


def cells():
    for path, act in sorted(acts.ACTS.items()):
        for role in list(act.roles) or [None]:
            for phase in acts.PHASES:
                for condition in acts.CONDITIONS if role else ("ok",):
                    yield pytest.param(path, role, phase, condition, id=f"{path}-{role}-{phase}-{condition}")


@pytest.mark.parametrize("path, role, phase, condition", list(cells()))
def test_every_cell_of_the_guard_table(phases, path, role, phase, condition):
    """Every act x role x condition x phase, by two paths that must agree (a batch line, and
    the library's method called as a script calls it; the command line: the next test): a
    character in a condition its role does not allow is refused (R11a), naming the act and
    the role; an allowed one is not."""
    act = acts.ACTS[path]
    example = EXAMPLES[path] if role == act.actor else OTHER_ROLES[(path, role)]
    words = [w.format(who=WHO[condition]) for w in example]
    file = phases[phase]
    before = file.read_bytes()
    err, called = _cell(file, words, "line"), _cell(file, words, "method")
    said = [(type(e).__name__, e.code, e.extra.get("act")) if e else None for e in (err, called)]
    assert said[0] == said[1], (words, said)  # one guard, every path
    for e in (err, called):  # issue 73: the facts raised are the facts declared for the code
        assert e is None or not facts_problems(e), (words, e.code, e.facts, facts_problems(e))
    wrong_phase = phase not in act.when
    refused = wrong_phase or (role is not None and condition not in act.allowed(role, phase))
    assert file.read_bytes() == before
    if refused:
        assert isinstance(err, campaign_cli.Refused) and err.exit_status == 1, (words, err)
        assert err.extra.get("act") == path and err.code in acts.CODES, (words, err.code, err.message)
        assert err.message.startswith(err.extra["rule"] + ":") and err.extra["rule"] in ("R11a", "R20", act.rule)
        assert wrong_phase or err.extra["role"] == role, (words, err.extra)
    else:
        assert err is None or err.extra.get("act") != path, (words, err.message)
    if role == act.actor and role is not None:  # `campaign can` says the same
        with campaign_cli.read(file) as camp:
            said_can = camp.can(WHO[condition])
        listed = {r["act"]: r["code"] for r in said_can["refused"]}
        guarded = err is not None and err.extra.get("act") == path and err.code in acts.CODES
        assert (path in listed) == guarded and (path in said_can["allowed"]) != guarded, (words, said_can, err)
        if guarded:
            assert listed[path] == err.code, (words, listed[path], err.code)


def test_every_role_of_every_act_has_its_example():
    others = {(path, role) for path, act in acts.ACTS.items() for role in list(act.roles)[1:]}
    assert others == set(OTHER_ROLES)


def test_a_refused_cell_through_the_command_line_exits_1_and_changes_nothing(phases):
    """The CLI path: one refused cell of every act with an actor, as a user types it."""
    for path, act in sorted(acts.ACTS.items()):
        condition = next((c for c in acts.CONDITIONS if c not in act.who), None)
        phase = next(p for p in acts.PHASES if p in act.when) if condition else None
        if condition is None:
            phase = next((p for p in acts.PHASES if p not in act.when), None)
            condition = "ok"
        if phase is None:
            continue  # an act nothing refuses (the GM's tools)
        file = phases[phase]
        before = file.read_bytes()
        words = [w.format(who=WHO[condition]) for w in EXAMPLES[path]]
        result = CliRunner().invoke(app, ["-c", str(file), *words, "--json"])
        assert result.exit_code == 1, (words, result.stdout, result.stderr)
        error = json.loads(result.stderr)["error"]
        assert error["act"] == path and error["rule"] in error["message"], error
        assert file.read_bytes() == before


def test_every_act_has_an_example_and_every_command_naming_a_character_is_an_act():
    assert set(EXAMPLES) == set(acts.ACTS)
    naming = {path for path, command in typed.leaves() if any(map(_completes_characters, command.params))}
    assert naming - NOT_ACTS <= set(acts.ACTS), naming - NOT_ACTS - set(acts.ACTS)
    assert naming >= NOT_ACTS and {"item give", "fight hit", "xp award", "shop buy"} <= naming  # the walk sees them


CHARACTERS = "campaign_cli.cli.complete.characters"


def _completes_characters(param) -> bool:
    """PARAM completes character names (its TAB offers them): it names a character."""
    found = getattr(param, "_custom_shell_complete", None)
    cells = [c.cell_contents for c in (getattr(found, "__closure__", None) or ())]
    return any(getattr(c, "__module__", "") + "." + getattr(c, "__qualname__", "") == CHARACTERS for c in cells)


def test_the_table_in_docs_is_the_one_the_code_declares():
    text = DOC.read_text(encoding="utf-8")
    assert BEGIN in text and END in text
    assert text.split(BEGIN)[1].split(END)[0].strip() == table().strip()


def test_no_command_module_imports_another():
    """Issue 33: a procedure several commands share lives outside the command modules
    (acts, rules, cli/rolling, cli/views, cli/itemopts...): no command module imports
    another, at the top or inside a function."""
    import ast

    folder = Path(campaign_cli.__file__).parent / "cli"
    modules = {p.stem: p.read_text(encoding="utf-8") for p in folder.glob("*.py")}
    commands = {n for n, text in modules.items() if n != "lazy" and ("noun_app(" in text or "command_app(" in text)}
    assert {"rolls", "fights", "items", "shop", "skills", "course", "wounds", "campaign", "recap"} <= commands
    found = []
    for name in sorted(commands):
        for node in ast.walk(ast.parse(modules[name])):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("campaign_cli.cli"):
                targets = [node.module.rsplit(".", 1)[1]] if node.module != "campaign_cli.cli" else []
                targets += [a.name for a in node.names] if node.module == "campaign_cli.cli" else []
                found += [f"{name} -> {t}" for t in targets if t in commands and t != name]
    assert found == []


def test_the_rules_and_the_acts_say_facts_not_sentences():
    """Issue 33: `rules/` and `acts/` never import the catalog (campaign_cli.i18n), at the
    top or in a function: a refusal is a code and an errors.Say (its template and fields),
    put into words when it is shown, in the language of the run."""
    import ast

    package = Path(campaign_cli.__file__).parent
    found = []
    for path in sorted([*(package / "rules").glob("*.py"), *(package / "acts").glob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            names += [a.name for a in node.names] if isinstance(node, ast.Import) else []
            found += [f"{path.name}: {n}" for n in names if n.startswith("campaign_cli.i18n")]
    assert found == []


def test_a_refusal_carries_its_fields_and_is_said_in_the_language_of_the_run(tmp_path):
    """The same refusal read in English and in Russian: one code, one set of fields."""
    from campaign_cli import i18n
    from campaign_cli.errors import Refused
    from campaign_cli.rules import gear

    doc = {"name": "Лада", "st": 10, "damage": 0, "gold": 3, "items": []}
    with pytest.raises(Refused) as caught:
        gear.buy(doc, {"name": "Broadsword", "weight": 0}, 40)  # type: ignore[arg-type]
    refusal = caught.value
    assert refusal.code == "cannot_afford"
    assert refusal.facts == {"name": "Лада", "value": 3, "name2": "Broadsword", "price": 40}
    assert refusal.message == "R38: Лада has 3 gold; Broadsword costs 40"
    i18n.use("ru")
    try:
        assert "Палаш" in refusal.message and "Broadsword" not in refusal.message
    finally:
        i18n.use("en")


def _sample() -> list[object]:
    """For each act: a cell its guard refuses, and one it allows (the actor, ok, its first phase)."""
    out = []
    for path, act in sorted(acts.ACTS.items()):
        when = [p for p in acts.PHASES if p in act.when]
        refused = next(((c, p) for c in acts.CONDITIONS for p in when if c not in act.who), None)
        refused = refused or next((("ok", p) for p in acts.PHASES if p not in act.when), None)
        for cell in (refused, ("ok", when[0]) if when else None):
            if cell is not None:
                out.append(pytest.param(path, *cell, id=f"{path}-{cell[1]}-{cell[0]}"))
    return out


@pytest.mark.parametrize("path, condition, phase", _sample())
def test_the_command_line_agrees_with_the_library_cell_by_cell(phases, path, condition, phase):
    """The third path: the command line, as a user types the act, refuses (exit 1, the act
    named, nothing changed) or lets it through exactly where a batch line does."""
    words = [w.format(who=WHO[condition]) for w in EXAMPLES[path]]
    file = phases[phase]
    copy = file.with_name(f"cli-{path.replace(' ', '-')}-{phase}-{condition}.json")
    shutil.copy(file, copy)
    if file.with_name(file.name + ".journal").exists():
        shutil.copy(file.with_name(file.name + ".journal"), copy.with_name(copy.name + ".journal"))
    before = copy.read_bytes()
    line = _cell(file, words)
    result = CliRunner().invoke(app, ["-c", str(copy), *words, "--json"])
    error = json.loads(result.stderr)["error"] if result.exit_code else None
    assert result.exit_code == (line.exit_status if line else 0), (words, result.stderr, line)
    assert (error and error["code"]) == (line and line.code), (words, error, line)
    if line is not None:
        assert copy.read_bytes() == before
        assert error is not None and error.get("act") == line.extra.get("act")
