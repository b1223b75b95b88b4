"""The run: everything one run of the program holds while it works, in one object.

A run is one command line, or a batch of them, or a block of the Python API. What it
holds is set where the run starts (the command line is read, the language chosen, a
transaction opened) and read wherever it is needed, instead of a module-level variable
per layer: the language's catalog (i18n), the campaign path and the words of the line
(the journal records them), the open batch transaction and the files it will write,
whether the campaign may be changed, and how output goes (JSON errors, a batch
capturing each line's result)."""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: this module is on the TAB path
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any


class Run:
    # the language (i18n.use): the catalog while Russian is in use, else None (English);
    # the help examples' catalog, loaded the first time a help page is shown
    catalog: Any = None
    examples: Any = None
    # the command line: the campaign file (the root's --campaign) and the words as typed
    campaign: str = "campaign.json"
    words: list[str] = []
    # a batch or a Python API block: one shared transaction (store.Campaign), the files
    # its lines write (--output), written only once it has committed, and whether it may
    # change the campaign (False inside campaign_cli.read(): an act that would raises)
    batch: Any = None
    staged: list[tuple[Path, bytes]] | None = None
    writable = True
    # the output: errors as JSON objects; a batch collects each command's result here
    json_errors = False
    capture: list | None = None


RUN = Run()
