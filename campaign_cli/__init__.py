"""campaign: a command-line campaign manager for tabletop role-playing campaigns."""

__version__ = "0.2.0"


# The Python API (CLI.md "Python API"), loaded on first use: the command line never pays for it.
_API = {"open": "api", "read": "api", "Campaign": "api", "odds": "api"}
_ERRORS = ("CampaignError", "Refused", "UsageProblem", "FileProblem")


def __getattr__(name: str):
    import importlib

    if name in _API:
        return getattr(importlib.import_module(f"campaign_cli.{_API[name]}"), name)
    if name in _ERRORS:
        return getattr(importlib.import_module("campaign_cli.errors"), name)
    raise AttributeError(f"module 'campaign_cli' has no attribute {name!r}")


__all__ = ["__version__", "open", "read", "odds", "Campaign", *_ERRORS]
