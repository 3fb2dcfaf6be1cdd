"""``python -m beatlog``: the ``beatlog`` command."""

from beatlog.cli import main

main()
