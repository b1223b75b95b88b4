"""Every game act's guards, declared once: who may perform it (the actor's condition,
R11a) and when (the phase of the campaign, the actor's turn in a fight, R32a), with the
rule each cites. Commands, batch lines and the Python API all pass through `guard`
(or `actor`, which resolves the name and guards in one step), so a rule that holds for
one way into an act holds for every way. docs/rules.md's table of acts x conditions x
phases is generated from `ACTS` (`python -m campaign_cli.acts --table`), and
tests/test_acts.py runs every cell of it.

A refusal is a code with fields (`condition`, `phase`, `rule`, `act`); the sentence is
made here, in one place, in the user's language.
"""

from __future__ import annotations

from campaign_cli.errors import N_, Arg, Cmd, Refused, Say, Side

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: an act never needs it at run time
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from campaign_cli.model import Character, Fight
    from campaign_cli.store.campaign import Stored

CONDITIONS = ("ok", "out", "dying", "dead")  # R19, R20: as rules.characters.status derives them
PHASES = ("between", "adventure", "town", "fight")  # a town: one the party is in during an adventure

ABLE = frozenset({"ok"})  # R11a: acts of one's own
LIVING = frozenset({"ok", "out", "dying"})  # R11a: the dead win, spend, give and receive nothing
ANYONE = frozenset(CONDITIONS)
ALWAYS = frozenset(PHASES)
NO_FIGHT = frozenset({"between", "adventure", "town"})
PLAY = frozenset({"adventure", "town"})  # an adventure, no fight open
FIGHT = frozenset({"fight"})
HOME = frozenset({"between", "town"})  # where stored things are (CLI.md `item store`)

# The codes a guard refuses with; nothing else raises them before an act's own checks.
CODES = ("cannot_act", "dead", "dying", "fight_open", "no_fight", "no_adventure", "in_adventure", "not_in_town")


class Act:
    """An act's guard: when it may happen, and every character it touches by role, with
    the conditions each role may be in (R11a). The first role is the one whose act it is
    (its turn counts, R32a); the others are the characters it touches besides (a buyer,
    a receiver, a bard). (Not a NamedTuple: making that class cost a write's start-up 1 M
    instructions, 0.4%.)"""

    __slots__ = ("fight_roles", "in_fight", "roles", "rule", "turn", "turn_role", "verb", "when")

    def __init__(
        self,
        rule: str,  # the rule the act's guard cites
        who: frozenset[str] = ANYONE,  # the conditions its actor may be in
        when: frozenset[str] = ALWAYS,  # the phases it may happen in
        verb: str = N_("act"),  # what the refusal says the actor cannot do
        turn: bool = False,  # R32a: in a fight whose order is rolled, the actor's action for the round
        role: str | None = "actor",  # the actor's role (None: no character acts)
        turn_role: str | None = None,  # whose action of the round it is (default: the actor's)
        in_fight: frozenset[str] | None = None,  # the actor's conditions while a fight is open, if fewer
        fight_roles: dict[str, frozenset[str]] | None = None,  # another role's conditions in a fight, if fewer
        **others: frozenset[str],  # the other roles the act touches, and their conditions
    ) -> None:
        self.rule, self.when, self.verb, self.turn, self.in_fight = rule, when, verb, turn, in_fight
        self.fight_roles = fight_roles or {}
        self.roles = ({role: who} if role else {}) | others
        self.turn_role = turn_role or role

    def allowed(self, role: str, phase: str) -> frozenset[str]:
        """The conditions ROLE may be in during PHASE (R11a's sixth reading: in a fight the
        out of action's items never move, while the party may move them between fights)."""
        if phase == "fight" and role == self.actor and self.in_fight is not None:
            return self.in_fight
        if phase == "fight" and role in self.fight_roles:
            return self.fight_roles[role]
        return self.roles[role]

    @property
    def who(self) -> frozenset[str]:
        """The conditions the actor may be in (every condition when no character acts)."""
        return next(iter(self.roles.values()), ANYONE)

    @property
    def actor(self) -> str | None:
        """The actor's role, or None when no character acts."""
        return next(iter(self.roles), None)


# Every act of CLI.md, by its name (a method of the library: `item sell` is
# `Stored.item_sell`), with every character it touches by role. An act missing here is
# guarded by nothing but its own procedure: a test keeps every command that names a
# character in this table.
ACTS: dict[str, Act] = {
    # checks and skills (R11a: only a character who can act, on either side of a contest)
    "check": Act("R11a", ABLE, verb=N_("take a check")),
    "contest": Act("R11a", ABLE, verb=N_("take a check"), opponent=ABLE),
    "cast": Act("R11a", ABLE, verb=N_("cast a spell"), turn=True, role="caster", resisting=ABLE),
    "skill use": Act("R11a", ABLE, verb=N_("use a skill"), turn=True, target=LIVING),  # healed, sung to, led
    "initiative": Act("R11a", ABLE, verb=N_("roll the dice"), role="roller"),
    "roll": Act("R11a", ABLE, verb=N_("roll the dice"), role="roller"),  # --character: the roller (sixth reading)
    # fights (R8, R13, R32a, R40-R42)
    "fight start": Act("R40", when=NO_FIGHT, role=None),
    "fight add": Act("R40", when=FIGHT, role=None),
    "fight order": Act("R8", when=FIGHT, role=None),
    "fight next": Act("R32a", when=FIGHT, role=None),
    "fight status": Act("R8", when=FIGHT, role=None),
    "fight end": Act("R13", when=FIGHT, role=None),  # CLI.md "Turns": refused without an open fight
    "fight hit": Act("R41", ABLE, FIGHT, verb=N_("strike a blow"), role="hitter"),
    "fight attack": Act("R32a", ABLE, FIGHT, verb=N_("strike a blow"), turn=True, role="attacker"),
    # the campaign's course (R20, R22)
    "adventure start": Act("R22", when=frozenset({"between"}), role=None),
    "adventure end": Act("R20", when=PLAY, role=None),
    "rest": Act("R22", when=NO_FIGHT, role=None),
    # advancement and luck (R13-R18, R20)
    "xp award": Act("R11a", LIVING, role="receiver"),
    "xp spend": Act("R20", ABLE, verb=N_("spend XP"), role="spender"),  # R11a, R20: raising ST is not healing
    "karma add": Act("R11a", LIVING, role="receiver", turn=True, turn_role="bard", bard=ABLE),  # the bard sings (R25a)
    "wish add": Act("R11a", LIVING, role="receiver"),
    "wish spend": Act("R17"),  # the one exception: a wish on the just-killed (R17 decides)
    "curse apply": Act("R11a", LIVING, role="cursed"),
    "curse remove": Act("R11a", ABLE, verb=N_("pay"), role="payer"),
    # gear (R11a: the dead receive nothing; the out and the dying do not drink, hold, wear, buy, sell or forge)
    "item add": Act("R11a", LIVING, role="receiver", in_fight=ABLE),  # seventh reading: none reaches the fallen
    "item drop": Act("R11a", LIVING, turn=True, in_fight=ABLE),
    # R11a, seventh reading: with no fight open the party takes the dead's items (the dead
    # give); in a fight no item moves to or from the out, the dying or the dead
    "item give": Act(
        "R11a", ANYONE, turn=True, role="giver", in_fight=ABLE, receiver=LIVING, fight_roles={"receiver": ABLE}
    ),
    "item sell": Act("R11a", ABLE, verb=N_("sell"), turn=True, role="seller", buyer=ABLE),  # the buyer pays too
    "item hold": Act("R11a", ABLE, verb=N_("hold"), turn=True),
    "item wear": Act("R11a", ABLE, verb=N_("wear"), turn=True),
    "item stow": Act("R11a", LIVING, turn=True, in_fight=ABLE),
    "item upgrade": Act("R11a", LIVING, in_fight=ABLE),
    "item set": Act("R39", LIVING, role="owner"),
    "item store": Act("R33", LIVING, HOME),
    "item fetch": Act("R33", LIVING, HOME),
    "item reload": Act("R26", ABLE, verb=N_("reload"), turn=True),
    "item use": Act("R11a", ABLE, verb=N_("drink"), turn=True, role="drinker", given=LIVING),  # --on: the giver acts
    "gold add": Act("R11a", LIVING, role="receiver"),
    "gold remove": Act("R11a", ANYONE, role="owner", in_fight=LIVING),  # the dead's gold comes off (R11a)
    "darkstone add": Act("R11a", LIVING, role="receiver"),
    "darkstone remove": Act("R11a", ANYONE, role="owner", in_fight=LIVING),
    "forge": Act("R11a", ABLE, verb=N_("forge")),
    "shop buy": Act("R11a", ABLE, NO_FIGHT, verb=N_("buy"), role="buyer"),  # R32a: no shop is open in a fight
    "shop sell": Act("R11a", ABLE, NO_FIGHT, verb=N_("sell"), role="seller"),
    "enemy kill": Act("R11a", ABLE, role="killer"),  # the killer wins the XP (sixth reading: no credit to the out)
    # the GM's tools (R32a: never limited; others may act on anyone, R11a)
    "damage": Act("R19", role="target"),
    "heal": Act("R20", role="target"),
}


def phase(meta: Mapping[str, Any]) -> str:
    """The campaign's phase for the guards: a fight, a town, an adventure, or between adventures."""
    if meta.get("fight"):
        return "fight"
    if meta["phase"] != "adventure":
        return "between"  # a town between adventures is still between them
    return "town" if meta.get("location") else "adventure"


def condition(doc: Character) -> str:
    from campaign_cli.rules.characters import current_status

    return current_status(doc)


def guard(camp: Stored, path: str, doc: Character | None = None, role: str | None = None) -> None:
    """Refuse act PATH (exit 1, the rule's number, nothing changed) when the campaign's
    phase, or DOC's condition in ROLE (default: the actor's), is not one the act declares,
    or, in a fight whose order is rolled, when it is not the actor's side's turn or the
    actor has acted this round (R32a)."""
    act = ACTS[path]
    now = phase(camp.meta)
    if now not in act.when:
        raise _wrong_phase(act, path, now)
    if doc is None:
        return
    role = role or act.actor
    state = condition(doc)
    if role is not None and state not in act.allowed(role, now):
        raise _cannot(act, path, doc, state, role)
    if act.turn and now == "fight" and role == act.turn_role:
        _check_turn(camp.meta["fight"], doc["name"], path)


def actor(camp: Stored, path: str, name: str | int, role: str | None = None) -> Character:
    """The character NAME (one resolver for every name), guarded for act PATH in ROLE
    (default: the actor's)."""
    doc = camp.character(name)
    guard(camp, path, doc, role)
    return doc


def _fields(err: Refused, **fields: Any) -> Refused:
    err.extra.update(fields)
    return err


def _wrong_phase(act: Act, path: str, now: str) -> Refused:
    fields = {"act": path, "rule": act.rule, "phase": now}
    command: Cmd | None = None  # what makes the act possible, as the front end would ask it
    if now == "fight":
        text, code = N_("{rule}: not while a fight is open: {command} first"), "fight_open"
        command = Cmd("fight end", flags=("won", "fled"))
    elif act.when == FIGHT:
        text, code = N_("{rule}: no fight is open: {command} first"), "no_fight"
        command = Cmd("fight start")
    elif now == "between":
        text, code = N_("{rule}: no adventure is under way: {command} first"), "no_adventure"
        command = Cmd("adventure start", Arg("title"))
    elif "town" in act.when:
        text, code = (
            (
                N_("{rule}: only in a town or between adventures")
                if "between" in act.when
                else N_("{rule}: the party is not in a town")
            ),
            "not_in_town",
        )
    else:
        text, code = N_("{rule}: an adventure is under way: {command} first"), "in_adventure"
        command = Cmd("adventure end")
    said = Say(text, rule=act.rule, command=command) if command else Say(text, rule=act.rule)
    return _fields(Refused(said, code), **fields)


def _cannot(act: Act, path: str, doc: Character, state: str, role: str) -> Refused:
    name, gender = doc["name"], doc.get("gender")
    fields = {"act": path, "rule": "R11a", "character": name, "condition": state, "role": role}
    if state == "dying" and act.rule == "R20":
        fields["rule"] = "R20"
        text = N_("R20: {name} is dying and spends no XP: heal below ST {st} first (raising ST is not healing)")
        return _fields(Refused(Say(text, name=name, st=doc["st"]), "dying"), **fields)
    if state == "dead" and "out" in act.roles[role]:  # the act takes part, the dead take none
        dead = Say("R11a: {name} is dead: the dead win, spend, give and receive nothing", name=name, agreeing=gender)
        return _fields(Refused(dead, "dead"), **fields)
    facts: dict[str, Any] = {"agreeing": gender, "name": name, "action": Say(act.verb)}
    if state == "out":
        said = Say("R11a: {name} is out of action and cannot {action}", **facts)
    elif state == "dying":
        said = Say("R11a: {name} is dying and cannot {action}", **facts)
    else:
        said = Say("R11a: {name} is dead and cannot {action}", **facts)
    return _fields(Refused(said, "dead" if state == "dead" else "cannot_act"), **fields)


def _check_turn(fight: Fight, name: str, path: str) -> None:
    """R32a: once the order is rolled, a character acts on its side's turn, once a round."""
    from campaign_cli.rules import fights

    if not fights.order_rolled(fight):
        return  # before the order is rolled nothing is limited
    whose = fights.current(fight)
    if whose != fights.PARTY:
        text = Say(
            "R32a: it is {turn}'s turn: {name} acts on the party's turn ({command})",
            turn=Side(whose),
            name=name,
            command=Cmd("fight next"),
        )
        raise _turn(text, "not_your_turn", path, whose)
    _once(fight, name, path, whose)


def enemy_turn(camp: Stored, enemy: Any) -> None:
    """R32a: an enemy instance attacks on its group's turn, once a round."""
    from campaign_cli.rules import fights

    fight = camp.meta["fight"]
    if not fights.order_rolled(fight):
        return
    whose = fights.current(fight)
    own = fights.label(fight, fights.group_of(fight, enemy))
    if whose != own:
        text = Say(
            "R32a: it is {turn}'s turn: {name} attacks on {group}'s turn ({command})",
            command=Cmd("fight next"),
            turn=Side(whose),
            name=enemy["name"],
            group=Side(own),
        )
        if whose == fights.PARTY:
            text = Say(
                "R32a: it is the party's turn: {name} attacks on {group}'s turn ({command})",
                command=Cmd("fight next"),
                name=enemy["name"],
                group=Side(own),
            )
        raise _turn(text, "not_your_turn", "fight attack", whose)
    _once(fight, enemy["name"], "fight attack", whose)


def _once(fight: Fight, name: str, path: str, whose: str | None) -> None:
    if name in fight.get("acted", []):
        text = Say(
            "R32a: {name} has already acted this round (round {round}): one action a round",
            name=name,
            round=fight["round"],
        )
        raise _turn(text, "already_acted", path, whose)


def _turn(text: Say, code: str, path: str, whose: str | None) -> Refused:
    return _fields(Refused(text, code), act=path, rule="R32a", turn=whose)


def acted(camp: Stored, path: str, name: str) -> None:
    """R32a: NAME has taken its action of the round (an act declared with `turn`: the
    character in its turn role)."""
    from campaign_cli.rules import fights

    fight = camp.meta.get("fight")
    if fight is None or not ACTS[path].turn or not fights.order_rolled(fight):
        return
    done = fight.setdefault("acted", [])
    if name not in done:
        done.append(name)
        camp.set_meta(fight=fight)


def fallen(camp: Stored, doc: Character, before: str, rule: str) -> None:
    """The journal's facts of DOC's condition worsening since BEFORE (a condition): out of
    action or dying (`fell`), or dead (`died`), with the RULE that made it so."""
    now = condition(doc)
    if CONDITIONS.index(now) <= CONDITIONS.index(before):
        return
    if now == "dead":
        camp.event("died", name=doc["name"], rule=rule)
    else:
        camp.event("fell", name=doc["name"], status=now, rule=rule)


def can(camp: Stored, doc: Character) -> tuple[list[str], list[Refused]]:
    """What DOC may do now (CLI.md `campaign can`): each act DOC would perform as its actor,
    judged by the very guard the act calls (the phase, DOC's condition, the side's turn,
    a round's action): (the acts allowed, the refusals of the others), in the table's order.
    An act's own procedure may still refuse its arguments; the guard is what `can` says."""
    allowed, refused = [], []
    for path, act in ACTS.items():
        if act.actor is None:
            continue  # no character acts (`fight status`, `fight start`...)
        try:
            guard(camp, path, doc)
        except Refused as err:
            refused.append(err)
            continue
        allowed.append(path)
    return allowed, refused
