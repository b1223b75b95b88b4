"""The one place human text goes through, so it can be translated.

For now the interface speaks English; plurals already go through `ngettext` so that a
gettext catalog (issue 15: Russian, with its three plural forms) can plug in here
without touching the call sites.
"""

from __future__ import annotations


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for N (singular for 1), with N filled in where the text says {n}."""
    return (singular if n == 1 else plural).replace("{n}", str(n))
