"""The one place human text goes through, so it can be translated (gettext convention).

`_("text")` and `ngettext("1 wish", "{n} wishes", n)` return the text in the chosen
language. English needs no catalog: until another language is chosen nothing is loaded,
and `--json` runs never choose one.
"""

from __future__ import annotations

_STATE: dict = {"lang": "en", "catalog": None}


def choose(lang: str) -> None:
    """Use LANG for human text from now on (an unknown language means English)."""
    _STATE["lang"], _STATE["catalog"] = lang, None


def language() -> str:
    return _STATE["lang"]


def _catalog():
    if _STATE["catalog"] is None:
        if _STATE["lang"] == "en":
            return None
        import gettext
        from pathlib import Path

        folder = Path(__file__).resolve().parent / "locale"
        _STATE["catalog"] = gettext.translation("campaign", folder, languages=[_STATE["lang"]], fallback=True)
    return _STATE["catalog"]


def _(message: str) -> str:
    catalog = _catalog()
    return message if catalog is None else catalog.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for N (English: singular for 1; Russian: its three forms), N filled in as {n}."""
    catalog = _catalog()
    text = (singular if n == 1 else plural) if catalog is None else catalog.ngettext(singular, plural, n)
    return text.replace("{n}", str(n))
