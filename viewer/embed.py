"""JSON that can sit inside an HTML ``<script>`` element without breaking out of it.

Every string in a log is untrusted. Inside ``<script type="application/json">``
the HTML parser only looks for ``</script`` (and ``<!--``), so escaping ``<``,
``>`` and ``&`` as ``\\u003c``-style escapes makes the element end only where
we end it. U+2028/U+2029 are escaped too: they are legal in JSON but end a line
in older JavaScript, and escaping them costs nothing.
"""

from __future__ import annotations

import base64
import zlib
from typing import Any

import orjson
from markupsafe import Markup

_ESCAPES = {
    ord("<"): "\\u003c",
    ord(">"): "\\u003e",
    ord("&"): "\\u0026",
    0x2028: "\\u2028",
    0x2029: "\\u2029",
}


def script_json(value: Any) -> Markup:
    """``value`` as compact JSON safe to place between ``<script>`` tags."""
    text = orjson.dumps(value).decode("utf-8")
    for char, escape in _ESCAPES.items():  # str.replace is far faster than str.translate here
        text = text.replace(chr(char), escape)
    return Markup(text)


# A page to mail (``render --single-file``) embeds its data compressed: zlib's deflate, in base64 (which
# holds no character HTML could read as markup). The page inflates it with the browser's own
# DecompressionStream("deflate"); :func:`viewer.logpack.page_data` does the same in Python.
PACKED = "deflate-base64"


def packed_json(value: Any) -> Markup:
    """``value`` as compact JSON, deflated and in base64: about a fifth of :func:`script_json`'s size."""
    return Markup(base64.b64encode(zlib.compress(orjson.dumps(value), 9)).decode("ascii"))


def unpacked_json(text: bytes) -> bytes:
    """The JSON text :func:`packed_json` packed (ValueError or zlib.error when it is not such a text)."""
    return zlib.decompress(base64.b64decode(text.strip(), validate=True))
