"""Driving ``beatlog`` in a real terminal (tmux): what a person at the table would see, scrollback included.

A test gets a :class:`Pane` running one command in its own tmux server (its own socket, so nothing else on
the machine is touched), types into it and reads back the WHOLE pane history (``capture-pane -S -``) -- the
lines a player could scroll back to, not only the screen.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

BEATLOG = str(Path(sys.executable).parent / "beatlog")


def need_tmux() -> str:
    tmux = shutil.which("tmux")
    if tmux is None:
        if os.environ.get("BEATLOG_REQUIRE_BROWSER"):  # CI installs tmux with chromium
            pytest.fail("tmux is required (apt-get install -y tmux)")
        pytest.skip("tmux is not installed (apt-get install -y tmux)")
    return tmux


class Pane:
    def __init__(self, args: list[str], cwd: Path, width: int = 120, height: int = 40) -> None:
        self.tmux = need_tmux()
        self.socket = f"beatlog-test-{uuid.uuid4().hex[:12]}"
        command = " ".join(shlex.quote(a) for a in args) + "; echo '[exited]'; sleep 600"
        self._run("-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", str(width), "-y", str(height),
                  "-c", str(cwd), command)
        self._run("set-option", "-g", "history-limit", "100000")

    def _run(self, *args: str) -> str:
        return subprocess.run([self.tmux, "-L", self.socket, *args], check=True, capture_output=True,
                              text=True).stdout

    def history(self) -> str:
        """Everything the pane holds: its scrollback and its screen."""
        return self._run("capture-pane", "-p", "-J", "-t", "t", "-S", "-", "-E", "-")

    def type(self, *keys: str) -> None:
        for key in keys:
            self._run("send-keys", "-t", "t", "-l", key)
            self._run("send-keys", "-t", "t", "Enter")

    def wait_for(self, text: str, count: int = 1, timeout: float = 30.0) -> str:
        """The history once ``text`` occurs in it ``count`` times (the program has caught up)."""
        deadline = time.monotonic() + timeout
        while True:
            seen = self.history()
            if seen.count(text) >= count:
                return seen
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} did not appear {count} time(s); the pane shows:\n{seen}")
            time.sleep(0.1)

    def close(self) -> None:
        subprocess.run([self.tmux, "-L", self.socket, "kill-server"], capture_output=True)
