"""How the game-agnostic viewer finds a game's drawing: the ``VIEW`` hook.

A game that wants a drawn board puts a ``view`` subpackage beside its engine
(``recorder/games/<game>/view/``) whose ``VIEW`` object has:

``name``
    the key the drawing registers itself under in JavaScript
    (``BeatlogViews.register(name, {...})``).
``js``, ``css``
    paths of the drawing's script and stylesheet (copied into the site's
    assets, or inlined into a single-file page).
``static(header) -> dict``
    JSON-native data the drawing needs once per match (full fighter names,
    card figures...); public information only. Its ``"text"`` fields (card
    texts) are stored as words, like the event texts, and joined back by the
    page before the drawing sees them.
``extras(state) -> dict | None``
    per-frame figures the snapshot does not hold (e.g. an attack's combined
    range/power/priority once the pairs are revealed). Every perspective is
    shown them, so they must be public information.
``extras_key(state) -> Hashable`` (optional)
    a cheap key of everything ``extras`` reads: while it stays the same from
    one frame to the next the viewer reuses the figures instead of recomputing
    them (``extras`` is the costliest per-frame hook).
``hold(previous, fresh, state) -> dict | None`` (optional)
    the figures to show, given those shown at the frame before (``previous``)
    and this frame's ``extras`` (``fresh``): lets a view keep figures the state
    no longer holds (BattleCON's revealed pairs, once recycled, until the beat ends).
``series(snapshot) -> dict[str, list[int] | int | None]``
    numbers charted at the end of each beat, by label: a list is one number per
    seat (``{"Life": [20, 17]}``), a single number is shared by the table
    (``{"Distance": 2}``; None leaves a gap).
``beat_counters`` (optional)
    ``(counter, label)`` pairs naming stat counters (see ``replay.stats``) to
    chart as each seat's amount *in* each beat, as bars
    (``(("damage_dealt", "Damage dealt"),)``). A match page charts the first of
    them (its table has them all); a player page charts them all for the player.
``slim(snapshot) -> dict`` (optional)
    the snapshot without what the drawing never shows and can derive, to keep
    pages small (it gets the judge's snapshot and each redacted one). A function
    of the snapshot alone, like ``game.redact``: while the snapshot stays the same
    the viewer reuses both results.
``headline(header, records) -> str`` (optional)
    one line on a round for the viewer's timeline, from the round's records
    (BattleCON: the pairs played, the damage, stuns, who won the beat); without
    it (or when it is empty) the round's public decisions in words.
``mark(record, header) -> (kind, label) | None`` (optional)
    a moment worth a marker on the scrubber and a flag in the timeline:
    ``kind`` is one of ``knockout``, ``stun``, ``finisher``, ``special``,
    ``end`` (styled by the viewer; any other is drawn plainly), ``label`` says
    it in words. Neither hook may read secrets: every perspective sees them.
``side_name(side) -> str`` (optional)
    a side's display name (``khadath`` -> ``Khadath Ahemusei``); else the side as logged.

A drawing that names its pieces in the SVG (``data-piece``, with ``data-life``)
gets motion for free: after a step the viewer glides a moved piece from where it
was and flashes one that lost life (never with ``prefers-reduced-motion``).

A game without a ``view`` package still gets a working viewer: :data:`PLAIN`
shows each frame's snapshot as text.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from recorder.game import GAMES, Game
from recorder.header import Header

STATIC = Path(__file__).parent / "static"


class GameView(Protocol):
    name: str
    js: Path
    css: Path

    def static(self, header: Header) -> dict[str, Any]: ...

    def extras(self, state: Any) -> dict[str, Any] | None: ...

    def series(self, snapshot: dict[str, Any]) -> dict[str, Any]: ...


@dataclass(frozen=True)
class PlainView:
    """The fallback drawing: the snapshot as an indented outline."""

    name: str = "plain"
    js: Path = STATIC / "plain.js"
    css: Path = STATIC / "plain.css"

    def static(self, header: Header) -> dict[str, Any]:
        return {}

    def extras(self, state: Any) -> dict[str, Any] | None:
        return None

    def series(self, snapshot: dict[str, Any]) -> dict[str, list[int]]:
        return {}


PLAIN = PlainView()


def view_for(game: Game) -> GameView:
    """The game's ``VIEW``: its ``view`` attribute, else ``<game package>.view``, else :data:`PLAIN`."""
    view = getattr(game, "view", None)
    if view is not None:
        return view
    target = GAMES.get(game.name, "")
    package = target.partition(":")[0]
    if not package:
        return PLAIN
    try:
        module = importlib.import_module(f"{package}.view")
    except ModuleNotFoundError as exc:
        if exc.name and f"{package}.view".startswith(exc.name):
            return PLAIN
        raise
    return getattr(module, "VIEW", PLAIN)
