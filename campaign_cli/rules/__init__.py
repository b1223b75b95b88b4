"""The game: pure functions and small dataclasses. No I/O, no Typer, no TinyDB."""
