"""The message catalogs (gettext): extract the template, merge it into ru.po, compile .mo.

    python tools/i18n.py extract   # campaign_cli/locale/campaign.pot from the code
    python tools/i18n.py update    # the template, merged into each .po (new entries empty)
    python tools/i18n.py compile   # each .po -> campaign.mo and campaign-examples.mo (shipped)
    python tools/i18n.py check     # exit 1 if the template is stale, an entry is missing,
                                   # empty or fuzzy, an example changes its command,
                                   # or a .mo is out of date

Translatable text is found by reading the code (ast), not by running it: the first
argument of `_()`, `N_()`, `Said()` (the demo's typed text), `ngettext()` and
`N_plural()` (two forms), every `help=` keyword, the summary of every `help_text()`,
and Click's and Typer's own words listed below. Entries with a context are made from the
code too: the `m` and `f` forms of each `gendered()` message, and each `help_text()`
example (context `example`, compiled apart so only a help page reads them). An f-string given to `_()` or
`ngettext()` cannot be in a catalog: `check` reports it. polib (a development
dependency, in the test extra) reads the .po files and writes the .mo (GNU gettext's
layout, read by the standard library's `gettext.GNUTranslations`).
"""

from __future__ import annotations

import ast
import functools
import itertools
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "campaign_cli"
LOCALE = PACKAGE / "locale"
POT = LOCALE / "campaign.pot"
LANGS = ("ru",)

# Click's and Typer's words in a help page or a usage error (translated in campaign_cli.i18n).
CLICK_WORDS = (
    "Usage: ",
    "Options",
    "Arguments",
    "Commands",
    "Show this message and exit.",
    "default: {default}",
    "required",
    "No such command {name!r}.",
    "Missing command.",
    "env var: {var}",
    "(dynamic)",
    "Examples:",
    "[OPTIONS]",
    "COMMAND [ARGS]...",
)

HEADER = {
    "ru": (
        'Project-Id-Version: campaign-cli\nPO-Revision-Date: 2026-11-30 00:00+0000\n'
        'Last-Translator: The campaign-cli authors\nLanguage-Team: Russian\nLanguage: ru\nMIME-Version: 1.0\n'
        'Content-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: 8bit\n'
        'Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && '
        '(n%100<10 || n%100>=20) ? 1 : 2);\n'
    ),
}


def _text(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _name(call: ast.Call) -> str | None:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


# Outside the package, the code whose words are the catalog's too: the man pages' generator
# writes the Russian pages in them.
ALSO = (ROOT / "tools" / "manpage.py",)


def calls() -> list[tuple[Path, ast.Call]]:
    """Every call in the package's code (and ALSO's), with its file: read once a run."""
    return _calls(PACKAGE)


@functools.cache
def _calls(package: Path) -> list[tuple[Path, ast.Call]]:
    return [
        (path, node)
        for path in [*sorted(package.rglob("*.py")), *ALSO]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call)
    ]


def extract() -> dict[tuple[str, str | None], list[str]]:
    """(msgid, msgid_plural or None) -> where it is used, in a stable order."""
    found: dict[tuple[str, str | None], list[str]] = {}

    def add(msgid: str | None, plural: str | None, where: str) -> None:
        if msgid:
            found.setdefault((msgid, plural), []).append(where)

    for path, node in calls():
        where = path.relative_to(ROOT).as_posix()  # the file only: moving a line does not make the template stale
        name = _name(node)
        if name == "Say" and node.args:  # errors.Say: a template said when shown
            plural = next((_text(k.value) for k in node.keywords if k.arg == "plural"), None)
            add(_text(node.args[0]), plural, where)
        elif name in ("_", "N_", "Said") and node.args:
            add(_text(node.args[0]), None, where)
        elif name in ("gendered", "of_thing") and len(node.args) >= 2:
            add(_text(node.args[1]), None, where)  # the neutral form; the others: gendered_msgids(), thing_msgids()
        elif name in ("ngettext", "N_plural") and len(node.args) >= 2:
            add(_text(node.args[0]), _text(node.args[1]), where)
        elif name == "help_text" and node.args:
            for paragraph in (_text(node.args[0]) or "").split("\n\n"):
                add(paragraph, None, where)
        for kw in node.keywords:
            if kw.arg == "help" and _text(kw.value):
                for paragraph in _text(kw.value).split("\n\n"):
                    add(paragraph, None, where)
    for word in CLICK_WORDS:
        add(word, None, "click")
    # by the first file using it, then alphabetically: moving code around changes nothing
    return dict(sorted(found.items(), key=lambda item: (item[1][0], item[0][0], item[0][1] or "")))


GENDERS = ("m", "f")  # msgctxt of a message's forms that agree with a person's gender


def gendered_msgids() -> list[str]:
    """The messages given to `gendered()`: each has a neutral entry and one per gender."""
    found: dict[str, None] = {}
    for _path, node in calls():
        if _name(node) == "gendered" and len(node.args) >= 2:
            text = _text(node.args[1])
            if text:
                found[text] = None
        elif (
            _name(node) == "Say"
            and node.args
            and any(k.arg == "agreeing" for k in node.keywords)
            and _text(node.args[0])
        ):
            found[_text(node.args[0])] = None  # said agreeing with a person (errors.Say)
    return sorted(found)


THING_GENDERS = ("m", "f", "n")  # msgctxt of a message's forms that agree with a thing's gender (i18n.of_thing)


def thing_msgids() -> list[str]:
    """The messages given to `of_thing()`: each has a neutral entry and one per gender."""
    found: dict[str, None] = {}
    for _path, node in calls():
        if _name(node) == "of_thing" and len(node.args) >= 2 and _text(node.args[1]):
            found[_text(node.args[1])] = None
    return sorted(found)


EXAMPLE = "example"  # msgctxt of a help example: the command line as a Russian table types it


def example_msgids() -> list[str]:
    """The example command lines given to `help_text()` (its arguments after the summary)."""
    found: dict[str, None] = {}
    for _path, node in calls():
        if _name(node) == "help_text":
            found.update((text, None) for text in map(_text, node.args[1:]) if text)
    return sorted(found)


def context_msgids() -> list[tuple[str, str, str]]:
    """(msgctxt, msgid, comment) of the entries with a context made from the code: each
    gendered message's `m` and `f` forms, and each help example."""
    out = [
        (ctx, msgid, f"#. the form for a person of gender {ctx} (i18n.gendered)")
        for msgid in gendered_msgids()
        for ctx in GENDERS
    ]
    out += [
        (ctx, msgid, f"#. the form for a thing of gender {ctx} (i18n.of_thing)")
        for msgid in thing_msgids()
        for ctx in THING_GENDERS
    ]
    return (
        out
        + [
            (EXAMPLE, m, "#. a help example: the same command and options, names as a Russian table types them")
            for m in example_msgids()
        ]
        + [
            (case, w, f"#. the word in the {case} (i18n.declined: {use})")
            for case, use in CASES.items()
            for w in what_words()
        ]
    )


# msgctxt of rules.names.WHAT's words in a case, and where a message uses it
CASES = {"genitive": "«нет предмета»", "accusative": "«получает предмет «Ящик»»"}


def what_words() -> list[str]:
    """The words a name can name (rules.names.WHAT), read from the code."""
    tree = ast.parse((ROOT / "campaign_cli" / "rules" / "names.py").read_text(encoding="utf-8"))
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "WHAT" for t in stmt.targets):
            calls_ = stmt.value.elts if isinstance(stmt.value, ast.Tuple) else []
            return [t for c in calls_ if isinstance(c, ast.Call) and (t := _text(c.args[0]))]
    return []


def _context_entries(old: dict) -> list[dict]:
    """The entries of context_msgids(), their translations kept."""
    out = []
    for ctx, msgid, comment in context_msgids():
        e = old.get((ctx, msgid)) or {"msgstr": {}, "flags": []}
        brace = ["python-brace-format"] if ctx in GENDERS or ctx in THING_GENDERS else []
        out.append(
            {
                "msgctxt": ctx,
                "msgid": msgid,
                "msgid_plural": None,
                "msgstr": e["msgstr"],
                "flags": [f for f in e["flags"] if f != "python-brace-format"] + brace,
                "comments": [comment],
            }
        )
    return out


def example_shape(line: str) -> tuple[list[str], list[str]]:
    """What a translated example must keep: its command (`campaign item add`: up to three
    words before the first name), its options in order, and whatever follows a pipe."""
    import re

    words = line.split()
    lead = list(itertools.islice(itertools.takewhile(lambda w: re.fullmatch(r"[a-z-]+", w) is not None, words), 3))
    options = re.findall(r"(?<!\S)--?[a-zA-Z][\w-]*", line)
    tail = line.split(" | ", 1)[1:]
    return lead + tail, options


def _quote(text: str) -> str:
    out = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t").replace("\b", "\\b")
    lines = out.split("\n")
    if len(lines) == 1:
        return f'"{out}"'
    parts = [line + "\\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    return '""\n' + "\n".join(f'"{p}"' for p in parts)


def _unquote(text: str) -> str:
    body = text.strip()[1:-1]
    out, i = [], 0
    escapes = {"n": "\n", "t": "\t", "b": "\b", '"': '"', "\\": "\\", "r": "\r"}
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            out.append(escapes.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _fields(text: str) -> set[str]:
    """The {placeholders} a template fills (a translation must keep every one, and add none)."""
    import re

    # `{name!r}` and `{name}` fill the same field: a Russian message puts a name in «ёлочки»
    # (`«{name}»`) where the English one quotes it with repr (CLI.md "Language")
    return {re.sub(r"![rsa]\}$", "}", f) for f in re.findall(r"\{[^{}\"]*\}", text)}


def mismatched(msgid: str, plural: str | None, forms: list[str]) -> list[str]:
    """The translated forms whose placeholders differ from the English (a plural form may
    leave out {n}, as Russian "одно" may)."""
    want = _fields(msgid + (plural or ""))
    return [f for f in forms if _fields(f) != want and not (plural and _fields(f) == want - {"{n}"})]


NAME_CONTEXT = "name"  # msgctxt of the rule and catalog names (i18n.shown looks them up)


def names() -> dict[str, str]:
    """The built-in weapons', armor's and skills' English names -> the seed's Russian names,
    from the tables themselves: the catalog's name entries are made from these, never typed."""
    sys.path.insert(0, str(ROOT))
    from campaign_cli.rules.catalog import russian_names

    return russian_names()


def _name_entries(lang: str | None) -> list[dict]:
    table = names() if lang == "ru" else {}
    return [
        {
            "msgctxt": NAME_CONTEXT,
            "msgid": name,
            "msgid_plural": None,
            "flags": [],
            "comments": ["#. a built-in name (R23, R26-R30), from the seed's table"],
            "msgstr": {0: table.get(name, "")},
        }
        for name in names()
    ]


def pot_text(found: dict) -> str:
    out = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', ""]
    for (msgid, plural), where in found.items():
        out.append("#: " + " ".join(dict.fromkeys(where)))
        if "{" in msgid:
            out.append("#, python-brace-format")
        out.append("msgid " + _quote(msgid))
        if plural:
            out += ["msgid_plural " + _quote(plural), 'msgstr[0] ""', 'msgstr[1] ""']
        else:
            out.append('msgstr ""')
        out.append("")
    for e in _name_entries(None):
        out += [*e["comments"], f"msgctxt {_quote(NAME_CONTEXT)}", "msgid " + _quote(e["msgid"]), 'msgstr ""', ""]
    for ctx, msgid, _comment in context_msgids():
        out += [f"msgctxt {_quote(ctx)}", "msgid " + _quote(msgid), 'msgstr ""', ""]
    return "\n".join(out)


def read_po(path: Path) -> list[dict]:
    """Entries as dicts: msgctxt, msgid, msgid_plural, msgstr (forms by index), flags,
    comments. polib reads the file (obsolete `#~` entries, which msgmerge and Poedit
    write, are left out); the header is the entry with an empty msgid."""
    import polib

    po = polib.pofile(str(path), wrapwidth=0)
    header = {"msgctxt": None, "msgid": "", "msgid_plural": None, "msgstr": {0: po.header}, "flags": [], "comments": []}
    entries = [header]
    for e in po:
        if e.obsolete:
            continue
        comments = [f"#. {line}" for line in e.comment.splitlines()] if e.comment else []
        if e.occurrences:
            comments.append("#: " + " ".join(f"{f}:{n}" if n else f for f, n in e.occurrences))
        forms = {int(k): v for k, v in e.msgstr_plural.items()} if e.msgid_plural else {0: e.msgstr}
        entries.append(
            {
                "msgctxt": e.msgctxt,
                "msgid": e.msgid,
                "msgid_plural": e.msgid_plural or None,
                "msgstr": forms,
                "flags": list(e.flags),
                "comments": comments,
            }
        )
    return entries


def write_po(path: Path, lang: str, entries: list[dict]) -> None:
    out = ['msgid ""', 'msgstr ""'] + [f'"{line}\\n"' for line in HEADER[lang].splitlines()] + [""]
    for e in entries:
        if not e["msgid"]:
            continue
        out += e["comments"]
        if e["flags"]:
            out.append("#, " + ", ".join(e["flags"]))
        if e.get("msgctxt"):
            out.append("msgctxt " + _quote(e["msgctxt"]))
        out.append("msgid " + _quote(e["msgid"]))
        if e["msgid_plural"]:
            out.append("msgid_plural " + _quote(e["msgid_plural"]))
            out += [f"msgstr[{i}] " + _quote(e["msgstr"].get(i, "")) for i in range(3)]
        else:
            out.append("msgstr " + _quote(e["msgstr"].get(0, "")))
        out.append("")
    path.write_text("\n".join(out), encoding="utf-8")


def update(lang: str) -> Path:
    """Merge the code's strings into LANG's .po: translations kept, new ones empty, gone ones dropped."""
    path = LOCALE / lang / "LC_MESSAGES" / "campaign.po"
    read = read_po(path) if path.exists() else []
    old = {(e["msgid"], e["msgid_plural"]): e for e in read if not e.get("msgctxt")}
    old_context = {(e["msgctxt"], e["msgid"]): e for e in read if e.get("msgctxt") not in (None, NAME_CONTEXT)}
    entries = []
    for (msgid, plural), where in extract().items():
        e = old.get((msgid, plural)) or {"msgid": msgid, "msgid_plural": plural, "msgstr": {}, "flags": []}
        flags = [f for f in e["flags"] if f != "python-brace-format"] + (
            ["python-brace-format"] if "{" in msgid else []
        )
        entries.append({**e, "flags": flags, "comments": ["#: " + " ".join(dict.fromkeys(where))]})
    entries += _name_entries(lang)
    entries += _context_entries(old_context)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_po(path, lang, entries)
    return path


def mo_files(po: Path) -> dict[Path, bytes]:
    """The compiled catalogs of one .po: the messages (`campaign.mo`, read by every run in
    that language) and the help examples (`campaign-examples.mo`, read only when a help page
    is shown), so a command that shows no help does not parse them."""
    return {
        po.with_suffix(".mo"): mo_bytes(po, lambda e: e.msgctxt != EXAMPLE),
        po.with_name("campaign-examples.mo"): mo_bytes(po, lambda e: e.msgctxt == EXAMPLE or not e.msgid),
    }


def mo_bytes(po: Path, keep=lambda entry: True) -> bytes:
    """The .po compiled to GNU .mo by polib (fuzzy and untranslated entries left out, and
    those KEEP refuses)."""
    import tempfile

    import polib

    catalog = polib.pofile(str(po), wrapwidth=0)
    for e in [e for e in catalog if e.fuzzy or e.obsolete or not e.translated() or not keep(e)]:
        catalog.remove(e)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "x.mo"
        catalog.save_as_mofile(str(out))
        return out.read_bytes()


def formatted_too_early() -> list[str]:
    """Where `_()` or `ngettext()` is given an f-string (filled in before it is looked up)."""
    out = []
    for path, node in calls():
        if _name(node) in ("_", "ngettext") and node.args and isinstance(node.args[0], ast.JoinedStr):
            out.append(f"{path.relative_to(ROOT).as_posix()}:{node.lineno}: an f-string given to {_name(node)}()")
    return out


def problems() -> list[str]:
    """Why the catalogs are not whole (empty when they are)."""
    out = formatted_too_early()
    found = extract()
    if not POT.exists() or POT.read_text(encoding="utf-8") != pot_text(found):
        out.append(f"{POT.relative_to(ROOT)} is stale: run python tools/i18n.py extract")
    for lang in LANGS:
        po = LOCALE / lang / "LC_MESSAGES" / "campaign.po"
        read = read_po(po)
        given = {e["msgid"]: e["msgstr"].get(0) for e in read if e.get("msgctxt") == NAME_CONTEXT}
        if lang == "ru" and given != names():
            out.append(f"{lang}: the name entries differ from the tables: run python tools/i18n.py update")
        out += _untranslated(lang, read, found)
        out += _context_problems(lang, read)
        if lang == "ru":
            out += [f"{lang}: {where}" for where in oblique_names(read)]
            out += [f"{lang}: {where}" for where in field_dumps(read)]
        for mo, data in mo_files(po).items():
            if not mo.exists() or mo.read_bytes() != data:
                out.append(f"{mo.relative_to(ROOT)} is out of date: run python tools/i18n.py compile")
    return out


def _untranslated(lang: str, read: list[dict], found: Any) -> list[str]:
    """Each message of the code with no entry in LANG's catalog, a fuzzy or empty one, or a
    translation with other placeholders."""
    entries = {(e["msgid"], e["msgid_plural"]): e for e in read if e["msgid"] and not e.get("msgctxt")}
    out = []
    for key in found:
        e = entries.get(key)
        if e is None:
            out.append(f"{lang}: no entry for {key[0]!r}")
        elif "fuzzy" in e["flags"] or not all(e["msgstr"].get(i) for i in range(3 if key[1] else 1)):
            out.append(f"{lang}: {key[0]!r} is fuzzy or not translated")
        else:
            out += [
                f"{lang}: {key[0]!r}: {form!r} has other placeholders"
                for form in mismatched(key[0], key[1], list(e["msgstr"].values()))
            ]
    return out


def _context_problems(lang: str, read: list[dict]) -> list[str]:
    """Each example and gendered form with no translation, or one that changes the
    example's command or its placeholders."""
    forms = {(e["msgctxt"], e["msgid"]): e for e in read if e.get("msgctxt")}
    out = []
    for ctx, msgid, _comment in context_msgids():
        e = forms.get((ctx, msgid))
        what = "example" if ctx == EXAMPLE else f"form for gender {ctx}"
        if e is None or "fuzzy" in e["flags"] or not e["msgstr"].get(0):
            out.append(f"{lang}: {msgid!r} has no translated {what}")
        elif ctx == EXAMPLE and example_shape(e["msgstr"][0]) != example_shape(msgid):
            out.append(f"{lang}: the example {msgid!r}: {e['msgstr'][0]!r} changes its command or options")
        elif mismatched(msgid, None, [e["msgstr"][0]]):
            out.append(f"{lang}: {msgid!r} ({ctx}): {e['msgstr'][0]!r} has other placeholders")
    return out


# A name is never declined (issue 36: pymorphy3 was measured and rejected), so a Russian
# template never puts a name where an oblique case belongs: after a verb that takes an
# object or after a preposition. It places it instead: name first, a colon or an arrow.
NAME_PLACEHOLDERS = (
    "name", "name2", "names", "enemy", "item", "items", "other", "hitter", "leader", "attacker", "who",
    "follower", "drinker", "killer", "singer", "bard", "character", "town", "group", "spell", "skill", "curse",
    "upgrade", "potion", "board", "title", "turn",
)  # fmt: skip
OBJECT_VERBS = (
    "атакует", "атакуют", "бьёт", "бьет", "держит", "знает", "ранит", "ранил", "ранила", "лечит", "убивает", "убил",
    "убила", "поражает", "исцеляет", "кусает", "надевает", "снимает", "использует", "выковывает", "продаёт",
    "покупает", "отдаёт",
)  # fmt: skip
PREPOSITIONS = (
    "по", "к", "ко", "для", "у", "от", "с", "со", "в", "во", "на", "из", "за", "о", "об", "при", "против", "до",
    "без", "над", "под", "перед", "через", "про",
)  # fmt: skip


def oblique_names(read: list[dict]) -> list[str]:
    """Each Russian template that puts a name after an object-taking verb or a preposition."""
    import re

    names = "|".join(NAME_PLACEHOLDERS)
    words = "|".join((*OBJECT_VERBS, *PREPOSITIONS))
    pattern = re.compile(rf"(?<![\w-])(?:{words})\s+\{{(?:{names})(?:[!:][^}}]*)?\}}", re.I)
    out = []
    for e in read:
        if not e["msgid"] or e["msgid"].startswith("Invalid value for"):  # Click's: {name} is an option
            continue
        for text in e["msgstr"].values():
            found = pattern.search(text or "")
            if found:
                out.append(f"{e['msgid']!r}: {found.group(0)!r} puts a name in an oblique case (place it: name first)")
    return out


# A message is a sentence (issue 49; CLI.md "Language"), not a dump of fields: a Russian
# template whose parts, between semicolons, read `label: {value}` twice or more
# ("R38: {name}: золота {value}; цена предмета {name2}: {price}") is refused. Help texts
# list options so (`--week: ...`); they carry no facts, so a dump is counted only where
# two of its parts hold a placeholder.
def field_dump(text: str) -> bool:
    """TEXT (a Russian template) lists `label: value` parts instead of saying a sentence."""
    import re

    body = re.sub(r"^R\d+[a-z]?(?:/R\d+[a-z]?)*: ", "", text)
    body = re.sub(r"\([^()]*\)", "", body)  # asides: `(R24, R18: ...)`, a command to run
    parts = [p.strip() for p in body.split("; ")]
    labelled = [p for p in parts if re.match(r"^[^:]+: \S", p)]
    return len(labelled) >= 2 and sum("{" in p for p in labelled) >= 2


def field_dumps(read: list[dict]) -> list[str]:
    """Each Russian template that is a field dump (`field_dump`)."""
    return [
        f"{e['msgid']!r}: a list of fields, not a sentence ({text!r})"
        for e in read
        if e["msgid"]
        for text in e["msgstr"].values()
        if text and field_dump(text)
    ]


def main(argv: list[str]) -> int:
    what = argv[0] if argv else "check"
    if what == "extract":
        POT.parent.mkdir(parents=True, exist_ok=True)
        POT.write_text(pot_text(extract()), encoding="utf-8")
    elif what == "update":
        POT.write_text(pot_text(extract()), encoding="utf-8")
        for lang in LANGS:
            update(lang)
    elif what == "compile":
        for lang in LANGS:
            po = LOCALE / lang / "LC_MESSAGES" / "campaign.po"
            for mo, data in mo_files(po).items():
                mo.write_bytes(data)
    elif what == "check":
        found = problems()
        sys.stdout.write("".join(p + "\n" for p in found) or "catalogs are whole\n")
        return 1 if found else 0
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
