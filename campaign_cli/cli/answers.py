"""The bodies of the commands whose answer is more than one library call (a read or a write
chosen by a flag, a party or a single check, a stream with a pager, a catalog read with or
without a campaign): each a function of the command's parameters as they arrive, called by
the command's code (`answers.xp_spend(...)`, declared `@fast`) and by the fast path
(cli/fast.py) with the very same values, so the two cannot answer differently. Typer-free:
nothing here loads Typer, Click or Rich (a view drawn on a terminal loads Rich, as every
command's does)."""

from __future__ import annotations

from campaign_cli.cli.door import acting, looking
from campaign_cli.cli.output import Line, emit, later
from campaign_cli.i18n import _

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: the fast path
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Mapping
    from typing import Any


def _drawn(view: str, *args: Any) -> Callable[[], Any]:
    """cli/said.py's VIEW of ARGS, drawn only when shown (`output.later`)."""
    return later("campaign_cli.cli.said", view, *args)


def _catalog() -> Any:
    """The library's campaign for the catalog: the file's, or none (listing needs no campaign)."""
    from campaign_cli.library.catalog import Catalog

    return looking(Catalog, optional=True)


def _listed(method: str, views: str, search: str | None, json_out: bool, jsonl: bool) -> None:
    """A catalog table: the library's METHOD, its rows drawn by cli/said.py's VIEWS."""

    data = getattr(_catalog(), method)(search=search)
    emit(data, _drawn(views, data), json_out=json_out, jsonl=jsonl)


def catalog_skills(search: str | None, *, json_out: bool, jsonl: bool) -> None:
    """`catalog skills`: the skill table (R23)."""
    _listed("catalog_skills", "skill_table", search, json_out, jsonl)


def catalog_weapons(search: str | None, *, json_out: bool, jsonl: bool) -> None:
    """`catalog weapons`: the seed's weapons and the packs' (R26-R28)."""
    _listed("catalog_weapons", "weapon_table", search, json_out, jsonl)


def catalog_armor(search: str | None, *, json_out: bool, jsonl: bool) -> None:
    """`catalog armor`: the seed's armor and shields and the packs' (R29, R30)."""
    _listed("catalog_armor", "armor_table", search, json_out, jsonl)


def catalog_items(search: str | None, *, json_out: bool, jsonl: bool) -> None:
    """`catalog items`: every item entry, built in or a pack's."""
    _listed("catalog_items", "entry_table", search, json_out, jsonl)


def catalog_enemies(search: str | None, *, json_out: bool, jsonl: bool) -> None:
    """`catalog enemies`: the enemy types of the packs and the campaign (R40)."""
    _listed("catalog_enemies", "board_table", search, json_out, jsonl)


def catalog_show(entry: str, *, kind: str | None, json_out: bool) -> None:
    """`catalog show`: one entry in full, by any of its names."""

    found = _catalog().catalog_show(entry, kind=kind)
    emit(found, _drawn("catalog_entry", found), json_out=json_out)


def check(words: list[str], *, party: bool, who: str | None, roll: dict[str, Any], plot_: bool, json_out: bool) -> None:
    """`check`: NAME SPEC, a character's check (R5-R10), or with PARTY a party test (R11),
    WHO all or random in either language; ROLL the roll's options (cli/diceopts.py)."""
    from campaign_cli.errors import UsageProblem
    from campaign_cli.library.rolls import Rolls

    if party:
        from campaign_cli.i18n import english_word

        who = english_word(who, ("all", "random")) if who is not None else None
        with acting(Rolls) as camp:
            lib: Any = camp  # the words as typed: the library refuses what a party test does not take
            test = lib.check(" ".join(words), party=True, who=who, plot=plot_, **roll)
            genders = {c["name"]: c["gender"] for c in camp.character_list()}
        emit(test, _drawn("party_test_table", test, genders), json_out=json_out)
        return
    if len(words) < 2:
        raise UsageProblem(_("give NAME and SPEC (or --party SPEC)"))
    with acting(Rolls) as camp:
        result = camp.check(words[0], " ".join(words[1:]), plot=plot_, **roll)
    emit(result, _drawn("check_views", result), json_out=json_out)


def roll(
    expr: str | None,
    *,
    character: str | None,
    weapon: str | None,
    against: str | None,
    seed: int | None,
    dice: str | None,
    karma: bool,
    reroll_dice: str | None,
    json_out: bool,
) -> None:
    """`roll`: dice, or a character's damage roll (R18, R24, R26); a malformed expression is
    exit 2 before the lock is taken."""
    from campaign_cli.errors import UsageProblem
    from campaign_cli.library.rolls import Rolls
    from campaign_cli.rules import dice as d

    if expr is None and weapon is None:
        raise UsageProblem(_("give a dice expression (or --character NAME --weapon ITEM)"))
    if expr is not None:
        d.parse(expr)
    with acting(Rolls) as camp:
        data = camp.roll(
            expr, character=character, weapon=weapon, against=against, seed=seed, dice=dice, karma=karma,
            reroll_dice=reroll_dice,
        )  # fmt: skip
    emit(data, _drawn("rolled", data), json_out=json_out)


def odds(spec: list[str], *, value: int, modifier: int, curses: int, plot_: bool, json_out: bool) -> None:
    """`odds`: the exact chance of a check (R5, R10) before rolling; needs no campaign."""
    from campaign_cli import api

    data = api.odds(" ".join(spec), value=value, modifier=modifier, curses=curses, plot=plot_)
    emit(data, _drawn("odds_views", data, value), json_out=json_out)


def curse_remove(name: str, curse: str, *, pay: str, json_out: bool) -> None:
    """`curse remove`: a curse lifted for 1 wish, 3 karma or 10 XP (R18); PAY in either language."""
    from campaign_cli.i18n import english_word
    from campaign_cli.library.characters import Characters

    pay = english_word(pay.strip(), ("wish", "karma", "xp"))
    with acting(Characters) as camp:
        lib: Any = camp  # PAY checked by the library
        data = lib.curse_remove(name, curse, pay=pay)
    emit(data, _drawn("curse_lifted", data, curse, pay), json_out=json_out)


def item_add(name: str, item: str, *, custom: bool, count: int, options: dict[str, Any], json_out: bool) -> None:
    """`item add`: a catalog entry or a new item described by OPTIONS (cli/itemopts.py)."""
    from campaign_cli.library.items import Items

    with acting(Items) as camp:
        data = camp.item_add(name, item, custom=custom, count=count, **options)
    emit(data, _drawn("item_added", data, count), json_out=json_out)


def item_show(name: str, item: str, *, json_out: bool) -> None:
    """`item show`: one item in full, its owner named."""
    from campaign_cli.library.items import Items

    camp = looking(Items)
    found = camp.item_show(name, item)

    emit(found, lambda: _drawn("item_views", camp.character_show(name), found)(), json_out=json_out)


def undo(to: int | None, *, json_out: bool) -> None:
    """`undo`: the last change taken back, or every change back to TO, said from its facts."""
    from campaign_cli import api
    from campaign_cli.cli.door import campaign_path
    from campaign_cli.run import RUN

    data, camp, undone = api.undoing(campaign_path(), to, RUN.words)
    emit(data, _drawn("undone", data, camp, undone, to), json_out=json_out)


def redo(*, json_out: bool) -> None:
    """`redo`: what the last undo took back, put back while nothing else changed since."""
    from campaign_cli import api
    from campaign_cli.cli.door import campaign_path

    data = api.redo(campaign_path())
    emit(data, _drawn("redone", data), json_out=json_out)


def kind_in_english(options: dict[str, Any]) -> None:
    """The item options' adjustment (`cli.common.takes`): a kind given in Russian (`--kind
    артефакт`) is stored in English."""
    from campaign_cli.i18n import english_word
    from campaign_cli.rules import gear

    if options["kind"] is not None:
        options["kind"] = english_word(options["kind"], gear.KINDS)


def xp_spend(
    name: str,
    *,
    attribute: str | None,
    skill: str | None,
    spell: str | None,
    karma: bool,
    dry_run: bool,
    json_out: bool,
) -> None:
    """`xp spend`: one step bought (R14-R16), or with DRY_RUN its cost, read without a lock."""
    from campaign_cli.library.advancement import Advancement

    if dry_run:
        camp = looking(Advancement)
        data = camp.xp_spend(name, attribute=attribute, skill=skill, spell=spell, karma=karma, dry_run=True)
        emit(data, _drawn("xp_cost", data), json_out=json_out)
        return
    with acting(Advancement) as camp:
        data = camp.xp_spend(name, attribute=attribute, skill=skill, spell=spell, karma=karma)
    emit(data, _drawn("xp_spent", data), json_out=json_out)


def log(
    limit: int | None,
    character: str | None,
    after: int | None,
    follow: bool,
    *,
    no_pager: bool,
    json_out: bool,
    jsonl: bool,
) -> None:
    """`log`: the journal, newest last. JSON, JSON Lines and the table are written from
    entries read one at a time (CLI.md: memory does not grow with the journal); FOLLOW goes
    on with each new entry as it is committed (cli/journal.py)."""
    from campaign_cli.cli import journal
    from campaign_cli.cli.output import paged, write_json_array, write_jsonl
    from campaign_cli.library.course import Course
    from campaign_cli.run import RUN

    if follow:
        journal.following(limit, character, after, json_out, jsonl)
        return
    camp = looking(Course)

    def entries() -> Iterator[Mapping[str, Any]]:
        return camp.log_stream(limit=limit, character=character, after=after)

    if RUN.capture is not None:  # a batch line's result is the list
        emit(list(entries()))
    elif jsonl:
        write_jsonl(entries())
    elif json_out:
        write_json_array(entries())
    else:
        with paged(not no_pager):  # a terminal's long log, as git pages its log
            emit(None, lambda: journal.log_table(entries, camp._camp))


def recap(
    adventure: int | None, since: str | None, last: bool, format_: str, *, no_pager: bool, json_out: bool
) -> None:
    """`recap`: the journal folded (R1-R42's facts) for an adventure, a date or the last
    game night; as text (paged on a terminal), Markdown for a chat, or JSON."""
    from campaign_cli.cli.output import paged, write_text
    from campaign_cli.errors import UsageProblem
    from campaign_cli.library.documents import Documents
    from campaign_cli.run import RUN

    if format_ not in ("text", "md", "json"):
        raise UsageProblem(_("--format takes text, md or json, not {format!r}").format(format=format_))
    camp = looking(Documents)
    if format_ == "md" and not json_out and RUN.capture is None:
        write_text(camp.recap(adventure=adventure, since=since, last=last, format="md"))
        return
    data = camp.recap(adventure=adventure, since=since, last=last)
    genders = {c["name"]: c["gender"] for c in camp.character_list()}

    def views() -> list[Line]:
        from campaign_cli.render.recap import lines

        return [Line(t) for t in lines(data, genders)]

    with paged(not no_pager and not json_out and format_ == "text"):
        emit(data, views, json_out=json_out or format_ == "json")
