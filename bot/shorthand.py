"""Players' shorthand read as today's term: an abbreviation of a synonym group (``data/synonyms.tsv``) that no document
prints — „mv“, „cmc“, „sba“, „etb“, „bo3“ — names the concept of the term of the term table
(``data/terms_de_en.tsv``) that its group stands for, as the term's own name does. Before, „mv“ named only the
group's concept, while „Manawert“ names the group's and the term's (``zzkmanaxvalu``): the passages tied to the term
alone were met by the term's name, not by the players' abbreviation for it.

A group **stands for** a term when two or more of the term's names (German name, variants, old names, English name)
are patterns of the group and no other term has two: „manawert“ holds Manawert, „umgewandelte* manakosten“ and „mana
value*“ (all Manawert, 202.3); „zustandsbasiert“ holds „zustandsbasierte* aktion*“, „automatische* spieleffekt*“
and „state-based action*“ (704). A group naming two terms so („wirken“: Wirken and Spielen; „permanent“) or a term by
one name only („ebene“: the plane's name, where the group means the land type Plains) stands for none.

Only an abbreviation (one word of at most :data:`MAX_LETTERS` letters or digits) that no document prints gets the
term's concept: no passage's concepts change (a passage never holds such a word), only a question's. Nothing here
imports the store: the documents' words come in as a mapping.
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from typing import Protocol

from bot.concepts import ConceptName, NamedTerm, term_concept
from bot.text import canonical, tokens
from bot.textsearch import Phrase, SynonymGroup

#: Names of one term a group must hold to stand for it (one name alone may be the term's in another sense).
MIN_NAMES = 2
#: Longest abbreviation read as its group's term („mv“, „cmc“, „sba“, „etb“, „bo3“). Longer words no document prints
#: (slang and English with German endings: „flicker“, „kontern“, „exilen“, „gecountert“) keep their group's concept
#: only: read as the term too, they moved the refit's weights (docs/ranking.md ⁶¹).
MAX_LETTERS = 3


def _pattern(phrase: Phrase) -> tuple[tuple[str, bool], ...]:
    """The pattern ``phrase`` as (canonical word, is a prefix) pairs, as :meth:`Phrase.matches_at` compares them."""
    return tuple((canonical(w), p) for w, p in zip(phrase.words, phrase.prefix, strict=True))


def _spells(pattern: tuple[tuple[str, bool], ...], words: tuple[str, ...]) -> bool:
    """True when ``pattern`` (:func:`_pattern`) spells the whole name of the canonical tokens ``words``
    („umgewandelte* manakosten“: „umgewandelte Manakosten“; a starred word with any ending)."""
    return len(words) == len(pattern) and all(
        x.startswith(w) if prefix else x == w for (w, prefix), x in zip(pattern, words, strict=True))


class _Term(NamedTerm, Protocol):
    """What this module reads of a term of the table (:class:`bot.terms.Term`): its English name
    (:class:`bot.concepts.NamedTerm`) and every name."""

    def names(self) -> list[tuple[str, int]]:
        """Every name of the term with its rank."""
        ...


#: A term name as (its term's concept id, the name case-folded, its canonical tokens): :func:`_names`.
_Name = tuple[str, str, tuple[str, ...]]


class _Names:
    """The names of the terms (:func:`_names`) by their shape, so a pattern is compared only with the names of its
    length and, for a first word without a star, of that first word (comparing every pattern of every group with
    every name cost ≈ 0.6 s of CPU per analyser built, at each start of ``python -m bot call``)."""

    def __init__(self, names: list[_Name]) -> None:
        self.by_length: dict[int, list[_Name]] = {}
        self.by_first: dict[tuple[int, str], list[_Name]] = {}
        for name in names:
            words = name[2]
            self.by_length.setdefault(len(words), []).append(name)
            if words:
                self.by_first.setdefault((len(words), words[0]), []).append(name)

    def spelled(self, pattern: tuple[tuple[str, bool], ...]) -> list[_Name]:
        """The names whose whole canonical tokens ``pattern`` (:func:`_pattern`) spells (:func:`_spells`)."""
        if not pattern:
            return self.by_length.get(0, [])
        first, prefix = pattern[0]
        near = self.by_length.get(len(pattern), []) if prefix else self.by_first.get((len(pattern), first), [])
        return [n for n in near if _spells(pattern, n[2])]


def _names(terms: Iterable[_Term]) -> _Names:
    """Each name of ``terms`` as (its term's concept id, the name case-folded, its canonical tokens), made once for
    every group compared with them (tokenising each name per group cost ≈ 1 s of CPU per analyser built)."""
    return _Names([(term_concept(t), name.casefold(), tuple(canonical(w) for w in tokens(name)))
                   for t in terms for name, _rank in t.names()])


def _group_concept(group: SynonymGroup, names: _Names) -> str | None:
    """:func:`group_term` of ``group`` over the term names ``names`` (:func:`_names`)."""
    held: dict[str, set[str]] = {}
    for p in group.patterns:
        for concept, key, _words in names.spelled(_pattern(p)):
            held.setdefault(concept, set()).add(key)
    strong = [concept for concept, keys in held.items() if len(keys) >= MIN_NAMES]
    return strong[0] if len(strong) == 1 else None


def group_term(group: SynonymGroup, terms: Iterable[_Term]) -> str | None:
    """The concept id of the term ``group`` stands for (see the module doc), None for none; terms of one concept
    (the zone Exil and the action „ins Exil schicken“, both *Exile*) count as one."""
    return _group_concept(group, _names(terms))


def group_terms(groups: Iterable[SynonymGroup], terms: Iterable[_Term]) -> list[tuple[SynonymGroup, str | None]]:
    """Each of ``groups`` with :func:`group_term` of it, the terms' names read once for all of them."""
    names = _names(terms)
    return [(group, _group_concept(group, names)) for group in groups]


def names_spelled(group: SynonymGroup, term: _Term) -> int:
    """How many of ``term``'s names (German, variants, old names, English) a pattern of ``group`` spells whole: the
    group „exil“ spells 7 names of the action Ins Exil schicken (701.13: „ins Exil schicken“, „ganz aus dem Spiel
    entfernen“, „geexilt“, *Exile* …) and 3 of the zone Exil (406), one concept (*Exile*) of two terms."""
    names = _names([term])
    return len({key for p in group.patterns for _concept, key, _words in names.spelled(_pattern(p))})


def shorthand_names(groups: Iterable[SynonymGroup], terms: Iterable[_Term], printed: Container[str]
                    ) -> list[ConceptName]:
    """The concept names that read players' shorthand as a term: per group that stands for a term
    (:func:`group_term`, over the table's ``terms``), each of its patterns that is an abbreviation (one word of at
    most :data:`MAX_LETTERS` characters) no document prints (not in ``printed``, the documents' words) as a name of
    that term's concept („mv“ → ``zzkmanaxvalu``)."""
    out = []
    for group, concept in group_terms(groups, terms):
        if concept is None:
            continue
        out += [ConceptName(name, concept) for name in group.names
                if len(name) <= MAX_LETTERS and name.isalnum() and name not in printed]
    return out


__all__ = ["MAX_LETTERS", "MIN_NAMES", "group_term", "group_terms", "names_spelled", "shorthand_names"]
