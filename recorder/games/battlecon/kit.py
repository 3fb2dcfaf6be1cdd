"""A fighter's kit: the hook points the shared beat calls, and what a kit may register.

A fighter is its card data (``cards.json``) plus one module in ``fighters/`` that defines ``RULES``, an
instance of a :class:`KitRules` subclass. The shared code never names a fighter: it asks the fighter's kit
(``state.fighters[p].rules``) at fixed points, and every hook below has a default that does nothing, so a kit
overrides only what its unique ability changes (as python-chess variants override a board's hooks).

What a kit may register besides its hooks (all optional class attributes):

- ``events``: its own event classes (registered into the BattleCON registry by ``fighters/__init__.py``);
  new kits use the generic events of ``kit_events.py`` instead (tokens, counters, markers, card zones);
- ``folds``: ``{event type: fn(state, player, event)}`` -- how an event changes the kit's own state
  (``state.fighters[player].own``, made by ``new_own``); called for every fighter whose kit has a fold for
  that type, after the shared fold;
- ``primitives``: effect verbs its card data may use (``effects.Primitive``), validated like the shared ones;
- ``passives``: passive types its card data may use, with their parameters;
- ``decisions``: the request kinds it asks, with the script-entry shape of their answers;
- ``words``: ``{event type: fn(data, name) -> str}`` for describe/explain, and ``cites`` for citations (of its
  own records; ``opponent_cites``: of the records its effects make on another fighter);
- ``stat_events``: ``{event type: fn(data) -> tallies}`` for statistics;
- ``keep_on_tie``: request kinds where the greedy bot keeps a resource on a tie (the last option);
- ``special_ranges``: the names its card data may write as a range, answered by its ``special_range`` hook;
- ``token_ante``: a :class:`TokenAnte`, the ante of its one token ("ante it for ..."), which the default
  ``ante_options`` and ``ante_label`` offer and word (a kit with another ante overrides them instead).

No two kits may give one name to different primitives, passive types, events or decision kinds: the roster's
load refuses it, naming both kits (``fighters/__init__.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Generator

from recorder.frozen import quick_init

Terms = list[tuple[str, Any]]

# The fingerprint every log carried under battlecon-engine-3, when it was one digest of the whole game's card data
# and event schemas (four fighters): still the name of those rules (game.ALIASES, KitRules.rules_aliases).
FIRST_RULES = "battlecon-075b75896161"

# The ``amount`` decision (how many tokens to spend...: ``kit_events.AmountChosen``).
AMOUNT_DECISION = {"amount": ({"amount": {"type": "integer", "minimum": 0, "maximum": 99}},
                              '"amount": a whole number')}

# The ``spend_token`` decision (which token of the pool to spend for an effect, or "none":
# ``kit_events.TokenSpendChosen``).
SPEND_TOKEN_DECISION = {"spend_token": ({"token": {"type": "string", "minLength": 1, "maxLength": 64}},
                                        '"token": a token of your pool, or "none"')}

# The ``card`` decision (a base to discard, a card to name: ``kit_events.CardChosen``).
CARD_DECISION = {"card": ({"card": {"type": "string", "minLength": 1, "maxLength": 64}},
                          '"card": the name of one of the cards offered')}

# The ``marker`` decision (effects.choose_space): a kit that places markers adds it to its ``decisions``.
MARKER_DECISION = {"marker": ({"marker": {"type": "string", "minLength": 1, "maxLength": 64},
                               "space": {"type": "integer", "minimum": 1, "maximum": 7}},
                              '"marker": its name, "space": a space 1-7')}


# The ``figure`` decision (effects.move_figure): a kit that moves an extra figure of its own ("move the figure up
# to 2 spaces") adds it to its ``decisions``.
FIGURE_DECISION = {"figure": ({"figure": {"type": "string", "minLength": 1, "maxLength": 64},
                               "space": {"type": "integer", "minimum": 1, "maximum": 7}},
                              '"figure": its name, "space": a space 1-7')}


@quick_init  # a kit's ability makes one in its trigger windows
@dataclass(frozen=True, slots=True)
class Trigger:
    """One triggered effect waiting in a window: ``name`` (a card, or the ability) is what an order answer
    names, ``text`` what TriggerResolved quotes, ``run(ctx, p, cause)`` resolves it."""

    name: str
    text: str
    run: Callable[[Any, int, int], Generator[Any, Any, None]]

    def act(self, ctx, p: int, timing: str, cause: int | None):
        """Player p's Unique Ability (or lasting Finisher effect) acting at ``timing`` outside a card's triggers:
        resolved unless the opponent negates it (the game's ``ability_negated`` hook, engine 5 on)."""
        if (yield from ctx.game.ability_negated(ctx, p, self, timing)):
            return
        yield from self.run(ctx, p, cause)


@dataclass(frozen=True, slots=True)
class SecretAnte:
    """A secret decision the kit makes during the ante step (``KitRules.secret_ante``): asked as a request of
    ``kind`` (a kind the kit declares in ``decisions``, answered ``{"choice": ...}``), recorded face down as a
    ``SecretChosen`` named ``name`` with its public ``SecretCommitted``, turned face up with the pairs
    (``SecretRevealed``). ``options`` are the choices, ``labels`` how each reads, ``prompt`` the question."""

    kind: str
    name: str
    options: tuple[str, ...]
    labels: tuple[str, ...]
    prompt: str


@dataclass(frozen=True, slots=True)
class TokenAnte:
    """A fighter's one token it may ante (``KitRules.token_ante``; "starts with 1 X token and can never have more than
    1. Ante it for ..."): offered while ``token`` is in the fighter's pool and nothing was anted yet this beat (once a
    beat, like every token, WoI p.24), also to an effect's extra ante when ``extra``; its option reads
    ``Ante <token> (<effect>)``. The token must be one of the fighter's card data ``tokens`` (checked at load)."""

    token: str
    effect: str
    extra: bool = False


class KitRules:
    """The hook points of one fighter. Subclasses override what their unique ability changes."""

    events: ClassVar[tuple[type, ...]] = ()
    folds: ClassVar[dict[str, Callable[..., None]]] = {}
    primitives: ClassVar[dict[str, Any]] = {}
    passives: ClassVar[dict[str, tuple[str, ...]]] = {}
    decisions: ClassVar[dict[str, tuple[dict[str, Any], str]]] = {}
    # describe/explain's words for the kit's events and for its player's records of generic events (CardMoved,
    # TokensSpent...): they come before the shared text; a function returning None leaves a record to it.
    words: ClassVar[dict[str, Callable[[dict[str, Any], Callable[[int], str]], str | None]]] = {}
    # The rule an event of the kit applies: one text for both editions, or {"woi": ..., "preview": ...} where the
    # editions' rulebooks speak differently (a report cites its own match's edition: cites.py); for a generic event,
    # its player's records cite it before the shared text (``fn(data, edition) -> text | None`` for some records).
    # A record of a generic event whose player's kit does not cite it cites the shared text, never another kit's;
    # a record another fighter's effect made (its actor, or the one whose effect asked a decision) never cites the
    # player's kit: it cites that fighter's ``opponent_cites`` (cites.py).
    cites: ClassVar[dict[str, Any]] = {}
    # Citations of the generic events the kit's effects make on another fighter's records (a lock it puts on the
    # opponent, a base the opponent chooses to discard for its card), in the same shapes as ``cites``.
    opponent_cites: ClassVar[dict[str, Any]] = {}
    # Citations of generic events for the kit's own records only: since ``cites`` of a generic event are its own
    # records' alone too, the same as ``cites`` (kept for the kits that use it; ``cites`` wins a type both name).
    own_cites: ClassVar[dict[str, Any]] = {}
    # Card values a ruling of docs/rulings.md decided (where a source or a printed example gives another number):
    # edition ("*" for both) -> (stat, term label) -> the Ruling; a report names it next to the figure.
    card_rulings: ClassVar[dict[str, dict[tuple[str, str], Any]]] = {}
    stat_events: ClassVar[dict[str, Callable[[dict[str, Any]], Any]]] = {}
    keep_on_tie: ClassVar[tuple[str, ...]] = ()
    # The special ranges (a card's range written as a name in card data) the kit's ``special_range`` hook answers
    # for: a card naming another is refused when the roster loads.
    special_ranges: ClassVar[tuple[str, ...]] = ()
    # The fighter's one-token ante, offered and worded by the default ante_options and ante_label; None: none.
    token_ante: ClassVar[TokenAnte | None] = None
    # Fingerprints an earlier release gave to rules this kit still runs unchanged -> the kit's digest (card data
    # and own events) they stood for: while it is the same, matches of this kit keep that name (game.Fingerprints).
    rules_aliases: ClassVar[dict[str, str]] = {}

    def __init__(self, fighter: str) -> None:
        self.id = fighter
        self._count_hooks()

    def _count_hooks(self) -> None:
        # The hooks this kit overrides (in its class, or set on this object). Where the shared beat asks a hook on
        # a hot path (every trigger window, stat, movement, hit), it asks only the kits named here: a kit that
        # keeps a default costs nothing there (docs/adding-a-fighter.md, "Keeping hooks cheap").
        hooks = frozenset(name for name in HOOKS
                          if name in vars(self) or getattr(type(self), name) is not getattr(KitRules, name))
        object.__setattr__(self, "hooks", hooks)
        object.__setattr__(self, "negates", "negate_trigger" in hooks)
        object.__setattr__(self, "reacts_to_hits", "when_hit" in hooks)
        # Whether the cards of the fighter's attack are just its pair (or Finisher): no hook adds or swaps a card
        # (stats.pair_key's quick way); and whether the kit's ability can negate the opponent's style.
        object.__setattr__(self, "plain_pair", not ("applied_cards" in hooks or "copied_base" in hooks))
        object.__setattr__(self, "negates_styles", "negates_style" in hooks)
        # Whether the kit leaves every movement to the board alone: no stops, no wrapping edges, no restriction
        # (movement.destinations' quick way).
        object.__setattr__(self, "plain_moves", not hooks & MOVEMENT_HOOKS)

    def __setattr__(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)
        if name in HOOKS:  # a hook set on the object (a test standing in for an ability) is asked too
            self._count_hooks()

    def __delattr__(self, name: str) -> None:
        object.__delattr__(self, name)
        if name in HOOKS:
            self._count_hooks()

    def __deepcopy__(self, memo: dict) -> "KitRules":
        return self  # shared by every state of every match: play never changes it

    # -- state ------------------------------------------------------------------------------------
    def new_own(self) -> Any:
        """The kit's own state at the start of a duel (folded from its events by ``folds``), or None."""
        return None

    # -- set-up -----------------------------------------------------------------------------------
    def setup(self, ctx, p: int):
        """Set-up of a duel, after the starting discards (a generator: it may ask and emit)."""
        return
        yield

    # -- ante -------------------------------------------------------------------------------------
    def ante_options(self, state, p: int, extra: bool = False) -> list[str]:
        """What the fighter may ante now besides passing (``extra``: an effect's extra ante); by default its
        ``token_ante``, if any, once a beat."""
        ante = self.token_ante
        if ante is None or (extra and not ante.extra):
            return []
        f = state.fighters[p]
        return [ante.token] if ante.token in f.tokens and f.ante_turns < 1 else []

    def ante_label(self, state, p: int, ante: str) -> str:
        """How an ante option reads in a prompt (by default: the ``token_ante``'s effect in brackets)."""
        token_ante = self.token_ante
        if token_ante is not None and ante == token_ante.token:
            return f"Ante {ante} ({token_ante.effect})"
        return f"Ante {ante}"

    def ante_label_later(self, state, p: int, ante: str) -> Callable[[], str]:
        """``ante_label`` put off: a function giving the same words later from the values they need, taken now
        (what the ante costs now), so that an ante decision a bot, a script or a log answers never words its
        options (the labels are read only by a prompt, an error line, explain and what-if). A kit whose
        ``ante_label`` reads the match and words many options may override it; without it such a kit's labels
        are worded when asked."""
        words = self.ante_label(state, p, ante)
        return lambda: words

    def ante_tokens(self, state, p: int, ante: str) -> tuple[str, ...]:
        """The tokens an ante answer puts in (a stack answer names several)."""
        return (ante,)

    def on_ante(self, ctx, p: int, ante: str, cause: int):
        """Right after the fighter anted ``ante`` in the ante step, before the other player's next ante (a
        generator: an ante that acts at once, such as moving during the ante step; ``cause``: the AnteDeclared)."""
        return
        yield

    def ante_step_start(self, ctx, owner: int) -> None:
        """At the start of each ante step, after ``AnteStarted``, before the first ante: effects the ability (or a
        lasting effect of its cards) applies then, to its fighter or to another ("loses life during each ante
        step"); it may emit, not ask."""

    def life_lost_at_ante(self, state, owner: int, p: int) -> int:
        """The life this fighter's ability (``owner``) will make player ``p`` lose at the start of the coming ante
        step (a pair chosen before the ante labels its Special Action's Finisher with the life at the reveal)."""
        return 0

    def secret_ante(self, state, p: int) -> SecretAnte | None:
        """A secret decision the fighter makes at the start of each ante step, before the first ante (so the
        other player may ante in response to it), face down until the pairs are revealed; None: none now."""
        return None

    def style_face_up(self, state, owner: int, p: int) -> str | None:
        """Why this fighter's effect (``owner``) makes player ``p`` play their style face up when they choose a
        face-down pair (they choose first; ``StyleShown``), in words, or None."""
        return None

    def after_ante(self, ctx, p: int) -> None:
        """Effects fixed by the ante step, before the reveal."""

    def life_at_reveal(self, state, p: int, life: int) -> int:
        """The fighter's life once the ante step is over (a form that loses life in it)."""
        return life

    # -- the attack's cards --------------------------------------------------------------------------
    def applied_cards(self, state, p: int) -> tuple[str, ...]:
        """Cards of the kit (in its card zones) that apply to the fighter's attack like a second style: their
        triggers and passives join the pair's (or the Finisher's), their non-zero numbers add to its figures."""
        return ()

    def copied_base(self, state, p: int) -> tuple[str, str] | None:
        """``(fighter, card)``: another fighter's card the fighter's base is a copy of now (it replaces the base's
        numbers and effects: ``stats.pair_key``; its effects that name its fighter are ignored), or None."""
        return None

    def negates_style(self, state, owner: int, p: int) -> str | None:
        """Why player ``p``'s style gives nothing this beat because of this fighter's ability (``owner``): no
        numbers, triggers or passives, except its End of Beat effects (``stats.pair_key``, ``triggers``), in
        words, or None."""
        return None

    # -- reveal, priority ---------------------------------------------------------------------------
    def cards_revealed(self, ctx, owner: int, p: int, cards: tuple[str, ...]) -> None:
        """Player ``p``'s ``cards`` were just turned face up (the pair at ``PairRevealed``, a new pair after a
        Cancel, a clash base at ``ClashRevealed``): "each time the opponent reveals ..." effects; it may emit,
        not ask."""

    def negates_antes(self, state, owner: int, p: int) -> str | None:
        """Why the counters, tokens and cards player ``p`` anted this beat have no effect because of this
        fighter's ability (``owner``), in words, or None (``stats.tokens_void``)."""
        return None

    def forbids_spending(self, state, owner: int) -> str | None:
        """Why no player may spend tokens or counters now because of this fighter's ability (``owner``), in
        words, or None (``effects.spending_forbidden``: a kit that spends asks it first)."""
        return None

    def caps_at_printed(self, state, owner: int, p: int, stat: str) -> str | None:
        """The words of this fighter's (``owner``) effect when it keeps player ``p``'s ``stat`` (power, priority,
        range) from going above the cards' printed values, or None (``stats``: the cap is a named term)."""
        return None

    def printed_variable(self, state, p: int, stat: str) -> int:
        """What the fighter's cards print as a variable for ``stat`` ("this base's priority is X"), added by the kit
        as a term: counted as printed where an effect keeps a figure at its printed value (``caps_at_printed``)."""
        return 0

    def triggers(self, state, p: int, timing: str) -> list[Trigger]:
        """The unique ability's triggers in a timing window, ordered with the pair's own."""
        return []

    def stat_terms(self, state, p: int, stat: str) -> Terms:
        """Named terms the ability adds to power, priority, range, soak or stun guard (``stun_guard``: added to the
        cards' unless the ``stun_guard`` hook replaces them)."""
        return []

    def tie_winner(self, state, priorities: tuple[int, ...], terms) -> tuple[int, str] | None:
        """Who wins a priority tie without a clash because of this ability, and why; None: no rule."""
        return None

    def forces_clash(self, state, owner: int) -> str | None:
        """The words of this fighter's (``owner``) Reveal effect that forces a clash whatever the priorities ("a
        clash occurs as a Reveal effect, regardless of priority"), or None. Asked once a beat, after the Reveal
        effects, before the first comparison: the clash is round 1, and a tie after it extends it as usual."""
        return None

    def clashed(self, ctx, owner: int, round_: int, cause: int) -> None:
        """A clash round just began (``ClashOccurred``: round 1 a clash, 2 on an extension), before the new bases
        are chosen: "whenever you clash or extend a clash" effects; it may emit, not ask."""

    def opponent_terms(self, state, owner: int, p: int, stat: str) -> Terms:
        """Named terms this fighter's (``owner``) effect adds to another player ``p``'s power, priority, range or
        soak ("the opponent's style has +0 priority instead of its printed value")."""
        return []

    # -- attack ------------------------------------------------------------------------------------
    def special_range(self, state, p: int, kind: str, label: str, target: int) -> tuple[bool, str] | None:
        """Whether a card's special range ``kind`` (a string in card data) reaches space ``target``, and
        the words; None when this kit does not know ``kind``."""
        return None

    def range_origin(self, state, p: int):
        """The figure (``state.Figure``) the fighter's attack measures its range from when it is not the fighter's
        own ("range is counted from the figure's space"): another figure of the same player, on the board; None: its
        own figure."""
        return None

    def dodge(self, state, defender: int, attacker: int) -> str | None:
        """Why ``defender``'s ability or passives make ``attacker``'s attack miss, if they do."""
        return None

    def misses(self, state, attacker: int, defender: int) -> str | None:
        """Why ``attacker``'s own cards make its attack not hit ``defender`` (a condition printed on the
        attacker's card, such as a priority comparison), if they do."""
        return None

    def extra_range(self, state, p: int) -> tuple[tuple[int, str], ...]:
        """Distances the fighter's attack also reaches besides its range, each with the words saying why
        ("an extra range band")."""
        return ()

    def when_hit(self, ctx, p: int, attacker: int, cause: int):
        """The fighter was just hit, before damage (a generator: "when you are hit this beat" effects)."""
        return
        yield

    def negate_trigger(self, ctx, owner: int, p: int, trigger: Trigger, timing: str, cause: int | None):
        """Player ``p``'s ``trigger`` is about to resolve: a generator returning True when this fighter's ability
        (``owner``) negates it (emitting what happens instead)."""
        return False
        yield

    def no_stun(self, state, attacker: int, target: int) -> str | None:
        """Why ``attacker``'s own cards say its damage does not stun ``target`` now (a range condition), if so."""
        return None

    def took_damage(self, ctx, p: int, attacker: int, amount: int, cause: int):
        """The fighter just took ``amount`` (1 or more) damage from ``attacker``'s attack (after its
        ``DamageDealt``, before On Damage): "when you take 3 or more damage at once" (a generator: an ability
        triggering then acts through ``Trigger.act``, which asks the game's ``ability_negated`` first)."""
        return
        yield

    def damage_taken_extra(self, state, p: int) -> int:
        """Extra damage the fighter takes from a hit."""
        return 0

    def damage_cap(self, state, p: int, attacker: int) -> tuple[int, str] | None:
        """The most damage the fighter may take from ``attacker``'s attack ("you cannot take more than N damage
        from each attack"), after soak, and the words saying why; None: no cap."""
        return None

    def damage_soaked(self, ctx, p: int, soaked: int, attacker: int, cause: int) -> None:
        """The fighter's soak just kept ``soaked`` damage of ``attacker``'s hit off it (``DamageDealt`` is
        ``cause``; called only when ``soaked`` > 0): what the soak costs ("the figure loses life equal to the damage
        soaked"); it may emit, not ask."""

    def stun_guard(self, state, p: int) -> tuple[int, Terms] | None:
        """A stun guard that replaces the cards' (infinity), or None."""
        return None

    def stun_immunity(self, state, p: int) -> str | None:
        """What makes the fighter immune to stun beyond cards and anted tokens."""
        return None

    def prevent_stun(self, ctx, p: int, amount: int, guard: int, cause: int, guard_ignored: str | None):
        """Damage over stun guard would stun: a generator returning True when the ability prevents it.
        ``guard_ignored``: what makes the attack ignore Stun Guard (the game's ``stun_guard_ignored``), which an
        ability that raises stun guard cannot beat; None: nothing does."""
        return False
        yield

    def when_stunned(self, ctx, p: int, cause: int | None) -> None:
        """The fighter was just stunned (by damage or by an effect): what the ability loses then; emits, never
        asks."""

    # -- movement ----------------------------------------------------------------------------------
    def movement_stops(self, state, owner: int, mover: int, by: int) -> tuple[int, ...]:
        """Spaces where this fighter's ability stops ``mover``'s movement made by ``by``'s effect."""
        return ()

    def wraps_board(self, state, owner: int, mover: int) -> str | None:
        """Why the two edges of the board are adjacent (the board wraps around) for a movement of ``mover`` made
        by this fighter's (``owner``) effect now, in words, or None (``movement.destinations``)."""
        return None

    def movement_allowed(self, state, owner: int, mover: int, by: int, kind: str, dest) -> bool:
        """Whether ``owner``'s ability lets ``mover`` end a movement made by ``by``'s effect at ``dest``
        (a ``movement.Dest``): a restriction such as "cannot retreat" removes destinations."""
        return True

    def ignore_movement(self, ctx, p: int, by: int, kind: str, card: str, cause: int | None, dests):
        """A movement effect (``card``'s, of player ``by``, with the legal destinations ``dests``) is about to move
        the fighter: a generator returning True when the ability ignores it (it may ask, and says so)."""
        return False
        yield

    def after_movement(self, ctx, owner: int, moved, cause: int | None) -> None:
        """A movement effect just moved a fighter (``moved``: the FighterMoved; either fighter, by anyone's
        effect): what this fighter's ability does then ("if an opponent moves past you"); it may emit, not ask."""

    # -- end ---------------------------------------------------------------------------------------
    def after_recycle(self, ctx, p: int, recycled: bool) -> None:
        """After the fighter's cards were recycled at the end of the beat (``recycled`` False: they did not
        cycle, after a Pulse or a Finisher), in every beat, a Pulse beat too; it may emit, not ask."""

    def end_of_beat(self, ctx, p: int):
        """'At the end of each beat', after recycling (a generator)."""
        return
        yield

    def duel_end(self, ctx, p: int):
        """After DuelEnded, before the next duel's set-up (a generator; the next DuelStarted resets the kit's
        own state with ``new_own``)."""
        return
        yield

    # -- what the kit shows -------------------------------------------------------------------------
    def snapshot(self, state, p: int) -> dict[str, Any]:
        """Extra JSON-native fields of the fighter's snapshot."""
        return {}

    def summary(self, f: dict[str, Any]) -> list[str]:
        """Extra words of the fighter's state line (from its snapshot)."""
        return []

    def view_key(self, state, p: int) -> tuple:
        """What, besides the pair, decides the attack figures the viewer shows."""
        return ()

    def drawing(self) -> dict[str, Any]:
        """Drawing hints for the viewer (markers' glyphs and labels, counters' ranges)."""
        return {}


# Every hook a kit may override (the methods of KitRules): KitRules.hooks names the ones a kit does.
HOOKS = tuple(name for name, value in vars(KitRules).items() if callable(value) and not name.startswith("_"))
# The hooks that change where a movement may end (movement.destinations).
MOVEMENT_HOOKS = frozenset({"movement_stops", "wraps_board", "movement_allowed"})
