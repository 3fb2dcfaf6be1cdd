"""Turning command-line options into a match: game, header, sources and sinks.

Shared by ``record`` and ``play``. Everything here raises :class:`UsageError`
or the game's own errors with one-line messages; nothing prints.
"""

from __future__ import annotations

import secrets
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, Mapping, Sequence

from recorder import canonical
from recorder.decisions import DecisionSource, FirstOption
from recorder.envelope import Record
from recorder.errors import BeatlogError, UsageError
from recorder.flags import flag_fields
from recorder.game import Game, installed_games, load_game
from recorder.header import Header, Player
from recorder.names import resolve, suggestion
from recorder.recording import JsonlSink, Sink, StoreSink, Tee
from recorder.script import Script, ScriptSource, policy_sources
from recorder.terms import terms_of

MAX_SEED = 2**53
DEFAULT_GAME = "battlecon"


def split_pair(value: str | None, option: str, count: int = 2) -> tuple[str, ...] | None:
    """``"a,b"`` -> ``("a", "b")``; exactly ``count`` non-empty names."""
    if value is None:
        return None
    names = tuple(part.strip() for part in value.split(","))
    if len(names) != count or not all(names):
        raise UsageError(f"{option} takes {count} names separated by a comma, got {value!r}")
    return names


def split_names(value: str | None, option: str, count: int | None = None) -> tuple[str, ...] | None:
    """``"a,b,c"`` -> ``("a", "b", "c")``: ``count`` non-empty names, or (count None) two or more.

    A duel takes two; a game for more seats (Cogs of Valor) takes more, and the
    game's ``make_header`` says how many it allows.
    """
    if value is None or count is not None:
        return split_pair(value, option, count if count is not None else 2)
    names = tuple(part.strip() for part in value.split(","))
    if len(names) < 2 or not all(names):
        raise UsageError(f"{option} takes 2 or more names separated by commas, got {value!r}")
    return names


def parse_seed(value: str | None) -> int | None:
    if value is None:
        return None
    text = value.strip()
    if not text.isdigit() or int(text) > MAX_SEED:
        raise UsageError(f"--seed must be a whole number from 0 to {MAX_SEED}, got {value!r}")
    return int(text)


def parse_options(values: Sequence[str]) -> dict[str, Any]:
    """``("special_actions=true", "discards=chosen")`` -> ``{"special_actions": True, "discards": "chosen"}``.

    A VALUE that is valid JSON is read as JSON (``true``, ``3``, ``"3"``, ``[1, 2]``); ``@FILE`` reads the
    value from a JSON file (``fleets=@fleets.json``; ``@@text`` is the text ``@text``); any other text is
    a string. Which keys and values a game takes is the game's to say (``make_header``).
    """
    options: dict[str, Any] = {}
    for text in values:
        key, eq, raw = text.partition("=")
        key = key.strip()
        if not eq or not key or any(c.isspace() for c in key):
            raise UsageError(f"--option takes KEY=VALUE (e.g. special_actions=true), got {text!r}")
        if key in options:
            raise UsageError(f"--option {key} is given twice; give each option once")
        if raw.startswith("@@"):
            options[key] = raw[1:]
        elif raw.startswith("@"):
            options[key] = _option_file(key, raw[1:])
        else:
            try:
                options[key] = canonical.loads(raw)
            except ValueError:
                options[key] = raw
    return options


def _option_file(key: str, name: str) -> Any:
    """The JSON value of ``--option KEY=@FILE``."""
    if not name:
        raise UsageError(f"--option {key}=@ names no file; write {key}=@FILE (or {key}=@@text for text "
                         f"starting with @)")
    try:
        raw = Path(name).read_bytes()
    except OSError as exc:
        raise UsageError(f"--option {key}=@{name}: cannot read {name}: {exc.strerror or exc}") from None
    try:
        return canonical.loads(raw)
    except ValueError as exc:
        raise UsageError(f"--option {key}=@{name}: {name} is not valid JSON: {exc}") from None


def new_seed() -> int:
    """A fresh seed for an unseeded match; it is printed and kept in the header."""
    return secrets.randbelow(2**31)


@dataclass(frozen=True)
class MatchPlan:
    game: Game
    header: Header
    script: Script | None


def plan_match(
    *,
    game_name: str | None,
    fighters: tuple[str, ...] | None,
    players: tuple[str, ...] | None,
    edition: str | None,
    seed: int | None,
    script: Script | None,
    options: dict[str, Any] | None = None,
    flags: Mapping[str, tuple[str, ...]] | None = None,
) -> MatchPlan:
    """Decide the match from options, a script, or both (options win where given).

    ``options`` (from ``--option KEY=VALUE``) and the game's flags (``flags``: BattleCON's ``--duels N``,
    recorder/flags.py) are merged over the script's options; the game's ``make_header`` validates the result.
    """
    if script is not None and game_name is not None and game_name != script.game:
        raise UsageError(f"--game {game_name} does not match the script's game {script.game!r}")
    game = load_game(game_name or (script.game if script else DEFAULT_GAME))
    terms = terms_of(game)
    if fighters is None:
        if script is None:
            raise UsageError(f"say which {terms.sides} play: --sides A,B (see `beatlog sides --game {game.name}`) "
                             "or --script FILE")
        fighters = script.sides
    else:
        fighters = tuple(resolve(side, _published_sides(game)) or side for side in fighters)  # Hikaru is hikaru
    if players is None:
        script_names = tuple(seat.name for seat in script.seats) if script else ()
        players = tuple(
            (script_names[i] if i < len(script_names) and script_names[i] else f"Player {i + 1}")
            for i in range(len(fighters))
        )
    if edition is None:
        edition = (script.edition if script else None) or default_edition(game)
    given = dict(options or {})
    flagged = flag_fields(game, "match_flags", flags or {}, installed_games(), over=given) if flags else {}
    options = {**(script.options if script else {}), **given, **flagged}
    if seed is None:
        seed = script.seed if script and script.seed is not None else new_seed()
    header = game.make_header(
        players=tuple(Player(name, side) for name, side in zip(players, fighters)),
        edition=edition, seed=seed, options=options,
    )
    if script is not None:
        script.check_header(header)
    return MatchPlan(game, header, script)


def _published_sides(game: Game) -> tuple[str, ...]:
    listed = getattr(game, "fighters", None)
    return tuple(listed() if callable(listed) else listed or ())


def default_edition(game: Game) -> str:
    return getattr(game, "default_edition", None) or game.editions[0]


def bot_sources(game: Game, header: Header, bots: tuple[str, ...]) -> dict[int, DecisionSource]:
    known = tuple(game.bots())
    sources: dict[int, DecisionSource] = {}
    everyone = ("first", *(b for b in known if b != "first"))
    for seat, name in enumerate(bots):
        name = resolve(name, everyone) or name  # "Greedy" is greedy
        if name == "first":
            sources[seat] = FirstOption("bot:first")
            continue
        if name not in known:
            raise UsageError(f"unknown bot {name!r}{suggestion(name, everyone)}; known bots: {', '.join(everyone)}")
        sources[seat] = game.bot(name, header.seed, seat)
    return sources


def script_sources(plan: MatchPlan, policy: str | None) -> dict[int, DecisionSource]:
    assert plan.script is not None
    fallback = policy_sources(plan.game, policy or plan.script.policy, plan.header.seed, len(plan.header.players))
    source = ScriptSource(plan.game, plan.script, plan.header, fallback)
    return {seat: source for seat in range(len(plan.header.players))}


class StreamSink:
    """A JSONL log written to a stream (``-o -``), flushed after every batch."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream

    def start(self, header: Header) -> None:
        self.stream.write(header.line() + b"\n")
        self.stream.flush()

    def append(self, records: Sequence[Record]) -> None:
        self.stream.write(b"".join(r.line() + b"\n" for r in records))
        self.stream.flush()

    def finish(self) -> None:
        self.stream.flush()


def open_sinks(header: Header, out: str | None, db: str | None, *,
               durability: str = "full") -> tuple[Sink, list[str]]:
    """The sinks for ``-o``/``--db`` (default ``<match_id>.jsonl`` here) and where they write; ``durability``
    is the store's (recorder.store_file.DURABILITY)."""
    sinks: list[Sink] = []
    where: list[str] = []
    if out is None and db is None:
        out = f"{header.match_id}.jsonl"
    if out == "-":
        sinks.append(StreamSink(sys.stdout.buffer))
        where.append("standard output")
    elif out is not None:
        path = Path(out)
        if path.exists() and path.stat().st_size > 0:
            raise UsageError(f"{out} already exists; choose another file with -o or remove it first")
        sinks.append(JsonlSink(path))
        where.append(str(path))
    if db is not None:
        sinks.append(StoreSink(db, durability=durability))
        where.append(f"{db} (match {header.match_id})")
    return (sinks[0] if len(sinks) == 1 else Tee(sinks)), where


def keep_stats(db: str | None, match_id: str) -> None:
    """Count a match just recorded into the store ``db`` once, for ``stats`` and the site.

    Never fails the recording: a match that cannot be counted now is counted by the next ``stats``.
    """
    if db is None:
        return
    from recorder.store import Store
    from replay.stats_store import fill

    try:
        with Store(db, create=False) as store:
            fill(store, [match_id])
    except BeatlogError:
        pass
