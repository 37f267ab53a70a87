"""Ordinary German words: the words a player may type that are no typo even when no document of the store uses them
(„nochmal“, „boni“, „dazunehmen“), so that the unknown-word note (:func:`bot.question_words.unknown_words`) is kept
for typos and names the bot truly cannot read („lotus“ of a card the store does not hold).

The word list is pyspellchecker's German dictionary (``spellchecker/resources/de.json.gz``, 339 101 words with
their frequencies, from OpenSubtitles and a German word list; read offline from the installed wheel). Each word is
kept folded and in one spelling (:func:`bot.text.fold`, :func:`bot.text.canonical`: „für“ and „fuer“ meet), sorted,
in one bytes string, one word a line, with each word's offset (≈ 4.4 + 1.4 MB; a set of the words would hold
≈ 35 MB), read as a stream (ijson) into one buffer, then sorted. A lookup is a binary search over the offsets
(microseconds, not a scan). Read only when an answer has a word no document holds (:func:`not_ordinary`; no warm-up
at start): ≈ 0.5 s of CPU in a worker thread, ≈ 70 MB at its peak while sorting, ≈ 15 MB kept.
"""

from __future__ import annotations

import asyncio
import bisect
import gzip
import io
import itertools
import threading
from array import array
from importlib import resources

import ijson

from bot.text import canonical, fold

#: The dictionary inside the installed pyspellchecker package (a JSON object word → frequency, gzip).
_RESOURCE = ("spellchecker", "resources/de.json.gz")

#: A word joined from two dictionary words („dazu|nehmen“, „kreaturen|bonus“) counts when its head has at least
#: :data:`_MIN_HEAD` and its tail at least :data:`_MIN_TAIL` letters (no „lo|tus“), and the word at most
#: :data:`_MAX_JOINED` letters (≤ 2 × 24 binary searches).
_MIN_HEAD = 3
_MIN_TAIL = 4
_MAX_JOINED = 30

_lock = threading.Lock()
_loaded: list[GermanDictionary] = []


class GermanDictionary:
    """The German dictionary as one sorted bytes string of its words (``b"wort\n…"``) and the offset of each word in
    it; ``word in words`` is True for a word of it or two joined („dazunehmen“ = „dazu“ + „nehmen“, a compound or a
    separable verb the dictionary lacks). A lookup is a binary search (≈ 19 comparisons of 339 101 words)."""

    def __init__(self, words: list[bytes]) -> None:
        """``words``: the canonical words, UTF-8, sorted and distinct, none holding ``b"\n"``."""
        self._lines = b"".join(w + b"\n" for w in words)
        self._starts = array("I", itertools.accumulate((len(w) + 1 for w in words[:-1]), initial=0))

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
    return GermanDictionary([w for w, _ in itertools.groupby(lines) if w])


def german_dictionary() -> GermanDictionary:
    """pyspellchecker's German dictionary (:class:`GermanDictionary`), read once per process (thread-safe; blocking
    ≈ 1 s the first time)."""
    with _lock:
        if not _loaded:
            _loaded.append(_read())
        return _loaded[0]


async def german_dictionary_async() -> GermanDictionary:
    """:func:`german_dictionary` without blocking the event loop on the first read (a worker thread)."""
    if _loaded:
        return _loaded[0]
    return await asyncio.to_thread(german_dictionary)


async def not_ordinary(words: list[str]) -> list[str]:
    """``words`` without the ordinary German ones, in order; the dictionary is read (in a worker thread, the first
    time) only when there is a word to look up, so an answer without unknown words never waits for it."""
    if not words:
        return words
    ordinary = await german_dictionary_async()
    return [w for w in words if w not in ordinary]


__all__ = ["GermanDictionary", "german_dictionary", "german_dictionary_async", "not_ordinary"]
