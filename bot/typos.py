"""Typos in typed card names: whether a typed name is a name with one slip, not another name.

The rule of :meth:`bot.search.NameIndex.lookup` (which answers a card for a typo of one clear name): one edit in
the compact key, or the name's words in order with at most :data:`TYPO_WORDS` of them one edit off. Keys and
words of the store's names are kept per name (a look-up compares the same names again and again).
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from rapidfuzz import process
from rapidfuzz.distance import OSA

from bot.german_words import common_words
from bot.text import canonical, fold, name_keys, name_words
from bot.word_forms import inflected


class GermanWords(Protocol):
    """The German dictionary as :func:`kept_as_typed` reads it (:class:`bot.german_words.GermanDictionary`)."""

    def has(self, word: str) -> bool:
        """True when ``word`` is itself a word of the dictionary."""
        ...

    def __contains__(self, word: object) -> bool:
        """True when ``word`` is a word of the dictionary or two of its words joined."""
        ...

#: Queries shorter than this get no fuzzy tier (one or two letters match everything).
MIN_FUZZY_LENGTH = 3
#: Shortest compact key that gets the one-edit look-up (shorter keys have too many neighbours).
MIN_EDIT_LENGTH = 5
#: A typo in several words: at most this many words one edit off.
TYPO_WORDS = 2


def is_typo(query: str, name: str) -> bool:
    """True when ``query`` is ``name`` with a typo, not another name: its compact key (:func:`name_keys`,
    at least :data:`MIN_EDIT_LENGTH` letters) is one slip from the name's (:func:`slips`: a letter added, dropped,
    replaced, two neighbours swapped, or two letters one apart swapped), or it has the name's words in order with
    at most :data:`TYPO_WORDS` of them one slip off. A word left out or only begun is no typo: ``Circu`` and
    ``Blitzschlag`` are not typos of "Circu, Dimir-Lobotomist" and "Blitzschlange"."""
    return Typed.of(query).is_typo_of(name)


@dataclass(frozen=True)
class Typed:
    """A typed name's edit keys (at least :data:`MIN_EDIT_LENGTH` letters) and words, made once per look-up."""

    keys: tuple[str, ...]
    words: tuple[str, ...]

    @classmethod
    def of(cls, query: str) -> Typed:
        """The keys and words of the typed ``query``."""
        return cls(tuple(k for k in sharp_s_keys(query) if len(k) >= MIN_EDIT_LENGTH), tuple(name_words(query)))

    def is_typo_of(self, name: str) -> bool:
        """:func:`is_typo` of the typed name and ``name`` (the name's keys and words cached per name), or of its
        shortened name (CR 201.5c: the part before the comma, „Szadek“ of Szadek, Herr der Geheimnisse: „szadec“,
        „sadek“), which a player types as the card's name; only begun („Szade“) or begun and gone on („Szadek, H“,
        the whole name being typed) is no typo of it."""
        short = name.partition(",")[0]
        if "," in name and any(slips(k, n) <= 1 and not (n.startswith(k) or k.startswith(n)) for k in self.keys
                               for n in kept_name_keys(short)):
            return True
        if any(slips(k, n) <= 1 for k in self.keys for n in kept_name_keys(name)):
            return True
        words_of_name = kept_name_words(name)
        if len(self.words) != len(words_of_name) or len(self.words) < 2:
            return False
        off = [slips(t, w) for t, w in zip(self.words, words_of_name, strict=True)]
        return max(off) <= 1 and 0 < sum(off) <= TYPO_WORDS and all(
            len(w) >= MIN_FUZZY_LENGTH for w, d in zip(words_of_name, off, strict=True) if d
        )


def near_swap(typed: str, name: str) -> bool:
    """True when ``typed`` is ``name`` with two letters one apart swapped (``rektur`` for ``rekrut``: r and t
    around the u): one slip of the hand, though two edits for Levenshtein, OSA and Damerau-Levenshtein alike
    (their transposition is of neighbours only). Both at least :data:`MIN_EDIT_LENGTH` letters (in a short word
    such a swap makes another word too easily)."""
    if len(typed) != len(name) or len(typed) < MIN_EDIT_LENGTH:
        return False
    diff = [i for i, (a, b) in enumerate(zip(typed, name, strict=True)) if a != b][:3]
    return (len(diff) == 2 and diff[1] - diff[0] == 2
            and typed[diff[0]] == name[diff[1]] and typed[diff[1]] == name[diff[0]])


def slips(typed: str, name: str) -> int:
    """The slips between ``typed`` and ``name``, at most 2: their OSA distance (a letter added, dropped, replaced,
    two neighbours swapped: one each), with a :func:`near_swap` counted as one."""
    found = int(OSA.distance(typed, name, score_cutoff=2))
    return 1 if found == 2 and near_swap(typed, name) else found


def one_slip(typed: str, names: Sequence[str]) -> list[int]:
    """The positions in ``names`` of the names ``typed`` is at most one slip from (:func:`slips` ``<= 1``), in
    ``names``' order: rapidfuzz compares ``typed`` with all of them in one call (OSA distance at most 2, in C),
    and only a name two edits off is checked for a :func:`near_swap`, instead of a Python call per name."""
    found = process.extract(typed, names, scorer=OSA.distance, score_cutoff=2, limit=None)
    return sorted(i for name, off, i in found if off <= 1 or near_swap(typed, name))


def near_swap_entries(span: Callable[[str, int], tuple[list[str], list[int]]], key: str, cap: int) -> set[int]:
    """The entries whose compact key is ``key`` with a :func:`near_swap`, ``key`` being the typed compact key or
    its reverse. ``span(prefix, cap)``: the keys (same direction) starting with ``prefix``, at most ``cap``, and
    their entries. The three letters of a swap leave a side of at least ``(len(key) - 3) // 2`` letters intact, so
    the candidates share the start of ``key`` or of its reverse; the caller asks for both."""
    if len(key) < MIN_EDIT_LENGTH:
        return set()
    strings, owners = span(key[: max(1, (len(key) - 3) // 2)], cap)
    return {owners[pos] for pos, k in enumerate(strings) if len(k) == len(key) and near_swap(key, k)}


@lru_cache(maxsize=1 << 16)
def kept_name_words(name: str) -> tuple[str, ...]:
    """:func:`name_words` of a card's name, kept (a look-up compares the same names again and again; only the
    store's names are kept, never typed text)."""
    return tuple(name_words(name))


@lru_cache(maxsize=1 << 16)
def kept_name_keys(name: str) -> tuple[str, ...]:
    """:func:`sharp_s_keys` of a card's name, kept like :func:`kept_name_words`."""
    return sharp_s_keys(name)


def sharp_s_keys(text: str, keys: tuple[str, ...] | None = None) -> tuple[str, ...]:
    """:func:`name_keys` of ``text`` (``keys`` when the caller has them already), and with ``ß`` read as one ``s``
    too: the keys spell ``ß`` as ``ss``, so a ``ß`` typed for or instead of one letter would otherwise count as two
    edits."""
    if keys is None:
        keys = name_keys(text)
    return keys if "ß" not in text else (*keys, *name_keys(text.replace("ß", "s")))


__all__ = ["MIN_EDIT_LENGTH", "MIN_FUZZY_LENGTH", "TYPO_WORDS", "GermanWords", "Typed", "added_or_dropped", "is_typo",
           "kept_as_typed", "kept_name_keys", "kept_name_words", "sharp_s_keys"]


def added_or_dropped(typed: str, repaired: str) -> bool:
    """True when one of the two words is the other with letters added (the shorter a subsequence of the longer):
    „drunter“/„darunter“, „basics“/„basic“; not „holt“/„hält“ (a letter changed) nor „spart“/„start“. The test
    whether an ordinary German word may be read as the documents' word (:attr:`bot.analysis.Options.ordinary`)."""
    short, long = sorted((typed, repaired), key=len)
    rest = iter(long)
    return all(c in rest for c in short)


def kept_as_typed(typed: str, repaired: str, dictionary: GermanWords, common: Container[str] | None = None) -> bool:
    """True when ``typed``, a word of the German ``dictionary`` itself (:meth:`~bot.german_words.GermanDictionary.has`),
    must stay as typed rather than be read as the documents' word ``repaired`` one slip away: a letter changed
    („holt“ is no slip of „hält“, „alten“ none of „arten“), or letters added or dropped (:func:`added_or_dropped`)
    inside it into a word that is no German word („haut“ is none of 000's English „haunt“, „drin“ none of
    „drain“). Letters added or dropped into another German word read as that word („häfte“ → „hälfte“, „spucken“ →
    „spuken“), and so does an ending cut off („verbrennt“ → the players' „verbrenn*“ of data/synonyms.tsv, which no
    dictionary holds). Of these, a ``common`` word (canonical, folded; by default :func:`bot.german_words.common_words`,
    read only for such a word) is read only as another form of itself: an ending cut off or put on, „ge“ or
    „zu“ inside („angefangen“ → „anfangen“; :func:`bot.word_forms.inflected`), never as another word
    („gestern“ is no slip of „geistern“, „stehlen“ none of „stehen“). Measured on the tuning and dev questions:
    docs/ranking.md ¹¹⁰, ¹⁴³."""
    if not dictionary.has(typed):
        return False
    cut = typed.startswith(repaired) or repaired.startswith(typed)
    if not (added_or_dropped(typed, repaired) and (cut or repaired in dictionary)):
        return True
    if canonical(fold(typed)) in (common_words() if common is None else common):
        return not (cut or inflected(typed, repaired))
    return False


def shortened_card(query: str, names: Iterable[tuple[int, str]]) -> int | None:
    """The id of the one card among ``names`` (card id, card name) whose shortened name ``query`` is (CR 201.5c:
    the part of the name before its comma, „Szadek“ for Szadek, Herr der Geheimnisse; compared folded as exact
    names are, :func:`bot.text.name_keys`), or None when no card's or several cards' are."""
    keys = set(name_keys(query))
    found = {card for card, name in names if "," in name and keys & set(name_keys(name.partition(",")[0]))}
    return found.pop() if len(found) == 1 else None
