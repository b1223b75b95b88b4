"""The catalog and its packs (R23, R26-R30, R40; CLI.md "Catalog packs")."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, cast

from campaign_cli.errors import Joined, Opt, Say, Shown, UsageProblem
from campaign_cli.library.core import Core, checked, given_text

if TYPE_CHECKING:
    from campaign_cli import results
    from campaign_cli.store import Stored
else:
    from campaign_cli.library.core import results


class Catalog(Core):
    """The catalog's entries and the campaign's packs."""

    # -- the catalog (R23, R26-R30, R40; CLI.md "Catalog packs") -------------------------
    @checked
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

    @checked
    def catalog_weapons(self, *, search: str | None = None) -> list[results.CatalogEntry]:
        """Weapons (R26-R28): the seed's table and the campaign's packs' weapons.

        camp.catalog_weapons(search="sword")
        """
        return self._entries(("weapon",), search)

    @checked
    def catalog_armor(self, *, search: str | None = None) -> list[results.CatalogEntry]:
        """Armor and shields (R29, R30): the seed's table and the packs' armor.

        camp.catalog_armor()
        """
        return self._entries(("armor",), search)

    @checked
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

    @checked
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

    @checked
    def catalog_show(self, entry: str, /, *, kind: str | None = None) -> results.CatalogEntry:
        """One catalog entry in full: an item, a skill or an enemy, by any of its names, in
        any language. KIND (weapon, armor, gear, potion, upgrade, artifact, skill, enemy, in
        either language) picks one where entries of two kinds share a name (the weapon and
        the skill Dagger).

            camp.catalog_show("Палаш")["damage"]
            camp.catalog_show("Dagger", kind="skill")
        """
        from campaign_cli.i18n import english_word
        from campaign_cli.rules import catalog

        if kind is not None:
            kind = english_word(given_text(kind, "kind").strip(), catalog.ENTRY_KINDS)
            if kind not in catalog.ENTRY_KINDS:
                raise UsageProblem(
                    Say(
                        "{option} takes {value}, not {kind!r}",
                        option=Opt("kind"),
                        value=Joined(", ", [Shown(k) for k in catalog.ENTRY_KINDS]),
                        kind=kind,
                    ),
                    "bad_value",
                )

        def run(stored: Stored) -> results.CatalogEntry:
            found = catalog.find_entry(given_text(entry, "entry"), stored.packs(), stored.boards(), kind)
            return cast("results.CatalogEntry", found)

        return self._act("catalog show", False, run, (entry,))

    @checked
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

    @checked
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

    @checked
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
