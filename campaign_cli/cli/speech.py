"""The command line's own words in the chosen language: Click's and Typer's help
formatting ("Usage:", "Options:"), usage lines, help texts and their examples,
placeholders (`ИМЯ`, `ПРЕДМЕТ`), and Click's usage errors. The shell's, not the
library's: the library's messages are in campaign_cli/i18n.py, and a script that uses
the library in Russian loads neither Click nor Typer. A command line in English never
loads this module (cli/app.py `speak`)."""

from __future__ import annotations

from typing import Any

from campaign_cli.i18n import N_, _, load_catalog, number
from campaign_cli.run import RUN


def speak_click() -> None:
    """Click's and Typer's own words ("Usage:", "Options:", "[default: 1]"): Typer's help
    formatting calls gettext's `_`, and every help page is written by Click's formatter."""
    from campaign_cli.cli.framework import speak_typer

    speak_typer(_)
    format_help()


def format_help() -> None:
    """Help pages written by this project's formatter: Click's words in the chosen language,
    examples in its names and broken between words to the terminal's width."""
    from campaign_cli.cli.framework import click

    if not getattr(click.Context.formatter_class, "translated", False):
        click.Context.formatter_class = _formatter(click.Context.formatter_class)


def usage_words(args: str) -> str:
    """Click's usage line (`[OPTIONS] COMMAND [ARGS]...`) in the chosen language."""
    return args.replace("[OPTIONS]", _("[OPTIONS]")).replace("COMMAND [ARGS]...", _("COMMAND [ARGS]..."))


def _formatter(base: Any) -> Any:
    class Formatter(base):  # type: ignore[misc]  # Click's formatter class, whatever it is
        translated = True

        def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
            super().write_usage(prog, usage_words(args), prefix=_("Usage: ") if prefix is None else prefix)

        def write_text(self, text: str) -> None:
            super().write_text(examples_wrapped(examples_in(text), _screen() - self.current_indent))

        def write_heading(self, heading: str) -> None:
            super().write_heading(_(heading))

        def write_dl(
            self, rows: list[tuple[str, str]], *args: Any, **kwargs: Any
        ) -> None:  # the help option's own "Show this message and exit."
            super().write_dl([(a, ranges(_(b)) if b else b) for a, b in rows], *args, **kwargs)

    return Formatter


def help_(text: str | None) -> str | None:
    """A help text in the chosen language, paragraph by paragraph: examples stay as typed."""
    if not text or RUN.catalog is None:
        return text
    return "\n\n".join(_paragraph(p) for p in text.split("\n\n"))


def _paragraph(text: str) -> str:
    if text.startswith("\b\nExamples:\n"):  # the lines are translated when shown: examples_in()
        return "\b\n" + _("Examples:") + text[len("\b\nExamples:") :]
    return _(text)


def _screen() -> int:
    """The terminal's width for an example line; piped, no limit (a line stays whole to copy)."""
    import shutil
    import sys

    if not sys.stdout.isatty():
        return 1 << 30
    return shutil.get_terminal_size().columns


def examples_wrapped(text: str, width: int) -> str:
    """TEXT with each example line longer than WIDTH broken between words as a shell reads
    it (`… --price 100 \\` and the rest indented below), never inside a word or a quoted name
    (issue 76: a terminal broke «--haggle 1 / 1» and «г / олова»)."""
    if "$ " not in text:
        return text
    import re

    out = []
    for line in text.split("\n"):
        found = re.match(r"^(\s*\$ )(\S.*)$", line)  # a command after the prompt
        if not found or len(line) <= width:
            out.append(line)
            continue
        lead, words = found.group(1), re.findall(r"(?:[^\s'\"]+|'[^']*'|\"[^\"]*\")+", found.group(2))
        bound: list[str] = []  # an option with its value is one piece: `--weight 3`
        for word in words:
            if bound and bound[-1].startswith("-") and " " not in bound[-1] and not word.startswith("-"):
                bound[-1] += " " + word
            else:
                bound.append(word)
        current, indent = lead + bound[0], " " * (len(lead) + 2)
        for word in bound[1:]:
            if len(current) + 1 + len(word) + 2 > width:  # room for ` \`
                out.append(current + " \\")
                current = indent + word
            else:
                current += " " + word
        out.append(current)
    return "\n".join(out)


def examples_in(text: str) -> str:
    """TEXT (a help page being written) with each example line (`  $ campaign ...`) in the
    chosen language. Done when the page is shown, not when the command is built, so the
    examples' catalog is read only by a run that shows help."""
    if RUN.catalog is None or "$ " not in text:
        return text
    import re

    return re.sub(r"(?m)^(\s*\$ )(.+)$", lambda m: m.group(1) + example(m.group(2)), text)


def example(line: str) -> str:
    """A help example as the chosen language's table would type it: the same command and
    options, names in that language (`Ajax` -> `Аякс`, `Swimming` -> `Плавание`); the
    catalog's context `example` holds them, and `tools/i18n.py check` keeps their shape."""
    if RUN.catalog is None:
        return line
    if RUN.examples is None:
        RUN.examples = load_catalog("campaign-examples") or False
    return RUN.examples.pgettext("example", line) if RUN.examples else line


def translate_command(command: Any) -> None:
    """Put COMMAND's help texts (its own, its options' and arguments') and its placeholders
    (metavars: in usage lines, help, man pages and "missing argument" errors alike) in the
    chosen language."""
    if RUN.catalog is None or getattr(command, "_translated", False):
        return
    from campaign_cli.cli.framework import placeholders

    command._translated = True
    command.help = help_(command.help)
    command.short_help = help_(command.short_help)
    for param in command.params:
        if getattr(param, "help", None):
            param.help = help_(param.help)
        placeholders(param, metavar)


# A placeholder's words (CLI.md "Language": `ИМЯ`, `ПРЕДМЕТ`, `АТАКУЮЩИЙ ЦЕЛЬ`). Attribute
# abbreviations (ST, DX, IQ), one-letter variables (N) and choice values (json, md, all)
# stay as typed: they are what the user types.
METAVARS = {
    "AMOUNT": N_("AMOUNT"),
    "ATTACKER": N_("ATTACKER"),
    "ATTR_OR_SKILL": N_("ATTR_OR_SKILL"),
    "BARD": N_("BARD"),
    "BASE": N_("BASE"),
    "BOARD": N_("BOARD"),
    "BUYER_IQ": N_("BUYER_IQ"),
    "CHARACTER": N_("CHARACTER"),
    "CURSE": N_("CURSE"),
    "DAMAGE": N_("DAMAGE"),
    "DATE": N_("DATE"),
    "ENEMY": N_("ENEMY"),
    "ENEMY_INSTANCE": N_("ENEMY_INSTANCE"),
    "ENTRY": N_("ENTRY"),
    "EXPR": N_("EXPR"),
    "FIELD": N_("FIELD"),
    "FILE": N_("FILE"),
    "FROM": N_("FROM"),
    "GOLD": N_("GOLD"),
    "ID": N_("ID"),
    "ITEM": N_("ITEM"),
    "LABEL": N_("LABEL"),
    "LEVEL": N_("LEVEL"),
    "LIST": N_("LIST"),
    "NAME": N_("NAME"),
    "NEW": N_("NEW"),
    "OTHER": N_("OTHER"),
    "OTHER_SPEC": N_("OTHER_SPEC"),
    "OURS": N_("OURS"),
    "PACK": N_("PACK"),
    "PART": N_("PART"),
    "PATH": N_("PATH"),
    "RATING": N_("RATING"),
    "SELLER_IQ": N_("SELLER_IQ"),
    "SEQ": N_("SEQ"),
    "SIZE": N_("SIZE"),
    "KIND": N_("KIND"),
    "PAY": N_("PAY"),
    "SKILL": N_("SKILL"),
    "SPEC": N_("SPEC"),
    "SPELL": N_("SPELL"),
    "TARGET": N_("TARGET"),
    "TEXT": N_("TEXT"),
    "THEIRS": N_("THEIRS"),
    "TITLE": N_("TITLE"),
    "TO": N_("TO"),
    "TOWN": N_("TOWN"),
    "UPGRADE": N_("UPGRADE"),
    "VALUE": N_("VALUE"),
    "WHO": N_("WHO"),
    "WORD": N_("WORD"),
    # one-letter placeholders of `item add`'s numbers (a bare N stays N: a count reads as one)
    "W": N_("W"),
    "A": N_("A"),
    "R": N_("R"),
    "K": N_("K"),
    "G": N_("G"),  # `forge --gold G`
}


# Placeholders naming the values typed (CLI.md "Language", seventh pass: option values
# Russian first in Russian help; both spellings are accepted).
CHOICES = {
    "m|f": N_("m|f"),
    "SKILL=hit|damage": N_("SKILL=hit|damage"),
}


def metavar(text: str) -> str:
    """A placeholder (`[NAME]...`, `WHO=N`, `PACK.json`) with its words in the chosen language."""
    if RUN.catalog is None:
        return text
    if text in CHOICES:
        return _(CHOICES[text])
    import re

    return re.sub(r"\b[A-Z](?:[A-Z_]*[A-Z])?\b", lambda m: _(METAVARS[m[0]]) if m[0] in METAVARS else m[0], text)


# Click's own usage errors, as Click words them (it has no catalog of its own here).
CLICK_ERRORS = (
    (
        r"No such option: (?P<option>\S+)(?: \(Possible options: (?P<options>.*)\))?",
        N_("No such option: {option}"),
        N_("No such option: {option} (possible options: {options})"),
    ),
    (r"Missing argument '(?P<name>.+)'\.", N_("Missing argument {name}."), None),
    (r"Missing option '(?P<name>.+)'\.", N_("Missing option {name}."), None),
    (r"Got unexpected extra argument(?:s|\(s\))? \((?P<args>.*)\)", N_("Unexpected extra arguments: {args}"), None),
    (r"Option '(?P<name>.+)' does not take a value\.", N_("Option {name} does not take a value."), None),
    (r"Option '(?P<name>.+)' requires an argument\.", N_("Option {name} needs a value."), None),
    (
        r"Invalid value for (?P<name>.+?): '(?P<value>.*)' is not a valid (?:integer|int range)\.",
        N_("Invalid value for {name}: {value!r} is not a whole number."),
        None,
    ),
    (
        r"Invalid value for (?P<name>.+?): (?P<value>.*) is not in the range (?P<range>.*)\.",
        N_("Invalid value for {name}: {value} is outside {range}."),
        None,
    ),
    (r"Invalid value for (?P<name>.+?): (?P<why>.*)", N_("Invalid value for {name}: {why}"), None),
)


def click_message(message: str) -> str:
    """A usage error from Click in the chosen language (English: as Click wrote it)."""
    if RUN.catalog is None:
        return message
    import re

    for pattern, template, other in CLICK_ERRORS:
        found = re.fullmatch(pattern, message, re.S)
        if found:
            parts = {k: v for k, v in found.groupdict().items() if v is not None}
            name = parts.get("name", "")
            if len(name) > 1 and name[0] == name[-1] == "'":  # Click's 'AMOUNT': «КОЛИЧЕСТВО» in Russian
                parts["name"] = "«" + name[1:-1] + "»"
            if "range" in parts:  # `1<=x<=1000000`: the bounds in words and in the language's numbers
                parts["range"] = _range_words(parts["range"])
                if re.fullmatch(r"-?\d+", parts["value"]):
                    parts["value"] = number(int(parts["value"]))
            return _(other if other and "options" in parts else template).format(**parts)
    return message


def ranges(text: str) -> str:
    """An option's help with Click's range (`[0<=x<=9007199254740992]`) in words and the
    language's numbers (`[от 0 до 9 007 199 254 740 992]`)."""
    if "x" not in text or RUN.catalog is None:
        return text
    import re

    return re.sub(r"(?<=[\[ ])(-?\d+<=x<=-?\d+|x[<>]=-?\d+)(?=[\];])", lambda m: _range_words(m[1]), text)


def _range_words(text: str) -> str:
    """Click's range (`1<=x<=1000000`, `x>=0`, `x<=3`) said in words: "from 1 to 1 000 000"."""
    import re

    both = re.fullmatch(r"(-?\d+)<=x<=(-?\d+)", text)
    if both:
        return _("from {low} to {high}").format(low=number(int(both[1])), high=number(int(both[2])))
    low = re.fullmatch(r"x>=(-?\d+)", text)
    if low:
        return _("at least {low}").format(low=number(int(low[1])))
    high = re.fullmatch(r"x<=(-?\d+)", text)
    if high:
        return _("at most {high}").format(high=number(int(high[1])))
    return text
