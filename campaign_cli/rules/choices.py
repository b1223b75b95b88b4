"""One of several things a name could mean (a refusal of an ambiguous name): a module of its
own, loaded only when a name is ambiguous, so a command's start-up never builds the class."""

from __future__ import annotations

from typing import Any

from campaign_cli.errors import Shown, said


class Choice(Shown):
    """One of several things a name could mean, shown by the id that names it with what tells
    it apart (`12 (Dagger, carried)`); its fact is VALUE, as a script reads it (`#12`), as
    every Shown's is."""

    __slots__ = ("ident", "told")

    def __init__(self, value: Any, ident: int | None, told: list[Any]) -> None:
        super().__init__(value)
        self.ident, self.told = ident, told

    def __str__(self) -> str:
        return f"{self.ident} ({', '.join(str(said(t)) for t in self.told)})" if self.told else str(self.ident)
