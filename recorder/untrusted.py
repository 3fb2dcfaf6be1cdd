"""Untrusted text: refused at input when it could drive a terminal, escaped at every terminal output.

Player names, sides, notes and option values are chosen by people. A name
holding ESC could clear a judge's screen or retitle the window (OSC), a NUL or
a carriage return could hide what follows, a newline could print a fake
``verified`` line under a real one, and a right-to-left override could make
one name read as another. So:

* at input (recording, scripts, seals), :func:`check_text` refuses such a
  character with one line that says where it is;
* at output, every piece of text the CLI prints passes through :func:`escape`
  (or :func:`escape_lines` for a multi-line report built by beatlog itself):
  a log may come from elsewhere, and what it holds is shown, never obeyed.

Unicode letters, marks and emoji are plain text and are kept as they are.
"""

from __future__ import annotations

import re
from dataclasses import replace

from typing import TYPE_CHECKING

from .errors import InvalidDecision

if TYPE_CHECKING:  # only named here: every command's output goes through escape, which needs no header
    from .header import Header

# C0 controls (newline and tab included: a name is one line), DEL, C1 controls; the
# bidirectional marks, embeddings, overrides and isolates; the Unicode line and paragraph separators.
_OTHERS = "\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029"
UNSAFE = re.compile(f"[\x00-\x1f{_OTHERS}]")
# The same but newline and tab: in a multi-line report beatlog itself laid out.
UNSAFE_IN_LINES = re.compile(f"[\x00-\x08\x0b-\x1f{_OTHERS}]")

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\x1b": "\\e"}


def _visible(match: re.Match[str]) -> str:
    char = match.group()
    named = _NAMED.get(char)
    if named is not None:
        return named
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape(text: str) -> str:
    """``text`` on one line with every control character made visible (``\\e]0;x\\x07``)."""
    if not UNSAFE.search(text):
        return text
    return UNSAFE.sub(_visible, text)


def escape_lines(text: str) -> str:
    """Like :func:`escape`, keeping newlines and tabs: for text whose lines beatlog itself laid out."""
    if not UNSAFE_IN_LINES.search(text):
        return text
    return UNSAFE_IN_LINES.sub(_visible, text)


def unsafe_char(text: str) -> tuple[int, str] | None:
    """(index, ``U+XXXX``) of the first character :func:`check_text` refuses, or None."""
    found = UNSAFE.search(text)
    if found is None:
        return None
    return found.start(), f"U+{ord(found.group()):04X}"


def check_text(text: str, what: str) -> None:
    """Refuse a control character in free text given as input (InvalidDecision, one line).

    ``what`` says which text it is ("player 2's name"); the value is quoted escaped.
    """
    bad = unsafe_char(text)
    if bad is not None:
        at, code = bad
        raise InvalidDecision(f"{what} '{escape(text)[:80]}' holds a control character ({code} at position "
                              f"{at + 1}): names and notes are plain text, one line, without terminal controls")


def check_header_text(header: Header) -> None:
    """Refuse a control character anywhere in a new match's header text: names, sides, option values."""
    for seat, player in enumerate(header.players, start=1):
        check_text(player.name, f"player {seat}'s name")
        check_text(player.side, f"player {seat}'s side")
    _check_values(header.options, "option")


def _check_values(value: object, what: str) -> None:
    if isinstance(value, str):
        check_text(value, what)
    elif isinstance(value, dict):
        for key, item in value.items():
            check_text(str(key), f"{what} name")
            _check_values(item, f"option {key}" if what == "option" else f"{what}.{key}")
    elif isinstance(value, (list, tuple)):
        for item in value:
            _check_values(item, what)


def shown(header: Header) -> Header:
    """``header`` with its players' names and sides escaped, for a report that lays out lines of its own.

    Only for showing: its hash is not the recorded one, so it is never checked or written.
    """
    if not any(UNSAFE.search(p.name) or UNSAFE.search(p.side) for p in header.players):
        return header
    return replace(header, players=tuple(replace(p, name=escape(p.name), side=escape(p.side))
                                         for p in header.players))
