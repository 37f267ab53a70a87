"""The exit codes of ``python -m bot`` and its one German line on stderr (README "Exit codes").

0 success (also a user-facing error reply), 1 a runtime problem, 2 a usage problem, 130 interrupted (Ctrl+C or
SIGTERM; 128 + SIGINT, as shells report it). Kept apart so the launcher and every door word their exits alike.
"""

from __future__ import annotations

import sys

OK, RUNTIME, USAGE, INTERRUPTED = 0, 1, 2, 130


def fail(message: str, code: int = RUNTIME) -> int:
    """Print the German ``message`` to stderr; returns the exit ``code``."""
    print(message, file=sys.stderr)
    return code
