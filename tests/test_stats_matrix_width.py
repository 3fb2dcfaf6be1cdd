"""The matchup matrix of a full roster reads in an 80-column terminal (``beatlog stats``)."""

from __future__ import annotations

import io

from rich.console import Console

from replay.stats_format import matchup_tables

NAMES = ["Hikaru Sorayama", "Cadenza", "Kallistar Flarechild", "Khadath Ahemusei", "Vanaah Kalmor", "Luc von Gott",
         "Magdalena Larington", "Zaamassal Kett", "Lixis Ran Kanda", "Rukyuk Amberdeen", "Demitras Denigrande",
         "Regicide Heketch", "Hepzibah Culotre", "Cherri Seneca", "Kehrolyn Ross", "Sagas Seities", "Seth Cremmul",
         "Tatsumi Nuac & Juto"]


def roster_game(names):
    cells = {a: {b: {"wins": (i * 7 + j) % 5, "losses": (i + j) % 4, "draws": (i * j) % 2,
                     "win_rate": ((i * 7 + j) % 5) / max(((i * 7 + j) % 5) + (i + j) % 4, 1)}
                 for j, b in enumerate(names) if a != b}
             for i, a in enumerate(names)}
    return {"game": "battlecon", "terms": None, "matchups": {"sides": names, "cells": cells}}


def printed(tables, width):
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None)
    for table in tables:
        console.print(table)
    return out.getvalue()


def test_an_eighteen_fighter_matrix_fits_80_columns_with_every_cell_whole():
    game = roster_game(NAMES)
    tables = matchup_tables(game, 80)
    text = printed(tables, 200)  # a wide console: what the tables need, not what a console would crop
    assert len(tables) > 1 and all(len(line.rstrip()) <= 80 for line in text.splitlines()), text
    assert "…" not in text  # no cell or heading cut short
    # every column appears in exactly one part, each part led by every row
    parts = [[c.header for c in t.columns[1:]] for t in tables]
    assert sum(len(p) for p in parts) == len(NAMES)
    for t in tables:
        assert t.row_count == len(NAMES)
    for i, a in enumerate(NAMES):
        for j, b in enumerate(NAMES):
            if a != b:
                c = game["matchups"]["cells"][a][b]
                assert f"{c['wins']}-{c['losses']}-{c['draws']} {100 * c['win_rate']:.1f}%" in text


def test_a_small_matrix_stays_one_table():
    tables = matchup_tables(roster_game(NAMES[:4]), 100)
    assert len(tables) == 1 and "(1/" not in printed(tables, 100)
