"""Earlier BattleCON engines this beatlog still re-runs (recorder/rulesets.py), one module each: each
subclasses the next newer game class and overrides only the rules that changed."""

from . import battlecon_engine_3  # noqa: F401 - registers the ruleset

__all__ = ["battlecon_engine_3"]
