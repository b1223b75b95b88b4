"""The campaign file: one transaction per command, atomic writes, a sidecar journal."""

from campaign_cli.store.campaign import (
    SCHEMA_VERSION,
    Campaign,
    belongs_to,
    create,
    now,
    open_read,
    resolve_path,
    transaction,
)

__all__ = [
    "SCHEMA_VERSION",
    "Campaign",
    "belongs_to",
    "create",
    "now",
    "open_read",
    "resolve_path",
    "transaction",
]
