"""Take docs/screenshot.png: the match viewer on the walkthrough sample, mid-beat, in Chromium.

    python bench/screenshot.py [--out docs/screenshot.png] [--width 1200]

Renders ``sample_logs/battlecon/walkthrough.jsonl`` into a temporary site and
shoots the match page at the moment both pairs are revealed in beat 2, with
the dispute report open (the README shows it).
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from recorder.jsonl import read_jsonl
from viewer.site import render_site
from viewer.sources import Source

ROOT = Path(__file__).resolve().parent.parent
LOG = ROOT / "sample_logs" / "battlecon" / "walkthrough.jsonl"
CHROMIUM = "/usr/bin/chromium"


def moment(log) -> int:
    """The first event after which an attack hits in beat 2 (a lively board)."""
    for record in log.records:
        if record.beat == 2 and record.type == "DamageDealt":
            return record.seq
    return len(log.records) // 3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshot.png"))
    parser.add_argument("--width", type=int, default=1400)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    log = read_jsonl(LOG)
    with tempfile.TemporaryDirectory() as tmp:
        written = render_site([Source(LOG.name, log)], tmp)
        page_path = written.matches[0][1]
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport={"width": args.width, "height": 1000}, device_scale_factor=1)
            page.emulate_media(color_scheme="light")
            page.goto(page_path.as_uri() + f"#e={moment(log)}&p=judge&r=0")
            page.wait_for_selector("html[data-ready='1']", state="attached")
            page.wait_for_selector("#chart .main-svg")
            page.click("#dispute summary")
            page.screenshot(path=args.out, full_page=False)
            browser.close()
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
