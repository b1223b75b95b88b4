"""User text shown as text: control and format characters escaped, never obeyed; Markdown
read as text, never as markup; a cell shown verbatim."""

from __future__ import annotations

from campaign_cli.i18n import empty, shown

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: text drawn never needs it
if TYPE_CHECKING:
    from typing import Any


class Verbatim(str):
    """A cell shown exactly as it is: not taken for a status word or a catalog name."""


# Shown escaped, never obeyed: C0 and C1 controls, and the format characters that
# reorder or hide text (bidi overrides and isolates, zero-width marks).
_CONTROL = {c: f"\\x{c:02x}" for c in [*range(0x20), *range(0x7F, 0xA0)]}
_CONTROL.update(
    {
        c: f"\\u{c:04x}"
        for c in [
            0x061C,
            *range(0x200B, 0x2010),
            *range(0x202A, 0x202F),
            *range(0x2060, 0x2065),
            *range(0x2066, 0x206A),
            0xFEFF,
        ]
    }
)
_CONTROL[ord("\t")] = " "


def clean(value: Any) -> str:
    """User text, printed literally: control characters (escape sequences) are shown, not obeyed."""
    if value is None:
        return empty()
    if isinstance(value, bool):
        return shown("yes" if value else "no")
    if isinstance(value, str) and not isinstance(
        value, Verbatim
    ):  # a status word or a catalog name, in the chosen language
        value = shown(value)
    elif isinstance(value, dict):
        # `Lore 2, Swimming 1`; a word as a value in parentheses: `Sword (damage)` (issue 74: not `Меч=1`)
        value = ", ".join(
            f"{shown(k)} ({shown(v)})" if isinstance(v, str) else f"{shown(k)} {v}" for k, v in value.items()
        )
        value = value or empty()
    elif isinstance(value, (list, tuple)):
        value = ", ".join(clean(v) for v in value) or empty()
    return _rest(str(value).translate(_CONTROL))


def inert(value: Any) -> str:
    """Any text as it is, but control and format characters shown escaped (`\\x1b`)."""
    return _rest(str(value).translate(_CONTROL))


def _rest(text: str) -> str:
    """TEXT with the line and paragraph separators and private-use characters shown escaped
    (a name from a file written before they were refused: never raw on a terminal)."""
    if text.isascii():
        return text
    import re

    return re.sub("[\u2028\u2029\ue000-\uf8ff\U000f0000-\U0010ffff]", _code, text)


def _code(match: Any) -> str:
    c = ord(match.group())
    return f"\\u{c:04x}" if c <= 0xFFFF else f"\\U{c:08x}"


_MARKDOWN = {ord(c): "\\" + c for c in "\\`*_[]|~#"}
_MARKDOWN.update({ord("&"): "&amp;", ord("<"): "&lt;", ord(">"): "&gt;", ord("\n"): " "})


def markdown_text(value: Any) -> str:
    """User text inside Markdown (a sheet, a recap): inert, and read as text, never as
    emphasis, links, tables or raw HTML (`*Doom*`, `<script>`)."""
    return inert(value).translate(_MARKDOWN)
