"""A kit's secret ante decision (``KitRules.secret_ante``: a guess of the opponent's base): asked at the start of
the ante step, logged face down exactly as a pair is (an owner-only ``SecretChosen`` and its public
``SecretCommitted`` digest), turned face up right after the pairs (``SecretRevealed``).

Asked only of kits that override the hook, so it costs nothing in a match without one.
"""

from __future__ import annotations

from recorder import canonical

from . import kit_events as KE
from .effects import choose


def commitment(ctx, p: int, name: str, choice: str, salt: str = "") -> str:
    """The public digest of a secret ante decision, made as a face-down pair's (docs/protocol-battlecon.md,
    "Commitment"): its nonce is the decision's salt, or without one derives from the header."""
    h = ctx.header
    s = ctx.state
    nonce = salt or canonical.digest({"seed": h.seed, "match_id": h.match_id, "duel": s.duel, "beat": s.beat,
                                      "player": p, "secret": name})[:16]
    return canonical.digest({"match_id": h.match_id, "duel": s.duel, "beat": s.beat, "player": p,
                             "name": name, "choice": choice, "nonce": nonce})


def ask(ctx, first: int):
    """Each fighter whose kit has a secret ante decision now makes it, the first to ante first."""
    s = ctx.state
    for p in (first, 1 - first):
        rules = s.fighters[p].rules
        if "secret_ante" not in rules.hooks:
            continue
        spec = rules.secret_ante(s, p)
        if spec is None:
            continue
        opts = [{"player": p, "name": spec.name, "choice": c} for c in spec.options]
        pick = yield from choose(ctx, p, spec.kind, KE.SecretChosen, opts, list(spec.labels), spec.prompt, None,
                                 secret=True, always=True, extra=("salt",))
        ctx.emit(KE.SecretCommitted(player=p, name=spec.name,
                                    digest=commitment(ctx, p, spec.name, pick["choice"], pick["salt"])),
                 actor=p, cause=len(ctx.entries))


def reveal(ctx) -> None:
    """Turn every secret ante decision of this beat face up (right after the pairs)."""
    for p, f in enumerate(ctx.state.fighters):
        if f.secret is not None and not f.secret_shown:
            ctx.emit(KE.SecretRevealed(player=p, name=f.secret[0], choice=f.secret[1]), actor=p)
