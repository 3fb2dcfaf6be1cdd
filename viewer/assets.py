"""The site's shared files: copied once under ``assets/``, or inlined into a single-file page.

Inlined files are minified (rjsmin/rcssmin strip comments and whitespace only).
plotly.js comes from the installed ``plotly`` package (never a CDN): the site
must work offline from ``file://``.
"""

from __future__ import annotations

import functools
import importlib.util
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from markupsafe import Markup

from .gameview import STATIC, GameView

# A file inlined into <script>/<style> must not be able to end that element early.
_BREAKOUT = re.compile(r"</(script|style)|<!--", re.IGNORECASE)


@dataclass(frozen=True)
class Asset:
    name: str  # path under assets/
    path: Path  # where the installed file is
    kind: str  # css | js

    def tag(self, root: str, inline: bool) -> dict[str, Any]:
        """What the base template needs to link (or inline) this asset."""
        if not inline:
            return {"href": f"{root}assets/{self.name}", "inline": None}
        return {"href": None, "inline": _inline_text(self.path, self.path.stat().st_mtime_ns, self.kind)}


@functools.lru_cache(maxsize=32)
def _inline_text(path: Path, mtime: int, kind: str) -> Markup:
    text = minified(path.read_text(encoding="utf-8"), kind)
    if _BREAKOUT.search(text):
        raise ValueError(f"{path} cannot be inlined: it contains '</script', '</style' or '<!--'")
    return Markup(text)


def minified(text: str, kind: str) -> str:
    """Whitespace and comments out (a single-file page is mailed); code otherwise unchanged."""
    if kind == "js":
        import rjsmin

        return rjsmin.jsmin(text)
    import rcssmin

    return rcssmin.cssmin(text)


CSS = Asset("viewer.css", STATIC / "viewer.css", "css")
SITE_CSS = Asset("site.css", STATIC / "site.css", "css")  # the index and player pages only
TABLES_CSS = Asset("tables.css", STATIC / "tables.css", "css")  # data tables: not on a page without any
VIEWER_JS = Asset("viewer.js", STATIC / "viewer.js", "js")
TABLES_JS = Asset("tables.js", STATIC / "tables.js", "js")
LOGFILE_JS = Asset("logfile.js", STATIC / "logfile.js", "js")
CHART_JS = Asset("beatchart.js", STATIC / "beatchart.js", "js")


def view_assets(view: GameView) -> tuple[Asset, Asset]:
    """The game drawing's stylesheet and script."""
    return (Asset(f"views/{view.name}.css", Path(view.css), "css"),
            Asset(f"views/{view.name}.js", Path(view.js), "js"))


@functools.lru_cache(maxsize=1)
def plotly_asset() -> Asset | None:
    """plotly.min.js from the installed plotly package, or None if it is missing (looked up once)."""
    spec = importlib.util.find_spec("plotly")
    if spec is None or spec.origin is None:
        return None
    path = Path(spec.origin).parent / "package_data" / "plotly.min.js"
    return Asset("plotly.min.js", path, "js") if path.is_file() else None


def copy_assets(assets: list[Asset], out: Path) -> None:
    """Copy each asset under ``out/assets/`` (unchanged files are left alone)."""
    for asset in assets:
        target = out / "assets" / asset.name
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.exists() and target.stat().st_size == asset.path.stat().st_size \
                and target.read_bytes() == asset.path.read_bytes():
            continue
        shutil.copyfile(asset.path, target)
