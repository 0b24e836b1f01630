"""The words players read, shared by every front end: seat names from one chair, the log's lines.

Plain data over the engine's views, with no terminal or web library: the terminal turns a line
into coloured text, the server into words and cards for the page to draw.
"""
