"""The jinja2 environment of every page: autoescape everywhere, JSON through :func:`viewer.embed.script_json`."""

from __future__ import annotations

import functools
from pathlib import Path

import jinja2

from recorder import __version__

from .embed import script_json

TEMPLATES = Path(__file__).parent / "templates"


@functools.lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    """The templates' environment (built once: compiling templates costs more than rendering them)."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,  # every template, whatever its name: all log text is untrusted
        trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined,
    )
    env.globals["version"] = __version__
    env.filters["json"] = script_json
    env.filters["thousands"] = lambda n: f"{n:,}"  # 100,000
    return env
