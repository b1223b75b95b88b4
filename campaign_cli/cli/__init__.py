"""The shell: Typer sub-apps, one module per noun, and one output module."""
