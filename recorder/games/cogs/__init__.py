"""Sailpower: Cogs of Valor -- the second game on the beatlog kernel."""

from .game import GAME

__all__ = ["GAME"]
