"""BattleCON's statistics: which events count towards which figure.

:mod:`replay.stats` knows no game. It walks a log and, for every record, asks
the game's stat hook (``STATS`` here) for *tallies*: ``(seat, counter, value)``
triples. This module declares the counters, the figures derived from them
(column order and labels for tables and the viewer) and the event-to-tally
mapping. Everything is read from event payloads, which carry their own
arithmetic, plus a little memory per match (:class:`MatchTally`): the pair a
clash replaces, where the fighters stand when a duel ends mid-beat.

Counter kinds:

``count``
    summed (damage dealt, hits, stuns...).
``sample``
    averaged: the value is one observation (the distance at the end of a beat).
``tag``
    counted by label: the most frequent labels are reported (attack pairs).
``usage``
    counted by group and label: ``cards_played`` (group = the card's kind:
    style, base, finisher, special) and ``tokens_used`` (anted, spent).

Rulings of the figures (README, "Statistics"):

* an attack pair is the pair actually played: a clash replaces the base
  revealed before it (the covered base is not played);
* the hit rate is hits / (hits + misses) over attacks that can hit: an attack
  whose range is N/A (Dash: "does not hit opponents") is counted in
  ``cannot_hit``, not as a miss;
* the distance is sampled once per beat played: at BeatEnded, or at DuelEnded
  for the beat that ended the duel (it has no BeatEnded).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator

from ...views import pg_int, pg_player
from .cards import BORROWED, KITS
from .fighters import RULES
from .fighters import STAT_EVENTS as KIT_STAT_EVENTS

Tally = tuple[int, str, Any]

COUNTERS: dict[str, str] = {
    "duels_won": "count",
    "duels_lost": "count",
    "duels_drawn": "count",
    "damage_dealt": "count",
    "damage_taken": "count",
    "life_lost": "count",  # life loss that is not damage (no soak, never stuns)
    "life_gained": "count",  # life regained by an effect ("regain 3 life")
    "hits": "count",
    "misses": "count",  # attacks that could have hit: out of range, or dodged
    "cannot_hit": "count",  # attacks with range N/A (Dash): left out of the hit rate
    "stuns_inflicted": "count",
    "stuns_suffered": "count",
    "priority_won": "count",  # beats in which this fighter was the active player
    "priority_decided": "count",  # beats in which priority picked an active player
    "clashes": "count",
    "specials_used": "count",  # Special Actions revealed (option special_actions)
    "finishers_used": "count",  # Finishers that replaced the attack pair (by Special Action or anted)
    "distance": "sample",  # the distance between the fighters at the end of each beat
    "attack_pair": "tag",  # "Style Base" as played (after any clash)
    "cards_played": "usage",  # kind -> card -> times played (the base after any clash)
    "tokens_used": "usage",  # "anted" | "spent" | "gained" -> token -> count
}

# Derived figures, in display order. Operations (see replay.stats_summary.derive):
# per_beat: counter / beats played; ratio: num / sum(den); mean: of a sample;
# top: the most frequent labels of a tag, with their counts.
FIGURES: tuple[dict[str, Any], ...] = (
    {"key": "damage_dealt_per_beat", "label": "Dmg/beat", "per_beat": "damage_dealt", "format": "number"},
    {"key": "damage_taken_per_beat", "label": "Taken/beat", "per_beat": "damage_taken", "format": "number"},
    # Attacks that cannot hit (range N/A: Dash) are neither hits nor misses.
    {"key": "hit_rate", "label": "Hit %", "ratio": ["hits", ["hits", "misses"]], "format": "percent"},
    {"key": "stuns_inflicted", "label": "Stuns", "count": "stuns_inflicted", "format": "int"},
    {"key": "stuns_suffered", "label": "Stunned", "count": "stuns_suffered", "format": "int"},
    {"key": "priority_won_rate", "label": "Prio %", "ratio": ["priority_won", ["priority_decided"]],
     "format": "percent"},
    {"key": "clashes", "label": "Clashes", "count": "clashes", "format": "int"},
    {"key": "specials_used", "label": "Specials", "count": "specials_used", "format": "int"},
    {"key": "finishers_used", "label": "Finishers", "count": "finishers_used", "format": "int"},
    {"key": "mean_distance", "label": "Dist.", "mean": "distance", "format": "number"},
    {"key": "top_pairs", "label": "Most-played attack pairs", "top": "attack_pair", "limit": 3, "format": "top"},
)

NO_RANGE = "range N/A"  # AttackMissed.reason of an attack that cannot hit (attack.check_range)


def _both(counter: str, value: Any = 1) -> Iterator[Tally]:
    yield 0, counter, value
    yield 1, counter, value


def _label(style: str | None, base: str | None) -> str:
    # An anted Finisher shows in the style slot with no base (None; "" in engine 3's logs).
    return " ".join(card for card in (style, base) if card)


class MatchTally:
    """The tallies of one match, with the little it must remember between records.

    ``played[p]`` is the (style slot, base) tagged for seat p's pair this beat,
    so a clash can move the count from the covered base to the one played;
    ``positions`` follows the fighters, for the distance of a beat that ended
    the duel (DuelEnded carries no positions).
    """

    def __init__(self, header: Any) -> None:
        self.kits = [KITS.get(p.side) for p in header.players]
        self.played: list[tuple[str, str] | None] = [None] * len(self.kits)
        self.positions: list[int] = []
        self.sampled: tuple[int, int] | None = None  # (duel, beat) whose distance is counted

    def tally(self, record: Any) -> Iterable[Tally]:
        fn = TALLIES.get(record.type)
        return () if fn is None else list(fn(self, record.duel, record.beat, record.data))

    def kind(self, seat: int, card: str) -> str:
        """style, base, finisher or special: the card's kind in the seat's kit ("card" if unknown)."""
        kit = self.kits[seat]
        found = kit.cards.get(card) if kit is not None else None
        if found is None and card in BORROWED:  # another fighter's card held as the seat's own
            owner, printed = BORROWED[card]
            found = KITS[owner].cards[printed]
        return found.kind if found is not None else "card"

    # -- records that need memory -------------------------------------------------
    def pair_revealed(self, duel: int, beat: int, d: dict[str, Any]) -> Iterator[Tally]:
        for p, (style, base) in enumerate(zip(d["styles"], d["bases"])):
            self.played[p] = (style, base)
            yield p, "attack_pair", _label(style, base)
            for card in (style, base):
                kind = self.kind(p, card) if card else ""
                if card and kind != "finisher":  # an anted Finisher counts when FinisherRevealed shows it
                    yield p, "cards_played", (kind, card)

    def clash_revealed(self, duel: int, beat: int, d: dict[str, Any]) -> Iterator[Tally]:
        """The new bases cover the old ones: the pair played is the style with the new base."""
        for p, base in enumerate(d["bases"]):
            played = self.played[p]
            if played is None:
                raise ValueError(f"a clash base for seat {p}, whose pair was never revealed")
            style, old = played
            if base == old:
                continue
            yield p, "attack_pair", (_label(style, old), -1)
            yield p, "attack_pair", _label(style, base)
            if old:
                yield p, "cards_played", (self.kind(p, old), old, -1)
            yield p, "cards_played", (self.kind(p, base), base)
            self.played[p] = (style, base)

    def duel_started(self, duel: int, beat: int, d: dict[str, Any]) -> Iterator[Tally]:
        self.positions = list(d["positions"])
        return iter(())

    def moved(self, duel: int, beat: int, d: dict[str, Any]) -> Iterator[Tally]:
        self.positions[d["player"]] = d["to_space"]
        return iter(())

    def rearranged(self, duel: int, beat: int, d: dict[str, Any]) -> Iterator[Tally]:
        # The arrangement places both fighters at once; the FighterMoved (kind "rearrange") that follow it for
        # each fighter moved set the same spaces again.
        self.positions = list(d["positions"])
        return iter(())

    def beat_ended(self, duel: int, beat: int, d: dict[str, Any]) -> Iterator[Tally]:
        self.positions = list(d["positions"])
        self.sampled = (duel, beat)
        a, b = d["positions"]
        return _both("distance", abs(a - b))

    def duel_ended(self, duel: int, beat: int, d: dict[str, Any]) -> Iterator[Tally]:
        winner = d["winner"]
        if winner is None:
            yield from _both("duels_drawn")
        else:
            yield winner, "duels_won", 1
            yield 1 - winner, "duels_lost", 1
        # A knockout ends the beat before BeatEnded: its distance is sampled here (once; a
        # duel that ran out of beats already had its last BeatEnded).
        if beat >= 1 and self.sampled != (duel, beat) and len(self.positions) == 2:
            self.sampled = (duel, beat)
            yield from _both("distance", abs(self.positions[0] - self.positions[1]))

    def ante(self, duel: int, beat: int, d: dict[str, Any]) -> Iterator[Tally]:
        p, ante = d["player"], d["ante"]
        kit = self.kits[p]
        if kit is None or ante == "pass" or ante in kit.finishers:  # a token or a stack of them, not a Finisher
            return
        for token in RULES[kit.id].ante_tokens(None, p, ante):
            if token in kit.tokens:
                yield p, "tokens_used", ("anted", token)

    def finisher_revealed(self, duel: int, beat: int, d: dict[str, Any]) -> Iterator[Tally]:
        yield d["player"], "finishers_used", 1
        yield d["player"], "cards_played", ("finisher", d["finisher"])


def _damage(d: dict[str, Any]) -> Iterable[Tally]:
    return ((d["player"], "damage_dealt", d["amount"]), (d["target"], "damage_taken", d["amount"]))


def _stun(d: dict[str, Any]) -> Iterable[Tally]:
    return ((d["player"], "stuns_suffered", 1), (1 - d["player"], "stuns_inflicted", 1))


def _priority(d: dict[str, Any]) -> Iterable[Tally]:
    active = d["active"]
    if active is None:  # a tie: the clash that follows decides
        return ()
    return ((active, "priority_won", 1), *_both("priority_decided"))


def _missed(d: dict[str, Any]) -> Iterable[Tally]:
    return ((d["player"], "cannot_hit" if d["reason"] == NO_RANGE else "misses", 1),)


Handler = Callable[[MatchTally, int, int, dict[str, Any]], Iterable[Tally]]


def _data(fn: Callable[[dict[str, Any]], Iterable[Tally]]) -> Handler:
    """A handler that needs the payload only."""
    return lambda m, duel, beat, d: fn(d)


TALLIES: dict[str, Handler] = {
    "DuelStarted": MatchTally.duel_started,
    "DuelEnded": MatchTally.duel_ended,
    "DamageDealt": _data(_damage),
    "LifeLost": _data(lambda d: ((d["player"], "life_lost", d["lost"]),)),
    "LifeGained": _data(lambda d: ((d["player"], "life_gained", d["amount"]),)),
    "HitScored": _data(lambda d: ((d["player"], "hits", 1),)),
    "AttackMissed": _data(_missed),
    "StunApplied": _data(_stun),
    "PriorityCompared": _data(_priority),
    "ClashOccurred": _data(lambda d: _both("clashes")),
    "PairRevealed": MatchTally.pair_revealed,
    "ClashRevealed": MatchTally.clash_revealed,
    "FighterMoved": MatchTally.moved,
    "FightersRearranged": MatchTally.rearranged,
    "BeatEnded": MatchTally.beat_ended,
    "AnteDeclared": MatchTally.ante,
    "TokensAnted": _data(lambda d: ((d["player"], "tokens_used", ("anted", t)) for t in d["tokens"])),
    "TokensSpent": _data(lambda d: ((d["player"], "tokens_used", ("spent", t)) for t in d["tokens"])),
    "TokensGained": _data(lambda d: ((d["player"], "tokens_used", ("gained", t)) for t in d["tokens"])),
    "SpecialActionRevealed": _data(lambda d: ((d["player"], "specials_used", 1),)),
    "FinisherRevealed": MatchTally.finisher_revealed,
}


def _chained(first: Handler, then: Handler) -> Handler:
    """Both handlers' tallies, ``first``'s first."""
    def handler(m: "MatchTally", duel: int, beat: int, d: dict[str, Any]) -> Iterator[Tally]:
        yield from first(m, duel, beat, d)
        yield from then(m, duel, beat, d)
    return handler


# ... and what each kit counts (KitRules.stat_events): of its own events, or beside the shared tallies of a
# shared event (a kit's tallies of PriorityCompared keep everyone's priority_won).
for _kind, _fn in KIT_STAT_EVENTS.items():
    TALLIES[_kind] = _data(_fn) if _kind not in TALLIES else _chained(TALLIES[_kind], _data(_fn))


class BattleconStats:
    """The stat hook :mod:`replay.stats` looks for: ``counters``, ``figures`` and ``begin(header)``,
    which gives the :class:`MatchTally` of one match."""

    counters = COUNTERS
    figures = FIGURES

    def begin(self, header: Any) -> MatchTally:
        return MatchTally(header)


STATS = BattleconStats()


def _seat_columns(seat_sql: str, prefix: str = "") -> str:
    """SQL columns naming the player and side of the seat number ``seat_sql``."""
    return (f"{seat_sql} AS {prefix}seat, "
            f"json_extract(m.players, '$[' || {seat_sql} || '].name') AS {prefix}player, "
            f"json_extract(m.players, '$[' || {seat_sql} || '].side') AS {prefix}side")


# The base a seat played: the last ClashRevealed of the same reveal (before any later
# PairRevealed), else the base revealed -- the same ruling as MatchTally.clash_revealed.
_PLAYED_BASE = """coalesce((
        SELECT json_extract(c.data, '$.bases[' || s.key || ']') FROM events c
        WHERE c.match_id = e.match_id AND c.type = 'ClashRevealed' AND c.seq > e.seq
          AND NOT EXISTS (SELECT 1 FROM events r WHERE r.match_id = e.match_id AND r.type = 'PairRevealed'
                          AND r.seq > e.seq AND r.seq < c.seq)
          AND c.duel = e.duel AND c.beat = e.beat
        ORDER BY c.seq DESC LIMIT 1),
        json_extract(e.data, '$.bases[' || s.key || ']'))"""

# SQL views over a store's events, added by recorder.views next to the
# game-agnostic ones, so that Datasette or sqlite-utils answer BattleCON questions directly.
VIEWS: dict[str, str] = {
    "battlecon_damage": f"""CREATE VIEW IF NOT EXISTS battlecon_damage AS
SELECT e.match_id, e.duel, e.beat, e.seq,
    {_seat_columns("json_extract(e.data, '$.player')")},
    {_seat_columns("json_extract(e.data, '$.target')", "target_")},
    json_extract(e.data, '$.power') AS power, json_extract(e.data, '$.soak') AS soak,
    json_extract(e.data, '$.amount') AS amount, json_extract(e.data, '$.life_after') AS life_after
FROM events e JOIN matches m ON m.match_id = e.match_id
WHERE e.type = 'DamageDealt' AND m.game = 'battlecon'""",
    "battlecon_pairs": f"""CREATE VIEW IF NOT EXISTS battlecon_pairs AS
SELECT e.match_id, e.duel, e.beat, e.seq,
    {_seat_columns("CAST(s.key AS INTEGER)")},
    s.value AS style, {_PLAYED_BASE} AS base,
    json_extract(e.data, '$.bases[' || s.key || ']') AS revealed_base
FROM events e JOIN matches m ON m.match_id = e.match_id, json_each(e.data, '$.styles') s
WHERE e.type = 'PairRevealed' AND m.game = 'battlecon'""",
}


# The same views in PostgreSQL's dialect (recorder.store_postgres), column for column.
def _pg_seat_columns(seat_sql: str, prefix: str = "") -> str:
    return (f"{seat_sql} AS {prefix}seat, {pg_player('m.players', seat_sql, 'name')} AS {prefix}player, "
            f"{pg_player('m.players', seat_sql, 'side')} AS {prefix}side")


_PG_PLAYED_BASE = """coalesce((
        SELECT c.data::json -> 'bases' ->> (s.ordinality - 1)::int FROM events c
        WHERE c.match_id = e.match_id AND c.type = 'ClashRevealed' AND c.seq > e.seq
          AND NOT EXISTS (SELECT 1 FROM events r WHERE r.match_id = e.match_id AND r.type = 'PairRevealed'
                          AND r.seq > e.seq AND r.seq < c.seq)
          AND c.duel = e.duel AND c.beat = e.beat
        ORDER BY c.seq DESC LIMIT 1),
        e.data::json -> 'bases' ->> (s.ordinality - 1)::int)"""

POSTGRES_VIEWS: dict[str, str] = {
    "battlecon_damage": f"""CREATE VIEW battlecon_damage AS
SELECT e.match_id, e.duel, e.beat, e.seq,
    {_pg_seat_columns(pg_int("e.data::json -> 'player'"))},
    {_pg_seat_columns(pg_int("e.data::json -> 'target'"), "target_")},
    {pg_int("e.data::json -> 'power'")} AS power, {pg_int("e.data::json -> 'soak'")} AS soak,
    {pg_int("e.data::json -> 'amount'")} AS amount, {pg_int("e.data::json -> 'life_after'")} AS life_after
FROM events e JOIN matches m ON m.match_id = e.match_id
WHERE e.type = 'DamageDealt' AND m.game = 'battlecon'""",
    "battlecon_pairs": f"""CREATE VIEW battlecon_pairs AS
SELECT e.match_id, e.duel, e.beat, e.seq,
    {_pg_seat_columns("s.ordinality - 1")},
    s.value AS style, {_PG_PLAYED_BASE} AS base,
    e.data::json -> 'bases' ->> (s.ordinality - 1)::int AS revealed_base
FROM events e JOIN matches m ON m.match_id = e.match_id
CROSS JOIN LATERAL json_array_elements_text(e.data::json -> 'styles') WITH ORDINALITY AS s(value, ordinality)
WHERE e.type = 'PairRevealed' AND m.game = 'battlecon'""",
}
