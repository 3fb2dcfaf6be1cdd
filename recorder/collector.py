"""The cyclic garbage collector's settings for a process that plays, verifies or reads many matches.

A match keeps every event it emits (a few hundred frozen events and their envelope entries a duel) until it ends,
and none of them sits in a reference cycle: reference counting frees them all. CPython's cyclic collector still
runs a pass over the youngest objects after every 700 allocations of containers, and now and then a full pass over
every object alive (the imported modules, the card data and the caches included), and finds nothing to free. In a
process that runs matches one after another that is a share of its CPU time for nothing: ``beatlog simulate --jobs
1`` over 306 matches spent 18% less CPU time with the setting below, the engine alone (``python -m bench --only
engine``) about 4%.

A process of beatlog's own that runs many matches -- the ``beatlog`` command, and the worker processes that
``simulate``, tournaments and statistics start -- calls :func:`for_batch_work` once: the collector then runs after
:data:`YOUNG` allocations instead of 700, as mypy sets it for the same reason. Cycles are still collected, only less
often, and what a reference cycle holds is freed at the next pass. The process of a program that imports beatlog as
a library is never changed by the library itself.
"""

from __future__ import annotations

import gc
import sys

YOUNG = 200_000  # allocations of containers between two passes over the youngest objects (CPython's default: 700)
OLDER = 30  # passes of one generation between two of the next (CPython's default: 10)


def for_batch_work() -> None:
    """Set this process's collector for running many matches (see above); nothing outside CPython."""
    if sys.implementation.name == "cpython":
        gc.set_threshold(YOUNG, OLDER, OLDER)
