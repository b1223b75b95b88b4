"""campaign: a command-line campaign manager for tabletop role-playing campaigns."""

__version__ = "0.1.0"
