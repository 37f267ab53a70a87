"""The store file at its path, as :meth:`bot.core.Core.reload` and the file watch see it: its identity
(:func:`file_stamp`) and the last file refused (:class:`Refusal`).

A file is checked once however it was noticed (README "Operator messages", the SIGHUP row). ``build`` and
``update`` rename a new file over the path and then send SIGHUP (``systemctl reload``), so the file watch and the
signal often notice the same file within a moment; a damaged file is then refused once, with one ERROR line, and
the other of the two does not check it again: the watch says nothing, a SIGHUP answers in one WARNING line that
this unchanged file was refused already. The exception: a file refused because this process could not read it
(:class:`bot.store.StoreUnreadable`: rights, I/O) or for an unexpected error is checked again on SIGHUP, since the
operator may have fixed the cause without changing the file (``chmod`` leaves the stamp as it is).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bot.store import StoreError, StoreUnreadable

#: What identifies one store file: device, inode, modification time (ns) and size. Renaming a new file over the
#: path changes the inode.
FileStamp = tuple[int, int, int, int]

#: The ``why`` of a reload asked for by the operator's signal.
SIGHUP = "SIGHUP"
#: The ``why`` of a reload the file watch asked for (:meth:`bot.core.Core._follow`).
WATCH = "Datei ersetzt"


def file_stamp(path: Path) -> FileStamp | None:
    """The :data:`FileStamp` of ``path``, or None when it cannot be read (missing, no permission)."""
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_dev, st.st_ino, st.st_mtime_ns, st.st_size


def refusal_text(exc: Exception) -> str:
    """The reason a store file was refused, for the log: a :class:`~bot.store.StoreError`'s German message, else
    the unexpected exception's type and text."""
    return str(exc) if isinstance(exc, StoreError) else f"{type(exc).__name__}: {exc}"


def lasting(exc: Exception) -> bool:
    """True when the check failed with ``exc`` because of the file's content (a :class:`~bot.store.StoreError`
    but not :class:`~bot.store.StoreUnreadable`): the same file would fail again."""
    return isinstance(exc, StoreError) and not isinstance(exc, StoreUnreadable)


@dataclass(frozen=True)
class Refusal:
    """One store file that failed the check at a swap.

    Attributes:
        stamp: the refused file's :data:`FileStamp`.
        why: what noticed it (:data:`SIGHUP` or :data:`WATCH`), as in the log line.
        text: the reason (:func:`refusal_text`).
        lasting: True when the reason lies in the file's content (:func:`lasting`: damaged, no store, another
            schema): the same file would be refused again, so it is not checked again, not even on SIGHUP.
    """

    stamp: FileStamp
    why: str
    text: str
    lasting: bool

    def settles(self, stamp: FileStamp | None, why: str) -> bool:
        """True when the file ``stamp``, noticed by ``why``, is this refused file and need not be checked again:
        always for the file watch; for a SIGHUP only when the reason was :attr:`lasting`."""
        return stamp == self.stamp and (self.lasting or why != SIGHUP)

    def repeated(self, why: str) -> str:
        """The one line answering ``why`` that noticed this file again (``%`` already applied)."""
        return (f"Datenbank unverändert ({why}), bereits abgelehnt ({self.why}) und nicht erneut geprüft; "
                f"die bisherige bleibt in Betrieb: {self.text}")
