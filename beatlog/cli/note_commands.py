"""``beatlog annotate``: a judge's or player's note on a round, kept beside the log (recorder/notes.py)."""

from __future__ import annotations

import click

from . import main


@main.command("annotate")
@click.argument("log", metavar="LOG.jsonl")
@click.option("--beat", "--turn", "--round", "beat", type=click.IntRange(min=0), required=True, metavar="N",
              help="The round the note is about: a BattleCON beat, a Cogs turn (0 = the set-up or muster).")
@click.option("--duel", type=click.IntRange(min=1), default=None, metavar="N",
              help="The duel of a BattleCON best-of-three (default 1).")
@click.option("--event", "seq", type=click.IntRange(min=1), default=None, metavar="SEQ",
              help="The event of the round the note is about (default: its first).")
@click.option("--text", required=True, metavar="TEXT", help="The note (plain text, at most 4000 characters).")
@click.option("--author", default="", metavar="NAME", help="Who says it (a judge, a player).")
def annotate_command(log, beat, duel, seq, text, author) -> None:
    """Attach a note to a round of a match, beside its log.

    The note goes to LOG.notes (hash-chained, naming the event it is about);
    the log itself never changes, so it verifies as before. `beatlog explain`
    prints a round's notes and the viewer shows them in its timeline.

    \\b
    Example: beatlog annotate m.jsonl --beat 3 --text "Ruling: the Gate Trap stops the push" --author "Head judge"
    """
    from recorder.game import game_for
    from recorder.notes import add_note, notes_path
    from recorder.terms import terms_of
    from replay.source import read_strict

    loaded = read_strict(log)
    duel = terms_of(game_for(loaded.header)).check_set(duel, loaded.header.game)
    path = notes_path(log)
    note = add_note(path, loaded.header, loaded.records, duel=duel, beat=beat, text=text, author=author, seq=seq)
    click.echo(f"note {note.n} on event {note.seq} of match {loaded.header.match_id} -> {path}")
