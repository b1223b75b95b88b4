"""The one place human text goes through, so it can be translated (CLI.md "Language").

Every sentence, label and help text a person reads is written in English in the code
and passed through `_()` (or `ngettext()` for counts). The language is chosen once per
run, before the command line is parsed (`requested`, `use`): `--lang` on the root, then
CAMPAIGN_LANG, then the locale (LC_ALL, LC_MESSAGES, LANG); anything but Russian is
English. English costs nothing: the standard library's `gettext` and the compiled
catalog (`locale/ru/LC_MESSAGES/campaign.mo`) are loaded only for a Russian run, and a
run that prints JSON never chooses Russian, so JSON, error codes and stored data stay
the same in every language.

The catalog's template is extracted from the code by `tools/i18n.py` (strings in
`_()`, `N_()`, `ngettext()`, `help=` and `help_text()`), with Click's own words.
"""

from __future__ import annotations

import os

from campaign_cli.run import RUN

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: this module is on the TAB path
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

DOMAIN = "campaign"
LOCALE_DIR = os.path.join(os.path.dirname(__file__), "locale")


def _(message: str) -> str:
    """MESSAGE in the chosen language (MESSAGE itself in English or when not translated)."""
    catalog = RUN.catalog
    return message if catalog is None or not message else catalog.gettext(message)


GENDERS = (None, "m", "f")  # unknown, and the gettext contexts of the agreeing forms


def gendered(gender: str | None, message: str) -> str:
    """MESSAGE about someone whose grammatical GENDER is `m`, `f` or unknown (None): the
    translation whose verbs and participles agree (gettext contexts `m` and `f`), or, when
    the gender is not known, the neutral one, phrased so that nothing has to agree
    (docs/translating.md)."""
    catalog = RUN.catalog
    if catalog is None or not message:
        return message
    if gender in ("m", "f"):
        text = catalog.pgettext(gender, message)
        if text != message:
            return str(text)
    return str(catalog.gettext(message))


def of_thing(gender: str | None, message: str) -> str:
    """MESSAGE about a thing or a creature whose grammatical GENDER is `m`, `f` or `n`
    (an enemy: «Щупальце» is neuter) or unknown (None): the translation whose participles
    agree (gettext contexts `m`, `f`, `n`), or, when the gender is not known, the neutral
    one (CLI.md "Language": «убит/убита/убито», «вне боя» when unknown)."""
    catalog = RUN.catalog
    if catalog is None or not message:
        return message
    if gender in ("m", "f", "n"):
        text = catalog.pgettext(gender, message)
        if text != message:
            return str(text)
    return str(catalog.gettext(message))


def enemy_status(alive: bool, gender: str | None) -> str:
    """An enemy instance's status word (CLI.md "Language", enemy status words): alive, or
    killed agreeing with its grammatical gender («убит», «убита», «убито»), «вне боя» when
    the board gives none. Characters' are status_of's («погиб», «погибла»)."""
    if alive:
        return gendered(gender if gender in ("m", "f") else None, "alive")
    return of_thing(gender, "killed")


def listing(names: list[str]) -> str:
    """NAMES as a sentence lists them: `A`, `A and B`, `A, B and C` (Russian «А, Б и В»)."""
    if len(names) < 2:
        return "".join(names)
    return _("{rest} and {last}").format(rest=", ".join(names[:-1]), last=names[-1])


THIN_SPACE = "\u202f"  # the narrow no-break space Russian groups thousands with


def number(value: int) -> str:
    """A whole number as the chosen language writes it: 1,000,000 or 1 000 000."""
    text = f"{value:,}"
    return text.replace(",", THIN_SPACE).replace("-", "\u2212") if RUN.catalog is not None else text


def changed(before: object, after: object) -> str:
    """A change from BEFORE to AFTER as the chosen language writes it: `12 -> 13` in English,
    `12 → 13` in Russian (CLI.md "Language": typography)."""
    return f"{before} {'→' if RUN.catalog is not None else '->'} {after}"


def signed(value: int) -> str:
    """A change or a modifier with its sign, as the chosen language writes it: +2, -1 in
    English; +2, −1 (U+2212, the minus sign) in Russian."""
    text = f"{value:+d}"
    return text.replace("-", "\u2212") if RUN.catalog is not None else text


def percent(fraction: float, places: int = 1) -> str:
    """A chance as the chosen language writes it: 70.4% or 70,4 %."""
    text = f"{fraction * 100:.{places}f}"
    return f"{text.replace('.', ',')}{THIN_SPACE}%" if RUN.catalog is not None else f"{text}%"


def empty() -> str:
    """An empty field: a dash as the language writes it (Russian typography: an em dash)."""
    return "\u2014" if RUN.catalog is not None else "-"


def moment(stamp: str | None) -> str:
    """A journal time (UTC, `2026-12-01T01:30:09Z`) as the chosen language shows it: English
    keeps the stored stamp; Russian reads it in the local time zone, `01.12.2026 04:30`."""
    if not stamp or RUN.catalog is None:
        return stamp or empty()
    from datetime import datetime

    try:
        when = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return stamp
    return when.astimezone().strftime("%d.%m.%Y %H:%M")


def N_(message: str) -> str:  # noqa: N802  # gettext's name for a marked message
    """Marks MESSAGE for the catalog where it is defined; `_()` translates it where it is shown."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802  # as N_
    """Marks a singular and plural pair for the catalog; `ngettext(*pair, n)` chooses where it is shown."""
    return singular, plural


# The C library's words for the errors a file can give (as `strerror` writes them in
# English): marked here so the catalog has them, and os_reason() translates them.
OS_REASONS = (
    N_("No such file or directory"),
    N_("Is a directory"),
    N_("Not a directory"),
    N_("Permission denied"),
    N_("Operation not permitted"),
    N_("File exists"),
    N_("No space left on device"),
    N_("Disk quota exceeded"),
    N_("Read-only file system"),
    N_("File name too long"),
    N_("Too many levels of symbolic links"),
    N_("Input/output error"),
    N_("Device or resource busy"),
    N_("Too many open files"),
    N_("Text file busy"),
    N_("Broken pipe"),
    N_("File too large"),
    N_("Bad file descriptor"),
    N_("No such device or address"),
)


def os_reason(exc: OSError) -> str:
    """Why the system refused a file, in the chosen language ("Is a directory", "это папка")."""
    reason = exc.strerror or str(exc)
    return _(reason)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for N in the chosen language (Russian has three), with {n} filled in."""
    catalog = RUN.catalog
    text = (singular if n == 1 else plural) if catalog is None else catalog.ngettext(singular, plural, n)
    return text.replace("{n}", str(n))


def root_split(args: list[str]) -> tuple[str | None, int]:
    """The root's own options come before the command's words: (the --lang value or None,
    where the command's words start). -c/--campaign and --lang take a value."""
    lang, i = None, 0
    while i < len(args):
        arg = args[i]
        if arg in ("--lang", "-c", "--campaign"):
            if arg == "--lang" and i + 1 < len(args):
                lang = args[i + 1]
            i += 2
        elif arg.startswith("--lang="):
            lang, i = arg.partition("=")[2], i + 1
        elif arg.startswith("-"):
            i += 1
        else:
            break
    return lang, i


def requested(args: list[str], environ: Mapping[str, str] | None = None) -> str:
    """The language a command line asks for: `--lang` among the root options, then
    CAMPAIGN_LANG, then the locale. Unknown values mean English. JSON output speaks it too
    (CLI.md "Language", sixth revision: a JSON error's `message` is in the run's language;
    keys, codes, facts and stored data never change)."""
    env = os.environ if environ is None else environ
    value, _i = root_split(args)
    if value is None or code_of(value) not in LANGUAGES:  # `--lang de` is refused in the language otherwise asked
        value = env.get("CAMPAIGN_LANG") or env.get("LC_ALL") or env.get("LC_MESSAGES") or env.get("LANG") or ""
    return "ru" if code_of(value) == "ru" else "en"


def unknown_setting() -> str | None:
    """CAMPAIGN_LANG when it is set and names no language here (CLI.md "Language": English
    is spoken, and a view's run says so in a warning), else None."""
    value = os.environ.get("CAMPAIGN_LANG", "")
    return value if value and code_of(value) not in LANGUAGES else None


def code_of(value: str) -> str:
    """A language setting's code: `ru` of `ru_RU.UTF-8`, `RU`, `ru-RU`."""
    return value.lower().replace("-", "_").split("_")[0].split(".")[0]


class speaking:  # noqa: N801  # used as a function: `with speaking("ru"):`
    """`with speaking(LANG):` words said in LANG ("en" or "ru"; None: the language in use),
    the language in use back after."""

    def __init__(self, lang: str | None) -> None:
        self.lang = lang

    def __enter__(self) -> None:
        self.saved = RUN.catalog
        if self.lang is not None and self.lang != language():
            use(self.lang)

    def __exit__(self, *exc: object) -> None:
        RUN.catalog = self.saved


LANGUAGES = ("en", "ru")


def language() -> str:
    """The language in use: "ru" while the Russian catalog is loaded, else "en"."""
    return "en" if RUN.catalog is None else "ru"


class english:  # noqa: N801  # used as a function: `with english():`
    """`with english():` text that is stored (journal summaries) is written in English
    whatever the language shown: stored data never changes with the language."""

    def __enter__(self) -> None:
        self.saved, RUN.catalog = RUN.catalog, None

    def __exit__(self, *exc: object) -> None:
        RUN.catalog = self.saved


def use(lang: str) -> None:
    """Speak LANG from now on (loads the catalog for Russian; English unloads it)."""
    RUN.examples = None
    if lang != "ru":
        RUN.catalog = None
        return
    RUN.catalog = load_catalog(DOMAIN)


def load_catalog(name: str) -> Any:
    """The Russian catalog NAME (`campaign`, `campaign-examples`), or None when it is not
    installed or broken (then English)."""
    try:
        with open(os.path.join(LOCALE_DIR, "ru", "LC_MESSAGES", f"{name}.mo"), "rb") as fp:
            return Catalog(fp.read())
    except (OSError, ValueError, UnicodeError, IndexError):
        return None


class Catalog:
    """A compiled catalog (GNU .mo) read in place: each message is found by a binary search
    of the catalog's sorted originals and decoded only when asked for. The standard
    library's GNUTranslations decodes all 1,500 messages when it loads (7 ms on every
    Russian run); a command asks for a few dozen. Answers as GNUTranslations does:
    `gettext`, `ngettext` and `pgettext`, the message itself when it is not there."""

    def __init__(self, data: bytes) -> None:
        import struct

        order = {0x950412DE: "<", 0xDE120495: ">"}.get(struct.unpack("<I", data[:4])[0])
        if order is None:
            raise ValueError("not a .mo file")
        count, originals, translations = struct.unpack(order + "3I", data[8:20])
        self.data, self.count = data, count
        self.originals = struct.unpack_from(f"{order}{2 * count}I", data, originals)  # length, offset, ...
        self.translations = struct.unpack_from(f"{order}{2 * count}I", data, translations)
        self.cache: dict[bytes, str | None] = {}
        header = self._find(b"") or ""
        found = next((line for line in header.splitlines() if line.lower().startswith("plural-forms:")), "")
        expression = found.partition("plural=")[2].strip().rstrip(";")
        if expression:
            import gettext

            self.plural = gettext.c2py(expression)
        else:
            self.plural = lambda n: int(n != 1)

    def _string(self, table: tuple[int, ...], index: int) -> bytes:
        length, offset = table[2 * index], table[2 * index + 1]
        return self.data[offset : offset + length]

    def _find(self, key: bytes) -> str | None:
        if key in self.cache:
            return self.cache[key]
        low, high = 0, self.count
        while low < high:  # the first original not below KEY (msgfmt and polib write them sorted)
            middle = (low + high) // 2
            if self._string(self.originals, middle) < key:
                low = middle + 1
            else:
                high = middle
        found = None
        if low < self.count and self._string(self.originals, low) == key:
            found = self._string(self.translations, low).decode("utf-8")
        self.cache[key] = found
        return found

    def gettext(self, message: str) -> str:
        found = self._find(message.encode("utf-8"))
        return message if found is None else found

    def pgettext(self, context: str, message: str) -> str:
        found = self._find(f"{context}\x04{message}".encode())
        return message if found is None else found

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        found = self._find(f"{singular}\x00{plural}".encode())
        if found is None:
            return singular if n == 1 else plural
        forms = found.split("\x00")
        return forms[min(self.plural(n), len(forms) - 1)]


def status_of(value: str, gender: str | None = None) -> str:
    """A character's status word agreeing with them (R11a, R12): "жива", "вышел из строя",
    or, with no gender known, a form where nothing agrees ("не в строю", "в числе погибших": GLOSSARY.md).
    One literal call per word: tools/i18n.py finds the messages given to gendered()."""
    if value == "alive":
        return gendered(gender, "alive")
    if value == "out":
        return gendered(gender, "out")
    if value == "dying":
        return gendered(gender, "dying")
    if value == "dead":
        return gendered(gender, "dead")
    return shown(value)


# Words stored as data (statuses, kinds, places) that views show in the chosen language.
WORDS = {
    "alive": N_("alive"),
    "out": N_("out"),
    "dying": N_("dying"),
    "dead": N_("dead"),
    "success": N_("success"),
    "failure": N_("failure"),
    "skipped": N_("skipped"),
    "ok": N_("ok"),
    "hero": N_("hero"),
    "wizard": N_("wizard"),
    "held": N_("held"),
    "worn": N_("worn"),
    "carried": N_("carried"),
    "normal": N_("normal"),
    "brutal": N_("brutal"),
    "town": N_("town"),
    "adventure": N_("adventure"),
    "yes": N_("yes"),
    "no": N_("no"),
    "none": N_("none"),
    "character": N_("character"),
    "enemy": N_("enemy"),
    "between": N_("between"),
    "small": N_("small"),
    "medium": N_("medium"),
    "large": N_("large"),
    "huge": N_("huge"),
    "giant": N_("giant"),
    "Dark Stone": N_("Dark Stone"),  # a forged upgrade's name when none is given (R39)
    "all": N_("all"),
    "random": N_("random"),
    "gear": N_("gear"),
    "artifact": N_("artifact"),
    "weapon": N_("weapon"),
    "armor": N_("armor"),
    "upgrade": N_("upgrade"),
    "potion": N_("potion"),
    "wish": N_("wish"),  # `curse remove --pay` (R18)
    "karma": N_("karma"),
    "xp": N_("xp"),
    "change": N_("change"),
    "undo": N_("undo"),
    "redo": N_("redo"),
    "stored": N_("stored"),
    "roll": N_("roll"),
    "init": N_("init"),
    "batch": N_("batch"),
    "over": N_("over"),
    "won": N_("won"),
    "fled": N_("fled"),
    "hit": N_("hit"),
    "damage": N_("damage"),
    "built-in": N_("built-in"),
    "skill": N_("skill"),
    "pack": N_("pack"),
    # R23's skill groups
    "athletic": N_("athletic"),
    "combat": N_("combat (skill group)"),
    "social": N_("social"),
    "survival": N_("survival"),
    "thief": N_("thief"),
    "crafts": N_("crafts"),
    # the weapon table's groups (the seed's Клинки, Топоры, ...)
    "unarmed": N_("Unarmed"),
    "blades": N_("Blades"),
    "clubs": N_("Clubs"),
    "axes": N_("Axes"),
    "polearms": N_("Polearms"),
    "missiles": N_("Missiles"),
    # where a catalog entry comes from (a pack's own name is shown as it is)
    "campaign": N_("the campaign"),
}


def english_word(value: str, choices: tuple[str, ...]) -> str:
    """The English choice (as stored) that VALUE names, in English or in Russian, any case,
    ё as е: `--kind артефакт` is `artifact` (CLI.md "Language"). VALUE itself when none
    does (the caller's check refuses it, naming the choices)."""
    from campaign_cli.folding import key  # names are compared one way everywhere

    wanted = key(value)
    for choice in choices:
        if key(choice) == wanted:
            return choice
    catalog = RUN.catalog or load_catalog(DOMAIN)  # the Russian words, loaded only on a miss
    for choice in choices if catalog is not None else ():
        if choice in WORDS and key(catalog.gettext(WORDS[choice])) == wanted:
            return choice
    return value


def dice(text: str) -> str:
    """A dice expression as the language writes it: `2D6-1` in English, `2к6−1` in Russian
    (the seeds' к, U+2212 for minus; the tool reads either)."""
    if language() != "ru":
        return text
    return text.replace("D", "к").replace("d", "к").replace("-", "\u2212")  # the minus sign, as every number


def declined(word: str, case: str) -> str | None:
    """WORD (one of the messages' own, English) in CASE (a catalog context: `genitive`) in
    the language in use, or None where the language has no such form (English)."""
    catalog = RUN.catalog
    if catalog is None:
        return None
    form = catalog.pgettext(case, word)
    return None if form == word else form


def side(label: str | None) -> str:
    """A side of the turn order as shown: a character's name as it is; an enemy group's
    label, stored in English when one type has several groups (`Bog Lurker (group 2)`,
    rules/fights.py `label`), in the language in use (`Bog Lurker (группа 2)`)."""
    label = label or ""
    kind, group, n = label[:-1].rpartition(" (group ") if label.endswith(")") else ("", "", "")
    if group and n.isdigit():
        return _("{type} (group {n})").format(type=shown(kind), n=n)
    return label


def shown(value: str) -> str:
    """How a stored word or name is shown: a status word or a rule or catalog name in the
    chosen language (R-tables' English names become the seeds' Russian ones); anything else as is."""
    catalog = RUN.catalog
    if catalog is None or not value:
        return value
    if value in WORDS:
        return str(catalog.gettext(WORDS[value]))
    said = str(catalog.pgettext("name", value))  # the catalog's name entries come from the seed's tables
    if said == value and "\u00d7" in value:  # a stack's pieces (rules.names.with_pieces): `Herb ×3`
        name, sign, count = value.rpartition(" \u00d7")
        if sign and count.isdecimal():
            return f"{catalog.pgettext('name', name)}{sign}{count}"
    return said
