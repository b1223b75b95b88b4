"""The built-in weapon and armor tables (R26-R30), shipped as JSON inside the package.

Constant data read once from the package itself; entries match their English name or
any Russian alias from the seed, case-insensitively (R28).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache

from campaign_cli import jsontext
from campaign_cli.errors import Joined, Opt, Quoted, Refused, Say, Shown

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from typing import Any


def _data(file: str) -> str:
    """A file of the package's data (campaign_cli/data), read beside this module, as
    i18n.py reads the message catalogs (importlib.resources cost a tenth of `item add`'s
    start-up: benchmarks/startup.py)."""
    import os

    with open(os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", file), encoding="utf-8") as fp:
        return fp.read()


@cache
def _table(name: str) -> tuple[dict[str, Any], ...]:
    return tuple(jsontext.loads(_data(f"{name}.json"))[name])


@cache
def _cases() -> tuple[tuple[str, ...], dict[str, list[str]]]:
    doc = jsontext.loads(_data("cases.ru.json"))
    return tuple(doc["cases"]), doc["names"]


def in_case(name: str, case: str) -> str | None:
    """NAME, a built-in item's Russian name (or a brewed potion's), in CASE (`accusative`,
    ...) from the catalog's table of case forms (data/cases.ru.json); None for a name the
    table has not: a user's own name is never declined. A name with a suffix declines its
    head: `Палаш (2)` -> `Палаша (2)`, `Зелье «ST»` -> `Зелья «ST»`."""
    cases, names = _cases()
    head, rest = name, ""
    for mark in (" (", " «"):
        if mark in name:
            head, rest = name[: name.index(mark)], name[name.index(mark) :]
            break
    forms = names.get(head)
    return None if forms is None or case not in cases else forms[cases.index(case)] + rest


def weapons() -> tuple[dict[str, Any], ...]:
    return _table("weapons")


def armor() -> tuple[dict[str, Any], ...]:
    return _table("armor")


def gear() -> tuple[dict[str, Any], ...]:
    """Built-in gear: the Herbalist's herbs (R25a)."""
    return _table("gear")


def entries(packs: Sequence[dict[str, Any]] = ()) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every item entry as (kind, entry), in lookup order: the packs' first (each entry knows
    its `pack`), then the built-in weapons, armor and gear. Kind is 'pack', 'weapon', 'armor' or 'gear'."""
    for pack in packs:
        for entry in pack["items"]:
            yield "pack", {**entry, "pack": pack["pack"]}
    yield from (("weapon", e) for e in weapons())
    yield from (("armor", e) for e in armor())
    yield from (("gear", e) for e in gear())


def aliases(name: str) -> tuple[str, ...]:
    """The other names of the built-in entry called NAME (its Russian names), or (). A brewed
    potion (R25) answers to its Russian name, with or without the quotes: Зелье «ST», Зелье ST."""
    found = lookup(name)
    if found:
        return tuple(found[1]["aliases"])
    if name == "Healing Potion" or name.startswith("Potion of "):
        russian = russian_names().get(name)
        return (russian, russian.replace("«", "").replace("»", "")) if russian else ()
    return ()


def near(name: str, packs: Sequence[dict[str, Any]] = ()) -> str | None:
    """A catalog name within two edits of NAME (`Broadsord` -> Broadsword), or None."""
    from campaign_cli.rules.names import near as close

    return close(name, ((e["name"], *e["aliases"]) for _, e in entries(packs)))


def lookup(name: str, packs: Sequence[dict[str, Any]] = ()) -> tuple[str, dict[str, Any]] | None:
    """(kind, entry) for a catalog name or alias, a pack's first, else None (CLI.md "Catalog
    packs"). The first lookup in these packs scans them; the next ones go through an index
    of every name built then: an import of thousands of items after a pack of 50,000 looks
    each up at the cost of one, and one `item add` pays for no index."""
    from campaign_cli.folding import key as folded

    key = folded(name)
    index = _index(packs)
    if index is not None:
        found = index.get(key)
    else:
        found = next((hit for hit in _named(packs) if hit[0] == key), (None, None))[1]
    if found is None:
        return None
    kind, entry, pack = found
    return kind, ({**entry, "pack": pack} if kind == "pack" else entry)


Hit = tuple[str, "dict[str, Any]", "str | None"]  # kind, entry, the pack it is in
_INDEXED: list[Any] = []  # [(packs, their shape, index or None)]: the last two packs looked up in


def _named(packs: Sequence[dict[str, Any]]) -> Iterator[tuple[str, Hit]]:
    """(folded name or alias, its hit) in lookup order: the packs', then the built-ins'."""
    from campaign_cli.folding import fold

    for pack in packs:
        name = pack["pack"]
        for entry in pack["items"]:
            hit = ("pack", entry, name)
            yield fold(entry["name"]), hit
            for alias in entry.get("aliases", ()):
                yield fold(alias), hit
    for kind, table in (("weapon", weapons()), ("armor", armor()), ("gear", gear())):
        for entry in table:
            for n in (entry["name"], *entry["aliases"]):
                yield fold(n), (kind, entry, None)


def _index(packs: Sequence[dict[str, Any]]) -> dict[str, Hit] | None:
    """The index of these packs' names (the first hit in lookup order winning), built on
    their second lookup; None on the first (a scan answers it)."""
    shape = tuple((p.get("pack"), len(p.get("items", ()))) for p in packs)
    for at, (seen, seen_shape, made) in enumerate(_INDEXED):
        if seen is packs and seen_shape == shape:
            if made is None:
                made = {}
                for key, hit in _named(packs):
                    made.setdefault(key, hit)
                _INDEXED[at] = (packs, shape, made)
            returned: dict[str, tuple[str, dict[str, Any], str | None]] | None = made
            return returned
    _INDEXED[:] = [(packs, shape, None), *_INDEXED[:1]]  # the last two: the built-ins alone, and with packs
    return None


def known_names(packs: list[dict[str, Any]], skip: str | None = None) -> dict[str, Say]:
    """Every item name and alias already known (built-in, and packs other than SKIP), lowered
    -> where it is: a pack's names clash with none of them."""
    labels = {"weapon": Say("a built-in weapon"), "armor": Say("built-in armor"), "gear": Say("built-in gear")}
    out: dict[str, Say] = {}
    for kind, entry in entries():
        out.update({n.casefold(): labels[kind] for n in (entry["name"], *entry["aliases"])})
    for pack in packs:
        if pack["pack"].casefold() != (skip or "").casefold():
            for kind in ("items", "enemies"):
                for entry in pack[kind]:
                    out.update(
                        {
                            n.casefold(): Say("in pack {pack!r}", pack=pack["pack"])
                            for n in (entry["name"], *entry.get("aliases", ()))
                        }
                    )
    return out


@cache
def russian_names() -> dict[str, str]:
    """English name -> the Russian name (the first Cyrillic alias: correct Russian, such as
    Стёганая; the seed's own spelling, Стеганная, is a later alias), for the built-in
    weapons, armor and skills: how a Russian view shows them (CLI.md "Language")."""
    from campaign_cli.rules.skills import SKILLS

    out: dict[str, str] = {}
    for name, names in [
        *((e["name"], e["aliases"]) for e in (*weapons(), *armor(), *gear())),
        *((s.name, s.aliases) for s in SKILLS),
    ]:
        russian = next((n for n in names if any("а" <= c.lower() <= "я" or c in "ёЁ" for c in n)), None)
        if russian:
            out[name] = russian
    # R25's brewed potions: the Herbalist's ("исцеляющее зелье" in the seed), the Alchemist's
    out["Healing Potion"] = "Исцеляющее зелье"
    for target in ("ST", "DX", "IQ", *(s.name for s in SKILLS)):
        out[f"Potion of {target}"] = f"Зелье «{out.get(target, target)}»"
    return out


def matches(entry: dict[str, Any], text: str | None) -> bool:
    """Whether ENTRY's name or one of its aliases holds TEXT (any case); no TEXT: every entry."""
    if not text:
        return True
    key = text.strip().casefold()
    return any(key in n.casefold() for n in (entry["name"], *entry.get("aliases", ())))


def skill_entries() -> list[dict[str, Any]]:
    """The skill table (R23) as catalog entries."""
    from campaign_cli.rules.skills import SKILLS

    return [
        {
            "name": s.name,
            "aliases": list(s.aliases),
            "group": s.group,
            "check": s.check,
            "attribute": s.attribute,
            "effect": s.effect,
        }
        for s in SKILLS
    ]


def item_entries(packs: Sequence[dict[str, Any]], kinds: tuple[str, ...] | None = None) -> list[dict[str, Any]]:
    """Built-in weapons and armor and every pack item, each with its `kind` and `source`."""
    out = []
    for kind, entry in entries(packs):
        row = {
            **entry,
            "kind": entry.get("kind", kind) if kind == "pack" else kind,
            "source": entry.get("pack", "built-in"),
        }
        row.pop("pack", None)
        if kinds is None or row["kind"] in kinds:
            out.append(row)
    return out


def enemy_entries(boards: Sequence[tuple[dict[str, Any], str]], search: str | None = None) -> list[dict[str, Any]]:
    """The packs' threat boards and the campaign's own (R40), each with its `source`."""
    return [{**b, "source": source} for b, source in boards if matches(b, search)]


ENTRY_KINDS = ("weapon", "armor", "gear", "potion", "upgrade", "artifact", "skill", "enemy")


def find_entry(
    ref: str,
    packs: Sequence[dict[str, Any]],
    boards: Sequence[tuple[dict[str, Any], str]],
    kind: str | None = None,
) -> dict[str, Any]:
    """One entry, an item, a skill or an enemy (of KIND, when given), by any of its names;
    refused with suggestions; a name entries of two kinds share is refused naming them."""
    from campaign_cli.folding import key
    from campaign_cli.rules.names import resolve

    skills = [
        {k: v for k, v in {**s, "kind": "skill", "source": "built-in"}.items() if k != "attribute"}
        for s in skill_entries()
    ]
    every = [*item_entries(packs), *skills, *({**e, "kind": "enemy"} for e in enemy_entries(boards))]
    if kind is not None:
        every = [e for e in every if e["kind"] == kind]
    wanted = key(ref)
    named = [e for e in every if any(key(n) == wanted for n in (e["name"], *e.get("aliases", ())))]
    if len(named) > 1:  # a weapon and the skill of that weapon (Кинжал): entries carry no id, kinds tell them apart
        kinds = [e["kind"] for e in named]
        raise Refused(
            Say(
                "{name} names {n} catalog entry ({kinds}); say which with {option} {kind}",
                plural="{name} names {n} catalog entries ({kinds}); say which with {option} {kind}",
                quantity=len(named),
                name=Quoted(ref.strip()),
                kinds=Joined(", ", [Shown(k) for k in kinds]),
                option=Opt("kind"),
                kind=Shown(kinds[0]),
            ),
            "ambiguous_catalog_entry",
        )
    return resolve(ref, ((e, (e["name"], *e.get("aliases", ())), None) for e in every), "catalog entry")
