"""How names are compared, everywhere (CLI.md "Language"): any case, ё as е, the ends of
a name trimmed. A module of its own, so the resolver (rules.names) and the words
(i18n) share it without importing each other."""

from __future__ import annotations


def fold(text: str) -> str:
    """TEXT as names are compared: any case, and ё as е (a Russian keyboard's `Еж` finds
    `Ёж`; CLI.md "Language")."""
    return text.casefold().replace("ё", "е")


def key(name: str) -> str:
    """A name as it is looked up: folded, its ends trimmed."""
    return fold(name.strip())
