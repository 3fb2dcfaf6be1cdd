"""The match header: line 1 of every log, and the seed of its hash chain."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import FORMAT, canonical

HEADER_FIELDS = (
    "format", "match_id", "game", "edition", "engine_version", "rules_version",
    "seed", "players", "options", "created_at", "hash",
)


@dataclass(frozen=True, slots=True)
class Player:
    """A seat at the table: who plays (untrusted text) and as what."""

    name: str
    side: str  # the fighter in BattleCON, the fleet name in Cogs...

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "side": self.side}


@dataclass(frozen=True, slots=True)
class Header:
    match_id: str
    game: str
    edition: str
    engine_version: str
    rules_version: str
    seed: int
    players: tuple[Player, ...]
    options: dict[str, Any] = field(default_factory=dict)
    created_at: str = ""
    format: str = FORMAT

    def body(self) -> dict[str, Any]:
        """What the header hash covers: everything but ``created_at`` and ``hash``."""
        return {
            "format": self.format,
            "match_id": self.match_id,
            "game": self.game,
            "edition": self.edition,
            "engine_version": self.engine_version,
            "rules_version": self.rules_version,
            "seed": self.seed,
            "players": [p.to_dict() for p in self.players],
            "options": self.options,
        }

    @property
    def hash(self) -> str:
        return canonical.digest(self.body())

    def to_dict(self) -> dict[str, Any]:
        return {**self.body(), "created_at": self.created_at, "hash": self.hash}

    def line(self) -> bytes:
        return canonical.dumps(self.to_dict())

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> "Header":
        """Build a header from already schema-validated JSON."""
        return cls(
            match_id=raw["match_id"],
            game=raw["game"],
            edition=raw["edition"],
            engine_version=raw["engine_version"],
            rules_version=raw["rules_version"],
            seed=raw["seed"],
            players=tuple(Player(p["name"], p["side"]) for p in raw["players"]),
            options=raw["options"],
            created_at=raw["created_at"],
            format=raw["format"],
        )


def derive_match_id(game: str, seed: int, players: tuple[Player, ...], options: dict[str, Any]) -> str:
    """A match id that depends only on what defines the match.

    Recording the same match twice (same seed, players, options) gives the same
    id and so byte-identical events; a store then refuses the second copy as a
    duplicate instead of silently keeping both.
    """
    basis = {"game": game, "seed": seed, "players": [p.to_dict() for p in players], "options": options}
    return "m-" + canonical.digest(basis)[:12]
