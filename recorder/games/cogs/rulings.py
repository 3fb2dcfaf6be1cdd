"""The Cogs of Valor rulings (docs/rulings.md, section Cogs of Valor) that reports cite by name."""

from __future__ import annotations

from recorder.rulings import Ruling

FOOTPRINTS = Ruling("cogs-cog-footprints", "Cog footprints")
DRIFT = Ruling("cogs-drift", "Drift")
RANGED_COMBAT = Ruling("cogs-ranged-combat", "Ranged combat")
STRUCK_CREW = Ruling("cogs-struck-crew", "Struck crew")
