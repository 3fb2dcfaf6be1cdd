"""Command-line usage mistakes across the whole ``beatlog`` group: one line on stderr, exit code 1.

Click's own format (usage line, hint, blank line, message; exit code 2) is
turned into the project's: ``Error: <what> (see beatlog <command> -h)``.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from beatlog.cli import main

COMMANDS = sorted(main.commands)


def _one_line(result) -> str:
    assert result.exit_code == 1, result.output
    assert result.stdout == "" and "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.mark.parametrize("name", COMMANDS)
def test_an_unknown_option_of_any_command_is_one_line(name):
    result = CliRunner().invoke(main, [name, "--zqxj"])
    assert _one_line(result) == f"Error: No such option '--zqxj' (see beatlog {name} -h)"


@pytest.mark.parametrize("args, line", [
    (["import"], "Error: Missing argument 'LOG.jsonl...' (see beatlog import -h)"),
    (["import", "a.jsonl"], "Error: Missing option '--db' (see beatlog import -h)"),
    (["nosuch"], "Error: No such command 'nosuch' (see beatlog -h)"),
    (["--bogus"], "Error: No such option '--bogus' (see beatlog -h)"),
    (["stats", "--format", "xml"],
     "Error: Invalid value for '--format': 'xml' is not one of 'table', 'json', 'csv' (see beatlog stats -h)"),
    (["simulate", "--db", "t.db", "--matches", "0"],
     "Error: Invalid value for '--matches': 0 is not in the range x>=1 (see beatlog simulate -h)"),
    (["check", "--dbb", "x.db"], "Error: No such option '--dbb'. Did you mean '--db'? (see beatlog check -h)"),
    (["export", "--db"], "Error: Option '--db' requires an argument (see beatlog export -h)"),
])
def test_usage_errors_are_one_line_with_exit_code_1(args, line, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert _one_line(CliRunner().invoke(main, args)) == line
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_beatlog_alone_prints_the_help():
    result = CliRunner().invoke(main, [])
    assert result.exit_code == 0 and result.stdout.startswith("Usage: beatlog [OPTIONS] COMMAND")


def test_the_top_level_help_has_an_example_like_every_command():
    for args in ([], *([name] for name in COMMANDS)):
        result = CliRunner().invoke(main, [*args, "-h"])
        assert result.exit_code == 0, args
        assert "Example: beatlog " in result.stdout, args


def test_the_console_script_answers_version_as_click_does(monkeypatch, capsys):
    # `beatlog --version` is answered before click is loaded (beatlog/console.py): the same line click prints.
    import subprocess
    import sys

    from beatlog import console

    assert CliRunner().invoke(main, ["--version"]).output == console.VERSION_LINE + "\n"
    monkeypatch.setattr(sys, "argv", ["beatlog", "--version"])
    console.main()
    assert capsys.readouterr().out == console.VERSION_LINE + "\n"
    code = "import sys; from beatlog.console import main; main(); print(sorted(sys.modules), file=sys.stderr)"
    out = subprocess.run([sys.executable, "-c", code, "--version"], capture_output=True, text=True, check=True)
    assert out.stdout == console.VERSION_LINE + "\n"
    assert "click" not in out.stderr and "beatlog.cli" not in out.stderr
    # Anything else is click's: the version option among others, the help, a command.
    out = subprocess.run([sys.executable, "-m", "beatlog", "--version", "-h"], capture_output=True, text=True)
    assert out.stdout == console.VERSION_LINE + "\n" and out.returncode == 0
    out = subprocess.run([sys.executable, "-m", "beatlog", "--bogus"], capture_output=True, text=True)
    assert out.returncode == 1 and out.stderr == "Error: No such option '--bogus' (see python -m beatlog -h)\n"
