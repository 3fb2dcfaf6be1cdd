"""``beatlog annotate``: a judge's or player's note on a round, kept beside the log (recorder/notes.py) or in
its store (recorder/store_notes.py)."""

from __future__ import annotations

import click

from . import main
from .game_help import GameHelpOption, rounds_text, sets_text


@main.command("annotate")
@click.argument("log", metavar="LOG.jsonl", required=False)
@click.option("--db", metavar="STORE", help="Instead of LOG.jsonl: a match of this store (a SQLite file or a "
              "postgresql:// URL), named by --match; the note goes to the store's notes table.")
@click.option("--match", "match_id", metavar="ID", help="With --db: the match the note is about.")
@click.option("--beat", "--turn", "--round", "beat", type=click.IntRange(min=0), required=True, metavar="N",
              cls=GameHelpOption, games=lambda: rounds_text(setup=True), help="The round the note is about: {games}.")
@click.option("--duel", type=click.IntRange(min=1), default=None, metavar="N", cls=GameHelpOption, games=sets_text,
              help="The set: {games} (default 1).")
@click.option("--event", "seq", type=click.IntRange(min=1), default=None, metavar="SEQ",
              help="The event of the round the note is about (default: its first).")
@click.option("--text", required=True, metavar="TEXT", help="The note (plain text, at most 4000 characters).")
@click.option("--author", default="", metavar="NAME", help="Who says it (a judge, a player).")
def annotate_command(log, db, match_id, beat, duel, seq, text, author) -> None:
    """Attach a note to a round of a match, beside its log.

    The note goes to LOG.notes (hash-chained, naming the event it is about),
    or for a match of a store (--db STORE --match ID) to the store's notes
    table, chained the same way; the log itself never changes, so it
    verifies as before. `beatlog explain` prints a round's notes and the
    viewer shows them in its timeline.

    \b
    Example: beatlog annotate m.jsonl --beat 3 --text "Ruling: the Gate Trap stops the push" --author "Head judge"
    Example: beatlog annotate --db club.db --match m-1a2b3c --beat 3 --text "Appeal refused"
    """
    from contextlib import nullcontext

    from recorder.game import game_for
    from recorder.store import Store
    from recorder.terms import terms_of

    from .stored_match import open_match, resolve

    log, db, match_id = resolve(log, db, match_id)
    with Store(db, create=False) if db is not None else nullcontext() as store:
        match = open_match(log, db, match_id, store)
        header = match.loaded.header
        duel = terms_of(game_for(header)).check_set(duel, header.game)
        note = match.add(duel=duel, beat=beat, text=text, author=author, seq=seq)
    click.echo(f"note {note.n} on event {note.seq} of match {header.match_id} -> {match.where}")
