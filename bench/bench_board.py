"""Time to board: how long after a match page starts loading its board is drawn, in Chromium, on a cold cache.

A benchmark, not a test. Renders a site and single-file pages of the given logs, then opens each page in a
fresh browser context (nothing cached) and reads when the board's drawing first appears (a
MutationObserver notes ``performance.now()``, milliseconds since the navigation started). A site's page
draws as it is parsed; a single-file page first inflates its data (``DecompressionStream``), so both are
measured. Needs Debian's ``chromium`` and Playwright; without them the rows say so.

    python bench/bench_board.py [--runs 5] [--pages 5]   (the BattleCON sample logs; python -m bench uses
                                                        its recorded duels)
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path
from typing import Sequence

from recorder.integrity import LogFile
from recorder.jsonl import read_jsonl

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
READY = "html[data-ready='1']"
WATCH = """new MutationObserver(() => {
    if (window.__boardAt === undefined && document.querySelector('#board svg, #board .cogs-board, #board *'))
        window.__boardAt = performance.now();
}).observe(document, {childList: true, subtree: true});"""


def times_to_board(logs: Sequence[LogFile], runs: int) -> dict[str, list[float]] | str:
    """Milliseconds to the board for each kind of page (``site``, ``single-file``), every page ``runs`` times;
    or why they cannot be measured here."""
    if not Path(CHROMIUM).exists():
        return f"n/a (no browser at {CHROMIUM})"
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return "n/a (playwright not installed)"
    from viewer.site import render_site
    from viewer.sources import Source

    out: dict[str, list[float]] = {"site": [], "single-file": []}
    with tempfile.TemporaryDirectory() as tmp:
        sources = [Source(f"bench-{i}.jsonl", log) for i, log in enumerate(logs)]
        site = render_site(sources, Path(tmp) / "site")
        single = render_site(sources, Path(tmp) / "single", single_file=True)
        pages = {"site": [path for _, path, _ in site.matches], "single-file": [path for _, path, _ in single.matches]}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            try:
                for _ in range(runs):
                    for kind, paths in pages.items():
                        for path in paths:
                            context = browser.new_context(viewport={"width": 1280, "height": 800})
                            page = context.new_page()
                            page.add_init_script(WATCH)
                            page.goto(path.resolve().as_uri())
                            page.wait_for_selector(READY, state="attached")
                            out[kind].append(page.evaluate("() => window.__boardAt"))
                            context.close()
            finally:
                browser.close()
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--pages", type=int, default=5, help="how many of the BattleCON sample logs to render")
    args = parser.parse_args(argv)
    samples = sorted((Path(__file__).resolve().parent.parent / "sample_logs" / "battlecon").glob("woi-*.jsonl"))
    found = times_to_board([read_jsonl(path) for path in samples[:args.pages]], args.runs)
    if isinstance(found, str):
        print(found)
        return
    for kind, ms in found.items():
        print(f"{kind}: median {statistics.median(ms):.0f} ms, largest {max(ms):.0f} ms over {len(ms)} loads")


if __name__ == "__main__":
    main()
