"""`campaign demo`: a narrated session on a throwaway campaign, through the real commands."""

import io
import shlex
import sys
from pathlib import Path
from typing import Any

import typer

from campaign_cli import jsontext
from campaign_cli.cli.common import JsonOpt, help_text
from campaign_cli.cli.lazy import command_app
from campaign_cli.i18n import N_, _, ngettext
from campaign_cli.run import RUN


class Said(str):
    """Free text in a demo command (a title, a note, a reason): typed in the chosen language
    (tools/i18n.py extracts it like `_()`)."""


# (narration, command words); each command runs for real against a temporary file.
SCRIPT: list[tuple[str, list[str]]] = [
    (N_("A new campaign file."), ["init", "--name", Said("The Gold Road")]),
    (
        N_("Ajax, a hero: 32 points over ST, DX and IQ (R2), 4 skill points, 2 of them combat (R3)."),
        [
            "character",
            "create",
            Said("Ajax"),
            "--st",
            "12",
            "--dx",
            "11",
            "--iq",
            "9",
            "--skill",
            Said("Swimming"),
            "--skill",
            Said("Sword=2"),
            "--skill",
            Said("Climbing"),
        ],
    ),
    (
        N_("Merlin, a wizard: 4 points for spells and skills together (R3)."),
        [
            "character",
            "create",
            Said("Merlin"),
            "--st",
            "8",
            "--dx",
            "10",
            "--iq",
            "14",
            "--wizard",
            "--spell",
            Said("Fireball=12"),
            "--skill",
            Said("Medic"),
        ],
    ),
    (
        N_("Too many points are refused, and the file is left as it was (exit 1)."),
        ["character", "create", Said("Hector"), "--st", "12", "--dx", "12", "--iq", "12"],
    ),
    (
        N_("The board game's extra attributes, for pool tests (R10)."),
        ["character", "set", Said("Ajax"), "--attr", Said("Lore=3"), "--keyword", Said("Law")],
    ),
    (N_("The party."), ["character", "list"]),
    (N_("One character, as scripts see it."), ["character", "show", Said("Merlin"), "--json"]),
    (N_("A mistake..."), ["character", "delete", Said("Merlin")]),
    (N_("...undone: Merlin is back."), ["undo"]),
    (N_("The exact chance before rolling: 3 dice under DX 11 (R5)."), ["odds", "3/DX", "--value", "11"]),
    (
        N_("Ajax climbs the wall with physical dice typed in (R6: +Climbing adds the skill)."),
        ["check", Said("Ajax"), Said("3/ST+Climbing"), "--dice", "4,5,2"],
    ),
    (
        N_("The tool rolls instead, reproducibly with a seed (R10 pool test on Lore)."),
        ["check", Said("Ajax"), Said("Lore 5+"), "--seed", "7"],
    ),
    (
        N_("Arm-wrestling an innkeeper of ST 11 (R7)."),
        ["contest", Said("Ajax"), "3/ST", "11", "3/ST", "--dice", "6,4,3", "--other-dice", "2,3,4"],
    ),
    (N_("Who acts first (R8)?"), ["initiative", Said("Ajax"), Said("Merlin"), Said("Skeleton"), "--seed", "3"]),
    (N_("A creature from the swamp: its threat board (R40), typed in on stdin."), ["enemy", "add", "--file", "-"]),
    (N_("A second enemy type."), ["enemy", "add", "--file", "-"]),
    (N_("An elite group: one die on its elite table (R42)."), ["enemy", "elite", Said("Bog Lurker"), "--seed", "2"]),
    (N_("Ajax hits it for 5; its defense stops 1 (R41)."), ["enemy", "hit", Said("Bog Lurker"), "5"]),
    (N_("Ajax kills it and wins its XP (R41)."), ["enemy", "kill", Said("Bog Lurker"), "--by", Said("Ajax")]),
    (
        N_("An adventure begins: from now on, only what is already known can be raised (R16)."),
        ["adventure", "start", Said("The Sunken Crypt")],
    ),
    (
        N_("A cursed idol: every roll 1 worse (R18)."),
        ["curse", "apply", Said("Ajax"), Said("Mummy Rot"), "--note", Said("touched the idol")],
    ),
    (
        N_("Ajax draws a shortsword from the catalog (R28): in hand, it is what his blows roll (R32)."),
        ["item", "add", Said("Ajax"), Said("Shortsword"), "--weight", "2"],
    ),
    ("", ["item", "hold", Said("Ajax"), Said("Shortsword")]),
    (N_("Ambush! A fight at the table."), ["fight", "start", "--title", Said("The crypt door")]),
    (
        N_("Two Bog Lurkers on the board, each with its own wounds..."),
        ["fight", "add", Said("Bog Lurker"), "--count", "2"],
    ),
    (
        N_("...and an elite Grave Rat: one die on its elite table (R42); Tough adds 2 to its health."),
        ["fight", "add", Said("Grave Rat"), "--elite", "--dice", "4"],
    ),
    (
        N_("Who acts first (R8): the party's die against the enemies'; the enemy groups by initiative."),
        ["fight", "order", "--dice", "5,3"],
    ),
    (
        N_("Ajax attacks: the tool rolls 3/DX, then his blade's damage, less the Lurker's defense (R24, R41)..."),
        ["fight", "attack", Said("Ajax"), Said("Bog Lurker 1"), "--dice", "3,4,2", "--damage-dice", "3,2"],
    ),
    (
        N_("A second blow in the same round is refused: one action a round, on the party's turn (R32a)."),
        ["fight", "attack", Said("Ajax"), Said("Bog Lurker 1"), "--dice", "2,2,5", "--damage-dice", "4,4"],
    ),
    (
        N_("Merlin casts Fireball: a 3/IQ check, the rating 12 is not above his IQ 14 (R9)."),
        ["cast", Said("Merlin"), Said("Fireball"), "--dice", "3,4,2"],
    ),
    (N_("The party's turn ends: next in the order (R32a)."), ["fight", "next"]),
    (
        N_("The Grave Rat bites: its combat die against its to-hit, its damage less Ajax's armor (R29)."),
        ["fight", "attack", Said("Grave Rat 1"), Said("Ajax"), "--dice", "6"],
    ),
    (N_("Round 2 comes round to the party."), ["fight", "next"]),
    ("", ["fight", "next"]),
    (
        N_("...and Ajax strikes again: at health 0 the Lurker dies, and Ajax wins its XP (R41)."),
        ["fight", "attack", Said("Ajax"), Said("Bog Lurker 1"), "--dice", "2,2,5", "--damage-dice", "4,4"],
    ),
    (N_("The board, turn by turn."), ["fight", "status"]),
    (N_("A win is refused while enemies stand (R13)..."), ["fight", "end", "--won"]),
    (
        N_("...but the rest flee: routed is a win too, +1 XP each, 1 fatigue recovered (R13, R21)."),
        ["fight", "end", "--routed"],
    ),
    (
        N_("Merlin the Medic binds the wound: up to his level, from this fight's damage (R25)."),
        ["skill", "use", Said("Merlin"), Said("Medic"), "--heal", Said("Ajax=1"), "--dice", "2,3,4"],
    ),
    (N_("The party learns a keyword: +1 XP each (R13)."), ["keyword", "learn", Said("Sunken")]),
    (
        N_("A new skill during an adventure is refused (R16)."),
        ["xp", "spend", Said("Ajax"), "--skill", Said("Stealth")],
    ),
    (N_("Back home: everyone recovers fully (R22)."), ["adventure", "end"]),
    (N_("The treasure is shared out as XP."), ["xp", "award", "22", "--party", "--reason", Said("the crypt's gold")]),
    (N_("What would DX 12 cost Ajax? (R14)"), ["xp", "spend", Said("Ajax"), "--attribute", "DX", "--dry-run"]),
    (N_("Buy it."), ["xp", "spend", Said("Ajax"), "--attribute", "DX"]),
    (N_("Lift the curse for 10 XP (R18)."), ["curse", "remove", Said("Ajax"), Said("Mummy Rot"), "--pay", "xp"]),
    (N_("A shopping trip in a town with a blacksmith (R39)."), ["town", "enter", Said("Brimstone"), "--blacksmith"]),
    (N_("Gold from the crypt."), ["gold", "add", Said("Ajax"), "60"]),
    (
        N_("A broadsword from the catalog, by its Russian name (R28)."),
        ["item", "add", Said("Ajax"), "Палаш", "--weight", "3", "--value", "40", "--slots", "2"],
    ),
    (
        N_("Leather armor: worn, it lowers DX and MA (R29, R30)."),
        ["item", "add", Said("Ajax"), Said("Leather"), "--weight", "4"],
    ),
    ("", ["item", "wear", Said("Ajax"), Said("Leather")]),
    (
        N_("A crate of supplies is too heavy: the limit is 5 + ST (R33), so this is refused."),
        ["item", "add", Said("Ajax"), Said("Crate"), "--weight", "12"],
    ),
    (
        N_("Merlin buys the dagger Ajax does not need (R38)."),
        ["item", "add", Said("Ajax"), Said("Dagger"), "--value", "5"],
    ),
    ("", ["gold", "add", Said("Merlin"), "10"]),
    ("", ["item", "sell", Said("Ajax"), Said("Merlin"), Said("Dagger")]),
    (N_("Dark stone from the mines (R37)..."), ["darkstone", "add", Said("Ajax"), "2"]),
    (
        N_("...forged into the sword's upgrade slots by the blacksmith (R39)."),
        ["forge", Said("Ajax"), Said("Broadsword"), "--stones", "2", "--gold", "20", "--name", Said("Void Edge")],
    ),
    (N_("What Ajax carries now."), ["item", "list", Said("Ajax")]),
    (N_("Every change is journaled."), ["log", "--limit", "8"]),
    (N_("Where the campaign stands."), ["status"]),
    (N_("And what happened on the adventure, ready for the group chat (`--format md`)."), ["recap"]),
]


# Invented enemies (no published card's text or numbers), embedded so the demo needs no files.
DEMO_BOARD = {
    "name": N_("Bog Lurker"),
    "keywords": [N_("Beast"), N_("Swamp")],
    "size": "medium",
    **{
        side: {
            "initiative": 3 + b,
            "move": 4 + b,
            "escape": 4 + b,
            "to_hit": 4,
            "combat": 2 + b,
            "damage": 1 + b,
            "defense": 1 + b,
            "health": 6 + 3 * b,
            "xp": 15 + 10 * b,
            "abilities": [N_("Ambush: appears next to the last hero to move")],
            "elite": [
                N_("Thick Hide: +1 defense"),
                N_("Lunge: +1 move"),
                N_("Venom: wounds also cost fatigue"),
                N_("Frenzy: +1 combat"),
                N_("Mire Call: another joins"),
                N_("Ancient: +3 health"),
            ],
        }
        for side, b in (("normal", 0), ("brutal", 1))
    },
}
RAT_BOARD = {
    "name": N_("Grave Rat"),
    "keywords": [N_("Vermin")],
    "size": "small",
    **{
        side: {
            "initiative": 5,
            "move": 5,
            "escape": 3,
            "to_hit": 5,
            "combat": 1 + b,
            "damage": 1 + b,
            "defense": 0,
            "health": 2 + b,
            "xp": 5 + 5 * b,
            "abilities": [N_("Swarm: +1 combat for each other rat")],
            "elite": [
                N_("Plague: wounds also cost fatigue"),
                N_("Frenzy: +1 combat"),
                N_("Burrow: +2 escape"),
                {"name": N_("Tough"), "text": N_("+2 health"), "health": 2},
                N_("Pack: another joins"),
                {"name": N_("Gnaw"), "text": N_("+1 damage"), "damage": 1},
            ],
        }
        for side, b in (("normal", 0), ("brutal", 1))
    },
}


def _board(board: dict[str, Any]) -> dict[str, Any]:
    """A demo board as a user would type it: its name, keywords and abilities in the chosen language."""

    def said(entry: Any) -> Any:
        return _(entry) if isinstance(entry, str) else {**entry, "name": _(entry["name"]), "text": _(entry["text"])}

    sides = {
        side: {**board[side], **{k: [said(t) for t in board[side][k]] for k in ("abilities", "elite")}}
        for side in ("normal", "brutal")
    }
    return {**board, "name": _(board["name"]), "keywords": [_(k) for k in board["keywords"]], **sides}


def run_script(script: list[tuple[str, list[str]]], out: Any = None) -> int:
    """Run each step in-process against a temporary campaign; return the number of unexpected failures."""
    from campaign_cli.cli.app import get_command, run

    command = get_command()
    out = out or sys.stdout
    saved = [0]  # the steps that ran to their end
    with _interruptible(saved):
        err, sys.stderr = sys.stderr, out  # show refusals where they happen
        try:
            failures = _steps(command, run, script, out, saved)
        finally:
            sys.stderr = err
    return failures


def _steps(command: Any, run: Any, script: list[tuple[str, list[str]]], out: Any, saved: list[int]) -> int:
    import tempfile

    failures = 0
    with tempfile.TemporaryDirectory(prefix="campaign-demo-") as folder:
        path = str(Path(folder) / "demo.json")
        boards = iter([DEMO_BOARD, RAT_BOARD])
        for narration, words in script:
            words = [_(w) if isinstance(w, Said) else w for w in words]
            out.write(f"\n# {_(narration)}\n" if narration else "")
            out.write(f"$ {shlex.join(['campaign', *words])}")
            stdin = sys.stdin
            if words[-2:] == ["--file", "-"]:  # the board, as a user would paste it
                board = jsontext.dumps(_board(next(boards)))
                out.write(f" <<'EOF'\n{board}\nEOF")
                sys.stdin = io.StringIO(board)
            out.write("\n")
            out.flush()
            try:
                code = run(command, ["--campaign", path, *words])
            finally:
                sys.stdin = stdin
            saved[0] += 1
            _obey_deferred()
            sys.stdout.flush()
            sys.stderr.flush()
            expected_failure = "refused" in narration
            if code and not expected_failure:
                failures += 1
            if code:
                out.write(_("(exit {code})").format(code=code) + "\n")
    return failures


def _obey_deferred() -> None:
    """The step is done: a signal that came while it committed (and was kept for later) now
    stops the demo (entry.py's handler raises it, the commit being over)."""
    import os

    from campaign_cli.errors import COMMIT

    signum, COMMIT["started"], COMMIT["deferred"] = COMMIT["deferred"], False, 0
    if signum:
        os.kill(os.getpid(), signum)


class _interruptible:  # noqa: N801  # used as a function: `with _interruptible(count):`
    """Ctrl-C during the demo (CLI.md): it stops at once, keeps the steps that were saved and
    says how many (exit 130, 143 for SIGTERM). The console script raises its Interrupted in
    the step that runs (entry.py); the step's own transaction saves nothing of it."""

    def __init__(self, saved: list[int]) -> None:
        self.saved = saved

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: Any, exc: object, tb: object) -> None:
        if kind is None or kind.__name__ != "Interrupted":
            return
        n = self.saved[0]
        sys.stderr.write(ngettext("interrupted: {n} step saved", "interrupted: {n} steps saved", n).format(n=n) + "\n")
        raise SystemExit(128 + getattr(exc, "signum", 2))


def demo(json_out: JsonOpt = False) -> None:
    from campaign_cli.cli import output

    if json_out:  # the demo is for people; with --json report what ran
        output.write_json({"steps": [shlex.join(["campaign", *w]) for _, w in SCRIPT]})
        return
    failures = run_script(SCRIPT)
    RUN.json_errors = False
    sys.stdout.write("\n" + _("The demo campaign was temporary and has been removed.") + "\n")
    if failures:
        raise typer.Exit(1)


demo_app = command_app()
demo_app.command(
    "demo", help=help_text("A guided tour on a throwaway campaign (nothing is left behind).", "campaign demo")
)(demo)
