"""What the kernel needs from a game, and how games are found by name.

Nothing outside ``recorder/games/<game>/`` knows one game's rules: replay,
statistics and the viewer only call the hooks below.
"""

from __future__ import annotations

import importlib
from typing import Any, Generator, Iterable, Protocol

from .citing import CiteContext
from .context import Context
from .decisions import Answer, DecisionSource, Request
from .envelope import Record
from .errors import UnknownGame, UnsupportedRules
from .events import EventRegistry
from .header import Header, Player
from .names import resolve, suggestion
from .terms import NEUTRAL, Terms, terms_of

# name -> "module:attribute" of the Game object; imported on first use.
GAMES: dict[str, str] = {
    "battlecon": "recorder.games.battlecon:GAME",
    "cogs": "recorder.games.cogs:GAME",
    "skirmish": "recorder.games.skirmish:GAME",
}


class Game(Protocol):
    name: str
    engine_version: str
    rules_version: str
    editions: tuple[str, ...]
    events: EventRegistry

    def make_header(self, *, players: tuple[Player, ...], edition: str, seed: int,
                    options: dict[str, Any], match_id: str | None = None) -> Header:
        """Validate the match's set-up and build its header (raises InvalidDecision)."""

    def new_state(self, header: Header) -> Any:
        """The state before the first event."""

    def apply(self, state: Any, event: Any) -> None:
        """Fold one event into ``state`` (the only place state changes)."""

    def play(self, ctx: Context) -> Generator[Request, Answer, None]:
        """Run the whole match, yielding each decision request."""

    def describe(self, state: Any, record: Record) -> str:
        """One plain-language line for a record, given the state before it.

        Carries the arithmetic a judge needs ("Khadath takes 4 damage (power 7 -
        soak 3), stunned"), never more than the record's visibility allows.
        """

    def cite(self, state: Any, record: Record, context: CiteContext) -> str | None:
        """The rule section a record applies, given the state before it (as for ``describe``): the rulebook of
        the match's edition, e.g. "WoI p.25, Active attack, step 5: stun" or "Preview p.5, Step 4 Execute
        Attacks, 4"; a ruling of docs/rulings.md where the rules are silent (``recorder.rulings``).

        ``context`` is the walk's memo (:mod:`recorder.citing`), owned by the visitor that cites the log's
        records in order: what a citation learns from earlier records (whose effect asked a decision) is kept
        there, never in ``state``."""

    def snapshot(self, state: Any) -> dict[str, Any]:
        """The whole state as JSON-native data (for ``state --json`` and the viewer)."""

    def redact(self, snapshot: dict[str, Any], player: int | None) -> dict[str, Any]:
        """``snapshot`` as ``player`` could know it: hidden hands and face-down choices removed.

        ``None`` is a spectator: whatever no single player would show is hidden.
        """

    def render_state(self, snapshot: dict[str, Any]) -> str:
        """A few lines of text for a (possibly redacted) snapshot: board line, life, piles..."""

    def result(self, state: Any) -> dict[str, Any] | None:
        """None while the match runs; then ``{"winner": index or None, "reason": str, ...}``."""

    def script_answers(self, entry: dict[str, Any]) -> list[dict[str, Any]]:
        """Expand one match-script entry into ``{"kind": ..., **answer}`` items, in order."""

    def bot(self, name: str, seed: int, player: int) -> DecisionSource:
        """A named bot (one of :meth:`bots`) for one seat."""

    def bots(self) -> Iterable[str]:
        """The bot names ``bot`` accepts."""

    # Optional hooks (looked up with getattr; each layer works without them):
    #   decision_kinds: tuple[str, ...]      every Request.kind the engine can ask (scripts are checked
    #                                        against it before a match starts)
    #   optional_answer(kind, data) -> bool  a scripted answer that may go unused (e.g. an ante pass)
    #   fighters: tuple[str, ...]            the sides a tournament pairs up (``beatlog simulate``) and
    #                                        ``beatlog sides`` lists (fighters, fleets...)
    #   tournament_options(edition) -> dict  the header options a tournament plays by default
    #                                        (``simulate``/``demo``; ``--option`` goes over them)
    #   view                                 the viewer's drawing (viewer/gameview.py; else
    #                                        ``<game package>.view.VIEW``)
    #   stat_events                          the statistics hook (replay/stats.py; else
    #                                        ``<game package>.stat_events.STATS``)
    #   terms: dict[str, str | None]         the game's words for what people read (recorder/terms.py):
    #                                        {"side": "fleet", "round": "turn", "set": None, "setup":
    #                                        "muster", ...}; the log keeps its own field names
    #   phase(record, current) -> str|None   the phase/step of the round a record belongs to, given the
    #                                        previous record's phase in the same round (None at its
    #                                        start): the viewer steps by phase (replay/phases.py)
    #   default_bot: str                     who plays a seat when ``record`` is given no --bots
    #   fold_of(event_class) -> fold | None  the function ``fold(state, event)`` that applies every event of
    #                                        that class as ``apply`` would, or None when they change nothing
    #                                        (a running match calls it directly: recorder/context.py)
    #   side_info(side) -> dict              one side as JSON-native data (``beatlog sides``); with
    #   render_side(info) -> str             its text (else a generic outline)
    #   ruleset(engine_version, rules_version) -> Game | None
    #                                        the game object that re-runs a log recorded under those
    #                                        versions: itself, an earlier ruleset (recorder/rulesets.py),
    #                                        or None when it cannot; without the hook a game runs only
    #                                        its own engine_version and rules_version
    #   match_flags: tuple[Flag, ...]       command-line flags for the game's header options (``record``,
    #                                        ``play``, ``simulate``; recorder/flags.py): BattleCON's --duels N
    #                                        says --option duels=N
    #   whatif_shortcuts: tuple[Flag, ...]   ``whatif`` flags the game translates into script-entry fields
    #                                        (BattleCON: --pair, --ante); ``--choices`` is the generic form
    #   demo: dict[str, Any]                 the game's part of ``beatlog demo``: its "sides" ("all" or
    #                                        "a,b,c"), "bots" ("x,y") and optionally "matches" (per
    #                                        pairing, default 2) and "options" (header options over its
    #                                        tournament defaults); a game without it is left out of the demo


def load_game(name: str) -> Game:
    target = GAMES.get(name) or GAMES.get(resolve(name, GAMES) or "")
    if target is None:
        known = ", ".join(sorted(GAMES))
        raise UnknownGame(f"unknown game {name!r}{suggestion(name, GAMES)}; known games: {known}")
    module_name, _, attr = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and module_name.startswith(exc.name):
            raise UnknownGame(f"game {name!r} is not installed in this version of beatlog") from None
        raise
    return getattr(module, attr)


def installed_games() -> list[Game]:
    """Every game of :data:`GAMES` this beatlog can load (one that is not installed is left out)."""
    out = []
    for name in GAMES:
        try:
            out.append(load_game(name))
        except UnknownGame:
            continue
    return out


def game_for(header: Header) -> Game:
    """The game object that re-runs ``header``'s match: the current rules or the earlier ruleset it names.

    Everything that re-executes or interprets a recorded log asks here rather than
    :func:`load_game`, so a log keeps verifying after the rules move on.
    """
    game = load_game(header.game)
    hook = getattr(game, "ruleset", None)
    if hook is not None:
        found = hook(header.engine_version, header.rules_version)
    elif (header.engine_version, header.rules_version) == (game.engine_version, game.rules_version):
        found = game
    else:
        found = None
    if found is None:
        *earlier, _ = runnable_engines(game)
        also = f"; earlier engines {', '.join(map(repr, earlier))}" if earlier else ""
        raise UnsupportedRules(
            f"match {header.match_id} was recorded with {header.game} engine {header.engine_version!r}, "
            f"rules {header.rules_version!r}, which this beatlog cannot re-run (it runs engine "
            f"{game.engine_version!r}, rules {game.rules_version!r}{also})")
    return found


def runnable_engines(game: Game) -> tuple[str, ...]:
    """The engine versions of ``game`` this beatlog can re-run, newest last."""
    earlier = getattr(game, "rulesets", None)
    return (*(earlier.versions() if earlier is not None else ()), game.engine_version)


def terms_named(game: str) -> Terms:
    """The words of the game called ``game`` (a header's or a script's); neutral for a game this beatlog
    does not have -- whatever needs its rules refuses it by name, a message only has to read."""
    try:
        return terms_of(load_game(game))
    except UnknownGame:
        return NEUTRAL
