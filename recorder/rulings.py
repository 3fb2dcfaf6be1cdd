"""Rulings a game's report cites by name: where the rule texts are unclear or disagree, docs/rulings.md
says what the engine does and why, one bullet per ruling, each with a stable id (its anchor,
``<a id="bc-sweeping"></a>**Sweeping**``).

A game declares the rulings its reports cite as :class:`Ruling` constants (id and name exactly as the
document spells them); ``explain`` then names the ruling next to the figure it decided ("soak 1 (Human
form 1) [ruling: Kallistar]") and in the record's citation. Every Ruling built is registered here, so one
test checks each against docs/rulings.md.
"""

from __future__ import annotations

from dataclasses import dataclass

DOC = "docs/rulings.md"


@dataclass(frozen=True)
class Ruling:
    id: str  # the anchor in docs/rulings.md: stable, what code refers to
    name: str  # the bullet's bold title: what a person reads

    def __post_init__(self) -> None:
        known = REGISTERED.setdefault(self.id, self)
        if known != self:
            raise ValueError(f"ruling id {self.id!r} is registered twice with different names "
                             f"({known.name!r}, {self.name!r})")

    @property
    def cite(self) -> str:
        """``ruling 'Sweeping' (docs/rulings.md#bc-sweeping)``: for a record's rule line."""
        return f"ruling '{self.name}' ({DOC}#{self.id})"

    @property
    def tag(self) -> str:
        """``[ruling: Sweeping]``: next to the figure the ruling decided."""
        return f"[ruling: {self.name}]"


REGISTERED: dict[str, Ruling] = {}
