"""The game as a Python library (CLI.md "Python API (the library)").

    import campaign_cli

    with campaign_cli.open("campaign.json") as camp:
        camp.xp_award(2, "Ajax", "Cora", reason="crypt")
        result = camp.check("Ajax", "3/DX", dice=[1, 3, 6])
        print(result["success"])

`open` holds the campaign's lock for one transaction: leaving the block commits every
act as one journal entry (`undo` takes it back, `log` shows it under its label); an
exception leaving the block commits nothing. `read` opens it without the lock, for
reading. Each act is a method of `Campaign`, named by its command path with `_`, its
arguments positional-only and its options keyword-only under the options' names; it
returns what the command prints with `--json`, typed (`campaign_cli.results`).

The command line is one front end of this library: it parses words into one call of
the same method and renders the result. Nothing here imports the command line, Typer,
Click or Rich.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast, overload

from campaign_cli.errors import (
    N_,
    Arg,
    CampaignError,
    ExitStatus,
    FileProblem,
    Joined,
    Opt,
    Refused,
    Say,
    Shown,
    UsageProblem,
)
from campaign_cli.rules.names import MAX_AMOUNT, MAX_ID
from campaign_cli.run import RUN, fresh

if TYPE_CHECKING:
    from campaign_cli import results
    from campaign_cli.store import Campaign as Stored
else:

    class _Results:
        """`campaign_cli.results`, imported when a type hint is read (typing.get_type_hints):
        building its TypedDicts costs every command a few milliseconds it never needs."""

        def __getattr__(self, name: str) -> Any:
            from campaign_cli import results as module

            return getattr(module, name)

    results = _Results()

R = TypeVar("R")


class _NotGiven:
    """An argument not given, where None is a value one may give (`resolve(value=None)`)."""

    def __repr__(self) -> str:
        return "<not given>"


_UNSET: Any = _NotGiven()
LABEL = "python"  # what the journal shows as the command of a block with no label
KEPT_SUMMARIES = 1000  # a block's entry keeps this many acts' summaries, then a count


def typed(err: CampaignError) -> CampaignError:
    """ERR as the class its exit status names: every refusal (not found, name taken...) is a Refused."""
    kinds = {ExitStatus.REFUSED: Refused, ExitStatus.USAGE: UsageProblem, ExitStatus.FILE: FileProblem}
    kind = kinds.get(err.status, Refused)
    if type(err) is not kind:
        again = kind(err._message, err.code)  # the Say itself: its facts, said when read
        again.extra, again.path = dict(err.extra), err.path
        err = again
    err.front = err.front or RUN.front  # its options named as the caller names them, whenever it is read
    return err


def _positional(code: Any) -> set[str]:
    """The names of a method's positional parameters (its arguments, not its options)."""
    names = set(code.co_varnames[1 : code.co_argcount])  # co_argcount counts the positional-only too
    if code.co_flags & 0x04:  # CO_VARARGS: *names
        names.add(code.co_varnames[code.co_argcount + code.co_kwonlyargcount])
    return names


def _texts(given: dict[str, Any], positional: Collection[str] = ()) -> None:
    """Every text an act was given (a name, a note, a list of them) is text a file can hold:
    a lone surrogate (`"\\ud800"`) is refused naming its parameter (exit 2), not left to
    fail when the campaign is written."""
    for name, value in given.items():
        values = value if isinstance(value, (list, tuple)) else value.keys() if isinstance(value, dict) else [value]
        for text in values:
            if isinstance(text, str) and not text.isascii():
                try:
                    text.encode("utf-8")
                except UnicodeEncodeError:
                    shown = text.encode("utf-8", "backslashreplace").decode()
                    raise UsageProblem(
                        Say(
                            "{option}: {value!r} is not text (a lone surrogate)",
                            option=Arg(name) if name in positional else Opt(name),
                            value=shown,
                        ),
                        "bad_text",
                    ) from None


def _free_text(value: str | None, option: str) -> str | None:
    """A note, a reason, a label: any text but a control or format character (CLI.md
    "Global behaviour": bad input wherever it is typed); refused naming the option (exit 2),
    not found unsound when the campaign is written."""
    from campaign_cli.rules.names import unsafe_char

    if value is None:
        return None
    bad = unsafe_char(_text(value, option))
    if bad is not None:
        raise UsageProblem(
            Say("{option}: no control or format characters (U+{code:04X})", option=Opt(option), code=ord(bad)),
            "bad_text",
        )
    return value


COUNTS = {  # a character's stored counts, as a refusal names them
    "xp": N_("XP"),
    "karma": N_("karma"),
    "bard_karma": N_("karma"),
    "wishes": N_("wishes"),
    "gold": N_("gold"),
    "darkstone": N_("dark stone"),
    "damage": N_("damage"),
    "fatigue": N_("fatigue"),
}


def _within_bounds(stored: Stored, in_block: bool) -> None:
    """CLI.md "Names": a change that would carry a stored count past its bound is refused
    (exit 1, `over_bound`, naming the bound), not found unsound when the file is written.
    In a block, the characters the act read; else every character."""
    docs = stored.data["characters"]
    keys = (stored.line_before or {}).keys() if in_block else docs.keys()
    for key in keys:
        doc = docs.get(key)
        if doc is None:
            continue
        for field, label in COUNTS.items():
            value = doc.get(field, 0)
            if isinstance(value, int) and value > MAX_AMOUNT:
                raise Refused(
                    Say(
                        "{name}'s {field} would be {value}, past its bound of {most}: nothing changed",
                        name=doc["name"],
                        field=Say(label),
                        value=Shown(value),
                        most=Shown(MAX_AMOUNT),
                    ),
                    "over_bound",
                )
        for item in doc.get("items", ()):
            if item.get("count", 1) > MAX_AMOUNT:
                raise Refused(
                    Say(
                        "{name}'s stack of {item} would be {value} pieces, past its bound of {most}: nothing changed",
                        name=doc["name"],
                        item=Shown(item["name"]),
                        value=Shown(item["count"]),
                        most=Shown(MAX_AMOUNT),
                    ),
                    "over_bound",
                )


def _whole(value: object, option: str, low: int = 1, high: int = MAX_AMOUNT) -> int:
    """VALUE as a whole number from LOW to HIGH, or a usage problem naming OPTION."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise UsageProblem(
            Say("{option}: {value!r} is not a whole number", option=Opt(option), value=value), "bad_value"
        )
    if not low <= value <= high:
        raise UsageProblem(
            Say(
                "{option}: {value} is not in the range {low} to {high}",
                option=Opt(option),
                value=value,
                low=low,
                high=high,
            ),
            "bad_value",
        )
    return value


def _text(value: object, option: str) -> str:
    if not isinstance(value, str):
        raise UsageProblem(Say("{option}: {value!r} is not text", option=Opt(option), value=value), "bad_value")
    return value


def _shown(doc: Any) -> results.CharacterView:
    from campaign_cli.rules.characters import view

    return cast("results.CharacterView", view(doc))


class Block:
    """Many acts in one transaction (a block of the library, a `campaign batch`): what each
    act did, for the one journal entry that keeps them (summaries, events, and the recap's
    tally of every act's changes, so 10 XP won and 10 spent both count)."""

    def __init__(self, camp: Stored) -> None:
        self.camp = camp
        self.count = 0
        self.summaries: list[dict] = []
        self.tally: dict[str, dict] = {}
        self.events: list[dict] = []

    def begin(self) -> None:
        camp = self.camp
        self.count += 1
        camp.summary, camp.extra = "", {}
        camp.line_before = {}  # the characters the act reads, as they were

    def end(self, number: int, args: list[str]) -> None:
        from campaign_cli.rules import recap

        camp = self.camp
        before, camp.line_before = camp.line_before or {}, None
        now = camp.data["characters"]
        recap.add_rows(self.tally, recap.tally(before, {k: now[k] for k in before if k in now}, args))
        self.events.extend(camp.extra.get("events", ()))
        if camp.summary and len(self.summaries) < KEPT_SUMMARIES:
            self.summaries.append({"line": number, "args": args, "summary": camp.summary, **camp.extra})

    def abandon(self) -> None:
        """The act failed: what it read is forgotten (its changes are the caller's to take back)."""
        self.camp.line_before = None

    def seal(self, summary_one: str, summary_many: str) -> None:
        """What the one journal entry says of all the acts (stored in English)."""
        from campaign_cli.i18n import english, ngettext
        from campaign_cli.rules import recap

        camp = self.camp
        with english():  # stored: the journal is the same in every language
            camp.summary = ngettext(summary_one, summary_many, self.count).format(n=self.count)
        camp.touched = sorted(set(camp.touched))
        camp.extra = {
            "lines": self.summaries,
            **({"more_lines": self.count - len(self.summaries)} if self.count > len(self.summaries) else {}),
            "tally": recap.compact(self.tally),  # each act's events, for `campaign recap`
        }

    def mark(self) -> tuple:
        return self.count, len(self.summaries), len(self.events), {k: dict(v) for k, v in self.tally.items()}

    def back_to(self, mark: tuple) -> None:
        self.count, summaries, events, self.tally = mark
        del self.summaries[summaries:], self.events[events:]


class Campaign:
    """An open campaign: every act of the game as a method.

    Get one from `campaign_cli.open(path)` (to change the campaign) or
    `campaign_cli.read(path)` (to read it). Methods are named by the act (`xp_award`
    awards XP); each returns a `TypedDict` (`campaign_cli.results`) equal to what the
    command line prints as JSON. A refusal raises `Refused`, a bad argument
    `UsageProblem`, an unusable file `FileProblem`.
    """

    def __init__(self, stored: Stored, writable: bool, block: Block | None = None, in_line: bool = False) -> None:
        self._camp = stored
        self._writable = writable
        self._block = block  # per-act bookkeeping: a block of the library
        self._in_line = in_line  # a line of `campaign batch`: the batch keeps the books
        self._open = True
        self._failed: CampaignError | None = None  # an act failed outside an attempt: nothing is saved
        self._attempts = 0
        self._staged: list = []  # the files the block's acts wrote (an export's output), written once it commits

    # -- the block ---------------------------------------------------------------
    @property
    def events(self) -> list[results.Event]:
        """The events the block's acts recorded so far (`killed`, `healed`, `blow`...), as
        the journal stores them."""
        self._ready()
        if self._block is not None:
            return cast("list[results.Event]", [dict(e) for e in self._block.events])
        return cast("list[results.Event]", [dict(e) for e in self._camp.extra.get("events", ())])

    @contextmanager
    def attempt(self) -> Iterator[None]:
        """A savepoint: an act that fails inside `with camp.attempt():` takes back what the
        attempt did and re-raises, and the block goes on and can commit.

            with campaign_cli.open("campaign.json") as camp:
                try:
                    with camp.attempt():
                        camp.gold_remove("Ajax", 50)
                except campaign_cli.Refused:
                    camp.gold_add("Ajax", 5)
        """
        self._ready()
        stored = self._camp
        saved = stored.mark()
        mark = self._block.mark() if self._block is not None else None
        failed = self._failed
        self._attempts += 1
        try:
            yield
        except BaseException:
            stored.back_to(saved)
            if mark is not None and self._block is not None:
                self._block.back_to(mark)
            self._failed = failed
            raise
        finally:
            self._attempts -= 1

    def _ready(self, write: bool = False) -> None:
        if not self._open:
            raise UsageProblem(Say("this campaign's block has ended: open it again"), "closed")
        if self._failed is not None:
            raise UsageProblem(
                Say(
                    "an earlier act in this block failed ({failure}): nothing will be saved; "
                    "leave the block and open the campaign again",
                    failure=self._failed.message,
                ),
                "act_failed",
            )
        if write and not self._writable:
            raise UsageProblem(
                Say("the campaign is open for reading: open it with campaign_cli.open to change it"), "read_only"
            )

    def _act(self, path: str, write: bool, run: Callable[[Stored], R], args: tuple = ()) -> R:
        """Run one act: the caller's texts checked, the block's books kept, the dead checked
        (R11a), a failure spoiling the block unless an attempt takes it back."""
        self._ready(write)
        caller = sys._getframe(1)
        _texts(caller.f_locals, _positional(caller.f_code))
        for value in args:  # the names the act was given: a name is text (or an id)
            if not isinstance(value, (str, int)) or isinstance(value, bool):
                raise UsageProblem(Say("{value!r} is not a name", value=value), "bad_value")
        stored, block = self._camp, self._block
        if block is not None:
            block.begin()
        try:
            result = run(stored)
            if write and not stored.reverted:
                from campaign_cli.rules.wounds import check_the_dead

                _within_bounds(stored, block is not None or self._in_line)

                if block is not None or self._in_line:  # R11a: the characters this act read, as they were
                    check_the_dead(stored.line_before or {}, stored.data["characters"])
                else:
                    check_the_dead(stored.before_tables()["characters"], stored.data["characters"])
        except CampaignError as err:
            if block is not None:
                block.abandon()
            if write and self._attempts == 0:
                self._failed = err
            raise typed(err) from None
        except BaseException:
            if write and self._attempts == 0:
                self._failed = UsageProblem(Say("an act was interrupted"), "interrupted")
            raise
        if block is not None:
            block.end(block.count, [*path.split(), *(str(a) for a in args)])
            if write:  # the documents stay open to the block's next acts: the result is what this act left
                from campaign_cli import jsontext

                result = jsontext.copied(result)
        return result

    # -- advancement and luck (R13-R18, R25) ---------------------------------------
    def xp_award(self, amount: int, /, *names: str, party: bool = False, reason: str | None = None) -> results.XpAward:
        """Give AMOUNT experience points to each named character, or with `party=True` to
        every living character (R13; R11a: the dead win nothing).

        amount: XP each character wins, 1 or more.
        names: the characters, by name (any case) or id; or none, with party=True.
        reason: why, kept in the journal.

            camp.xp_award(2, "Ajax", "Cora", reason="cleared the crypt")
            camp.xp_award(3, party=True)
        """
        from campaign_cli.acts import advancement

        _whole(amount, "amount")
        who = [_text(n, "names") for n in names]
        _free_text(reason, "reason")

        def run(stored: Stored) -> results.XpAward:
            docs = advancement.award_xp(stored, amount, who, party, reason)
            return {"amount": amount, "reason": reason, "characters": [_shown(d) for d in docs]}

        return self._act("xp award", True, run, (amount, *who))

    def xp_spend(
        self,
        character: str,
        /,
        *,
        attribute: str | None = None,
        skill: str | None = None,
        spell: str | None = None,
        karma: bool = False,
        dry_run: bool = False,
    ) -> results.XpSpend:
        """Spend XP on one step: an attribute (R14: costs the new value), a skill level or a
        spell (R15, R16); `karma=True` lets karma pay what XP lacks (R17). The out of action
        and the dying spend no XP (R20, R11a).

        character: who spends.
        attribute, skill, spell: exactly one: "ST", "DX" or "IQ"; a skill's name; a spell's
            name, with its rating after "=" ("Light=10").
        dry_run: only price the step; nothing changes.

            camp.xp_spend("Ajax", attribute="ST")
            camp.xp_spend("Merlin", spell="Light=10", dry_run=True)
        """
        from campaign_cli.acts import advancement

        if sum(x is not None for x in (attribute, skill, spell)) != 1:
            raise UsageProblem(
                Say("give exactly one of {a}, {b} or {c}", a=Opt("attribute"), b=Opt("skill"), c=Opt("spell"))
            )
        what = {"attribute": attribute, "skill": skill, "spell": None if spell is None else spell_rating(spell)}

        def run(stored: Stored) -> results.XpSpend:
            if dry_run:
                data, bought, doc = advancement.price_step(stored, character, karma, **what)
            else:
                data, bought, doc = advancement.spend_xp(stored, character, karma, **what)
            step = {"kind": bought.kind, "name": bought.name, "level": bought.level}
            return cast("results.XpSpend", {**data, "raises": step, "character": _shown(doc)})

        return self._act("xp spend", not dry_run, run, (character,))

    def karma_add(self, character: str, count: int, /, *, bard: bool = False, by: str | None = None) -> results.Gained:
        """Give CHARACTER karma (R17). `bard=True`: karma a Bard made, gone when the adventure
        ends (R25), the same act as a Bard's skill use without its roll, so it spends that
        bard's use of this adventure (R25a); `by` names the bard when several could sing.

            camp.karma_add("Ajax", 2)
            camp.karma_add("Merlin", 1, bard=True, by="Kate")
        """
        from campaign_cli.acts import advancement

        _whole(count, "count")
        if by is not None and not bard:
            raise UsageProblem(Say("{option} goes with {flag}", option=Opt("by"), flag=Opt("bard")))

        def run(stored: Stored) -> results.Gained:
            doc = advancement.add_karma(stored, character, count, bard, by)
            return {"added": count, "bard": bard, "character": _shown(doc)}

        return self._act("karma add", True, run, (character, count))

    def wish_add(self, character: str, count: int, /) -> results.Gained:
        """Give CHARACTER COUNT wishes (R17).

        camp.wish_add("Ajax", 1)
        """
        from campaign_cli.acts import advancement

        _whole(count, "count")

        def run(stored: Stored) -> results.Gained:
            return {"added": count, "character": _shown(advancement.add_wishes(stored, character, count))}

        return self._act("wish add", True, run, (character, count))

    def wish_spend(self, character: str, /) -> results.WishSpent:
        """Spend one of CHARACTER's wishes: all damage is cancelled, even a killing blow (R17).

        camp.wish_spend("Ajax")
        """
        from campaign_cli.acts import advancement

        def run(stored: Stored) -> results.WishSpent:
            doc, cancelled = advancement.spend_wish(stored, character)
            return {"cancelled": cancelled, "character": _shown(doc)}

        return self._act("wish spend", True, run, (character,))

    # -- gold and dark stone (R37, R38) --------------------------------------------
    def gold_add(self, character: str, count: int, /) -> results.Counted:
        """Give CHARACTER COUNT gold.

        camp.gold_add("Ajax", 50)
        """
        return self._count("gold", "add", character, count)

    def gold_remove(self, character: str, count: int, /) -> results.Counted:
        """Take COUNT gold from CHARACTER (refused below 0).

        camp.gold_remove("Ajax", 20)
        """
        return self._count("gold", "remove", character, count)

    def darkstone_add(self, character: str, count: int, /) -> results.Counted:
        """Give CHARACTER COUNT loose dark stone shards (R37).

        camp.darkstone_add("Ajax", 3)
        """
        return self._count("darkstone", "add", character, count)

    def darkstone_remove(self, character: str, count: int, /) -> results.Counted:
        """Take COUNT loose dark stone shards from CHARACTER (refused below 0).

        camp.darkstone_remove("Ajax", 1)
        """
        return self._count("darkstone", "remove", character, count)

    def _count(self, field: Literal["gold", "darkstone"], verb: str, character: str, count: int) -> results.Counted:
        from campaign_cli.acts import items

        _whole(count, "count")
        change = count if verb == "add" else -count

        def run(stored: Stored) -> results.Counted:
            ch = _shown(items.count(stored, field, character, change, "gold" if field == "gold" else "dark stone"))
            return cast("results.Counted", {field: ch[field], "change": change, "character": ch})

        return self._act(f"{field} {verb}", True, run, (character, count))

    # -- wounds and rest (R19-R22, R29) ---------------------------------------------
    def damage(self, character: str, amount: int, /, *, fatigue: bool = False, armor: bool = False) -> results.Damaged:
        """Wound CHARACTER by AMOUNT points of damage, or of fatigue with `fatigue=True`
        (R19-R21); `armor=True` takes off what worn armor and shield stop (R29). The GM's
        tool: never limited by turns (R32a).

            camp.damage("Ajax", 5)
            camp.damage("Ajax", 6, armor=True)
        """
        from campaign_cli.acts import wounds

        _whole(amount, "amount", 0)
        if armor and fatigue:
            raise UsageProblem(
                Say("{armor} reduces damage from hits, not fatigue: give one of them", armor=Opt("armor"))
            )

        def run(stored: Stored) -> results.Damaged:
            doc, applied = wounds.damage(stored, character, amount, fatigue, armor)
            return cast("results.Damaged", {**applied, "character": _shown(doc)})

        return self._act("damage", True, run, (character, amount))

    def heal(self, character: str, amount: int, /, *, fatigue: bool = False) -> results.Healed:
        """Heal AMOUNT points of CHARACTER's damage, or fatigue with `fatigue=True`; the
        dead cannot be healed (R20).

            camp.heal("Ajax", 3)
        """
        from campaign_cli.acts import wounds

        _whole(amount, "amount", 0)

        def run(stored: Stored) -> results.Healed:
            doc, healed = wounds.heal(stored, character, amount, fatigue)
            return {"healed": healed, "fatigue": fatigue, "character": _shown(doc)}

        return self._act("heal", True, run, (character, amount))

    def rest(self, /, *names: str, week: bool = False) -> results.Rested:
        """A night's sleep: all fatigue is recovered (R21); `week=True`: a week of rest heals
        fully (R22), for the named characters or every living one.

            camp.rest()
            camp.rest("Ajax", week=True)
        """
        from campaign_cli.acts import rest

        who = [_text(n, "names") for n in names]
        if who and not week:
            raise UsageProblem(
                Say("a night's sleep is for the whole party; name characters only with {week}", week=Opt("week"))
            )

        def run(stored: Stored) -> results.Rested:
            docs, before = rest.rest(stored, who, week)
            return {"week": week, "characters": [_shown(d) for d in docs], "status_before": before}

        return self._act("rest", True, run, tuple(who))

    # -- gear (R25-R39) ----------------------------------------------------------------
    def item_add(
        self,
        character: str,
        item: str,
        /,
        *,
        hands: int | None = None,
        weight: int | None = None,
        value: int | None = None,
        requires: list[str] | None = None,
        clothing: str | None = None,
        personal: bool | None = None,
        darkstone_icon: bool | None = None,
        slots: int | None = None,
        damage: str | None = None,
        armor: int | None = None,
        restriction: int | None = None,
        shield: bool | None = None,
        heft: int | None = None,
        kind: results.ItemKind | None = None,
        custom: bool = False,
        count: int = 1,
    ) -> results.ItemChange:
        """Add an item to CHARACTER's pack: a catalog weapon, armor or gear (its English or
        Russian name), or a new item the keywords describe (R33: the weight carried).
        COUNT identical pieces make one stack (weight and value are each piece's), piled
        onto an equal stack the pack holds; `item` is that stack, `count` the pieces added.

        hands: hands needed to hold it, 0 to 2 (R32). weight: R33. value: gold (R38).
        requires: keywords needed to use it (R34). clothing: the body part it is worn on
        (R35). personal: R36. darkstone_icon: counts as a dark stone (R37). slots: upgrade
        slots (R39). damage: a weapon's dice ("2D6-1", R26). armor (R29), restriction
        (R30), shield, heft (the least ST to hold it, R27), kind ("weapon", "armor",
        "gear", "potion", "upgrade", ...). custom: a new item even if its name is close to
        a catalog name.

            camp.item_add("Ajax", "Broadsword")
            camp.item_add("Ajax", "Lucky Hat", clothing="hat", personal=True)
            camp.item_add("Ajax", "Torch", count=3)
        """
        from campaign_cli.acts import items

        _whole(count, "count")

        options = _item_options(
            hands=hands, weight=weight, value=value, requires=requires, clothing=clothing, personal=personal,
            darkstone_icon=darkstone_icon, slots=slots, damage=damage, armor=armor, restriction=restriction,
            shield=shield, heft=heft, kind=kind,
        )  # fmt: skip

        def run(stored: Stored) -> results.ItemChange:
            doc, added = items.add(stored, character, item, custom, options, count)
            return {"item": added, "count": count, "character": _shown(doc)}

        return self._act("item add", True, run, (character, item))

    def item_show(self, character: str, item: str, /) -> results.Item:
        """One of CHARACTER's items in full, by name (any case) or id.

        sword = camp.item_show("Ajax", "Broadsword")
        """
        from campaign_cli.rules import gear

        return self._act(
            "item show", False, lambda stored: gear.find_item(stored.character(character), item), (character, item)
        )

    def item_list(self, character: str, /) -> list[results.Item]:
        """CHARACTER's items, in the order they were got.

        names = [i["name"] for i in camp.item_list("Ajax")]
        """
        return self._act("item list", False, lambda stored: list(stored.character(character)["items"]), (character,))

    def item_drop(self, character: str, item: str, /, *, count: int | None = None) -> results.ItemChange:
        """CHARACTER drops ITEM, COUNT pieces of a stack (default: all); never a personal
        one (R36). `item` is what was dropped.

            camp.item_drop("Ajax", "Crate")
            camp.item_drop("Ajax", "Torch", count=2)
        """
        from campaign_cli.acts import items

        return self._on_item("item drop", items.drop, character, item, count, moves=True)

    def item_give(self, giver: str, receiver: str, item: str, /, *, count: int | None = None) -> results.Given:
        """GIVER gives ITEM to RECEIVER, COUNT pieces of a stack (default: all) (R38; R33 on
        the receiver; never a personal item, R36). `item` is the receiver's stack they
        joined, `count` the pieces given.

            camp.item_give("Ajax", "Merlin", "Dagger")
            camp.item_give("Ajax", "Merlin", "Torch", count=1)
        """
        from campaign_cli.acts import items

        if count is not None:
            _whole(count, "count")

        def run(stored: Stored) -> results.Given:
            src, dst, stack, moved, _paid = items.trade(stored, giver, receiver, item, None, False, count)
            return {"item": stack, "count": moved, "from": _shown(src), "to": _shown(dst)}

        return self._act("item give", True, run, (giver, receiver, item))

    def item_sell(
        self, seller: str, buyer: str, item: str, /, *, price: int | None = None, count: int | None = None
    ) -> results.Sold:
        """SELLER sells ITEM to BUYER, COUNT pieces of a stack (default: all); BUYER pays
        PRICE for them, by default their value (R38).

            camp.item_sell("Ajax", "Merlin", "Dagger", price=5)
            camp.item_sell("Ajax", "Merlin", "Arrow", count=10, price=3)
        """
        from campaign_cli.acts import items

        if price is not None:
            _whole(price, "price", 0)
        if count is not None:
            _whole(count, "count")

        def run(stored: Stored) -> results.Sold:
            src, dst, stack, moved, paid = items.trade(stored, seller, buyer, item, price, True, count)
            return {"item": stack, "count": moved, "price": paid, "from": _shown(src), "to": _shown(dst)}

        return self._act("item sell", True, run, (seller, buyer, item))

    def item_hold(self, character: str, /, *items: str, none: bool = False) -> results.Held:
        """CHARACTER holds these items, replacing what was held (R32: two hands; R34
        keywords); `none=True` empties the hands. In a fight whose order is rolled, the
        round's action (R32a).

            camp.item_hold("Ajax", "Broadsword")
            camp.item_hold("Ajax", none=True)
        """
        from campaign_cli.acts import items as acts

        refs = [_text(i, "items") for i in items]
        if bool(refs) == none:
            raise UsageProblem(
                Say("name the items to hold, or {none} to empty the hands (one or the other)", none=Opt("none")),
                "missing_argument",
            )

        def run(stored: Stored) -> results.Held:
            doc, chosen = acts.hold(stored, character, refs)
            return {"held": chosen, "character": _shown(doc)}

        return self._act("item hold", True, run, (character, *refs))

    def item_wear(self, character: str, item: str, /) -> results.ItemChange:
        """CHARACTER wears clothing, armor or a shield (R35: one item per body part; R29, R30).

        camp.item_wear("Ajax", "Leather")
        """
        from campaign_cli.acts import items

        return self._on_item("item wear", items.wear, character, item)

    def item_stow(self, character: str, item: str, /) -> results.ItemChange:
        """CHARACTER puts a held or worn item back in the pack.

        camp.item_stow("Ajax", "Leather")
        """
        from campaign_cli.acts import items

        return self._on_item("item stow", items.stow, character, item)

    def item_store(self, character: str, item: str, /, *, count: int | None = None) -> results.ItemChange:
        """CHARACTER puts ITEM away where it is not carried (no weight, R33), COUNT pieces of
        a stack (default: all); only between adventures or in a town. `item` is the stored
        stack they joined.

            camp.item_store("Ajax", "Ore Crate")
        """
        from campaign_cli.acts import items

        return self._on_item("item store", items.store, character, item, count, moves=True)

    def item_fetch(self, character: str, item: str, /, *, count: int | None = None) -> results.ItemChange:
        """CHARACTER takes a stored item back into the pack (R33 checked), COUNT pieces of a
        stack (default: all); between adventures or in a town. `item` is the carried stack
        they joined.

            camp.item_fetch("Ajax", "Ore Crate")
        """
        from campaign_cli.acts import items

        return self._on_item("item fetch", items.fetch, character, item, count, moves=True)

    def item_set(
        self,
        character: str,
        item: str,
        /,
        *,
        name: str | None = None,
        weight: int | None = None,
        value: int | None = None,
        slots: int | None = None,
        damage: str | None = None,
        armor: int | None = None,
        restriction: int | None = None,
        heft: int | None = None,
        hands: int | None = None,
    ) -> results.ItemChange:
        """Change ITEM's numbers after the fact (R39: not fewer slots than its upgrades
        fill; R33: the new weight carried); `name` renames it. A forged item keeps its
        upgrades.

            camp.item_set("Ajax", "Broadsword", value=40, weight=3)
        """
        from campaign_cli.acts import items

        changes: dict[str, Any] = {"name": name, "damage": damage, "hands": hands}
        changes |= _item_options(
            weight=weight, value=value, slots=slots, armor=armor, restriction=restriction, heft=heft
        )
        if all(v is None for v in changes.values()):
            options = Joined(N_(", "), [Opt(k) for k in changes])
            raise UsageProblem(Say("give at least one of {options}", options=options), "missing_option")
        return self._on_item("item set", lambda s, c, i: items.set_numbers(s, c, i, changes), character, item)

    def item_reload(self, character: str, weapon: str, /) -> results.ItemChange:
        """CHARACTER reloads a fired (R) or (R3) weapon (R26): in a fight whose order is
        rolled, one action of the round (three for R3, R32a); out of one, at once.
        `reloads_left` says how many reloading actions are still needed.

            camp.item_reload("Ajax", "Crossbow")
        """
        from campaign_cli.acts import items

        def run(stored: Stored) -> results.ItemChange:
            doc, done, left = items.reload(stored, character, weapon)
            return {"item": done, "reloads_left": left, "character": _shown(doc)}

        return self._act("item reload", True, run, (character, weapon))

    def item_upgrade(self, character: str, item: str, upgrade: str, /) -> results.ItemChange:
        """CHARACTER fits an upgrade item from the pack into ITEM's free slots (R39).

        camp.item_upgrade("Ajax", "Broadsword", "Rune of Power")
        """
        from campaign_cli.acts import items

        return self._on_item("item upgrade", lambda s, c, i: items.upgrade(s, c, i, upgrade), character, item)

    def item_use(self, character: str, item: str, /, *, on: str | None = None, count: int = 1) -> results.Used:
        """CHARACTER drinks a potion, or gives it to ON to drink (R25): it heals, or raises an
        attribute or skill for one fight; it is used up. COUNT: pieces of a stack of
        healing potions drunk at once (each heals).

            camp.item_use("Ajax", "Healing Potion")
            camp.item_use("Kate", "Potion of ST", on="Ajax")
        """
        from campaign_cli.acts import items

        _whole(count, "count")

        def run(stored: Stored) -> results.Used:
            target, potion, effect = items.drink(stored, character, item, on, count)
            return {"item": potion, "effect": effect, "character": _shown(target)}

        return self._act("item use", True, run, (character, item))

    def forge(
        self, character: str, item: str, /, *, stones: int = 1, slots: int = 1, gold: int = 0, name: str | None = None
    ) -> results.ItemChange:
        """CHARACTER has loose dark stone forged into ITEM's upgrade slots, in a town with a
        blacksmith (R39): STONES shards fill SLOTS slots for GOLD, the upgrade named NAME.

            camp.forge("Ajax", "Broadsword", stones=2, slots=1, gold=50, name="Void Edge")
        """
        from campaign_cli.acts import items
        from campaign_cli.rules.gear import MAX_SLOTS

        _whole(stones, "stones")
        _whole(slots, "slots", 1, MAX_SLOTS)
        _whole(gold, "gold", 0)
        return self._on_item("forge", lambda s, c, i: items.forge(s, c, i, stones, slots, gold, name), character, item)

    def _on_item(
        self,
        path: str,
        act: Callable[..., tuple],
        character: str,
        item: str,
        count: int | None = None,
        moves: bool = False,
    ) -> results.ItemChange:
        """An act on one item. MOVES (drop, store, fetch): it moves COUNT pieces of a stack,
        default all, and returns how many, the result's `count`."""
        if count is not None:
            _whole(count, "count")

        def run(stored: Stored) -> results.ItemChange:
            if not moves:
                doc, changed = act(stored, character, item)[:2]
                return {"item": changed, "character": _shown(doc)}
            doc, changed, moved = act(stored, character, item, count)
            return {"item": changed, "count": moved, "character": _shown(doc)}

        return self._act(path, True, run, (character, item))

    # -- characters (R1-R4, R24) --------------------------------------------------------
    def character_create(
        self,
        name: str,
        /,
        *,
        st: int,
        dx: int,
        iq: int,
        wizard: bool = False,
        skill: Pairs | None = None,
        spell: Pairs | None = None,
        keyword: list[str] | None = None,
        attr: Pairs | None = None,
        gender: Literal["m", "f"] | None = None,
    ) -> results.CharacterView:
        """Create a character named NAME: ST + DX + IQ = 32, each at least 8 (R2); a hero
        has 4 starting points for skills, a wizard for spells and skills (R3).

        skill: starting skills, "Name" (level 1) or "Name=LEVEL", English or Russian;
            or a dict of name to level.
        spell: starting spells (wizards), "Name" or "Name=RATING" (R9).
        keyword: keywords the character has (R34). attr: extra named attributes for pool
            tests (R10), "Lore=3" or a dict. gender: "m" or "f", so Russian agrees.

            camp.character_create("Ajax", st=12, dx=11, iq=9, skill=["Swimming", "Sword=2"])
        """
        from campaign_cli.acts import characters as lives
        from campaign_cli.rules import characters as rules

        for value, option in ((st, "st"), (dx, "dx"), (iq, "iq")):
            _whole(value, option, 0)
        sex = rules.check_gender(gender)
        doc = rules.new_character(
            _text(name, "name"),
            "wizard" if wizard else "hero",
            st,
            dx,
            iq,
            skills=pairs(skill, "skill", default=1),
            spells=pairs(spell, "spell", allow_null=True),
            keywords=keyword,
            attributes=pairs(attr, "attr"),
        )
        doc["gender"] = sex
        return self._act("character create", True, lambda stored: _shown(lives.create(stored, doc)), (name,))

    def character_set(
        self,
        character: str,
        /,
        *,
        attr: Pairs | None = None,
        keyword: list[str] | None = None,
        drop_keyword: list[str] | None = None,
        drop_attr: list[str] | None = None,
        combat: list[str] | dict[str, Literal["hit", "damage"]] | None = None,
        gender: Literal["m", "f"] | None = None,
    ) -> results.CharacterView:
        """Change CHARACTER's extra attributes, keywords and combat-skill choices (R24).

        attr: "Luck=1" or a dict, set; drop_attr: names removed. keyword, drop_keyword:
        keywords added and removed (R34). combat: where a combat skill's levels go,
        "Sword=damage" or {"Sword": "damage"} (hit or damage, R24). gender: "m" or "f".

            camp.character_set("Ajax", attr=["Luck=1"], keyword=["Law"])
            camp.character_set("Ajax", combat={"Sword": "damage"})
        """
        from campaign_cli.acts import characters as lives
        from campaign_cli.rules import characters as rules

        if not (attr or keyword or drop_keyword or drop_attr or combat or gender):
            options = Joined(N_(", "), [Opt(k) for k in ("attr", "keyword", "drop_keyword", "drop_attr", "combat")])
            raise UsageProblem(
                Say("nothing to change: give {options} or {last}", options=options, last=Opt("gender")), "usage"
            )
        sex = rules.check_gender(gender)
        values = pairs(attr, "attr")
        modes: dict[str, str] = {}
        for skill, mode in (
            combat.items() if isinstance(combat, dict) else (raw.partition("=")[::2] for raw in combat or [])
        ):
            if str(mode).strip().lower() not in ("hit", "damage"):
                raise UsageProblem(
                    Say(
                        "{option} {raw!r}: expected SKILL=hit or SKILL=damage",
                        option=Opt("combat"),
                        raw=f"{skill}={mode}",
                    )
                )
            modes[skill] = str(mode).strip().lower()

        def run(stored: Stored) -> results.CharacterView:
            doc = lives.change(
                stored,
                character,
                values=values,
                drop_attr=drop_attr or [],
                modes=modes,
                keywords=keyword or [],
                drop_keywords=drop_keyword or [],
                gender=sex,
            )
            return _shown(doc)

        return self._act("character set", True, run, (character,))

    def character_delete(self, character: str, /) -> results.Deleted:
        """Delete CHARACTER (`undo` brings the character back).

        camp.character_delete("Ajax")
        """
        from campaign_cli.acts import characters as lives

        return self._act(
            "character delete",
            True,
            lambda stored: cast("results.Deleted", {"deleted": _shown(lives.delete(stored, character))}),
            (character,),
        )

    # -- curses (R18) ----------------------------------------------------------------------
    def curse_apply(self, character: str, curse: str, /, *, note: str | None = None) -> results.Cursed:
        """Curse CHARACTER: every roll is 1 worse for each curse, and different curses stack;
        the same curse twice is refused (R18). `note` says where it came from.

            camp.curse_apply("Ajax", "Mummy Rot", note="opened the sarcophagus")
        """
        from campaign_cli.acts import advancement
        from campaign_cli.rules.characters import check_name

        name = check_name(_text(curse, "curse"), "curse")
        _free_text(note, "note")

        def run(stored: Stored) -> results.Cursed:
            doc, added = advancement.apply_curse(stored, character, name, note)
            ch = _shown(doc)
            return {"curse": added, "modifier": len(ch["curses"]), "character": ch}

        return self._act("curse apply", True, run, (character, name))

    def curse_list(self, character: str | None = None, /) -> list[results.CurseRow]:
        """The active curses of CHARACTER, or of every character.

        for row in camp.curse_list():
            print(row["character"], row["name"])
        """

        def run(stored: Stored) -> list[results.CurseRow]:
            docs = [stored.character(character)] if character else stored.characters()
            return [
                {"character": d["name"], "name": c["name"], "note": c.get("note")} for d in docs for c in d["curses"]
            ]

        return self._act("curse list", False, run)

    def curse_remove(self, character: str, curse: str, /, *, pay: Literal["wish", "karma", "xp"]) -> results.Lifted:
        """Lift CHARACTER's CURSE, paying 1 wish, 3 karma or 10 XP (R18; the dead spend nothing).

        camp.curse_remove("Ajax", "Mummy Rot", pay="karma")
        """
        from campaign_cli.acts import advancement
        from campaign_cli.rules import advancement as adv

        if pay not in adv.CURSE_PRICES:
            raise UsageProblem(Say("{option} takes wish, karma or xp, not {pay!r}", option=Opt("pay"), pay=pay))

        def run(stored: Stored) -> results.Lifted:
            doc, paid = advancement.lift_curse(stored, character, curse, pay)
            return {"removed": curse.strip(), "paid": paid, "character": _shown(doc)}

        return self._act("curse remove", True, run, (character, curse))

    # -- the campaign's course (R13, R16, R20-R22, R25, R39) -----------------------------
    def adventure_start(self, title: str | None = None, /) -> results.AdventureStarted:
        """Start an adventure titled TITLE: the party leaves town (no blacksmith on an
        adventure, R39); new skills and spells wait until it ends (R16).

            camp.adventure_start("The Sunken Crypt")
        """
        from campaign_cli import i18n
        from campaign_cli.acts import course
        from campaign_cli.rules.characters import check_name

        name = check_name(i18n._("Adventure") if title is None else _text(title, "title"), "adventure")

        def run(stored: Stored) -> results.AdventureStarted:
            return {"phase": "adventure", "adventure": course.start_adventure(stored, name)}  # type: ignore[typeddict-item]

        return self._act("adventure start", True, run, (name,))

    def adventure_end(self) -> results.AdventureEnded:
        """End the adventure: everyone recovers fully (R22), Bard karma expires (R25), the
        dying who were not saved die (R20).

            camp.adventure_end()
        """
        from campaign_cli.acts import rest

        def run(stored: Stored) -> results.AdventureEnded:
            title, docs, before = rest.end_adventure(stored)
            chars = [_shown(d) for d in docs]
            return {"phase": "between", "ended": title, "characters": chars, "status_before": before}

        return self._act("adventure end", True, run)

    def town_enter(self, town: str, /, *, blacksmith: bool = False) -> results.TownEntered:
        """The party enters TOWN; `blacksmith=True` if it has one (forging, R39).

        camp.town_enter("Brimstone", blacksmith=True)
        """
        from campaign_cli.acts import course
        from campaign_cli.rules.characters import check_name

        check_name(_text(town, "town"), "town")

        def run(stored: Stored) -> results.TownEntered:
            return {"location": course.enter_town(stored, town, blacksmith)}  # type: ignore[typeddict-item]

        return self._act("town enter", True, run, (town,))

    def town_leave(self) -> results.TownLeft:
        """The party leaves the town it is in.

        camp.town_leave()
        """
        from campaign_cli.acts import course

        def run(stored: Stored) -> results.TownLeft:
            return {"location": None, "left": course.leave_town(stored)}  # type: ignore[typeddict-item]

        return self._act("town leave", True, run)

    def keyword_learn(self, word: str, /) -> results.KeywordLearned:
        """The party learns the keyword WORD; every living character wins 1 XP (R13).

        camp.keyword_learn("Sunken")
        """
        from campaign_cli.acts import course
        from campaign_cli.rules.advancement import KILL_XP
        from campaign_cli.rules.characters import check_name

        check_name(_text(word, "word"), "keyword")

        def run(stored: Stored) -> results.KeywordLearned:
            keywords, docs = course.learn_keyword(stored, word)
            return {"keyword": word.strip(), "keywords": keywords, "xp": {d["name"]: KILL_XP for d in docs}}

        return self._act("keyword learn", True, run, (word,))

    # -- fights (R8, R13, R20, R21, R32a, R40-R42) --------------------------------------
    def fight_start(self, *, title: str | None = None) -> results.FightView:
        """Open a fight: enemies can be put on the board, and rest and adventure end wait for it.

        camp.fight_start(title="Ambush at the ford")
        """
        from campaign_cli.acts import fights
        from campaign_cli.rules.characters import check_name

        name = check_name(_text(title, "title"), "fight") if title is not None else None

        def run(stored: Stored) -> results.FightView:
            return cast("results.FightView", fights.facts(stored, fights.start_fight(stored, name)))

        return self._act("fight start", True, run)

    def fight_add(
        self,
        enemy: str,
        /,
        *,
        count: int = 1,
        brutal: bool = False,
        elite: bool = False,
        seed: int | None = None,
        dice: Dice | None = None,
    ) -> results.FightAdded:
        """Put COUNT instances of ENEMY on the board as one group ("ENEMY 1", "ENEMY 2"...),
        with their `brutal` side's numbers; `elite=True` rolls the elite table once for the
        group (R42: SEED, or the physical DICE). A group that joins after the order was
        rolled takes its place by initiative at once (R8).

            camp.fight_add("Bog Lurker", count=3)
            camp.fight_add("Cinder Hound", brutal=True, elite=True, dice=[4])
        """
        from campaign_cli.acts import fights
        from campaign_cli.rules import dice as d
        from campaign_cli.rules import enemies
        from campaign_cli.rules.fights import MAX_INSTANCES

        _whole(count, "count", 1, MAX_INSTANCES)
        typed_dice = _dice(dice, "dice")
        if (seed is not None or dice is not None) and not elite:
            raise UsageProblem(
                Say(
                    "{seed} and {dice} roll the elite table: give {elite}",
                    seed=Opt("seed"),
                    dice=Opt("dice"),
                    elite=Opt("elite"),
                )
            )
        rng = d.rng_for(_seed(seed))
        elite_die = (lambda: d.obtain(1, enemies.ELITE_ENTRIES, typed_dice, rng)[0]) if elite else None

        def run(stored: Stored) -> results.FightAdded:
            fight, added, die = fights.add_group(stored, enemy, count, brutal, elite_die)
            data = {"added": added, **({"elite_die": die} if die else {}), "fight": fights.facts(stored, fight)}
            return cast("results.FightAdded", data)

        return self._act("fight add", True, run, (enemy,))

    def fight_order(
        self, *, seed: int | None = None, dice: Dice | None = None, party: list[str] | None = None
    ) -> results.FightOrdered:
        """Roll initiative (R8): the party's die against the enemies' die (ties roll again)
        says which side goes first; the enemy groups act by their boards' initiative,
        highest first; the party in the order PARTY gives (default: as created). DICE: the
        party's, the enemies', then tie rolls in pairs.

            camp.fight_order(seed=3)
            camp.fight_order(dice=[5, 2], party=["Kate", "Ajax"])
        """
        from campaign_cli.acts import fights
        from campaign_cli.rules import dice as d

        queue = d.Queue(_dice(dice, "dice"), 6, d.rng_for(_seed(seed)))

        def run(stored: Stored) -> results.FightOrdered:
            fight, rolls = fights.roll_order(stored, party, queue)
            if queue.rest():
                raise UsageProblem(
                    Say(
                        "{option}: {n} die left over",
                        plural="{option}: {n} dice left over",
                        quantity=queue.rest(),
                        option=Opt("dice"),
                        n=queue.rest(),
                    ),
                    "bad_dice",
                )
            return cast(
                "results.FightOrdered", {"rolls": rolls, "first": fight["first"], "fight": fights.facts(stored, fight)}
            )

        return self._act("fight order", True, run)

    def fight_next(self) -> results.FightView:
        """Move to the next side in the order, a new round after the last (R32a): groups that
        joined take their place, the fallen drop out.

            camp.fight_next()
        """
        from campaign_cli.acts import fights

        def run(stored: Stored) -> results.FightView:
            fight, _turn = fights.next_turn(stored)
            return cast("results.FightView", fights.facts(stored, fight))

        return self._act("fight next", True, run)

    def fight_status(self) -> results.FightView:
        """The open fight: round, whose turn, every combatant's wounds and health left,
        initiative, elite abilities and their numbers, the order.

            alive = [e["name"] for e in camp.fight_status()["enemies"] if e["alive"]]
        """
        from campaign_cli.acts import fights

        def run(stored: Stored) -> results.FightView:
            return cast("results.FightView", fights.facts(stored, fights.open_fight(stored, "fight status")))

        return self._act("fight status", False, run)

    def fight_hit(self, target: str, damage: int, /, *, by: str) -> results.Strike:
        """BY hits the enemy TARGET on the board for DAMAGE: its wounds are the damage less
        its defense (R41); at health 0 it dies and BY wins its XP; a large enemy's wound XP
        is won per wound.

            camp.fight_hit("Bog Lurker 2", 5, by="Ajax")
        """
        from campaign_cli.acts import fights

        _whole(damage, "damage", 0)

        def run(stored: Stored) -> results.Strike:
            return cast("results.Strike", fights.fight_hit(stored, target, damage, _text(by, "by")))

        return self._act("fight hit", True, run, (target, damage))

    def fight_attack(
        self,
        attacker: str,
        target: str,
        /,
        *,
        weapon: str | None = None,
        dice: Dice | None = None,
        damage_dice: Dice | None = None,
        seed: int | None = None,
        karma: bool = False,
        reroll_dice: Dice | None = None,
        karma_damage: bool = False,
        reroll_damage_dice: Dice | None = None,
    ) -> results.Blow:
        """The library rolls a blow, on the attacker's side's turn (R32a).

        A character attacking an enemy instance: a 3/DX check (adjusted DX, combat-skill
        levels to hit, curses; R24, R18, R30) with the held weapon (or WEAPON; unarmed if
        none, R26), then on a hit the weapon's damage less the enemy's defense (R41).
        An enemy instance attacking a character: its combat dice, each at or above its
        to-hit a hit, each hit its damage less the character's armor (R29).

        dice, damage_dice: physical dice for the check and the damage. karma: on a miss,
        1 karma (else 1 wish) rolls again (R17); karma_damage: on a hit, roll the damage
        again. seed: the same seed, the same result.

            camp.fight_attack("Ajax", "Bog Lurker 1", dice=[3, 4, 2], damage_dice=[5, 3])
            camp.fight_attack("Bog Lurker 2", "Ajax", seed=7)
        """
        from campaign_cli.acts import fights
        from campaign_cli.acts.rolls import karma_options
        from campaign_cli.rules import dice as d

        texts = {
            k: _dice(v, k)
            for k, v in (
                ("dice", dice),
                ("damage_dice", damage_dice),
                ("reroll_dice", reroll_dice),
                ("reroll_damage_dice", reroll_damage_dice),
            )
        }
        karma_options(karma, texts["reroll_dice"])
        if reroll_damage_dice is not None and not karma_damage:
            raise UsageProblem(
                Say("{option} goes with {flag}", option=Opt("reroll_damage_dice"), flag=Opt("karma_damage"))
            )
        rng = d.rng_for(_seed(seed))

        def run(stored: Stored) -> results.Blow:
            data, _fight = fights.fight_attack(
                stored,
                attacker,
                target,
                weapon=weapon,
                dice=texts["dice"],
                damage_dice=texts["damage_dice"],
                rng=rng,
                karma=karma,
                reroll_dice=texts["reroll_dice"],
                karma_damage=(karma_damage, texts["reroll_damage_dice"]),
                seed=seed,
            )
            return cast("results.Blow", data)

        return self._act("fight attack", True, run, (attacker, target))

    def fight_end(
        self, /, *names: str, won: bool = False, routed: bool = False, fled: bool = False
    ) -> results.FightEnded:
        """End the fight: `won` (every enemy killed) or `routed` (the rest captured or
        routed) give 1 XP to each named (default: every living) character, `fled` none
        (R13); 1 fatigue recovered (R21); damage at ST makes a character dying, the unsaved
        dying die (R20). The enemies leave the board.

            camp.fight_end(won=True)
            camp.fight_end("Ajax", "Kate", routed=True)
        """
        from campaign_cli.acts import fights

        if won + routed + fled != 1:
            raise UsageProblem(Say("give one of {a}, {b} or {c}", a=Opt("won"), b=Opt("routed"), c=Opt("fled")))
        outcome = "won" if won else "routed" if routed else "fled"
        who = [_text(n, "names") for n in names]

        def run(stored: Stored) -> results.FightEnded:
            data, before, _docs = fights.end_fight(stored, outcome, who or None)
            return cast("results.FightEnded", {**data, "status_before": before})

        return self._act("fight end", True, run, tuple(who))

    # -- enemy boards (R40-R42) ---------------------------------------------------------
    def enemy_add(
        self,
        name: str | None = None,
        /,
        *,
        file: str | os.PathLike[str] | None = None,
        size: results.Size | None = None,
        keyword: list[str] | None = None,
        field: list[str] | None = None,
    ) -> results.StoredBoard:
        """Add an enemy type (R40) from a board FILE (JSON; "-" reads stdin), or from a pack's
        board of that NAME, the keywords overriding it; NAME wins over the board's own.

        size: small, medium, large, huge or giant. keyword: the enemy's keywords.
        field: any board field, "normal.defense=2", "brutal.elite=a;b;c;d;e;f",
        "keywords=Undead;Beast".

            camp.enemy_add(file="samples/enemies/bog-lurker.json")
            camp.enemy_add("Bog Lurker", file="board.json", field=["brutal.defense=3"])
        """
        from campaign_cli.acts import enemies
        from campaign_cli.inputs import read_json
        from campaign_cli.rules.characters import check_name

        board = {} if file is None else read_json(os.fspath(file), "board", Opt("file"))
        if not isinstance(board, dict):
            raise Refused(Say("bad board: the file must hold a JSON object"), "bad_board")
        if name is not None:
            board["name"] = check_name(_text(name, "name"), "enemy")
        elif not isinstance(board.get("name"), str):
            raise UsageProblem(Say("give a name, or a board file that has a name"), "missing_name")

        def adjust(board: dict) -> None:  # the keywords, over the file's or the pack's board
            if size is not None:
                board["size"] = size
            if keyword:
                board["keywords"] = keyword
            _board_fields(board, field or [])

        def run(stored: Stored) -> results.StoredBoard:
            return cast("results.StoredBoard", enemies.add_board(stored, board, file is None, adjust))

        return self._act("enemy add", True, run, (board["name"],))

    def enemy_list(self) -> list[results.StoredBoard]:
        """Every enemy type the campaign keeps, in id order.

        names = [b["name"] for b in camp.enemy_list()]
        """
        return self._act("enemy list", False, lambda stored: cast("list[results.StoredBoard]", stored.docs("enemies")))

    def enemy_show(self, enemy: str, /, *, brutal: bool = False) -> results.BoardSide:
        """One side of ENEMY's board: its numbers, the normal side or the `brutal` one (R40).

        camp.enemy_show("Bog Lurker", brutal=True)["defense"]
        """
        from campaign_cli.rules.enemies import side_of

        def run(stored: Stored) -> results.BoardSide:
            board = stored.find("enemies", enemy, "enemy")
            data = {
                "id": board.get("id"),
                "name": board["name"],
                "keywords": board["keywords"],
                "size": board["size"],
                "side": "brutal" if brutal else "normal",
                **side_of(board, brutal),  # type: ignore[arg-type]  # judged when read
            }
            return cast("results.BoardSide", data)

        return self._act("enemy show", False, run, (enemy,))

    def enemy_delete(self, enemy: str, /) -> results.BoardDeleted:
        """Delete the enemy type ENEMY (`undo` brings it back).

        camp.enemy_delete("Bog Lurker")
        """
        from campaign_cli.acts import enemies

        def run(stored: Stored) -> results.BoardDeleted:
            return {"deleted": cast("results.StoredBoard", enemies.delete_board(stored, enemy))}

        return self._act("enemy delete", True, run, (enemy,))

    def enemy_elite(
        self, enemy: str, /, *, brutal: bool = False, seed: int | None = None, dice: Dice | None = None
    ) -> results.EliteRoll:
        """Roll one die on ENEMY's elite table (R42), its normal or `brutal` side; DICE: the
        physical die, 1 to 6.

            camp.enemy_elite("Bog Lurker", seed=4)["ability"]
        """
        from campaign_cli.acts import enemies
        from campaign_cli.rules import dice as d
        from campaign_cli.rules.enemies import ELITE_ENTRIES

        typed_dice, rng = _dice(dice, "dice"), d.rng_for(_seed(seed))

        def run(stored: Stored) -> results.EliteRoll:
            data = enemies.roll_elite(
                stored, enemy, brutal, lambda: d.obtain(1, ELITE_ENTRIES, typed_dice, rng)[0], seed
            )
            return cast("results.EliteRoll", data)

        return self._act("enemy elite", True, run, (enemy,))

    def enemy_hit(self, enemy: str, damage: int, /, *, brutal: bool = False) -> results.EnemyWounds:
        """The wounds a hit of DAMAGE does ENEMY: the damage less its defense, never below 0
        (R41); nothing changes (a blow on the board is `fight_hit`).

            camp.enemy_hit("Bog Lurker", 5)["wounds"]
        """
        from campaign_cli.rules import enemies

        _whole(damage, "damage", 0)

        def run(stored: Stored) -> results.EnemyWounds:
            board = stored.find("enemies", enemy, "enemy")
            return {
                "enemy": board["name"],
                "side": "brutal" if brutal else "normal",
                "damage": damage,
                "defense": enemies.side_of(board, brutal)["defense"],  # type: ignore[arg-type]  # judged when read
                "wounds": enemies.wounds(board, brutal, damage),  # type: ignore[arg-type]
            }

        return self._act("enemy hit", False, run, (enemy, damage))

    def enemy_kill(self, enemy: str, /, *, by: str, brutal: bool = False) -> results.Kill:
        """BY killed an ENEMY off the board and wins its XP, its `brutal` side's if so (R41;
        the dead win nothing, R11a).

            camp.enemy_kill("Bog Lurker", by="Ajax")
        """
        from campaign_cli.acts import fights

        def run(stored: Stored) -> results.Kill:
            doc, board, xp = fights.kill_enemy(stored, enemy, _text(by, "by"), brutal)
            return {
                "enemy": board["name"],
                "side": "brutal" if brutal else "normal",
                "xp": xp,
                "character": _shown(doc),
            }

        return self._act("enemy kill", True, run, (enemy,))

    # -- checks and rolls (R5-R11, R17, R18, R23-R26) -----------------------------------
    @overload
    def check(
        self,
        character: str,
        spec: str,
        /,
        *,
        dice: Dice | None = None,
        seed: int | None = None,
        modifier: int = 0,
        karma: bool = False,
        reroll_dice: Dice | None = None,
        plot: bool = False,
    ) -> results.CheckResult: ...

    @overload
    def check(
        self,
        spec: str,
        /,
        *,
        party: Literal[True],
        who: Literal["all", "random"],
        dice: Dice | None = None,
        seed: int | None = None,
        modifier: int = 0,
    ) -> results.PartyTest: ...

    def check(
        self,
        first: str,
        spec: str | None = None,
        /,
        *,
        party: bool = False,
        who: Literal["all", "random"] | None = None,
        dice: Dice | None = None,
        seed: int | None = None,
        modifier: int = 0,
        karma: bool = False,
        reroll_dice: Dice | None = None,
        plot: bool = False,
    ) -> results.CheckResult | results.PartyTest:
        """Roll a check: "N/ATTR", "N/ATTR+SKILL", "N/ATTR for SKILL" (R5, R6) or a pool test
        "ATTR T+" (R10), with curses (R18) and MODIFIER (+ to the target or - to the
        threshold). `karma=True`: a failure is rolled again for 1 karma, else 1 wish (R17).
        DICE: physical dice typed in; `plot=True` adds the roll's whole distribution.

        With `party=True` the check is a party test (R11): everyone who can act (`who="all"`)
        or one picked at random (`who="random"`); DICE are everyone's, in party order.

            camp.check("Ajax", "3/DX", dice=[1, 3, 6])
            camp.check("Kate", "Lore 5+", seed=7, karma=True)
            camp.check("3/IQ", party=True, who="all")
        """
        from campaign_cli.acts import rolls
        from campaign_cli.rules import checks
        from campaign_cli.rules import dice as d

        _whole(modifier, "modifier", -100, 100)
        typed_dice, again = _dice(dice, "dice"), _dice(reroll_dice, "reroll_dice")
        rng = d.rng_for(_seed(seed))
        if party:
            if plot:
                raise UsageProblem(Say("{option} is for one character's check", option=Opt("plot")))
            if who not in ("all", "random"):
                raise UsageProblem(Say("{party} needs {who} all or random", party=Opt("party"), who=Opt("who")))
            if karma:
                raise UsageProblem(Say("{option} is for one character's check, not a party test", option=Opt("karma")))
            if spec is not None:
                raise UsageProblem(Say("a party test takes the check alone, no character"), "usage")
            test = checks.parse_spec(_text(first, "spec"))

            def party_run(stored: Stored) -> results.PartyTest:
                return cast("results.PartyTest", rolls.party_test(stored, test, who, modifier, rng, seed, typed_dice))

            return self._act("check", True, party_run)
        if who is not None:
            raise UsageProblem(Say("{who} goes with {party}", who=Opt("who"), party=Opt("party")))
        if spec is None:
            raise UsageProblem(Say("give a character and a check (or a party test)"))
        rolls.karma_options(karma, again)
        parsed = checks.parse_spec(_text(spec, "spec"))

        def run(stored: Stored) -> results.CheckResult:
            prep, result = rolls.check(stored, first, parsed, modifier, typed_dice, rng, karma, again, seed)
            if plot:
                limit = prep.target - prep.curses if parsed.type == "sum" else prep.need
                rows = checks.distribution(parsed.type, prep.dice, limit)
                result["distribution"] = checks.fractions(rows)
                result["plot"] = {"dice": prep.dice, "limit": limit}
            return cast("results.CheckResult", result)

        return self._act("check", True, run, (first, spec))

    def contest(
        self,
        character: str,
        spec: str,
        other: str | int,
        other_spec: str,
        /,
        *,
        dice: Dice | None = None,
        other_dice: Dice | None = None,
        seed: int | None = None,
        karma: bool = False,
        reroll_dice: Dice | None = None,
    ) -> results.Contest:
        """A contested check (R7): both roll; over one's attribute fails; the higher total
        wins; ties go to the higher attribute. OTHER is a character, or a number: an unnamed
        opponent's attribute. `karma=True` rolls CHARACTER's side again when it does not win (R17).

            camp.contest("Ajax", "3/ST", "Hector", "3/ST")
            camp.contest("Ajax", "3/ST", "11", "3/ST", dice=[6, 4, 3], other_dice=[2, 3, 4])
        """
        from campaign_cli.acts import rolls
        from campaign_cli.rules import dice as d

        texts = [_dice(dice, "dice"), _dice(other_dice, "other_dice"), _dice(reroll_dice, "reroll_dice")]
        rolls.karma_options(karma, texts[2])
        rng = d.rng_for(_seed(seed))

        def run(stored: Stored) -> results.Contest:
            data = rolls.contest(
                stored, character, spec, _other(other), other_spec, texts[0], texts[1], rng, karma, texts[2], seed
            )
            return cast("results.Contest", data)

        return self._act("contest", True, run, (character, spec, other, other_spec))

    def cast(
        self,
        character: str,
        spell: str,
        /,
        *,
        against: str | int | None = None,
        other_dice: Dice | None = None,
        dice: Dice | None = None,
        seed: int | None = None,
        modifier: int = 0,
        karma: bool = False,
        reroll_dice: Dice | None = None,
    ) -> results.Cast:
        """CHARACTER casts SPELL (R9): a 3/IQ check; with AGAINST (a character, or a number:
        an unnamed enemy's IQ) a contested IQ check (R7). Only a known spell whose rating is
        not above the caster's IQ; the caster's action of the round (R32a). `karma=True`
        rolls a failure again (R17).

            camp.cast("Merlin", "Fireball")
            camp.cast("Merlin", "Sleep", against="11", dice=[2, 3, 4], other_dice=[5, 5, 5])
        """
        from campaign_cli.acts import rolls
        from campaign_cli.rules import dice as d

        _whole(modifier, "modifier", -100, 100)
        if other_dice is not None and against is None:
            raise UsageProblem(Say("{option} goes with {flag}", option=Opt("other_dice"), flag=Opt("against")))
        texts = [_dice(dice, "dice"), _dice(other_dice, "other_dice"), _dice(reroll_dice, "reroll_dice")]
        rolls.karma_options(karma, texts[2])
        rng = d.rng_for(_seed(seed))

        def run(stored: Stored) -> results.Cast:
            data = rolls.cast(
                stored, character, spell, _other(against), texts[0], texts[1], rng, modifier, karma, texts[2], seed
            )
            return cast("results.Cast", data)

        return self._act("cast", True, run, (character, spell))

    def initiative(self, /, *names: str, seed: int | None = None, dice: Dice | None = None) -> results.Initiative:
        """Initiative (R8): one die for each of NAMES (characters, or any side's names),
        highest first; ties roll again. DICE: one per name in order, then the tie rolls.

            camp.initiative("Ajax", "Merlin", "Kate", seed=3)["order"]
        """
        from campaign_cli.acts import rolls
        from campaign_cli.rules import checks
        from campaign_cli.rules import dice as d

        sides = [_text(n, "names") for n in names]
        if not sides:
            raise UsageProblem(Say("name the sides that roll"), "missing_argument")
        queue = d.Queue(_dice(dice, "dice"), checks.SIDES, d.rng_for(_seed(seed)), at_least=len(sides))

        def run(stored: Stored) -> results.Initiative:
            data = rolls.initiative(stored, sides, queue, seed)
            if queue.rest():
                raise UsageProblem(
                    Say(
                        "{option}: {n} die left over",
                        plural="{option}: {n} dice left over",
                        quantity=queue.rest(),
                        option=Opt("dice"),
                        n=queue.rest(),
                    ),
                    "bad_dice",
                )
            return cast("results.Initiative", data)

        return self._act("initiative", True, run, tuple(sides))

    def roll(
        self,
        expr: str | None = None,
        /,
        *,
        character: str | None = None,
        weapon: str | None = None,
        against: str | None = None,
        seed: int | None = None,
        dice: Dice | None = None,
        karma: bool = False,
        reroll_dice: Dice | None = None,
    ) -> results.Roll:
        """Roll dice ("D6", "2D6-1", "3d6+2", "D3", "D2"); with CHARACTER, a damage roll: at
        least 1, curses and combat skills apply (R18, R24, R26); WEAPON's damage when EXPR is
        not given; AGAINST: the character hit (an unarmed blow deals +1 if the attacker is
        stronger, R26). `karma=True` rolls the damage again, the new roll kept (R17).

            camp.roll("3D6", seed=4)["total"]
            camp.roll(character="Ajax", weapon="Broadsword", dice=[5, 2])
        """
        from campaign_cli.acts import rolls
        from campaign_cli.rules import dice as d

        if (weapon is not None or against is not None or karma) and character is None:
            raise UsageProblem(
                Say(
                    "{a}, {b} and {c} go with {d}",
                    a=Opt("weapon"),
                    b=Opt("against"),
                    c=Opt("karma"),
                    d=Opt("character"),
                )
            )
        texts = [_dice(dice, "dice"), _dice(reroll_dice, "reroll_dice")]
        rolls.karma_options(karma, texts[1])
        if expr is None and weapon is None:
            raise UsageProblem(Say("give a dice expression, or a character and a weapon"))
        if expr is not None:
            d.parse(_text(expr, "expr"))  # a malformed expression is refused before the lock is taken
        rng = d.rng_for(_seed(seed))

        def run(stored: Stored) -> results.Roll:
            data = rolls.roll(stored, expr, character, weapon, against, texts[0], rng, karma, texts[1], seed)
            return cast("results.Roll", data)

        return self._act("roll", True, run, tuple(x for x in (expr,) if x))

    def odds(self, spec: str, /, *, value: int, modifier: int = 0, curses: int = 0, plot: bool = False) -> results.Odds:
        """The exact chance of a check before rolling: "N/ATTR" against an attribute of
        VALUE, or a pool test ("Lore 5+") with VALUE dice; MODIFIER and CURSES (R18) as a
        roll would have them. `plot=True` adds the whole distribution. Changes nothing.

            camp.odds("3/DX", value=11)["fraction"]
        """
        self._ready()
        return odds(spec, value=value, modifier=modifier, curses=curses, plot=plot)

    def skill_use(
        self,
        character: str,
        skill: str,
        /,
        *,
        heal: Pairs | None = None,
        give: Pairs | None = None,
        for_: str | None = None,
        doses: int | None = None,
        boost: str | None = None,
        against: str | int | None = None,
        other_dice: Dice | None = None,
        dice: Dice | None = None,
        seed: int | None = None,
        modifier: int = 0,
        karma: bool = False,
        reroll_dice: Dice | None = None,
    ) -> results.SkillUse:
        """CHARACTER uses SKILL (R23): its check, then on success its effect (R25), within the
        limits of R25a (a use beyond them is refused before any roll; a failed check spends
        the use); the character's action of the round (R32a).

        Medic heals damage from the last fight (`heal={"Ajax": 2}` or ["Ajax=2"]); Bard
        gives karma for this adventure (`give=`); Leadership adds the level to someone's next
        check (`for_=`); Herbalist brews a healing potion of DOSES; Alchemist spends 1 XP on
        a potion that raises an attribute or skill (`boost=`). Contested skills (Charm,
        Diplomacy, Tactics, Animal Handler, Merchant) take AGAINST.

            camp.skill_use("Kate", "Medic", heal={"Ajax": 2})
            camp.skill_use("Kate", "Charm", against="11")
        """
        from campaign_cli.acts import skills
        from campaign_cli.acts.rolls import karma_options
        from campaign_cli.rules import dice as d
        from campaign_cli.rules.skills import find_skill

        found = find_skill(_text(skill, "skill"))
        _whole(modifier, "modifier", -100, 100)
        if doses is not None:
            _whole(doses, "doses")
        given = {"heal": heal, "give": give, "for_": for_, "doses": doses, "boost": boost}
        texts = [_dice(dice, "dice"), _dice(other_dice, "other_dice"), _dice(reroll_dice, "reroll_dice")]
        against = _other(against)
        skills.check_options(found, given, against, texts[1])
        karma_options(karma, texts[2])
        rng = d.rng_for(_seed(seed))
        options = {
            "heal": pairs(heal, "heal") if heal else None,
            "give": pairs(give, "give") if give else None,
            "for_": for_,
            "doses": doses,
            "boost": boost,
        }

        def run(stored: Stored) -> results.SkillUse:
            data = skills.use(
                stored, character, found, options, against, texts[0], texts[1], rng, modifier, karma, texts[2]
            )
            return cast("results.SkillUse", data)

        return self._act("skill use", True, run, (character, found.name))

    # -- the shop (R25, R38) -----------------------------------------------------------
    def shop_buy(
        self,
        character: str,
        item: str,
        /,
        *,
        price: int | None = None,
        haggle: int | None = None,
        dice: Dice | None = None,
        other_dice: Dice | None = None,
        seed: int | None = None,
        hands: int | None = None,
        weight: int | None = None,
        value: int | None = None,
        requires: list[str] | None = None,
        clothing: str | None = None,
        personal: bool | None = None,
        darkstone_icon: bool | None = None,
        slots: int | None = None,
        damage: str | None = None,
        armor: int | None = None,
        restriction: int | None = None,
        shield: bool | None = None,
        heft: int | None = None,
        kind: results.ItemKind | None = None,
        custom: bool = False,
    ) -> results.Bought:
        """CHARACTER buys ITEM from a merchant who is not a character: added as `item_add`
        adds it (its keywords are item_add's), PRICE (default: its value) taken from the
        character's gold (R38, R33). HAGGLE: the seller's IQ, for a contested IQ check with
        the Merchant skill; a win takes 10% per Merchant level off (R25).

            camp.shop_buy("Ajax", "Broadsword", price=40)
            camp.shop_buy("Ajax", "Chainmail", price=100, haggle=11, seed=4)
        """
        from campaign_cli.acts import shop

        options = _item_options(
            hands=hands, weight=weight, value=value, requires=requires, clothing=clothing, personal=personal,
            darkstone_icon=darkstone_icon, slots=slots, damage=damage, armor=armor, restriction=restriction,
            shield=shield, heft=heft, kind=kind,
        )  # fmt: skip
        texts = self._haggling(price, haggle, dice, other_dice, seed)

        def run(stored: Stored) -> results.Bought:
            data = shop.buy(stored, character, item, custom, options, price, haggle, *texts, seed)
            return cast("results.Bought", data)

        return self._act("shop buy", True, run, (character, item))

    def shop_sell(
        self,
        character: str,
        item: str,
        /,
        *,
        price: int | None = None,
        haggle: int | None = None,
        dice: Dice | None = None,
        other_dice: Dice | None = None,
        seed: int | None = None,
    ) -> results.SoldOff:
        """CHARACTER sells ITEM to a merchant: it is removed and PRICE (default: its value)
        paid to the character; never a personal item (R36). HAGGLE: the buyer's IQ, for a
        contested IQ check with the Merchant skill; a win adds 10% per Merchant level (R25).

            camp.shop_sell("Ajax", "Dagger")
        """
        from campaign_cli.acts import shop

        texts = self._haggling(price, haggle, dice, other_dice, seed)

        def run(stored: Stored) -> results.SoldOff:
            return cast("results.SoldOff", shop.sell(stored, character, item, price, haggle, *texts, seed))

        return self._act("shop sell", True, run, (character, item))

    @staticmethod
    def _haggling(
        price: int | None, haggle: int | None, dice: Dice | None, other_dice: Dice | None, seed: int | None
    ) -> tuple[str | None, str | None]:
        if price is not None:
            _whole(price, "price", 0)
        if haggle is not None:
            _whole(haggle, "haggle", 0)
        _seed(seed)
        if haggle is None and (dice is not None or other_dice is not None or seed is not None):
            raise UsageProblem(
                Say(
                    "{a}, {b} and {c} roll the haggle: give {d}",
                    a=Opt("dice"),
                    b=Opt("other_dice"),
                    c=Opt("seed"),
                    d=Opt("haggle"),
                )
            )
        return _dice(dice, "dice"), _dice(other_dice, "other_dice")

    # -- the catalog (R23, R26-R30, R40; CLI.md "Catalog packs") -------------------------
    def catalog_skills(self, *, search: str | None = None) -> list[results.CatalogEntry]:
        """The skill table (R23): names, Russian aliases, check, effect; SEARCH keeps the
        entries whose name or alias holds it.

            combat = [s["name"] for s in camp.catalog_skills() if s["group"] == "combat"]
        """
        from campaign_cli.rules import catalog

        return self._act(
            "catalog skills",
            False,
            lambda stored: cast(
                "list[results.CatalogEntry]", [e for e in catalog.skill_entries() if catalog.matches(e, search)]
            ),
        )

    def catalog_weapons(self, *, search: str | None = None) -> list[results.CatalogEntry]:
        """Weapons (R26-R28): the seed's table and the campaign's packs' weapons.

        camp.catalog_weapons(search="sword")
        """
        return self._entries(("weapon",), search)

    def catalog_armor(self, *, search: str | None = None) -> list[results.CatalogEntry]:
        """Armor and shields (R29, R30): the seed's table and the packs' armor.

        camp.catalog_armor()
        """
        return self._entries(("armor",), search)

    def catalog_items(self, *, search: str | None = None) -> list[results.CatalogEntry]:
        """Every item entry: built-in weapons, armor and gear, and all the packs' items.

        camp.catalog_items(search="верёвка")
        """
        return self._entries(None, search)

    def _entries(self, kinds: tuple[str, ...] | None, search: str | None) -> list[results.CatalogEntry]:
        from campaign_cli.rules import catalog

        def run(stored: Stored) -> list[results.CatalogEntry]:
            rows = [e for e in catalog.item_entries(stored.packs(), kinds) if catalog.matches(e, search)]
            return cast("list[results.CatalogEntry]", rows)

        return self._act("catalog items", False, run)

    def catalog_enemies(self, *, search: str | None = None) -> list[results.CatalogEntry]:
        """Enemy threat boards (R40): the packs' and the campaign's own.

        camp.catalog_enemies(search="rat")
        """
        from campaign_cli.rules import catalog

        return self._act(
            "catalog enemies",
            False,
            lambda stored: cast("list[results.CatalogEntry]", catalog.enemy_entries(stored.boards(), search)),
        )

    def catalog_show(self, entry: str, /) -> results.CatalogEntry:
        """One catalog entry in full: an item, a skill or an enemy, by any of its names, in
        any language.

            camp.catalog_show("Палаш")["damage"]
        """
        from campaign_cli.rules import catalog

        def run(stored: Stored) -> results.CatalogEntry:
            found = catalog.find_entry(_text(entry, "entry"), stored.packs(), stored.boards())
            return cast("results.CatalogEntry", found)

        return self._act("catalog show", False, run, (entry,))

    def catalog_import(self, file: str | os.PathLike[str], /) -> results.PackImported:
        """Store the catalog pack in FILE ("-" reads stdin) in the campaign: items and enemies
        with the group's weights, prices and names in any language. Checked field by field
        first; a pack of the same name is replaced. Undo removes it.

            camp.catalog_import("samples/packs/frontier.json")
        """
        from campaign_cli.acts.packs import import_pack
        from campaign_cli.inputs import read_json
        from campaign_cli.rules import packs

        pack = packs.validate(read_json(os.fspath(file), "pack"))

        def run(stored: Stored) -> results.PackImported:
            old = import_pack(stored, pack)
            data = {**packs.summary(pack), "replaced": old["version"] if old else None}
            return cast("results.PackImported", data)

        return self._act("catalog import", True, run, (pack["pack"],))

    def catalog_packs(self) -> list[results.PackSummary]:
        """The catalog packs in the campaign, with their entry counts.

        [p["pack"] for p in camp.catalog_packs()]
        """
        from campaign_cli.rules.packs import summary

        return self._act(
            "catalog packs",
            False,
            lambda stored: cast("list[results.PackSummary]", [summary(p) for p in stored.packs()]),
        )

    def catalog_remove(self, pack: str, /) -> results.PackRemoved:
        """Remove the catalog pack PACK (items already given out keep their values; undo
        brings it back).

            camp.catalog_remove("frontier")
        """
        from campaign_cli.acts.packs import remove_pack
        from campaign_cli.rules.packs import summary

        def run(stored: Stored) -> results.PackRemoved:
            return {"removed": cast("results.PackSummary", summary(remove_pack(stored, pack)))}

        return self._act("catalog remove", True, run, (pack,))

    # -- the campaign and its journal ---------------------------------------------------
    def status(self) -> results.CampaignStatus:
        """The campaign: its name, phase, adventure, location, keywords, how many
        characters, and the merge conflicts still open.

            camp.status()["phase"]
        """
        return self._act("status", False, lambda stored: _status(stored))

    def log(self, *, limit: int | None = None, character: str | None = None) -> list[results.LogEntry]:
        """The journal, oldest first: the newest LIMIT entries, or those about CHARACTER.

        for entry in camp.log(limit=5):
            print(entry["seq"], entry["summary"])
        """
        return list(self.log_stream(limit=limit, character=character))

    def log_stream(self, *, limit: int | None = None, character: str | None = None) -> Iterator[results.LogEntry]:
        """`log`'s entries one at a time, oldest first, read while the block is open: memory
        does not grow with the journal (100,000 entries cost what 2,000 do).

            for entry in camp.log_stream():
                print(entry["seq"], entry["command"])
        """
        if limit is not None:
            _whole(limit, "limit", 0)

        def run(stored: Stored) -> Iterator[results.LogEntry]:
            keep = None
            if character is not None:
                key = stored.character(character)["name"].casefold()

                def keep(e: dict) -> bool:
                    return key in (n.casefold() for n in e.get("characters", []))

            return (entry_view(e) for e in stored.entries(limit, keep))

        return self._act("log", False, run)

    # -- merge conflicts (CLI.md "Sharing through git") ---------------------------------
    def conflicts(self) -> list[results.ConflictView]:
        """The fields a merge found changed differently on both sides (base, ours, theirs),
        kept until `resolve` settles them; while any is open, changes are refused.

            [c["field"] for c in camp.conflicts()]
        """
        return self._act(
            "conflicts", False, lambda stored: [conflict_view(c) for c in stored.meta.get("conflicts", [])]
        )

    def resolve(
        self,
        conflict: int | None = None,
        /,
        *,
        ours: bool = False,
        theirs: bool = False,
        value: Any = _UNSET,
    ) -> results.Resolved:
        """Settle merge conflict CONFLICT (default: every open one): keep `ours`, take
        `theirs`, or set VALUE (any JSON value).

            camp.resolve(theirs=True)
            camp.resolve(3, value=12)
        """
        from campaign_cli.acts import sharing

        if conflict is not None:
            _whole(conflict, "conflict", 1)
        if ours + theirs + (value is not _UNSET) != 1:
            raise UsageProblem(Say("give one of {a}, {b} or {c}", a=Opt("ours"), b=Opt("theirs"), c=Opt("value")))
        how = "ours" if ours else "theirs" if theirs else "value"

        def run(stored: Stored) -> results.Resolved:
            chosen, left = sharing.resolve(stored, conflict, how, None if value is _UNSET else value)
            return {"resolved": [conflict_view(c) for c in chosen], "open": len(left)}

        return self._act("resolve", True, run)

    # -- documents: sheets, recaps, other tools' files ----------------------------------
    @overload
    def character_sheet(self, character: str, /, *, format: Literal["json"]) -> results.Sheet: ...
    @overload
    def character_sheet(
        self, first: str, second: str, /, *names: str, format: Literal["json"]
    ) -> list[results.Sheet]: ...
    @overload
    def character_sheet(self, /, *, all: Literal[True], format: Literal["json"]) -> list[results.Sheet]: ...
    @overload
    def character_sheet(self, /, *names: str, all: bool = False, format: Literal["md", "html"] = "md") -> str: ...
    def character_sheet(
        self, /, *names: str, all: bool = False, format: Literal["md", "html", "json"] = "md"
    ) -> str | results.Sheet | list[results.Sheet]:
        """The whole character on one page: Markdown to paste (`format="md"`), one
        self-contained HTML file to print (`"html"`, a page per character), or the sheet's
        sections as data (`"json"`: one character's sheet when one is named, else a list);
        the characters NAMES, in this order, or `all=True`.

            text = camp.character_sheet("Ajax")
            page = camp.character_sheet(all=True, format="html")
        """
        from campaign_cli.render import sheet

        if format not in ("md", "html", "json"):
            raise UsageProblem(
                Say("{option} takes md, html or json, not {value!r}", option=Opt("format"), value=format)
            )
        wanted = [_text(n, "names") for n in names]
        if bool(wanted) == all:
            raise UsageProblem(
                Say("name characters or give {option} (one or the other)", option=Opt("all")), "missing_argument"
            )

        def run(stored: Stored) -> str | results.Sheet | list[results.Sheet]:
            docs = stored.characters() if all else list({id(d): d for d in map(stored.character, wanted)}.values())
            if not docs:
                raise Refused(Say("no characters yet: create one first"), "no_characters")
            chars = [_shown(d) for d in docs]
            if format == "html":
                return sheet.html(chars)
            if format == "md":
                return "\n---\n\n".join(sheet.markdown(ch) for ch in chars)
            rows = [
                {**ch, "sections": [{"title": t, "rows": [list(r) for r in rows]} for t, rows in sheet.sections(ch)]}
                for ch in chars
            ]
            if len(wanted) == 1:  # one character named: its sheet, as the command line prints it
                return cast("results.Sheet", rows[0])
            return cast("list[results.Sheet]", rows)

        return self._act("character sheet", False, run, tuple(wanted))

    @overload
    def character_export(
        self, character: str, /, *, format: Literal["foundry", "statblock"], output: None = None, force: bool = False
    ) -> str: ...
    @overload
    def character_export(
        self,
        character: str,
        /,
        *,
        format: Literal["foundry", "statblock"],
        output: str | os.PathLike[str],
        force: bool = False,
    ) -> results.CharacterWritten: ...
    def character_export(
        self,
        character: str,
        /,
        *,
        format: Literal["foundry", "statblock"],
        output: str | os.PathLike[str] | None = None,
        force: bool = False,
    ) -> str | results.CharacterWritten:
        """CHARACTER for another tool: an actor of Foundry VTT's fantasy-trip system
        (`format="foundry"`, JSON) or the stat block TFT adventures print (`"statblock"`);
        returned as text, or written to OUTPUT (an existing file only with FORCE; inside a
        block, when it commits). docs/interchange.md says what maps to what.

            block = camp.character_export("Ajax", format="statblock")
            camp.character_export("Ajax", format="foundry", output="ajax.foundry.json")
        """
        from campaign_cli import jsontext
        from campaign_cli.rules import interchange

        if format not in ("foundry", "statblock"):
            raise UsageProblem(
                Say("{option} takes foundry or statblock, not {value!r}", option=Opt("format"), value=format)
            )

        def run(stored: Stored) -> str | results.CharacterWritten:
            ch = _shown(stored.character(character))
            if format == "foundry":
                text = jsontext.shown(interchange.to_foundry(dict(ch)), indent=2) + "\n"
            else:
                text = interchange.to_statblock(dict(ch))
            if output is None:
                return text
            written = write_file(stored, text, os.fspath(output), force)
            return {
                "format": format,
                "character": ch["name"],
                "written": str(written),
                "not_ascii": interchange.not_ascii(dict(ch)) if format == "statblock" else [],
            }

        return self._act("character export", False, run, (character,))

    def character_not_ascii(self, character: str, /) -> list[str]:
        """The names in CHARACTER's stat block that the fantasy-trip system's importer cannot
        read (it matches ASCII letters only): what `character_export(..., format="statblock")`
        warns about.

            camp.character_not_ascii("Ajax")  # []: every name in his block is ASCII
        """
        from campaign_cli.rules import interchange

        return self._act(
            "character show",
            False,
            lambda stored: interchange.not_ascii(dict(stored.character(character))),
            (character,),
        )

    def character_import(
        self,
        file: str | os.PathLike[str],
        /,
        *,
        format: Literal["foundry", "statblock"] | None = None,
        name: str | None = None,
    ) -> results.CharacterImported:
        """A character from another tool's FILE ("-" reads stdin): a Foundry VTT
        fantasy-trip actor, or a stat block (`format`, default: detected), as a new
        character named NAME (default: the file's): attributes as they are (R2 is for new
        characters), talents matched to the skill table (the others kept and listed as
        `unmatched`), spells, items worn or carried.

            camp.character_import("uldor.json")
            camp.character_import("hector.txt", format="statblock", name="Hector2")
        """
        from campaign_cli import jsontext
        from campaign_cli.acts import characters as lives
        from campaign_cli.inputs import read_text
        from campaign_cli.rules import interchange

        if format is not None and format not in ("foundry", "statblock"):
            raise UsageProblem(
                Say("{option} takes foundry or statblock, not {value!r}", option=Opt("format"), value=format)
            )
        source = os.fspath(file)
        text = read_text(source)
        kind = format or interchange.detect(text)
        if kind == "foundry":
            try:
                data = jsontext.loads(text)
            except (ValueError, RecursionError):
                raise Refused(
                    Say("not a Foundry actor: {source} is not valid JSON", source=source), "bad_character_file"
                ) from None
            plan = interchange.from_foundry(data)
        else:
            plan = interchange.from_statblock(text)

        def run(stored: Stored) -> results.CharacterImported:
            doc, over = lives.bring_in(stored, plan, name, kind)
            data = {**_shown(doc), "unmatched": plan["unmatched"], "stored_over_limit": over}
            return cast("results.CharacterImported", data)

        return self._act("character import", True, run, (source,))

    @overload
    def recap(
        self,
        *,
        adventure: int | None = None,
        since: str | None = None,
        last: bool = False,
        format: Literal["json"] = "json",
    ) -> results.Recap: ...
    @overload
    def recap(
        self,
        *,
        adventure: int | None = None,
        since: str | None = None,
        last: bool = False,
        format: Literal["md", "text"],
    ) -> str: ...
    def recap(
        self,
        *,
        adventure: int | None = None,
        since: str | None = None,
        last: bool = False,
        format: Literal["json", "md", "text"] = "json",
    ) -> results.Recap | str:
        """What happened, from the journal: per character XP, karma, wishes, curses, damage,
        knock-outs, deaths, items, gold, dark stone, checks; fights, kills and keywords.
        Default: the current adventure, or the last one; else the ADVENTURE-th, everything
        SINCE a date ("2026-11-30" or an ISO time), or the `last` game night (no 6-hour
        gap). `format="md"`: Markdown for a group chat; `"text"`: plain lines.

            facts = camp.recap()
            chat = camp.recap(last=True, format="md")
        """
        from campaign_cli.render import recap as words
        from campaign_cli.rules import recap as rules

        if sum(x is not None and x is not False for x in (adventure, since, last)) > 1:
            raise UsageProblem(Say("give one of {a}, {b} or {c}", a=Opt("adventure"), b=Opt("since"), c=Opt("last")))
        if format not in ("json", "md", "text"):
            raise UsageProblem(
                Say("{option} takes text, md or json, not {value!r}", option=Opt("format"), value=format)
            )
        if adventure is not None:
            _whole(adventure, "adventure", 1)
        start = None if since is None else rules.since_date(_text(since, "since"))

        def run(stored: Stored) -> results.Recap | str:
            chosen, title = rules.select(stored.history, stored.meta, adventure, start, last)
            names = {c["id"]: c["name"] for c in stored.characters()}
            data = {
                "from": chosen[0][0].get("time") if chosen else None,
                "to": chosen[-1][0].get("time") if chosen else None,
                "adventure": title,
                **rules.recap(chosen, names),
            }
            if format == "json":
                return cast("results.Recap", data)
            genders = {c["name"]: c.get("gender") for c in stored.characters()}
            if format == "md":
                return words.markdown(data, genders)
            return "\n".join(words.lines(data, genders)) + "\n"

        return self._act("recap", False, run)

    # -- reading --------------------------------------------------------------------
    def character_show(self, character: str, /) -> results.CharacterView:
        """CHARACTER as the command line shows it as JSON: the stored fields and the derived
        ones (adjusted DX, MA, carry weight, armor, status).

            ajax = camp.character_show("Ajax")
            print(ajax["status"], ajax["adjusted_dx"])
        """
        return self._act("character show", False, lambda stored: _shown(stored.character(character)), (character,))

    def character_list(self) -> list[results.CharacterView]:
        """Every character, in id order.

        names = [c["name"] for c in camp.character_list()]
        """
        return self._act("character list", False, lambda stored: [_shown(d) for d in stored.characters()])


def _item_options(**given: Any) -> dict[str, Any]:
    """The item options (`item_add`, `shop_buy`, `item_set`), their numbers checked."""
    for key in ("weight", "value", "armor", "restriction", "heft", "slots"):
        if given.get(key) is not None:
            _whole(given[key], key, 0)
    if given.get("hands") is not None:
        _whole(given["hands"], "hands", 0, 2)
    return given


Dice = list[int] | str  # physical dice typed in: [1, 3, 6], or as the command line takes them, "1,3,6"


def _dice(value: Dice | None, option: str) -> str | None:
    """Dice as the rules read them (a text "1,3,6"); a list must hold whole numbers."""
    if value is None or isinstance(value, str):
        return value
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise UsageProblem(
            Say("{option}: {value!r} is not a list of dice", option=Opt(option), value=value), "bad_dice"
        )
    return ",".join(map(str, value))


@overload
def _other(value: str | int) -> str: ...
@overload
def _other(value: str | int | None) -> str | None: ...
def _other(value: str | int | None) -> str | None:
    """The other side of a contest: a character's name, or a number (an unnamed side's attribute)."""
    if isinstance(value, bool) or not isinstance(value, (str, int, type(None))):
        raise UsageProblem(Say("{option}: {value!r} is not a name or a number", option=Opt("against"), value=value))
    return str(value) if isinstance(value, int) else value


def _seed(value: int | None) -> int | None:
    from campaign_cli.rules.names import MAX_ID

    return None if value is None else _whole(value, "seed", 0, MAX_ID)


def _board_fields(board: dict, fields: list[str]) -> None:
    """ "normal.defense=2", "brutal.elite=a;b;c;d;e;f", "keywords=Undead;Beast", into BOARD."""
    from campaign_cli.rules import enemies

    for raw in fields:
        path, sep, value = _text(raw, "field").partition("=")
        if not sep:
            raise UsageProblem(Say("{option} {raw!r}: expected FIELD=VALUE", option=Opt("field"), raw=raw), "bad_value")
        parts = path.strip().split(".")
        key = parts[-1]
        target = board
        for part in parts[:-1]:
            target = target.setdefault(part, {})
            if not isinstance(target, dict):
                raise UsageProblem(
                    Say("{option} {path}: {part} is not an object", option=Opt("field"), path=path, part=part),
                    "bad_value",
                )
        if key in enemies.LISTS or key == "keywords":
            target[key] = [v.strip() for v in value.split(";") if v.strip()]
        elif key in enemies.NUMBERS:
            target[key] = _number(value, "field", path)
        else:
            target[key] = value


def _number(text: str, option: str, name: str) -> int:
    """TEXT as a whole number, negative or not, within the bounds of an amount."""
    try:
        value = int(text.strip())
    except ValueError:
        raise UsageProblem(
            Say("{option} {name}: {raw!r} is not a whole number", option=Opt(option), name=name, raw=text), "bad_value"
        ) from None
    return _whole(value, option, -MAX_AMOUNT)


Pairs = list[str] | dict[str, int]  # "Name=VALUE" texts, as the command line takes them, or a dict


def pairs(values: Pairs | None, option: str, default: int | None = None, allow_null: bool = False) -> dict:
    """NAME=VALUE texts (`["Lore=3"]`, `["Swimming", "Sword=2"]`) or a dict, as a dict of
    name to a whole number (or DEFAULT, or None where ALLOW_NULL, for a bare name)."""
    out: dict[str, int | None] = {}
    given = values.items() if isinstance(values, dict) else ((*_split(raw, option),) for raw in values or [])
    for name, value in given:
        if any(k.casefold() == name.casefold() for k in out):
            raise UsageProblem(Say("{option} {name!r} is given twice", option=Opt(option), name=name), "repeated_name")
        if value is None:
            if default is None and not allow_null:
                raise UsageProblem(
                    Say("{option} {raw!r}: expected NAME=VALUE", option=Opt(option), raw=name), "bad_value"
                )
            out[name] = default
            continue
        if isinstance(value, str):
            try:
                value = int(value.strip())
            except ValueError:
                raise UsageProblem(
                    Say("{option} {name}: {raw!r} is not a whole number", option=Opt(option), name=name, raw=value),
                    "bad_value",
                ) from None
        out[name] = _whole(value, option, 0)
    return out


def _split(raw: object, option: str) -> tuple[str, str | None]:
    name, sep, value = _text(raw, option).partition("=")
    if not name.strip():
        raise UsageProblem(Say("{option} {raw!r}: expected NAME=VALUE", option=Opt(option), raw=raw), "bad_value")
    return name.strip(), (value if sep else None)


def spell_rating(text: str) -> tuple[str, int | None]:
    """`Light=10`: the spell's name and its rating (none given: None)."""
    ((name, rating),) = pairs([text], "spell", allow_null=True).items()
    return name, rating


def odds(spec: str, /, *, value: int, modifier: int = 0, curses: int = 0, plot: bool = False) -> results.Odds:
    """The exact chance of a check before rolling, with no campaign: "N/ATTR" against an
    attribute of VALUE, or a pool test ("Lore 5+") with VALUE dice; MODIFIER and CURSES
    (R18) as a roll would have them. `plot=True` adds the whole distribution.

        campaign_cli.odds("3/DX", value=11)["fraction"]
    """
    from campaign_cli.rules import checks
    from campaign_cli.rules import dice as d

    _whole(value, "value", 0)
    _whole(modifier, "modifier", -100, 100)
    _whole(curses, "curses", 0, 100)
    parsed = checks.parse_spec(_text(spec, "spec"))
    if parsed.type == "sum":
        p = checks.sum_odds(parsed.dice, value, modifier, curses)
    else:
        if not 0 <= value <= d.MAX_DICE:
            raise UsageProblem(
                Say("{option}: a pool test rolls 0 to {most} dice", option=Opt("value"), most=d.MAX_DICE)
            )
        p = checks.pool_odds(value, parsed.threshold, modifier, curses)
    data: dict[str, Any] = {
        "spec": parsed.text,
        "type": parsed.type,
        "value": value,
        "modifier": modifier,
        "curses": curses,
        "probability": float(p),
        "fraction": f"{p.numerator}/{p.denominator}",
    }
    if plot:
        if parsed.type == "sum":
            count, limit = parsed.dice, value + modifier - curses
            rows = checks.distribution("sum", count, limit)
        else:
            count, limit = value, parsed.threshold - modifier + curses
            rows = checks.distribution("pool", count, limit)
        data["distribution"] = checks.fractions(rows)
        data["plot"] = {"dice": count, "limit": limit}
    return cast("results.Odds", data)


def _status(stored: Stored) -> results.CampaignStatus:
    meta = stored.meta
    return {
        "name": meta["name"],
        "schema_version": meta["schema_version"],
        "phase": meta["phase"],
        "adventure": meta["adventure"],
        "location": meta["location"],
        "keywords": list(meta["keywords"]),
        "characters": len(stored.data["characters"]),
        "conflicts": len(meta.get("conflicts", [])),  # a merge's, until `resolve`
        "file": str(stored.path),
    }


def entry_view(entry: dict) -> results.LogEntry:
    """A journal entry as `log` shows it: its command as typed, its summary, the characters."""
    import shlex

    words = entry.get("command") or []
    out = {
        "seq": entry.get("seq"),
        "kind": entry.get("kind"),
        "time": entry.get("time"),
        "command": shlex.join(["campaign", *words]),
        "args": words,
        "summary": entry.get("summary", ""),
        "characters": entry.get("characters", []),
    }
    for key in ("rolls", "undoes", "undoes_all", "redoes"):
        if key in entry:
            out[key] = entry[key]
    return cast("results.LogEntry", out)


# -- what is not an act inside a block: each its own transaction ---------------------
def init(path: str | os.PathLike[str], name: str | None = None) -> results.CampaignStatus:
    """Create the campaign file at PATH, named NAME (default "Campaign"); refused if it exists.

    campaign_cli.init("gold-road.json", name="The Gold Road")
    """
    from campaign_cli import i18n, store
    from campaign_cli.rules.characters import check_name

    _not_twice()
    try:
        words = ["init", *(["--name", name] if name is not None else [])]
        title = i18n._("Campaign") if name is None else check_name(_text(name, "name"), "campaign")
        return _status(store.create(path, title, words))
    except CampaignError as err:
        raise typed(err) from None


def undo(path: str | os.PathLike[str], to: int | None = None) -> results.Undone:
    """Take back the campaign's last change as a whole (R: the journal), or every change back
    to and including change TO (`log` shows the numbers), as one journal entry.

        campaign_cli.undo("campaign.json")
    """
    return undoing(path, to, ["undo", *(["--to", str(to)] if to is not None else [])])[0]


def undoing(
    path: str | os.PathLike[str], to: int | None, words: list[str]
) -> tuple[results.Undone, Stored, tuple[dict, dict]]:
    """`undo`, with the campaign as it stands after, and the newest undone entry with what
    it had changed (for a front end that says it in words)."""
    from campaign_cli import store
    from campaign_cli.acts import history

    _not_twice()
    if to is not None:
        _whole(to, "to", 1, MAX_ID)
    try:
        with store.transaction(path, words) as stored:
            done, changes = history.undo(stored, to)
    except CampaignError as err:
        raise typed(err) from None
    data = {"undone": entry_view(done[0]), "undone_all": [entry_view(e) for e in done]}
    return cast("results.Undone", data), stored, (done[0], changes)


def redo(path: str | os.PathLike[str]) -> results.Redone:
    """Put back what the last undo took back, while nothing else changed since.

    campaign_cli.redo("campaign.json")
    """
    from campaign_cli import store
    from campaign_cli.acts import history

    _not_twice()
    try:
        with store.transaction(path, ["redo"]) as stored:
            target, again = history.redo(stored)
    except CampaignError as err:
        raise typed(err) from None
    return {"redone": entry_view(target), "changes": again}


@overload
def export(path: str | os.PathLike[str], output: None = None, *, force: bool = False) -> str: ...
@overload
def export(
    path: str | os.PathLike[str], output: str | os.PathLike[str], *, force: bool = False
) -> results.Exported: ...
def export(
    path: str | os.PathLike[str], output: str | os.PathLike[str] | None = None, *, force: bool = False
) -> str | results.Exported:
    """The whole campaign as one sorted, stable JSON document: written atomically to OUTPUT
    (an existing file only with FORCE; never the campaign's own files), or returned as text.

        campaign_cli.export("campaign.json", "gold-road.export.json")
        text = campaign_cli.export("campaign.json")
    """
    from campaign_cli import store
    from campaign_cli.store import transfer

    _not_twice()
    try:
        stored = store.open_read(path)
        text = transfer.dumps(transfer.export_document(stored.data))
        if output is None:
            return text
        target = write_file(stored, text, os.fspath(output), force)
    except CampaignError as err:
        raise typed(err) from None
    return {
        "written": str(target),
        "characters": len(stored.data["characters"]),
        "enemies": len(stored.data["enemies"]),
    }


def import_(path: str | os.PathLike[str], export_file: str | os.PathLike[str]) -> results.Imported:
    """Create a new campaign at PATH from the export in EXPORT_FILE ("-" reads stdin),
    validated first; refused if PATH exists.

        campaign_cli.import_("restored.json", "gold-road.export.json")
    """
    from campaign_cli import jsontext, store
    from campaign_cli.inputs import read_text
    from campaign_cli.rules.documents import check_tables
    from campaign_cli.store import transfer
    from campaign_cli.store.layout import set_packs_text

    _not_twice()
    try:
        tables = transfer.tables_from_export(transfer.read_export(read_text(os.fspath(export_file))))
        stored = list(tables.pop("packs").values())
        tables = check_tables(tables, stored)
        try:  # text a file can hold: a lone surrogate (`"\\ud800"` in the JSON) is refused here
            jsontext.dumps([tables, stored]).encode("utf-8")
        except UnicodeEncodeError:
            raise Refused(Say("bad import: it holds text that is not text (a lone surrogate)"), "bad_import") from None
        if stored:
            set_packs_text(tables, store.campaign.encode_packs(stored))
        meta = tables["meta"]["1"]
        words = ["import", os.fspath(export_file)]
        camp = store.create(path, meta.get("name", "Campaign"), words, data=tables, verb="imported")
    except CampaignError as err:
        raise typed(err) from None
    return {
        "file": str(camp.path),
        "name": meta.get("name"),
        "characters": len(tables["characters"]),
        "enemies": len(tables["enemies"]),
    }


def merge(
    base: str | os.PathLike[str],
    ours: str | os.PathLike[str],
    theirs: str | os.PathLike[str],
    path: str | os.PathLike[str] | None = None,
) -> results.Merged:
    """A three-way merge of three versions of one campaign, field by field; the result is
    written to OURS. `conflicts` lists each field both sides changed differently (ours kept
    there, and kept in the file until `resolve` settles it). PATH: the campaign the merge
    is for, so one `merge` entry goes to its journal and `undo` takes the merge back.

        merged = campaign_cli.merge("base.json", "ours.json", "theirs.json")
        if merged["conflicts"]:
            print("settle them with resolve")
    """
    from campaign_cli.acts import sharing

    _not_twice()
    names = [os.fspath(p) for p in (base, ours, theirs)]
    where = None if path is None else os.fspath(path)
    words = ["merge", *names, *(["--path", where] if where is not None else [])]
    try:
        result, conflicts, written = sharing.merge(names[0], names[1], names[2], where, words)
    except CampaignError as err:
        raise typed(err) from None
    return {
        "written": str(written),
        "conflicts": [cast("results.MergeConflict", c.as_dict()) for c in conflicts],
        "characters": len(result["characters"]),
        "enemies": len(result["enemies"]),
    }


def conflict_view(stored: dict) -> results.ConflictView:
    """An open merge conflict as `conflicts` shows it: each side's value decoded."""
    from campaign_cli import jsontext

    sides = ("base", "ours", "theirs")
    data = {
        "id": stored["id"],
        "where": stored["where"],
        "field": stored["field"],
        **{side: jsontext.loads(stored[side]) if side in stored else None for side in sides},
        "absent": [side for side in sides if side not in stored],
        "resolvable": "path" in stored,
    }
    return cast("results.ConflictView", data)


def write_file(stored: Any, text: str, output: str, force: bool) -> Path:
    """TEXT written atomically to OUTPUT: never the campaign file, its journal or its lock
    (refused), another existing file only with FORCE. Inside a block, staged and written
    when it commits. Returns the file (to be) written."""
    from campaign_cli import store

    target = store.resolve_path(output)
    if not target.parent.is_dir():
        raise UsageProblem(
            Say("{option}: folder {parent} does not exist", option=Opt("output"), parent=str(target.parent)), "bad_file"
        )
    if store.belongs_to(stored.path, target):
        raise Refused(
            Say(
                "{option} {output} is the campaign's own file; export to another name",
                option=Opt("output"),
                output=output,
            ),
            "own_file",
        )
    staged = RUN.staged
    if (target.exists() or (staged and any(t == target for t, _data in staged))) and not force:
        raise Refused(
            Say(
                "{option} {output} exists; add {force} to replace it",
                option=Opt("output"),
                output=output,
                force=Opt("force"),
            ),
            "exists",
        )
    if staged is not None:
        staged[:] = [(t, d) for t, d in staged if t != target] + [(target, text.encode())]
        return target
    _publish([(target, text.encode())])
    return target


# -- the doors -------------------------------------------------------------------------
# The block open in each thread (keyed by thread id), so a second `open` or `read` in the
# same thread is refused at once instead of waiting for its own lock.
_OPEN: dict[int, Campaign] = {}


def _thread() -> int:
    from _thread import get_ident

    return get_ident()


def _not_twice() -> None:
    if _thread() in _OPEN or RUN.batch is not None:
        raise UsageProblem(Say("a campaign is already open in this thread: leave its block first"), "already_open")


@contextmanager
def _block(stored: Stored, writable: bool) -> Iterator[Campaign]:
    from campaign_cli import i18n

    with fresh():  # the block's own run: another thread's block, or the caller's, is not touched
        i18n.use(i18n.requested([]))  # messages in the language CAMPAIGN_LANG or the locale asks for
        if writable:
            stored.spool_rolls()  # memory flat in the number of acts
        RUN.batch, RUN.writable, RUN.staged = stored, writable, []
        camp = Campaign(stored, writable, Block(stored))
        _OPEN[_thread()] = camp
        try:
            try:
                yield camp
            except CampaignError as err:  # a bad argument, raised before any act: said as the library says it
                err.front = err.front or RUN.front
                raise
            if camp._failed is not None:  # a failure was caught inside the block: all or nothing
                raise UsageProblem(
                    Say("an act in this block failed ({failure}): nothing was saved", failure=camp._failed.message),
                    "act_failed",
                )
            if writable and camp._block is not None:
                camp._block.seal("python: {n} command", "python: {n} commands")
            staged = list(RUN.staged or [])
        finally:
            camp._open = False
            _OPEN.pop(_thread(), None)
    if writable:
        camp._staged = staged  # written once the transaction commits
    else:
        _publish(staged)


def _publish(staged: list) -> None:
    from campaign_cli.store import files

    files.publish(staged)


@contextmanager
def open(  # CLI.md names it so
    path: str | os.PathLike[str],
    *,
    create: bool = False,
    name: str | None = None,
    label: str | None = None,
    lock_wait: float | None = None,
) -> Iterator[Campaign]:
    """One transaction on the campaign at PATH, holding its lock like a command: every act
    in the block is committed as one journal entry when the block ends, none if it raises.

    create: make the campaign when the file is missing (named NAME, else the file's stem).
    label: what `log` shows as the block's command (default "python").
    lock_wait: seconds to wait for another writer's lock (default $CAMPAIGN_LOCK_WAIT, or 5).

        with campaign_cli.open("campaign.json", label="session 12") as camp:
            camp.xp_award(2, party=True)
    """
    from campaign_cli import store

    _not_twice()
    words = [_free_text(label, "label") or LABEL]
    try:
        if create and not store.resolve_path(path).exists():
            store.create(path, name or Path(path).stem or "Campaign", words)
        with store.transaction(path, words, wait=lock_wait) as stored, _block(stored, True) as camp:
            yield camp
        _publish(camp._staged)  # committed: the files its acts wrote
    except CampaignError as err:
        raise typed(err) from None


@contextmanager
def read(path: str | os.PathLike[str]) -> Iterator[Campaign]:
    """The campaign at PATH for reading, without the lock: an act that would change it
    raises UsageProblem (`read_only`), and nothing is ever written.

        with campaign_cli.read("campaign.json") as camp:
            print([c["name"] for c in camp.character_list()])
    """
    from campaign_cli import store

    _not_twice()
    try:
        with _block(store.open_read(path), False) as camp:
            yield camp
    except CampaignError as err:
        raise typed(err) from None


# -- one command of the command line ------------------------------------------------
@contextmanager
def command(path: str | os.PathLike[str], words: list[str]) -> Iterator[Campaign]:
    """One command line's transaction (the command line's door): the act's own summary is
    the journal entry's. Inside `campaign batch`, the batch's open transaction."""
    from campaign_cli import store

    if RUN.batch is not None:
        yield Campaign(RUN.batch, RUN.writable, in_line=True)
        return
    with store.transaction(path, words) as stored:
        yield Campaign(stored, True)


def reader(path: str | os.PathLike[str], optional: bool = False) -> Campaign:
    """The campaign for one reading command; inside `campaign batch`, the batch's. OPTIONAL:
    a missing file is the built-in catalog alone (listing the catalog needs no campaign)."""
    from campaign_cli import store

    if RUN.batch is not None:
        return Campaign(RUN.batch, RUN.writable, in_line=True)
    try:
        return Campaign(store.open_read(path), False)
    except FileProblem as err:
        if not optional or err.code != "no_campaign":
            raise
        return Campaign(cast("Stored", _NoCampaign()), False)


class _NoCampaign:
    """No campaign file: no packs and no boards of its own, for the catalog's readings."""

    reverted = False

    def packs(self) -> list[dict]:
        return []

    def boards(self) -> list[tuple[dict, str]]:
        return []
