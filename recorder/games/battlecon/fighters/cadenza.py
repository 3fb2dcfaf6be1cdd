"""Cadenza: Iron Body. Ante one token for Stun Immunity (a second adds nothing); spending one against
a stun is asked in attack.py when damage exceeds his stun guard."""


def ante_options(state, p: int, extra: bool = False) -> list[str]:
    f = state.fighters[p]
    return ["Iron Body"] if "Iron Body" in f.tokens and "Iron Body" not in f.anted else []
