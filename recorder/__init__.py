"""beatlog recorder: the event-sourced kernel, the match log and the game engines."""

__version__ = "0.1.0"
FORMAT = "beatlog/1"
