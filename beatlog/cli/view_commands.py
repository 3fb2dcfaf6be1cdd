"""``beatlog render``: the static HTML site (index, match viewers, player pages)."""

from __future__ import annotations

import sys

import click

from . import main, say
from recorder.errors import CorruptLog, UsageError
from recorder.untrusted import escape


@main.command("render")
@click.argument("logs", nargs=-1, metavar="LOG.jsonl...")
@click.option("--db", metavar="STORE", help="Render the matches of this store: a SQLite file or a postgresql:// URL (all, or --match).")
@click.option("--match", "match_id", metavar="ID", help="With --db: only this match.")
@click.option("-o", "--out", metavar="DIR", required=True,
              help="Directory to write the site into; with --single-file a page (page.html, '-' for stdout) "
                   "or a folder for one page per match.")
@click.option("--single-file", is_flag=True,
              help="Write only self-contained match pages (inline CSS/JS, no charts) to mail: no index, "
                   "assets or player pages.")
def render_command(logs, db, match_id, out, single_file) -> None:
    """Write a static site to step through matches in a browser, offline.

    DIR/index.html lists every match (results hidden until revealed), with
    standings, results per side (a BattleCON fighter, a Cogs fleet) and a
    matchup matrix; DIR/matches/<id>.html is the step-through viewer;
    DIR/players/ holds one page per player. From a store (--db, no --match)
    the index and player pages are made from its statistics rows, and
    rendering into the same DIR again rewrites only the pages of matches
    (and players) that changed since.

    --single-file writes pages to mail and nothing else: -o page.html is
    the one page of one match; -o DIR/ gets DIR/<match>.html per match.

    \b
    Example: beatlog render round1/*.jsonl -o site/ && open site/index.html
    Example: beatlog render m.jsonl --single-file -o m.html
    """
    from viewer.site import match_html, readable_page, render_pages, render_site
    from viewer.sources import from_files, from_store

    if not logs and db is None:
        raise UsageError("nothing to render: give LOG.jsonl files or --db FILE")
    if match_id is not None and db is None:
        raise UsageError("--match only applies with --db")
    if db is not None and not logs and match_id is None and not single_file and out != "-":
        from viewer.site_store import render_store
        from viewer.sources import check_store

        check_store(db)
        written = render_store(db, out, say=lambda text: click.echo(text, err=True))
        for match_id_, path, size in written.matches:
            click.echo(f"{path}  ({size / 1024:.0f} KB)")
        click.echo(f"{written.index}: {len(written.matches)} match page(s) and {written.players} player page(s) "
                   "written (the others are unchanged)")
        return
    left_out: list[tuple[str, str]] = []
    sources = from_files(logs) + (from_store(db, match_id, left_out) if db is not None else [])
    if not sources and left_out:
        raise CorruptLog(left_out[0][1])
    if out == "-":
        if not single_file or len(sources) != 1:
            raise UsageError("-o - writes one self-contained page: give exactly one match and --single-file")
        html = match_html(readable_page(sources[0]), single_file=True, linked=False)
        sys.stdout.buffer.write(html.encode("utf-8"))
        return
    written = render_pages(sources, out) if single_file else render_site(sources, out, unreadable=left_out)
    for _, path, size in written.matches:
        say(f"{path}  ({size / 1024:.0f} KB)")
    for _, reason in written.unreadable if not single_file else [*left_out, *written.unreadable]:
        say(f"Warning: listed as unreadable, not rendered: {escape(reason)}", err=True)
    if not single_file:
        say(f"{written.index}: {len(written.matches)} match(es), {written.players} player page(s)")


@main.command("extract")
@click.argument("page", metavar="PAGE.html")
@click.option("-o", "--out", metavar="FILE", default="-", show_default=True,
              help="Where to write the log ('-': stdout).")
def extract_command(page, out) -> None:
    """Write out the match log that a rendered match page carries.

    Every match page (a site's or a --single-file one) embeds its log compactly;
    this rebuilds the exact JSONL file, checking the hash chain on the way, so a
    page that was mailed can be verified like the log itself.

    Example: beatlog extract m-1a2b.html -o m.jsonl && beatlog verify m.jsonl
    """
    from pathlib import Path

    from viewer.logpack import page_data, unpack

    path = Path(page)
    if not path.is_file():
        raise UsageError(f"no such page: {page!r}")
    data = unpack(page_data(path.read_bytes(), page), page)
    if out == "-":
        sys.stdout.buffer.write(data)
        return
    from recorder.jsonl import parse_jsonl, write_jsonl

    log = parse_jsonl(data, name=page)  # the same strict reading as any log, before anything is written
    write_jsonl(out, log.header, log.records)
    say(f"{out}: {len(log.records)} events of match {log.header.match_id}")
