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

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.store import Store, StoreError, StoreUnreadable

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


def build_change(old: dict[str, str], new: dict[str, str]) -> str:
    """What differs between two stores' :meth:`~bot.store.Store.build_info`, for the one log line of a swap:
    ``gebaut 2026-12-01T06:00:00+00:00 → 2026-12-02T06:00:00+00:00, Quellen 3f2a9c01d4e5 (gleich), Regeldateien
    [] → ["MagicCompRules 20260801.txt"]`` (the files' lists only when they differ; ``?`` for what a store lacks);
    with :data:`RULES_DIGESTS` in both, ``Regeldatei MagicCompRules_20260801.txt mit anderem Inhalt`` for a rules
    file of the same name whose text differs (a re-issue with the same date)."""
    def short(key: str, info: dict[str, str]) -> str:
        value = info.get(key, "?")
        return value[:12] if key == "sources_sha256" else value

    parts = []
    for key, label in (("built_at", "gebaut"), ("sources_sha256", "Quellen"), ("cr_files", "Regeldateien"),
                       ("card_files", "Kartendateien")):
        before, after = short(key, old), short(key, new)
        if before != after:
            parts.append(f"{label} {before} → {after}")
        elif key in ("built_at", "sources_sha256"):
            parts.append(f"{label} {after} (gleich)")
    old_rules, new_rules = json.loads(old.get(RULES_DIGESTS, "{}")), json.loads(new.get(RULES_DIGESTS, "{}"))
    if isinstance(old_rules, dict) and isinstance(new_rules, dict):
        parts += [f"Regeldatei {file} mit anderem Inhalt" for file, digest in sorted(new_rules.items())
                  if old_rules.get(file, digest) != digest]
    return ", ".join(parts)


#: The key :meth:`bot.core.Core.reload` adds to both stores' build info for :func:`build_change`: per rules file its
#: :func:`rules_digests` as JSON (a file of the same name and date whose text changed is named in the swap line).
RULES_DIGESTS = "cr_digests"


async def rules_digests(store: Store) -> dict[str, str]:
    """Per rules file the store holds (``cr_versions.file``): a SHA-256 (12 hex digits) over its effective
    date, its rules' numbers and texts and its glossary, in document order. Reads every rule (about 3 000 per
    file, a few ms): run at a swap only, not at start-up.

    Raises:
        bot.store.StoreCorrupt, sqlite3.Error: the store cannot be read.
    """
    digests: dict[str, Any] = {}  # file → its running hashlib digest
    rows = await store.fetchall(
        "SELECT v.file, v.effective, r.number, r.text FROM cr_rules r JOIN cr_versions v ON v.id = r.version_id"
        " ORDER BY v.id, r.position")
    rows += await store.fetchall(
        "SELECT v.file, v.effective, g.term, g.text FROM cr_glossary g JOIN cr_versions v ON v.id = g.version_id"
        " ORDER BY v.id, g.id")
    for file, effective, key, text in rows:
        digest = digests.setdefault(str(file), hashlib.sha256(str(effective).encode()))
        digest.update(f"\x00{key}\x00{text}".encode())
    return {file: digest.hexdigest()[:12] for file, digest in digests.items()}
