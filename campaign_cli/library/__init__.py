"""The library's parts: `core` (a block and its acts' books) and one module per area of the
game, each a class of acts that `campaign_cli.api.Campaign` joins."""
