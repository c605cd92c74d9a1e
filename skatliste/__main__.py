"""``python -m skatliste``."""

from skatliste.cli import main

main()
