"""The campaign file: one transaction per command, atomic writes, a sidecar journal."""

from campaign_cli.store.campaign import (
    SCHEMA_VERSION,
    Campaign,
    create,
    now,
    open_read,
    resolve_path,
    transaction,
)
from campaign_cli.store.journal import read_entries

__all__ = [
    "SCHEMA_VERSION",
    "Campaign",
    "create",
    "now",
    "open_read",
    "read_entries",
    "resolve_path",
    "transaction",
]
