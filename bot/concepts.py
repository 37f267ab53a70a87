"""Concepts of the text analysis (:mod:`bot.analysis`): a name of the term table (``data/terms_de_en.tsv``) or of a
synonym group (``data/synonyms.tsv``) as a stem sequence, and the concept id it stands for (``zzk117`` for
Priorität, found through "Vorrang" too). Re-exported by :mod:`bot.analysis`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.stopwords import STOP_WORDS
from bot.words import NUMBER, fold, tokens


class Stemmer(Protocol):
    """What :func:`build_concepts` needs of an analyser (:class:`bot.analysis.Analyser`)."""

    def stems(self, word: str, language: str = "de") -> list[str]:
        """The stems of ``word`` (the first is its main stem)."""
        ...

    def lemma(self, word: str) -> str:
        """The lemma of a lower-case German word (a participle's verb; else the word)."""
        ...


#: Endings cut off a one-word name's lemma for its :attr:`Concept.base`: a verb's infinitive (``befehden`` →
#: ``befehd``, met by ``befehdet``), a noun's ``-e`` (``Fehde`` → ``fehd``, met by ``Fehden``).
_BASE_ENDINGS = ("en", "n", "e")
def name_base(lemma: str) -> str:
    """What every form of a one-word name begins with (:attr:`Concept.base`): its folded lemma without an ending of
    :data:`_BASE_ENDINGS` (at least three letters kept): ``verlies`` → ``verlies``, ``verlieren`` → ``verlier``."""
    word = fold(lemma)
    for ending in _BASE_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            return word[: -len(ending)]
    return word


def fits(base: str, form: str) -> bool:
    """True when a word whose folded lemma is ``form`` is a form of the one-word name of :attr:`Concept.base`
    ``base`` (``""``: every word of the name's stem is): it begins with the base. The Snowball stem alone joins
    words of other lemmas: ``verliert`` and ``Verlies`` (Dungeon) are both ``verli``, ``verteidigende`` and
    ``Verteidiger`` (Defender) ``verteid``, ``verbunden`` and ``Verbündung`` (Banding) ``verbund``."""
    return not base or form.startswith(base)


#: A longer name's base that adds at least this many letters to a shorter one's is another word („-heit“), not the
#: shorter name's inflected form („-s“, „-er“): :func:`fitting`.
_DERIVED = 3


def fitting(names: Iterable[tuple[str, str]], form: str | None) -> list[str]:
    """The concepts of the one-word ``names`` (concept id, :attr:`Concept.base`; all of one stem) that a word whose
    folded lemma is ``form`` names (None: every one): those it is a form of (:func:`fits`), each once. Of two names
    whose bases both begin the word, the longer base is the word's name when it adds a derivation (at least
    :data:`_DERIVED` letters: „-heit“, „-typ“), not only an inflection („-s“, „-er“): „Fluchsicherheit“ (base
    ``fluchsicherheit``, Shroud, 702.18) is no form of „fluchsicher“ (Hexproof, 702.11), „Permanents“ still one of
    „Permanent“."""
    if form is None:
        return list(dict.fromkeys(concept for concept, _base in names))
    kept = [(concept, base) for concept, base in names if not base or form.startswith(base)]  # fits
    longer = {base for _concept, base in kept if base}
    return list(dict.fromkeys(
        concept for concept, base in kept
        if not base or not any(len(other) - len(base) >= _DERIVED and other.startswith(base) for other in longer)
    ))


#: Most (stem, form) pairs a memo of :func:`fitting_kept` keeps.
FITS_KEPT = 100_000


def fitting_kept(names: list[tuple[str, str]], first: str, form: str, fits: dict[tuple[str, str], list[str]]
                 ) -> list[str]:
    """:func:`fitting` of ``names`` (the one-word names of stem ``first`` in one kind of text) for ``form``,
    remembered in ``fits`` (that kind of text's memo, at most :data:`FITS_KEPT` pairs): the same list for every
    word of that stem and folded lemma (read it, never change it)."""
    found = fits.get((first, form))
    if found is None:
        found = fitting(names, form)
        if len(fits) < FITS_KEPT:
            fits[first, form] = found
    return found


@dataclass(frozen=True)
class Concept:
    """A name of the term table or a synonym group, as a stem sequence, and the concept id it stands for.

    ``old``: the name is an older term (``Vorrang``); it counts only where the analysis allows old terms.
    ``only``: the name has this sense only in these documents (file prefixes; empty: everywhere);
    ``not_in``: documents where the name means something else (``provoziert`` is goad in 004).
    ``forms``: a name the documents use only as an ordinary word counts in a question only so written (empty: any).
    ``base``: a German name of one word counts only on a word that is its form (:func:`fits`), not on every word of
    its stem (empty: no such check; names of two or more words, whose neighbours decide, and English names).
    """

    stems: tuple[str, ...]
    concept: str
    old: bool = False
    only: frozenset[str] = frozenset()
    not_in: frozenset[str] = frozenset()
    language: str = "de"
    forms: frozenset[str] = frozenset()
    base: str = ""

    def fits(self, form: str | None) -> bool:
        """True when a word whose folded lemma is ``form`` (None: not known, no check) is a form of this name."""
        return form is None or fits(self.base, form)

    def applies(self, document: str | None, old_terms: bool, word: str | None = None) -> bool:
        """True when the name has this sense in ``document`` (None: a question; ``word``: as typed, see forms)."""
        if self.old and not old_terms:
            return False
        if document is None:
            return not self.forms or word is None or word in self.forms
        return (not self.only or document in self.only) and document not in self.not_in


def concept_id(kind: str, key: str) -> str:
    """A concept id as one FTS5 token: ``zz`` + kind letter + the key's letters and digits (``zzk702x19``)."""
    return "zz" + kind + re.sub(r"[^a-z0-9]", "x", fold(key.lower()))


class NamedTerm(Protocol):
    """What :func:`term_concept` reads of a term of the table (:class:`bot.terms.Term`)."""

    @property
    def english(self) -> str:
        """The term's English name, as the Comprehensive Rules print it (``"Trample"``)."""
        ...


def term_concept(term: NamedTerm) -> str:
    """The concept id of a term of the table ``data/terms_de_en.tsv``, made of its English name (the Comprehensive
    Rules' term: ``Trample`` → ``zzktrample``), so every name of the term and every term of one English name (the
    zone Exil and the action „ins Exil schicken“, both *Exile*, 406 and 701.13) share it."""
    return concept_id("k", term.english)


@dataclass(frozen=True)
class ConceptName:
    """A name of a concept as the term table and the synonym groups give it (before stemming)."""

    name: str
    concept: str
    old: bool = False
    language: str = "de"
    only: frozenset[str] = frozenset()
    not_in: frozenset[str] = frozenset()
    forms: frozenset[str] = frozenset()


def one_word_base(stemmer: Stemmer, words: Sequence[str], language: str = "de") -> str:
    """The :attr:`Concept.base` of a name of the lower-case ``words``: for a German name of one word its folded
    lemma without an inflection ending (:func:`name_base`: ``Verlies`` → ``verlies``), else ``""`` (every word of
    the name's stem is its form). The one guard of the ranking's concepts and of the term look-up of ``/regel`` and
    the terms line (:class:`bot.terms.TermIndex`): „verlieren“ has Verlies's Snowball stem ``verli`` but is no form
    of it."""
    return name_base(stemmer.lemma(words[0])) if len(words) == 1 and language == "de" else ""


def is_form_of(stemmer: Stemmer, base: str, word: str) -> bool:
    """True when the lower-case German ``word`` is a form of the one-word name of :attr:`Concept.base` ``base``
    (:func:`one_word_base`; ``""``: any word): its folded lemma begins with the base (:func:`fits`)."""
    return fits(base, fold(stemmer.lemma(word)))


def build_concepts(names: Iterable[ConceptName], stemmer: Stemmer) -> list[Concept]:
    """Concepts from their names, each name's words stemmed by ``stemmer`` (an analyser over the same
    vocabulary; its own concepts are not used); a German name of one word gets its :attr:`Concept.base`."""
    out: list[Concept] = []
    seen: set[tuple[tuple[str, ...], str, frozenset[str], str, str]] = set()
    for n in names:
        words = [w for w in tokens(n.name) if not NUMBER.match(w)]
        stems = tuple(stemmer.stems(w, n.language)[0] for w in words)
        base = one_word_base(stemmer, words, n.language)
        if stems and (stems, n.concept, n.only, n.language, base) not in seen:
            seen.add((stems, n.concept, n.only, n.language, base))
            out.append(Concept(stems, n.concept, n.old, n.only, n.not_in, n.language, n.forms, base))
    return out


def joined_name(name: str) -> str | None:
    """``name`` (a synonym pattern without ``*``) written as one word when it is two or three words of letters that
    are no stop words („mana burn“ → ``manaburn``, „split card“ → ``splitcard``), else None („im spiel“, „ins exil
    geschickt“: a joined phrase with a function word is no spelling anyone types)."""
    words = tokens(name)
    if not 2 <= len(words) <= 3 or any(w in STOP_WORDS or not w.isalpha() for w in words):
        return None
    return "".join(words)
