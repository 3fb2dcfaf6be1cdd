"""Earlier BattleCON engines this beatlog still re-runs (recorder/rulesets.py), one module each: each
subclasses the next newer game class and overrides only the rules that changed (engine 3 <- engine 4 <- engine 5
<- engine 6 <- the current ``BattleCON``); engine 5's revisions keep the earlier states engine 5 went through on
main."""

from . import battlecon_engine_6  # noqa: F401 - registers the ruleset
from . import battlecon_engine_5  # noqa: F401 - registers the ruleset and its revisions
from . import battlecon_engine_4  # noqa: F401 - registers the ruleset
from . import battlecon_engine_3  # noqa: F401 - registers the ruleset (on engine 4's)
from . import battlecon_engine_5_revisions  # noqa: F401 - registers engine 5's earlier states

__all__ = ["battlecon_engine_6", "battlecon_engine_5", "battlecon_engine_4", "battlecon_engine_3",
           "battlecon_engine_5_revisions"]
