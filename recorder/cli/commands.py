"""Collects every command module so that importing it registers them all."""

from . import log_commands  # noqa: F401
