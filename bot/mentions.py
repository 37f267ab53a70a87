"""Card names in chat messages: ``[[Karte]]`` mentions and known card names in free text.

* :func:`bracket_mentions` reads ``[[Boros-Rekrut]]`` and ``[[Boros-Rekrut|rulings]]`` (at most ``limit``);
  a text without ``[[`` costs one substring test.
* :class:`NameScanner` finds the names of the name index in free text ("Wer gewinnt, Krims // Krams oder
  Boros-Rekrut?") with the same normalisation as ``/karte`` (:func:`bot.search.name_keys`: case, umlauts both
  ways, hyphens and spaces ignored, ``//`` in any spacing). It walks the text's tokens once: from each
  token it extends a window only while the window is the start of some name (a set of name prefixes at
  token boundaries), so a 4000-character message costs a few thousand set look-ups, whatever the index size.

Pure Python, no discord import (used by bot/answers/chat.py).
"""

from __future__ import annotations

import functools
import re
import weakref
from dataclasses import dataclass

from bot.search import NameIndex
from bot.text import clean, name_keys

#: Only this much of a message is read (Discord's longest message is 4000 characters).
MAX_TEXT = 4000
#: Longest name, in tokens, that the scanner matches (the longest card name has 6).
MAX_WINDOW = 10
#: Options after ``|`` in ``[[Karte|rulings]]`` that ask for the rulings.
RULINGS_OPTIONS = frozenset({"rulings", "ruling", "r"})

#: A Discord spoiler ``||…||`` (may span lines; the shortest pair, as Discord pairs them).
_SPOILER = re.compile(r"\|\|.+?\|\|", re.DOTALL)
_BRACKETS = re.compile(r"\[\[([^\[\]\n]{1,200}?)\]\]")
#: Tokens: runs of ``/``, else words split at white space and hyphens (so "Boros-Rekrut", "boros rekrut" and,
#: as one token whose key is the whole name's, "borosrekrut" all meet; other separators vanish in the keys).
_TOKENS = re.compile(r"/+|[^\s/|\-‐‑‒–—―]+")


@dataclass(frozen=True)
class Mention:
    """One ``[[…]]`` in a message: the name as written and whether ``|rulings`` asks for the rulings."""

    name: str
    rulings: bool = False


def bracket_mentions(text: str, limit: int) -> list[Mention]:
    """The first ``limit`` ``[[name]]`` / ``[[name|rulings]]`` mentions of ``text``, in order, repeats dropped.

    Empty brackets (``[[ ]]``) and brackets longer than 200 characters are skipped; only the first
    :data:`MAX_TEXT` characters are read.
    """
    if "[[" not in text:
        return []
    out: list[Mention] = []
    for m in _BRACKETS.finditer(text[:MAX_TEXT]):
        name, _bar, option = m.group(1).partition("|")
        name = clean(name)
        if not name:
            continue
        mention = Mention(name, option.strip().casefold() in RULINGS_OPTIONS)
        if mention not in out:
            out.append(mention)
        if len(out) >= limit:
            break
    return out


def without_spoilers(text: str) -> str:
    """``text`` with every Discord spoiler ``||…||`` replaced by a space: what a reader sees before uncovering.

    Only the first :data:`MAX_TEXT` characters are kept (what :func:`bracket_mentions` reads anyway).
    An unpaired ``||`` hides nothing in Discord and stays.
    """
    return _SPOILER.sub(" ", text[:MAX_TEXT])


#: name_keys of one word, memoised for building the scanner (names share their words; bounded).
_word_keys = functools.lru_cache(maxsize=1 << 16)(name_keys)


def _name_token_keys(name: str) -> list[tuple[str, str, str]]:
    """Like :func:`_token_keys` for a short name: one memoised :func:`name_keys` call per word."""
    out = []
    for raw in _TOKENS.findall(clean(name)):
        keys = _word_keys(raw)
        if keys:
            out.append((raw, keys[0], keys[-1]))
    return out


def _token_keys(text: str) -> list[tuple[str, str, str]]:
    """``(raw token, ae-key, a-key)`` per token of ``text``; tokens without letters/digits (``?!``) are dropped.

    The keys are :func:`bot.search.name_keys` of each token, computed in one call over the tokens joined by
    ``|`` (a character name_keys keeps and the tokens cannot contain): a few milliseconds for 4000 characters
    instead of one call per token.
    """
    raw = _TOKENS.findall(text)
    keys = name_keys("|".join(raw))
    ae = keys[0].split("|") if keys else []
    plain = keys[-1].split("|") if keys else []
    if not (len(ae) == len(plain) == len(raw)):  # a token whose key held "|" after all: one call per token
        per_token = [name_keys(t) or ("", "") for t in raw]
        ae, plain = [k[0] for k in per_token], [k[-1] for k in per_token]
    return [(r, a, p) for r, a, p in zip(raw, ae, plain, strict=True) if a]


class NameScanner:
    """Finds the names of a :class:`~bot.search.NameIndex` in free text (see the module docstring).

    A name of one plain word (no hyphen, e.g. "Beschleunigen", "Standhalten") is only found when written
    with its capital letter as printed, so the verb "beschleunigen" in a sentence is no card; longer names
    are found in any case and spacing.
    """

    def __init__(self, names: NameIndex) -> None:
        self._names: dict[str, int] = {}  # full key → card id
        self._prefixes: set[str] = set()  # keys of the first 1..n-1 tokens of every name
        self._plain: set[str] = set()  # keys of one-word names that need their capital letter
        for entry in names.entries:
            tokens = _name_token_keys(entry.name)
            if not tokens or len(tokens) > MAX_WINDOW:
                continue
            for variant in (1, 2):
                key = ""
                for i, token in enumerate(tokens):
                    key += token[variant]
                    if i < len(tokens) - 1:
                        self._prefixes.add(key)
                self._names.setdefault(key, entry.card_id)
                if len(tokens) == 1 and entry.name[:1].isupper():
                    self._plain.add(key)

    def scan(self, text: str, limit: int) -> list[int]:
        """Card ids of the names in ``text``, in order of appearance, each card once, at most ``limit``.

        At each position the longest name wins ("Krims // Krams" is one card, not Krims then Krams).
        """
        tokens = _token_keys(clean(text[:MAX_TEXT]))
        found: list[int] = []
        i = 0
        while i < len(tokens) and len(found) < limit:
            best: tuple[int, int] | None = None  # (card id, tokens used)
            for variant in (1, 2):
                key = ""
                for j in range(i, min(len(tokens), i + MAX_WINDOW)):
                    key += tokens[j][variant]
                    card_id = self._names.get(key)
                    allowed = j > i or key not in self._plain or tokens[i][0][:1].isupper()
                    if card_id is not None and allowed and (best is None or j + 1 - i > best[1]):
                        best = (card_id, j + 1 - i)
                    if key not in self._prefixes:
                        break
            if best is None:
                i += 1
                continue
            if best[0] not in found:
                found.append(best[0])
            i += best[1]
        return found


_SCANNERS: weakref.WeakKeyDictionary[NameIndex, NameScanner] = weakref.WeakKeyDictionary()


def scanner(names: NameIndex) -> NameScanner:
    """The scanner of ``names`` (built on first use, about as fast as building the index; then kept)."""
    found = _SCANNERS.get(names)
    if found is None:
        found = _SCANNERS[names] = NameScanner(names)
    return found
