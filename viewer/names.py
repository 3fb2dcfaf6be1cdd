"""File names for untrusted strings (player names, match ids).

A player may be called ``../../etc/passwd``, ``CON``, ``Zoë`` or an emoji. Pages
are named ``<slug>-<hash>.html``: the slug keeps the name recognisable (ASCII
letters and digits only), the hash of the exact name keeps two names that slug
alike (``Zoë`` and ``zoe``) apart.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

_SAFE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
_NOT_SLUG = re.compile(r"[^a-z0-9]+")
SLUG_MAX = 32


def slug(text: str) -> str:
    """Lowercase ASCII words joined by dashes; ``"x"`` when nothing is left."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    words = _NOT_SLUG.sub("-", ascii_text.lower()).strip("-")
    return words[:SLUG_MAX].rstrip("-") or "x"


def safe_name(text: str) -> str:
    """A file-name stem for any string: ``slug-<8 hex of sha256(text)>``."""
    tag = hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]
    return f"{slug(text)}-{tag}"


def match_file_stem(match_id: str) -> str:
    """A match id as a file-name stem: itself when plainly safe, else :func:`safe_name`."""
    return match_id if _SAFE_ID.match(match_id) else safe_name(match_id)
