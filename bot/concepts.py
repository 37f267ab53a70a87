"""Concepts of the text analysis (:mod:`bot.analysis`): a name of the term table (``data/terms_de_en.tsv``) or of a
synonym group (``data/synonyms.tsv``) as a stem sequence, and the concept id it stands for (``zzk117`` for
Priorität, found through "Vorrang" too). Re-exported by :mod:`bot.analysis`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from bot.words import NUMBER, fold, tokens


class Stemmer(Protocol):
    """What :func:`build_concepts` needs of an analyser (:class:`bot.analysis.Analyser`)."""

    def stems(self, word: str, language: str = "de") -> list[str]:
        """The stems of ``word`` (the first is its main stem)."""
        ...


@dataclass(frozen=True)
class Concept:
    """A name of the term table or a synonym group, as a stem sequence, and the concept id it stands for.

    ``old``: the name is an older term (``Vorrang``); it counts only where the analysis allows old terms.
    ``only``: the name has this sense only in these documents (file prefixes; empty: everywhere);
    ``not_in``: documents where the name means something else (``provoziert`` is goad in 004).
    ``forms``: a name the documents use only as an ordinary word counts in a question only so written (empty: any).
    """

    stems: tuple[str, ...]
    concept: str
    old: bool = False
    only: frozenset[str] = frozenset()
    not_in: frozenset[str] = frozenset()
    language: str = "de"
    forms: frozenset[str] = frozenset()

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


def build_concepts(names: Iterable[ConceptName], stemmer: Stemmer) -> list[Concept]:
    """Concepts from their names, each name's words stemmed by ``stemmer`` (an analyser over the same
    vocabulary; its own concepts are not used)."""
    out: list[Concept] = []
    seen: set[tuple[tuple[str, ...], str, frozenset[str], str]] = set()
    for n in names:
        stems = tuple(stemmer.stems(w, n.language)[0] for w in tokens(n.name) if not NUMBER.match(w))
        if stems and (stems, n.concept, n.only, n.language) not in seen:
            seen.add((stems, n.concept, n.only, n.language))
            out.append(Concept(stems, n.concept, n.old, n.only, n.not_in, n.language, n.forms))
    return out
