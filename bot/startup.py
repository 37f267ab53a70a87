"""Ctrl+C / SIGTERM while ``python -m bot`` is still starting: before :func:`bot.__main__.main`
can turn a KeyboardInterrupt into the German line and exit code 130, Python spends ≈0.3 s (idle) to 1.5 s (busy
machine) importing. During that window these handlers print one German line and exit 130 at once (nothing has
been written yet). Kept free of imports beyond ``os``/``signal`` so it can be installed first."""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterator
from typing import Any

#: The one German line for an interrupted command (Ctrl+C = SIGINT, or SIGTERM), exit code 130.
ABORTED = "Abgebrochen (Strg+C oder SIGTERM)."
_original: tuple[Any, Any] | None = None


def _abort_while_importing(signum: int, frame: object) -> None:
    os.write(2, (ABORTED + "\n").encode())
    os._exit(130)


def install(handlers: tuple[Any, Any]) -> tuple[Any, Any]:
    """Set the (SIGINT, SIGTERM) handlers; returns the previous pair (no-op outside the main thread)."""
    try:
        return signal.signal(signal.SIGINT, handlers[0]), signal.signal(signal.SIGTERM, handlers[1])
    except ValueError:  # imported from another thread: signals are not ours to handle
        return handlers


def begin() -> None:
    """Install the start-up handlers (once; a second call keeps the first call's originals)."""
    global _original
    if _original is None:
        _original = install((_abort_while_importing, _abort_while_importing))


def end() -> None:
    """Imports done: restore the handlers :func:`begin` found (Ctrl+C is a KeyboardInterrupt again)."""
    global _original
    if _original is not None:
        install(_original)
        _original = None


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Hold SIGINT and SIGTERM back (``pthread_sigmask``) for the block; they arrive right after it, inside
    the caller's ``try``. No-op where the platform has no signal masks (Windows)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    held = {signal.SIGINT, signal.SIGTERM}
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
