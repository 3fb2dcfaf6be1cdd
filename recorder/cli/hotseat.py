"""Hot-seat play at one terminal: a person answers each request by number.

Two pieces: :class:`TerminalSource` (a decision source reading numbers) and
:class:`Narrator` (a sink that prints what happened, public events only).
Nothing a player chooses face down is ever printed: secret choices are typed
without echo after a hand-over prompt, the screen is cleared around them, and
the narrator skips every record whose visibility is not ``public``.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import click

from ..decisions import Answer, Request
from ..envelope import Record
from ..fold import apply_record
from ..game import Game
from ..header import Header
from ..recording import Stop

QUIT = "q"


class TerminalSource:
    """Asks a person at the terminal; ``q`` (or end of input) stops the recording."""

    def __init__(self, game: Game, header: Header, seats: Sequence[int] | None = None,
                 echo: Callable[[str], None] = click.echo) -> None:
        self.game = game
        self.header = header
        # The seats played at this terminal; with more than one, the screen is
        # shared and shows only public information outside secret choices.
        self.seats = tuple(range(len(header.players)) if seats is None else seats)
        self.echo = echo

    def answer(self, request: Request, match: Any) -> Answer:
        player = self.header.players[request.player]
        who = f"{player.name} ({player.side})"
        if request.secret and len(self.seats) > 1:
            self._hand_over(request.player, who)
        self.echo("")
        self.echo(self._state_lines(match, request))
        self.echo(f"{who} - duel {match.ctx.duel}, beat {match.ctx.beat}")
        self.echo(request.prompt or f"Choose your {request.kind}:")
        for i in range(len(request.options)):
            self.echo(f"  {i + 1:>2}. {request.label(i)}")
        shared = len(self.seats) > 1
        index = self._read_choice(len(request.options), secret=request.secret and shared)
        if request.secret and shared:
            # Nothing the next player sees may hint at what was chosen.
            click.clear()
            self.echo(f"{player.name} has chosen.")
        return Answer(dict(request.options[index]), "player")

    def _hand_over(self, seat: int, who: str) -> None:
        others = ", ".join(p.name for i, p in enumerate(self.header.players) if i != seat)
        self.echo("")
        reply = _prompt(f"{who}: secret choice next ({others}, look away). Press Enter when ready")
        if reply.strip().lower() == QUIT:
            raise Stop()
        click.clear()

    def _state_lines(self, match: Any, request: Request) -> str:
        snapshot = self.game.snapshot(match.state)
        if request.secret:
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


def _prompt(text: str, *, hide_input: bool = False) -> str:
    try:
        return click.prompt(text, default="", show_default=False, hide_input=hide_input, prompt_suffix=": ")
    except click.Abort:
        # End of input (Ctrl-D, or a closed pipe) is a quit, not a crash.
        raise Stop() from None


class Narrator:
    """A sink that prints each public record in plain language as it is recorded."""

    def __init__(self, game: Game, echo: Callable[[str], None] = click.echo) -> None:
        self.game = game
        self.echo = echo
        self.state: Any = None

    def start(self, header: Header) -> None:
        self.state = self.game.new_state(header)

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
