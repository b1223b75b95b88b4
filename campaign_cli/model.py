"""The campaign's documents, typed once.

Every document the campaign file holds (its meta with the adventure, the town and an open
fight; a character with items, upgrades, curses and spells) is a `TypedDict` here, its
states, kinds and phases `Literal` types, and each field's bound an `Annotated` mark on its
type. From these declarations, and nothing else, come:

- the judge (campaign_cli/judge.py): `compiled(Character)` turns a type into its checker,
  and `source()` writes every checker into campaign_cli/_judged.py
  (`python -m campaign_cli.model --write`; a test keeps the two equal), which the judge
  runs on the campaign file as read, every import, and every write;
- the JSON Schemas that `campaign schema export|character` prints (`compiled(...).schema()`);
- `fields_table()`: the field reference in docs/reference.md (a test keeps it current);
- for mypy, the types the rules and the commands pass documents as.

Bounds live here once: a count is 0..1,000,000 (`Amount`) wherever it appears, an id
1..2^53-1, a name 1..100 characters without control or format characters (Cc, Cf).
What a JSON Schema cannot say (a key and its document's `id` agree, ids unique and below
`next_id`, character names unique in any case, upgrades that fit their slots, damage that
rolls) the judge checks beside the compiled checkers.

A run that reads a campaign never imports this module: building `TypedDict`s costs
milliseconds, the compiled checkers a fraction of one.
"""

import types
from pathlib import Path
from typing import Annotated, Any, Literal, NotRequired, TypedDict, Union, get_args, get_origin, get_type_hints

from campaign_cli.judge import (
    BoolNode,
    ChoiceNode,
    ConstNode,
    EnumNode,
    IntNode,
    ListNode,
    MapNode,
    Node,
    NullNode,
    ObjNode,
    PatternNode,
    TextNode,
)
from campaign_cli.options import ItemKind as ItemKind
from campaign_cli.rules.names import MAX_AMOUNT, MAX_ID, MAX_NAME

MAX_NOTE = 1000  # a curse's note, a fight's labels
MAX_STAMP = 200  # a time stamp, a hash, a campaign id


# -- the marks a field's type carries ------------------------------------------------------
class Range:
    """A whole number from LOW to HIGH."""

    def __init__(self, low: int, high: int) -> None:
        self.low, self.high = low, high


class Text:
    """A text of 1 to LIMIT characters, not blank; SAFE: no control or format characters."""

    def __init__(self, limit: int = MAX_NAME, safe: bool = True) -> None:
        self.limit, self.safe = limit, safe


class Pattern:
    """A text matching REGEX (a dice expression), then SEMANTIC (it rolls)."""

    def __init__(self, regex: str, semantic: str) -> None:
        self.regex, self.semantic = regex, semantic


class Keys:
    """The keys of a mapping: one of VALUES (a skill's English name), or names."""

    def __init__(self, values: tuple[str, ...]) -> None:
        self.values = values


class Length:
    """A list of LOW to HIGH entries."""

    def __init__(self, low: int, high: int) -> None:
        self.low, self.high = low, high


Amount = Annotated[int, Range(0, MAX_AMOUNT)]  # every count: XP, gold, weights, board numbers
Id = Annotated[int, Range(1, MAX_ID - 1)]
Counter = Annotated[int, Range(0, MAX_ID - 1)]  # seq, journal offsets: the file's own bookkeeping
Name = Annotated[str, Text()]
Note = Annotated[str, Text(MAX_NOTE)]
Stamp = Annotated[str, Text(MAX_STAMP)]
JsonText = Annotated[str, Text(10_000_000, safe=False)]  # a JSON value, as text
Notes = Annotated[str, Text(100_000, safe=False)]  # another tool's notes (HTML, lines): kept as they are
# Another tool's fields this tool has no place for (a Foundry actor's race, age and job; an
# item's embedded spells), each as JSON text, written back on export (CLI.md "Interchange").
Foreign = dict[Name, JsonText]
Dice = Annotated[str, Pattern(r"^[0-9]{0,4}[dD][0-9]{1,4}([+-][0-9]{1,5})?$", "dice")]
Level = Annotated[int, Range(1, MAX_AMOUNT)]
Slots = Annotated[int, Range(0, 3)]  # R39
Pieces = Annotated[int, Range(1, MAX_AMOUNT)]  # a stack's identical pieces (CLI.md "Stacks")
Hands = Annotated[int, Range(0, 2)]  # R32


# -- states, kinds, phases -------------------------------------------------------------------
# Literal types: mypy sees `item["state"] == "hled"` and `item["state"] = "hled"` as errors,
# the stored values stay plain JSON strings, and nothing is built at run time.
Phase = Literal["between", "adventure"]
CharacterKind = Literal["hero", "wizard"]  # R1
Gender = Literal["m", "f"]
ThingGender = Literal["m", "f", "n"]  # an enemy's grammatical gender: «Щупальце» is neuter
ItemState = Literal["carried", "held", "worn", "stored"]  # R32, R35; stored: at home, not carried (R33)
CombatMode = Literal["hit", "damage"]  # R24: a combat skill's levels go to hitting or to damage
BoardSide = Literal["normal", "brutal"]  # R40
FirstSide = Literal["party", "enemies"]  # R8


def _skill_names() -> tuple[str, ...]:
    from campaign_cli.rules.skills import SKILLS

    return tuple(s.name for s in SKILLS)


# -- the documents ---------------------------------------------------------------------------
class Upgrade(TypedDict):
    name: Name
    slots: Slots
    darkstone: NotRequired[Amount]
    gold: NotRequired[Amount]
    forged: NotRequired[bool]
    personal: NotRequired[bool]


class Boost(TypedDict):
    target: Name
    value: Amount


class PotionEffect(TypedDict, total=False):
    """What a potion did (R25): damage healed, or a boost for one fight; empty: nothing."""

    healed: int
    boost: Boost


class Item(TypedDict):
    id: Id
    name: Name
    kind: ItemKind
    hands: Hands
    weight: Amount
    value: Amount
    requires: list[Name]
    clothing: Name | None
    personal: bool
    darkstone_icon: bool
    slots: Slots
    upgrades: list[Upgrade]
    state: ItemState
    count: NotRequired[Pieces]  # a stack: weight and value are each piece's; absent (before schema 4) is 1
    damage: NotRequired[Dice | None]
    armor: NotRequired[Amount | None]
    restriction: NotRequired[Amount | None]
    heft: NotRequired[Amount | None]
    heals: NotRequired[Amount | None]
    shield: NotRequired[bool | None]
    fatigue: NotRequired[bool | None]
    skill: NotRequired[Name | None]
    flags: NotRequired[list[Name]]
    aliases: NotRequired[list[Name]]
    pack: NotRequired[Name]
    boost: NotRequired[Boost | None]
    unloaded: NotRequired[Annotated[int, Range(1, 3)]]  # R26, R32a: reload actions still needed after a shot
    loaded: NotRequired[bool]  # R26: a reloading weapon's, false once fired until reloaded (CLI.md item JSON)
    foreign: NotRequired[Foreign]


class Spell(TypedDict):
    name: Name
    rating: NotRequired[Amount | None]


class Curse(TypedDict):
    name: Name
    note: NotRequired[Note | None]


# R23: who leads, by the leader's name as typed; `from` is a Python keyword, hence this form.
Leadership = TypedDict("Leadership", {"value": Amount, "from": NotRequired[Name]})


class Character(TypedDict):
    id: Id
    name: Name
    kind: CharacterKind
    st: Amount
    dx: Amount
    iq: Amount
    attributes: dict[Name, Amount]
    skills: Annotated[dict[str, Level], Keys(())]  # R23: stored under the English names
    spells: list[Spell]
    keywords: list[Name]
    xp: Amount
    karma: Amount
    wishes: Amount
    curses: list[Curse]
    damage: Amount
    fatigue: Amount
    gold: Amount
    darkstone: Amount
    items: list[Item]
    gender: NotRequired[Gender | None]
    dying: NotRequired[bool]
    dead: NotRequired[bool]
    death_settled: NotRequired[bool]
    bard_karma: NotRequired[Amount]
    fight_damage: NotRequired[Amount]
    last_fight_damage: NotRequired[Amount]
    talents: NotRequired[list[Name]]
    boosts: NotRequired[dict[Name, Amount]]
    uses: NotRequired[dict[Name, Name]]  # R25a: a skill's last use, by adventure
    combat: NotRequired[dict[Name, CombatMode]]
    leadership: NotRequired[Leadership | None]
    notes: NotRequired[Notes]
    foreign: NotRequired[Foreign]


class Adventure(TypedDict):
    title: Name
    number: Amount
    started: NotRequired[Stamp]


class Location(TypedDict):
    town: Name
    blacksmith: bool


class FightGroup(TypedDict):
    id: Id
    type: Name
    side: BoardSide
    elite: NotRequired[Note | None]
    elite_numbers: NotRequired[dict[Name, Annotated[int, Range(-MAX_AMOUNT, MAX_AMOUNT)]]]
    initiative: NotRequired[Amount]
    gender: NotRequired[ThingGender | None]


class FightEnemy(TypedDict):
    name: Note  # `Type N`: a board's name and a number
    type: Name
    side: BoardSide
    alive: bool
    group: NotRequired[Id]
    health: Amount
    wounds: Amount
    defense: NotRequired[Amount]
    damage: NotRequired[Amount]
    combat: NotRequired[Amount]
    to_hit: NotRequired[Amount]
    move: NotRequired[Amount]
    initiative: NotRequired[Amount]
    escape: NotRequired[Amount]
    xp: NotRequired[Amount]
    wound_xp: NotRequired[Amount]
    elite: NotRequired[Note | None]
    gender: NotRequired[ThingGender | None]


class Fight(TypedDict):
    title: Name | None
    round: Amount
    turn: NotRequired[Amount | None]
    order: list[Note]
    enemies: list[FightEnemy]
    groups: NotRequired[list[FightGroup]]
    first: NotRequired[FirstSide | None]
    party: NotRequired[list[Name]]
    acted: NotRequired[list[Name]]  # R32a: who has taken the round's action (characters and instances)


class MergeConflict(TypedDict):
    """A field both sides of a merge changed differently (CLI.md "Sharing through git"): kept
    in the merged file until `campaign resolve` settles it; values as JSON texts."""

    id: Annotated[int, Range(1, MAX_AMOUNT)]
    where: Annotated[str, Text(MAX_NOTE, safe=False)]
    field: Annotated[str, Text(MAX_NOTE, safe=False)]
    base: NotRequired[JsonText]
    ours: NotRequired[JsonText]
    theirs: NotRequired[JsonText]
    path: NotRequired[JsonText]  # the steps to the value; absent: only --ours settles it


class Meta(TypedDict):
    """The campaign's own document (table `meta`, key 1)."""

    app: Literal["campaign"]
    schema_version: Annotated[int, Range(1, 5)]  # 1..store.campaign.SCHEMA_VERSION (a test keeps them equal)
    name: Name
    phase: Phase
    keywords: list[Name]
    seq: Counter
    next_id: Id
    campaign_id: Stamp
    created: NotRequired[Stamp]
    adventure: NotRequired[Adventure | None]
    location: NotRequired[Location | None]
    fight: NotRequired[Fight | None]
    adventures: NotRequired[Amount]
    fights: NotRequired[Amount]
    undo_top: NotRequired[Counter | None]
    undo_at: NotRequired[Counter | None]
    undo_hash: NotRequired[Stamp | None]
    journal_hash: NotRequired[Stamp | None]
    conflicts: NotRequired[list[MergeConflict]]  # a merge's, until resolved


# -- enemy boards (R40-R42) and catalog packs ------------------------------------------------
Size = Literal["small", "medium", "large", "huge", "giant"]  # R40, stored in English (enemies.SIZES)
EliteNumber = Annotated[int, Range(-MAX_AMOUNT, MAX_AMOUNT)]  # added to each instance's field (R42)
Version = Annotated[int, Range(-(MAX_ID - 1), MAX_ID - 1)]


class EliteEntry(TypedDict):
    """An elite table entry as an object (R42): its numbers are added to each instance's."""

    name: Note
    text: NotRequired[Note]
    health: NotRequired[EliteNumber]
    defense: NotRequired[EliteNumber]
    damage: NotRequired[EliteNumber]
    combat: NotRequired[EliteNumber]
    to_hit: NotRequired[EliteNumber]
    move: NotRequired[EliteNumber]
    initiative: NotRequired[EliteNumber]
    escape: NotRequired[EliteNumber]


class Side(TypedDict):
    """A board's normal or brutal side: its numbers, abilities and elite table (R40, R42)."""

    initiative: Amount
    move: Amount
    escape: Amount
    to_hit: Amount
    combat: Amount
    damage: Amount
    defense: Amount
    health: Amount
    xp: Amount
    wound_xp: NotRequired[Amount]  # R41: XP won per wound dealt to a large enemy
    abilities: list[Note]
    elite: Annotated[list[Note | EliteEntry], Length(6, 6)]  # R42: one die on the table


class Board(TypedDict):
    name: Name
    keywords: list[Note]
    size: Size
    gender: NotRequired[ThingGender | None]
    normal: Side
    brutal: Side


class PackItem(TypedDict):
    """An item entry of a pack: a name and any field `item add` takes (CLI.md "Catalog packs")."""

    name: Name
    aliases: NotRequired[list[Name]]
    kind: NotRequired[ItemKind]
    hands: NotRequired[Hands]
    weight: NotRequired[Amount]
    value: NotRequired[Amount]
    heft: NotRequired[Amount | None]
    slots: NotRequired[Slots]
    damage: NotRequired[Dice | None]
    armor: NotRequired[Amount | None]
    restriction: NotRequired[Amount | None]
    requires: NotRequired[list[Name]]
    clothing: NotRequired[Name | None]
    personal: NotRequired[bool]
    darkstone_icon: NotRequired[bool]
    shield: NotRequired[bool]
    pack: NotRequired[Name]


class Pack(TypedDict):
    pack: Name
    version: Annotated[str, Text(MAX_NOTE, safe=False)] | Version
    description: NotRequired[Annotated[str, Text(100_000, safe=False)]]
    items: NotRequired[Annotated[list[PackItem], Length(0, 100_000)]]
    enemies: NotRequired[Annotated[list[Board], Length(0, 100_000)]]


# The file's own bookkeeping: an export leaves it out, an import starts it anew.
LOCAL_META = ("app", "seq", "campaign_id", "undo_top", "undo_at", "undo_hash", "journal_hash")


# -- the compiler: a type into the judge's checker ----------------------------------------
def _mark(marks: tuple[Any, ...]) -> Any:
    return next((m for m in marks if isinstance(m, (Range, Text, Pattern, Keys, Length))), None)


def _node(tp: Any, marks: tuple[Any, ...] = ()) -> Node:
    """The checker of type TP (with its Annotated MARKS)."""
    origin = get_origin(tp)
    if origin is Annotated:
        inner, *more = get_args(tp)
        return _node(inner, (*marks, *more))
    if origin in (Union, types.UnionType):
        options = [a for a in get_args(tp) if a is not type(None)]
        one = _node(options[0], marks) if len(options) == 1 else ChoiceNode(*(_node(o, marks) for o in options))
        return NullNode(one) if len(options) < len(get_args(tp)) else one
    if origin in (NotRequired,):
        return _node(get_args(tp)[0], marks)
    mark = _mark(marks)
    if origin is list:
        if isinstance(mark, Length):
            return ListNode(_node(get_args(tp)[0]), mark.low, mark.high)
        return ListNode(_node(get_args(tp)[0]))
    if origin is dict:
        key_type, value_type = get_args(tp)
        keys = EnumNode(_skill_names()) if isinstance(mark, Keys) else _node(key_type)
        return MapNode(keys, _node(value_type))
    if origin is Literal:
        values = get_args(tp)
        return ConstNode(values[0]) if len(values) == 1 else EnumNode(values)
    if tp is bool:
        return BoolNode()
    if tp is int:
        assert isinstance(mark, Range), tp
        return IntNode(mark.low, mark.high)
    if tp is str:
        if isinstance(mark, Pattern):
            return PatternNode(mark.regex, mark.semantic)
        text = mark if isinstance(mark, Text) else Text()
        return TextNode(text.limit, text.safe)
    if isinstance(tp, type) and issubclass(tp, dict) and hasattr(tp, "__required_keys__"):
        return compiled(tp)
    raise TypeError(f"no checker for {tp!r}")


_COMPILED: dict[Any, ObjNode] = {}


def compiled(doc_type: Any) -> ObjNode:
    """The judge's checker of a document type (compiled once per run)."""
    node = _COMPILED.get(doc_type)
    if node is None:
        node = _COMPILED[doc_type] = ObjNode(doc_type.__name__, tuple(sorted(doc_type.__required_keys__)))
        hints = get_type_hints(doc_type, include_extras=True)
        node.fields = {k: _node(v) for k, v in hints.items()}
    return node


def source() -> str:
    """The Python text of campaign_cli/_judged.py: every document's checker, as the judge
    builds it at run time without this module. Each distinct checker is made once, by
    name (`n3 = L(n2)  # L(T(100, True))`), and shared by every field of its type: a run
    that reads a campaign makes 61 checkers, not 242 calls through a cache."""
    import ast

    out = [
        '"""Generated from campaign_cli/model.py by `python -m campaign_cli.model --write`: do not edit."""',
        "",
        "from campaign_cli import judge",
        "",
        "B, C, E, I = judge.BoolNode, judge.ConstNode, judge.EnumNode, judge.IntNode",
        "L, M, N, P = judge.ListNode, judge.MapNode, judge.NullNode, judge.PatternNode",
        "T, A, O = judge.TextNode, judge.ChoiceNode, judge.ObjNode",
        "",
    ]
    nodes = [compiled(t) for t in DOCUMENTS]
    out += [f"{n.name} = O({n.name!r}, {tuple(sorted(n.required))!r})" for n in nodes]
    out.append("# one checker per distinct type, shared by every field of that type")
    named: dict[str, str] = {}  # a checker's code -> its name

    def name(tree: ast.expr) -> str:
        """TREE's checker as a name, its parts named first; an ObjNode is its own name."""
        if not isinstance(tree, ast.Call):
            return ast.unparse(tree)
        code = ast.unparse(tree)
        if code not in named:
            parts = [name(a) if isinstance(a, ast.Call) else ast.unparse(a) for a in tree.args]
            named[code] = f"n{len(named)}"
            line = f"{named[code]} = {ast.unparse(tree.func)}({', '.join(parts)})"
            out.append(line if line.endswith(code) else f"{line}  # {code}")
        return named[code]

    fields = {n.name: {k: name(ast.parse(v.code(), mode="eval").body) for k, v in n.fields.items()} for n in nodes}
    for n in nodes:
        out.append(f"{n.name}.fields = {{")
        out += [f"    {k!r}: {v}," for k, v in fields[n.name].items()]
        out.append("}")
    out.append("DOCUMENTS = {" + ", ".join(f"{n.name!r}: {n.name}" for n in nodes) + "}")
    return "\n".join(out) + "\n"


DOCUMENTS = (
    Meta,
    MergeConflict,
    Adventure,
    Location,
    Fight,
    FightGroup,
    FightEnemy,
    Character,
    Spell,
    Curse,
    Leadership,
    Item,
    Upgrade,
    Boost,
    Board,
    Side,
    EliteEntry,
    Pack,
    PackItem,
)


def describe(node: Node) -> str:
    """A node as the reference table reads it."""
    if isinstance(node, IntNode):
        return f"integer {node.low}..{node.high}"
    if isinstance(node, BoolNode):
        return "boolean"
    if isinstance(node, TextNode):
        return f"name (1..{node.limit} characters{', no Cc/Cf' if node.safe else ''})"
    if isinstance(node, PatternNode):
        return "dice expression (2D6, D6+1)"
    if isinstance(node, EnumNode):
        return " | ".join(node.values) if len(node.values) < 8 else "a skill's English name (R23)"
    if isinstance(node, ConstNode):
        return repr(node.value)
    if isinstance(node, NullNode):
        return f"{describe(node.inner)} or null"
    if isinstance(node, ChoiceNode):
        return " or ".join(describe(n) for n in node.options)
    if isinstance(node, ListNode):
        exactly = "" if node.high is None else f" ({node.low}..{node.high})"
        return f"list{exactly} of {describe(node.inner)}"
    if isinstance(node, MapNode):
        return f"object: {describe(node.keys)} -> {describe(node.inner)}"
    assert isinstance(node, ObjNode)
    return node.name


def fields_table() -> str:
    """Markdown: every document, every field, its type and bound, required or not."""
    out = []
    for doc_type in DOCUMENTS:
        node = compiled(doc_type)
        out.append(f"#### {node.name}\n\n| field | type | required |\n|---|---|---|")
        for key, field in node.fields.items():
            out.append(f"| `{key}` | {describe(field)} | {'yes' if key in node.required else 'no'} |")
        out.append("")
    return "\n".join(out)


JUDGE_SOURCES = ("judge.py", "verdict.py", "_judged.py")  # what decides whether a campaign is sound


def judge_digest(folder: Path | None = None) -> str:
    """The digest of the judge's sources (JUDGE_SOURCES), which store/layout.py keeps as
    JUDGE: a verdict the lock file keeps is taken only from the judge that gave it."""
    try:
        from _blake2 import blake2b  # hashlib's own, without hashlib (OpenSSL): benchmarks/startup.py
    except ImportError:
        from hashlib import blake2b

    folder = folder or Path(__file__).parent
    digest = blake2b(digest_size=8)
    for name in JUDGE_SOURCES:
        digest.update((folder / name).read_bytes())
    return digest.hexdigest()


def write_judge_digest() -> None:
    """store/layout.py's JUDGE line, made equal to the judge's sources as they stand."""
    import re

    layout = Path(__file__).parent / "store" / "layout.py"
    text = layout.read_text()
    layout.write_text(re.sub(r'^JUDGE = "[0-9a-f]*"', f'JUDGE = "{judge_digest()}"', text, count=1, flags=re.M))


if __name__ == "__main__":  # the table docs/reference.md holds; --write: campaign_cli/_judged.py
    import sys

    if sys.argv[1:] == ["--write"]:  # the compiled judge, its digest, and the table in docs/reference.md
        Path(__file__).with_name("_judged.py").write_text(source())
        write_judge_digest()
        reference = Path(__file__).resolve().parent.parent / "docs" / "reference.md"
        if reference.exists():
            text = reference.read_text()
            begin, end = "<!-- model: begin -->\n", "<!-- model: end -->"
            head, rest = text.split(begin, 1)
            reference.write_text(head + begin + fields_table() + "\n" + end + rest.split(end, 1)[1])
    else:
        print(fields_table())
