"""The campaign file: one transaction per command, atomic writes, a sidecar journal.

The names below come from `store.campaign` on first use, so that `store.layout` (where
things sit in the file) can be imported alone, as the fast path of a TAB does."""

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (5 ms) on a TAB

if TYPE_CHECKING:
    from campaign_cli.store.campaign import (
        SCHEMA_VERSION,
        Stored,
        belongs_to,
        create,
        now,
        open_read,
        resolve_path,
        transaction,
    )

__all__ = [
    "SCHEMA_VERSION",
    "Stored",
    "belongs_to",
    "create",
    "now",
    "open_read",
    "resolve_path",
    "transaction",
]


def __getattr__(name: str) -> object:
    if name in __all__:
        from campaign_cli.store import campaign

        return getattr(campaign, name)
    raise AttributeError(f"module 'campaign_cli.store' has no attribute {name!r}")
