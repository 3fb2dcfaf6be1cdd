"""``python -m beatlog``: the ``beatlog`` command."""

from beatlog.console import main

main()
