"""Documents: sheets, recaps, other tools' files (CLI.md "Interchange")."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Literal, cast, overload

from campaign_cli.errors import Joined, Opt, Refused, Say, UsageProblem
from campaign_cli.library.core import Core, character_view, checked, given_name, given_text, whole_number, write_file

if TYPE_CHECKING:
    from typing import Any

    from campaign_cli import results
    from campaign_cli.store import Stored
else:
    from campaign_cli.library.core import results


class Documents(Core):
    """Sheets, recaps, and characters written for or read from other tools."""

    # -- documents: sheets, recaps, other tools' files ----------------------------------
    @overload
    def character_sheet(self, character: str | int, /, *, format: Literal["json"]) -> results.Sheet: ...
    @overload
    def character_sheet(
        self, first: str | int, second: str, /, *names: str | int, format: Literal["json"]
    ) -> list[results.Sheet]: ...
    @overload
    def character_sheet(self, /, *, all: Literal[True], format: Literal["json"]) -> list[results.Sheet]: ...
    @overload
    def character_sheet(self, /, *names: str | int, all: bool = False, format: Literal["md", "html"] = "md") -> str: ...
    @checked
    def character_sheet(
        self, /, *names: str | int, all: bool = False, format: Literal["md", "html", "json"] = "md"
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
        wanted = [given_name(n, "names") for n in names]
        if bool(wanted) == all:
            raise UsageProblem(
                Say("name characters or give {option} (one or the other)", option=Opt("all")), "missing_argument"
            )

        def run(stored: Stored) -> str | results.Sheet | list[results.Sheet]:
            docs = stored.characters() if all else list({id(d): d for d in map(stored.character, wanted)}.values())
            if not docs:
                raise Refused(Say("no characters yet: create one first"), "no_characters")
            chars = [character_view(d) for d in docs]
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
        self,
        character: str | int,
        /,
        *,
        format: Literal["foundry", "statblock", "sob-react"],
        output: None = None,
        force: bool = False,
    ) -> str: ...
    @overload
    def character_export(
        self,
        character: str | int,
        /,
        *,
        format: Literal["foundry", "statblock", "sob-react"],
        output: str | os.PathLike[str],
        force: bool = False,
    ) -> results.CharacterWritten: ...
    @checked
    def character_export(
        self,
        character: str | int,
        /,
        *,
        format: Literal["foundry", "statblock", "sob-react"],
        output: str | os.PathLike[str] | None = None,
        force: bool = False,
    ) -> str | results.CharacterWritten:
        """CHARACTER for another tool: an actor of Foundry VTT's fantasy-trip system
        (`format="foundry"`, JSON), the stat block TFT adventures print (`"statblock"`), or
        a Brimstone hero for the SoB-React app (`"sob-react"`, JSON: the hero it came as,
        what changed here laid over it);
        returned as text, or written to OUTPUT (an existing file only with FORCE; inside a
        block, when it commits). docs/interchange.md says what maps to what.

            block = camp.character_export("Ajax", format="statblock")
            camp.character_export("Ajax", format="foundry", output="ajax.foundry.json")
        """
        from campaign_cli import jsontext
        from campaign_cli.rules import interchange, sobreact

        if format not in FORMATS:
            raise UsageProblem(
                Say("{option} takes foundry, statblock or sob-react, not {value!r}", option=Opt("format"), value=format)
            )

        def run(stored: Stored) -> str | results.CharacterWritten:
            ch = character_view(stored.character(character))
            if format == "foundry":
                text = jsontext.shown(interchange.to_foundry(dict(ch)), indent=2) + "\n"
            elif format == "sob-react":
                text = jsontext.shown(sobreact.to_hero(dict(ch)), indent=2) + "\n"
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

    @checked
    def character_not_ascii(self, character: str | int, /) -> list[str]:
        """The names in CHARACTER's stat block that the fantasy-trip system's importer cannot
        read (its pattern admits Latin letters, digits, spaces, ’ ' and a backquote: not
        Cyrillic, a hyphen, a comma): what `character_export(..., format="statblock")` warns
        about.

            camp.character_not_ascii("Ajax")  # []: every name in his block is readable there
        """
        from campaign_cli.rules import interchange

        return self._act(
            "character show",
            False,
            lambda stored: interchange.not_ascii(dict(stored.character(character))),
            (character,),
        )

    @checked
    def character_import(
        self,
        file: str | os.PathLike[str],
        /,
        *,
        format: Literal["foundry", "statblock", "sob-react"] | None = None,
        name: str | None = None,
        st: int | None = None,
        dx: int | None = None,
        iq: int | None = None,
    ) -> results.CharacterImported:
        """A character from another tool's FILE ("-" reads stdin): a Foundry VTT
        fantasy-trip actor, a stat block, or a Brimstone hero as the SoB-React app exports
        it (`format`, default: detected), as a new character named NAME (default: the
        file's): attributes as they are (R2 is for new characters), talents matched to the
        skill table (the others kept and listed as `unmatched`), spells, items worn or
        carried. A hero has no ST, DX or IQ: ST, DX and IQ give them (R2: 32 points); a
        backup of many heroes makes a character of each (the same ST, DX and IQ for all;
        no NAME), every one in `heroes`.

            camp.character_import("uldor.json")
            camp.character_import("hector.txt", format="statblock", name="Hector2")
            camp.character_import("samples/heroes/cole.json", format="sob-react", st=12, dx=12, iq=8)
        """
        from campaign_cli.acts import characters as lives
        from campaign_cli.inputs import read_text
        from campaign_cli.rules import interchange, sobreact

        if format is not None and format not in FORMATS:
            raise UsageProblem(
                Say("{option} takes foundry, statblock or sob-react, not {value!r}", option=Opt("format"), value=format)
            )
        for value, option in ((st, "st"), (dx, "dx"), (iq, "iq")):
            if value is not None:
                whole_number(value, option, 1)
        source = os.fspath(file)
        text = read_text(source)
        kind = format or interchange.detect(text)
        data = _json(text, source) if kind in ("foundry", "sob-react") else None
        if kind == "foundry" and format is None and sobreact.is_hero(data):
            kind = "sob-react"
        if kind == "sob-react":
            plans = _heroes(data, name, st, dx, iq)
        elif kind == "foundry":
            plans = [interchange.from_foundry(data)]
        else:
            plans = [interchange.from_statblock(text)]
        if kind != "sob-react" and (st, dx, iq) != (None, None, None):
            raise UsageProblem(
                Say(
                    "{options} are for a SoB-React hero, which has none: a {format} file says its own",
                    options=Joined(", ", [Opt("st"), Opt("dx"), Opt("iq")]),
                    format=kind,
                )
            )

        def run(stored: Stored) -> results.CharacterImported:
            made = []
            for plan in plans:
                doc, over = lives.bring_in(stored, plan, name, kind)
                made.append({**character_view(doc), "unmatched": plan["unmatched"], "stored_over_limit": over})
            first = dict(made[0])
            if len(made) > 1:
                first["heroes"] = made
            return cast("results.CharacterImported", first)

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
    @checked
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
            whole_number(adventure, "adventure", 1)
        start = None if since is None else rules.since_date(given_text(since, "since"))

        def run(stored: Stored) -> results.Recap | str:
            from campaign_cli.store import history

            fold = rules.Recap({c["id"]: c["name"] for c in stored.characters()})
            title, first, newest = rules.select(
                lambda wanted=None: history.history(stored, wanted), stored.meta, adventure, start, last, fold.add
            )
            data = {"from": first, "to": newest, "adventure": title, **fold.result()}
            if format == "json":
                return cast("results.Recap", data)
            genders = {c["name"]: c.get("gender") for c in stored.characters()}
            if format == "md":
                return words.markdown(data, genders)
            return "\n".join(words.lines(data, genders)) + "\n"

        return self._act("recap", False, run)


FORMATS = ("foundry", "statblock", "sob-react")  # another tool's character (docs/interchange.md)


def _json(text: str, source: str) -> object:
    """A character file's JSON, refused whole when it is not JSON or repeats a key."""
    from campaign_cli import jsontext

    try:
        data = jsontext.loads(text)
    except (ValueError, RecursionError):
        raise Refused(
            Say("not a Foundry actor: {source} is not valid JSON", source=source), "bad_character_file"
        ) from None
    twice = jsontext.repeated_key(text)
    if twice is not None:  # a reader would keep the last and drop the first without a word
        raise Refused(
            Say("not a Foundry actor: the key {key!r} stands twice in one object", key=twice), "bad_character_file"
        )
    return data


def _heroes(data: object, name: str | None, st: int | None, dx: int | None, iq: int | None) -> list[dict[str, Any]]:
    """The plans of a SoB-React file's heroes: ST, DX and IQ given (R2), NAME for one alone."""
    from campaign_cli.rules import sobreact
    from campaign_cli.rules.characters import check_allocation

    missing = [Opt(o) for o, v in (("st", st), ("dx", dx), ("iq", iq)) if v is None]
    if missing:
        raise UsageProblem(
            Say("a SoB-React hero has no ST, DX or IQ: give {options}", options=Joined(", ", missing)), "usage"
        )
    assert st is not None and dx is not None and iq is not None  # said just above
    check_allocation(st, dx, iq)  # R2: 32 points
    found = sobreact.heroes(data)
    if name is not None and len(found) > 1:
        raise UsageProblem(
            Say("{option} names one hero; this file holds {n}", option=Opt("name"), n=len(found)), "usage"
        )
    where = len(found) > 1
    return [sobreact.from_hero(h, st, dx, iq, f"heroes[{n}]" if where else "") for n, h in enumerate(found)]
