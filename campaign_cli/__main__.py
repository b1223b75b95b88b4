"""`python -m campaign_cli`."""

from campaign_cli.entry import console

console()
