"""What the library's acts return (`campaign_cli.Campaign`): one `TypedDict` per result
shape, equal as JSON to what the command prints with `--json`. The documents inside
them (an item, a spell, a curse, a fight) are the document model's own types.

Imported for type hints only: a command never builds these classes (a few milliseconds
of every start-up); `typing.get_type_hints` on a method loads this module.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from campaign_cli.model import Adventure as Adventure
from campaign_cli.model import Board as Board
from campaign_cli.model import Curse as Curse
from campaign_cli.model import FightEnemy as FightEnemy
from campaign_cli.model import Item as Item
from campaign_cli.model import ItemKind as ItemKind
from campaign_cli.model import Leadership as Leadership
from campaign_cli.model import Location as Location
from campaign_cli.model import Side as Side
from campaign_cli.model import Size as Size
from campaign_cli.model import Spell as Spell

Condition = Literal["ok", "out", "dying", "dead"]


class CharacterView(TypedDict):
    """A character as `character show --json` prints it: stored fields and derived ones."""

    id: int
    name: str
    kind: Literal["hero", "wizard"]
    st: int
    dx: int
    iq: int
    adjusted_dx: int  # R30: DX less worn armor's and shield's restriction
    ma: int  # R30: movement allowance
    attributes: dict[str, int]
    skills: dict[str, int]
    combat: dict[str, str]
    spells: list[Spell]
    keywords: list[str]
    xp: int
    karma: int  # own karma and a Bard's (R17, R25)
    bard_karma: int
    wishes: int
    curses: list[Curse]
    damage: int
    fatigue: int
    status: Condition  # R19, R20: derived from ST, damage and fatigue
    gold: int
    darkstone: int
    darkstone_total: int  # loose shards and dark stone items (R37)
    carry_weight: int
    carry_limit: int  # R33: 5 + ST
    armor: int
    restriction: int
    items: list[Item]
    boosts: dict[str, int]
    leadership: Leadership | None
    talents: list[str]
    gender: Literal["m", "f"] | None
    raised: dict[str, int]  # R25a: an attribute a potion raises, as it counts now ({"ST": 14})
    notes: str  # another tool's notes (a Foundry actor's, a stat block's Notes:), kept as they came
    foreign: dict[str, str]  # another tool's fields this one has no place for (race, age, job), as JSON texts


class Event(TypedDict, total=False):
    """A fact an act recorded for the journal (`{"event": "killed", "enemy": ..., "by": ...}`)."""

    event: str


class XpAward(TypedDict):
    amount: int
    reason: str | None
    characters: list[CharacterView]


class Step(TypedDict):
    """What one step of `xp_spend` raises: an attribute, a skill (its level before) or a spell."""

    kind: Literal["attribute", "skill", "spell"]
    name: str
    level: int


class XpSpend(TypedDict):
    cost: int
    xp_before: int
    xp_after: int
    karma_spent: NotRequired[int]
    affordable: NotRequired[bool]  # a dry run: whether XP (and karma, if let) can pay it
    step: str  # in English: "ST 12 -> 13", "learns Light"
    raises: Step
    dry_run: bool
    character: CharacterView


class Gained(TypedDict):
    added: int
    bard: NotRequired[bool]
    character: CharacterView


class WishSpent(TypedDict):
    cancelled: int
    character: CharacterView


class Counted(TypedDict, total=False):
    gold: int  # gold_add, gold_remove: what the character has now
    darkstone: int  # darkstone_add, darkstone_remove
    change: int
    character: CharacterView


class Damaged(TypedDict):
    damage: int
    fatigue: int
    absorbed: int  # stopped by worn armor and shield (R29)
    character: CharacterView


class Healed(TypedDict):
    healed: int
    fatigue: bool
    character: CharacterView


class ItemChange(TypedDict):
    item: Item
    count: NotRequired[int]  # item_add, _drop, _store, _fetch: the pieces added or moved (a stack's part)
    reloads_left: NotRequired[int]  # item_reload: reloading actions still needed (R26)
    character: CharacterView


# `item`: the receiver's stack the pieces joined; `count`: the pieces that changed hands.
Given = TypedDict("Given", {"item": Item, "count": int, "from": CharacterView, "to": CharacterView})
Sold = TypedDict("Sold", {"item": Item, "count": int, "price": int, "from": CharacterView, "to": CharacterView})


class Held(TypedDict):
    held: list[Item]
    character: CharacterView


class Used(TypedDict):
    item: Item
    effect: dict[str, Any]  # what the potion did: healed, or a boost for one fight (R25)
    character: CharacterView


class Deleted(TypedDict):
    deleted: CharacterView


class Cursed(TypedDict):
    curse: Curse
    modifier: int  # R18: every roll this much worse
    character: CharacterView


class CurseRow(TypedDict):
    character: str
    name: str
    note: str | None


class Lifted(TypedDict):
    removed: str
    paid: dict[str, int]  # what lifting it cost: {"karma": 3}
    character: CharacterView


class AdventureStarted(TypedDict):
    phase: Literal["adventure"]
    adventure: Adventure


class AdventureEnded(TypedDict):
    phase: Literal["between"]
    ended: str  # the adventure's title
    characters: list[CharacterView]
    status_before: dict[str, Condition]


class TownEntered(TypedDict):
    location: Location


class TownLeft(TypedDict):
    location: None
    left: Location


class KeywordLearned(TypedDict):
    keyword: str
    keywords: list[str]  # every keyword the party knows now
    xp: dict[str, int]  # who won XP for it (R13)


class FightGroupView(TypedDict):
    id: int
    name: str  # the group's label in the order: "Bog Lurker", "Bog Lurker (2)"
    type: str
    initiative: int
    elite: str | None
    elite_numbers: dict[str, int]


class Combatant(TypedDict):
    name: str
    st: int
    damage: int
    fatigue: int
    status: Condition
    gender: Literal["m", "f"] | None


class FightView(TypedDict):
    """The open fight as `fight status --json` prints it."""

    title: str | None
    round: int
    turn: str | None  # whose turn: "party" (R32a: the party is one turn) or an enemy group's name
    waiting: list[str]  # on the party's turn, its characters who have not acted this round
    order: list[str]
    acted: list[str]  # R32a: who has taken this round's action
    first: Literal["party", "enemies"] | None
    groups: list[FightGroupView]
    enemies: list[FightEnemy]
    characters: list[Combatant]


class FightAdded(TypedDict):
    added: list[FightEnemy]
    elite_die: NotRequired[int]
    fight: FightView


class FightOrdered(TypedDict):
    rolls: dict[str, list[int]]  # the party's and the enemies' dice
    first: Literal["party", "enemies"]
    fight: FightView


class Strike(TypedDict):
    """A blow of known damage on an enemy instance (R41)."""

    enemy: FightEnemy
    damage: int
    defense: int
    wounds: int
    killed: bool
    xp: int
    character: CharacterView


class Blow(TypedDict, total=False):
    """A blow the library rolled: a character's (check, roll, wounds) or an enemy's (dice, hits)."""

    attacker: str
    target: Any  # the enemy instance a character struck, or the character an enemy struck
    enemy: FightEnemy  # an enemy's blow: who struck
    hit: bool
    hits: int
    check: dict[str, Any]
    roll: dict[str, Any]
    dice: list[int]
    faces: list[int]
    damage_dice: list[int]
    damage: int
    per_hit: bool
    absorbed: int
    wounds: int
    killed: bool
    xp: int
    seed: int
    character: CharacterView


class FightEnded(TypedDict):
    outcome: Literal["won", "routed", "fled"]
    xp: dict[str, int]
    killed: list[str]
    routed: list[str]
    dying: list[str]
    dead: list[str]
    characters: list[CharacterView]
    status_before: dict[str, Condition]


class BoardSide(Side):
    """One side of an enemy's board (`enemy show`), with the board's own fields."""

    id: int | None
    name: str
    keywords: list[str]
    size: Size
    side: Literal["normal", "brutal"]


class StoredBoard(Board):
    """An enemy type as the campaign keeps it: a board with its id."""

    id: int


class BoardDeleted(TypedDict):
    deleted: StoredBoard


class EliteRoll(TypedDict):
    enemy: str
    side: Literal["normal", "brutal"]
    die: int
    dice: list[int]
    ability: str
    seed: NotRequired[int]


class EnemyWounds(TypedDict):
    enemy: str
    side: Literal["normal", "brutal"]
    damage: int
    defense: int
    wounds: int


class Kill(TypedDict):
    enemy: str
    side: Literal["normal", "brutal"]
    xp: int
    character: CharacterView


class Modifier(TypedDict, total=False):
    value: int
    source: str


class CheckResult(TypedDict):
    """A rolled check (R5, R10): its dice, total and target, and whether it succeeded."""

    character: str
    spec: str
    type: Literal["sum", "pool"]
    dice: list[int]
    total: int | None
    target: int | None
    need: NotRequired[int]  # a pool test: the face each die must reach
    success: bool
    probability: float
    fraction: str  # the exact chance, "181/216"
    modifiers: list[Modifier]
    karma_spent: int
    wish_spent: int
    first_dice: NotRequired[list[int]]  # a karma reroll: the dice rolled first
    reason: NotRequired[str]  # a party test: why this character failed without rolling (R6)
    seed: NotRequired[int]
    distribution: NotRequired[dict[str, str]]  # plot=True: each result's exact chance
    plot: NotRequired[dict[str, int]]  # plot=True: the dice and the limit of success


class Skipped(TypedDict):
    character: str
    status: Condition


class PartyTest(TypedDict):
    spec: str
    who: Literal["all", "random"]
    results: list[CheckResult]
    successes: int
    skipped: list[Skipped]  # who could not act (R11a)
    seed: NotRequired[int]


class ContestSide(TypedDict, total=False):
    name: str
    spec: str
    dice: list[int]
    total: int
    target: int
    modifiers: list[Modifier]
    success: bool


class Contest(TypedDict, total=False):
    a: ContestSide
    b: ContestSide
    winner: str | None
    karma_spent: int
    wish_spent: int
    seed: int


class Cast(Contest, total=False):
    """A spell cast (R9): a check's fields, or a contest's with AGAINST; the spell itself."""

    spell: Spell
    success: bool
    character: str
    dice: list[int]
    total: int
    target: int


class Initiative(TypedDict):
    order: list[str]
    rolls: dict[str, list[int]]
    seed: NotRequired[int]


class Roll(TypedDict, total=False):
    expression: str
    dice: list[int]
    total: int
    character: str | None
    weapon: str | None
    seed: int


class Odds(TypedDict):
    spec: str
    type: Literal["sum", "pool"]
    value: int
    modifier: int
    curses: int
    probability: float
    fraction: str
    distribution: NotRequired[dict[str, str]]
    plot: NotRequired[dict[str, int]]


class SkillUse(CheckResult, total=False):
    """A skill used (R23, R25): its check (or contest) and its effect on success."""

    skill: str
    effect: dict[str, Any] | None
    a: ContestSide
    b: ContestSide
    winner: str | None


class Bought(TypedDict):
    price: int  # asked
    paid: int  # after haggling
    haggle: Contest | None
    item: Item
    character: CharacterView


class SoldOff(TypedDict):
    price: int  # asked
    received: int  # after haggling
    haggle: Contest | None
    item: Item
    character: CharacterView


class CatalogEntry(TypedDict, total=False):
    """A catalog entry: a skill, an item (weapon, armor, gear, a pack's) or an enemy board."""

    name: str
    aliases: list[str]
    kind: str
    source: str  # "built-in", "campaign" or a pack's name
    group: str
    check: str
    attribute: str
    effect: str
    damage: str
    armor: int
    restriction: int
    hands: int
    weight: int
    value: int
    heft: int
    slots: int
    keywords: list[str]
    size: Size
    normal: Side
    brutal: Side


class PackSummary(TypedDict):
    pack: str
    version: int
    items: int
    enemies: int


class PackImported(PackSummary):
    replaced: int | None  # the version the pack replaced, if it did


class PackRemoved(TypedDict):
    removed: PackSummary


class CampaignStatus(TypedDict):
    name: str
    schema_version: int
    phase: Literal["between", "adventure"]
    adventure: Adventure | None
    location: Location | None
    keywords: list[str]
    characters: int
    conflicts: int  # a merge's, until resolved
    file: str


class LogEntry(TypedDict):
    seq: int | None  # None: a roll that changed nothing
    kind: str  # change, undo, redo, roll, merge...
    time: str
    command: str  # as typed: "campaign xp award 2 Ajax"
    args: list[str]
    summary: str  # in English, as stored
    characters: list[str]
    rolls: NotRequired[list[dict[str, Any]]]
    undoes: NotRequired[int]
    undoes_all: NotRequired[list[int]]
    redoes: NotRequired[int]


class Undone(TypedDict):
    undone: LogEntry
    undone_all: list[LogEntry]


class Redone(TypedDict):
    redone: LogEntry
    changes: list[int]


class Exported(TypedDict):
    written: str
    characters: int
    enemies: int


class Imported(TypedDict):
    file: str
    name: str | None
    characters: int
    enemies: int


class MergeConflict(TypedDict):
    """A field both sides of a merge changed differently (ours kept there)."""

    where: str
    kind: str
    name: str
    field: str
    ours: Any
    theirs: Any
    base: NotRequired[Any]


class Merged(TypedDict):
    written: str
    conflicts: list[MergeConflict]
    characters: int
    enemies: int


class ConflictView(TypedDict):
    id: int
    where: str
    field: str
    base: Any
    ours: Any
    theirs: Any
    absent: list[str]  # the sides where the document or field is not there
    resolvable: bool  # False: only ours settles it


class Resolved(TypedDict):
    resolved: list[ConflictView]
    open: int


class Section(TypedDict):
    title: str
    rows: list[list[str]]  # [label, text], in the run's language


class Sheet(CharacterView):
    """A character sheet as data: the character, and the sheet's sections in words."""

    sections: list[Section]


class CharacterWritten(TypedDict):
    format: Literal["foundry", "statblock"]
    character: str
    written: str
    not_ascii: list[str]  # names a stat block's reader may not read (the fantasy-trip importer: ASCII only)


class CharacterImported(CharacterView):
    unmatched: list[str]  # talents the skill table lacks: kept, and listed here
    stored_over_limit: list[str]  # items stored, not carried, past the carry limit (R33)


Recap = TypedDict(
    "Recap",
    {
        "from": str | None,
        "to": str | None,
        "adventure": str | None,
        "fights": int,
        "kills": list[str],
        "killed_by": list[dict[str, Any]],
        "healed": list[dict[str, Any]],
        "keywords": list[str],
        "characters": list[dict[str, Any]],
    },
)


class Rested(TypedDict):
    week: bool
    characters: list[CharacterView]
    status_before: dict[str, Condition]
