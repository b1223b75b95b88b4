"""Domain errors and the exit codes they map to (CLI.md "Exit codes").

Every layer raises these; only the CLI's output module turns them into an
exit status and a message on stderr.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: this module is on the TAB path
if TYPE_CHECKING:
    import os
    from typing import Any

# Set by the store while it commits: from then on a signal no longer stops the command,
# which completes and reports success (CLI.md "Reliability guarantees"). The signal that
# came then is kept in "deferred": a command of many steps (the demo) obeys it once the
# step is done. "saved": the command's change (or roll) is written: its exit is 0 whatever
# becomes of its answer on standard output (CLI.md "Reliability", seventh revision). Reset
# as each command starts (cli/app.py run).
COMMIT = {"started": False, "deferred": 0, "saved": False, "answered": False}


class ExitStatus:  # the exit codes as plain ints (an IntEnum class is a cost on every run: benchmarks/startup.py)
    OK = 0
    REFUSED = 1  # the rules forbid it, a named thing is missing, a name is taken
    USAGE = 2  # unknown option, malformed value
    FILE = 3  # the campaign file cannot be used


def N_(message: str) -> str:  # noqa: N802  # gettext's name for a marked message
    """Mark MESSAGE for the catalog (tools/i18n.py extracts it); it is translated when shown."""
    return message


class Say:
    """A sentence as a fact: its English template (the catalog's message id) and its
    fields, put into words only when shown, in the language of the run then. The rules
    raise refusals with one (`Refused(Say("R38: {name} has {value} gold", name=...,
    value=...), "cannot_afford")`) and never import the catalog: the words live in one place.

    PLURAL and QUANTITY: a message with plural forms (`{n}` is QUANTITY); AGREEING: the
    grammatical gender of the person the words agree with (`m`, `f`, None). A field that
    is a Say is said too; a Shown field is a rule or catalog name, or a number, shown in
    the language in use."""

    __slots__ = ("fields", "gender", "gendered", "plural", "quantity", "template")

    def __init__(self, template: str, /, *, plural: str | None = None, quantity: int = 1, **fields: Any) -> None:
        self.template, self.plural, self.quantity = template, plural, quantity
        self.gendered = "agreeing" in fields
        self.gender = fields.pop("agreeing", None)
        self.fields = fields

    def __str__(self) -> str:
        from campaign_cli import i18n

        if self.plural is not None:
            text = i18n.ngettext(self.template, self.plural, self.quantity)
        elif self.gendered:
            text = i18n.gendered(self.gender, self.template)
        else:
            text = i18n._(self.template)
        return text.format(**{k: said(v) for k, v in self.fields.items()}) if self.fields else text

    def __add__(self, other: object) -> Say:
        return Say(JOINED, a=self, b=other)

    def __radd__(self, other: object) -> Say:
        return Say(JOINED, a=other, b=self)

    def facts(self) -> dict[str, Any]:
        """The fields as plain values (what a script reads from a refusal)."""
        if self.template is JOINED:  # one sentence after another: the facts of both
            return {k: v for part in self.fields.values() if isinstance(part, Say) for k, v in part.facts().items()}
        out = {}
        for key, value in self.fields.items():
            if key.isupper():  # a constant the sentence names (R2's {START_TOTAL}) is no fact
                continue
            if isinstance(value, Say):
                value = value.facts() or value.template
            elif isinstance(value, Shown):
                value = value.value
            elif isinstance(value, Joined):
                value = [
                    v.name if isinstance(v, Opt) else v.value if isinstance(v, (Quoted, Shown)) else v
                    for v in value.values
                ]
            elif isinstance(value, Opt):
                value = value.name
            elif isinstance(value, Cmd):
                value = value.path
            elif isinstance(value, (Quoted, Side)):
                value = value.value
            elif isinstance(value, Genitive):
                value = value.word
            elif isinstance(value, Words):
                value = value.english()
            out[key] = value
        return out


JOINED = "{a}{b}"  # one sentence after another: no message of the catalog


class Shown:
    """A rule or catalog name in a Say's fields, stored in English, or a number: shown in
    the language in use (`Палаш`, `1 000 000`)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __str__(self) -> str:
        from campaign_cli.i18n import number, shown

        if isinstance(self.value, int) and not isinstance(self.value, bool):
            return number(self.value)
        return shown(self.value) if isinstance(self.value, str) else str(self.value)


class Words:
    """A part of a sentence whose fact is its English text, not its parts (a type or a value
    said in words: "a list of texts or None"); said in the language in use."""

    __slots__ = ("said",)

    def __init__(self, said: Say) -> None:
        self.said = said

    def __str__(self) -> str:
        return str(self.said)

    def english(self) -> str:
        from campaign_cli.i18n import speaking

        with speaking("en"):
            return str(self.said)


class Quoted:
    """A name in a message, quoted as the language quotes it: «Палаш» in Russian, 'Palash'
    (repr) in English (CLI.md "Language")."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __str__(self) -> str:
        from campaign_cli.i18n import language

        return f"«{self.value}»" if language() == "ru" else repr(self.value)


class Joined:
    """Values joined by a separator that is itself a message (`" or "`, `"или"`). A separator
    of " or " or " and " joins as a list is written: `A, B or C` («…1», «…2» или «…3»)."""

    __slots__ = ("separator", "values")

    def __init__(self, separator: str, values: list[Any]) -> None:
        self.separator, self.values = separator, values

    def __str__(self) -> str:
        from campaign_cli.i18n import _

        words = [str(said(v)) for v in self.values]
        if self.separator in (" or ", " and ") and len(words) > 2:
            return ", ".join(words[:-1]) + _(self.separator) + words[-1]
        return _(self.separator).join(words)


class Opt:
    """An option in a message, as the front end that shows it names it: `--by` on the
    command line, `by=` from the library (a script passes keyword arguments, not options)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __str__(self) -> str:
        from campaign_cli.run import RUN

        if RUN.front == "cli":
            return "--" + self.name.rstrip("_").replace("_", "-")
        return self.name + "="


class Arg(Opt):
    """An argument in a message: `CHARACTER` on the command line (as its usage line names
    it, in the language in use: `ПЕРСОНАЖ`), `character` from the library."""

    __slots__ = ()

    def __str__(self) -> str:
        from campaign_cli.run import RUN

        if RUN.front != "cli":
            return self.name
        from campaign_cli.i18n import _

        return _(self.name.rstrip("_").upper())  # the placeholder as the help's usage line has it: ГОРОД


class Cmd:
    """A command in a message, as the front end that shows it would be asked: `campaign
    fight next` on the command line, `fight_next()` from the library (CLI.md "Python API":
    the library speaks its own words). ARGS are values (shown as typed) or Args (placeholders);
    OPTIONS are flags (True) or values; FLAGS: alternatives (`--won|--fled`)."""

    __slots__ = ("args", "flags", "options", "path")

    def __init__(self, path: str, *args: Any, flags: tuple[str, ...] = (), **options: Any) -> None:
        self.path, self.args, self.options, self.flags = path, args, options, flags

    def __str__(self) -> str:
        from campaign_cli.run import RUN

        if RUN.front == "cli":
            import shlex

            words = [str(a) if isinstance(a, Opt) else shlex.quote(str(a)) for a in self.args]
            words += [str(Opt(k)) if v is True else f"{Opt(k)} {v}" for k, v in self.options.items()]
            words += ["|".join(str(Opt(f)) for f in self.flags)] if self.flags else []
            return "`" + " ".join(["campaign", self.path, *words]) + "`"
        call = self.path.replace(" ", "_")
        parts = [str(a) if isinstance(a, Opt) else repr(str(a) if isinstance(a, Shown) else a) for a in self.args]
        parts += [
            f"{k}=True" if v is True else f"{k}={v if isinstance(v, Opt) else repr(v)}" for k, v in self.options.items()
        ]
        calls = [f"{call}({', '.join([*parts, f'{flag}=True'])})" for flag in self.flags] or [
            f"{call}({', '.join(parts)})"
        ]
        return " | ".join(f"`{c}`" for c in calls)


class Side:
    """A side of the turn order in a message (a character's name, or an enemy group's label
    stored in English: `Bog Lurker (group 2)`), shown in the language in use."""

    __slots__ = ("value",)

    def __init__(self, value: str | None) -> None:
        self.value = value or ""

    def __str__(self) -> str:
        from campaign_cli.i18n import side

        return side(self.value)


class Genitive:
    """One of the messages' own words (rules.names.WHAT: "item", "curse") in the genitive
    where the language declines it, from the catalog's `genitive` entries (Russian: «нет
    предмета «Топор»»); the word as it is otherwise (English)."""

    __slots__ = ("word",)

    def __init__(self, word: str) -> None:
        self.word = word

    def __str__(self) -> str:
        from campaign_cli.i18n import _, declined

        return declined(self.word, "genitive") or _(self.word)


def said(value: Any) -> Any:
    """VALUE as a message shows it: a Say or a Shown in words, a number of more than 18
    digits by how many it has (Python will not write out one of 5,000), anything else as it is."""
    if isinstance(value, int) and not isinstance(value, bool) and not -(10**18) < value < 10**18:
        digits = len(str(abs(value))) if value.bit_length() < 4000 else int(value.bit_length() * 0.30103) + 1
        return str(Say("a number of {n} digit", plural="a number of {n} digits", quantity=digits, n=digits))
    return str(value) if isinstance(value, (Say, Shown, Joined, Opt, Quoted, Genitive, Cmd, Side, Words)) else value


class CampaignError(Exception):
    """Base class: a one-line message for the user plus a stable snake_case code. The
    message is a string, or a Say (a template and its fields) put into words when read."""

    status = ExitStatus.REFUSED
    code = "refused"
    front: str | None = None  # the front end whose words the message uses (an Opt: `--by` or `by=`)
    lang: str | None = None  # the language it is said in (a library block's, read after the block)

    def __init__(self, message: str | Say, code: str | None = None) -> None:
        super().__init__(message)
        self._message = message
        self.extra: dict[str, object] = {}  # more fields for the JSON error object (e.g. suggestions)
        self.path: os.PathLike[str] | str | None = None  # the file a file problem is about, when it names one
        if code:
            self.code = code

    @property
    def message(self) -> str:
        if self.front is None and self.lang is None:
            return str(self._message)
        from campaign_cli.i18n import speaking
        from campaign_cli.run import RUN

        before, RUN.front = RUN.front, self.front or RUN.front  # said as the front end it was raised to
        try:
            with speaking(self.lang):  # in the language of the block it was raised in
                return str(self._message)
        finally:
            RUN.front = before

    @message.setter
    def message(self, text: str) -> None:
        self._message = text

    @property
    def facts(self) -> dict[str, object]:
        """The refusal's fields (`{"name": "Ajax", "value": 3}`), when it was raised with a Say."""
        return self._message.facts() if isinstance(self._message, Say) else {}

    def __str__(self) -> str:
        return self.message

    @property
    def suggestions(self) -> list[str]:
        """The names close to one that matched nothing (`["Ajax"]` for "Ajx"); else empty."""
        found = self.extra.get("suggestions")
        return [str(name) for name in found] if isinstance(found, list) else []

    @property
    def exit_status(self) -> int:
        """The exit code the command line gives for this error (1, 2 or 3)."""
        return int(self.status)


class Refused(CampaignError):
    status = ExitStatus.REFUSED
    code = "refused"


class NotFound(CampaignError):
    status = ExitStatus.REFUSED
    code = "not_found"


class NameTaken(CampaignError):
    status = ExitStatus.REFUSED
    code = "name_taken"


class UsageProblem(CampaignError):
    status = ExitStatus.USAGE
    code = "usage"


class FileProblem(CampaignError):
    status = ExitStatus.FILE
    code = "campaign_file"
