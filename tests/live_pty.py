"""Drive a command through a pseudo-terminal (stdlib ``pty``), as a person would type."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import struct
import sys
import termios
import time

_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[=>]|\r")


class Terminal:
    def __init__(self, args: list[str], env: dict[str, str], cols: int = 160, rows: int = 50) -> None:
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # child
            os.execvpe(sys.executable, [sys.executable, "-m", "cluesolver", *args], env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.raw = b""
        self.mark = 0

    def read(self, timeout: float = 0.2) -> None:
        while True:
            ready, _, _ = select.select([self.fd], [], [], timeout)
            if not ready:
                return
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                return
            if not chunk:
                return
            self.raw += chunk

    @property
    def text(self) -> str:
        return _ANSI.sub("", self.raw.decode("utf-8", "replace"))

    def expect(self, pattern: str, timeout: float = 20.0) -> str:
        """Wait until ``pattern`` appears after the last match; return the text up to it."""
        deadline = time.monotonic() + timeout
        while True:
            m = re.compile(pattern).search(self.text, self.mark)
            if m:
                seen = self.text[self.mark:m.end()]
                self.mark = m.end()
                return seen
            if time.monotonic() > deadline:
                raise AssertionError(f"{pattern!r} not seen; output so far:\n{self.text[self.mark:][-3000:]}")
            self.read(0.1)

    def send(self, data: str) -> None:
        os.write(self.fd, data.encode())

    def line(self, text: str) -> None:
        self.send(text + "\r")

    def close(self) -> int:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                os.close(self.fd)
                return os.waitstatus_to_exitcode(status)
            self.read(0.05)
            time.sleep(0.02)
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        os.close(self.fd)
        raise AssertionError("the program did not exit")
