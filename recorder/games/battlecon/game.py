"""The ``BattleCON`` game object: the kernel's Game protocol for BattleCON."""

from __future__ import annotations

import copy
from functools import cached_property
from itertools import combinations
from typing import Any, Iterable

from recorder import canonical
from recorder.schemagen import event_schema
from recorder.decisions import Request
from recorder.names import suggestion
from recorder.errors import InvalidDecision, UnknownSide, UsageError
from recorder.flags import Flag
from recorder.header import Header, Player, derive_match_id
from recorder.rulesets import Rulesets

from . import cites, stats
from . import events as E
from . import describe as D
from . import fold
from . import phases, script_entry
from .attack import CANNOT_HIT
from .specials import CHOSEN, normalise_finishers
from .triggers import negated
from .bots import RandomBot
from .cards import FIGHTERS, KITS, SHARED_DIGEST, digest_as_of, finishers_as_of
from .fighters import RULES
from .kit import FIRST_RULES
from .kit_events import GENERIC_EVENTS
from .duel import play_match
from .events import EVENTS
from . import special_events  # noqa: F401 (registers the Finisher and Special Action events into EVENTS)
from .catalog import card_lines, cards_of, render_side, side_info
from .greedy import GreedyBot
from .stat_events import STATS
from .view import VIEW

EDITIONS = ("woi", "preview")
BEAT_LIMIT = {"woi": 15, "preview": None}
OPTION_CHOICES = {"duels": (1, 3), "discards": ("suggested", "chosen")}
# Yes/no options. Off by default so a header without them (every log made before they existed) means the
# core game; tournament play turns special_actions on (WoI p.32: "standard for tournament play").
FLAGS = ("special_actions", "ante_finishers")
DEFAULTS = {"duels": 3, "discards": "suggested", "special_actions": False, "ante_finishers": False}
# Which side of the Finisher card each seat uses: chosen secretly per duel (the default, left out of the header so
# headers and match ids without it stay as they were) or fixed, e.g. side "a" for learners (WoI p.20).
FINISHERS = "finishers"
KNOWN_OPTIONS = tuple(sorted((*OPTION_CHOICES, *FLAGS, FINISHERS)))


EVENTS.add_schema("script-entry.json", script_entry.entry_schema())

# Earlier engines this one still re-runs (recorder/rulesets.py): each lives in rulesets/<version>.py as a
# subclass of the next newer class, overriding only what changed.
RULESETS = Rulesets("battlecon")




class Fingerprints:
    """The rules fingerprint of a match: the shared rules (the shared card data and the schemas of the core
    events) and the kits it uses (each fighter's card data and its own events' schemas), so adding a fighter
    changes no fingerprint of a match without it.

    Left out on purpose: the generic events of the kits' pieces (``kit_events.py``), a vocabulary that grows as
    fighters need it -- adding one changes no recorded match, and every record is checked against its event's
    schema when a log is verified -- and the published script-entry schema, which describes what the recorder
    reads, not what a log records.

    A fingerprint an earlier release gave to exactly these rules stays their name (``ALIASES`` and the kits'
    ``rules_aliases``: the digests they stood for), so the logs and samples carrying it keep their bytes."""

    def __init__(self, events=EVENTS, engine: int | None = None) -> None:
        """``events``: the registry whose core events' schemas the fingerprints cover (an earlier ruleset's);
        ``engine``: an earlier engine's number, whose kits' card data leave out the cards a later engine added
        (card data ``since_engine``).

        The digests are worked out when first read, not here: each earlier ruleset keeps a ``Fingerprints`` of its
        own, and a command that re-runs no log of its engine (most do not) does not pay for its schemas."""
        self._events = events
        self._engine = engine
        self._known: dict[str, frozenset[str]] | None = None

    @cached_property
    def shared(self) -> str:
        """The digest of the shared rules: the shared card data and the schemas of the core events."""
        left_out = {cls.TYPE for rules in RULES.values() for cls in rules.events}
        left_out |= {cls.TYPE for cls in GENERIC_EVENTS}
        return canonical.digest({"cards": SHARED_DIGEST,
                                 "schemas": _schemas(c for c in self._events.own() if c.TYPE not in left_out)})

    @cached_property
    def kits(self) -> dict[str, str]:
        """Each fighter's kit digest: its card data (as of this engine) and its own events' schemas."""
        return {fid: canonical.digest({"cards": digest_as_of(fid, self._engine),
                                       "schemas": _schemas(RULES[fid].events)})
                for fid in FIGHTERS}

    def of(self, sides) -> str:
        fids = sorted(set(sides))
        for name, shared in ALIASES.items():
            if shared == self.shared and all(RULES[f].rules_aliases.get(name) == self.kits[f] for f in fids):
                return name
        kits = {fid: self.kits[fid] for fid in fids}
        return "battlecon-" + canonical.digest({"shared": self.shared, "kits": kits})[:12]

    def sides_of(self, rules_version: str) -> list[frozenset[str]] | None:
        """The pairs of the roster whose matches have this fingerprint now, or None."""
        if self._known is None:
            self._known = {}
            for pair in combinations(FIGHTERS, 2):
                self._known.setdefault(self.of(pair), []).append(frozenset(pair))
        return self._known.get(rules_version)


# A name an earlier release gave to the rules of some matches -> the shared digest it stands for (the kits'
# digests are in their ``rules_aliases``): the game-wide fingerprint every log carried under battlecon-engine-3.
ALIASES = {FIRST_RULES: "7a7c17d68f0febc7c8c71a928f1b44480d24abc31d318c1cd9e0bdc8f002cae9"}


def _schemas(classes) -> str:
    # The schemas' shapes only: an event's VALUES narrow what a reader accepts, not what the rules do.
    return canonical.digest([event_schema(EVENTS.game, cls, values=False)
                             for cls in sorted(classes, key=lambda c: c.TYPE)])


def _identity(opts: dict[str, Any]) -> dict[str, Any]:
    """The options that define a match for its id: a yes/no option left off means the same match as a
    header written before the option existed, so it keeps the same match id."""
    return {k: v for k, v in opts.items() if k not in FLAGS or v}


class BattleCON:
    name = "battlecon"
    engine_version = "battlecon-engine-7"
    editions = EDITIONS
    events = EVENTS
    fighters = FIGHTERS
    # Every request kind the engine can ask; a script naming another kind is refused before the match starts.
    decision_kinds = script_entry.DECISION_KINDS
    # Asked in this order, once per beat: a scripted answer of a phase its beat has passed is reported there.
    script_phases = script_entry.PHASES
    # The words people read (recorder/terms.py): a side is a fighter, a match is duels of beats.
    terms = {"side": "fighter", "sides": "fighters", "round": "beat", "rounds": "beats",
             "set": "duel", "sets": "duels", "setup": "set-up", "phase": "step",
             "title": "BattleCON", "editions": {"woi": "War of Indines", "preview": "Free Preview"}}
    default_bot = "random"
    # beatlog demo: a small round robin of every fighter: each pairing once, in single duels (seats
    # alternating pairing by pairing), so the whole roster's matrix fills without the demo growing
    # with the square of the roster twice over.
    demo = {"sides": "all", "bots": "greedy,random", "options": {"duels": 1}, "matches": 1}
    # Command-line shortcuts (recorder/flags.py): --duels N for the header option, whatif --pair and --ante.
    match_flags = (
        Flag("duels", "a single duel or best of three", lambda values: {"duels": int(values[0])},
             same_as="--option duels=N", metavar="N", choices=tuple(str(n) for n in OPTION_CHOICES["duels"])),
    )

    rulesets = RULESETS

    def __init__(self) -> None:
        self.fingerprints = Fingerprints()
        self.recorded_rules: str | None = None  # set on the game ruleset() returns for a recorded header

    @property
    def rules_version(self) -> str:
        """The shared rules alone (each header carries the fingerprint of its own match: ``rules_version_for``), or
        the recorded fingerprint a game from ``ruleset()`` is bound to. Worked out when first read: importing the
        game (every command that loads it) computes no digest."""
        return self.__dict__.get("_rules_version") or "battlecon-" + self.fingerprints.shared[:12]

    @rules_version.setter
    def rules_version(self, value: str) -> None:
        self.__dict__["_rules_version"] = value

    def rules_version_for(self, sides) -> str:
        """The rules fingerprint of a match between ``sides``: the shared rules and those fighters' kits."""
        return self.fingerprints.of(sides)


    def accepts(self, rules_version: str) -> bool:
        """Whether a header's rules version is one this engine runs: the fingerprint of a match of two of its
        fighters, or an earlier fingerprint of the same rules that some fighters' kits accept."""
        return self.fingerprints.sides_of(rules_version) is not None

    def ruleset(self, engine_version: str, rules_version: str) -> "BattleCON | None":
        """The game that re-runs a log of these versions: this one (bound to the recorded fingerprint, whose
        fighters its ``make_header`` checks) or an earlier ruleset (None: none can)."""
        found = RULESETS.find(self, engine_version, rules_version)
        if found is None:
            return None
        bound = copy.copy(found)  # an earlier ruleset's too: its matches carry per-match fingerprints as well
        bound.rules_version = bound.recorded_rules = rules_version
        return bound

    def revisions(self, engine_version: str, rules_version: str) -> "tuple[BattleCON, ...]":
        """Earlier states of the same engine version that a log of these versions may have been recorded under
        (``recorder.rulesets.Rulesets.revision``), newest first, each bound as ``ruleset()`` binds: what
        verification re-runs a log under when the game ``ruleset()`` gave does not re-derive it."""
        found = RULESETS.find(self, engine_version, rules_version)
        earlier = []
        for game in RULESETS.alternatives(found, engine_version, rules_version):
            bound = copy.copy(game)
            bound.rules_version = bound.recorded_rules = rules_version
            earlier.append(bound)
        return tuple(earlier)

    def _header_rules(self, players) -> str:
        sides = [p.side for p in players]
        if self.recorded_rules is None:
            return self.rules_version_for(sides)
        if self.recorded_rules != self.rules_version_for(sides):
            raise InvalidDecision(f"rules {self.recorded_rules!r} are not the rules of a match of "
                                  f"{' and '.join(sides)} (theirs: {self.rules_version_for(sides)!r})")
        return self.recorded_rules

    # -- rules that changed between engine versions (rulesets/ override these hooks) -------------------------
    # The engine's number: a card whose data says a later ``since_engine`` is not in this engine's rules.
    engine: int | None = None  # None: the newest (every card)

    def finisher_sides(self, fighter: str) -> tuple[str, ...]:
        """The sides of ``fighter``'s Finisher card this engine offers at set-up, in card data order."""
        return finishers_as_of(fighter, self.engine)

    def pair_revealed(self, styles: tuple[str | None, ...], bases: tuple[str | None, ...]) -> E.PairRevealed:
        """The PairRevealed of what each player revealed: None where nothing was (an anted Finisher's base)."""
        return E.PairRevealed(styles=styles, bases=bases)

    def effect_stun_figures(self, state, target: int) -> tuple[int, int]:
        """(damage, stun guard) an effect's stun or its prevention records: the damage compared so far (this
        attack's in WoI -- none yet at an On Hit --, the beat's in the Preview) and the fighter's stun guard."""
        damage = state.fighters[target].damage_taken if state.edition == "preview" else 0
        return damage, stats.stun_guard(state, target)[0]

    def cannot_hit_records(self, why: str) -> tuple[str | None, str]:
        """What ``RangeChecked.dodge`` and ``AttackMissed.reason`` record of an attack in range that its own cards or
        ability say cannot hit (``why``): no dodge -- a dodge is the defender's effect ("Opponents/Attacks at range X
        do not hit you", WoI p.30), docs/rulings.md bc-cannot-hit -- and ``cannot hit: <why>``."""
        return None, f"{CANNOT_HIT}{why}"

    def ability_negated(self, ctx, p: int, trigger, timing: str):
        """Whether the opponent negates player p's Unique Ability (``trigger``: a ``kit.Trigger`` naming it) about to
        act at ``timing`` outside a card's triggers (``end``: "at the end of each beat"; ``damage``, ``hit``,
        ``stunned``: when its fighter takes damage, is hit, is stunned): the opponent's ``negate_trigger`` hook, as
        for a card's trigger ("each time the opponent would trigger an effect, that effect is negated",
        docs/rulings.md bc-negated-abilities). A generator giving True when it was negated."""
        return negated(ctx, p, trigger, timing)

    def until_adjacent_blocked(self, reason: str, earlier: str | None) -> str:
        """What an "advance until adjacent" that cannot move records (``EffectIgnored.reason``): why it cannot (a
        lock, no legal space), the same for every kit (``effects.advance_until_adjacent``); ``earlier``: the words
        engine 4 recorded for the kit's card, which its ruleset keeps."""
        return reason

    def stun_guard_ignored(self, state, attacker: int) -> str | None:
        """What makes ``attacker``'s attack ignore Stun Guard, as the target's stun prevention is told (the kits'
        ``prevent_stun``): an ability that raises stun guard cannot stop that attack's stun ("an effect that
        ignores Stun Guard will still take precedence", WoI FAQ, docs/rulings.md bc-iron-body-ignored); None: nothing
        does."""
        return stats.ignores(state, attacker, "ignores_stun_guard")

    # Hooks of the generic layers, imported on first use: recording needs neither.
    @property
    def view(self) -> Any:
        """The viewer's drawing of a BattleCON board (viewer/gameview.py)."""
        return VIEW

    @property
    def stat_events(self) -> Any:
        """What statistics count per event (replay/stats.py)."""
        return STATS

    # -- header --------------------------------------------------------------
    def normalise_options(self, edition: str, options: dict[str, Any] | None) -> dict[str, Any]:
        if edition not in EDITIONS:
            raise InvalidDecision(f"unknown BattleCON edition {edition!r}; known editions: {', '.join(EDITIONS)}")
        opts = dict(DEFAULTS)
        for key, value in (options or {}).items():
            if key not in KNOWN_OPTIONS:
                raise InvalidDecision(f"unknown BattleCON option {key!r}{suggestion(key, KNOWN_OPTIONS)}; known "
                                      f"options: {', '.join(KNOWN_OPTIONS)}")
            if key == FINISHERS:
                given = value
                try:
                    opts[key] = normalise_finishers(value)
                except ValueError as exc:
                    raise InvalidDecision(
                        f"BattleCON option finishers={value!r} is not allowed ({exc}); choose chosen, a, b, or one "
                        f"per player, e.g. [\"a\", \"b\"] or a,b (each a, b or chosen)") from None
                if opts[key] == CHOSEN:
                    del opts[key]
                continue
            if key in FLAGS:
                if not isinstance(value, bool):
                    raise InvalidDecision(f"BattleCON option {key}={value!r} is not allowed; choose true or false")
                opts[key] = value
                continue
            if key == "duels" and isinstance(value, str) and value.isdigit():
                value = int(value)
            if value not in OPTION_CHOICES[key] or isinstance(value, bool):
                allowed = [str(choice) for choice in OPTION_CHOICES[key]]
                near = suggestion(value, allowed) if isinstance(value, str) else ""
                raise InvalidDecision(f"BattleCON option {key}={value!r} is not allowed{near}; choose one of: "
                                      f"{', '.join(allowed)}")
            opts[key] = value
        if FINISHERS in opts and not (opts["special_actions"] or opts["ante_finishers"]):
            raise InvalidDecision(f"BattleCON option finishers={given!r} needs special_actions=true or "
                                  f"ante_finishers=true: without them no Finisher is used")
        if opts["ante_finishers"] and edition != "woi":
            raise InvalidDecision(f"BattleCON option ante_finishers=true is a War of Indines variant (WoI p.32, "
                                  f"Variant #1); the {edition} edition has no ante finishers")
        return opts

    def tournament_options(self, edition: str) -> dict[str, Any]:
        """The options a tournament (``beatlog simulate``, ``demo``) plays by default: Special Actions are
        "standard for tournament play" in the War of Indines (WoI p.32); the Preview says nothing of the kind."""
        return {"special_actions": True} if edition == "woi" else {}

    def check_players(self, players: tuple[Player, ...]) -> None:
        if len(players) != 2:
            raise InvalidDecision(f"BattleCON is a duel: 2 players, got {len(players)}")
        known = ", ".join(sorted(FIGHTERS))
        for p in players:
            if p.side not in KITS:
                raise UnknownSide(f"unknown fighter {p.side!r} for {p.name}{suggestion(p.side, KITS)}; "
                                  f"known fighters: {known}")

    def sides_in(self, edition: str) -> tuple[str, ...]:
        """The fighters ``edition`` offers (card data ``editions``), in roster order."""
        if edition not in EDITIONS:
            raise InvalidDecision(f"unknown BattleCON edition {edition!r}; known editions: {', '.join(EDITIONS)}")
        return tuple(f for f in FIGHTERS if edition in KITS[f].editions)

    def check_edition(self, players: tuple[Player, ...], edition: str) -> None:
        """Each fighter must be offered by the edition (card data ``editions``)."""
        for p in players:
            offered = KITS[p.side].editions
            if edition in EDITIONS and edition not in offered:
                inside = ", ".join(f for f in FIGHTERS if edition in KITS[f].editions)
                raise InvalidDecision(f"{KITS[p.side].name} ({p.side}) is not in the {edition} edition; its "
                                      f"fighters are {inside}")
        if players[0].side == players[1].side:
            raise InvalidDecision(f"both players chose {players[0].side!r}; each player needs a different fighter")

    def make_header(self, *, players, edition="woi", seed=0, options=None, match_id=None) -> Header:
        players = tuple(players)
        self.check_players(players)
        opts = self.normalise_options(edition, options)
        self.check_edition(players, edition)
        return Header(
            match_id=match_id or derive_match_id(self.name, seed, players, {"edition": edition, **_identity(opts)}),
            game=self.name, edition=edition, engine_version=self.engine_version,
            rules_version=self._header_rules(players), seed=seed, players=players, options=opts,
        )

    # -- engine ---------------------------------------------------------------
    def new_state(self, header: Header):
        opts = {**DEFAULTS, **header.options}
        return fold.new_state(header.edition, opts["duels"], opts["discards"], BEAT_LIMIT[header.edition],
                              tuple(p.name for p in header.players), tuple(p.side for p in header.players),
                              special_actions=opts["special_actions"], ante_finishers=opts["ante_finishers"])

    # The fold itself (not a method calling it): the engine applies every event through it.
    apply = staticmethod(fold.apply)
    fold_of = staticmethod(fold.fold_of)

    def play(self, ctx):
        return play_match(ctx)

    # -- presentation -----------------------------------------------------------
    def describe(self, state, record) -> str:
        return D.describe(state, record)

    def cite(self, state, record, context) -> str | None:
        """The rule ``record`` applies, quoted from the rulebook of the match's edition (:mod:`.cites`)."""
        return cites.cite(state, record, context)

    def snapshot(self, state) -> dict[str, Any]:
        return D.snapshot(state)

    def redact(self, snapshot: dict[str, Any], player: int | None) -> dict[str, Any]:
        """``snapshot`` as ``player`` knows it; ``None`` = a spectator (both players' secrets hidden)."""
        return D.redact(snapshot, player)

    def render_state(self, snapshot: dict[str, Any]) -> str:
        return D.render_state(snapshot)

    def board_line(self, state) -> str:
        return D.board_line(D.snapshot(state))

    def result(self, state) -> dict[str, Any] | None:
        return None if state.match_result is None else dict(state.match_result)

    def script_answers(self, entry: dict[str, Any]) -> list[dict[str, Any]]:
        return script_entry.script_answers(entry)

    def optional_answer(self, kind: str, data: dict[str, Any]) -> bool:
        return script_entry.optional_answer(kind, data)

    def unused_reason(self, header: Header, player: int, kind: str, data: dict[str, Any], entries) -> str:
        return script_entry.unused_reason(header, player, kind, data, entries)

    # -- bots & data ------------------------------------------------------------------
    def bot(self, name: str, seed: int, player: int):
        if name == "random":
            return RandomBot(seed, player)
        if name == "greedy":
            return GreedyBot(seed, player)
        raise InvalidDecision(f"unknown BattleCON bot {name!r}; known bots: {', '.join(self.bots())}")

    def bots(self) -> Iterable[str]:
        return ("random", "greedy")

    def fighter_cards(self, fighter: str) -> list[dict[str, Any]]:
        return cards_of(fighter)

    def fighter_info(self, fighter: str) -> dict[str, Any]:
        k = KITS[fighter]
        return {"id": k.id, "name": k.name, "initial": k.initial, "ability": k.ability,
                "cards": self.fighter_cards(fighter)}

    # -- what people read -------------------------------------------------------------
    def side_info(self, fighter: str) -> dict[str, Any]:
        """A fighter, its tokens, forms, suggested discards and cards (``beatlog sides --json``)."""
        return side_info(fighter)

    def render_side(self, info: dict[str, Any]) -> str:
        return render_side(info)

    def menu_notes(self, request: Request, header: Header) -> list[str]:
        """The cards a hot-seat menu offers, with their numbers and text as the engine knows them (a pair
        menu lists each style and base once, before the numbered pairs; a menu of a kit's cards, such as the
        Paradigms to assume, lists those cards)."""
        names = [o[k] for k in ("style", "base", "card") for o in request.options if isinstance(o.get(k), str)]
        if not names or not 0 <= request.player < len(header.players):
            return []
        return card_lines(header.players[request.player].side, list(dict.fromkeys(names)))

    def phase(self, record, current: str | None) -> str | None:
        """The step of the beat's Play Sequence a record belongs to (WoI p.23-25; see :mod:`.phases`)."""
        return phases.phase(record, current)

    # ``whatif --pair STYLE,BASE`` and ``--ante TOKEN`` (repeatable): the script-entry fields ``pair`` and ``antes``.
    whatif_shortcuts = (
        Flag("pair", "the attack pair to play instead", lambda values: _pair_shortcut(values),
             same_as="--choices '{\"pair\": [STYLE, BASE]}'", metavar="STYLE,BASE"),
        Flag("ante", "what to ante instead, repeatable, 'pass' for none", lambda values: _ante_shortcut(values),
             same_as="--choices '{\"antes\": [...]}'", metavar="TOKEN", multiple=True),
    )


def _pair_shortcut(values: tuple[str, ...]) -> dict[str, Any]:
    parts = [p.strip() for p in values[0].split(",")]
    if len(values) != 1 or len(parts) != 2 or not all(parts):
        raise UsageError(f"--pair takes STYLE,BASE, got {','.join(values)!r}")
    return {"pair": parts}


def _ante_shortcut(values: tuple[str, ...]) -> dict[str, Any]:
    return {"antes": list(values)}
