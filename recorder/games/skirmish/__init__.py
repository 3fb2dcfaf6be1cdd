"""The grid skirmish game (displayed "Grid skirmish") -- the third game on the beatlog kernel."""

from .game import GAME

__all__ = ["GAME"]
