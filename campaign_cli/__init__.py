"""campaign: a command-line campaign manager for tabletop role-playing campaigns, and the
typed library it is built on (`campaign_cli.open`, `campaign_cli.Campaign`: docs/api.md)."""

__version__ = "0.2.0"

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: the command line's start-up
if TYPE_CHECKING:  # what a type checker (and an IDE) sees; at run time, loaded on first use
    from campaign_cli.api import (
        Campaign,
        export,
        follow,
        import_,
        init,
        merge,
        odds,
        open,
        read,
        redo,
        sentence,
        undo,
    )
    from campaign_cli.errors import CampaignError, FileProblem, Refused, UsageProblem
    from campaign_cli.facts import facts_of

__all__ = [
    "Campaign",
    "CampaignError",
    "FileProblem",
    "Refused",
    "UsageProblem",
    "__version__",
    "export",
    "facts_of",
    "follow",
    "import_",
    "init",
    "merge",
    "odds",
    "open",
    "read",
    "redo",
    "sentence",
    "undo",
]
_ERRORS = ("CampaignError", "Refused", "UsageProblem", "FileProblem")


def __getattr__(name: str) -> object:
    import importlib

    if name in _ERRORS:
        return getattr(importlib.import_module("campaign_cli.errors"), name)
    if name == "facts_of":
        return importlib.import_module("campaign_cli.facts").facts_of
    if name in __all__:
        return getattr(importlib.import_module("campaign_cli.api"), name)
    raise AttributeError(f"module 'campaign_cli' has no attribute {name!r}")


def __dir__() -> list[str]:
    """What the package offers (loaded on first use), as `dir(campaign_cli)` lists it."""
    return sorted({*__all__, *(k for k in globals() if k.startswith("__"))})
