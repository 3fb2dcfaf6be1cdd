"""The set-up every per-fighter viewer test in Chromium shares: one sample log (or a log the test records) rendered
as a one-match site, the fighter's seat in it, the page opened in a fresh browser context (failing the test on any
page error or dialog), a jump to an event and the chips of one row of a fighter's panel. (The browser fixture and
Tab: tests/test_viewer_browser.py.)

    page = sample_page("woi-luc-vs-cadenza.jsonl")     # a module-scoped fixture
    page = log_page(lambda: vs.battlecon_log(...))      # the same, for a log recorded for the test

    def test_...(browser, page):
        with opened(browser, page) as t:
            jump(t, seq)
            assert chips(panel(t, page.seat("luc")), "tokens") == [...]
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from recorder.integrity import LogFile
from viewer.site import render_site
from viewer.sources import Source

from tests import viewer_support as vs
from tests.test_viewer_browser import Tab


@dataclass
class SamplePage:
    """A sample log and its match page in a one-match site."""

    path: Path
    log: LogFile

    def seat(self, side: str) -> int:
        """The seat ``side`` (a fighter id) plays in the sample."""
        return next(i for i, p in enumerate(self.log.header.players) if p.side == side)

    @cached_property
    def snapshots(self) -> list[dict[str, Any]]:
        """The game's snapshot after each event (index = seq; 0: before the first), from the fold."""
        return vs.snapshots(self.log)


def render_log(out: Path, log: LogFile) -> SamplePage:
    """Render ``log`` as a one-match site in ``out``."""
    render_site([Source("0", log)], out)
    return SamplePage(out / "matches" / f"{log.header.match_id}.html", log)


def render_sample(out: Path, name: str) -> SamplePage:
    """Render ``sample_logs/battlecon/<name>`` as a one-match site in ``out``."""
    return render_log(out, vs.read(vs.SAMPLES / name))


def sample_page(name: str):
    """A module-scoped fixture: the :class:`SamplePage` of ``sample_logs/battlecon/<name>``, rendered once."""

    @pytest.fixture(scope="module")
    def page(tmp_path_factory) -> SamplePage:
        return render_sample(tmp_path_factory.mktemp(Path(name).stem), name)

    return page


def log_page(make: Callable[[], LogFile]):
    """A module-scoped fixture: the :class:`SamplePage` of the log ``make()`` records (bots steered to what the test
    needs), rendered once."""

    @pytest.fixture(scope="module")
    def page(tmp_path_factory) -> SamplePage:
        return render_log(tmp_path_factory.mktemp("site"), make())

    return page


@contextmanager
def opened(browser, page: SamplePage, *, width: int = 1280, height: int = 900, fragment: str = "") -> Iterator[Tab]:
    """The match page open in a fresh context; on leaving, the context is closed and the page's errors (and any
    dialog it opened) fail."""
    t = Tab(browser.new_context(viewport={"width": width, "height": height}))
    try:
        t.open(page.path, fragment)
        yield t
    finally:
        t.context.close()
    assert t.errors == [], t.errors
    assert t.dialogs == [], t.dialogs


def jump(t: Tab, seq: int) -> None:
    """Show the board after event ``seq``."""
    t.page.evaluate("pos => window.beatlogViewer.go(pos, 'jump')", seq)


def panel(t: Tab, seat: int):
    """The fighter panel of ``seat``."""
    return t.page.locator(f"[data-panel='{seat}']")


def chips(panel_, key: str) -> list[str]:
    """The chips (cards, tokens) of the panel row ``key`` ("tokens", "anted", "zone-<zone>"...), in order."""
    return panel_.locator(f"dd[data-key='{key}'] .chip").all_inner_texts()
