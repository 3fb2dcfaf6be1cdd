"""A card's printed text cut into its timing windows.

A card's text runs its windows together ("Start of Beat: Advance 1 space.
On Damage: Regain a token."). A ``TriggerResolved`` record quotes only the
window that is resolving, so a judge reading a "start" line never sees an On
Damage effect on it. The cut is made at the printed window labels; a label may
name one of the fighter's forms ("On Hit, Elemental:"), and that part is quoted
only while she is in that form. Text before the first label (Soak, Stun Guard,
"This attack does not hit opponents.") is no window's: it is not quoted.
"""

from __future__ import annotations

import re
from typing import Any

# The window labels as the cards print them, keyed by the timing names of cards.json (WoI p.26-27).
LABELS: dict[str, str] = {
    "reveal": "Reveal", "start": "Start of Beat", "before": "Before Activating", "hit": "On Hit",
    "damage": "On Damage", "after": "After Activating", "end": "End of Beat",
}
_BY_LABEL = {label: timing for timing, label in LABELS.items()}
# A label starts the text or a sentence and ends at its colon; ", Human" names a form.
_LABEL = re.compile(r"(?:^|(?<=\s))(" + "|".join(map(re.escape, LABELS.values())) + r")(?:, ([A-Z][a-z]+))?:")

Segment = tuple[str | None, str]  # (the form it is limited to, or None; "On Hit, Human: ...")


def split(text: str) -> dict[str, tuple[Segment, ...]]:
    """Timing -> its labelled parts of ``text``, in printed order."""
    found = list(_LABEL.finditer(text))
    out: dict[str, list[Segment]] = {}
    for i, m in enumerate(found):
        end = found[i + 1].start() if i + 1 < len(found) else len(text)
        form = m.group(2).lower() if m.group(2) else None
        out.setdefault(_BY_LABEL[m.group(1)], []).append((form, text[m.start():end].strip()))
    return {timing: tuple(parts) for timing, parts in out.items()}


def check(name: str, text: str, windows: dict[str, tuple[Segment, ...]],
          triggers: dict[str, tuple[dict[str, Any], ...]], forms: tuple[str, ...]) -> None:
    """Refuse card data whose text and triggers disagree: a triggered window with no text for a form it
    acts in, printed text for a window that triggers nothing, or a form the fighter does not have."""
    for timing, parts in windows.items():
        if timing not in triggers:
            raise ValueError(f"{name}'s text has a {LABELS[timing]!r} part but no {timing!r} "
                             f"trigger: {text!r}")
        for form, _ in parts:
            if form is not None and form not in forms:
                raise ValueError(f"{name}'s text names form {form!r}, which its fighter does not "
                                 f"have ({', '.join(forms) or 'no forms'}): {text!r}")
    for timing, effects in triggers.items():
        for form in dict.fromkeys(e.get("if") for e in effects):
            if not quote(windows, timing, form):
                where = f" in {form} form" if form else ""
                raise ValueError(f"{name} triggers at {timing!r}{where} but its text has no "
                                 f"{LABELS[timing]!r} part for it: {text!r}")


def quote(windows: dict[str, tuple[Segment, ...]], timing: str, form: str | None) -> str:
    """The text of ``timing`` that applies in ``form`` (parts limited to another form left out)."""
    return " ".join(part for only, part in windows.get(timing, ()) if only is None or only == form)
