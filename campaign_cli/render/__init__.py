"""Facts into words: the texts the library itself returns (a sheet in Markdown or HTML, a
recap in Markdown or plain text) and the words the command line shows, from one place.
Nothing here imports Typer, Click or Rich, or the command line."""
