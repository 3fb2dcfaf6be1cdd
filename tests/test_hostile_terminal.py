"""Names cannot drive the terminal: refused at input, escaped at every output.

The robustness run recorded a match whose player was named
``"Bob\\nFAKE: verified m-000000000000"`` through ``record --script``: ``record``
printed a fake verification line, and ``stats`` emitted a clear-screen and a
window-title change from another name. Free text with control characters is
now refused when a match is recorded, and every line the CLI prints shows such
characters escaped, whatever log it reads (a log may come from elsewhere).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from recorder.errors import InvalidDecision
from recorder.header import Player
from recorder.integrity import LogFile
from recorder.jsonl import encode_jsonl
from recorder.untrusted import check_text, escape, escape_lines
from tests.viewer_support import battlecon_log

FAKE = "Bob\nFAKE: verified m-000000000000"
CLEAR = "Eve\x1b[2J\x1b]0;owned\x07"
OTHERS = ["nul\x00byte", "cr\rreturn", "c1\x9bcsi", "\u202eevil", "del\x7f", "tab\there", "ls\u2028sep"]


@pytest.mark.parametrize("name", [FAKE, CLEAR, *OTHERS])
def test_control_characters_are_refused_in_names_with_one_line(name):
    with pytest.raises(InvalidDecision) as caught:
        check_text(name, "player 1's name")
    assert "\n" not in str(caught.value) and "\x1b" not in str(caught.value)
    assert "control character" in str(caught.value)


@pytest.mark.parametrize("name", ["Zoë « l'Épée » 🎲", "ٱلْعَرَبِيَّة 中文", "Robert'); DROP TABLE events;--"])
def test_plain_unicode_names_are_kept(name):
    check_text(name, "name")
    assert escape(name) == name


def test_escape_makes_every_control_visible_on_one_line():
    shown = escape(FAKE + CLEAR + "".join(OTHERS))
    assert "\n" not in shown and "\x1b" not in shown and "\x00" not in shown and "\r" not in shown
    assert "\u202e" not in shown and "\x9b" not in shown and "\x7f" not in shown and "\u2028" not in shown
    assert "Bob\\nFAKE" in shown and "\\e[2J" in shown
    assert escape_lines("a\tb\nc\x1b") == "a\tb\nc\\e"


def test_record_refuses_a_scripted_name_with_a_newline(tmp_path):
    script = json.loads((Path(__file__).parent.parent / "sample_logs" / "battlecon" / "walkthrough.script.json")
                        .read_text())
    script["players"][0]["name"] = FAKE
    path = tmp_path / "s.json"
    path.write_text(json.dumps(script))
    result = CliRunner().invoke(main, ["record", "--script", str(path), "-o", str(tmp_path / "m.jsonl")])
    assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.output
    assert "control character" in result.stderr and "FAKE: verified" not in result.stdout
    assert not (tmp_path / "m.jsonl").exists()
    named = CliRunner().invoke(main, ["record", "--fighters", "hikaru,khadath", "--players", f"{CLEAR},Ann",
                                      "-o", str(tmp_path / "n.jsonl")])
    assert named.exit_code == 1 and "\x1b" not in named.output and named.stderr.count("\n") == 1, named.output


def hostile_file(tmp_path: Path) -> Path:
    """A log from elsewhere (recorded by another tool, or by a beatlog before this check) with hostile names."""
    log = battlecon_log(names=("Ann", "Ben"))
    from dataclasses import replace

    from recorder.header import derive_match_id
    from tests.replay_support import rechain

    h = log.header
    players = (Player(FAKE, h.players[0].side), Player(CLEAR, h.players[1].side))
    header = replace(h, players=players, match_id=derive_match_id(h.game, h.seed, players, h.options))
    records = rechain(header, [replace(r, match_id=header.match_id) for r in log.records])
    path = tmp_path / "elsewhere.jsonl"
    path.write_bytes(encode_jsonl(header, records))
    return path


def test_every_output_shows_hostile_names_escaped(tmp_path):
    path = hostile_file(tmp_path)
    db = tmp_path / "s.db"
    runs = [["check", str(path)], ["verify", str(path)], ["stats", str(path)], ["stats", str(path), "--player", "x"],
            ["explain", str(path), "--beat", "1"], ["state", str(path), "--beat", "1"],
            ["diff", str(path), str(path)], ["import", str(path), "--db", str(db)], ["stats", "--db", str(db)],
            ["state", str(path), "--beat", "1", "--as", "nobody"]]
    for args in runs:
        result = CliRunner().invoke(main, args)
        for stream in (result.stdout, result.stderr):
            assert "\x1b" not in stream and "\x07" not in stream, (args, stream)
            assert "\nFAKE: verified" not in stream, (args, stream)


def test_whatif_shows_hostile_names_escaped_on_every_line(tmp_path):
    # whatif lays out a report of many lines; a name's newline must not start one of its own
    from recorder.game import load_game
    from recorder.match import Match, run, sealed

    game = load_game("battlecon")  # a log from elsewhere: its names were never checked at input
    header = game.make_header(players=(Player(FAKE, "hikaru"), Player(CLEAR, "khadath")), edition="woi", seed=5,
                              options={"duels": 1})
    match = Match(game, header)
    run(match, {0: game.bot("random", 5, 0), 1: game.bot("random", 5, 1)})
    path = tmp_path / "elsewhere.jsonl"
    path.write_bytes(encode_jsonl(header, sealed(match)))
    assert CliRunner().invoke(main, ["verify", str(path)]).exit_code == 0
    result = CliRunner().invoke(main, ["whatif", str(path), "--beat", "1", "--player", "1", "--pair", "focused,shot",
                                       "--all"])
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout
    assert "\nFAKE: verified" not in result.stdout and "\\nFAKE: verified" in result.stdout
