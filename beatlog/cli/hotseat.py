"""Hot-seat play at one terminal: a person answers each request by number.

Two pieces: :class:`TerminalSource` (a decision source reading numbers) and
:class:`Narrator` (a sink that prints what happened, public events only).
Nothing a player chooses face down is ever printed: secret choices are typed
without echo after a hand-over prompt, the screen is wiped around them -- the
visible screen and the terminal's scrollback (``ESC[3J``), so nothing private
can be scrolled back to after a hand-over -- and the narrator skips every
record whose visibility is not ``public``. A public
decision taken while the player has something face down (a BattleCON ante,
with the pair already chosen) is also asked behind a hand-over prompt, so the
player sees their own view; the screen is cleared after it.

A secret choice whose input event takes a ``salt`` (a face-down pair) gets a
random one (``secrets.token_hex``): a person's choice must not be guessable
from the public commitment. A live session is not expected to re-record
identically; verify re-uses the recorded salt, so replay stays exact.

A request with many options (840 ways to set BattleCON's starting discards) is
answered one part at a time: each step lists the values still possible for
one field of the answer. A field whose values are all whole numbers (a Cogs
speed in inches) is answered by typing the number itself, never an index, so
what is typed is what happens.
"""

from __future__ import annotations

import secrets
import sys
from typing import Any, Callable, Sequence

import click

from . import say
from recorder.decisions import SALT, Answer, Request
from recorder.envelope import Record
from recorder.fold import apply_record
from recorder.game import Game
from recorder.header import Header
from recorder.recording import Stop
from recorder.terms import terms_of
from recorder.untrusted import escape_lines

QUIT = "q"
MAX_LISTED = 40  # more options than this are chosen one part at a time
SALT_BYTES = 16  # 128 bits: a person's secret salt


class TerminalSource:
    """Asks a person at the terminal; ``q`` (or end of input) stops the recording."""

    asks_a_person = True  # resuming a match does not ask again what the log already says

    def __init__(self, game: Game, header: Header, seats: Sequence[int] | None = None,
                 echo: Callable[[str], None] = say) -> None:
        self.game = game
        self.header = header
        # The seats played at this terminal; with more than one, the screen is
        # shared and shows only public information outside secret choices.
        self.seats = tuple(range(len(header.players)) if seats is None else seats)
        self.echo = echo

    def answer(self, request: Request, match: Any) -> Answer:
        player = self.header.players[request.player]
        who = f"{player.name} ({player.side})"
        shared = len(self.seats) > 1
        # Behind a hand-over prompt: a secret choice, or any choice while this player has something face down
        # (the others look away, and the player sees their own view).
        private = shared and (request.secret or self._holds_secrets(match, request.player))
        if private:
            self._hand_over(request.player, who, request.secret)
        self.echo("")
        self.echo(self._state_lines(match, request, private))
        self.echo(f"{who} - {terms_of(self.game).stage(match.ctx.duel, match.ctx.beat)}")
        self.echo(request.prompt or f"Choose your {request.kind}:")
        hidden = request.secret and shared
        notes = getattr(self.game, "menu_notes", None)
        if callable(notes):
            # What the offered cards do (a BattleCON pair menu: each style and base with its numbers and text).
            for line in notes(request, self.header):
                self.echo(line)
        if len(request.options) > MAX_LISTED:
            index = self._narrow(request, secret=hidden)
        else:
            for i in range(len(request.options)):
                self.echo(f"  {i + 1:>2}. {request.label(i)}")
            index = self._read_choice(len(request.options), secret=hidden)
        data = dict(request.options[index])
        if request.secret and SALT in request.event.field_names():
            data[SALT] = secrets.token_hex(SALT_BYTES)
        if private:
            # Nothing the next player sees may hint at what was chosen or what was on screen.
            wipe_screen()
            self.echo(f"{player.name} has chosen.")
        return Answer(data, "player")

    def _hand_over(self, seat: int, who: str, secret: bool) -> None:
        others = ", ".join(p.name for i, p in enumerate(self.header.players) if i != seat)
        what = "secret choice next" if secret else "your turn, with your face-down choices on screen"
        self.echo("")
        reply = _prompt(f"{who}: {what} ({others}, look away). Press Enter when ready")
        if reply.strip().lower() == QUIT:
            raise Stop()
        wipe_screen()

    def _holds_secrets(self, match: Any, seat: int) -> bool:
        """Whether ``seat`` now knows something the shared screen must not show (a face-down pair)."""
        snapshot = self.game.snapshot(match.state)
        own = self.game.render_state(self.game.redact(snapshot, seat))
        return own != self.game.render_state(self.game.redact(snapshot, None))

    def _state_lines(self, match: Any, request: Request, private: bool) -> str:
        snapshot = self.game.snapshot(match.state)
        if private:
            viewer: int | None = request.player  # the other players are looking away
        elif len(self.seats) == 1:
            viewer = self.seats[0]  # one person at this terminal
        else:
            viewer = None  # a shared screen: the spectator's view, no player's secrets
        return self.game.render_state(self.game.redact(snapshot, viewer))

    def _read_choice(self, count: int, *, secret: bool) -> int:
        while True:
            reply = _prompt(f"Your choice (1-{count}, q to quit)", hide_input=secret).strip()
            if reply.lower() == QUIT:
                raise Stop()
            if reply.isdigit() and 1 <= int(reply) <= count:
                return int(reply) - 1
            shown = "your entry" if secret else repr(reply)
            self.echo(f"Please type a number from 1 to {count}, or q to quit ({shown} is not one).")

    def _read_value(self, name: str, values: list[str], *, secret: bool) -> str:
        """One of ``values`` (whole numbers), typed as the number itself."""
        allowed = ", ".join(values)
        while True:
            reply = _prompt(f"{name} ({allowed}; q to quit)", hide_input=secret).strip()
            if reply.lower() == QUIT:
                raise Stop()
            if reply.isdigit() and str(int(reply)) in values:
                return str(int(reply))
            shown = "your entry" if secret else repr(reply)
            self.echo(f"Please type one of {allowed}, or q to quit ({shown} is not one).")

    def _narrow(self, request: Request, *, secret: bool) -> int:
        """Pick one of many options a field at a time: each step lists the values one part of the answer can
        still take (discard 1's style, then its base...), so no list is long and every step stays legal."""
        flat = [dict(_leaves(option)) for option in request.options]
        paths = list(dict.fromkeys(path for leaves in flat for path in leaves))
        left = list(range(len(flat)))
        self.echo(f"  ({len(flat)} options: choose one part at a time)")
        for path in paths:
            values = list(dict.fromkeys(_text(flat[i].get(path)) for i in left))
            if len(values) == 1:
                continue
            if all(_whole(value) for value in values):
                # A number (a speed, a count) is typed as itself: numbering 0, 1, 2... as 1, 2, 3... would
                # make typing 7 sail 6.
                pick = self._read_value(_path_text(path), values, secret=secret)
            else:
                self.echo(f"{_path_text(path)}:")
                for i, value in enumerate(values):
                    self.echo(f"  {i + 1:>2}. {value}")
                pick = values[self._read_choice(len(values), secret=secret)]
            left = [i for i in left if _text(flat[i].get(path)) == pick]
        return left[0]


# Cursor home, erase the screen, erase the scrollback (xterm's ED 3, which tmux, VTE, iTerm2 and
# Windows Terminal honour). Clearing the screen alone leaves it in the scrollback, and some terminals
# (tmux's scroll-on-clear) even push the cleared screen into it.
WIPE = "\033[H\033[2J\033[3J"


def wipe_screen() -> None:
    """Erase the screen and its scrollback at a hand-over, when standard output is a terminal."""
    stream = sys.stdout
    if stream.isatty():
        stream.write(WIPE)
        stream.flush()


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    """``value``'s scalar parts with their paths, in order (``("discard1", 0)`` is discard1's first item)."""
    if isinstance(value, dict):
        return [leaf for key, item in value.items() for leaf in _leaves(item, (*path, key))]
    if isinstance(value, (list, tuple)):
        return [leaf for i, item in enumerate(value) for leaf in _leaves(item, (*path, i))]
    return [(path, value)]


def _path_text(path: tuple[Any, ...]) -> str:
    return "".join(f"[{part + 1}]" if isinstance(part, int) else (f" {part}" if i else str(part))
                   for i, part in enumerate(path))


def _whole(text: str) -> bool:
    return text.isdigit() and str(int(text)) == text


def _text(value: Any) -> str:
    return "-" if value is None else str(value)


def _prompt(text: str, *, hide_input: bool = False) -> str:
    try:
        return click.prompt(escape_lines(text), default="", show_default=False, hide_input=hide_input, prompt_suffix=": ")
    except click.Abort:
        # End of input (Ctrl-D, or a closed pipe) is a quit, not a crash.
        raise Stop() from None


class Narrator:
    """A sink that prints each public record in plain language as it is recorded."""

    def __init__(self, game: Game, echo: Callable[[str], None] = say, known: Sequence[Record] = ()) -> None:
        self.game = game
        self.echo = echo
        self.known = tuple(known)  # a resumed match's records so far: folded, not shown again
        self.state: Any = None

    def start(self, header: Header) -> None:
        self.state = self.game.new_state(header)
        for record in self.known:
            apply_record(self.game, self.state, record)

    def append(self, records: Sequence[Record]) -> None:
        pass  # everything was shown already, decision by decision

    def show(self, records: Sequence[Record]) -> None:
        """Print each public record as soon as it is sealed (not at the end of its beat)."""
        for record in records:
            if record.visibility == "public":
                self.echo(f"  {self.game.describe(self.state, record)}")
            apply_record(self.game, self.state, record)

    def finish(self) -> None:
        pass
