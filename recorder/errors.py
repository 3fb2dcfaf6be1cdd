"""The library's error hierarchy.

Every message is meant to be shown to a person as one line: it quotes the
offending input and says where it was found (file, line, match, beat, seq).
The CLI prints ``str(error)`` and exits 1; nothing else is caught there.
"""


class BeatlogError(Exception):
    """Base class of every error beatlog reports to a user."""


class InvalidDecision(BeatlogError):
    """A decision that is malformed: wrong shape, unknown card, wrong player."""


class IllegalDecision(BeatlogError):
    """A well-formed decision that the rules do not allow at this moment."""


class CorruptLog(BeatlogError):
    """A log that cannot be trusted: bad JSON, broken chain, edited event..."""


class UnreadableLog(CorruptLog):
    """A log whose chain and schemas are intact but whose content a reader cannot interpret.

    Raised by the one boundary between a consumer (describe, snapshot,
    statistics, the viewer, explain, state) and the game code it calls: its
    message names the match, the seq and, when it can be told, the field.
    """


class IncompleteLog(BeatlogError):
    """A log that is intact but stops before its match ended."""


class VerificationFailed(BeatlogError):
    """Re-executing a log gave different events than the ones recorded."""


class LogConflict(BeatlogError):
    """Another writer appended to the same match first."""


class UnknownGame(BeatlogError):
    """A game name that no installed engine provides."""


class UnsupportedRules(BeatlogError):
    """A log recorded under an engine or rules version this beatlog cannot re-run."""


class UnknownSide(InvalidDecision):
    """A side the game does not know: a BattleCON fighter, a Cogs of Valor fleet..."""


class UnknownEventType(CorruptLog):
    """An event type this version of beatlog does not know."""


class LimitExceeded(BeatlogError):
    """An input beyond one of beatlog's documented limits (events of a match page...)."""


class UsageError(BeatlogError):
    """Bad command-line input that click itself cannot catch."""
