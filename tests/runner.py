"""`CliRunner` for the suite: Typer's, with the command tree built once per language.

Typer's runner builds the whole tree (root group, noun group, command: signatures and
type hints) on every call; the program builds it once per process. Building it again
for each of the suite's ~10,000 calls cost about a third of the suite's time. The tree
is put into words once per language (help and placeholders, `cli.speech.translate_command`),
so one tree is kept for each.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import typer
import typer.testing

from campaign_cli import i18n
from campaign_cli.cli import framework

_TREES: dict[tuple[int, str], Any] = {}


@contextmanager
def _tree(app: typer.Typer, lang: str) -> Iterator[None]:
    key = (id(app), lang)
    if key not in _TREES:
        _TREES[key] = framework.get_command(app)
    with framework.runner_command(_TREES[key]):
        yield


class CliRunner(typer.testing.CliRunner):
    def invoke(self, app: Any, args: Any = None, input: Any = None, env: Any = None, **extra: Any):  # type: ignore[override]
        words = shlex.split(args) if isinstance(args, str) else list(args or [])
        environ = {**os.environ, **(self.env or {}), **(env or {})}
        lang = i18n.requested(words, {k: v for k, v in environ.items() if v is not None})
        with _tree(app, lang):
            return super().invoke(app, words, input=input, env=env, **extra)
