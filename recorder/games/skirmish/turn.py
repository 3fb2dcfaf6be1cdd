"""The match loop: set-up, then turns of status, planning, movement and combat until a victory condition
(or the turn limit) ends it (rules, Turn order)."""

from __future__ import annotations

from itertools import combinations
from typing import Any, Generator

from recorder import canonical
from recorder.context import Context
from recorder.decisions import Request

from . import board, caravan
from . import events as ev
from .combat import NO_TARGET, action_label, combat_turn, skill_usable, targets, use
from .effects import defense_check, lose_hp
from .scenarios import end_of_turn, recover, victory
from .setup import Options, set_up
from .state import TIMED, Character, SkirmishState


def play(ctx: Context, opts: Options) -> Generator[Request, Any, None]:
    s: SkirmishState = ctx.state
    ctx.set_clock(1, 0)
    yield from set_up(ctx, opts)
    turn = 0
    while not s.over:
        turn += 1
        ctx.set_clock(1, turn)
        begun = ctx.emit(ev.TurnBegan(turn=turn))
        yield from status_phase(ctx, begun)
        if check_victory(ctx, begun):
            return
        yield from planning_phase(ctx, begun)
        yield from movement_phase(ctx, begun)
        if check_victory(ctx, begun):
            return
        yield from combat_phase(ctx, begun)
        if s.over:
            return
        end_of_turn(ctx, begun)
        if check_victory(ctx, begun):
            return
        if s.turn_limit and turn >= s.turn_limit:
            ctx.emit(ev.MatchEnded(winner=None, reason=f"turn limit reached ({turn} turns): drawn"), cause=begun)
            return


# -- order ------------------------------------------------------------------------------
def agi_order(s: SkirmishState, *, lowest_first: bool) -> list[Character]:
    """The living characters by AGI (after statuses), ties in the order agreed at the start."""
    rank = {cid: i for i, cid in enumerate(s.tie_order)}
    chars = s.acting()
    sign = 1 if lowest_first else -1
    return sorted(chars, key=lambda c: (sign * s.stat(c, "agi"), rank.get(c.id, c.id)))


def in_tie_order(s: SkirmishState) -> list[Character]:
    rank = {cid: i for i, cid in enumerate(s.tie_order)}
    return sorted(s.living(), key=lambda c: rank.get(c.id, c.id))


# -- status phase ------------------------------------------------------------------------
def status_phase(ctx: Context, begun: int) -> Generator[Request, Any, None]:
    """Refill empty movement decks (Pierced X: then discard X), then every time-related effect: timed statuses
    that have run out end, bleed and burn make their checks, burn halves, cooldowns come round."""
    s: SkirmishState = ctx.state
    for c in in_tie_order(s):
        if not c.deck:
            refilled = ctx.emit(ev.DeckRefilled(character=c.id, cards=tuple(sorted(c.discard))), cause=begun)
            yield from pierced_discard(ctx, c, refilled)
        if c.recovering:
            yield from recover(ctx, c, begun)
            continue
        for status in list(c.statuses):
            if status in TIMED and c.statuses[status] < s.turn:
                ctx.emit(ev.StatusEnded(character=c.id, status=status), cause=begun)
        if s.active(c, "bleed"):
            _, failed, rolled = defense_check(ctx, c, 1, "bleed", begun)
            lose_hp(ctx, c, failed, "bleed", c.statuses_by.get("bleed"), rolled)
        burn = c.statuses.get("burn", 0)
        if burn and c.on_grid:
            _, failed, rolled = defense_check(ctx, c, burn, "burn", begun)
            lost = lose_hp(ctx, c, failed, "burn", c.statuses_by.get("burn"), rolled)
            if c.on_grid:
                ctx.emit(ev.BurnHalved(character=c.id, burn=burn // 2), cause=lost or rolled)
        for skill, ready in list(c.ready.items()):
            if ready <= s.turn and c.on_grid:
                ctx.emit(ev.SkillReady(character=c.id, skill=skill), cause=begun)
        if c.on_grid:
            yield from recover(ctx, c, begun)


def pierced_discard(ctx: Context, c: Character, cause: int) -> Generator[Request, Any, None]:
    """Pierced X: after a reshuffle, discard X cards of the player's choice (never the last one: docs/rulings.md)."""
    s: SkirmishState = ctx.state
    n = min(c.statuses.get("pierced", 0), len(c.deck) - 1)
    if n <= 0:
        return
    choices = sorted({tuple(sorted(combo)) for combo in combinations(c.deck, n)})
    options = [{"character": c.id, "cards": list(combo)} for combo in choices]
    if len(options) == 1:
        ctx.emit(ev.CardsDiscarded(character=c.id, cards=choices[0], reason="pierced"), cause=cause)
        return
    pick = yield from ctx.ask(Request(player=c.owner, kind="discard", event=ev.DiscardChosen, options=tuple(options),
                                      prompt=f"{c.name} is pierced: discard {n} movement card(s)", cause=cause))
    ctx.emit(ev.CardsDiscarded(character=c.id, cards=tuple(pick.cards), reason="pierced"), cause=ctx.last_seq)


# -- planning phase ----------------------------------------------------------------------
def commitment(ctx: Context, c: Character, card: int, salt: str = "") -> str:
    """The public digest of a face-down movement card; its nonce is the selection's secret salt, or without
    one derives from the header (docs/protocol-skirmish.md, "Commitment")."""
    h = ctx.header
    s: SkirmishState = ctx.state
    nonce = salt or canonical.digest({"seed": h.seed, "match_id": h.match_id, "turn": s.turn, "character": c.id})[:16]
    return canonical.digest({"match_id": h.match_id, "turn": s.turn, "character": c.id, "card": card, "nonce": nonce})


def planning_phase(ctx: Context, begun: int) -> Generator[Request, Any, None]:
    """Every character picks a movement card face down; a rooted one cannot move and picks none."""
    s: SkirmishState = ctx.state
    for c in in_tie_order(s):
        if c.recovering:
            continue
        if s.active(c, "root"):
            ctx.emit(ev.PhaseSkipped(character=c.id, phase="planning", reason="rooted"), cause=begun)
            continue
        cards = sorted(set(c.deck))
        options = tuple({"character": c.id, "card": v} for v in cards)
        pick = yield from ctx.ask(Request(
            player=c.owner, kind="card", event=ev.MovementCardChosen, options=options,
            prompt=f"{c.name}: choose a movement card (face down); deck {sorted(c.deck)}", secret=True, cause=begun,
            labels=tuple(f"move {v}" for v in cards)))
        digest = commitment(ctx, c, pick.card, pick.salt)
        ctx.emit(ev.MovementCardCommitted(character=c.id, digest=digest), actor=c.owner, cause=ctx.last_seq)


# -- movement phase ----------------------------------------------------------------------
def movement_phase(ctx: Context, begun: int) -> Generator[Request, Any, None]:
    """Lowest AGI first, each reveals its card and moves; then, in the same order, movement skills."""
    s: SkirmishState = ctx.state
    order = agi_order(s, lowest_first=True)
    if s.caravans:
        begun = ctx.emit(ev.OrderSet(phase="movement", order=(), agi=()), cause=begun)
        yield from caravan.move_all(ctx, begun)  # "Caravans ... always move first"
    begun = ctx.emit(ev.OrderSet(phase="movement", order=tuple(c.id for c in order),
                                 agi=tuple(s.stat(c, "agi") for c in order)), cause=begun)
    for c in order:
        if not c.on_grid:
            continue
        if c.planned is None:
            if c.committed is None and s.active(c, "root"):
                ctx.emit(ev.PhaseSkipped(character=c.id, phase="movement", reason="rooted"), cause=begun)
            continue
        card = c.planned
        revealed = ctx.emit(ev.MovementCardRevealed(character=c.id, card=card), cause=begun)
        if s.active(c, "root"):  # rooted after planning: the card is spent, no move
            ctx.emit(ev.PhaseSkipped(character=c.id, phase="movement", reason="rooted"), cause=revealed)
            continue
        options = board.paths(c.tile, c.facing, card, lambda t: not board.on_board(t) or s.occupied(t))
        if len(options) == 1:
            pick, chosen = options[0], revealed
        else:
            answer = yield from ctx.ask(Request(
                player=c.owner, kind="path", event=ev.PathChosen,
                options=tuple({"character": c.id, **o} for o in options),
                prompt=f"{c.name} at ({c.x}, {c.y}) facing {c.facing}: move {card}", cause=revealed,
                labels=tuple(path_label(c, o) for o in options)))
            pick = {"path": [list(t) for t in answer.path], "facing": answer.facing}
            chosen = ctx.last_seq
        end = tuple(pick["path"][-1]) if pick["path"] else c.tile
        ctx.emit(ev.CharacterMoved(character=c.id, path=tuple(tuple(t) for t in pick["path"]), x=end[0], y=end[1],
                                   facing=pick["facing"], spent=len(pick["path"]), lost=card - len(pick["path"])),
                 cause=chosen)
    for c in order:
        yield from movement_skills(ctx, c, begun)


def path_label(c: Character, o: dict[str, Any]) -> str:
    steps = " ".join(f"({x}, {y})" for x, y in o["path"]) or "stay"
    turn = f", turn {o['turn']} after {o['turn_at']} step{'s' if o['turn_at'] != 1 else ''}" if o["turn"] else ""
    return f"{steps}{turn}, face {o['facing']}"


def movement_skills(ctx: Context, c: Character, cause: int) -> Generator[Request, Any, None]:
    s: SkirmishState = ctx.state
    while c.on_grid and not s.over:
        options = [{"character": c.id, "action": "none", **NO_TARGET}]
        for key in c.skills:
            if skill_usable(s, c, key, "movement"):
                options += [{"character": c.id, "action": "skill", **NO_TARGET, "skill": key, **t}
                            for t in targets(s, c, s.kit["skills"][key])]
        if len(options) == 1:
            return
        pick = yield from ctx.ask(Request(
            player=c.owner, kind="movement skill", event=ev.ActionChosen, options=tuple(options),
            prompt=f"{c.name}: use a movement skill?", cause=cause,
            labels=tuple("no movement skill" if o["action"] == "none" else action_label(s, o) for o in options)))
        if pick.action == "none":
            return
        yield from use(ctx, c, "skill", pick.skill, pick.target, pick.x, pick.y, ctx.last_seq, own_turn=False)


# -- combat phase ------------------------------------------------------------------------
def combat_phase(ctx: Context, begun: int) -> Generator[Request, Any, None]:
    """Highest AGI first; a stunned character can do nothing this phase."""
    s: SkirmishState = ctx.state
    order = agi_order(s, lowest_first=False)
    begun = ctx.emit(ev.OrderSet(phase="combat", order=tuple(c.id for c in order),
                                 agi=tuple(s.stat(c, "agi") for c in order)), cause=begun)
    for c in order:
        if not c.on_grid:
            continue
        if s.active(c, "stun"):
            ctx.emit(ev.PhaseSkipped(character=c.id, phase="combat", reason="stunned"), cause=begun)
            continue
        yield from combat_turn(ctx, c, begun)
        if s.over or check_victory(ctx, begun):
            return


# -- victory -----------------------------------------------------------------------------
def check_victory(ctx: Context, cause: int) -> bool:
    """The scenario's victory condition (Skirmish: the last team with a character standing; none standing is a
    draw)."""
    s: SkirmishState = ctx.state
    if s.over:
        return True
    ended = victory(s)
    if ended is None:
        return False
    ctx.emit(ev.MatchEnded(winner=ended[0], reason=ended[1]), cause=ctx.last_seq)
    return True
