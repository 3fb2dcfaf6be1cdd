"""Sailpower: Cogs of Valor -- the second game on the beatlog kernel."""

from . import rulesets  # noqa: F401 - the earlier engines register themselves with the game's table
from .game import GAME

__all__ = ["GAME"]
