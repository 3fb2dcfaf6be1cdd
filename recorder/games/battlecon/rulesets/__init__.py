"""Earlier BattleCON engines this beatlog still re-runs (recorder/rulesets.py), one module each: each
subclasses the next newer game class and overrides only the rules that changed (engine 3 <- engine 4 <- the
current ``BattleCON``)."""

from . import battlecon_engine_4  # noqa: F401 - registers the ruleset
from . import battlecon_engine_3  # noqa: F401 - registers the ruleset (on engine 4's)

__all__ = ["battlecon_engine_4", "battlecon_engine_3"]
