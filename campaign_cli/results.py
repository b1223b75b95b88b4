"""What the library's acts return (`campaign_cli.Campaign`): one `TypedDict` per result
shape, equal as JSON to what the command prints with `--json`. The documents inside
them (an item, a spell, a curse, a fight) are the document model's own types.

Imported for type hints only: a command never builds these classes (a few milliseconds
of every start-up); `typing.get_type_hints` on a method loads this module.
"""

from __future__ import annotations

from typing import Literal, NotRequired, Required, TypeAlias, TypedDict, final

from campaign_cli.model import Adventure as Adventure
from campaign_cli.model import Board as Board
from campaign_cli.model import Boost as Boost
from campaign_cli.model import Curse as Curse
from campaign_cli.model import FightEnemy as FightEnemy
from campaign_cli.model import Item as Item
from campaign_cli.model import ItemKind as ItemKind
from campaign_cli.model import Leadership as Leadership
from campaign_cli.model import Location as Location
from campaign_cli.model import PotionEffect as PotionEffect
from campaign_cli.model import Side as Side
from campaign_cli.model import Size as Size
from campaign_cli.model import Spell as Spell
from campaign_cli.options import ItemOptions as ItemOptions
from campaign_cli.options import PartyRoll as PartyRoll
from campaign_cli.options import Purchase as Purchase
from campaign_cli.options import RollOptions as RollOptions
from campaign_cli.options import TradeOptions as TradeOptions

# A value as JSON holds it (a stored roll's fields, a merge's sides of one field).
# (one level typed: what a list or an object holds is read as `object`, checked where used)
JsonValue: TypeAlias = str | int | float | bool | list[object] | dict[str, object] | None

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


# -- events: what an act did, one type per `event` (CLI.md "Events: what happened, said once") ------
# Every act records them (`camp.events` in a block; `LogEntry.events` from the journal), each
# carrying what a sentence about it needs: who, on whom or what, how much, before and after,
# the rule. Narrow with `if e["event"] == "killed": e["by"]`. `render/events.py` says each
# kind in one template per language. Names are as stored (the nominative a user typed).
@final
class CampaignMadeEvent(TypedDict):
    event: Literal["campaign_created", "campaign_imported"]
    name: str


@final
class CreatedEvent(TypedDict):
    event: Literal["created"]
    name: str
    kind: NotRequired[str]  # hero or wizard
    st: NotRequired[int]
    dx: NotRequired[int]
    iq: NotRequired[int]


@final
class ChangedEvent(TypedDict):
    event: Literal["changed"]
    name: str
    fields: list[str]  # what `character set` changed: "ST", "name", "keywords", "gender"...
    renamed: NotRequired[str]  # the name before, when the name changed


@final
class DeletedEvent(TypedDict):
    event: Literal["deleted"]
    name: str


@final
class ImportedEvent(TypedDict):
    event: Literal["imported"]
    name: str
    format: str  # foundry, tft, sob-react...


@final
class XpAwardedEvent(TypedDict):
    event: Literal["xp_awarded"]
    name: str
    amount: int
    before: int
    after: int
    reason: str | None  # why (`--reason`), a keyword learned, a fight won
    rule: str  # R13


# `from` is a Python keyword: the functional form (CLI.md names the key)
XpSpentEvent = TypedDict(
    "XpSpentEvent",
    {
        "event": Literal["xp_spent"],
        "name": str,
        "on": str,  # ST, DX, IQ, a skill or a spell
        "what": Literal["attribute", "skill", "spell"],
        "from": int,  # the level before (a spell: 0)
        "to": int,  # the level after (a spell: 1)
        "cost": int,
        "karma": int,  # karma that covered what XP lacked (R17)
        "rule": str,  # R14-R16
    },
)


@final
class KarmaEvent(TypedDict):
    event: Literal["karma_added"]
    name: str
    amount: int
    bard: str | None  # the bard who sang it (R25), or None for own karma


@final
class WishAddedEvent(TypedDict):
    event: Literal["wish_added"]
    name: str
    amount: int


@final
class WishSpentEvent(TypedDict):
    event: Literal["wish_spent"]
    name: str
    cancelled: int  # the damage the wish cancelled (R17)


@final
class CursedEvent(TypedDict):
    event: Literal["cursed"]
    name: str
    curse: str


@final
class CurseLiftedEvent(TypedDict):
    event: Literal["curse_lifted"]
    name: str
    curse: str
    pay: Literal["wish", "karma", "xp"]
    paid: int  # R18: 1 wish, 3 karma or 10 XP


@final
class DamagedEvent(TypedDict):
    event: Literal["damaged"]
    name: str
    amount: int  # taken, after armor
    fatigue: bool  # fatigue rather than damage (R21)
    absorbed: int  # stopped by armor (R29)
    status: Condition  # after


@final
class HealedEvent(TypedDict):
    event: Literal["healed"]
    name: str
    amount: int
    fatigue: NotRequired[bool]  # fatigue recovered rather than damage healed
    by: NotRequired[str]  # a Medic's healing: the Medic
    skill: NotRequired[str]
    item: NotRequired[str]  # a potion's healing: the potion


@final
class DiedEvent(TypedDict):
    event: Literal["died"]
    name: str
    rule: str  # R19 (damage past ST), R20 (the dying not saved)


@final
class FellEvent(TypedDict):
    event: Literal["fell"]
    name: str
    status: Literal["out", "dying"]  # R19: out of action; R20: dying
    rule: str


@final
class RestedEvent(TypedDict):
    event: Literal["rested"]
    week: bool  # a week (R22) or a night (R21)
    names: list[str]  # who rested


@final
class AdventureEvent(TypedDict):
    event: Literal["adventure_started", "adventure_ended"]
    title: str


@final
class TownEnteredEvent(TypedDict):
    event: Literal["town_entered"]
    town: str
    blacksmith: bool


@final
class TownLeftEvent(TypedDict):
    event: Literal["town_left"]
    town: str


@final
class KeywordEvent(TypedDict):
    event: Literal["keyword_learned"]
    keyword: str
    names: list[str]  # who won 1 XP for it (R13)
    xp: int


@final
class BoardEvent(TypedDict):
    event: Literal["board_added", "board_deleted"]
    name: str


@final
class EliteEvent(TypedDict):
    event: Literal["elite_rolled"]
    board: str
    die: int
    ability: str


@final
class PackEvent(TypedDict):
    event: Literal["pack_added", "pack_removed"]
    pack: str
    version: NotRequired[str]


@final
class FightStartedEvent(TypedDict):
    event: Literal["fight_started"]
    title: NotRequired[str]


@final
class FightEndedEvent(TypedDict):
    event: Literal["fight_ended"]
    outcome: Literal["won", "routed", "fled"]
    xp: NotRequired[dict[str, int]]  # who won XP for it (R13)


@final
class JoinedEvent(TypedDict):
    event: Literal["joined"]
    names: list[str]  # the enemy instances put on the board
    elite: NotRequired[str | None]


@final
class OrderEvent(TypedDict):
    event: Literal["order"]
    order: list[str]


@final
class TurnEvent(TypedDict):
    event: Literal["turn"]
    round: int
    turn: str


@final
class BlowEvent(TypedDict):
    """A character's blow on an enemy instance (R24, R41)."""

    event: Literal["blow"]
    attacker: str
    target: str
    roll: int | None  # the 3/DX check's total (None: `fight hit`, no roll)
    hit: bool
    damage: int  # before defense
    defense: int
    wounds: int  # dealt
    overkill: int  # damage past the health the enemy had left (R41)
    xp: int  # wound XP won with the blow (R41), a kill's in `killed`


@final
class StruckEvent(TypedDict):
    """An enemy instance's attack on a character (R29)."""

    event: Literal["struck"]
    attacker: str
    target: str
    hits: int
    damage: int  # taken, after armor
    armor: int
    status: Condition  # the character's, after


@final
class KilledEvent(TypedDict):
    event: Literal["killed"]
    enemy: str
    by: str
    wounds: NotRequired[int]  # the killing blow's
    xp: NotRequired[int]  # what the killer won (R41)
    gender: NotRequired[Literal["m", "f", "n"] | None]  # the enemy's grammatical gender


@final
class CheckedEvent(TypedDict):
    event: Literal["checked"]
    name: str
    spec: str  # as typed: 3/DX, Lore 5+
    total: int | None  # the roll's sum (a pool test: None)
    success: bool


@final
class ContestEvent(TypedDict):
    event: Literal["contested"]
    name: str
    other: str  # the other side: a character, or a number to beat
    winner: str | None  # None: a tie
    success: bool


@final
class CastEvent(TypedDict):
    event: Literal["cast"]
    name: str
    spell: str
    success: bool
    target: NotRequired[str]  # a resisting character


@final
class RolledEvent(TypedDict):
    event: Literal["rolled"]
    expression: str
    dice: list[int]
    total: int
    name: NotRequired[str]  # the roller
    modifier: NotRequired[int]  # the expression's own and every other modifier together (absent: none)


@final
class InitiativeEvent(TypedDict):
    event: Literal["initiative"]
    order: list[str]


@final
class SkillEvent(TypedDict):
    event: Literal["skill_used"]
    name: str
    skill: str
    success: bool


@final
class LedEvent(TypedDict):
    event: Literal["led"]
    name: str  # the leader (R25)
    follower: str
    bonus: int


@final
class BrewedEvent(TypedDict):
    event: Literal["brewed"]
    by: str
    skill: str
    potion: str


@final
class ItemAddedEvent(TypedDict):
    event: Literal["item_added"]
    name: str
    item: str
    count: int


@final
class ItemLeftEvent(TypedDict):
    event: Literal["item_left"]
    name: str
    item: str
    count: int
    how: Literal["dropped", "given", "sold", "drunk", "spent", "fitted"]


@final
class GivenEvent(TypedDict):
    event: Literal["given"]
    giver: str
    receiver: str
    item: str
    count: int


@final
class SoldEvent(TypedDict):
    event: Literal["sold"]
    seller: str
    buyer: str | None  # a character, or None: the merchant (R38)
    item: str
    count: int
    price: int  # gold paid for them all


@final
class BoughtEvent(TypedDict):
    event: Literal["bought"]
    buyer: str
    item: str
    count: int
    price: int  # gold paid for them all (after haggling)
    asked: int  # the price asked


@final
class ItemMovedEvent(TypedDict):
    event: Literal["item_moved"]
    name: str
    items: list[str]
    count: int
    how: Literal["held", "worn", "stowed", "stored", "fetched"]


@final
class ItemChangedEvent(TypedDict):
    event: Literal["item_changed"]
    name: str
    item: str
    fields: list[str]


@final
class ReloadedEvent(TypedDict):
    event: Literal["reloaded"]
    name: str
    item: str
    left: int  # reloading actions still needed (R26)


@final
class FittedEvent(TypedDict):
    event: Literal["fitted", "forged"]
    name: str
    item: str  # what was fitted or forged in
    into: str  # the item it went into
    gold: NotRequired[int]  # a blacksmith's fee (R39)


@final
class CountEvent(TypedDict):
    event: Literal["gold", "darkstone"]
    name: str
    change: int  # + gained, - lost
    before: int
    after: int


@final
class ResolvedEvent(TypedDict):
    event: Literal["resolved"]
    conflicts: list[int]
    how: Literal["ours", "theirs", "value"]


@final
class MergedEvent(TypedDict):
    event: Literal["merged"]
    conflicts: int  # how many are left open


@final
class UndoneEvent(TypedDict):
    event: Literal["undone", "redone"]
    seqs: list[int]  # the entries taken back (undone) or put back (redone)


Event = (
    CampaignMadeEvent
    | CreatedEvent
    | ChangedEvent
    | DeletedEvent
    | ImportedEvent
    | XpAwardedEvent
    | XpSpentEvent
    | KarmaEvent
    | WishAddedEvent
    | WishSpentEvent
    | CursedEvent
    | CurseLiftedEvent
    | DamagedEvent
    | HealedEvent
    | DiedEvent
    | FellEvent
    | RestedEvent
    | AdventureEvent
    | TownEnteredEvent
    | TownLeftEvent
    | KeywordEvent
    | BoardEvent
    | EliteEvent
    | PackEvent
    | FightStartedEvent
    | FightEndedEvent
    | JoinedEvent
    | OrderEvent
    | TurnEvent
    | BlowEvent
    | StruckEvent
    | KilledEvent
    | CheckedEvent
    | ContestEvent
    | CastEvent
    | RolledEvent
    | InitiativeEvent
    | SkillEvent
    | LedEvent
    | BrewedEvent
    | ItemAddedEvent
    | ItemLeftEvent
    | GivenEvent
    | SoldEvent
    | BoughtEvent
    | ItemMovedEvent
    | ItemChangedEvent
    | ReloadedEvent
    | FittedEvent
    | CountEvent
    | ResolvedEvent
    | MergedEvent
    | UndoneEvent
)


@final
class CanRefused(TypedDict):
    act: str  # the command path: "item hold"
    code: str  # the guard's: cannot_act, dead, fight_open, not_your_turn...
    message: str  # why, in the run's language


@final
class Can(TypedDict):
    """What a character may do now (`campaign can`), read from the guard the acts use."""

    character: str
    allowed: list[str]  # the acts, by command path: "xp spend", "fight attack"
    refused: list[CanRefused]


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
    effect: PotionEffect  # what the potion did: healed, or a boost for one fight (R25)
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
    keyword: str  # the word learned (not the whole list: a batch's answer grows with its lines, CLI.md)
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
    left: int  # health left: ST as it counts now (a potion's raise included) less damage and fatigue
    of: int  # that ST (R25a)


class FightEnemyView(FightEnemy):
    """An enemy instance on the board, with its health left (R41: health less wounds)."""

    left: int


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
    enemies: list[FightEnemyView]
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
    past_defense: int  # R41: the damage less the defense (never below 0)
    overkill: int  # R41: damage past defense beyond the health it had left
    killed: bool
    xp: int
    character: CharacterView


@final
class CharacterBlow(TypedDict):
    """A character's blow at an enemy instance (R24, R26, R41): its check, and on a hit its
    damage roll, the wounds and what the kill won. Told apart from an enemy's by `weapon`:
    `if "weapon" in blow`."""

    attacker: str
    weapon: str  # the weapon struck with ("Unarmed": bare hands, R26)
    target: FightEnemy  # the enemy instance, after the blow
    hit: bool
    hits: int  # 1 on a hit, else 0
    dice: list[int]  # the check's dice
    check: CheckResult
    damage_dice: list[int]
    damage: int
    wounds: int
    past_defense: int  # R41: the damage less the defense (never below 0)
    overkill: int  # R41: damage past defense beyond the health it had left
    killed: bool
    xp: int  # what the kill won the attacker (R41)
    roll: NotRequired[Roll]  # a hit: the damage roll
    character: NotRequired[CharacterView]  # a hit: the attacker after it
    seed: NotRequired[int]


@final
class EnemyBlow(TypedDict):
    """An enemy instance's blow at a character (R29): its combat dice, the hits, and each
    hit's damage less the character's armor. Told apart by `enemy`: `if "enemy" in blow`."""

    attacker: str
    enemy: FightEnemy  # who struck: its to-hit and damage
    target: CharacterView  # the character, after the blow
    hit: bool
    hits: int
    dice: list[int]
    faces: NotRequired[list[int]]  # a big roll: how many dice showed each face, 1..6
    damage_dice: list[int]
    damage: int
    per_hit: int  # each hit's damage through the armor
    absorbed: int  # what the armor stopped
    wounds: int
    seed: NotRequired[int]


Blow = CharacterBlow | EnemyBlow


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


# Something that moved a target or a total: a skill, a curse, a potion, the situation.
# source: said ("skill Merchant", "curse Mummy Rot"); kind: "skill", "skill_damage", "curse",
# "stronger", "leadership", "boost", "situation"...; applies_to: a check's "target" (a sum) or
# "threshold" (a pool); from: a Leadership bonus's leader.
Modifier = TypedDict(
    "Modifier",
    {
        "source": str,
        "kind": str,
        "name": str | None,
        "value": int,
        "applies_to": NotRequired[str],
        "from": NotRequired[str],
    },
)


class _Check(TypedDict):
    character: str
    spec: str
    type: Literal["sum", "pool"]
    dice: list[int]
    total: int | None  # a pool test: None
    target: int | None  # a pool test: None
    need: NotRequired[int]  # a pool test: the face each die must reach
    success: bool
    probability: float
    fraction: str  # the exact chance, "181/216"
    modifiers: list[Modifier]
    karma_spent: int
    wish_spent: int
    first_dice: NotRequired[list[int]]  # a karma reroll: the dice rolled first
    seed: NotRequired[int]


@final
class CheckResult(_Check):
    """A rolled check (R5, R10): its dice, total and target, and whether it succeeded."""

    reason: NotRequired[str]  # a party test: why this character failed without rolling (R6)
    distribution: NotRequired[dict[str, str]]  # plot=True: each result's exact chance
    plot: NotRequired[dict[str, int]]  # plot=True: the dice and the limit of success


@final
class Skipped(TypedDict):
    character: str
    status: Condition


@final
class PartyTest(TypedDict):
    """A party test (R11): each character's check. Told apart from one check by `results`."""

    spec: str
    who: Literal["all", "random"]
    results: list[CheckResult]
    successes: int
    skipped: list[Skipped]  # who could not act (R11a)
    seed: NotRequired[int]


@final
class ContestSide(TypedDict):
    """One side of a contest (R7): its roll against its attribute."""

    name: str  # a character's name, or "opponent" (an unnamed one)
    spec: str
    dice: list[int]
    raw: int  # the dice's sum
    curses: int
    curse: int  # R18: what the curses add
    target: int
    attribute: int
    modifiers: list[Modifier]
    total: int
    over: bool  # over its target: this side failed
    first_dice: NotRequired[list[int]]  # a karma reroll: the dice rolled first


class _Contest(TypedDict):
    a: ContestSide
    b: ContestSide
    winner: str | None
    success: bool  # the first side won
    karma_spent: int
    wish_spent: int
    seed: NotRequired[int]


@final
class Contest(_Contest):
    """A contest (R7): both sides, the winner (or None), and whether the first side won."""


@final
class CastCheck(_Check):
    """A spell cast as a check (R9): a check's fields and the spell."""

    spell: Spell


@final
class CastContest(_Contest):
    """A spell cast against someone (R7, R9): a contest's fields and the spell. Told apart
    from a check by `a`: `if "a" in cast`."""

    spell: Spell


Cast = CastCheck | CastContest


@final
class Initiative(TypedDict):
    order: list[str]
    rolls: dict[str, list[int]]
    seed: NotRequired[int]


@final
class Roll(TypedDict):
    """A dice roll; with a character, a damage roll (R24, R26, R18: at least 1)."""

    expression: str
    dice: list[int]
    total: int
    first_dice: NotRequired[list[int]]  # karma: the dice rolled first (the new roll is kept)
    karma_spent: NotRequired[int]
    wish_spent: NotRequired[int]
    character: NotRequired[str]  # a damage roll: the roller
    weapon: NotRequired[str | None]
    against: NotRequired[str | None]
    modifiers: NotRequired[list[Modifier]]
    fatigue: NotRequired[bool]  # a weapon that tires (R26)
    floored: NotRequired[bool]  # raised to the least damage, 1
    seed: NotRequired[int]


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


Lead = TypedDict("Lead", {"for": str, "value": int})


class SkillEffect(TypedDict, total=False):
    """What a skill did on success (R25): each key only for the skill that makes it."""

    healed: dict[str, int]  # Medic: damage healed, by character
    karma: dict[str, int]  # Bard: karma given, by character
    leadership: Lead  # Leadership: who gets the bonus, and its value
    potion: Item  # Herbalist, Alchemist: the potion brewed
    xp_spent: int  # Alchemist: 1 XP (R25a)
    characters: list[str]  # the others it changed


@final
class SkillCheck(_Check):
    """A skill used (R23, R25): its check and its effect on success."""

    skill: str
    effect: SkillEffect | None


@final
class SkillContest(_Contest):
    """A contested skill used (Charm, Merchant...): its contest and its effect. Told apart
    by `a`: `if "a" in use`."""

    skill: str
    effect: SkillEffect | None


SkillUse = SkillCheck | SkillContest


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
    """A catalog entry: a skill, an item (weapon, armor, gear, a pack's) or an enemy board.
    Only `name` is always there: the rest is what that kind of entry has."""

    name: Required[str]
    id: int  # the campaign's own board
    aliases: list[str]
    kind: str
    source: str  # "built-in", "campaign" or a pack's name
    group: str
    check: str
    attribute: str | None  # a skill's attribute (None: a skill with no check of its own)
    effect: str
    skill: str | None  # a weapon's combat skill
    fatigue: bool  # a weapon that tires (R26)
    shield: bool
    flags: list[str]
    damage: str
    armor: int
    restriction: int
    hands: int
    weight: int
    value: int
    heft: int | None
    slots: int
    keywords: list[str]
    size: Size
    normal: Side
    brutal: Side


class PackSummary(TypedDict):
    pack: str
    version: str
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
    command: str  # as typed: "campaign xp award 2 Ajax"; a library block: its label
    args: list[str]
    summary: str  # what it did, in sentences of the run's language (an entry from before events: as stored)
    characters: list[str]
    events: list[Event]  # what it did, as facts (an entry from before events were complete: [])
    block: NotRequired[Literal["batch", "python"]]  # many acts in one entry: a batch, or a library block
    rolls: NotRequired[list[dict[str, JsonValue]]]  # the dice thrown, as each roll stored them
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
    ours: JsonValue
    theirs: JsonValue
    base: NotRequired[JsonValue]


class Merged(TypedDict):
    written: str
    conflicts: list[MergeConflict]
    characters: int
    enemies: int


class ConflictView(TypedDict):
    id: int
    where: str
    field: str
    base: JsonValue
    ours: JsonValue
    theirs: JsonValue
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
    format: Literal["foundry", "statblock", "sob-react"]
    character: str
    written: str
    not_ascii: list[str]  # names the fantasy-trip importer cannot read (it reads Latin letters, digits, ’ ' `)


class CharacterImported(CharacterView):
    unmatched: list[str]  # talents the skill table lacks: kept, and listed here
    stored_over_limit: list[str]  # items stored, not carried, past the carry limit (R33)
    heroes: NotRequired[list[CharacterImported]]  # a SoB-React backup of many: every character made, this one first


@final
class KilledBy(TypedDict):
    enemy: str
    by: str


@final
class HealedBy(TypedDict):
    who: str
    amount: int
    by: NotRequired[str]  # a Medic's healing: the Medic
    skill: NotRequired[str]
    item: NotRequired[str]  # a potion's


@final
class RecapRow(TypedDict):
    """What one character won and lost in the recap's stretch of the journal."""

    name: str
    xp_won: int
    xp_spent: int
    karma_won: int
    karma_spent: int
    wishes_won: int
    wishes_spent: int
    damage_taken: int
    damage_healed: int
    fatigue_taken: int
    fatigue_recovered: int
    knocked_out: int
    died: bool
    curses_gained: list[str]
    curses_lifted: list[str]
    items_gained: list[str]
    items_lost: list[str]
    items_held: list[str]
    items_worn: list[str]
    items_stored: list[str]
    gold_gained: int
    gold_lost: int
    darkstone_found: int
    darkstone_forged: int
    checks: int
    checks_passed: int
    karma_expired: int


Recap = TypedDict(
    "Recap",
    {
        "from": str | None,
        "to": str | None,
        "adventure": str | None,
        "fights": int,
        "kills": list[str],
        "killed_by": list[KilledBy],
        "healed": list[HealedBy],
        "keywords": list[str],
        "characters": list[RecapRow],
    },
)


class Rested(TypedDict):
    week: bool
    characters: list[CharacterView]
    status_before: dict[str, Condition]
