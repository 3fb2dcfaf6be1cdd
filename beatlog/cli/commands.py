"""Collects every command module so that importing it registers them all."""

from . import log_commands  # noqa: F401
from . import record_commands  # noqa: F401
from . import replay_commands  # noqa: F401
from . import store_commands  # noqa: F401
from . import view_commands  # noqa: F401
from . import stats_commands  # noqa: F401
