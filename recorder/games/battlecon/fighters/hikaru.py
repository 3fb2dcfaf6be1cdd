"""Hikaru Sorayama: four Elemental tokens, at most one anted per beat (Geomantic: one more at Start)."""


def ante_options(state, p: int, extra: bool = False) -> list[str]:
    f = state.fighters[p]
    allowed = 2 if extra else 1
    return sorted(set(f.tokens)) if f.ante_turns < allowed else []
