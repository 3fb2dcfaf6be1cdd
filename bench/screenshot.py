"""Take docs/screenshot.png: the match viewer on the walkthrough sample, a beat's dispute report open, in Chromium.

    python bench/screenshot.py [--out docs/screenshot.png] [--width 1400] [--height 1050]

Renders ``sample_logs/battlecon/walkthrough.jsonl`` into a temporary site and
shoots the match page at the end of a beat in which an attack deals damage (a
few beats in), with that beat's dispute report open (the README shows it).

Deterministic: the same log gives the same picture, byte for byte (fixed
viewport, scale, colour scheme and fonts' wait; no animation, no scrollbars,
no caret). Re-run it whenever the sample logs are regenerated.
"""

from __future__ import annotations

import argparse
import hashlib
import tempfile
from pathlib import Path

from recorder.jsonl import read_jsonl
from viewer.site import render_site
from viewer.sources import Source

ROOT = Path(__file__).resolve().parent.parent
LOG = ROOT / "sample_logs" / "battlecon" / "walkthrough.jsonl"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--hide-scrollbars", "--font-render-hinting=none",
        "--force-color-profile=srgb",
        # One raster thread, every compositor stage run before a frame is drawn: the same pixels each time.
        "--num-raster-threads=1", "--run-all-compositor-stages-before-draw", "--disable-partial-raster",
        "--disable-checker-imaging"]
# Transitions (the life bars) and the caret would make two shots of one moment differ.
STILL = "*, *::before, *::after { transition: none !important; animation: none !important; caret-color: transparent; }"


def moment(log, around: int = 4) -> int:
    """The last event of a beat of the first duel in which an attack dealt damage: the last such beat
    up to beat ``around`` (a few beats in, so the chart has a shape), else the first such beat."""
    hit = sorted({r.beat for r in log.records if r.duel == 1 and r.beat >= 1 and r.type == "DamageDealt"})
    if not hit:
        return len(log.records)
    beat = max((b for b in hit if b <= around), default=hit[0])
    return max(r.seq for r in log.records if (r.duel, r.beat) == (1, beat))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshot.png"))
    parser.add_argument("--width", type=int, default=1400)
    parser.add_argument("--height", type=int, default=1050)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    log = read_jsonl(LOG)
    with tempfile.TemporaryDirectory() as tmp:
        written = render_site([Source(LOG.name, log)], tmp)
        page_path = written.matches[0][1]
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            context = browser.new_context(viewport={"width": args.width, "height": args.height},
                                          device_scale_factor=1, color_scheme="light", reduced_motion="reduce",
                                          locale="en-GB", timezone_id="UTC")
            page = context.new_page()
            page.goto(page_path.as_uri() + f"#e={moment(log)}&p=judge&r=0")
            page.wait_for_selector("html[data-ready='1']", state="attached")
            page.add_style_tag(content=STILL)
            page.wait_for_selector("#chart .main-svg")
            page.wait_for_selector("#log-download[href^='blob:']")
            page.evaluate("() => document.fonts.ready")
            page.evaluate("() => { document.getElementById('dispute').open = true; window.scrollTo(0, 0); }")
            page.wait_for_function("() => document.getElementById('report').textContent.startsWith('Match ')")
            page.evaluate("() => document.activeElement && document.activeElement.blur()")
            page.wait_for_timeout(300)  # plotly's resize observer settles
            page.screenshot(path=args.out, full_page=False, animations="disabled", caret="hide")
            browser.close()
    digest = hashlib.sha256(Path(args.out).read_bytes()).hexdigest()[:16]
    print(f"wrote {args.out} (sha256 {digest}...)")


if __name__ == "__main__":
    main()
