"""The concepts of a passage of a document (:meth:`bot.analysis.Analyser._concepts`, the build's hot path): the names
of the concept table that count in its document, compared only where one begins, none on a card's name
(:mod:`bot.card_names`), a one-word name only on its forms (:func:`bot.concepts.fitting`)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Protocol, cast

from bot import stopwords as lists
from bot.concepts import fitting, fitting_kept
from bot.vocabulary import ConceptTable, WordConcepts, match_concepts


class WordInfo(Protocol):
    """What :func:`passage_concepts` reads of a word (:class:`bot.analysis._Word`)."""

    @property
    def first(self) -> str:
        """Its main stem."""
        ...

    @property
    def stop(self) -> bool:
        """A stop word."""
        ...

    @property
    def wissen(self) -> bool:
        """A form of „weiß“ (:func:`bot.stopwords.is_verb_wissen`)."""
        ...

    @property
    def form(self) -> str:
        """Its folded lemma."""
        ...


def passage_concepts(raw: list[str], infos: Sequence[WordInfo], table: ConceptTable,
                      names: set[int], stems: list[str] | None = None,
                      fits: dict[tuple[str, str], list[str]] | None = None) -> tuple[list[str], set[int]]:
    """The concepts of a passage of a document: those of the names of ``table`` (the names that count there,
    :meth:`bot.vocabulary.Vocabulary.concept_table`) found in the words ``raw`` (``infos``: what each word is,
    ``stems``: their main stems when the caller has them), none on the positions ``names`` (a card's name:
    :mod:`bot.card_names`), each once; and the positions of the words that names of two or more words cover.
    ``fits`` (when given) remembers, per main stem and folded lemma, which of several one-word names of ``table``
    a word is a form of (:func:`bot.concepts.fitting_kept`; the same for every text read with ``table``)."""
    concepts: dict[str, None] = {}
    spans: set[int] = set()
    if len(names) == len(infos):  # a card's name throughout (its title): no position where a concept begins
        return [], spans
    after = 0
    for i, info in enumerate(infos):
        entry = table.get(info.first) if i >= after and i not in names else None  # none inside the name found before
        if entry is None:
            continue
        longer, single = entry
        stopped = info.stop or (info.wissen and lists.is_verb_wissen(raw, i))
        if longer:
            stems = stems or [w.first for w in infos]
            found, length = match_concepts(table, stems, i, stopped, info.form, fits)
            if names and length > 1 and not names.isdisjoint(range(i, i + length)):
                found, length = [], 0  # a concept's name running into a card's name
            concepts.update(dict.fromkeys(found))
            if length > 1:
                spans.update(range(i, i + length))
            after = i + max(length, 1)
        elif not stopped:  # one-word names only (most words that name a concept)
            if len(single) == 1:  # most words that name a concept name one (fitting's rule, without the call)
                concept, base = single[0]
                if not base or info.form.startswith(base):
                    concepts[concept] = None
            else:
                found = fitting(single, info.form) if fits is None else fitting_kept(single, info.first, info.form,
                                                                                     fits)
                concepts.update(dict.fromkeys(found))
            after = i + 1
    return list(concepts), spans


def plain_concepts(raw: list[str], infos: Sequence[WordInfo], stems: list[str], kind: WordConcepts
                   ) -> list[str] | None:
    """:func:`passage_concepts` of a text whose words are no card's name and none „weiß“ (the caller checks), when
    no two neighbouring main ``stems`` begin a name of two or more words of ``kind``'s table: then each position's
    concepts are its word's one-word names (:meth:`WordConcepts.word`, remembered per word) and the concepts are
    theirs in order, read in C; None when a neighbouring pair might begin a longer name (read it by
    :func:`passage_concepts`). No word is then covered by a name of two or more words."""
    if not kind.pairs.isdisjoint(map("\0".join, itertools.pairwise(stems))):
        return None
    found = list(map(kind.words.get, raw))
    if None in found:  # words not met before in this kind of text
        for i, got in enumerate(found):
            if got is None:
                info = infos[i]
                found[i] = kind.word(raw[i], info.first, info.form, info.stop)
    return list(dict.fromkeys(itertools.chain.from_iterable(cast("list[tuple[str, ...]]", found))))  # none is None


__all__ = ["WordInfo", "passage_concepts", "plain_concepts"]
