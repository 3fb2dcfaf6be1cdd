"""Replay and audit: re-execute, seal, explain, what-if, diff and inspect match logs.

Everything here is game-agnostic: it drives a game only through its engine
(:class:`recorder.match.Match`) and the hooks of :class:`recorder.game.Game`.
"""
