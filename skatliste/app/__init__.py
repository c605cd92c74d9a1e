"""The application layer: one function per thing a user does, for every edge.

Functions here take plain values (a path, a player's name, the words said at the table),
do the work through the core and the store, and return result objects. They never print
and never exit: the CLI (``skatliste.cli``) and the web page (``skatliste.web``) render
what they return, and turn a ``SkatlisteError`` into ``Error: ...`` or a 4xx.
"""
