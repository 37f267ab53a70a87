"""The exit codes of ``python -m bot`` and its one German line on stderr (README "Exit codes").

0 success (also a user-facing error reply), 1 a runtime problem, 2 a usage problem, 130 interrupted (Ctrl+C or
SIGTERM; 128 + SIGINT, as shells report it). Kept apart so the launcher and every door word their exits alike.

Messages name the program as ``python -m bot`` (``"`python -m bot build` ausführen"``); :func:`fail` prints them
with the name the program was called by (:func:`set_program`: ``regelbot`` for the installed script), so an
operator can copy the command as it works for them.
"""

from __future__ import annotations

import errno
import socket
import sys

OK, RUNTIME, USAGE, INTERRUPTED = 0, 1, 2, 130
#: ``update`` built the new store, and the change register has rows to review against its newer rules (README:
#: "After a rules update"): not an error, but a timer or cron job must notice it.
REVIEW = 3
#: How messages name the program in the source.
MODULE_PROGRAM = "python -m bot"
_program = MODULE_PROGRAM


def set_program(name: str) -> None:
    """Name the program ``name`` (``"regelbot"`` or ``"python -m bot"``) in every message from now on."""
    global _program
    _program = name


def program() -> str:
    """The program's name as it was called (default ``"python -m bot"``)."""
    return _program


def named(message: str) -> str:
    """``message`` with every ```python -m bot …``` naming the program as it was called (:func:`program`)."""
    return message.replace(f"`{MODULE_PROGRAM} ", f"`{_program} ") if _program != MODULE_PROGRAM else message


def fail(message: str, code: int = RUNTIME) -> int:
    """Print the German ``message`` to stderr (commands in it named as called, :func:`named`); returns ``code``."""
    print(named(message), file=sys.stderr)
    return code


#: German causes of file-system errors (no English ``strerror`` in an operator message).
ERRNO_TEXT = {
    errno.ENOSPC: "Kein Platz mehr auf dem Datenträger",
    errno.EDQUOT: "Speicherkontingent (Quota) erschöpft",
    errno.EACCES: "Keine Schreibrechte",
    errno.EPERM: "Keine Berechtigung",
    errno.EROFS: "Das Dateisystem ist schreibgeschützt",
    errno.ENOENT: "Ordner oder Datei nicht gefunden",
    errno.EISDIR: "Das Ziel ist ein Ordner, keine Datei",
    errno.ENOTDIR: "Ein Teil des Pfads ist kein Ordner",
    errno.EIO: "Ein-/Ausgabefehler des Datenträgers",
}
_LISTEN_ERRNO_TEXT = {
    errno.EADDRINUSE: "Port schon belegt (läuft noch ein anderer Prozess?)",
    errno.EADDRNOTAVAIL: "Diese Adresse gehört nicht zu diesem Rechner",
    errno.EACCES: "Keine Berechtigung (Ports unter 1024 brauchen besondere Rechte)",
}


def listen_error_text(exc: OSError) -> str:
    """German cause for failing to listen (``serve``, ``run``'s ``METRICS_PORT``; no English ``strerror``): an
    unknown host name (:class:`socket.gaierror`, e.g. ``999.1.1.1``), port in use, foreign address, no permission."""
    if isinstance(exc, socket.gaierror):
        return "Adresse unbekannt (kein gültiger Rechnername und keine IP-Adresse)"
    known = _LISTEN_ERRNO_TEXT.get(exc.errno or 0) or ERRNO_TEXT.get(exc.errno or 0)
    return known or f"Netzwerkfehler (errno {exc.errno})"
