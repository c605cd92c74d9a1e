"""The web edge: ``skatliste serve``, a page for keeping a list on a phone.

A Starlette app (``server.create_app``) with Jinja2 templates and plain JavaScript and CSS
served by skatliste itself (no CDN, no build step). It calls the same application functions
(``skatliste.app``) as the CLI; nothing here reads or writes a list file by itself.
"""
