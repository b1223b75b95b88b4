"""A whole evening as a test (issue 25): a hypothesis state machine plays the commands of
CLI.md in process, valid and invalid arguments mixed, in English and Russian, with batches
among them, and checks the rules' invariants after every step.

CI runs a fixed-seed evening; `pytest --slow` plays many longer ones. A defect found here
gets its own regression test (named in the closing note of the issue).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from campaign_cli.cli.app import app
from campaign_cli.rules.characters import status
from campaign_cli.store.campaign import BOOKKEEPING
from tests.runner import CliRunner

ROOT = Path(__file__).resolve().parent.parent
BOARDS = ROOT / "samples" / "enemies"
PACK = ROOT / "samples" / "packs" / "frontier.json"

NAMES = ["Ajax", "Merlin", "Лада", "Lucky Jack", "Nobody"]  # the last never exists: a miss
ITEMS = [
    "Dagger",
    "Broadsword",
    "Кольчуга",
    "Leather",
    "Small Shield",
    "Ore Crate",
    "Lucky Hat",
    "Potion",
    "Herb",
    "1",
    "7",
]
SKILLS = ["Swimming", "Плавание", "Bard", "Medic", "Leadership", "Charm", "Sword", "Alchemist", "Herbalist", "Nope"]
ENEMIES = ["Bog Lurker", "Cinder Hound", "Rust Wraith", "Nobody"]
DICE = ["1,1,1", "6,6,6", "3,4,2", "2,5", "7,1,1", "1,1"]


def _guarded_acts() -> list[str]:
    from campaign_cli import acts
    from tests.test_acts import EXAMPLES

    return sorted(path for path, act in acts.ACTS.items() if act.actor and "{who}" in EXAMPLES[path])


GUARDED = _guarded_acts()
JACK = ["character", "create", "Lucky Jack", "--st", "10", "--dx", "12", "--iq", "10"]
JACK += ["--wizard", "--spell", "Light", "--skill", "Swimming"]  # the acts whose actor the guard table judges


def commands(draw) -> list[str]:
    """One command line of CLI.md, its arguments drawn (valid and invalid alike)."""
    who, other = draw(st.sampled_from(NAMES)), draw(st.sampled_from(NAMES))
    item, skill, enemy = draw(st.sampled_from(ITEMS)), draw(st.sampled_from(SKILLS)), draw(st.sampled_from(ENEMIES))
    n = str(draw(st.sampled_from([0, 1, 2, 3, 5, 13, 1_000_001])))
    dice = draw(st.sampled_from(DICE))
    instance = draw(st.sampled_from([f"{enemy} 1", f"{enemy} 2", "Bog Lurker 1"]))
    return draw(st.sampled_from(command_table(who, other, item, skill, enemy, n, dice, instance)))


def command_table(who, other, item, skill, enemy, n, dice, instance) -> list[list[str]]:
    """Every command line the evening plays, for these drawn arguments."""
    return [
        ["status"],
        ["log", "--limit", "3"],
        ["adventure", "start", "Night"],
        ["adventure", "end"],
        ["town", "enter", "Brimstone", "--blacksmith"],
        ["town", "leave"],
        ["keyword", "learn", f"K{n}"],
        ["character", "create", who, "--st", "12", "--dx", "11", "--iq", "9", "--skill", skill],
        ["character", "create", who, "--st", "10", "--dx", "10", "--iq", "12", "--wizard", "--spell", "Light"],
        ["character", "list"],
        ["character", "show", who],
        ["character", "set", who, "--attr", f"Lore={n}"],
        ["character", "sheet", who],
        ["character", "delete", who],
        ["xp", "award", n, who],
        ["xp", "award", n, "--party"],
        ["xp", "spend", who, "--attribute", "ST"],
        ["xp", "spend", who, "--skill", skill],
        ["karma", "add", who, n],
        ["karma", "add", other, "1", "--bard", "--by", who],
        ["roll", "D6", "--character", who, "--karma"],
        ["item", "use", who, item, "--on", other],
        ["wish", "add", who, n],
        ["wish", "spend", who],
        ["curse", "apply", who, "Rot"],
        ["curse", "list", who],
        ["curse", "remove", who, "Rot", "--pay", "karma"],
        ["damage", who, n],
        ["heal", who, n],
        ["rest"],
        ["rest", "--week"],
        ["check", who, "3/DX", "--dice", dice],
        ["check", who, "3/ST for Swimming", "--karma"],
        ["check", "--party", "3/IQ", "--who", "all"],
        ["contest", who, "3/ST", other, "3/ST", "--dice", dice],
        ["roll", "2D6", "--dice", dice],
        ["roll", "D6", "--character", who, "--weapon", item],
        ["odds", "3/DX", "--value", n],
        ["initiative", who, other],
        ["cast", who, "Light", "--dice", dice],
        ["skill", "use", who, skill, "--dice", dice],
        ["skill", "use", who, "Medic", "--heal", f"{other}=1"],
        ["skill", "use", who, "Bard", "--give", f"{other}=1"],
        ["item", "add", who, item],
        ["item", "list", who],
        ["item", "show", who, item],
        ["item", "drop", who, item],
        ["item", "give", who, other, item],
        ["item", "sell", who, other, item],
        ["item", "hold", who, item],
        ["item", "hold", who, "--none"],
        ["item", "wear", who, item],
        ["item", "stow", who, item],
        ["item", "use", who, item],
        ["item", "upgrade", who, item, "Rune"],
        ["item", "store", who, item],
        ["item", "fetch", who, item],
        ["item", "set", who, item, "--weight", n],
        ["item", "reload", who, item],
        ["shop", "buy", who, item, "--price", n],
        ["shop", "sell", who, item],
        ["gold", "add", who, n],
        ["gold", "remove", who, n],
        ["darkstone", "add", who, n],
        ["darkstone", "remove", who, n],
        ["forge", who, item],
        ["catalog", "packs"],
        ["catalog", "items", "--search", "ore"],
        ["catalog", "show", item],
        ["catalog", "remove", "frontier"],
        ["catalog", "weapons"],
        ["catalog", "armor"],
        ["catalog", "skills"],
        ["catalog", "enemies"],
        ["enemy", "list"],
        ["enemy", "show", enemy],
        ["enemy", "elite", enemy, "--dice", "3"],
        ["enemy", "hit", enemy, n],
        ["enemy", "kill", enemy, "--by", who],
        ["fight", "start"],
        ["fight", "add", enemy, "--count", "2"],
        ["fight", "add", enemy, "--elite", "--dice", "2"],
        ["fight", "order", "--dice", "6,1"],
        ["fight", "next"],
        ["fight", "status"],
        ["fight", "hit", instance, n, "--by", who],
        ["fight", "attack", who, instance, "--dice", dice],
        ["fight", "attack", instance, who],
        ["fight", "end", "--won"],
        ["fight", "end", "--routed"],
        ["fight", "end", "--fled"],
        ["recap"],
        ["schema", "board"],
        ["undo"],
        ["redo"],
        ["conflicts"],
        ["resolve", "--ours"],
    ]


COMMAND = st.composite(commands)()


def started(machine: Evening) -> bool:
    """The campaign is set up. (A named function, not a lambda: Hypothesis 6.100, the floor,
    reads a lambda precondition's source again on every draw, which made the evening five
    times slower there.)"""
    return hasattr(machine, "first")


class Evening(RuleBasedStateMachine):
    """The state: one campaign file, and what the test itself counted (net XP and gold)."""

    def __init__(self) -> None:
        super().__init__()
        import tempfile

        self.folder = Path(tempfile.mkdtemp(prefix="evening-"))
        self.path = self.folder / "campaign.json"
        self.runner = CliRunner()
        self.reached: set[str] = set()

    def run(self, *args: str, lang: str = "en", stdin: str | None = None):
        before = self._state()
        result = self.runner.invoke(app, ["--lang", lang, "-c", str(self.path), *args], input=stdin)
        assert result.exit_code in (0, 1, 2, 3), (args, result.exit_code, result.stderr)
        assert "internal error" not in result.stderr and "Traceback" not in result.stderr, (args, result.stderr)
        if before is not None and args and args[0] not in ("undo", "redo", "merge", "import"):
            self._rules_held(args, before, self._state())
        return result

    def _state(self) -> dict | None:
        try:
            data = json.loads(self.path.read_bytes())
        except (OSError, ValueError):
            return None
        return {"characters": data.get("characters", {}), "fight": data.get("meta", {}).get("1", {}).get("fight")}

    @staticmethod
    def _rules_held(args: tuple[str, ...], before: dict, after: dict | None) -> None:
        """Issue 75's invariants, whatever order the commands come in: nobody acts twice in a
        round (R8, R32a: the round's `acted` never shrinks while the round lasts); a death once
        settled is never undone by a wish (R17); nothing moves to the fallen in a fight (R11a)."""
        if after is None:
            return
        was, now = before["fight"], after["fight"]
        if was and now and was.get("round") == now.get("round") and was.get("order"):
            assert set(was.get("acted", [])) <= set(now.get("acted", [])), (args, was, now)
        for key, old in before["characters"].items():
            new = after["characters"].get(key)
            if new is None:
                continue
            if old.get("death_settled") and old.get("dead"):
                assert new.get("dead"), (args, "a settled death was undone", old["name"])
            fallen = status(old["st"], old.get("damage", 0), old.get("fatigue", 0), old.get("dying"), old.get("dead"))
            if was and now and fallen != "ok":
                gained = {i["id"] for i in new.get("items", [])} - {i["id"] for i in old.get("items", [])}
                assert not gained, (args, "an item reached the fallen in a fight", old["name"])

    @initialize()
    def setup(self) -> None:
        import shutil
        import subprocess

        assert self.run("init", "--name", "Evening").exit_code == 0
        self.first = self.path.read_bytes()  # what undoing every step must give back
        self.start = json.loads(self.run("log", "--json").stdout)[0]["time"]
        self.xp: dict[str, int] = {}  # net XP per character, as the test counts it
        self.changes: list[dict[str, int]] = []  # each committed change's XP deltas (undo takes the last)
        self.undone: list[dict[str, int]] = []  # what undos took back, for redo
        self.reached.update({"init", "catalog import", "enemy add"})
        if shutil.which("git"):
            subprocess.run(["git", "init", "-q", str(self.folder)], check=True)
            assert self.run("share", "git").exit_code == 0
            self.reached.add("share git")
        for args in (
            ["character", "create", "Ajax", "--st", "12", "--dx", "11", "--iq", "9", "--skill", "Sword=2"],
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
                "Light",
                "--skill",
                "Medic",
            ],
            ["catalog", "import", str(PACK)],
            # one of the party starts out of action (R19): the guard table is tried on every step
            JACK,
            ["damage", "Lucky Jack", "10"],
            ["character", "create", "Hero", "--st", "12", "--dx", "10", "--iq", "10"],  # the probes' other side
        ):
            assert self.run(*args).exit_code == 0
        for board in BOARDS.glob("*.json"):
            assert self.run("enemy", "add", "--file", str(board)).exit_code == 0

    def _reach(self, args: list[str]) -> None:
        self.reached.add(" ".join(args[:2]) if args[0] in GROUPS else args[0])

    def _step(self, args: list[str], lang: str) -> None:
        self._reach(args)
        before = self.path.read_bytes()
        result = self.run(*args, lang=lang)
        if result.exit_code:
            assert self.path.read_bytes() == before, ("a refused command changed the file", args)
        else:
            self._once_a_round(before, args)
            self._nothing_of_their_own(before, args)
            self._guarded(before, args)
        self._count(before, args)

    def _guarded(self, before: bytes, args: list[str]) -> None:
        """The who-may-act table (acts.ACTS, RULES.md's readings of R11a) holds for every act
        the evening let through: its actor was in a condition the act allows in that phase
        (issue 62: no roll by the dying, no item moved by the out of action in a fight, no
        kill credited to them, no dry run they could not spend)."""
        from campaign_cli import acts
        from campaign_cli.rules.characters import current_status
        from tests.test_acts import EXAMPLES

        data = json.loads(before)
        phase = acts.phase(data["meta"]["1"])
        for path, act in acts.ACTS.items():
            example, words = EXAMPLES[path], path.split()
            if args[: len(words)] != words or act.actor is None or "{who}" not in example:
                continue
            at = example.index("{who}")
            if example[at - 1].startswith("--"):  # the actor named by an option (`--by`, `--character`)
                at = args.index(example[at - 1]) + 1 if example[at - 1] in args else len(args)
            if at >= len(args) or args[at].startswith("-"):
                continue
            doc = next((d for d in data["characters"].values() if d["name"].casefold() == args[at].casefold()), None)
            if doc is not None and phase in act.when:
                state = current_status(doc)
                assert state in act.allowed(act.actor, phase), ("the guard let through", path, state, phase, args)

    def _once_a_round(self, before: bytes, args: list[str]) -> None:
        """R32a: once the order is rolled, a character who has acted this round acts no more."""
        fight = json.loads(before)["meta"]["1"].get("fight") or {}
        turn_acts = (["fight", "attack"], ["cast"], ["skill", "use"], ["item", "hold"])
        if not fight.get("order") or fight.get("turn") is None or not any(args[: len(a)] == a for a in turn_acts):
            return
        actor = args[2] if args[0] in ("fight", "skill", "item") else args[1]
        acted = {n.casefold() for n in fight.get("acted", [])}
        assert actor.casefold() not in acted, ("acted twice in a round", args, fight)

    def _nothing_of_their_own(self, before: bytes, args: list[str]) -> None:
        """R11a, R20 (issue 48): the out of action and the dying take no part of their own in
        any act: they spend no XP and no karma (a roll's, a curse's), whatever the act, and a
        sale has neither of them on either side. (Undo, redo and an adventure's end, when
        Bard karma lapses, are not acts of a character.)"""
        if args[0] in ("undo", "redo") or args[:2] == ["adventure", "end"]:
            return
        old = {d["name"]: d for d in json.loads(before)["characters"].values()}
        new = {d["name"]: d for d in json.loads(self.path.read_bytes())["characters"].values()}
        for name, was in old.items():
            state = status(was["st"], was["damage"], was["fatigue"], was.get("dying", False), was.get("dead", False))
            now = new.get(name)
            if state not in ("out", "dying") or now is None or was.get("boosts"):
                continue
            assert now["xp"] >= was["xp"], ("spent XP while", state, name, args)
            assert now["karma"] >= was["karma"], ("spent karma while", state, name, args)
            if args[:2] == ["item", "sell"]:
                assert name.casefold() not in (a.casefold() for a in args[2:4]), ("traded while", state, name, args)

    def _count(self, before: bytes, args: list[str]) -> None:
        """What the test itself counts of a step: each character's net XP (undone with the
        change it came with), and that the dead win nothing (R11a)."""
        after = self.path.read_bytes()
        if after == before:
            return
        old, new = (json.loads(raw)["characters"] for raw in (before, after))
        if args[:1] == ["undo"]:
            taken = self.changes.pop() if self.changes else {}
            self.undone.append(taken)
            for name, delta in taken.items():
                self.xp[name] = self.xp.get(name, 0) - delta
            return
        if args[:1] == ["redo"]:
            back = self.undone.pop()
            self.changes.append(back)
            for name, delta in back.items():
                self.xp[name] = self.xp.get(name, 0) + delta
            return
        deltas = {}
        for key, doc in new.items():
            was = old.get(key)
            if was is not None and was["name"] == doc["name"] and doc["xp"] != was["xp"]:
                deltas[doc["name"]] = doc["xp"] - was["xp"]
            if was is None and args == ["batch"] and doc["xp"]:
                # created by a line of the batch (at 0 XP: batches hold no imports), then won XP
                # on a later line (a regression the --slow run found: fight end --routed)
                deltas[doc["name"]] = deltas.get(doc["name"], 0) + doc["xp"]
            if was is not None and was.get("dead") and doc.get("dead") and args[:1] != ["undo"]:
                for field in ("xp", "karma", "wishes", "gold", "darkstone", "items"):  # R11a: nothing at all
                    assert doc[field] == was[field], ("the dead's changed", args, doc["name"], field)
        if json.loads(after)["meta"]["1"]["seq"] != json.loads(before)["meta"]["1"]["seq"]:
            self.undone = []  # any other change: nothing left to redo
            self.changes.append(deltas)
            for name, delta in deltas.items():
                self.xp[name] = self.xp.get(name, 0) + delta

    @rule(args=COMMAND, lang=st.sampled_from(["en", "ru"]))
    def command(self, args: list[str], lang: str) -> None:
        self._step(args, lang)

    @rule(path=st.sampled_from(GUARDED), who=st.sampled_from(["Ajax", "Merlin", "Lucky Jack"]))
    def guard_probe(self, path: str, who: str) -> None:
        """An act of the guard table tried by one of the party, whatever state the evening
        left them in (Lucky Jack starts out of action): `_guarded` checks what it let through."""
        from tests.test_acts import EXAMPLES

        self._step([w.format(who=who) for w in EXAMPLES[path]], "en")

    @rule(lines=st.lists(COMMAND, min_size=1, max_size=5))
    def batch(self, lines: list[list[str]]) -> None:
        self.reached.add("batch")
        for line in lines:
            self._reach(line)
        runnable = lines
        before = self.path.read_bytes()
        text = "".join(json.dumps({"args": line}) + "\n" for line in runnable)
        result = self.run("batch", "-", stdin=text)
        if result.exit_code:
            assert self.path.read_bytes() == before, ("a failed batch changed the file", runnable)
        self._count(before, ["batch"])

    @precondition(started)
    @rule()
    def export_then_import(self) -> None:
        self.reached.update({"export", "import"})
        exported = self.run("export")
        assert exported.exit_code == 0
        self.copies = getattr(self, "copies", 0) + 1
        copy = self.folder / f"copy-{self.copies}.json"
        back = self.runner.invoke(app, ["-c", str(copy), "import", "-"], input=exported.stdout)
        assert back.exit_code == 0, back.stderr
        again = self.runner.invoke(app, ["-c", str(copy), "export"])
        assert json.loads(again.stdout) == json.loads(exported.stdout)  # export then import: the same campaign

    @invariant()
    def the_recap_counts_what_the_test_counted(self) -> None:
        if not hasattr(self, "first"):
            return
        shown = self.run("recap", "--since", self.start, "--json")
        assert shown.exit_code == 0, shown.stderr
        net = {r["name"]: r["xp_won"] - r["xp_spent"] for r in json.loads(shown.stdout)["characters"]}
        counted = {k: v for k, v in self.xp.items() if v}
        assert {k: v for k, v in net.items() if v} == counted

    def the_log_says_each_event_in_a_sentence(self) -> None:
        """Issue 72: after the whole evening, `log` in either language is a sentence a row,
        made from the entry's events: no fragments glued by bars, no empty `-` cell."""
        for lang in ("en", "ru"):
            shown = self.runner.invoke(app, ["-c", str(self.path), "--lang", lang, "log"])
            assert shown.exit_code == 0, shown.stderr
            rows = shown.stdout.splitlines()[2:]
            assert rows and not [r for r in rows if " | " in r or "  -  " in r or r.rstrip().endswith("  -")], rows

    @invariant()
    def the_file_loads_and_keeps_the_rules(self) -> None:
        if not hasattr(self, "first"):
            return
        data = json.loads(self.path.read_bytes())
        acted = (data["meta"]["1"].get("fight") or {}).get("acted", [])
        assert len(acted) == len(set(acted))  # R32a: one action a round
        ids = [d["id"] for t in ("characters", "enemies") for d in data[t].values()]
        ids += [i["id"] for d in data["characters"].values() for i in d["items"]]
        assert len(ids) == len(set(ids)) and max(ids, default=0) < data["meta"]["1"]["next_id"]
        from campaign_cli.rules.characters import current_status
        from campaign_cli.rules.gear import reloads

        for doc in data["characters"].values():
            if doc.get("dying"):  # R20, R25a: only healing lifts the dying; no potion does
                assert current_status(doc) in ("dying", "dead"), (doc["name"], doc.get("boosts"))
            for item in doc["items"]:  # R26: a reloading weapon says it is loaded until fired
                assert item.get("loaded") == (not item.get("unloaded") if reloads(item) else None), item
        shown = self.run("character", "list", "--json")
        assert shown.exit_code == 0
        for ch in json.loads(shown.stdout):
            ch["items"] = [i for i in ch["items"] if i["state"] != "stored"]  # at home: not carried (R33)
            worn = [i for i in ch["items"] if i["state"] == "worn"]
            held = [i for i in ch["items"] if i["state"] == "held"]
            assert ch["carry_weight"] == sum(i["weight"] for i in ch["items"])  # R33's weight, recomputed
            assert ch["carry_weight"] <= ch["carry_limit"]
            assert ch["adjusted_dx"] == ch["dx"] - sum(i.get("restriction") or 0 for i in worn)  # R30
            icons = sum(
                bool(i["darkstone_icon"]) + sum(u.get("darkstone", 0) for u in i["upgrades"]) for i in ch["items"]
            )
            assert ch["darkstone_total"] == ch["darkstone"] + icons  # R37
            assert sum(i["hands"] for i in held) + sum(1 for i in worn if i.get("shield")) <= 2  # R32
            assert all(i["slots"] <= 3 for i in ch["items"])  # R39
            assert min(ch["xp"], ch["karma"], ch["wishes"], ch["gold"], ch["darkstone"]) >= 0
            if ch["damage"] >= 2 * ch["st"]:
                assert ch["status"] == "dead"  # R20: beyond saving

    @precondition(started)
    @rule(who=st.sampled_from(NAMES), fmt=st.sampled_from(["foundry", "statblock"]))
    def interchange(self, who: str, fmt: str) -> None:
        self.reached.update({"character export", "character import"})
        out = self.folder / f"{who}.{fmt}"
        exported = self.run("character", "export", who, "--format", fmt, "--output", str(out), "--force")
        if exported.exit_code == 0:
            self._step(["character", "import", str(out), "--name", f"{who} {fmt}"], "en")

    @precondition(started)
    @rule(command=COMMAND)
    def merge(self, command: list[str]) -> None:
        """Our file merged with a copy that ran one more command: a valid campaign either way."""
        import shutil

        self.reached.add("merge")
        base, theirs = self.folder / "base.json", self.folder / "theirs.json"
        shutil.copy(self.path, base)
        shutil.copy(self.path, theirs)
        self.runner.invoke(app, ["-c", str(theirs), *command])
        before = self.path.read_bytes()
        done = self.run("merge", str(base), str(self.path), str(theirs), "--path", str(self.path))
        assert done.exit_code in (0, 1), done.stderr
        self._count(before, ["merge"])

    def teardown(self) -> None:
        if hasattr(self, "first"):
            self.the_log_says_each_event_in_a_sentence()
            for _ in range(10_000):  # undo every step, back to the start
                done = self.runner.invoke(app, ["-c", str(self.path), "undo", "--json"])
                assert done.exit_code in (0, 1), done.stderr
                if done.exit_code:
                    break
            assert _docs(self.path.read_bytes()) == _docs(self.first)
        import shutil

        shutil.rmtree(self.folder, ignore_errors=True)


GROUPS = (
    "adventure",
    "town",
    "keyword",
    "character",
    "xp",
    "karma",
    "wish",
    "curse",
    "item",
    "shop",
    "gold",
    "darkstone",
    "catalog",
    "enemy",
    "fight",
    "skill",
)


def _docs(raw: bytes) -> dict:
    data = json.loads(raw)
    meta = {k: v for k, v in data["meta"]["1"].items() if k not in BOOKKEEPING}
    return {**data, "meta": meta}


REACHED: set[str] = set()


@pytest.mark.parametrize("seed", [20261130])
def test_a_whole_evening_keeps_every_invariant(seed, slow):
    class Recorded(Evening):
        def teardown(self) -> None:
            REACHED.update(self.reached)
            super().teardown()

    config = settings(
        max_examples=300 if slow else 12,
        stateful_step_count=120 if slow else 80,
        deadline=None,
        derandomize=not slow,
        phases=tuple(Phase) if slow else (Phase.explicit, Phase.reuse, Phase.generate),  # CI: no long shrinking
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    run_state_machine_as_test(Recorded, settings=config)
    everything = set(CLI_COMMANDS)
    table = command_table("Ajax", "Merlin", "Dagger", "Medic", "Bog Lurker", "1", "1,1,1", "Bog Lurker 1")
    played = {" ".join(a[:2]) if a[0] in GROUPS else a[0] for a in table} | {"batch", "merge", "export", "import"}
    setup = {"init", "catalog import", "enemy add", "share git", "character export", "character import"}  # other rules
    assert everything - played - setup == set()  # every command is in the table
    # which of them a run draws depends on Hypothesis' version (CI also runs the lowest it admits)
    missed = everything - REACHED
    assert len(missed) <= len(everything) // 20, f"never reached: {sorted(missed)} (seed {seed})"


CLI_COMMANDS = {
    "status",
    "log",
    "undo",
    "redo",
    "conflicts",
    "resolve",
    "batch",
    "export",
    "import",
    "recap",
    "check",
    "contest",
    "roll",
    "odds",
    "initiative",
    "cast",
    "damage",
    "heal",
    "rest",
    "forge",
    "schema",
    "init",
    "catalog import",
    "enemy add",
    "share git",
    "merge",
    "character export",
    "character import",
    *(
        f"{g} {v}"
        for g, vs in {
            "adventure": ["start", "end"],
            "town": ["enter", "leave"],
            "keyword": ["learn"],
            "character": ["create", "list", "show", "set", "sheet", "delete"],
            "xp": ["award", "spend"],
            "karma": ["add"],
            "wish": ["add", "spend"],
            "curse": ["apply", "list", "remove"],
            "skill": ["use"],
            "item": [
                "add",
                "list",
                "show",
                "drop",
                "give",
                "sell",
                "hold",
                "wear",
                "stow",
                "use",
                "upgrade",
                "store",
                "fetch",
                "set",
                "reload",
            ],
            "shop": ["buy", "sell"],
            "gold": ["add", "remove"],
            "darkstone": ["add", "remove"],
            "catalog": ["packs", "items", "show", "remove", "weapons", "armor", "skills", "enemies"],
            "enemy": ["list", "show", "elite", "hit", "kill"],
            "fight": ["start", "add", "order", "next", "status", "hit", "attack", "end"],
        }.items()
        for v in vs
    ),
}
