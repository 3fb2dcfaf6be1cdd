"""beatlog, the application: the ``beatlog`` command, demos, tournaments and log import.

The layers below it, each importing only the ones before it: ``recorder`` (the
kernel, then ``recorder.games``), ``replay``, ``viewer``. This package is the
top: it wires them together (see tests/test_layering.py).
"""

from recorder import __version__  # noqa: F401
