"""Earlier Cogs of Valor engines this beatlog still re-runs (recorder/rulesets.py), one module each, newest
first in the chain: each subclasses the next newer game class and overrides only the rules that changed."""

from . import cogs_0_3_0  # noqa: F401 - registers the ruleset

__all__ = ["cogs_0_3_0"]
