"""BattleCON (War of Indines and the Free Preview): the rules engine.

``GAME`` implements the kernel's Game protocol (recorder/game.py). Nothing
outside this package knows BattleCON rules.
"""

from . import rulesets  # noqa: F401 - the earlier engines register themselves with the game's table
from .game import BattleCON

GAME = BattleCON()

__all__ = ["GAME", "BattleCON"]
