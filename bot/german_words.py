"""Ordinary German words: the words a player may type that are no typo even when no document of the store uses them
(„nochmal“, „boni“, „dazunehmen“), so that the unknown-word note (:func:`bot.question_words.unknown_words`) is kept
for typos and names the bot truly cannot read („lotus“ of a card the store does not hold).

The word list is pyspellchecker's German dictionary (``spellchecker/resources/de.json.gz``, 339 101 words with
their frequencies, from OpenSubtitles and a German word list; read offline from the installed wheel). Each word is
kept folded and in one spelling (:func:`bot.text.fold`, :func:`bot.text.canonical`: „für“ and „fuer“ meet), sorted,
in one bytes string, one word a line, with each word's offset (≈ 4.4 + 1.4 MB; a set of the words would hold
≈ 35 MB), read as a stream (ijson) into one buffer, then sorted. A lookup is a binary search over the offsets
(microseconds, not a scan). Read only when an answer has a word no document holds (:func:`not_ordinary`), or by
``/frage``'s warm-up: ≈ 0.5 s of CPU in a worker thread, ≈ 70 MB at its peak while sorting, ≈ 15 MB kept. The sorted
words and offsets are then kept in the user's cache folder (:func:`cache_file`: ``~/.cache/regelbot``, platformdirs;
≈ 6 MB), read by the next process in milliseconds: the same words, so the same answers. The file's name carries a
digest of the resource's bytes and of the code that folds the words (this module and :mod:`bot.text`), so a new
pyspellchecker or a changed folding reads the resource again; the folder keeps the files of the
:data:`KEPT_VERSIONS` versions read most recently; a folder that cannot be written (a read-only home) only costs
the read each time.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import gzip
import hashlib
import io
import itertools
import logging
import os
import struct
import sys
import threading
from array import array
from importlib import resources
from pathlib import Path

import ijson

from bot import text as _text
from bot.text import canonical, fold

log = logging.getLogger(__name__)

#: The dictionary inside the installed pyspellchecker package (a JSON object word → frequency, gzip).
_RESOURCE = ("spellchecker", "resources/de.json.gz")

#: A word joined from two dictionary words („dazu|nehmen“, „kreaturen|bonus“) counts when its head has at least
#: :data:`_MIN_HEAD` and its tail at least :data:`_MIN_TAIL` letters (no „lo|tus“), and the word at most
#: :data:`_MAX_JOINED` letters (≤ 2 × 24 binary searches).
_MIN_HEAD = 3
_MIN_TAIL = 4
_MAX_JOINED = 30

#: A word the dictionary counts at least this often (its frequency in the resource, from OpenSubtitles) is a common
#: word: 2 930 words („gestern“ 32 844, „angefangen“ 4 165, „stehlen“ 2 448; not „spucken“ 410), which a player types
#: as meant, so the slip repair reads it only as another form of itself (:func:`bot.typos.kept_as_typed`;
#: docs/ranking.md ¹⁴³).
COMMON_COUNT = 1000

_lock = threading.Lock()
_loaded: list[GermanDictionary] = []
_common_lock = threading.Lock()
_common: list[frozenset[str]] = []


class GermanDictionary:
    """The German dictionary as one sorted bytes string of its words (``b"wort\n…"``) and the offset of each word in
    it; ``word in words`` is True for a word of it or two joined („dazunehmen“ = „dazu“ + „nehmen“, a compound or a
    separable verb the dictionary lacks). A lookup is a binary search (≈ 19 comparisons of 339 101 words)."""

    def __init__(self, lines: bytes, starts: array) -> None:
        """``lines``: the canonical words, UTF-8, sorted and distinct, each ending in ``b"\n"`` (none holding one
        else); ``starts``: each word's offset in ``lines`` (``array("I")``), as :meth:`parts` gives them back."""
        self._lines = lines
        self._starts = starts

    @classmethod
    def of_words(cls, words: list[bytes]) -> GermanDictionary:
        """The dictionary of ``words``: the canonical words, UTF-8, sorted and distinct, none holding ``b"\n"``."""
        return cls(b"".join(w + b"\n" for w in words),
                   array("I", itertools.accumulate((len(w) + 1 for w in words[:-1]), initial=0)))

    def parts(self) -> tuple[bytes, array]:
        """The sorted lines (``b"wort\n…"``) and each line's offset (``array("I")``): all the dictionary holds."""
        return self._lines, self._starts

    def _word(self, i: int) -> bytes:
        start = self._starts[i]
        return self._lines[start:self._lines.index(b"\n", start)]

    def _has(self, word: str) -> bool:
        """True when the canonical ``word`` is a word of the dictionary."""
        if not word:
            return False
        target = word.encode()
        i = bisect.bisect_left(range(len(self._starts)), target, key=self._word)
        return i < len(self._starts) and self._word(i) == target

    def has(self, word: str) -> bool:
        """True when ``word`` (any case and spelling) is itself a word of the dictionary, not two joined: the test
        of a typed word that must not be read as a slip into another word (:meth:`bot.analysis.Analyser._repair`)."""
        w = canonical(fold(word))
        return "\n" not in w and self._has(w)

    def __contains__(self, word: object) -> bool:
        """True when ``word`` (any case and spelling) is an ordinary German word: in the dictionary, or two words of
        it joined (compounds and separable verbs; :data:`_MIN_HEAD`, :data:`_MIN_TAIL`, :data:`_MAX_JOINED`)."""
        if not isinstance(word, str):
            return False
        w = canonical(fold(word))
        if "\n" in w:
            return False
        if self._has(w):
            return True
        if len(w) > _MAX_JOINED:
            return False
        return any(self._has(w[i:]) and self._has(w[:i]) for i in range(_MIN_HEAD, len(w) - _MIN_TAIL + 1))

    def __len__(self) -> int:
        """The number of distinct canonical words."""
        return len(self._starts)


def _read() -> GermanDictionary:
    """The dictionary read from pyspellchecker's resource, streamed, its canonical spellings sorted (≈ 0.5 s)."""
    buffer = io.BytesIO()  # one line a word while reading: no Python object per word until the sort
    with resources.files(_RESOURCE[0]).joinpath(_RESOURCE[1]).open("rb") as raw, gzip.open(raw) as text:
        for word, _count in ijson.kvitems(text, ""):
            line = canonical(fold(word)).encode()
            if line and b"\n" not in line:
                buffer.write(line + b"\n")
    lines = buffer.getvalue().split(b"\n")
    del buffer
    lines.sort()
    return GermanDictionary.of_words([w for w, _ in itertools.groupby(lines) if w])


#: The cache file's first bytes: its format (a new layout gets a new magic) and the native byte order of the offsets.
_MAGIC = b"regelbot-german-words-1-" + sys.byteorder.encode()[:1] + b"\n"
_HEADER = struct.Struct("<QQ")  # number of offsets, length of the lines
#: Cache files kept in the folder, this version's among them: the versions read most recently (a read touches its
#: file) keep theirs, so two versions running side by side (a rolling update, a second checkout) do not remove each
#: other's file at every start, and a day of checkouts leaves at most this many 5.7 MB files.
KEPT_VERSIONS = 3


def cache_file() -> Path | None:
    """Where the sorted dictionary is kept between processes: ``german-words-<digest>.bin`` in the user's cache
    folder (``$XDG_CACHE_HOME/regelbot`` or ``~/.cache/regelbot``, platformdirs), the digest over the resource's
    bytes and the source of this module and :mod:`bot.text` (what folds the words): every checkout and virtual
    environment of the same code shares one file (a digest over the files' times named a new 5.7 MB file for each).
    None when the resource is no file (a zipped install) or a source cannot be read: then the resource is read each
    time."""
    import platformdirs  # here: only a process that reads the dictionary needs it

    resource = resources.files(_RESOURCE[0]).joinpath(_RESOURCE[1])
    if not isinstance(resource, Path):
        return None
    digest = hashlib.blake2b(digest_size=12)
    try:
        digest.update(_MAGIC)
        for module in (resource, __file__, _text.__file__):  # ≈ 2 ms for the compressed resource
            digest.update(Path(module).read_bytes())
    except OSError:
        return None
    return platformdirs.user_cache_path("regelbot", appauthor=False) / f"german-words-{digest.hexdigest()}.bin"


def _from_cache(path: Path) -> GermanDictionary | None:
    """The dictionary kept in ``path`` (:func:`_to_cache`), or None when there is none or it is not whole."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    head = len(_MAGIC) + _HEADER.size
    if not data.startswith(_MAGIC) or len(data) < head:
        return None
    count, size = _HEADER.unpack_from(data, len(_MAGIC))
    starts = array("I")
    if len(data) != head + count * starts.itemsize + size:
        return None
    starts.frombytes(data[head : head + count * starts.itemsize])
    with contextlib.suppress(OSError):  # read now: among the versions in use (a read-only folder keeps its times)
        os.utime(path)
    return GermanDictionary(data[head + count * starts.itemsize :], starts)


def _to_cache(path: Path, words: GermanDictionary) -> None:
    """Keep ``words`` in ``path`` (written beside it, then renamed: a reader sees the whole file or none) and remove
    the cache files of other versions beside it but the :data:`KEPT_VERSIONS` ``- 1`` read or written most recently (a
    process reads its file whole at its start, so removing one only costs its version a read of the resource); a
    folder that cannot be written is logged and left."""
    lines, starts = words.parts()
    spare = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with spare.open("wb") as out:
            out.write(_MAGIC + _HEADER.pack(len(starts), len(lines)))
            out.write(starts.tobytes())
            out.write(lines)
        spare.replace(path)
        others = sorted((p for p in path.parent.glob("german-words-*.bin") if p != path), key=_last_used, reverse=True)
        for stale in others[KEPT_VERSIONS - 1 :]:  # the versions read least recently
            stale.unlink(missing_ok=True)
    except OSError as exc:
        log.debug("Wörterbuch nicht zwischengespeichert (%s): %s", path, exc)
        with contextlib.suppress(OSError):  # nothing written, or a folder that is no folder
            spare.unlink()


def _last_used(path: Path) -> float:
    """When ``path`` was last read or written (its modification time, s since the epoch; 0 for a file gone)."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _load() -> GermanDictionary:
    """The dictionary from :func:`cache_file`, else read from the resource (:func:`_read`) and kept there."""
    path = cache_file()
    words = _from_cache(path) if path is not None else None
    if words is None:
        words = _read()
        if path is not None:
            _to_cache(path, words)
    return words


def german_dictionary() -> GermanDictionary:
    """pyspellchecker's German dictionary (:class:`GermanDictionary`), read once per process (thread-safe; from the
    cache file in milliseconds, :func:`cache_file`; else blocking ≈ 1 s)."""
    with _lock:
        if not _loaded:
            _loaded.append(_load())
        return _loaded[0]


async def german_dictionary_async() -> GermanDictionary:
    """:func:`german_dictionary` without blocking the event loop on the first read (a worker thread)."""
    if _loaded:
        return _loaded[0]
    return await asyncio.to_thread(german_dictionary)


def common_words() -> frozenset[str]:
    """The dictionary's common words (:data:`COMMON_COUNT`), canonical and folded as :meth:`GermanDictionary.has`
    compares them (≈ 2 900 words); read once per process from pyspellchecker's resource (≈ 0.5 s of CPU, streamed),
    only when a question's dictionary word is one slip from a word of the documents (thread-safe)."""
    with _common_lock:
        if not _common:
            with resources.files(_RESOURCE[0]).joinpath(_RESOURCE[1]).open("rb") as raw, gzip.open(raw) as text:
                _common.append(frozenset(canonical(fold(word)) for word, count in ijson.kvitems(text, "")
                                         if count >= COMMON_COUNT))
        return _common[0]


async def not_ordinary(words: list[str]) -> list[str]:
    """``words`` without the ordinary German ones, in order; the dictionary is read (in a worker thread, the first
    time) only when there is a word to look up, so an answer without unknown words never waits for it."""
    if not words:
        return words
    ordinary = await german_dictionary_async()
    return [w for w in words if w not in ordinary]


__all__ = ["COMMON_COUNT", "GermanDictionary", "common_words", "german_dictionary", "german_dictionary_async",
           "not_ordinary"]
